package io.tablequery.server.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The documentation a reader follows: the README, then the manual's pages in the order its index ({@code
 * docs/README.md}) lists them, which is the order their commands run in.
 */
final class Manual {
    /** A numbered entry of the index: {@code 1. [Title](page.md)}. */
    private static final Pattern ENTRY =
            Pattern.compile("^\\d+\\. \\[[^\\]]+\\]\\(([a-z0-9-]+\\.md)\\)", Pattern.MULTILINE);

    private Manual() {}

    /**
     * The README and the manual's pages, in reading order.
     *
     * @param repository the checkout
     * @return the files
     * @throws IOException when the index cannot be read
     */
    static List<Path> pages(Path repository) throws IOException {
        List<Path> pages = new ArrayList<>(List.of(repository.resolve("README.md")));
        Path docs = repository.resolve("docs");
        Matcher entries = ENTRY.matcher(Files.readString(docs.resolve("README.md"), StandardCharsets.UTF_8));
        while (entries.find()) {
            pages.add(docs.resolve(entries.group(1)));
        }
        return pages;
    }

    /**
     * The {@code bash} blocks of the README and the manual, in reading order.
     *
     * @param repository the checkout
     * @return the blocks
     * @throws IOException when a page cannot be read
     */
    static List<ReadmeBlocks.Block> blocks(Path repository) throws IOException {
        List<ReadmeBlocks.Block> blocks = new ArrayList<>();
        for (Path page : pages(repository)) {
            blocks.addAll(ReadmeBlocks.parse(Files.readString(page, StandardCharsets.UTF_8)));
        }
        return blocks;
    }
}
