/**
 * Engines that live outside {@code tq.jar} (Spark, whose client is large): the interface such an engine implements,
 * and the loader that finds it in a jar of its own through {@link java.util.ServiceLoader}.
 */
package io.tablequery.engine.plugin;
