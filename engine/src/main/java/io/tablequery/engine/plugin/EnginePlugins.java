package io.tablequery.engine.plugin;

import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.plan.PlanErrorCode;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Finds an engine plugin: on the class path first (tests, and a user who put the jar there), else in the plugin's jar,
 * {@code tq-NAME.jar} beside {@code tq.jar} or at a path the user gives, loaded in a class loader of its own whose
 * parent is tablequery's, so that the plugin shares tablequery's classes (the engine seam, Arrow, Jackson) and adds only
 * its own.
 */
public final class EnginePlugins {
    private EnginePlugins() {}

    /**
     * Finds a plugin by name.
     *
     * @param name the engine's name
     * @param jar the plugin's jar, or null to look beside the running {@code tq.jar}
     * @return the plugin
     * @throws EngineException ENGINE_NOT_AVAILABLE when it is nowhere to be found
     */
    public static EnginePlugin find(String name, Path jar) {
        Optional<EnginePlugin> onClassPath = find(name, EnginePlugins.class.getClassLoader());
        if (onClassPath.isPresent() && jar == null) {
            return onClassPath.get();
        }
        Path candidate = jar != null ? jar : besideTqJar("tq-" + name + ".jar");
        if (candidate == null || !Files.isRegularFile(candidate)) {
            throw notInstalled(name);
        }
        try {
            URLClassLoader loader = new URLClassLoader(
                    "tq-" + name, new URL[] {candidate.toUri().toURL()}, EnginePlugins.class.getClassLoader());
            return find(name, loader)
                    .orElseThrow(() -> new EngineException(
                            PlanErrorCode.ENGINE_NOT_AVAILABLE,
                            "%s holds no %s engine; is it the right jar?".formatted(candidate.getFileName(), name)));
        } catch (MalformedURLException e) {
            throw new EngineException(
                    PlanErrorCode.ENGINE_NOT_AVAILABLE, "cannot load " + candidate.getFileName() + ": " + e, e);
        }
    }

    /**
     * The refusal for a plugin that is not installed, saying how to install it.
     *
     * @param name the engine's name
     * @return ENGINE_NOT_AVAILABLE
     */
    public static EngineException notInstalled(String name) {
        return new EngineException(
                PlanErrorCode.ENGINE_NOT_AVAILABLE,
                ("the %1$s engine is not installed: in a checkout, ./tq builds it on the first command that asks for"
                                + " %1$s (tq %1$s local, --%1$s-connect); elsewhere put tq-%1$s.jar (mvn package -pl"
                                + " %1$s -am builds it in %1$s/target/) beside tq.jar, or pass --%1$s-jar PATH")
                        .formatted(name));
    }

    /**
     * Finds a plugin by name if it is installed: on the class path, or in its jar beside {@code tq.jar}.
     *
     * @param name the engine's name
     * @return the plugin, or empty
     */
    public static Optional<EnginePlugin> installed(String name) {
        Optional<EnginePlugin> onClassPath = find(name, EnginePlugins.class.getClassLoader());
        if (onClassPath.isPresent()) {
            return onClassPath;
        }
        Path beside = besideTqJar("tq-" + name + ".jar");
        return beside != null && Files.isRegularFile(beside) ? Optional.of(find(name, beside)) : Optional.empty();
    }

    private static Optional<EnginePlugin> find(String name, ClassLoader loader) {
        for (EnginePlugin plugin : ServiceLoader.load(EnginePlugin.class, loader)) {
            if (plugin.name().equals(name)) {
                return Optional.of(plugin);
            }
        }
        return Optional.empty();
    }

    /** The path of a file beside the jar tablequery runs from, or null when it does not run from a jar. */
    private static Path besideTqJar(String fileName) {
        try {
            URL location =
                    EnginePlugins.class.getProtectionDomain().getCodeSource().getLocation();
            Path running = Path.of(location.toURI());
            return Files.isRegularFile(running) ? running.resolveSibling(fileName) : null;
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }
}
