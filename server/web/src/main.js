import * as api from './api.js';
import { empty, errorBox, h, show } from './dom.js';
import { renderDuckDb } from './views/duckdb.js';
import { renderFiles } from './views/files.js';
import { renderPlans } from './views/plans.js';
import { renderSearch } from './views/search.js';
import { renderSource } from './views/source.js';
import { renderTable, renderTables } from './views/tables.js';

const WORKSPACE = 'tq.workspace';
const view = document.getElementById('view');
const workspaceSelect = document.getElementById('workspace');
const keyButton = document.getElementById('key-button');

/** The page's place: its section, the rest of the path, and the query parameters. */
export function place() {
    const hash = location.hash.replace(/^#\/?/, '');
    const [path, query] = hash.split('?');
    const parts = path.split('/').filter((part) => part !== '').map(decodeURIComponent);
    return { section: parts[0] || 'files', rest: parts.slice(1), params: new URLSearchParams(query ?? '') };
}

/** Goes to a place of the page. */
export function go(hash) {
    if (location.hash === hash) {
        route();
    } else {
        location.hash = hash;
    }
}

function workspace() {
    return workspaceSelect.value;
}

const sections = {
    files: (ctx) => renderFiles(ctx),
    tables: (ctx) => (ctx.rest.length ? renderTable(ctx) : renderTables(ctx)),
    search: (ctx) => renderSearch(ctx),
    plans: (ctx) => renderPlans(ctx),
    duckdb: (ctx) => renderDuckDb(ctx),
    source: (ctx) => renderSource(ctx),
};

let generation = 0;
let engines = ['sqlite', 'duckdb'];

async function route() {
    const { section, rest, params } = place();
    for (const link of document.querySelectorAll('nav a')) {
        link.toggleAttribute('aria-current', link.dataset.section === section);
    }
    const render = sections[section];
    const mine = ++generation;
    if (!workspace()) {
        show(view, empty('This server serves no workspace yet.'));
        return;
    }
    if (!render) {
        show(view, empty('There is nothing here. ', h('a', { href: '#/files', text: 'Go to the files' }), '.'));
        return;
    }
    const root = h('section', { class: `section-${section}` });
    show(view, root);
    try {
        await render({ root, ws: workspace(), rest, params, go, engines, current: () => mine === generation });
        // When a section's content is in place: what "interactive" means for the page's measurements.
        performance.mark('tq:view-ready');
    } catch (error) {
        if (mine === generation) {
            show(root, errorBox(error));
        }
    }
}

function askForKey(reason) {
    const dialog = document.getElementById('key-dialog');
    const input = document.getElementById('key-input');
    dialog.returnValue = '';
    document.getElementById('key-cancel').onclick = () => dialog.close('cancel');
    document.getElementById('key-reason').textContent = reason ?? '';
    input.value = '';
    dialog.showModal();
    return new Promise((resolve) => {
        dialog.addEventListener(
            'close',
            () => {
                if (dialog.returnValue === 'ok' && input.value.trim() !== '') {
                    api.setKey(input.value.trim());
                    keyButton.hidden = false;
                    resolve(true);
                } else {
                    resolve(false);
                }
            },
            { once: true });
    });
}

async function boot() {
    api.onKeyNeeded(askForKey);
    keyButton.addEventListener('click', async () => {
        api.setKey(null);
        if (await askForKey('Type the key to use from now on.')) {
            await loadSession();
            route();
        }
    });
    workspaceSelect.addEventListener('change', () => {
        sessionStorage.setItem(WORKSPACE, workspace());
        route();
    });
    window.addEventListener('hashchange', route);
    try {
        await loadSession();
    } catch (error) {
        show(view, errorBox(error));
        return;
    }
    route();
}

async function loadSession() {
    const session = await api.get('/v1/session');
    keyButton.hidden = !session.keys;
    engines = session.engines ?? engines;
    const wanted = place().params.get('ws')
        ?? new URLSearchParams(location.search).get('ws')
        ?? sessionStorage.getItem(WORKSPACE);
    workspaceSelect.replaceChildren(
        ...session.workspaces.map((name) => h('option', { value: name, text: name })));
    if (wanted && session.workspaces.includes(wanted)) {
        workspaceSelect.value = wanted;
        sessionStorage.setItem(WORKSPACE, wanted);
    } else if (session.workspaces.includes('default')) {
        workspaceSelect.value = 'default';
    }
    workspaceSelect.disabled = session.workspaces.length < 2;
}

boot();
