// The node-counting build of the wasm search (used by the benchmark) is the same search.
import { describe, expect, it } from 'vitest';
import { BATCH, RECORD_WORDS, RESULT_WORDS } from '../assembly/layout.js';
import { framePlan } from '../src/plan/frames.js';
import { writeRecord } from '../src/plan/records.js';
import { wasmKernelSync } from '../src/wasm/loader.js';

function run(n: number, countingNodes: boolean): { counts: bigint[]; nodes: bigint } {
  const kernel = wasmKernelSync();
  const records = new Int32Array(kernel.memory.buffer, kernel.recordsOffset(), BATCH * RECORD_WORDS);
  const results = new BigUint64Array(kernel.memory.buffer, kernel.resultsOffset(), BATCH * RESULT_WORDS);
  const plan = framePlan(n);
  const counts: bigint[] = [];
  const before = kernel.nodesVisited();
  for (let from = 0; from < plan.length; from += BATCH) {
    const size = Math.min(BATCH, plan.length - from);
    for (let i = 0; i < size; i++) writeRecord(records, i * RECORD_WORDS, n, plan[from + i].queens);
    if (countingNodes) kernel.countBatchCountingNodes(size);
    else kernel.countBatch(size);
    for (let i = 0; i < size; i++) counts.push(results[i * RESULT_WORDS]);
  }
  return { counts, nodes: kernel.nodesVisited() - before };
}

describe('countBatchCountingNodes', () => {
  it('gives the same completions as countBatch, subproblem by subproblem', () => {
    for (const n of [6, 9, 12]) {
      expect(run(n, true).counts).toEqual(run(n, false).counts);
    }
  });

  it('counts the same nodes every time, more for bigger boards; the plain build counts none', () => {
    const eleven = run(11, true).nodes;
    expect(eleven).toBeGreaterThan(0n);
    expect(run(11, true).nodes).toBe(eleven);
    expect(run(12, true).nodes).toBeGreaterThan(eleven * 3n);
    expect(run(12, false).nodes).toBe(0n);
  });
});
