/*
 * The baseline: a plain mirror-halving Richards search, as it is usually written.
 * Row by row, three masks (columns, and the two diagonals shifted one bit per row), lowest free
 * bit first; the first queen goes in the left half only and the count is doubled (for odd n the
 * middle column is searched with the second queen in the left half).
 *
 * usage: mirror <n> [min ms]   prints {"n":..,"total":..,"ms":..,"passes":..,"nodes":..} (nodes only with
 * -DCOUNT_NODES): the count is repeated until min ms have passed, and ms and nodes are per pass
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint32_t all;
static uint64_t nodes;

static uint64_t search(uint32_t cols, uint32_t left, uint32_t right) {
  if (cols == all) return 1;
  uint64_t count = 0;
  uint32_t free = ~(cols | left | right) & all;
  while (free) {
    uint32_t bit = free & -free;
    free ^= bit;
#ifdef COUNT_NODES
    nodes++;
#endif
    count += search(cols | bit, (left | bit) << 1, (right | bit) >> 1);
  }
  return count;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 0;
  double minMs = argc > 2 ? atof(argv[2]) : 0;
  if (n < 2 || n > 31 || argc > 3) {
    fprintf(stderr, "usage: mirror <n> [min ms], n from 2 to 31\n");
    return 2;
  }
  all = (1u << n) - 1;
  /* The whole count is repeated until min ms have passed; the time printed is per pass. */
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint64_t total = 0;
  int passes = 0;
  double ms;
  do {
    /* Keeps the compiler from reusing a pass's results: search() reads only its arguments and all. */
    __asm__ volatile("" ::: "memory");
    total = 0;
    for (int c = 0; c < n / 2; c++) {
      uint32_t bit = 1u << c;
      total += 2 * search(bit, bit << 1, bit >> 1);
    }
    if (n & 1) {
      uint32_t bit = 1u << (n / 2);
      uint32_t free = ~(bit | bit << 1 | bit >> 1) & ((1u << (n / 2)) - 1);
      while (free) {
        uint32_t second = free & -free;
        free ^= second;
        total += 2 * search(bit | second, ((bit << 1) | second) << 1, ((bit >> 1) | second) >> 1);
      }
    }
    passes++;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
  } while (ms < minMs);
  printf("{\"n\":%d,\"total\":\"%llu\",\"ms\":%.3f,\"passes\":%d,\"nodes\":\"%llu\"}\n", n, (unsigned long long)total,
         ms / passes, passes, (unsigned long long)(nodes / (uint64_t)passes));
  return 0;
}
