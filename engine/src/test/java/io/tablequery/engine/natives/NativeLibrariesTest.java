package io.tablequery.engine.natives;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeLibrariesTest {
    @TempDir
    Path dir;

    @Test
    void removesTheCopiesKilledProcessesLeftAndNothingElse() throws IOException {
        Instant now = Instant.parse("2026-12-01T12:00:00Z");
        Path oldDuckDb = copy("libduckdb_java1234567890.so", now.minus(Duration.ofHours(2)));
        Path oldSqlite = copy("sqlite-3.54.1.0-0f3c-libsqlitejdbc.so", now.minus(Duration.ofHours(2)));
        Path oldLock = copy("sqlite-3.54.1.0-0f3c-libsqlitejdbc.so.lck", now.minus(Duration.ofHours(2)));
        Path starting = copy("libduckdb_java987.so", now.minus(Duration.ofMinutes(1)));
        Path unrelated = copy("report.csv", now.minus(Duration.ofDays(3)));
        Path lookalikeDirectory = Files.createDirectory(dir.resolve("libduckdb_java_dir.so"));
        Files.setLastModifiedTime(lookalikeDirectory, FileTime.from(now.minus(Duration.ofDays(3))));
        Path oldOnnx = Files.createDirectory(dir.resolve("onnxruntime-java4242"));
        Files.writeString(oldOnnx.resolve("libonnxruntime.so"), "half a library");
        Files.setLastModifiedTime(oldOnnx, FileTime.from(now.minus(Duration.ofHours(2))));
        Path loadingOnnx = Files.createDirectory(dir.resolve("onnxruntime-java77"));
        Files.setLastModifiedTime(loadingOnnx, FileTime.from(now.minus(Duration.ofMinutes(1))));
        Path onnxLookalikeFile = copy("onnxruntime-java.txt", now.minus(Duration.ofDays(3)));

        assertThat(NativeLibraries.removeStaleCopies(dir, now)).isEqualTo(4);

        assertThat(oldDuckDb).doesNotExist();
        assertThat(oldSqlite).doesNotExist();
        assertThat(oldLock).doesNotExist();
        assertThat(starting).as("a copy a process may still be loading").exists();
        assertThat(unrelated).exists();
        assertThat(lookalikeDirectory).exists();
        assertThat(oldOnnx)
                .as("a killed process's ONNX Runtime folder, with its library")
                .doesNotExist();
        assertThat(loadingOnnx).exists();
        assertThat(onnxLookalikeFile).exists();
    }

    @Test
    void unpacksOnnxRuntimeOncePerJar() throws IOException {
        Path folder = NativeLibraries.unpackOnnxRuntime(dir).orElseThrow();
        Path library = folder.resolve(System.mapLibraryName("onnxruntime"));
        assertThat(library).isRegularFile();
        assertThat(Files.size(library)).isGreaterThan(1_000_000);
        assertThat(folder.resolve(System.mapLibraryName("onnxruntime4j_jni"))).isRegularFile();
        Files.setLastModifiedTime(library, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));

        assertThat(NativeLibraries.unpackOnnxRuntime(dir)).contains(folder);
        assertThat(Files.getLastModifiedTime(library))
                .as("the second process loads the first one's copy")
                .isEqualTo(FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        try (var partials = Files.walk(dir)) {
            assertThat(partials.filter(path -> path.toString().endsWith(".partial")))
                    .isEmpty();
        }
    }

    @Test
    void unpacksAModelOncePerJarAndAgainWhenAFileWentMissing() throws IOException {
        String name = "bge-small-en-v1.5-q";
        Path folder = NativeLibraries.unpackFromJar(dir, name, "/", "", name + ".onnx", name + "-tokenizer.json")
                .orElseThrow();
        Path model = folder.resolve(name + ".onnx");
        try (var inJar = NativeLibraries.class.getResourceAsStream("/" + name + ".onnx")) {
            assertThat(Files.readAllBytes(model))
                    .as("the model as the jar has it")
                    .isEqualTo(inJar.readAllBytes());
        }
        Files.setLastModifiedTime(model, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        assertThat(NativeLibraries.unpackFromJar(dir, name, "/", "", name + ".onnx", name + "-tokenizer.json"))
                .contains(folder);
        assertThat(Files.getLastModifiedTime(model))
                .as("the second process reads the first one's copy")
                .isEqualTo(FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        Files.delete(folder.resolve(name + "-tokenizer.json"));
        assertThat(NativeLibraries.unpackFromJar(dir, name, "/", "", name + ".onnx", name + "-tokenizer.json"))
                .contains(folder);
        assertThat(folder.resolve(name + "-tokenizer.json")).isRegularFile();
    }

    @Test
    void removesTheFoldersOfEarlierJarsOnceTheyAreStale() throws IOException {
        Instant now = Instant.parse("2026-12-05T12:00:00Z");
        Path kept = Files.createDirectories(dir.resolve("onnxruntime-1a2b/linux-x64"));
        Path earlier = Files.createDirectories(dir.resolve("onnxruntime-3c4d/linux-x64"));
        Files.writeString(earlier.resolve("libonnxruntime.so"), "an earlier build's library");
        Files.setLastModifiedTime(
                Files.writeString(earlier.resolve("ready"), "old jar"), FileTime.from(now.minus(Duration.ofHours(3))));
        Path recent = Files.createDirectories(dir.resolve("onnxruntime-5e6f/linux-x64"));
        Files.setLastModifiedTime(
                Files.writeString(recent.resolve("ready"), "a jar of a process starting now"),
                FileTime.from(now.minus(Duration.ofMinutes(2))));
        Path model = Files.createDirectories(dir.resolve("bge-small-en-v1.5-q-3c4d"));
        Files.setLastModifiedTime(
                Files.writeString(model.resolve("ready"), "old jar"), FileTime.from(now.minus(Duration.ofHours(3))));

        assertThat(NativeLibraries.removeEarlierJars(dir, "onnxruntime", kept.getParent(), now))
                .isEqualTo(1);

        assertThat(earlier.getParent())
                .as("an earlier build's folder, hours old")
                .doesNotExist();
        assertThat(kept).exists();
        assertThat(recent)
                .as("made ready minutes ago: its process may be about to load it")
                .exists();
        assertThat(model).as("another kind of folder").exists();
    }

    @Test
    void unpacksSqlitesLibraryOnceAndReusesIt() throws IOException {
        Path library = NativeLibraries.unpackSqlite(dir);
        assertThat(library).isRegularFile();
        assertThat(Files.size(library)).isGreaterThan(100_000);
        assertThat(library.toString()).contains("sqlite-jdbc-");
        FileTime written = Files.getLastModifiedTime(library);
        Files.setLastModifiedTime(library, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));

        assertThat(NativeLibraries.unpackSqlite(dir)).isEqualTo(library);
        assertThat(Files.getLastModifiedTime(library))
                .as("the second process loads the first one's copy")
                .isNotEqualTo(written)
                .isEqualTo(FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        try (var partials = Files.walk(dir)) {
            assertThat(partials.filter(path -> path.toString().endsWith(".partial")))
                    .isEmpty();
        }
    }

    @Test
    void unpacksAgainWhenTheLibraryWentMissing() throws IOException {
        Path library = NativeLibraries.unpackSqlite(dir);
        Files.delete(library);
        assertThat(NativeLibraries.unpackSqlite(dir)).isEqualTo(library).isRegularFile();
    }

    private Path copy(String name, Instant modified) throws IOException {
        Path file = Files.writeString(dir.resolve(name), "x");
        Files.setLastModifiedTime(file, FileTime.from(modified));
        return file;
    }
}
