package io.tablequery.dialects.sql;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.List;

/** Compares trees by what they say, not where they were written: every {@link Span} is set to 0..0. */
final class Trees {
    private static final Span NOWHERE = new Span(0, 0);

    private Trees() {}

    /**
     * Returns the same tree with every span at 0..0.
     *
     * @param node a statement, query, expression or any part of one
     * @return the tree without places
     */
    static Object withoutSpans(Object node) {
        if (node instanceof Span) {
            return NOWHERE;
        }
        if (node instanceof List<?> list) {
            return list.stream().map(Trees::withoutSpans).toList();
        }
        if (node instanceof Record record) {
            RecordComponent[] components = record.getClass().getRecordComponents();
            Object[] values = new Object[components.length];
            Class<?>[] types = new Class<?>[components.length];
            try {
                for (int i = 0; i < components.length; i++) {
                    values[i] = withoutSpans(components[i].getAccessor().invoke(record));
                    types[i] = components[i].getType();
                }
                Constructor<?> constructor = record.getClass().getDeclaredConstructor(types);
                return constructor.newInstance(values);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot rebuild " + record.getClass(), e);
            }
        }
        return node;
    }
}
