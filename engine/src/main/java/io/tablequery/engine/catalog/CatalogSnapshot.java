package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** An immutable view of a workspace's catalog at one commit; readers hold it while they work. */
public final class CatalogSnapshot {
    private static final CatalogSnapshot EMPTY = new CatalogSnapshot(List.of(), List.of(), Map.of());

    private final List<SourceFile> files;
    private final List<TableInfo> tables;
    private final Map<Integer, SourceFile> filesByNumber;
    private final Map<String, TableInfo> tablesByName;
    private final Map<String, TableProfile> profiles;

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
        this.filesByNumber = new HashMap<>();
        this.tablesByName = new HashMap<>();
        this.profiles = new HashMap<>();
        this.files.forEach(file -> filesByNumber.put(file.number(), file));
        this.tables.forEach(table -> tablesByName.put(key(table.name()), table));
        requireNonNull(profiles, "profiles is null").forEach((name, profile) -> this.profiles.put(key(name), profile));
    }

    /** A snapshot made of structures built already, in the orders and with the keys the public constructor makes. */
    private CatalogSnapshot(
            List<SourceFile> files,
            List<TableInfo> tables,
            Map<Integer, SourceFile> filesByNumber,
            Map<String, TableInfo> tablesByName,
            Map<String, TableProfile> profiles) {
        this.files = Collections.unmodifiableList(files);
        this.tables = Collections.unmodifiableList(tables);
        this.filesByNumber = filesByNumber;
        this.tablesByName = tablesByName;
        this.profiles = profiles;
    }

    /**
     * Returns the snapshot that follows a committed change, from this one and the change alone: what a full read of
     * the catalog after the change would give, with the unchanged files, tables and profiles as they are here (the
     * same objects, so that what is derived from them can tell they did not change).
     *
     * @param change what the commit added and removed
     * @return the next snapshot
     */
    public CatalogSnapshot apply(CatalogChange change) {
        Set<Integer> removed = change.removed();
        List<SourceFile> nextFiles = new ArrayList<>(files.size() + 1);
        Map<Integer, SourceFile> nextFilesByNumber = new HashMap<>(filesByNumber);
        for (SourceFile file : files) {
            if (removed.contains(file.number())) {
                nextFilesByNumber.remove(file.number());
            } else {
                nextFiles.add(file);
            }
        }
        List<TableInfo> nextTables =
                new ArrayList<>(tables.size() + change.addedTables().size());
        Map<String, TableInfo> nextTablesByName = new HashMap<>(tablesByName);
        Map<String, TableProfile> nextProfiles = new HashMap<>(profiles);
        for (TableInfo table : tables) {
            if (removed.contains(table.fileNumber())) {
                nextTablesByName.remove(key(table.name()));
                nextProfiles.remove(key(table.name()));
            } else {
                nextTables.add(table);
            }
        }
        change.added().ifPresent(file -> {
            nextFiles.add(file);
            nextFilesByNumber.put(file.number(), file);
        });
        List<TableInfo> added = change.addedTables().stream()
                .sorted(Comparator.comparingInt(TableInfo::sheetNumber))
                .toList();
        nextTables.addAll(added);
        added.forEach(table -> nextTablesByName.put(key(table.name()), table));
        change.addedProfiles().forEach((name, profile) -> nextProfiles.put(key(name), profile));
        if (!ordered(nextFiles, nextTables)) {
            // Only a file numbered below one kept gets here; the full constructor sorts.
            return new CatalogSnapshot(nextFiles, nextTables, nextProfiles);
        }
        return new CatalogSnapshot(nextFiles, nextTables, nextFilesByNumber, nextTablesByName, nextProfiles);
    }

    /** Whether the files are in F-number order and the tables in file, then sheet order, as the constructor sorts. */
    private static boolean ordered(List<SourceFile> files, List<TableInfo> tables) {
        for (int i = 1; i < files.size(); i++) {
            if (files.get(i - 1).number() > files.get(i).number()) {
                return false;
            }
        }
        for (int i = 1; i < tables.size(); i++) {
            TableInfo before = tables.get(i - 1);
            TableInfo after = tables.get(i);
            if (before.fileNumber() > after.fileNumber()
                    || (before.fileNumber() == after.fileNumber() && before.sheetNumber() > after.sheetNumber())) {
                return false;
            }
        }
        return true;
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
