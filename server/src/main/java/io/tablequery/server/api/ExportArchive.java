package io.tablequery.server.api;

import io.tablequery.engine.error.EngineException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * A workspace export as one zip stream, the way the admin route sends it and the CLI unpacks it: the export
 * directory's files under their relative paths.
 */
public final class ExportArchive {
    private ExportArchive() {}

    /**
     * Writes an export directory as a zip.
     *
     * @param directory the export
     * @param out where the zip goes; not closed
     * @throws IOException when a file cannot be read or the stream written
     */
    public static void write(Path directory, OutputStream out) throws IOException {
        ZipOutputStream zip = new ZipOutputStream(out);
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(
                        new ZipEntry(directory.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, zip);
                zip.closeEntry();
            }
        }
        zip.finish();
    }

    /**
     * Unpacks a zip written by {@link #write} into a new directory; an entry that would land outside it is refused.
     *
     * @param in the zip
     * @param directory an empty or new directory
     * @throws IOException when the stream cannot be read or a file written
     */
    public static void unpack(InputStream in, Path directory) throws IOException {
        Path root = directory.toAbsolutePath().normalize();
        Files.createDirectories(root);
        ZipInputStream zip = new ZipInputStream(in);
        for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
            Path target = root.resolve(entry.getName()).normalize();
            if (!target.startsWith(root) || target.equals(root)) {
                throw new EngineException(
                        ServerErrorCode.BAD_REQUEST,
                        "the export holds an entry outside its directory: " + entry.getName());
            }
            if (!entry.isDirectory()) {
                Files.createDirectories(target.getParent());
                Files.copy(zip, target);
            }
        }
    }
}
