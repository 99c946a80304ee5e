// docs/slurm's job array and merge scripts, submitted to a real single-node Slurm cluster
// (test/helpers/slurm-cluster.ts) as a user would: sbatch, squeue, scancel, scontrol. Needs root
// and Debian's slurm-wlm and munge; without them the tests are skipped, unless REQUIRE_SLURM=1
// (set by CI after installing them), which makes a missing cluster a failure.

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { knownCounts } from '../helpers/known-counts.js';
import { processesUsing, type SlurmCluster, slurmAvailable, startSlurmCluster } from '../helpers/slurm-cluster.js';

const available = slurmAvailable();
const SLURM_TESTS = available.ok || process.env.REQUIRE_SLURM === '1';
if (!SLURM_TESTS) console.warn(`test/slurm.test.ts: skipped, ${available.why} (REQUIRE_SLURM=1 makes this fail)`);

const bin = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const ARRAY_SCRIPT = fileURLToPath(new URL('../../docs/slurm/nqueens-array.sbatch', import.meta.url));
const MERGE_SCRIPT = fileURLToPath(new URL('../../docs/slurm/nqueens-merge.sbatch', import.meta.url));
const SHARDS = 16;
const recipes = readFileSync(new URL('../../docs/slurm/README.md', import.meta.url), 'utf8');

/** The first code block after a marker in docs/slurm/README.md. */
function codeAfter(text: string, marker: string): string {
  const at = text.indexOf(marker);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(at));
  if (at < 0 || block === null) throw new Error(`no code block after ${marker}`);
  return block[1]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs fn with a fresh cluster and always stops it; stop() fails if any process is left. */
async function withCluster(fn: (cluster: SlurmCluster) => Promise<void>): Promise<void> {
  const cluster = await startSlurmCluster();
  try {
    await fn(cluster);
  } catch (error) {
    // The daemons' view of what went wrong, while their logs still exist.
    (error as Error).message += `\n${cluster.logTails(15)}`;
    throw error;
  } finally {
    await cluster.stop();
  }
}

interface Job {
  n: number;
  shards: number;
  dir: string;
  checkpoints: string;
  results: string;
  logs: string;
  env: NodeJS.ProcessEnv;
  /** --export for sbatch: the scripts' settings, on top of the whole environment. */
  exports: string;
}

/** Directories for one run of the scripts and an environment with an `nqueens` shim on PATH. */
function jobFor(
  cluster: SlurmCluster,
  n: number,
  { shards = SHARDS, checkpointEvery }: { shards?: number; checkpointEvery?: string } = {},
): Job {
  const dir = join(cluster.dir, `n${n}`);
  const [checkpoints, results, logs, shimDir] = ['checkpoints', 'results', 'logs', 'bin'].map((d) => join(dir, d));
  for (const d of [checkpoints, results, logs, shimDir]) mkdirSync(d!, { recursive: true });
  const shim = join(shimDir!, 'nqueens');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  chmodSync(shim, 0o755);
  const settings = [`N=${n}`, `SHARDS=${shards}`, `CHECKPOINT_DIR=${checkpoints}`, `RESULTS_DIR=${results}`];
  if (checkpointEvery) settings.push(`CHECKPOINT_EVERY=${checkpointEvery}`);
  return {
    n,
    shards,
    dir,
    checkpoints: checkpoints!,
    results: results!,
    logs: logs!,
    env: { ...cluster.env, PATH: `${shimDir}:${cluster.env.PATH}` },
    exports: `--export=ALL,${settings.join(',')}`,
  };
}

interface Submitted {
  /** The job id, as soon as sbatch has printed it. */
  id: Promise<string>;
  /** sbatch's exit code and output, once it returns (with --wait: once the job has ended). */
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function sbatch(job: Job, args: string[]): Submitted {
  const child = spawn('sbatch', ['--parsable', job.exports, ...args], { env: job.env, cwd: job.dir });
  let stdout = '';
  let stderr = '';
  let resolveId: (id: string) => void;
  let rejectId: (error: Error) => void;
  const id = new Promise<string>((resolve, reject) => {
    resolveId = resolve;
    rejectId = reject;
  });
  id.catch(() => {}); // a caller that only awaits `done` sees sbatch's failure there
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    const match = /^(\d+)/.exec(stdout);
    if (match && stdout.includes('\n')) resolveId(match[1]!);
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => {
      rejectId(new Error(`sbatch ${args.join(' ')} printed no job id (exit code ${code}): ${stderr}`));
      resolve({ code, stdout, stderr });
    });
  });
  return { id, done };
}

function slurm(cluster: SlurmCluster, command: string, args: string[]) {
  return spawnSync(command, args, { env: cluster.env, encoding: 'utf8', timeout: 15_000 });
}

/** The array's tasks that are running now. */
function runningTasks(cluster: SlurmCluster, jobId: string): number[] {
  const r = slurm(cluster, 'squeue', ['-h', '-r', '-j', jobId, '-t', 'RUNNING', '-o', '%K']);
  return r.stdout
    .split('\n')
    .filter((line) => /^\d+$/.test(line.trim()))
    .map(Number);
}

function read(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** The logs of the tasks that left no result, for failure messages. */
function unfinishedLogs(job: Job): string {
  const logs: string[] = [];
  for (let index = 0; index < job.shards; index++) {
    if (!existsSync(join(job.results, `shard-${index}.json`))) {
      logs.push(`--- task ${index}:\n${read(join(job.logs, `shard-${index}.log`)) || '(no log)'}`);
    }
  }
  return logs.slice(0, 3).join('\n');
}

/** Every shard's result is one JSON line for that shard; the merge job's log has the total. */
function expectMerged(job: Job, mergeLog: string): void {
  const { n, shards } = job;
  for (let index = 0; index < shards; index++) {
    const lines = read(join(job.results, `shard-${index}.json`))
      .trim()
      .split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ n, shard: { index, count: shards } });
  }
  // As a person reads it: digits grouped by three.
  const total = knownCounts.get(n)!.total.toLocaleString('en');
  expect(read(mergeLog)).toContain(`n = ${n}: ${total} solutions (${shards} shards merged)\n`);
  // The same total from the result files directly.
  const direct = spawnSync('sh', ['-c', `nqueens merge "${job.results}"/shard-*.json`], {
    env: job.env,
    encoding: 'utf8',
  });
  expect(direct.stdout).toBe(`n = ${n}: ${total} solutions (${shards} shards merged)\n`);
}

describe.skipIf(!SLURM_TESTS)(`Slurm job array${SLURM_TESTS ? '' : ` (skipped: ${available.why})`}`, () => {
  it('starts a private cluster and stops it without leaving a process, even with a job running', async () => {
    const pgrep = (args: string[]) => spawnSync('pgrep', args, { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    const stepDaemonsBefore = pgrep(['-x', 'slurmstepd']);
    for (let round = 0; round < 2; round++) {
      const cluster = await startSlurmCluster();
      const { dir } = cluster;
      try {
        expect(cluster.startSeconds).toBeLessThan(30);
        expect(slurm(cluster, 'sinfo', ['-h', '-o', '%T %c']).stdout.trim()).toMatch(/^idle \d+$/);
        const submitted = slurm(cluster, 'sbatch', ['--parsable', `--output=${dir}/sleep.log`, '--wrap', 'sleep 300']);
        expect(submitted.status, submitted.stderr).toBe(0);
        const jobId = submitted.stdout.trim();
        for (
          let i = 0;
          i < 100 && slurm(cluster, 'squeue', ['-h', '-j', jobId, '-o', '%T']).stdout.trim() !== 'RUNNING';
          i++
        ) {
          await sleep(100);
        }
        expect(slurm(cluster, 'squeue', ['-h', '-j', jobId, '-o', '%T']).stdout.trim()).toBe('RUNNING');
      } finally {
        await cluster.stop();
      }
      expect(processesUsing(dir)).toEqual([]);
      expect(existsSync(dir)).toBe(false);
      // The daemons' command lines name the directory; the job's slurmstepd is gone too.
      expect(pgrep(['-f', dir])).toEqual([]);
      expect(pgrep(['-x', 'slurmstepd']).filter((pid) => !stepDaemonsBefore.includes(pid))).toEqual([]);
    }
  }, 60_000);

  it("runs docs/slurm's recipe as written (N = 14, SHARDS = 16): the array, then the merge job: the exact total", async () => {
    await withCluster(async (cluster) => {
      const job = jobFor(cluster, 14);
      // The recipe names the scripts as docs/slurm/…, from the repository's root; its logs land where it runs.
      symlinkSync(fileURLToPath(new URL('../../docs', import.meta.url)), join(job.dir, 'docs'));
      const recipe = codeAfter(recipes, 'run: slurm');
      const env = {
        ...job.env,
        N: '14',
        SHARDS: String(SHARDS),
        CHECKPOINT_DIR: job.checkpoints,
        RESULTS_DIR: job.results,
      };
      const submitted = spawnSync('bash', ['-e', '-c', recipe], {
        cwd: job.dir,
        env,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(submitted.status, submitted.stderr).toBe(0);
      // The recipe prints the merge job's id; the array's is in its tasks' log names.
      const mergeId = submitted.stdout.trim();
      expect(mergeId).toMatch(/^\d+$/);
      for (let i = 0; i < 600 && slurm(cluster, 'squeue', ['-h', '-o', '%i']).stdout.trim() !== ''; i++)
        await sleep(200);
      const arrayId = readdirSync(job.dir)
        .map((f) => /^nqueens-(\d+)_0\.log$/.exec(f)?.[1])
        .find(Boolean);
      expect(arrayId).toBeDefined();
      const mergeLog = join(job.dir, `nqueens-merge-${mergeId}.log`);
      expectMerged(job, mergeLog);
      for (let index = 0; index < SHARDS; index++) {
        const log = read(join(job.dir, `nqueens-${arrayId}_${index}.log`));
        expect(log).toContain(`nqueens-array: n = 14, shard ${index}/${SHARDS}, job ${arrayId}_${index}, run 1 `);
        expect(log).not.toContain('resuming');
      }
    });
  }, 120_000);

  // Shards long enough (n = 19 in 4: about 13 s of counting each here, by the join) that a task
  // caught after its first checkpoint (every second) is seconds from its end: the kill always
  // lands before the result. (n = 18's shards, about 1 s each by the join, could end in between.)
  const FAULT_N = 19;
  const FAULT_SHARDS = 4;

  it('resumes a task cancelled mid-run and requeued, and one requeued while running, from their checkpoints', async () => {
    await withCluster(async (cluster) => {
      const job = jobFor(cluster, FAULT_N, { shards: FAULT_SHARDS, checkpointEvery: '1s' });
      const array = sbatch(job, [
        '--wait',
        `--array=0-${FAULT_SHARDS - 1}`,
        `--output=${job.logs}/shard-%a.log`,
        ARRAY_SCRIPT,
      ]);
      const jobId = await array.id;
      let arrayEnded = false;
      void array.done.then(() => (arrayEnded = true));
      const checkpoint = (i: number) => join(job.checkpoints, `shard-${i}.json`);
      const result = (i: number) => join(job.results, `shard-${i}.json`);

      // Two faults on tasks caught running with a checkpoint and no result yet: `scancel` then
      // `scontrol requeue` (cancelled, then queued again by hand), and `scontrol requeue` alone
      // (killed and queued again in one step, as pre-emption does). A task that finishes between
      // the look and the kill does not count; the next one is tried.
      const faults: { task: number; how: 'scancel' | 'requeue' }[] = [];
      const missed = new Set<number>();
      const deadline = Date.now() + 90_000;
      while (faults.length < 2) {
        if (arrayEnded || Date.now() > deadline) {
          throw new Error(
            `caught only ${faults.length} of 2 tasks running with a checkpoint (missed: ${[...missed].join(', ') || 'none'}); ` +
              `the shards of n = ${FAULT_N} may be too short here\n${unfinishedLogs(job)}`,
          );
        }
        const task = runningTasks(cluster, jobId).find(
          (i) =>
            !missed.has(i) && !faults.some((f) => f.task === i) && existsSync(checkpoint(i)) && !existsSync(result(i)),
        );
        if (task === undefined) {
          await sleep(100);
          continue;
        }
        const name = `${jobId}_${task}`;
        if (faults.length === 0) {
          const cancelled = slurm(cluster, 'scancel', [name]);
          if (cancelled.status !== 0 || existsSync(result(task))) {
            missed.add(task);
            continue;
          }
          // At once: a cancelled array task is forgotten MinJobAge (here 4) seconds after it ends.
          const requeued = slurm(cluster, 'scontrol', ['requeue', name]);
          expect(requeued.status, `scontrol requeue ${name}: ${requeued.stderr}`).toBe(0);
          faults.push({ task, how: 'scancel' });
        } else {
          const requeued = slurm(cluster, 'scontrol', ['requeue', name]);
          if (requeued.status !== 0 || existsSync(result(task))) {
            missed.add(task);
            continue;
          }
          faults.push({ task, how: 'requeue' });
        }
      }

      const arrayRun = await array.done;
      expect(arrayRun.code, `${arrayRun.stderr}\n${unfinishedLogs(job)}`).toBe(0);
      // afterany, not afterok: Slurm 22.05 keeps the scancel'd task's exit status in the array's
      // summary, so afterok on the array fails even though the rerun succeeded (see the script).
      const mergeLog = join(job.logs, 'merge.log');
      const mergeRun = await sbatch(job, [
        '--wait',
        `--dependency=afterany:${jobId}`,
        `--output=${mergeLog}`,
        MERGE_SCRIPT,
      ]).done;
      expect(mergeRun.code, mergeRun.stderr).toBe(0);
      expectMerged(job, mergeLog);

      for (const { task, how } of faults) {
        // Append mode: both runs in one log, the kill between them, the second one resuming.
        const log = read(join(job.logs, `shard-${task}.log`));
        const context = `task ${task} (${how}), log:\n${log}`;
        const started = `nqueens-array: n = ${FAULT_N}, shard ${task}/${FAULT_SHARDS}, job ${jobId}_${task}, run `;
        const first = log.indexOf(`${started}1 `);
        // slurmstepd's line, e.g. "*** JOB 3 ON vm CANCELLED AT 2026-11-22T01:17:37 ***", which ends
        // in "DUE TO JOB REQUEUE ***" for scontrol requeue.
        const killed = log.search(
          how === 'scancel'
            ? /\*\*\* JOB \d+ ON \S+ CANCELLED AT /
            : /\*\*\* JOB \d+ ON \S+ CANCELLED AT .* DUE TO JOB REQUEUE/,
        );
        const second = log.indexOf(`${started}2 `);
        const resumed = log.indexOf(`nqueens: resuming n = ${FAULT_N}, shard ${task}/${FAULT_SHARDS} at `);
        expect(first, context).toBeGreaterThanOrEqual(0);
        expect(killed, context).toBeGreaterThan(first);
        expect(second, context).toBeGreaterThan(killed);
        expect(resumed, context).toBeGreaterThan(second);
        expect(log.split(started).length - 1, context).toBe(2);
      }
    });
  }, 180_000);
});
