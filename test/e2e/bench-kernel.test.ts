// The wasm kernel the package ships against the benchmark's build of the same kernel searching by
// bitmask alone (build/bench.wasm, from assembly/bench.ts): records big enough that the shipped
// kernel hands the bitmask search's last 16 rows over to forward checking must count the same. The
// benchmark's build is made by this tier's pretest, not the fast tier's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BATCH, RESULT_COMPLETIONS, RESULT_WORDS, SUBPROBLEM_BYTES } from '../../assembly/layout.js';
import { compileKernelSync } from '../../src/kernel/wasm/compile.js';
import { wasmKernel } from '../../src/kernel/wasm/kernel.js';
import type { KernelExports } from '../../src/kernel/wasm/kernel-exports.generated.js';
import { instantiateKernelSync } from '../../src/kernel/wasm/module.js';
import { frames } from '../../src/plan/frames.js';
import type { Queen } from '../../src/types.js';
import { kernelCount } from '../helpers/kernel-count.js';
import { randomInt, randomQueens, seededRandom } from '../helpers/random.js';

describe('the wasm kernel against its bitmask search alone (the benchmark build)', () => {
  const bench = instantiateKernelSync(
    new WebAssembly.Module(readFileSync(new URL('../../build/bench.wasm', import.meta.url))),
  ) as KernelExports & { countStepsBitmaskOnly(budget: number): number };
  const release = wasmKernel(instantiateKernelSync(compileKernelSync()));

  it('counts every record the same: frames of n = 19 and 20 (compact), and placements with 17 to 19 free rows (handed over)', () => {
    const random = seededRandom(2019);
    const subproblems = new Int8Array(bench.memory.buffer, bench.subproblemsOffset(), BATCH * SUBPROBLEM_BYTES);
    const fixed = new Uint8Array(bench.memory.buffer, bench.fixedOffset(), BATCH);
    const results = new BigUint64Array(bench.memory.buffer, bench.resultsOffset(), BATCH * RESULT_WORDS);
    const cases: [number, Queen[]][] = [];
    for (const n of [19, 20]) {
      const list = frames(n);
      // Two frames without a corner queen, at random.
      for (let i = 0, taken = 0; i < list.count && taken < 2; i++) {
        const queens: Queen[] = [];
        for (let q = 0; q < list.width; q++) {
          const at = (i * list.width + q) * 2;
          if (list.queens[at] >= 0) queens.push([list.queens[at], list.queens[at + 1]]);
        }
        if (queens.length === 4 && randomInt(random, 0, 400) === 0) {
          cases.push([n, queens]);
          taken++;
        }
      }
    }
    for (const [n, k] of [
      [22, 5],
      [23, 6],
      [25, 7],
      [26, 8],
      [28, 10],
    ])
      cases.push([n, randomQueens(random, n, k)]);
    let counted = 0n;
    for (const [n, queens] of cases) {
      subproblems.set(queens.flat());
      fixed[0] = 0;
      bench.startBatch(1, n, queens.length, 0);
      while (bench.countStepsBitmaskOnly(0x7fffffff) < 1);
      const second = results[RESULT_COMPLETIONS];
      expect({ n, queens, count: kernelCount(release, n, queens, 50) }).toEqual({ n, queens, count: second });
      counted += second;
    }
    expect(counted).toBeGreaterThan(100_000n);
  });
});
