package io.tablequery.engine.search;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Keeps the process from exiting while ONNX Runtime works. ONNX Runtime's Java binding releases its environment in
 * a shutdown hook of its own, which runs beside every other hook as soon as the JVM starts to exit; a model still
 * loading on another thread then logs through the freed environment and the JVM dies of SIGSEGV or SIGBUS in {@code
 * libonnxruntime.so} (seen when a server was stopped while it loaded a model, and reproduced by exiting 1.2-1.5 s into
 * a load). A hook of ours cannot go first, so the exits are held before the hooks start: every call into ONNX Runtime
 * goes through {@link #call}, the command line calls {@link #awaitBeforeExit} before it exits, and from the first
 * call on, SIGTERM, SIGINT and SIGHUP wait for the calls running before the JVM's own handling of the signal.
 */
public final class OnnxCalls {
    /** The longest an exit waits for calls running: loading the English model takes about 2 s, 10 s on a busy machine. */
    static final Duration EXIT_WAIT = Duration.ofSeconds(30);

    private static final Object LOCK = new Object();
    private static int running;
    private static boolean exiting;

    static {
        for (String name : new String[] {"TERM", "INT", "HUP"}) {
            holdSignal(name);
        }
    }

    private OnnxCalls() {}

    /** A call into ONNX Runtime refused because the process is exiting. */
    static final class Exiting extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        Exiting() {
            super("the process is exiting: ONNX Runtime takes no new work");
        }
    }

    /**
     * Runs work that calls ONNX Runtime, unless the process is exiting.
     *
     * @param work the work
     * @param <T> what it gives
     * @return what it gave
     * @throws Exiting when the process is exiting
     */
    static <T> T call(Supplier<T> work) {
        synchronized (LOCK) {
            if (exiting) {
                throw new Exiting();
            }
            running++;
        }
        try {
            return work.get();
        } finally {
            synchronized (LOCK) {
                running--;
                LOCK.notifyAll();
            }
        }
    }

    /**
     * Refuses new calls into ONNX Runtime and waits, up to {@link #EXIT_WAIT}, for those running: call it before
     * {@code System.exit}.
     */
    public static void awaitBeforeExit() {
        long deadline = System.nanoTime() + EXIT_WAIT.toNanos();
        synchronized (LOCK) {
            exiting = true;
            long left;
            while (running > 0 && (left = deadline - System.nanoTime()) > 0) {
                try {
                    LOCK.wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Makes a signal wait for the calls running before the handler it had (the JVM's: exit with 128 + its number). */
    private static void holdSignal(String name) {
        try {
            Signal signal = new Signal(name);
            SignalHandler[] before = new SignalHandler[1];
            before[0] = Signal.handle(signal, received -> {
                awaitBeforeExit();
                before[0].handle(received);
            });
            if (before[0] == SignalHandler.SIG_IGN || before[0] == SignalHandler.SIG_DFL) {
                // Ignored (a process started with nohup), or the JVM runs with -Xrs: leave it as it was.
                Signal.handle(signal, before[0]);
            }
        } catch (IllegalArgumentException e) {
            // The platform has no such signal, or the JVM keeps it for itself.
        }
    }
}
