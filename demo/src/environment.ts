import { findGpu, type GpuAdapter, WebGPUUnavailableError } from 'nqueens-wasm';

/** "Chromium 156 · 8 cores": the browser and how many threads it can run at once. */
export function describeEnvironment(): string {
  const nav = navigator as Navigator & { userAgentData?: { brands: { brand: string; version: string }[] } };
  const brand =
    nav.userAgentData?.brands.find((b) => !/not.?a.?brand/i.test(b.brand) && b.brand !== 'Chromium') ??
    nav.userAgentData?.brands.find((b) => b.brand === 'Chromium');
  const browser = brand ? `${brand.brand} ${brand.version}` : fromUserAgent(navigator.userAgent);
  const cores = navigator.hardwareConcurrency || 1;
  return `${browser} · ${cores} ${cores === 1 ? 'core' : 'cores'}`;
}

/**
 * The browser a user agent string names. Safari's gives its version as Version/18.0 and its
 * WebKit build as Safari/605.1.15 (which is not Safari 605). WebKitGTK's browsers (GNOME Web, the
 * MiniBrowser) copy that form with a made-up Version/ (60.5, say) on Linux, where there is no
 * Safari: they are named as WebKitGTK, GNOME Web with its own version where it gives one, since
 * their user agent gives no WebKitGTK version.
 */
export function fromUserAgent(agent: string): string {
  const named = /(Firefox|Edg|Chrome)\/(\d+)/.exec(agent);
  if (named) return `${named[1]} ${named[2]}`;
  if (!/AppleWebKit\//.test(agent)) return 'this browser';
  const epiphany = /Epiphany\/(\d+)/.exec(agent);
  if (epiphany) return `GNOME Web ${epiphany[1]} (WebKitGTK)`;
  const safari = /Version\/(\d+)[^)]*Safari\//.exec(agent);
  if (safari && /Macintosh|iPhone|iPad|iPod/.test(agent)) return `Safari ${safari[1]}`;
  return /Linux|X11|BSD/.test(agent) ? 'WebKitGTK' : 'a WebKit browser';
}

/**
 * How long the page waits for the GPU: the specification lets requestAdapter() never settle, and
 * the set-up (adapter, device, the kernel compiled) takes a few seconds on a software adapter.
 */
export const ADAPTER_TIMEOUT_MS = 10_000;

/** Whether the browser has WebGPU at all (WebKit with the feature on but unsupported has null). */
export function hasWebGpu(): boolean {
  return Boolean(navigator.gpu);
}

/** The adapter the 'webgpu' engine would count on here, or null; looked for once, when first asked. */
export type GpuLookup = () => Promise<GpuAdapter | null>;

export interface GpuProbe {
  /** The adapter the 'webgpu' engine would count on here, or null where there is none. */
  adapter: GpuAdapter | null;
  /** How the look ended: an adapter, none given, or no answer (a timeout or an error). */
  outcome: 'adapter' | 'none' | 'no-answer';
  /** Why there is no adapter, where there is none. */
  note: string | null;
}

/**
 * Sets up the GPU the package would count on. Where the browser has none, Chromium prints "No
 * available adapters." to the console for every look, whatever the options, and nothing tells
 * beforehand whether there is one: so the page looks only once the user asks for the GPU, and once.
 */
export async function probeGpu(timeoutMs = ADAPTER_TIMEOUT_MS): Promise<GpuProbe> {
  if (!navigator.gpu) return { adapter: null, outcome: 'none', note: 'this browser has no WebGPU' };
  const notOffered = 'so the WebGPU engine is not offered';
  try {
    return { adapter: await findGpu({ signal: AbortSignal.timeout(timeoutMs) }), outcome: 'adapter', note: null };
  } catch (error) {
    if (error instanceof WebGPUUnavailableError)
      return { adapter: null, outcome: 'none', note: `${error.reason}, ${notOffered}` };
    const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
    return {
      adapter: null,
      outcome: 'no-answer',
      note: timedOut
        ? `the GPU gave no answer in ${timeoutMs / 1000} s, ${notOffered}`
        : `setting up the GPU failed (${(error as Error).message}), ${notOffered}`,
    };
  }
}

/** "google swiftshader, a software adapter: …": how the page names the GPU it counts on. */
export function describeGpu(gpu: GpuAdapter): string {
  return gpu.software ? `${gpu.name}, a software adapter (its times say nothing about GPUs)` : gpu.name;
}
