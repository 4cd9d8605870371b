/** A Spark Connect server on this machine, in a child JVM: for trying the Spark engine, and for its tests. */
package io.tablequery.spark.local;
