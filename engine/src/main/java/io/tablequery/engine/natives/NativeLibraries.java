package io.tablequery.engine.natives;

import io.tablequery.engine.files.AtomicFiles;
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
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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
 *       them, through {@code onnxruntime.native.path}, just before its first use ({@link #prepareOnnxRuntime}): left
 *       to itself it unpacks them for each process into a new {@code onnxruntime-java*} folder of {@code
 *       java.io.tmpdir}, which a killed process leaves behind.
 *   <li>The embedding models (24-34 MB each), once per jar, so that ONNX Runtime reads a model from its file instead
 *       of the process inflating it from the jar into memory first ({@link #unpackModel}).
 *   <li>DuckDB's driver has no such setting: when its library is inside a jar it unpacks a new copy (69 MB) for each
 *       process. {@code tq.jar} therefore leaves the library out and carries it beside the jar, where the driver finds
 *       it; any other process (tests, benchmarks, an embedding application) still unpacks.
 * </ul>
 *
 * <p>Stale copies that killed processes left in {@code java.io.tmpdir} are removed here, and so are the folders of
 * earlier jars in the cache (each build of {@code tq.jar} is another jar) once they are {@link #STALE_AFTER} old: a
 * process of an earlier jar unpacks its own again when it needs them, as each is made ready just before its use.
 */
public final class NativeLibraries {
    private static final Logger LOG = LoggerFactory.getLogger(NativeLibraries.class);
    /** Copies younger than this may belong to a process still starting; older ones are loaded or abandoned. */
    static final Duration STALE_AFTER = Duration.ofMinutes(10);

    /** The note, beside an unpacked library, naming it once it is complete. */
    private static final String READY = "ready";

    private static final Pattern UNSAFE_NAME = Pattern.compile("[^a-z0-9_.-]");

    private static boolean prepared;

    /** The folder this process pointed ONNX Runtime at, if it did. */
    private static String onnxRuntimeFolder;

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
    }

    /**
     * Makes ONNX Runtime's libraries ready in the cache and points ONNX Runtime at them; call before the first use of
     * ONNX Runtime (it reads the setting once), again when unsure: it unpacks them again when they went missing.
     */
    public static synchronized void prepareOnnxRuntime() {
        String configured = System.getProperty(ONNX_RUNTIME_PATH);
        if (configured != null && !configured.equals(onnxRuntimeFolder)) {
            return;
        }
        try {
            unpackOnnxRuntime(cacheDirectory()).ifPresent(folder -> {
                onnxRuntimeFolder = folder.toString();
                System.setProperty(ONNX_RUNTIME_PATH, onnxRuntimeFolder);
            });
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("could not keep ONNX Runtime's native libraries in the cache; it unpacks its own copy", e);
        }
    }

    /**
     * Makes a model's files ready in the cache, unpacked from the jar that carries them.
     *
     * @param name the model's name, which names its folder
     * @param resources the model's files, resources at the root of the class path
     * @return the folder holding them under their names, or empty when they are not in a jar or could not be written
     *     (the caller then reads them from the class path)
     */
    public static Optional<Path> unpackModel(String name, String... resources) {
        try {
            return unpackFromJar(cacheDirectory(), name, "/", "", resources);
        } catch (IOException | UncheckedIOException e) {
            LOG.debug("could not keep the model {} in the cache; it is read from the jar", name, e);
            return Optional.empty();
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
     * they are there already ({@link #unpackFromJar}).
     *
     * @return the folder, or empty when the libraries are not in a jar of a platform ONNX Runtime names here
     */
    static Optional<Path> unpackOnnxRuntime(Path directory) throws IOException {
        String platform = onnxPlatform();
        if (platform.isEmpty()) {
            return Optional.empty();
        }
        return unpackFromJar(
                        directory,
                        "onnxruntime",
                        "/ai/onnxruntime/native/" + platform + "/",
                        platform,
                        System.mapLibraryName("onnxruntime"),
                        System.mapLibraryName("onnxruntime4j_jni"))
                .map(folder -> folder.resolve(platform));
    }

    /**
     * Unpacks resources of one jar into {@code directory/<name>-<jar>/<below>/}, unless they are there already, each
     * written beside its final name and moved into place, then a note that they are ready. The folder is named after
     * the jar that carries them (its path, size and time), which costs two file reads where a checksum would read them
     * whole: a new build unpacks again, and removes the folders of earlier jars made ready {@link #STALE_AFTER} ago or
     * more.
     *
     * @param directory the cache directory
     * @param name what the resources are, which names the folder
     * @param path the resources' folder in the jar, from {@code /} to its last {@code /}
     * @param below the folder under {@code directory/<name>-<jar>} they go to, empty for that folder itself
     * @param resources the resources' names in that folder
     * @return the folder ({@code directory/<name>-<jar>}), or empty when a resource is not in a jar
     */
    static Optional<Path> unpackFromJar(Path directory, String name, String path, String below, String... resources)
            throws IOException {
        URL first = NativeLibraries.class.getResource(path + resources[0]);
        if (first == null || !"jar".equals(first.getProtocol())) {
            return Optional.empty();
        }
        String url = first.getPath();
        Path jar;
        try {
            jar = Path.of(new URI(url.substring(0, url.indexOf("!/"))));
        } catch (URISyntaxException | IllegalArgumentException | IndexOutOfBoundsException e) {
            return Optional.empty();
        }
        String identity = jar.toAbsolutePath() + "|" + Files.size(jar) + "|" + Files.getLastModifiedTime(jar);
        Path top = directory.resolve(name + "-" + Integer.toHexString(identity.hashCode()));
        Path folder = top.resolve(below);
        if (Files.isRegularFile(folder.resolve(READY))
                && Stream.of(resources).allMatch(resource -> Files.isRegularFile(folder.resolve(resource)))) {
            return Optional.of(top);
        }
        Files.createDirectories(folder);
        for (String resource : resources) {
            try (InputStream in = NativeLibraries.class.getResourceAsStream(path + resource)) {
                if (in == null) {
                    return Optional.empty();
                }
                place(folder, resource, out -> Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING));
            }
        }
        place(folder, READY, out -> Files.writeString(out, identity, StandardCharsets.UTF_8));
        removeEarlierJars(directory, name, top, Instant.now());
        return Optional.of(top);
    }

    /**
     * Removes the folders of {@code name} that other jars unpacked and that were made ready {@link #STALE_AFTER} ago
     * or more: each build of the jar unpacks anew, and the folders of earlier builds (tens of MB each) would pile up.
     *
     * @param directory the cache directory
     * @param name what the folders hold
     * @param kept this jar's folder
     * @param now the current time
     * @return how many folders were removed
     */
    static int removeEarlierJars(Path directory, String name, Path kept, Instant now) {
        int removed = 0;
        FileTime cutoff = FileTime.from(now.minus(STALE_AFTER));
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(
                directory,
                folder -> folder.getFileName().toString().startsWith(name + "-")
                        && !folder.equals(kept)
                        && Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS))) {
            for (Path folder : folders) {
                try (Stream<Path> files = Files.walk(folder)) {
                    List<Path> all = files.sorted(Comparator.reverseOrder()).toList();
                    boolean stale = all.stream()
                            .filter(file -> file.getFileName().toString().equals(READY))
                            .findFirst()
                            .map(ready -> modifiedBefore(ready, cutoff))
                            .orElseGet(() -> modifiedBefore(folder, cutoff));
                    if (stale) {
                        for (Path file : all) {
                            Files.deleteIfExists(file);
                        }
                        removed++;
                    }
                } catch (IOException | UncheckedIOException e) {
                    LOG.debug("could not remove the earlier jar's folder {}", folder, e);
                }
            }
        } catch (IOException e) {
            LOG.debug("could not list {} for earlier jars' folders", directory, e);
        }
        return removed;
    }

    private static boolean modifiedBefore(Path file, FileTime cutoff) {
        try {
            return Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).compareTo(cutoff) < 0;
        } catch (IOException e) {
            return false;
        }
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
