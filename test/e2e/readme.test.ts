// Every code block of the README runs as written, as a user runs it. Each ```sh or ```js block is
// marked with where it runs: `<!-- run: clone -->` in a copy of this repository, `<!-- run: app -->`
// in the project that the README's tarball recipe creates beside it, with the package installed;
// `<!-- run: workerd -->` as a Cloudflare Worker, in the engines tier (test/engines/workerd.test.ts).
// A ```sh block runs in bash with the user's PATH (the package's command is `npx nqueens`); a
// ```js block names its file on its first line (`// quick-start.mjs: node quick-start.mjs`) and
// runs as that file with node. Output and synopses are in ```text blocks, which are not run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cloneOfRepository } from '../helpers/clone.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

interface Block {
  language: string;
  where: string | null;
  code: string;
  line: number;
}

function blocks(text: string): Block[] {
  const out: Block[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)$/.exec(lines[i]);
    if (!open) continue;
    const marker = /^<!-- run: (\w+)/.exec(lines[i - 1] ?? '');
    let end = i + 1;
    while (!lines[end].startsWith('```')) end++;
    out.push({ language: open[1], where: marker?.[1] ?? null, code: lines.slice(i + 1, end).join('\n'), line: i + 1 });
    i = end;
  }
  return out;
}

const runnable = blocks(readme).filter((b) => b.language !== 'text');

/** The file a JavaScript block is run as: its first line says `// name.mjs: node name.mjs`. */
function fileOf(block: Block): string | null {
  const match = /^\/\/ ([\w-]+\.mjs): node \1$/.exec(block.code.split('\n')[0]);
  return match?.[1] ?? null;
}

function run(script: string, cwd: string): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' };
  const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, env, encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('README', () => {
  it('marks every code block with where it runs, or as text; each JavaScript block names its file', () => {
    const unmarked = runnable.filter(
      (b) =>
        !['clone', 'app', 'workerd'].includes(b.where ?? '') ||
        !['sh', 'js'].includes(b.language) ||
        (b.where === 'workerd' && b.language !== 'js'),
    );
    expect(unmarked.map((b) => `line ${b.line}: \`\`\`${b.language} ${b.where}`)).toEqual([]);
    const unnamed = runnable.filter((b) => b.language === 'js' && b.where !== 'workerd' && fileOf(b) === null);
    expect(unnamed.map((b) => `line ${b.line}`)).toEqual([]);
    expect(runnable.length).toBeGreaterThanOrEqual(5);
  });

  // The repository's blocks build the package once (npm start's prestart; npm pack's prepack finds
  // the build current), 15-40 s on a busy 2-core machine: this test has the time for many times that.
  it('runs every block as written: in a copy of the repository, then in the project it installs the package into', () => {
    const work = mkdtempSync(join(tmpdir(), 'nqueens-readme-'));
    const clone = cloneOfRepository(work);
    const app = join(work, 'my-app');

    // The repository's blocks first (one of them creates the project), then the project's, each in README order.
    const ordered = [...runnable.filter((b) => b.where === 'clone'), ...runnable.filter((b) => b.where === 'app')];
    for (const block of ordered) {
      const where = block.where === 'clone' ? clone : app;
      if (block.language === 'js') {
        const file = fileOf(block)!;
        writeFileSync(join(where, file), `${block.code}\n`);
        const r = run(`node ${file}`, where);
        expect({ line: block.line, status: r.status, stderr: r.stderr }).toEqual({
          line: block.line,
          status: 0,
          stderr: '',
        });
        continue;
      }
      const lines = block.code.split('\n');
      if (lines.some((l) => l.startsWith('npm test'))) {
        // The development commands: npm install is .ci/run's npm ci, npm test and npm run test:e2e
        // are the tiers .ci/run runs (this test among them); npm start (which builds first) and the
        // demo's dev server run here for real.
        expect(lines.map((l) => l.split('#')[0].trim())).toEqual([
          'npm install && npm start',
          'npm test',
          'npm run test:e2e',
          'npm run demo',
        ]);
        const start = run('npm start', clone);
        expect({ line: block.line, status: start.status, stderr: start.status === 0 ? '' : start.stderr }).toEqual({
          line: block.line,
          status: 0,
          stderr: '',
        });
        expect(start.stdout).toMatch(/\n\s*14\s+backtrack\s+365,596\s+45,752\s/);
        continue;
      }
      const r = run(block.code, where);
      // npm's notices, the lines the recipes announce in their comments (a stop by SIGTERM, a resume),
      // and the build's word that dist/ is current when `npm pack` runs prepack (its messages go to
      // standard error, so that `npm pack --json` prints JSON alone).
      const expected =
        /^(npm (warn|notice)|nqueens: terminated$|nqueens: resuming n = \d+ at \d+%$|dist\/ is current: not building$)/;
      expect({
        line: block.line,
        status: r.status,
        stderr: r.stderr.split('\n').filter((l) => l && !expected.test(l)),
      }).toEqual({
        line: block.line,
        status: 0,
        stderr: [],
      });
    }
  }, 360_000);

  it('npm run demo serves the demo page', async () => {
    const server = spawn('npm', ['run', 'demo', '--', '--port', '0', '--strictPort', 'false', '--host', '127.0.0.1'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout!.on('data', (chunk) => {
          out += chunk;
          // biome-ignore lint/suspicious/noControlCharactersInRegex: Vite colours its output with these sequences
          const match = /Local:\s+(http:\/\/\S+)/.exec(out.replace(/\x1b\[[0-9;]*m/g, ''));
          if (match) resolve(match[1]);
        });
        server.on('exit', (code) => reject(new Error(`npm run demo exited with ${code}: ${out}`)));
      });
      const page = await (await fetch(url)).text();
      expect(page).toContain('<title>nqueens-wasm: count, compare, watch</title>');
    } finally {
      process.kill(-server.pid!, 'SIGTERM');
    }
  });
});
