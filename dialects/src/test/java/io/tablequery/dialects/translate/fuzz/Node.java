package io.tablequery.dialects.translate.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * A generated SQL expression: a template with a {@code %s} hole per child, the kind of value it yields, and whether
 * it is an aggregate call. Kept as a tree so that a failing query can be shrunk node by node.
 *
 * @param kind what the expression yields
 * @param template SQL with {@code %s} for each child and {@code %%} for a literal percent sign
 * @param children the sub-expressions, in hole order
 * @param aggregate whether this node is an aggregate call
 */
record Node(Kind kind, String template, List<Node> children, boolean aggregate) {
    /** What an expression yields, as the generator sees it. */
    enum Kind {
        NUM,
        TEXT,
        BOOL
    }

    Node {
        children = List.copyOf(children);
    }

    /** A leaf written as is; a percent sign in it is literal. */
    static Node leaf(Kind kind, String sql) {
        return new Node(kind, sql.replace("%", "%%"), List.of(), false);
    }

    static Node of(Kind kind, String template, Node... children) {
        return new Node(kind, template, List.of(children), false);
    }

    static Node aggregate(Kind kind, String template, Node... children) {
        return new Node(kind, template, List.of(children), true);
    }

    String sql() {
        return template.formatted(children.stream().map(Node::sql).toArray());
    }

    boolean hasAggregate() {
        return aggregate || children.stream().anyMatch(Node::hasAggregate);
    }

    /** Smaller expressions to try in this one's place: a child of the same kind, or this node with a child shrunk. */
    List<Node> simpler() {
        List<Node> out = new ArrayList<>();
        for (Node child : children) {
            if (child.kind == kind) {
                out.add(child);
            }
        }
        for (int i = 0; i < children.size(); i++) {
            for (Node smaller : children.get(i).simpler()) {
                List<Node> replaced = new ArrayList<>(children);
                replaced.set(i, smaller);
                out.add(new Node(kind, template, replaced, aggregate));
            }
        }
        return out;
    }
}
