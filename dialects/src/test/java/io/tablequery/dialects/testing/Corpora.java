package io.tablequery.dialects.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Locates the shared external corpora, read in place and never copied into the repository. A fresh clone has none:
 * the suites that read them are marked {@link CorpusSuite} and are left out there, unless the corpora are required.
 */
public final class Corpora {
    /** The environment variable that makes a missing corpus a failure instead of a suite left out (CI sets it). */
    public static final String REQUIRED_VARIABLE = "TQ_REQUIRE_CORPORA";

    private Corpora() {}

    /**
     * The corpora root as configured: the {@code tq.corpora} system property the build sets, else
     * {@code ../../shared/corpora}; it may not exist.
     *
     * @return the configured root
     */
    public static Path configuredRoot() {
        String configured = System.getProperty("tq.corpora");
        Path root = configured != null ? Path.of(configured) : Path.of("..", "..", "shared", "corpora");
        return root.toAbsolutePath().normalize();
    }

    /**
     * Tells whether the corpora are there.
     *
     * @return true when the configured root is a directory
     */
    public static boolean present() {
        return Files.isDirectory(configuredRoot());
    }

    /**
     * Tells whether a missing corpus must fail the build: {@code TQ_REQUIRE_CORPORA=1} in the environment, or the
     * system property {@code tq.corpora.required=true}.
     *
     * @return true when the corpora are required
     */
    public static boolean required() {
        String variable = System.getenv(REQUIRED_VARIABLE);
        boolean fromEnvironment = variable != null
                && !variable.isBlank()
                && !variable.equals("0")
                && !variable.toLowerCase(Locale.ROOT).equals("false");
        return fromEnvironment || Boolean.getBoolean("tq.corpora.required");
    }

    /**
     * Returns the corpora root.
     *
     * @return the root
     * @throws IllegalStateException when the corpora are missing
     */
    public static Path root() {
        Path root = configuredRoot();
        if (!Files.isDirectory(root)) {
            throw new IllegalStateException("the shared corpora are missing at " + root
                    + "; mark the suite @CorpusSuite so that it is left out where they are absent");
        }
        return root;
    }

    /**
     * Resolves a file or directory under the corpora root.
     *
     * @param relative the path under the root
     * @return the resolved path
     */
    public static Path resolve(String relative) {
        return root().resolve(relative);
    }

    /**
     * Lists every regular file under a corpora directory, in a stable order.
     *
     * @param relative the directory under the root
     * @return the files
     */
    public static List<Path> files(String relative) {
        try (Stream<Path> walk = Files.walk(resolve(relative))) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
