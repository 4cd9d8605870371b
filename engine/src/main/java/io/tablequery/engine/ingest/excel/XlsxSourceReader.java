package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.ReadProgress;
import io.tablequery.engine.ingest.RowSink;
import io.tablequery.engine.ingest.SheetSource;
import io.tablequery.engine.ingest.SheetVisitor;
import io.tablequery.engine.ingest.SourceDetails;
import io.tablequery.engine.ingest.SourceKind;
import io.tablequery.engine.ingest.SourceReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLStreamException;
import org.apache.poi.EncryptedDocumentException;
import org.apache.poi.ooxml.POIXMLException;
import org.apache.poi.openxml4j.exceptions.InvalidFormatException;
import org.apache.poi.openxml4j.exceptions.NotOfficeXmlFileException;
import org.apache.poi.openxml4j.exceptions.ODFNotOfficeXmlFileException;
import org.apache.poi.openxml4j.exceptions.OpenXML4JException;
import org.apache.poi.openxml4j.exceptions.OpenXML4JRuntimeException;
import org.apache.poi.openxml4j.opc.OPCPackage;
import org.apache.poi.openxml4j.opc.PackageAccess;
import org.apache.poi.openxml4j.opc.PackagePart;
import org.apache.poi.openxml4j.opc.PackageRelationship;
import org.apache.poi.openxml4j.opc.PackageRelationshipCollection;
import org.apache.poi.openxml4j.opc.PackageRelationshipTypes;
import org.apache.poi.xssf.eventusermodel.XSSFReader;
import org.apache.poi.xssf.model.StylesTable;

/**
 * Reads {@code .xlsx} and {@code .xlsm} workbooks sheet by sheet without loading them. POI opens the package (with
 * its zip-bomb guard), resolves the parts and parses the styles; the shared strings and each sheet's cells stream
 * through Aalto's StAX parser.
 */
public final class XlsxSourceReader implements SourceReader {
    @Override
    public SourceDetails read(Path file, String displayName, SheetVisitor visitor, ReadProgress progress)
            throws IOException {
        try (OPCPackage pkg = OPCPackage.open(file.toFile(), PackageAccess.READ)) {
            XSSFReader reader = new XSSFReader(pkg);
            WorkbookInfo workbook;
            try (InputStream in = reader.getWorkbookData()) {
                workbook = WorkbookInfo.parse(in);
            }
            PackagePart workbookPart = workbookPart(pkg);
            CellFormats formats = CellFormats.of(styles(reader));
            SharedStrings strings = null;
            List<String> notes = new ArrayList<>();
            for (int i = 0; i < workbook.sheets().size(); i++) {
                WorkbookInfo.Sheet entry = workbook.sheets().get(i);
                RowSink sink = visitor.beginSheet(new SheetSource(
                        i + 1, entry.name(), entry.hidden(), SourceKind.SPREADSHEET, workbook.date1904(), List.of()));
                if (sink == null) {
                    continue;
                }
                PackagePart part = sheetPart(workbookPart, entry.relationshipId());
                if (part == null
                        || !part.getContentType().toLowerCase(Locale.ROOT).contains("worksheet")) {
                    sink.end(List.of());
                    continue;
                }
                if (strings == null) {
                    strings = sharedStrings(pkg, displayName);
                }
                try (InputStream in = part.getInputStream()) {
                    new XlsxSheetParser(strings, formats, displayName, entry.name())
                            .parse(in, part.getSize(), sink, progress);
                }
            }
            return new SourceDetails(null, null, notes);
        } catch (EngineException e) {
            throw e;
        } catch (ODFNotOfficeXmlFileException e) {
            throw new EngineException(
                    IngestErrorCode.UNSUPPORTED_FORMAT,
                    ("'%s' is an OpenDocument spreadsheet" + " (.ods); save it as .xlsx or .csv. %s")
                            .formatted(displayName, io.tablequery.engine.ingest.SourceFormat.SUPPORTED),
                    e);
        } catch (EncryptedDocumentException e) {
            throw encrypted(displayName, e);
        } catch (NotOfficeXmlFileException | InvalidFormatException | POIXMLException | OpenXML4JRuntimeException e) {
            throw damaged(displayName, e);
        } catch (OpenXML4JException | XMLStreamException e) {
            throw damaged(displayName, e);
        } catch (IOException e) {
            throw ioFailure(displayName, e);
        }
    }

    static EngineException encrypted(String displayName, Exception e) {
        return new EngineException(
                IngestErrorCode.ENCRYPTED_FILE,
                ("'%s' is password-protected; open it in Excel,"
                                + " remove the password (File > Info > Protect Workbook), save, and upload it again")
                        .formatted(displayName),
                e);
    }

    static EngineException damaged(String displayName, Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (message.toLowerCase(Locale.ROOT).contains(".xlsb")) {
            return new EngineException(
                    IngestErrorCode.UNSUPPORTED_FORMAT,
                    ("'%s' is a binary Excel workbook (.xlsb);" + " save it as .xlsx. %s")
                            .formatted(displayName, io.tablequery.engine.ingest.SourceFormat.SUPPORTED),
                    e);
        }
        return new EngineException(
                IngestErrorCode.CORRUPT_FILE,
                ("could not read '%s' as an Excel workbook: %s; the"
                                + " file may be damaged: open it in Excel and save it again")
                        .formatted(displayName, message),
                e);
    }

    static EngineException ioFailure(String displayName, IOException e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("Zip bomb")) {
            return new EngineException(
                    IngestErrorCode.ZIP_BOMB,
                    ("'%s' expands to far more data than its size" + " suggests, as zip bombs do; it was not read")
                            .formatted(displayName),
                    e);
        }
        return damaged(displayName, e);
    }

    private static StylesTable styles(XSSFReader reader) {
        try {
            return reader.getStylesTable();
        } catch (IOException | InvalidFormatException | RuntimeException e) {
            return null;
        }
    }

    private static SharedStrings sharedStrings(OPCPackage pkg, String displayName)
            throws IOException, XMLStreamException, InvalidFormatException {
        for (String contentType :
                List.of("application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml")) {
            for (PackagePart part : pkg.getPartsByContentType(contentType)) {
                try (InputStream in = part.getInputStream()) {
                    return SharedStrings.parse(in, displayName);
                }
            }
        }
        return SharedStrings.empty();
    }

    private static PackagePart workbookPart(OPCPackage pkg) throws InvalidFormatException {
        for (String type :
                List.of(PackageRelationshipTypes.CORE_DOCUMENT, PackageRelationshipTypes.STRICT_CORE_DOCUMENT)) {
            PackageRelationshipCollection relationships = pkg.getRelationshipsByType(type);
            if (relationships.size() > 0) {
                return pkg.getPart(relationships.getRelationship(0));
            }
        }
        throw new InvalidFormatException("the package has no workbook part");
    }

    private static PackagePart sheetPart(PackagePart workbookPart, String relationshipId)
            throws InvalidFormatException {
        if (relationshipId == null) {
            return null;
        }
        PackageRelationship relationship = workbookPart.getRelationship(relationshipId);
        return relationship == null ? null : workbookPart.getRelatedPart(relationship);
    }
}
