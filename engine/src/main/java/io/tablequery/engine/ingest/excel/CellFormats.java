package io.tablequery.engine.ingest.excel;

import io.tablequery.engine.ingest.NumberFormatKind;
import io.tablequery.engine.ingest.NumberFormats;
import org.apache.poi.xssf.model.StylesTable;
import org.apache.poi.xssf.usermodel.XSSFCellStyle;

/** The display kind of each cell style of a workbook, by style index. */
final class CellFormats {
    private final NumberFormatKind[] kinds;

    private CellFormats(NumberFormatKind[] kinds) {
        this.kinds = kinds;
    }

    static CellFormats of(StylesTable styles) {
        if (styles == null) {
            return new CellFormats(new NumberFormatKind[0]);
        }
        NumberFormatKind[] kinds = new NumberFormatKind[styles.getNumCellStyles()];
        for (int i = 0; i < kinds.length; i++) {
            XSSFCellStyle style = styles.getStyleAt(i);
            kinds[i] = style == null
                    ? NumberFormatKind.GENERAL
                    : NumberFormats.classify(style.getDataFormat(), style.getDataFormatString());
        }
        return new CellFormats(kinds);
    }

    NumberFormatKind kind(int styleIndex) {
        return styleIndex >= 0 && styleIndex < kinds.length ? kinds[styleIndex] : NumberFormatKind.GENERAL;
    }
}
