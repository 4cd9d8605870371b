package io.tablequery.engine.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reciprocal-rank fusion: a table's fused score is the sum over the rankings that hold it of {@code 1 / (K + rank)},
 * rank counted from 1 (Cormack, Clarke and Büttcher, SIGIR 2009). Scores of different kinds (BM25, cosines of two
 * models) need no common scale; ties keep the order of the first ranking that holds the tables.
 */
final class RankFusion {
    /** The usual constant: a table's first places count, but no single ranking decides alone. */
    static final int K = 60;

    private RankFusion() {}

    /**
     * Fuses rankings.
     *
     * @param rankings table ids, best first, one list per ranking
     * @param limit how many to return
     * @return the ids by fused score, best first
     */
    static List<String> fuse(List<List<String>> rankings, int limit) {
        Map<String, Double> scores = new LinkedHashMap<>();
        for (List<String> ranking : rankings) {
            for (int i = 0; i < ranking.size(); i++) {
                scores.merge(ranking.get(i), 1.0 / (K + i + 1), Double::sum);
            }
        }
        List<Map.Entry<String, Double>> entries = new ArrayList<>(scores.entrySet());
        entries.sort(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()));
        return entries.stream().limit(limit).map(Map.Entry::getKey).toList();
    }
}
