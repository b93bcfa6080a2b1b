// Play every game the server offers against the engine: the board (chess on
// chessground, the others as SVG), the engine's thinking live, a score graph
// over the game, undo, a new game, and the game saved as PGN, PDN or SGF.
import { el, latestOnly, Superseded, think } from './api.js';
import { drawBoard } from './boards.js';

const STRENGTHS = [
  { label: 'depth 1 (weakest)', limits: { depth: 1 } },
  { label: 'depth 3', limits: { depth: 3 } },
  { label: 'depth 6', limits: { depth: 6 } },
  { label: '0.2 s a move', limits: { seconds: 0.2 } },
  { label: '1 s a move', limits: { seconds: 1 } },
  { label: '3 s a move', limits: { seconds: 3 } },
];

export function playPage(root, games) {
  const playable = games.filter((g) => g.playable);
  const gameSelect = el('select', { id: 'play-game' }, playable.map((g) => el('option', { value: g.name }, g.name)));
  const sideSelect = el('select', { id: 'play-side' },
    el('option', { value: 0 }, 'first'), el('option', { value: 1 }, 'second'));
  const strength = el('select', { id: 'play-strength' }, STRENGTHS.map((s, i) => el('option', { value: i }, s.label)));
  strength.value = 3;
  const startInput = el('input', { id: 'play-start', size: 40, placeholder: "the game's start",
    spellcheck: 'false' });
  const buttons = {
    new: el('button', { id: 'play-new', class: 'primary' }, 'New game'),
    undo: el('button', { id: 'play-undo' }, 'Undo'),
    save: el('button', { id: 'play-save' }, 'Save'),
  };
  const status = el('div', { id: 'play-status', class: 'status' });
  const database = el('div', { id: 'play-database', class: 'database' });
  const error = el('div', { id: 'play-error', class: 'error' });
  const boardHolder = el('div', { id: 'board-holder', class: 'board-holder' });
  const passButtons = el('div', { id: 'other-moves', class: 'row' });
  const chooser = el('div', { id: 'chooser', class: 'row' });
  const moveList = el('ol', { id: 'move-list', class: 'moves' });
  const thinking = el('div', { id: 'thinking', class: 'thinking' });
  const graph = el('div', { id: 'score-graph' });
  root.append(
    el('section', { class: 'panel' },
      el('div', { class: 'row' }, el('label', {}, 'Game ', gameSelect), el('label', {}, 'You play ', sideSelect),
        el('label', {}, 'Engine ', strength), ...Object.values(buttons)),
      el('div', { class: 'row' }, el('label', {}, 'Start from ', startInput)),
      error),
    el('div', { class: 'play-main' },
      el('div', {}, status, database, boardHolder, passButtons, chooser),
      el('aside', { class: 'panel side' }, el('h3', {}, 'Moves'), moveList, el('h3', {}, 'Engine'), thinking,
        el('h3', {}, 'Score'), graph)));

  let line = { moves: [] };
  let state = null;
  let scores = []; // [ply, score for the first player] after each engine move
  let search = null; // the AbortController of the engine's search

  const human = () => Number(sideSelect.value);
  const body = () => ({ game: gameSelect.value, start: startInput.value, moves: line.moves,
    players: human() === 0 ? ['You', 'Ply'] : ['Ply', 'You'] });

  // data-busy: a request is on its way; the board shown may be about to change.
  const stateRequest = latestOnly();
  async function refresh() {
    status.dataset.busy = 'true';
    error.textContent = '';
    try {
      state = await stateRequest('/api/state', body());
    } catch (e) {
      if (e instanceof Superseded) return;
      error.textContent = e.message;
      status.dataset.busy = '';
      return;
    }
    sideSelect.options[0].textContent = state.side_names[state.first_to_move];
    sideSelect.options[1].textContent = state.side_names[1 - state.first_to_move];
    const yourTurn = !state.end && sideOf(state.moves.length) === human();
    status.dataset.busy = yourTurn || state.end ? '' : 'true';
    drawBoard(boardHolder, state, { flipped: human() !== state.first_to_move,
      interactive: yourTurn, onMove: play, choose });
    passButtons.replaceChildren(...(yourTurn ? state.legal.filter((m) => m.cells && m.cells.length === 0) : [])
      .map((m) => el('button', { class: 'other-move', onclick: () => play(m.move) }, m.notation)));
    chooser.replaceChildren();
    moveList.replaceChildren(...moveItems(state));
    moveList.dataset.moves = JSON.stringify(state.moves.map((m) => m.move));
    drawGraph();
    // The endgame tables' value for the side to move (`ply serve --egtb`).
    database.textContent = state.database ? `${state.database} for ${state.side_names[state.to_move]}` : '';
    if (state.end) {
      status.textContent = `${state.end.reason} (${state.result})`;
      status.dataset.over = 'true';
    } else {
      status.dataset.over = '';
      const mover = state.side_names[state.to_move];
      status.textContent = yourTurn ? `Your move (${mover}).` : `Ply is thinking (${mover})…`;
      if (!yourTurn) engineMove();
    }
  }
  // The side (0: the one moving first from the start) making the move after `plies`.
  const sideOf = (plies) => plies % 2;

  function choose(moves, onMove) {
    chooser.replaceChildren(el('span', {}, 'Which one? '),
      ...moves.map((m) => el('button', { class: 'choice', onclick: () => onMove(m.move) }, m.notation)));
  }

  function play(move) {
    line.moves = [...line.moves, move];
    refresh();
  }

  async function engineMove() {
    search?.abort();
    const controller = new AbortController();
    search = controller;
    thinking.replaceChildren();
    const forPly = line.moves.length;
    try {
      const best = await think({ ...body(), ...STRENGTHS[Number(strength.value)].limits }, (info) => {
        if (controller.signal.aborted) return;
        const head = info.depth !== undefined ? `depth ${info.depth}` : `${info.iterations} iterations`;
        thinking.prepend(el('div', { class: 'info' }, el('b', {}, `${head}  ${info.score}`), ` ${info.pv}`));
        const s = scoreValue(info.score);
        if (s !== null) scores = [...scores.filter((p) => p[0] !== forPly), [forPly,
          sideOf(forPly) === 0 ? s : -s]];
      }, controller.signal);
      if (controller.signal.aborted || line.moves.length !== forPly) return;
      line.moves = [...line.moves, best.move];
      refresh();
    } catch (e) {
      if (!controller.signal.aborted) {
        error.textContent = e.message;
        status.dataset.busy = '';
      }
    }
  }

  function newGame() {
    search?.abort();
    line = { moves: [] };
    scores = [];
    thinking.replaceChildren();
    refresh();
  }
  function undo() {
    search?.abort();
    // Back to the person's last turn: their move and the engine's reply.
    let moves = line.moves.slice(0, -1);
    while (moves.length > 0 && sideOf(moves.length) !== human()) moves = moves.slice(0, -1);
    if (sideOf(moves.length) !== human()) return;
    line.moves = moves;
    scores = scores.filter((p) => p[0] < moves.length);
    refresh();
  }
  function save() {
    if (!state) return;
    const blob = new Blob([state.record], { type: 'text/plain' });
    const a = el('a', { href: URL.createObjectURL(blob), download: `ply-${state.game}.${state.record_kind}` });
    document.body.append(a);
    a.click();
    a.remove();
  }
  function drawGraph() {
    const W = 260, H = 120;
    const svg = el('svg', { width: W, height: H, class: 'plot', id: 'score-svg' },
      el('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'grid' }));
    if (scores.length) {
      const maxAbs = Math.max(1, ...scores.map((p) => Math.abs(p[1])));
      const plies = Math.max(2, line.moves.length);
      const pts = [...scores].sort((a, b) => a[0] - b[0])
        .map(([ply, s]) => `${(ply / plies) * W},${H / 2 - (s / maxAbs) * (H / 2 - 6)}`);
      svg.append(el('polyline', { points: pts.join(' '), fill: 'none', stroke: '#1f77b4', 'stroke-width': 2 }));
    }
    graph.replaceChildren(svg, el('div', { class: 'hint' }, 'for the first player, as the engine sees it'));
  }

  buttons.new.addEventListener('click', newGame);
  buttons.undo.addEventListener('click', undo);
  buttons.save.addEventListener('click', save);
  gameSelect.addEventListener('change', () => {
    startInput.value = '';
    newGame();
  });
  sideSelect.addEventListener('change', newGame);
  startInput.addEventListener('change', newGame);
  newGame();
}

// A row a turn, "12. Nf3 Nc6"; a game the second player starts opens "1... e5".
function moveItems(state) {
  const items = [];
  const notations = state.moves.map((m) => m.notation);
  if (state.first_to_move === 1) notations.unshift('...');
  for (let i = 0; i < notations.length; i += 2)
    items.push(el('li', { class: 'move' }, `${i / 2 + 1}. ${notations.slice(i, i + 2).join(' ')}`));
  return items;
}

// "+0.35", "-120", "#3", "#-2", "57%" as a number for the graph.
function scoreValue(text) {
  if (typeof text !== 'string') return null;
  const mate = /^#(-?)(\d+)/.exec(text);
  if (mate) return mate[1] ? -100 : 100;
  const percent = /^(\d+)%$/.exec(text);
  if (percent) return (Number(percent[1]) - 50) / 10;
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : null;
}
