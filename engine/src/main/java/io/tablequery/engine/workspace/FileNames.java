package io.tablequery.engine.workspace;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;

/** Makes an uploaded file name safe to store: its last path segment, without control characters. */
final class FileNames {
    private static final int MAX_LENGTH = 200;

    private FileNames() {}

    static String safeName(String uploaded) {
        String name = uploaded == null ? "" : uploaded;
        int slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        name = name.substring(slash + 1);
        StringBuilder clean = new StringBuilder();
        name.codePoints()
                .filter(cp -> !Character.isISOControl(cp)
                        && cp != ':'
                        && cp != '*'
                        && cp != '?'
                        && cp != '"'
                        && cp != '<'
                        && cp != '>'
                        && cp != '|')
                .forEach(clean::appendCodePoint);
        name = clean.toString().strip();
        if (name.isEmpty() || name.equals(".") || name.equals("..")) {
            throw new EngineException(
                    IngestErrorCode.INVALID_FILE_NAME,
                    "'%s' is not a usable file name; give the file".formatted(uploaded) + " a name such as sales.xlsx");
        }
        if (name.length() > MAX_LENGTH) {
            int dot = name.lastIndexOf('.');
            String extension = dot > 0 && name.length() - dot <= 10 ? name.substring(dot) : "";
            name = name.substring(0, MAX_LENGTH - extension.length()) + extension;
        }
        return name;
    }
}
