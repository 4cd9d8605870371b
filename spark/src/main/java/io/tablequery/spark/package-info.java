/**
 * Spark SQL as an engine of run-sql: plans translated to Spark SQL run through Spark Connect on a cluster, over
 * Parquet exports of the workspace's tables. Loaded from {@code tq-spark.jar} through {@link
 * io.tablequery.engine.plugin.EnginePlugin}.
 */
package io.tablequery.spark;
