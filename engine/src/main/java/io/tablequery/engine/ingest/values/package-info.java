/**
 * What a cell's value is: spreadsheet numbers by their display format, text by what it spells (numbers, dates,
 * booleans, missing-value markers), database values by their storage class; from all of a column's values, its type;
 * and the kinds of change a value may undergo on its way into a typed column (coercions). Nothing here knows where a
 * table starts or how it is stored.
 */
package io.tablequery.engine.ingest.values;
