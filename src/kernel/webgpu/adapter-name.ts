// How the package names the GPU adapter it counts on (count, compareEngines and findGpu report it),
// from what the adapter says of itself, in any of the shapes that browsers and Dawn's versions give.

import type { GpuAdapter } from '../../types.js';

/** What describeAdapter reads of a GPUAdapter. */
interface AdapterLike {
  readonly info?: {
    vendor?: string;
    architecture?: string;
    device?: string;
    description?: string;
    isFallbackAdapter?: boolean;
  };
  readonly isFallbackAdapter?: boolean;
}

export function describeAdapter(adapter: AdapterLike): GpuAdapter {
  const info = adapter.info;
  const parts = [info?.vendor, info?.architecture, info?.device].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  );
  const name = info?.description || parts.join(' ') || 'an adapter that does not name itself';
  const fallback = info?.isFallbackAdapter === true || adapter.isFallbackAdapter === true;
  return { name, software: fallback || /swiftshader|llvmpipe|lavapipe|warp|software/i.test(name) };
}
