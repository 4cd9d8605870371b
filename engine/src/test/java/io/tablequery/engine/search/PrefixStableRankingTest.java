package io.tablequery.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.workspace.SearchMode;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A search ranks the same tables the same way whatever number of tables it is asked for: over a catalog of lookup
 * tables, fact tables that join them, and tables of other subjects, searched by words and meaning, each answer for k
 * tables is the first k of the answer for k + 1.
 */
class PrefixStableRankingTest {
    private static final String[] SUBJECTS = {
        "weather rainfall",
        "employee salary",
        "school grades",
        "hospital patients",
        "flight delays",
        "energy usage",
        "football results",
        "movie ratings",
        "book loans",
        "tax revenue",
        "crop yields",
        "traffic accidents",
        "election votes",
        "museum visitors",
        "river levels",
        "hotel bookings"
    };

    private static final List<String> QUESTIONS = List.of(
            "which customers ordered the most products",
            "orders per store and city",
            "revenue by product category",
            "returns of orders by customer",
            "monthly sales in each region",
            "visitors of stores",
            "rainfall in the city",
            "salary of employees per department",
            "patients of the hospital",
            "ratings of movies by year");

    @TempDir
    Path dir;

    @Test
    void eachAnswerIsThePrefixOfTheNextWhateverTopKIsAsked() throws Exception {
        Path files = Files.createDirectories(dir.resolve("files"));
        write(files, "customers.csv", "customer_id,name,city", i -> i + ",Customer " + i + ",City " + (i % 4));
        write(files, "products.csv", "product_id,title,category", i -> i + ",Product " + i + ",Category " + (i % 3));
        write(files, "stores.csv", "store_id,city,region", i -> i + ",City " + (i % 4) + ",Region " + (i % 2));
        for (int year = 2019; year <= 2024; year++) {
            write(
                    files,
                    "orders_" + year + ".csv",
                    "order_id,customer_id,product_id,store_id,qty",
                    i -> i + "," + (i % 10 + 1) + "," + (i % 7 + 1) + "," + (i % 5 + 1) + "," + i);
        }
        write(files, "returns.csv", "return_id,customer_id,product_id,reason", i -> i + "," + i + "," + i + ",damaged");
        write(
                files,
                "store_visits.csv",
                "visit_id,store_id,customer_id,day",
                i -> i + "," + (i % 5 + 1) + "," + i + ",2024-01-0" + (i % 9 + 1));
        write(
                files,
                "sales_targets.csv",
                "store_id,month,target",
                i -> (i % 5 + 1) + ",2024-0" + (i % 9 + 1) + "," + i);
        for (int s = 0; s < SUBJECTS.length; s++) {
            String[] words = SUBJECTS[s].split(" ");
            for (int part = 1; part <= 2; part++) {
                int p = part;
                write(
                        files,
                        words[0] + "_" + words[1] + "_" + part + ".csv",
                        "city,year," + words[1] + ",store_id",
                        i -> "City " + (i % 4) + "," + (2000 + i) + "," + (i * p) + "," + (i % 5 + 1));
            }
        }
        try (Workspace workspace =
                Workspace.open(dir.resolve("ws"), WorkspaceOptions.DEFAULTS.withSearch(SearchMode.MEANING))) {
            try (var csvs = Files.list(files)) {
                for (Path csv : csvs.sorted().toList()) {
                    workspace.ingest(csv);
                }
            }
            assertThat(workspace.awaitMeanings(Duration.ofMinutes(2))).isTrue();
            for (String question : QUESTIONS) {
                List<String> longest = names(workspace.searchTables(question, 50));
                assertThat(longest).as(question).isNotEmpty();
                for (int k = 1; k < 50; k++) {
                    List<String> answer = names(workspace.searchTables(question, k));
                    assertThat(answer)
                            .as("%s, top %d", question, k)
                            .isEqualTo(longest.subList(0, Math.min(k, longest.size())));
                }
            }
        }
    }

    private interface Line {
        String of(int row);
    }

    private static void write(Path files, String name, String header, Line line) throws Exception {
        List<String> lines = new ArrayList<>(List.of(header));
        for (int i = 1; i <= 10; i++) {
            lines.add(line.of(i));
        }
        Files.write(files.resolve(name), lines);
    }

    private static List<String> names(SearchResult result) {
        return result.hits().stream().map(hit -> hit.table().name()).toList();
    }
}
