// Checkpoints: the progress of a count as plain JSON-serialisable data, written here and read
// back here. Reading one given to `resume` goes in three steps, each refusing with an error that
// names the field: its format (version) first, so that a checkpoint of another format is refused
// as such whatever its fields are; then its shape, field by field, into a copy; then, once the
// count is planned, whether it belongs to this count. A checkpoint is bound to its count by n,
// placed, shard and a fingerprint of the planned subproblems, and to its own contents by a
// checksum, so that a damaged one is refused instead of silently used. The checksum is not a
// signature: anyone can compute it, so it catches accidents (a truncated or corrupted file, a
// checkpoint of another count), not deliberate edits.
//
// Everything here reads the checkpoint by field, never by its text, so that a checkpoint resumes
// whatever order of keys and whitespace a JSON store gave it back with.

import { isDecimalCount, MAX_COUNT_DIGITS } from './decimal-count.js';
import { ArgumentRangeError, ArgumentTypeError } from './errors.js';
import { isMade, type PlannedSubproblems, type Subproblems, subproblemsIn } from './kernel/subproblems.js';
import { IMPLIED_METHOD, isMethodName, methodChoices, methodLabel } from './method-list.js';
import { methodOf } from './plan/methods/index.js';
import type { Plan } from './plan/plan.js';
import { quote } from './quote.js';
import type { ResumeState } from './run/job.js';
import type { Checkpoint, Method, Queen, Shard } from './types.js';
import { checkInteger, checkN, checkQueens, checkShardObject, describe, isPlainObject } from './validate.js';

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

const fingerprints = new WeakMap<PlannedSubproblems, string>();

/**
 * Made subproblems fingerprinted: this many, spread evenly over the list (a join's row choices are
 * made by one formula, which a change would alter almost everywhere; all of them would take
 * seconds).
 */
const MADE_SAMPLES = 4096;

/**
 * A fingerprint of the planned subproblem list: n, and every subproblem's queens, weight and
 * stabilizer, and their choices where the method binds its checkpoints to them (of made
 * subproblems, MADE_SAMPLES of them).
 */
export function fingerprint(plan: Plan): string {
  const list = plan.subproblems;
  let known = fingerprints.get(list);
  if (known === undefined) {
    known = hash((byte) => {
      byte(plan.n);
      byte(list.width);
      for (let shift = 0; shift < 32; shift += 8) byte(list.count >>> shift);
      const { choices } = methodOf(plan.method).checkpoint;
      if (!isMade(list)) {
        hashSubproblems(byte, list, choices);
        return;
      }
      const samples = Math.min(list.count, MADE_SAMPLES);
      for (let j = 0; j < samples; j++) {
        const i = Math.floor((j * list.count) / samples);
        hashSubproblems(byte, subproblemsIn(list, i, i + 1), choices);
      }
    });
    fingerprints.set(list, known);
  }
  return known;
}

function hashSubproblems(byte: (b: number) => void, list: Subproblems, choices: boolean): void {
  for (const array of [list.queens, list.weight, list.stabilizer])
    for (let i = 0; i < array.length; i++) byte(array[i]);
  if (choices) for (const choice of list.choice) for (let shift = 0; shift < 32; shift += 8) byte(choice >>> shift);
}

type Unsigned = Omit<Checkpoint, 'checksum'>;

/**
 * Over the fields in a fixed form: the same whatever order the checkpoint's keys come in. The
 * method is in it where the method says so (not backtracking's, as checkpoints made before the
 * join had none).
 */
function checksum(c: Unsigned): string {
  const shard = c.shard === null ? null : { index: c.shard.index, count: c.shard.count };
  const plan = { subproblems: c.plan.subproblems, fingerprint: c.plan.fingerprint };
  const fields = [c.version, c.n, c.placed, shard, plan, c.done, c.total, c.unique, c.elapsedMs];
  if (c.method !== undefined && methodOf(c.method).checkpoint.named) fields.push(c.method);
  return hashText(JSON.stringify(fields));
}

/** The checkpoint of a count at `state`. */
export function makeCheckpoint(plan: Plan, state: ResumeState): Checkpoint {
  const unsigned: Unsigned = {
    version: CHECKPOINT_VERSION,
    n: plan.n,
    placed: plan.placed === null ? null : plan.placed.map(([r, c]) => [r, c] as const),
    shard: plan.shard === null ? null : { index: plan.shard.index, count: plan.shard.count },
    method: plan.method,
    plan: { subproblems: plan.subproblems.count, fingerprint: fingerprint(plan) },
    done: state.done.map(([from, to]) => [from, to] as const),
    total: String(state.tally.total),
    unique: plan.countsUnique ? String(state.tally.unique) : null,
    elapsedMs: state.elapsedMs,
  };
  return { ...unsigned, checksum: checksum(unsigned) };
}

const RESUME = 'options.resume';

function mismatch(field: string, message: string): ArgumentRangeError {
  return new ArgumentRangeError(`${RESUME}.${field}`, null, '', {
    code: 'ERR_CHECKPOINT_MISMATCH',
    problem: message,
    message: `${RESUME}.${field}: ${message}`,
  });
}

/**
 * The checkpoint given to `resume`, read before any work: its format, then its shape. Returns a
 * copy built field by field in the order the package writes them (each value of the caller's
 * object read once): the count uses only the copy, so nothing the caller does to its object after
 * the call reaches the count, and the copy's form does not depend on the order of keys or the
 * whitespace that a JSON store gave it. Whether it belongs to the count is for resumeState.
 */
export function readCheckpoint(resume: unknown): Checkpoint | undefined {
  if (resume === undefined) return undefined;
  if (!isPlainObject(resume))
    throw new ArgumentTypeError(RESUME, 'a checkpoint object (from onCheckpoint)', describe(resume));
  const field = (key: string) => `${RESUME}.${key}`;
  const version = checkInteger(field('version'), resume.version, 0, Number.MAX_SAFE_INTEGER);
  if (version !== CHECKPOINT_VERSION) {
    throw mismatch(
      'version',
      `the checkpoint has format ${version}; this version of nqueens-wasm reads format ${CHECKPOINT_VERSION}`,
    );
  }
  const n = checkN(resume.n, field('n'));
  const placed =
    resume.placed === null
      ? null
      : checkQueens(field('placed'), 'null or an array of [row, col] pairs', n, resume.placed);
  const shard =
    resume.shard === null ? null : checkShardObject(field('shard'), 'null or an object { index, count }', resume.shard);
  const given = resume.method;
  const method = given === undefined ? undefined : checkMethodField(field('method'), given);
  const plan = resume.plan;
  if (!isPlainObject(plan))
    throw new ArgumentTypeError(field('plan'), 'an object { subproblems, fingerprint }', describe(plan));
  const subproblems = checkInteger(field('plan.subproblems'), plan.subproblems, 0, Number.MAX_SAFE_INTEGER);
  const fingerprint = plan.fingerprint;
  if (typeof fingerprint !== 'string')
    throw new ArgumentTypeError(field('plan.fingerprint'), 'a string', describe(fingerprint));
  const done = readDone(field('done'), resume.done, subproblems);
  const total = readCount(field('total'), resume.total, false)!;
  const unique = readCount(field('unique'), resume.unique, true);
  const elapsedMs = resume.elapsedMs;
  const milliseconds = 'a finite number of milliseconds, 0 or more';
  if (typeof elapsedMs !== 'number') throw new ArgumentTypeError(field('elapsedMs'), milliseconds, describe(elapsedMs));
  if (!Number.isFinite(elapsedMs) || elapsedMs < 0)
    throw new ArgumentRangeError(field('elapsedMs'), milliseconds, describe(elapsedMs));
  const checksum = resume.checksum;
  if (typeof checksum !== 'string') throw new ArgumentTypeError(field('checksum'), 'a string', describe(checksum));
  return {
    version,
    n,
    placed,
    shard,
    ...(method !== undefined && { method }),
    plan: { subproblems, fingerprint },
    done,
    total,
    unique,
    elapsedMs,
    checksum,
  };
}

/** A checkpoint's method: a name of the list. */
function checkMethodField(name: string, method: unknown): Method {
  if (!isMethodName(method)) throw new ArgumentTypeError(name, methodChoices("'"), describe(method));
  return method;
}

const methodText = (method: Method) => `by ${methodLabel(method)} (method '${method}')`;

/** The finished ranges: [from, to) pairs, in order, disjoint, within the checkpoint's plan. */
function readDone(name: string, done: unknown, subproblems: number): [number, number][] {
  if (!Array.isArray(done)) throw new ArgumentTypeError(name, 'an array of [from, to] ranges', describe(done));
  const length = done.length;
  if (length > subproblems) throw new ArgumentRangeError(name, `at most ${subproblems} ranges`, `${length}`);
  const ranges: [number, number][] = [];
  let end = 0;
  for (let i = 0; i < length; i++) {
    const range: unknown = done[i];
    const at = `${name}[${i}]`;
    if (!Array.isArray(range) || range.length !== 2)
      throw new ArgumentTypeError(at, 'a [from, to] range', describe(range));
    const from = checkInteger(`${at}[0]`, range[0], end, subproblems);
    end = checkInteger(`${at}[1]`, range[1], from + 1, subproblems);
    ranges.push([from, end]);
  }
  return ranges;
}

/** A count as a decimal string (or null, where `nullable`). */
function readCount(name: string, value: unknown, nullable: boolean): string | null {
  if (nullable && value === null) return null;
  const allowed = `a decimal string of at most ${MAX_COUNT_DIGITS} digits${nullable ? ' or null' : ''}`;
  if (typeof value !== 'string') throw new ArgumentTypeError(name, allowed, describe(value));
  if (!isDecimalCount(value)) throw new ArgumentRangeError(name, allowed, describe(value));
  return value;
}

/** Placed queens for a message: the first few, and how many there are. */
function placedText(queens: readonly Queen[] | null): string {
  if (queens === null) return 'no placed queens';
  const shown = queens.slice(0, 6).map(([r, c]) => `[${r},${c}]`);
  return `placed queens [${shown.join(',')}${queens.length > shown.length ? `,… (${queens.length} queens)` : ''}]`;
}

function sameQueens(a: readonly Queen[] | null, b: readonly Queen[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every(([r, c], i) => r === b[i][0] && c === b[i][1]);
}

const shardText = (shard: Shard | null) => (shard === null ? 'the whole count' : `shard ${shard.index}/${shard.count}`);

/**
 * Where a count resumes from a checkpoint that readCheckpoint read: a RangeError naming the field
 * when the checkpoint is of another count, or damaged.
 */
export function resumeState(plan: Plan, c: Checkpoint): ResumeState {
  if (c.n !== plan.n)
    throw mismatch('n', `the checkpoint is of a count for n = ${c.n}, this count is for n = ${plan.n}`);
  if (!sameQueens(c.placed, plan.placed)) {
    throw mismatch(
      'placed',
      `the checkpoint is of a count with ${placedText(c.placed)}, this count has ${placedText(plan.placed)}`,
    );
  }
  const method = c.method ?? IMPLIED_METHOD;
  if (method !== plan.method) {
    throw mismatch(
      'method',
      `the checkpoint is of a count ${methodText(method)}, this count goes ${methodText(plan.method)}: resume it with method '${method}'`,
    );
  }
  if (c.shard?.index !== plan.shard?.index || c.shard?.count !== plan.shard?.count) {
    throw mismatch('shard', `the checkpoint is of ${shardText(c.shard)}, this count is of ${shardText(plan.shard)}`);
  }
  const own = fingerprint(plan);
  if (c.plan.subproblems !== plan.subproblems.count || c.plan.fingerprint !== own) {
    throw mismatch(
      'plan',
      `the checkpoint's subproblems (${c.plan.subproblems}, fingerprint ${quote(c.plan.fingerprint, 40)}) are not the ones planned ` +
        `here (${plan.subproblems.count}, fingerprint ${own}): it was made by another version of the planner`,
    );
  }
  if ((c.unique === null) === plan.countsUnique) {
    throw mismatch(
      'unique',
      plan.countsUnique ? 'must be a decimal string for this count' : 'must be null for this count',
    );
  }
  if (checksum(c) !== c.checksum) {
    throw mismatch('checksum', "does not match the checkpoint's contents: the checkpoint was edited or damaged");
  }
  return {
    done: c.done,
    tally: { total: BigInt(c.total), unique: c.unique === null ? 0n : BigInt(c.unique) },
    elapsedMs: c.elapsedMs,
  };
}
