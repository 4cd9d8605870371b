package io.tablequery.server.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README stays short and points into the manual; the manual's index lists every page; and every link between them
 * (to a page, a heading of a page, or a file of the checkout) leads somewhere, so that moving a section cannot leave a
 * reader at a dead link.
 */
class ManualTest {
    private static final Path REPOSITORY = Path.of(System.getProperty("tq.repository", ".."));
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern IMAGE = Pattern.compile("!\\[[^\\]]*\\]\\(([^)\\s]+\\.png)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$", Pattern.MULTILINE);
    private static final Pattern FENCE = Pattern.compile("(?ms)^```.*?^```");

    @Test
    void theReadmeIsReadInFiveMinutes() throws IOException {
        assertThat(Files.size(REPOSITORY.resolve("README.md")))
                .as("README.md in bytes: the rest belongs in the manual (docs/)")
                .isLessThanOrEqualTo(15_000);
    }

    @Test
    void theIndexListsEveryPageOnce() throws IOException {
        List<Path> listed =
                Manual.pages(REPOSITORY).subList(1, Manual.pages(REPOSITORY).size());
        List<Path> pages;
        try (Stream<Path> files = Files.list(REPOSITORY.resolve("docs"))) {
            pages = files.filter(file -> file.toString().endsWith(".md"))
                    .filter(file -> !file.getFileName().toString().equals("README.md"))
                    .sorted()
                    .toList();
        }
        assertThat(listed).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(pages);
    }

    @Test
    void everyLinkOfTheReadmeAndTheManualLeadsSomewhere() throws IOException {
        List<Path> pages = new ArrayList<>(Manual.pages(REPOSITORY));
        pages.add(REPOSITORY.resolve("docs").resolve("README.md"));
        List<String> dead = new ArrayList<>();
        for (Path page : pages) {
            String text = FENCE.matcher(Files.readString(page, StandardCharsets.UTF_8))
                    .replaceAll("");
            Matcher links = LINK.matcher(text);
            while (links.find()) {
                String target = links.group(1);
                if (target.startsWith("http://") || target.startsWith("https://")) {
                    continue;
                }
                int hash = target.indexOf('#');
                Path file = hash == 0
                        ? page
                        : page.getParent()
                                .resolve(hash < 0 ? target : target.substring(0, hash))
                                .normalize();
                if (!Files.exists(file)) {
                    dead.add(page.getFileName() + ": " + target + " (no such file)");
                } else if (hash >= 0 && !anchors(file).contains(target.substring(hash + 1))) {
                    dead.add(page.getFileName() + ": " + target + " (no such heading)");
                }
            }
        }
        assertThat(dead).isEmpty();
    }

    @Test
    void everyBenchmarkOnTheBenchmarksPageShowsAFigure() throws IOException {
        String page = FENCE.matcher(Files.readString(REPOSITORY.resolve("docs/benchmarks.md"), StandardCharsets.UTF_8))
                .replaceAll("");
        String[] sections = page.split("(?m)^## ");
        assertThat(sections).hasSizeGreaterThan(10);
        for (String section : Arrays.copyOfRange(sections, 1, sections.length)) {
            String heading = section.lines().findFirst().orElseThrow();
            Matcher image = IMAGE.matcher(section);
            assertThat(image.find()).as("a figure under '%s'", heading).isTrue();
            assertThat(REPOSITORY.resolve("docs").resolve(image.group(1)).normalize())
                    .as("the figure under '%s'", heading)
                    .isRegularFile();
        }
    }

    /** The anchors a renderer gives a page's headings: lower case, spaces as hyphens, punctuation dropped. */
    private static Set<String> anchors(Path page) throws IOException {
        Set<String> anchors = new HashSet<>();
        String text =
                FENCE.matcher(Files.readString(page, StandardCharsets.UTF_8)).replaceAll("");
        Matcher headings = HEADING.matcher(text);
        while (headings.find()) {
            anchors.add(headings.group(1)
                    .strip()
                    .toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
                    .replace(' ', '-'));
        }
        return anchors;
    }
}
