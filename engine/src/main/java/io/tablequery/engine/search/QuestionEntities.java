package io.tablequery.engine.search;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names a question holds as phrases: quoted strings of two words or more, and runs of two or more capitalised
 * words ({@code New York Knicks}; {@code Grand Prix} of {@code Grand Prix of Monaco}, whose {@code of} ends the run). A
 * table that holds such a name in one value is about what the question asks, more surely than one that has its words
 * apart. A run that is no name ({@code Which Team}) is harmless: no value holds it.
 */
final class QuestionEntities {
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]{2,100})\"|“([^”]{2,100})”");
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}'’.\\-]*");

    private QuestionEntities() {}

    /**
     * Returns the question's names of several words.
     *
     * @param question the question
     * @return the names as the question writes them
     */
    static List<String> phrases(String question) {
        Set<String> phrases = new LinkedHashSet<>();
        Matcher quoted = QUOTED.matcher(question);
        while (quoted.find()) {
            String phrase = quoted.group(1) != null ? quoted.group(1) : quoted.group(2);
            if (phrase.strip().contains(" ")) {
                phrases.add(phrase.strip());
            }
        }
        Matcher word = WORD.matcher(question);
        List<String> run = new ArrayList<>();
        int end = -1;
        while (word.find()) {
            String text = word.group();
            boolean capitalised = Character.isUpperCase(text.codePointAt(0));
            boolean adjacent = end >= 0 && question.substring(end, word.start()).isBlank();
            if (!capitalised || !adjacent) {
                addRun(run, phrases);
            }
            if (capitalised) {
                run.add(text);
            }
            end = word.end();
        }
        addRun(run, phrases);
        return List.copyOf(phrases);
    }

    private static void addRun(List<String> run, Set<String> phrases) {
        if (run.size() > 1) {
            phrases.add(String.join(" ", run));
        }
        run.clear();
    }
}
