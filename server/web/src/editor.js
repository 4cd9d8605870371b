import { closeCompletion } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { SQLite, sql } from '@codemirror/lang-sql';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';

/**
 * A code editor with syntax highlighting for SQL (SQLite's dialect, the given tables and columns completed) or JSON,
 * switching by what the text looks like; Ctrl+Enter or Cmd+Enter runs; long lines wrap.
 * @param {HTMLElement} parent where it goes
 * @param {object} options text, label, run (called on Ctrl/Cmd+Enter), schema ({table: [columns]}), sqlOnly
 */
export function editor(parent, { text = '', label, run, schema = {}, sqlOnly = false }) {
    const language = new Compartment();
    const sqlLanguage = sql({ dialect: SQLite, schema, upperCaseKeywords: true });
    const pick = (doc) => (!sqlOnly && doc.trimStart().startsWith('{') ? json() : sqlLanguage);
    const view = new EditorView({
        parent,
        state: EditorState.create({
            doc: text,
            extensions: [
                basicSetup,
                language.of(pick(text)),
                Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => { run(); return true; } }])),
                // Long lines wrap, so that a plan's long statement is read without scrolling sideways.
                EditorView.lineWrapping,
                EditorView.updateListener.of((update) => {
                    if (update.docChanged) {
                        const wanted = pick(update.state.doc.toString());
                        if (language.get(update.state) !== wanted) {
                            view.dispatch({ effects: language.reconfigure(wanted) });
                        }
                    }
                }),
                EditorView.contentAttributes.of({ 'aria-label': label ?? 'Editor' }),
            ],
        }),
    });
    return {
        text: () => view.state.doc.toString(),
        set: (value) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } }),
        focus: () => view.focus(),
        // A run closes the completion list, which stayed open over the results.
        closeCompletion: () => closeCompletion(view),
    };
}
