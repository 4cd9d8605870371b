package io.tablequery.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A page of the manual that a test generates from the code (the command-line reference from the commands' help, the
 * HTTP reference from the server's OpenAPI document): the test fails when the committed page is stale, and with
 * {@code -Dtq.docs.write=true} writes it instead.
 */
public final class GeneratedPage {
    /** The system property that makes the tests write the pages. */
    public static final String WRITE = "tq.docs.write";

    private GeneratedPage() {}

    /**
     * Checks a generated page against the committed one, or writes it.
     *
     * @param page the page's file name under {@code docs/}
     * @param test the test that generates it, named in the failure
     * @param generated the page as the code generates it now
     * @throws IOException when the page cannot be read or written
     */
    public static void check(String page, Class<?> test, String generated) throws IOException {
        Path file = Path.of(System.getProperty("tq.repository", ".."))
                .resolve("docs")
                .resolve(page);
        if (Boolean.getBoolean(WRITE)) {
            Files.writeString(file, generated, StandardCharsets.UTF_8);
            return;
        }
        String committed = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        assertThat(committed)
                .as(
                        "docs/%s is generated and stale: regenerate it with mvn -pl server test -Dtest=%s -D%s=true",
                        page, test.getSimpleName(), WRITE)
                .isEqualTo(generated);
    }
}
