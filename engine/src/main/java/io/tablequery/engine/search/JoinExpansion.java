package io.tablequery.engine.search;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.TableInfo;
import io.tablequery.engine.joins.JoinGraph;
import io.tablequery.engine.joins.JoinKind;
import io.tablequery.engine.joins.TableJoin;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Puts each table found (by its words or its meaning) right before the tables it joins with, so that a question that
 * names two tables also finds the link table between them, and one that names a fact finds its lookup tables. Up to
 * {@link #MAX_PARTNERS} partners follow each table: first those that also join another of the first {@link
 * #LINKED} tables found (the link between two), then declared joins before inferred ones, then the better match, then
 * by name. A table already listed is not listed again. Nothing depends on how many tables are asked for, which only
 * cuts the list.
 */
final class JoinExpansion {
    static final int MAX_PARTNERS = 3;

    /** The tables found, best first, whose joins make a partner a link between two: a page of results. */
    static final int LINKED = 10;

    private JoinExpansion() {}

    /**
     * A table of the ranking, and for a partner its joins with the table before it.
     *
     * @param table the table
     * @param joins empty for a table found by its words or meaning and listed there
     */
    record Ranked(TableInfo table, List<TableJoin> joins) {}

    /**
     * Interleaves the partners into a ranking.
     *
     * @param found the tables found by their words or meaning, best first, possibly more than {@code topK}
     * @param first the tables listed before all others, with their joins: the set that covers the question
     *     ({@link JoinedSets}), or none; a table of it found by its words or meaning is followed by its partners
     *     where it stands in {@code found}
     * @param graph the joins of the snapshot searched
     * @param snapshot the snapshot searched
     * @param topK how many tables to return
     * @return at most {@code topK} tables
     */
    static List<Ranked> expand(
            List<TableInfo> found, List<Ranked> first, JoinGraph graph, CatalogSnapshot snapshot, int topK) {
        Map<String, Integer> rank = new HashMap<>();
        found.forEach(table -> rank.putIfAbsent(key(table.name()), rank.size()));
        Set<String> linked = new HashSet<>();
        found.stream().limit(LINKED).forEach(table -> linked.add(key(table.name())));
        List<Ranked> ranked = new ArrayList<>(first.subList(0, Math.min(topK, first.size())));
        Set<String> members = new HashSet<>();
        first.forEach(member -> members.add(key(member.table().name())));
        Set<String> listed = new HashSet<>(members);
        for (TableInfo table : found) {
            if (ranked.size() == topK) {
                break;
            }
            if (listed.add(key(table.name()))) {
                ranked.add(new Ranked(table, List.of()));
            } else if (!members.contains(key(table.name()))) {
                continue;
            }
            for (Partner partner : partners(table.name(), graph, linked, rank)) {
                Optional<TableInfo> partnerTable = snapshot.table(partner.name());
                if (ranked.size() < topK
                        && partnerTable.isPresent()
                        && !partnerTable.get().companion()
                        && listed.add(key(partner.name()))) {
                    ranked.add(new Ranked(partnerTable.get(), partner.joins()));
                }
            }
        }
        return ranked;
    }

    /** A table one found table joins with: the joins, and with how many other of the first found tables it joins. */
    private record Partner(String name, List<TableJoin> joins, int links, boolean declared, int rank) {}

    private static List<Partner> partners(String name, JoinGraph graph, Set<String> linked, Map<String, Integer> rank) {
        Map<String, List<TableJoin>> joinsByPartner = new LinkedHashMap<>();
        for (TableJoin join : graph.of(name)) {
            String partner = join.partnerOf(name);
            if (!partner.equalsIgnoreCase(name)) {
                joinsByPartner
                        .computeIfAbsent(key(partner), k -> new ArrayList<>())
                        .add(join);
            }
        }
        List<Partner> partners = new ArrayList<>();
        joinsByPartner.forEach((key, joins) -> {
            String partner = joins.get(0).partnerOf(name);
            int links = (int) graph.of(partner).stream()
                    .map(join -> key(join.partnerOf(partner)))
                    .filter(other -> !other.equals(key(name)) && linked.contains(other))
                    .distinct()
                    .count();
            boolean declared = joins.stream().anyMatch(join -> join.kind() == JoinKind.DECLARED);
            partners.add(new Partner(partner, joins, links, declared, rank.getOrDefault(key, Integer.MAX_VALUE)));
        });
        partners.sort(Comparator.comparingInt(Partner::links)
                .reversed()
                .thenComparing(Partner::declared, Comparator.reverseOrder())
                .thenComparingInt(Partner::rank)
                .thenComparing(Partner::name, String.CASE_INSENSITIVE_ORDER));
        return partners.subList(0, Math.min(MAX_PARTNERS, partners.size()));
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
