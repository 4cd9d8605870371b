import * as api from '../api.js';
import { errorBox, h, show } from '../dom.js';

const KINDS = ['bar', 'line', 'scatter', 'pie', 'histogram'];

function select(id, label, options) {
    const element = h('select', { id }, options.map(([value, text]) => h('option', { value, text })));
    return [h('label', { for: id, text: label }), element];
}

/**
 * A chart of a result with the chart tool: its kinds, x, y and series picked from the result's columns, drawn in the
 * page from the tool's Vega-Lite specification (evaluated without eval, as the page's policy forbids it), and its PNG.
 * It draws at once, as wide as the page: x the first column, y the first numeric column after it (a count of rows
 * when there is none).
 * @param {object} options ws, columns (the result's), query (DuckDB SQL of the result), rows (the result's rows shown,
 *     arrays in the order of columns, when the caller has them), id (a prefix for ids)
 */
export function chartPanel({ ws, columns, query, rows = [], id = 'chart' }) {
    const plain = columns.filter((c) => c !== '__src');
    const [kindLabel, kind] = select(`${id}-kind`, 'Chart', KINDS.map((k) => [k, k]));
    const [xLabel, x] = select(`${id}-x`, 'x', plain.map((c) => [c, c]));
    const [yLabel, y] = select(`${id}-y`, 'y', [['', '(count rows)'], ...plain.map((c) => [c, c])]);
    const [seriesLabel, series] = select(`${id}-series`, 'series', [['', '(none)'], ...plain.map((c) => [c, c])]);
    const numeric = (column) => {
        const values = rows.map((row) => row[columns.indexOf(column)]).filter((v) => v !== null && v !== undefined && v !== '');
        return values.length > 0 && values.every((v) => typeof v === 'number' || (typeof v === 'string' && Number.isFinite(Number(v))));
    };
    const measure = rows.length ? plain.slice(1).find(numeric) : plain[1];
    y.value = measure ?? '';
    const title = h('input', { type: 'text', id: `${id}-title`, placeholder: 'title (optional)', 'aria-label': 'Chart title' });
    const draw = h('button', { type: 'submit', id: `${id}-draw`, text: 'Draw' });
    const png = h('button', { type: 'button', id: `${id}-png`, text: 'Download PNG' });
    const target = h('div', { class: 'chart-target', id: `${id}-target` });
    const args = () => ({
        query,
        kind: kind.value,
        x: x.value,
        ...(y.value ? { y: y.value } : {}),
        ...(series.value ? { series: series.value } : {}),
        ...(title.value.trim() ? { title: title.value.trim() } : {}),
    });
    const form = h('form', { class: 'chart-form' }, kindLabel, kind, xLabel, x, yLabel, y, seriesLabel, series, title, draw, png);
    form.addEventListener('submit', async (event) => {
        event.preventDefault();
        show(target, h('p', { class: 'muted', text: 'Drawing…' }));
        try {
            const answer = await api.post(api.ws(ws, '/tools/chart'), args());
            if (!answer.success) {
                show(target, errorBox({ code: answer.code, message: answer.error }));
                return;
            }
            const place = h('div', { class: 'chart-view' });
            show(target, place);
            const [{ default: embed }, { expressionInterpreter }] = await Promise.all([
                import('vega-embed'),
                import('vega-interpreter'),
            ]);
            // As wide as the page: the tool's specification leaves the width to Vega-Lite's default of a few bands.
            const spec = { ...answer.spec, width: 'container', autosize: { type: 'fit', contains: 'padding' } };
            await embed(place, spec, {
                renderer: 'svg',
                actions: false,
                ast: true,
                expr: expressionInterpreter,
            });
        } catch (error) {
            show(target, errorBox(error));
        }
    });
    png.addEventListener('click', async () => {
        try {
            const { blob } = await api.postForBlob(api.ws(ws, '/tools/chart/png'), args(), 'image/png');
            api.save(blob, 'chart.png');
        } catch (error) {
            show(target, errorBox(error));
        }
    });
    // Drawn at once, once the caller has put the panel in the page (a width of the container needs one).
    setTimeout(() => form.requestSubmit(), 0);
    return h('div', { class: 'chart-panel' }, form, target);
}
