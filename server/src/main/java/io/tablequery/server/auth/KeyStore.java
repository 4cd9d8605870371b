package io.tablequery.server.auth;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The keys issued for a data root, by hash, each opening one workspace; kept in a JSON file beside the workspaces that
 * every server over the root shares (or in memory only, for a server without a data root). The admin key is one entry,
 * for the workspace {@link #ADMIN}.
 *
 * <p>The file is the truth: a change (issue, revoke) locks the file against the other servers, reads it afresh,
 * applies itself and replaces the file atomically, so no server's change undoes another's; and a server re-reads the
 * file when it changed (its size, time or file id, then its content hash), checked at most once per {@link #RECHECK}
 * as keys are looked up. A key issued or revoked through one server so takes effect on every other within about a
 * second of its next request. A file that cannot be read as keys leaves the keys last read in force, with a warning.
 */
public final class KeyStore {
    /** The pseudo-workspace of the admin key. */
    public static final String ADMIN = "*admin*";

    /** How often a lookup checks whether another server changed the file. */
    public static final Duration RECHECK = Duration.ofSeconds(1);

    private static final Logger LOG = LoggerFactory.getLogger(KeyStore.class);
    private static final TypeReference<List<StoredKey>> LIST = new TypeReference<>() {};
    /** One monitor per file in this process: a file lock keeps other processes out, not other threads. */
    private static final ConcurrentMap<Path, Object> IN_PROCESS = new ConcurrentHashMap<>();

    private final Path file;
    private final long recheckNanos;
    private volatile Loaded loaded = new Loaded(List.of(), null, null);
    private volatile long nextCheck;
    /** The stamp of a file that could not be read, so it is not read (and warned of) again until it changes. */
    private Stamp unreadable;

    /**
     * A stored key.
     *
     * @param id a short random name for the key, safe to show and log
     * @param workspace the workspace it opens, or {@link #ADMIN}
     * @param sha256 the key's hash
     * @param created when it was issued
     * @param quota what it may ask of a server, or null for each server's default
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StoredKey(String id, String workspace, String sha256, Instant created, Quota quota) {}

    /**
     * A key just issued.
     *
     * @param id its id
     * @param workspace the workspace it opens
     * @param key the key itself, shown this once
     */
    public record IssuedKey(String id, String workspace, String key) {}

    /**
     * The keys as last read, with the file's stamp and content hash then.
     *
     * @param keys the keys
     * @param stamp the file's size, time and id, or null when there was no file
     * @param sha256 the hash of the file's bytes, or null when there was no file
     */
    private record Loaded(List<StoredKey> keys, Stamp stamp, String sha256) {}

    /** What tells cheaply that a file may have changed: an atomic replace gives it a new id. */
    private record Stamp(long size, long modifiedNanos, Object fileKey) {}

    private KeyStore(Path file, Duration recheck) {
        this.file = file;
        this.recheckNanos = recheck.toNanos();
    }

    /**
     * Opens the store in a file, reading the keys it holds.
     *
     * @param file the JSON file; created on the first change
     * @return the store
     */
    public static KeyStore open(Path file) {
        return open(file, RECHECK);
    }

    /**
     * Opens the store in a file, checking for other servers' changes as often as asked.
     *
     * @param file the JSON file; created on the first change
     * @param recheck how often a lookup checks the file
     * @return the store
     * @throws UncheckedIOException when the file is there and holds no keys
     */
    public static KeyStore open(Path file, Duration recheck) {
        KeyStore store = new KeyStore(requireNonNull(file, "file is null"), recheck);
        store.loaded = store.read()
                .orElseThrow(() -> new UncheckedIOException(
                        new IOException("could not read the key store " + file + ": it holds no list of keys")));
        store.nextCheck = System.nanoTime() + store.recheckNanos;
        return store;
    }

    /**
     * Makes a store that forgets its keys when the server stops.
     *
     * @return the store
     */
    public static KeyStore inMemory() {
        return new KeyStore(null, RECHECK);
    }

    /**
     * Issues a new key.
     *
     * @param workspace the workspace it opens, or {@link #ADMIN}
     * @return the key, with its id
     */
    public IssuedKey issue(String workspace) {
        return issue(workspace, null);
    }

    /**
     * Issues a new key with a quota of its own.
     *
     * @param workspace the workspace it opens, or {@link #ADMIN}
     * @param quota what it may ask of a server, or null for each server's default
     * @return the key, with its id
     */
    public IssuedKey issue(String workspace, Quota quota) {
        String key = ApiKeys.generate();
        StoredKey stored = new StoredKey(ApiKeys.newId(), workspace, ApiKeys.hash(key), Instant.now(), quota);
        change(keys -> plus(keys, stored));
        return new IssuedKey(stored.id(), workspace, key);
    }

    /**
     * Issues an admin key unless one is stored: two servers starting at once over one root issue one.
     *
     * @return the key issued, or empty when an admin key was there
     */
    public Optional<IssuedKey> issueAdminUnlessStored() {
        String key = ApiKeys.generate();
        StoredKey stored = new StoredKey(ApiKeys.newId(), ADMIN, ApiKeys.hash(key), Instant.now(), null);
        boolean[] issued = {false};
        change(keys -> {
            issued[0] = keys.stream().noneMatch(each -> each.workspace().equals(ADMIN));
            return issued[0] ? plus(keys, stored) : keys;
        });
        return issued[0] ? Optional.of(new IssuedKey(stored.id(), ADMIN, key)) : Optional.empty();
    }

    /**
     * Makes a key the only admin key: earlier admin keys, configured or generated, stop working.
     *
     * @param key the admin key
     */
    public void replaceAdmin(String key) {
        String hash = ApiKeys.hash(key);
        change(keys -> {
            List<StoredKey> admins = keys.stream()
                    .filter(stored -> stored.workspace().equals(ADMIN))
                    .toList();
            if (admins.size() == 1 && admins.get(0).sha256().equals(hash)) {
                return keys;
            }
            List<StoredKey> others = new ArrayList<>(keys);
            others.removeAll(admins);
            others.add(new StoredKey(ApiKeys.newId(), ADMIN, hash, Instant.now(), null));
            return others;
        });
    }

    /**
     * Finds the key presented.
     *
     * @param key the key presented
     * @return the stored key, or empty for an unknown or revoked key
     */
    public Optional<StoredKey> find(String key) {
        String hash = ApiKeys.hash(key);
        for (StoredKey stored : current()) {
            if (ApiKeys.sameHash(hash, stored.sha256())) {
                return Optional.of(stored);
            }
        }
        return Optional.empty();
    }

    /**
     * Finds the workspace a key opens.
     *
     * @param key the key presented
     * @return the workspace, {@link #ADMIN}, or empty for an unknown key
     */
    public Optional<String> workspaceOf(String key) {
        return find(key).map(StoredKey::workspace);
    }

    /**
     * Tells whether any key opens a workspace.
     *
     * @param workspace the workspace, or {@link #ADMIN}
     * @return true when one does
     */
    public boolean hasKey(String workspace) {
        return current().stream().anyMatch(stored -> stored.workspace().equals(workspace));
    }

    /**
     * Lists the keys of a workspace, without their secrets.
     *
     * @param workspace the workspace
     * @return the stored keys
     */
    public List<StoredKey> list(String workspace) {
        return current().stream()
                .filter(stored -> stored.workspace().equals(workspace))
                .toList();
    }

    /**
     * Revokes one key.
     *
     * @param id the key's id
     * @return whether a workspace key had that id
     */
    public boolean revoke(String id) {
        boolean[] removed = {false};
        change(keys -> {
            List<StoredKey> kept = keys.stream()
                    .filter(stored ->
                            !stored.id().equals(id) || stored.workspace().equals(ADMIN))
                    .toList();
            removed[0] = kept.size() < keys.size();
            return kept;
        });
        return removed[0];
    }

    /**
     * Revokes every key of a workspace, as when it is deleted.
     *
     * @param workspace the workspace
     */
    public void revokeAll(String workspace) {
        change(keys -> keys.stream()
                .filter(stored -> !stored.workspace().equals(workspace))
                .toList());
    }

    private static List<StoredKey> plus(List<StoredKey> keys, StoredKey key) {
        List<StoredKey> more = new ArrayList<>(keys);
        more.add(key);
        return more;
    }

    /** The keys in force: those last read, read again first when the file may have changed since. */
    private List<StoredKey> current() {
        if (file != null && System.nanoTime() - nextCheck >= 0) {
            synchronized (this) {
                if (System.nanoTime() - nextCheck >= 0) {
                    refresh();
                    nextCheck = System.nanoTime() + recheckNanos;
                }
            }
        }
        return loaded.keys();
    }

    private void refresh() {
        Stamp now;
        try {
            now = stamp();
        } catch (IOException e) {
            LOG.warn(
                    "the key store {} could not be checked ({}); the keys read before stay in force",
                    file,
                    e.getMessage());
            return;
        }
        if (now != null && (now.equals(loaded.stamp()) || now.equals(unreadable))) {
            return;
        }
        Optional<Loaded> read = read();
        read.ifPresent(keys -> loaded = keys);
        unreadable = read.isPresent() ? null : now;
    }

    /**
     * Applies a change to the keys in the file as it is now, under a lock no other server holds at once, and writes
     * the file only when the change changed something.
     */
    private synchronized void change(UnaryOperator<List<StoredKey>> edit) {
        if (file == null) {
            List<StoredKey> before = loaded.keys();
            loaded = new Loaded(List.copyOf(edit.apply(before)), null, null);
            return;
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path lockFile = file.resolveSibling(file.getFileName() + ".lock");
            synchronized (IN_PROCESS.computeIfAbsent(lockFile.toAbsolutePath().normalize(), path -> new Object())) {
                changeLocked(lockFile, edit);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not change the key store " + file + ": " + e.getMessage(), e);
        }
    }

    private void changeLocked(Path lockFile, UnaryOperator<List<StoredKey>> edit) throws IOException {
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = channel.lock()) {
            Loaded now = read().orElseThrow(() -> new IOException("it holds no list of keys; fix or remove it"));
            List<StoredKey> edited = List.copyOf(edit.apply(now.keys()));
            if (!edited.equals(now.keys())) {
                write(edited);
                now = read().orElseThrow(() -> new IOException("it holds no list of keys after writing"));
            }
            loaded = now;
            nextCheck = System.nanoTime() + recheckNanos;
        }
    }

    /** Reads the file: no file is no keys; a file that holds no list of keys is empty, after a warning. */
    private Optional<Loaded> read() {
        try {
            Stamp stamp = stamp();
            if (stamp == null) {
                return Optional.of(new Loaded(List.of(), null, null));
            }
            byte[] bytes = Files.readAllBytes(file);
            String sha256 = ApiKeys.hash(bytes);
            Loaded last = loaded;
            if (sha256.equals(last.sha256())) {
                return Optional.of(new Loaded(last.keys(), stamp, sha256));
            }
            List<StoredKey> keys = JsonCodec.mapper().readValue(bytes, LIST);
            if (keys == null || keys.stream().anyMatch(KeyStore::incomplete)) {
                throw new IOException("an entry lacks its id, workspace, hash or time");
            }
            return Optional.of(new Loaded(List.copyOf(keys), stamp, sha256));
        } catch (IOException e) {
            LOG.warn(
                    "the key store {} could not be read ({}); the keys read before stay in force",
                    file,
                    e.getMessage());
            return Optional.empty();
        }
    }

    private static boolean incomplete(StoredKey key) {
        return key == null
                || key.id() == null
                || key.workspace() == null
                || key.sha256() == null
                || key.created() == null;
    }

    private Stamp stamp() throws IOException {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return new Stamp(
                    attributes.size(), attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS), attributes.fileKey());
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private void write(List<StoredKey> keys) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(temp, JsonCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(keys));
        try {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
