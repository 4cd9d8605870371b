import * as api from '../api.js';
import { count, errorBox, h, show } from '../dom.js';
import { chartPanel } from './chart.js';
import { resultGrid } from './results.js';

const DRAFT = 'tq.plan.draft';
/** The engine choices: SQLite, DuckDB and any other engine the server offers, auto, and the pairs to compare. */
function engineChoices(engines) {
    const others = engines.filter((name) => name !== 'sqlite' && name !== 'duckdb');
    return [
        ['sqlite', 'sqlite: as written'],
        ['duckdb', 'duckdb: translated, same answers'],
        ...others.map((name) => [name, `${name}: translated, same answers`]),
        ['auto', 'auto: the faster that gives SQLite\'s answer'],
        ['both', 'both: sqlite and duckdb, compared'],
        ...others.map((name) => [`both:${name}`, `both:${name}: sqlite and ${name}, compared`]),
    ];
}
const CREATE = /^CREATE\s+TEMP(?:ORARY)?\s+TABLE\s+(?:"((?:[^"]|"")+)"|([\p{L}\p{N}_]+))\s+AS\s+/iu;

function quote(name) {
    return `"${name.replaceAll('"', '""')}"`;
}

function mentions(sql, name) {
    const lower = sql.toLowerCase();
    const target = name.toLowerCase();
    if (lower.includes(quote(target))) {
        return true;
    }
    const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\p{L}\\p{N}_"])${escaped}($|[^\\p{L}\\p{N}_"])`, 'u').test(lower);
}

/**
 * The plan to send: a JSON plan as written, or one SQLite statement made a one-step plan (a SELECT becomes
 * CREATE TEMP TABLE "result" AS SELECT ...), naming the tables it mentions as its sources.
 */
export function planOf(text, tables) {
    const trimmed = text.trim().replace(/;\s*$/, '');
    if (trimmed.startsWith('{')) {
        return JSON.parse(trimmed);
    }
    const create = CREATE.exec(trimmed);
    const name = create ? (create[1] ? create[1].replaceAll('""', '"') : create[2]) : 'result';
    const sql = create ? trimmed : `CREATE TEMP TABLE "result" AS ${trimmed}`;
    return {
        queries: [{
            step: 1,
            sql,
            source_table_names: tables.filter((t) => mentions(sql, t.name)).map((t) => t.name),
            destine_table_name: name,
            destine_table_type: 'final',
            destine_table_description: 'Run from the page',
        }],
    };
}

/** Plans: a run-sql plan or one SQLite statement, an engine, the results with their citations, errors by step. */
export async function renderPlans(ctx) {
    const { root, ws, engines } = ctx;
    const { tables } = await api.get(api.ws(ws, '/tables'));
    const schema = Object.fromEntries(tables.map((t) => [t.name, t.columns.map((c) => c.name)]));
    const host = h('div', { class: 'editor', id: 'plan-editor' });
    const engine = h('select', { id: 'plan-engine' }, engineChoices(engines ?? ['sqlite', 'duckdb']).map(([value, text]) => h('option', { value, text })));
    const maxRows = h('input', { type: 'number', id: 'plan-max-rows', min: 0, max: 2000, value: 100 });
    const run = h('button', { type: 'button', id: 'plan-run', class: 'primary', text: 'Run', title: 'Ctrl+Enter' });
    const steps = h('ol', { class: 'steps', id: 'plan-steps' });
    const output = h('div', { class: 'output', id: 'plan-output', 'aria-live': 'polite' });
    show(root,
        h('h1', { text: 'Plans' }),
        h('p', { class: 'muted' }, 'SQLite SQL: one statement (a SELECT is run as a one-step plan) or a run-sql plan in JSON. ',
            'Every row of a result cites the row of the file it came from: follow the link to see it there.'),
        host,
        h('div', { class: 'toolbar' },
            h('label', { for: 'plan-engine', text: 'Engine' }), engine,
            h('label', { for: 'plan-max-rows', text: 'Rows at most' }), maxRows,
            run, h('span', { class: 'muted', text: 'Ctrl+Enter runs' })),
        steps,
        output);
    const first = tables[0];
    const { editor } = await import('../editor.js');
    const code = editor(host, {
        text: sessionStorage.getItem(DRAFT) ?? (first ? `SELECT * FROM ${quote(first.name)} LIMIT 20` : ''),
        label: 'SQLite SQL or a JSON plan',
        schema,
        run: () => execute(),
    });
    const execute = async () => {
        code.closeCompletion();
        const text = code.text();
        sessionStorage.setItem(DRAFT, text);
        let plan;
        try {
            plan = planOf(text, tables);
        } catch (error) {
            show(steps);
            show(output, errorBox({ code: 'INVALID_PLAN', message: `The plan is not JSON: ${error.message}` }));
            return;
        }
        const stepItems = new Map();
        show(steps, (plan.queries ?? []).map((q) => {
            const item = h('li', { 'data-step': q.step }, h('strong', { text: `Step ${q.step}` }), ` → ${q.destine_table_name} (${q.destine_table_type})`);
            stepItems.set(q.step, item);
            return item;
        }));
        show(output, h('p', { class: 'muted', text: 'Running…' }));
        try {
            const answer = await api.post(api.ws(ws, '/run-sql'), { plan, engine: engine.value, maxRows: Number(maxRows.value) });
            show(output, answerView(answer, ws, plan, engine.value));
        } catch (error) {
            const at = stepItems.get(error.details?.step);
            if (at) {
                at.classList.add('failed');
                at.appendChild(errorBox(error));
                show(output, h('p', { class: 'error', text: `Step ${error.details.step} failed; see it above.` }));
            } else {
                show(output, errorBox(error));
            }
        }
    };
    run.addEventListener('click', execute);
    code.focus();
}

function answerView(answer, ws, plan, engine) {
    const parts = [h('p', { class: 'muted', text: `Ran on ${answer.engine}.` })];
    if ((answer.notices ?? []).length) {
        parts.push(h('ul', { class: 'notices' }, answer.notices.map((n) => h('li', { text: n }))));
    }
    if (answer.comparison) {
        parts.push(comparison(answer.comparison));
    }
    answer.results.forEach((result, index) => {
        const truncation = result.omittedRows > 0
            ? `Only the first ${count(result.shownRows)} rows are shown; the remaining ${count(result.omittedRows)} rows were omitted (${count(result.totalRows)} rows in total).`
            : `${count(result.totalRows)} rows.`;
        const id = `result-${index + 1}`;
        parts.push(h('section', { class: 'result', id },
            h('h2', {}, result.name, ' ', h('span', { class: 'muted', text: `step ${result.step}` })),
            h('p', { class: 'description', text: result.description }),
            h('p', { class: result.omittedRows > 0 ? 'truncation warning' : 'truncation', text: truncation }),
            result.cutCells > 0 ? h('p', { class: 'warning', text: `${count(result.cutCells)} cells were cut to ${answer.cellMax} characters.` }) : null,
            resultGrid(result.columns, result.rows, `${id}-grid`),
            downloads(result, ws, { plan, engine }, id),
            chartButton(result, ws, plan, id)));
    });
    return parts;
}

function comparison(compared) {
    const [first, second] = compared.engines;
    return h('section', { class: 'comparison', id: 'comparison' },
        h('h2', { text: `${first} and ${second} compared` }),
        compared.note ? h('p', { text: compared.note }) : null,
        h('table', { class: 'grid' },
            h('thead', {}, h('tr', {}, ['Table', `${first} rows`, `${second} rows`, 'Compared', 'Result'].map((t) => h('th', { scope: 'col', text: t })))),
            h('tbody', {}, compared.tables.map((t) => h('tr', {},
                h('td', { text: t.table }),
                h('td', { class: 'number', text: count(t.firstRows) }),
                h('td', { class: 'number', text: count(t.secondRows) }),
                h('td', { text: `${count(t.comparedRows)} rows ${t.inOrder ? 'in order' : 'as a set'}` }),
                h('td', { class: t.difference ? 'error' : 'ok', text: t.difference ?? (t.reordered ? 'the same rows, tied rows in another order' : 'the same') }))))));
}

/**
 * Downloads of a final table, whole, as CSV: the table with its citations, and its lineage, a row per row of the table
 * and source row it was computed from (every row behind a total, where the cell shows the first ranges).
 */
function downloads(result, ws, request, id) {
    const failure = h('div', { class: 'download-error' });
    const button = (suffix, text, form, fileName) => {
        const element = h('button', { type: 'button', id: `${id}-${suffix}`, text });
        element.addEventListener('click', async () => {
            show(failure);
            try {
                const { blob } = await api.postForBlob(api.ws(ws, '/run-sql/csv'), { ...request, step: result.step, form }, 'text/csv');
                api.save(blob, fileName);
            } catch (error) {
                show(failure, errorBox(error));
            }
        });
        return element;
    };
    return h('div', { class: 'toolbar' },
        button('csv', 'Download CSV', 'table', `${result.name}.csv`),
        button('lineage', 'Download the source rows of each row (CSV)', 'lineage', `${result.name}-lineage.csv`),
        failure);
}

/** A chart of a one-step plan's result: its SELECT in DuckDB's dialect, charted by the chart tool. */
function chartButton(result, ws, plan, id) {
    const queries = plan.queries ?? [];
    if (queries.length !== 1) {
        return h('p', { class: 'muted', text: 'To chart the result of a plan of several steps, run its last step as a query in the DuckDB console.' });
    }
    const place = h('div', { class: 'plan-chart' });
    const button = h('button', { type: 'button', id: `${id}-chart-open`, text: 'Chart this result' });
    button.addEventListener('click', async () => {
        const select = queries[0].sql.replace(CREATE, '');
        try {
            const translation = await api.post(api.ws(ws, '/translate'), { sql: select });
            if (!translation.translated) {
                show(place, errorBox({ code: 'UNTRANSLATABLE', message: translation.reason }));
                return;
            }
            show(place, chartPanel({ ws, columns: result.columns, query: translation.sql, id: `${id}-chart` }));
        } catch (error) {
            show(place, errorBox(error));
        }
    });
    return h('div', {}, button, place);
}
