/**
 * The tablequery server: the {@code tq} command line ({@code cli}), the Javalin HTTP API ({@code http}), and the
 * JSON shapes both print ({@code views}).
 */
package io.tablequery.server;
