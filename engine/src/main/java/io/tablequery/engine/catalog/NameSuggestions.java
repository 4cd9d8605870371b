package io.tablequery.engine.catalog;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** Finds the names nearest to a misspelled one, for "did you mean" hints. */
public final class NameSuggestions {
    private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();

    private NameSuggestions() {}

    /**
     * Returns up to {@code limit} candidates nearest to {@code name}, ignoring case: those that contain it or are
     * contained in it first, then by edit distance. Candidates too far away to be a misspelling are left out.
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
        return DISTANCE.apply(wanted, candidate);
    }

    private record Scored(String name, int score) {}
}
