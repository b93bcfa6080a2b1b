// Boards drawn from the game's BoardView (core/board_view.hpp): SVG for the
// grids, chessground (lichess's board) for 8x8 boards of chess pieces. A move
// is picked by clicking the cells it touches: one for a placement or a drop,
// from and to for a piece, the piece then each landing square for a jump of
// several captures; moves touching no cell (Go's pass) are buttons.
import { el } from './api.js';
import { Chessground } from './vendor/chessground.js';

const GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };

// Draws `state.board` into `holder`; onMove(move) when the person picks one.
// `flipped`: the second player's view (rows and columns reversed).
export function drawBoard(holder, state, { flipped, interactive, onMove, choose }) {
  const view = state.board;
  const legal = interactive ? state.legal : [];
  if (!view) {
    holder.replaceChildren(el('pre', { class: 'board-text' }, state.text));
    return;
  }
  if (view.style === 'squares' && view.rows === 8 && view.columns === 8)
    return chessBoard(holder, state, legal, flipped, onMove, choose);
  // The last move's cells marked where the game marks none of its own.
  const last = new Set(view.last >= 0 ? [view.last] : state.last_cells ?? []);
  holder.replaceChildren(svgBoard(view, last, legal, flipped && view.style !== 'columns', onMove, choose));
}

function pick(moves, onMove, choose) {
  if (moves.length === 1) onMove(moves[0].move);
  else if (moves.length > 1) choose(moves, onMove);
}

function svgBoard(view, last, legal, flipped, onMove, choose) {
  const size = view.style === 'points' ? Math.max(22, Math.min(44, 440 / view.columns)) : 56;
  const pad = 24;
  const W = view.columns * size + 2 * pad;
  const H = view.rows * size + 2 * pad;
  const at = (cell) => {
    let r = Math.floor(cell / view.columns);
    let c = cell % view.columns;
    if (flipped) [r, c] = [view.rows - 1 - r, view.columns - 1 - c];
    return { x: pad + c * size, y: pad + r * size };
  };
  const svg = el('svg', { class: `board ${view.style}`, id: 'board', width: W, height: H, viewBox: `0 0 ${W} ${H}` });
  svg.append(el('rect', { x: 0, y: 0, width: W, height: H, class: 'board-bg' }));
  if (view.style === 'points') {
    for (let i = 0; i < view.rows; i++) {
      const p = at(i * view.columns);
      svg.append(el('line', { x1: pad + size / 2, x2: W - pad - size / 2, y1: p.y + size / 2, y2: p.y + size / 2,
        class: 'grid-line' }));
    }
    for (let j = 0; j < view.columns; j++) {
      const p = at(j);
      svg.append(el('line', { y1: pad + size / 2, y2: H - pad - size / 2, x1: p.x + size / 2, x2: p.x + size / 2,
        class: 'grid-line' }));
    }
  }
  // Coordinates around the board.
  view.column_names.forEach((name, c) => {
    const p = at(c);
    svg.append(el('text', { x: p.x + size / 2, y: H - 6, class: 'coord', 'text-anchor': 'middle' }, name));
  });
  view.row_names.forEach((name, r) => {
    const p = at(r * view.columns);
    svg.append(el('text', { x: 8, y: p.y + size / 2 + 4, class: 'coord', 'text-anchor': 'middle' }, name));
  });
  let path = []; // the cells clicked so far of a move of a piece
  const cellNodes = [];
  // The legal moves whose cells begin with `cells`, of `least` cells or more.
  const along = (cells, least) =>
    legal.filter((m) => m.cells?.length >= least && cells.every((c, i) => m.cells[i] === c));
  const refreshSelection = () => {
    const next = new Set(path.length ? along(path, path.length + 1).map((m) => m.cells[path.length]) : []);
    cellNodes.forEach((node, cell) => {
      node.classList.toggle('selected', path.includes(cell));
      node.classList.toggle('target', next.has(cell));
    });
  };
  const click = (cell) => {
    if (view.style === 'columns') {
      const col = cell % view.columns;
      return pick(legal.filter((m) => m.cells?.length === 1 && m.cells[0] % view.columns === col), onMove, choose);
    }
    if (path.length) {
      const matching = along([...path, cell], path.length + 1);
      if (matching.length) {
        path = [...path, cell];
        // Played once the clicks leave one route (several moves on it: a
        // promotion's choice), or some move ends where they stop.
        const routes = new Set(matching.map((m) => m.cells.join(' ')));
        const ended = matching.some((m) => m.cells.length === path.length);
        if (routes.size === 1 || ended) {
          path = [];
          refreshSelection();
          return pick(matching, onMove, choose);
        }
        return refreshSelection();
      }
    }
    const placements = legal.filter((m) => m.cells?.length === 1 && m.cells[0] === cell);
    if (placements.length) return pick(placements, onMove, choose);
    path = along([cell], 2).length ? [cell] : [];
    refreshSelection();
  };
  view.cells.forEach((piece, cell) => {
    const p = at(cell);
    const r = Math.floor(cell / view.columns);
    const c = cell % view.columns;
    const dark = (view.style === 'squares' || view.style === 'draughts') && (r + c) % 2 === 1;
    const g = el('g', { class: `cell${dark ? ' dark' : ''}${last.has(cell) ? ' last' : ''}`, 'data-cell': cell,
      'data-piece': piece, 'data-label': view.labels?.[cell] ?? '', onclick: () => click(cell) });
    g.append(el('rect', { x: p.x, y: p.y, width: size, height: size, class: 'cell-bg' }));
    const cx = p.x + size / 2;
    const cy = p.y + size / 2;
    if (view.style === 'columns')
      g.append(el('circle', { cx, cy, r: size * 0.4, class: `disc ${piece ? `disc-${piece}` : 'hole'}` }));
    else if (view.style === 'points' && piece)
      g.append(el('circle', { cx, cy, r: size * 0.46, class: `stone stone-${piece}` }));
    else if (view.style === 'cells' && piece)
      g.append(el('text', { x: cx, y: cy + size * 0.2, class: `mark mark-${piece}`, 'text-anchor': 'middle' }, piece));
    else if (view.style === 'squares' && piece)
      g.append(el('text', { x: cx, y: cy + size * 0.28, class: 'piece', 'text-anchor': 'middle' },
        GLYPHS[piece] ?? piece));
    else if (view.style === 'draughts' && piece)
      g.append(...draughtsPiece(piece, cx, cy, size));
    if (view.labels?.[cell])
      g.append(el('text', { x: p.x + 3, y: p.y + 11, class: 'label' }, view.labels[cell]));
    if (cell === view.last && view.style === 'points')
      g.append(el('circle', { cx, cy, r: size * 0.14, class: 'last-mark' }));
    cellNodes[cell] = g;
    svg.append(g);
  });
  return svg;
}

// A man, "b" or "w", is a disc; a king, "B" or "W", a disc crowned.
function draughtsPiece(piece, cx, cy, size) {
  const colour = piece.toLowerCase() === 'b' ? 'black' : 'white';
  const parts = [el('circle', { cx, cy, r: size * 0.38, class: `man man-${colour}` })];
  if (piece === piece.toUpperCase())
    parts.push(el('text', { x: cx, y: cy + size * 0.13, class: `crown crown-${colour}`, 'text-anchor': 'middle' },
      '♛'));
  return parts;
}

function squareName(view, cell) {
  return view.column_names[cell % view.columns] + view.row_names[Math.floor(cell / view.columns)];
}

// FEN's placement field from the cells (top row first, as FEN writes it).
function placement(view) {
  const rows = [];
  for (let r = 0; r < view.rows; r++) {
    let text = '';
    let empty = 0;
    for (let c = 0; c < view.columns; c++) {
      const piece = view.cells[r * view.columns + c];
      if (!piece) {
        empty += 1;
        continue;
      }
      if (empty) text += empty;
      empty = 0;
      text += piece;
    }
    rows.push(text + (empty ? empty : ''));
  }
  return rows.join('/');
}

function chessBoard(holder, state, legal, flipped, onMove, choose) {
  const view = state.board;
  const dests = new Map();
  const byPair = new Map();
  for (const m of legal) {
    if (m.cells?.length !== 2) continue;
    const from = squareName(view, m.cells[0]);
    const to = squareName(view, m.cells[1]);
    if (!dests.has(from)) dests.set(from, []);
    dests.get(from).push(to);
    const key = from + to;
    if (!byPair.has(key)) byPair.set(key, []);
    byPair.get(key).push(m);
  }
  const colour = state.to_move === 0 ? 'white' : 'black';
  const last = state.moves.at(-1)?.move;
  const box = el('div', { class: 'cg-wrap-outer', id: 'board' });
  const inner = el('div', { class: 'cg-box' });
  box.append(inner);
  holder.replaceChildren(box);
  Chessground(inner, {
    fen: placement(view),
    orientation: flipped ? 'black' : 'white',
    turnColor: colour,
    lastMove: last && /^[a-h][1-8][a-h][1-8]/.test(last) ? [last.slice(0, 2), last.slice(2, 4)] : undefined,
    coordinates: true,
    movable: { free: false, color: legal.length ? colour : undefined, dests, showDests: true,
      events: { after: (from, to) => pick(byPair.get(from + to) ?? [], onMove, choose) } },
    premovable: { enabled: false },
    draggable: { showGhost: true },
  });
}
