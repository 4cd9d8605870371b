package io.tablequery.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code tq} launcher on a fresh clone: its first build says which module and step it is at, without Maven's
 * escape codes, and how long it took; it makes a class-data archive the JVM maps; a second call rebuilds nothing; a
 * failed build shows its error; launchers started at once build once; the Spark plugin is built on the first command that asks for Spark and linked beside
 * the jar. Maven is played by a script that prints what Maven 3.8 prints with {@code -B} (escape
 * codes included) and copies this build's jar, so the test takes seconds, not the build's minutes.
 */
class LauncherIT {
    private static final Path REPOSITORY = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {}

    @Test
    void theFirstBuildSaysWhatItDoesAndTheNextCallStartsFromTheArchive() throws Exception {
        Path checkout = FreshCheckout.of(REPOSITORY, dir.resolve("checkout"));
        Path bin = fakeMaven(false);

        Run first = tq(checkout, bin, "--version");
        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.out()).isEqualTo("tq 0.1.0\n");
        assertThat(first.err())
                .contains("tq: building tq.jar (first use, or the sources changed)\n")
                .contains("tq: [2/4] tablequery dialects 0.1.0-SNAPSHOT\n")
                .contains("tq:       compiler:compile\n")
                .contains("tq:       shade:shade\n")
                .containsPattern("tq: built tq.jar in \\d+ s\n")
                .contains("tq: preparing fast starts")
                .doesNotContain("\u001b")
                .doesNotContain("[INFO]");
        assertThat(Files.readString(checkout.resolve("server/target/tq-build.log")))
                .contains("[INFO] BUILD SUCCESS")
                .doesNotContain("\u001b");
        Path archive;
        try (Stream<Path> files = Files.list(checkout.resolve("server/target"))) {
            archive = files.filter(file -> file.toString().endsWith(".jsa"))
                    .findFirst()
                    .orElseThrow();
        }
        Process mapped = new ProcessBuilder(
                        java(),
                        "-Xshare:on",
                        "-XX:SharedArchiveFile=" + archive,
                        "-jar",
                        checkout.resolve("server/target/tq.jar").toString(),
                        "--version")
                .redirectErrorStream(true)
                .start();
        String mappedOut = new String(mapped.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(mapped.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(mapped.exitValue())
                .as("the JVM maps the archive (-Xshare:on fails otherwise): %s", mappedOut)
                .isZero();

        Run second = tq(checkout, bin, "files", "--help");
        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(second.err()).as("nothing is built or trained again").isEmpty();
        assertThat(second.out()).startsWith("Usage: tq files");
    }

    @Test
    void launchersStartedAtOnceWithTheJarOutOfDateBuildItOnce() throws Exception {
        Path checkout = FreshCheckout.of(REPOSITORY, dir.resolve("checkout"));
        Path bin = Files.createDirectories(dir.resolve("bin-slow"));
        Path calls = dir.resolve("maven-calls.txt");
        // A build that takes long enough for the second launcher to find the jar out of date while the first builds.
        Path mvn = Files.writeString(bin.resolve("mvn"), """
                #!/usr/bin/env bash
                echo "$*" >> '%s'
                sleep 3
                mkdir -p server/target
                cp "$TQ_TEST_REPOSITORY"/server/target/tq.jar "$TQ_TEST_REPOSITORY"/server/target/libduckdb_java.so_* \
                  server/target/
                touch server/target/tq.jar
                echo '[INFO] BUILD SUCCESS'
                """.formatted(calls));
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));

        List<Process> launchers = List.of(
                launcher(checkout, bin, "--version").start(),
                launcher(checkout, bin, "--version").start());
        for (Process launcher : launchers) {
            String err = new String(launcher.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            String out = new String(launcher.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(launcher.waitFor(3, TimeUnit.MINUTES)).isTrue();
            assertThat(launcher.exitValue()).as(err).isZero();
            assertThat(out).isEqualTo("tq 0.1.0\n");
        }
        assertThat(Files.readAllLines(calls)).as("one build for both launchers").hasSize(1);
    }

    @Test
    void aFailedBuildShowsItsFirstErrorAndExitsWithMavensCode() throws Exception {
        Path checkout = FreshCheckout.of(REPOSITORY, dir.resolve("checkout"));
        Run failed = tq(checkout, fakeMaven(true), "--version");
        assertThat(failed.exit()).isEqualTo(1);
        assertThat(failed.out()).isEmpty();
        assertThat(failed.err())
                .containsPattern("tq: the build failed after \\d+ s; from its first error")
                .contains("[ERROR] COMPILATION ERROR")
                .doesNotContain("\u001b");
    }

    @Test
    void sparkIsBuiltOnTheFirstCommandThatAsksForItAndFoundBesideTqJar() throws Exception {
        Path checkout = FreshCheckout.withBuiltJar(REPOSITORY, dir.resolve("checkout"));
        Process alone = new ProcessBuilder(
                        java(), "-jar", checkout.resolve("server/target/tq.jar").toString(), "spark", "local")
                .redirectErrorStream(true)
                .start();
        String aloneOut = new String(alone.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(alone.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(alone.exitValue()).as(aloneOut).isEqualTo(1);
        assertThat(aloneOut)
                .as("without the plugin, tq spark says how to get it")
                .startsWith(
                        "error [ENGINE_NOT_AVAILABLE]: the spark engine is not installed: in a checkout, ./tq builds"
                                + " it");

        Path bin = Files.createDirectories(dir.resolve("bin-spark"));
        Path calls = dir.resolve("maven-calls.txt");
        Path mvn = Files.writeString(bin.resolve("mvn"), """
                #!/usr/bin/env bash
                echo "$*" >> '%s'
                case " $* " in
                  *" -pl spark "*)
                    mkdir -p spark/target
                    cp "$TQ_TEST_REPOSITORY"/spark/target/tq-spark.jar \
                      "$TQ_TEST_REPOSITORY"/spark/target/spark-server.classpath spark/target/
                    echo '[INFO] BUILD SUCCESS' ;;
                  *) echo '[ERROR] not this module'; exit 1 ;;
                esac
                """.formatted(calls));
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));

        Run first = tq(checkout, bin, "spark");
        assertThat(first.err())
                .contains("tq: building tq-spark.jar (first use, or the sources changed)")
                .containsPattern("tq: built tq-spark.jar in \\d+ s")
                .contains("usage: tq spark local");
        assertThat(first.exit()).as("the plugin's own usage: %s", first.err()).isEqualTo(2);
        assertThat(Files.readAllLines(calls)).hasSize(1).allMatch(call -> call.contains("-pl spark -am package"));
        for (String built : List.of("tq-spark.jar", "spark-server.classpath")) {
            assertThat(Files.readSymbolicLink(checkout.resolve("server/target").resolve(built)))
                    .as("%s beside tq.jar, where tq looks for it", built)
                    .isEqualTo(Path.of("../../spark/target", built));
        }

        Run second = tq(checkout, bin, "spark");
        assertThat(second.err()).doesNotContain("building").contains("usage: tq spark local");
        assertThat(Files.readAllLines(calls)).as("built once").hasSize(1);
    }

    /** The checkout's launcher with these arguments, the given directory's {@code mvn} first on its path. */
    private static ProcessBuilder launcher(Path checkout, Path bin, String... args) {
        ProcessBuilder builder = new ProcessBuilder(
                        Stream.concat(Stream.of(checkout.resolve("tq").toString()), Stream.of(args))
                                .toList())
                .directory(checkout.toFile());
        Map<String, String> environment = builder.environment();
        environment.put("PATH", bin + ":" + environment.get("PATH"));
        environment.put("TQ_TEST_REPOSITORY", REPOSITORY.toString());
        return builder;
    }

    private Run tq(Path checkout, Path bin, String... args) throws IOException, InterruptedException {
        ProcessBuilder builder = launcher(checkout, bin, args);
        Path out = Files.createTempFile(dir, "tq", ".out");
        Path err = Files.createTempFile(dir, "tq", ".err");
        Process process =
                builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** A directory holding an {@code mvn} that prints Maven's lines and then copies the jar, or fails. */
    private Path fakeMaven(boolean fail) throws IOException {
        Path bin = Files.createDirectories(dir.resolve(fail ? "bin-failing" : "bin"));
        String esc = "\u001b";
        StringBuilder lines = new StringBuilder();
        lines.append(esc).append("[0m").append(esc).append("[0m[INFO] Scanning for projects...\n");
        String[] modules = {"tablequery", "tablequery dialects", "tablequery engine", "tablequery server"};
        for (int i = 0; i < modules.length; i++) {
            lines.append("[INFO] Building %s 0.1.0-SNAPSHOT%s[%d/4]\n"
                    .formatted(modules[i], " ".repeat(50 - modules[i].length()), i + 1));
            for (String step : List.of(
                    "maven-enforcer-plugin:3.6.2:enforce (enforce)",
                    "maven-compiler-plugin:3.14.1:compile (default-compile)")) {
                lines.append("[INFO] ")
                        .append(esc)
                        .append("[1m--- ")
                        .append(step)
                        .append(" @ module ---")
                        .append(esc)
                        .append("[m\n");
            }
            if (fail && i == 2) {
                lines.append("[ERROR] COMPILATION ERROR : \n[ERROR] Engine.java:[1,1] class, interface expected\n");
                lines.append("[INFO] BUILD FAILURE\n");
                break;
            }
        }
        lines.append("[INFO] --- maven-shade-plugin:3.6.2:shade (runnable-jar) @ tablequery-server ---\n");
        lines.append("[INFO] BUILD SUCCESS\n").append(esc).append("[0m");
        Path transcript = Files.writeString(bin.resolve("transcript.txt"), lines.toString());
        String script = fail
                ? "#!/usr/bin/env bash\ncat '%s'\nexit 1\n".formatted(transcript)
                : ("#!/usr/bin/env bash\ncat '%s'\nmkdir -p server/target\n"
                                + "cp \"$TQ_TEST_REPOSITORY\"/server/target/tq.jar"
                                + " \"$TQ_TEST_REPOSITORY\"/server/target/libduckdb_java.so_* server/target/\n"
                                + "touch server/target/tq.jar\n")
                        .formatted(transcript);
        Path mvn = Files.writeString(bin.resolve("mvn"), script);
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setLastModifiedTime(transcript, FileTime.from(Instant.now()));
        return bin;
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
