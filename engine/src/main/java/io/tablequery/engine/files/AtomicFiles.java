package io.tablequery.engine.files;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Puts a file written beside its final name into place, so that a reader sees the old file or the new, never half. */
public final class AtomicFiles {
    private AtomicFiles() {}

    /** Moves {@code partial} over {@code target}, atomically where the file system can. */
    public static void replace(Path partial, Path target) throws IOException {
        try {
            Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
