/**
 * Runs validated plans: each run gets a private read-only session whose temp tables vanish when it ends, steps run
 * in order under a time limit, and the final tables are read through the result ceilings with their citations.
 */
package io.tablequery.engine.exec;
