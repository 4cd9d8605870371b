package io.tablequery.server.http;

import io.javalin.http.Context;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /v1/session}: what the caller may open and the engines run-sql offers, so that the page knows which
 * workspaces and engines to offer. Without keys,
 * every workspace served; with keys, the one the caller's key opens, or all for the admin key (a missing or unknown
 * key is 401, as on every route that needs one).
 */
final class SessionController {
    private final WorkspaceRegistry workspaces;
    private final Authenticator authenticator;
    private final AuthMode auth;
    private final List<String> engines;

    SessionController(WorkspaceRegistry workspaces, Authenticator authenticator, AuthMode auth, List<String> engines) {
        this.workspaces = workspaces;
        this.authenticator = authenticator;
        this.auth = auth;
        this.engines = List.copyOf(engines);
    }

    void show(Context ctx) {
        if (auth == AuthMode.NONE) {
            ctx.json(Map.of("keys", false, "admin", false, "workspaces", workspaces.names(), "engines", engines));
            return;
        }
        String opens = authenticator.keyOpens(ctx.header("Authorization"));
        boolean admin = opens.equals(KeyStore.ADMIN);
        ctx.json(Map.of(
                "keys",
                true,
                "admin",
                admin,
                "workspaces",
                admin ? workspaces.names() : List.of(opens),
                "engines",
                engines));
    }
}
