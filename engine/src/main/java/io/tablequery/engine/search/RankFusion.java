package io.tablequery.engine.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Weighted reciprocal-rank fusion: a table's fused score is the sum over the rankings that hold it of {@code weight /
 * (K + rank)}, rank counted from 1 (Cormack, Clarke and Büttcher, SIGIR 2009). Scores of different kinds (BM25,
 * cosines of two models) need no common scale; ties keep the order of the first ranking that holds the tables.
 */
final class RankFusion {
    /**
     * The constant added to each rank, and the weight of a ranking by meaning against the ranking by words (1): chosen
     * over WikiTableQuestions' training questions (FusionTuning): words lead, meaning lifts a table words rank near the
     * top or finds one no word matches.
     */
    static final int K = 40;

    static final double MEANING_WEIGHT = 0.3;

    /**
     * The weight of the Chinese model's ranking for a question in another script when the question's words found no
     * table of names in that script: there meaning must be able to lead (on ChineseQuestionsRecallTest's English
     * questions, the tables in the top 5: 0.813 at weight 1, 0.781 at 0.3). When its words found such a table, the
     * ranking weighs {@link #MEANING_WEIGHT}: at 1 it put a Chinese table a few words matched weakly above the table
     * that matched every word of the question.
     */
    static final double ACROSS_LANGUAGES_WEIGHT = 1.0;

    private RankFusion() {}

    /**
     * Fuses weighted rankings.
     *
     * @param rankings table ids, best first, one list per ranking
     * @param weights each ranking's weight
     * @param limit how many to return
     * @return the ids by fused score, best first
     */
    static List<String> fuse(List<List<String>> rankings, List<Double> weights, int limit) {
        return fuse(rankings, weights, K, limit);
    }

    /**
     * Fuses weighted rankings with a chosen constant: for measuring other settings than the chosen one.
     *
     * @param rankings table ids, best first, one list per ranking
     * @param weights each ranking's weight
     * @param k the constant added to each rank
     * @param limit how many to return
     * @return the ids by fused score, best first
     */
    static List<String> fuse(List<List<String>> rankings, List<Double> weights, int k, int limit) {
        return scored(rankings, weights, k, limit).stream().map(Fused::id).toList();
    }

    /**
     * A table and its fused score.
     *
     * @param id the table's id
     * @param score the sum of its rankings' {@code weight / (K + rank)}
     */
    record Fused(String id, double score) {}

    /**
     * Fuses weighted rankings, keeping each table's fused score.
     *
     * @param rankings table ids, best first, one list per ranking
     * @param weights each ranking's weight
     * @param limit how many to return
     * @return the tables by fused score, best first
     */
    static List<Fused> scored(List<List<String>> rankings, List<Double> weights, int limit) {
        return scored(rankings, weights, K, limit);
    }

    private static List<Fused> scored(List<List<String>> rankings, List<Double> weights, int k, int limit) {
        Map<String, Double> scores = new LinkedHashMap<>();
        for (int r = 0; r < rankings.size(); r++) {
            List<String> ranking = rankings.get(r);
            for (int i = 0; i < ranking.size(); i++) {
                scores.merge(ranking.get(i), weights.get(r) / (k + i + 1), Double::sum);
            }
        }
        List<Map.Entry<String, Double>> entries = new ArrayList<>(scores.entrySet());
        entries.sort(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()));
        return entries.stream()
                .limit(limit)
                .map(entry -> new Fused(entry.getKey(), entry.getValue()))
                .toList();
    }
}
