package io.tablequery.engine.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.tablequery.engine.result.RealText;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reads and writes the engine's JSON with one shared, thread-safe mapper. A finite double is written as the CSV of
 * run-sql writes it ({@link RealText}: the shortest text that reads back as the same double, {@code 13120000.0}
 * rather than Java's {@code 1.312E7}), so a value reads the same in every answer.
 */
public final class JsonCodec {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .registerModule(new SimpleModule("tq-reals")
                    .addSerializer(Double.class, new RealSerializer())
                    .addSerializer(double.class, new RealSerializer()))
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private JsonCodec() {}

    /** Writes a finite double as {@link RealText} does; infinities and NaN as Jackson does. */
    private static final class RealSerializer extends StdSerializer<Double> {
        RealSerializer() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            if (Double.isFinite(value)) {
                generator.writeNumber(RealText.of(value));
            } else {
                generator.writeNumber(value);
            }
        }
    }

    /**
     * Returns the shared mapper; do not reconfigure it.
     *
     * @return the mapper
     */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * Writes a value as compact JSON.
     *
     * @param value a record, list or map
     * @return the JSON text
     */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads JSON into a value of the given type.
     *
     * @param json the JSON text
     * @param type the target type
     * @param <T> the target type
     * @return the value
     */
    public static <T> T read(String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
