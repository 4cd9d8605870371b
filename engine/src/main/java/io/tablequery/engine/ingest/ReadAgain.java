package io.tablequery.engine.ingest;

/**
 * A reader's word that what it delivered was read the wrong way and that it now knows the right way: the ingest drops
 * what the sheets received and reads the file again with the same reader, which reads it the new way. A CSV whose
 * quotes turn out not to quote (a quoted field swallowing lines of a file whose other lines are its records) is read
 * so. It carries no stack trace: it is an outcome, not a failure.
 */
public final class ReadAgain extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the signal.
     *
     * @param reason why, for the log
     */
    public ReadAgain(String reason) {
        super(reason, null, false, false);
    }
}
