/** The one Jackson configuration the engine uses for everything it stores or returns as JSON. */
package io.tablequery.engine.json;
