// The bit operations that AssemblyScript has as builtins (clz, ctz, popcnt), for the TS kernel.

/** Count of leading zero bits; 32 for 0. */
export const clz = Math.clz32;

/** Count of trailing zero bits; 32 for 0. */
export function ctz(x: number): number {
  return x === 0 ? 32 : 31 - Math.clz32(x & -x);
}

/** Count of set bits. */
export function popcnt(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
