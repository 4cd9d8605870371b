// Builds elements from untrusted values safely: text goes in as text nodes, attributes through setAttribute, and
// nothing is ever parsed as HTML. Cell values, file names, sheet names and error messages all come through here.

const SAFE_URL = /^(#|\/(?!\/)|blob:)/;

/**
 * Makes an element.
 * @param {string} tag the tag name
 * @param {object} [props] class, text, attributes by name, on: {event: handler}; href only to this page or a blob
 * @param {...(Node|string|number|null|false|Array)} children text or nodes; null and false are skipped
 */
export function h(tag, props = {}, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(props ?? {})) {
        if (value === null || value === undefined || value === false) {
            continue;
        }
        if (name === 'class') {
            element.className = value;
        } else if (name === 'text') {
            element.textContent = String(value);
        } else if (name === 'on') {
            for (const [event, handler] of Object.entries(value)) {
                element.addEventListener(event, handler);
            }
        } else if (name === 'href') {
            element.setAttribute('href', SAFE_URL.test(String(value)) ? String(value) : '#');
        } else if (name.startsWith('on')) {
            throw new Error(`event handlers go in 'on', not ${name}`);
        } else if (value === true) {
            element.setAttribute(name, '');
        } else {
            element.setAttribute(name, String(value));
        }
    }
    append(element, children);
    return element;
}

function append(parent, children) {
    for (const child of children) {
        if (child === null || child === undefined || child === false) {
            continue;
        }
        if (Array.isArray(child)) {
            append(parent, child);
        } else if (child instanceof Node) {
            parent.appendChild(child);
        } else {
            parent.appendChild(document.createTextNode(String(child)));
        }
    }
}

/** Replaces an element's children. */
export function show(parent, ...children) {
    parent.replaceChildren();
    append(parent, children);
}

/** A message for an empty place, saying what to do next. */
export function empty(text, ...more) {
    return h('p', { class: 'empty' }, text, ...more);
}

/** An error as the API gave it: its code, its message, and where it applies. */
export function errorBox(error) {
    const code = error?.code ?? 'ERROR';
    return h('div', { class: 'error-box', role: 'alert' }, h('strong', { text: code }), ' ', error?.message ?? String(error));
}

/** Formats a byte count for people. */
export function bytes(count) {
    if (count < 1024) {
        return `${count} B`;
    }
    const units = ['KB', 'MB', 'GB', 'TB'];
    let value = count;
    let unit = -1;
    do {
        value /= 1024;
        unit++;
    } while (value >= 1024 && unit < units.length - 1);
    return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** Formats a whole number with thousands separators. */
export function count(value) {
    return Number(value).toLocaleString('en-US');
}
