import { browsePanel } from './browse-panel.js';
import { comparePanel } from './compare-panel.js';
import { countPanel } from './count-panel.js';
import { describeEnvironment } from './environment.js';
import { watchPanel } from './watch-panel.js';

document.querySelector('#environment')!.textContent = `Running on ${describeEnvironment()}.`;
countPanel();
comparePanel();
watchPanel();
browsePanel();
