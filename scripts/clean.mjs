// Removes dist/ before a build, so that files of modules that no longer exist are never shipped.
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
