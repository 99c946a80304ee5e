// Checkpoints: the progress of a count as plain JSON-serialisable data, and the check that a
// checkpoint given to `resume` belongs to the count it is given to. A checkpoint is bound to its
// count by n, placed, shard and a fingerprint of the planned subproblems, and to its own contents
// by a checksum, so that an edited or damaged one is refused instead of silently used.

import type { Plan } from './plan/plan.js';
import type { Subproblems } from './plan/subproblem.js';
import type { ResumeState } from './run/job.js';
import type { Checkpoint } from './types.js';
import { ArgumentRangeError } from './validate.js';

/** The format of the checkpoints this version writes and reads. */
export const CHECKPOINT_VERSION = 1;

/** FNV-1a, twice with different seeds: 64 bits as 16 hex digits. Not cryptographic: it catches accidents. */
function hash(feed: (byte: (b: number) => void) => void): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  feed((x) => {
    a = Math.imul(a ^ (x & 0xff), 0x01000193);
    b = Math.imul(b ^ (x & 0xff), 0x01000193) ^ (a >>> 7);
  });
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

function hashText(text: string): string {
  return hash((byte) => {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      byte(code);
      byte(code >>> 8);
    }
  });
}

const fingerprints = new WeakMap<Subproblems, string>();

/** A fingerprint of the planned subproblem list: n, and every subproblem's queens, weight and stabilizer. */
export function fingerprint(plan: Plan): string {
  const list = plan.subproblems;
  let known = fingerprints.get(list);
  if (known === undefined) {
    known = hash((byte) => {
      byte(plan.n);
      byte(list.width);
      for (let shift = 0; shift < 32; shift += 8) byte(list.count >>> shift);
      for (const array of [list.queens, list.weight, list.stabilizer]) for (let i = 0; i < array.length; i++) byte(array[i]);
    });
    fingerprints.set(list, known);
  }
  return known;
}

type Unsigned = Omit<Checkpoint, 'checksum'>;

function checksum(c: Unsigned): string {
  return hashText(JSON.stringify([c.version, c.n, c.placed, c.shard, c.plan, c.done, c.total, c.unique, c.elapsedMs]));
}

/** The checkpoint of a count at `state`. */
export function makeCheckpoint(plan: Plan, state: ResumeState): Checkpoint {
  const unsigned: Unsigned = {
    version: CHECKPOINT_VERSION,
    n: plan.n,
    placed: plan.placed === null ? null : plan.placed.map(([r, c]) => [r, c] as const),
    shard: plan.shard === null ? null : { index: plan.shard.index, count: plan.shard.count },
    plan: { subproblems: plan.subproblems.count, fingerprint: fingerprint(plan) },
    done: state.done.map(([from, to]) => [from, to] as const),
    total: String(state.tally.total),
    unique: plan.countsUnique ? String(state.tally.unique) : null,
    elapsedMs: state.elapsedMs,
  };
  return { ...unsigned, checksum: checksum(unsigned) };
}

function mismatch(field: string, message: string): ArgumentRangeError {
  return new ArgumentRangeError(`options.resume.${field}`, null, '', `options.resume.${field}: ${message}`);
}

const text = (value: unknown) => JSON.stringify(value);

/**
 * Where a count resumes from a checkpoint (its shape already checked by validate.ts): a RangeError
 * naming the field when the checkpoint is from another count, another format, or was altered.
 */
export function resumeState(plan: Plan, c: Checkpoint): ResumeState {
  if (c.version !== CHECKPOINT_VERSION) {
    throw mismatch('version', `the checkpoint has format ${c.version}; this version of nqueens-wasm reads format ${CHECKPOINT_VERSION}`);
  }
  if (c.n !== plan.n) throw mismatch('n', `the checkpoint is of a count for n = ${c.n}, this count is for n = ${plan.n}`);
  const placed = plan.placed === null ? null : plan.placed.map(([r, c]) => [r, c]);
  if (text(c.placed) !== text(placed)) {
    throw mismatch('placed', `the checkpoint's placed queens ${text(c.placed)} are not this count's ${text(placed)}`);
  }
  if (text(c.shard) !== text(plan.shard)) {
    throw mismatch('shard', `the checkpoint is of shard ${text(c.shard)}, this count is of shard ${text(plan.shard)}`);
  }
  const own = fingerprint(plan);
  if (c.plan.subproblems !== plan.subproblems.count || c.plan.fingerprint !== own) {
    throw mismatch(
      'plan',
      `the checkpoint's subproblems (${c.plan.subproblems}, fingerprint ${c.plan.fingerprint}) are not the ones planned ` +
        `here (${plan.subproblems.count}, fingerprint ${own}): it was made by another version of the planner`,
    );
  }
  if ((c.unique === null) === plan.countsUnique) {
    throw mismatch('unique', plan.countsUnique ? 'must be a decimal string for this count' : 'must be null for this count');
  }
  if (checksum(c) !== c.checksum) {
    throw mismatch('checksum', 'does not match the checkpoint\'s contents: the checkpoint was edited or damaged');
  }
  return {
    done: c.done,
    tally: { total: BigInt(c.total), unique: c.unique === null ? 0n : BigInt(c.unique) },
    elapsedMs: c.elapsedMs,
  };
}
