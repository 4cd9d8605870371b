/**
 * The HTTP API on Javalin: workspaces under {@code /v1/workspaces/{ws}/...} with file upload, listing, deletion and
 * reports, table listing, and {@code /health}. Every error is JSON {@code {code, message}} with a stable code; {@link
 * io.tablequery.server.http.ErrorMapper} is the one place that maps codes to statuses.
 */
package io.tablequery.server.http;
