package io.tablequery.engine.plugin;

import io.tablequery.engine.skill.PlanEngines;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.engine.workspace.WorkspaceListener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine plugins a process configured: the engines they add to run-sql, told of every workspace the process opens
 * and closes, closed when the process ends.
 */
public final class ConfiguredPlugins implements WorkspaceListener, AutoCloseable {
    /** No plugin. */
    public static final ConfiguredPlugins NONE = new ConfiguredPlugins(List.of());

    private static final Logger LOG = LoggerFactory.getLogger(ConfiguredPlugins.class);

    private final List<EnginePlugin.Configured> plugins;

    private ConfiguredPlugins(List<EnginePlugin.Configured> plugins) {
        this.plugins = List.copyOf(plugins);
    }

    /**
     * Finds and configures the plugins that have options.
     *
     * @param options each engine's options by engine name
     * @param jars where an engine's jar is, by engine name, when not beside {@code tq.jar}
     * @return the configured plugins
     * @throws io.tablequery.engine.error.EngineException when a plugin is missing or an option wrong
     */
    public static ConfiguredPlugins configure(Map<String, Map<String, String>> options, Map<String, Path> jars) {
        List<EnginePlugin.Configured> configured = new ArrayList<>();
        try {
            for (Map.Entry<String, Map<String, String>> engine : options.entrySet()) {
                EnginePlugin plugin = EnginePlugins.find(engine.getKey(), jars.get(engine.getKey()));
                configured.add(plugin.configure(engine.getValue()));
            }
        } catch (RuntimeException e) {
            configured.forEach(EnginePlugin.Configured::close);
            throw e;
        }
        return new ConfiguredPlugins(configured);
    }

    /**
     * Returns run-sql's engines with the plugins' added.
     *
     * @return the engines
     */
    public PlanEngines engines() {
        PlanEngines engines = PlanEngines.BUILT_IN;
        for (EnginePlugin.Configured plugin : plugins) {
            engines = engines.with(plugin.engine());
        }
        return engines;
    }

    @Override
    public void opened(Workspace workspace) {
        for (EnginePlugin.Configured plugin : plugins) {
            try {
                plugin.opened(workspace);
            } catch (RuntimeException e) {
                LOG.warn("engine {} could not follow workspace {}: {}", name(plugin), workspace.name(), e.toString());
            }
        }
    }

    @Override
    public void closing(Workspace workspace) {
        for (EnginePlugin.Configured plugin : plugins) {
            try {
                plugin.closing(workspace);
            } catch (RuntimeException e) {
                LOG.warn("engine {} did not let go of workspace {}: {}", name(plugin), workspace.name(), e.toString());
            }
        }
    }

    @Override
    public void close() {
        for (EnginePlugin.Configured plugin : plugins) {
            try {
                plugin.close();
            } catch (RuntimeException e) {
                LOG.warn("engine {} did not stop cleanly: {}", name(plugin), e.toString());
            }
        }
    }

    private static String name(EnginePlugin.Configured plugin) {
        return plugin.engine().runner().name();
    }
}
