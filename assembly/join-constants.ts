// The facts of the join that both kernels read (assembly/join.ts and src/kernel/js/join.ts): its
// phases, what it charges per step, its key widths and the bytes of its lists. Plain numeric
// constants and array literals only, so that this one file compiles as AssemblyScript and as
// TypeScript (as layout.ts does).

/** The two sides of the board: the east columns and the west ones. */
export const EAST = 0;
export const WEST = 1;
/** A side's two quarters: its rows in the board's top half and those in its bottom half. */
export const NORTH = 0;
export const SOUTH = 1;

/** Where a join stands between two calls of its run. */
export const QUARTERS = 0; // listing the quarter-boards of both sides
export const TABLE = 1; // listing a part of the table's side into the table
export const TABLE_SORT = 2; // sorting it into buckets
export const BLOCK = 3; // listing a block of the streamed side
export const BLOCK_SORT = 4; // sorting it into buckets
export const CROSS = 5; // counting the pairs of the block and the table
export const DONE = 6;

/** Where a sort stands between calls: counting the keys, then placing the rests. */
export const COUNTING = 0;
export const PLACING = 1;
export const SORTED = 2;

/**
 * Steps charged: one per this many (as a power of 2) candidate groups of quarter-boards, half-boards
 * sorted, and table vectors of four entries read; and one per 16 north quarter-boards weighed when
 * the table's side is chosen.
 */
export const CANDIDATES_PER_STEP_SHIFT = 2;
export const SORTED_PER_STEP_SHIFT = 2;
export const VECTORS_PER_STEP_SHIFT = 2;
export const NORTHS_PER_STEP_SHIFT = 4;

/**
 * Half-boards listed and tested at once: the four lanes of a SIMD vector in wasm, which stores a
 * group of four and so needs room for four more before each group; TypeScript stops at the same places.
 */
export const GROUP = 4;
/** log2 of GROUP: entries to a table vector. */
export const GROUP_SHIFT = 2;

/** A rest of the streamed side has this bit, which no table rest has: it never matches the padding. */
export const STREAM_MARK = 0x80000000;
/** Bits a rest's word holds besides STREAM_MARK's: a narrow rest holds both directions' there. */
export const REST_WORD_BITS = 31;
/** What fills a table bucket up to a multiple of GROUP entries. */
export const PADDING = 0xffffffff;

/**
 * Key bits by the side's columns, k = JOIN_MIN_K .. MAX_N / 2 (layout.ts): more buckets spare more pairs,
 * but each visit of a bucket costs (measured best at n = 14 to 24; past 24, as at 24).
 */
export const KEY_BITS = [4, 4, 4, 4, 4, 4, 8, 10, 14, 16, 16, 16, 16, 16];
/**
 * The scalar kernel tests a pair for more than wasm does against the same cost of a bucket's
 * visit, so sparing pairs pays more there: at k = SCALAR_KEY_K it keys on SCALAR_KEY_BITS bits.
 */
export const SCALAR_KEY_K = 8;
export const SCALAR_KEY_BITS = 6;
/** How many of the key bits the table's copies sieve, by k from JOIN_MIN_K (see assembly/join.ts). */
export const SIEVE_BITS = [0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0];

/** Bytes of one entry of a list: a u32. */
export const ENTRY_BYTES = 4;
/**
 * Bytes per quarter-board of the quarter lists: per side its columns (u32) and diagonals (u64)
 * north and its two diagonal words south (u32 each); and the scratch's diagonals and columns.
 */
export const QUARTER_ENTRY_BYTES = 2 * (4 + 8 + 4 + 4) + 8 + 4;
/** Bytes per set of a side's columns (and two more): each side's south starts, a u32. */
export const QUARTER_SET_BYTES = 2 * 4;
/**
 * Bytes the quarter lists take besides: the four entries read past the end of each south list,
 * and the alignment of each side's lists and the scratch to 16 bytes.
 */
export const QUARTER_SLACK_BYTES = 160;
/** Lists of rests per half-board besides the table's copies: the table's, the block's, the block's by bucket. */
export const REST_LISTS = 3;
/** Bytes of keys per half-board: a u32 in the table's list and one in the block's. */
export const KEY_BYTES = 2 * 4;
/** Padding entries a bucket may have, in each of the four lists by bucket or read by vectors. */
export const BUCKET_PADDING = GROUP - 1;
/** Bytes of bucket starts per bucket: a u32 for the table and one for the block. */
export const BUCKET_START_BYTES = 2 * 4;
/** Bytes the half-board lists take besides: both starts' two more entries, and the alignment to 16 bytes. */
export const HALF_SLACK_BYTES = 64;
/** Half-boards a list holds at most: its byte offsets stay below 2^31. */
export const HALF_BOARDS_MAX = 0x20000000;
