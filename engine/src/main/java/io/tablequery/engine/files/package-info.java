/** Files written so that a reader never sees half of one. */
package io.tablequery.engine.files;
