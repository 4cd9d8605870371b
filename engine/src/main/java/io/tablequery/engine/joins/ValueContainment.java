package io.tablequery.engine.joins;

import io.tablequery.engine.catalog.ColumnProfile;
import io.tablequery.engine.catalog.ColumnType;
import io.tablequery.engine.store.ProfileValues;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;

/**
 * Tells from two columns' profiles whether the values of one may all be values of the other: it has values, no
 * more distinct values, and its smallest and largest lie within the other's; when both profiles list their values,
 * the one's are all among the other's. A profile cannot prove containment in between; with a matching name it is
 * the evidence search and get-schemas go on.
 */
final class ValueContainment {
    private ValueContainment() {}

    static boolean within(ColumnProfile values, ColumnProfile key, ColumnType type) {
        if (values.distinctCount() < 1
                || values.distinctCount() > key.distinctCount()
                || values.min() == null
                || key.min() == null) {
            return false;
        }
        Comparator<String> order = ProfileValues.order(type);
        try {
            if (order.compare(values.min(), key.min()) < 0 || order.compare(values.max(), key.max()) > 0) {
                return false;
            }
        } catch (NumberFormatException e) {
            return false;
        }
        if (!values.values().isEmpty() && !key.values().isEmpty()) {
            Set<String> keys = new HashSet<>(key.values());
            return keys.containsAll(values.values());
        }
        return true;
    }
}
