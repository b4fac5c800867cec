/*
 * C test of editing masks in place (issue 16): pp_mask_set_pixel, pp_mask_fill_rect,
 * pp_mask_draw / _erase / _intersect / _xor, pp_mask_invert, pp_mask_fill_circle,
 * pp_mask_fill_ellipse, pp_mask_draw_line, pp_mask_copy, and a world body's mask edited
 * with pp_world_edit_mask (pp_mask_edit, pp_mask_edit_default); and a mask's raw bytes both
 * ways (pp_mask_to_bytes, pp_mask_from_bytes) against the documented layout.
 *
 * Each edit's answers (every pixel, count, solid bounds) on random masks are the
 * conformance corpus's (tests/corpus/FORMAT.md: set_pixel ... invert, count, solid_bounds),
 * replayed through the C ABI by tests/c/corpus_replay.c; this program keeps what is the C
 * door's own: a mask a world or another handle also holds is refused (PP_ERR_MASK_SHARED,
 * nothing changed, every edit) and a copy is editable; each shape edit once on values
 * worked out by hand; a mask drawn into itself (the corpus edits a copy, so never
 * aliases); a crater blown into a world's terrain through pp_world_edit_mask takes a body
 * off it at the next update; bad edit lists change nothing; the raw bytes' layout and
 * buffer convention (not in the corpus).
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include and run
 * against the cdylib (also under ASan+UBSan and valgrind when asked).
 *
 * usage: test_edit <scratch-dir>
 * Prints each check, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MAX_W 100
#define MAX_H 70

/* A mask as one byte per pixel: what the scenes below expect. */
typedef struct {
    int32_t w, h;
    uint8_t px[MAX_W * MAX_H];
} plain;

static uint64_t g_rng = 0x9E3779B97F4A7C15ULL;

static int32_t below(int32_t n)
{
    g_rng ^= g_rng >> 12;
    g_rng ^= g_rng << 25;
    g_rng ^= g_rng >> 27;
    return (int32_t)((g_rng * 0x2545F4914F6CDD1DULL >> 33) % (uint64_t)n);
}

static int solid_at(const plain *p, int64_t x, int64_t y)
{
    return x >= 0 && y >= 0 && x < p->w && y < p->h && p->px[y * p->w + x];
}

/* A random mask and its plain twin; density in percent. */
static pp_mask *random_mask(plain *p, int32_t w, int32_t h, int32_t density)
{
    pp_mask_options o = pp_mask_options_default();
    uint8_t *a8 = malloc((size_t)(w * h) + 1);
    p->w = w;
    p->h = h;
    for (int32_t i = 0; i < w * h; i++) {
        p->px[i] = below(100) < density;
        a8[i] = p->px[i] ? 255 : 0;
    }
    pp_mask *m = NULL;
    CHECK_OK(pp_mask_from_pixels(a8, (size_t)(w * h), PP_FORMAT_A8, w, h, w, &o, &m));
    free(a8);
    return m;
}

/* Whether the mask equals its twin: every pixel, the count, the solid bounds. */
static int same(const pp_mask *m, const plain *p)
{
    uint64_t count = 0, n = 0;
    int32_t x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
    for (int32_t y = 0; y < p->h; y++) {
        for (int32_t x = 0; x < p->w; x++) {
            uint8_t s = SENTINEL_U8;
            if (pp_mask_is_solid(m, x, y, &s) != PP_OK || s != p->px[y * p->w + x]) {
                return 0;
            }
            if (s) {
                n++;
                x0 = x < x0 ? x : x0;
                y0 = y < y0 ? y : y0;
                x1 = x + 1 > x1 ? x + 1 : x1;
                y1 = y + 1 > y1 ? y + 1 : y1;
            }
        }
    }
    pp_bounds b = SENTINEL_BOUNDS;
    uint8_t has = SENTINEL_U8;
    if (pp_mask_count(m, &count) != PP_OK || count != n) {
        return 0;
    }
    if (pp_mask_solid_bounds(m, &has, &b) != PP_OK || has != (n > 0)) {
        return 0;
    }
    return n == 0 || bounds_eq(b, x0, y0, x1 - x0, y1 - y0);
}

/* ---- the two rules the scenes below need, written out -------------------------------- */

/* args: cx, cy, r: (i - cx)^2 + (j - cy)^2 <= r^2 + r */
static int in_circle(int64_t i, int64_t j, const int64_t *a)
{
    int64_t dx = i - a[0], dy = j - a[1];
    return dx * dx + dy * dy <= a[2] * a[2] + a[2];
}

/* op: PP_EDIT_DRAW / ERASE / INTERSECT / XOR of `o` placed at (x, y) */
static void combine(plain *p, const plain *o, uint32_t op, int32_t x, int32_t y)
{
    static plain before;
    before = *p;
    for (int32_t j = 0; j < p->h; j++) {
        for (int32_t i = 0; i < p->w; i++) {
            int a = solid_at(&before, i, j), b = solid_at(o, (int64_t)i - x, (int64_t)j - y);
            int r = op == PP_EDIT_DRAW ? a | b
                    : op == PP_EDIT_ERASE ? a & !b
                    : op == PP_EDIT_INTERSECT ? a & b
                                              : a ^ b;
            p->px[j * p->w + i] = (uint8_t)r;
        }
    }
}

static const int32_t SIDES[] = {1, 2, 7, 63, 64, 65, 99, 100};

/* ---- the rules ---------------------------------------------------------------------- */

/* A mask held by a world (or by another handle from it) is refused, untouched; its copy
 * is editable; once nothing else holds it, it is editable again. */
static void shared_masks(void)
{
    static plain p;
    pp_mask *m = random_mask(&p, 30, 20, 50);
    pp_world *w = NULL;
    CHECK_OK(pp_world_new(&w));
    pp_body_def def = pp_body_def_default();
    def.mask = m;
    pp_body_id id;
    CHECK_OK(pp_world_create_body(w, &def, &id));
    CHECK_ERR(pp_mask_set_pixel(m, 1, 1, 1), PP_ERR_MASK_SHARED, "mask shared");
    CHECK_ERR(pp_mask_invert(m), PP_ERR_MASK_SHARED, "pp_mask_copy");
    CHECK_ERR(pp_mask_draw(m, m, 1, 0), PP_ERR_MASK_SHARED, "pp_world_edit_mask");
    /* Every other edit is refused the same way. */
    CHECK_ERR(pp_mask_fill_rect(m, (pp_bounds){0, 0, 3, 3}, 0), PP_ERR_MASK_SHARED, "shared");
    CHECK_ERR(pp_mask_fill_circle(m, 5, 5, 3, 0), PP_ERR_MASK_SHARED, "shared");
    CHECK_ERR(pp_mask_fill_ellipse(m, (pp_bounds){0, 0, 8, 4}, 1), PP_ERR_MASK_SHARED, "shared");
    CHECK_ERR(pp_mask_draw_line(m, 0, 0, 29, 19, 2, 0), PP_ERR_MASK_SHARED, "shared");
    CHECK_ERR(pp_mask_erase(m, m, 0, 0), PP_ERR_MASK_SHARED, "shared");
    CHECK_ERR(pp_mask_intersect(m, m, 2, 0), PP_ERR_MASK_SHARED, "shared");
    CHECK_ERR(pp_mask_xor(m, m, 0, 0), PP_ERR_MASK_SHARED, "shared");
    CHECK(same(m, &p));
    pp_mask *c = SENTINEL_MASK;
    CHECK_OK(pp_mask_copy(m, &c));
    CHECK(c != m && same(c, &p));
    CHECK_OK(pp_mask_invert(c));
    CHECK(same(m, &p)); /* the original keeps its pixels */
    CHECK_OK(pp_mask_invert(c));
    CHECK(same(c, &p));
    pp_mask_free(c);
    CHECK_OK(pp_world_destroy_body(w, id));
    pp_world_free(w);
    /* Only the caller holds it now. */
    CHECK_OK(pp_mask_fill_rect(m, (pp_bounds){0, 0, 30, 20}, 0));
    uint64_t n = SENTINEL_U64;
    CHECK_OK(pp_mask_count(m, &n));
    CHECK(n == 0);
    /* Arguments. */
    CHECK_ERR(pp_mask_set_pixel(NULL, 0, 0, 1), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_fill_rect(NULL, (pp_bounds){0, 0, 1, 1}, 1), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_fill_circle(NULL, 0, 0, 1, 1), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_fill_ellipse(NULL, (pp_bounds){0, 0, 2, 2}, 1), PP_ERR_NULL_POINTER,
              "mask");
    CHECK_ERR(pp_mask_draw_line(NULL, 0, 0, 1, 1, 0, 1), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_invert(NULL), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_intersect(NULL, m, 0, 0), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_intersect(m, NULL, 0, 0), PP_ERR_NULL_POINTER, "other");
    CHECK_ERR(pp_mask_xor(m, NULL, 0, 0), PP_ERR_NULL_POINTER, "other");
    CHECK_ERR(pp_mask_erase(m, NULL, 0, 0), PP_ERR_NULL_POINTER, "other");
    CHECK_ERR(pp_mask_draw(m, NULL, 0, 0), PP_ERR_NULL_POINTER, "other");
    c = SENTINEL_MASK;
    CHECK_ERR(pp_mask_copy(NULL, &c), PP_ERR_NULL_POINTER, "mask");
    CHECK(c == SENTINEL_MASK);
    CHECK_ERR(pp_mask_copy(m, NULL), PP_ERR_NULL_POINTER, "out");
    pp_mask_free(m);
}

/* Whether `m` has `count` solid pixels and pixel (x, y) is `solid`. */
static int has(const pp_mask *m, uint64_t count, int32_t x, int32_t y, uint8_t solid)
{
    uint64_t n = SENTINEL_U64;
    uint8_t s = SENTINEL_U8;
    return pp_mask_count(m, &n) == PP_OK && n == count &&
           pp_mask_is_solid(m, x, y, &s) == PP_OK && s == solid;
}

/* Each shape edit once, on values worked out by hand (random cases: the corpus's). */
static void by_hand(void)
{
    pp_mask *m = NULL, *dot = NULL;
    /* A disc of radius 1 (i^2 + j^2 <= 1 + 1): the 3 x 3 block around its centre. */
    CHECK_OK(pp_mask_new(10, 10, 0, &m));
    CHECK_OK(pp_mask_fill_circle(m, 4, 4, 1, 1));
    CHECK(has(m, 9, 3, 3, 1) && has(m, 9, 2, 4, 0));
    pp_mask_free(m);
    /* The ellipse inscribed in 5 x 3: rows of 3, 5, 3 pixels (u^2 9 + v^2 25 <= 225 for the
     * doubled centre offsets u, v). */
    CHECK_OK(pp_mask_new(10, 10, 0, &m));
    CHECK_OK(pp_mask_fill_ellipse(m, (pp_bounds){0, 0, 5, 3}, 1));
    CHECK(has(m, 11, 0, 0, 0) && has(m, 11, 3, 0, 1) && has(m, 11, 0, 1, 1));
    pp_mask_free(m);
    /* A line of radius 0 along row 0: that row, nothing else. */
    CHECK_OK(pp_mask_new(10, 3, 0, &m));
    CHECK_OK(pp_mask_draw_line(m, 0, 0, 9, 0, 0, 1));
    CHECK(has(m, 10, 9, 0, 1) && has(m, 10, 0, 1, 0));
    pp_mask_free(m);
    /* A full 4 x 4 intersected with a 2 x 2 at (1, 1): those 4 pixels. */
    CHECK_OK(pp_mask_new(4, 4, 1, &m));
    CHECK_OK(pp_mask_new(2, 2, 1, &dot));
    CHECK_OK(pp_mask_intersect(m, dot, 1, 1));
    CHECK(has(m, 4, 0, 0, 0) && has(m, 4, 2, 2, 1));
    pp_mask_free(dot);
    pp_mask_free(m);
}

/* A mask drawn into, erased from and xored with itself, shifted. */
static void self_edits(void)
{
    static plain p, q;
    pp_mask *m = random_mask(&p, 70, 30, 30);
    q = p;
    combine(&p, &q, PP_EDIT_DRAW, 3, -2);
    CHECK_OK(pp_mask_draw(m, m, 3, -2));
    CHECK(same(m, &p));
    q = p;
    combine(&p, &q, PP_EDIT_XOR, -5, 1);
    CHECK_OK(pp_mask_xor(m, m, -5, 1));
    CHECK(same(m, &p));
    q = p;
    combine(&p, &q, PP_EDIT_ERASE, 0, 0);
    CHECK_OK(pp_mask_erase(m, m, 0, 0));
    CHECK(same(m, &p));
    uint64_t n = SENTINEL_U64;
    CHECK_OK(pp_mask_count(m, &n));
    CHECK(n == 0);
    /* The README's pygame example: pygame-ce smears a pixel drawn onto its own mask one row
     * down over its whole column; perpixel draws the mask as it was: 2 pixels. */
    CHECK_OK(pp_mask_set_pixel(m, 0, 0, 1));
    CHECK_OK(pp_mask_draw(m, m, 0, 1));
    CHECK_OK(pp_mask_count(m, &n));
    CHECK(n == 2);
    uint8_t solid = 0;
    CHECK_OK(pp_mask_is_solid(m, 0, 1, &solid));
    CHECK(solid == 1);
    pp_mask_free(m);
}

/* A crater blown into the terrain of a world takes the ball resting in it off it. */
static void world_crater(void)
{
    pp_mask *ground = NULL, *ball = NULL;
    pp_mask_options o = pp_mask_options_default();
    static uint8_t a8[200 * 40];
    memset(a8, 255, sizeof a8);
    CHECK_OK(pp_mask_from_pixels(a8, sizeof a8, PP_FORMAT_A8, 200, 40, 200, &o, &ground));
    CHECK_OK(pp_mask_from_pixels(a8, 36, PP_FORMAT_A8, 6, 6, 6, &o, &ball));
    pp_world *w = NULL;
    CHECK_OK(pp_world_new(&w));
    pp_body_def def = pp_body_def_default();
    def.mask = ground;
    def.is_static = 1;
    def.y = 100;
    pp_body_id floor_id, ball_id;
    CHECK_OK(pp_world_create_body(w, &def, &floor_id));
    def = pp_body_def_default();
    def.mask = ball;
    def.x = 60;
    def.y = 97; /* sunk 3 rows into the ground */
    CHECK_OK(pp_world_create_body(w, &def, &ball_id));
    pp_world_events ev;
    CHECK_OK(pp_world_update(w, &ev));
    CHECK(ev.touching_count == 1);

    /* Bad lists change nothing: a zeroed edit, an unknown op, a NULL other. */
    pp_mask_edit e[3];
    memset(e, 0, sizeof e);
    CHECK_ERR(pp_world_edit_mask(w, floor_id, e, 1), PP_ERR_INVALID_ARGUMENT,
              "pp_mask_edit_default");
    e[0] = pp_mask_edit_default();
    CHECK_ERR(pp_world_edit_mask(w, floor_id, e, 1), PP_ERR_INVALID_ARGUMENT, "op");
    e[0].op = PP_EDIT_FILL_CIRCLE;
    e[0].x = 62;
    e[0].y = 0;
    e[0].radius = 10;
    e[0].solid = 0;
    e[1] = pp_mask_edit_default();
    e[1].op = PP_EDIT_ERASE;
    CHECK_ERR(pp_world_edit_mask(w, floor_id, e, 2), PP_ERR_NULL_POINTER, "edits[1].other");
    CHECK_ERR(pp_world_edit_mask(w, floor_id, NULL, 1), PP_ERR_NULL_POINTER, "edits");
    CHECK_OK(pp_world_edit_mask(w, floor_id, NULL, 0));
    CHECK_OK(pp_world_update(w, &ev));
    CHECK(ev.touching_count == 1);

    /* The crater (the caller still holds `ground`: the world's copy is made now, and
     * the caller's keeps its pixels). */
    CHECK_OK(pp_world_edit_mask(w, floor_id, e, 1));
    CHECK_OK(pp_world_update(w, &ev));
    CHECK(ev.touching_count == 0 && ev.end_count == 1);
    uint64_t n = SENTINEL_U64;
    CHECK_OK(pp_mask_count(ground, &n));
    CHECK(n == 200 * 40);
    pp_mask *body_mask = NULL;
    CHECK_OK(pp_world_body_mask(w, floor_id, &body_mask));
    CHECK_OK(pp_mask_count(body_mask, &n));
    uint64_t hole = 0;
    for (int64_t j = 0; j < 40; j++) {
        for (int64_t i = 0; i < 200; i++) {
            hole += in_circle(i, j, (int64_t[]){62, 0, 10});
        }
    }
    CHECK(n == 200 * 40 - hole);
    pp_mask_free(body_mask);
    /* A stale id. */
    CHECK_OK(pp_world_destroy_body(w, ball_id));
    CHECK_ERR(pp_world_edit_mask(w, ball_id, e, 1), PP_ERR_STALE_BODY, "stale");
    CHECK_ERR(pp_world_edit_mask(NULL, floor_id, e, 1), PP_ERR_NULL_POINTER, "world");
    pp_world_free(w);
    pp_mask_free(ball);
    pp_mask_free(ground);
}

/* Raw bytes: the documented layout (rows of ceil(w / 8) bytes, LSB first, padding 0),
 * the buffer convention, the round trip, padding bits ignored, errors. */
static void raw_bytes(void)
{
    static plain p;
    static uint8_t buf[MAX_H * ((MAX_W + 7) / 8) + 8];
    int ok = 1, runs = 0;
    for (int run = 0; run < 40; run++) {
        int32_t w = SIDES[below(8)], h = SIDES[below(8)] % MAX_H;
        pp_mask *m = random_mask(&p, w, h, below(101));
        size_t stride = (size_t)(w + 7) / 8, size = stride * (size_t)h, len = SENTINEL_SIZE;
        ok &= pp_mask_to_bytes(m, NULL, 0, &len) == PP_OK && len == size;
        memset(buf, 0xEE, sizeof buf);
        len = SENTINEL_SIZE;
        ok &= pp_mask_to_bytes(m, buf, sizeof buf, &len) == PP_OK && len == size;
        for (int32_t y = 0; y < h; y++) {
            for (int32_t x = 0; x < (int32_t)stride * 8; x++) {
                int bit = (buf[(size_t)y * stride + (size_t)x / 8] >> (x % 8)) & 1;
                ok &= bit == (x < w && p.px[y * w + x]);
            }
        }
        ok &= buf[size] == 0xEE; /* nothing past the size */
        /* Back, with the padding bits set: ignored. */
        for (int32_t y = 0; y < h && w % 8 != 0; y++) {
            buf[(size_t)y * stride + stride - 1] |= (uint8_t)(0xFF << (w % 8));
        }
        pp_mask *back = NULL;
        ok &= pp_mask_from_bytes(w, h, buf, size, &back) == PP_OK && same(back, &p);
        pp_mask_free(back);
        pp_mask_free(m);
        runs++;
    }
    CHECK(ok);
    printf("raw bytes: %d masks packed as documented and read back\n", runs);
    /* Errors: nothing written. */
    pp_mask *m = random_mask(&p, 20, 3, 50), *out = SENTINEL_MASK;
    size_t len = SENTINEL_SIZE;
    CHECK_ERR(pp_mask_to_bytes(m, buf, 8, &len), PP_ERR_BUFFER_TOO_SMALL, "9");
    CHECK(len == SENTINEL_SIZE);
    CHECK_ERR(pp_mask_to_bytes(m, buf, sizeof buf, NULL), PP_ERR_NULL_POINTER, "len");
    CHECK_ERR(pp_mask_to_bytes(NULL, buf, sizeof buf, &len), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_from_bytes(20, 3, buf, 8, &out), PP_ERR_INVALID_ARGUMENT, "9");
    CHECK_ERR(pp_mask_from_bytes(-1, 3, buf, 0, &out), PP_ERR_INVALID_ARGUMENT, "width");
    CHECK_ERR(pp_mask_from_bytes(20, 3, NULL, 9, &out), PP_ERR_NULL_POINTER, "data");
    CHECK_ERR(pp_mask_from_bytes(20, 3, buf, 9, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK(out == SENTINEL_MASK);
    CHECK_OK(pp_mask_from_bytes(0, 5, NULL, 0, &out));
    uint64_t n = SENTINEL_U64;
    CHECK_OK(pp_mask_count(out, &n));
    CHECK(n == 0);
    pp_mask_free(out);
    pp_mask_free(m);
}

/* The status text and the default edit. */
static void basics(void)
{
    CHECK(PP_ERR_MASK_SHARED == 200);
    CHECK(strcmp(pp_status_text(PP_ERR_MASK_SHARED), "mask shared") == 0);
    pp_mask_edit e = pp_mask_edit_default();
    CHECK(e.op == PP_EDIT_NONE && e.solid == 1 && e.other == NULL && e.radius == 0);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    basics();
    by_hand();
    shared_masks();
    self_edits();
    world_crater();
    raw_bytes();
    return finish();
}
