/**
 * Looking at the data as a person does: a table page by page in row order ({@link
 * io.tablequery.engine.browse.TablePager}), and the cells of an original file's sheet around the rows a citation
 * names ({@link io.tablequery.engine.browse.SourceCellsReader}).
 */
package io.tablequery.engine.browse;
