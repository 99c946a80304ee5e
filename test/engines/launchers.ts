// The browsers of the engines tier, in the order they run, each with how to tell whether this
// machine has it and how to start it.

import { existsSync } from 'node:fs';
import { CHROMIUM, launchChromiumDriver } from './chromium.js';
import type { BrowserDriver } from './driver.js';
import { FIREFOX, launchFirefox } from './firefox.js';
import { launchWebKit, type WebKitOptions, webkitInstalled } from './webkit.js';

export interface Launcher {
  readonly name: 'chromium' | 'firefox' | 'webkit';
  installed(): boolean;
  launch(options?: { webkit?: WebKitOptions }): Promise<BrowserDriver>;
}

export const LAUNCHERS: readonly Launcher[] = [
  { name: 'chromium', installed: () => existsSync(CHROMIUM), launch: launchChromiumDriver },
  { name: 'firefox', installed: () => existsSync(FIREFOX), launch: launchFirefox },
  { name: 'webkit', installed: webkitInstalled, launch: (options) => launchWebKit(options?.webkit) },
];
