package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** An immutable view of a workspace's catalog at one commit; readers hold it while they work. */
public final class CatalogSnapshot {
    private static final CatalogSnapshot EMPTY = new CatalogSnapshot(List.of(), List.of(), Map.of());

    private final List<SourceFile> files;
    private final List<TableInfo> tables;
    private final Map<Integer, SourceFile> filesByNumber = new LinkedHashMap<>();
    private final Map<String, TableInfo> tablesByName = new LinkedHashMap<>();
    private final Map<String, TableProfile> profiles = new HashMap<>();

    /**
     * Creates a snapshot.
     *
     * @param files the files, in any order
     * @param tables the tables, in any order
     * @param profiles the tables' column profiles by table name; a table may have none
     */
    public CatalogSnapshot(List<SourceFile> files, List<TableInfo> tables, Map<String, TableProfile> profiles) {
        this.files = requireNonNull(files, "files is null").stream()
                .sorted(Comparator.comparingInt(SourceFile::number))
                .toList();
        this.tables = requireNonNull(tables, "tables is null").stream()
                .sorted(Comparator.comparingInt(TableInfo::fileNumber).thenComparingInt(TableInfo::sheetNumber))
                .toList();
        this.files.forEach(file -> filesByNumber.put(file.number(), file));
        this.tables.forEach(table -> tablesByName.put(key(table.name()), table));
        requireNonNull(profiles, "profiles is null").forEach((name, profile) -> this.profiles.put(key(name), profile));
    }

    /**
     * Returns a snapshot with no files.
     *
     * @return the empty snapshot
     */
    public static CatalogSnapshot empty() {
        return EMPTY;
    }

    /**
     * Returns the files by F-number.
     *
     * @return the files
     */
    public List<SourceFile> files() {
        return files;
    }

    /**
     * Returns the tables by file, then sheet.
     *
     * @return the tables
     */
    public List<TableInfo> tables() {
        return tables;
    }

    /**
     * Finds a file by F-number.
     *
     * @param number the F-number
     * @return the file, if present
     */
    public Optional<SourceFile> file(int number) {
        return Optional.ofNullable(filesByNumber.get(number));
    }

    /**
     * Returns the name of a file, as uploaded.
     *
     * @param number the F-number
     * @return the file name, or an empty string when no file has that number
     */
    public String fileName(int number) {
        SourceFile file = filesByNumber.get(number);
        return file == null ? "" : file.name();
    }

    /**
     * Finds the file uploaded under a name.
     *
     * @param name the file name as uploaded
     * @return the file, if present
     */
    public Optional<SourceFile> fileNamed(String name) {
        return files.stream().filter(file -> file.name().equals(name)).findFirst();
    }

    /**
     * Finds a table by name, ignoring case as both SQL engines do.
     *
     * @param name the table name
     * @return the table, if present
     */
    public Optional<TableInfo> table(String name) {
        return Optional.ofNullable(tablesByName.get(key(name)));
    }

    /**
     * Returns the tables made from one file.
     *
     * @param fileNumber the F-number
     * @return the tables by sheet
     */
    public List<TableInfo> tablesOf(int fileNumber) {
        return tables.stream().filter(t -> t.fileNumber() == fileNumber).toList();
    }

    /**
     * Returns a table's column profiles, computed at upload.
     *
     * @param table the table
     * @return the profiles, if the table has them
     */
    public Optional<TableProfile> profile(TableInfo table) {
        return Optional.ofNullable(profiles.get(key(table.name())));
    }

    static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
