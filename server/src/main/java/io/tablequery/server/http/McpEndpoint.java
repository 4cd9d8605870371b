package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.spec.HttpHeaders;
import io.tablequery.engine.duck.DuckToolSettings;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.json.JsonCodec;
import io.tablequery.engine.skill.SkillSettings;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.api.ServerErrorCode;
import io.tablequery.server.auth.AuthMode;
import io.tablequery.server.auth.KeyStore;
import io.tablequery.server.mcp.McpServers;
import io.tablequery.server.mcp.McpToolCalls;
import io.tablequery.server.mcp.RunningCalls;
import io.tablequery.server.mcp.WorkspaceAccess;
import io.tablequery.server.views.ErrorView;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The MCP server over Streamable HTTP, in front of the Javalin routes: {@code /v1/workspaces/{ws}/mcp} works on the
 * workspace its path names, {@code /mcp} on the one its key opens (or, without keys, the only one served). Before the
 * MCP transport sees a request, its key is checked as the HTTP API checks its routes (a key for that workspace, or the
 * admin key), the workspace must exist, and a web page of another site is refused whether or not the server asks for
 * keys, as the MCP specification asks against DNS rebinding ({@link BrowserGuard}); a refusal is the API's JSON
 * error with its status. Tool calls take query slots like the API's queries, a key's slot is given back as its
 * call's answer starts to go out ({@link SlotReleasingResponse}), and deleting a session cancels its running calls.
 */
final class McpEndpoint implements Filter, AutoCloseable {
    private static final String WORKSPACE = "workspace";
    private static final String KEY = "key";
    private static final String ADMITTED = "tq.admitted";
    private static final String BY_KEY = "/mcp";
    private static final Pattern BY_PATH = Pattern.compile("/v1/workspaces/([^/]+)/mcp");

    private final WorkspaceRegistry workspaces;
    private final Authenticator authenticator;
    private final AuthMode auth;
    private final BrowserGuard guard;
    private final RequestObserver observer;
    private final RunningCalls running = new RunningCalls();
    private final Supplier<McpServers.Streamable> create;

    /** Made at the first MCP request ({@link #mcp()}); guarded by this endpoint. */
    private McpServers.Streamable mcp;

    McpEndpoint(
            WorkspaceRegistry workspaces,
            Authenticator authenticator,
            AuthMode auth,
            BrowserGuard guard,
            AdmissionGate gate,
            RequestObserver observer,
            SkillSettings skill,
            DuckToolSettings duck,
            long maxRequestBytes) {
        this.workspaces = requireNonNull(workspaces, "workspaces is null");
        this.authenticator = requireNonNull(authenticator, "authenticator is null");
        this.auth = requireNonNull(auth, "auth is null");
        this.guard = requireNonNull(guard, "guard is null");
        this.observer = requireNonNull(observer, "observer is null");
        McpToolCalls calls = new McpToolCalls(new Access(workspaces, gate), skill, duck, running, observer::mcpCall);
        this.create = () ->
                McpServers.streamable(calls, request -> McpTransportContext.create(transportContext(request)), (int)
                        Math.min(Integer.MAX_VALUE, maxRequestBytes));
    }

    /**
     * The MCP server, made at the first MCP request: making it (its tools' schemas, the SDK's classes) took a fifth of
     * a second of every server's start, which a resident server's first command waits for, MCP or not.
     */
    private synchronized McpServers.Streamable mcp() {
        if (mcp == null) {
            mcp = create.get();
        }
        return mcp;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        String path = http.getRequestURI();
        Matcher byPath = BY_PATH.matcher(path);
        if (!path.equals(BY_KEY) && !byPath.matches()) {
            chain.doFilter(request, response);
            return;
        }
        String workspace;
        String named = byPath.matches() ? byPath.group(1) : null;
        try {
            guard.check(http.getHeader("Host"), http.getHeader("Origin"));
            workspace = workspace(named, http);
            workspaces.get(workspace);
        } catch (EngineException e) {
            if (http.getAttribute(ADMITTED) instanceof KeyQuotas.Admitted admitted) {
                admitted.close();
            }
            refuse((HttpServletResponse) response, e);
            observer.mcpRefused(named, (String) http.getAttribute(KEY), e.getErrorCode());
            return;
        }
        http.setAttribute(WORKSPACE, workspace);
        String session = http.getHeader(HttpHeaders.MCP_SESSION_ID);
        if ("DELETE".equals(http.getMethod()) && session != null) {
            running.cancel(session);
        }
        KeyQuotas.Admitted admitted = (KeyQuotas.Admitted) http.getAttribute(ADMITTED);
        if (admitted == null || admitted == KeyQuotas.Admitted.NONE) {
            mcp().transport().service(request, response);
            return;
        }
        SlotReleasingResponse answer = new SlotReleasingResponse((HttpServletResponse) response, admitted);
        try {
            mcp().transport().service(request, answer);
        } finally {
            answer.release();
        }
    }

    /** The workspace a request works on, once its key is found to open it. */
    private String workspace(String named, HttpServletRequest http) {
        if (auth == AuthMode.KEYS) {
            KeyStore.StoredKey key = authenticator.key(http.getHeader("Authorization"));
            http.setAttribute(KEY, key.id());
            String opens = key.workspace();
            if (named != null) {
                Authenticator.requireOpens(opens, named);
            }
            // An event stream a client keeps open (GET) holds no slot: only the messages it posts are calls.
            http.setAttribute(ADMITTED, authenticator.admit(key, "POST".equals(http.getMethod())));
            if (named != null) {
                return named;
            }
            if (opens.equals(KeyStore.ADMIN)) {
                throw new EngineException(
                        ServerErrorCode.BAD_REQUEST,
                        "the admin key opens every workspace: name one in the path, /v1/workspaces/{ws}/mcp");
            }
            return opens;
        }
        if (named != null) {
            return named;
        }
        List<String> names = workspaces.names();
        if (names.size() != 1) {
            throw new EngineException(
                    ServerErrorCode.BAD_REQUEST,
                    "this server serves the workspaces %s: name one in the path, /v1/workspaces/{ws}/mcp"
                            .formatted(names));
        }
        return names.get(0);
    }

    private static void refuse(HttpServletResponse response, EngineException error) throws IOException {
        response.setStatus(ErrorMapper.status(error, response).getCode());
        response.setContentType("application/json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getWriter().write(JsonCodec.write(ErrorView.of(error)));
    }

    /** Cancels the running calls and ends every session. */
    @Override
    public void close() {
        running.stop();
        McpServers.Streamable made;
        synchronized (this) {
            made = mcp;
        }
        if (made != null) {
            made.server().close();
        }
    }

    /** What an MCP call learns of its HTTP request: its workspace and the id of its key, when there is one. */
    private static Map<String, Object> transportContext(HttpServletRequest request) {
        Map<String, Object> context = new HashMap<>();
        context.put(WORKSPACE, request.getAttribute(WORKSPACE));
        Object key = request.getAttribute(KEY);
        if (key != null) {
            context.put(KEY, key);
        }
        return context;
    }

    /** Calls work on the workspace their request named, in a query slot. */
    private record Access(WorkspaceRegistry workspaces, AdmissionGate gate) implements WorkspaceAccess {
        @Override
        public String name(McpTransportContext context) {
            Object name = context.get(WORKSPACE);
            return name == null ? "-" : name.toString();
        }

        @Override
        public String keyId(McpTransportContext context) {
            Object key = context.get(KEY);
            return key == null ? null : key.toString();
        }

        @Override
        public <T> T run(McpTransportContext context, ToLongFunction<Workspace> size, Function<Workspace, T> work) {
            String name = name(context);
            try (WorkspaceRegistry.Lease lease = workspaces.lease(name)) {
                Workspace workspace = lease.workspace();
                return gate.query(name, size.applyAsLong(workspace), () -> work.apply(workspace));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EngineException(
                        ServerErrorCode.TOO_MANY_REQUESTS, "the server stopped while the call waited for a slot");
            }
        }
    }
}
