/**
 * Excel ingest. {@code .xlsx}/{@code .xlsm} are read with POI's event API (package, relationships, styles) and the
 * Aalto StAX parser over each sheet's XML, so no workbook is held in memory; {@code .xls} with POI's HSSF record
 * event API. Both deliver formulas by their cached values, number cells with their display format, error cells,
 * hidden sheets, and merged regions.
 */
package io.tablequery.engine.ingest.excel;
