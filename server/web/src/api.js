// Calls the HTTP API. A server that asks for keys gets the key the person typed, kept in this tab's session storage
// and sent as a bearer token; a 401 asks for one and tries again.

const KEY = 'tq.key';

export class ApiError extends Error {
    constructor(status, code, message, details) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = details ?? {};
    }
}

let askForKey = async () => false;

/** Sets how the page asks for a key; the function resolves true when the person gave one. */
export function onKeyNeeded(ask) {
    askForKey = ask;
}

export function key() {
    return sessionStorage.getItem(KEY);
}

export function setKey(value) {
    if (value) {
        sessionStorage.setItem(KEY, value);
    } else {
        sessionStorage.removeItem(KEY);
    }
}

function headers(extra = {}) {
    const all = { ...extra };
    const stored = key();
    if (stored) {
        all.Authorization = `Bearer ${stored}`;
    }
    return all;
}

async function failure(response) {
    let body = null;
    try {
        body = await response.json();
    } catch {
        // Not JSON: a proxy's page, or nothing.
    }
    return new ApiError(
        response.status,
        body?.code ?? `HTTP_${response.status}`,
        body?.message ?? body?.error ?? response.statusText,
        body?.details);
}

async function send(method, path, body, accept = 'application/json') {
    const init = { method, headers: headers(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
    if (body !== undefined) {
        init.body = JSON.stringify(body);
    }
    init.headers.Accept = accept;
    const response = await fetch(path, init);
    if (response.status === 401) {
        // A missing, wrong or revoked key: ask until the person gives one that works or cancels.
        const error = await failure(response);
        setKey(null);
        if (await askForKey(error.message)) {
            return send(method, path, body, accept);
        }
        throw error;
    }
    if (!response.ok) {
        throw await failure(response);
    }
    return response;
}

export async function get(path) {
    return (await send('GET', path)).json();
}

export async function post(path, body) {
    return (await send('POST', path, body)).json();
}

export async function del(path) {
    return (await send('DELETE', path)).json();
}

/** Posts and returns the answer's bytes as a Blob, with the response for its headers. */
export async function postForBlob(path, body, accept) {
    const response = await send('POST', path, body, accept);
    return { blob: await response.blob(), response };
}

/** Saves a Blob as a file the browser downloads. */
export function save(blob, fileName) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Uploads a file as multipart field 'file', reporting the bytes sent; resolves with the API's answer.
 * @param {string} path the files route
 * @param {File} file the file
 * @param {string} name the name to store it under (a file of that name is replaced)
 * @param {(sent: number, total: number) => void} progress hears the upload's progress
 */
export function upload(path, file, name, progress) {
    return new Promise((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open('POST', path);
        for (const [header, value] of Object.entries(headers({ Accept: 'application/json' }))) {
            request.setRequestHeader(header, value);
        }
        request.upload.addEventListener('progress', (event) => progress(event.loaded, event.total));
        request.addEventListener('load', async () => {
            let body = null;
            try {
                body = JSON.parse(request.responseText);
            } catch {
                // Not JSON.
            }
            if (request.status >= 200 && request.status < 300) {
                resolve(body);
                return;
            }
            const error = new ApiError(
                request.status, body?.code ?? `HTTP_${request.status}`, body?.message ?? request.statusText, body?.details);
            if (request.status === 401) {
                setKey(null);
                if (await askForKey(error.message)) {
                    upload(path, file, name, progress).then(resolve, reject);
                    return;
                }
            }
            reject(error);
        });
        request.addEventListener('error', () => reject(new ApiError(0, 'NETWORK', 'the upload could not reach the server')));
        const form = new FormData();
        form.append('file', file, name);
        request.send(form);
    });
}

/** The path of a workspace's route. */
export function ws(workspace, rest) {
    return `/v1/workspaces/${encodeURIComponent(workspace)}${rest}`;
}
