package io.tablequery.engine.ingest.csv;

import de.siegmar.fastcsv.reader.CommentStrategy;
import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.RawRow;
import io.tablequery.engine.ingest.ReadAgain;
import io.tablequery.engine.ingest.ReadProgress;
import io.tablequery.engine.ingest.RecordCounts;
import io.tablequery.engine.ingest.RowSink;
import io.tablequery.engine.ingest.SheetSource;
import io.tablequery.engine.ingest.SheetVisitor;
import io.tablequery.engine.ingest.SourceDetails;
import io.tablequery.engine.ingest.SourceKind;
import io.tablequery.engine.ingest.SourceReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.io.input.BoundedInputStream;

/** Reads CSV and TSV files as one sheet ({@code S1}) of text cells. */
public final class CsvSourceReader implements SourceReader {
    private static final int SNIFF_CHARS = 64 * 1024;
    private static final long PROGRESS_STEP = 1 << 20;

    private final int maxRecordChars;
    /** The dialect a first read found the file to be in, when it asked to be read again ({@link ReadAgain}). */
    private CsvDialect found;

    private String foundNote;

    /**
     * Creates a reader.
     *
     * @param maxRecordChars the longest record accepted, in characters
     */
    public CsvSourceReader(int maxRecordChars) {
        this.maxRecordChars = maxRecordChars;
    }

    @Override
    public SourceDetails read(Path file, String displayName, SheetVisitor visitor, ReadProgress progress)
            throws IOException {
        TextEncoding encoding = EncodingDetector.detect(file, displayName);
        CsvDialect dialect = found != null
                ? found
                : CsvDialect.sniff(
                        sample(file, encoding),
                        displayName.toLowerCase(Locale.ROOT).endsWith(".tsv"));
        char delimiter = dialect.delimiter();
        List<String> notes = new ArrayList<>();
        if (foundNote != null) {
            notes.add(foundNote);
        }
        if (dialect.quote() == '\'') {
            notes.add("fields are quoted with single quotes (') and read so");
        }
        if (dialect.backslashEscapes()) {
            notes.add("quotes inside quoted fields are escaped with a backslash (\\\") and read so");
        }
        if (dialect.initialSpace()) {
            notes.add("fields follow their delimiter after spaces (a, \"b, c\"): the spaces after each delimiter were"
                    + " dropped, so quoted fields stay whole");
        }
        RowSink sink = visitor.beginSheet(new SheetSource(1, displayName, false, SourceKind.DELIMITED, false));
        if (sink == null) {
            return details(encoding, delimiter, notes);
        }
        long total = Files.size(file);
        RecordCounts counts;
        try (InputStream raw = Files.newInputStream(file);
                BoundedInputStream counted =
                        BoundedInputStream.builder().setInputStream(raw).get();
                Reader text = text(reader(counted, encoding), dialect);
                CsvReader<CsvRecord> csv = CsvReader.builder()
                        .fieldSeparator(delimiter)
                        .quoteCharacter(dialect.quote())
                        .commentStrategy(dialect.comments() ? CommentStrategy.READ : CommentStrategy.NONE)
                        .commentCharacter('#')
                        .skipEmptyLines(false)
                        .allowExtraFields(true)
                        .allowMissingFields(true)
                        .allowExtraCharsAfterClosingQuote(true)
                        .detectBomHeader(false)
                        .maxBufferSize(maxRecordChars)
                        .ofCsvRecord(text)) {
            RawRow row = new RawRow();
            CsvLines lines = new CsvLines(delimiter, dialect.quote());
            long record = 0;
            long nextProgress = PROGRESS_STEP;
            for (CsvRecord fields : csv) {
                lines.add(fields);
                if (fields.isComment()) {
                    continue;
                }
                row.reset(++record);
                for (int i = 0; i < fields.getFieldCount(); i++) {
                    row.setText(i, fields.getField(i));
                }
                sink.row(row);
                if (counted.getCount() >= nextProgress) {
                    progress.advanced(counted.getCount(), total);
                    nextProgress = counted.getCount() + PROGRESS_STEP;
                }
            }
            lines.finish();
            quotesChecked(dialect, lines, notes);
            counts = lines.counts();
            progress.advanced(total, total);
        } catch (CsvParseException | UncheckedIOException e) {
            throw parseError(displayName, e);
        }
        sink.end(List.of());
        return new SourceDetails(encoding.name(), delimiterName(delimiter), notes, counts);
    }

    /**
     * Quoted fields that ran over several lines where the file's other records have another field count swallowed
     * lines: when no other field needs quotes and few fields begin with one, the file is read again with its quotes as
     * text (each line a record); otherwise the upload says so.
     */
    private void quotesChecked(CsvDialect dialect, CsvLines lines, List<String> notes) {
        long stray = lines.strayRecords();
        if (stray == 0 || !dialect.quotes()) {
            return;
        }
        String what = "%,d quoted fields ran over %,d lines where the file's other records have %d fields"
                .formatted(stray, lines.strayLines(), lines.usualFields());
        if (found == null && !lines.quotingNeeded() && !dialect.quotesCommon()) {
            found = dialect.withoutQuotes();
            foundNote = what + ", and no other field needs quotes: the file's " + dialect.quote()
                    + " characters were read as text, so each line is a record";
            throw new ReadAgain(foundNote);
        }
        notes.add(what + ": check the file's quotes, as those records may hold lines that belong to others");
    }

    private static SourceDetails details(TextEncoding encoding, char delimiter, List<String> notes) {
        return new SourceDetails(encoding.name(), delimiterName(delimiter), notes);
    }

    private static String delimiterName(char delimiter) {
        return switch (delimiter) {
            case ',' -> "comma";
            case ';' -> "semicolon";
            case '\t' -> "tab";
            case '|' -> "pipe";
            default -> String.valueOf(delimiter);
        };
    }

    private EngineException parseError(String displayName, RuntimeException e) {
        String message = String.valueOf(e.getMessage());
        Throwable cause = e.getCause();
        String detail = cause != null && cause.getMessage() != null ? message + ": " + cause.getMessage() : message;
        if (detail.contains("buffer size") || detail.contains("Maximum")) {
            return new EngineException(
                    IngestErrorCode.RECORD_TOO_LARGE,
                    ("a record of '%s' is longer than %d"
                                    + " characters (%s); the file may use an unbalanced quote character, or hold a field too"
                                    + " large for a table cell")
                            .formatted(displayName, maxRecordChars, detail),
                    e);
        }
        return new EngineException(
                IngestErrorCode.CORRUPT_FILE, "could not parse '%s' as CSV: %s".formatted(displayName, detail), e);
    }

    /** The file's text as the parser reads it: spaces after delimiters dropped, escaped quotes doubled. */
    private static Reader text(Reader decoded, CsvDialect dialect) {
        Reader text = dialect.initialSpace()
                ? new InitialSpaceReader(decoded, dialect.delimiter(), dialect.quote())
                : decoded;
        return dialect.backslashEscapes()
                ? new BackslashEscapeReader(text, dialect.delimiter(), dialect.quote())
                : text;
    }

    private static String sample(Path file, TextEncoding encoding) throws IOException {
        try (InputStream in = Files.newInputStream(file);
                Reader reader = reader(in, encoding)) {
            char[] buffer = new char[SNIFF_CHARS];
            int filled = 0;
            for (int n; filled < buffer.length && (n = reader.read(buffer, filled, buffer.length - filled)) > 0; ) {
                filled += n;
            }
            return new String(buffer, 0, filled);
        }
    }

    private static Reader reader(InputStream in, TextEncoding encoding) throws IOException {
        long skipped = in.skip(encoding.bomLength());
        if (skipped != encoding.bomLength()) {
            throw new IOException("could not skip the byte-order mark");
        }
        return new InputStreamReader(
                in,
                encoding.charset()
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPLACE)
                        .onUnmappableCharacter(CodingErrorAction.REPLACE));
    }
}
