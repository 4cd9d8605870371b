package io.tablequery.engine.ingest.excel;

import com.fasterxml.aalto.stax.InputFactoryImpl;
import java.io.InputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/** Creates Aalto StAX readers with DTDs and external entities off, so no sheet can make the parser fetch anything. */
final class StaxFactory {
    private static final XMLInputFactory FACTORY = create();

    private StaxFactory() {}

    static XMLStreamReader reader(InputStream in) throws XMLStreamException {
        return FACTORY.createXMLStreamReader(in);
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
