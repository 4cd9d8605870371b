package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The workbook's shared string table, which sheet cells refer to by index. Rich text runs are joined; phonetic
 * guides ({@code rPh}) are left out, as Excel shows them only above the text. The table must fit a share of the
 * heap; a larger one is refused rather than exhausting memory.
 */
final class SharedStrings {
    private static final SharedStrings EMPTY = new SharedStrings(List.of());

    private final List<String> strings;

    private SharedStrings(List<String> strings) {
        this.strings = strings;
    }

    static SharedStrings empty() {
        return EMPTY;
    }

    static SharedStrings parse(InputStream in, String fileName) throws XMLStreamException {
        long budget = Runtime.getRuntime().maxMemory() / 3;
        long used = 0;
        List<String> strings = new ArrayList<>();
        InflationGuard guard = new InflationGuard(in, fileName, "the shared strings");
        XMLStreamReader xml = Stax.reader(guard.stream(), fileName, "the shared strings");
        try {
            StringBuilder current = null;
            int phonetic = 0;
            while (xml.hasNext()) {
                int event = xml.next();
                guard.check();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    Stax.checkDepth(xml, fileName, "the shared strings");
                    String name = xml.getLocalName();
                    if (name.equals("si")) {
                        guard.yielded();
                        current = new StringBuilder();
                    } else if (name.equals("rPh")) {
                        phonetic++;
                    } else if (name.equals("t") && current != null && phonetic == 0) {
                        int index = strings.size();
                        Supplier<String> where = () -> "shared string %,d".formatted(index);
                        current.append(Stax.elementText(xml, fileName, where));
                        TextLimits.checkCell(current.length(), fileName, where);
                    }
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    String name = xml.getLocalName();
                    if (name.equals("rPh")) {
                        phonetic--;
                    } else if (name.equals("si") && current != null) {
                        String text = OoxmlText.decode(current.toString());
                        used += 48 + 2L * text.length();
                        if (used > budget) {
                            throw new EngineException(
                                    IngestErrorCode.FILE_TOO_COMPLEX,
                                    ("the shared string table of"
                                                    + " '%s' holds more text than this server may hold in memory (over %d"
                                                    + " MB after %d strings); save the workbook as CSV and upload that")
                                            .formatted(fileName, budget >> 20, strings.size()));
                        }
                        strings.add(text);
                        current = null;
                    }
                }
            }
        } finally {
            xml.close();
        }
        return new SharedStrings(strings);
    }

    /** Returns the string at an index, or null when the index is out of range. */
    String get(int index) {
        return index >= 0 && index < strings.size() ? strings.get(index) : null;
    }
}
