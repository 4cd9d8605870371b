package io.tablequery.benchmarks;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.SheetInfo;
import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.joins.JoinGraph;
import io.tablequery.engine.search.TableSearchIndex;
import io.tablequery.engine.search.TableSearcher;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.StringJoiner;

/**
 * search-tables latency over a generated catalog: tables with names, columns and low-cardinality values drawn from
 * English and Chinese business vocabularies, and questions drawn from the same words (with words no table holds).
 * The catalog is built in memory, as the workspace builds it from its catalog at open; every search includes
 * finding which words matched.
 */
final class SearchBenchmark {
    private static final String[] ENTITIES = {
        "sales",
        "orders",
        "inventory",
        "customers",
        "invoices",
        "payroll",
        "shipments",
        "returns",
        "budget",
        "expenses",
        "suppliers",
        "products",
        "employees",
        "leads",
        "tickets",
        "contracts",
        "assets",
        "claims",
        "销售",
        "订单",
        "库存",
        "客户",
        "发票",
        "工资",
        "供应商",
        "产品",
        "员工",
        "合同"
    };
    private static final String[] ATTRIBUTES = {
        "amount", "total", "quantity", "price", "unitPrice", "discount", "region", "city", "country", "status",
        "owner", "category", "month", "year", "date", "margin", "cost", "revenue", "target", "score",
        "金额", "数量", "单价", "地区", "城市", "状态", "类别", "日期", "成本", "收入"
    };
    private static final String[] VALUES = {
        "Shanghai",
        "Beijing",
        "London",
        "Paris",
        "Berlin",
        "Tokyo",
        "New York",
        "Chicago",
        "上海",
        "北京",
        "深圳",
        "pending",
        "shipped",
        "delivered",
        "cancelled",
        "open",
        "closed",
        "North",
        "South",
        "East",
        "West",
        "Laptop",
        "Monitor",
        "Keyboard",
        "Chair",
        "Desk",
        "笔记本",
        "显示器"
    };
    private static final int ROWS = 100;
    private static final String[] NOISE = {"show", "me", "the", "what", "is", "for", "in", "by", "每个", "多少"};

    /**
     * The latencies.
     *
     * @param tables tables in the catalog
     * @param queries searches timed
     * @param topK tables asked for per search
     * @param buildMillis time to index the catalog
     * @param joinMillis time to find the catalog's joins
     * @param joinAgainMillis time to find them again from that graph, as after a commit that changed one table
     * @param joins the joins found
     * @param p50Micros median latency
     * @param p99Micros 99th-percentile latency
     * @param maxMicros slowest search
     */
    record Result(
            int tables,
            int queries,
            int topK,
            long buildMillis,
            long joinMillis,
            long joinAgainMillis,
            int joins,
            long p50Micros,
            long p99Micros,
            long maxMicros) {}

    private SearchBenchmark() {}

    static Result run(int tableCount, int queryCount, int topK) {
        Random random = new Random(42);
        CatalogSnapshot catalog = catalog(tableCount, random);
        try (TableSearchIndex index = new TableSearchIndex()) {
            long start = System.nanoTime();
            TableSearcher searcher = index.update(catalog);
            long buildMillis = (System.nanoTime() - start) / 1_000_000;
            long joinStart = System.nanoTime();
            JoinGraph joins = JoinGraph.of(catalog);
            long joinMillis = (System.nanoTime() - joinStart) / 1_000_000;
            long againStart = System.nanoTime();
            JoinGraph.of(catalog, joins);
            long joinAgainMillis = (System.nanoTime() - againStart) / 1_000_000;
            List<String> queries = new ArrayList<>();
            for (int i = 0; i < queryCount; i++) {
                queries.add(question(random));
            }
            long[] micros = latencies(searcher, joins, queries, 2000, topK);
            return new Result(
                    tableCount,
                    queryCount,
                    topK,
                    buildMillis,
                    joinMillis,
                    joinAgainMillis,
                    joins.all().size(),
                    micros[micros.length / 2],
                    micros[(int) Math.min(micros.length - 1, Math.ceil(micros.length * 0.99) - 1)],
                    micros[micros.length - 1]);
        }
    }

    /**
     * The latencies with meaning on.
     *
     * @param tables tables in the catalog
     * @param embedMillisPerTable time to embed one table's text, in the background; NaN when the vectors of an
     *     earlier run of the same tables were read back
     * @param queries searches timed
     * @param p50Micros median latency of a question not asked before, its embedding included
     * @param p99Micros 99th-percentile latency of such a question
     * @param repeatedP50Micros median latency of the same questions asked again (their vectors kept)
     */
    record MeaningResult(
            int tables,
            double embedMillisPerTable,
            int queries,
            long p50Micros,
            long p99Micros,
            long repeatedP50Micros) {}

    static MeaningResult runMeaning(int tableCount, int queryCount, int topK, Path vectors, boolean reuse) {
        Random random = new Random(7);
        CatalogSnapshot catalog = catalog(tableCount, random);
        boolean reused = reuse && Files.exists(vectors);
        try {
            if (!reused) {
                Files.deleteIfExists(vectors);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (TableSearchIndex index = TableSearchIndex.withMeaning(vectors)) {
            long start = System.nanoTime();
            TableSearcher searcher = index.update(catalog);
            if (!index.awaitMeanings(Duration.ofHours(1))) {
                throw new IllegalStateException("the tables' meaning was not read in an hour");
            }
            double embedMillis = reused ? Double.NaN : (System.nanoTime() - start) / 1e6 / tableCount;
            JoinGraph joins = JoinGraph.of(catalog);
            List<String> warmUp = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                warmUp.add("warm " + question(random));
            }
            latencies(searcher, joins, warmUp, 0, topK);
            List<String> queries = new ArrayList<>();
            while (queries.size() < queryCount) {
                String question = question(random);
                if (!queries.contains(question)) {
                    queries.add(question);
                }
            }
            long[] micros = latencies(searcher, joins, queries, 0, topK);
            long[] again = latencies(searcher, joins, queries, 0, topK);
            return new MeaningResult(
                    tableCount,
                    embedMillis,
                    queryCount,
                    micros[micros.length / 2],
                    micros[(int) Math.min(micros.length - 1, Math.ceil(micros.length * 0.99) - 1)],
                    again[again.length / 2]);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Searches each question once after a warm-up over the first ones; the latencies in microseconds, sorted. */
    private static long[] latencies(
            TableSearcher searcher, JoinGraph joins, List<String> queries, int warmUp, int topK) {
        for (String query : queries.subList(0, Math.min(warmUp, queries.size()))) {
            searcher.trySearch(query, topK, joins).orElseThrow();
        }
        long[] micros = new long[queries.size()];
        for (int i = 0; i < queries.size(); i++) {
            long t0 = System.nanoTime();
            searcher.trySearch(queries.get(i), topK, joins).orElseThrow();
            micros[i] = (System.nanoTime() - t0) / 1000;
        }
        Arrays.sort(micros);
        return micros;
    }

    static CatalogSnapshot catalog(int tableCount, Random random) {
        List<SourceFile> files = new ArrayList<>();
        List<TableInfo> tables = new ArrayList<>();
        Map<String, TableProfile> profiles = new HashMap<>();
        for (int f = 1; f <= tableCount; f++) {
            String entity = pick(ENTITIES, random);
            String name = entity + "_" + (2000 + random.nextInt(26)) + "_" + f;
            List<ColumnInfo> columns = new ArrayList<>();
            List<ColumnProfile> columnProfiles = new ArrayList<>();
            // A key, and for half the tables a column naming an earlier table's key: joins for search to follow.
            columns.add(new ColumnInfo("id", ColumnType.INTEGER, "A"));
            columnProfiles.add(new ColumnProfile("id", 0, ROWS, "1", String.valueOf(ROWS), List.of()));
            if (f > 1 && random.nextBoolean()) {
                String referenced = tables.get(random.nextInt(tables.size())).name() + "_id";
                columns.add(new ColumnInfo(referenced, ColumnType.INTEGER, "B"));
                columnProfiles.add(new ColumnProfile(referenced, 0, ROWS / 4, "1", String.valueOf(ROWS), List.of()));
            }
            int width = 4 + random.nextInt(10);
            for (int c = 0; c < width; c++) {
                String column = pick(ATTRIBUTES, random) + (c == 0 ? "" : "_" + c);
                boolean text = random.nextInt(3) == 0;
                columns.add(new ColumnInfo(column, text ? ColumnType.TEXT : ColumnType.REAL, "A"));
                List<String> values = new ArrayList<>();
                if (text) {
                    for (int v = 0; v < 3 + random.nextInt(8); v++) {
                        values.add(pick(VALUES, random));
                    }
                }
                columnProfiles.add(new ColumnProfile(column, 0, values.size(), null, null, values));
            }
            String fileName = name + ".xlsx";
            files.add(new SourceFile(
                    f,
                    fileName,
                    "xlsx",
                    1,
                    "0",
                    Instant.EPOCH,
                    fileName,
                    List.of(new SheetInfo(1, "Sheet1", false, name, "table"))));
            StringJoiner description = new StringJoiner(", ", "Sheet 'Sheet1' of '" + fileName + "': ", "");
            columns.forEach(column -> description.add(column.name()));
            tables.add(new TableInfo(
                    name, f, 1, "Sheet1", ROWS, columns, description.toString(), "f" + f + "_s1", List.of(), null, 1));
            profiles.put(name, new TableProfile(columnProfiles));
        }
        return new CatalogSnapshot(files, tables, profiles);
    }

    private static String question(Random random) {
        StringJoiner words = new StringJoiner(" ");
        int length = 3 + random.nextInt(5);
        for (int i = 0; i < length; i++) {
            String[] source =
                    switch (random.nextInt(4)) {
                        case 0 -> ENTITIES;
                        case 1 -> ATTRIBUTES;
                        case 2 -> VALUES;
                        default -> NOISE;
                    };
            words.add(pick(source, random));
        }
        return words.toString();
    }

    private static String pick(String[] words, Random random) {
        return words[random.nextInt(words.length)];
    }
}
