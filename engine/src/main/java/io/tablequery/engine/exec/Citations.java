package io.tablequery.engine.exec;

import static io.tablequery.dialects.SqlIdentifiers.literal;
import static io.tablequery.dialects.SqlIdentifiers.quote;

import io.tablequery.engine.plan.ValidatedStep;
import io.tablequery.engine.provenance.Provenance;
import io.tablequery.engine.provenance.RowProvenance;
import io.tablequery.engine.provenance.SheetProvenance;
import java.util.List;

/** The SQL that reads a final table with each row's {@code __src} citation, in any engine that speaks standard SQL. */
public final class Citations {
    /** The column of each row's citation. */
    public static final String COLUMN = "__src";

    private Citations() {}

    /**
     * Reads a final table's visible columns and each row's citation, in the step's row order.
     *
     * @param step the final step
     * @param visible its visible columns
     * @param relation the table as the engine names it
     * @param order what orders its rows, or null to leave the order to the engine
     * @param textType the engine's name of the text type
     * @return the SELECT statement
     */
    public static String select(
            ValidatedStep step, List<String> visible, String relation, String order, String textType) {
        StringBuilder select = new StringBuilder("SELECT ");
        for (String column : visible) {
            select.append(quote(column)).append(", ");
        }
        select.append(column(step, textType)).append(" FROM ").append(relation);
        if (order != null) {
            select.append(" ORDER BY ").append(order);
        }
        return select.toString();
    }

    /**
     * Returns the expression of a final table's {@code __src} column, named, for an engine that builds its reading
     * query itself.
     *
     * @param step the final step
     * @param textType the engine's name of the text type
     * @return the expression {@code ... AS "__src"}
     */
    public static String column(ValidatedStep step, String textType) {
        return expression(step.provenance(), textType) + " AS " + quote(COLUMN);
    }

    private static String expression(Provenance provenance, String textType) {
        if (provenance instanceof RowProvenance row) {
            return "CASE WHEN %1$s IS NULL THEN %2$s ELSE %3$s || CAST(%1$s AS %4$s) END"
                    .formatted(
                            quote(row.rowColumn()),
                            literal(row.sheet().toString()),
                            literal(row.rowPrefix()),
                            textType);
        }
        return literal(sheets(provenance));
    }

    /**
     * Returns the citation of a row of a step by its sheets alone: what rows cite when their lineage cannot be read.
     *
     * @param provenance the step's provenance
     * @return for example {@code F1S2;F3S1}
     */
    public static String sheets(Provenance provenance) {
        return new SheetProvenance(provenance.sheets(), "").cite();
    }
}
