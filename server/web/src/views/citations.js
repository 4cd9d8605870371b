// Citations as the tools write them: F1S2R5 for a row, F1S2R5-R9,R12 for rows, F1S2 for a sheet, several joined by
// ';', and a last '...+N rows' when a citation leaves rows unshown. A table of an uploaded SQLite database cites rows
// by rowid, which may be 0 or negative: F1S1R-5-R-3,R0.

const ONE = /^F(\d+)S(\d+)((?:R-?\d+(?:-R-?\d+)?)(?:,R-?\d+(?:-R-?\d+)?)*)?$/;
const RANGE = /^R(-?\d+)(?:-R-?\d+)?$/;
const MORE = /^\.\.\.\+[\d,]+ rows?$/;

/**
 * Parses a __src value into its citations, one per sheet or range of rows, and a last `more` entry when the value
 * leaves rows unshown; null for text that is not one.
 */
export function parseCitations(text) {
    if (typeof text !== 'string' || text === '') {
        return null;
    }
    const found = [];
    for (const raw of text.split(';')) {
        const part = raw.trim();
        if (MORE.test(part)) {
            found.push({ text: part, more: true });
            continue;
        }
        const match = ONE.exec(part);
        if (!match) {
            return null;
        }
        const file = `F${match[1]}`;
        const sheet = Number(match[2]);
        if (!match[3]) {
            found.push({ text: part, file, sheet, row: null });
            continue;
        }
        for (const range of match[3].split(',')) {
            const first = Number(RANGE.exec(range)[1]);
            found.push({ text: `${file}S${sheet}${range}`, file, sheet, row: first });
        }
    }
    return found;
}

/** The page's place that shows a sheet, or a row of it, of the file as uploaded. */
export function sourceHash(file, sheet, row, column) {
    const params = new URLSearchParams();
    if (row !== null && row !== undefined) {
        params.set('row', row);
    }
    if (column) {
        params.set('col', column);
    }
    const query = params.toString();
    return `#/source/${file}/${sheet}${query ? `?${query}` : ''}`;
}
