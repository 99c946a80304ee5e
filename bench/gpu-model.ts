// The GPU model (npm run bench -- --gpu-model): what the engine's GPU kernel and a reference
// after ygch/n_queens (bench/gpu-reference.ts) would pay on a real GPU, per solution, with no GPU
// at hand. Per kernel and board:
// - steps per solution: iterations of the kernel's loop, summed over lanes, over the solutions
//   (a replay of the loop on the CPU over the same tasks the kernel is given:
//   bench/gpu-model-replay.ts; each replay's count is checked against the known one);
// - ALU operations per step on the loop's hot path, counted in the SPIR-V that Dawn makes of the
//   kernel (bench/gpu-model-ops.ts), with the workgroup-memory traffic beside them;
// - lane use: the share of a warp's 32 lanes that work in its iterations (the same replay, in
//   lockstep groups of 32, on LANES invocations);
// - their product, steps x ALU operations / lane use: warp-issue slots per solution on a GPU whose
//   integer ALUs bind (an NVIDIA GPU running this search does), and the engine's kernel's product
//   over the reference's. An estimate, not a measurement: it leaves out memory latency, occupancy
//   and what the driver's compiler fuses.
// Beside it, where Node has a WebGPU adapter (a software one here: lavapipe), both kernels timed
// on it as a caller sees a count, in alternating rounds.

import { formatMs, formatTable } from '../src/cli/table.js';
import { DispatchBudget } from '../src/kernel/webgpu/budget.js';
import { acquireGpu } from '../src/kernel/webgpu/device.js';
import { placementTargetTasks } from '../src/kernel/webgpu/placement-kernel.js';
import { PLACEMENT_SHADER } from '../src/kernel/webgpu/placement-shader.js';
import { gpuWork } from '../src/kernel/webgpu/tasks.js';
import { plan } from '../src/plan/plan.js';
import { median, status } from './counting.js';
import { countOnGpuEngine, gpuAdapter } from './gpu-count.js';
import { countLoopOps, dumpSpirv, type LoopOps } from './gpu-model-ops.js';
import { replayPlacement, replayReference } from './gpu-model-replay.js';
import { countReference, type ReferencePush, referenceShader, referenceTasks } from './gpu-reference.js';

/** Boards the model replays when none are asked for. */
export const MODEL_BOARDS = [16];
/** Boards timed on the software adapter when none are asked for. */
export const MODEL_TIMED_BOARDS = [14, 15, 16];
/**
 * Invocations in the replays: about what an H100 holds at once of the engine's kernel (132 SMs,
 * 16 KiB of workgroup memory per 32 invocations: 14 workgroups an SM).
 */
export const LANES = 1 << 16;
/** The reference's invocations on the software adapter: its one dispatch, as the original launches one grid. */
const REFERENCE_INVOCATIONS = 1024;

export interface ModelKernel {
  kernel: string;
  stepsPerSolution: number;
  laneUse: number;
  ops: LoopOps;
  /** Steps per solution x ALU operations per step / lane use. */
  product: number;
}

export interface ModelRow {
  n: number;
  solutions: string;
  ours: ModelKernel;
  reference: ModelKernel;
  /** Our product over the reference's: below 1, ours is predicted faster. */
  ratio: number;
}

export interface TimedRow {
  n: number;
  /** Median milliseconds of a count, the engine's kernel, and the reference in its two pushes. */
  oursMs: number;
  referenceMs: Record<ReferencePush, number>;
}

export interface ModelReport {
  lanes: number;
  rows: ModelRow[];
  /** The software adapter's name and its timings, or why there are none. */
  adapter: string | null;
  timed: TimedRow[] | string;
}

function kernelFigures(kernel: string, steps: number, slots: number, solutions: bigint, ops: LoopOps): ModelKernel {
  const stepsPerSolution = steps / Number(solutions);
  const laneUse = steps / slots;
  return { kernel, stepsPerSolution, laneUse, ops, product: (stepsPerSolution * ops.alu) / laneUse };
}

/** The model for each board, checked against the known counts. */
export function modelRows(boards: number[], known: Map<number, bigint>, lanes = LANES): ModelRow[] {
  const oursOps = countLoopOps(dumpSpirv(PLACEMENT_SHADER));
  const rows: ModelRow[] = [];
  for (const n of boards) {
    const solutions = known.get(n);
    if (solutions === undefined) throw new Error(`no known count for n = ${n}`);
    status(`gpu model: n = ${n}, replaying the engine's kernel on ${lanes} lanes`);
    const p = plan(n, null, null);
    const list = p.subproblems;
    const all = Array.from({ length: list.count }, (_, i) => i);
    const budget = new DispatchBudget({ placements: 1, minPlacements: 1, invocations: lanes, maxInvocations: lanes });
    const work = gpuWork(n, list, all, placementTargetTasks(budget));
    const ours = replayPlacement(work, lanes);
    let total = 0n;
    for (let i = 0; i < work.recordCount; i++)
      total += BigInt(list.weight[i]) * BigInt(work.hostCounts[i] + ours.perRecord[i]);
    if (total !== solutions) throw new Error(`the replay of the engine's kernel counted ${total} at n = ${n}`);

    status(`gpu model: n = ${n}, replaying the reference on ${lanes} lanes`);
    const reference = replayReference(referenceTasks(n), n, lanes);
    if (BigInt(reference.found) !== solutions)
      throw new Error(`the replay of the reference counted ${reference.found} at n = ${n}`);
    const referenceOps = countLoopOps(dumpSpirv(referenceShader(n)));
    const o = kernelFigures('ours', ours.steps, ours.slots, solutions, oursOps);
    const r = kernelFigures('reference', reference.steps, reference.slots, solutions, referenceOps);
    rows.push({ n, solutions: String(solutions), ours: o, reference: r, ratio: o.product / r.product });
  }
  status('');
  return rows;
}

/** Both kernels timed on this process's adapter, alternating rounds; medians of `runs`. */
async function timeOnAdapter(boards: number[], runs: number): Promise<TimedRow[]> {
  const gpu = await acquireGpu();
  const rows: TimedRow[] = [];
  const pushes: ReferencePush[] = ['if', 'spare'];
  for (const n of boards) {
    status(`gpu model: n = ${n}, warm-up`);
    await countOnGpuEngine(n, 1);
    for (const push of pushes) await countReference(gpu, n, REFERENCE_INVOCATIONS, push);
    const ours: number[] = [];
    const reference: Record<ReferencePush, number[]> = { if: [], spare: [] };
    for (let round = 1; round <= runs; round++) {
      status(`gpu model: n = ${n}, round ${round}/${runs}`);
      ours.push((await countOnGpuEngine(n, 1)).ms);
      for (const push of pushes) {
        const r = await countReference(gpu, n, REFERENCE_INVOCATIONS, push);
        reference[push].push(r.ms);
      }
    }
    rows.push({ n, oursMs: median(ours), referenceMs: { if: median(reference.if), spare: median(reference.spare) } });
  }
  status('');
  return rows;
}

/** The model's rows, and the timings on this process's adapter where there is one. */
export async function measureModel(
  boards: number[] | null,
  runs: number,
  known: Map<number, bigint>,
): Promise<ModelReport> {
  const rows = modelRows(boards ?? MODEL_BOARDS, known);
  const adapter = await gpuAdapter().catch(() => null);
  const timed =
    adapter === null
      ? 'no WebGPU adapter in this process'
      : await timeOnAdapter(
          (boards ?? MODEL_TIMED_BOARDS).filter((n) => n >= 12),
          runs,
        );
  return { lanes: LANES, rows, adapter: adapter?.name ?? null, timed };
}

/** The report as the bench prints it: the model's table, then the timings. */
export function formatModel(report: ModelReport, runs: number): string {
  const model = formatTable(
    ['n', 'kernel', 'steps/solution', 'ALU ops/step', 'shared B/step', 'lane use @32', 'product', 'vs reference'],
    report.rows.flatMap((row) =>
      [row.ours, row.reference].map((k) => [
        String(row.n),
        k.kernel === 'ours' ? 'ours (placement)' : 'reference (ygch/n_queens)',
        k.stepsPerSolution.toFixed(2),
        String(k.ops.alu),
        String(k.ops.sharedBytes),
        k.laneUse.toFixed(3),
        k.product.toFixed(0),
        k.kernel === 'ours' ? row.ratio.toFixed(2) : '1.00',
      ]),
    ),
  );
  let out =
    `\nGPU model (no GPU measured: an estimate of what a real one pays per solution)\n${model}\n` +
    `(steps: loop iterations summed over lanes, replayed on the CPU over the tasks each kernel is given, on ${report.lanes} invocations; ALU ops: on the loop's hot path in the SPIR-V Dawn makes, counted by bench/gpu-model-ops.ts; shared B: workgroup memory read and written a step; lane use: busy lanes of a warp of 32 in lockstep; product: steps x ALU ops / lane use)\n`;
  if (typeof report.timed === 'string') return `${out}(not timed on an adapter: ${report.timed})\n`;
  out += `\n${formatTable(
    ['n', 'ours ms', 'reference ms', 'ours / reference', 'reference (spare slot) ms', 'ours / that'],
    report.timed.map((t) => [
      String(t.n),
      formatMs(t.oursMs),
      formatMs(t.referenceMs.if),
      (t.oursMs / t.referenceMs.if).toFixed(2),
      formatMs(t.referenceMs.spare),
      (t.oursMs / t.referenceMs.spare).toFixed(2),
    ]),
  )}\n(on ${report.adapter}: a count as a caller sees it, median of ${runs} alternating round${runs === 1 ? '' : 's'}; the reference pushes under an if, as the CUDA original predicates its store, or always into a spare slot, a form the original does not have that a CPU emulating a GPU runs faster)\n`;
  return out;
}
