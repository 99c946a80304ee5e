/*
 * A C transcription of the wasm kernel's count (assembly/count.ts, expand.ts, forward.ts and
 * bitmask.ts), for measuring how close the wasm build comes to a native build of the same
 * algorithm. It reads the subproblems that the package's planner made (bench/subproblems.ts) and
 * counts them one after the other.
 * The record layout constants come from assembly/layout.ts as -D flags. The wasm SIMD operations
 * of forward.ts become the SSE4.1 instructions they compile to, so this builds for x86-64 only,
 * with -msse4.1 or later (bench/native.ts uses -march=x86-64-v3: AVX2, as V8 does for wasm SIMD).
 *
 * usage: kernel <subproblems file> [min ms]   prints {"total":..,"ms":..,"passes":..}: the
 * subproblems are counted again until min ms have passed, and ms is per pass
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <smmintrin.h>

#if !defined(REC_LEVELS) || !defined(REC_MASK) || !defined(REC_SHIFT) || !defined(REC_SIZE) || !defined(REC_ROW) || \
    !defined(REC_BOARD) || !defined(REC_USED) || !defined(MAX_N) || !defined(RECORD_WORDS)
#error "build with the layout constants of assembly/layout.ts (-DREC_LEVELS=.. -DREC_MASK=.. -DREC_SHIFT=.. -DMAX_N=..)"
#endif

#define LANES 16

static uint64_t forwardHandoff(const uint32_t *record, int level, uint32_t cols, uint32_t left, uint32_t right);

/* The bitmask search (assembly/bitmask.ts): one slot per level, the level's constants and the
   state saved below it. */
typedef struct Slot {
  uint32_t free, cols, left, right; /* candidates not tried yet; the masks on entering the level */
  uint32_t nextMask;                /* open squares of the next level */
  uint32_t shift;                   /* rows from this level to the next */
  uint32_t countFlag;               /* 1 at the level before the last: candidates are counted */
  uint32_t descend;                 /* all ones where candidates are descended into */
  uint32_t handoff;                 /* 1 at the last level searched here: placements are handed over */
  struct Slot *back;                /* the nearest level above with candidates left */
} Slot;

static Slot slots[MAX_N + 2];

/* The levels below `handoff` (all of them: the whole count), handing every placement on the last
   of them over to forward checking. */
static uint64_t bitmaskCompletions(const uint32_t *record, int handoff) {
  int levels = (int)record[REC_LEVELS];
  if (levels == 0) return 1;
  const uint32_t *masks = record + REC_MASK;
  const uint32_t *shifts = record + REC_SHIFT;
  int last = levels - 1;
  uint32_t free = masks[0];
  if (last == 0) return (uint64_t)__builtin_popcount(free);
  for (int level = 0; level < last; level++) {
    Slot *at = &slots[level + 1];
    at->nextMask = masks[level + 1];
    at->shift = shifts[level];
    at->countFlag = level + 1 == last ? 1 : 0;
    at->descend = level + 1 == last || level + 1 == handoff ? 0 : 0xffffffffu;
    at->handoff = level + 1 == handoff ? 1 : 0;
  }
  uint64_t count = 0;
  uint32_t cols = 0, left = 0, right = 0;
  Slot *slot = &slots[1];
  slot->back = NULL;
  for (;;) {
    if (free != 0) {
      uint32_t bit = free & (0u - free);
      free ^= bit;
      uint32_t shift = slot->shift;
      uint32_t nextCols = cols | bit;
      uint32_t nextLeft = (left | bit) << shift;
      uint32_t nextRight = (right | bit) >> shift;
      uint32_t nextFree = slot->nextMask & ~(nextCols | nextLeft | nextRight);
      count += (uint64_t)((uint32_t)(nextFree != 0) & slot->countFlag);
      if (((uint32_t)(nextFree != 0) & slot->handoff) != 0) {
        count += forwardHandoff(record, handoff, nextCols, nextLeft, nextRight);
        continue;
      }
      nextFree &= slot->descend;
      if (nextFree != 0) {
        slot->free = free;
        slot->cols = cols;
        slot->left = left;
        slot->right = right;
        slot[1].back = free != 0 ? slot : slot->back;
        slot++;
        cols = nextCols;
        left = nextLeft;
        right = nextRight;
        free = nextFree;
      }
    } else {
      slot = slot->back;
      if (slot == NULL) break;
      free = slot->free;
      cols = slot->cols;
      left = slot->left;
      right = slot->right;
    }
  }
  return count;
}

/* Forward checking (assembly/forward.ts): one 16-bit lane per free row in two 128-bit vectors. */
typedef struct State {
  __m128i open0, open1;    /* open squares per row; placed rows and unused lanes are 0 */
  uint32_t row, cols, left; /* the row its children take, columns without a queen, rows left */
  uint32_t pad;
} State;
static State stack[2 * LANES * LANES];
/* Attack patterns [lane][bit][other lane]: a window's (built once) and compact mode's (per record). */
static uint16_t windowPatterns[LANES * LANES * LANES] __attribute__((aligned(16)));
static uint16_t compactPatterns[LANES * LANES * LANES] __attribute__((aligned(16)));
static int windowReady = 0;
/* Compact mode: each column's bit (0 for a used one) with 32 zero columns on both sides; the
   lanes' rows and open squares (real columns). */
static uint16_t columnBit[96];
static int32_t laneRow[LANES];
static uint32_t laneOpen[LANES];

static inline uint32_t emptyRows(__m128i open0, __m128i open1) {
  __m128i zero = _mm_setzero_si128();
  return (uint32_t)_mm_movemask_epi8(_mm_packs_epi16(_mm_cmpeq_epi16(open0, zero), _mm_cmpeq_epi16(open1, zero)));
}

static inline uint32_t coveredColumns(__m128i open0, __m128i open1) {
  __m128i any = _mm_or_si128(open0, open1);
  any = _mm_or_si128(any, _mm_shuffle_epi32(any, 0x4e));
  any = _mm_or_si128(any, _mm_shuffle_epi32(any, 0xb1));
  any = _mm_or_si128(any, _mm_srli_epi32(any, 16));
  return (uint32_t)_mm_extract_epi16(any, 0);
}

#define KEY_COUNT 11
#define KEY_ROW 15

static inline __m128i popcount8(__m128i v) { /* i8x16.popcnt, as V8 compiles it */
  const __m128i table = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m128i nibble = _mm_set1_epi8(15);
  __m128i low = _mm_shuffle_epi8(table, _mm_and_si128(v, nibble));
  __m128i high = _mm_shuffle_epi8(table, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
  return _mm_add_epi8(low, high);
}

static inline uint32_t mostConstrainedRow(__m128i open0, __m128i open1) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i index0 = _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7), index1 = _mm_setr_epi16(8, 9, 10, 11, 12, 13, 14, 15);
  __m128i bytes0 = popcount8(open0), bytes1 = popcount8(open1);
  __m128i key0 = _mm_or_si128(_mm_or_si128(_mm_slli_epi16(_mm_add_epi16(bytes0, _mm_srli_epi16(bytes0, 8)), KEY_COUNT), index0),
                              _mm_cmpeq_epi16(open0, zero));
  __m128i key1 = _mm_or_si128(_mm_or_si128(_mm_slli_epi16(_mm_add_epi16(bytes1, _mm_srli_epi16(bytes1, 8)), KEY_COUNT), index1),
                              _mm_cmpeq_epi16(open1, zero));
  __m128i key = _mm_min_epu16(key0, key1);
  key = _mm_min_epu16(key, _mm_shuffle_epi32(key, 0x4e));
  key = _mm_min_epu16(key, _mm_shuffle_epi32(key, 0xb1));
  key = _mm_min_epu16(key, _mm_srli_epi32(key, 16));
  return (uint32_t)_mm_extract_epi16(key, 0);
}

static inline uint32_t place(const uint16_t *patterns, __m128i open0, __m128i open1, uint32_t row, uint32_t bit, uint32_t cols,
                             uint32_t left, uint32_t empty, State *child) {
  const __m128i *taken = (const __m128i *)&patterns[((row << 4) | ((uint32_t)__builtin_ctz(bit | 0x8000) & 15)) << 4];
  __m128i next0 = _mm_andnot_si128(taken[0], open0), next1 = _mm_andnot_si128(taken[1], open1);
  uint32_t nextCols = cols ^ bit;
  uint32_t dead = (emptyRows(next0, next1) ^ empty) | (nextCols & ~coveredColumns(next0, next1)) | ((bit - 1) >> 16);
  child->open0 = next0;
  child->open1 = next1;
  child->row = mostConstrainedRow(next0, next1) & KEY_ROW;
  child->cols = nextCols;
  child->left = left - 1;
  return (uint32_t)(dead == 0);
}

static uint64_t forwardRun(const uint16_t *patterns) {
  State *top = stack + 1;
  uint64_t count = 0;
  while (top != stack) {
    top--;
    __m128i a0 = top->open0, a1 = top->open1;
    uint32_t rowA = top->row, colsA = top->cols, leftA = top->left;
    uint32_t candidatesA = ((const uint16_t *)&top->open0)[rowA];
    uint32_t emptyA = emptyRows(a0, a1) | (1u << rowA);
    uint32_t lastA = leftA == 2, stepA = leftA != 2; /* two rows left: a live child has one completion */
    if (top != stack) {
      top--;
      __m128i b0 = top->open0, b1 = top->open1;
      uint32_t rowB = top->row, colsB = top->cols, leftB = top->left;
      uint32_t candidatesB = ((const uint16_t *)&top->open0)[rowB];
      uint32_t emptyB = emptyRows(b0, b1) | (1u << rowB);
      uint32_t lastB = leftB == 2, stepB = leftB != 2;
      do {
        uint32_t bitA = candidatesA & (0u - candidatesA);
        candidatesA ^= bitA;
        uint32_t kept = place(patterns, a0, a1, rowA, bitA, colsA, leftA, emptyA, top);
        top += kept & stepA;
        count += kept & lastA;
        uint32_t bitB = candidatesB & (0u - candidatesB);
        candidatesB ^= bitB;
        kept = place(patterns, b0, b1, rowB, bitB, colsB, leftB, emptyB, top);
        top += kept & stepB;
        count += kept & lastB;
      } while ((candidatesA | candidatesB) != 0);
    } else {
      do {
        uint32_t bitA = candidatesA & (0u - candidatesA);
        candidatesA ^= bitA;
        uint32_t kept = place(patterns, a0, a1, rowA, bitA, colsA, leftA, emptyA, top);
        top += kept & stepA;
        count += kept & lastA;
      } while (candidatesA != 0);
    }
  }
  return count;
}

/* The window patterns: for a queen in lane L, bit x, lane M gets bits x and x +- |M - L|. */
static void windowTable(void) {
  for (int lane = 0; lane < LANES; lane++)
    for (int bit = 0; bit < LANES; bit++)
      for (int other = 0; other < LANES; other++) {
        int distance = abs(other - lane);
        windowPatterns[(((lane << 4) | bit) << 4) + other] =
            other == lane ? 0xffff : (uint16_t)(((1u << bit) | (1u << (bit + distance)) | ((1u << bit) >> distance)) & 0xffff);
      }
  windowReady = 1;
}

/* Checks the root (in stack[0]) and searches from it. */
static uint64_t startFrom(const uint16_t *patterns, uint32_t free, uint32_t cols, int levels) {
  State *root = &stack[0];
  if ((emptyRows(root->open0, root->open1) & free) != 0) return 0;
  if ((cols & ~coveredColumns(root->open0, root->open1)) != 0) return 0;
  uint32_t first = mostConstrainedRow(root->open0, root->open1);
  if (levels == 1) return first >> KEY_COUNT;
  root->row = first & KEY_ROW;
  root->cols = cols;
  root->left = (uint32_t)levels;
  return forwardRun(patterns);
}

static void setRoot(const uint16_t *open) {
  stack[0].open0 = _mm_loadu_si128((const __m128i *)open);
  stack[0].open1 = _mm_loadu_si128((const __m128i *)(open + 8));
}

/* Compact mode: lane = index in laneRow, bit = rank of the column among the unused ones. */
static uint64_t compactStart(int levels, uint32_t unused) {
  memset(columnBit, 0, sizeof columnBit);
  uint32_t bit = 0;
  for (uint32_t columns = unused; columns != 0; columns &= columns - 1) columnBit[32 + __builtin_ctz(columns)] = (uint16_t)(1u << bit++);
  uint16_t open[LANES] = {0};
  for (int lane = 0; lane < levels; lane++)
    for (uint32_t squares = laneOpen[lane]; squares != 0; squares &= squares - 1) open[lane] |= columnBit[32 + __builtin_ctz(squares)];
  setRoot(open);
  State *root = &stack[0];
  uint32_t free = (1u << levels) - 1, cols = (1u << bit) - 1;
  if ((emptyRows(root->open0, root->open1) & free) != 0) return 0;
  if ((cols & ~coveredColumns(root->open0, root->open1)) != 0) return 0;
  for (int lane = 0; lane < levels; lane++) {
    int row = laneRow[lane];
    for (uint32_t squares = laneOpen[lane]; squares != 0; squares &= squares - 1) {
      const uint16_t *own = &columnBit[32 + __builtin_ctz(squares)];
      uint16_t *at = &compactPatterns[((lane << 4) | __builtin_ctz(*own)) << 4];
      for (int other = 0; other < levels; other++) {
        int distance = abs(laneRow[other] - row);
        at[other] = other == lane ? 0xffff : (uint16_t)(*own | own[distance] | own[-distance]);
      }
    }
  }
  return startFrom(compactPatterns, free, cols, levels);
}

static uint64_t forwardCompletions(const uint32_t *record) {
  int levels = (int)record[REC_LEVELS];
  if (levels == 0) return 1;
  int n = (int)record[REC_SIZE];
  const int32_t *rows = (const int32_t *)record + REC_ROW;
  const uint32_t *masks = record + REC_MASK;
  uint32_t used = record[REC_USED];
  uint32_t all = n == 32 ? 0xffffffffu : (1u << n) - 1;
  uint32_t span = 0;
  for (int level = 0; level < levels; level++) span |= masks[level];
  int rowLow = rows[0];
  int colLow = span == 0 ? 0 : __builtin_ctz(span);
  if (rows[levels - 1] - rowLow < LANES && (span == 0 || 32 - __builtin_clz(span) - colLow <= LANES)) {
    if (!windowReady) windowTable();
    uint16_t open[LANES] = {0};
    uint32_t free = 0;
    for (int level = 0; level < levels; level++) {
      int lane = rows[level] - rowLow;
      open[lane] = (uint16_t)(masks[level] >> colLow);
      free |= 1u << lane;
    }
    setRoot(open);
    return startFrom(windowPatterns, free, (all & ~used) >> colLow, levels);
  }
  for (int level = 0; level < levels; level++) {
    laneRow[level] = rows[level];
    laneOpen[level] = masks[level];
  }
  return compactStart(levels, all & ~used);
}

static uint64_t forwardHandoff(const uint32_t *record, int level, uint32_t cols, uint32_t left, uint32_t right) {
  int n = (int)record[REC_SIZE];
  int levels = (int)record[REC_LEVELS] - level;
  const int32_t *rows = (const int32_t *)record + REC_ROW + level;
  const uint32_t *masks = record + REC_MASK + level;
  int top = rows[0];
  uint32_t used = cols | record[REC_USED];
  for (int lane = 0; lane < levels; lane++) {
    int distance = rows[lane] - top;
    laneRow[lane] = rows[lane];
    laneOpen[lane] = masks[lane] & ~(cols | (left << distance) | (right >> distance));
  }
  uint32_t all = n == 32 ? 0xffffffffu : (1u << n) - 1;
  return compactStart(levels, all & ~used);
}

/* A subproblem's queens into its record (assembly/expand.ts). */
static void expandRecord(const int8_t *queens, int pairs, int n, uint32_t *record) {
  uint32_t all = n == 32 ? 0xffffffffu : (1u << n) - 1;
  int32_t *board = (int32_t *)record + REC_BOARD;
  uint32_t used = 0;
  for (int r = 0; r < n; r++) board[r] = -1;
  for (int i = 0; i < pairs; i++) {
    if (queens[2 * i] < 0) continue;
    board[queens[2 * i]] = queens[2 * i + 1];
    used |= 1u << queens[2 * i + 1];
  }
  /* The diagonals the queens take: the queens above each free row going down, those below going up. */
  int level = 0, previous = -1;
  uint32_t right = 0, left = 0;
  for (int r = 0; r < n; r++) {
    if (board[r] >= 0) {
      right |= 1u << board[r];
      left |= 1u << board[r];
    } else {
      record[REC_MASK + level] = right | left;
      record[REC_ROW + level] = (uint32_t)r;
      if (level > 0) record[REC_SHIFT + level - 1] = (uint32_t)(r - previous);
      previous = r;
      level++;
    }
    right <<= 1;
    left >>= 1;
  }
  right = 0;
  left = 0;
  for (int r = n - 1, at = level; r >= 0; r--) {
    if (board[r] >= 0) {
      right |= 1u << board[r];
      left |= 1u << board[r];
    } else {
      at--;
      record[REC_MASK + at] = all & ~(used | record[REC_MASK + at] | right | left);
    }
    right <<= 1;
    left >>= 1;
  }
  record[REC_SIZE] = (uint32_t)n;
  record[REC_LEVELS] = (uint32_t)level;
  record[REC_USED] = used;
  record[REC_MASK + level] = 0;
  record[REC_MASK + level + 1] = 0;
  if (level > 0) record[REC_SHIFT + level - 1] = 0;
  record[REC_SHIFT + level] = 0;
  record[REC_SHIFT + level + 1] = 0;
}

static uint64_t completions(const uint32_t *record) {
  int levels = (int)record[REC_LEVELS];
  return levels <= LANES ? forwardCompletions(record) : bitmaskCompletions(record, levels - LANES);
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: kernel <subproblems file> [min ms]\n");
    return 2;
  }
  double minMs = argc > 2 ? atof(argv[2]) : 0;
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    perror(argv[1]);
    return 1;
  }
  int32_t header[3];
  if (fread(header, sizeof header, 1, file) != 1) return 1;
  size_t count = (size_t)header[0];
  int n = header[1], width = header[2];
  int32_t *weights = malloc((count + 1) * sizeof(int32_t));
  int8_t *queens = malloc((count + 1) * (size_t)width * 2);
  /* A plan of the whole board has subproblems without queens (width 0). */
  if (count > 0 && (fread(weights, sizeof(int32_t), count, file) != count ||
                    (width > 0 && fread(queens, (size_t)width * 2, count, file) != count))) return 1;
  fclose(file);
  static uint32_t record[RECORD_WORDS];
  /* All the subproblems are counted again until min ms have passed; the time printed is per pass. */
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint64_t total = 0;
  int passes = 0;
  double ms;
  do {
    __asm__ volatile("" ::: "memory");
    total = 0;
    for (size_t i = 0; i < count; i++) {
      expandRecord(queens + i * (size_t)width * 2, width, n, record);
      total += (uint64_t)weights[i] * completions(record);
    }
    passes++;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
  } while (ms < minMs);
  printf("{\"total\":\"%llu\",\"ms\":%.3f,\"passes\":%d}\n", (unsigned long long)total, ms / passes, passes);
  free(weights);
  free(queens);
  return 0;
}
