package io.tablequery.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** search-tables by meaning, and join partners in search-tables and get-schemas, over a real server. */
class SearchHttpTest {
    @TempDir
    Path dir;

    private TqServer server;

    @BeforeEach
    void start() throws Exception {
        Workspace workspace = Workspace.open(dir.resolve("data/shop"), WorkspaceOptions.SERVED);
        for (var file : Map.of(
                        "cars.csv", "model,mpg,cylinders\nCivic,36,4\nMustang,21,8\n",
                        "regions.csv", "region_id,region\n1,North\n2,South\n",
                        "stores.csv", "store_id,store,region_id\n10,Harbour,1\n11,Mill,2\n12,Quay,2\n")
                .entrySet()) {
            workspace.ingest(Files.writeString(dir.resolve(file.getKey()), file.getValue()));
        }
        assertThat(workspace.awaitMeanings(Duration.ofMinutes(2))).isTrue();
        server = TestServers.serve(workspace, dir);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aTableFoundByItsMeaningSaysWhatItIsSimilarTo() throws Exception {
        JsonNode body = post("search-tables", Map.of("query", "fuel economy of automobiles", "topK", 3));

        assertThat(body.at("/tables/0/name").asText()).isEqualTo("cars");
        assertThat(body.at("/tables/0/matched")).isEmpty();
        assertThat(body.at("/tables/0/similarTo").asText()).startsWith("cars. Columns: model, mpg, cylinders.");
        assertThat(body.at("/unreadMeanings").asInt()).isZero();
        assertThat(body.at("/text").asText()).contains("   similar in meaning to: cars. Columns: model, mpg");
    }

    @Test
    void joinPartnersComeWithTheirJoins() throws Exception {
        JsonNode search = post("search-tables", Map.of("query", "stores", "topK", 5));
        JsonNode schemas = post("get-schemas", Map.of("tables", List.of("stores")));

        assertThat(search.at("/tables/0/name").asText()).isEqualTo("stores");
        assertThat(search.at("/tables/1/name").asText()).isEqualTo("regions");
        assertThat(search.at("/tables/1/joins/0")).isEqualTo(JsonCodec.mapper().readTree("""
                                {"table":"stores","column":"region_id","keyTable":"regions","keyColumn":"region_id",\
                                "kind":"INFERRED"}"""));
        assertThat(schemas.at("/tables/0/joins/0/keyTable").asText()).isEqualTo("regions");
        assertThat(schemas.at("/text").asText())
                .contains("- \"regions\" on \"stores\".\"region_id\" = \"regions\".\"region_id\"");
        assertThat(search.at("/set").isNull()).isTrue();
    }

    @Test
    void aQuestionNamingTwoTablesGetsTheSetWithItsJoins() throws Exception {
        JsonNode search = post("search-tables", Map.of("query", "stores in the South region", "topK", 5));

        List<String> set = List.of(
                search.at("/set/tables/0").asText(), search.at("/set/tables/1").asText());
        assertThat(set).containsExactlyInAnyOrder("stores", "regions");
        assertThat(search.at("/set/tables").size()).isEqualTo(2);
        assertThat(search.at("/set/joins/0/keyTable").asText()).isEqualTo("regions");
        assertThat(search.at("/set/words").toString()).contains("stores", "South");
        assertThat(List.of(
                        search.at("/tables/0/name").asText(),
                        search.at("/tables/1/name").asText()))
                .isEqualTo(set);
        int regions = set.indexOf("regions");
        assertThat(search.at("/tables/" + regions + "/matched").toString())
                .contains(
                        "{\"term\":\"South\",\"fields\":[\"values\"],\"values\":[{\"column\":\"region\",\"value\":\"South\"}]}");
        assertThat(search.at("/text").asText())
                .contains("Together \"%s\", \"%s\" match ".formatted(set.get(0), set.get(1)));
    }

    private JsonNode post(String route, Object body) throws Exception {
        HttpResponse<String> response = new HttpCalls(server, "shop").post(route, body);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JsonCodec.mapper().readTree(response.body());
    }
}
