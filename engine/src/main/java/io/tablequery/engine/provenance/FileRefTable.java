package io.tablequery.engine.provenance;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.SheetInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * Maps the file references cited in a result ({@code F1}) to the files: their id, name and the cited sheets.
 *
 * @param files one entry per cited file, by F-number
 */
public record FileRefTable(List<Entry> files) {
    public FileRefTable {
        files = List.copyOf(requireNonNull(files, "files is null"));
    }

    /**
     * One cited file.
     *
     * @param fileRef the reference used in {@code __src}, for example {@code F1}
     * @param fileId the id to put in a citation's {@code file} attribute: the F-reference, which names this
     *     version of the file in its workspace for good ({@code GET /v1/workspaces/{ws}/files/F1/...})
     * @param fileName the file name as uploaded
     * @param sheets the cited sheets
     */
    public record Entry(String fileRef, String fileId, String fileName, List<Sheet> sheets) {
        public Entry {
            requireNonNull(fileRef, "fileRef is null");
            requireNonNull(fileId, "fileId is null");
            requireNonNull(fileName, "fileName is null");
            sheets = List.copyOf(requireNonNull(sheets, "sheets is null"));
        }
    }

    /**
     * One cited sheet.
     *
     * @param number the S-number
     * @param name the sheet name
     */
    public record Sheet(int number, String name) {
        public Sheet {
            requireNonNull(name, "name is null");
        }
    }

    /**
     * Builds the table for the cited sheets.
     *
     * @param cited the sheets the results cite
     * @param catalog the catalog the plan ran against
     * @return the file reference table
     */
    public static FileRefTable of(SortedSet<SheetRef> cited, CatalogSnapshot catalog) {
        Map<Integer, List<Sheet>> byFile = new TreeMap<>();
        for (SheetRef ref : cited) {
            String name = catalog.file(ref.fileNumber())
                    .flatMap(file -> file.sheets().stream()
                            .filter(sheet -> sheet.number() == ref.sheetNumber())
                            .map(SheetInfo::name)
                            .findFirst())
                    .orElse("");
            byFile.computeIfAbsent(ref.fileNumber(), k -> new ArrayList<>()).add(new Sheet(ref.sheetNumber(), name));
        }
        List<Entry> entries = new ArrayList<>();
        byFile.forEach((number, sheets) -> {
            String fileName = catalog.fileName(number);
            String ref = FileRefs.format(number);
            entries.add(new Entry(ref, ref, fileName, sheets));
        });
        return new FileRefTable(entries);
    }
}
