package io.tablequery.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Makes and checks API keys. A key is {@code tq_} and 32 random bytes in base64url; a stored key is its SHA-256 in
 * hex. A fast hash is enough, since a key has 256 bits of entropy and cannot be guessed from a dictionary, and the
 * comparison takes the same time whatever the hashes hold.
 */
public final class ApiKeys {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String PREFIX = "tq_";

    private ApiKeys() {}

    /**
     * Makes a new key.
     *
     * @return the key, to be shown once
     */
    public static String generate() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * Makes a short random identifier, to name a key without revealing it.
     *
     * @return eight random bytes in hex
     */
    static String newId() {
        byte[] bytes = new byte[8];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * Hashes a key for storage.
     *
     * @param key the key
     * @return its SHA-256 in hex
     */
    public static String hash(String key) {
        return hash(key.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Hashes bytes, as a key's text or a file's content.
     *
     * @param bytes the bytes
     * @return their SHA-256 in hex
     */
    static String hash(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /**
     * Compares two hashes in time independent of where they differ.
     *
     * @param hash the presented key's hash
     * @param storedHash a stored hash
     * @return true when they are the same
     */
    static boolean sameHash(String hash, String storedHash) {
        return MessageDigest.isEqual(
                hash.getBytes(StandardCharsets.US_ASCII), storedHash.getBytes(StandardCharsets.US_ASCII));
    }
}
