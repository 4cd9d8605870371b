package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import io.javalin.http.Context;
import io.tablequery.engine.error.EngineException;
import io.tablequery.server.api.ServerErrorCode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.auth.Quota;
import java.util.Optional;

/**
 * Checks the key of every matched request before its handler runs. {@code /v1/admin/...} needs the admin key;
 * {@code /v1/workspaces/{ws}/...} needs a key for that workspace (or the admin key); {@code /health} needs none. A
 * missing or unknown key is 401, a valid key for something else 403, decided before the workspace is looked up, so a
 * caller learns nothing of workspaces its key does not open. A workspace key then must be within its quota
 * ({@link KeyQuotas}).
 */
final class Authenticator {
    private static final String BEARER = "Bearer ";

    /** The context attribute holding the admitted call of a key with a quota, to close when it is answered. */
    private static final String ADMITTED = "tq.admitted";

    private final KeyStore keys;
    private final KeyQuotas quotas;

    /**
     * Creates the check over a key store, without quotas.
     *
     * @param keys the keys the server issued
     */
    Authenticator(KeyStore keys) {
        this(keys, new KeyQuotas(Quota.NONE));
    }

    /**
     * Creates the check over a key store, holding each workspace key to its quota.
     *
     * @param keys the keys the server issued
     * @param quotas the keys' quotas
     */
    Authenticator(KeyStore keys, KeyQuotas quotas) {
        this.keys = requireNonNull(keys, "keys is null");
        this.quotas = requireNonNull(quotas, "quotas is null");
    }

    /**
     * Admits a request of a key that passed its check, or refuses it over its quota.
     *
     * @param key the key
     * @param call whether the request is a call, which holds a slot of the key until it ends
     * @return the admitted request; close it when it ends
     * @throws EngineException KEY_QUOTA_EXCEEDED
     */
    KeyQuotas.Admitted admit(KeyStore.StoredKey key, boolean call) {
        return quotas.admit(key, call);
    }

    /**
     * Gives back the slot of the request's key, once it is answered, failed or not.
     *
     * @param ctx the request
     */
    void release(Context ctx) {
        KeyQuotas.Admitted admitted = ctx.attribute(ADMITTED);
        if (admitted != null) {
            ctx.attribute(ADMITTED, null);
            admitted.close();
        }
    }

    /**
     * Lets the request through or throws.
     *
     * @param ctx the request, matched to its route
     * @throws EngineException UNAUTHENTICATED or FORBIDDEN
     */
    void check(Context ctx) {
        String path = ctx.path();
        boolean admin = path.startsWith("/v1/admin/") || path.equals("/v1/admin");
        String workspace = ctx.pathParamMap().get("ws");
        if (!admin && (workspace == null || !path.startsWith("/v1/workspaces/"))) {
            return;
        }
        KeyStore.StoredKey key = key(ctx.header("Authorization"));
        ctx.attribute(RequestObserver.KEY, key.id());
        String opens = key.workspace();
        if (opens.equals(KeyStore.ADMIN)) {
            return;
        }
        if (admin) {
            throw new EngineException(ServerErrorCode.FORBIDDEN, "this route needs the admin key, not a workspace key");
        }
        requireOpens(opens, workspace);
        ctx.attribute(ADMITTED, quotas.admit(key));
    }

    /**
     * Names what an {@code Authorization} header's key opens.
     *
     * @param header the header, or null
     * @return the workspace the key opens, or {@link KeyStore#ADMIN}
     * @throws EngineException UNAUTHENTICATED when there is no key or an unknown one
     */
    String keyOpens(String header) {
        return key(header).workspace();
    }

    /**
     * Finds the key an {@code Authorization} header presents.
     *
     * @param header the header, or null
     * @return the stored key
     * @throws EngineException UNAUTHENTICATED when there is no key or an unknown one
     */
    KeyStore.StoredKey key(String header) {
        if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw new EngineException(
                    ServerErrorCode.UNAUTHENTICATED,
                    "this server needs an API key: send the header \"Authorization: Bearer <key>\"; the admin issues"
                            + " a workspace's keys with POST /v1/admin/workspaces/{ws}/keys");
        }
        Optional<KeyStore.StoredKey> found =
                keys.find(header.substring(BEARER.length()).strip());
        if (found.isEmpty()) {
            throw new EngineException(
                    ServerErrorCode.UNAUTHENTICATED,
                    "the API key is not one this server issued, or it was revoked; ask the admin for a key");
        }
        return found.get();
    }

    /**
     * Refuses a key that opens neither every workspace nor the one asked for.
     *
     * @param opens what the key opens
     * @param workspace the workspace asked for
     * @throws EngineException FORBIDDEN
     */
    static void requireOpens(String opens, String workspace) {
        if (!opens.equals(KeyStore.ADMIN) && !opens.equals(workspace)) {
            throw new EngineException(
                    ServerErrorCode.FORBIDDEN,
                    "this key opens the workspace '%s' only; use that workspace's key".formatted(opens));
        }
    }
}
