// The load test (npm run bench -- --load): how a Node HTTP server that answers with count(n),
// default options, holds up while many clients ask at once. The server runs in a process of its
// own (bench/load-server.mjs); here, a client of node:http keeps `connections` keep-alive
// connections busy for `durationS`, each asking for the sizes in turn, and checks every answer's
// total against the known counts. What it reports: correct answers per second, errors (not 200, a
// wrong total, a failed connection) and timeouts; per n the latency percentiles of the correct
// answers, beside the same request's median time with the server otherwise idle; and the server's
// memory before and after the load.

import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { MIN_RUN_MS, median } from './measure.js';
import { repositoryRoot } from './repository.js';
import { formatMs, formatTable } from './table.js';

export interface LoadOptions {
  connections: number;
  durationS: number;
  /** The boards asked for, each connection cycling through them from a different start. */
  sizes: number[];
  /** A request not answered within this is abandoned (its socket closed) and counted as a timeout. */
  timeoutS: number;
  /**
   * The connections start one after another over this many seconds, as clients arrive at a real
   * server: all at once, the first requests would measure one burst of fifty queued together.
   */
  rampS: number;
}

export interface LoadRow {
  n: number;
  /** Correct answers under load; the percentiles are over these. */
  answers: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The median of requests for n one after another, the server otherwise idle. */
  aloneMs: number;
  errors: number;
  timeouts: number;
}

export interface ServerMemory {
  rss: number;
  heapUsed: number;
}

export interface LoadReport {
  options: LoadOptions;
  /** From the first request of the load to the last one settled (the last ones may outlast the duration). */
  elapsedMs: number;
  answers: number;
  answersPerS: number;
  errors: { status: number; wrongTotal: number; failed: number };
  timeouts: number;
  /** The first error's description, where there was one. */
  firstError: string | null;
  rows: LoadRow[];
  /** All sizes together. */
  all: Omit<LoadRow, 'n' | 'aloneMs'>;
  memory: { start: ServerMemory; end: ServerMemory };
}

const SERVER = `${repositoryRoot}bench/load-server.mjs`;
/** Each n alone: requests for MIN_RUN_MS to warm up, then timed ones for MIN_RUN_MS and this many at the least. */
const ALONE_REQUESTS = 3;
const START_TIMEOUT_MS = 10_000;
/** How long the server gets to exit after its IPC channel closes, before it is killed. */
const STOP_TIMEOUT_MS = 2_000;

class Timeout extends Error {}

interface Answer {
  status: number;
  body: string;
}

/** One GET on the agent's connections; rejects with a Timeout where no full answer came within `timeoutMs`. */
function get(agent: Agent, port: number, path: string, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const signal = AbortSignal.timeout(timeoutMs);
    // Whatever error the abort surfaces as (on the request or mid-body), it is a timeout.
    const fail = (error: Error) =>
      reject(signal.aborted ? new Timeout(`no answer to ${path} in ${timeoutMs} ms`) : error);
    const req = request({ host: '127.0.0.1', port, path, agent, signal }, (res) => {
      const chunks: string[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: chunks.join('') }));
      res.on('error', fail);
      res.on('close', () => {
        if (!res.complete) fail(new Error(`the answer to ${path} was cut off`));
      });
    });
    req.on('error', fail);
    req.end();
  });
}

/** Why the answer is not count(n)'s right total, or null where it is. */
function wrongTotal(answer: Answer, n: number, known: ReadonlyMap<number, bigint>): string | null {
  try {
    const result = JSON.parse(answer.body) as { n?: unknown; exact?: { total?: unknown } };
    const total = result.exact?.total;
    if (result.n !== n || typeof total !== 'string') return `count(${n}) answered ${answer.body.slice(0, 200)}`;
    if (BigInt(total) !== known.get(n)) return `count(${n}) answered a total of ${total}, not ${known.get(n)}`;
    return null;
  } catch (error) {
    return `count(${n}) answered ${answer.body.slice(0, 200)} (${(error as Error).message})`;
  }
}

async function startServer(): Promise<{ child: ChildProcess; port: number }> {
  // No execArgv: the server is a plain Node process, whatever flags the bench itself was started with.
  const child = fork(SERVER, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the load server did not start')), START_TIMEOUT_MS);
      child.once('message', (message: { port: number }) => {
        clearTimeout(timer);
        resolve(message.port);
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the load server exited before listening (${signal ?? `exit code ${code}`})`));
      });
    });
    return { child, port };
  } catch (error) {
    await stopServer(child);
    throw error;
  }
}

/** Closes the server's IPC channel, on which it exits; kills it if it has not within STOP_TIMEOUT_MS. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  if (child.connected) child.disconnect();
  else child.kill('SIGKILL');
  await exited;
  clearTimeout(timer);
}

/** Nearest rank: the smallest value at or above `p` percent of the sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarize(latencies: number[], errors: number, timeouts: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    answers: sorted.length,
    p50Ms: percentile(sorted, 50),
    p90Ms: percentile(sorted, 90),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1],
    errors,
    timeouts,
  };
}

/**
 * Starts the server, times each size alone, then runs the load and reads the server's memory
 * before and after it. The server and every socket are closed on the way out, failed or not.
 */
export async function measureLoad(
  options: LoadOptions,
  known: ReadonlyMap<number, bigint>,
  status: (line: string) => void = () => {},
): Promise<LoadReport> {
  const { connections, durationS, sizes, timeoutS, rampS } = options;
  for (const n of sizes) if (!known.has(n)) throw new Error(`no known count for n = ${n} to check the answers against`);
  const timeoutMs = timeoutS * 1000;
  status('load: starting the server');
  const { child, port } = await startServer();
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  // The server's exit during the run fails it at once, rather than as a run of connection errors.
  let serverGone: ((error: Error) => void) | undefined;
  const gone = new Promise<never>((_resolve, reject) => {
    serverGone = reject;
  });
  gone.catch(() => {});
  const onExit = (code: number | null, signal: string | null) =>
    serverGone?.(new Error(`the load server exited during the run (${signal ?? `exit code ${code}`})`));
  child.on('exit', onExit);
  const memory = async (): Promise<ServerMemory> => {
    const answer = await get(agent, port, '/memory', timeoutMs);
    if (answer.status !== 200) throw new Error(`GET /memory answered ${answer.status}: ${answer.body}`);
    return JSON.parse(answer.body) as ServerMemory;
  };
  try {
    // Requests one after another until MIN_RUN_MS and `least` have passed: their times.
    const oneByOne = async (n: number, least: number) => {
      const times: number[] = [];
      for (let spent = 0; spent < MIN_RUN_MS || times.length < least; ) {
        const started = performance.now();
        const answer = await get(agent, port, `/?n=${n}`, timeoutMs);
        const ms = performance.now() - started;
        const wrong = answer.status === 200 ? wrongTotal(answer, n, known) : `status ${answer.status}: ${answer.body}`;
        if (wrong !== null) throw new Error(`before the load: ${wrong}`);
        times.push(ms);
        spent += ms;
      }
      return times;
    };
    const alone = new Map<number, number>();
    for (const n of sizes) {
      status(`load: count(${n}) alone`);
      await oneByOne(n, 1);
      alone.set(n, median(await oneByOne(n, ALONE_REQUESTS)));
    }
    const start = await memory();

    const latencies = new Map<number, number[]>(sizes.map((n) => [n, []]));
    const perN = new Map(sizes.map((n) => [n, { errors: 0, timeouts: 0 }]));
    const errors = { status: 0, wrongTotal: 0, failed: 0 };
    let timeouts = 0;
    let firstError: string | null = null;
    const error = (n: number, kind: keyof typeof errors, what: string) => {
      errors[kind]++;
      perN.get(n)!.errors++;
      firstError ??= what;
    };
    const begun = performance.now();
    const deadline = begun + durationS * 1000;
    let answers = 0;
    // Set where the run ends early (the server gone), so that no connection goes on asking.
    let stopped = false;
    const ticker = setInterval(() => {
      status(`load: ${((performance.now() - begun) / 1000).toFixed(0)} s of ${durationS} s, ${answers} answers`);
    }, 1000);
    // Each connection starts at another size, so that every size is asked for throughout.
    const connection = async (first: number) => {
      await new Promise((resolve) => setTimeout(resolve, (first * rampS * 1000) / connections));
      for (let k = first; !stopped && performance.now() < deadline; k++) {
        const n = sizes[k % sizes.length];
        const started = performance.now();
        try {
          const answer = await get(agent, port, `/?n=${n}`, timeoutMs);
          const ms = performance.now() - started;
          if (answer.status !== 200) error(n, 'status', `count(${n}): status ${answer.status}: ${answer.body}`);
          else {
            const wrong = wrongTotal(answer, n, known);
            if (wrong !== null) error(n, 'wrongTotal', wrong);
            else {
              latencies.get(n)!.push(ms);
              answers++;
            }
          }
        } catch (e) {
          if (e instanceof Timeout) {
            timeouts++;
            perN.get(n)!.timeouts++;
            firstError ??= e.message;
          } else error(n, 'failed', `count(${n}): ${(e as Error).message}`);
        }
      }
    };
    try {
      await Promise.race([Promise.all(Array.from({ length: connections }, (_, i) => connection(i))), gone]);
    } finally {
      stopped = true;
      clearInterval(ticker);
    }
    const elapsedMs = performance.now() - begun;
    const end = await memory();

    const rows = sizes.map((n) => ({
      n,
      ...summarize(latencies.get(n)!, perN.get(n)!.errors, perN.get(n)!.timeouts),
      aloneMs: alone.get(n)!,
    }));
    const all = summarize(
      sizes.flatMap((n) => latencies.get(n)!),
      errors.status + errors.wrongTotal + errors.failed,
      timeouts,
    );
    return {
      options,
      elapsedMs,
      answers,
      answersPerS: answers / (elapsedMs / 1000),
      errors,
      timeouts,
      firstError,
      rows,
      all,
      memory: { start, end },
    };
  } finally {
    status('');
    child.off('exit', onExit);
    agent.destroy();
    await stopServer(child);
  }
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : formatMs(v));

export function formatLoad(r: LoadReport): string {
  const { connections, durationS, sizes, timeoutS, rampS } = r.options;
  const errors = r.errors.status + r.errors.wrongTotal + r.errors.failed;
  const row = (what: string, v: Omit<LoadRow, 'n' | 'aloneMs'>, aloneMs: number | null) => [
    what,
    String(v.answers),
    ms(v.p50Ms),
    ms(v.p90Ms),
    ms(v.p99Ms),
    ms(v.maxMs),
    aloneMs === null ? '' : ms(aloneMs),
    aloneMs === null || Number.isNaN(v.p50Ms) ? '' : `${(v.p50Ms / aloneMs).toFixed(1)}x`,
    String(v.errors),
    String(v.timeouts),
  ];
  return (
    `\nload: ${connections} keep-alive connections (started over ${rampS} s) for ${durationS} s, each asking for n = ${sizes.join(', ')} in turn, ` +
    `of a server process on 127.0.0.1 answering with count(n), default options\n` +
    `${formatTable(
      ['n', 'answers', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'alone ms', 'p50 / alone', 'errors', 'timeouts'],
      [...r.rows.map((v) => row(String(v.n), v, v.aloneMs)), row('all', r.all, null)],
    )}\n` +
    `${r.answersPerS.toFixed(1)} correct answers/s (${r.answers} in ${formatMs(r.elapsedMs / 1000)} s, the last requests ` +
    `finishing after the ${durationS} s)\n` +
    `errors: ${errors} (not 200: ${r.errors.status}, wrong total: ${r.errors.wrongTotal}, failed: ${r.errors.failed}); ` +
    `timeouts (no answer in ${timeoutS} s): ${r.timeouts}\n` +
    `${r.firstError === null ? '' : `first error: ${r.firstError}\n`}` +
    `${formatTable(
      ['server memory', 'before MiB', 'after MiB'],
      [
        ['rss', mib(r.memory.start.rss), mib(r.memory.end.rss)],
        ['heapUsed', mib(r.memory.start.heapUsed), mib(r.memory.end.heapUsed)],
      ],
    )}\n` +
    `latency: from sending a request to its whole answer, over the correct answers. alone: before the load, the median of\n` +
    `requests for n one after another with the server otherwise idle (for ${MIN_RUN_MS} ms, ${ALONE_REQUESTS} at the least), ` +
    `after ${MIN_RUN_MS} ms of them to warm up.\n` +
    `memory: the server's, after those requests and after the load.\n`
  );
}
