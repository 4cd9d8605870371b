import * as api from '../api.js';
import { bytes, count, empty, errorBox, h, show } from '../dom.js';
import { sourceHash } from './citations.js';

/** Files: drop or choose a file to upload, the files with their tables, a file's ingest report, replace, delete. */
export async function renderFiles(ctx) {
    const { root, ws } = ctx;
    const status = h('div', { class: 'upload-status', 'aria-live': 'polite' });
    const input = h('input', { type: 'file', id: 'upload-input', class: 'visually-hidden',
        accept: '.xlsx,.xlsm,.xlsb,.xls,.ods,.csv,.tsv,.txt,.sqlite,.sqlite3,.db' });
    const drop = h('div', { class: 'drop-zone', id: 'drop-zone' },
        h('label', { for: 'upload-input' },
            h('strong', { text: 'Drop a file here' }), ' or ', h('span', { class: 'link', text: 'choose one' })),
        h('p', { class: 'hint', text: 'Excel (.xlsx, .xlsm, .xlsb, .xls), OpenDocument (.ods), CSV or TSV, SQLite. A file with the name of one here replaces it; its citations stay valid.' }),
        input);
    const list = h('div', { class: 'file-list' });
    const report = h('div', { class: 'report', id: 'report' });
    show(root, h('h1', { text: 'Files' }), drop, status, list, report);

    const refresh = async () => {
        const [{ files }, { tables }] = await Promise.all([api.get(api.ws(ws, '/files')), api.get(api.ws(ws, '/tables'))]);
        renderList(list, files, tables, ws, ctx, refresh, status);
        const open = ctx.rest[0];
        if (open) {
            await renderReport(report, ws, open);
        }
    };
    const start = (file, name) => uploadFile(ws, file, name ?? file.name, status, refresh);
    input.addEventListener('change', () => {
        if (input.files.length > 0) {
            start(input.files[0]);
            input.value = '';
        }
    });
    drop.addEventListener('dragover', (event) => {
        event.preventDefault();
        drop.classList.add('dragging');
    });
    drop.addEventListener('dragleave', () => drop.classList.remove('dragging'));
    drop.addEventListener('drop', (event) => {
        event.preventDefault();
        drop.classList.remove('dragging');
        const file = event.dataTransfer?.files?.[0];
        if (file) {
            start(file);
        }
    });
    await refresh();
}

async function uploadFile(ws, file, name, status, refresh) {
    const bar = h('progress', { max: 100, value: 0, 'aria-label': `Uploading ${name}` });
    const label = h('span', { text: `Uploading ${name}…` });
    show(status, label, ' ', bar);
    try {
        const answer = await api.upload(api.ws(ws, '/files'), file, name, (sent, total) => {
            if (total > 0) {
                bar.value = Math.round((sent / total) * 100);
            }
            if (sent >= total) {
                label.textContent = `Reading ${name} into tables…`;
                bar.removeAttribute('value');
            }
        });
        const tables = answer.tables ?? [];
        show(status, h('div', { class: 'notice', role: 'status' },
            `${answer.file.file} ${answer.file.name}: ${tables.length} table${tables.length === 1 ? '' : 's'}`,
            answer.replaced ? ` (replaces ${answer.replaced})` : '',
            answer.coercedCells ? `, ${count(answer.coercedCells)} cells converted` : '',
            '. ',
            h('a', { href: `#/files/${answer.file.file}`, text: 'See the ingest report' }),
            (answer.warnings ?? []).length ? h('ul', {}, answer.warnings.map((w) => h('li', { text: w }))) : null));
        await refresh();
    } catch (error) {
        show(status, errorBox(error));
    }
}

function renderList(list, files, tables, ws, ctx, refresh, status) {
    if (files.length === 0) {
        show(list, empty('No files yet: upload a workbook, a CSV file or a SQLite database to make tables of it.'));
        return;
    }
    const byFile = new Map();
    for (const table of tables) {
        const key = table.file;
        byFile.set(key, [...(byFile.get(key) ?? []), table]);
    }
    const rows = files.map((file) => {
        const replace = h('input', { type: 'file', class: 'visually-hidden', id: `replace-${file.file}` });
        replace.addEventListener('change', () => {
            if (replace.files.length > 0) {
                uploadFile(ws, replace.files[0], file.name, status, refresh);
                replace.value = '';
            }
        });
        const remove = h('button', { type: 'button', class: 'danger', text: 'Delete' });
        remove.addEventListener('click', async () => {
            if (!confirm(`Delete ${file.file} ${file.name} and its tables?`)) {
                return;
            }
            try {
                await api.del(api.ws(ws, `/files/${file.file}`));
                await refresh();
            } catch (error) {
                show(status, errorBox(error));
            }
        });
        const made = byFile.get(file.file) ?? [];
        return h('tr', {},
            h('td', { class: 'ref', text: file.file }),
            h('td', {}, h('a', { href: `#/files/${file.file}`, text: file.name, title: 'Ingest report' })),
            h('td', { text: file.format }),
            h('td', { class: 'number', text: bytes(file.sizeBytes) }),
            h('td', { text: new Date(file.uploadedAt).toLocaleString() }),
            h('td', {}, made.length === 0
                ? h('span', { class: 'muted', text: 'none' })
                : h('ul', { class: 'inline' }, made.map((table) => h('li', {},
                    h('a', { href: `#/tables/${encodeURIComponent(table.name)}`, text: table.name }),
                    ' ', h('a', { class: 'cite', href: sourceHash(table.file, table.sheet), text: `${table.file}S${table.sheet}` }),
                    duckDbNote(table.duckdb))))),
            h('td', { class: 'actions' },
                h('label', { for: `replace-${file.file}`, class: 'button', text: 'Replace' }), replace, ' ', remove));
    });
    if (tables.some((table) => table.duckdb === 'pending')) {
        // A table answers once its SQLite copy commits; its DuckDB copy follows within seconds.
        setTimeout(() => {
            if (list.isConnected) {
                refresh();
            }
        }, 2000);
    }
    show(list, h('div', { class: 'scroll' }, h('table', { class: 'grid files' },
        h('thead', {}, h('tr', {}, ['File', 'Name', 'Format', 'Size', 'Uploaded', 'Tables', ''].map((t) => h('th', { scope: 'col', text: t })))),
        h('tbody', {}, rows))));
}

/** Says when a table's DuckDB copy is not ready: being made after its upload, or failed (SQLite answers). */
function duckDbNote(state) {
    if (state === 'pending') {
        return h('span', { class: 'muted', title: 'SQLite answers now; DuckDB and its tools once this is done', text: ' DuckDB copy being made…' });
    }
    if (state === 'failed') {
        return h('span', { class: 'warning', title: 'SQLite answers; the copy is made again when the workspace opens', text: ' DuckDB copy failed' });
    }
    return null;
}

async function renderReport(target, ws, ref) {
    show(target, h('p', { class: 'muted', text: `Loading the ingest report of ${ref}…` }));
    let report;
    try {
        report = await api.get(api.ws(ws, `/files/${encodeURIComponent(ref)}/report`));
    } catch (error) {
        show(target, errorBox(error));
        return;
    }
    const file = ref;
    const sheets = report.sheets.map((sheet) => h('article', { class: 'sheet-report' },
        h('h3', {}, `Sheet ${sheet.sheet}: `, sheet.name, sheet.hidden ? ' (hidden)' : '', ' ',
            h('a', { class: 'cite', href: sourceHash(file, sheet.sheet), text: `${file}S${sheet.sheet}` })),
        h('p', {}, sheet.table
            ? h('span', {}, { totals: 'Total rows in ', long: 'Long form of the crosstab in ' }[sheet.role] ?? 'Table ',
                h('a', { href: `#/tables/${encodeURIComponent(sheet.table)}`, text: sheet.table }),
                `: ${count(sheet.rowCount)} rows`,
                sheet.firstDataRow ? `, rows ${sheet.firstDataRow}-${sheet.lastDataRow}` : '',
                (sheet.headerRows ?? []).length ? `; header in row ${sheet.headerRows.join(', ')}` : '',
                (sheet.titles ?? []).length ? `; title: ${sheet.titles.join(' / ')}` : '')
            : sheet.status),
        sheet.totalsTable ? h('p', {}, `Verified total rows ${(sheet.movedTotalRows ?? []).join(', ')} moved to `,
            h('a', { href: `#/tables/${encodeURIComponent(sheet.totalsTable)}`, text: sheet.totalsTable })) : null,
        (sheet.totalRows ?? []).length ? h('p', { class: 'warning', text: `Rows ${sheet.totalRows.join(', ')} look like totals but do not add up; they stay as data.` }) : null,
        (sheet.layoutWarnings ?? []).length ? h('ul', { class: 'warning' }, sheet.layoutWarnings.map((w) => h('li', { text: `Layout uncertain: ${w}` }))) : null,
        (sheet.notes ?? []).length ? h('ul', { class: 'notes' }, sheet.notes.map((n) => h('li', { text: n }))) : null,
        coercions(sheet, file)));
    show(target,
        h('h2', {}, `Ingest report of ${report.file} `, report.fileName),
        h('p', { class: 'muted' }, report.format, report.encoding ? `, ${report.encoding}` : '',
            report.delimiter ? `, delimiter ${JSON.stringify(report.delimiter)}` : ''),
        (report.notes ?? []).length ? h('ul', { class: 'notes' }, report.notes.map((n) => h('li', { text: n }))) : null,
        sheets);
    // Below the whole list of files: brought into view, or a click on a name seemed to do nothing.
    target.scrollIntoView({ block: 'start' });
}

function coercions(sheet, file) {
    const list = sheet.coercions ?? [];
    if (list.length === 0) {
        return h('p', { class: 'muted', text: 'No cell was converted.' });
    }
    return h('div', { class: 'scroll' }, h('table', { class: 'grid coercions' },
        h('caption', { text: 'Cells converted on the way in' }),
        h('thead', {}, h('tr', {}, ['Column', 'What changed', 'Cells', 'Examples'].map((t) => h('th', { scope: 'col', text: t })))),
        h('tbody', {}, list.map((c) => h('tr', {},
            h('td', { text: c.column }),
            h('td', { text: c.description ?? c.kind }),
            h('td', { class: 'number', text: count(c.count) }),
            h('td', {}, h('ul', { class: 'examples' }, (c.examples ?? []).map((e) => h('li', {},
                cellLink(file, sheet.sheet, e.cell), ': ', h('code', { text: e.original ?? '' }), ' → ', h('code', { text: e.stored ?? 'NULL' }))))))))));
}

function cellLink(file, sheet, cell) {
    const match = /^([A-Z]+)(\d+)$/.exec(cell ?? '');
    if (!match) {
        return h('span', { text: cell ?? '' });
    }
    return h('a', { class: 'cite', href: sourceHash(file, sheet, match[2], match[1]), text: cell });
}
