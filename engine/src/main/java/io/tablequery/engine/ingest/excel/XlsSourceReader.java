package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.ReadProgress;
import io.tablequery.engine.ingest.SheetVisitor;
import io.tablequery.engine.ingest.SourceDetails;
import io.tablequery.engine.ingest.SourceFormat;
import io.tablequery.engine.ingest.SourceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.poi.EncryptedDocumentException;
import org.apache.poi.hssf.OldExcelFormatException;
import org.apache.poi.hssf.eventusermodel.HSSFEventFactory;
import org.apache.poi.hssf.eventusermodel.HSSFRequest;
import org.apache.poi.poifs.filesystem.DirectoryNode;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;

/**
 * Reads {@code .xls} (BIFF8) workbooks through POI's record event API, so the workbook is never built in memory.
 * An OLE2 file holding an encrypted {@code .xlsx} is recognised and refused as password-protected.
 */
public final class XlsSourceReader implements SourceReader {
    @Override
    public SourceDetails read(Path file, String displayName, SheetVisitor visitor, ReadProgress progress)
            throws IOException {
        long size = Files.size(file);
        try (POIFSFileSystem fs = new POIFSFileSystem(file.toFile(), true)) {
            DirectoryNode root = fs.getRoot();
            if (root.hasEntry("EncryptionInfo") || root.hasEntry("EncryptedPackage")) {
                throw XlsxSourceReader.encrypted(displayName, null);
            }
            if (!root.hasEntry("Workbook") && !root.hasEntry("WORKBOOK") && !root.hasEntry("BOOK")) {
                if (root.hasEntry("Book")) {
                    throw oldFormat(displayName, null);
                }
                throw new EngineException(
                        IngestErrorCode.UNSUPPORTED_FORMAT,
                        ("'%s' is an OLE2 document but not an" + " Excel workbook (a Word or other Office file?); %s")
                                .formatted(displayName, SourceFormat.SUPPORTED));
            }
            XlsRecordListener listener = new XlsRecordListener(visitor);
            HSSFRequest request = new HSSFRequest();
            request.addListenerForAllRecords(listener.entry());
            new HSSFEventFactory().processWorkbookEvents(request, fs);
            progress.advanced(size, size);
            return new SourceDetails(null, null, List.of());
        } catch (EngineException e) {
            throw e;
        } catch (EncryptedDocumentException e) {
            throw XlsxSourceReader.encrypted(displayName, e);
        } catch (OldExcelFormatException e) {
            throw oldFormat(displayName, e);
        } catch (IOException e) {
            throw XlsxSourceReader.ioFailure(displayName, e);
        } catch (RuntimeException e) {
            throw XlsxSourceReader.damaged(displayName, e);
        }
    }

    private static EngineException oldFormat(String displayName, Exception e) {
        return new EngineException(
                IngestErrorCode.UNSUPPORTED_FORMAT,
                ("'%s' is in the Excel 5.0/95 format, which is"
                                + " not supported; open it in Excel and save it as .xlsx")
                        .formatted(displayName),
                e);
    }
}
