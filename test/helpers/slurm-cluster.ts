// A private single-node Slurm cluster for one test: its own munged, slurmctld and slurmd, all
// configured and logging inside one temporary directory, on ports of their own. It needs root and
// Debian's slurm-wlm and munge packages (Slurm 22.05, MUNGE 0.5); nothing in /etc/munge or
// /etc/slurm is read or changed.
//
// What the configuration needs, found by starting it on Debian 12:
// - munged checks the permissions of every directory on the way to its socket: they must all be
//   executable by everyone (a mkdtemp directory is 0700, so it is opened up to 0755), and the key
//   must be readable by its owner only.
// - Slurm's commands find the cluster through SLURM_CONF (in `env`); without it, and without
//   /etc/slurm/slurm.conf, they try DNS SRV records ("configless") and fail after a few seconds.
// - AuthInfo's cred_expire also sets how long a requeued job waits before it may start again:
//   120 s by default, 5 s here.
// - MinJobAge sets both how long finished jobs stay visible and how often `sbatch --wait` polls:
//   every 2 s while the poll interval is under MinJobAge/2, else 8 s, then 32 s. With 4, it polls
//   every 2 s; a cancelled array task is forgotten (and can no longer be requeued) about 4 s after
//   it ends, so requeue it right away.
// - ProctrackType=proctrack/linuxproc and TaskPlugin=task/none need no cgroup setup at all.
// - Slurm leaves running jobs' slurmstepd processes alive when slurmd stops, so stop() cancels
//   every job first and then kills whatever still refers to the directory.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from './free-port.js';

const SEARCH_PATH = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];

/** The full path of a program on PATH or in the sbin directories, or null. */
function which(name: string): string | null {
  for (const dir of SEARCH_PATH) {
    if (dir === '') continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return null;
}

const DAEMONS = ['munged', 'slurmctld', 'slurmd'] as const;
const COMMANDS = ['sbatch', 'squeue', 'scancel', 'scontrol', 'sinfo'] as const;

/** Whether a private cluster can be started here: the programs are installed and we are root. */
export function slurmAvailable(): { ok: boolean; why: string } {
  const missing = [...DAEMONS, ...COMMANDS].filter((name) => which(name) === null);
  if (missing.length > 0) {
    return { ok: false, why: `not installed: ${missing.join(', ')} (apt-get install slurm-wlm munge)` };
  }
  if (process.getuid?.() !== 0) return { ok: false, why: 'the Slurm daemons of a private cluster must run as root' };
  return { ok: true, why: 'slurm-wlm and munge installed, running as root' };
}

export interface SlurmCluster {
  /** process.env without any outer SLURM_* / SBATCH_* settings, plus SLURM_CONF for this cluster. */
  env: NodeJS.ProcessEnv;
  /** The temporary directory holding the configuration, state, spool and logs. */
  dir: string;
  /** The node's name (`hostname -s`). */
  node: string;
  /** Seconds from the first daemon's start to the node being idle. */
  startSeconds: number;
  /** The last lines of each daemon's log, for error messages. */
  logTails(lines?: number): string;
  /** Cancels every job, stops the daemons and every process left in the cluster, removes dir. */
  stop(): Promise<void>;
}

export interface SlurmClusterOptions {
  /** MinJobAge in seconds (default 4: `sbatch --wait` then polls every 2 s). */
  minJobAge?: number;
  /** Seconds to wait for the node to become idle (default 30). */
  startTimeout?: number;
  /** Keep the directory after stop() (also when SLURM_KEEP_DIR=1 is set), for debugging. */
  keepDir?: boolean;
}

function shortHostname(): string {
  const r = spawnSync('hostname', ['-s'], { encoding: 'utf8' });
  const name = r.status === 0 ? r.stdout.trim() : '';
  return name !== '' ? name : hostname().split('.')[0]!;
}

/** CPUs = nproc, with the socket/core/thread layout that `slurmd -C` reports when it agrees. */
function nodeHardware(slurmd: string): string {
  const nproc = Number(spawnSync('nproc', { encoding: 'utf8' }).stdout.trim()) || 1;
  const probe = spawnSync(slurmd, ['-C'], { encoding: 'utf8', timeout: 10_000 }).stdout ?? '';
  const field = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`).exec(probe)?.[1] ?? NaN);
  const [boards, sockets, cores, threads] = ['Boards', 'SocketsPerBoard', 'CoresPerSocket', 'ThreadsPerCore'].map(
    field,
  );
  if ([boards, sockets, cores, threads].every(Number.isFinite) && boards! * sockets! * cores! * threads! === nproc) {
    return `CPUs=${nproc} Boards=${boards} SocketsPerBoard=${sockets} CoresPerSocket=${cores} ThreadsPerCore=${threads}`;
  }
  return `CPUs=${nproc}`;
}

function tail(file: string, lines: number): string {
  if (!existsSync(file)) return `(no ${file})`;
  const text = readFileSync(file, 'utf8').trimEnd().split('\n');
  return text.slice(-lines).join('\n');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pids of the processes (other than this one) whose command line, cwd or open files are in dir. */
export function processesUsing(dir: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      let uses = cmdline.includes(dir);
      if (!uses) uses = readlinkSync(`/proc/${pid}/cwd`).startsWith(dir);
      if (!uses) {
        for (const fd of readdirSync(`/proc/${pid}/fd`)) {
          try {
            if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(dir)) {
              uses = true;
              break;
            }
          } catch {
            // The descriptor closed meanwhile.
          }
        }
      }
      if (uses) found.push(pid);
    } catch {
      // The process ended meanwhile, or is a kernel thread.
    }
  }
  return found;
}

/** The pids of the processes named slurmstepd, exited ones (zombies) included. */
function stepDaemons(): Set<number> {
  const found = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'slurmstepd') found.add(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

// Runs beside the test in its own process: once the test's process is gone without having called
// stop() (killed, or torn down after a test timeout), it cancels the jobs, stops every process that
// refers to the cluster's directory and removes the directory. It is given the directory in its
// environment, not on its command line, so that it does not count as a process in the directory.
const WATCHDOG = `
const { readdirSync, readFileSync, readlinkSync, rmSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
const { W_PARENT: parent, W_DIR: dir, W_SCANCEL: scancel } = process.env;
const inDir = (pid) => {
  try {
    if (readFileSync('/proc/' + pid + '/cmdline', 'utf8').includes(dir)) return true;
    if (readlinkSync('/proc/' + pid + '/cwd').startsWith(dir)) return true;
    return readdirSync('/proc/' + pid + '/fd').some((fd) => {
      try { return readlinkSync('/proc/' + pid + '/fd/' + fd).startsWith(dir); } catch { return false; }
    });
  } catch { return false; }
};
const timer = setInterval(() => {
  try { process.kill(Number(parent), 0); return; } catch {}
  clearInterval(timer);
  spawnSync(scancel, ['--user=root'], { timeout: 5000 });
  for (let round = 0; round < 50; round++) {
    const left = readdirSync('/proc').filter((e) => /^\\d+$/.test(e) && Number(e) !== process.pid && inDir(e));
    if (left.length === 0) break;
    for (const pid of left) try { process.kill(Number(pid), round < 20 ? 'SIGTERM' : 'SIGKILL'); } catch {}
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  rmSync(dir, { recursive: true, force: true });
}, 500);
`;

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (!alive(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** process.env without the variables that would make Slurm's commands talk to another cluster. */
function cleanEnv(conf: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(SLURM|SBATCH|SALLOC|SRUN|SQUEUE|SINFO|SCANCEL|SCONTROL)_/.test(name)) env[name] = value;
  }
  env.SLURM_CONF = conf;
  env.PATH = SEARCH_PATH.filter((d, i, all) => d !== '' && all.indexOf(d) === i).join(delimiter);
  return env;
}

/**
 * Starts munged, slurmctld and slurmd in a new temporary directory and resolves once the node is
 * idle. On failure everything started is stopped again and the error carries the daemons' logs.
 */
export async function startSlurmCluster(options: SlurmClusterOptions = {}): Promise<SlurmCluster> {
  const available = slurmAvailable();
  if (!available.ok) throw new Error(`cannot start a Slurm cluster: ${available.why}`);
  const bin = Object.fromEntries([...DAEMONS, ...COMMANDS].map((name) => [name, which(name)!])) as Record<
    (typeof DAEMONS)[number] | (typeof COMMANDS)[number],
    string
  >;

  const dir = mkdtempSync(join(tmpdir(), 'nqueens-slurm-'));
  // munged insists that everyone may traverse the directories on the way to its socket.
  chmodSync(dir, 0o755);
  const paths = {
    munge: join(dir, 'munge'),
    state: join(dir, 'state'),
    spool: join(dir, 'spool'),
    log: join(dir, 'log'),
  };
  for (const path of Object.values(paths)) mkdirSync(path, { mode: 0o755 });
  const key = join(paths.munge, 'munge.key');
  writeFileSync(key, randomBytes(1024), { mode: 0o400 });
  const socket = join(paths.munge, 'munge.socket');
  const conf = join(dir, 'slurm.conf');
  const node = shortHostname();
  const [controllerPort, nodePort] = [await freePort(), await freePort()];
  const plugstack = join(dir, 'plugstack.conf');
  writeFileSync(plugstack, '');
  // munged in the foreground logs to stderr (caught in log/munged.out), not to its log file.
  const logs = {
    slurmctld: join(paths.log, 'slurmctld.log'),
    slurmd: join(paths.log, 'slurmd.log'),
  };

  writeFileSync(
    conf,
    [
      `ClusterName=nqueens-test`,
      // The explicit address spares a name lookup: the node's name need not resolve.
      `SlurmctldHost=${node}(127.0.0.1)`,
      `SlurmctldPort=${controllerPort}`,
      `SlurmdPort=${nodePort}`,
      `SlurmUser=root`,
      `SlurmdUser=root`,
      `AuthType=auth/munge`,
      `CredType=cred/munge`,
      // cred_expire: a requeued job waits this long before it may start again (default 120 s).
      `AuthInfo=socket=${socket},cred_expire=5`,
      `StateSaveLocation=${paths.state}`,
      `SlurmdSpoolDir=${paths.spool}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      `SlurmctldLogFile=${logs.slurmctld}`,
      `SlurmdLogFile=${logs.slurmd}`,
      `SlurmctldDebug=info`,
      `SlurmdDebug=info`,
      `PlugStackConfig=${plugstack}`,
      `MailProg=/bin/true`,
      `ProctrackType=proctrack/linuxproc`,
      `TaskPlugin=task/none`,
      `JobAcctGatherType=jobacct_gather/none`,
      `AccountingStorageType=accounting_storage/none`,
      `JobCompType=jobcomp/none`,
      `SelectType=select/cons_tres`,
      `SelectTypeParameters=CR_Core`,
      `SchedulerType=sched/backfill`,
      // Start batch jobs at once, not up to 3 s later, and look at the queue every second: an
      // array of 16 short tasks then takes about 7 s instead of 20 s.
      `SchedulerParameters=batch_sched_delay=0,sched_interval=1,bf_interval=1`,
      `MpiDefault=none`,
      `ReturnToService=2`,
      `JobRequeue=1`,
      `MinJobAge=${options.minJobAge ?? 4}`,
      // A job whose dependency can never be met is cancelled instead of pending forever.
      `DependencyParameters=kill_invalid_depend`,
      `NodeName=${node} NodeAddr=127.0.0.1 ${nodeHardware(bin.slurmd)} RealMemory=256 State=UNKNOWN`,
      `PartitionName=test Nodes=${node} Default=YES MaxTime=INFINITE State=UP`,
      '',
    ].join('\n'),
  );

  const env = cleanEnv(conf);
  const stepDaemonsBefore = stepDaemons();
  const children: { name: string; child: ChildProcess; log: string }[] = [];
  const launch = (name: (typeof DAEMONS)[number], args: string[]) => {
    // The daemons log to their own files; their stdout/stderr catch what comes before that.
    const out = join(paths.log, `${name}.out`);
    const fd = openSync(out, 'a');
    const child = spawn(bin[name], args, { env, cwd: dir, stdio: ['ignore', fd, fd], detached: true });
    closeSync(fd);
    child.on('error', () => {}); // reported through the exit check below
    children.push({ name, child, log: out });
    return child;
  };

  // In the foreground slurmctld and slurmd write to stderr what they write to their log files
  // (which add the time): show the log file where there is one, else what came on stderr.
  const logTails = (lines = 20) =>
    children
      .map(({ name, log }) => {
        const file =
          name in logs && existsSync(logs[name as keyof typeof logs]) ? logs[name as keyof typeof logs] : log;
        return `--- ${name} (${file}):\n${tail(file, lines)}`;
      })
      .join('\n');

  // If the test's process goes away without calling stop(), the watchdog cleans up.
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG], {
    env: { ...env, W_PARENT: String(process.pid), W_DIR: dir, W_SCANCEL: bin.scancel },
    cwd: '/',
    stdio: 'ignore',
    detached: true,
  });
  watchdog.unref();

  let stopped: Promise<void> | null = null;
  const stop = () => (stopped ??= stopCluster());
  const keep = options.keepDir ?? process.env.SLURM_KEEP_DIR === '1';

  async function stopCluster(): Promise<void> {
    watchdog.kill('SIGKILL');
    const ctld = children.find((c) => c.name === 'slurmctld')?.child;
    if (ctld && alive(ctld)) {
      // Jobs outlive slurmd: cancel them all while the controller still listens.
      spawnSync(bin.scancel, ['--user=root'], { env, timeout: 10_000 });
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const q = spawnSync(bin.squeue, ['-h', '-o', '%i'], { env, encoding: 'utf8', timeout: 5_000 });
        if (q.status !== 0 || q.stdout.trim() === '') break;
        await sleep(200);
      }
    }
    // slurmd first, then the controller, then munged, which both talk to.
    for (const name of ['slurmd', 'slurmctld', 'munged']) {
      for (const { child } of children.filter((c) => c.name === name)) {
        if (!alive(child)) continue;
        child.kill('SIGTERM');
        if (!(await waitExit(child, 10_000))) {
          child.kill('SIGKILL');
          await waitExit(child, 5_000);
        }
      }
    }
    // What is left (slurmstepd and job processes of jobs that would not die): killed outright.
    for (let round = 0; round < 20; round++) {
      const left = processesUsing(dir);
      if (left.length === 0) break;
      for (const pid of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      await sleep(100);
    }
    // A job's slurmstepd is a child of PID 1 once slurmd has started it: after it exits, it shows
    // as a zombie until PID 1 reaps it. Give that a moment, so that pgrep finds nothing after stop().
    // (Only for step daemons that were not there before this cluster started.)
    for (let round = 0; round < 30; round++) {
      if ([...stepDaemons()].every((pid) => stepDaemonsBefore.has(pid))) break;
      await sleep(100);
    }
    const left = processesUsing(dir);
    const running = children.filter(({ child }) => alive(child)).map(({ name, child }) => `${name} (${child.pid})`);
    if (left.length > 0 || running.length > 0) {
      const described = left.map((pid) => {
        try {
          return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')}`;
        } catch {
          return String(pid);
        }
      });
      throw new Error(`the Slurm cluster in ${dir} left processes behind: ${[...running, ...described].join('; ')}`);
    }
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }

  const started = performance.now();
  try {
    launch('munged', [
      '--foreground',
      `--key-file=${key}`,
      `--socket=${socket}`,
      `--pid-file=${join(paths.munge, 'munged.pid')}`,
      `--log-file=${join(paths.munge, 'munged.log')}`,
      `--seed-file=${join(paths.munge, 'munged.seed')}`,
    ]);
    await waitFor('munged to create its socket', 10_000, () => existsSync(socket));
    launch('slurmctld', ['-D', '-f', conf]);
    launch('slurmd', ['-D', '-f', conf]);
    const timeout = (options.startTimeout ?? 30) * 1000;
    await waitFor('the node to become idle (sinfo -h -o %T)', timeout, () => {
      const r = spawnSync(bin.sinfo, ['-h', '-o', '%T'], { env, encoding: 'utf8', timeout: 5_000 });
      return r.status === 0 && r.stdout.trim() === 'idle';
    });
  } catch (error) {
    const message = `${(error as Error).message}\n${logTails()}`;
    try {
      await stop();
    } catch (stopError) {
      throw new Error(`${message}\n(and stopping failed: ${(stopError as Error).message})`);
    }
    throw new Error(message);
  }
  const startSeconds = (performance.now() - started) / 1000;

  async function waitFor(what: string, ms: number, ready: () => boolean): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      const dead = children.find(({ child }) => !alive(child));
      if (dead) {
        const how = dead.child.exitCode !== null ? `exit code ${dead.child.exitCode}` : dead.child.signalCode;
        throw new Error(`${dead.name} stopped (${how}) while waiting for ${what}`);
      }
      if (ready()) return;
      if (Date.now() > deadline) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
      await sleep(200);
    }
  }

  return { env, dir, node, startSeconds, logTails, stop };
}
