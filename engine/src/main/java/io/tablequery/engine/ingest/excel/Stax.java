package io.tablequery.engine.ingest.excel;

import com.fasterxml.aalto.stax.InputFactoryImpl;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import java.io.InputStream;
import java.util.function.Supplier;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.codehaus.stax2.XMLStreamReader2;

/**
 * Aalto StAX readers with DTDs and external entities off, so no workbook part can make the parser fetch anything,
 * each behind a guard that bounds what the parser holds, and the attribute lookup by local name the OOXML parsers
 * share.
 */
final class Stax {
    /** The deepest nesting of elements a part may have: a worksheet nests 5, rich text 8. */
    static final int MAX_DEPTH = 256;

    private static final XMLInputFactory FACTORY = create();

    private Stax() {}

    /**
     * Returns a reader of one part, its tokens and nesting bounded as the bytes pass ({@link XmlTokenGuard}).
     *
     * @param in the part's bytes
     * @param fileName the file's name, for the error
     * @param part what the part is, for the error, such as {@code sheet 'Q1'}
     * @return the reader
     * @throws XMLStreamException when the parser cannot start
     */
    static XMLStreamReader reader(InputStream in, String fileName, String part) throws XMLStreamException {
        return FACTORY.createXMLStreamReader(new XmlTokenGuard(in, fileName, part));
    }

    /**
     * Fails when the reader is nested deeper than a workbook nests ({@value #MAX_DEPTH} elements): each level costs the
     * parser memory, so a part of millions of nested elements would exhaust it. Called on every start element read.
     *
     * @param xml the reader, Aalto's
     * @param fileName the file, for the error
     * @param part the part, for the error
     */
    static void checkDepth(XMLStreamReader xml, String fileName, String part) {
        if (((XMLStreamReader2) xml).getDepth() > MAX_DEPTH) {
            throw new EngineException(
                    IngestErrorCode.FILE_TOO_COMPLEX,
                    ("'%s' nests its XML more than %d elements deep in %s, where a workbook nests fewer than 10; it"
                                    + " was not read further")
                            .formatted(fileName, MAX_DEPTH, part));
        }
    }

    /**
     * Reads the text of the current element up to its end tag, as {@link XMLStreamReader#getElementText()} does, but
     * bounded: the text of many runs separated by comments passes the token guard run by run, so its total is
     * checked as it grows ({@link TextLimits#MAX_CELL_CHARS}).
     *
     * @param xml the reader, on a start element
     * @param fileName the file, for the error
     * @param where the cell or string, for the error; made only on failure
     * @return the text
     * @throws XMLStreamException when the element holds another element, or the XML is malformed
     */
    static String elementText(XMLStreamReader xml, String fileName, Supplier<String> where) throws XMLStreamException {
        StringBuilder text = null;
        String single = null;
        for (int event = xml.next(); event != XMLStreamConstants.END_ELEMENT; event = xml.next()) {
            switch (event) {
                case XMLStreamConstants.CHARACTERS,
                        XMLStreamConstants.CDATA,
                        XMLStreamConstants.SPACE,
                        XMLStreamConstants.ENTITY_REFERENCE -> {
                    if (single == null && text == null) {
                        single = xml.getText();
                    } else {
                        if (text == null) {
                            text = new StringBuilder(single);
                        }
                        text.append(xml.getTextCharacters(), xml.getTextStart(), xml.getTextLength());
                        TextLimits.checkCell(text.length(), fileName, where);
                    }
                }
                case XMLStreamConstants.COMMENT, XMLStreamConstants.PROCESSING_INSTRUCTION -> {}
                default ->
                    throw new XMLStreamException(
                            "text was expected in an element, but it holds another element", xml.getLocation());
            }
        }
        return text != null ? text.toString() : single == null ? "" : single;
    }

    /** Returns an attribute of the current element by local name, ignoring its namespace, or null. */
    static String attribute(XMLStreamReader xml, String localName) {
        for (int i = 0; i < xml.getAttributeCount(); i++) {
            if (xml.getAttributeLocalName(i).equals(localName)) {
                return xml.getAttributeValue(i);
            }
        }
        return null;
    }

    private static XMLInputFactory create() {
        XMLInputFactory factory = new InputFactoryImpl();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        return factory;
    }
}
