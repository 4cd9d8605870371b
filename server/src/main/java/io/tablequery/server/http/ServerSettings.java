package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import io.tablequery.engine.skill.SkillSettings;

/**
 * How the HTTP server listens and what it accepts.
 *
 * @param host the address to bind, {@code 127.0.0.1} by default
 * @param port the port, 8080 by default, 0 for any free port
 * @param maxUploadBytes the largest file upload accepted
 * @param maxRequestBytes the largest non-upload request body accepted
 * @param skill the defaults and limits of the table-query skill; its query time limit holds for the DuckDB tools too
 * @param limits how many queries and ingests run at once
 */
public record ServerSettings(
        String host, int port, long maxUploadBytes, long maxRequestBytes, SkillSettings skill, ServerLimits limits) {
    /** Loopback on 8080, uploads up to 1 GiB, other bodies up to 1 MiB, the skill's defaults, the default limits. */
    public static final ServerSettings DEFAULTS =
            new ServerSettings("127.0.0.1", 8080, 1L << 30, 1L << 20, SkillSettings.DEFAULTS, ServerLimits.DEFAULTS);

    public ServerSettings {
        requireNonNull(host, "host is null");
        requireNonNull(skill, "skill is null");
        requireNonNull(limits, "limits is null");
        if (port < 0 || port > 65535 || maxUploadBytes < 1 || maxRequestBytes < 1) {
            throw new IllegalArgumentException("invalid server settings");
        }
    }

    /**
     * Settings with the default limits.
     *
     * @param host the address to bind
     * @param port the port
     * @param maxUploadBytes the largest file upload accepted
     * @param maxRequestBytes the largest non-upload request body accepted
     * @param skill the defaults and limits of the table-query skill
     */
    public ServerSettings(String host, int port, long maxUploadBytes, long maxRequestBytes, SkillSettings skill) {
        this(host, port, maxUploadBytes, maxRequestBytes, skill, ServerLimits.DEFAULTS);
    }

    /**
     * Returns these settings on another port.
     *
     * @param newPort the port
     * @return the changed settings
     */
    public ServerSettings withPort(int newPort) {
        return new ServerSettings(host, newPort, maxUploadBytes, maxRequestBytes, skill, limits);
    }
}
