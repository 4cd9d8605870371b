import * as api from '../api.js';
import { count, empty, errorBox, h, show } from '../dom.js';
import { sourceHash } from './citations.js';

/** The other table of a join, seen from one of its two. */
function partnerOf(join, name) {
    return join.table.toLowerCase() === name.toLowerCase() ? join.keyTable : join.table;
}

/** Search: search-tables, with the terms each table matched and where, and the join partners that follow a table. */
export async function renderSearch(ctx) {
    const { root, ws, params } = ctx;
    const box = h('input', { type: 'search', id: 'search-input', name: 'q', value: params.get('q') ?? '',
        placeholder: 'a question or keywords, in any language', 'aria-label': 'Search the tables', autocomplete: 'off' });
    const form = h('form', { class: 'search', role: 'search' }, box, h('button', { type: 'submit', text: 'Search' }));
    const results = h('div', { class: 'search-results', 'aria-live': 'polite' });
    form.addEventListener('submit', (event) => {
        event.preventDefault();
        ctx.go(`#/search?q=${encodeURIComponent(box.value)}`);
    });
    show(root, h('h1', { text: 'Search' }), form, results);
    box.focus();
    const query = params.get('q');
    if (!query) {
        show(results, empty('Search finds the tables that answer a question: their names, columns, values and descriptions.'));
        return;
    }
    try {
        const answer = await api.post(api.ws(ws, '/search-tables'), { query, topK: 20 });
        if (answer.tables.length === 0) {
            show(results, empty('No table matches. Try other words, or ', h('a', { href: '#/tables', text: 'list the tables' }), '.'));
            return;
        }
        const unread = answer.unreadMeanings > 0
            ? h('p', { class: 'muted', text: `${count(answer.unreadMeanings)} tables not yet read for meaning, found by their words only until then.` })
            : null;
        show(results, unread, h('ol', { class: 'hits', id: 'search-hits' }, answer.tables.map((hit) => h('li', {},
            h('a', { class: 'hit-name', href: `#/tables/${encodeURIComponent(hit.name)}`, text: hit.name }), ' ',
            h('a', { class: 'cite', href: sourceHash(hit.file, hit.sheet), text: `${hit.file}S${hit.sheet}` }),
            ` ${hit.fileName} / ${hit.sheetName}, ${count(hit.rowCount)} rows`,
            (hit.layoutWarnings ?? []).length ? h('span', { class: 'badge warning', text: 'layout uncertain' }) : null,
            (hit.joins ?? []).map((join) => h('div', { class: 'why joins' }, 'joins ',
                h('a', { href: `#/tables/${encodeURIComponent(partnerOf(join, hit.name))}`, text: partnerOf(join, hit.name) }),
                ` on ${join.table}.${join.column} = ${join.keyTable}.${join.keyColumn}`,
                join.kind === 'INFERRED' ? h('span', { class: 'muted', text: ' (inferred from names and values)' }) : null)),
            (hit.matched ?? []).length ? h('div', { class: 'why' }, 'matched ', hit.matched.map((m, i) => [
                i > 0 ? ', ' : null, h('mark', { text: m.term }), ` in ${m.fields.join(' and ')}`])) : null,
            hit.similarTo ? h('div', { class: 'why meaning', text: `similar in meaning to: ${hit.similarTo}` }) : null,
            hit.sameLayout > 0 ? h('div', { class: 'why', text: `same columns as ${hit.sameLayout} other table${hit.sameLayout === 1 ? '' : 's'}: its file, sheet and values tell it apart` }) : null,
            h('div', { class: 'columns muted', text: hit.columns.join(', ') })))));
    } catch (error) {
        show(results, errorBox(error));
    }
}
