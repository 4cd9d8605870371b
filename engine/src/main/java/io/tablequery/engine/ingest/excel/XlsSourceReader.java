package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.ingest.IngestErrorCode;
import io.tablequery.engine.ingest.ReadProgress;
import io.tablequery.engine.ingest.SheetVisitor;
import io.tablequery.engine.ingest.SourceDetails;
import io.tablequery.engine.ingest.SourceReader;
import io.tablequery.engine.ingest.SupportedFormats;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.util.List;
import org.apache.poi.EncryptedDocumentException;
import org.apache.poi.hssf.OldExcelFormatException;
import org.apache.poi.hssf.eventusermodel.HSSFEventFactory;
import org.apache.poi.hssf.eventusermodel.HSSFRequest;
import org.apache.poi.poifs.crypt.Decryptor;
import org.apache.poi.poifs.crypt.EncryptionInfo;
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
                Path decrypted = decryptedWithDefaultPassword(fs, file);
                if (decrypted == null) {
                    throw XlsxSourceReader.encrypted(displayName, null);
                }
                try {
                    return new XlsxSourceReader().read(decrypted, displayName, visitor, progress);
                } finally {
                    Files.deleteIfExists(decrypted);
                }
            }
            if (!root.hasEntry("Workbook") && !root.hasEntry("WORKBOOK") && !root.hasEntry("BOOK")) {
                if (root.hasEntry("Book")) {
                    throw oldFormat(displayName, null);
                }
                throw new EngineException(
                        IngestErrorCode.UNSUPPORTED_FORMAT,
                        ("'%s' is an OLE2 document but not an" + " Excel workbook (a Word or other Office file?); %s")
                                .formatted(displayName, SupportedFormats.MESSAGE));
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

    /**
     * An encrypted .xlsx that Excel opens without asking, as it is encrypted with Excel's default password
     * ({@code VelvetSweatshop}, what "protect workbook structure" and some exporters use), decrypted beside the
     * upload; null when it needs another password.
     */
    private static Path decryptedWithDefaultPassword(POIFSFileSystem fs, Path file) throws IOException {
        Decryptor decryptor;
        try {
            decryptor = Decryptor.getInstance(new EncryptionInfo(fs));
            if (!decryptor.verifyPassword(Decryptor.DEFAULT_PASSWORD)) {
                return null;
            }
        } catch (GeneralSecurityException | EncryptedDocumentException e) {
            return null;
        }
        Path decrypted = file.resolveSibling(file.getFileName() + ".decrypted.xlsx");
        try (InputStream in = decryptor.getDataStream(fs)) {
            Files.copy(in, decrypted, StandardCopyOption.REPLACE_EXISTING);
        } catch (GeneralSecurityException e) {
            Files.deleteIfExists(decrypted);
            return null;
        }
        return decrypted;
    }

    private static EngineException oldFormat(String displayName, Exception e) {
        return new EngineException(
                IngestErrorCode.UNSUPPORTED_FORMAT,
                ("'%s' is in the Excel 5.0/95 format, which is not supported; open it in Excel or LibreOffice and"
                                + " save it as .xlsx. %s")
                        .formatted(displayName, SupportedFormats.MESSAGE),
                e);
    }
}
