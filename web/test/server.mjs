// Starts `ply serve --port 0` and resolves with its address once it prints it.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const PLY = process.env.PLY ?? resolve(here, '../../build/release/ply');

export function startServer(extraArgs = []) {
  return new Promise((resolveStart, reject) => {
    const child = spawn(PLY, ['serve', '--port', '0', ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`ply serve printed no address in 5 s: ${out}${err}`)), 5000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /http:\/\/([^\s/]+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveStart({ child, url: `http://${m[1]}`, output: () => out, errors: () => err });
      }
    });
    child.stderr.on('data', (chunk) => { err += chunk; });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`ply serve exited with ${code}: ${err}`));
    });
  });
}

// Ctrl-C, then the exit code and what it printed.
export function stopServer(server) {
  return new Promise((done) => {
    server.child.removeAllListeners('exit');
    server.child.on('exit', (code, signal) => done({ code, signal, output: server.output() }));
    server.child.kill('SIGINT');
  });
}
