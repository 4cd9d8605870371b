/**
 * The benchmark harness: tablequery measured against baselines, side by side in one run, each measurement in a
 * fresh JVM so one contender's JIT and heap do not colour another's. Results go to {@code benchmarks/results/} as
 * markdown and JSON with a description of the machine. Nothing depends on this module.
 */
package io.tablequery.benchmarks;
