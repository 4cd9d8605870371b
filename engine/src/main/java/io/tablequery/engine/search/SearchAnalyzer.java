package io.tablequery.engine.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.cjk.CJKBigramFilter;
import org.apache.lucene.analysis.cjk.CJKWidthFilter;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.synonym.SynonymGraphFilter;
import org.apache.lucene.analysis.synonym.SynonymMap;
import org.apache.lucene.util.CharsRef;

/**
 * One analyzer for English and CJK text together. Unicode word breaking; full-width forms folded; Han, Hiragana,
 * Katakana and Hangul runs as bigrams plus single characters (so a two-character query matches inside a longer
 * name, and a one-character query still matches); words split at {@code _}, {@code -}, {@code .}, case changes and
 * digits, keeping the whole word too ({@code sales_2025} gives {@code sales}, {@code 2025} and {@code sales_2025});
 * English month names and abbreviations as synonyms;
 * lower case; accents folded; English stop words dropped; Porter stemming.
 */
public final class SearchAnalyzer extends Analyzer {
    private static final int WORD_FLAGS = WordDelimiterGraphFilter.GENERATE_WORD_PARTS
            | WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS
            | WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE
            | WordDelimiterGraphFilter.SPLIT_ON_NUMERICS
            | WordDelimiterGraphFilter.PRESERVE_ORIGINAL;

    /** English month names and their abbreviations match each other: a question says April, a column Units_Apr. */
    private static final SynonymMap MONTHS = months();

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        StandardTokenizer tokenizer = new StandardTokenizer();
        TokenStream stream = new CJKWidthFilter(tokenizer);
        stream = new CJKBigramFilter(
                stream,
                CJKBigramFilter.HAN | CJKBigramFilter.HIRAGANA | CJKBigramFilter.KATAKANA | CJKBigramFilter.HANGUL,
                true);
        stream = new WordDelimiterGraphFilter(stream, WORD_FLAGS, null);
        stream = new SynonymGraphFilter(stream, MONTHS, true);
        stream = new FlattenGraphFilter(stream);
        stream = new LowerCaseFilter(stream);
        stream = new ASCIIFoldingFilter(stream);
        stream = new EnglishPossessiveFilter(stream);
        stream = new StopFilter(stream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
        stream = new PorterStemFilter(stream);
        return new TokenStreamComponents(tokenizer, stream);
    }

    @Override
    protected TokenStream normalize(String fieldName, TokenStream in) {
        return new ASCIIFoldingFilter(new LowerCaseFilter(new CJKWidthFilter(in)));
    }

    private static SynonymMap months() {
        String[][] months = {
            {"jan", "january"}, {"feb", "february"}, {"mar", "march"}, {"apr", "april"}, {"jun", "june"},
            {"jul", "july"}, {"aug", "august"}, {"sep", "september"}, {"sept", "september"}, {"oct", "october"},
            {"nov", "november"}, {"dec", "december"}
        };
        SynonymMap.Builder builder = new SynonymMap.Builder(true);
        for (String[] pair : months) {
            builder.add(new CharsRef(pair[0]), new CharsRef(pair[1]), true);
            builder.add(new CharsRef(pair[1]), new CharsRef(pair[0]), true);
        }
        try {
            return builder.build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
