package io.tablequery.engine.search;

/** Tells CJK text, which has no spaces between its words, from other text. */
final class Scripts {
    private Scripts() {}

    /**
     * Tells whether every character of a text is a CJK character (Han, Hiragana, Katakana, Hangul).
     *
     * @param text the text
     * @return whether it is CJK only
     */
    static boolean isCjk(String text) {
        return text.codePoints().allMatch(Scripts::cjk);
    }

    /**
     * Tells whether a text is one CJK character, which in a question is part of a word more often than a word.
     *
     * @param text the text
     * @return whether it is a single CJK character
     */
    static boolean isCjkCharacter(String text) {
        return text.codePointCount(0, text.length()) == 1 && isCjk(text);
    }

    /**
     * Tells whether a text has any CJK character.
     *
     * @param text the text
     * @return whether it has one
     */
    static boolean hasCjk(String text) {
        return text.codePoints().anyMatch(Scripts::cjk);
    }

    private static boolean cjk(int c) {
        Character.UnicodeScript script = Character.UnicodeScript.of(c);
        return script == Character.UnicodeScript.HAN
                || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA
                || script == Character.UnicodeScript.HANGUL;
    }
}
