package io.tablequery.engine.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Locates the shared external corpora, read in place and never copied into the repository. */
public final class Corpora {
    private Corpora() {}

    /** The corpora root, from the {@code tq.corpora} system property the build sets. */
    public static Path root() {
        String configured = System.getProperty("tq.corpora");
        Path root = configured != null ? Path.of(configured) : Path.of("..", "..", "shared", "corpora");
        if (!Files.isDirectory(root)) {
            throw new IllegalStateException("the shared corpora are missing at " + root.toAbsolutePath()
                    + "; the tests read them from ../shared/corpora next to the repository");
        }
        return root.normalize();
    }

    /** A file or directory under the corpora root. */
    public static Path resolve(String relative) {
        return root().resolve(relative);
    }

    /** Every regular file under a corpora directory, in a stable order. */
    public static List<Path> files(String relative) {
        try (Stream<Path> walk = Files.walk(resolve(relative))) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
