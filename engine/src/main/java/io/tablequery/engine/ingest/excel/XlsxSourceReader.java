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
import io.tablequery.engine.ingest.SupportedFormats;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipFile;
import javax.xml.stream.XMLStreamException;
import org.apache.poi.EncryptedDocumentException;
import org.apache.poi.ooxml.POIXMLException;
import org.apache.poi.openxml4j.exceptions.InvalidFormatException;
import org.apache.poi.openxml4j.exceptions.ODFNotOfficeXmlFileException;
import org.apache.poi.openxml4j.exceptions.OpenXML4JRuntimeException;
import org.apache.poi.openxml4j.opc.OPCPackage;
import org.apache.poi.openxml4j.opc.PackageAccess;
import org.apache.poi.openxml4j.opc.PackagePart;
import org.apache.poi.openxml4j.opc.PackageRelationship;
import org.apache.poi.openxml4j.opc.PackageRelationshipCollection;
import org.apache.poi.openxml4j.opc.PackageRelationshipTypes;
import org.apache.poi.openxml4j.util.ZipSecureFile;

/**
 * Reads {@code .xlsx} and {@code .xlsm} workbooks (transitional or Strict Open XML) sheet by sheet without loading
 * them. POI's package layer opens the ZIP with its zip-bomb guard and resolves the parts through their
 * relationships; the workbook, styles, shared strings and each sheet's cells stream through Aalto's StAX parser.
 */
public final class XlsxSourceReader implements SourceReader {
    /** Workbooks with a thousand sheets exist; POI's default cap of 1000 ZIP entries would refuse them. */
    private static final long MAX_ZIP_ENTRIES = 100_000;

    static {
        if (ZipSecureFile.getMaxFileCount() <= MAX_ZIP_ENTRIES) {
            ZipSecureFile.setMaxFileCount(MAX_ZIP_ENTRIES + 1);
        }
        // The parts' inflation is bounded by what they hold (InflationGuard), not by their compression ratio.
        ZipSecureFile.setMinInflateRatio(0);
    }

    @Override
    public SourceDetails read(Path file, String displayName, SheetVisitor visitor, ReadProgress progress)
            throws IOException {
        refuseTooManyParts(file, displayName);
        try (OPCPackage pkg = OPCPackage.open(file.toFile(), PackageAccess.READ)) {
            PackagePart workbookPart = workbookPart(pkg, displayName);
            WorkbookInfo workbook;
            try (InputStream in = workbookPart.getInputStream()) {
                workbook = WorkbookInfo.parse(in, displayName);
            }
            CellFormats formats = CellFormats.none();
            PackagePart stylesPart = relatedPart(workbookPart, "/styles");
            if (stylesPart != null) {
                try (InputStream in = stylesPart.getInputStream()) {
                    formats = CellFormats.parse(in, displayName);
                }
            }
            SharedStrings strings = null;
            for (int i = 0; i < workbook.sheets().size(); i++) {
                WorkbookInfo.Sheet entry = workbook.sheets().get(i);
                RowSink sink = visitor.beginSheet(new SheetSource(
                        i + 1, entry.name(), entry.hidden(), SourceKind.SPREADSHEET, workbook.date1904()));
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
                    strings = sharedStrings(workbookPart, displayName);
                }
                try (InputStream in = part.getInputStream()) {
                    new XlsxSheetParser(strings, formats, workbook.date1904(), displayName, entry.name())
                            .parse(in, part.getSize(), sink, progress);
                }
            }
            return SourceDetails.NONE;
        } catch (EngineException e) {
            throw e;
        } catch (ODFNotOfficeXmlFileException e) {
            throw unsupported(displayName, "an OpenDocument spreadsheet (.ods); save it as .xlsx or .csv", e);
        } catch (EncryptedDocumentException e) {
            throw encrypted(displayName, e);
        } catch (IOException e) {
            throw ioFailure(displayName, e);
        } catch (InvalidFormatException
                | POIXMLException
                | OpenXML4JRuntimeException
                | XMLStreamException
                | IllegalArgumentException e) {
            throw damaged(displayName, e);
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
        return new EngineException(
                IngestErrorCode.CORRUPT_FILE,
                ("could not read '%s' as an Excel workbook: %s; the"
                                + " file may be damaged: open it in Excel and save it again")
                        .formatted(displayName, message),
                e);
    }

    static EngineException ioFailure(String displayName, IOException e) {
        return damaged(displayName, e);
    }

    /**
     * Refuses a workbook whose ZIP directory lists more parts than any workbook holds, before POI reads it, so that
     * the refusal is this reader's own and not POI's (whose limit is set above it). A directory that cannot be read is
     * left for POI to report as damaged.
     */
    static void refuseTooManyParts(Path file, String displayName) {
        int parts;
        try (ZipFile zip = new ZipFile(file.toFile())) {
            parts = zip.size();
        } catch (IOException e) {
            return;
        }
        if (parts > MAX_ZIP_ENTRIES) {
            throw new EngineException(
                    IngestErrorCode.ZIP_BOMB,
                    ("'%s' holds %,d parts, more than the %,d a workbook can (as zip bombs do); it was not read")
                            .formatted(displayName, parts, MAX_ZIP_ENTRIES));
        }
    }

    private static EngineException unsupported(String displayName, String what, Exception e) {
        return new EngineException(
                IngestErrorCode.UNSUPPORTED_FORMAT,
                "'%s' is %s. %s".formatted(displayName, what, SupportedFormats.MESSAGE),
                e);
    }

    private static PackagePart workbookPart(OPCPackage pkg, String displayName) throws InvalidFormatException {
        for (String type :
                List.of(PackageRelationshipTypes.CORE_DOCUMENT, PackageRelationshipTypes.STRICT_CORE_DOCUMENT)) {
            PackageRelationshipCollection relationships = pkg.getRelationshipsByType(type);
            if (relationships.size() > 0) {
                PackagePart part = pkg.getPart(relationships.getRelationship(0));
                if (part == null) {
                    break;
                }
                String contentType = part.getContentType().toLowerCase(Locale.ROOT);
                if (contentType.contains("binary")) {
                    throw unsupported(displayName, "a binary Excel workbook (.xlsb); save it as .xlsx", null);
                }
                if (!contentType.contains("sheet")) {
                    throw unsupported(displayName, "an Office document but not a workbook (" + contentType + ")", null);
                }
                return part;
            }
        }
        throw new InvalidFormatException("the package has no workbook part");
    }

    private static PackagePart relatedPart(PackagePart from, String typeSuffix) throws InvalidFormatException {
        for (PackageRelationship relationship : from.getRelationships()) {
            if (relationship.getRelationshipType().endsWith(typeSuffix)) {
                return from.getRelatedPart(relationship);
            }
        }
        return null;
    }

    private static SharedStrings sharedStrings(PackagePart workbookPart, String displayName)
            throws IOException, XMLStreamException, InvalidFormatException {
        PackagePart part = relatedPart(workbookPart, "/sharedStrings");
        if (part == null) {
            return SharedStrings.empty();
        }
        try (InputStream in = part.getInputStream()) {
            return SharedStrings.parse(in, displayName);
        }
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
