// The builds of the searches: the type argument is resolved at compile time, so the plain one
// carries no trace of the others. The benchmark's build (bench.ts) counts the placements tried,
// and counts records by the bitmask search alone, as a second path to check the first.

export type Plain = u8;
export type CountingNodes = u16;
export type BitmaskOnly = u32;
/** Queen placements tried by the CountingNodes builds since the module started. */
export let nodesVisited: u64 = 0;
