import { browsePanel } from './browse-panel.js';
import { comparePanel } from './compare-panel.js';
import { countPanel } from './count-panel.js';
import { describeEnvironment, describeGpu, probeGpu } from './environment.js';
import { watchPanel } from './watch-panel.js';

document.querySelector('#environment')!.textContent = `Running on ${describeEnvironment()}.`;
// The third engine is offered only where navigator.gpu gives an adapter.
const probe = probeGpu();
const gpu = probe.then((p) => p.adapter);
void probe.then(({ adapter, note }) => {
  const line = document.querySelector<HTMLElement>('#gpu')!;
  line.hidden = adapter === null && note === null;
  line.textContent = adapter !== null ? `WebGPU: ${describeGpu(adapter)}.` : `WebGPU: ${note}.`;
  // Whether the look for an adapter has ended, and how: for tests and anyone inspecting the page.
  document.body.dataset.webgpu = adapter !== null ? 'adapter' : note === null ? 'none' : 'no-answer';
});
countPanel(gpu);
comparePanel(gpu);
watchPanel();
browsePanel();
