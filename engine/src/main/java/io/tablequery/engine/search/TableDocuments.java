package io.tablequery.engine.search;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.catalog.TableInfo;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.util.BytesRef;

/** Turns a table into the Lucene document search-tables indexes. */
final class TableDocuments {
    static final String ID = "id";
    static final String NAME = "name";
    static final String COLUMNS = "columns";
    static final String VALUES = "values";
    static final String DESCRIPTION = "description";
    static final List<String> SEARCHED = List.of(NAME, COLUMNS, VALUES, DESCRIPTION);
    static final int MEANING_TEXT_MAX = 500;
    private static final int DESCRIPTION_MAX = 300;

    private TableDocuments() {}

    static String id(TableInfo table) {
        return table.name().toLowerCase(Locale.ROOT);
    }

    static Document of(TableInfo table, CatalogSnapshot catalog) {
        Document document = new Document();
        // Found by its id (updates, deletions) and read back by document number from doc values, which a search
        // reads for every table it ranks without decompressing stored fields.
        document.add(new StringField(ID, id(table), Field.Store.NO));
        document.add(new SortedDocValuesField(ID, new BytesRef(id(table))));
        String fileName = catalog.fileName(table.fileNumber());
        document.add(new TextField(
                NAME,
                GeneratedParts.ofName(table.name()) + "\n" + GeneratedParts.ofName(table.sheetName()) + "\n"
                        + GeneratedParts.ofName(fileName),
                Field.Store.NO));
        StringJoiner columns = new StringJoiner("\n");
        GeneratedParts.columnNames(table).forEach(columns::add);
        document.add(new TextField(COLUMNS, columns.toString(), Field.Store.NO));
        document.add(new TextField(VALUES, values(table, catalog), Field.Store.NO));
        document.add(new TextField(DESCRIPTION, GeneratedParts.ofName(table.description()), Field.Store.NO));
        return document;
    }

    /**
     * The text a table's meaning is read from: its name, sheet and file as words, its columns, the start of its
     * description and its values, at most {@link #MEANING_TEXT_MAX} characters, which bounds what embedding a table costs.
     */
    static String meaningText(TableInfo table, CatalogSnapshot catalog) {
        StringBuilder text = new StringBuilder();
        String name = words(GeneratedParts.ofName(table.name()));
        text.append(name).append(". ");
        if (!table.sheetName().equalsIgnoreCase(catalog.fileName(table.fileNumber()))) {
            text.append(words(GeneratedParts.ofName(table.sheetName()))).append(", ");
        }
        String file = words(GeneratedParts.ofName(catalog.fileName(table.fileNumber())));
        if (!file.equalsIgnoreCase(name)) {
            text.append(file).append(". ");
        }
        text.append("Columns: ");
        StringJoiner columns = new StringJoiner(", ");
        GeneratedParts.columnNames(table).stream()
                .filter(column -> !column.isEmpty())
                .forEach(column -> columns.add(words(column)));
        text.append(columns).append(". ");
        String description = table.description().strip();
        text.append(description, 0, Math.min(description.length(), DESCRIPTION_MAX))
                .append(' ');
        String values = values(table, catalog).replace('\n', ',');
        if (!values.isEmpty()) {
            text.append("Values: ").append(values);
        }
        return text.length() <= MEANING_TEXT_MAX ? text.toString() : text.substring(0, MEANING_TEXT_MAX);
    }

    /** Whether a table's name or one of its columns' has CJK characters. */
    static boolean hasChineseNames(TableInfo table) {
        return Scripts.hasCjk(table.name())
                || table.columns().stream().anyMatch(column -> Scripts.hasCjk(column.name()));
    }

    /** A name as words: separators and a file extension become spaces. */
    private static String words(String name) {
        return name.replaceAll("\\.(csv|tsv|txt|xlsx|xlsm|xls|xlsb|ods|sqlite|db)$", "")
                .replaceAll("[_\\-.]+", " ")
                .strip();
    }

    /** The columns whose values are indexed: text and integers (names, codes, years). */
    static List<ColumnInfo> valueColumns(TableInfo table) {
        return table.columns().stream()
                .filter(column -> column.type() == ColumnType.TEXT || column.type() == ColumnType.INTEGER)
                .toList();
    }

    /** The distinct values of the table's text and integer columns with few distinct values (names, codes, years). */
    private static String values(TableInfo table, CatalogSnapshot catalog) {
        StringJoiner values = new StringJoiner("\n");
        catalog.profile(table).ifPresent(profile -> {
            for (ColumnInfo column : valueColumns(table)) {
                profile.column(column.name())
                        .map(ColumnProfile::values)
                        .orElse(List.of())
                        .forEach(values::add);
            }
        });
        return values.toString();
    }
}
