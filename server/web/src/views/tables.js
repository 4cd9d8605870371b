import * as api from '../api.js';
import { count, empty, errorBox, h, show } from '../dom.js';
import { citationLinks, shownNumber, valueCell } from './results.js';
import { sourceHash } from './citations.js';

const PAGE = 100;

/** Tables: every table with its source, columns and a filter. */
export async function renderTables(ctx) {
    const { root, ws } = ctx;
    const { tables } = await api.get(api.ws(ws, '/tables'));
    if (tables.length === 0) {
        show(root, h('h1', { text: 'Tables' }),
            empty('No tables yet: ', h('a', { href: '#/files', text: 'upload a file' }), ' to make some.'));
        return;
    }
    const filter = h('input', { type: 'search', id: 'table-filter', placeholder: 'Filter by name or column', 'aria-label': 'Filter tables' });
    const body = h('tbody');
    const draw = () => {
        const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
        const shown = tables.filter((t) => {
            const text = `${t.name} ${t.fileName} ${t.sheetName} ${t.columns.map((c) => c.name).join(' ')}`.toLowerCase();
            return words.every((word) => text.includes(word));
        });
        show(body, shown.map((t) => h('tr', {},
            h('td', {}, h('a', { href: `#/tables/${encodeURIComponent(t.name)}`, text: t.name }),
                t.layoutWarnings.length ? h('span', { class: 'badge warning', title: t.layoutWarnings.join('; '), text: 'layout uncertain' }) : null),
            h('td', {}, h('a', { class: 'cite', href: sourceHash(t.file, t.sheet), text: `${t.file}S${t.sheet}` }), ' ', t.fileName, ' / ', t.sheetName),
            h('td', { class: 'number', text: count(t.rowCount) }),
            h('td', { class: 'columns', text: t.columns.map((c) => `${c.name} (${c.type.toLowerCase()})`).join(', ') }))));
    };
    filter.addEventListener('input', draw);
    show(root, h('h1', { text: 'Tables' }), filter,
        h('div', { class: 'scroll' }, h('table', { class: 'grid tables' },
            h('thead', {}, h('tr', {}, ['Table', 'Source', 'Rows', 'Columns'].map((t) => h('th', { scope: 'col', text: t })))),
            body)));
    draw();
}

/** One table: its schema and column profiles, sample rows, data quality, and its rows page by page. */
export async function renderTable(ctx) {
    const { root, ws, rest, params } = ctx;
    const name = rest[0];
    const { tables } = await api.post(api.ws(ws, '/get-schemas'), { tables: [name] });
    const table = tables[0];
    const quality = h('div', { class: 'quality' },
        h('button', { type: 'button', id: 'quality-button', text: 'Check data quality' }));
    quality.querySelector('button').addEventListener('click', () => checkQuality(quality, ws, table.name));
    const pager = h('div', { class: 'pager' });
    show(root,
        h('h1', {}, table.name, ' ', h('span', { class: 'muted', text: `${count(table.rowCount)} rows` })),
        h('p', { class: 'description', text: table.description }),
        (table.layoutWarnings ?? []).length
            ? h('ul', { class: 'warning' }, table.layoutWarnings.map((w) => h('li', { text: `Layout uncertain: ${w}. Look at the rows before trusting an aggregate.` })))
            : null,
        h('h2', { text: 'Columns' }),
        profiles(table),
        h('h2', { text: 'Sample rows' }),
        samples(table),
        h('h2', { text: 'Data quality' }),
        quality,
        h('h2', { text: 'Rows' }),
        pager);
    const at = params.get('at');
    await page(pager, ws, table.name, at ? `at=${encodeURIComponent(at)}` : '', ctx);
}

function profiles(table) {
    return h('div', { class: 'scroll' }, h('table', { class: 'grid profiles' },
        h('thead', {}, h('tr', {}, ['Column', 'Type', 'Nulls', 'Distinct', 'Min', 'Max', 'Values'].map((t) => h('th', { scope: 'col', text: t })))),
        h('tbody', {}, table.columns.map((c) => {
            const p = c.profile ?? {};
            return h('tr', {},
                h('th', { scope: 'row', text: c.name }),
                h('td', { text: c.declaredType === c.type ? c.type : `${c.type} (${c.declaredType})` }),
                h('td', { class: 'number', text: p.nullCount === undefined ? '' : count(p.nullCount) }),
                h('td', { class: 'number', text: p.distinctCount === undefined ? '' : count(p.distinctCount) }),
                h('td', { text: p.min ?? '' }),
                h('td', { text: p.max ?? '' }),
                h('td', { class: 'values', text: (p.values ?? []).join(', ') }));
        }))));
}

/** The few rows get-schemas picked to show the most different values, each linked to its row in the file. */
function samples(table) {
    const rows = table.sampleRows ?? [];
    if (rows.length === 0) {
        return empty('The table has no rows.');
    }
    return h('div', { class: 'scroll' }, h('table', { class: 'grid samples', id: 'sample-rows' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Row' }), table.columns.map((c) => h('th', { scope: 'col', text: c.name })))),
        h('tbody', {}, rows.map((row) => h('tr', {},
            h('td', {}, h('a', { class: 'cite', href: sourceHash(table.file, table.sheet, row.row), text: String(row.row) })),
            row.values.map((value) => valueCell(value)))))));
}

async function checkQuality(target, ws, table) {
    show(target, h('p', { class: 'muted', text: 'Checking…' }));
    try {
        const answer = await api.post(api.ws(ws, '/tools/analyzeDataQuality'), { tableName: table });
        if (!answer.success) {
            show(target, errorBox({ code: answer.code, message: answer.error }));
            return;
        }
        show(target,
            h('p', {}, `${count(answer.rowCount)} rows, ${count(answer.duplicateRows ?? 0)} of them duplicates of another row.`),
            (answer.findings ?? []).length
                ? h('ul', { class: 'findings' }, answer.findings.map((f) => h('li', { text: f })))
                : h('p', { class: 'muted', text: 'No finding.' }),
            h('div', { class: 'scroll' }, h('table', { class: 'grid quality-columns' },
                h('thead', {}, h('tr', {}, ['Column', 'Type', 'Nulls', 'Null share', 'Distinct', 'Mean', 'Outliers'].map((t) => h('th', { scope: 'col', text: t })))),
                h('tbody', {}, (answer.columns ?? []).map((c) => h('tr', {},
                    h('th', { scope: 'row', text: c.name }),
                    h('td', { text: c.type }),
                    h('td', { class: 'number', text: count(c.nullCount) }),
                    h('td', { class: 'number', text: `${(100 * (c.nullShare ?? 0)).toFixed(1)}%` }),
                    h('td', { class: 'number', text: count(c.distinctCount) }),
                    h('td', { class: 'number', text: c.mean == null ? '' : shownNumber(c.mean) }),
                    h('td', { class: 'number', text: outliers(c.outliers) })))))));
    } catch (error) {
        show(target, errorBox(error));
    }
}

/** A numeric column's outliers: how many values lie outside the fences of the interquartile-range rule. */
function outliers(found) {
    if (!found) {
        return '';
    }
    return `${count(found.count)} outside ${shownNumber(found.lowerFence)} to ${shownNumber(found.upperFence)}`;
}

async function page(target, ws, table, query, ctx) {
    const path = api.ws(ws, `/tables/${encodeURIComponent(table)}/rows?limit=${PAGE}${query ? `&${query}` : ''}`);
    const started = performance.now();
    let data;
    try {
        data = await api.get(path);
    } catch (error) {
        show(target, errorBox(error));
        return;
    }
    const took = performance.now() - started;
    const first = data.rows[0]?.row;
    const last = data.rows[data.rows.length - 1]?.row;
    const move = (q) => () => page(target, ws, table, q, ctx);
    const jump = h('input', { type: 'number', min: 1, id: 'jump-row', 'aria-label': 'Go to row number', placeholder: 'row' });
    const form = h('form', { class: 'jump' }, h('label', { for: 'jump-row', text: 'Go to row ' }), jump,
        h('button', { type: 'submit', text: 'Go' }));
    form.addEventListener('submit', (event) => {
        event.preventDefault();
        if (jump.value) {
            page(target, ws, table, `at=${encodeURIComponent(jump.value)}`, ctx);
        }
    });
    const nav = h('div', { class: 'page-nav' },
        h('button', { type: 'button', text: 'First', disabled: !data.hasBefore, on: { click: move('') } }),
        h('button', { type: 'button', text: 'Previous', disabled: !data.hasBefore, on: { click: move(`before=${first}`) } }),
        h('button', { type: 'button', text: 'Next', id: 'next-page', disabled: !data.hasAfter, on: { click: move(`after=${last}`) } }),
        h('button', { type: 'button', text: 'Last', id: 'last-page', disabled: !data.hasAfter, on: { click: move('last=true') } }),
        form,
        h('span', { class: 'muted', id: 'page-status', 'data-ms': took.toFixed(1) },
            // Sheet row numbers (what a citation names), and the table's size: not one range "of" the other.
            data.rows.length
                ? `sheet rows ${first}–${last} · ${count(data.totalRows)} ${data.totalRows === 1 ? 'row' : 'rows'} in the table`
                : 'no rows'));
    const grid = h('table', { class: 'grid rows', id: 'table-rows' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Row' }), data.columns.map((c) => h('th', { scope: 'col', text: c })))),
        h('tbody', {}, data.rows.map((row) => h('tr', {},
            h('td', {}, citationLinks(row.citation, String(row.row))),
            row.values.map((value) => valueCell(value))))));
    show(target, nav, h('div', { class: 'scroll' }, grid));
}
