package io.tablequery.engine.joins;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads column and table names as key names. A name is folded to its lower-case letters and digits
 * ({@code Country_Code} and {@code countrycode} are one name), split into words at separators, case changes and
 * between letters and digits; it names a key when its last word is a key word ({@code id}, {@code code}, {@code nr},
 * {@code nummer}, ...) or a compound ending in one ({@code zimmernummer}, {@code rollencode}), when it is a short word
 * ending in {@code id} that is not an English word ({@code pid}, {@code msid}, not {@code Grid}), or when it ends in a CJK key word ({@code 编号}, {@code 代码}).
 */
final class KeyNames {
    private static final Set<String> KEY_WORDS = Set.of(
            "id",
            "ids",
            "code",
            "key",
            "nr",
            "no",
            "num",
            "number",
            "nummer",
            "kennung",
            "schluessel",
            "schlussel",
            "kennzeichen",
            "identifier",
            "uuid",
            "guid",
            "isbn",
            "sku");
    /** Key words that also end a compound word as a key: {@code zimmernummer}, {@code rollencode}. */
    private static final List<String> COMPOUND_KEY_ENDINGS =
            List.of("code", "nummer", "number", "kennung", "schluessel");

    private static final List<String> CJK_KEY_ENDINGS = List.of("编号", "代码", "编码", "代號", "編號", "번호", "코드");
    private static final int SHORT_ID = 6;

    /** Short words that end in {@code id} without being one. */
    private static final Set<String> NOT_IDS = Set.of(
            "grid", "paid", "valid", "said", "laid", "maid", "raid", "void", "acid", "avid", "fluid", "solid", "rapid",
            "squid", "hybrid", "liquid", "lucid", "timid", "vivid", "humid", "rigid", "arid", "druid");

    private KeyNames() {}

    /**
     * Folds a name to its lower-case letters and digits, accents removed.
     *
     * @param name a column or table name
     * @return the folded name, possibly empty
     */
    static String fold(String name) {
        String decomposed = Normalizer.normalize(name, Normalizer.Form.NFKD);
        StringBuilder out = new StringBuilder(decomposed.length());
        decomposed
                .codePoints()
                .filter(Character::isLetterOrDigit)
                .map(Character::toLowerCase)
                .forEach(out::appendCodePoint);
        return out.toString();
    }

    /**
     * Splits a name into folded words, at anything not a letter or digit, at a lower-to-upper case change and between
     * letters and digits.
     *
     * @param name a column name
     * @return its words, in order
     */
    static List<String> words(String name) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        int previous = -1;
        for (int c : name.codePoints().toArray()) {
            boolean boundary = !Character.isLetterOrDigit(c)
                    || previous >= 0
                            && (Character.isLowerCase(previous) && Character.isUpperCase(c)
                                    || Character.isLetter(previous) != Character.isLetter(c));
            if (boundary && word.length() > 0) {
                words.add(fold(word.toString()));
                word.setLength(0);
            }
            if (Character.isLetterOrDigit(c)) {
                word.appendCodePoint(c);
            }
            previous = Character.isLetterOrDigit(c) ? c : -1;
        }
        if (word.length() > 0) {
            words.add(fold(word.toString()));
        }
        words.removeIf(String::isEmpty);
        return words;
    }

    /**
     * Tells whether a column name names a key.
     *
     * @param name a column name
     * @return whether its last word is a key word, it is a short word ending in {@code id}, or it ends in a CJK key
     *     word
     */
    static boolean isKey(String name) {
        List<String> words = words(name);
        if (words.isEmpty()) {
            return false;
        }
        String last = words.get(words.size() - 1);
        String folded = fold(name);
        return KEY_WORDS.contains(last)
                || words.size() == 1
                        && folded.length() <= SHORT_ID
                        && folded.endsWith("id")
                        && !NOT_IDS.contains(folded)
                || COMPOUND_KEY_ENDINGS.stream().anyMatch(last::endsWith)
                || CJK_KEY_ENDINGS.stream().anyMatch(folded::endsWith);
    }

    /**
     * Tells whether a name is a key word alone ({@code id}, {@code Code}): such a key is matched only with its
     * table's name before it ({@code country} and {@code Code} make {@code CountryCode}).
     *
     * @param name a column name
     * @return whether it is a bare key word
     */
    static boolean isBare(String name) {
        return KEY_WORDS.contains(fold(name));
    }

    /**
     * The folded forms a table's name may take before a key column's name in a column that references it: the name
     * itself, without a file extension, and without a plural ending ({@code pets} gives {@code pet}).
     *
     * @param name a table or sheet name
     * @return the folded forms, distinct, at least three characters each
     */
    static List<String> tableStems(String name) {
        int dot = name.lastIndexOf('.');
        String base = fold(dot > 0 ? name.substring(0, dot) : name);
        List<String> stems = new ArrayList<>();
        stems.add(base);
        for (String ending : List.of("es", "s", "en", "n", "e")) {
            if (base.endsWith(ending) && base.length() - ending.length() >= 3) {
                stems.add(base.substring(0, base.length() - ending.length()));
            }
        }
        stems.removeIf(stem -> stem.length() < 3);
        return stems.stream().distinct().toList();
    }

    /**
     * The folded names a referencing column's name is looked up by: the whole name, and each of its word-boundary
     * endings that names a key and is not a bare key word ({@code erstellt_von_mitarbeiter_id} is also looked up as
     * {@code mitarbeiterid}).
     *
     * @param name a column name
     * @return the folded names to look up, the whole name first
     */
    static List<String> lookups(String name) {
        List<String> words = words(name);
        List<String> lookups = new ArrayList<>();
        lookups.add(String.join("", words));
        for (int i = 1; i < words.size() - 1; i++) {
            lookups.add(String.join("", words.subList(i, words.size())));
        }
        return lookups.stream().filter(lookup -> !lookup.isEmpty()).distinct().toList();
    }

    /** The lower-cased form used to compare table names. */
    static String key(String tableName) {
        return tableName.toLowerCase(Locale.ROOT);
    }
}
