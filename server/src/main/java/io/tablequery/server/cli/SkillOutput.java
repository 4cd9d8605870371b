package io.tablequery.server.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/** Prints a skill command's answer: the agent text, or with {@code --json} the whole JSON response. */
final class SkillOutput {
    private SkillOutput() {}

    static void print(PrintWriter out, JsonOption json, JsonNode response) {
        if (json.json) {
            json.print(out, response);
        } else {
            out.print(response.path("text").asText());
        }
        out.flush();
    }
}
