import { h } from '../dom.js';
import { parseCitations, sourceHash } from './citations.js';

/**
 * A number as Excel shows it: at most 15 significant digits, so 197061.53999999998 reads 197061.54 and
 * 0.08999999999999986 reads 0.09.
 */
export function shownNumber(value) {
    return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : String(value);
}

/**
 * A table cell for a value: numbers right-aligned as Excel shows them, with their exact text on hover when it
 * differs; NULL shown as such; everything else as text.
 */
export function valueCell(value) {
    if (value === null || value === undefined) {
        return h('td', { class: 'null', text: 'NULL' });
    }
    if (typeof value === 'number') {
        const shown = shownNumber(value);
        return h('td', { class: 'number', text: shown, title: shown === String(value) ? undefined : String(value) });
    }
    if (typeof value === 'object') {
        return h('td', { text: JSON.stringify(value) });
    }
    return h('td', { text: String(value) });
}

/** Links for a __src value: each citation opens the cited sheet of the file as uploaded, at the row. */
export function citationLinks(text, label) {
    const citations = parseCitations(text);
    if (!citations) {
        return h('span', { text: text ?? '' });
    }
    return h('span', { class: 'citations' }, citations.map((c, i) => [
        i > 0 ? '; ' : null,
        c.more ? h('span', { class: 'more', text: c.text }) : h('a', {
            class: 'cite',
            href: sourceHash(c.file, c.sheet, c.row),
            title: c.row ? `Row ${c.row} of sheet ${c.sheet} of ${c.file}, as uploaded` : `Sheet ${c.sheet} of ${c.file}, as uploaded`,
            text: label && citations.length === 1 ? label : c.text,
        }),
    ]));
}

/**
 * A grid of a result: a header of its columns and its rows, with a __src column's citations as links.
 * @param {string[]} columns the column names
 * @param {Array<Array<*>>} rows the rows, as arrays in column order
 * @param {string} id the grid's id
 */
export function resultGrid(columns, rows, id) {
    const src = columns.indexOf('__src');
    return h('div', { class: 'scroll' }, h('table', { class: 'grid result', id },
        h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col', text: c })))),
        h('tbody', {}, rows.map((row) => h('tr', {}, row.map((value, i) => i === src
            ? h('td', { class: 'src' }, citationLinks(value))
            : valueCell(value)))))));
}
