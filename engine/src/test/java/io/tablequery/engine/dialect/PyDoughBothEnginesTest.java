package io.tablequery.engine.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.lex.SchemaQualifiers;
import io.tablequery.dialects.testing.Corpora;
import io.tablequery.dialects.testing.CorpusSuite;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.skill.TableQuerySkill;
import io.tablequery.engine.testing.BothEnginesRun;
import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PyDough's SQLite reference queries (../shared/corpora/pydough/refsols/*_sqlite.sql) over TPC-H at scale 0.01
 * (../shared/corpora/tpch/tpch-sf0.01.sqlite uploaded into a workspace, so its tables are the workspace's and the
 * queries' {@code tpch.} qualifier is dropped), each run with engine {@code both}. Queries over PyDough's other
 * datasets find no tables and count as SQLite errors. The build runs every second file ({@code -Dtq.pydough.every=1}
 * for all). Writes the shares to {@code target/pydough-both-report.txt}.
 */
@CorpusSuite
class PyDoughBothEnginesTest {
    private static final int EVERY = Integer.getInteger("tq.pydough.every", 2);

    @TempDir
    Path dir;

    @Test
    void referenceQueriesAnswerTheSameOnBothEngines() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(Corpora.resolve("pydough/refsols"))) {
            files = list.filter(path -> path.getFileName().toString().endsWith("_sqlite.sql"))
                    .sorted()
                    .toList();
        }
        assertThat(files).hasSizeGreaterThan(300);
        List<Path> sampled = new ArrayList<>();
        for (int i = 0; i < files.size(); i += EVERY) {
            sampled.add(files.get(i));
        }
        BothEnginesRun run = new BothEnginesRun();
        try (Workspace workspace = Workspace.open(dir.resolve("tpch"))) {
            workspace.ingest(Corpora.resolve("tpch/tpch-sf0.01.sqlite"));
            TableQuerySkill skill = new TableQuerySkill(workspace, SkillSettings.DEFAULTS);
            for (Path file : sampled) {
                String sql =
                        Files.readString(file, StandardCharsets.UTF_8).strip().replaceAll(";$", "");
                run.run(skill, file.getFileName().toString(), SchemaQualifiers.strip(sql, "tpch"));
            }
        }
        String report = run.writeReport(
                "PyDough reference queries over TPC-H sf0.01, engine both",
                Path.of("target", "pydough-both-report.txt"));
        int translated = run.translated();
        assertThat(translated).as(report).isGreaterThan(60 / EVERY);
        assertThat(run.count(BothEnginesRun.Outcome.IDENTICAL))
                .as(report)
                .isGreaterThanOrEqualTo(translated * 95 / 100);
    }
}
