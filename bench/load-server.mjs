// The server of the load test (bench/load.ts forks it; npm run bench -- --load). It runs in a
// process of its own so that the client's work never holds up the event loop being measured, and
// it is plain JavaScript, run from bench/ as it is. GET /?n=N answers with `await count(n)` as
// JSON (BigInts as decimal strings), GET /memory with this process's rss and heapUsed. It listens
// on an ephemeral port of 127.0.0.1 only, tells its parent the port over the IPC channel, and exits
// when that channel closes: the parent's ending in any way (done, failed, Ctrl-C, killed) ends the
// server.

import { createServer } from 'node:http';

if (process.send === undefined) throw new Error('bench/load-server.mjs is started by bench/load.ts (fork, with IPC)');

// The package as it ships: the bench's dependency, the built package.
const { count } = await import('nqueens-wasm');

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function send(res, status, body) {
  const json = JSON.stringify(body, (_key, value) => (typeof value === 'bigint' ? String(value) : value));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method !== 'GET') return send(res, 405, { error: `${req.method} is not served` });
  if (url.pathname === '/memory') {
    const { rss, heapUsed } = process.memoryUsage();
    return send(res, 200, { rss, heapUsed });
  }
  if (url.pathname !== '/') return send(res, 404, { error: `no ${url.pathname}` });
  // count() checks n itself: a bad one is the caller's error, anything else the server's.
  count(Number(url.searchParams.get('n') ?? Number.NaN)).then(
    (result) => send(res, 200, result),
    (error) =>
      send(res, error instanceof RangeError || error instanceof TypeError ? 400 : 500, {
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});

process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`unexpected address ${address}`);
  process.send?.({ port: address.port });
});
