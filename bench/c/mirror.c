/*
 * The baseline: a plain mirror-halving Richards search, as it is usually written.
 * Row by row, three masks (columns, and the two diagonals shifted one bit per row), lowest free
 * bit first; the first queen goes in the left half only and the count is doubled (for odd n the
 * middle column is searched with the second queen in the left half).
 *
 * usage: mirror <n>   prints {"n":..,"total":..,"ms":..,"nodes":..} (nodes only with -DCOUNT_NODES)
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
  if (n < 2 || n > 31) {
    fprintf(stderr, "usage: mirror <n>, n from 2 to 31\n");
    return 2;
  }
  all = (1u << n) - 1;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint64_t total = 0;
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
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
  printf("{\"n\":%d,\"total\":\"%llu\",\"ms\":%.3f,\"nodes\":\"%llu\"}\n", n, (unsigned long long)total, ms,
         (unsigned long long)nodes);
  return 0;
}
