package io.tablequery.engine.testing;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Minimal .xlsx files of one sheet 's' written part by part, for input no spreadsheet program writes (POI always
 * writes cell references and bounded text): hostile and malformed workbooks, streamed so that a part may inflate to
 * gigabytes without the test holding it.
 */
public final class RawWorkbooks {
    private RawWorkbooks() {}

    /** Writes the body of a part, streamed. */
    public interface Body {
        void write(OutputStream part) throws IOException;
    }

    /**
     * Writes a workbook whose sheet's {@code sheetData} is the body given.
     *
     * @param file the file to write
     * @param sheetData the sheet's rows
     * @return the file
     * @throws IOException when it cannot be written
     */
    public static Path write(Path file, Body sheetData) throws IOException {
        return write(file, sheetData, null, 0);
    }

    /**
     * Writes a workbook with a sheet, an optional shared string table and parts that nothing refers to.
     *
     * @param file the file to write
     * @param sheetData the sheet's rows, inside {@code sheetData}
     * @param sharedStrings the shared string table's items, inside {@code sst}, or null for no table
     * @param extraParts how many empty parts no relationship names
     * @return the file
     * @throws IOException when it cannot be written
     */
    public static Path write(Path file, Body sheetData, Body sharedStrings, int extraParts) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            for (int i = 0; i < extraParts; i++) {
                zip.putNextEntry(new ZipEntry("xl/media/part" + i + ".xml"));
                zip.closeEntry();
            }
            String sst = sharedStrings == null
                    ? ""
                    : "<Override PartName=\"/xl/sharedStrings.xml\" ContentType=\"application/vnd.openxmlformats-"
                            + "officedocument.spreadsheetml.sharedStrings+xml\"/>";
            entry(
                    zip,
                    "[Content_Types].xml",
                    "<?xml version=\"1.0\"?><Types xmlns=\"http://schemas.openxmlformats.org/"
                            + "package/2006/content-types\"><Default Extension=\"rels\" ContentType=\"application/"
                            + "vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType="
                            + "\"application/xml\"/><Override PartName=\"/xl/workbook.xml\" ContentType=\"application/"
                            + "vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/><Override PartName="
                            + "\"/xl/worksheets/sheet1.xml\" ContentType=\"application/vnd.openxmlformats-officedocument."
                            + "spreadsheetml.worksheet+xml\"/>" + sst + "</Types>");
            entry(
                    zip,
                    "_rels/.rels",
                    "<?xml version=\"1.0\"?><Relationships xmlns=\"http://schemas.openxmlformats.org/"
                            + "package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/"
                            + "officeDocument/2006/relationships/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>");
            entry(
                    zip,
                    "xl/workbook.xml",
                    "<?xml version=\"1.0\"?><workbook xmlns=\"http://schemas.openxmlformats.org/"
                            + "spreadsheetml/2006/main\" xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/"
                            + "relationships\"><sheets><sheet name=\"s\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>");
            String sstRelationship = sharedStrings == null
                    ? ""
                    : "<Relationship Id=\"rId2\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/"
                            + "relationships/sharedStrings\" Target=\"sharedStrings.xml\"/>";
            entry(
                    zip,
                    "xl/_rels/workbook.xml.rels",
                    "<?xml version=\"1.0\"?><Relationships xmlns=\"http://schemas."
                            + "openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://"
                            + "schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" Target=\"worksheets/"
                            + "sheet1.xml\"/>" + sstRelationship + "</Relationships>");
            if (sharedStrings != null) {
                zip.putNextEntry(new ZipEntry("xl/sharedStrings.xml"));
                zip.write("<sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">"
                        .getBytes(StandardCharsets.UTF_8));
                sharedStrings.write(zip);
                zip.write("</sst>".getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
            zip.putNextEntry(new ZipEntry("xl/worksheets/sheet1.xml"));
            zip.write("<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>"
                    .getBytes(StandardCharsets.UTF_8));
            sheetData.write(zip);
            zip.write("</sheetData></worksheet>".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        return file;
    }

    /**
     * Writes one character many times, a megabyte at a time.
     *
     * @param out where to write
     * @param c the character, ASCII
     * @param count how many times
     * @throws IOException when it cannot be written
     */
    public static void repeat(OutputStream out, char c, long count) throws IOException {
        byte[] block = new byte[1 << 20];
        java.util.Arrays.fill(block, (byte) c);
        for (long left = count; left > 0; left -= block.length) {
            out.write(block, 0, (int) Math.min(block.length, left));
        }
    }

    /**
     * Writes one whole part.
     *
     * @param zip the workbook being written
     * @param name the part's name
     * @param content its text
     * @throws IOException when it cannot be written
     */
    public static void entry(ZipOutputStream zip, String name, String content) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(content.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
    }
}
