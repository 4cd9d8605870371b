package io.tablequery.engine.search;

import java.util.ArrayList;
import java.util.List;

/**
 * Ranks the tables whose vectors are made by the cosine of their text's vector with the question's, one ranking per
 * model that reads the question; a table below that model's floor is not similar enough to be offered for its meaning.
 */
final class MeaningRanking {
    /** A model's vectors, and the least cosine that ranks a table by them. */
    enum Model {
        /**
         * bge-small-en: unrelated short table texts score 0.45-0.52; 0.50 was the best floor over WikiTableQuestions'
         * training questions (FusionTuning).
         */
        ENGLISH(0.50f),
        /**
         * bge-small-zh: unrelated Chinese table texts score 0.27-0.44 against a Chinese question; against an English
         * question, tables of English names with a few Chinese values reach 0.46-0.54, so those are not offered to it,
         * and tables of Chinese names need {@link #ACROSS_LANGUAGES_FLOOR}.
         */
        CHINESE(0.45f);

        private final float floor;

        Model(float floor) {
            this.floor = floor;
        }

        float floor() {
            return floor;
        }

        float[] of(MeaningVectors vectors) {
            return this == ENGLISH ? vectors.english() : vectors.chinese();
        }
    }

    /**
     * A table and how near its text is to the question.
     *
     * @param id the table's id
     * @param cosine the cosine of the two vectors
     */
    record Similar(String id, float cosine) {}

    /**
     * One ranking by meaning, and its weight in the fusion with the ranking by words (weight 1).
     *
     * @param tables the tables, best first
     * @param weight the weight
     */
    record Weighted(List<Similar> tables, double weight) {}

    /**
     * The least cosine by which the Chinese model offers a table of Chinese names for a question in another script.
     * It scores such tables 0.41-0.60 against English questions no table answers, so this floor trades the tables
     * English questions find against the tables offered for nothing; measured on our Chinese set
     * (ChineseQuestionsRecallTest: 32 English questions, 30 English questions about what no table holds), the
     * right table in the top 5 / unrelated questions offered a table: 0.81 / 25 at 0.45, 0.69 / 15 at 0.48, 0.66 / 8
     * at 0.50, 0.53 / 5 at 0.52. Finding comes first: words find none of these tables, and what meaning offers for
     * nothing says so ("similar in meaning to").
     */
    static final float ACROSS_LANGUAGES_FLOOR = 0.45f;

    private MeaningRanking() {}

    /**
     * Ranks tables for a question by each model that reads it: a question with CJK characters by the Chinese model
     * over every table; any other by the English model over the tables without Chinese names, and by the Chinese
     * model over the tables with Chinese names, which its words cannot match. A table of English names with some
     * Chinese values is left to the English model: the Chinese model scores such tables near its floor against any
     * English question. A table of Chinese names is left to the Chinese model: to the English model its text is
     * little more than the words of the template around the names, near any English question (0.50-0.62 for
     * questions no table answers). The Chinese model's ranking for an English question leads
     * ({@link RankFusion#ACROSS_LANGUAGES_WEIGHT}) only when the question's words found no table of other names.
     *
     * @param question the question
     * @param matrices the tables' vectors
     * @param generation which build of the matrices to rank with ({@link MeaningMatrices#generation})
     * @param limit how many tables each ranking holds at most
     * @param byWords the tables the question's words found, best first
     * @return the rankings, each weighted; none while the process exits (the question is then ranked by its words)
     */
    static List<Weighted> rankings(
            String question, MeaningMatrices matrices, int generation, int limit, List<String> byWords) {
        MeaningVectors vectors;
        try {
            vectors = MeaningModels.query(question, matrices.hasChineseNamed());
        } catch (OnnxCalls.Exiting e) {
            return List.of();
        }
        List<Weighted> rankings = new ArrayList<>();
        if (vectors.english() != null) {
            rankings.add(new Weighted(
                    matrices.of(Model.ENGLISH, MeaningMatrices.Tables.OTHER_NAMED, generation)
                            .nearest(vectors.english(), Model.ENGLISH.floor(), limit),
                    RankFusion.MEANING_WEIGHT));
        }
        if (vectors.chinese() != null) {
            boolean across = !Scripts.hasCjk(question);
            rankings.add(new Weighted(
                    matrices.of(
                                    Model.CHINESE,
                                    across ? MeaningMatrices.Tables.CHINESE_NAMED : MeaningMatrices.Tables.ALL,
                                    generation)
                            .nearest(vectors.chinese(), across ? ACROSS_LANGUAGES_FLOOR : Model.CHINESE.floor(), limit),
                    across && !matrices.anyOtherNamed(byWords)
                            ? RankFusion.ACROSS_LANGUAGES_WEIGHT
                            : RankFusion.MEANING_WEIGHT));
        }
        return rankings;
    }
}
