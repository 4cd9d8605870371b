package io.tablequery.engine.search;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.ColumnInfo;
import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.catalog.TableProfile;
import io.tablequery.engine.joins.JoinGraph;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Matches;
import org.apache.lucene.search.MatchesIterator;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.FixedBitSet;
import org.apache.lucene.util.QueryBuilder;

/**
 * Searches one version of the index, paired with the catalog snapshot it was built from. The reader is reference
 * counted: a search holds it while it runs, and the index releases it when a newer version replaces it.
 */
public final class TableSearcher {
    /** The most tables one search returns. */
    public static final int MAX_TOP_K = 200;

    /**
     * How many tables each ranking offers the fusion, whatever the number of tables asked for: a search ranks the same
     * tables the same way for every {@code topK}, which only cuts the ranking (its first k tables are the first k of
     * any longer answer).
     */
    private static final int CANDIDATES = MAX_TOP_K;

    private static final Map<String, Float> BOOSTS = Map.of(
            TableDocuments.NAME, 3.0f,
            TableDocuments.COLUMNS, 2.0f,
            TableDocuments.VALUES, 1.5f,
            TableDocuments.DESCRIPTION, 1.0f);
    private static final Analyzer ANALYZER = new SearchAnalyzer();
    /**
     * The weight of a name of several words the question holds ({@link QuestionEntities}) found as a phrase in a
     * table's values, beside its words' own: over all 2,108 WikiTableQuestions tables by words, recall@1/5/10 0.356 /
     * 0.513 / 0.580 at 3 (and at 10) against 0.353 / 0.512 / 0.579 without.
     */
    private static final float PHRASE_BOOST = 3f;

    private final DirectoryReader reader;
    private final IndexSearcher searcher;
    private final CatalogSnapshot snapshot;
    private final MeaningIndex meaning;
    private final Map<String, MeaningIndex.Text> meaningTexts;
    private final MeaningMatrices matrices;
    /**
     * How many tables have each layout (their column names, lower-cased, in order), tables of totals left out as
     * search leaves them out, counted at this version's first search, so that a run of uploads does not count them
     * once per upload.
     */
    private volatile Map<List<String>, Integer> layouts;

    private volatile boolean allRead;

    TableSearcher(
            DirectoryReader reader,
            CatalogSnapshot snapshot,
            MeaningIndex meaning,
            Map<String, MeaningIndex.Text> meaningTexts) {
        this.reader = reader;
        this.searcher = new IndexSearcher(reader);
        this.snapshot = snapshot;
        this.meaning = meaning;
        this.meaningTexts = meaningTexts;
        this.matrices = meaning == null ? null : new MeaningMatrices(meaningTexts, meaning);
    }

    private Map<List<String>, Integer> layouts() {
        Map<List<String>, Integer> counted = layouts;
        if (counted == null) {
            Map<List<String>, Integer> counts = new HashMap<>();
            snapshot.tables().stream()
                    .filter(table -> !table.companion())
                    .forEach(table -> counts.merge(layout(table), 1, Integer::sum));
            counted = Map.copyOf(counts);
            layouts = counted;
        }
        return counted;
    }

    private static List<String> layout(TableInfo table) {
        return table.columns().stream()
                .map(column -> column.name().toLowerCase(Locale.ROOT))
                .toList();
    }

    /**
     * Returns the catalog snapshot this searcher sees.
     *
     * @return the snapshot
     */
    public CatalogSnapshot snapshot() {
        return snapshot;
    }

    /**
     * Searches, holding the reader for the duration; returns empty if a newer version already released it.
     *
     * @param query the question or keywords
     * @param topK how many tables to return
     * @param joins the joins of this searcher's snapshot, whose partners follow the tables found
     * @return the result, or empty when this version is gone and the caller should take the current one
     */
    public Optional<SearchResult> trySearch(String query, int topK, JoinGraph joins) {
        if (!reader.tryIncRef()) {
            return Optional.empty();
        }
        try {
            return Optional.of(
                    search(requireNonNull(query, "query is null"), topK, requireNonNull(joins, "joins is null")));
        } catch (IOException e) {
            throw new UncheckedIOException("search failed", e);
        } finally {
            try {
                reader.decRef();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    DirectoryReader reader() {
        return reader;
    }

    void release() throws IOException {
        reader.decRef();
    }

    /**
     * The rankings a search fuses, before fusion.
     *
     * @param lexical the tables by BM25, best first
     * @param byWords each of those tables' Lucene hit
     * @param weight the query's weight, to find which words matched; null when the text has no words
     * @param terms the query's terms, each mapped to the word it came from
     * @param byMeaning the rankings by meaning, one per model that read the question; none without meaning search or
     *     vectors
     * @param unread how many tables have no vectors yet
     */
    record Rankings(
            List<String> lexical,
            Map<String, ScoreDoc> byWords,
            Weight weight,
            Map<String, String> terms,
            List<MeaningRanking.Weighted> byMeaning,
            int unread) {
        /** The rankings' ids, words first. */
        List<List<String>> ids() {
            List<List<String>> ids = new ArrayList<>();
            ids.add(lexical);
            byMeaning.forEach(ranking -> ids.add(
                    ranking.tables().stream().map(MeaningRanking.Similar::id).toList()));
            return ids;
        }

        /** Each ranking's weight in the fusion, words' 1. */
        List<Double> weights() {
            List<Double> weights = new ArrayList<>();
            weights.add(1.0);
            byMeaning.forEach(ranking -> weights.add(ranking.weight()));
            return weights;
        }

        boolean foundByMeaning(String id) {
            return similarity(id) != null;
        }

        /** The highest cosine a ranking by meaning gives the table, or null when none holds it. */
        Float similarity(String id) {
            Float best = null;
            for (MeaningRanking.Weighted ranking : byMeaning) {
                for (MeaningRanking.Similar similar : ranking.tables()) {
                    if (similar.id().equals(id) && (best == null || similar.cosine() > best)) {
                        best = similar.cosine();
                    }
                }
            }
            return best;
        }
    }

    /**
     * Ranks the tables for a question by words and by meaning, each ranking at most {@code candidates} long.
     *
     * @param text the question
     * @param candidates how many tables each ranking offers
     * @return the rankings
     * @throws IOException when the index cannot be read
     */
    Rankings rankings(String text, int candidates) throws IOException {
        Map<String, String> terms = analyze(text);
        Map<String, ScoreDoc> byWords = new HashMap<>();
        List<String> lexical = new ArrayList<>();
        Weight weight = null;
        if (!terms.isEmpty()) {
            Query query = query(text, terms);
            // Totals tables and long forms are not offered: an agent should read the data table they were made from.
            int companions = (int)
                    snapshot.tables().stream().filter(TableInfo::companion).count();
            TopDocs top = searcher.search(query, candidates + companions);
            weight = searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE_NO_SCORES, 1);
            String[] ids = ids(top.scoreDocs);
            for (int i = 0; i < ids.length; i++) {
                ScoreDoc scoreDoc = top.scoreDocs[i];
                String id = ids[i];
                Optional<TableInfo> table = snapshot.table(id);
                if (table.isPresent() && !table.get().companion() && lexical.size() < candidates) {
                    lexical.add(id);
                    byWords.put(id, scoreDoc);
                }
            }
        }
        int unread = unread();
        List<MeaningRanking.Weighted> byMeaning = List.of();
        if (meaning != null && !text.isBlank() && meaningTexts.size() > unread) {
            int generation = matrices.generation(meaningTexts.size() - unread);
            unread = meaningTexts.size() - generation;
            byMeaning = MeaningRanking.rankings(text, matrices, generation, candidates, lexical);
        }
        return new Rankings(lexical, byWords, weight, terms, byMeaning, unread);
    }

    /**
     * Reads the tables' ids of documents from their doc values, each leaf's in increasing document order as its
     * iterator requires.
     */
    private String[] ids(ScoreDoc[] docs) throws IOException {
        Integer[] order = new Integer[docs.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingInt(i -> docs[i].doc));
        String[] ids = new String[docs.length];
        List<LeafReaderContext> leaves = reader.leaves();
        int leafIndex = -1;
        SortedDocValues values = null;
        for (int i : order) {
            int doc = docs[i].doc;
            int at = ReaderUtil.subIndex(doc, leaves);
            if (at != leafIndex) {
                leafIndex = at;
                values = leaves.get(at).reader().getSortedDocValues(TableDocuments.ID);
            }
            int inLeaf = doc - leaves.get(at).docBase;
            if (values == null || !values.advanceExact(inLeaf)) {
                throw new IllegalStateException("table document " + doc + " has no id");
            }
            ids[i] = values.lookupOrd(values.ordValue()).utf8ToString();
        }
        return ids;
    }

    /** The tables' vectors packed for ranking, or null without meaning search; for measuring the rankings. */
    MeaningMatrices matrices() {
        return matrices;
    }

    /** How many tables have their vectors; for measuring the rankings. */
    int read() {
        return meaningTexts.size() - unread();
    }

    /**
     * Counts the tables without vectors. Once none is left, none is again: this searcher's tables are fixed, and a
     * vector is dropped only when no table of the latest catalog has its text.
     */
    private int unread() {
        if (meaning == null || allRead) {
            return 0;
        }
        int unread = meaning.pendingOf(meaningTexts);
        allRead = unread == 0;
        return unread;
    }

    private SearchResult search(String text, int topK, JoinGraph joins) throws IOException {
        int candidates = CANDIDATES;
        Rankings rankings = rankings(text, candidates);
        List<TableInfo> found = new ArrayList<>();
        Map<String, Double> fusedScores = new HashMap<>();
        Map<String, Matched> matchedById = new HashMap<>();
        // Only where every table was read for meaning, which then vouches for the tables single characters find.
        boolean gate = hasCjkWord(rankings.terms()) && !rankings.byMeaning().isEmpty() && rankings.unread() == 0;
        FixedBitSet wordMatches = gate ? matchingMoreThanLoneCharacters(rankings.terms()) : null;
        for (RankFusion.Fused fused : RankFusion.scored(rankings.ids(), rankings.weights(), candidates)) {
            Optional<TableInfo> table = snapshot.table(fused.id()).filter(t -> !t.companion());
            if (table.isPresent() && (!gate || !loneCharactersOnly(rankings, fused.id(), wordMatches))) {
                found.add(table.get());
                fusedScores.put(fused.id(), fused.score());
            }
        }
        double best = found.isEmpty() ? 1 : fusedScores.get(TableDocuments.id(found.get(0)));
        Optional<JoinedSets.Chosen> set = JoinedSets.choose(
                found,
                wordsOfSeeds(rankings, found, matchedById),
                List.copyOf(new LinkedHashSet<>(rankings.terms().values())),
                joins,
                snapshot);
        List<JoinExpansion.Ranked> first = set.map(JoinedSets.Chosen::members).orElse(List.of());
        List<TableHit> hits = new ArrayList<>();
        for (JoinExpansion.Ranked ranked : JoinExpansion.expand(found, first, joins, snapshot, topK)) {
            TableInfo table = ranked.table();
            String id = TableDocuments.id(table);
            ScoreDoc scoreDoc = rankings.byWords().get(id);
            // A table of the set that its words found is listed for them, though it carries its joins.
            boolean partner = !ranked.joins().isEmpty()
                    && !set.map(chosen -> chosen.found(table)).orElse(false);
            boolean byMeaningAlone = scoreDoc == null && rankings.foundByMeaning(id) && !partner;
            Double fused = partner ? null : fusedScores.get(id);
            hits.add(new TableHit(
                    table,
                    snapshot.fileName(table.fileNumber()),
                    fused == null ? null : fused / best,
                    scoreDoc == null ? 0f : scoreDoc.score,
                    rankings.similarity(id),
                    scoreDoc == null ? List.of() : withValues(id, matched(rankings, id, matchedById)),
                    ranked.joins(),
                    byMeaningAlone ? meaningTexts.get(id).text() : null,
                    layouts().getOrDefault(layout(table), 1) - 1));
        }
        return new SearchResult(
                text, topK, hits, set.map(JoinedSets.Chosen::set).orElse(null), rankings.unread());
    }

    /** The question's words each of the first found tables matches, for choosing a set of them. */
    private Map<String, List<MatchedTerm>> wordsOfSeeds(
            Rankings rankings, List<TableInfo> found, Map<String, Matched> matchedById) throws IOException {
        Map<String, List<MatchedTerm>> words = new HashMap<>();
        for (TableInfo table : found.subList(0, Math.min(JoinExpansion.LINKED, found.size()))) {
            String id = TableDocuments.id(table);
            if (rankings.byWords().containsKey(id)) {
                words.put(
                        table.name().toLowerCase(Locale.ROOT),
                        matched(rankings, id, matchedById).terms());
            }
        }
        return words;
    }

    /** Whether the question has a CJK word of two characters or more, which a table it is about would match. */
    private static boolean hasCjkWord(Map<String, String> terms) {
        return terms.keySet().stream()
                .anyMatch(term -> Scripts.isCjk(term) && term.codePointCount(0, term.length()) > 1);
    }

    /**
     * Whether a table's only evidence is single CJK characters of the question: not a word ({@code 马} of {@code 斑马}
     * in a name such as {@code 马丽}, {@code 的} in any title), nor a similarity of meaning. With meaning on, such a
     * table is not offered for a question that has CJK words: of 62 Chinese questions about nothing in
     * ChineseQuestionsRecallTest's tables, 57 were offered a table, 12 after this, while its 128 related Chinese
     * questions found their table in the top 5 for 0.992 (0.984 before). By words alone single characters are all a
     * paraphrase has, so there they still count.
     */
    private boolean loneCharactersOnly(Rankings rankings, String id, FixedBitSet wordMatches) {
        ScoreDoc scoreDoc = rankings.byWords().get(id);
        return scoreDoc != null && !rankings.foundByMeaning(id) && !wordMatches.get(scoreDoc.doc);
    }

    /**
     * The documents that a term of the question matches other than a single CJK character, in any field: a table its
     * words found that is not among them matched lone characters only. One pass over the postings of those terms, in
     * place of working out each table's matches.
     */
    private FixedBitSet matchingMoreThanLoneCharacters(Map<String, String> terms) throws IOException {
        FixedBitSet documents = new FixedBitSet(Math.max(1, reader.maxDoc()));
        BooleanQuery.Builder words = new BooleanQuery.Builder();
        boolean any = false;
        for (Map.Entry<String, String> term : terms.entrySet()) {
            if (!Scripts.isCjkCharacter(term.getValue())) {
                for (String field : TableDocuments.SEARCHED) {
                    words.add(new TermQuery(new Term(field, term.getKey())), BooleanClause.Occur.SHOULD);
                    any = true;
                }
            }
        }
        if (!any) {
            return documents;
        }
        Weight weight = searcher.createWeight(searcher.rewrite(words.build()), ScoreMode.COMPLETE_NO_SCORES, 1);
        for (LeafReaderContext leaf : reader.leaves()) {
            Scorer scorer = weight.scorer(leaf);
            if (scorer == null) {
                continue;
            }
            DocIdSetIterator matching = scorer.iterator();
            for (int doc = matching.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = matching.nextDoc()) {
                documents.set(leaf.docBase + doc);
            }
        }
        return documents;
    }

    /**
     * The question's words that matched a table, each with the fields it matched in, and the terms of each word that
     * matched the table's values; the values themselves are found only for the tables an answer shows ({@link
     * #withValues}).
     *
     * @param terms the words, without their values
     * @param valueTerms the analyzed terms of each word that matched in values
     */
    private record Matched(List<MatchedTerm> terms, Map<String, Set<String>> valueTerms) {}

    /** The question's words that matched a table its words found, worked out once per search and table. */
    private Matched matched(Rankings rankings, String id, Map<String, Matched> matchedById) throws IOException {
        Matched matched = matchedById.get(id);
        if (matched == null) {
            matched = matched(rankings.weight(), rankings.byWords().get(id).doc, rankings.terms());
            matchedById.put(id, matched);
        }
        return matched;
    }

    private static Query query(String text, Map<String, String> terms) {
        BooleanQuery.Builder builder = new BooleanQuery.Builder();
        for (String term : terms.keySet()) {
            List<Query> perField = new ArrayList<>();
            for (String field : TableDocuments.SEARCHED) {
                perField.add(new BoostQuery(new TermQuery(new Term(field, term)), BOOSTS.get(field)));
            }
            builder.add(new DisjunctionMaxQuery(perField, 0.1f), BooleanClause.Occur.SHOULD);
        }
        QueryBuilder phrases = new QueryBuilder(ANALYZER);
        for (String phrase : QuestionEntities.phrases(text)) {
            Query inValues = phrases.createPhraseQuery(TableDocuments.VALUES, phrase);
            if (inValues != null && !(inValues instanceof TermQuery)) {
                builder.add(new BoostQuery(inValues, PHRASE_BOOST), BooleanClause.Occur.SHOULD);
            }
        }
        return builder.build();
    }

    /** Finds which query words matched a document, in which fields, and which of their terms matched its values. */
    private Matched matched(Weight weight, int doc, Map<String, String> terms) throws IOException {
        List<LeafReaderContext> leaves = reader.leaves();
        LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
        Matches matches = weight.matches(leaf, doc - leaf.docBase);
        Map<String, Set<String>> fieldsByWord = new TreeMap<>();
        Map<String, Set<String>> valueTermsByWord = new TreeMap<>();
        if (matches != null) {
            for (String field : matches) {
                MatchesIterator iterator = matches.getMatches(field);
                while (iterator != null && iterator.next()) {
                    if (iterator.getQuery() instanceof TermQuery termQuery) {
                        String word = terms.get(termQuery.getTerm().text());
                        if (word != null) {
                            fieldsByWord
                                    .computeIfAbsent(word, k -> new LinkedHashSet<>())
                                    .add(field);
                            if (field.equals(TableDocuments.VALUES)) {
                                valueTermsByWord
                                        .computeIfAbsent(word, k -> new LinkedHashSet<>())
                                        .add(termQuery.getTerm().text());
                            }
                        }
                    }
                }
            }
        }
        List<MatchedTerm> matched = new ArrayList<>();
        for (String word : new LinkedHashSet<>(terms.values())) {
            Set<String> fields = fieldsByWord.get(word);
            boolean partOfLonger = Scripts.isCjkCharacter(word)
                    && fieldsByWord.keySet().stream()
                            .anyMatch(other -> other.length() > word.length() && other.contains(word));
            if (fields != null && !partOfLonger) {
                matched.add(new MatchedTerm(
                        word,
                        TableDocuments.SEARCHED.stream()
                                .filter(fields::contains)
                                .toList()));
            }
        }
        return new Matched(matched, valueTermsByWord);
    }

    /** A shown table's matched words, each that matched its values with the values it matched. */
    private List<MatchedTerm> withValues(String id, Matched matched) throws IOException {
        List<MatchedTerm> terms = new ArrayList<>();
        for (MatchedTerm term : matched.terms()) {
            Set<String> valueTerms = matched.valueTerms().get(term.term());
            terms.add(valueTerms == null ? term : new MatchedTerm(term.term(), term.fields(), values(id, valueTerms)));
        }
        return terms;
    }

    /**
     * The values of a table's columns, as its profile lists them, that hold one of a word's terms, the reason a word
     * matched the table's values: at most {@link MatchedTerm#VALUES_SHOWN}, in column order.
     */
    private List<MatchedTerm.Value> values(String id, Set<String> valueTerms) throws IOException {
        Optional<TableInfo> table = snapshot.table(id);
        Optional<TableProfile> profile = table.flatMap(snapshot::profile);
        if (profile.isEmpty()) {
            return List.of();
        }
        List<MatchedTerm.Value> values = new ArrayList<>();
        for (ColumnInfo column : TableDocuments.valueColumns(table.get())) {
            for (String value : profile.get()
                    .column(column.name())
                    .map(ColumnProfile::values)
                    .orElse(List.of())) {
                if (analyze(value).keySet().stream().anyMatch(valueTerms::contains)) {
                    values.add(new MatchedTerm.Value(column.name(), value));
                    if (values.size() == MatchedTerm.VALUES_SHOWN) {
                        return values;
                    }
                }
            }
        }
        return values;
    }

    /** Returns the whitespace-delimited word of the query that holds a position. */
    private static String wordAt(String text, int position) {
        int start = position;
        while (start > 0 && !Character.isWhitespace(text.charAt(start - 1))) {
            start--;
        }
        int end = position;
        while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
            end++;
        }
        return text.substring(start, end);
    }

    /** Analyzes the query, mapping each term to the query word it came from. */
    static Map<String, String> analyze(String text) throws IOException {
        Map<String, String> terms = new LinkedHashMap<>();
        try (TokenStream stream = ANALYZER.tokenStream(TableDocuments.NAME, text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            OffsetAttribute offset = stream.addAttribute(OffsetAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                String value = term.toString();
                terms.putIfAbsent(value, Scripts.isCjk(value) ? value : wordAt(text, offset.startOffset()));
            }
            stream.end();
        }
        return terms;
    }
}
