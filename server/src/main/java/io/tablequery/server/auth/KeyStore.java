package io.tablequery.server.auth;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.type.TypeReference;
import io.tablequery.engine.json.JsonCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The keys a server issued, by hash, each opening one workspace; kept in a JSON file that is replaced atomically on
 * every change (or in memory only, for a server without a data root). The admin key is one entry, for the workspace
 * {@link #ADMIN}.
 */
public final class KeyStore {
    /** The pseudo-workspace of the admin key. */
    public static final String ADMIN = "*admin*";

    private final Path file;
    private final List<StoredKey> keys = new ArrayList<>();

    /**
     * A stored key.
     *
     * @param id a short random name for the key, safe to show and log
     * @param workspace the workspace it opens, or {@link #ADMIN}
     * @param sha256 the key's hash
     * @param created when it was issued
     */
    public record StoredKey(String id, String workspace, String sha256, Instant created) {}

    /**
     * A key just issued.
     *
     * @param id its id
     * @param workspace the workspace it opens
     * @param key the key itself, shown this once
     */
    public record IssuedKey(String id, String workspace, String key) {}

    private KeyStore(Path file) {
        this.file = file;
    }

    /**
     * Opens the store in a file, reading the keys it holds.
     *
     * @param file the JSON file; created on the first change
     * @return the store
     */
    public static KeyStore open(Path file) {
        KeyStore store = new KeyStore(requireNonNull(file, "file is null"));
        if (Files.exists(file)) {
            try {
                store.keys.addAll(JsonCodec.mapper().readValue(file.toFile(), new TypeReference<List<StoredKey>>() {}));
            } catch (IOException e) {
                throw new UncheckedIOException("could not read the key store " + file + ": " + e.getMessage(), e);
            }
        }
        return store;
    }

    /**
     * Makes a store that forgets its keys when the server stops.
     *
     * @return the store
     */
    public static KeyStore inMemory() {
        return new KeyStore(null);
    }

    /**
     * Issues a new key.
     *
     * @param workspace the workspace it opens, or {@link #ADMIN}
     * @return the key, with its id
     */
    public synchronized IssuedKey issue(String workspace) {
        String key = ApiKeys.generate();
        StoredKey stored = new StoredKey(ApiKeys.newId(), workspace, ApiKeys.hash(key), Instant.now());
        keys.add(stored);
        save();
        return new IssuedKey(stored.id(), workspace, key);
    }

    /**
     * Makes a key the only admin key: earlier admin keys, configured or generated, stop working.
     *
     * @param key the admin key
     */
    public synchronized void replaceAdmin(String key) {
        String hash = ApiKeys.hash(key);
        boolean current = keys.stream()
                .anyMatch(stored ->
                        stored.workspace().equals(ADMIN) && stored.sha256().equals(hash));
        long admins =
                keys.stream().filter(stored -> stored.workspace().equals(ADMIN)).count();
        if (current && admins == 1) {
            return;
        }
        keys.removeIf(stored -> stored.workspace().equals(ADMIN));
        keys.add(new StoredKey(ApiKeys.newId(), ADMIN, hash, Instant.now()));
        save();
    }

    /**
     * Finds the workspace a key opens.
     *
     * @param key the key presented
     * @return the workspace, {@link #ADMIN}, or empty for an unknown key
     */
    public synchronized Optional<String> workspaceOf(String key) {
        String hash = ApiKeys.hash(key);
        for (StoredKey stored : keys) {
            if (ApiKeys.sameHash(hash, stored.sha256())) {
                return Optional.of(stored.workspace());
            }
        }
        return Optional.empty();
    }

    /**
     * Tells whether any key opens a workspace.
     *
     * @param workspace the workspace, or {@link #ADMIN}
     * @return true when one does
     */
    public synchronized boolean hasKey(String workspace) {
        return keys.stream().anyMatch(stored -> stored.workspace().equals(workspace));
    }

    /**
     * Lists the keys of a workspace, without their secrets.
     *
     * @param workspace the workspace
     * @return the stored keys
     */
    public synchronized List<StoredKey> list(String workspace) {
        return keys.stream()
                .filter(stored -> stored.workspace().equals(workspace))
                .toList();
    }

    /**
     * Revokes one key.
     *
     * @param id the key's id
     * @return whether a key had that id
     */
    public synchronized boolean revoke(String id) {
        boolean removed = keys.removeIf(
                stored -> stored.id().equals(id) && !stored.workspace().equals(ADMIN));
        if (removed) {
            save();
        }
        return removed;
    }

    /**
     * Revokes every key of a workspace, as when it is deleted.
     *
     * @param workspace the workspace
     */
    public synchronized void revokeAll(String workspace) {
        if (keys.removeIf(stored -> stored.workspace().equals(workspace))) {
            save();
        }
    }

    private void save() {
        if (file == null) {
            return;
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path temp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(
                    temp, JsonCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(keys));
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the key store " + file + ": " + e.getMessage(), e);
        }
    }
}
