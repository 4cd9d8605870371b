package io.tablequery.server.http;

import io.javalin.http.Context;
import io.tablequery.engine.error.EngineException;
import io.tablequery.server.api.ServerErrorCode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Serves the analyst's page: {@code /} and its assets, built into the jar under {@code web/} by the server module's
 * build (see {@code server/web}). Assets carry a content hash in their names and are cached for good; the page itself
 * is revalidated. Every answer forbids scripts, styles, images and connections from any origin but this server's
 * (styles may be inline: the editor and the charts set them), and the page cannot be framed.
 */
final class WebController {
    /** The Content-Security-Policy of the page and its assets. */
    static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
            + " img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none';"
            + " base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static final String ROOT = "web/";
    private static final Map<String, String> MEDIA_TYPES = Map.of(
            "html", "text/html; charset=UTF-8",
            "js", "text/javascript; charset=UTF-8",
            "css", "text/css; charset=UTF-8",
            "svg", "image/svg+xml",
            "png", "image/png",
            "map", "application/json");

    private final Map<String, Asset> assets = new HashMap<>();

    /** A file of the page, as it is and gzipped. */
    private record Asset(byte[] plain, byte[] gzipped, String mediaType) {}

    /** Serves {@code /}: the page, which asks for no key itself; the API it calls does. */
    void page(Context ctx) {
        serve(ctx, "index.html", "no-cache");
    }

    /** Serves {@code /assets/{name}}: a hashed asset, cached by the browser for good. */
    void asset(Context ctx) {
        String name = ctx.pathParam("name");
        if (name.contains("/") || name.contains("..") || name.equals("index.html")) {
            throw notFound(name);
        }
        serve(ctx, name, "public, max-age=31536000, immutable");
    }

    /** Adds the headers every answer of the server carries, the API's too. */
    static void secure(Context ctx) {
        ctx.header("Content-Security-Policy", POLICY);
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Referrer-Policy", "no-referrer");
    }

    private void serve(Context ctx, String name, String cacheControl) {
        Asset asset = asset(name);
        ctx.header("Cache-Control", cacheControl);
        ctx.header("Vary", "Accept-Encoding");
        ctx.contentType(asset.mediaType());
        String accepted = ctx.header("Accept-Encoding");
        if (accepted != null && accepted.toLowerCase(Locale.ROOT).contains("gzip")) {
            ctx.header("Content-Encoding", "gzip");
            ctx.result(asset.gzipped());
        } else {
            ctx.result(asset.plain());
        }
    }

    private synchronized Asset asset(String name) {
        Asset known = assets.get(name);
        if (known != null) {
            return known;
        }
        String extension = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        String mediaType = MEDIA_TYPES.get(extension);
        try (InputStream in = WebController.class.getClassLoader().getResourceAsStream(ROOT + name)) {
            if (in == null || mediaType == null) {
                throw notFound(name);
            }
            byte[] plain = in.readAllBytes();
            ByteArrayOutputStream gzipped = new ByteArrayOutputStream(plain.length / 3 + 64);
            try (GZIPOutputStream out = new GZIPOutputStream(gzipped)) {
                out.write(plain);
            }
            Asset asset = new Asset(plain, gzipped.toByteArray(), mediaType);
            assets.put(name, asset);
            return asset;
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the page's asset " + name, e);
        }
    }

    private static EngineException notFound(String name) {
        boolean built = WebController.class.getClassLoader().getResource(ROOT + "index.html") != null;
        return new EngineException(
                ServerErrorCode.ROUTE_NOT_FOUND,
                built
                        ? "the page has no asset named " + name
                        : "this server was built without its page (server/web was not built); rebuild with Maven,"
                                + " which runs npm for it");
    }
}
