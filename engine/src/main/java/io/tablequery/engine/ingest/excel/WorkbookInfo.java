package io.tablequery.engine.ingest.excel;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * What {@code xl/workbook.xml} says: the sheets in order with their visibility and relationship ids, and the date
 * system.
 *
 * @param sheets the sheets in workbook order
 * @param date1904 whether dates count from 1904
 */
record WorkbookInfo(List<Sheet> sheets, boolean date1904) {
    /**
     * A sheet entry.
     *
     * @param name the sheet name
     * @param hidden whether hidden or very hidden
     * @param relationshipId the id of the relationship to the sheet's part
     */
    record Sheet(String name, boolean hidden, String relationshipId) {}

    static WorkbookInfo parse(InputStream in, String fileName) throws XMLStreamException {
        List<Sheet> sheets = new ArrayList<>();
        boolean date1904 = false;
        XMLStreamReader xml = Stax.reader(in, fileName, "the workbook part");
        try {
            while (xml.hasNext()) {
                if (xml.next() != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                Stax.checkDepth(xml, fileName, "the workbook part");
                String name = xml.getLocalName();
                if (name.equals("workbookPr")) {
                    String value = Stax.attribute(xml, "date1904");
                    date1904 = "1".equals(value) || "true".equalsIgnoreCase(value);
                } else if (name.equals("sheet")) {
                    String state = Stax.attribute(xml, "state");
                    sheets.add(new Sheet(
                            String.valueOf(Stax.attribute(xml, "name")),
                            "hidden".equals(state) || "veryHidden".equals(state),
                            Stax.attribute(xml, "id")));
                }
            }
        } finally {
            xml.close();
        }
        return new WorkbookInfo(List.copyOf(sheets), date1904);
    }
}
