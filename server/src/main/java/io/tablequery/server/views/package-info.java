/**
 * The JSON shapes of files, tables and uploads, shared by the HTTP API and the command line's {@code --json}
 * output, so both print the same thing. They leave out storage internals such as physical table names.
 */
package io.tablequery.server.views;
