import * as api from '../api.js';
import { errorBox, h, show } from '../dom.js';

const TOP = 12;
const AROUND = 15;

function letters(column) {
    let n = column + 1;
    let text = '';
    while (n > 0) {
        const rest = (n - 1) % 26;
        text = String.fromCharCode(65 + rest) + text;
        n = Math.floor((n - 1) / 26);
    }
    return text;
}

function columnIndex(text) {
    let n = 0;
    for (const ch of text.toUpperCase()) {
        n = n * 26 + (ch.charCodeAt(0) - 64);
    }
    return n - 1;
}

/** Merges row ranges that touch into a sorted list of [first, last]. */
function normalize(ranges) {
    const sorted = ranges.filter(([a, b]) => b >= a).sort((x, y) => x[0] - y[0]);
    const out = [];
    for (const [a, b] of sorted) {
        const lastRange = out[out.length - 1];
        if (lastRange && a <= lastRange[1] + 1) {
            lastRange[1] = Math.max(lastRange[1], b);
        } else {
            out.push([a, b]);
        }
    }
    return out;
}

/**
 * The file as uploaded: one sheet as the person sees it in Excel (titles, merged headers and all), around the rows a
 * citation names, with those rows highlighted.
 */
export async function renderSource(ctx) {
    const { root, ws, rest, params } = ctx;
    const [file, sheetText] = rest;
    const sheet = Number(sheetText);
    const row = params.get('row') ? Number(params.get('row')) : null;
    const column = params.get('col') ? columnIndex(params.get('col')) : null;
    let ranges = row
        ? normalize([[1, Math.min(TOP, row)], [Math.max(1, row - AROUND), row + AROUND]])
        : [[1, 60]];
    const body = h('div', { class: 'source-body' });
    show(root, body);
    const load = async (focus) => {
        const query = ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(',');
        const started = performance.now();
        let cells;
        try {
            cells = await api.get(api.ws(ws, `/files/${encodeURIComponent(file)}/sheets/${sheet}/cells?rows=${query}`));
        } catch (error) {
            show(body, errorBox(error));
            return;
        }
        draw(body, cells, ranges, row, column, performance.now() - started, {
            earlier: () => {
                const first = ranges[ranges.length - 1][0];
                ranges = normalize([...ranges, [Math.max(1, first - 30), first]]);
                load(false);
            },
            later: () => {
                const last = ranges[ranges.length - 1][1];
                ranges = normalize([...ranges, [last, last + 30]]);
                load(false);
            },
        }, ws, focus);
    };
    await load(true);
}

function draw(body, cells, ranges, cited, citedColumn, took, more, ws, focus) {
    const columns = Math.max(cells.columns, 1);
    const byRow = new Map(cells.rows.map((r) => [r.row, new Map(r.cells.map((c) => [c.column, c]))]));
    const visible = new Set();
    for (const [a, b] of ranges) {
        for (let r = a; r <= b; r++) {
            visible.add(r);
        }
    }
    const covered = new Set();
    const spans = new Map();
    for (const merge of cells.merges) {
        const [from, to] = merge.split(':');
        const m1 = /^([A-Z]+)(\d+)$/.exec(from);
        const m2 = /^([A-Z]+)(\d+)$/.exec(to);
        if (!m1 || !m2) {
            continue;
        }
        const r1 = Number(m1[2]);
        const r2 = Number(m2[2]);
        const c1 = columnIndex(m1[1]);
        const c2 = Math.min(columnIndex(m2[1]), columns - 1);
        let allShown = true;
        for (let r = r1; r <= r2; r++) {
            allShown &&= visible.has(r);
        }
        if (!allShown || c1 >= columns) {
            continue;
        }
        spans.set(`${r1}:${c1}`, { rows: r2 - r1 + 1, cols: c2 - c1 + 1 });
        for (let r = r1; r <= r2; r++) {
            for (let c = c1; c <= c2; c++) {
                if (r !== r1 || c !== c1) {
                    covered.add(`${r}:${c}`);
                }
            }
        }
    }
    const bodyRows = [];
    ranges.forEach(([a, b], index) => {
        if (index > 0) {
            bodyRows.push(h('tr', { class: 'gap' }, h('td', { colspan: columns + 1, text: `⋮ rows ${ranges[index - 1][1] + 1}–${a - 1} not shown` })));
        }
        for (let r = a; r <= b; r++) {
            const values = byRow.get(r) ?? new Map();
            const tds = [];
            for (let c = 0; c < columns; c++) {
                if (covered.has(`${r}:${c}`)) {
                    continue;
                }
                const cell = values.get(c);
                const span = spans.get(`${r}:${c}`);
                tds.push(h('td', {
                    class: [cell ? `kind-${cell.kind}` : '', r === cited && c === citedColumn ? 'cited-cell' : ''].join(' ').trim() || null,
                    rowspan: span && span.rows > 1 ? span.rows : null,
                    colspan: span && span.cols > 1 ? span.cols : null,
                    'data-address': `${letters(c)}${r}`,
                    title: cell && cell.value != null ? cell.value : null,
                    text: cell ? cell.text : '',
                }));
            }
            bodyRows.push(h('tr', { class: r === cited ? 'cited' : null, 'data-row': r, 'aria-current': r === cited ? 'true' : null },
                h('th', { scope: 'row', text: String(r) }), tds));
        }
    });
    const download = h('button', { type: 'button', text: 'Download the original file' });
    download.addEventListener('click', async () => {
        const response = await fetch(api.ws(ws, `/files/${encodeURIComponent(cells.file)}/content`), {
            headers: api.key() ? { Authorization: `Bearer ${api.key()}` } : {},
        });
        if (response.ok) {
            api.save(await response.blob(), cells.fileName);
        }
    });
    const table = h('table', { class: 'sheet', id: 'source-sheet', 'data-ms': took.toFixed(1) },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'corner' }),
            Array.from({ length: columns }, (_, c) => h('th', { scope: 'col', text: letters(c) })))),
        h('tbody', {}, bodyRows));
    show(body,
        h('h1', {}, cells.file, ' ', cells.fileName, ' › ', `sheet ${cells.sheet} `, h('q', { text: cells.sheetName })),
        h('p', { class: 'muted' },
            cited ? `Row ${cited} as it is in the file uploaded, highlighted; ` : 'The top of the sheet as it is in the file uploaded; ',
            'titles, headers and notes included.', cells.cutColumns ? ' Columns after the 200th are not shown.' : ''),
        h('div', { class: 'toolbar' },
            h('button', { type: 'button', text: 'Earlier rows', on: { click: more.earlier } }),
            h('button', { type: 'button', text: 'Later rows', on: { click: more.later } }),
            download),
        h('div', { class: 'scroll sheet-scroll' }, table));
    if (focus && cited) {
        table.querySelector('tr.cited')?.scrollIntoView({ block: 'center' });
    }
}
