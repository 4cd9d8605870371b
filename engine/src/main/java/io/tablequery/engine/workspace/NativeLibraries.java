package io.tablequery.engine.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * Where the database drivers' native libraries come from, so that a process killed with SIGKILL leaves nothing behind.
 *
 * <ul>
 *   <li>SQLite's is unpacked once per driver version into a cache directory ({@code tq.native.dir}, else
 *       {@code $XDG_CACHE_HOME/tablequery/native}, else {@code ~/.cache/tablequery/native}) and loaded from there,
 *       through the driver's {@code org.sqlite.lib.path}; left to itself the driver unpacks a copy per process into
 *       {@code java.io.tmpdir} and deletes it only at a normal exit.
 *   <li>ONNX Runtime's two libraries (16 MB), which the meaning models run on, likewise, once per jar that carries
 *       them, through {@code onnxruntime.native.path}: left to itself it unpacks them for each process into a new
 *       {@code onnxruntime-java*} folder of {@code java.io.tmpdir}, which a killed process leaves behind.
 *   <li>DuckDB's driver has no such setting: when its library is inside a jar it unpacks a new copy (69 MB) for each
 *       process. {@code tq.jar} therefore leaves the library out and carries it beside the jar, where the driver finds
 *       it; any other process (tests, benchmarks, an embedding application) still unpacks.
 * </ul>
 *
 * <p>Stale copies that killed processes left in {@code java.io.tmpdir} are removed here.
 */
public final class NativeLibraries {
    private static final Logger LOG = LoggerFactory.getLogger(NativeLibraries.class);
    /** Copies younger than this may belong to a process still starting; older ones are loaded or abandoned. */
    static final Duration STALE_AFTER = Duration.ofMinutes(10);

    /** The note, beside an unpacked library, naming it once it is complete. */
    private static final String READY = "ready";

    private static final Pattern UNSAFE_NAME = Pattern.compile("[^a-z0-9_.-]");

    private static boolean prepared;

    private NativeLibraries() {}

    /** ONNX Runtime's property naming the folder its libraries are loaded from. */
    static final String ONNX_RUNTIME_PATH = "onnxruntime.native.path";

    /** Prepares the native libraries once per process; call before the first connection. */
    public static synchronized void prepare() {
        if (prepared) {
            return;
        }
        prepared = true;
        removeStaleCopies(Path.of(System.getProperty("java.io.tmpdir")), Instant.now());
        if (System.getProperty("org.sqlite.lib.path") == null) {
            try {
                Path library = unpackSqlite(cacheDirectory());
                System.setProperty("org.sqlite.lib.path", library.getParent().toString());
                System.setProperty("org.sqlite.lib.name", library.getFileName().toString());
            } catch (IOException | UncheckedIOException e) {
                LOG.debug("could not keep SQLite's native library in the cache; the driver unpacks its own copy", e);
            }
        }
        if (System.getProperty(ONNX_RUNTIME_PATH) == null) {
            try {
                unpackOnnxRuntime(cacheDirectory())
                        .ifPresent(folder -> System.setProperty(ONNX_RUNTIME_PATH, folder.toString()));
            } catch (IOException | UncheckedIOException e) {
                LOG.debug("could not keep ONNX Runtime's native libraries in the cache; it unpacks its own copy", e);
            }
        }
    }

    /** The cache directory for unpacked libraries. */
    static Path cacheDirectory() {
        String configured = System.getProperty("tq.native.dir");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        String cache = System.getenv("XDG_CACHE_HOME");
        Path base =
                cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("tablequery").resolve("native");
    }

    /**
     * Unpacks SQLite's library for this platform into {@code directory/sqlite-jdbc-<version>/<os>-<arch>/}, unless it
     * is there already; a copy is written beside its final name and moved into place, so concurrent processes never
     * load half a file. A copy already there is found from the JVM's {@code os.name} and {@code os.arch} alone:
     * asking the driver which of its libraries fits runs {@code uname}, a process start that costs more than the rest
     * of this.
     *
     * @return the library's path
     */
    static Path unpackSqlite(Path directory) throws IOException {
        Path folder = directory
                .resolve("sqlite-jdbc-" + SQLiteJDBCLoader.getVersion())
                .resolve(UNSAFE_NAME
                        .matcher((System.getProperty("os.name") + "-" + System.getProperty("os.arch"))
                                .toLowerCase(Locale.ROOT))
                        .replaceAll("_"));
        Path ready = folder.resolve(READY);
        if (Files.isRegularFile(ready)) {
            Path library = folder.resolve(
                    Files.readString(ready, StandardCharsets.UTF_8).strip());
            if (Files.isRegularFile(library)) {
                return library;
            }
        }
        String name = LibraryLoaderUtil.getNativeLibName();
        String resource = LibraryLoaderUtil.getNativeLibResourcePath() + "/" + name;
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("the SQLite driver has no native library at " + resource);
            }
            Files.createDirectories(folder);
            place(folder, name, out -> Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING));
            place(folder, READY, out -> Files.writeString(out, name, StandardCharsets.UTF_8));
        }
        return folder.resolve(name);
    }

    /**
     * Unpacks ONNX Runtime's libraries for this platform into {@code directory/onnxruntime-<jar>/<platform>/}, unless
     * they are there already, each written beside its final name and moved into place. The folder is named after the
     * jar that carries them (its path, size and time), which costs two file reads where a checksum of the library
     * would read it whole: a new build unpacks again.
     *
     * @return the folder, or empty when the libraries are not in a jar of a platform ONNX Runtime names here
     */
    static Optional<Path> unpackOnnxRuntime(Path directory) throws IOException {
        String platform = onnxPlatform();
        String[] names = {System.mapLibraryName("onnxruntime"), System.mapLibraryName("onnxruntime4j_jni")};
        String resources = "/ai/onnxruntime/native/" + platform + "/";
        URL library = NativeLibraries.class.getResource(resources + names[0]);
        if (platform.isEmpty() || library == null || !"jar".equals(library.getProtocol())) {
            return Optional.empty();
        }
        String url = library.getPath();
        Path jar;
        try {
            jar = Path.of(new URI(url.substring(0, url.indexOf("!/"))));
        } catch (URISyntaxException | IllegalArgumentException | IndexOutOfBoundsException e) {
            return Optional.empty();
        }
        String identity = jar.toAbsolutePath() + "|" + Files.size(jar) + "|" + Files.getLastModifiedTime(jar);
        Path folder = directory
                .resolve("onnxruntime-" + Integer.toHexString(identity.hashCode()))
                .resolve(platform);
        if (Files.isRegularFile(folder.resolve(READY))) {
            return Optional.of(folder);
        }
        Files.createDirectories(folder);
        for (String name : names) {
            try (InputStream in = NativeLibraries.class.getResourceAsStream(resources + name)) {
                if (in == null) {
                    return Optional.empty();
                }
                place(folder, name, out -> Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING));
            }
        }
        place(folder, READY, out -> Files.writeString(out, identity, StandardCharsets.UTF_8));
        return Optional.of(folder);
    }

    /** ONNX Runtime's name of this platform's folder of libraries, or empty for one it is not named here. */
    private static String onnxPlatform() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        String system = os.contains("linux") ? "linux" : os.contains("mac") ? "osx" : os.contains("win") ? "win" : "";
        String machine =
                arch.equals("amd64") || arch.equals("x86_64") ? "x64" : arch.equals("aarch64") ? "aarch64" : "";
        return system.isEmpty() || machine.isEmpty() ? "" : system + "-" + machine;
    }

    /** What writes a file. */
    private interface Writer {
        void write(Path file) throws IOException;
    }

    /** Writes a file of a folder beside its name and moves it into place, so no process reads half of it. */
    private static void place(Path folder, String name, Writer writer) throws IOException {
        Path partial = Files.createTempFile(folder, name, ".partial");
        try {
            writer.write(partial);
            AtomicFiles.replace(partial, folder.resolve(name));
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /**
     * Removes the copies of native libraries that processes unpacked into a temp directory and, killed, never
     * deleted: DuckDB's {@code libduckdb_java*.so}, SQLite's {@code sqlite-*-libsqlitejdbc.so} with its {@code .lck},
     * and ONNX Runtime's {@code onnxruntime-java*} folders with what they hold, older than {@link #STALE_AFTER}. A copy
     * still loaded by a live process loses only its name: the process keeps the mapped library.
     *
     * @param directory the temp directory
     * @param now the current time
     * @return how many files were removed
     */
    static int removeStaleCopies(Path directory, Instant now) {
        int removed = 0;
        FileTime cutoff = FileTime.from(now.minus(STALE_AFTER));
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, NativeLibraries::isDriverCopy)) {
            for (Path entry : entries) {
                try {
                    if (Files.getLastModifiedTime(entry).compareTo(cutoff) >= 0) {
                        continue;
                    }
                    if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                        try (DirectoryStream<Path> files = Files.newDirectoryStream(entry)) {
                            for (Path file : files) {
                                Files.delete(file);
                            }
                        }
                    }
                    Files.delete(entry);
                    removed++;
                } catch (IOException e) {
                    LOG.debug("could not remove the stale library copy {}", entry, e);
                }
            }
        } catch (IOException e) {
            LOG.debug("could not list {} for stale library copies", directory, e);
        }
        if (removed > 0) {
            // Housekeeping, not news: at INFO it reached a command's standard error, which agents read as its answer
            // (and the launcher's route to a server, which prints no such line, must print what the command does).
            LOG.debug("removed {} native library copies that killed processes left in {}", removed, directory);
        }
        return removed;
    }

    private static boolean isDriverCopy(Path path) {
        String name = path.getFileName().toString();
        return (name.startsWith("libduckdb_java") && name.contains(".so") && Files.isRegularFile(path))
                || (name.startsWith("sqlite-") && name.contains("sqlitejdbc") && Files.isRegularFile(path))
                || (name.startsWith("onnxruntime-java") && Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS));
    }
}
