import { h } from '../dom.js';
import { parseCitations, sourceHash } from './citations.js';

/** A table cell for a value: numbers right-aligned, NULL shown as such, everything as text. */
export function valueCell(value) {
    if (value === null || value === undefined) {
        return h('td', { class: 'null', text: 'NULL' });
    }
    if (typeof value === 'number') {
        return h('td', { class: 'number', text: String(value) });
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
