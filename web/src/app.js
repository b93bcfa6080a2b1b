// The page's three parts, each built the first time its tab is opened.
import { getJson } from './api.js';
import { comparePage } from './compare.js';
import { playPage } from './play.js';
import { watchPage } from './watch.js';

const PAGES = { watch: watchPage, compare: comparePage, play: playPage };
const built = new Set();
let games = [];

function show() {
  const name = PAGES[location.hash.slice(1)] ? location.hash.slice(1) : 'watch';
  for (const key of Object.keys(PAGES)) {
    document.getElementById(`page-${key}`).hidden = key !== name;
    document.getElementById(`tab-${key}`).classList.toggle('active', key === name);
  }
  if (!built.has(name)) {
    built.add(name);
    PAGES[name](document.getElementById(`page-${name}`), games);
  }
  document.body.dataset.page = name;
}

try {
  games = (await getJson('/api/games')).games;
  window.addEventListener('hashchange', show);
  show();
} catch (e) {
  document.getElementById('load-error').textContent = `Cannot reach the engine: ${e.message}`;
}
