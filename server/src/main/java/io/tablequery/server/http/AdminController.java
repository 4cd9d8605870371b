package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.tablequery.engine.error.EngineException;
import io.tablequery.server.api.ServerErrorCode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.auth.Quota;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The admin routes under {@code /v1/admin}: create and delete workspaces, issue, list and revoke their API keys. The
 * {@link Authenticator} lets only the admin key through when the server asks for keys.
 */
final class AdminController {
    private final WorkspaceRegistry workspaces;
    private final KeyStore keys;

    AdminController(WorkspaceRegistry workspaces, KeyStore keys) {
        this.workspaces = requireNonNull(workspaces, "workspaces is null");
        this.keys = requireNonNull(keys, "keys is null");
    }

    /** {@code GET /v1/admin/workspaces}: the workspaces served. */
    void listWorkspaces(Context ctx) {
        ctx.json(Map.of("workspaces", workspaces.names()));
    }

    /** {@code POST /v1/admin/workspaces} with {@code {"name": "..."}}: a new, empty workspace. */
    void createWorkspace(Context ctx) {
        JsonNode body = JsonBodies.object(ctx);
        if (!body.path("name").isTextual()) {
            throw new EngineException(ServerErrorCode.BAD_REQUEST, "creating a workspace needs \"name\"");
        }
        String name = workspaces.create(body.get("name").textValue()).name();
        ctx.status(HttpStatus.CREATED).json(Map.of("name", name));
    }

    /** {@code DELETE /v1/admin/workspaces/{ws}}: the workspace, its files and its keys, gone. */
    void deleteWorkspace(Context ctx) {
        String name = ctx.pathParam("ws");
        workspaces.delete(name);
        keys.revokeAll(name);
        ctx.json(Map.of("deleted", name));
    }

    /**
     * {@code POST /v1/admin/workspaces/{ws}/keys}, with an optional body {@code {"requestsPerMinute": N,
     * "concurrentCalls": N}} (0 for no limit; without them, each server's default): a new key for the workspace,
     * shown this once.
     */
    void issueKey(Context ctx) {
        String name = workspaces.get(ctx.pathParam("ws")).name();
        Quota quota = ctx.body().isBlank() ? null : quota(JsonBodies.object(ctx));
        KeyStore.IssuedKey issued = keys.issue(name, quota);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", issued.id());
        answer.put("workspace", issued.workspace());
        answer.put("key", issued.key());
        if (quota != null) {
            answer.put("quota", quota);
        }
        answer.put("note", "the key is shown this once; the server keeps only its hash");
        ctx.status(HttpStatus.CREATED).json(answer);
    }

    /** {@code GET /v1/admin/workspaces/{ws}/keys}: the workspace's keys by id, without their secrets. */
    void listKeys(Context ctx) {
        String name = workspaces.get(ctx.pathParam("ws")).name();
        List<Map<String, Object>> listed = keys.list(name).stream()
                .map(key -> key.quota() == null
                        ? Map.<String, Object>of(
                                "id", key.id(), "created", key.created().toString())
                        : Map.<String, Object>of(
                                "id", key.id(), "created", key.created().toString(), "quota", key.quota()))
                .toList();
        ctx.json(Map.of("workspace", name, "keys", listed));
    }

    /** {@code DELETE /v1/admin/keys/{id}}: the key revoked. */
    void revokeKey(Context ctx) {
        String id = ctx.pathParam("id");
        if (!keys.revoke(id)) {
            throw new EngineException(ServerErrorCode.KEY_NOT_FOUND, "no workspace key has the id '%s'".formatted(id));
        }
        ctx.json(Map.of("revoked", id));
    }

    /** A key's quota from the issuing request's body, or null when it names neither limit. */
    private static Quota quota(JsonNode body) {
        if (!body.has("requestsPerMinute") && !body.has("concurrentCalls")) {
            return null;
        }
        return new Quota(limit(body, "requestsPerMinute"), limit(body, "concurrentCalls"));
    }

    private static int limit(JsonNode body, String name) {
        JsonNode value = body.path(name);
        if (value.isMissingNode()) {
            return 0;
        }
        if (!value.isInt() || value.intValue() < 0) {
            throw new EngineException(
                    ServerErrorCode.BAD_REQUEST, "\"%s\" is a whole number, 0 for no limit".formatted(name));
        }
        return value.intValue();
    }
}
