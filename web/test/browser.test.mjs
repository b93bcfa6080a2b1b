// The page in a real browser (Debian's chromium, driven by puppeteer-core):
// alpha-beta stepped through on the teaching texts' trees, every state checked
// against `ply tree --trace --json`; the algorithms compared against `ply
// compare --json`; a game of every playable kind played to its end through
// the board; screenshots taken and checked not to be blank.
//   node --test test/   (PLY=path/to/ply, CHROMIUM=path, SHOTS=folder)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { PLY, startServer, stopServer } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SHOTS = process.env.SHOTS ?? resolve(here, 'screenshots');
let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--window-size=1400,1000'],
  });
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  if (server) {
    const stopped = await stopServer(server);
    assert.equal(stopped.code, 0, `ply serve exited with ${stopped.code} (${stopped.signal}) on Ctrl-C`);
    assert.match(stopped.output, /Stopped\./);
  }
});

async function openPage(tab, on = server) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${on.url}/#${tab}`, { waitUntil: 'networkidle0' });
  // The tab is built once the game list has come: on a loaded machine, after the network fell idle.
  await page.waitForSelector(`body[data-page="${tab}"]`, { timeout: 60000 });
  page.errors = errors;
  return page;
}

// A screenshot, kept, and checked to hold a picture: many colours, not one.
async function screenshot(page, name) {
  const png = await page.screenshot({ fullPage: false });
  writeFileSync(resolve(SHOTS, `${name}.png`), png);
  const colours = await page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, img.width, img.height).data;
    const seen = new Set();
    for (let i = 0; i < px.length; i += 4 * 7) seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
    return seen.size;
  }, Buffer.from(png).toString('base64'));
  assert.ok(colours > 20, `${name}.png looks blank (${colours} colours)`);
}

function plyJson(args) {
  return JSON.parse(execFileSync(PLY, args, { encoding: 'utf8' }));
}

// What each node should show after `step` events, replayed here from the
// command line's trace (independently of the page's own replay).
function expectedStates(trace, step) {
  const out = trace.nodes.map(() => ({ state: 'unvisited', alpha: '', beta: '', value: '' }));
  const prune = (id) => {
    out[id].state = 'pruned';
    trace.nodes[id].children.forEach(prune);
  };
  for (const e of trace.events.slice(0, step)) {
    if (e.kind === 'enter') Object.assign(out[e.node], { state: 'active', alpha: e.alpha, beta: e.beta, value: '' });
    if (e.kind === 'leave') {
      Object.assign(out[e.node], { state: 'done', value: e.value });
      e.pruned.forEach(prune);
    }
  }
  return out;
}

async function shownStates(page) {
  return page.$$eval('#tree g.node', (gs) => gs.map((g) => ({
    id: Number(g.dataset.id), state: g.dataset.state, alpha: g.dataset.alpha, beta: g.dataset.beta,
    value: g.dataset.value })));
}

async function stepThrough(page, exampleIndex, treeText, algo) {
  await page.select('#watch-algo', algo);
  await page.select('#watch-example', String(exampleIndex));
  await page.waitForFunction((t) => document.querySelector('#watch-position').value === t &&
    document.querySelector('#step-label')?.textContent.startsWith('step 0'), {}, treeText);
  const cli = plyJson(['tree', treeText, '--algo', algo, '--trace', '--json']);
  const trace = cli.trace;
  await page.waitForFunction((n) => document.querySelectorAll('#tree g.node').length === n, {}, trace.nodes.length);
  for (let step = 0; step <= trace.events.length; step++) {
    if (step > 0) {
      await page.click('#step-forward');
      await page.waitForFunction((s) => document.querySelector('#step-label').textContent.startsWith(`step ${s} `),
        {}, step);
      assert.equal(await page.$eval('#event-text', (e) => e.textContent), trace.events[step - 1].text,
        `${algo} step ${step}: the narration`);
    }
    const want = expectedStates(trace, step);
    const shown = await shownStates(page);
    for (const s of shown) {
      const w = want[s.id];
      assert.deepEqual({ state: s.state, alpha: s.alpha, beta: s.beta, value: s.value },
        { state: w.state, alpha: w.alpha ?? '', beta: w.beta ?? '', value: w.value ?? '' },
        `${algo} on ${treeText}, step ${step}, node ${s.id}`);
    }
  }
  assert.equal(await page.$eval('#stat-value', (e) => e.textContent), String(cli.score));
  return { cli, shown: await shownStates(page) };
}

const pathOf = (trace, id) => {
  const moves = [];
  for (let n = id; trace.nodes[n].parent >= 0; n = trace.nodes[n].parent) moves.unshift(trace.nodes[n].move);
  return moves.join(' ');
};

test('alpha-beta on the texts\' trees, step by step, as ply tree --trace --json says', async () => {
  const page = await openPage('watch');
  // The lecture's tree: after 3 at the first MIN node, the second is cut after its first leaf.
  const lecture = await stepThrough(page, 1, '((3 12 8) (2 4 6) (14 5 2))', 'alphabeta');
  const pruned = lecture.shown.filter((s) => s.state === 'pruned').map((s) => pathOf(lecture.cli.trace, s.id));
  assert.deepEqual(pruned.sort(), ['2 2', '2 3']);
  assert.equal(lecture.cli.score, 3);
  await screenshot(page, 'watch-alphabeta');
  // The chapter's tree: value 7 by move 3, and nothing is pruned.
  const chapter = await stepThrough(page, 0, '((3 5 2) (4 6 1) (7 9 8))', 'alphabeta');
  assert.equal(chapter.cli.score, 7);
  assert.deepEqual(chapter.cli.pv, ['3', '1']); // C, then MIN's 7
  assert.equal(chapter.shown.filter((s) => s.state === 'pruned').length, 0);
  assert.ok(!chapter.cli.trace.events.some((e) => /cut/.test(e.text)), 'nothing is cut in the chapter\'s tree');
  // Every algorithm replays as the command line traces it.
  for (const algo of ['minimax', 'negamax', 'pvs', 'mtdf', 'bns'])
    await stepThrough(page, 1, '((3 12 8) (2 4 6) (14 5 2))', algo);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// A person switching examples faster than the server answers: the earlier
// tree's answer, held back until the newer one is shown, must not replace it.
test('a slow answer for an earlier tree never replaces the newer one', async () => {
  const page = await openPage('watch');
  await page.setRequestInterception(true);
  let held = null;
  const heldSettled = new Promise((settle) => {
    page.on('request', (request) => {
      if (held === null && request.url().endsWith('/api/trace')) {
        held = request;
        return;
      }
      request.continue();
    });
    for (const outcome of ['requestfinished', 'requestfailed'])
      page.on(outcome, (request) => { if (request === held) settle(outcome); });
  });
  const deeper = '(((8 7 3) (9 1 6)) ((2 4 1) (1 3 5)) ((3 9 2) (6 5 2)))';
  const lecture = '((3 12 8) (2 4 6) (14 5 2))';
  await page.select('#watch-example', '2');
  await page.waitForFunction(() => document.querySelector('#watch-position').value.startsWith('((('));
  await page.select('#watch-example', '1');
  await page.waitForFunction(() => document.querySelector('#step-label').textContent.startsWith('step 0 '));
  assert.ok(held, 'the first request was held');
  assert.equal(JSON.parse(held.postData()).position, deeper);
  await held.continue().catch(() => {}); // the page may have cancelled it already
  await heldSettled;
  await page.evaluate(() => new Promise((r) => setTimeout(r, 200))); // time for a stale answer to land
  const cli = plyJson(['tree', lecture, '--algo', 'alphabeta', '--trace', '--json']);
  assert.equal(await page.$eval('#watch-position', (e) => e.value), lecture);
  assert.equal((await shownStates(page)).length, cli.trace.nodes.length);
  await page.click('#step-last');
  assert.equal(await page.$eval('#stat-value', (e) => e.textContent), String(cli.score));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the algorithms compared as ply compare --json does', async () => {
  const page = await openPage('compare');
  await page.waitForSelector('#cmp-table tr[data-algo]');
  const cli = plyJson(['compare', '--tree-gen', 'b=4,d=5,seed=1,order=random', '--algos',
    'minimax,alphabeta,pvs,mtdf,bns', '--json']);
  const rows = await page.$$eval('#cmp-table tr[data-algo]', (trs) => trs.map((tr) => ({
    algo: tr.dataset.algo, leaves: Number(tr.children[4].textContent), nodes: Number(tr.children[3].textContent) })));
  for (const r of cli.rows) {
    const shown = rows.find((x) => x.algo === r.algo);
    assert.ok(shown, `${r.algo} is in the table`);
    assert.equal(shown.leaves, r.leaves, `${r.algo} leaves`);
    assert.equal(shown.nodes, r.nodes, `${r.algo} nodes`);
  }
  assert.equal((await page.$$('#cmp-svg polyline')).length, 6, 'a line per algorithm and the minimal tree');
  await screenshot(page, 'compare');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The person's move: the middle legal one (after `pass` for Go, so that the
// game ends), made by clicking the cells it touches. Returns the move meant,
// or null where the page is left to choose (a pass, a promotion's piece).
async function humanMove(page, state) {
  const moves = state.legal;
  const byCells = moves.filter((m) => m.cells?.length > 0);
  const pass = moves.find((m) => m.cells?.length === 0);
  if (pass && state.moves.length > 6) {
    const buttons = await page.$$('#other-moves button');
    for (const b of buttons) if ((await b.evaluate((x) => x.textContent)) === pass.notation) await b.click();
    return null;
  }
  const move = byCells[Math.floor(byCells.length / 2)];
  if (state.board.style === 'squares' && state.board.rows === 8 && state.board.columns === 8) {
    for (const cell of move.cells) await clickSquare(page, state, cell);
  } else {
    for (const cell of move.cells.slice(0, clicksToPlay(moves, move.cells)))
      await page.click(`#board g.cell[data-cell="${cell}"]`);
  }
  const chooser = await page.$('#chooser button.choice');
  if (!chooser) return move.move;
  await chooser.click();
  return null;
}

// The clicks after which the page plays a move at once: the first that leave
// one route among the legal moves (a piece's move takes two at least).
function clicksToPlay(legal, cells) {
  for (let k = Math.min(2, cells.length); k < cells.length; k++) {
    const routes = new Set(legal.filter((m) => m.cells?.length >= k && cells.slice(0, k).every((c, i) => m.cells[i] === c))
      .map((m) => m.cells.join(' ')));
    if (routes.size === 1) return k;
  }
  return cells.length;
}

// chessground: squares by position on the board, White at the bottom unless
// the person plays Black.
async function clickSquare(page, state, cell) {
  const box = await (await page.$('cg-board')).boundingBox();
  const size = box.width / 8;
  let row = Math.floor(cell / 8);
  let col = cell % 8;
  if (state.flipped) [row, col] = [7 - row, 7 - col];
  await page.mouse.click(box.x + (col + 0.5) * size, box.y + (row + 0.5) * size);
}

async function apiState(body) {
  const res = await fetch(`${server.url}/api/state`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body) });
  return res.json();
}

async function startFrom(page, position) {
  await page.$eval('#play-start', (input, s) => {
    input.value = s;
    input.dispatchEvent(new Event('change'));
  }, position);
}

async function yourTurnOrOver(page) {
  await page.waitForFunction(() => {
    const s = document.querySelector('#play-status');
    return s.dataset.busy !== 'true' && (s.textContent.startsWith('Your move') || s.dataset.over === 'true');
  }, { timeout: 120000 });
}

const GAMES = [
  { game: 'tictactoe', strength: 0 },
  { game: 'connect4', strength: 0 },
  { game: 'minichess', strength: 0 },
  { game: 'checkers', strength: 0 },
  { game: 'chess', strength: 1 },
  { game: 'go', strength: 3, start: '5x5 komi 0.5' },
];

for (const { game, strength, start } of GAMES) {
  test(`a game of ${game} played to its end through the board`, { timeout: 600000 }, async () => {
    const page = await openPage('play');
    await page.select('#play-game', game);
    await page.select('#play-strength', String(strength));
    if (start) await startFrom(page, start);
    let plies = 0;
    for (;;) {
      await yourTurnOrOver(page);
      const moves = JSON.parse(await page.$eval('#move-list', (l) => l.dataset.moves));
      const over = await page.$eval('#play-status', (s) => s.dataset.over === 'true');
      const state = await apiState({ game, start: start ?? '', moves });
      if (over) {
        assert.ok(state.end, `${game}: the page says the game is over, and so does the server`);
        assert.notEqual(state.result, '*');
        break;
      }
      state.flipped = false;
      if (plies === 2) await screenshot(page, `play-${game}`);
      const meant = await humanMove(page, state);
      // The page takes the move a moment later (chessground reports it on a
      // timer): wait for it before reading the board again.
      await page.waitForFunction((n) => JSON.parse(document.querySelector('#move-list').dataset.moves).length > n,
        { timeout: 120000 }, moves.length);
      const played = JSON.parse(await page.$eval('#move-list', (l) => l.dataset.moves))[moves.length];
      if (meant) assert.equal(played, meant, `${game}: the clicks played the move meant`);
      plies += 1;
      assert.ok(plies < 400, `${game}: the game did not end`);
    }
    await screenshot(page, `play-${game}-end`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

// Checkers' board: squares by their numbers (the labels), Black's side at the
// bottom for Black, White's for White; a jump of several captures clicked
// square by square, played as soon as one route is left.
test('checkers: multiple jumps clicked square by square, the board turned to the player', async () => {
  const page = await openPage('play');
  await page.select('#play-game', 'checkers');
  await page.select('#play-strength', '0');
  const square = (n) => `#board g.cell[data-label="${n}"]`;
  const top = async (n) => (await (await page.$(square(n))).boundingBox()).y;
  const played = async () => JSON.parse(await page.$eval('#move-list', (l) => l.dataset.moves));
  const untilPlayed = (n) => page.waitForFunction(
    (k) => JSON.parse(document.querySelector('#move-list').dataset.moves).length >= k, { timeout: 60000 }, n);

  // From 9 over 14 to 18, then over 22 to 25 or over 23 to 27.
  await startFrom(page, 'B:W14,22,23,30:B1,9');
  await yourTurnOrOver(page);
  assert.ok(await top(1) > await top(32), 'Black plays up the board: square 1 at the bottom');
  await page.click(square(9));
  await page.click(square(18));
  const targets = await page.$$eval('#board g.cell.target', (gs) => gs.map((g) => g.dataset.label).sort());
  assert.deepEqual(targets, ['25', '27'], 'two routes go on from 18');
  await screenshot(page, 'play-checkers-jump');
  assert.deepEqual(await played(), [], 'nothing is played while two routes are open');
  await page.click(square(27));
  await untilPlayed(1);
  assert.equal((await played())[0], '9x27');
  assert.equal(await page.$eval(square(23), (g) => g.dataset.piece), '', 'the men jumped are gone');
  assert.equal(await page.$eval(square(14), (g) => g.dataset.piece), '');
  assert.equal(await page.$eval(square(27), (g) => g.dataset.piece), 'b');

  // A king's round of four captures, either way about: the second click
  // leaves one route, played at once, and named by every landing square.
  await startFrom(page, 'B:W9,10,17,18,32:BK22,1');
  await yourTurnOrOver(page);
  assert.equal(await page.$eval(square(22), (g) => g.dataset.piece), 'B');
  await page.click(square(22));
  await page.click(square(15));
  await untilPlayed(1);
  assert.equal((await played())[0], '22x15x6x13x22');

  // White: the engine moves first, and White's side is at the bottom.
  await startFrom(page, 'B:W21-32:B1-12');
  await yourTurnOrOver(page);
  await page.select('#play-side', '1');
  await untilPlayed(1);
  await yourTurnOrOver(page);
  assert.ok(await top(1) < await top(32), 'White plays down the board: square 1 at the top');
  const reply = (await played())[0];
  const marked = await page.$$eval('#board g.cell.last', (gs) => gs.map((g) => g.dataset.label));
  assert.deepEqual(marked.sort(), reply.split('-').sort(), `the engine's ${reply} is marked on the board`);

  // A bad position: one line of error, and the page goes on.
  for (const [bad, says] of [['B:W9:B9', /9/], ['B:W2:B30', /crown|row/], ['B:W33:B1', /33/]]) {
    await startFrom(page, bad);
    await page.waitForFunction(() => document.querySelector('#play-error').textContent !== '', { timeout: 60000 });
    const error = await page.$eval('#play-error', (e) => e.textContent);
    assert.match(error, says);
    assert.ok(!error.includes('\n'), error);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('checkers with endgame tables: the database line for the side to move', async () => {
  // `ply serve --egtb DIR` over checkers' tables of 3 pieces, as `ply egtb probe` values them.
  const dir = mkdtempSync(join(tmpdir(), 'ply-egtb-'));
  const tabled = { server: null, page: null };
  try {
    execFileSync(PLY, ['egtb', 'build', 'checkers', '--pieces', '3', '--dir', join(dir, 'checkers')], { stdio: 'ignore' });
    const probed = JSON.parse(execFileSync(PLY, ['egtb', 'probe', 'checkers', 'W:WK19,K23:B28', '--dir',
      join(dir, 'checkers'), '--json']).toString());
    assert.equal(probed.result, 'win');
    tabled.server = await startServer(['--egtb', dir]);
    const page = await openPage('play', tabled.server);
    tabled.page = page;
    await page.select('#play-game', 'checkers');
    await page.select('#play-side', '0'); // the side to move in the position: White
    await startFrom(page, 'W:WK19,K23:B28');
    await yourTurnOrOver(page);
    const line = await page.$eval('#play-database', (e) => e.textContent);
    assert.equal(line, `database win in ${probed.plies} plies for White`);
    await screenshot(page, 'play-checkers-database');
    await startFrom(page, 'B:W21-32:B1-12'); // 24 pieces: in no table
    await page.waitForFunction(() => document.querySelector('#play-database').textContent === '', { timeout: 60000 });
    assert.deepEqual(page.errors, []);
  } finally {
    await tabled.page?.close();
    if (tabled.server) await stopServer(tabled.server);
    rmSync(dir, { recursive: true, force: true });
  }
});
