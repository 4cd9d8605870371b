package io.tablequery.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sizing tool calls by the tables they name, on a real workspace of a 3,000-row and a 2-row table. */
class ScanSizeTest {
    @TempDir
    Path dir;

    private Workspace workspace;

    @BeforeEach
    void open() throws Exception {
        workspace = Workspace.open(dir.resolve("w"));
        StringBuilder big = new StringBuilder("id,name\n");
        for (int i = 1; i <= 3000; i++) {
            big.append(i).append(",n").append(i).append('\n');
        }
        Files.writeString(dir.resolve("big.csv"), big);
        Files.writeString(dir.resolve("small.csv"), "id,big\n1,x\n2,y\n");
        workspace.ingest(dir.resolve("big.csv"));
        workspace.ingest(dir.resolve("small.csv"));
    }

    @AfterEach
    void close() {
        workspace.close();
    }

    @Test
    void sizesSqlByTheTablesItNamesEachOnce() {
        assertThat(size("queryDuckDB", "{\"query\":\"SELECT count(*) FROM big JOIN \\\"BIG\\\" USING (id)\"}"))
                .isEqualTo(3000);
        assertThat(size("queryDuckDB", "{\"query\":\"SELECT * FROM tq_sqlite.small, big\"}"))
                .isEqualTo(3002);
        assertThat(size("queryDuckDB", "{\"query\":\"SELECT * FROM 'small'\"}")).isEqualTo(2);
        assertThat(size("queryDuckDB", "{\"query\":\"SELECT 42\"}")).isZero();
    }

    @Test
    void readsRunSqlPlansAsObjectsOrJsonStrings() {
        String plan = "{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE r AS SELECT * FROM \\\"big\\\"\","
                + "\"source_table_names\":[\"big\"],\"destine_table_name\":\"r\",\"destine_table_type\":\"final\","
                + "\"destine_table_description\":\"r\"}]}";
        assertThat(size("run-sql", "{\"plan\":" + plan + "}")).isEqualTo(3000);
        assertThat(size("run_sql", "{\"plan\":" + JsonCodec.mapper().valueToTree(plan) + "}"))
                .isEqualTo(3000);
    }

    @Test
    void sizesTableArgumentsIgnoringCaseAndLeavesReadersOfFewRowsAtZero() {
        assertThat(size("analyzeDataQuality", "{\"tableName\":\" Big \"}")).isEqualTo(3000);
        assertThat(size("compareTables", "{\"tableA\":\"big\",\"tableB\":\"small\",\"key\":\"id\"}"))
                .isEqualTo(3002);
        assertThat(size("getSampleRows", "{\"tableName\":\"big\"}")).isZero();
        assertThat(size("search-tables", "{\"query\":\"big\"}")).isZero();
        assertThat(ScanSize.scans("chart")).isTrue();
        assertThat(ScanSize.scans("getTableList")).isFalse();
    }

    private long size(String tool, String arguments) {
        try {
            JsonNode args = JsonCodec.mapper().readTree(arguments);
            return ScanSize.rows(workspace, tool, args);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
