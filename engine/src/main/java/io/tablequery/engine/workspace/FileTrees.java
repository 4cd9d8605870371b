package io.tablequery.engine.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.io.file.PathUtils;

/** Deletes what an upload, a deletion or a repair leaves behind in a workspace directory. */
final class FileTrees {
    private FileTrees() {}

    /** Deletes a file, or a directory with everything in it; nothing when it does not exist. */
    static void delete(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try {
            PathUtils.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
