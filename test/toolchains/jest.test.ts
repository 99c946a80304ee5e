// Jest 30 on its defaults: no Jest config at all, so test files are CommonJS, run in a vm context
// of the node test environment, and load modules through Jest's own registry, which requires no
// ES module (Node's require(esm) does not reach it). One test file require()s the package, the
// other imports it through the Babel config of Jest's Getting Started. Both must load the packed
// package and count exactly, on every Node of the engines tier; the ES module alone failed there
// with "Must use import to load ES Module".
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRuntimes, runtime, SERVER_RUNTIMES } from '../engines/runtimes.js';
import { knownCounts } from '../helpers/known-counts.js';
import { packTarball } from '../helpers/pack.js';
import { run } from './command.js';
import { installApp } from './install-app.js';

// The tests of jest-app/counting.js, in order, which each of its test files runs.
const TESTS = [
  "Jest's require() gets the package's CommonJS build",
  'count: n = 1 to 13, one after another',
  'count: n = 8 to 15 at the same time, and n = 16 on 2 worker threads beside them',
  'count: n = 16 on every core by default, and on 2 worker threads when asked',
  'countSync: n = 1 to 11 on wasm and on TypeScript',
  'solutions: every board of n = 6 in order, and as many boards as solutions for n = 8',
  'an AbortController stops a count on worker threads: it rejects with the reason, and the next count is exact',
  "bad arguments are this context's TypeError and RangeError",
  "engine 'webgpu' without Dawn's package rejects with WebGPUUnavailableError",
];
const FILES = ['import.test.js', 'require.test.js'];

// Node 20 (the one running this test) and the engines tier's Node 22 and 24.
const NODES = SERVER_RUNTIMES.map((r) => r.id).filter((id) => id.startsWith('node'));

/** What the app's tests compare with, from the repository's copy of the known counts. */
const KNOWN_COUNTS = JSON.stringify(
  Object.fromEntries([...knownCounts].map(([n, c]) => [n, { total: String(c.total), unique: String(c.unique) }])),
);

/** The part of Jest's --json report that says what ran and how it went. */
interface JestReport {
  success: boolean;
  numTotalTests: number;
  numPassedTests: number;
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { title: string; status: string }[];
  }[];
}

describe('the packed package in a Jest 30 project on its defaults', () => {
  let work: string;
  let app: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'nqueens-jest-'));
    ensureRuntimes();
    app = await installApp('jest-app', work, packTarball(work));
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it.each(NODES)('%s: jest exits 0, and every test of both test files passed', async (id) => {
    const report = join(work, `jest-${id}.json`);
    const [executable, ...args] = runtime(id).command(join(app, 'node_modules/jest/bin/jest.js'), [
      '--json',
      '--outputFile',
      report,
    ]);
    // Rejects, with Jest's output, where jest exits with any other code than 0.
    await run(executable, args, app, { NQUEENS_KNOWN_COUNTS: KNOWN_COUNTS });
    const { success, numTotalTests, numPassedTests, testResults } = JSON.parse(
      readFileSync(report, 'utf8'),
    ) as JestReport;
    const files = testResults
      .map((file) => ({
        file: basename(file.name),
        status: file.status,
        message: file.message,
        tests: file.assertionResults.map((test) => [test.title, test.status]),
      }))
      .sort((a, b) => a.file.localeCompare(b.file));
    expect({ success, numTotalTests, numPassedTests, files }).toEqual({
      success: true,
      numTotalTests: FILES.length * TESTS.length,
      numPassedTests: FILES.length * TESTS.length,
      files: FILES.map((file) => ({
        file,
        status: 'passed',
        message: '',
        tests: TESTS.map((title) => [title, 'passed']),
      })),
    });
  });
});
