// Whether the tests that count through Dawn run here: where Node has no WebGPU adapter they are
// skipped with a warning that says why, unless REQUIRE_GPU=1 makes the missing adapter a failure
// (CI sets it where lavapipe is installed).

import { acquireGpu } from '../../src/kernel/webgpu/device.js';

export interface DawnGpu {
  /** Why there is no GPU here, or null where Dawn gives an adapter. */
  readonly missing: string | null;
  /** Whether the file's GPU tests run: an adapter, or one required. */
  readonly run: boolean;
}

/** Looks for an adapter once, for the test file `file`, and warns where its tests are skipped. */
export async function dawnGpu(file: string): Promise<DawnGpu> {
  const required = process.env.REQUIRE_GPU === '1';
  const missing = await acquireGpu().then(
    () => null,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  if (missing !== null && !required)
    console.warn(`${file} skipped: no WebGPU adapter in Node (${missing}); set REQUIRE_GPU=1 to fail instead`);
  return { missing, run: missing === null || required };
}
