/**
 * The {@code tq} command line (picocli): {@code serve}, {@code ingest}, {@code files}, {@code tables}, {@code rm}
 * and {@code report}. Every workspace command takes {@code --workspace DIR} (default {@code ./data/default}); output
 * goes through picocli's writers, and {@link io.tablequery.server.cli.ExitCodes} maps errors to exit codes.
 */
package io.tablequery.server.cli;
