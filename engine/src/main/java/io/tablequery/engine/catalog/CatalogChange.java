package io.tablequery.engine.catalog;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one committed write changed in the catalog: the file it added with its tables and their profiles, and the
 * files it removed with all of their tables; or profiles made after their tables' upload. A snapshot applies it ({@link CatalogSnapshot#apply}) without reading
 * the catalog again, so a commit costs the same however many tables the workspace holds.
 *
 * @param added the file added, if any
 * @param addedTables the added file's tables
 * @param addedProfiles their profiles by table name
 * @param removed the F-numbers of the current files removed or replaced
 */
public record CatalogChange(
        Optional<SourceFile> added,
        List<TableInfo> addedTables,
        Map<String, TableProfile> addedProfiles,
        Set<Integer> removed) {
    public CatalogChange {
        requireNonNull(added, "added is null");
        addedTables = List.copyOf(requireNonNull(addedTables, "addedTables is null"));
        addedProfiles = Map.copyOf(requireNonNull(addedProfiles, "addedProfiles is null"));
        removed = Set.copyOf(requireNonNull(removed, "removed is null"));
    }

    /**
     * An upload: a file and its tables added, and the file it replaces, if any, removed.
     *
     * @param file the uploaded file
     * @param tables its tables
     * @param profiles their profiles by table name
     * @param replaced the F-number of the file it replaces, if any
     * @return the change
     */
    public static CatalogChange upload(
            SourceFile file, List<TableInfo> tables, Map<String, TableProfile> profiles, Optional<Integer> replaced) {
        return new CatalogChange(
                Optional.of(file), tables, profiles, replaced.map(Set::of).orElse(Set.of()));
    }

    /**
     * Profiles of tables already in the catalog, made after their upload (from their DuckDB copy).
     *
     * @param profiles the profiles by table name
     * @return the change
     */
    public static CatalogChange profiles(Map<String, TableProfile> profiles) {
        return new CatalogChange(Optional.empty(), List.of(), profiles, Set.of());
    }

    /**
     * A removal of a current file and its tables.
     *
     * @param fileNumber the F-number
     * @return the change
     */
    public static CatalogChange removal(int fileNumber) {
        return new CatalogChange(Optional.empty(), List.of(), Map.of(), Set.of(fileNumber));
    }
}
