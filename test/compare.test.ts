import { describe, expect, it } from 'vitest';
import { compareEngines } from '../src/index.js';

describe('compareEngines', () => {
  it('times both engines on the same n and reports medians and their ratio', async () => {
    const r = await compareEngines(10, { runs: 3 });
    expect(r.n).toBe(10);
    expect(r.total).toBe(724);
    expect(r.exact).toMatchObject({ total: 724n, unique: 92n });
    expect(JSON.parse(JSON.stringify(r.exact))).toEqual({ total: '724', unique: '92' });
    expect(r.js.medianMs).toBeGreaterThan(0);
    expect(r.wasm.medianMs).toBeGreaterThan(0);
    expect(r.speedup).toBeCloseTo(r.js.medianMs / r.wasm.medianMs, 10);
  });
});
