package io.tablequery.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.server.api.ServerErrorCode;

/**
 * Reads JSON request bodies, refusing anything but an object with {@code BAD_REQUEST}. A body is parsed once per
 * request: the admission gate sizes a query from it before its handler reads it.
 */
final class JsonBodies {
    static final String PARSED = "tq.jsonBody";

    private JsonBodies() {}

    /** Returns the body as a JSON object. */
    static JsonNode object(Context ctx) {
        JsonNode parsed = ctx.attribute(PARSED);
        if (parsed != null) {
            return parsed;
        }
        try {
            JsonNode node = JsonCodec.mapper().readTree(ctx.body());
            if (node == null || !node.isObject()) {
                throw new EngineException(ServerErrorCode.BAD_REQUEST, "the request body must be a JSON object");
            }
            ctx.attribute(PARSED, node);
            return node;
        } catch (JsonProcessingException e) {
            throw new EngineException(
                    ServerErrorCode.BAD_REQUEST, "the request body is not valid JSON: " + e.getOriginalMessage());
        }
    }
}
