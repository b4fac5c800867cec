/*
 * C test of the pair queries of the C ABI: placed sprites (pp_collides, pp_first_contact,
 * pp_overlap_area, pp_overlap_mask), bounds-only sprites, the pygame-style queries on
 * masks at an offset (pp_mask_*), misses and absent answers, NULL arguments, and
 * coordinates near INT32_MAX. Random pairs against a pixel-by-pixel oracle (widths 1, 63,
 * 64, 65, both ends of int32_t, bounds-only) are the conformance corpus's, replayed through
 * this door by tests/c/corpus_replay.c.
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include and run
 * against the cdylib (also under ASan+UBSan and valgrind when asked).
 *
 * usage: test_queries <scratch-dir>
 * Prints each check, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- the masks the scenarios share -------------------------------------------------- */

/* An 8x8 mask solid on its diagonal (x == y), from A8 pixels. */
static pp_mask *make_diagonal(void)
{
    uint8_t alpha[64];
    pp_mask *m = NULL;
    int i;
    memset(alpha, 0, sizeof alpha);
    for (i = 0; i < 8; i++) {
        alpha[i * 8 + i] = 255;
    }
    CHECK_OK(pp_mask_from_pixels(alpha, sizeof alpha, PP_FORMAT_A8, 8, 8, 8, NULL, &m));
    return m;
}

/* A full size x size mask. */
static pp_mask *make_full(int32_t size)
{
    pp_mask *m = NULL;
    CHECK_OK(pp_mask_new(size, size, 1, &m));
    return m;
}

/* The diagonal, a full 3x3 block and a full 1x1 dot; freed by free_masks. */
static pp_mask *diag, *block, *dot;

static void make_masks(void)
{
    diag = make_diagonal();
    block = make_full(3);
    dot = make_full(1);
}

static void free_masks(void)
{
    pp_mask_free(diag);
    pp_mask_free(block);
    pp_mask_free(dot);
}

/* Runs the four sprite queries and compares them with the expected values; the overlap
 * mask must count expected_area pixels at expected_bounds (none when its width is 0). */
static void check_sprite_queries(const pp_sprite *a, const pp_sprite *b, int collides,
                                 int32_t cx, int32_t cy, uint64_t expected_area,
                                 pp_bounds expected_bounds, const char *label, int line)
{
    char what[200];
    uint8_t hit = SENTINEL_U8, found = SENTINEL_U8;
    pp_point p = SENTINEL_POINT;
    uint64_t area = SENTINEL_U64, mask_count = SENTINEL_U64;
    pp_mask *om = SENTINEL_MASK;
    pp_bounds ob = SENTINEL_BOUNDS;
    int32_t w = -1, h = -1;
    int ok = 1;
    ok &= pp_collides(a, b, &hit) == PP_OK && hit == (uint8_t)collides;
    ok &= pp_first_contact(a, b, &found, &p) == PP_OK && found == (uint8_t)collides;
    ok &= collides ? (p.x == cx && p.y == cy) : (p.x == 0 && p.y == 0);
    ok &= pp_overlap_area(a, b, &area) == PP_OK && area == expected_area;
    ok &= pp_overlap_mask(a, b, &om, &ob) == PP_OK && om != SENTINEL_MASK;
    /* Bounds that do not overlap: no overlap mask (NULL), as Rust's None. */
    ok &= (om == NULL) == (expected_bounds.width == 0);
    if (om != SENTINEL_MASK && om != NULL) {
        ok &= pp_mask_count(om, &mask_count) == PP_OK && mask_count == expected_area;
        ok &= pp_mask_size(om, &w, &h) == PP_OK && w == expected_bounds.width &&
              h == expected_bounds.height;
        pp_mask_free(om);
    }
    ok &= bounds_eq(ob, expected_bounds.x, expected_bounds.y, expected_bounds.width,
                    expected_bounds.height);
    snprintf(what, sizeof what,
             "%s: collides %d, contact %d (%d, %d), area %llu, overlap mask %dx%d with %llu "
             "at {%d, %d, %d, %d}",
             label, (int)hit, (int)found, (int)p.x, (int)p.y, (unsigned long long)area,
             (int)w, (int)h, (unsigned long long)mask_count, (int)ob.x, (int)ob.y,
             (int)ob.width, (int)ob.height);
    check(ok, what, line);
}

/* ---- placed sprites ----------------------------------------------------------------- */

/* The layout the C# binding mirrors. */
static void test_sprite_layout(void)
{
    CHECK(offsetof(pp_sprite, x) == sizeof(void *));
    CHECK(offsetof(pp_sprite, pixel_collision) == sizeof(void *) + 8);
    CHECK(sizeof(pp_sprite) == (sizeof(void *) == 8 ? 24 : 16));
}

/* The diagonal at (10, 20), the block at (13, 21): intersection {13, 21, 3, 3}, where
 * diagonal pixel (3, 3) is world (13, 23). Either order gives the same answers. */
static void test_sprites_overlap(void)
{
    const pp_bounds inter = {13, 21, 3, 3};
    pp_sprite a = sprite_at(diag, 10, 20, 1), b = sprite_at(block, 13, 21, 1);
    pp_mask *om = SENTINEL_MASK;
    pp_bounds ob = SENTINEL_BOUNDS;
    uint8_t s = 0;
    check_sprite_queries(&a, &b, 1, 13, 23, 1, inter, "diagonal vs block", __LINE__);
    check_sprite_queries(&b, &a, 1, 13, 23, 1, inter, "block vs diagonal", __LINE__);
    /* The overlap mask holds the one shared pixel, in the intersection's coordinates. */
    CHECK_OK(pp_overlap_mask(&a, &b, &om, &ob));
    CHECK_OK(pp_mask_is_solid(om, 0, 2, &s));
    CHECK(s == 1);
    CHECK_OK(pp_mask_is_solid(om, 0, 0, &s));
    CHECK(s == 0);
    pp_mask_free(om);
}

/* Bounds-only: the diagonal sprite collides as its rectangle. */
static void test_sprites_bounds_only(void)
{
    const pp_bounds inter = {13, 21, 3, 3};
    pp_sprite a = sprite_at(diag, 10, 20, 0), b = sprite_at(block, 13, 21, 1);
    check_sprite_queries(&a, &b, 1, 13, 21, 9, inter, "bounds-only diagonal vs block",
                         __LINE__);
}

/* Touching edges: no overlap at all, a NULL overlap mask. */
static void test_sprites_touching(void)
{
    const pp_bounds none = {0, 0, 0, 0};
    pp_sprite a = sprite_at(diag, 10, 20, 1), b = sprite_at(block, 18, 20, 1);
    check_sprite_queries(&a, &b, 0, 0, 0, 0, none, "touching", __LINE__);
}

/* Rectangles overlap, pixels miss: an empty overlap mask, even when the dot is
 * bounds-only (it still needs a solid pixel of a); one row down the dot hits. */
static void test_sprites_pixels_miss(void)
{
    const pp_bounds dot_at = {11, 20, 1, 1};
    const pp_bounds dot_on = {11, 21, 1, 1};
    pp_sprite a = sprite_at(diag, 10, 20, 1), b = sprite_at(dot, 11, 20, 1);
    check_sprite_queries(&a, &b, 0, 0, 0, 0, dot_at, "dot beside the diagonal", __LINE__);
    b.pixel_collision = 0; /* a bounds-only dot still needs a solid pixel of a */
    check_sprite_queries(&a, &b, 0, 0, 0, 0, dot_at, "bounds-only dot beside", __LINE__);
    b.pixel_collision = 1;
    b.x = 11;
    b.y = 21;
    check_sprite_queries(&a, &b, 1, 11, 21, 1, dot_on, "dot on the diagonal", __LINE__);
}

/* NULL sprites, sprites with a NULL mask, NULL outputs: nothing written. */
static void test_sprites_null_pointers(void)
{
    pp_sprite a = sprite_at(diag, 10, 20, 1), b = sprite_at(block, 13, 21, 1);
    pp_sprite bad = a;
    uint8_t hit = SENTINEL_U8, found = SENTINEL_U8;
    pp_point p = SENTINEL_POINT;
    uint64_t area = SENTINEL_U64;
    pp_mask *om = SENTINEL_MASK;
    pp_bounds ob = SENTINEL_BOUNDS;
    bad.mask = NULL;
    CHECK_ERR(pp_collides(NULL, &b, &hit), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_collides(&a, NULL, &hit), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_collides(&bad, &b, &hit), PP_ERR_NULL_POINTER, "`a->mask`");
    CHECK_ERR(pp_collides(&a, &bad, &hit), PP_ERR_NULL_POINTER, "`b->mask`");
    CHECK_ERR(pp_collides(&a, &b, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(hit == SENTINEL_U8);
    CHECK_ERR(pp_first_contact(NULL, &b, &found, &p), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_first_contact(&a, NULL, &found, &p), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_first_contact(&bad, &b, &found, &p), PP_ERR_NULL_POINTER, "`a->mask`");
    CHECK_ERR(pp_first_contact(&a, &b, NULL, &p), PP_ERR_NULL_POINTER, "`found`");
    CHECK_ERR(pp_first_contact(&a, &b, &found, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(found == SENTINEL_U8 && p.x == SENTINEL_POINT.x && p.y == SENTINEL_POINT.y);
    CHECK_ERR(pp_overlap_area(NULL, &b, &area), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_overlap_area(&a, NULL, &area), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_overlap_area(&a, &bad, &area), PP_ERR_NULL_POINTER, "`b->mask`");
    CHECK_ERR(pp_overlap_area(&a, &b, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(area == SENTINEL_U64);
    CHECK_ERR(pp_overlap_mask(NULL, &b, &om, &ob), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_overlap_mask(&a, NULL, &om, &ob), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_overlap_mask(&bad, &b, &om, &ob), PP_ERR_NULL_POINTER, "`a->mask`");
    CHECK_ERR(pp_overlap_mask(&a, &b, NULL, &ob), PP_ERR_NULL_POINTER, "`out_mask`");
    CHECK_ERR(pp_overlap_mask(&a, &b, &om, NULL), PP_ERR_NULL_POINTER, "`out_bounds`");
    CHECK(om == SENTINEL_MASK && is_sentinel_bounds(ob));
}

/* Near INT32_MAX: a contact pixel past INT32_MAX is reported exactly in 64 bits. */
static void test_sprites_near_int32_max(void)
{
    static const uint8_t alpha[2] = {0, 255};
    pp_mask *edge = NULL;
    pp_sprite e1, e2;
    uint8_t hit = SENTINEL_U8, found = SENTINEL_U8;
    pp_point p = SENTINEL_POINT;
    uint64_t area = SENTINEL_U64;
    CHECK_OK(pp_mask_from_pixels(alpha, sizeof alpha, PP_FORMAT_A8, 2, 1, 2, NULL, &edge));
    e1 = sprite_at(edge, INT32_MAX, -4, 1);
    e2 = e1;
    CHECK_OK(pp_collides(&e1, &e2, &hit));
    CHECK(hit == 1);
    CHECK_OK(pp_overlap_area(&e1, &e2, &area));
    CHECK(area == 1);
    CHECK_OK(pp_first_contact(&e1, &e2, &found, &p));
    CHECK(found == 1 && p.x == (int64_t)INT32_MAX + 1 && p.y == -4);
    e1.x = INT32_MAX - 1;
    e2.x = INT32_MAX - 1;
    CHECK_OK(pp_first_contact(&e1, &e2, &found, &p));
    CHECK(found == 1 && p.x == INT32_MAX && p.y == -4);
    pp_mask_free(edge);
}

/* ---- pygame style: b at an offset from a at the origin ------------------------------ */

static void test_offset_overlap(void)
{
    uint8_t hit = SENTINEL_U8, found = SENTINEL_U8, s = 0;
    pp_point p = SENTINEL_POINT;
    uint64_t area = SENTINEL_U64, count = 0;
    pp_mask *om = SENTINEL_MASK;
    pp_bounds ob = SENTINEL_BOUNDS;
    CHECK_OK(pp_mask_collides(diag, block, 3, 1, &hit));
    CHECK(hit == 1);
    CHECK_OK(pp_mask_first_contact(diag, block, 3, 1, &found, &p));
    CHECK(found == 1 && p.x == 3 && p.y == 3);
    CHECK_OK(pp_mask_overlap_area(diag, block, 3, 1, &area));
    CHECK(area == 1);
    CHECK_OK(pp_mask_overlap_mask(diag, block, 3, 1, &om, &ob));
    CHECK(bounds_eq(ob, 3, 1, 3, 3));
    CHECK_OK(pp_mask_count(om, &count));
    CHECK(count == 1);
    CHECK_OK(pp_mask_is_solid(om, 0, 2, &s));
    CHECK(s == 1);
    pp_mask_free(om);
}

/* Negative offset: only the corner pixel (0, 0) is shared; a mask with itself overlaps
 * on every solid pixel, and one column over on none. */
static void test_offset_negative(void)
{
    uint8_t hit = SENTINEL_U8, found = SENTINEL_U8;
    pp_point p = SENTINEL_POINT;
    uint64_t area = SENTINEL_U64;
    CHECK_OK(pp_mask_collides(diag, block, -2, -2, &hit));
    CHECK(hit == 1);
    CHECK_OK(pp_mask_first_contact(diag, block, -2, -2, &found, &p));
    CHECK(found == 1 && p.x == 0 && p.y == 0);
    CHECK_OK(pp_mask_overlap_area(diag, block, -2, -2, &area));
    CHECK(area == 1);
    CHECK_OK(pp_mask_overlap_area(diag, diag, 0, 0, &area));
    CHECK(area == 8);
    CHECK_OK(pp_mask_overlap_area(diag, diag, 1, 0, &area));
    CHECK(area == 0);
}

/* Overlapping rectangles without shared pixels: no contact, an empty overlap mask. */
static void test_offset_pixels_miss(void)
{
    uint8_t hit = SENTINEL_U8, found = SENTINEL_U8;
    pp_point p = SENTINEL_POINT;
    uint64_t count = SENTINEL_U64;
    pp_mask *om = SENTINEL_MASK;
    pp_bounds ob = SENTINEL_BOUNDS;
    CHECK_OK(pp_mask_collides(diag, dot, 1, 0, &hit));
    CHECK(hit == 0);
    CHECK_OK(pp_mask_first_contact(diag, dot, 1, 0, &found, &p));
    CHECK(found == 0 && p.x == 0 && p.y == 0);
    CHECK_OK(pp_mask_overlap_mask(diag, dot, 1, 0, &om, &ob));
    CHECK(bounds_eq(ob, 1, 0, 1, 1));
    CHECK_OK(pp_mask_count(om, &count));
    CHECK(count == 0);
    pp_mask_free(om);
}

/* Touching edges and far-apart offsets: bounds that do not overlap give no overlap (a
 * NULL mask and {0, 0, 0, 0}), PP_OK. */
static void test_offset_apart(void)
{
    uint8_t hit = SENTINEL_U8;
    pp_mask *om = SENTINEL_MASK;
    pp_bounds ob = SENTINEL_BOUNDS;
    CHECK_OK(pp_mask_collides(diag, block, 8, 0, &hit));
    CHECK(hit == 0);
    CHECK_OK(pp_mask_overlap_mask(diag, block, 8, 0, &om, &ob));
    CHECK(bounds_eq(ob, 0, 0, 0, 0));
    CHECK(om == NULL);
    hit = SENTINEL_U8;
    CHECK_OK(pp_mask_collides(diag, block, INT32_MIN, INT32_MAX, &hit));
    CHECK(hit == 0);
}

/* NULL masks and outputs: nothing written. */
static void test_offset_null_pointers(void)
{
    uint8_t hit = SENTINEL_U8, found = SENTINEL_U8;
    pp_point p = SENTINEL_POINT;
    uint64_t area = SENTINEL_U64;
    pp_mask *om = SENTINEL_MASK;
    pp_bounds ob = SENTINEL_BOUNDS;
    CHECK_ERR(pp_mask_collides(NULL, block, 0, 0, &hit), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_mask_collides(diag, NULL, 0, 0, &hit), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_mask_collides(diag, block, 0, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(hit == SENTINEL_U8);
    CHECK_ERR(pp_mask_first_contact(NULL, block, 0, 0, &found, &p), PP_ERR_NULL_POINTER,
              "`a`");
    CHECK_ERR(pp_mask_first_contact(diag, NULL, 0, 0, &found, &p), PP_ERR_NULL_POINTER,
              "`b`");
    CHECK_ERR(pp_mask_first_contact(diag, block, 0, 0, NULL, &p), PP_ERR_NULL_POINTER,
              "`found`");
    CHECK_ERR(pp_mask_first_contact(diag, block, 0, 0, &found, NULL), PP_ERR_NULL_POINTER,
              "`out`");
    CHECK(found == SENTINEL_U8 && p.x == SENTINEL_POINT.x && p.y == SENTINEL_POINT.y);
    CHECK_ERR(pp_mask_overlap_area(NULL, block, 0, 0, &area), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_mask_overlap_area(diag, NULL, 0, 0, &area), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_mask_overlap_area(diag, block, 0, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(area == SENTINEL_U64);
    CHECK_ERR(pp_mask_overlap_mask(NULL, block, 0, 0, &om, &ob), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_mask_overlap_mask(diag, NULL, 0, 0, &om, &ob), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_mask_overlap_mask(diag, block, 0, 0, NULL, &ob), PP_ERR_NULL_POINTER,
              "`out_mask`");
    CHECK_ERR(pp_mask_overlap_mask(diag, block, 0, 0, &om, NULL), PP_ERR_NULL_POINTER,
              "`out_bounds`");
    CHECK(om == SENTINEL_MASK && is_sentinel_bounds(ob));
}

int main(int argc, char **argv)
{
    g_verbose = 1; /* print every check, not only failures */
    if (argc != 2) {
        fprintf(stderr, "usage: %s <scratch-dir>\n", argv[0]);
        return 2;
    }
    make_masks();
    test_sprite_layout();
    test_sprites_overlap();
    test_sprites_bounds_only();
    test_sprites_touching();
    test_sprites_pixels_miss();
    test_sprites_null_pointers();
    test_sprites_near_int32_max();
    test_offset_overlap();
    test_offset_negative();
    test_offset_pixels_miss();
    test_offset_apart();
    test_offset_null_pointers();
    free_masks();
    return finish();
}
