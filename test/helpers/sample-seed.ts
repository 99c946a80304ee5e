import { randomInt } from 'node:crypto';

/**
 * The seed of a test's random sample: the environment variable `variable` where it is set (to
 * repeat a run), else a new seed on every run, so that each run checks another sample. The seed
 * is printed either way: a failure is repeated by setting the variable to it.
 */
export function sampleSeed(variable: string): number {
  const given = process.env[variable];
  let seed: number;
  if (given === undefined || given === '') {
    seed = randomInt(2 ** 32);
  } else {
    seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
      throw new Error(`${variable} must be an integer from 0 to 2^32 - 1, not ${JSON.stringify(given)}`);
  }
  console.log(`${variable}=${seed}`);
  return seed;
}
