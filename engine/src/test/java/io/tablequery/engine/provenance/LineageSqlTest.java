package io.tablequery.engine.provenance;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablequery.dialects.sql.Query;
import io.tablequery.dialects.sql.SqliteParser;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The shape of lineage queries: every witness query is read once, however many sources its rows name, and only the
 * stage of the table's own groups is cut to the rows to be read.
 */
class LineageSqlTest {
    private static final SheetRef A = new SheetRef(1, 1);
    private static final SheetRef B = new SheetRef(2, 1);
    private static final String JOIN_WITNESS =
            "SELECT 1 AS \"k0\", \"a\".x AS \"k1\", \"a\".rowid AS \"w0_0\", \"b\".rowid AS \"w1_0\" FROM \"a\" CROSS"
                    + " JOIN \"b\" WHERE \"a\".id = \"b\".id";
    private static final String ONE_WITNESS =
            "SELECT 1 AS \"k0\", \"a\".x AS \"k1\", \"a\".rowid AS \"w0_0\" FROM \"a\"";

    @Test
    void aJoinedGroupIsListedFromOneStageOfTheShownGroups() {
        LineageQuery query = LineageSql.of(joinGroup(), "t").orElseThrow().sqlite();
        assertThat(query.stages()).hasSize(1);
        LineageQuery.Stage stage = query.stages().get(0);
        assertThat(stage.shownRowsOnly()).isTrue();
        assertThat(stage.table()).isEqualTo("__tq_m_t");
        assertThat(occurrences(stage.sql(), JOIN_WITNESS)).isEqualTo(1);
        assertThat(stage.sql())
                .startsWith("SELECT \"__tq_t\".rowid AS \"o\", ")
                .contains("\"temp\".\"t\" AS \"__tq_t\"");
        assertThat(occurrences(query.listing(), JOIN_WITNESS)).isZero();
        assertThat(occurrences(query.listing(), "\"temp\".\"__tq_m_t\"")).isEqualTo(2);
        assertThat(LineageSql.unique(joinGroup())).isFalse();
    }

    @Test
    void aJoinedGroupUnderAnotherIsKeptWholeOnceAndTheOneSourceGroupIsReadInPlace() {
        GroupProvenance outer = new GroupProvenance(
                List.of("__tq_g2_0", "__tq_g2_1"),
                witness("SELECT 1 AS k0, s.n AS k1, s.\"__tq_g1_0\" AS \"w0_0\", s.\"__tq_g1_1\" AS \"w0_1\" FROM s"),
                List.of(new Slot.Keyed(joinGroup(), List.of(Slot.column(null, "w0_0"), Slot.column(null, "w0_1")))),
                new TreeSet<>(List.of(A, B)),
                true,
                Set.of(0));
        LineageQuery query = LineageSql.of(outer, "t").orElseThrow().sqlite();
        assertThat(query.stages()).singleElement().satisfies(stage -> {
            assertThat(stage.shownRowsOnly()).isFalse();
            assertThat(stage.sql()).isEqualTo(JOIN_WITNESS);
        });
        assertThat(occurrences(query.listing(), JOIN_WITNESS)).isZero();
        assertThat(occurrences(query.listing(), "FROM \"s\"")).isEqualTo(1);

        GroupProvenance single = new GroupProvenance(
                List.of("__tq_g1_0", "__tq_g1_1"),
                witness(ONE_WITNESS),
                List.of(new Slot.Direct(A, Slot.column(null, "w0_0"))),
                new TreeSet<>(List.of(A)),
                true,
                Set.of(0));
        LineageQuery direct = LineageSql.of(single, "t").orElseThrow().sqlite();
        assertThat(direct.stages()).isEmpty();
        assertThat(occurrences(direct.listing(), ONE_WITNESS)).isEqualTo(1);
        assertThat(LineageSql.unique(single)).isTrue();
    }

    @Test
    void findsAGroupByEqualityOnKeysNoWitnessRowLeavesNullAndByIsOnTheOthers() {
        GroupProvenance nullable = new GroupProvenance(
                List.of("g0", "g1"),
                witness(ONE_WITNESS),
                List.of(new Slot.Direct(A, Slot.column(null, "w0_0"))),
                new TreeSet<>(List.of(A)),
                true,
                Set.of(0));
        assertThat(LineageSql.of(nullable, "t").orElseThrow().sqlite().listing())
                .contains("\"__tq_l\".\"k0\" = \"__tq_t\".\"g0\" AND \"__tq_l\".\"k1\" IS \"__tq_t\".\"g1\"");
        GroupProvenance never = new GroupProvenance(
                List.of("g0", "g1"), witness(ONE_WITNESS), nullable.slots(), nullable.sheets(), true, Set.of(0, 1));
        assertThat(LineageSql.of(never, "t").orElseThrow().sqlite().listing())
                .contains("\"__tq_l\".\"k0\" = \"__tq_t\".\"g0\" AND \"__tq_l\".\"k1\" = \"__tq_t\".\"g1\"");
        GroupProvenance distinct = new GroupProvenance(
                List.of("city"),
                witness("SELECT a.city AS k0, a.rowid AS \"w0_0\" FROM a"),
                nullable.slots(),
                nullable.sheets(),
                false,
                Set.of());
        assertThat(LineageSql.of(distinct, "t").orElseThrow().sqlite().listing())
                .contains("\"__tq_l\".\"k0\" IS \"__tq_t\".\"city\"");
    }

    private static GroupProvenance joinGroup() {
        return new GroupProvenance(
                List.of("__tq_g1_0", "__tq_g1_1"),
                witness(JOIN_WITNESS),
                List.of(new Slot.Direct(A, Slot.column(null, "w0_0")), new Slot.Direct(B, Slot.column(null, "w1_0"))),
                new TreeSet<>(List.of(A, B)),
                true,
                Set.of(0));
    }

    /** A witness query as lineage makes them, from SQL in the printer's layout. */
    private static Query witness(String sql) {
        return SqliteParser.parse(sql).query();
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }
}
