package io.tablequery.server.views;

import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.joins.TableJoin;
import io.tablequery.engine.skill.SchemaText;
import io.tablequery.engine.skill.TableSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer of get-schemas.
 *
 * @param tables one entry per table, in the order asked
 * @param text the same answer as the text agents read
 */
public record SchemasView(List<Table> tables, String text) {
    /**
     * One table.
     *
     * @param name the table name
     * @param file the F-reference of its file
     * @param fileName the file name
     * @param sheet the S-number
     * @param sheetName the sheet name
     * @param rowCount the rows
     * @param description the generated description
     * @param createTable the CREATE TABLE in SQLite syntax
     * @param sampleRows sample rows, each with its R-number first
     * @param columns each column with its declared type and profile
     * @param layoutWarnings why the table's layout may not be a table, when ingest found signs of that
     * @param joins the joins the table takes part in: declared foreign keys first, then inferred ones
     */
    public record Table(
            String name,
            String file,
            String fileName,
            int sheet,
            String sheetName,
            long rowCount,
            String description,
            String createTable,
            List<SampleRow> sampleRows,
            List<Column> columns,
            List<String> layoutWarnings,
            List<TableJoin> joins) {}

    /**
     * A sample row.
     *
     * @param row its R-number
     * @param values its values, null for NULL
     */
    public record SampleRow(long row, List<String> values) {}

    /**
     * A column.
     *
     * @param name its name
     * @param type its logical type
     * @param declaredType the type the SQLite copy declares
     * @param profile its profile, or null for a table profiled before profiles were kept
     */
    public record Column(String name, String type, String declaredType, Profile profile) {}

    /**
     * What a column's values look like, as get-schemas has always shown it; the facts the translator reads from the
     * same profile are not part of it.
     *
     * @param name the column name
     * @param nullCount how many rows hold NULL
     * @param distinctCount how many distinct non-null values there are
     * @param min the smallest value as text, or null
     * @param max the largest value as text, or null
     * @param values the values of a column with few, else empty
     */
    public record Profile(
            String name, long nullCount, long distinctCount, String min, String max, List<String> values) {
        static Profile of(ColumnProfile profile) {
            return profile == null
                    ? null
                    : new Profile(
                            profile.name(),
                            profile.nullCount(),
                            profile.distinctCount(),
                            profile.min(),
                            profile.max(),
                            profile.values());
        }
    }

    /**
     * Shows schemas.
     *
     * @param schemas the schemas
     * @return their view
     */
    public static SchemasView of(List<TableSchema> schemas) {
        List<Table> tables = new ArrayList<>();
        for (TableSchema schema : schemas) {
            var table = schema.table();
            List<SampleRow> rows = new ArrayList<>();
            for (int i = 0; i < schema.sampleRows().size(); i++) {
                rows.add(new SampleRow(
                        schema.sampleRowNumbers().get(i), schema.sampleRows().get(i)));
            }
            List<Column> columns = new ArrayList<>();
            for (int i = 0; i < table.columns().size(); i++) {
                ColumnInfo column = table.columns().get(i);
                columns.add(new Column(
                        column.name(),
                        column.type().name(),
                        schema.declaredTypes().get(i),
                        Profile.of(
                                i < schema.profiles().size() ? schema.profiles().get(i) : null)));
            }
            tables.add(new Table(
                    table.name(),
                    FileRefs.format(table.fileNumber()),
                    schema.fileName(),
                    table.sheetNumber(),
                    table.sheetName(),
                    table.rowCount(),
                    table.description(),
                    schema.createTable(),
                    rows,
                    columns,
                    table.layoutWarnings(),
                    schema.joins()));
        }
        return new SchemasView(tables, SchemaText.format(schemas));
    }
}
