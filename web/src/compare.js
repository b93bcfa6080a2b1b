// Compare the algorithms on generated uniform trees: the table `ply compare`
// prints for the chosen depth, and leaves against depth on a log scale with
// the Knuth-Moore minimal tree, as bench/algorithms plots it.
import { el, postJson } from './api.js';

const ALGORITHMS = ['minimax', 'negamax', 'alphabeta', 'pvs', 'mtdf', 'bns'];
const COLOURS = { minimax: '#7a7a7a', negamax: '#b0b0b0', alphabeta: '#1f77b4', pvs: '#2ca02c', mtdf: '#d62728',
  bns: '#9467bd', minimal: '#000000' };

export function comparePage(root) {
  const number = (id, value, min, max) => el('input', { id, type: 'number', value, min, max });
  const branching = number('cmp-branching', 4, 2, 10);
  const depth = number('cmp-depth', 5, 1, 10);
  const seed = number('cmp-seed', 1, 0, 1000000);
  const ordering = el('select', { id: 'cmp-ordering' },
    ['random', 'best', 'worst'].map((o) => el('option', { value: o }, o === 'best' ? 'best first' : o === 'worst'
      ? 'worst first' : 'random')));
  const boxes = ALGORITHMS.map((a) => el('label', { class: 'check' },
    el('input', { type: 'checkbox', value: a, checked: a !== 'negamax' }), ` ${a}`));
  const button = el('button', { id: 'cmp-run', class: 'primary' }, 'Compare');
  const error = el('div', { id: 'cmp-error', class: 'error' });
  const table = el('div', { id: 'cmp-table' });
  const plot = el('div', { id: 'cmp-plot' });
  root.append(
    el('section', { class: 'panel' },
      el('div', { class: 'row' }, el('label', {}, 'Branching ', branching), el('label', {}, 'Depth ', depth),
        el('label', {}, 'Move ordering ', ordering), el('label', {}, 'Seed ', seed), button),
      el('div', { class: 'row' }, ...boxes),
      el('div', { class: 'hint' }, 'Uniform random trees: every node has the same number of children; the ' +
        'ordering puts the best move first, last, or anywhere. Each depth from 1 is searched for the plot.'),
      error),
    el('div', { class: 'compare-main' }, table, plot));

  async function run() {
    error.textContent = '';
    const algos = boxes.map((b) => b.firstChild).filter((b) => b.checked).map((b) => b.value);
    if (algos.length === 0) {
      error.textContent = 'Pick at least one algorithm.';
      return;
    }
    const b = Number(branching.value);
    const d = Number(depth.value);
    button.disabled = true;
    try {
      const results = [];
      for (let k = 1; k <= d; k++) {
        const position = `b=${b},d=${k},seed=${Number(seed.value)},order=${ordering.value}`;
        results.push(await postJson('/api/compare', { game: 'uniform', position, algos }));
      }
      table.replaceChildren(resultTable(results.at(-1)));
      plot.replaceChildren(leavesPlot(results, algos));
    } catch (e) {
      error.textContent = e.message;
    } finally {
      button.disabled = false;
    }
  }
  button.addEventListener('click', run);
  run();
}

function resultTable(c) {
  const head = ['algorithm', 'value', 'best', 'nodes', 'leaves', 're-searches', 'time ms', '× minimal'];
  return el('table', { class: 'results' },
    el('caption', {}, `${c.position}: minimal tree ${c.minimal_leaves ?? '?'} leaves, whole tree ` +
      `${c.all_leaves ?? '?'}`),
    el('tr', {}, head.map((h) => el('th', {}, h))),
    c.rows.map((r) => el('tr', { 'data-algo': r.algo },
      el('td', {}, r.algo), el('td', {}, String(r.value)), el('td', {}, r.best), el('td', {}, String(r.nodes)),
      el('td', {}, String(r.leaves)), el('td', {}, String(r.researches)),
      el('td', {}, (r.seconds * 1000).toFixed(2)),
      el('td', {}, r.minimal_ratio === null ? '-' : r.minimal_ratio.toFixed(2)))));
}

// Leaves against depth, log scale; a point's title gives its figure.
function leavesPlot(results, algos) {
  const W = 560, H = 340, left = 60, bottom = 40, top = 34, right = 120;
  const series = algos.map((a) => ({ name: a, points: results.map((c, i) => [i + 1,
    c.rows.find((r) => r.algo === a)?.leaves ?? null]) }));
  series.push({ name: 'minimal', points: results.map((c, i) => [i + 1, c.minimal_leaves]) });
  const values = series.flatMap((s) => s.points.map((p) => p[1])).filter((v) => v > 0);
  const maxLog = Math.ceil(Math.log10(Math.max(10, ...values)));
  const x = (d) => left + ((d - 1) / Math.max(1, results.length - 1)) * (W - left - right);
  const y = (v) => H - bottom - (Math.log10(Math.max(1, v)) / maxLog) * (H - top - bottom);
  const svg = el('svg', { width: W, height: H, class: 'plot', id: 'cmp-svg' });
  for (let e = 0; e <= maxLog; e++) {
    svg.append(el('line', { x1: left, x2: W - right, y1: y(10 ** e), y2: y(10 ** e), class: 'grid' }),
      el('text', { x: left - 6, y: y(10 ** e) + 4, class: 'axis', 'text-anchor': 'end' }, `1e${e}`));
  }
  results.forEach((_, i) => svg.append(el('text', { x: x(i + 1), y: H - bottom + 16, class: 'axis',
    'text-anchor': 'middle' }, String(i + 1))));
  svg.append(el('text', { x: (W - right + left) / 2, y: H - 6, class: 'axis', 'text-anchor': 'middle' }, 'depth'),
    el('text', { x: left, y: 16, class: 'axis', 'text-anchor': 'middle' }, 'leaves'));
  series.forEach((s, i) => {
    const pts = s.points.filter((p) => p[1] > 0);
    const colour = COLOURS[s.name];
    svg.append(el('polyline', { points: pts.map((p) => `${x(p[0])},${y(p[1])}`).join(' '), fill: 'none',
      stroke: colour, 'stroke-width': 2, 'stroke-dasharray': s.name === 'minimal' ? '5 4' : null }));
    for (const p of pts)
      svg.append(el('circle', { cx: x(p[0]), cy: y(p[1]), r: 3.5, fill: colour },
        el('title', {}, `${s.name}, depth ${p[0]}: ${p[1]} leaves`)));
    svg.append(el('line', { x1: W - right + 12, x2: W - right + 30, y1: top + 14 * i, y2: top + 14 * i, stroke: colour,
      'stroke-width': 2 }), el('text', { x: W - right + 34, y: top + 14 * i + 4, class: 'axis' }, s.name));
  });
  return svg;
}
