/** The audit log: one JSON line per call, per workspace, written off the request thread. */
package io.tablequery.server.audit;
