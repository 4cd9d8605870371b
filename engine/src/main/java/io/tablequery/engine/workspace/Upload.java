package io.tablequery.engine.workspace;

import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.catalog.CatalogChange;
import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.CatalogStore;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.catalog.SheetInfo;
import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.catalog.VersionStore;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.FileIngestor;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.ingest.IngestedFile;
import io.tablequery.engine.ingest.IngestedSheet;
import io.tablequery.engine.ingest.IngestedTable;
import io.tablequery.engine.ingest.SourceFormat;
import io.tablequery.engine.ingest.TablePart;
import io.tablequery.engine.ingest.TableRole;
import io.tablequery.engine.ingest.report.IngestReport;
import io.tablequery.engine.ingest.report.TableDescriber;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.store.DuckDbStorage;
import io.tablequery.engine.store.ParallelTableWriter;
import io.tablequery.engine.store.StoredColumn;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One upload, from the uploaded bytes to the commit. The bytes are copied into {@code files/F<n>.partial/}; inside
 * one SQLite transaction the tables of a replaced file are dropped and the sheets are written to SQLite tables under
 * their final names ({@link TableNames}), their rows also spooled for the DuckDB copy; then the copy is moved to
 * {@code files/F<n>/} and the transaction records the file in the catalog. That SQLite commit is the moment the
 * upload exists, and the upload answers then: its DuckDB copy (from the spools), the profiles of its large tables and
 * the removal of what it replaced follow on the workspace's {@link DuckDbFollower}. Any failure before the commit
 * rolls everything back; nothing after it undoes the upload.
 */
final class Upload {
    private static final Logger LOG = LoggerFactory.getLogger(Upload.class);

    private final WorkspaceStorage storage;
    private final PublishedCatalog catalog;
    private final SupersededVersions versions;
    private final DuckDbFollower follower;
    private final String fileName;

    Upload(
            WorkspaceStorage storage,
            PublishedCatalog catalog,
            SupersededVersions versions,
            DuckDbFollower follower,
            String fileName) {
        this.storage = storage;
        this.catalog = catalog;
        this.versions = versions;
        this.follower = follower;
        this.fileName = fileName;
    }

    /** Runs the upload; the caller holds the write lock. */
    IngestResult run(InputStream source, IngestListener listener) {
        WorkspacePaths paths = storage.paths();
        CatalogSnapshot before = catalog.snapshot();
        int number = nextFileNumber();
        Path partial = paths.partialFileDirectory(number);
        Path committed = paths.fileDirectory(number);
        IngestedFile ingested = null;
        boolean transactionOpen = false;
        ForcedFile forced = null;
        List<DuckDbFollower.Preload> preloads = List.of();
        // The DuckDB copy opens on the follower's thread while this upload reads the file.
        follower.prepare();
        Map<String, ParallelTableWriter> writers = new HashMap<>();
        SourceFile file;
        IngestReport report;
        List<TableInfo> tables = new ArrayList<>();
        Optional<SourceFile> replaced;
        List<TableInfo> replacedTables;
        Map<String, TableProfile> profiles;
        try {
            FileTrees.delete(partial);
            FileTrees.delete(committed);
            Files.createDirectories(partial);
            Path stored = partial.resolve(fileName);
            String sha256 = copy(source, stored);
            // Forced to disk while the file is read into tables, and waited for before the commit.
            forced = ForcedFile.start(stored);
            long size = Files.size(stored);
            replaced = before.fileNamed(fileName);
            replacedTables = replaced.map(f -> before.tablesOf(f.number())).orElse(List.of());
            TableNames namer = new TableNames(SourceFormat.detect(stored, fileName), fileName, before, replaced);
            storage.writer().setAutoCommit(false);
            transactionOpen = true;
            dropSqliteTables(replacedTables);
            ingested = new FileIngestor(storage.options().ingest())
                    .ingest(
                            stored,
                            fileName,
                            (slot, columns, indexes) -> {
                                String name = namer.of(slot);
                                ParallelTableWriter writer =
                                        storage.openWriter(number, slot.sheet(), slot.part(), name, columns, indexes);
                                writers.put(name, writer);
                                return writer;
                            },
                            listener);
            if (!ingested.hasTables()) {
                throw noData(ingested);
            }
            Map<TablePart, String> names = namer.all();
            String ref = FileRefs.format(number);
            report = IngestReport.of(ref, fileName, ingested, names);
            List<SheetInfo> sheets = new ArrayList<>();
            for (IngestedSheet sheet : ingested.sheets()) {
                String first = sheet.tables().isEmpty()
                        ? null
                        : names.get(new TablePart(
                                sheet.number(), sheet.tables().get(0).part()));
                sheets.add(new SheetInfo(sheet.number(), sheet.name(), sheet.hidden(), first, sheet.status()));
                for (IngestedTable table : sheet.tables()) {
                    String name = names.get(new TablePart(sheet.number(), table.part()));
                    tables.add(new TableInfo(
                            name,
                            number,
                            sheet.number(),
                            sheet.name(),
                            table.rowCount(),
                            table.columns(),
                            TableDescriber.describe(ref, fileName, ingested.format(), sheet, table, names),
                            DuckDbStorage.storageName(number, sheet.number(), table.part()),
                            table.layoutWarnings(),
                            table.role() == TableRole.TOTALS
                                    ? names.get(new TablePart(sheet.number(), table.dataPart()))
                                    : null,
                            table.rowStride()));
                }
            }
            file = new SourceFile(
                    number,
                    fileName,
                    ingested.format().label(),
                    size,
                    sha256,
                    Instant.now(),
                    paths.directory().relativize(committed.resolve(fileName)).toString(),
                    sheets);
            profiles = readyProfiles(tables, writers);
            // The spools are complete: their DuckDB tables load while SQLite commits, and show once it has.
            preloads = preloads(tables, writers);
            follower.preload(preloads);
            forced.await();
            moveIntoPlace(partial, committed);
            commit(file, report, tables, profiles, replaced);
            transactionOpen = false;
        } catch (IOException | SQLException | RuntimeException e) {
            if (transactionOpen) {
                rollback();
            }
            stopWriters(writers.values(), e);
            if (forced != null) {
                forced.awaitQuietly();
            }
            // What was loaded ahead of the commit is dropped by the next pass.
            follower.abandon(preloads);
            FileTrees.delete(partial);
            FileTrees.delete(committed);
            if (e instanceof EngineException engine) {
                throw engine;
            }
            throw new EngineException(
                    IngestErrorCode.INGEST_FAILED, "could not store '%s': %s".formatted(fileName, e.getMessage()), e);
        }
        // Committed: nothing below undoes the upload.
        // The preloaded tables are handed to the catalog once it names them: a pass in between would drop them.
        try {
            catalog.publish(CatalogChange.upload(file, tables, profiles, replaced.map(SourceFile::number)));
        } finally {
            follower.committed(preloads);
        }
        follower.follow();
        if (replaced.isPresent()) {
            versions.applyRetention(catalog.snapshot(), number);
        }
        return new IngestResult(
                file, tables, replaced.map(SourceFile::number).orElse(null), report, warnings(ingested));
    }

    /**
     * The column profiles ready when the rows are written: those of small tables, made by their writers as they wrote
     * ({@link ParallelTableWriter#readyProfile()}). They are committed with the upload; the follower profiles the
     * others from their DuckDB copies.
     */
    private static Map<String, TableProfile> readyProfiles(
            List<TableInfo> tables, Map<String, ParallelTableWriter> writers) {
        Map<String, TableProfile> profiles = new HashMap<>();
        for (TableInfo table : tables) {
            ParallelTableWriter writer = writers.get(table.name());
            if (writer != null) {
                writer.readyProfile().ifPresent(profile -> profiles.put(table.name(), profile));
            }
        }
        return profiles;
    }

    /** The spools of the tables written, to load into DuckDB. */
    private static List<DuckDbFollower.Preload> preloads(
            List<TableInfo> tables, Map<String, ParallelTableWriter> writers) {
        List<DuckDbFollower.Preload> preloads = new ArrayList<>();
        for (TableInfo table : tables) {
            ParallelTableWriter writer = writers.get(table.name());
            if (writer != null) {
                preloads.add(new DuckDbFollower.Preload(table.storageName(), StoredColumn.of(table), writer.spool()));
            }
        }
        return preloads;
    }

    /** Stops the writers still running and waits for the profiles still being made, before the tables go. */
    private static void stopWriters(Collection<ParallelTableWriter> writers, Exception failure) {
        for (ParallelTableWriter writer : writers) {
            try {
                writer.abort();
            } catch (RuntimeException e) {
                failure.addSuppressed(e);
            }
        }
    }

    private int nextFileNumber() {
        try {
            return CatalogStore.nextFileNumber(storage.writer());
        } catch (SQLException e) {
            throw Databases.storageFailure("could not read the catalog", e);
        }
    }

    /** Drops a replaced file's tables inside the upload's transaction, so the new ones can take their names. */
    private void dropSqliteTables(List<TableInfo> tables) throws SQLException {
        try (Statement statement = storage.writer().createStatement()) {
            for (TableInfo table : tables) {
                statement.execute("DROP TABLE IF EXISTS " + quote(table.name()));
            }
        }
    }

    private void commit(
            SourceFile file,
            IngestReport report,
            List<TableInfo> tables,
            Map<String, TableProfile> profiles,
            Optional<SourceFile> replaced)
            throws SQLException {
        if (replaced.isPresent()) {
            // The replaced version's bytes stay in files/F<n>/ and its record and report here, so that its
            // F-number keeps naming it for the citations that name it.
            VersionStore.supersede(storage.writer(), replaced.get(), file.number(), file.uploadedAt());
            CatalogStore.deleteFile(storage.writer(), replaced.get().number());
        }
        for (TableInfo table : tables) {
            CatalogStore.insertTable(storage.writer(), table);
            TableProfile profile = profiles.get(table.name());
            if (profile != null) {
                CatalogStore.insertProfile(storage.writer(), table, profile);
            }
        }
        CatalogStore.insertFile(storage.writer(), file, JsonCodec.write(report));
        storage.writer().commit();
        storage.writer().setAutoCommit(true);
    }

    private void rollback() {
        try {
            storage.writer().rollback();
            storage.writer().setAutoCommit(true);
        } catch (SQLException e) {
            throw Databases.storageFailure("could not roll back the upload of '" + fileName + "'", e);
        }
    }

    private EngineException noData(IngestedFile ingested) {
        StringJoiner sheets = new StringJoiner("; ");
        ingested.sheets().stream()
                .limit(10)
                .forEach(sheet -> sheets.add("'%s': %s".formatted(sheet.name(), sheet.status())));
        if (ingested.sheets().size() > 10) {
            sheets.add("and %d more sheets".formatted(ingested.sheets().size() - 10));
        }
        return new EngineException(
                IngestErrorCode.NO_DATA,
                "no sheet of '%s' holds a table (%s)"
                        .formatted(fileName, ingested.sheets().isEmpty() ? "it has no sheets" : sheets.toString()));
    }

    private static List<String> warnings(IngestedFile ingested) {
        List<String> warnings = new ArrayList<>();
        for (IngestedSheet sheet : ingested.sheets()) {
            if (sheet.status().startsWith("skipped")) {
                warnings.add("sheet '%s' %s".formatted(sheet.name(), sheet.status()));
            }
        }
        return warnings;
    }

    /** Copies the upload into the workspace and returns its SHA-256; {@link ForcedFile} forces it to disk. */
    private static String copy(InputStream source, Path target) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from the JDK", e);
        }
        try (InputStream in = new DigestInputStream(source, digest);
                OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE_NEW)) {
            in.transferTo(out);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void moveIntoPlace(Path partial, Path committed) throws IOException {
        try {
            Files.move(partial, committed, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(partial, committed);
        }
        try (FileChannel channel = FileChannel.open(committed.getParent(), StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Some file systems cannot sync a directory; the SQLite commit still decides whether the upload exists.
        }
    }
}
