// The benchmark's native competitors must count correctly, or their timings mean nothing.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BUILD_DIR, buildNative, runNative } from '../../bench/native.js';
import { countSubproblems, writeSubproblemsFile } from '../../bench/subproblems.js';
import { countSync } from '../../src/index.js';
import { knownCounts } from '../helpers/known-counts.js';

const hasCompiler = !spawnSync('cc', ['--version']).error;

describe('bench/c', () => {
  // The benchmark runs without a C compiler (its native columns then say so); so does this test.
  it.skipIf(!hasCompiler)('the C kernel and the plain mirror search count n = 5..12 exactly', () => {
    const native = buildNative();
    expect(native.missing).toBeNull();
    for (let n = 5; n <= 12; n++) {
      const file = `${BUILD_DIR}/test-subproblems-${n}.bin`;
      writeSubproblemsFile(file, n, countSubproblems(n));
      expect(runNative(native.kernel, [file]).total).toBe(knownCounts.get(n)!.total);
      expect(runNative(native.mirror, [String(n)]).total).toBe(knownCounts.get(n)!.total);
      expect(runNative(native.mirrorNodes, [String(n)]).nodes).toBeGreaterThan(0n);
    }
  });

  // Window and compact mode, and the hand-over from the bitmask search, against the package's
  // count of the same shard (each a second or two on either side). Frames of n = 21 have 17 free
  // rows: the bitmask search places one and hands the last 16 over; its last frame is one of the
  // lightest (the first ones take many seconds).
  it.skipIf(!hasCompiler).each([
    [19, 0, 2000, 'window and compact mode'],
    [20, 0, 4000, 'compact mode'],
    [21, 11996, 1_000_000, 'its last frame: the bitmask search handing over to compact mode'],
  ])('the C kernel counts a sample of n = %i (shard %i of %i, %s) as the package does', (n, index, m) => {
    const native = buildNative();
    const file = `${BUILD_DIR}/test-subproblems-${n}.bin`;
    const shard = { index, count: m };
    const subproblems = countSubproblems(n, shard);
    expect(subproblems.count).toBeGreaterThan(0);
    writeSubproblemsFile(file, n, subproblems);
    // The same subproblems: the search's shard, not the join's (another slice of the work).
    expect(runNative(native.kernel, [file]).total).toBe(countSync(n, { shard, method: 'backtrack' }).exact.total);
  });

  it.skipIf(!hasCompiler)('given a minimum time, each program repeats its count and still counts exactly', () => {
    const native = buildNative();
    const file = `${BUILD_DIR}/test-subproblems-8.bin`;
    writeSubproblemsFile(file, 8, countSubproblems(8));
    const once = runNative(native.kernel, [file]);
    expect(once.passes).toBe(1);
    for (const run of [runNative(native.kernel, [file, '30']), runNative(native.mirror, ['8', '30'])]) {
      // n = 8 takes microseconds: 30 ms is many passes.
      expect(run.passes).toBeGreaterThan(1);
      expect(run.total).toBe(92n);
    }
    const nodes = runNative(native.mirrorNodes, ['8', '30']);
    expect(nodes.nodes).toBe(runNative(native.mirrorNodes, ['8']).nodes);
  });
});
