#!/usr/bin/env node
// The nqueens command line.

import { compareCommand } from './compare-command.js';

const USAGE = `usage: nqueens compare <from>..<to>   JS vs wasm timings for n = from..to (1..32)`;

function fail(message: string): never {
  process.stderr.write(`nqueens: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function parseRange(text: string | undefined): [number, number] {
  const match = /^(\d+)\.\.(\d+)$/.exec(text ?? '');
  if (!match) fail(`expected a range like 4..14, got ${JSON.stringify(text ?? '')}`);
  const from = Number(match[1]);
  const to = Number(match[2]);
  if (from < 1 || to > 32 || from > to) fail(`the range must lie within 1..32 and go upwards, got ${text}`);
  return [from, to];
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'compare') {
    if (rest.length !== 1) fail('compare takes one range');
    const [from, to] = parseRange(rest[0]);
    await compareCommand(from, to);
    return;
  }
  fail(command === undefined ? 'no command given' : `unknown command ${JSON.stringify(command)}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`nqueens: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
