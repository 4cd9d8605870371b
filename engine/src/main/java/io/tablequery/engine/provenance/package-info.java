/**
 * Where result rows come from: a step either keeps the source row of each of its rows
 * ({@link io.tablequery.engine.provenance.RowProvenance}, cited as {@code F1S2R5}) or only knows the sheets it read
 * ({@link io.tablequery.engine.provenance.SheetProvenance}, cited as {@code F1S2}); and the
 * {@link io.tablequery.engine.provenance.FileRefTable} that turns citations into file names.
 */
package io.tablequery.engine.provenance;
