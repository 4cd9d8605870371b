package io.tablequery.spark.run;

import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * A Spark Connect session that one workspace's runs take in turn, with the views over the workspace's exports it
 * already holds: a view is made again only when its table's export moved to a new version.
 */
final class PooledSession {
    private final String workspace;
    private final SparkSession spark;
    private final Map<String, String> views = new HashMap<>();
    private boolean reused;
    private long idleSince;

    PooledSession(String workspace, SparkSession spark) {
        this.workspace = workspace;
        this.spark = spark;
    }

    String workspace() {
        return workspace;
    }

    SparkSession spark() {
        return spark;
    }

    /** Whether an earlier run used this session, so that the server may have let it go meanwhile. */
    boolean reused() {
        return reused;
    }

    /** Whether the session holds the view over this location already. */
    boolean holds(String view, String location) {
        return location.equals(views.get(view));
    }

    void made(String view, String location) {
        views.put(view, location);
    }

    void idle(long now) {
        reused = true;
        idleSince = now;
    }

    long idleSince() {
        return idleSince;
    }
}
