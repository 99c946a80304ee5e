import { browsePanel } from './browse-panel.js';
import { comparePanel } from './compare-panel.js';
import { countPanel } from './count-panel.js';
import { describeEnvironment, describeGpu, gpuAdapter } from './environment.js';
import { watchPanel } from './watch-panel.js';

document.querySelector('#environment')!.textContent = `Running on ${describeEnvironment()}.`;
// The third engine is offered only where navigator.gpu gives an adapter.
const gpu = gpuAdapter();
void gpu.then((adapter) => {
  const line = document.querySelector<HTMLElement>('#gpu')!;
  line.hidden = adapter === null;
  if (adapter !== null) line.textContent = `WebGPU: ${describeGpu(adapter)}.`;
});
countPanel(gpu);
comparePanel(gpu);
watchPanel();
browsePanel();
