package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import java.util.ArrayList;
import java.util.List;

/** Reads the server's JSON back into the views the embedded commands build, so both print alike. */
final class Views {
    private Views() {}

    static <T> T one(JsonNode json, Class<T> type) {
        return JsonCodec.mapper().convertValue(json, type);
    }

    static <T> List<T> list(JsonNode json, Class<T> type) {
        List<T> values = new ArrayList<>();
        json.forEach(element -> values.add(one(element, type)));
        return values;
    }
}
