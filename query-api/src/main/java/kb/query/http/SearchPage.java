package kb.query.http;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;

/**
 * The search page: plain HTML, CSS and ES modules, no build step. Its own files come from this package; the
 * markdown renderer (Marked) and the sanitiser (DOMPurify) come from their WebJars, at the versions the root pom
 * pins. Scripts and style come from this origin only (no inline code), so the policy can forbid everything else:
 * text from a document can never run.
 */
final class SearchPage {

    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static final String SCRIPT = "text/javascript; charset=utf-8";
    private static final List<String> MODULES = List.of(
            "app.js",
            "dom.js",
            "markdown.js",
            "highlight.js",
            "navigation.js",
            "results.js",
            "document-view.js",
            "page-view.js",
            "home.js",
            "status.js");

    /** A browser module from a WebJar: its npm package name and the file inside the package. */
    private record Vendored(String route, String npmPackage, String file) {}

    private static final List<Vendored> VENDORED = List.of(
            new Vendored("/vendor/marked.js", "marked", "lib/marked.esm.js"),
            new Vendored("/vendor/purify.js", "dompurify", "dist/purify.es.mjs"));

    private SearchPage() {}

    static void serve(Javalin app) {
        String page = own("index.html");
        app.get("/", ctx -> asset(ctx, "text/html; charset=utf-8", page).header("Content-Security-Policy", POLICY));
        for (String module : MODULES) {
            String body = own(module);
            app.get("/" + module, ctx -> asset(ctx, SCRIPT, body));
        }
        for (Vendored vendored : VENDORED) {
            String body = webJar(vendored);
            app.get(vendored.route(), ctx -> asset(ctx, SCRIPT, body));
        }
        String style = own("app.css");
        app.get("/app.css", ctx -> asset(ctx, "text/css; charset=utf-8", style));
        // Browsers ask for /favicon.ico whatever the page links: the same SVG answers both.
        String icon = own("favicon.svg");
        app.get("/favicon.svg", ctx -> asset(ctx, "image/svg+xml", icon));
        app.get("/favicon.ico", ctx -> asset(ctx, "image/svg+xml", icon));
    }

    private static Context asset(Context ctx, String type, String body) {
        return ctx.contentType(type)
                .header("X-Content-Type-Options", "nosniff")
                .header("Cache-Control", "no-cache")
                .header("Referrer-Policy", "same-origin")
                .result(body);
    }

    private static String own(String name) {
        return read(SearchPage.class.getResourceAsStream(name), name);
    }

    /** The file from the WebJar on the class path, whichever version Maven resolved. */
    private static String webJar(Vendored vendored) {
        String pom = "/META-INF/maven/org.webjars.npm/" + vendored.npmPackage() + "/pom.properties";
        Properties properties = new Properties();
        try (InputStream in = SearchPage.class.getResourceAsStream(pom)) {
            if (in == null) {
                throw new IllegalStateException("the " + vendored.npmPackage() + " WebJar is not on the class path");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + pom, e);
        }
        String path = "/META-INF/resources/webjars/" + vendored.npmPackage() + "/" + properties.getProperty("version")
                + "/" + vendored.file();
        return read(SearchPage.class.getResourceAsStream(path), path);
    }

    private static String read(InputStream stream, String name) {
        try (InputStream in = stream) {
            if (in == null) {
                throw new IllegalStateException("page resource " + name + " missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("page resource " + name + " unreadable", e);
        }
    }
}
