package io.tablequery.engine.ingest.excel;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.apache.poi.util.LittleEndian;
import org.apache.poi.xssf.binary.XSSFBParseException;
import org.apache.poi.xssf.binary.XSSFBParser;

/**
 * What POI's XSSFB readers leave out of a binary workbook's {@code xl/workbook.bin}: whether it counts dates from 1904
 * ({@code BrtWbProp}'s first bit, MS-XLSB 2.4.820) and which sheets are hidden ({@code BrtBundleSh}'s state, 2.4.304).
 * Without the first, every date of a 1904 workbook would be four years early.
 */
final class XlsbWorkbookInfo extends XSSFBParser {
    private static final int BRT_WB_PROP = 153;
    private static final int BRT_BUNDLE_SH = 156;

    private final Set<String> hidden = new HashSet<>();
    private boolean date1904;

    private XlsbWorkbookInfo(InputStream in) {
        super(in);
    }

    /**
     * Reads the workbook part.
     *
     * @param in {@code xl/workbook.bin}
     * @return what it says
     * @throws IOException when it cannot be read
     */
    static XlsbWorkbookInfo read(InputStream in) throws IOException {
        XlsbWorkbookInfo info = new XlsbWorkbookInfo(in);
        info.parse();
        return info;
    }

    @Override
    public void handleRecord(int recordType, byte[] data) throws XSSFBParseException {
        if (recordType == BRT_WB_PROP && data.length >= 4) {
            date1904 = (LittleEndian.getInt(data, 0) & 1) != 0;
        } else if (recordType == BRT_BUNDLE_SH && data.length >= 12) {
            long state = LittleEndian.getUInt(data, 0);
            int offset = 8;
            long relationship = LittleEndian.getUInt(data, offset);
            offset += 4 + (relationship == 0xFFFFFFFFL ? 0 : (int) relationship * 2);
            if (offset + 4 <= data.length) {
                int chars = (int) LittleEndian.getUInt(data, offset);
                if (chars >= 0 && offset + 4 + 2L * chars <= data.length) {
                    String name = new String(data, offset + 4, chars * 2, StandardCharsets.UTF_16LE);
                    if (state != 0) {
                        hidden.add(name);
                    }
                }
            }
        }
    }

    /** Whether the workbook counts dates from 1904. */
    boolean date1904() {
        return date1904;
    }

    /** Whether a sheet, by name, is hidden or very hidden. */
    boolean hidden(String sheet) {
        return hidden.contains(sheet);
    }
}
