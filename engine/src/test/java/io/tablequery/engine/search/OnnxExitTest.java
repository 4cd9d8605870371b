package io.tablequery.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process that exits while a model loads on another thread exits cleanly, whether it exits itself as the command
 * line does or is sent SIGTERM: without {@link OnnxCalls}, exiting 1.2 to 1.5 s into the English model's load killed
 * the JVM (SIGSEGV in {@code libonnxruntime.so}, exit 134) in 4 of 4 runs. Each run is a JVM of its own, exiting at
 * another point of the load.
 */
class OnnxExitTest {
    @TempDir
    Path dir;

    @Test
    void exitingWhileAModelLoadsNeverCrashesTheJvm() throws Exception {
        List<Long> delays = List.of(300L, 800L, 1_100L, 1_300L, 1_500L, 2_000L);
        for (int run = 0; run < delays.size() * 2; run++) {
            long delay = delays.get(run / 2);
            boolean signalled = run % 2 == 1;
            Path tmp = Files.createDirectories(dir.resolve("run-" + run));
            Process process = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-Djava.io.tmpdir=" + tmp,
                            "-XX:ErrorFile=" + tmp.resolve("hs_err_%p.log"),
                            "-cp",
                            System.getProperty("java.class.path"),
                            ExitDuringLoad.class.getName(),
                            Long.toString(delay),
                            Boolean.toString(signalled))
                    .redirectErrorStream(true)
                    .redirectOutput(tmp.resolve("out.txt").toFile())
                    .start();
            assertThat(process.waitFor(120, TimeUnit.SECONDS))
                    .as("the JVM exits")
                    .isTrue();
            assertThat(process.exitValue())
                    .as(
                            "%s %d ms into the load: %s",
                            signalled ? "SIGTERM" : "exit", delay, Files.readString(tmp.resolve("out.txt")))
                    .isEqualTo(signalled ? 128 + 15 : ExitDuringLoad.STATUS);
            assertThat(crashLogs(tmp)).as("no JVM crash log").isEmpty();
        }
    }

    @Test
    void aSearchWhileTheProcessExitsRanksByWords() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("search"));
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Djava.io.tmpdir=" + tmp,
                        "--add-opens=java.base/java.nio=ALL-UNNAMED",
                        "-cp",
                        System.getProperty("java.class.path"),
                        SearchWhileExiting.class.getName(),
                        tmp.toString())
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("out.txt").toFile())
                .start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(tmp.resolve("out.txt"));
        assertThat(process.exitValue()).as(out).isZero();
        assertThat(out).contains("found: fuel_economy");
    }

    private static List<Path> crashLogs(Path tmp) throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.filter(f -> f.getFileName().toString().startsWith("hs_err"))
                    .toList();
        }
    }

    /** Searches a workspace by meaning after the process began to exit: the search answers by the question's words. */
    static final class SearchWhileExiting {
        public static void main(String[] args) throws Exception {
            Path csv = Files.writeString(Path.of(args[0], "fuel_economy.csv"), "model,mpg\nCivic,36\nMustang,21\n");
            try (Workspace workspace = Workspace.open(Path.of(args[0], "ws"))) {
                workspace.ingest(csv);
                OnnxCalls.awaitBeforeExit();
                workspace
                        .searchTables("mpg of each model", 5)
                        .hits()
                        .forEach(hit ->
                                System.out.println("found: " + hit.table().name()));
            }
        }
    }

    /**
     * Starts loading the English model on a daemon thread, as the meaning index does, and after a while exits as the
     * command line does, or sends itself SIGTERM as {@code kill} or a stopped test would.
     */
    static final class ExitDuringLoad {
        static final int STATUS = 7;

        public static void main(String[] args) throws Exception {
            Thread load = new Thread(() -> MeaningModels.document("quarterly revenue by region"), "tq-meaning");
            load.setDaemon(true);
            load.start();
            Thread.sleep(Long.parseLong(args[0]));
            if (Boolean.parseBoolean(args[1])) {
                new ProcessBuilder(
                                "kill",
                                "-TERM",
                                Long.toString(ProcessHandle.current().pid()))
                        .start()
                        .waitFor();
                Thread.sleep(Long.MAX_VALUE);
            }
            OnnxCalls.awaitBeforeExit();
            System.exit(STATUS);
        }
    }
}
