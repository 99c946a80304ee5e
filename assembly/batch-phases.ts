// Where a batch stands between two calls of countSteps, as both kernels keep it (assembly/count.ts
// and src/kernel/js/count.ts). Plain numeric constants only, so that this one file compiles as
// AssemblyScript and as TypeScript (as layout.ts does).
//
// The record being counted, and which of its searches: a record with at most LANES free rows is
// counted by forward checking; one with more by the bitmask search over its first rows, which hands
// every placement on the last of them over to forward checking for the LANES rows left (HANDED_OVER).

export const START = 0; // nothing started yet
export const FORWARD = 1; // its completions, by forward checking
export const BITMASK = 2; // its first rows, by the bitmask search
export const HANDED_OVER = 3; // the rows left after one of the bitmask search's placements, by forward checking
export const HALF_TURNS = 4; // its completions fixed by a half turn
export const QUARTER_TURNS = 5; // its completions fixed by a quarter turn
export const JOINING = 6; // its row choice's solutions, by the join

/** Setting up forward checking after a hand-over builds its patterns: charged as this many steps. */
export const HANDOVER_STEPS = 16;
