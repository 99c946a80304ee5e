// The built nqueens command (dist/cli.js) in a child process, for the tests where a real process is
// the point: signals, pipes, a full disk, limits set by the shell. Waits are for events (a line
// out, a file written, standard input watched), never for a length of time.
import { type ChildProcess, type StdioOptions, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';

export const bin = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command to its end; `shell` (bash) comes before it, to set limits. */
export function nqueensSync(args: string[], stdio: StdioOptions = 'pipe', shell?: string, input?: string): Run {
  const r = shell
    ? spawnSync('bash', ['-c', `${shell} "${process.execPath}" "${bin}" ${args.map((a) => `'${a}'`).join(' ')}`], {
        encoding: 'utf8',
        stdio,
      })
    : spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', stdio, input });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

export interface Spawned {
  child: ChildProcess;
  /** Resolves once `condition` holds; fails if the command ends first. */
  until(condition: () => boolean): Promise<void>;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** Starts the command (after `shell`, where given); it is killed when the test ends, whatever the outcome. */
export function spawned(args: string[], options: { stdio?: StdioOptions; shell?: string } = {}): Spawned {
  const child = options.shell
    ? spawn(
        'bash',
        ['-c', `${options.shell} exec "${process.execPath}" "${bin}" ${args.map((a) => `'${a}'`).join(' ')}`],
        { stdio: options.stdio ?? 'pipe' },
      )
    : spawn(process.execPath, [bin, ...args], { stdio: options.stdio ?? 'pipe' });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  const untilHolds = async (condition: () => boolean) => {
    while (!condition()) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the command ended (${child.exitCode ?? child.signalCode}) first; stderr: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  return { child, until: untilHolds, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Whether the process watches its standard input: its epoll set holds file descriptor 0 (Linux). */
export function watchesStdin(pid: number): boolean {
  for (const fd of readdirSync(`/proc/${pid}/fdinfo`)) {
    try {
      if (/^tfd:\s+0 /m.test(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))) return true;
    } catch {
      // Closed while it was looked at.
    }
  }
  return false;
}
