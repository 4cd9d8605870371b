/** Each committed table version of a workspace, exported as Parquet where the Spark cluster reads it. */
package io.tablequery.spark.export;
