/**
 * The engine's one exception type, {@link io.tablequery.engine.error.EngineException}, and the stable error codes it
 * carries. Each feature defines its codes in its own enum and number range; transports (HTTP, CLI, MCP) map the
 * categories to their own status codes in exactly one place each.
 */
package io.tablequery.engine.error;
