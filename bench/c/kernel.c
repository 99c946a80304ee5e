/*
 * A C transcription of the wasm kernel (assembly/count.ts and assembly/forward.ts), for measuring
 * how close the wasm build comes to a native build of the same algorithm. It reads the records
 * that the package's planner wrote (bench/records.ts) and counts them one after the other.
 * The record layout constants come from assembly/layout.ts as -D flags. The wasm SIMD operations
 * of forward.ts become the SSE4.1 instructions they compile to, so this builds for x86-64 only,
 * with -msse4.1 or -march=native.
 *
 * usage: kernel <records file> [min ms]   prints {"total":..,"ms":..,"passes":..}: the records are
 * counted again until min ms have passed, and ms is per pass
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <smmintrin.h>

#if !defined(REC_LEVELS) || !defined(REC_MASK) || !defined(REC_SHIFT) || !defined(REC_SIZE) || !defined(REC_ROW) || \
    !defined(REC_BOARD) || !defined(MAX_N)
#error "build with the layout constants of assembly/layout.ts (-DREC_LEVELS=.. -DREC_MASK=.. -DREC_SHIFT=.. -DMAX_N=..)"
#endif

/* One stack frame per level: the level's constants and the state saved below it. */
typedef struct Frame {
  uint32_t free, cols, left, right; /* candidates not tried yet; the masks on entering the level */
  uint32_t nextMask;                /* open squares of the next level */
  uint32_t shift;                   /* rows from this level to the next */
  uint32_t countFlag;               /* 1 at the level before the last: candidates are counted */
  uint32_t descend;                 /* all ones where candidates are descended into */
  struct Frame *back;               /* the nearest level above with candidates left */
} Frame;

static Frame frames[MAX_N + 2];

static uint64_t bitmaskCompletions(const uint32_t *record) {
  int levels = (int)record[REC_LEVELS];
  if (levels == 0) return 1;
  const uint32_t *masks = record + REC_MASK;
  const uint32_t *shifts = record + REC_SHIFT;
  int last = levels - 1;
  uint32_t free = masks[0];
  if (last == 0) return (uint64_t)__builtin_popcount(free);
  for (int level = 0; level < last; level++) {
    Frame *at = &frames[level + 1];
    at->nextMask = masks[level + 1];
    at->shift = shifts[level];
    at->countFlag = level + 1 == last ? 1 : 0;
    at->descend = level + 1 == last ? 0 : 0xffffffffu;
  }
  uint64_t count = 0;
  uint32_t cols = 0, left = 0, right = 0;
  Frame *frame = &frames[1];
  frame->back = NULL;
  for (;;) {
    if (free != 0) {
      uint32_t bit = free & (0u - free);
      free ^= bit;
      uint32_t shift = frame->shift;
      uint32_t nextCols = cols | bit;
      uint32_t nextLeft = (left | bit) << shift;
      uint32_t nextRight = (right | bit) >> shift;
      uint32_t nextFree = frame->nextMask & ~(nextCols | nextLeft | nextRight);
      count += (uint64_t)((uint32_t)(nextFree != 0) & frame->countFlag);
      nextFree &= frame->descend;
      if (nextFree != 0) {
        frame->free = free;
        frame->cols = cols;
        frame->left = left;
        frame->right = right;
        frame[1].back = free != 0 ? frame : frame->back;
        frame++;
        cols = nextCols;
        left = nextLeft;
        right = nextRight;
        free = nextFree;
      }
    } else {
      frame = frame->back;
      if (frame == NULL) break;
      free = frame->free;
      cols = frame->cols;
      left = frame->left;
      right = frame->right;
    }
  }
  return count;
}

/* Forward checking (assembly/forward.ts): one 16-bit lane per free row in two 128-bit vectors. */
#define LANES 16
typedef struct State {
  __m128i open0, open1;    /* open squares per row; placed rows and unused lanes are 0 */
  uint32_t row, cols, left; /* the row its children take, columns without a queen, rows left */
  uint32_t pad;
} State;
static State stack[2 * LANES * LANES];
static uint16_t attack[LANES * LANES * LANES] __attribute__((aligned(16)));

static int laneOffset(const uint32_t *record) {
  int levels = (int)record[REC_LEVELS];
  if (levels > LANES) return -1;
  uint32_t span = 0;
  for (int level = 0; level < levels; level++) span |= record[REC_MASK + level];
  if (span == 0) return 0;
  int low = __builtin_ctz(span);
  return 32 - __builtin_clz(span) - low <= LANES ? low : -1;
}

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

static inline uint32_t place(__m128i open0, __m128i open1, uint32_t row, uint32_t bit, uint32_t cols, uint32_t left,
                             uint32_t empty, State *child) {
  const __m128i *taken = (const __m128i *)&attack[((row << 4) | ((uint32_t)__builtin_ctz(bit | 0x8000) & 15)) << 4];
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

static uint64_t forwardCompletions(const uint32_t *record, int low) {
  int levels = (int)record[REC_LEVELS];
  if (levels == 0) return 1;
  int n = (int)record[REC_SIZE];
  const int32_t *rows = (const int32_t *)record + REC_ROW;
  uint32_t used = 0;
  for (int row = 0; row < n; row++) {
    int column = ((const int32_t *)record)[REC_BOARD + row];
    if (column >= 0) used |= 1u << column;
  }
  uint32_t all = n == 32 ? 0xffffffffu : (1u << n) - 1;
  uint16_t open[LANES];
  for (int lane = 0; lane < LANES; lane++) open[lane] = lane < levels ? (uint16_t)(record[REC_MASK + lane] >> low) : 0;
  State *root = &stack[0];
  root->open0 = _mm_loadu_si128((const __m128i *)open);
  root->open1 = _mm_loadu_si128((const __m128i *)(open + 8));
  uint32_t cols = (all & ~used) >> low;
  if ((emptyRows(root->open0, root->open1) & ((1u << levels) - 1)) != 0) return 0;
  if ((cols & ~coveredColumns(root->open0, root->open1)) != 0) return 0;
  uint32_t first = mostConstrainedRow(root->open0, root->open1);
  if (levels == 1) return first >> KEY_COUNT;
  root->row = first & KEY_ROW;
  root->cols = cols;
  root->left = (uint32_t)levels;

  uint16_t reach[2 * LANES] __attribute__((aligned(16))) = {0};
  for (int level = 0; level < levels; level++) {
    for (int lane = 0; lane < levels; lane++) {
      uint32_t up = 0xffff, down = 0xffff;
      if (lane != level) {
        int distance = abs(rows[lane] - rows[level]);
        up = 1u | (1u << distance);
        down = 0x8000u >> distance;
      }
      reach[lane] = (uint16_t)up;
      reach[LANES + lane] = (uint16_t)down;
    }
    __m128i up0 = _mm_load_si128((const __m128i *)reach), up1 = _mm_load_si128((const __m128i *)(reach + 8));
    __m128i down0 = _mm_load_si128((const __m128i *)(reach + 16)), down1 = _mm_load_si128((const __m128i *)(reach + 24));
    for (uint32_t open = record[REC_MASK + level] >> low; open != 0; open &= open - 1) {
      int column = __builtin_ctz(open);
      __m128i *at = (__m128i *)&attack[((level << 4) | column) << 4];
      at[0] = _mm_or_si128(_mm_sll_epi16(up0, _mm_cvtsi32_si128(column)), _mm_srl_epi16(down0, _mm_cvtsi32_si128(15 - column)));
      at[1] = _mm_or_si128(_mm_sll_epi16(up1, _mm_cvtsi32_si128(column)), _mm_srl_epi16(down1, _mm_cvtsi32_si128(15 - column)));
    }
  }

  State *top = stack + 1;
  uint64_t count = 0;
  while (top != stack) {
    top--;
    __m128i a0 = top->open0, a1 = top->open1;
    uint32_t rowA = top->row, colsA = top->cols, leftA = top->left;
    uint32_t candidatesA = ((const uint16_t *)&top->open0)[rowA];
    uint32_t emptyA = emptyRows(a0, a1) | (1u << rowA);
    uint32_t lastA = leftA == 1, stepA = leftA != 1;
    if (top != stack) {
      top--;
      __m128i b0 = top->open0, b1 = top->open1;
      uint32_t rowB = top->row, colsB = top->cols, leftB = top->left;
      uint32_t candidatesB = ((const uint16_t *)&top->open0)[rowB];
      uint32_t emptyB = emptyRows(b0, b1) | (1u << rowB);
      uint32_t lastB = leftB == 1, stepB = leftB != 1;
      do {
        uint32_t bitA = candidatesA & (0u - candidatesA);
        candidatesA ^= bitA;
        uint32_t kept = place(a0, a1, rowA, bitA, colsA, leftA, emptyA, top);
        top += kept & stepA;
        count += kept & lastA;
        uint32_t bitB = candidatesB & (0u - candidatesB);
        candidatesB ^= bitB;
        kept = place(b0, b1, rowB, bitB, colsB, leftB, emptyB, top);
        top += kept & stepB;
        count += kept & lastB;
      } while ((candidatesA | candidatesB) != 0);
    } else {
      do {
        uint32_t bitA = candidatesA & (0u - candidatesA);
        candidatesA ^= bitA;
        uint32_t kept = place(a0, a1, rowA, bitA, colsA, leftA, emptyA, top);
        top += kept & stepA;
        count += kept & lastA;
      } while (candidatesA != 0);
    }
  }
  return count;
}

static uint64_t completions(const uint32_t *record) {
  int low = laneOffset(record);
  return low >= 0 ? forwardCompletions(record, low) : bitmaskCompletions(record);
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: kernel <records file> [min ms]\n");
    return 2;
  }
  double minMs = argc > 2 ? atof(argv[2]) : 0;
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    perror(argv[1]);
    return 1;
  }
  int32_t header[2];
  if (fread(header, sizeof header, 1, file) != 1) return 1;
  size_t count = (size_t)header[0], stride = (size_t)header[1] + 1; /* weight, then the record */
  int32_t *data = malloc(count * stride * sizeof(int32_t));
  if (count > 0 && fread(data, sizeof(int32_t) * stride, count, file) != count) return 1;
  fclose(file);
  /* All the records are counted again until min ms have passed; the time printed is per pass. */
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint64_t total = 0;
  int passes = 0;
  double ms;
  do {
    __asm__ volatile("" ::: "memory");
    total = 0;
    for (size_t i = 0; i < count; i++) {
      const int32_t *entry = data + i * stride;
      total += (uint64_t)entry[0] * completions((const uint32_t *)(entry + 1));
    }
    passes++;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
  } while (ms < minMs);
  printf("{\"total\":\"%llu\",\"ms\":%.3f,\"passes\":%d}\n", (unsigned long long)total, ms / passes, passes);
  free(data);
  return 0;
}
