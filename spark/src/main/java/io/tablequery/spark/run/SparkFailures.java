package io.tablequery.spark.run;

/** What a Spark failure says, for the messages that pass it on. */
public final class SparkFailures {
    private SparkFailures() {}

    /**
     * Returns the first line of a failure's message (Spark's often carry a plan or a stack after it), or the
     * failure's type when it has no message.
     *
     * @param failure the failure
     * @return one line
     */
    public static String firstLine(Throwable failure) {
        String message = failure.getMessage();
        if (message == null || message.isBlank()) {
            return failure.getClass().getSimpleName();
        }
        return message.strip().lines().findFirst().orElse("").strip();
    }
}
