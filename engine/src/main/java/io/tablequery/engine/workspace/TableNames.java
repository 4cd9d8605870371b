package io.tablequery.engine.workspace;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableNamer;
import io.tablequery.engine.ingest.SourceFormat;
import io.tablequery.engine.ingest.TablePart;
import io.tablequery.engine.ingest.TableRole;
import io.tablequery.engine.ingest.TableSlot;
import io.tablequery.engine.store.DuckDbStorage;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Names an upload's tables as their writers open, so that each is written under its final name and the commit
 * renames nothing (a rename in SQLite rewrites the whole schema, whose size grows with the workspace). A sheet's
 * single table is {@code <file>_<sheet>} (the file's name for CSV, the table's own for a database), keeping the name
 * of the table it replaces; tables stacked in a sheet add their title or their place; a totals table is its data
 * table's name with {@code __totals}. A table opened again (its sheet read a second time) keeps its name.
 */
final class TableNames {
    private final SourceFormat format;
    private final String fileName;
    private final CatalogSnapshot before;
    private final int replacedNumber;
    private final Set<String> given = new HashSet<>();
    private final Map<String, String> previous = new HashMap<>();
    private final Map<TablePart, String> names = new HashMap<>();

    TableNames(SourceFormat format, String fileName, CatalogSnapshot before, Optional<SourceFile> replaced) {
        this.format = format;
        this.fileName = fileName;
        this.before = before;
        this.replacedNumber = replaced.map(SourceFile::number).orElse(0);
        for (TableInfo table : before.tablesOf(replacedNumber)) {
            if (table.storageName().equals(DuckDbStorage.storageName(table.fileNumber(), table.sheetNumber(), 0))) {
                previous.put(table.sheetName(), table.name());
            }
        }
    }

    /** Whether a lower-cased name is given in this upload or held by a table the upload does not replace. */
    private boolean taken(String lowerCase) {
        return given.contains(lowerCase)
                || before.table(lowerCase)
                        .filter(table -> table.fileNumber() != replacedNumber)
                        .isPresent();
    }

    /** The name of a table about to be written. */
    synchronized String of(TableSlot slot) {
        TablePart part = new TablePart(slot.sheet(), slot.part());
        String known = names.get(part);
        if (known != null) {
            return known;
        }
        String name = TableNamer.unique(base(slot), this::taken);
        given.add(key(name));
        names.put(part, name);
        return name;
    }

    /** Every name given, by sheet and part. */
    synchronized Map<TablePart, String> all() {
        return Map.copyOf(names);
    }

    private String base(TableSlot slot) {
        if (slot.role() == TableRole.TOTALS) {
            return TableNamer.withSuffix(names.get(new TablePart(slot.sheet(), slot.dataPart())), "__totals");
        }
        if (slot.role() == TableRole.LONG) {
            return TableNamer.withSuffix(names.get(new TablePart(slot.sheet(), slot.dataPart())), "__long");
        }
        String sheetBase =
                switch (format) {
                    case CSV -> TableNamer.forFile(fileName);
                    case SQLITE -> TableNamer.forDatabaseTable(slot.sheetName());
                    case XLSX, XLSB, XLS, ODS -> TableNamer.forSheet(fileName, slot.sheetName());
                };
        if (slot.position() == 1 && (slot.tablesInSheet() == 1 || slot.titles().isEmpty())) {
            return previous.getOrDefault(slot.sheetName(), sheetBase);
        }
        if (slot.titles().isEmpty()) {
            return TableNamer.withSuffix(sheetBase, "_" + slot.position());
        }
        return TableNamer.forBlock(sheetBase, slot.titles().get(slot.titles().size() - 1));
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
