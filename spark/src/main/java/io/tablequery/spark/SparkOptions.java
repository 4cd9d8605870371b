package io.tablequery.spark;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.error.EngineException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How the Spark engine is configured.
 *
 * @param connect the Spark Connect address, {@code sc://HOST:PORT} (with Spark Connect's own {@code /;token=...}
 *     parameters when the cluster asks for them)
 * @param data where table versions are exported as Parquet: a directory this process writes and every Spark executor
 *     reads at the same path (a local directory for {@code local[*]}, a shared mount for a cluster)
 * @param autoRows the rows a plan must read before {@code auto} runs it on Spark
 * @param exportWait how long a plan waits for a table's export before it says so
 */
public record SparkOptions(String connect, Path data, long autoRows, Duration exportWait) {
    /** {@code auto} picks Spark from this many rows read when nothing else is said. */
    public static final long DEFAULT_AUTO_ROWS = 50_000_000L;

    private static final Set<String> KNOWN = Set.of("connect", "data", "auto-rows", "export-wait-seconds");

    public SparkOptions {
        requireNonNull(connect, "connect is null");
        requireNonNull(data, "data is null");
        requireNonNull(exportWait, "exportWait is null");
    }

    /**
     * Reads the options as the command line gives them.
     *
     * @param options {@code connect}, {@code data}, and optionally {@code auto-rows} and {@code export-wait-seconds}
     * @return the options
     * @throws EngineException BAD_OPTION when one is missing or wrong
     */
    public static SparkOptions parse(Map<String, String> options) {
        for (String name : options.keySet()) {
            if (!KNOWN.contains(name)) {
                throw bad("unknown Spark option --spark-%s; the options are --spark-connect, --spark-data,"
                        + " --spark-auto-rows and --spark-export-wait-seconds".formatted(name));
            }
        }
        String connect = options.get("connect");
        if (connect == null || !connect.toLowerCase(Locale.ROOT).startsWith("sc://")) {
            throw bad("--spark-connect needs the Spark Connect address, sc://HOST:PORT, not " + connect);
        }
        String data = options.get("data");
        if (data == null || data.isBlank()) {
            throw bad("--spark-data needs a directory the cluster reads at the same path, where tables are exported");
        }
        long autoRows = number(options, "auto-rows", DEFAULT_AUTO_ROWS);
        long waitSeconds = number(options, "export-wait-seconds", 60);
        return new SparkOptions(connect.strip(), dataPath(data.strip()), autoRows, Duration.ofSeconds(waitSeconds));
    }

    private static Path dataPath(String data) {
        if (!data.contains("://") && !data.startsWith("file:")) {
            return Path.of(data).toAbsolutePath().normalize();
        }
        try {
            URI uri = new URI(data);
            if ("file".equalsIgnoreCase(uri.getScheme())) {
                return Path.of(uri).toAbsolutePath().normalize();
            }
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw bad("--spark-data is not a valid location: " + data);
        }
        throw bad(("--spark-data %s: tablequery writes the exports itself, so the location must be a directory it can"
                        + " write (a local path, or a shared file system mounted at the same path on the cluster);"
                        + " hdfs:// and s3a:// are not written yet")
                .formatted(data));
    }

    private static long number(Map<String, String> options, String name, long otherwise) {
        String value = options.get(name);
        if (value == null) {
            return otherwise;
        }
        try {
            long parsed = Long.parseLong(value.strip().replace("_", ""));
            if (parsed < 0) {
                throw bad("--spark-%s must not be negative".formatted(name));
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw bad("--spark-%s needs a whole number, not %s".formatted(name, value));
        }
    }

    private static EngineException bad(String message) {
        return new EngineException(SparkErrorCode.BAD_OPTION, message);
    }
}
