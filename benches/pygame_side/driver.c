/* perpixel's C ABI against pygame-ce's bitmask.c, side by side in one process.
 *
 * Built and run by benches/pygame_side/run.sh, which downloads pygame-ce's sdist into
 * the target directory and compiles its src_c/bitmask.c beside this file (pygame's code
 * is LGPL and is never committed here). Both sides get the same masks, built from the
 * same alpha bytes. Every case first checks every answer of both against each other
 * (and first contacts against a pixel-by-pixel search), then times them alternately:
 * `ROUNDS` rounds, each one batch of perpixel and one of pygame (which goes first
 * alternates), and prints the median ns per call of each and their ratio.
 *
 *   driver                   the table
 *   driver callgrind pp|pg N  N calls of 1x1 collides of one side, in loop_pp_1x1 /
 *                            loop_pg_1x1 (for valgrind --toggle-collect=...)
 *   driver rows pp|pg N      each row's N calls of one side, row k in count_row_k
 *                            (for valgrind --toggle-collect=count_row_k: instructions
 *                            per call of every row, without timing noise)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bitmask.h"
#include "perpixel.h"

#define ROUNDS 21

static void fail(const char *what, long i)
{
    fprintf(stderr, "MISMATCH: %s (input %ld)\n", what, i);
    exit(1);
}

static void ok(pp_status s, const char *what)
{
    if (s != PP_OK) {
        fprintf(stderr, "perpixel call failed: %s: status %d\n", what, (int)s);
        exit(1);
    }
}

/* ------------------------------------------------------------------ masks */

/* The same pixels on both sides: an alpha image (nonzero = solid). */
typedef struct {
    pp_mask *pp;
    bitmask_t *pg;
    int w, h;
} pair_mask;

static pair_mask make_mask(const uint8_t *alpha, int w, int h)
{
    pair_mask m = {NULL, NULL, w, h};
    ok(pp_mask_from_pixels(alpha, (size_t)w * h, PP_FORMAT_A8, w, h, w, NULL, &m.pp),
       "pp_mask_from_pixels");
    m.pg = bitmask_create(w, h);
    if (!m.pg) {
        fprintf(stderr, "bitmask_create failed\n");
        exit(1);
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (alpha[(size_t)y * w + x])
                bitmask_setbit(m.pg, x, y);
    return m;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static pair_mask disc(int size, double r)
{
    uint8_t *a = malloc((size_t)size * size);
    double c = (size - 1) / 2.0;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            a[(size_t)y * size + x] = (x - c) * (x - c) + (y - c) * (y - c) <= r * r;
    pair_mask m = make_mask(a, size, size);
    free(a);
    return m;
}

/* Random pixels, each solid with probability 1/2; `invert` of the same seed gives the
 * complement. */
static pair_mask noise(int w, int h, uint64_t seed, int invert)
{
    uint8_t *a = malloc((size_t)w * h);
    rng_state = seed;
    for (size_t i = 0; i < (size_t)w * h; i++)
        a[i] = (uint8_t)((rng() >> 33 & 1) ^ (invert != 0));
    pair_mask m = make_mask(a, w, h);
    free(a);
    return m;
}

static int pg_solid(const bitmask_t *m, int x, int y)
{
    return x >= 0 && y >= 0 && x < m->w && y < m->h && bitmask_getbit(m, x, y);
}

/* ------------------------------------------------------------------ pairs */

/* One query input: mask a at (0, 0), mask b at (dx, dy): pygame's offset, and the
 * perpixel sprites placed the same way. */
typedef struct {
    pp_sprite a, b;
    const bitmask_t *pa, *pb;
    int dx, dy;
} input;

static input place(const pair_mask *a, const pair_mask *b, int dx, int dy)
{
    input in;
    in.a.mask = a->pp;
    in.a.x = 0;
    in.a.y = 0;
    in.a.pixel_collision = 1;
    in.b.mask = b->pp;
    in.b.x = dx;
    in.b.y = dy;
    in.b.pixel_collision = 1;
    in.pa = a->pg;
    in.pb = b->pg;
    in.dx = dx;
    in.dy = dy;
    return in;
}

/* --------------------------------------------------------- verification */

static void verify(const input *ins, long n)
{
    for (long i = 0; i < n; i++) {
        const input *in = &ins[i];
        uint8_t hit = 2, found = 2;
        uint64_t area = ~0ull;
        pp_point p;
        ok(pp_collides(&in->a, &in->b, &hit), "pp_collides");
        int pg_hit = bitmask_overlap(in->pa, in->pb, in->dx, in->dy) != 0;
        if (hit != pg_hit)
            fail("collides", i);
        ok(pp_overlap_area(&in->a, &in->b, &area), "pp_overlap_area");
        if (area != (uint64_t)bitmask_overlap_area(in->pa, in->pb, in->dx, in->dy))
            fail("overlap area", i);
        /* First contact: the same question (is there a point, and is it solid in both);
         * perpixel's must also be the row-major first, found pixel by pixel here. */
        ok(pp_first_contact(&in->a, &in->b, &found, &p), "pp_first_contact");
        int px = -1, py = -1;
        int pg_found = bitmask_overlap_pos(in->pa, in->pb, in->dx, in->dy, &px, &py) != 0;
        if (found != pg_found || found != hit)
            fail("first contact found", i);
        long fx = -1, fy = -1;
        for (int y = 0; y < in->pa->h && fy < 0; y++)
            for (int x = 0; x < in->pa->w; x++)
                if (pg_solid(in->pa, x, y) && pg_solid(in->pb, x - in->dx, y - in->dy)) {
                    fx = x;
                    fy = y;
                    break;
                }
        if (found) {
            if (p.x != fx || p.y != fy)
                fail("first contact is not the row-major first", i);
            if (!pg_solid(in->pa, px, py) || !pg_solid(in->pb, px - in->dx, py - in->dy))
                fail("pygame's contact is not solid in both", i);
        } else if (fy >= 0) {
            fail("first contact missed", i);
        }
        /* Overlap masks: pygame's is a's size, perpixel's covers the intersection. */
        pp_mask *om = NULL;
        pp_bounds ob;
        ok(pp_overlap_mask(&in->a, &in->b, &om, &ob), "pp_overlap_mask");
        bitmask_t *c = bitmask_create(in->pa->w, in->pa->h);
        bitmask_overlap_mask(in->pa, in->pb, c, in->dx, in->dy);
        for (int y = 0; y < c->h; y++)
            for (int x = 0; x < c->w; x++) {
                uint8_t s = 0;
                if (om && x >= ob.x && y >= ob.y && x < ob.x + ob.width &&
                    y < ob.y + ob.height)
                    ok(pp_mask_is_solid(om, x - ob.x, y - ob.y, &s), "pp_mask_is_solid");
                if (s != bitmask_getbit(c, x, y))
                    fail("overlap mask", i);
            }
        bitmask_free(c);
        pp_mask_free(om);
    }
}

/* ------------------------------------------------------------- the loops */

static const input *cur;
static long cur_n;
static volatile uint64_t sink;

#define LOOP_PAIR(name, ...)                                                           \
    static __attribute__((noinline)) uint64_t name(long reps)                          \
    {                                                                                  \
        uint64_t acc = 0;                                                              \
        for (long r = 0; r < reps; r++)                                                \
            for (long i = 0; i < cur_n; i++) {                                         \
                const input *in = &cur[i];                                             \
                __VA_ARGS__                                                            \
            }                                                                          \
        return acc;                                                                    \
    }

LOOP_PAIR(pp_collides_loop, {
    uint8_t o;
    pp_collides(&in->a, &in->b, &o);
    acc += o;
})
LOOP_PAIR(pg_collides_loop, { acc += bitmask_overlap(in->pa, in->pb, in->dx, in->dy) != 0; })
LOOP_PAIR(pp_mask_collides_loop, {
    uint8_t o;
    pp_mask_collides(in->a.mask, in->b.mask, in->dx, in->dy, &o);
    acc += o;
})
LOOP_PAIR(pp_contact_loop, {
    uint8_t f;
    pp_point p;
    pp_first_contact(&in->a, &in->b, &f, &p);
    acc += f + (uint64_t)p.x;
})
LOOP_PAIR(pg_contact_loop, {
    int x = 0, y = 0;
    acc += bitmask_overlap_pos(in->pa, in->pb, in->dx, in->dy, &x, &y) + (uint64_t)x;
})
LOOP_PAIR(pp_area_loop, {
    uint64_t a;
    pp_overlap_area(&in->a, &in->b, &a);
    acc += a;
})
LOOP_PAIR(pg_area_loop, {
    acc += (uint64_t)bitmask_overlap_area(in->pa, in->pb, in->dx, in->dy);
})
/* A new overlap mask, freed: pygame's Mask.overlap_mask makes an a-sized mask and
 * fills it. */
LOOP_PAIR(pp_mask_loop, {
    pp_mask *m;
    pp_bounds b;
    pp_overlap_mask(&in->a, &in->b, &m, &b);
    acc += (uint64_t)b.width;
    pp_mask_free(m);
})
LOOP_PAIR(pg_mask_loop, {
    bitmask_t *c = bitmask_create(in->pa->w, in->pa->h);
    bitmask_overlap_mask(in->pa, in->pb, c, in->dx, in->dy);
    acc += (uint64_t)c->w;
    bitmask_free(c);
})

/* The fixed cost, for callgrind: one named loop per side. */
static __attribute__((noinline)) uint64_t loop_pp_1x1(const pp_sprite *a, const pp_sprite *b,
                                                     long n)
{
    uint64_t acc = 0;
    for (long i = 0; i < n; i++) {
        uint8_t o;
        pp_collides(a, b, &o);
        acc += o;
    }
    return acc;
}

static __attribute__((noinline)) uint64_t loop_pg_1x1(const bitmask_t *a, const bitmask_t *b,
                                                     long n)
{
    uint64_t acc = 0;
    for (long i = 0; i < n; i++)
        acc += bitmask_overlap(a, b, 0, 0) != 0;
    return acc;
}

/* ------------------------------------------------------------- timing */

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

typedef uint64_t (*loop_fn)(long reps);

/* ns per call of one batch of `reps` passes over the inputs. */
static double batch(loop_fn f, long reps)
{
    double t0 = now_ns();
    sink += f(reps);
    return (now_ns() - t0) / ((double)reps * cur_n);
}

/* Median ns per call of both, alternated; each batch about 2 ms. */
static void race(const char *label, loop_fn pp, loop_fn pg, double *out_pp, double *out_pg)
{
    /* Size the batches on the slower side. */
    long reps = 1;
    for (;;) {
        double t0 = now_ns();
        sink += pp(reps);
        sink += pg(reps);
        if (now_ns() - t0 > 4e6 || reps > (1l << 40))
            break;
        reps *= 2;
    }
    double tpp[ROUNDS], tpg[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        if (r % 2 == 0) {
            tpp[r] = batch(pp, reps);
            tpg[r] = batch(pg, reps);
        } else {
            tpg[r] = batch(pg, reps);
            tpp[r] = batch(pp, reps);
        }
    }
    qsort(tpp, ROUNDS, sizeof(double), cmp_double);
    qsort(tpg, ROUNDS, sizeof(double), cmp_double);
    *out_pp = tpp[ROUNDS / 2];
    *out_pg = tpg[ROUNDS / 2];
    (void)label;
}

/* `driver rows pp|pg N`: which side, how many passes; 0 = the timed table. */
static int count_side;
static long count_reps;
static int row_index;

/* One row's passes, in a function of its own per row so that callgrind counts each
 * alone (--toggle-collect=count_row_K). */
#define COUNT_ROW(k)                                                                   \
    static __attribute__((noinline)) uint64_t count_row_##k(loop_fn f, long reps)     \
    {                                                                                  \
        return f(reps);                                                                \
    }
COUNT_ROW(0) COUNT_ROW(1) COUNT_ROW(2) COUNT_ROW(3) COUNT_ROW(4) COUNT_ROW(5) COUNT_ROW(6)
COUNT_ROW(7) COUNT_ROW(8) COUNT_ROW(9) COUNT_ROW(10) COUNT_ROW(11) COUNT_ROW(12)
static uint64_t (*const count_rows[])(loop_fn, long) = {
    count_row_0, count_row_1, count_row_2, count_row_3, count_row_4,
    count_row_5, count_row_6, count_row_7, count_row_8, count_row_9,
    count_row_10, count_row_11, count_row_12,
};

static void row(const char *label, const input *ins, long n, loop_fn pp, loop_fn pg)
{
    double a, b;
    cur = ins;
    cur_n = n;
    if (count_side) {
        int k = row_index++;
        if (k >= (int)(sizeof count_rows / sizeof count_rows[0]))
            fail("rows: more rows than count_row functions", k);
        /* Instructions per call = the function's count / (reps * n). */
        sink += count_rows[k](count_side == 1 ? pp : pg, count_reps);
        printf("count_row_%d %ld %s\n", k, count_reps * n, label);
        return;
    }
    race(label, pp, pg, &a, &b);
    printf("| %s | %.1f ns | %.1f ns | %.2fx |\n", label, a, b, a / b);
    fflush(stdout);
}

/* ------------------------------------------------------------- cases */

int main(int argc, char **argv)
{
    pair_mask one = disc(1, 1.0);
    if (argc == 4 && strcmp(argv[1], "callgrind") == 0) {
        input in = place(&one, &one, 0, 0);
        long n = atol(argv[3]);
        verify(&in, 1);
        if (strcmp(argv[2], "pp") == 0)
            sink = loop_pp_1x1(&in.a, &in.b, n);
        else
            sink = loop_pg_1x1(in.pa, in.pb, n);
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "rows") == 0) {
        count_side = strcmp(argv[2], "pp") == 0 ? 1 : 2;
        count_reps = atol(argv[3]);
    } else if (argc != 1) {
        fprintf(stderr, "usage: driver [callgrind pp|pg N | rows pp|pg N]\n");
        return 2;
    }

    /* 1x1 at the same place: the fixed cost. */
    input fixed = place(&one, &one, 0, 0);
    verify(&fixed, 1);

    /* 64 sprites 32x32 (discs) scattered over 200x200: every pair. */
    enum { NS = 64 };
    pair_mask sprite = disc(32, 15.5);
    int sx[NS], sy[NS];
    rng_state = 12345;
    for (int i = 0; i < NS; i++) {
        sx[i] = (int)(rng() % 200);
        sy[i] = (int)(rng() % 200);
    }
    static input pairs[NS * (NS - 1) / 2];
    long np = 0;
    for (int i = 0; i < NS; i++)
        for (int j = i + 1; j < NS; j++)
            pairs[np++] = place(&sprite, &sprite, sx[j] - sx[i], sy[j] - sy[i]);
    verify(pairs, np);
    long hits = 0, boxes = 0;
    for (long i = 0; i < np; i++) {
        hits += bitmask_overlap(pairs[i].pa, pairs[i].pb, pairs[i].dx, pairs[i].dy) != 0;
        boxes += abs(pairs[i].dx) < 32 && abs(pairs[i].dy) < 32;
    }

    /* Two 32x32 discs overlapping. */
    input hit32 = place(&sprite, &sprite, 10, 6);
    verify(&hit32, 1);

    /* 512x512 noise on itself: the first pixel hits. */
    pair_mask n512 = noise(512, 512, 7, 0);
    input first512 = place(&n512, &n512, 0, 0);
    verify(&first512, 1);

    /* 256x256 discs side by side, meeting in one column. */
    pair_mask d256 = disc(256, 128.0);
    input column = place(&d256, &d256, 255, 0);
    verify(&column, 1);

    /* The large masks: 2048x2048 noise against itself (area: every word) and against
     * its complement (collides: no hit, every word). */
    pair_mask n2k = noise(2048, 2048, 11, 0), n2k_inv = noise(2048, 2048, 11, 1);
    input big_area = place(&n2k, &n2k, 3, 5);
    input big_miss = place(&n2k, &n2k_inv, 0, 0);
    cur = NULL;
    {
        uint8_t h = 2;
        uint64_t a = 0;
        ok(pp_collides(&big_miss.a, &big_miss.b, &h), "pp_collides");
        ok(pp_overlap_area(&big_area.a, &big_area.b, &a), "pp_overlap_area");
        if (h != 0 || bitmask_overlap(big_miss.pa, big_miss.pb, 0, 0) != 0)
            fail("2048 complement collides", 0);
        if (a != (uint64_t)bitmask_overlap_area(big_area.pa, big_area.pb, 3, 5))
            fail("2048 area", 0);
    }

    if (!count_side) {
        printf("perpixel (C ABI, %s) against pygame-ce 2.5.8 bitmask.c, median of %d "
               "alternated batches\n",
               pp_version(), ROUNDS);
        printf("64 sprites: %ld pairs, %ld with boxes overlapping, %ld colliding\n\n", np,
               boxes, hits);
        printf("| case | perpixel | pygame C | ratio |\n|---|---:|---:|---:|\n");
    }
    row("1x1 collides (fixed cost)", &fixed, 1, pp_collides_loop, pg_collides_loop);
    row("1x1 collides, pp_mask_collides (offset form)", &fixed, 1, pp_mask_collides_loop,
        pg_collides_loop);
    row("64 sprites 32x32, all pairs, collides, per pair", pairs, np, pp_collides_loop,
        pg_collides_loop);
    row("64 sprites 32x32, all pairs, first contact, per pair", pairs, np, pp_contact_loop,
        pg_contact_loop);
    row("64 sprites 32x32, all pairs, area, per pair", pairs, np, pp_area_loop, pg_area_loop);
    row("32x32 hit: collides", &hit32, 1, pp_collides_loop, pg_collides_loop);
    row("32x32 hit: area", &hit32, 1, pp_area_loop, pg_area_loop);
    row("32x32 hit: overlap mask (made and freed)", &hit32, 1, pp_mask_loop, pg_mask_loop);
    row("512^2 noise, first-pixel hit, collides", &first512, 1, pp_collides_loop,
        pg_collides_loop);
    row("256^2 discs touching in one column, area", &column, 1, pp_area_loop, pg_area_loop);
    row("256^2 discs touching in one column, overlap mask", &column, 1, pp_mask_loop,
        pg_mask_loop);
    row("2048^2 noise on itself, area (every word)", &big_area, 1, pp_area_loop,
        pg_area_loop);
    row("2048^2 noise on its complement, collides (no hit)", &big_miss, 1,
        pp_collides_loop, pg_collides_loop);
    return 0;
}
