/**
 * What the process unpacks from its jar to run: the database drivers' and ONNX Runtime's native libraries and the
 * embedding models, once per jar into a cache directory, and the copies that killed processes left behind.
 */
package io.tablequery.engine.natives;
