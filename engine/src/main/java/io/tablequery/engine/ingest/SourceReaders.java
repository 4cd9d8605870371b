package io.tablequery.engine.ingest;

import io.tablequery.engine.ingest.csv.CsvSourceReader;
import io.tablequery.engine.ingest.excel.OdsSourceReader;
import io.tablequery.engine.ingest.excel.XlsSourceReader;
import io.tablequery.engine.ingest.excel.XlsbSourceReader;
import io.tablequery.engine.ingest.excel.XlsxSourceReader;
import io.tablequery.engine.ingest.sqlite.SqliteSourceReader;

/** Makes the reader of a format; the formats themselves know nothing of their readers. */
public final class SourceReaders {
    private SourceReaders() {}

    /**
     * Returns a new reader of a format.
     *
     * @param format the format
     * @param settings ingest limits
     * @return the reader
     */
    public static SourceReader of(SourceFormat format, IngestSettings settings) {
        return switch (format) {
            case XLSX -> new XlsxSourceReader();
            case XLSB -> new XlsbSourceReader();
            case ODS -> new OdsSourceReader();
            case XLS -> new XlsSourceReader();
            case CSV -> new CsvSourceReader(settings.maxRecordChars());
            case SQLITE -> new SqliteSourceReader();
        };
    }
}
