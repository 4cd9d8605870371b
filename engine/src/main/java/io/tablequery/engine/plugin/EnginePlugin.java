package io.tablequery.engine.plugin;

import io.tablequery.engine.skill.PlanEngines;
import io.tablequery.engine.workspace.WorkspaceListener;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * An engine shipped in a jar of its own and found through {@link java.util.ServiceLoader}: it is configured once per
 * process from options, offers run-sql an engine, hears each workspace the process opens, and may offer commands of
 * its own ({@code tq spark local}). Nothing outside the plugin names its classes.
 */
public interface EnginePlugin {
    /**
     * Returns the engine's name, as {@code --engine} and {@code tq NAME ...} spell it.
     *
     * @return the name
     */
    String name();

    /**
     * Configures the engine for this process.
     *
     * @param options the plugin's options by name, without their {@code --NAME-} prefix ({@code connect},
     *     {@code data}, ...)
     * @return the configured engine; close it when the process ends
     * @throws io.tablequery.engine.error.EngineException when an option is missing or wrong
     */
    Configured configure(Map<String, String> options);

    /**
     * Runs one of the plugin's own commands.
     *
     * @param args the arguments after {@code tq NAME}
     * @param out where the command writes its output
     * @param err where it writes its errors
     * @return the exit code
     */
    int command(List<String> args, PrintStream out, PrintStream err);

    /** An engine configured for this process, which follows the workspaces the process opens. */
    interface Configured extends WorkspaceListener, AutoCloseable {
        /**
         * Returns the engine as run-sql offers it.
         *
         * @return the engine and its threshold for {@code auto}
         */
        PlanEngines.Registered engine();

        /** Stops the engine's threads and connections. */
        @Override
        void close();
    }
}
