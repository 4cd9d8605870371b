package io.tablequery.engine.ingest;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads one file format and pushes each sheet's cells to a visitor, streaming: no reader holds a whole workbook in
 * memory. A reader reports a damaged, encrypted or unsupported file as an {@link
 * io.tablequery.engine.error.EngineException} naming the file and the cause.
 */
public interface SourceReader {
    /**
     * Reads the file.
     *
     * @param file the file
     * @param displayName the name to use in messages (the uploaded file name)
     * @param visitor decides which sheets to deliver and where
     * @param progress hears how far the read has got
     * @return what the reader found out about the file as a whole
     * @throws IOException when the file cannot be read
     */
    SourceDetails read(Path file, String displayName, SheetVisitor visitor, ReadProgress progress) throws IOException;
}
