package io.tablequery.benchmarks;

import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.auth.Quota;
import io.tablequery.server.http.ServerLimits;
import io.tablequery.server.http.ServerSettings;
import io.tablequery.server.http.TqServer;
import io.tablequery.server.http.WorkspaceRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One key flooding beside another: a key calls run-sql at its quota alone, then again while a second key calls at ten
 * times its own (the same) quota, on one server behind keys. Reports the first key's p50 and p99 in both phases and
 * their ratio, and what became of the flood (answered within its quota, refused 429).
 */
final class QuotaBenchmark {
    private static final String PLAN = "{\"plan\":{\"queries\":[{\"step\":1,\"sql\":\"CREATE TEMP TABLE"
            + " final_table_step1 AS SELECT \\\"city\\\", count(*) AS n, sum(\\\"amount\\\") AS total FROM"
            + " \\\"orders\\\" GROUP BY \\\"city\\\"\",\"source_table_names\":[\"orders\"],\"destine_table_name\":"
            + "\"final_table_step1\",\"destine_table_type\":\"final\",\"destine_table_description\":\"by city\"}]}}";

    /**
     * What to run.
     *
     * @param seconds the length of each phase
     * @param perSecond each key's quota, in requests a second
     * @param data where the workspace is made
     * @param results where the report goes, or null
     */
    record Settings(int seconds, int perSecond, Path data, Path results) {
        static Settings defaults(Path data, Path results) {
            return new Settings(30, 10, data, results);
        }
    }

    /**
     * What a run measured.
     *
     * @param machine the machine
     * @param aloneP50Millis the steady key's median alone
     * @param aloneP99Millis its 99th percentile alone
     * @param floodedP50Millis its median beside the flood
     * @param floodedP99Millis its 99th percentile beside the flood
     * @param steadyErrors the steady key's requests not answered 200, in both phases
     * @param floodSent the flood's requests
     * @param floodAnswered the flood's requests answered 200
     * @param floodRefused the flood's requests answered 429
     */
    record Result(
            Map<String, String> machine,
            double aloneP50Millis,
            double aloneP99Millis,
            double floodedP50Millis,
            double floodedP99Millis,
            long steadyErrors,
            long floodSent,
            long floodAnswered,
            long floodRefused) {}

    private QuotaBenchmark() {}

    static Result run(Settings settings, PrintStream log) throws Exception {
        System.setProperty("org.slf4j.simpleLogger.log.tq.request", "warn");
        Path root = Files.createTempDirectory(Files.createDirectories(settings.data()), "quota-bench");
        WorkspaceRegistry registry = new WorkspaceRegistry(root, WorkspaceOptions.DEFAULTS);
        Workspace workspace = Workspace.open(root.resolve("shop"));
        StringBuilder csv = new StringBuilder("id,city,amount\n");
        for (int i = 0; i < 2_000; i++) {
            csv.append(i)
                    .append(",city")
                    .append(i % 50)
                    .append(',')
                    .append(i % 997 * 0.25)
                    .append('\n');
        }
        Path file = root.resolve("orders.csv");
        Files.writeString(file, csv);
        workspace.ingest(file);
        registry.add(workspace);
        KeyStore keys = KeyStore.inMemory();
        Quota quota = new Quota(settings.perSecond() * 60, 0);
        String steady = keys.issue("shop", quota).key();
        String flood = keys.issue("shop", quota).key();
        ServerSettings server =
                new ServerSettings("127.0.0.1", 0, 1 << 20, 1 << 20, SkillSettings.DEFAULTS, ServerLimits.DEFAULTS);
        try (TqServer running = TqServer.start(registry, server, settings.data(), keys, AuthMode.KEYS)) {
            URI url = URI.create("http://127.0.0.1:" + running.port() + "/v1/workspaces/shop/run-sql");
            HttpClient client = HttpClient.newHttpClient();
            log.printf(Locale.ROOT, "warm-up: the steady key for %d s%n", Math.max(2, settings.seconds() / 3));
            drive(client, url, steady, settings.perSecond(), Math.max(2, settings.seconds() / 3));
            log.printf(
                    Locale.ROOT,
                    "the steady key alone at %d requests a second for %d s%n",
                    settings.perSecond(),
                    settings.seconds());
            Driven alone = drive(client, url, steady, settings.perSecond(), settings.seconds());
            log.printf(
                    Locale.ROOT,
                    "the steady key beside a key at %d requests a second (10x its quota)%n",
                    settings.perSecond() * 10);
            ExecutorService both = Executors.newFixedThreadPool(2);
            Future<Driven> flooding =
                    both.submit(() -> drive(client, url, flood, settings.perSecond() * 10, settings.seconds()));
            Future<Driven> beside =
                    both.submit(() -> drive(client, url, steady, settings.perSecond(), settings.seconds()));
            Driven floodDriven = flooding.get();
            Driven besideDriven = beside.get();
            both.shutdown();
            Result result = new Result(
                    Machine.describe(),
                    Percentiles.millis(alone.latencies(), 0.50),
                    Percentiles.millis(alone.latencies(), 0.99),
                    Percentiles.millis(besideDriven.latencies(), 0.50),
                    Percentiles.millis(besideDriven.latencies(), 0.99),
                    alone.other() + alone.refused() + besideDriven.other() + besideDriven.refused(),
                    floodDriven.sent(),
                    floodDriven.latencies().length,
                    floodDriven.refused());
            String markdown = markdown(result, settings);
            if (settings.results() != null) {
                Reports.write(settings.results(), "quotas", markdown, result);
            }
            log.print(markdown);
            return result;
        }
    }

    /** One key's requests: the latencies of those answered 200, and the others by kind. */
    private record Driven(long[] latencies, long refused, long other, long sent) {}

    /**
     * Sends a key's requests at a rate, each on time from its own thread of a pool large enough that a slow answer
     * does not hold back the next.
     */
    private static Driven drive(HttpClient client, URI url, String key, int perSecond, int seconds) throws Exception {
        ExecutorService senders = Executors.newFixedThreadPool(Math.min(64, Math.max(4, perSecond / 5)));
        ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        AtomicLong refused = new AtomicLong();
        AtomicLong other = new AtomicLong();
        long total = (long) perSecond * seconds;
        long start = System.nanoTime();
        long period = 1_000_000_000L / perSecond;
        List<Future<?>> sent = new ArrayList<>();
        for (long i = 0; i < total; i++) {
            long due = start + i * period;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            sent.add(senders.submit(() -> {
                long began = System.nanoTime();
                int status = send(client, url, key);
                if (status == 200) {
                    latencies.add(System.nanoTime() - began);
                } else if (status == 429) {
                    refused.incrementAndGet();
                } else {
                    other.incrementAndGet();
                }
                return null;
            }));
        }
        for (Future<?> each : sent) {
            each.get();
        }
        senders.shutdown();
        return new Driven(latencies.stream().mapToLong(Long::longValue).toArray(), refused.get(), other.get(), total);
    }

    private static int send(HttpClient client, URI url, String key) {
        try {
            return client.send(
                            HttpRequest.newBuilder(url)
                                    .header("Authorization", "Bearer " + key)
                                    .header("Content-Type", "application/json")
                                    .POST(HttpRequest.BodyPublishers.ofString(PLAN))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    static String markdown(Result result, Settings settings) {
        return String.format(
                Locale.ROOT,
                """
                # Quotas per key, %s

                Machine: %s

                Reproduce: `./tq bench quotas --seconds %d --rate %d`

                Two workspace keys, each with a quota of %d requests a minute, call run-sql (a grouped count over \
                2,000 rows) on one server behind keys. The steady key calls at its quota alone, then beside the \
                other calling at ten times its quota.

                | steady key | p50 | p99 |
                |---|---:|---:|
                | alone | %.1f ms | %.1f ms |
                | beside the flood | %.1f ms | %.1f ms |

                **p99 beside the flood / alone: %.2fx** (goal: at most 1.5x). The steady key's requests not answered \
                200: %d. The flood: %,d requests, %,d answered within its quota, %,d refused 429 \
                `KEY_QUOTA_EXCEEDED`.
                """,
                LocalDate.now(),
                result.machine(),
                settings.seconds(),
                settings.perSecond(),
                settings.perSecond() * 60,
                result.aloneP50Millis(),
                result.aloneP99Millis(),
                result.floodedP50Millis(),
                result.floodedP99Millis(),
                result.floodedP99Millis() / result.aloneP99Millis(),
                result.steadyErrors(),
                result.floodSent(),
                result.floodAnswered(),
                result.floodRefused());
    }
}
