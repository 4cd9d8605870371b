package io.tablequery.engine.catalog;

import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** Finds the names nearest to a misspelled one, for "did you mean" hints. */
public final class NameSuggestions {
    private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();
    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

    private NameSuggestions() {}

    /**
     * Returns up to {@code limit} candidates nearest to {@code name}, ignoring case: those that contain it or are
     * contained in it, or whose words (split at {@code _}, spaces and other non-letters) hold all of its words or all
     * of whose words it holds ({@code sales_q2} and {@code sales_2025_q2}), first; then by edit distance. Candidates
     * too far away to be a misspelling are left out.
     *
     * @param name the name that was not found
     * @param candidates the names that exist
     * @param limit how many to return at most
     * @return the nearest names, best first
     */
    public static List<String> nearest(String name, Collection<String> candidates, int limit) {
        String wanted = name.toLowerCase(Locale.ROOT);
        int tolerance = Math.max(2, wanted.length() / 2);
        return candidates.stream()
                .map(candidate -> new Scored(candidate, score(wanted, candidate.toLowerCase(Locale.ROOT))))
                .filter(scored -> scored.score() <= tolerance)
                .sorted(Comparator.comparingInt(Scored::score).thenComparing(Scored::name))
                .limit(limit)
                .map(Scored::name)
                .toList();
    }

    /**
     * Formats a hint naming the nearest names, or an empty string when there are none.
     *
     * @param name the name that was not found
     * @param candidates the names that exist
     * @return {@code " Did you mean "a", "b"?"} or {@code ""}
     */
    public static String hint(String name, Collection<String> candidates) {
        List<String> nearest = nearest(name, candidates, 3);
        if (nearest.isEmpty()) {
            return "";
        }
        return " Did you mean "
                + String.join(", ", nearest.stream().map(n -> '"' + n + '"').toList()) + "?";
    }

    private static int score(String wanted, String candidate) {
        if (candidate.contains(wanted) || wanted.contains(candidate)) {
            return Math.min(1, Math.abs(candidate.length() - wanted.length()));
        }
        Set<String> wantedWords = words(wanted);
        Set<String> candidateWords = words(candidate);
        if (!wantedWords.isEmpty()
                && !candidateWords.isEmpty()
                && (candidateWords.containsAll(wantedWords) || wantedWords.containsAll(candidateWords))) {
            return 1;
        }
        return DISTANCE.apply(wanted, candidate);
    }

    private static Set<String> words(String name) {
        return Arrays.stream(NOT_WORD.split(name))
                .filter(word -> !word.isEmpty())
                .collect(Collectors.toSet());
    }

    private record Scored(String name, int score) {}
}
