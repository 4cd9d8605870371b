/**
 * Who may call the server: an admin key for creating and deleting workspaces and issuing keys, and per-workspace API
 * keys, each opening exactly one workspace. Keys are random 256-bit tokens; the server keeps only their SHA-256.
 */
package io.tablequery.server.auth;
