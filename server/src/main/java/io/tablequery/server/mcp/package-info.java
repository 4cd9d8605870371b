/**
 * The MCP server: both tool families as Model Context Protocol tools, over stdio ({@code tq mcp}) and over Streamable
 * HTTP inside the Javalin app ({@code /mcp}). The skill tools answer with the skill's text, the DuckDB tools with
 * their JSON; every failure is a tool error carrying the HTTP API's code.
 */
package io.tablequery.server.mcp;
