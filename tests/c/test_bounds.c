/*
 * C test of the rectangle functions of the C ABI (pp_bounds_*): overlap and containment,
 * emptiness, 64-bit edges, intersection, local and global coordinates, areas, at the
 * edges of the int32 range too.
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include and run
 * against the cdylib (also under ASan+UBSan and valgrind when asked).
 *
 * usage: test_bounds <scratch-dir>
 * Prints each check, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"

/* The rectangles the scenarios share. */
static const pp_bounds a = {0, 0, 10, 10};
static const pp_bounds right_touch = {10, 0, 5, 10};
static const pp_bounds below_touch = {0, 10, 10, 5};
static const pp_bounds corner = {9, 9, 5, 5};
static const pp_bounds empty_w = {2, 2, 0, 5};
static const pp_bounds negative_h = {2, 2, 5, -3};
static const pp_bounds max = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
static const pp_bounds min = {INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX};
static const pp_bounds right = {-5, -5, INT32_MAX, INT32_MAX};
static const pp_bounds h = {-2, 3, 4, 5};
static const pp_bounds outer = {-10, -10, 100, 100};
static const pp_bounds inner = {5, 6, 7, 8};

/* The layouts the C# binding mirrors (pp_point is the geometry's other value type). */
static void test_layout(void)
{
    CHECK(sizeof(pp_bounds) == 16);
    CHECK(sizeof(pp_point) == 16);
}

/* Touching edges and empty rectangles do not overlap. */
static void test_overlaps(void)
{
    CHECK(pp_bounds_overlaps(a, corner) == 1);
    CHECK(pp_bounds_overlaps(corner, a) == 1);
    CHECK(pp_bounds_overlaps(a, right_touch) == 0);
    CHECK(pp_bounds_overlaps(a, below_touch) == 0);
    CHECK(pp_bounds_overlaps(a, empty_w) == 0);
    CHECK(pp_bounds_overlaps(empty_w, empty_w) == 0);
    CHECK(pp_bounds_overlaps(a, negative_h) == 0);
    CHECK(pp_bounds_overlaps(max, max) == 1);
    CHECK(pp_bounds_overlaps(min, max) == 0);
}

/* Half-open: the top-left pixel is inside, the right and bottom edges are not. */
static void test_contains(void)
{
    CHECK(pp_bounds_contains(h, -2, 3) == 1);
    CHECK(pp_bounds_contains(h, 1, 7) == 1);
    CHECK(pp_bounds_contains(h, 2, 7) == 0);
    CHECK(pp_bounds_contains(h, 1, 8) == 0);
    CHECK(pp_bounds_contains(h, -3, 3) == 0);
    CHECK(pp_bounds_contains(empty_w, 2, 2) == 0);
    CHECK(pp_bounds_contains(max, INT32_MAX, INT32_MAX) == 1);
    CHECK(pp_bounds_contains(min, INT32_MIN, INT32_MIN) == 1);
    CHECK(pp_bounds_contains(min, -1, -1) == 0);
}

static void test_is_empty(void)
{
    CHECK(pp_bounds_is_empty(empty_w) == 1);
    CHECK(pp_bounds_is_empty(negative_h) == 1);
    CHECK(pp_bounds_is_empty(a) == 0);
}

/* Edges in 64 bits: x + width past INT32_MAX is exact. */
static void test_edges(void)
{
    CHECK(pp_bounds_x_min(h) == -2);
    CHECK(pp_bounds_x_max(h) == 2);
    CHECK(pp_bounds_y_min(h) == 3);
    CHECK(pp_bounds_y_max(h) == 8);
    CHECK(pp_bounds_x_max(max) == 2 * (int64_t)INT32_MAX);
    CHECK(pp_bounds_y_max(max) == 2 * (int64_t)INT32_MAX);
    CHECK(pp_bounds_x_min(min) == (int64_t)INT32_MIN);
    CHECK(pp_bounds_y_min(min) == (int64_t)INT32_MIN);
    CHECK(pp_bounds_x_max(min) == -1);
}

static void test_intersection(void)
{
    pp_bounds out = SENTINEL_BOUNDS;
    uint8_t has = SENTINEL_U8;
    CHECK_OK(pp_bounds_intersection(a, corner, &has, &out));
    CHECK(has == 1 && bounds_eq(out, 9, 9, 1, 1));
    CHECK_OK(pp_bounds_intersection(min, right, &has, &out));
    CHECK(has == 1 && bounds_eq(out, -5, -5, 4, 4));
    CHECK_OK(pp_bounds_intersection(max, max, &has, &out));
    CHECK(has == 1 && bounds_eq(out, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX));
}

/* No overlap is not an error: has 0 and {0, 0, 0, 0}. */
static void test_intersection_absent(void)
{
    pp_bounds out = SENTINEL_BOUNDS;
    uint8_t has = SENTINEL_U8;
    CHECK_OK(pp_bounds_intersection(a, right_touch, &has, &out));
    CHECK(has == 0 && bounds_eq(out, 0, 0, 0, 0));
    has = SENTINEL_U8;
    out = SENTINEL_BOUNDS;
    CHECK_OK(pp_bounds_intersection(a, empty_w, &has, &out));
    CHECK(has == 0 && bounds_eq(out, 0, 0, 0, 0));
}

static void test_intersection_errors(void)
{
    pp_bounds out = SENTINEL_BOUNDS;
    uint8_t has = SENTINEL_U8;
    CHECK_ERR(pp_bounds_intersection(a, corner, NULL, &out), PP_ERR_NULL_POINTER,
              "`has_overlap`");
    CHECK_ERR(pp_bounds_intersection(a, corner, &has, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(has == SENTINEL_U8 && is_sentinel_bounds(out));
}

/* A result past int32 is an error (PP_ERR_OVERFLOW), nothing written. */
static void test_to_local(void)
{
    pp_bounds out = SENTINEL_BOUNDS;
    CHECK_OK(pp_bounds_to_local(outer, inner, &out));
    CHECK(bounds_eq(out, 15, 16, 7, 8));
    CHECK_OK(pp_bounds_to_local(max, max, &out));
    CHECK(bounds_eq(out, 0, 0, INT32_MAX, INT32_MAX));
    out = SENTINEL_BOUNDS;
    CHECK_ERR(pp_bounds_to_local(min, max, &out), PP_ERR_OVERFLOW, "overflow");
    CHECK(is_sentinel_bounds(out));
    CHECK_ERR(pp_bounds_to_local(outer, inner, NULL), PP_ERR_NULL_POINTER, "`out`");
}

/* to_global undoes to_local. */
static void test_to_global(void)
{
    const pp_bounds local = {15, 16, 7, 8};
    pp_bounds out = SENTINEL_BOUNDS;
    CHECK_OK(pp_bounds_to_global(outer, local, &out));
    CHECK(bounds_eq(out, 5, 6, 7, 8));
    out = SENTINEL_BOUNDS;
    CHECK_ERR(pp_bounds_to_global(max, local, &out), PP_ERR_OVERFLOW, "overflow");
    CHECK(is_sentinel_bounds(out));
    CHECK_ERR(pp_bounds_to_global(outer, local, NULL), PP_ERR_NULL_POINTER, "`out`");
}

/* Areas in 64 bits; empty rectangles hold nothing. */
static void test_area(void)
{
    const pp_bounds negative = {0, 0, -3, 5};
    CHECK(pp_bounds_area(inner) == 56);
    CHECK(pp_bounds_area(max) == (uint64_t)INT32_MAX * (uint64_t)INT32_MAX);
    CHECK(pp_bounds_area(negative) == 0);
}

int main(int argc, char **argv)
{
    g_verbose = 1; /* print every check, not only failures */
    if (argc != 2) {
        fprintf(stderr, "usage: %s <scratch-dir>\n", argv[0]);
        return 2;
    }
    test_layout();
    test_overlaps();
    test_contains();
    test_is_empty();
    test_edges();
    test_intersection();
    test_intersection_absent();
    test_intersection_errors();
    test_to_local();
    test_to_global();
    test_area();
    return finish();
}
