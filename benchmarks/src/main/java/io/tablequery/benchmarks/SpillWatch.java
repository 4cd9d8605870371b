package io.tablequery.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Watches a spill directory while work runs and keeps the most bytes it held at once: DuckDB removes its temporary
 * files when a query ends, so only a look during the query sees them. Sampled every 20 ms, so a spill shorter than
 * that may go unseen.
 */
final class SpillWatch implements AutoCloseable {
    private static final long PERIOD_MILLIS = 20;

    private final Path directory;
    private final AtomicLong peak = new AtomicLong();
    private final Thread thread;
    private volatile boolean stopped;

    private SpillWatch(Path directory) {
        this.directory = directory;
        this.thread = new Thread(this::watch, "spill-watch");
        thread.setDaemon(true);
    }

    /** Starts watching a directory, which need not exist yet. */
    static SpillWatch start(Path directory) {
        SpillWatch watch = new SpillWatch(directory);
        watch.thread.start();
        return watch;
    }

    /** The most bytes the directory held at once since the watch started. */
    long peakBytes() {
        return peak.get();
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.join();
    }

    private void watch() {
        while (!stopped) {
            peak.accumulateAndGet(bytes(), Math::max);
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private long bytes() {
        if (!Files.isDirectory(directory)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            return files.mapToLong(SpillWatch::size).sum();
        } catch (IOException | UncheckedIOException e) {
            // A file went away while it was listed: this sample is lost, the next one counts.
            return 0;
        }
    }

    private static long size(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.size(file) : 0;
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
