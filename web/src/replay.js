// The state of a watched search after its first `step` events (the trace of
// /api/trace, which is `ply tree --trace --json`'s): per node its window and
// value as the maximiser sees them, and whether it is unvisited, on the
// search's path (active), done, or pruned by a cutoff.
export function replay(trace, step) {
  const nodes = trace.nodes.map(() => ({ state: 'unvisited', alpha: null, beta: null, value: null, exit: null }));
  const pruneSubtree = (id) => {
    nodes[id].state = 'pruned';
    for (const c of trace.nodes[id].children) pruneSubtree(c);
  };
  let nodeCount = 0;
  let leafCount = 0;
  for (const e of trace.events.slice(0, step)) {
    const n = nodes[e.node];
    if (e.kind === 'enter') {
      nodeCount += 1;
      Object.assign(n, { state: 'active', alpha: e.alpha, beta: e.beta, value: null, exit: null });
    } else if (e.kind === 'leave') {
      Object.assign(n, { state: 'done', value: e.value, exit: e.exit });
      if (e.exit === 'leaf') leafCount += 1;
      for (const p of e.pruned) pruneSubtree(p);
    }
  }
  const current = step > 0 ? trace.events[step - 1] : null;
  return { nodes, current, nodeCount, leafCount };
}
