package io.tablequery.engine.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spider (German schema names, ../shared/corpora/spider-de): every database uploaded into a workspace, every gold
 * query of {@code train_spider.sql} and {@code train_others.sql} run with engine {@code both}. Writes the shares
 * to {@code target/spider-both-report.txt}.
 */
@CorpusSuite
class SpiderBothEnginesTest {
    @TempDir
    Path dir;

    @Test
    void goldQueriesAnswerTheSameOnBothEngines() throws IOException {
        Map<String, List<String>> queries = new LinkedHashMap<>();
        for (String file : List.of("spider-de/train_spider.sql", "spider-de/train_others.sql")) {
            for (String line : Files.readAllLines(Corpora.resolve(file), StandardCharsets.UTF_8)) {
                int tab = line.lastIndexOf('\t');
                if (tab > 0) {
                    queries.computeIfAbsent(line.substring(tab + 1).strip(), db -> new ArrayList<>())
                            .add(line.substring(0, tab).strip());
                }
            }
        }
        BothEnginesRun run = new BothEnginesRun();
        for (Map.Entry<String, List<String>> database : queries.entrySet()) {
            Path file =
                    Corpora.resolve("spider-de/database/" + database.getKey() + "/" + database.getKey() + ".sqlite");
            if (!Files.isRegularFile(file)) {
                continue;
            }
            try (Workspace workspace = Workspace.open(dir.resolve(database.getKey()))) {
                workspace.ingest(file);
                TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
                for (String sql : database.getValue()) {
                    run.run(skill, database.getKey(), sql.replaceAll(";\\s*$", ""));
                }
            }
        }
        String report = run.writeReport(
                "Spider gold queries (spider-de), engine both", Path.of("target", "spider-both-report.txt"));
        int translated = run.translated();
        assertThat(translated).as(report).isGreaterThan(4500);
        assertThat(run.count(BothEnginesRun.Outcome.IDENTICAL))
                .as(report)
                .isGreaterThanOrEqualTo(translated * 99 / 100);
    }
}
