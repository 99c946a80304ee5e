// The apps' tools run as a user runs them, in child processes; their output is what the tests read.
import { spawn } from 'node:child_process';

/**
 * The environment the apps' tools get: a developer's. Not what Vitest sets for its own workers
 * (NODE_ENV=test makes Next.js warn that it is non-standard), nor CI's CI=true (Next.js warns that
 * the CI keeps no build cache between runs); and no Next.js telemetry (the machine reaches nothing
 * but the package registries).
 */
export function toolEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.NODE_ENV;
  delete env.CI;
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  return env;
}

/**
 * Runs a command in `cwd`, with `env` added to toolEnv(); resolves to its stdout and stderr together,
 * or rejects with them if it fails.
 */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...toolEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`}):\n${output}`));
    });
  });
}
