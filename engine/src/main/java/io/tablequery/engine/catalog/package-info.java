/**
 * The workspace catalog: uploaded files with their F-numbers, sheets with their S-numbers, and the tables made from
 * them with their columns, types and descriptions. {@link io.tablequery.engine.catalog.CatalogSnapshot} is the
 * immutable view readers get; {@link io.tablequery.engine.catalog.CatalogStore} keeps it in the workspace's SQLite
 * database, so a catalog change commits in the same transaction as the tables it describes.
 */
package io.tablequery.engine.catalog;
