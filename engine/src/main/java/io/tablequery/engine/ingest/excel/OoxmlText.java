package io.tablequery.engine.ingest.excel;

/** Decodes the {@code _xHHHH_} escapes OOXML uses for characters XML cannot carry, such as {@code _x000D_}. */
final class OoxmlText {
    private OoxmlText() {}

    static String decode(String text) {
        if (!text.contains("_x")) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            if (i + 7 <= text.length()
                    && text.startsWith("_x", i)
                    && text.charAt(i + 6) == '_'
                    && isHex(text, i + 2, i + 6)) {
                out.append((char) Integer.parseInt(text, i + 2, i + 6, 16));
                i += 7;
            } else {
                out.append(text.charAt(i++));
            }
        }
        return out.toString();
    }

    private static boolean isHex(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (Character.digit(text.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
