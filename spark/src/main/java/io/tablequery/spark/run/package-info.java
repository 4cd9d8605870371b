/** A plan's steps run in a Spark Connect session, and its final tables read back as Arrow. */
package io.tablequery.spark.run;
