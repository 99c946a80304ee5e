import { describeAdapter, type AdapterInfo } from '../../src/kernel/webgpu/adapter.js';

export type { AdapterInfo };

/** "Chromium 156 · 8 cores": the browser and how many threads it can run at once. */
export function describeEnvironment(): string {
  const nav = navigator as Navigator & { userAgentData?: { brands: { brand: string; version: string }[] } };
  const brand = nav.userAgentData?.brands.find((b) => !/not.?a.?brand/i.test(b.brand) && b.brand !== 'Chromium')
    ?? nav.userAgentData?.brands.find((b) => b.brand === 'Chromium');
  const browser = brand
    ? `${brand.brand} ${brand.version}`
    : (/(Firefox|Edg|Chrome|Safari)\/(\d+)/.exec(navigator.userAgent) ?? []).slice(1, 3).join(' ') || 'this browser';
  const cores = navigator.hardwareConcurrency || 1;
  return `${browser} · ${cores} ${cores === 1 ? 'core' : 'cores'}`;
}

/** The adapter the 'webgpu' engine would count on here, or null where there is none. */
export async function gpuAdapter(): Promise<AdapterInfo | null> {
  try {
    const adapter = await navigator.gpu?.requestAdapter();
    return adapter ? describeAdapter(adapter as Parameters<typeof describeAdapter>[0]) : null;
  } catch {
    return null;
  }
}

/** "google swiftshader, a software adapter: …": how the page names the GPU it counts on. */
export function describeGpu(gpu: AdapterInfo): string {
  return gpu.software ? `${gpu.name}, a software adapter (its times say nothing about GPUs)` : gpu.name;
}
