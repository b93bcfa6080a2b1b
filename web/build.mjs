// Copies the page (src/) and the files it uses from node_modules into the
// folder given, which `ply serve` serves: node build.mjs OUT_DIR
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2];
if (!out) {
  console.error('usage: node build.mjs OUT_DIR');
  process.exit(2);
}
const vendor = {
  'chessground.js': 'node_modules/chessground/dist/chessground.min.js',
  'chessground.base.css': 'node_modules/chessground/assets/chessground.base.css',
  'chessground.brown.css': 'node_modules/chessground/assets/chessground.brown.css',
  'chessground.cburnett.css': 'node_modules/chessground/assets/chessground.cburnett.css',
};
// Built afresh into a temporary folder, then moved: no half-written page.
const staging = `${out}.tmp`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(join(staging, 'vendor'), { recursive: true });
cpSync(join(here, 'src'), staging, { recursive: true });
for (const [name, from] of Object.entries(vendor)) cpSync(join(here, from), join(staging, 'vendor', name));
rmSync(out, { recursive: true, force: true });
cpSync(staging, out, { recursive: true });
rmSync(staging, { recursive: true, force: true });
