package io.tablequery.engine.ingest;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Uploads one file into a new workspace in a JVM of its own, for {@link MemoryBoundTest} to run under a small heap,
 * and prints one line: the outcome (the error code, {@code ok}, or the throwable that escaped), the time taken, and
 * the process's peak resident memory.
 */
public final class BombProbe {
    private BombProbe() {}

    public static void main(String[] args) throws Exception {
        Path workspace = Path.of(args[0]);
        Path file = Path.of(args[1]);
        long started = System.nanoTime();
        String outcome;
        try (Workspace opened = Workspace.open(workspace)) {
            opened.ingest(file);
            outcome = "ok";
        } catch (EngineException e) {
            outcome = e.getErrorCode().name();
        } catch (Throwable e) {
            outcome = "crash:" + e.getClass().getName();
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.printf("outcome=%s ms=%d peakKb=%d%n", outcome, millis, peakResidentKb());
    }

    private static long peakResidentKb() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        return -1;
    }
}
