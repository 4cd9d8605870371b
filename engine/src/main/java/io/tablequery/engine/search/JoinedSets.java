package io.tablequery.engine.search;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.joins.JoinGraph;
import io.tablequery.engine.joins.JoinKind;
import io.tablequery.engine.joins.TableJoin;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Chooses the tables that together cover a question's words and join (as JAR and CORE-T choose a set, not the k best
 * tables one by one). From the best table found, it adds, while it can, the table among the first {@link
 * JoinExpansion#LINKED} found that matches the most words not yet matched and joins a table already chosen, directly
 * or through one link table (any table of the workspace): the more new words first, then a direct join, then the
 * better rank. A number counts for no table, as it matches the values of too many. A question whose words the best
 * table matches alone, or whose other words only unjoined tables match, gets no set. Nothing depends on how many tables are asked for.
 */
final class JoinedSets {
    /** The most tables a set holds, link tables included. */
    static final int MAX_TABLES = 5;

    private JoinedSets() {}

    /**
     * A set chosen: its tables as the ranking lists them first, and the set as the answer reports it.
     *
     * @param members the tables, each link or later table with its joins to the tables before it
     * @param links the names of the link tables among them, lower-cased: tables the question's words did not find
     * @param set the set
     */
    record Chosen(List<JoinExpansion.Ranked> members, Set<String> links, TableSet set) {
        /**
         * Tells whether a table is in the set for the words it matched, not as a link.
         *
         * @param table a table
         * @return whether it is one of the set's found tables
         */
        boolean found(TableInfo table) {
            return !links.contains(key(table.name()))
                    && members.stream().anyMatch(member -> member.table().name().equalsIgnoreCase(table.name()));
        }
    }

    /** What a table adds to the set: the question's words not yet matched, and how many of them its name matches. */
    private record Gain(Set<String> words, int named) {}

    /** A table that may join the set: what it adds, the link it needs, and its joins. */
    private record Candidate(
            TableInfo table, int rank, Gain gain, TableInfo link, List<TableJoin> linkJoins, List<TableJoin> joins) {}

    /**
     * Chooses the set for a question.
     *
     * @param found the tables found, best first
     * @param words each found table's matched question words, in the question's order, with where they matched, by
     *     table name lower-cased; a table its words did not find has none
     * @param question the question's words, in order
     * @param graph the joins of the snapshot searched
     * @param snapshot the snapshot searched
     * @return the set, when more than one table is needed
     */
    static Optional<Chosen> choose(
            List<TableInfo> found,
            Map<String, List<MatchedTerm>> words,
            List<String> question,
            JoinGraph graph,
            CatalogSnapshot snapshot) {
        if (found.isEmpty()) {
            return Optional.empty();
        }
        TableInfo top = found.get(0);
        Set<String> covered = new LinkedHashSet<>(terms(words, top));
        if (covered.isEmpty()) {
            return Optional.empty();
        }
        List<JoinExpansion.Ranked> members = new ArrayList<>();
        members.add(new JoinExpansion.Ranked(top, List.of()));
        List<TableJoin> joins = new ArrayList<>();
        Set<String> links = new HashSet<>();
        List<TableInfo> seeds = found.subList(0, Math.min(JoinExpansion.LINKED, found.size()));
        while (members.size() < MAX_TABLES) {
            Optional<Candidate> next = best(seeds, members, words, covered, graph, snapshot);
            if (next.isEmpty()) {
                break;
            }
            Candidate chosen = next.get();
            if (chosen.link() != null) {
                if (members.size() + 2 > MAX_TABLES) {
                    break;
                }
                members.add(new JoinExpansion.Ranked(chosen.link(), chosen.linkJoins()));
                links.add(key(chosen.link().name()));
                joins.addAll(chosen.linkJoins());
            }
            members.add(new JoinExpansion.Ranked(chosen.table(), chosen.joins()));
            joins.addAll(chosen.joins());
            covered.addAll(chosen.gain().words());
        }
        if (members.size() == 1) {
            return Optional.empty();
        }
        List<String> inOrder =
                question.stream().filter(covered::contains).distinct().toList();
        TableSet set = new TableSet(
                members.stream().map(member -> member.table().name()).toList(), joins, inOrder);
        return Optional.of(new Chosen(members, Set.copyOf(links), set));
    }

    private static Optional<Candidate> best(
            List<TableInfo> seeds,
            List<JoinExpansion.Ranked> members,
            Map<String, List<MatchedTerm>> words,
            Set<String> covered,
            JoinGraph graph,
            CatalogSnapshot snapshot) {
        List<Candidate> candidates = new ArrayList<>();
        for (int rank = 0; rank < seeds.size(); rank++) {
            TableInfo seed = seeds.get(rank);
            if (isMember(seed.name(), members)) {
                continue;
            }
            Set<String> newWords = new LinkedHashSet<>(terms(words, seed));
            newWords.removeAll(covered);
            // A number matches the values of too many tables to bring one into the set by itself.
            newWords.removeIf(word -> word.chars().allMatch(Character::isDigit));
            if (newWords.isEmpty()) {
                continue;
            }
            int named = (int) words.get(key(seed.name())).stream()
                    .filter(term ->
                            newWords.contains(term.term()) && term.fields().contains(TableDocuments.NAME))
                    .count();
            connection(seed, rank, new Gain(newWords, named), members, graph, snapshot)
                    .ifPresent(candidates::add);
        }
        return candidates.stream()
                .min(Comparator.comparingInt((Candidate candidate) ->
                                -candidate.gain().words().size())
                        .thenComparingInt(candidate -> -candidate.gain().named())
                        .thenComparing(candidate -> candidate.link() != null)
                        .thenComparingInt(Candidate::rank));
    }

    /** How a seed joins the set: directly with the first member it joins, else through the best link table. */
    private static Optional<Candidate> connection(
            TableInfo seed,
            int rank,
            Gain gain,
            List<JoinExpansion.Ranked> members,
            JoinGraph graph,
            CatalogSnapshot snapshot) {
        for (JoinExpansion.Ranked member : members) {
            List<TableJoin> direct = between(graph, seed.name(), member.table().name());
            if (!direct.isEmpty()) {
                return Optional.of(new Candidate(seed, rank, gain, null, List.of(), direct));
            }
        }
        Candidate best = null;
        for (TableJoin toSeed : graph.of(seed.name())) {
            String linkName = toSeed.partnerOf(seed.name());
            if (linkName.equalsIgnoreCase(seed.name()) || isMember(linkName, members)) {
                continue;
            }
            Optional<TableInfo> link = snapshot.table(linkName).filter(table -> !table.companion());
            if (link.isEmpty()) {
                continue;
            }
            for (JoinExpansion.Ranked member : members) {
                List<TableJoin> toMember =
                        between(graph, linkName, member.table().name());
                if (!toMember.isEmpty()) {
                    Candidate candidate = new Candidate(
                            seed, rank, gain, link.get(), toMember, between(graph, seed.name(), linkName));
                    if (best == null || better(candidate, best)) {
                        best = candidate;
                    }
                    break;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * Between two links, a bridge (a table whose rows refer to both, as a table of who has which pet) before a table
     * both refer to (a department a course and an instructor both name), then the one declared on both sides, then
     * the one whose name sorts first.
     */
    private static boolean better(Candidate one, Candidate other) {
        boolean oneBridge = bridge(one);
        boolean otherBridge = bridge(other);
        if (oneBridge != otherBridge) {
            return oneBridge;
        }
        boolean oneDeclared = declared(one);
        boolean otherDeclared = declared(other);
        if (oneDeclared != otherDeclared) {
            return oneDeclared;
        }
        return String.CASE_INSENSITIVE_ORDER.compare(
                        one.link().name(), other.link().name())
                < 0;
    }

    private static boolean bridge(Candidate candidate) {
        String link = candidate.link().name();
        return candidate.joins().stream().allMatch(join -> join.table().equalsIgnoreCase(link))
                && candidate.linkJoins().stream().allMatch(join -> join.table().equalsIgnoreCase(link));
    }

    private static List<String> terms(Map<String, List<MatchedTerm>> words, TableInfo table) {
        return words.getOrDefault(key(table.name()), List.of()).stream()
                .map(MatchedTerm::term)
                .toList();
    }

    private static boolean declared(Candidate candidate) {
        return candidate.joins().stream().allMatch(join -> join.kind() == JoinKind.DECLARED)
                && candidate.linkJoins().stream().allMatch(join -> join.kind() == JoinKind.DECLARED);
    }

    private static List<TableJoin> between(JoinGraph graph, String one, String other) {
        return graph.of(one).stream()
                .filter(join -> join.partnerOf(one).equalsIgnoreCase(other) && !one.equalsIgnoreCase(other))
                .toList();
    }

    private static boolean isMember(String name, List<JoinExpansion.Ranked> members) {
        return members.stream().anyMatch(member -> member.table().name().equalsIgnoreCase(name));
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
