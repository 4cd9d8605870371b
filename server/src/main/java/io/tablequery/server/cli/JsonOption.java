package io.tablequery.server.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.tablequery.engine.json.JsonCodec;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import picocli.CommandLine.Option;

/** The {@code --json} option: print the HTTP API's JSON shapes instead of text. */
public final class JsonOption {
    @Option(names = "--json", description = "Print JSON, in the shapes of the HTTP API.")
    boolean json;

    void print(PrintWriter out, Object value) {
        try {
            out.println(JsonCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
