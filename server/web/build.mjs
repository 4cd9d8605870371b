// Builds the page into the directory given as the first argument (the server's classes/web when Maven runs it):
// one bundled, minified script and one stylesheet, both named by a hash of their content so the server can let
// browsers keep them for good, and index.html naming them.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const out = process.argv[2];
if (!out) {
    console.error('usage: node build.mjs OUTPUT_DIRECTORY');
    process.exit(2);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// The editor and the charts load when a section needs them, so the first page is small.
const result = await esbuild.build({
    entryPoints: ['src/main.js'],
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    target: ['chrome110', 'firefox110', 'safari16'],
    legalComments: 'none',
    outdir: out,
    entryNames: 'app-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    logLevel: 'warning',
});
const outputs = result.metafile.outputs;
const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'src/main.js');
const scriptName = basename(entry);
const css = readFileSync('src/app.css');
const cssName = `app-${createHash('sha256').update(css).digest('hex').slice(0, 12)}.css`;
writeFileSync(join(out, cssName), css);
const page = readFileSync('src/index.html', 'utf8')
    .replace('{{script}}', `/assets/${scriptName}`)
    .replace('{{style}}', `/assets/${cssName}`);
writeFileSync(join(out, 'index.html'), page);
const sizes = Object.entries(outputs).map(([file, info]) => `${basename(file)} ${info.bytes}`).join(', ');
console.log(`page built: ${sizes}, ${cssName} ${css.length}`);
