/* What one read costs when it waits on the one before, by how much memory
 * the reads range over: the cost of a pattern-table lookup that misses
 * (docs/PERFORMANCE.md, "Where a lookup's time goes").
 *
 *   cc -O2 -o /tmp/read-latency scripts/read-latency.c
 *   for mib in 1 2 4 8 16 32 122 244; do taskset -c 1 /tmp/read-latency $mib; done
 *   taskset -c 1 /tmp/read-latency 244 huge    # advised for huge pages
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: read-latency MIB [huge]\n");
        return 2;
    }
    size_t size = strtoull(argv[1], 0, 10) << 20;
    int huge = argc > 2 && strcmp(argv[2], "huge") == 0;
    uint8_t *p = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    if (huge) madvise(p, size, MADV_HUGEPAGE);
    memset(p, 0, size);
    /* Each address depends on the byte read before (always 0), so the
     * reads cannot overlap; xorshift spreads them over the whole range. */
    uint64_t x = 88172645463325252ULL, acc = 0;
    long n = 20000000;
    double t = now();
    for (long i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        acc += p[(x + acc) % size];
    }
    t = now() - t;
    printf("%zu MiB%s: %.1f ns a dependent read (%lu)\n", size >> 20, huge ? " huge" : "",
           t / n * 1e9, (unsigned long)acc);
    return 0;
}
