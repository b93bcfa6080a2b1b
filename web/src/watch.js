// Watch the search: a tree of the classic searches stepped through event by
// event (the node entered with its window, the value backed up, each cutoff
// and the subtrees it prunes), with the counts against the minimal tree.
import { el, latestOnly, Superseded } from './api.js';
import { replay } from './replay.js';

// The teaching texts' examples (../shared/seeds): trees and small positions.
export const EXAMPLES = [
  { label: "The chapter's tree ((3 5 2) (4 6 1) (7 9 8)): nothing to prune", game: 'tree',
    position: '((3 5 2) (4 6 1) (7 9 8))' },
  { label: "The lecture's pruning ((3 12 8) (2 4 6) (14 5 2))", game: 'tree', position: '((3 12 8) (2 4 6) (14 5 2))' },
  { label: 'A deeper tree: pruning at every level', game: 'tree',
    position: '(((8 7 3) (9 1 6)) ((2 4 1) (1 3 5)) ((3 9 2) (6 5 2)))' },
  { label: 'Minichess: taking the pawn with the queen only draws', game: 'minichess',
    position: '30 W\n.....\n.k...\n.p...\n.Q...\n.....\n...K.\n', depth: 2 },
  { label: 'Tic-tac-toe: X to move and win', game: 'tictactoe', position: 'xo..x..o.' },
  { label: 'Connect Four end-game, 3 plies', game: 'connect4', position: '4453535233212', depth: 3 },
];

const LEVEL = 86;
// Room for a leaf and its window label; wider while the tree is small.
const spacingFor = (leaves) => Math.max(34, Math.min(84, 900 / Math.max(1, leaves)));

export function watchPage(root, games) {
  const treeGames = games.filter((g) => g.name !== 'uniform');
  const exampleSelect = el('select', { id: 'watch-example' },
    EXAMPLES.map((x, i) => el('option', { value: i }, x.label)), el('option', { value: 'own' }, 'Your own…'));
  const gameSelect = el('select', { id: 'watch-game' }, treeGames.map((g) => el('option', { value: g.name }, g.name)));
  const positionInput = el('textarea', { id: 'watch-position', rows: 2, cols: 44, spellcheck: 'false' });
  const algoSelect = el('select', { id: 'watch-algo' },
    ['minimax', 'negamax', 'alphabeta', 'pvs', 'mtdf', 'bns'].map((a) => el('option', { value: a }, a)));
  algoSelect.value = 'alphabeta';
  const depthInput = el('input', { id: 'watch-depth', type: 'number', min: 0, max: 12, placeholder: 'whole tree' });
  const runButton = el('button', { id: 'watch-run', class: 'primary' }, 'Search');
  const controls = {
    first: el('button', { id: 'step-first', title: 'to the start' }, '« start'),
    back: el('button', { id: 'step-back', title: 'one step back' }, '‹ back'),
    play: el('button', { id: 'step-play', title: 'play as an animation' }, '▶ play'),
    forward: el('button', { id: 'step-forward', title: 'one step forward' }, 'step ›'),
    last: el('button', { id: 'step-last', title: 'to the end' }, 'end »'),
  };
  const speed = el('input', { id: 'watch-speed', type: 'range', min: 50, max: 1500, value: 600, title: 'ms a step' });
  const stepLabel = el('span', { id: 'step-label' });
  const eventText = el('div', { id: 'event-text', class: 'event' });
  const stats = el('div', { id: 'watch-stats', class: 'stats' });
  const error = el('div', { id: 'watch-error', class: 'error' });
  const svgHolder = el('div', { class: 'tree-holder' });

  root.append(
    el('section', { class: 'panel' },
      el('div', { class: 'row' }, el('label', {}, 'Example ', exampleSelect)),
      el('div', { class: 'row' }, el('label', {}, 'Game ', gameSelect), el('label', {}, 'Algorithm ', algoSelect),
        el('label', {}, 'Depth ', depthInput), runButton),
      el('div', { class: 'row' }, el('label', {}, 'Tree or position ', positionInput)),
      el('div', { class: 'hint' }, 'A tree in ply tree notation: nested parentheses, integer leaves, values for MAX.'),
      error),
    el('section', { class: 'panel' },
      el('div', { class: 'row' }, ...Object.values(controls), el('label', {}, 'speed ', speed), stepLabel),
      eventText),
    el('div', { class: 'watch-main' }, svgHolder, el('aside', { class: 'panel side' }, stats, legend())));

  let trace = null;
  let step = 0;
  let timer = null;

  const loadExample = () => {
    const x = EXAMPLES[Number(exampleSelect.value)];
    if (!x) return;
    gameSelect.value = x.game;
    positionInput.value = x.position;
    depthInput.value = x.depth ?? '';
  };
  exampleSelect.addEventListener('change', () => {
    loadExample();
    run();
  });

  // The old tree goes at once: its step controls must not act on a search
  // the person has moved away from.
  const traceRequest = latestOnly();
  async function run() {
    stop();
    trace = null;
    error.textContent = '';
    stepLabel.textContent = '';
    eventText.textContent = 'Searching…';
    svgHolder.replaceChildren();
    stats.replaceChildren();
    const body = { game: gameSelect.value, position: positionInput.value, algo: algoSelect.value };
    if (depthInput.value !== '') body.depth = Number(depthInput.value);
    runButton.disabled = true;
    let r;
    try {
      r = await traceRequest('/api/trace', body);
    } catch (e) {
      if (e instanceof Superseded) return;
      error.textContent = e.message;
      eventText.textContent = '';
      runButton.disabled = false;
      return;
    }
    runButton.disabled = false;
    trace = { ...r.trace, algo: r.algo, value: r.value, pv: r.pv, searched: r.nodes,
      minimal_leaves: r.minimal_leaves, all_leaves: r.all_leaves };
    step = 0;
    draw();
  }
  const go = (s) => {
    if (!trace) return;
    step = Math.max(0, Math.min(trace.events.length, s));
    draw();
  };
  function stop() {
    clearInterval(timer);
    timer = null;
    controls.play.textContent = '▶ play';
  }
  controls.first.addEventListener('click', () => { stop(); go(0); });
  controls.back.addEventListener('click', () => { stop(); go(step - 1); });
  controls.forward.addEventListener('click', () => { stop(); go(step + 1); });
  controls.last.addEventListener('click', () => { stop(); go(Infinity); });
  controls.play.addEventListener('click', () => {
    if (timer) return stop();
    if (trace && step >= trace.events.length) go(0);
    controls.play.textContent = '⏸ pause';
    timer = setInterval(() => {
      if (!trace || step >= trace.events.length) return stop();
      go(step + 1);
    }, Number(speed.value));
  });
  runButton.addEventListener('click', run);
  algoSelect.addEventListener('change', run);

  function draw() {
    const state = replay(trace, step);
    const total = trace.events.length;
    stepLabel.textContent = `step ${step} of ${total}`;
    eventText.textContent = state.current ? state.current.text : 'Press step › to go through the search one event at a time, or ▶ play.';
    eventText.dataset.kind = state.current ? state.current.kind : '';
    svgHolder.replaceChildren(treeSvg(trace, state));
    const finished = step === total;
    stats.replaceChildren(
      el('h3', {}, trace.algo),
      statLine('nodes so far', `${state.nodeCount} of ${trace.nodes.length} in the tree`, 'stat-nodes'),
      statLine('leaves so far', String(state.leafCount), 'stat-leaves'),
      statLine('minimal tree', trace.minimal_leaves === null ? '?' : `${trace.minimal_leaves} leaves`, 'stat-minimal'),
      statLine('whole tree', trace.all_leaves === null ? '?' : `${trace.all_leaves} leaves`, 'stat-all'),
      statLine('value', finished ? trace.value : '…', 'stat-value'),
      statLine('principal variation', finished ? trace.pv.join(' ') || '(none)' : '…', 'stat-pv'),
    );
  }
  loadExample();
  run();
}

function statLine(name, value, id) {
  return el('div', { class: 'stat' }, el('span', {}, name), el('b', { id }, value));
}

function legend() {
  const shape = (kind) => el('svg', { width: 26, height: 22 }, nodeShape(kind, 13, 11, 9));
  return el('div', { class: 'legend', id: 'legend' },
    el('h3', {}, 'Legend'),
    el('div', {}, shape('max'), ' MAX: takes the largest value'),
    el('div', {}, shape('min'), ' MIN: takes the smallest value'),
    el('div', {}, shape('leaf'), ' leaf: scored by the evaluation'),
    el('div', {}, el('code', {}, '[α, β]'), ' the window a node is searched with'),
    el('div', {}, el('span', { class: 'swatch active' }), ' on the search path now'),
    el('div', {}, el('span', { class: 'swatch pruned' }), ' pruned: never searched'),
    el('div', {}, el('span', { class: 'swatch pv' }), ' the principal variation'));
}

function nodeShape(kind, x, y, r) {
  if (kind === 'leaf') return el('rect', { x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6, rx: 2 });
  const dir = kind === 'max' ? 1 : -1;
  const points = [[x, y - dir * r], [x - r, y + dir * r * 0.8], [x + r, y + dir * r * 0.8]];
  return el('polygon', { points: points.map((p) => p.join(',')).join(' ') });
}

// Leaves side by side in order, each parent centred over its children.
function layout(trace) {
  const pos = [];
  const SPACING = spacingFor(trace.nodes.filter((n) => n.children.length === 0).length);
  let nextLeaf = 0;
  const place = (id, depth) => {
    const kids = trace.nodes[id].children;
    if (kids.length === 0) {
      pos[id] = { x: nextLeaf++ * SPACING, y: depth * LEVEL };
      return;
    }
    for (const c of kids) place(c, depth + 1);
    pos[id] = { x: (pos[kids[0]].x + pos[kids[kids.length - 1]].x) / 2, y: depth * LEVEL };
  };
  place(0, 0);
  return { pos, width: Math.max(1, nextLeaf) * SPACING, spacing: SPACING };
}

function treeSvg(trace, state) {
  const { pos, width, spacing } = layout(trace);
  const height = Math.max(...pos.map((p) => p.y)) + LEVEL;
  const finished = state.current === null ? false : trace.events.length > 0 && state.current === trace.events.at(-1);
  const edges = el('g', { class: 'edges' });
  const nodes = el('g', { class: 'nodes' });
  const small = trace.nodes.length <= 200;
  trace.nodes.forEach((n, id) => {
    const p = pos[id];
    const s = state.nodes[id];
    const pv = finished && n.pv;
    if (n.parent >= 0) {
      const q = pos[n.parent];
      edges.append(el('line', { x1: q.x, y1: q.y + 10, x2: p.x, y2: p.y - 10,
        class: `edge ${s.state}${pv ? ' pv' : ''}` }));
      if (small) edges.append(el('text', { x: (q.x + p.x) / 2 - 4, y: (q.y + p.y) / 2, class: 'move' }, n.move));
    }
    const kind = n.children.length === 0 ? 'leaf' : n.max ? 'max' : 'min';
    const isCurrent = state.current && state.current.node === id && state.current.kind !== 'pass';
    const g = el('g', {
      class: `node ${kind} ${s.state}${pv ? ' pv' : ''}${isCurrent ? ' current' : ''}`,
      'data-id': id, 'data-state': s.state, 'data-alpha': s.alpha ?? '', 'data-beta': s.beta ?? '',
      'data-value': s.value ?? '', 'data-exit': s.exit ?? '',
    }, nodeShape(kind, p.x, p.y, 11));
    const shown = s.value ?? (kind === 'leaf' ? n.static_value : null);
    if (shown !== null && shown !== undefined)
      g.append(el('text', { x: p.x, y: p.y + 4, class: 'value' }, shown));
    if (s.alpha !== null && s.state !== 'unvisited' && small)
      g.append(el('text', { x: p.x, y: p.y + 25, class: 'window' }, `[${s.alpha}, ${s.beta}]`));
    if (s.exit === 'cutoff' && small)
      g.append(el('text', { x: p.x + 14, y: p.y - 8, class: 'cut' }, '✂'));
    g.append(el('title', {}, nodeTitle(trace, id, s)));
    nodes.append(g);
  });
  const margin = 30;
  return el('svg', { class: 'tree', id: 'tree', width: width + 2 * margin, height: height,
    viewBox: `${-margin - spacing / 2} -24 ${width + 2 * margin} ${height}` }, edges, nodes);
}

function nodeTitle(trace, id, s) {
  const path = [];
  for (let n = id; trace.nodes[n].parent >= 0; n = trace.nodes[n].parent) path.unshift(trace.nodes[n].move);
  const name = path.length ? path.join(' ') : 'root';
  const bits = [`${trace.nodes[id].max ? 'MAX' : 'MIN'} ${name}`, s.state];
  if (s.alpha !== null) bits.push(`window [${s.alpha}, ${s.beta}]`);
  if (s.value !== null) bits.push(`value ${s.value} (${s.exit})`);
  return bits.join(', ');
}
