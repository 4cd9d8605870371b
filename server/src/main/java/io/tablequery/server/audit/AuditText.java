package io.tablequery.server.audit;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/** What an audit line keeps of a call: its plan, SQL or question, and a hash that groups repeated calls. */
public final class AuditText {
    /** The arguments that are a call's plan, SQL or question, in the order they are looked for. */
    private static final List<String> PRINCIPAL = List.of("plan", "sql", "query");

    private AuditText() {}

    /**
     * The text of a call's JSON arguments: its plan (as JSON), SQL or question when it has one, else all of them.
     *
     * @param arguments the arguments
     * @return the text
     */
    public static String of(JsonNode arguments) {
        for (String name : PRINCIPAL) {
            JsonNode value = arguments.get(name);
            if (value != null && !value.isNull()) {
                return value.isTextual() ? value.textValue() : value.toString();
            }
        }
        return arguments.toString();
    }

    /**
     * Hashes a call's text, so that lines of the same plan or query are found together even when the text is kept
     * out.
     *
     * @param text the text
     * @return the first 16 hex digits of its SHA-256
     */
    public static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
