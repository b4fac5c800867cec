/*
 * C test of polygons and outlines (issue 16): pp_mask_polygons and the pp_polygons result
 * (pp_polygons_counts, _points, _ring_starts, _ring_counts, _free), pp_mask_convex_pieces
 * and the pp_convex_pieces result (pp_convex_pieces_counts, _points, _starts, _free),
 * pp_polygon_options / pp_polygon_options_default, and pp_mask_outline.
 *
 * The exact polygons (epsilon 0, default options) and the outline on random masks are
 * the conformance corpus's `polygons` and `outline` cases (tests/corpus/FORMAT.md),
 * replayed through the C ABI by tests/c/corpus_replay.c. The checks here are what the
 * corpus does not hold, written in C independent of the library: on random masks (fixed
 * seeds) the polygons without holes, y_flip (y maps to h - y with the ring reversed),
 * simplified rings (epsilon 1, 2: the flat layout consistent, outer rings of positive
 * signed area and holes negative, no ring touching itself and no two rings crossing
 * (O(n^2) segment tests), only exact vertices), and convex pieces (convex, within
 * max_vertices, areas summing to the polygons' area; exact pieces cover each solid
 * pixel's centre once); the documented examples; four threads read one result and
 * compute from one mask at once; the outline's documented and hand-computed paths; every
 * error, NULL and short buffer, nothing written.
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include and run
 * against the cdylib (also under ASan+UBSan and valgrind when asked).
 *
 * usage: test_polygons <scratch-dir>
 * Prints each failure, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MAX_SIDE 24

/* A mask as one byte per pixel, and its library twin. */
typedef struct {
    int32_t w, h;
    uint8_t px[MAX_SIDE * MAX_SIDE];
    pp_mask *mask;
} grid;

static uint32_t g_seed = 16160u;

static int32_t rnd(int32_t n) { return (int32_t)((lcg_next(&g_seed) >> 8) % (uint32_t)n); }

static int bit(const grid *g, int32_t x, int32_t y)
{
    return x >= 0 && y >= 0 && x < g->w && y < g->h && g->px[y * g->w + x];
}

/* Builds the library mask from g->px. */
static void make_mask(grid *g)
{
    g->mask = NULL;
    CHECK_OK(pp_mask_new(g->w, g->h, 0, &g->mask));
    for (int32_t y = 0; y < g->h; y++) {
        for (int32_t x = 0; x < g->w; x++) {
            if (g->px[y * g->w + x]) {
                pp_mask_set_pixel(g->mask, x, y, 1);
            }
        }
    }
}

static void random_grid(grid *g, int32_t w, int32_t h, int32_t density)
{
    g->w = w;
    g->h = h;
    for (int32_t i = 0; i < w * h; i++) {
        g->px[i] = rnd(100) < density;
    }
    make_mask(g);
}

/* A grid from ASCII rows ('#' solid). */
static void ascii_grid(grid *g, const char *const *rows, int32_t h)
{
    g->w = (int32_t)strlen(rows[0]);
    g->h = h;
    for (int32_t y = 0; y < h; y++) {
        for (int32_t x = 0; x < g->w; x++) {
            g->px[y * g->w + x] = rows[y][x] == '#';
        }
    }
    make_mask(g);
}

/* ---- reading results ---------------------------------------------------------------- */

typedef struct {
    size_t polygons, rings, points;
    pp_vertex *pts;
    uint32_t *starts; /* rings + 1 */
    uint32_t *counts; /* per polygon */
} polys;

/* The polygons of `m` with options `o` (NULL: defaults), read by size-then-fill. */
static int get_polys(const pp_mask *m, const pp_polygon_options *o, polys *out)
{
    pp_polygons *p = NULL;
    size_t len = 0;
    int ok = pp_mask_polygons(m, o, &p) == PP_OK && p != NULL;
    memset(out, 0, sizeof *out);
    ok = ok && pp_polygons_counts(p, &out->polygons, &out->rings, &out->points) == PP_OK;
    if (ok) {
        out->pts = malloc((out->points + 1) * sizeof *out->pts);
        out->starts = malloc((out->rings + 1) * sizeof *out->starts);
        out->counts = malloc((out->polygons + 1) * sizeof *out->counts);
        ok = pp_polygons_points(p, NULL, 0, &len) == PP_OK && len == out->points;
        ok = ok && pp_polygons_points(p, out->pts, len, &len) == PP_OK && len == out->points;
        ok = ok && pp_polygons_ring_starts(p, NULL, 0, &len) == PP_OK && len == out->rings + 1;
        ok = ok && pp_polygons_ring_starts(p, out->starts, len, &len) == PP_OK;
        ok = ok && pp_polygons_ring_counts(p, NULL, 0, &len) == PP_OK && len == out->polygons;
        ok = ok && pp_polygons_ring_counts(p, out->counts, len, &len) == PP_OK;
    }
    pp_polygons_free(p);
    return ok;
}

static void free_polys(polys *p)
{
    free(p->pts);
    free(p->starts);
    free(p->counts);
}

typedef struct {
    size_t pieces, points;
    pp_vertexf *pts;
    uint32_t *starts;
} pieces;

static int get_pieces(const pp_mask *m, const pp_polygon_options *o, pieces *out)
{
    pp_convex_pieces *p = NULL;
    size_t len = 0;
    int ok = pp_mask_convex_pieces(m, o, &p) == PP_OK && p != NULL;
    memset(out, 0, sizeof *out);
    ok = ok && pp_convex_pieces_counts(p, &out->pieces, &out->points) == PP_OK;
    if (ok) {
        out->pts = malloc((out->points + 1) * sizeof *out->pts);
        out->starts = malloc((out->pieces + 1) * sizeof *out->starts);
        ok = pp_convex_pieces_points(p, NULL, 0, &len) == PP_OK && len == out->points;
        ok = ok && pp_convex_pieces_points(p, out->pts, len, &len) == PP_OK;
        ok = ok && pp_convex_pieces_starts(p, NULL, 0, &len) == PP_OK && len == out->pieces + 1;
        ok = ok && pp_convex_pieces_starts(p, out->starts, len, &len) == PP_OK;
    }
    pp_convex_pieces_free(p);
    return ok;
}

/* ---- geometry in exact integers ----------------------------------------------------- */

static int64_t cross3(pp_vertex o, pp_vertex a, pp_vertex b)
{
    return (int64_t)(a.x - o.x) * (b.y - o.y) - (int64_t)(a.y - o.y) * (b.x - o.x);
}

static int sign(int64_t v) { return (v > 0) - (v < 0); }

static int on_segment(pp_vertex a, pp_vertex b, pp_vertex p)
{
    return cross3(a, b, p) == 0 && (p.x >= (a.x < b.x ? a.x : b.x)) &&
           (p.x <= (a.x > b.x ? a.x : b.x)) && (p.y >= (a.y < b.y ? a.y : b.y)) &&
           (p.y <= (a.y > b.y ? a.y : b.y));
}

/* Whether closed segments ab and cd share any point. */
static int touch(pp_vertex a, pp_vertex b, pp_vertex c, pp_vertex d)
{
    int d1 = sign(cross3(a, b, c)), d2 = sign(cross3(a, b, d));
    int d3 = sign(cross3(c, d, a)), d4 = sign(cross3(c, d, b));
    if (d1 * d2 < 0 && d3 * d4 < 0) {
        return 1;
    }
    return on_segment(a, b, c) || on_segment(a, b, d) || on_segment(c, d, a) ||
           on_segment(c, d, b);
}

/* Whether ab and cd cross properly (each strictly on both sides of the other). */
static int cross_properly(pp_vertex a, pp_vertex b, pp_vertex c, pp_vertex d)
{
    return sign(cross3(a, b, c)) * sign(cross3(a, b, d)) < 0 &&
           sign(cross3(c, d, a)) * sign(cross3(c, d, b)) < 0;
}

/* Twice ring r's signed area. */
static int64_t area2(const polys *p, size_t r)
{
    int64_t s = 0;
    uint32_t a = p->starts[r], n = p->starts[r + 1] - a;
    for (uint32_t i = 0; i < n; i++) {
        pp_vertex u = p->pts[a + i], v = p->pts[a + (i + 1) % n];
        s += (int64_t)u.x * v.y - (int64_t)v.x * u.y;
    }
    return s;
}

/* The layout: starts from 0, never decreasing, ending at the points; the polygons' ring
 * counts summing to the rings; every ring at least `min_ring` vertices. */
static int layout_ok(const polys *p, uint32_t min_ring)
{
    size_t sum = 0;
    int ok = p->starts[0] == 0 && p->starts[p->rings] == p->points;
    for (size_t r = 0; r < p->rings; r++) {
        ok &= p->starts[r + 1] >= p->starts[r] + min_ring;
    }
    for (size_t k = 0; k < p->polygons; k++) {
        ok &= p->counts[k] >= 1;
        sum += p->counts[k];
    }
    return ok && sum == p->rings;
}

/* Outer rings positive, holes negative; returns twice the total area in *total. */
static int orientation_ok(const polys *p, int64_t *total)
{
    size_t r = 0;
    int ok = 1;
    *total = 0;
    for (size_t k = 0; k < p->polygons; k++) {
        for (uint32_t j = 0; j < p->counts[k]; j++, r++) {
            int64_t a = area2(p, r);
            ok &= j == 0 ? a > 0 : a < 0;
            *total += a;
        }
    }
    return ok;
}

/* No ring touches itself but at consecutive edges' shared vertex (and no three
 * consecutive vertices on a line); no two rings cross. */
static int simple_ok(const polys *p)
{
    for (size_t r = 0; r < p->rings; r++) {
        uint32_t a = p->starts[r], n = p->starts[r + 1] - a;
        for (uint32_t i = 0; i < n; i++) {
            pp_vertex u = p->pts[a + i], v = p->pts[a + (i + 1) % n], w = p->pts[a + (i + 2) % n];
            if (cross3(u, v, w) == 0) {
                return 0;
            }
            for (uint32_t j = i + 2; j < n; j++) {
                if (i == 0 && j == n - 1) {
                    continue; /* the closing edge is adjacent to the first */
                }
                if (touch(u, v, p->pts[a + j], p->pts[a + (j + 1) % n])) {
                    return 0;
                }
            }
        }
        for (size_t s = r + 1; s < p->rings; s++) {
            uint32_t b = p->starts[s], m = p->starts[s + 1] - b;
            for (uint32_t i = 0; i < n; i++) {
                for (uint32_t j = 0; j < m; j++) {
                    if (cross_properly(p->pts[a + i], p->pts[a + (i + 1) % n], p->pts[b + j],
                                       p->pts[b + (j + 1) % m])) {
                        return 0;
                    }
                }
            }
        }
    }
    return 1;
}

/* Whether `flip` is `p` with y -> h - y and each ring reversed, its first vertex kept. */
static int is_y_flip(const polys *p, const polys *flip, int32_t h)
{
    if (p->points != flip->points || p->rings != flip->rings || p->polygons != flip->polygons) {
        return 0;
    }
    for (size_t r = 0; r < p->rings; r++) {
        uint32_t a = p->starts[r], n = p->starts[r + 1] - a;
        if (flip->starts[r] != a) {
            return 0;
        }
        for (uint32_t k = 0; k < n; k++) {
            pp_vertex u = p->pts[a + (n - k) % n], v = flip->pts[a + k];
            if (v.x != u.x || v.y != h - u.y) {
                return 0;
            }
        }
    }
    return 1;
}

static int has_vertex(const polys *p, pp_vertex v)
{
    for (size_t i = 0; i < p->points; i++) {
        if (p->pts[i].x == v.x && p->pts[i].y == v.y) {
            return 1;
        }
    }
    return 0;
}

/* Every piece: 3..max vertices, convex (no right turn), positive area; *area the sum. */
static int pieces_ok(const pieces *c, uint32_t max, double *area)
{
    int ok = c->starts[0] == 0 && c->starts[c->pieces] == c->points;
    *area = 0;
    for (size_t k = 0; k < c->pieces && ok; k++) {
        uint32_t a = c->starts[k], n = c->starts[k + 1] - a;
        double s = 0;
        ok &= n >= 3 && n <= max;
        for (uint32_t i = 0; i < n && ok; i++) {
            pp_vertexf u = c->pts[a + i], v = c->pts[a + (i + 1) % n], w = c->pts[a + (i + 2) % n];
            double turn = (v.x - u.x) * (w.y - u.y) - (v.y - u.y) * (w.x - u.x);
            ok &= turn >= -1e-9;
            s += u.x * v.y - v.x * u.y;
        }
        ok &= s > 0;
        *area += s / 2;
    }
    return ok;
}

/* Exact pieces: every solid pixel's centre inside exactly one piece, no empty pixel's in
 * any (a centre is never on a whole-pixel edge). */
static int pieces_cover(const pieces *c, const grid *g)
{
    for (int32_t y = 0; y < g->h; y++) {
        for (int32_t x = 0; x < g->w; x++) {
            int hits = 0;
            for (size_t k = 0; k < c->pieces; k++) {
                uint32_t a = c->starts[k], n = c->starts[k + 1] - a, i = 0;
                for (; i < n; i++) {
                    pp_vertexf u = c->pts[a + i], v = c->pts[a + (i + 1) % n];
                    if ((v.x - u.x) * (y + 0.5 - u.y) - (v.y - u.y) * (x + 0.5 - u.x) < 0) {
                        break;
                    }
                }
                hits += i == n;
            }
            if (hits != bit(g, x, y)) {
                return 0;
            }
        }
    }
    return 1;
}

/* ---- scenarios ---------------------------------------------------------------------- */

static const int32_t SIDES[] = {1, 2, 3, 5, 8, 13, 17, 24};

/* Random masks: polygons without holes, flipped, simplified; their convex pieces (none of
 * them in the corpus, which holds the exact polygons with the default options). */
static void random_masks(void)
{
    int runs = 0, ok_holes = 1, ok_flip = 1, ok_simplified = 1, ok_pieces = 1;
    for (int run = 0; run < 60; run++) {
        grid g;
        random_grid(&g, SIDES[rnd(8)], SIDES[rnd(8)], 20 + rnd(70));
        int64_t solid = 0, total = 0;
        for (int32_t i = 0; i < g.w * g.h; i++) {
            solid += g.px[i];
        }
        polys exact, flip, outer;
        pp_polygon_options o = pp_polygon_options_default();
        /* The exact polygons themselves are the corpus's `polygons` cases; here they are
         * what the other options are compared with. */
        int have = get_polys(g.mask, NULL, &exact), ok;
        /* Without holes: outer rings only, every polygon one ring. */
        o.holes = 0;
        ok = have && get_polys(g.mask, &o, &outer) && layout_ok(&outer, 4);
        ok = ok && outer.polygons == exact.polygons && outer.rings == outer.polygons;
        ok = ok && orientation_ok(&outer, &total) && total >= 2 * solid;
        ok_holes &= ok;
        free_polys(&outer);
        /* y flipped. */
        o = pp_polygon_options_default();
        o.y_flip = 1;
        ok = have && get_polys(g.mask, &o, &flip) && is_y_flip(&exact, &flip, g.h);
        ok_flip &= ok && orientation_ok(&flip, &total) && total == 2 * solid;
        free_polys(&flip);
        /* Simplified: still consistent, simple, oriented; only exact vertices. */
        for (int e = 1; e <= 2; e++) {
            polys s;
            o = pp_polygon_options_default();
            o.epsilon = e;
            ok = have && get_polys(g.mask, &o, &s) && layout_ok(&s, 3);
            ok = ok && s.polygons == exact.polygons;
            ok = ok && s.rings == exact.rings && orientation_ok(&s, &total) && simple_ok(&s);
            for (size_t i = 0; ok && i < s.points; i++) {
                ok = has_vertex(&exact, s.pts[i]);
            }
            ok_simplified &= ok;
            /* Its convex pieces cover it: areas sum to its area. */
            pieces c;
            uint32_t max = (uint32_t)(3 + rnd(6));
            double area = 0;
            o.max_vertices = max;
            ok = get_pieces(g.mask, &o, &c) && pieces_ok(&c, max, &area);
            ok_pieces &= ok && fabs(area - (double)total / 2) < 1e-6;
            free(c.pts);
            free(c.starts);
            free_polys(&s);
        }
        /* Exact pieces: rectangles of whole pixels, flipped too. */
        for (int f = 0; f <= 1; f++) {
            pieces c;
            double area = 0;
            o = pp_polygon_options_default();
            o.y_flip = (uint8_t)f;
            o.max_vertices = 4;
            ok = get_pieces(g.mask, &o, &c) && pieces_ok(&c, 4, &area);
            for (size_t i = 0; ok && i < c.points; i++) {
                ok = c.pts[i].x == floor(c.pts[i].x) && c.pts[i].y == floor(c.pts[i].y);
            }
            ok_pieces &= ok && area == (double)solid && (f == 1 || pieces_cover(&c, &g));
            free(c.pts);
            free(c.starts);
        }
        free_polys(&exact);
        pp_mask_free(g.mask);
        runs++;
    }
    CHECK(ok_holes);
    CHECK(ok_flip);
    CHECK(ok_simplified);
    CHECK(ok_pieces);
    printf("polygons: %d random masks without holes, flipped, simplified, cut\n", runs);
}

/* The documented examples (src/shape/polygon.rs): a 4x3 block with a one-pixel hole;
 * two diagonal pixels are two polygons sharing a corner; an empty mask has none. */
static void documented_polygons(void)
{
    static const char *const holed[] = {"####", "#.##", "####"};
    static const pp_vertex outer[] = {{0, 0}, {4, 0}, {4, 3}, {0, 3}};
    static const pp_vertex hole[] = {{1, 1}, {1, 2}, {2, 2}, {2, 1}};
    static const pp_vertex up[] = {{0, 3}, {0, 0}, {4, 0}, {4, 3}};
    grid g;
    polys p;
    ascii_grid(&g, holed, 3);
    CHECK(get_polys(g.mask, NULL, &p));
    CHECK(p.polygons == 1 && p.rings == 2 && p.points == 8 && p.counts[0] == 2);
    CHECK(p.starts[0] == 0 && p.starts[1] == 4 && p.starts[2] == 8);
    CHECK(memcmp(p.pts, outer, sizeof outer) == 0);
    CHECK(memcmp(p.pts + 4, hole, sizeof hole) == 0);
    free_polys(&p);
    pp_polygon_options o = pp_polygon_options_default();
    o.y_flip = 1;
    CHECK(get_polys(g.mask, &o, &p));
    CHECK(memcmp(p.pts, up, sizeof up) == 0);
    free_polys(&p);
    pp_mask_free(g.mask);

    static const char *const diagonal[] = {"#.", ".#"};
    ascii_grid(&g, diagonal, 2);
    CHECK(get_polys(g.mask, NULL, &p));
    CHECK(p.polygons == 2 && p.rings == 2 && p.points == 8 && has_vertex(&p, (pp_vertex){1, 1}));
    free_polys(&p);
    pp_mask_free(g.mask);

    pp_mask *empty = NULL;
    CHECK_OK(pp_mask_new(5, 4, 0, &empty));
    CHECK(get_polys(empty, NULL, &p));
    CHECK(p.polygons == 0 && p.rings == 0 && p.points == 0 && p.starts[0] == 0);
    free_polys(&p);
    pieces c;
    CHECK(get_pieces(empty, NULL, &c));
    CHECK(c.pieces == 0 && c.points == 0 && c.starts[0] == 0);
    free(c.pts);
    free(c.starts);
    pp_mask_free(empty);

    /* An L of three pixels: two rectangles of areas summing to 3. */
    static const char *const ell[] = {"#.", "##"};
    double area = 0;
    ascii_grid(&g, ell, 2);
    CHECK(get_pieces(g.mask, NULL, &c) && c.pieces == 2 && pieces_ok(&c, 8, &area));
    CHECK(area == 3.0);
    free(c.pts);
    free(c.starts);
    pp_mask_free(g.mask);
}

/* ---- outlines ----------------------------------------------------------------------- */

/* The outline read by size-then-fill into `out` (room for `cap`); its length, or
 * (size_t)-1 on failure. */
static size_t get_outline(const pp_mask *m, uint32_t every, pp_vertex *out, size_t cap)
{
    size_t len = SENTINEL_SIZE, again = SENTINEL_SIZE;
    if (pp_mask_outline(m, every, NULL, 0, &len) != PP_OK || len > cap) {
        return (size_t)-1;
    }
    if (pp_mask_outline(m, every, out, len, &again) != PP_OK || again != len) {
        return (size_t)-1;
    }
    return len;
}

static int path_is(const pp_vertex *got, size_t n, const pp_vertex *want, size_t m)
{
    return n == m && (n == 0 || memcmp(got, want, n * sizeof *got) == 0);
}

static void outlines(void)
{
    static pp_vertex got[64];
    grid g;
    /* The Rust documentation's square: a 2x2 block at (1, 1) of a 4x4 mask. */
    static const char *const square[] = {"....", ".##.", ".##.", "...."};
    static const pp_vertex sq1[] = {{1, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 1}};
    static const pp_vertex sq2[] = {{1, 1}, {2, 2}, {1, 1}};
    ascii_grid(&g, square, 4);
    CHECK(path_is(got, get_outline(g.mask, 1, got, 64), sq1, 5));
    CHECK(path_is(got, get_outline(g.mask, 2, got, 64), sq2, 3));
    pp_mask_free(g.mask);
    /* A one-pixel-wide line: its middle pixel comes twice. */
    static const char *const line[] = {"###"};
    static const pp_vertex ln[] = {{0, 0}, {1, 0}, {2, 0}, {1, 0}, {0, 0}};
    ascii_grid(&g, line, 1);
    CHECK(path_is(got, get_outline(g.mask, 1, got, 64), ln, 5));
    pp_mask_free(g.mask);
    /* Diagonal neighbours join (8-connected); the second region is ignored. */
    static const char *const diag[] = {"#...", ".#.#"};
    static const pp_vertex dg[] = {{0, 0}, {1, 1}, {0, 0}};
    ascii_grid(&g, diag, 2);
    CHECK(path_is(got, get_outline(g.mask, 1, got, 64), dg, 3));
    pp_mask_free(g.mask);
    /* A lone pixel: itself once; an empty mask: nothing. */
    static const char *const lone[] = {"...", "..#"};
    static const pp_vertex ln1[] = {{2, 1}};
    ascii_grid(&g, lone, 2);
    CHECK(path_is(got, get_outline(g.mask, 3, got, 64), ln1, 1));
    pp_mask_free(g.mask);
    pp_mask *empty = NULL;
    CHECK_OK(pp_mask_new(3, 3, 0, &empty));
    CHECK(get_outline(empty, 1, got, 64) == 0);
    pp_mask_free(empty);
    printf("outlines: the documented and hand-computed paths (random masks: the corpus's "
           "`outline` cases)\n");
}

/* ---- threads ------------------------------------------------------------------------ */

/* What each reader thread is given and finds. */
typedef struct {
    const pp_mask *mask;
    const pp_polygons *shared;
    const polys *want;
    int ok;
} reader;

/* Reads the shared result and computes its own from the shared mask, many times. */
static void *read_polygons(void *arg)
{
    reader *r = arg;
    pp_vertex *pts = malloc((r->want->points + 1) * sizeof *pts);
    r->ok = pts != NULL;
    for (int i = 0; i < 40 && r->ok; i++) {
        size_t len = 0;
        polys own;
        r->ok = pp_polygons_points(r->shared, pts, r->want->points, &len) == PP_OK &&
                len == r->want->points &&
                memcmp(pts, r->want->pts, len * sizeof *pts) == 0;
        r->ok = r->ok && get_polys(r->mask, NULL, &own) && own.points == r->want->points &&
                memcmp(own.pts, r->want->pts, own.points * sizeof *pts) == 0;
        free_polys(&own);
    }
    free(pts);
    return NULL;
}

/* One mask and one result read by four threads at once. */
static void threads(void)
{
    grid g;
    polys want;
    pp_polygons *shared = NULL;
    random_grid(&g, 24, 24, 55);
    CHECK(get_polys(g.mask, NULL, &want));
    CHECK_OK(pp_mask_polygons(g.mask, NULL, &shared));
    pthread_t t[4];
    reader r[4];
    for (int i = 0; i < 4; i++) {
        r[i] = (reader){g.mask, shared, &want, 0};
        CHECK(pthread_create(&t[i], NULL, read_polygons, &r[i]) == 0);
    }
    for (int i = 0; i < 4; i++) {
        CHECK(pthread_join(t[i], NULL) == 0);
        CHECK(r[i].ok);
    }
    pp_polygons_free(shared);
    free_polys(&want);
    pp_mask_free(g.mask);
}

/* ---- errors ------------------------------------------------------------------------- */

static void errors(void)
{
    static const char *const rows[] = {"##.", "#.#"};
    grid g;
    ascii_grid(&g, rows, 2);
    pp_polygons *p = (pp_polygons *)&g_sentinel_storage;
    pp_convex_pieces *c = (pp_convex_pieces *)&g_sentinel_storage;
    pp_polygon_options o = pp_polygon_options_default();
    CHECK(o.epsilon == 0 && o.holes == 1 && o.y_flip == 0 && o.max_vertices == 8);
    CHECK_ERR(pp_mask_polygons(NULL, &o, &p), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_polygons(g.mask, &o, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK_ERR(pp_mask_convex_pieces(NULL, &o, &c), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_convex_pieces(g.mask, &o, NULL), PP_ERR_NULL_POINTER, "out");
    /* Zeroed and garbage cookies. */
    pp_polygon_options zero;
    memset(&zero, 0, sizeof zero);
    CHECK_ERR(pp_mask_polygons(g.mask, &zero, &p), PP_ERR_INVALID_ARGUMENT,
              "pp_polygon_options_default");
    CHECK_ERR(pp_mask_convex_pieces(g.mask, &zero, &c), PP_ERR_INVALID_ARGUMENT, "zeroed");
    pp_polygon_options junk = o;
    junk.internal_cookie = 0x12345678u;
    CHECK_ERR(pp_mask_polygons(g.mask, &junk, &p), PP_ERR_INVALID_ARGUMENT, "internal_cookie");
    /* Another options struct at the same address (a union keeps it aligned and in bounds). */
    union {
        pp_mask_options mask;
        pp_polygon_options polygon;
    } other;
    memset(&other, 0, sizeof other);
    other.mask = pp_mask_options_default();
    CHECK_ERR(pp_mask_polygons(g.mask, &other.polygon, &p), PP_ERR_INVALID_ARGUMENT,
              "another struct type");
    /* Bad fields. */
    const double bad_eps[] = {NAN, -1.0, -0.001, INFINITY};
    for (int i = 0; i < 4; i++) {
        pp_polygon_options b = o;
        b.epsilon = bad_eps[i];
        CHECK_ERR(pp_mask_polygons(g.mask, &b, &p), PP_ERR_INVALID_ARGUMENT, "epsilon");
        CHECK_ERR(pp_mask_convex_pieces(g.mask, &b, &c), PP_ERR_INVALID_ARGUMENT, "epsilon");
    }
    for (uint32_t mv = 0; mv < 3; mv++) {
        pp_polygon_options b = o;
        b.max_vertices = mv;
        CHECK_ERR(pp_mask_polygons(g.mask, &b, &p), PP_ERR_INVALID_ARGUMENT, "max_vertices");
        CHECK_ERR(pp_mask_convex_pieces(g.mask, &b, &c), PP_ERR_INVALID_ARGUMENT, "max_vertices");
    }
    CHECK(p == (pp_polygons *)&g_sentinel_storage && c == (pp_convex_pieces *)&g_sentinel_storage);
    /* The readers: NULL handles, NULL len, a short buffer then the exact one. */
    CHECK_OK(pp_mask_polygons(g.mask, NULL, &p));
    size_t np = SENTINEL_SIZE, nr = SENTINEL_SIZE, nv = SENTINEL_SIZE, len = SENTINEL_SIZE;
    CHECK_ERR(pp_polygons_counts(NULL, &np, &nr, &nv), PP_ERR_NULL_POINTER, "polygons");
    CHECK(np == SENTINEL_SIZE && nr == SENTINEL_SIZE && nv == SENTINEL_SIZE);
    CHECK_OK(pp_polygons_counts(p, NULL, NULL, &nv)); /* only what is asked */
    CHECK(nv == 10 && np == SENTINEL_SIZE); /* an L of 6 vertices, a lone pixel of 4 */
    CHECK_OK(pp_polygons_counts(p, &np, &nr, NULL));
    CHECK(np == 2 && nr == 2);
    pp_vertex v[16];
    uint32_t u[16];
    for (int i = 0; i < 16; i++) {
        v[i] = (pp_vertex){-7, -7};
        u[i] = 0xA5A5A5A5u;
    }
    CHECK_ERR(pp_polygons_points(p, v, 9, &len), PP_ERR_BUFFER_TOO_SMALL, "10");
    CHECK(len == SENTINEL_SIZE && v[0].x == -7);
    CHECK_ERR(pp_polygons_points(p, v, 10, NULL), PP_ERR_NULL_POINTER, "len");
    CHECK_ERR(pp_polygons_points(NULL, v, 10, &len), PP_ERR_NULL_POINTER, "polygons");
    CHECK_OK(pp_polygons_points(p, v, 10, &len));
    CHECK(len == 10 && v[10].x == -7 && v[6].x == 2 && v[6].y == 1);
    CHECK_ERR(pp_polygons_ring_starts(p, u, 2, &len), PP_ERR_BUFFER_TOO_SMALL, "3");
    CHECK(u[0] == 0xA5A5A5A5u);
    CHECK_ERR(pp_polygons_ring_starts(NULL, u, 3, &len), PP_ERR_NULL_POINTER, "polygons");
    CHECK_OK(pp_polygons_ring_starts(p, u, 3, &len));
    CHECK(len == 3 && u[0] == 0 && u[1] == 6 && u[2] == 10 && u[3] == 0xA5A5A5A5u);
    CHECK_ERR(pp_polygons_ring_counts(p, u, 1, &len), PP_ERR_BUFFER_TOO_SMALL, "2");
    CHECK_ERR(pp_polygons_ring_counts(p, u, 2, NULL), PP_ERR_NULL_POINTER, "len");
    CHECK_OK(pp_polygons_ring_counts(p, u, 2, &len));
    CHECK(len == 2 && u[0] == 1 && u[1] == 1);
    pp_polygons_free(p);
    pp_polygons_free(NULL);

    CHECK_OK(pp_mask_convex_pieces(g.mask, NULL, &c));
    pp_vertexf f[16];
    size_t pieces_n = SENTINEL_SIZE, points_n = SENTINEL_SIZE;
    CHECK_ERR(pp_convex_pieces_counts(NULL, &pieces_n, &points_n), PP_ERR_NULL_POINTER, "pieces");
    CHECK(pieces_n == SENTINEL_SIZE);
    CHECK_OK(pp_convex_pieces_counts(c, &pieces_n, NULL));
    CHECK_OK(pp_convex_pieces_counts(c, NULL, &points_n));
    CHECK(pieces_n == 3 && points_n == 12); /* an L of two rectangles, one lone pixel */
    len = SENTINEL_SIZE;
    CHECK_ERR(pp_convex_pieces_points(c, f, 11, &len), PP_ERR_BUFFER_TOO_SMALL, "12");
    CHECK_ERR(pp_convex_pieces_points(NULL, f, 16, &len), PP_ERR_NULL_POINTER, "pieces");
    CHECK_ERR(pp_convex_pieces_points(c, f, 16, NULL), PP_ERR_NULL_POINTER, "len");
    CHECK(len == SENTINEL_SIZE);
    CHECK_OK(pp_convex_pieces_points(c, f, 16, &len));
    CHECK(len == 12);
    CHECK_ERR(pp_convex_pieces_starts(c, u, 3, &len), PP_ERR_BUFFER_TOO_SMALL, "4");
    CHECK_ERR(pp_convex_pieces_starts(NULL, u, 4, &len), PP_ERR_NULL_POINTER, "pieces");
    CHECK_OK(pp_convex_pieces_starts(c, u, 4, &len));
    CHECK(len == 4 && u[0] == 0 && u[3] == 12);
    pp_convex_pieces_free(c);
    pp_convex_pieces_free(NULL);

    /* The outline: every 0, NULLs, a short buffer. */
    len = SENTINEL_SIZE;
    CHECK_ERR(pp_mask_outline(g.mask, 0, v, 16, &len), PP_ERR_INVALID_ARGUMENT, "every");
    CHECK_ERR(pp_mask_outline(NULL, 1, v, 16, &len), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_outline(g.mask, 1, v, 16, NULL), PP_ERR_NULL_POINTER, "len");
    CHECK(len == SENTINEL_SIZE);
    CHECK_OK(pp_mask_outline(g.mask, 1, NULL, 0, &len));
    CHECK(len == 6);
    v[0] = (pp_vertex){-7, -7};
    CHECK_ERR(pp_mask_outline(g.mask, 1, v, 5, &len), PP_ERR_BUFFER_TOO_SMALL, "6");
    CHECK(v[0].x == -7);
    CHECK_OK(pp_mask_outline(g.mask, 1, v, 16, &len));
    /* The lone pixel joins diagonally (8-connected). */
    static const pp_vertex path[] = {{0, 0}, {1, 0}, {2, 1}, {1, 0}, {0, 1}, {0, 0}};
    CHECK(path_is(v, len, path, 6));
    pp_mask_free(g.mask);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    documented_polygons();
    random_masks();
    outlines();
    threads();
    errors();
    return finish();
}
