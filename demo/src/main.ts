import type { GpuAdapter } from 'nqueens-wasm';
import { browsePanel } from './browse-panel.js';
import { comparePanel } from './compare-panel.js';
import { countPanel } from './count-panel.js';
import { describeEnvironment, describeGpu, type GpuLookup, probeGpu } from './environment.js';
import { joinPanel } from './join-panel.js';
import { watchPanel } from './watch-panel.js';

document.querySelector('#environment')!.textContent = `Running on ${describeEnvironment()}.`;

// The GPU is looked for only once the user picks it (the WebGPU engine, or the comparison with
// it), and then once: where there is no adapter, Chromium prints a console message for each look.
let looked: Promise<GpuAdapter | null> | undefined;
const gpu: GpuLookup = () =>
  (looked ??= probeGpu().then(({ adapter, outcome, note }) => {
    const line = document.querySelector<HTMLElement>('#gpu')!;
    line.textContent = adapter !== null ? `WebGPU: ${describeGpu(adapter)}.` : `WebGPU: ${note}.`;
    line.hidden = false;
    // How the look for an adapter ended: for tests and anyone inspecting the page.
    document.body.dataset.webgpu = outcome;
    return adapter;
  }));

countPanel(gpu);
comparePanel(gpu);
watchPanel();
joinPanel();
browsePanel();
// Every panel is set up: for tests and anyone inspecting the page.
document.body.dataset.ready = 'true';
