// Every code block of the README runs as written. Each ```sh or ```ts block is marked with where
// it runs: `<!-- run: clone -->` in a copy of this repository, `<!-- run: app -->` in the project
// that the README's tarball recipe creates beside it, with the package installed, and
// `<!-- run: slurm -->` on a Slurm cluster, which test/slurm.test.ts starts and runs it on. Output
// shown in the README is in ```text blocks, which are not run.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
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

function run(script: string, cwd: string): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env, PATH: `${join(cwd, 'node_modules', '.bin')}:${process.env.PATH}`, npm_config_fund: 'false', npm_config_audit: 'false' };
  const r = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, env, encoding: 'utf8', timeout: 240_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('README', () => {
  it('marks every code block with where it runs, or as text', () => {
    const unmarked = runnable.filter((b) => !['clone', 'app', 'slurm'].includes(b.where ?? '') || !['sh', 'ts'].includes(b.language));
    expect(unmarked.map((b) => `line ${b.line}: \`\`\`${b.language} ${b.where}`)).toEqual([]);
    expect(runnable.length).toBeGreaterThanOrEqual(5);
  });

  it('runs every block as written: in a copy of the repository, then in the project it installs the package into', () => {
    const work = mkdtempSync(join(tmpdir(), 'nqueens-readme-'));
    const clone = join(work, 'clone');
    mkdirSync(clone);
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const file of tracked) cpSync(join(root, file), join(clone, file));
    // `npm install` is what .ci/run does before this suite (npm ci, from the same lockfile); the
    // copy shares its node_modules.
    symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
    const app = join(work, 'my-app');

    // The repository's blocks first (one of them creates the project), then the project's, each in README order.
    const ordered = [...runnable.filter((b) => b.where === 'clone'), ...runnable.filter((b) => b.where === 'app')];
    expect(runnable.filter((b) => b.where === 'slurm')).toHaveLength(1);
    for (const block of ordered) {
      const where = block.where === 'clone' ? clone : app;
      if (block.language === 'ts') {
        const file = join(where, `readme-${block.line}.mjs`);
        writeFileSync(file, transformSync(block.code, { loader: 'ts', format: 'esm' }).code);
        const r = spawnSync(process.execPath, [file], { cwd: where, encoding: 'utf8', timeout: 240_000 });
        expect({ line: block.line, status: r.status, stderr: r.stderr }).toEqual({ line: block.line, status: 0, stderr: '' });
        continue;
      }
      const lines = block.code.split('\n');
      if (lines.some((l) => l.startsWith('npm test'))) {
        // The development commands: npm install is .ci/run's npm ci, npm test is this suite; the
        // build npm install runs (prepare), npm start and the demo's dev server run here for real.
        expect(lines.map((l) => l.split('#')[0].trim())).toEqual(['npm install && npm start', 'npm test', 'npm run demo']);
        const start = run('npm run prepare && npm start', clone);
        expect({ line: block.line, status: start.status, stderr: start.status === 0 ? '' : start.stderr }).toEqual({ line: block.line, status: 0, stderr: '' });
        expect(start.stdout).toMatch(/\n14\s+365596\s+45752\s/);
        continue;
      }
      const r = run(block.code, where);
      // npm's notices, and the lines the recipes announce in their comments (a stop by SIGTERM, a resume).
      const expected = /^(npm (warn|notice)|nqueens: terminated$|nqueens: resuming n = \d+ at \d+%$)/;
      expect({ line: block.line, status: r.status, stderr: r.stderr.split('\n').filter((l) => l && !expected.test(l)) }).toEqual({
        line: block.line,
        status: 0,
        stderr: [],
      });
    }
  });

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
