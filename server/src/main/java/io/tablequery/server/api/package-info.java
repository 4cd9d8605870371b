/**
 * What the server's transports share: the tools' definitions ({@code tools.json}), how their arguments are read, and
 * the server's error codes. The HTTP API and the MCP server both answer with these names, shapes and codes.
 */
package io.tablequery.server.api;
