package io.tablequery.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/** A copy of the repository as a fresh clone has it: its tracked files, nothing built, no data. */
final class FreshCheckout {
    private FreshCheckout() {}

    /** The tracked files of {@code repository}, copied into {@code checkout}. */
    static Path of(Path repository, Path checkout) throws IOException, InterruptedException {
        for (String file : trackedFiles(repository)) {
            Path target = checkout.resolve(file);
            Files.createDirectories(target.getParent());
            Files.copy(repository.resolve(file), target, StandardCopyOption.COPY_ATTRIBUTES);
        }
        return checkout;
    }

    /** A fresh copy with the jar this build made (and DuckDB's library beside it), so that nothing is rebuilt. */
    static Path withBuiltJar(Path repository, Path checkout) throws IOException, InterruptedException {
        of(repository, checkout);
        Path target = Files.createDirectories(checkout.resolve("server").resolve("target"));
        copyBuiltJar(repository, target);
        assertThat(target.resolve("tq.jar"))
                .as("the build made the jar before this test")
                .exists();
        return checkout;
    }

    /**
     * A fresh copy with the jars this build made, Spark's plugin too ({@code tq-spark.jar} and the Spark Connect
     * server's class path) when the build made it, so that a command asking for Spark does not build it either (after
     * a build of the server module alone, the launcher builds it as it does on a fresh clone).
     */
    static Path withBuiltJars(Path repository, Path checkout) throws IOException, InterruptedException {
        withBuiltJar(repository, checkout);
        Path spark = repository.resolve("spark").resolve("target");
        List<String> plugin = List.of("tq-spark.jar", "spark-server.classpath");
        if (plugin.stream().allMatch(name -> Files.isRegularFile(spark.resolve(name)))) {
            copyStamped(
                    plugin.stream().map(spark::resolve).toList(),
                    Files.createDirectories(checkout.resolve("spark").resolve("target")));
        }
        return checkout;
    }

    /**
     * Copies {@code tq.jar} and DuckDB's libraries from this build into a target directory, stamped now: newer than
     * the sources, which keep their own times, and not in the future, since the launcher makes its class-data archive
     * again whenever the jar is newer than it.
     */
    static void copyBuiltJar(Path repository, Path target) throws IOException {
        try (Stream<Path> files = Files.list(repository.resolve("server").resolve("target"))) {
            copyStamped(
                    files.filter(Files::isRegularFile)
                            .filter(file -> file.getFileName().toString().equals("tq.jar")
                                    || file.getFileName().toString().startsWith("libduckdb_java.so_"))
                            .toList(),
                    target);
        }
    }

    /** Copies built files into a target directory, each stamped now (see {@link #copyBuiltJar}). */
    private static void copyStamped(List<Path> files, Path target) throws IOException {
        FileTime now = FileTime.from(Instant.now());
        for (Path file : files) {
            Path copy = target.resolve(file.getFileName().toString());
            Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
            Files.setLastModifiedTime(copy, now);
        }
    }

    private static List<String> trackedFiles(Path repository) throws IOException, InterruptedException {
        if (Files.isDirectory(repository.resolve(".git"))) {
            Process git = new ProcessBuilder("git", "-C", repository.toString(), "ls-files", "-z")
                    .redirectErrorStream(true)
                    .start();
            String listed = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (git.waitFor() == 0) {
                return Stream.of(listed.split("\0"))
                        .filter(name -> !name.isEmpty())
                        .filter(name -> Files.isRegularFile(repository.resolve(name)))
                        .toList();
            }
        }
        try (Stream<Path> walk = Files.walk(repository)) {
            return walk.filter(Files::isRegularFile)
                    .map(path -> repository.relativize(path).toString())
                    .filter(name -> !name.startsWith(".git/")
                            && !name.contains("/target/")
                            && !name.startsWith("data/")
                            && !name.startsWith("exports/"))
                    .toList();
        }
    }
}
