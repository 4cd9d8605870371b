package io.tablequery.server.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReadmeBlocksTest {
    @Test
    void readsCommandsHeredocsAndWhatEachShouldPrint() {
        List<ReadmeBlocks.Block> blocks = ReadmeBlocks.parse("""
                <!-- doc-test: expect "one" "PLAN ran" -->
                ```bash
                ./tq files     # a comment
                ./tq run-sql <<'PLAN'
                {"queries": []}
                PLAN
                ```
                <!-- doc-test: skip: slow -->
                ```bash
                ./tq bench load
                ```
                """);
        assertThat(blocks).hasSize(2);
        assertThat(blocks.get(0).commands())
                .containsExactly("./tq files     # a comment", "./tq run-sql <<'PLAN'\n{\"queries\": []}\nPLAN");
        assertThat(blocks.get(0).expectations()).containsExactly("one", "PLAN ran");
        assertThat(blocks.get(1).kind()).isEqualTo(ReadmeBlocks.Kind.SKIP);
    }

    @Test
    void refusesABlockWithoutItsCommentOrWithTooFewExpectations() {
        assertThatThrownBy(() -> ReadmeBlocks.parse("```bash\n./tq files\n```\n"))
                .hasMessageStartingWith("a bash block of the README has no <!-- doc-test: ... --> comment");
        assertThatThrownBy(() -> ReadmeBlocks.parse("<!-- doc-test: expect \"a\" -->\n```bash\n./tq a\n./tq b\n```\n"))
                .hasMessageContaining("does not fit its block's 2 commands");
    }

    @Test
    void everyBlockOfTheReadmeAndTheManualSaysWhatItExpects() throws IOException {
        Path repository = Path.of(System.getProperty("tq.repository", ".."));
        for (Path page : Manual.pages(repository)) {
            ReadmeBlocks.parse(Files.readString(page));
        }
        assertThat(Manual.blocks(repository)).hasSizeGreaterThan(8);
    }
}
