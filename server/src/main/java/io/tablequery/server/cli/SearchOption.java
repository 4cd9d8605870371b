package io.tablequery.server.cli;

import io.tablequery.engine.workspace.SearchMode;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code --search meaning|lexical} option of the commands that rank tables. */
final class SearchOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = "--search",
            paramLabel = "MODE",
            defaultValue = "meaning",
            description = "How search-tables ranks tables: meaning (by their words and by embedding models run in this"
                    + " process, which read each uploaded table in the background, about a tenth of a second a table) or"
                    + " lexical (by their words alone; no model is loaded) (default: ${DEFAULT-VALUE}).")
    String search;

    /**
     * The mode asked for.
     *
     * @return the mode
     * @throws ParameterException when the option names no mode
     */
    SearchMode mode() {
        try {
            return SearchMode.valueOf(search.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--search takes meaning or lexical, not " + search);
        }
    }
}
