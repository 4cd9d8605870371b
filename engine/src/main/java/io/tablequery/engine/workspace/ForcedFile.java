package io.tablequery.engine.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * An uploaded file's copy being forced to disk on a thread of its own, while the upload reads it into tables: the
 * commit waits for it ({@link #await}), so a committed upload's bytes are on disk, and the wait for the disk overlaps
 * the reading instead of coming before it.
 */
final class ForcedFile {
    private final CompletableFuture<Void> forced;

    private ForcedFile(CompletableFuture<Void> forced) {
        this.forced = forced;
    }

    /** Starts forcing a file to disk. */
    static ForcedFile start(Path file) {
        CompletableFuture<Void> forced = new CompletableFuture<>();
        Thread thread = new Thread(
                () -> {
                    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                        channel.force(true);
                        forced.complete(null);
                    } catch (IOException | RuntimeException e) {
                        forced.completeExceptionally(e);
                    }
                },
                "tq-force-" + file.getFileName());
        thread.setDaemon(true);
        thread.start();
        return new ForcedFile(forced);
    }

    /** Waits until the file is on disk. */
    void await() throws IOException {
        try {
            forced.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while forcing an upload to disk", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new UncheckedIOException(new IOException(e.getCause()));
        }
    }

    /** Waits until forcing ended, either way: before the file is deleted after a failed upload. */
    void awaitQuietly() {
        try {
            forced.handle((done, failure) -> null).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // handle() never completes exceptionally.
        }
    }
}
