// Loads the 'webgpu' engine on demand: its module (with-gpu.ts, a module of its own in the
// package's build) is fetched and parsed only by a count or a comparison that asks for the GPU.

export const loadGpuEngine = () => import('./with-gpu.js');
