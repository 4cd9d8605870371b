package io.tablequery.engine.workspace;

import static java.util.Objects.requireNonNull;

/**
 * Names a value derived from the tables of one commit and kept with it ({@link Workspace#derived}), and says its
 * type, so what is kept under a key is always read back as what was kept.
 *
 * @param name what the value is, for example {@code schema:orders}
 * @param type the value's class
 * @param <T> the value's type
 */
public record DerivedKey<T>(String name, Class<T> type) {
    public DerivedKey {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
    }
}
