// How the package names the GPU adapter it counts on (compareEngines reports it). Kept apart from
// the WebGPU calls, and typed without WebGPU's types, so that the package's type declarations ask
// nothing of a project without them; and a module of its own, so that a page that looks for an
// adapter itself (the demo's) names it as the package would.

/** The adapter, as its driver describes it. */
export interface AdapterInfo {
  /** Vendor, architecture, device or description: what the adapter says of itself. */
  readonly name: string;
  /** A software rasterizer (a fallback adapter, e.g. SwiftShader): its speed says nothing about GPUs. */
  readonly software: boolean;
}

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

export function describeAdapter(adapter: AdapterLike): AdapterInfo {
  const info = adapter.info;
  const parts = [info?.vendor, info?.architecture, info?.device].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  );
  const name = info?.description || parts.join(' ') || 'an adapter that does not name itself';
  const fallback = info?.isFallbackAdapter === true || adapter.isFallbackAdapter === true;
  return { name, software: fallback || /swiftshader|llvmpipe|lavapipe|warp|software/i.test(name) };
}
