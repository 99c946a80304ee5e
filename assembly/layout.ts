// The formats shared by the runner (TypeScript), the wasm kernel and the TS kernel. Plain numeric
// constants only, so that this one file compiles as AssemblyScript and as TypeScript.
//
// The runner hands the kernels subproblems as they are planned: up to MAX_N queens each, as
// (row, col) bytes, row -1 for padding, all of a batch with the same number (the plan's width),
// one after the other; and per subproblem the FIXED_* bits of the counts it needs besides its
// completions. The kernel turns each into a record (expand.ts), its own working form.
//
// A record describes one subproblem: the rows that are still free (its "levels", top to bottom),
// and for each level the squares that the pre-placed queens leave open and the distance to the
// next level. Pre-placed queens are never part of the search: their columns and diagonals are
// already removed from every level's mask, so the kernel shifts the diagonals of its own queens
// across the rows they occupy.

/** Largest board: the masks are 32-bit. */
export const MAX_N = 32;

/** Word offsets inside one record (32-bit words). */
export const REC_LEVELS = 0; // number of free rows (levels)
export const REC_SIZE = 1; // n, the board size
export const REC_FIXED = 2; // which symmetric completions to count as well: FIXED_* bits
export const REC_MASK = 3; // MAX_N + 2 words: open squares per level; two zero words follow the last
export const REC_SHIFT = REC_MASK + MAX_N + 2; // MAX_N + 2 words: rows from this level to the next
export const REC_ROW = REC_SHIFT + MAX_N + 2; // MAX_N words: the board row of each level
export const REC_BOARD = REC_ROW + MAX_N; // MAX_N words: column of the pre-placed queen per row, or -1
export const REC_USED = REC_BOARD + MAX_N; // the columns of the pre-placed queens
export const RECORD_WORDS = REC_USED + 1;

/** REC_FIXED bits: also count the completions that a half turn / a quarter turn leaves unchanged. */
export const FIXED_HALF_TURN = 1;
export const FIXED_QUARTER_TURN = 2;
/** REC_FIXED bit: count only those, not the completions (the GPU counts them); RESULT_COMPLETIONS is 0. */
export const FIXED_ONLY = 4;

/** Subproblems the kernels take per batch; results are written per subproblem. */
export const BATCH = 256;

/** Room for one subproblem's queens: (row, col) bytes. */
export const SUBPROBLEM_BYTES = 2 * MAX_N;

/** Results per subproblem, u64 each. */
export const RESULT_COMPLETIONS = 0; // the completions of the record's queens
export const RESULT_HALF_TURNS = 1; // those a half turn maps onto themselves (with FIXED_HALF_TURN)
export const RESULT_QUARTER_TURNS = 2; // those a quarter turn maps onto themselves (with FIXED_QUARTER_TURN)
export const RESULT_WORDS = 3;

/**
 * A search level saved below the current one, as the listing search keeps it: the candidates not
 * tried yet and the masks on entering the level (free, cols, left, right).
 */
export const SAVED_LEVEL_WORDS = 4;

/** The state of a listing (solutions) search, in 32-bit words: kept by the caller between calls. */
export const ENUM_LEVEL = 0; // the level being searched
export const ENUM_FREE = 1; // its candidates not tried yet
export const ENUM_COLS = 2; // and the masks on entering it
export const ENUM_LEFT = 3;
export const ENUM_RIGHT = 4;
export const ENUM_DONE = 5; // 1 once every solution has been written
export const ENUM_BOARD = 8; // MAX_N bytes: the current board, column per row
export const ENUM_LEVELS = ENUM_BOARD + MAX_N / 4; // SAVED_LEVEL_WORDS per level
export const ENUM_WORDS = ENUM_LEVELS + SAVED_LEVEL_WORDS * (MAX_N + 2);

/** Room for the solutions one call writes, n bytes each. */
export const SOLUTION_BYTES = 1 << 16;

/** REC_FIXED bit: count the subproblem by a join (join.ts) of its row choice, given in EAST_ROWS. */
export const FIXED_JOIN = 8;
/** Boards the join counts: from JOIN_MIN_N, where a side has room for its key, to every board (MAX_N). */
export const JOIN_MIN_N = 6;
export const JOIN_MAX_N = MAX_N;
/** The narrowest side the join meets, k = n >> 1 on its smallest board: where its tables start (join-constants.ts). */
export const JOIN_MIN_K = JOIN_MIN_N >> 1;
/** Rows a quarter of a join holds at most (a side's columns, k = MAX_N / 2), and one more. */
export const JOIN_ROW_LIMIT = MAX_N / 2 + 1;
/** Half-boards a side's list holds, whatever the room asked for: a few kilobytes. */
export const JOIN_ROOM_MIN = 256;
