package io.tablequery.engine.ingest.csv;

import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Picks the field delimiter that splits the first records most consistently into more than one field: among comma,
 * semicolon, tab and pipe, the one whose most common field count is shared by the largest share of records (ties go
 * to more fields, then to the preferred delimiter). Title lines above the header lower the share but not the
 * choice.
 */
final class DelimiterSniffer {
    private static final char[] CANDIDATES = {',', ';', '\t', '|'};
    private static final int SAMPLE_RECORDS = 200;

    private DelimiterSniffer() {}

    static char sniff(String sample, boolean preferTab, char quote) {
        char best = preferTab ? '\t' : ',';
        double bestShare = -1;
        int bestFields = 1;
        for (char candidate : CANDIDATES) {
            Map<Integer, Integer> counts = new HashMap<>();
            int records = 0;
            try (CsvReader<CsvRecord> reader = CsvReader.builder()
                    .fieldSeparator(candidate)
                    .quoteCharacter(quote)
                    .allowExtraFields(true)
                    .allowMissingFields(true)
                    .allowExtraCharsAfterClosingQuote(true)
                    .ofCsvRecord(sample)) {
                for (CsvRecord record : reader) {
                    if (record.getFieldCount() == 1 && record.getField(0).isBlank()) {
                        continue;
                    }
                    counts.merge(record.getFieldCount(), 1, Integer::sum);
                    if (++records >= SAMPLE_RECORDS) {
                        break;
                    }
                }
            } catch (RuntimeException | IOException e) {
                continue;
            }
            if (records == 0) {
                continue;
            }
            int mode = 1;
            int modeCount = 0;
            for (Map.Entry<Integer, Integer> entry : counts.entrySet()) {
                if (entry.getValue() > modeCount || (entry.getValue() == modeCount && entry.getKey() > mode)) {
                    mode = entry.getKey();
                    modeCount = entry.getValue();
                }
            }
            if (mode < 2) {
                continue;
            }
            double share = (double) modeCount / records;
            boolean preferred = preferTab && candidate == '\t';
            if (share > bestShare + 1e-9 || (Math.abs(share - bestShare) <= 1e-9 && (mode > bestFields || preferred))) {
                best = candidate;
                bestShare = share;
                bestFields = mode;
            }
        }
        return best;
    }
}
