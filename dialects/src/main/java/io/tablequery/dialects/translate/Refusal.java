package io.tablequery.dialects.translate;

/** Thrown inside the translator when a construct cannot be carried over exactly; becomes an untranslatable result. */
final class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refusal(String reason) {
        super(reason, null, false, false);
    }
}
