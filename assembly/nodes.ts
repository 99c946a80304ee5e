// The two builds of the searches: the type argument is resolved at compile time, so the plain one
// carries no trace of the counter.

export type Plain = u8;
export type CountingNodes = u16;
/** Queen placements tried by the CountingNodes builds since the module started. */
export let nodesVisited: u64 = 0;
