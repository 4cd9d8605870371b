package io.tablequery.engine.search;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The meaning vectors of a workspace's tables, kept by the hash of the text each was made from: a table whose text
 * changes gets a new vector, and one whose vector is not there yet is found by its words alone, so a vector can never
 * belong to another version of its table. Tables are embedded after their upload commits, one at a time on one
 * background thread the process shares, and the vectors are written to a file of the workspace, replaced whole, so
 * that reopening the workspace does not embed again: when none waits (at most once per {@link #WRITE_PAUSE}, so that
 * uploads one after another do not rewrite a large file for each table), every {@link #WRITE_EVERY} tables, when a
 * caller awaits them and at close. A missing or unreadable file is made again.
 */
final class MeaningIndex {
    private static final Logger LOG = LoggerFactory.getLogger(MeaningIndex.class);
    private static final int MAGIC = 0x54514d56;

    /** The file is also written after this many tables, so a process that stops early keeps most of its work. */
    private static final int WRITE_EVERY = 200;

    /** The least time between two writes when the queue empties. */
    static final Duration WRITE_PAUSE = Duration.ofSeconds(5);

    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "tq-meaning");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        return thread;
    });

    private final Path file;
    private final Map<String, MeaningVectors> byText = new ConcurrentHashMap<>();
    private final Set<String> queued = ConcurrentHashMap.newKeySet();
    private volatile Set<String> live = Set.of();
    private final AtomicInteger embedded = new AtomicInteger();
    private volatile boolean closed;
    /** Whether vectors were made since the file was last written. */
    private volatile boolean unwritten;

    private volatile long writtenAt = System.nanoTime() - WRITE_PAUSE.toNanos();

    /**
     * Opens the vectors of a workspace, reading its file when there is one.
     *
     * @param file where the vectors are kept
     */
    MeaningIndex(Path file) {
        this.file = file;
        read();
    }

    /**
     * A table's text and the key its vectors are kept under.
     *
     * @param key the text's SHA-256, in hex
     * @param text the text
     * @param chineseNames whether the table's name or a column's has CJK characters: a question in another script
     *     finds such a table by the Chinese model, its words matching little of the table's
     */
    record Text(String key, String text, boolean chineseNames) {
        static Text of(String text, boolean chineseNames) {
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
                return new Text(HexFormat.of().formatHex(digest), text, chineseNames);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Returns the vectors of a text, if it has been embedded.
     *
     * @param key the text's key
     * @return its vectors
     */
    Optional<MeaningVectors> vectors(String key) {
        return Optional.ofNullable(byText.get(key));
    }

    /**
     * Takes the texts of the tables of the latest catalog: embeds in the background each without vectors, then
     * writes the file with the vectors of these texts only.
     *
     * @param texts the tables' texts
     */
    void update(Collection<Text> texts) {
        live = texts.stream().map(Text::key).collect(Collectors.toUnmodifiableSet());
        for (Text text : texts) {
            if (byText.containsKey(text.key()) || !queued.add(text.key())) {
                continue;
            }
            WORKER.execute(() -> embed(text.key(), text.text()));
        }
    }

    /**
     * Counts the tables whose vectors are not made yet.
     *
     * @param texts the tables' texts by id
     * @return how many have no vectors
     */
    int pendingOf(Map<String, Text> texts) {
        int missing = 0;
        for (Text text : texts.values()) {
            if (!byText.containsKey(text.key())) {
                missing++;
            }
        }
        return missing;
    }

    /**
     * Waits until no text waits to be embedded and the vectors made are written.
     *
     * @param timeout the longest wait
     * @return whether none waits
     * @throws InterruptedException when interrupted
     */
    boolean await(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!queued.isEmpty()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        if (unwritten) {
            write();
        }
        return true;
    }

    /** Stops embedding for this workspace, dropping what is queued, and writes the vectors made. */
    void close() {
        closed = true;
        if (unwritten) {
            write();
        }
    }

    private void embed(String key, String text) {
        try {
            if (!closed) {
                byText.put(key, MeaningModels.document(text));
                unwritten = true;
            }
        } catch (RuntimeException | LinkageError e) {
            LOG.warn("a table's text could not be embedded; it is found by its words only: {}", e.toString());
        } finally {
            boolean last = queued.size() == 1;
            boolean paused = System.nanoTime() - writtenAt < WRITE_PAUSE.toNanos();
            if (!closed && ((last && !paused) || embedded.incrementAndGet() % WRITE_EVERY == 0)) {
                write();
            }
            queued.remove(key);
        }
    }

    private void read() {
        try (InputStream in = Files.newInputStream(file);
                DataInputStream data = new DataInputStream(new BufferedInputStream(in))) {
            if (data.readInt() != MAGIC || !data.readUTF().equals(MeaningModels.NAME)) {
                return;
            }
            int count = data.readInt();
            for (int i = 0; i < count; i++) {
                String key = data.readUTF();
                float[] english = floats(data);
                float[] chinese = data.readBoolean() ? floats(data) : null;
                byText.put(key, new MeaningVectors(english, chinese));
            }
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException | RuntimeException e) {
            LOG.warn("the meaning vectors in {} could not be read; they are made again: {}", file, e.toString());
            byText.clear();
        }
    }

    private static float[] floats(DataInputStream data) throws IOException {
        float[] vector = new float[data.readInt()];
        for (int i = 0; i < vector.length; i++) {
            vector[i] = data.readFloat();
        }
        return vector;
    }

    private synchronized void write() {
        unwritten = false;
        try {
            Files.createDirectories(file.getParent());
            Path partial = file.resolveSibling(file.getFileName() + ".partial");
            Set<String> current = live;
            byText.keySet().retainAll(current);
            Map<String, MeaningVectors> kept = new HashMap<>();
            for (String key : current) {
                MeaningVectors vectors = byText.get(key);
                if (vectors != null) {
                    kept.put(key, vectors);
                }
            }
            try (OutputStream out = Files.newOutputStream(partial);
                    DataOutputStream data = new DataOutputStream(new BufferedOutputStream(out))) {
                data.writeInt(MAGIC);
                data.writeUTF(MeaningModels.NAME);
                data.writeInt(kept.size());
                for (Map.Entry<String, MeaningVectors> entry : kept.entrySet()) {
                    MeaningVectors vectors = entry.getValue();
                    data.writeUTF(entry.getKey());
                    writeFloats(data, vectors.english());
                    data.writeBoolean(vectors.chinese() != null);
                    if (vectors.chinese() != null) {
                        writeFloats(data, vectors.chinese());
                    }
                }
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            writtenAt = System.nanoTime();
        } catch (IOException | RuntimeException e) {
            LOG.warn(
                    "the meaning vectors could not be written to {}; they are made again next time: {}",
                    file,
                    e.toString());
        }
    }

    private static void writeFloats(DataOutputStream data, float[] vector) throws IOException {
        data.writeInt(vector.length);
        for (float v : vector) {
            data.writeFloat(v);
        }
    }
}
