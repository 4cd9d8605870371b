package io.tablequery.server.cli;

import io.tablequery.server.docs.GeneratedPage;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The manual's command-line reference is every command's own help, as {@code --help} prints it. */
class CliReferenceTest {
    private static final int WIDTH = 120;

    @Test
    void theReferenceIsTheCommandsHelp() throws IOException {
        CommandLine tq = TqMain.commandLine();
        tq.setUsageHelpWidth(WIDTH);
        StringBuilder page = new StringBuilder();
        page.append("# Command-line reference\n\n")
                .append("Every command's `--help`, generated from the commands themselves by `CliReferenceTest`, which")
                .append(" fails when this\npage is stale (`-Dtq.docs.write=true` writes it). What the commands are")
                .append(" for, with examples: [the command line](command-line.md).\n");
        describe(tq, "tq", page);
        GeneratedPage.check("cli-reference.md", CliReferenceTest.class, page.toString());
    }

    private static void describe(CommandLine command, String name, StringBuilder page) {
        page.append("\n## ").append(name).append("\n\n```text\n");
        page.append(command.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing());
        page.append("\n```\n");
        for (var sub : command.getSubcommands().entrySet()) {
            if (!sub.getKey().equals("help")) {
                describe(sub.getValue(), name + " " + sub.getKey(), page);
            }
        }
    }
}
