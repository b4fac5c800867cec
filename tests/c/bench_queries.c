/* Speed of the pair queries through the C ABI (issue 12's table): a benchmark run by
 * hand, never timed by the tests (tests/c_abi.rs only compiles it, in an #[ignore]
 * test). Nanoseconds per call, best of several rounds.
 *
 *   cargo build --release --lib
 *   gcc -O2 -std=c11 -Iinclude tests/c/bench_queries.c -Ltarget/release \
 *       -Wl,-rpath,$PWD/target/release -lperpixel -o /tmp/bench_queries
 *   /tmp/bench_queries            # or: /tmp/bench_queries ROUNDS [NAME-FILTER]
 *
 * Instruction counts instead of times (quiet on a busy machine): a fixed number of
 * calls per case, one case chosen by a part of its name, under callgrind:
 *
 *   PP_BENCH_CALLS=100000 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \
 *       /tmp/bench_queries 1 "noise, hit at first pixel: pp_collides"
 *   callgrind_annotate --inclusive=yes /tmp/cg.out | grep pp_collides
 *
 * To compare two builds in one run, link one binary against each library (or point
 * LD_LIBRARY_PATH at each in turn) and alternate them. */
#define _POSIX_C_SOURCE 199309L
#include "perpixel.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void ok(pp_status s, const char *what) {
    if (s != PP_OK) {
        fprintf(stderr, "%s failed: %d %s\n", what, (int)s, pp_last_error_message());
        exit(1);
    }
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Dull;
}

/* A mask from an alpha plane (`A8`, threshold default). */
static pp_mask *from_alpha(const uint8_t *alpha, int w, int h) {
    pp_mask *m = NULL;
    ok(pp_mask_from_pixels(alpha, (size_t)w * (size_t)h, PP_FORMAT_A8, w, h, w, NULL, &m),
       "pp_mask_from_pixels");
    return m;
}

static pp_mask *disc(int side, double r) {
    uint8_t *a = malloc((size_t)side * (size_t)side);
    double c = (side - 1) / 2.0;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++)
            a[y * side + x] = ((x - c) * (x - c) + (y - c) * (y - c) <= r * r) ? 255 : 0;
    pp_mask *m = from_alpha(a, side, side);
    free(a);
    return m;
}

/* Each pixel solid with probability 1/2, pixel (0, 0) solid. */
static pp_mask *noise(int side) {
    uint8_t *a = malloc((size_t)side * (size_t)side);
    for (int i = 0; i < side * side; i++) a[i] = (rng() & 1) ? 255 : 0;
    a[0] = 255;
    pp_mask *m = from_alpha(a, side, side);
    free(a);
    return m;
}

static int rounds = 7;
static long fixed_calls = 0;
static const char *filter = NULL;
static volatile uint64_t sink;

typedef void (*body_fn)(void *ctx, long n);

/* Best ns per call of `body` over `rounds` rounds of about 40 ms each; `per` calls per
 * iteration. */
static double best_ns(body_fn body, void *ctx, long per) {
    if (fixed_calls > 0) {
        double t = now_ns();
        body(ctx, fixed_calls);
        return (now_ns() - t) / (double)fixed_calls / (double)per;
    }
    long n = 1;
    for (;;) {
        double t = now_ns();
        body(ctx, n);
        double e = now_ns() - t;
        if (e > 10e6) {
            n = (long)((double)n * 40e6 / e) + 1;
            break;
        }
        n *= 4;
    }
    double best = 1e300;
    for (int r = 0; r < rounds; r++) {
        double t = now_ns();
        body(ctx, n);
        double e = (now_ns() - t) / (double)n / (double)per;
        if (e < best) best = e;
    }
    return best;
}

struct pair {
    pp_sprite a, b;
};

static void run_collides(void *ctx, long n) {
    struct pair *p = ctx;
    uint64_t acc = 0;
    for (long i = 0; i < n; i++) {
        uint8_t out = 0;
        pp_collides(&p->a, &p->b, &out);
        acc += out;
    }
    sink += acc;
}

static void run_first_contact(void *ctx, long n) {
    struct pair *p = ctx;
    uint64_t acc = 0;
    for (long i = 0; i < n; i++) {
        uint8_t found = 0;
        pp_point pt;
        pp_first_contact(&p->a, &p->b, &found, &pt);
        acc += found;
    }
    sink += acc;
}

static void run_overlap_area(void *ctx, long n) {
    struct pair *p = ctx;
    uint64_t acc = 0;
    for (long i = 0; i < n; i++) {
        uint64_t out = 0;
        pp_overlap_area(&p->a, &p->b, &out);
        acc += out;
    }
    sink += acc;
}

/* `pp_overlap_mask` and `pp_mask_free` of its result: what a caller pays for the mask. */
static void run_overlap_mask(void *ctx, long n) {
    struct pair *p = ctx;
    uint64_t acc = 0;
    for (long i = 0; i < n; i++) {
        pp_mask *m = NULL;
        pp_bounds bounds;
        pp_overlap_mask(&p->a, &p->b, &m, &bounds);
        acc += (uint64_t)bounds.width + (m != NULL);
        pp_mask_free(m);
    }
    sink += acc;
}

#define CROWD 64
static pp_sprite crowd[CROWD];

static void run_crowd(void *ctx, long n) {
    (void)ctx;
    uint64_t acc = 0;
    for (long k = 0; k < n; k++)
        for (int i = 0; i < CROWD; i++)
            for (int j = i + 1; j < CROWD; j++) {
                uint8_t out = 0;
                pp_collides(&crowd[i], &crowd[j], &out);
                acc += out;
            }
    sink += acc;
}

static pp_sprite at(const pp_mask *m, int x, int y) {
    pp_sprite s;
    memset(&s, 0, sizeof s);
    s.mask = m;
    s.x = x;
    s.y = y;
    s.pixel_collision = 1;
    return s;
}

static int wanted(const char *name) { return filter == NULL || strstr(name, filter) != NULL; }

#define REPORT(name, expr)                                                               \
    do {                                                                                 \
        if (wanted(name)) printf("%-52s %8.2f ns\n", (name), (expr));                     \
    } while (0)

int main(int argc, char **argv) {
    if (argc > 1) rounds = atoi(argv[1]) > 0 ? atoi(argv[1]) : rounds;
    if (argc > 2) filter = argv[2];
    if (getenv("PP_BENCH_CALLS")) fixed_calls = atol(getenv("PP_BENCH_CALLS"));
    printf("perpixel %s through the C ABI: best of %d rounds, ns per call\n", pp_version(),
           rounds);

    pp_mask *one = NULL, *d32 = disc(32, 15.5), *d256 = disc(256, 128.0);
    ok(pp_mask_new(1, 1, 1, &one), "pp_mask_new");
    pp_mask *n512a = noise(512), *n512b = noise(512);

    struct pair p;
    p.a = at(d32, 0, 0);
    p.b = at(d32, 1000, 0);
    REPORT("32x32 discs, boxes apart: pp_collides", best_ns(run_collides, &p, 1));

    p.a = at(one, 5, 5);
    p.b = at(one, 5, 5);
    REPORT("1x1 on 1x1: pp_collides", best_ns(run_collides, &p, 1));
    REPORT("1x1 on 1x1: pp_overlap_area", best_ns(run_overlap_area, &p, 1));
    REPORT("1x1 on 1x1: pp_overlap_mask + pp_mask_free", best_ns(run_overlap_mask, &p, 1));

    p.a = at(d32, 100, 100);
    p.b = at(d32, 121, 110);
    REPORT("32x32 discs, hit: pp_collides", best_ns(run_collides, &p, 1));
    REPORT("32x32 discs, hit: pp_first_contact", best_ns(run_first_contact, &p, 1));
    REPORT("32x32 discs, hit: pp_overlap_area", best_ns(run_overlap_area, &p, 1));
    REPORT("32x32 discs, hit: pp_overlap_mask + pp_mask_free",
           best_ns(run_overlap_mask, &p, 1));

    /* 64 discs of random radii 8..16 at random places in a 144 x 144 field. */
    pp_mask *shapes[8];
    for (int k = 0; k < 8; k++) shapes[k] = disc(32, 8.0 + k);
    int apart = 0, pairs = 0;
    for (int i = 0; i < CROWD; i++)
        crowd[i] = at(shapes[rng() % 8], (int)(rng() % 144), (int)(rng() % 144));
    for (int i = 0; i < CROWD; i++)
        for (int j = i + 1; j < CROWD; j++) {
            pairs++;
            int dx = crowd[i].x - crowd[j].x, dy = crowd[i].y - crowd[j].y;
            if (dx <= -32 || dx >= 32 || dy <= -32 || dy >= 32) apart++;
        }
    char name[96];
    snprintf(name, sizeof name, "64 32x32 sprites, all pairs (%d%% apart), per pair",
             100 * apart / pairs);
    REPORT(name, best_ns(run_crowd, NULL, pairs));

    p.a = at(n512a, 0, 0);
    p.b = at(n512b, 0, 0);
    REPORT("512x512 noise, hit at first pixel: pp_collides", best_ns(run_collides, &p, 1));
    REPORT("512x512 noise, hit at first pixel: pp_first_contact",
           best_ns(run_first_contact, &p, 1));

    /* Two 256x256 discs side by side, sharing one column of boxes. */
    p.a = at(d256, 0, 0);
    p.b = at(d256, 255, 0);
    REPORT("256x256 discs meeting in one column: pp_overlap_area",
           best_ns(run_overlap_area, &p, 1));
    REPORT("256x256 discs meeting in one column: pp_overlap_mask + free",
           best_ns(run_overlap_mask, &p, 1));

    for (int k = 0; k < 8; k++) pp_mask_free(shapes[k]);
    pp_mask_free(one);
    pp_mask_free(d32);
    pp_mask_free(d256);
    pp_mask_free(n512a);
    pp_mask_free(n512b);
    return 0;
}
