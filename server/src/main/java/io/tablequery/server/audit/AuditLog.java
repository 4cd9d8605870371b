package io.tablequery.server.audit;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectWriter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tablequery.engine.json.JsonCodec;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one JSON line per call into the audit directory of the call's workspace (or the server's, for a call that
 * names none), on a thread of its own: a call only offers its line to a bounded queue, and a full queue drops the
 * line and counts it, so the log never slows or blocks a call. The writer hands what it wrote to the operating system
 * at least every 200 ms, so a crash of the process loses at most the lines of the last fraction of a second. A file
 * is closed at its size or age limit and the next line starts a new one; a directory keeps its newest files only.
 * A workspace's file stays open while lines come and closes after a minute without one.
 */
public final class AuditLog implements MeterBinder, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AuditLog.class);
    private static final long IDLE_NANOS = TimeUnit.MINUTES.toNanos(1);
    private static final long FLUSH_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final long GATHER_MILLIS = 50;
    private static final AuditEntry STOP =
            new AuditEntry(Instant.EPOCH, null, null, "stop", "stop", null, null, null, null, null, 0, 0, "stop", null);

    private final AuditSettings settings;
    private final Function<String, Optional<Path>> directories;
    private final BlockingQueue<AuditEntry> queue;
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final Map<Path, Open> open = new HashMap<>();
    private final ObjectWriter json = JsonCodec.mapper().writer();
    private final Thread writer;

    /** A file being written: where, since when (from its name), how large, and when it last got a line. */
    private static final class Open {
        final Path file;
        final Instant started;
        final OutputStream out;
        long bytes;
        long lastLine;

        Open(Path file, Instant started, OutputStream out, long bytes) {
            this.file = file;
            this.started = started;
            this.out = out;
            this.bytes = bytes;
        }
    }

    /**
     * Starts the log.
     *
     * @param settings how it is written
     * @param directories the audit directory of a workspace by name, or of the server for null; empty when the
     *     workspace is not served (its lines then go to the server's)
     */
    public AuditLog(AuditSettings settings, Function<String, Optional<Path>> directories) {
        this.settings = requireNonNull(settings, "settings is null");
        this.directories = requireNonNull(directories, "directories is null");
        this.queue = new ArrayBlockingQueue<>(settings.queue());
        this.writer = new Thread(this::write, "tq-audit");
        this.writer.setDaemon(true);
        if (settings.enabled()) {
            writer.start();
        }
    }

    /**
     * A log that records nothing.
     *
     * @return the log
     */
    public static AuditLog off() {
        return new AuditLog(AuditSettings.OFF, name -> Optional.empty());
    }

    /** Returns how the log is written. */
    public AuditSettings settings() {
        return settings;
    }

    /**
     * Offers a call's line to the writer; drops and counts it when the queue is full.
     *
     * @param entry the call
     */
    public void record(AuditEntry entry) {
        if (settings.enabled() && !queue.offer(requireNonNull(entry, "entry is null"))) {
            dropped.incrementAndGet();
        }
    }

    /**
     * The text a line keeps of a call's plan, query or arguments: none when the log keeps text out, else cut to the
     * limit and marked where it was cut.
     *
     * @param text the text, or null
     * @return what the line keeps, or null
     */
    public String keptText(String text) {
        if (text == null || !settings.keepText()) {
            return null;
        }
        if (text.length() <= settings.maxText()) {
            return text;
        }
        return text.substring(0, settings.maxText()) + "…[" + (text.length() - settings.maxText()) + " more]";
    }

    /** Returns the lines written so far. */
    public long written() {
        return written.get();
    }

    /** Returns the lines dropped so far: the queue was full, or their directory could not be written. */
    public long dropped() {
        return dropped.get() + failed.get();
    }

    /**
     * Returns the CPU time the writer's thread has used, to measure what the log costs a server.
     *
     * @return nanoseconds, or -1 where the platform does not tell
     */
    public long writerCpuNanos() {
        return writer.isAlive() ? ManagementFactory.getThreadMXBean().getThreadCpuTime(writer.getId()) : -1;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("tq.audit.lines.written", written, AtomicLong::doubleValue)
                .description("audit lines written")
                .register(registry);
        FunctionCounter.builder("tq.audit.lines.dropped", this, AuditLog::dropped)
                .description("audit lines dropped: the writer's queue was full, or a file could not be written")
                .register(registry);
    }

    private void write() {
        List<AuditEntry> batch = new ArrayList<>();
        boolean stopping = false;
        long flushed = System.nanoTime();
        while (!stopping) {
            try {
                AuditEntry first = queue.poll(200, TimeUnit.MILLISECONDS);
                if (first != null) {
                    // Lines come one per call: gathering them for a moment wakes this thread a few times a second
                    // under load rather than once per call, which cost the server more than writing the lines.
                    batch.add(first);
                    Thread.sleep(GATHER_MILLIS);
                    queue.drainTo(batch);
                }
            } catch (InterruptedException e) {
                stopping = true;
            }
            for (AuditEntry entry : batch) {
                if (entry == STOP) {
                    stopping = true;
                } else {
                    line(entry);
                }
            }
            batch.clear();
            if (stopping || System.nanoTime() - flushed >= FLUSH_NANOS) {
                flush(stopping);
                flushed = System.nanoTime();
            }
        }
    }

    private void line(AuditEntry entry) {
        Optional<Path> directory = directories.apply(entry.workspace());
        if (directory.isEmpty() && entry.workspace() != null) {
            directory = directories.apply(null);
        }
        if (directory.isEmpty()) {
            failed.incrementAndGet();
            return;
        }
        try {
            byte[] text = json.writeValueAsBytes(entry);
            byte[] line = Arrays.copyOf(text, text.length + 1);
            line[text.length] = '\n';
            Open file = file(directory.get(), entry.time());
            // One write per line: the buffer hands whole lines to the operating system, so a crash cuts no line
            // between its text and its end.
            file.out.write(line);
            file.bytes += line.length;
            file.lastLine = System.nanoTime();
            written.incrementAndGet();
        } catch (IOException | RuntimeException e) {
            if (failed.getAndIncrement() == 0) {
                LOG.warn("an audit line could not be written to {}: {}", directory.get(), e.toString());
            }
        }
    }

    /** The file a directory's next line goes to: the open one, unless it reached its size or age. */
    private Open file(Path directory, Instant now) throws IOException {
        Open current = open.get(directory);
        if (current != null && !full(current, now)) {
            return current;
        }
        if (current != null) {
            current.out.close();
            open.remove(directory);
        }
        Files.createDirectories(directory);
        List<Path> files = AuditFiles.list(directory);
        Path file = null;
        if (current == null && !files.isEmpty()) {
            Path newest = files.get(files.size() - 1);
            file = full(AuditFiles.started(newest), Files.size(newest), now) ? null : newest;
        }
        if (file == null) {
            file = AuditFiles.newFile(directory, now);
            prune(files, settings.keepFiles() - 1);
        }
        OutputStream out = new BufferedOutputStream(
                Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND), 1 << 16);
        Open opened = new Open(file, AuditFiles.started(file), out, Files.size(file));
        if (!endsLine(file)) {
            // A crash cut the file's last line short: the next line starts on its own, not glued to the fragment.
            out.write('\n');
            opened.bytes++;
        }
        open.put(directory, opened);
        return opened;
    }

    /** Whether a file is empty or ends with a whole line. */
    private static boolean endsLine(Path file) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            if (channel.size() == 0) {
                return true;
            }
            ByteBuffer last = ByteBuffer.allocate(1);
            channel.position(channel.size() - 1).read(last);
            return last.get(0) == '\n';
        }
    }

    private boolean full(Open file, Instant now) {
        return full(file.started, file.bytes, now);
    }

    private boolean full(Instant started, long bytes, Instant now) {
        return bytes >= settings.fileBytes() || !now.isBefore(started.plus(settings.fileAge()));
    }

    private static void prune(List<Path> files, int keep) throws IOException {
        for (int i = 0; i < files.size() - keep; i++) {
            Files.deleteIfExists(files.get(i));
        }
    }

    /** Hands every file's lines to the operating system; closes the files idle for a minute, or all when stopping. */
    private void flush(boolean closeAll) {
        long now = System.nanoTime();
        for (Iterator<Open> files = open.values().iterator(); files.hasNext(); ) {
            Open file = files.next();
            try {
                if (closeAll || now - file.lastLine > IDLE_NANOS) {
                    file.out.close();
                    files.remove();
                } else {
                    file.out.flush();
                }
            } catch (IOException e) {
                files.remove();
                LOG.warn("the audit file {} could not be written: {}", file.file, e.toString());
            }
        }
    }

    /** Writes the lines queued so far and closes the files. */
    @Override
    public void close() {
        if (!writer.isAlive()) {
            return;
        }
        try {
            if (queue.offer(STOP, 10, TimeUnit.SECONDS)) {
                writer.join(TimeUnit.SECONDS.toMillis(10));
            } else {
                writer.interrupt();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
