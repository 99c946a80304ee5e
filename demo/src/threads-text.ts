// How the page words the threads a count ran on, and why they are fewer than asked where they are.
import { plural } from './plural.js';

/** "1 thread", or "automatic: 2 threads" where the package chose. */
export function threadsUsed(used: number, asked: number | null): string {
  return `${asked === null ? 'automatic: ' : ''}${plural(used, 'thread', 'threads')}`;
}

/**
 * Why a count ran on fewer threads than asked, or '' where it did not. A thread counts whole
 * subproblems, so a board planned as fewer subproblems than threads leaves the rest idle; past
 * that, the pool has one thread per core.
 */
export function fewerThreadsWhy(
  n: number,
  asked: number | null,
  used: number,
  subproblems: number | null,
  cores: number,
): string {
  if (asked === null || used >= asked) return '';
  const head = `Asked for ${plural(asked, 'thread', 'threads')}, counted on ${used}: `;
  if (subproblems !== null && subproblems < asked) {
    const pieces =
      subproblems === 1
        ? 'one piece of work (1 subproblem), which one thread counts'
        : `${subproblems} pieces of work (subproblems), one per thread`;
    return `${head}n = ${n} is planned as ${pieces}. Bigger boards split into more.`;
  }
  if (cores < asked) return `${head}this browser runs ${plural(cores, 'thread', 'threads')} at once.`;
  return `${head}the package gave the count no more.`;
}
