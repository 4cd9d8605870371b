package io.tablequery.engine.workspace;

import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.ingest.IngestListener;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.TreeSet;

/**
 * Runs in a child JVM for {@link CrashSafetyTest}: uploads, replaces and deletes files in a loop, announcing each
 * operation before it starts and the catalog's file names after it commits, until it is killed.
 */
public final class CrashSafetyChild {
    private CrashSafetyChild() {}

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        Path csv = Path.of(args[1]);
        Path xlsx = Path.of(args[2]);
        try (Workspace workspace = Workspace.open(Path.of(args[0]))) {
            out.println("OPEN " + names(workspace));
            for (int i = 0; ; i++) {
                if (i % 3 == 2) {
                    SourceFile orders =
                            workspace.catalog().fileNamed("orders.csv").orElse(null);
                    if (orders != null) {
                        out.println("BEGIN DELETE orders.csv");
                        workspace.deleteFile(orders.number());
                        out.println("STATE " + names(workspace));
                    }
                }
                boolean even = i % 2 == 0;
                String name = even ? "orders.csv" : "sales.xlsx";
                out.println("BEGIN UPLOAD " + name);
                workspace.ingest(even ? csv : xlsx, name, IngestListener.NONE);
                out.println("STATE " + names(workspace));
            }
        }
    }

    static String names(Workspace workspace) {
        TreeSet<String> names = new TreeSet<>();
        workspace.catalog().files().forEach(f -> names.add(f.name()));
        return String.join(",", names);
    }
}
