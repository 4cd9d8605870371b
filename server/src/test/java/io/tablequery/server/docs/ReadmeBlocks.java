package io.tablequery.server.docs;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The README's {@code bash} blocks with what the comment before each says of them: {@code <!-- doc-test: expect "a"
 * "b" -->} (one line each command prints, in order), {@code <!-- doc-test: background, ready when "x" -->} (a server,
 * left running) or {@code <!-- doc-test: skip: why -->}. A block without such a comment is an error, so a new block
 * cannot slip past the test.
 */
final class ReadmeBlocks {
    private static final Pattern COMMENT = Pattern.compile("<!-- doc-test: (.*?) -->");
    private static final Pattern QUOTED = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern HEREDOC = Pattern.compile("<<-?'?([A-Za-z_]+)'?\\s*(#.*)?$");

    private ReadmeBlocks() {}

    enum Kind {
        EXPECT,
        BACKGROUND,
        SKIP
    }

    /**
     * A block.
     *
     * @param kind what to do with it
     * @param commands its commands, one per line or heredoc
     * @param expectations for EXPECT a line of output per command; for BACKGROUND the line that says it is ready
     */
    record Block(Kind kind, List<String> commands, List<String> expectations) {
        Block {
            requireNonNull(kind, "kind is null");
            commands = List.copyOf(commands);
            expectations = List.copyOf(expectations);
        }
    }

    static List<Block> parse(String readme) {
        List<Block> blocks = new ArrayList<>();
        List<String> lines = readme.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).strip().equals("```bash")) {
                continue;
            }
            String comment = previousNonBlank(lines, i);
            List<String> body = new ArrayList<>();
            for (i++; i < lines.size() && !lines.get(i).strip().equals("```"); i++) {
                body.add(lines.get(i));
            }
            blocks.add(block(comment, commands(body)));
        }
        return blocks;
    }

    private static Block block(String comment, List<String> commands) {
        Matcher annotation = COMMENT.matcher(comment);
        if (!annotation.find()) {
            throw new IllegalStateException(
                    "a bash block of the README has no <!-- doc-test: ... --> comment before it: " + commands);
        }
        String says = annotation.group(1).strip();
        List<String> quoted = new ArrayList<>();
        Matcher strings = QUOTED.matcher(says);
        while (strings.find()) {
            quoted.add(strings.group(1).replace("\\\"", "\""));
        }
        if (says.startsWith("skip:")) {
            return new Block(Kind.SKIP, commands, List.of());
        }
        if (says.startsWith("background")) {
            if (quoted.size() != 1 || commands.size() != 1) {
                throw new IllegalStateException("a background block has one command and one ready line: " + says);
            }
            return new Block(Kind.BACKGROUND, commands, quoted);
        }
        if (says.startsWith("expect") && quoted.size() == commands.size()) {
            return new Block(Kind.EXPECT, commands, quoted);
        }
        throw new IllegalStateException("the doc-test comment '%s' does not fit its block's %d commands %s"
                .formatted(says, commands.size(), commands));
    }

    /** One command per line, a heredoc with the lines up to its end marker. */
    private static List<String> commands(List<String> body) {
        List<String> commands = new ArrayList<>();
        for (int i = 0; i < body.size(); i++) {
            String line = body.get(i);
            if (line.isBlank()) {
                continue;
            }
            StringBuilder command = new StringBuilder(line);
            Matcher heredoc = HEREDOC.matcher(line);
            if (heredoc.find()) {
                String end = heredoc.group(1);
                while (++i < body.size()) {
                    command.append('\n').append(body.get(i));
                    if (body.get(i).strip().equals(end)) {
                        break;
                    }
                }
            }
            commands.add(command.toString());
        }
        return commands;
    }

    private static String previousNonBlank(List<String> lines, int index) {
        for (int i = index - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) {
                return lines.get(i);
            }
        }
        return "";
    }
}
