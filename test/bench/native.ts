// The native competitors: built with the machine's C compiler when there is one.

import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import * as layout from '../../assembly/layout.js';
import { repositoryRoot as root } from '../../bench/repository.js';

export const BUILD_DIR = `${root}build/bench`;

export interface NativeBuilds {
  /** Why there are no native columns, or null when the builds are there. */
  readonly missing: string | null;
  readonly compiler: string;
  readonly mirror: string;
  readonly mirrorNodes: string;
  readonly kernel: string;
}

function compile(args: string[]): string | null {
  const result = spawnSync('cc', args, { encoding: 'utf8' });
  if (result.error) return `no C compiler (${result.error.message})`;
  if (result.status !== 0) return `cc failed: ${result.stderr.trim().split('\n')[0]}`;
  return null;
}

/**
 * Builds test/bench/c/*.c with `cc -O3`; the kernel also with the record layout of assembly/layout.ts
 * and -march=x86-64-v3 (AVX2, the instructions V8 uses for wasm SIMD here; -march=native would add
 * AVX-512, with which gcc makes this kernel slower on the machines measured), or -msse4.1 where the
 * compiler has no x86-64-v3.
 */
export function buildNative(): NativeBuilds {
  mkdirSync(BUILD_DIR, { recursive: true });
  const version = spawnSync('cc', ['--version'], { encoding: 'utf8' });
  const compiler = version.error || version.status !== 0 ? 'none' : version.stdout.split('\n')[0];
  const builds = {
    compiler,
    mirror: `${BUILD_DIR}/mirror`,
    mirrorNodes: `${BUILD_DIR}/mirror-nodes`,
    kernel: `${BUILD_DIR}/kernel`,
  };
  const defines = Object.entries(layout).map(([name, value]) => `-D${name}=${value}`);
  const kernel = (arch: string) =>
    compile(['-O3', arch, ...defines, '-o', builds.kernel, `${root}test/bench/c/kernel.c`]);
  const missing =
    compile(['-O3', '-o', builds.mirror, `${root}test/bench/c/mirror.c`]) ??
    compile(['-O3', '-DCOUNT_NODES', '-o', builds.mirrorNodes, `${root}test/bench/c/mirror.c`]) ??
    (kernel('-march=x86-64-v3') === null ? null : kernel('-msse4.1'));
  return { missing, ...builds };
}

export interface NativeRun {
  total: bigint;
  /** Per pass: a program given a minimum time repeats its count until that time has passed. */
  ms: number;
  passes: number;
  nodes: bigint;
}

/** Runs one native program; it times itself and prints one JSON line. */
export function runNative(program: string, args: string[]): NativeRun {
  const result = spawnSync(program, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${program} exited with ${result.status}: ${result.stderr}`);
  const out = JSON.parse(result.stdout) as { total: string; ms: number; passes: number; nodes?: string };
  return { total: BigInt(out.total), ms: out.ms, passes: out.passes, nodes: BigInt(out.nodes ?? 0) };
}
