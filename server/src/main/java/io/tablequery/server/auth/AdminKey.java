package io.tablequery.server.auth;

import java.util.Optional;

/** Settles the admin key of a server that asks for keys. */
public final class AdminKey {
    private AdminKey() {}

    /**
     * Makes sure the store knows an admin key: a configured one (from the environment) becomes the only admin key, so
     * that changing it revokes the old one; without one, the stored admin key stands; with neither, a key is
     * generated, stored hashed, and returned to be printed once.
     *
     * @param keys the key store
     * @param configured the configured admin key, or null
     * @return the generated key, when one was generated
     */
    public static Optional<String> ensure(KeyStore keys, String configured) {
        if (configured != null && !configured.isBlank()) {
            keys.replaceAdmin(configured.strip());
            return Optional.empty();
        }
        return keys.issueAdminUnlessStored().map(KeyStore.IssuedKey::key);
    }
}
