// Citations as the tools write them: F1S2R5 for a row, F1S2 for a sheet, several joined by ';'.

const ONE = /^F(\d+)S(\d+)(?:R(\d+))?$/;

/** Parses a __src value into its citations; null for text that is not one. */
export function parseCitations(text) {
    if (typeof text !== 'string' || text === '') {
        return null;
    }
    const found = [];
    for (const part of text.split(';')) {
        const match = ONE.exec(part.trim());
        if (!match) {
            return null;
        }
        found.push({ text: part.trim(), file: `F${match[1]}`, sheet: Number(match[2]), row: match[3] ? Number(match[3]) : null });
    }
    return found;
}

/** The page's place that shows a sheet, or a row of it, of the file as uploaded. */
export function sourceHash(file, sheet, row, column) {
    const params = new URLSearchParams();
    if (row) {
        params.set('row', row);
    }
    if (column) {
        params.set('col', column);
    }
    const query = params.toString();
    return `#/source/${file}/${sheet}${query ? `?${query}` : ''}`;
}
