package io.tablequery.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.javalin.json.JsonMapper;
import io.tablequery.engine.json.JsonCodec;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;

/** Javalin's JSON through the engine's one Jackson configuration. */
final class JacksonMapper implements JsonMapper {
    @Override
    public String toJsonString(Object value, Type type) {
        return JsonCodec.write(value);
    }

    @Override
    public <T> T fromJsonString(String json, Type type) {
        try {
            return JsonCodec.mapper().readValue(json, JsonCodec.mapper().constructType(type));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
