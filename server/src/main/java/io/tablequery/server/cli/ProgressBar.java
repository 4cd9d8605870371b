package io.tablequery.server.cli;

import io.tablequery.engine.ingest.IngestListener;
import io.tablequery.engine.ingest.IngestProgress;
import java.io.PrintWriter;

/** Draws ingest progress on one terminal line: {@code sales.xlsx [#########-----------] 45% Q1}. */
final class ProgressBar implements IngestListener {
    private static final int WIDTH = 30;
    private static final long REDRAW_NANOS = 100_000_000L;

    private final PrintWriter out;
    private long lastDraw;
    private boolean drawn;

    ProgressBar(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void progressed(IngestProgress progress) {
        long now = System.nanoTime();
        if (now - lastDraw < REDRAW_NANOS && progress.done() < progress.total()) {
            return;
        }
        lastDraw = now;
        StringBuilder line = new StringBuilder("\r").append(progress.fileName()).append(" [");
        if (progress.total() > 0) {
            int filled = (int) Math.min(WIDTH, WIDTH * progress.done() / progress.total());
            line.append("#".repeat(filled)).append("-".repeat(WIDTH - filled)).append("] ");
            line.append(Math.min(100, 100 * progress.done() / progress.total())).append('%');
        } else {
            line.append(progress.done() >> 20).append(" MB read]");
        }
        if (progress.sheetName() != null) {
            line.append("  ").append(progress.sheetName());
        }
        out.print(line.append("\u001B[K"));
        out.flush();
        drawn = true;
    }

    void finish() {
        if (drawn) {
            out.print("\r\u001B[K");
            out.flush();
        }
    }
}
