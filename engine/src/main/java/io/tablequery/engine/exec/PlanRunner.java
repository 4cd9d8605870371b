package io.tablequery.engine.exec;

import io.tablequery.dialects.translate.SqlDialect;
import java.util.Optional;

/**
 * One engine that runs validated plans. An engine either runs each step's SQLite SQL as written (SQLite itself) or
 * names the dialect the plan is translated to first; either way it runs the steps in a session private to the run and
 * hands each final table back for the shared truncation, CSV, JSON and Arrow writers. {@code auto} and {@code both}
 * are compositions over runners, so adding an engine touches neither them nor the transports.
 */
public interface PlanRunner {
    /**
     * Returns the engine's name, as callers ask for it and results report it.
     *
     * @return the name, such as {@code sqlite}
     */
    String name();

    /**
     * Returns the dialect a plan is translated to before this engine runs it.
     *
     * @return the dialect, or empty when the engine runs SQLite's SQL as written
     */
    Optional<SqlDialect> dialect();

    /**
     * Returns how the engine's SQL names tables, for the translation.
     *
     * @return the naming
     */
    TableNaming naming();

    /**
     * Opens a session private to one run.
     *
     * @param context what the run works on
     * @return the session; close it when the final tables were read
     */
    PlanSession open(RunContext context);
}
