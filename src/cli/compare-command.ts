// `nqueens compare`: the TypeScript and wasm engines (and the GPU, with --webgpu) timed on the same
// boards, a row per n written as soon as it is measured, so that a long comparison shows its
// progress and a stop keeps the rows measured before it. The rows come before their numbers are
// known, so the columns are sized beforehand: the counts' from how many digits the counts of n
// have, the times' for any time from a microsecond to minutes. Where the terminal is narrow, the
// headers shorten, and then the columns least needed go: the unique count, then the speed-up.

import { DEFAULT_RUNS } from '../defaults.js';
import {
  type CompareResult,
  checkCompareEngines,
  compareEngines,
  findGpu,
  type GpuAdapter,
  WebGPUUnavailableError,
} from '../index.js';
import { METHOD_NAMES, methodChoices } from '../method-list.js';
import { formatCount, formatMs } from '../progress-display.js';
import { shown } from '../quote.js';
import type { CompareCommand } from './args.js';
import { type Io, write } from './io.js';
import { columnsOf, countWidths, wrap } from './layout.js';

/** Characters of a time as formatMs writes it, from 0.00041 ms to 999,999 ms. */
const MS_WIDTH = 7;

interface Column {
  key: 'n' | 'method' | 'total' | 'unique' | 'js' | 'wasm' | 'webgpu' | 'speedup';
  header: string;
  /** The header where the long one does not fit. */
  short: string;
  /** The width of its cells. */
  cells: number;
}

const speedupCell = (m: CompareResult) => `${m.speedup.toFixed(2)}x`;

function cellsOf(m: CompareResult): Record<Column['key'], string> {
  const { total, unique } = m.exact;
  return {
    n: String(m.n),
    method: m.method,
    total: formatCount(total),
    unique: unique === null ? '-' : formatCount(unique),
    js: formatMs(m.js.medianMs),
    wasm: formatMs(m.wasm.medianMs),
    webgpu: m.webgpu === undefined ? '-' : formatMs(m.webgpu.medianMs),
    speedup: speedupCell(m),
  };
}

interface Placed {
  key: Column['key'];
  header: string;
  width: number;
}

/** The widest layout that fits in `width` columns: all columns with full headers first. */
function layout(columns: readonly Column[], width: number): Placed[] {
  const tries: { drop: Column['key'][]; short: boolean }[] = [
    { drop: [], short: false },
    { drop: [], short: true },
    { drop: ['unique'], short: true },
    { drop: ['unique', 'method'], short: true },
    { drop: ['unique', 'method', 'speedup'], short: true },
  ];
  let placed: Placed[] = [];
  for (const { drop, short } of tries) {
    placed = columns
      .filter((c) => !drop.includes(c.key))
      .map((c) => {
        const header = short ? c.short : c.header;
        return { key: c.key, header, width: Math.max(c.cells, header.length) };
      });
    if (placed.reduce((sum, c) => sum + c.width, 0) + 2 * (placed.length - 1) <= width) break;
  }
  return placed;
}

/** The GPU the comparison will time, set up before anything is printed. */
async function gpuAdapter(signal: AbortSignal): Promise<GpuAdapter> {
  try {
    return await findGpu({ signal });
  } catch (error) {
    if (error instanceof WebGPUUnavailableError) throw new Error(`--webgpu: no GPU to time here (${error.reason})`);
    throw error;
  }
}

export async function compareCommand({ from, to, runs, json, webgpu }: CompareCommand, io: Io): Promise<void> {
  const rounds = runs ?? DEFAULT_RUNS;
  // Both ends of the range, before anything is printed or timed.
  checkCompareEngines(from, { runs: rounds });
  checkCompareEngines(to, { runs: rounds });
  const adapter = webgpu ? await gpuAdapter(io.signal) : null;
  const out = (text: string) => write(io.stdout, text, io.signal, 'the table');
  const width = columnsOf(io.stdout);
  const counts = countWidths(from, to);
  const all: Column[] = [
    { key: 'n', header: 'n', short: 'n', cells: String(to).length },
    { key: 'method', header: 'method', short: 'method', cells: Math.max(...METHOD_NAMES.map((name) => name.length)) },
    { key: 'total', header: 'total', short: 'total', cells: counts.total },
    { key: 'unique', header: 'unique', short: 'unique', cells: counts.unique },
    { key: 'js', header: 'TypeScript ms', short: 'js ms', cells: MS_WIDTH },
    { key: 'wasm', header: 'wasm ms', short: 'wasm ms', cells: MS_WIDTH },
    ...(webgpu ? [{ key: 'webgpu', header: 'webgpu ms', short: 'gpu ms', cells: MS_WIDTH } as const] : []),
    { key: 'speedup', header: 'speed-up', short: 'speed-up', cells: '99.99x'.length },
  ];
  const columns = layout(all, width);
  const line = (cells: (c: Placed) => string) => `${columns.map((c) => cells(c).padStart(c.width)).join('  ')}\n`;
  if (!json) {
    const runsText = `${rounds} ${rounds === 1 ? 'run' : 'runs'}`;
    const engines = webgpu ? 'TypeScript (js) and wasm against the GPU (webgpu)' : 'TypeScript (js) against wasm';
    const title =
      `${engines}: the median time of ${runsText} per engine after a warm-up, in ms per count ` +
      `(a run on the CPU repeats the count for at least 10 ms); method: the method both count by (${methodChoices('')}); speed-up: js / wasm.`;
    const gpu =
      adapter === null
        ? ''
        : `${wrap(
            `The GPU: ${shown(adapter.name)}${adapter.software ? ', a software adapter: its times say nothing about GPUs' : ''}.`,
            width,
          )}\n`;
    await out(`${wrap(title, width)}\n${gpu}${line((c) => c.header)}${line((c) => '-'.repeat(c.width))}`);
  }
  for (let n = from; n <= to; n++) {
    if (io.stderr.isTTY) io.stderr.write(`\r\x1b[Kn = ${n}…`);
    const m = await compareEngines(n, { runs: rounds, signal: io.signal, webgpu });
    const { total, unique } = m.exact;
    if (io.stderr.isTTY) io.stderr.write('\r\x1b[K');
    if (json) {
      const [jsMs, wasmMs] = [m.js.medianMs, m.wasm.medianMs];
      const gpu = m.webgpu === undefined ? {} : { webgpuMs: m.webgpu.medianMs, adapter: m.webgpu.adapter };
      const fields = { n, method: m.method, total: String(total), unique: String(unique), jsMs, wasmMs, ...gpu };
      await out(`${JSON.stringify({ ...fields, speedup: m.speedup, runs: rounds })}\n`);
    } else {
      const cells = cellsOf(m);
      await out(line((c) => cells[c.key]));
    }
  }
}
