package io.tablequery.engine.joins;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.engine.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Joins found in real uploads: declared by a SQLite database, inferred between CSV files, and the traps between. */
class JoinGraphTest {
    @TempDir
    Path dir;

    Workspace workspace;

    @BeforeEach
    void setUp() {
        workspace = Workspace.open(dir.resolve("ws"));
    }

    @AfterEach
    void tearDown() {
        workspace.close();
    }

    private void csv(String name, String header, List<String> rows) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, header + "\n" + String.join("\n", rows) + "\n");
        workspace.ingest(file);
    }

    private static List<String> rows(int count, IntFunction<String> row) {
        return IntStream.rangeClosed(1, count).mapToObj(row).toList();
    }

    private List<String> joins() {
        return JoinGraph.of(workspace.catalog()).all().stream()
                .map(join -> join.kind() + " " + join.table() + "." + join.column() + " -> " + join.keyTable() + "."
                        + join.keyColumn())
                .sorted()
                .toList();
    }

    @Test
    void aDatabaseDeclaresItsJoinsAndNothingIsInferredBetweenItsTables() throws SQLException {
        Path file = dir.resolve("zoo.sqlite");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("CREATE TABLE student (StuID INTEGER PRIMARY KEY, name TEXT)");
            statement.executeUpdate("CREATE TABLE pets (PetID INTEGER PRIMARY KEY, kind TEXT)");
            statement.executeUpdate("CREATE TABLE has_pet (StuID INTEGER REFERENCES student,"
                    + " PetID INTEGER REFERENCES pets(PetID))");
            statement.executeUpdate("CREATE TABLE visit (StuID INTEGER, PetID INTEGER,"
                    + " FOREIGN KEY (StuID, PetID) REFERENCES has_pet (StuID, PetID))");
            statement.executeUpdate("CREATE TABLE vet (PetID INTEGER)");
            for (int i = 1; i <= 5; i++) {
                statement.executeUpdate("INSERT INTO student VALUES (%d, 's%d')".formatted(i, i));
                statement.executeUpdate("INSERT INTO pets VALUES (%d, 'cat')".formatted(i));
                statement.executeUpdate("INSERT INTO has_pet VALUES (%d, %d)".formatted(i, 6 - i));
                statement.executeUpdate("INSERT INTO visit VALUES (%d, %d)".formatted(i, 6 - i));
                statement.executeUpdate("INSERT INTO vet VALUES (%d)".formatted(i));
            }
        }
        workspace.ingest(file);

        assertThat(joins())
                .containsExactly("DECLARED has_pet.PetID -> pets.PetID", "DECLARED has_pet.StuID -> student.StuID");
    }

    @Test
    void columnsNamingAnotherTablesKeyJoinItWhenTheirValuesFit() throws IOException {
        csv("customers.csv", "customer_id,name", rows(40, i -> i + ",c" + i));
        csv("orders.csv", "order_id,customer_id,amount", rows(100, i -> i + "," + (i % 40 + 1) + "," + i * 3));
        csv("country.csv", "Code,name", List.of("DE,Germany", "FR,France", "CN,China"));
        csv("city.csv", "name,CountryCode", List.of("Berlin,DE", "Paris,FR", "Lyon,FR"));
        csv("shipments.csv", "shipment_id,placed_by_customer_id,order", rows(30, i -> i + "," + i + "," + i));

        assertThat(joins())
                .containsExactly(
                        "INFERRED city.CountryCode -> country.Code",
                        "INFERRED orders.customer_id -> customers.customer_id",
                        "INFERRED shipments.order -> orders.order_id",
                        "INFERRED shipments.placed_by_customer_id -> customers.customer_id");
    }

    @Test
    void namesAloneOrValuesAloneMakeNoJoin() throws IOException {
        csv("customers.csv", "customer_id,name,year", rows(40, i -> i + ",c" + i + "," + (1980 + i)));
        // a customer_id beyond the customers' keys
        csv("orders.csv", "order_id,customer_id", rows(100, i -> i + "," + (i % 41 + 1)));
        // a customer_id that is text where the key is an integer
        csv("returns.csv", "return_id,customer_id", rows(10, i -> i + ",C" + i));
        // unique years, contained, but a year names no key
        csv("events.csv", "event_id,year", rows(10, i -> i + "," + (1990 + i)));
        // a bare id matches no other table's bare id, though the values fit
        csv("notes.csv", "id,text", rows(20, i -> i + ",n" + i));
        csv("tags.csv", "id,label", rows(10, i -> i + ",t" + i));
        // a store_id that repeats is no key to join to
        csv("stores.csv", "store_id,city", rows(50, i -> (i % 5 + 1) + ",d" + i));
        csv("sales.csv", "sale_id,store_id", rows(20, i -> i + "," + (i % 5 + 1)));

        assertThat(joins()).isEmpty();
    }

    @Test
    void joinsComeAndGoWithTheFilesThatMakeThem() throws IOException {
        csv("orders.csv", "order_id,customer_id", rows(100, i -> i + "," + (i % 40 + 1)));
        assertThat(joins()).isEmpty();

        csv("customers.csv", "customer_id,name", rows(40, i -> i + ",c" + i));
        assertThat(joins()).containsExactly("INFERRED orders.customer_id -> customers.customer_id");

        workspace.deleteFile(
                workspace.catalog().table("customers").orElseThrow().fileNumber());
        assertThat(joins()).isEmpty();
    }

    @Test
    void twoKeysHoldingTheSameValuesJoinOnce() throws IOException {
        csv("people.csv", "person_id,name", rows(10, i -> i + ",p" + i));
        csv("passports.csv", "person_id,number", rows(10, i -> i + ",X" + i));

        assertThat(joins()).hasSize(1);
        assertThat(JoinGraph.of(workspace.catalog()).of("PEOPLE")).hasSize(1);
        assertThat(JoinGraph.of(workspace.catalog()).of("passports")).hasSize(1);
    }

    @Test
    void chineseKeyNamesJoinToo() throws IOException {
        csv("客户.csv", "客户编号,名称", rows(6, i -> "C" + i + ",客户" + i));
        csv("订单.csv", "订单编号,客户编号,金额", rows(12, i -> i + ",C" + (i % 6 + 1) + "," + i * 10));

        assertThat(joins()).singleElement().satisfies(join -> assertThat(join)
                .startsWith("INFERRED ")
                .contains(".客户编号 -> ")
                .endsWith(".客户编号"));
    }

    @Test
    void aKeyNameThatManyTablesShareSaysTooLittle() throws IOException {
        for (int t = 1; t <= JoinInference.MAX_NAMESAKES + 1; t++) {
            csv("batch" + t + ".csv", "shared_id,value", rows(10, i -> i + ",v" + i));
        }
        csv("readings.csv", "reading_id,shared_id", rows(5, i -> i + "," + i));

        assertThat(joins()).noneMatch(join -> join.contains("readings"));
    }
}
