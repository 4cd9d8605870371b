package io.tablequery.server.http;

import io.javalin.http.Context;
import io.tablequery.engine.browse.BrowseErrorCode;
import io.tablequery.engine.browse.PagePosition;
import io.tablequery.engine.browse.RowRanges;
import io.tablequery.engine.browse.SourceCellsReader;
import io.tablequery.engine.browse.TablePager;
import io.tablequery.engine.catalog.FileRefs;
import io.tablequery.engine.error.EngineException;
import io.tablequery.engine.workspace.Workspace;
import io.tablequery.server.api.SourceCellsAnswer;

/** A table page by page, and the original cells a citation points at. */
final class BrowseController {
    private static final int DEFAULT_PAGE_ROWS = 100;

    private final WorkspaceRegistry workspaces;

    BrowseController(WorkspaceRegistry workspaces) {
        this.workspaces = workspaces;
    }

    /**
     * {@code GET /v1/workspaces/{ws}/tables/{table}/rows?after=R|before=R|at=R|last=true&limit=N}: a page of the table
     * in row order, each row with its citation.
     */
    void rows(Context ctx) {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        PagePosition position = PagePosition.of(
                ctx.queryParam("after"),
                ctx.queryParam("before"),
                ctx.queryParam("at"),
                "true".equalsIgnoreCase(ctx.queryParam("last")));
        ctx.json(TablePager.page(workspace, ctx.pathParam("table"), position, limit(ctx.queryParam("limit"))));
    }

    /**
     * {@code GET /v1/workspaces/{ws}/files/{ref}/sheets/{sheet}/cells?rows=5-9}: the cells of rows of a sheet of the
     * uploaded file as the person sees them, with the merged ranges over them.
     */
    void cells(Context ctx) {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        int file = FileRefs.parse(ctx.pathParam("ref"));
        int sheet = sheetNumber(ctx.pathParam("sheet"));
        ctx.json(SourceCellsReader.read(workspace, file, sheet, RowRanges.parse(ctx.queryParam("rows"))));
    }

    /**
     * {@code POST /v1/workspaces/{ws}/source-cells} with {@code {"citation": "F2S1R7;F2S1R9", "around": 2}}: the
     * getSourceCells tool, the cells each citation names in the file as uploaded.
     */
    void citations(Context ctx) {
        Workspace workspace = workspaces.get(ctx.pathParam("ws"));
        ctx.json(SourceCellsAnswer.of(workspace, JsonBodies.object(ctx)));
    }

    private static int limit(String text) {
        if (text == null) {
            return DEFAULT_PAGE_ROWS;
        }
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new EngineException(
                    BrowseErrorCode.INVALID_RANGE,
                    "limit must be a number of rows from 1 to %d, not '%s'".formatted(TablePager.MAX_ROWS, text));
        }
    }

    private static int sheetNumber(String text) {
        String digits = text.startsWith("S") || text.startsWith("s") ? text.substring(1) : text;
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new EngineException(
                    BrowseErrorCode.SHEET_NOT_FOUND, "'%s' is not a sheet number such as 2 or S2".formatted(text));
        }
    }
}
