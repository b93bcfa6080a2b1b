// The server's API (src/ply/web/server.hpp): JSON in, JSON out; errors come
// back as {"error": "one line"} and are thrown as Error(that line).
export async function getJson(path) {
  const res = await fetch(path);
  return answer(res);
}

export async function postJson(path, body, signal) {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  return answer(res);
}

// Thrown in place of the answer to a request that a newer one replaced.
export class Superseded extends Error {
  constructor() {
    super('superseded by a newer request');
    this.name = 'Superseded';
  }
}

// postJson for a view that shows only its newest request's answer: each call
// aborts the one before, and an answer that arrives after a newer call is
// dropped (throws Superseded), so a slow answer never overwrites a newer one.
export function latestOnly() {
  let current = null;
  return async (path, body) => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    let data;
    try {
      data = await postJson(path, body, controller.signal);
    } catch (e) {
      if (!controller.signal.aborted) throw e;
    }
    if (controller.signal.aborted) throw new Superseded();
    return data;
  };
}

async function answer(res) {
  const text = await res.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`the server answered HTTP ${res.status}: ${text.slice(0, 200)}`);
  }
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

// POST /api/think: calls onInfo(info) as the engine deepens and resolves with
// the "best" event's data. Aborting `signal` closes the stream, which stops
// the search on the server.
export async function think(body, onInfo, signal) {
  const res = await fetch('/api/think', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok) return answer(res);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the server closed the stream without a move');
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue; // a keep-alive comment
      const parsed = JSON.parse(data);
      if (event === 'info') onInfo(parsed);
      else if (event === 'best') return parsed;
      else if (event === 'error') throw new Error(parsed.error);
    }
  }
}

// Makes an element: el('div', {class: 'x'}, child, 'text').
export function el(tag, attributes = {}, ...children) {
  const svg = ['svg', 'g', 'path', 'rect', 'circle', 'line', 'polygon', 'polyline', 'text', 'title'].includes(tag);
  const node = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}
