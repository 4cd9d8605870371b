package io.tablequery.engine.ingest.values;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.ingest.NumberFormatKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NumberFormatsTest {
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "0|General|GENERAL",
                "14||DATE",
                "22||DATETIME",
                "20||TIME",
                "46||DURATION",
                "9||PERCENT",
                "31||DATE",
                "57||DATE",
                "32||TIME",
                "164|yyyy-mm-dd|DATE",
                "164|dd/mm/yyyy hh:mm|DATETIME",
                "164|h:mm AM/PM|TIME",
                "164|[h]:mm:ss|DURATION",
                "164|0.00%|PERCENT",
                "164|\"$\"#,##0.00|GENERAL",
                "164|[$€-407]#,##0.00|GENERAL",
                "164|mmm yyyy|DATE",
                "164|yyyy\"年\"m\"月\"d\"日\"|DATE",
                "164|#,##0;[Red]-#,##0|GENERAL",
                "164|\"Date: \"0|GENERAL",
                "164|0.00E+00|GENERAL",
                "164|0.00e-00|GENERAL",
                "164|[Red][=50]General;[Blue]000|GENERAL",
                "164|[$-1010409]General|GENERAL",
                "164|[$-409]General|GENERAL",
                "164|[$-409]d-mmm-yy|DATE",
                "164|[$-F800]dddd\\, mmmm dd\\, yyyy|DATE",
                "164|[$-F800]General|DATE",
                "164|[$-F400]h:mm:ss AM/PM|TIME",
                "164|[Blue]General|GENERAL",
                "164|general \"units\"|GENERAL"
            })
    void classifiesFormats(int index, String format, NumberFormatKind expected) {
        assertThat(NumberFormats.classify(index, format)).isEqualTo(expected);
    }
}
