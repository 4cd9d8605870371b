package io.tablequery.engine.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.dialects.testing.SpiderGold;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.BothEnginesRun;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spider (German schema names, ../shared/corpora/spider-de): every database uploaded into a workspace, every sixth
 * gold query of {@code train_spider.sql} and {@code train_others.sql} (the build's sample;
 * {@code -Dtq.spider.every=1} for all) run with engine {@code both}. Writes the shares to
 * {@code target/spider-both-report.txt}.
 */
@CorpusSuite
class SpiderBothEnginesTest {
    private static final int EVERY = Integer.getInteger("tq.spider.every", 6);

    @TempDir
    Path dir;

    @Test
    void goldQueriesAnswerTheSameOnBothEngines() throws IOException {
        BothEnginesRun run = new BothEnginesRun();
        for (Map.Entry<String, List<String>> database : SpiderGold.byDatabase().entrySet()) {
            Path file = SpiderGold.database(database.getKey());
            if (!Files.isRegularFile(file)) {
                continue;
            }
            try (Workspace workspace = Workspace.open(dir.resolve(database.getKey()))) {
                workspace.ingest(file);
                TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
                List<String> queries = database.getValue();
                for (int i = 0; i < queries.size(); i += EVERY) {
                    run.run(skill, database.getKey(), queries.get(i));
                }
            }
        }
        String report = run.writeReport(
                "Spider gold queries (spider-de), engine both", Path.of("target", "spider-both-report.txt"));
        int translated = run.translated();
        assertThat(translated).as(report).isGreaterThan(4500 / EVERY);
        assertThat(run.count(BothEnginesRun.Outcome.IDENTICAL))
                .as(report)
                .isGreaterThanOrEqualTo(translated * 99 / 100);
    }
}
