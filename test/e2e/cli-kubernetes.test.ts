// docs/kubernetes's Indexed Job, as far as a machine without a cluster can run it: the pods' own
// command (the manifest's args, in sh, with the manifest's environment) for every index, with the
// faults the manifest is written for: pods stopped by SIGTERM (an eviction, a drained node) or
// killed (SIGKILL) after a checkpoint, and retried, which resume. Each pod's stdout and stderr go
// to one log, as the container runtime keeps them; then the commands at the top of the manifest
// run as written, with a stand-in for kubectl that prints those logs for `kubectl logs`.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bin } from '../helpers/cli-process.js';
import { knownCounts } from '../helpers/known-counts.js';

const MANIFEST = fileURLToPath(new URL('../../docs/kubernetes/nqueens-indexed-job.yaml', import.meta.url));
const manifest = readFileSync(MANIFEST, 'utf8');

/** The pod's command: the shell line in args (the container runs `sh -c` with it). */
const podCommand = /args: \['(.*)'\]/.exec(manifest)?.[1];
/** The manifest's environment for the pods, by name. */
const podEnv = Object.fromEntries(
  [...manifest.matchAll(/- name: (\w+)\s+value: "?([^"\n]+)"?/g)].map((m) => [m[1], m[2]] as const),
);
/** The commands the manifest's header says to run, in order. */
const steps = [...manifest.matchAll(/^# {3}((?:kubectl|nqueens) .*)$/gm)].map((m) => m[1]);
const jobName = /kind: Job\nmetadata:\n {2}name: (\S+)/.exec(manifest)?.[1];

/**
 * A directory with `nqueens` on the PATH (as the image installs it) and a stand-in for kubectl that
 * writes each call to calls.txt and, for `logs`, prints the pods' logs in pods/ in order.
 */
function cluster(): { dir: string; env: NodeJS.ProcessEnv; pods: string; checkpoints: string } {
  const dir = mkdtempSync(join(tmpdir(), 'nqueens-kubernetes-'));
  const [binDir, pods, checkpoints] = ['bin', 'pods', 'checkpoints'].map((d) => join(dir, d));
  for (const d of [binDir, pods, checkpoints]) mkdirSync(d);
  writeFileSync(join(binDir, 'nqueens'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  writeFileSync(
    join(binDir, 'kubectl'),
    `#!/bin/sh\necho "$*" >> "${join(dir, 'calls.txt')}"\nif [ "$1" = logs ]; then for log in "${pods}"/*.log; do cat "$log"; done; fi\n`,
  );
  for (const name of ['nqueens', 'kubectl']) chmodSync(join(binDir, name), 0o755);
  return { dir, env: { ...process.env, PATH: `${binDir}:${process.env.PATH}` }, pods, checkpoints };
}

interface Pod {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  log: string;
}

/**
 * Starts attempt `attempt` of the pod for `index`, its stdout and stderr into one log file, as a
 * container runtime keeps them, on one CPU (a pod's share of a node; the count's threads follow it).
 */
function startPod(
  c: ReturnType<typeof cluster>,
  settings: Record<string, string>,
  index: number,
  attempt: number,
): Pod {
  const log = join(c.pods, `${String(index).padStart(3, '0')}-${attempt}.log`);
  const fd = openSync(log, 'w');
  const child = spawn('taskset', ['-c', '0', 'sh', '-c', podCommand!], {
    env: { ...c.env, ...podEnv, ...settings, JOB_COMPLETION_INDEX: String(index) },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, log };
}

/** Resolves once `condition` holds, looked at every few milliseconds; fails if the pod ends first. */
async function until(pod: Pod, condition: () => boolean): Promise<void> {
  while (!condition()) {
    if (pod.child.exitCode !== null || pod.child.signalCode !== null)
      throw new Error(`the pod ended first: ${readFileSync(pod.log, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

describe("docs/kubernetes's Indexed Job", () => {
  it("runs the manifest's command: nqueens as the pod's first process, its settings from the environment", () => {
    expect(podCommand).toMatch(/^exec nqueens "\$N" --shard "\$JOB_COMPLETION_INDEX\/\$SHARDS" --json /);
    expect(podEnv).toMatchObject({ N: '20', SHARDS: '64', CHECKPOINT_DIR: '/checkpoints', CHECKPOINT_EVERY: '30s' });
    expect(podEnv.SHARDS).toBe(/completions: (\d+)/.exec(manifest)?.[1]);
    expect(manifest).toMatch(/mountPath: \/checkpoints\s/);
    expect(steps).toEqual([
      'kubectl apply -f nqueens-indexed-job.yaml',
      `kubectl wait --for=condition=complete --timeout=24h job/${jobName}`,
      `kubectl logs --selector=job-name=${jobName} --tail=-1 --max-log-requests=64 > shards.jsonl`,
      'nqueens merge shards.jsonl',
    ]);
  });

  it('every index of a split counted by its pod merges to the whole count, and leaves no checkpoint', () => {
    const c = cluster();
    const shards = Number(podEnv.SHARDS);
    let lines = '';
    for (let index = 0; index < shards; index++) {
      const r = spawnSync('sh', ['-c', podCommand!], {
        env: { ...c.env, ...podEnv, N: '12', CHECKPOINT_DIR: c.checkpoints, JOB_COMPLETION_INDEX: String(index) },
        encoding: 'utf8',
      });
      expect({ code: r.status, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      lines += r.stdout;
    }
    expect(readdirSync(c.checkpoints)).toEqual([]);
    writeFileSync(join(c.dir, 'shards.jsonl'), lines);
    const merged = spawnSync('sh', ['-c', 'nqueens merge shards.jsonl'], { cwd: c.dir, env: c.env, encoding: 'utf8' });
    expect(merged.stdout).toBe(`n = 12: 14,200 solutions (${shards} shards merged)\n`);
  });

  it("in its fault case: pods stopped by SIGTERM or killed after a checkpoint, retried, resume; the manifest's commands merge their logs to the exact count", async () => {
    const c = cluster();
    copyFileSync(MANIFEST, join(c.dir, 'nqueens-indexed-job.yaml'));
    // n = 17 in 4 shards, a second or so each on one CPU; checkpoints every 20 ms, so that a pod
    // can be stopped after its first one.
    const settings = { N: '17', SHARDS: '4', CHECKPOINT_DIR: c.checkpoints, CHECKPOINT_EVERY: '20ms' };
    const checkpoint = (index: number) => join(c.checkpoints, `shard-${index}.json`);
    const done = (index: number) => JSON.parse(read(checkpoint(index)) || '{"done":[]}').done as [number, number][];

    // Index 0: counted at once.
    expect((await startPod(c, settings, 0, 1).exited).code).toBe(0);
    // Index 1: SIGTERM after a checkpoint (an eviction); the retry resumes.
    const evicted = startPod(c, settings, 1, 1);
    await until(evicted, () => existsSync(checkpoint(1)));
    evicted.child.kill('SIGTERM');
    expect(await evicted.exited).toEqual({ code: 143, signal: null });
    expect((await startPod(c, settings, 1, 2).exited).code).toBe(0);
    // Index 2: SIGKILL after a checkpoint (a lost node): nothing said; the retry resumes.
    const killed = startPod(c, settings, 2, 1);
    await until(killed, () => existsSync(checkpoint(2)));
    killed.child.kill('SIGKILL');
    expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect((await startPod(c, settings, 2, 2).exited).code).toBe(0);
    // Index 3: stopped twice, once after it resumed and got further; the third attempt finishes.
    const first = startPod(c, settings, 3, 1);
    await until(first, () => existsSync(checkpoint(3)));
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(143);
    const before = JSON.stringify(done(3));
    const second = startPod(c, settings, 3, 2);
    await until(second, () => read(second.log).includes('resuming') && JSON.stringify(done(3)) !== before);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(143);
    expect((await startPod(c, settings, 3, 3).exited).code).toBe(0);
    expect(readdirSync(c.checkpoints)).toEqual([]);

    // The manifest's commands, as written.
    const r = spawnSync('sh', ['-e', '-c', steps.join('\n')], { cwd: c.dir, env: c.env, encoding: 'utf8' });
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 0,
      stdout: `n = 17: ${knownCounts.get(17)!.total.toLocaleString('en')} solutions (4 shards merged)\n`,
      stderr: '',
    });
    expect(read(join(c.dir, 'calls.txt')).split('\n')[2]).toBe(
      `logs --selector=job-name=${jobName} --tail=-1 --max-log-requests=64`,
    );
    // The logs merged held what the faults made the pods say, between the four results.
    const logs = read(join(c.dir, 'shards.jsonl')).trim().split('\n');
    const said = (pattern: RegExp) => logs.filter((line) => pattern.test(line)).length;
    expect(said(/^\{"n":17,"shard":\{"index":\d,"count":4\},"total":"\d+",/)).toBe(4);
    expect(said(/^nqueens: progress saved to \S+\/shard-[13]\.json; run the same command to resume$/)).toBe(3);
    expect(said(/^nqueens: terminated$/)).toBe(3);
    expect(said(/^nqueens: resuming n = 17, shard [123]\/4 at \d+%$/)).toBe(4);
    expect(logs).toHaveLength(4 + 3 + 3 + 4);
  }, 60_000);
});
