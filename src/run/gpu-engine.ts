// The 'webgpu' engine, loaded on demand: a separate module of the package's build, fetched and
// parsed only by a count or a comparison that asks for the GPU.

export const loadGpuEngine = () => import('./with-gpu.js');
