// Builds the web app into dist/: one JS bundle and one CSS file with content-hashed names, the piece and
// board images that chessground's CSS embeds as data: URLs written out as hashed files (so a strict
// Content-Security-Policy without `img-src data:` still shows them), index.html pointing at them, and a
// .gz copy of every text file for servers that send precompressed files. Fails on any esbuild warning.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';
import { writeRulesPages } from './rules/render.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const assets = join(dist, 'assets');

const hash = data => createHash('sha256').update(data).digest('hex').slice(0, 10);

const result = await esbuild.build({
  entryPoints: { app: join(here, 'src/main.ts'), style: join(here, 'src/style.css') },
  bundle: true,
  minify: true,
  sourcemap: false,
  format: 'esm',
  target: ['chrome100', 'firefox100', 'safari15'],
  write: false,
  outdir: assets,
  logLevel: 'silent',
  legalComments: 'none',
});
const problems = [...result.errors, ...result.warnings];
if (problems.length > 0) {
  const text = await esbuild.formatMessages(problems, { kind: 'warning', color: false });
  process.stderr.write(text.join('\n'));
  process.exit(1);
}

rmSync(dist, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });

const written = {};
for (const file of result.outputFiles) {
  const isCss = file.path.endsWith('.css');
  let text = file.text;
  if (isCss) {
    // data:image/svg+xml;base64,... -> assets/img-HASH.svg
    text = text.replace(/url\((['"]?)data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)\1\)/g, (_m, _q, b64) => {
      const svg = Buffer.from(b64, 'base64');
      const name = `img-${hash(svg)}.svg`;
      writeFileSync(join(assets, name), svg);
      return `url(${name})`;
    });
  }
  const name = `app-${hash(text)}.${isCss ? 'css' : 'js'}`;
  writeFileSync(join(assets, name), text);
  written[isCss ? 'css' : 'js'] = `/assets/${name}`;
}

const template = readFileSync(join(here, 'src/index.html'), 'utf8');
const html = template.replace('%CSS%', written.css).replace('%JS%', written.js);
writeFileSync(join(dist, 'index.html'), html);
writeRulesPages(here, dist, written.css);

// Precompressed copies of the text files.
let count = 0;
const walk = dir => {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(js|css|html|svg|json)$/.test(entry)) {
      writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: constants.Z_BEST_COMPRESSION }));
      count++;
    }
  }
};
walk(dist);
console.log(`web: built ${written.js}, ${written.css} and ${count} gzipped files in dist/`);
