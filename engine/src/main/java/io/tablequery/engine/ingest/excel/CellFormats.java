package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.ingest.DisplayFormat;
import io.tablequery.engine.ingest.values.NumberFormats;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.poi.ss.usermodel.BuiltinFormats;

/**
 * The number format of each cell style of a workbook, by style index, read from {@code xl/styles.xml}: the custom
 * number formats ({@code numFmts}) and the cell formats ({@code cellXfs}) that refer to them. Element names are
 * matched without namespace, so Strict Open XML files read the same way.
 */
final class CellFormats {
    private static final CellFormats NONE = new CellFormats(new DisplayFormat[0]);

    private final DisplayFormat[] formats;

    private CellFormats(DisplayFormat[] formats) {
        this.formats = formats;
    }

    static CellFormats none() {
        return NONE;
    }

    static CellFormats parse(InputStream in, String fileName) throws XMLStreamException {
        Map<Integer, String> custom = new HashMap<>();
        List<Integer> styles = new ArrayList<>();
        XMLStreamReader xml = Stax.reader(in, fileName, "the styles");
        try {
            boolean inCellXfs = false;
            while (xml.hasNext()) {
                int event = xml.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    Stax.checkDepth(xml, fileName, "the styles");
                    switch (xml.getLocalName()) {
                        case "numFmt" -> {
                            Integer id = number(Stax.attribute(xml, "numFmtId"));
                            if (id != null) {
                                custom.put(id, String.valueOf(Stax.attribute(xml, "formatCode")));
                            }
                        }
                        case "cellXfs" -> inCellXfs = true;
                        case "xf" -> {
                            if (inCellXfs) {
                                Integer id = number(Stax.attribute(xml, "numFmtId"));
                                styles.add(id == null ? 0 : id);
                            }
                        }
                        default -> {}
                    }
                } else if (event == XMLStreamConstants.END_ELEMENT
                        && xml.getLocalName().equals("cellXfs")) {
                    inCellXfs = false;
                }
            }
        } finally {
            xml.close();
        }
        Map<Integer, DisplayFormat> byId = new HashMap<>();
        DisplayFormat[] formats = new DisplayFormat[styles.size()];
        for (int i = 0; i < formats.length; i++) {
            formats[i] = byId.computeIfAbsent(styles.get(i), id -> {
                String code = custom.containsKey(id) ? custom.get(id) : BuiltinFormats.getBuiltinFormat(id);
                return new DisplayFormat(id, code == null ? "General" : code, NumberFormats.classify(id, code));
            });
        }
        return new CellFormats(formats);
    }

    DisplayFormat format(int styleIndex) {
        return styleIndex >= 0 && styleIndex < formats.length ? formats[styleIndex] : DisplayFormat.GENERAL;
    }

    private static Integer number(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
