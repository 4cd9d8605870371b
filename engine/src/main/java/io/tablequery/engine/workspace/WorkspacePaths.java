package io.tablequery.engine.workspace;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;

/**
 * Where a workspace keeps its parts.
 *
 * @param directory the workspace directory
 */
record WorkspacePaths(Path directory) {
    WorkspacePaths {
        requireNonNull(directory, "directory is null");
    }

    Path sqlite() {
        return directory.resolve("tables.sqlite");
    }

    Path duckDb() {
        return directory.resolve("tables.duckdb");
    }

    Path files() {
        return directory.resolve("files");
    }

    Path tmp() {
        return directory.resolve("tmp");
    }

    Path lock() {
        return directory.resolve(".lock");
    }

    /** The tables' meaning vectors, made again when missing. */
    Path meaningVectors() {
        return directory.resolve("meaning.vectors");
    }

    /** The directory holding the stored copy of file {@code F<number>}. */
    Path fileDirectory(int number) {
        return files().resolve("F" + number);
    }

    /** Where an upload's copy waits until the upload commits. */
    Path partialFileDirectory(int number) {
        return files().resolve("F" + number + ".partial");
    }
}
