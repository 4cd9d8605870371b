import * as api from '../api.js';
import { count, empty, errorBox, h, show } from '../dom.js';
import { chartPanel } from './chart.js';
import { resultGrid } from './results.js';

const DRAFT = 'tq.duckdb.draft';

/** The DuckDB console: queryDuckDB with its answer as a grid, the whole result as CSV or Arrow, and charts. */
export async function renderDuckDb(ctx) {
    const { root, ws } = ctx;
    const { tables } = await api.get(api.ws(ws, '/tables'));
    const schema = Object.fromEntries(tables.map((t) => [t.name, t.columns.map((c) => c.name)]));
    const first = tables[0];
    const host = h('div', { class: 'editor', id: 'duckdb-editor' });
    const output = h('div', { class: 'output', id: 'duckdb-output', 'aria-live': 'polite' });
    const run = h('button', { type: 'button', id: 'duckdb-run', class: 'primary', text: 'Run', title: 'Ctrl+Enter' });
    const csv = h('button', { type: 'button', id: 'duckdb-csv', text: 'Download CSV' });
    const arrow = h('button', { type: 'button', id: 'duckdb-arrow', text: 'Download Arrow' });
    show(root,
        h('h1', { text: 'DuckDB' }),
        h('p', { class: 'muted' }, 'DuckDB SQL over the tables, read only; an answer shows up to 10 rows, as the queryDuckDB tool gives them. ',
            'The downloads hold the whole result.'),
        host,
        h('div', { class: 'toolbar' }, run, csv, arrow, h('span', { class: 'muted', text: 'Ctrl+Enter runs' })),
        output);
    const draft = sessionStorage.getItem(DRAFT);
    const { editor } = await import('../editor.js');
    const code = editor(host, {
        text: draft ?? (first ? `SELECT * FROM "${first.name.replaceAll('"', '""')}" LIMIT 10` : ''),
        label: 'DuckDB SQL',
        sqlOnly: true,
        schema,
        run: () => execute(),
    });
    const execute = async () => {
        code.closeCompletion();
        const query = code.text();
        sessionStorage.setItem(DRAFT, query);
        show(output, h('p', { class: 'muted', text: 'Running…' }));
        try {
            const answer = await api.post(api.ws(ws, '/tools/queryDuckDB'), { query });
            if (!answer.success) {
                show(output, errorBox({ code: answer.code, message: answer.error }));
                return;
            }
            const columns = answer.columns.map((c) => c.name);
            const rows = answer.rows.map((row) => columns.map((c) => row[c]));
            show(output,
                h('p', {}, `${count(answer.rowCount)} rows`,
                    answer.truncated ? ` (the first ${answer.rows.length} shown; download for all of them)` : ''),
                rows.length ? resultGrid(columns, rows, 'duckdb-grid') : empty('No rows.'),
                h('h2', { text: 'Chart' }),
                chartPanel({ ws, columns, query, rows, id: 'duckdb-chart' }));
        } catch (error) {
            show(output, errorBox(error));
        }
    };
    const download = (path, accept, name) => async () => {
        try {
            const { blob } = await api.postForBlob(api.ws(ws, path), { query: code.text() }, accept);
            api.save(blob, name);
        } catch (error) {
            show(output, errorBox(error));
        }
    };
    run.addEventListener('click', execute);
    csv.addEventListener('click', download('/tools/queryDuckDB/csv', 'text/csv', 'result.csv'));
    arrow.addEventListener('click', download('/tools/queryDuckDB/arrow', 'application/vnd.apache.arrow.stream', 'result.arrows'));
    code.focus();
}
