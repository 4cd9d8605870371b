/**
 * The sample files of the embedded default workspace, generated so they can be reproduced and checked: a
 * multi-sheet sales workbook with a title row and a merged two-row header, a Chinese-language inventory sheet with
 * merged category cells, and a CSV of orders with currency, percentages and missing-value markers.
 */
package io.tablequery.samples;
