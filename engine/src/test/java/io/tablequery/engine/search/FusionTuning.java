package io.tablequery.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tunes the fusion of words and meaning on WikiTableQuestions' training questions, over all 2,108 tables in one
 * workspace: each question is ranked once by BM25 and once by cosine, and every setting of the English model's floor,
 * the fusion constant and the meaning ranking's weight is scored on the questions of the even-numbered tables; the
 * best setting is then reported on the questions of the odd-numbered ones, which took no part in choosing it, beside
 * the chosen one ({@link MeaningRanking.Model#ENGLISH}, {@link RankFusion}). A measurement run by hand ({@code
 * -Dtq.tune=true}, about 10 minutes), not part of the build.
 */
@EnabledIfSystemProperty(named = "tq.tune", matches = "true")
class FusionTuning {
    private static final int CANDIDATES = 50;
    private static final int KEPT = 100;
    private static final int[] KS = {1, 5, 10};

    @TempDir
    Path dir;

    /** One question's rankings before fusion. */
    private record Ranked(boolean tuning, String gold, List<String> lexical, List<MeaningRanking.Similar> dense) {}

    /** A fusion setting. */
    private record Setting(float floor, int k, double weight) {}

    @Test
    void tunesTheFusionOnTheTrainingQuestions() throws IOException, InterruptedException {
        Path root = Corpora.resolve("wikitablequestions");
        Map<String, String> tableOfFile = new HashMap<>();
        Map<String, Boolean> tuningTable = new HashMap<>();
        try (Workspace workspace = Workspace.open(dir.resolve("ws"), WorkspaceOptions.DEFAULTS);
                TableSearchIndex words = new TableSearchIndex();
                TableSearchIndex meaning = TableSearchIndex.withMeaning(dir.resolve("meaning.vectors"))) {
            int seen = 0;
            for (Path csv : Corpora.files("wikitablequestions/csv")) {
                if (!csv.toString().endsWith(".csv")) {
                    continue;
                }
                String relative = root.relativize(csv).toString().replace('\\', '/');
                try {
                    List<TableInfo> tables = workspace
                            .ingest(csv, relative.replace('/', '_'), p -> {})
                            .tables();
                    tableOfFile.put(relative, TableDocuments.id(tables.get(0)));
                    tuningTable.put(relative, seen++ % 2 == 0);
                } catch (RuntimeException e) {
                    // a file that fails to ingest has no questions to measure
                }
            }
            CatalogSnapshot snapshot = workspace.catalog();
            TableSearcher byWords = words.update(snapshot);
            TableSearcher byMeaning = meaning.update(snapshot);
            long embedStart = System.nanoTime();
            assertThat(meaning.awaitMeanings(Duration.ofMinutes(60))).isTrue();
            System.out.printf(
                    "embedded %d tables in %.1f s%n", tableOfFile.size(), (System.nanoTime() - embedStart) / 1e9);
            List<Ranked> ranked = new ArrayList<>();
            List<String> lines = Files.readAllLines(root.resolve("data/training.tsv"), StandardCharsets.UTF_8);
            long embedNanos = 0;
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.split("\t", -1);
                String gold = tableOfFile.get(fields[2]);
                if (gold == null) {
                    continue;
                }
                List<String> lexical = byWords.rankings(fields[1], CANDIDATES).lexical();
                long start = System.nanoTime();
                float[] question = MeaningModels.query(fields[1], false).english();
                embedNanos += System.nanoTime() - start;
                List<MeaningRanking.Similar> cosines = new ArrayList<>(byMeaning
                        .matrices()
                        .of(MeaningRanking.Model.ENGLISH, MeaningMatrices.Tables.ALL, byMeaning.read())
                        .all(question));
                cosines.sort(Comparator.comparingDouble(MeaningRanking.Similar::cosine)
                        .reversed());
                List<MeaningRanking.Similar> dense = List.copyOf(cosines.subList(0, Math.min(KEPT, cosines.size())));
                ranked.add(new Ranked(tuningTable.get(fields[2]), gold, lexical, dense));
            }
            System.out.printf(
                    "%d questions; query embedding %.2f ms%n", ranked.size(), embedNanos / 1e6 / ranked.size());
            print("words alone", recall(ranked, null, true), recall(ranked, null, false));
            Setting best = null;
            double bestScore = -1;
            for (float floor : new float[] {0f, 0.45f, 0.5f, 0.55f, 0.6f}) {
                for (int k : new int[] {5, 10, 15, 20, 30, 40, 60}) {
                    for (double weight : new double[] {0.2, 0.3, 0.4, 0.5, 0.6, 0.75, 1, 1.5}) {
                        Setting setting = new Setting(floor, k, weight);
                        double[] recall = recall(ranked, setting, true);
                        double score = recall[0] + recall[1] + recall[2];
                        if (score > bestScore) {
                            bestScore = score;
                            best = setting;
                        }
                    }
                }
            }
            Setting chosen = new Setting(MeaningRanking.Model.ENGLISH.floor(), RankFusion.K, RankFusion.MEANING_WEIGHT);
            print(
                    "the usual RRF (k 60, weight 1, floor 0.55)",
                    recall(ranked, new Setting(0.55f, 60, 1), true),
                    recall(ranked, new Setting(0.55f, 60, 1), false));
            print("chosen " + chosen, recall(ranked, chosen, true), recall(ranked, chosen, false));
            print("best on the tuning half " + best, recall(ranked, best, true), recall(ranked, best, false));
        }
    }

    private static void print(String what, double[] tuning, double[] held) {
        System.out.printf(
                "%s: tuning half R@1 %.3f R@5 %.3f R@10 %.3f; other half R@1 %.3f R@5 %.3f R@10 %.3f%n",
                what, tuning[0], tuning[1], tuning[2], held[0], held[1], held[2]);
    }

    private static double[] recall(List<Ranked> ranked, Setting setting, boolean tuning) {
        int questions = 0;
        int[] hits = new int[KS.length];
        for (Ranked question : ranked) {
            if (question.tuning() != tuning) {
                continue;
            }
            questions++;
            List<String> found = setting == null ? question.lexical() : fuse(question, setting);
            for (int i = 0; i < KS.length; i++) {
                if (found.subList(0, Math.min(KS[i], found.size())).contains(question.gold())) {
                    hits[i]++;
                }
            }
        }
        double[] recall = new double[KS.length];
        for (int i = 0; i < KS.length; i++) {
            recall[i] = hits[i] / (double) questions;
        }
        return recall;
    }

    private static List<String> fuse(Ranked question, Setting setting) {
        List<String> dense = question.dense().stream()
                .filter(s -> s.cosine() >= setting.floor())
                .limit(CANDIDATES)
                .map(MeaningRanking.Similar::id)
                .toList();
        return RankFusion.fuse(List.of(question.lexical(), dense), List.of(1.0, setting.weight()), setting.k(), 10);
    }
}
