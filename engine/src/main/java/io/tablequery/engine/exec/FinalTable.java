package io.tablequery.engine.exec;

import io.tablequery.engine.result.ArrowStreams;
import io.tablequery.engine.result.RowBatches;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;

/**
 * One final table of a plan, as an engine hands it back: its visible columns, its size, and its rows in the step's
 * order, each followed by its {@code __src} citation.
 */
public interface FinalTable extends RowBatches {
    /**
     * Returns the columns results show: every column but the hidden provenance ones.
     *
     * @return the column names
     */
    List<String> columns();

    /**
     * Counts the table's rows. An engine that has to run the step's query to count may read the first rows the
     * caller asks for in the same go (through {@link #stream} or {@link #values}, before or after the count), and
     * count apart only when there are more.
     *
     * @param reading how many of the first rows the caller reads
     * @return the rows
     */
    long rowCount(long reading);

    /**
     * Writes the table as an Arrow IPC stream, typed as the engine types its columns.
     *
     * @param maxRows the most rows to write
     * @param out where the stream goes
     * @return the rows written and whether the table had more
     */
    ArrowStreams.Written writeArrow(long maxRows, OutputStream out);

    /**
     * Writes the table's lineage as an Arrow IPC stream: one row per row of the table (its number from 1, as {@code
     * row}) and source row it was computed from ({@code citation} such as {@code F1S2R5}, {@code file}, {@code sheet},
     * {@code source_row}), ordered by row, file, sheet and source row.
     *
     * @param maxRows the table's rows to list the sources of, from the first
     * @param out where the stream goes
     * @return the lineage rows written
     * @throws io.tablequery.engine.error.EngineException ENGINE_NOT_AVAILABLE on an engine that does not list lineage
     */
    ArrowStreams.Written writeLineage(long maxRows, OutputStream out);

    /**
     * Reads the first rows' values as SQLite's storage classes, for comparing engines: {@code Long}, {@code Double},
     * {@code String}, a blob as {@link ResultComparer.Blob}, or null.
     *
     * @param maxRows the most rows to read
     * @return the rows, visible columns only
     */
    List<List<Object>> values(int maxRows);

    /**
     * Says why the rows read so far cite whole sheets although their step carries row lineage, if they do.
     *
     * @return the reason, or empty
     */
    default Optional<String> citationNotice() {
        return Optional.empty();
    }
}
