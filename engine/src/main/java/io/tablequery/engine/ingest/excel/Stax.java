package io.tablequery.engine.ingest.excel;

import com.fasterxml.aalto.stax.InputFactoryImpl;
import java.io.InputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Aalto StAX readers with DTDs and external entities off, so no workbook part can make the parser fetch anything,
 * and the attribute lookup by local name the OOXML parsers share.
 */
final class Stax {
    private static final XMLInputFactory FACTORY = create();

    private Stax() {}

    static XMLStreamReader reader(InputStream in) throws XMLStreamException {
        return FACTORY.createXMLStreamReader(in);
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
