/*
 * A C transcription of the wasm kernel's hot loop (assembly/index.ts, completions), for measuring
 * how close the wasm build comes to a native build of the same algorithm. It reads the records
 * that the package's planner wrote (bench/records.ts) and counts them one after the other.
 * The record layout constants come from assembly/layout.ts as -D flags.
 *
 * usage: kernel <records file>   prints {"total":..,"ms":..}
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#if !defined(REC_LEVELS) || !defined(REC_MASK) || !defined(REC_SHIFT) || !defined(MAX_N)
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

static uint64_t completions(const uint32_t *record) {
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

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: kernel <records file>\n");
    return 2;
  }
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
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint64_t total = 0;
  for (size_t i = 0; i < count; i++) {
    const int32_t *entry = data + i * stride;
    total += (uint64_t)entry[0] * completions((const uint32_t *)(entry + 1));
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
  printf("{\"total\":\"%llu\",\"ms\":%.3f}\n", (unsigned long long)total, ms);
  free(data);
  return 0;
}
