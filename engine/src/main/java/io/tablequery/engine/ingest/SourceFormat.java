package io.tablequery.engine.ingest;

import io.tablequery.engine.error.EngineException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.zip.ZipFile;

/** The file formats tablequery ingests, recognised by their first bytes and, for text, by their extension. */
public enum SourceFormat {
    XLSX("xlsx"),
    XLSB("xlsb"),
    ODS("ods"),
    XLS("xls"),
    CSV("csv"),
    SQLITE("sqlite");

    private static final String SUPPORTED = SupportedFormats.MESSAGE;

    private static final byte[] ZIP = {0x50, 0x4B, 0x03, 0x04};
    private static final byte[] OLE2 = {
        (byte) 0xD0, (byte) 0xCF, 0x11, (byte) 0xE0, (byte) 0xA1, (byte) 0xB1, 0x1A, (byte) 0xE1
    };
    private static final byte[] SQLITE_MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
    private static final Set<String> SPREADSHEET_EXTENSIONS =
            Set.of("xlsx", "xlsm", "xltx", "xltm", "xlsb", "xls", "xlt", "ods");
    private static final Set<String> TEXT_EXTENSIONS = Set.of("csv", "tsv", "txt", "tab");

    private final String label;

    SourceFormat(String label) {
        this.label = label;
    }

    /**
     * Returns the format's short name, as stored in the catalog.
     *
     * @return for example {@code xlsx}
     */
    public String label() {
        return label;
    }

    /**
     * Recognises a file's format.
     *
     * @param file the file
     * @param fileName the uploaded name, whose extension decides for text files
     * @return the format
     * @throws IOException if the file cannot be read
     * @throws EngineException with EMPTY_FILE, UNSUPPORTED_FORMAT or CORRUPT_FILE
     */
    public static SourceFormat detect(Path file, String fileName) throws IOException {
        long size = Files.size(file);
        if (size == 0) {
            throw new EngineException(
                    IngestErrorCode.EMPTY_FILE, "'%s' is empty (0 bytes); upload a file with data".formatted(fileName));
        }
        byte[] head = new byte[128];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(head, 0, head.length);
        }
        String extension = extension(fileName);
        if (startsWith(head, read, ZIP)) {
            String start = new String(head, 0, read, StandardCharsets.ISO_8859_1);
            if (start.contains("application/vnd.oasis.opendocument.spreadsheet")) {
                return ODS;
            }
            if (start.contains("application/vnd.oasis.opendocument")) {
                throw new EngineException(
                        IngestErrorCode.UNSUPPORTED_FORMAT,
                        ("'%s' is an OpenDocument file but not a spreadsheet (.odt, .odp, ...); save its tables as .ods,"
                                        + " .xlsx or .csv. %s")
                                .formatted(fileName, SUPPORTED));
            }
            if (binaryWorkbook(file)) {
                return XLSB;
            }
            String apple = appleDocument(file, extension);
            if (apple != null) {
                throw new EngineException(
                        IngestErrorCode.UNSUPPORTED_FORMAT,
                        "'%s' is %s; export it from the app as .xlsx or .csv. %s"
                                .formatted(fileName, apple, SUPPORTED));
            }
            return XLSX;
        }
        if (startsWith(head, read, OLE2)) {
            return XLS;
        }
        if (startsWith(head, read, SQLITE_MAGIC)) {
            return SQLITE;
        }
        if (read >= 4
                && head[0] == 0x09
                && (head[1] == 0x00 || head[1] == 0x02 || head[1] == 0x04)
                && head[3] == 0x00) {
            throw new EngineException(
                    IngestErrorCode.UNSUPPORTED_FORMAT,
                    ("'%s' is an Excel 2.x-4.0 worksheet (from before 1995), which is not supported; open it in Excel"
                                    + " or LibreOffice and save it as .xlsx. %s")
                            .formatted(fileName, SUPPORTED));
        }
        if (TEXT_EXTENSIONS.contains(extension)) {
            return CSV;
        }
        if (SPREADSHEET_EXTENSIONS.contains(extension)) {
            throw new EngineException(
                    IngestErrorCode.CORRUPT_FILE,
                    ("'%s' is named like an Excel workbook but is not"
                                    + " one (its first bytes are neither a ZIP nor an OLE2 container); if it is CSV text,"
                                    + " rename it to .csv")
                            .formatted(fileName));
        }
        String what = startsWith(head, read, "%PDF".getBytes(StandardCharsets.US_ASCII))
                ? "a PDF document"
                : extension.isEmpty() ? "a file without extension" : "a ." + extension + " file";
        throw new EngineException(
                IngestErrorCode.UNSUPPORTED_FORMAT, "'%s' is %s; %s".formatted(fileName, what, SUPPORTED));
    }

    /** Whether a ZIP is an Excel binary workbook: it holds {@code xl/workbook.bin}. */
    private static boolean binaryWorkbook(Path file) {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            return zip.getEntry("xl/workbook.bin") != null;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * What an Apple iWork document is, by its extension or its ZIP entries (an {@code Index/} of {@code .iwa}
     * archives); null for any other ZIP.
     */
    private static String appleDocument(Path file, String extension) {
        String named =
                switch (extension) {
                    case "numbers" -> "an Apple Numbers spreadsheet";
                    case "pages" -> "an Apple Pages document";
                    case "key" -> "an Apple Keynote presentation";
                    default -> null;
                };
        if (named != null) {
            return named;
        }
        try (ZipFile zip = new ZipFile(file.toFile())) {
            boolean iwork = zip.stream()
                    .anyMatch(entry -> entry.getName().startsWith("Index/")
                            && entry.getName().endsWith(".iwa"));
            return iwork ? "an Apple iWork document (Numbers, Pages or Keynote)" : null;
        } catch (IOException e) {
            return null;
        }
    }

    static String extension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot < 0 ? "" : fileName.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    private static boolean startsWith(byte[] head, int length, byte[] magic) {
        return length >= magic.length && Arrays.equals(head, 0, magic.length, magic, 0, magic.length);
    }
}
