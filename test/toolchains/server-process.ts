// The apps' servers (next start, next dev, webpack serve) as child processes on free ports of
// 127.0.0.1, each in a process group of its own: they start servers of their own (next-server), and
// stopping the group stops those too.
import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../helpers/free-port.js';
import { toolEnv } from './command.js';

export interface ServerProcess {
  /** Its base URL, http://127.0.0.1:<port>/. */
  url: string;
  /** What it printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves once it answers an HTTP request; rejects with its output if it exits first. */
  ready: Promise<void>;
  /** Ends the server and every process it started; resolves once it has exited. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => {
        child.once('exit', () => resolve());
        // A command that could not start at all.
        child.once('error', () => resolve());
      });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Starts `command args` in `cwd`, where `args(port)` makes it listen on `port` of 127.0.0.1. It
 * resolves at once, so that the caller can stop the server whatever happens next; wait for `ready`.
 */
export async function startServer(
  command: string,
  args: (port: number) => string[],
  cwd: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const argv = args(port);
  const child = spawn(command, argv, { cwd, env: toolEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const gone = exited(child).then(() => {
    running = false;
  });
  const url = `http://127.0.0.1:${port}/`;
  const ready = (async () => {
    while (running) {
      try {
        await (await fetch(url, { method: 'HEAD' })).arrayBuffer();
        return;
      } catch {
        await sleep(200);
      }
    }
    throw new Error(`${command} ${argv.join(' ')} exited before it answered:\n${output}`);
  })();
  // A caller that stops the server before it is ready has no use for the reason.
  ready.catch(() => {});
  return {
    url,
    output: () => output,
    ready,
    async stop() {
      signalGroup(child, 'SIGTERM');
      // A server that ignores SIGTERM is ended for good once it has had a while to shut down.
      const late = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
      await gone;
      clearTimeout(late);
      // What is left of the group (next-server outlives next start and next dev) goes too.
      signalGroup(child, 'SIGKILL');
    },
  };
}
