/*
 * Hostile input, on purpose: the exported functions (baked files: test_bake.c) fed NULLs,
 * zero and negative sizes, sizes whose products overflow 32 and 64 bits, strides shorter
 * than a row, buffers one byte short, regions outside the image, truncated and corrupt
 * PNG/GIF/JPEG bytes, images whose header claims 200 megapixels and more, and bad paths.
 * Each call must return its documented status with a message and write nothing;
 * tests/c_abi.rs runs this program plain, under valgrind (zero errors, zero leaks) and
 * built with -fsanitize=address,undefined (zero reports), so "leaks nothing" and "never
 * touches memory it must not" are checked by the tools.
 *
 * Not testable through a raw pointer, and therefore documented instead (perpixel.h):
 * use after free, double free, and pointers that lie about their buffer's length.
 *
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include.
 * Define PERPIXEL_TEST_NO_IMAGE for a library built without the `image` feature.
 * usage: test_hostile <scratch-dir>
 */
#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hostile_samples.h"

/* How many hostile calls each part made, for the closing list. */
static unsigned long g_calls;

/* A pixel buffer of `len` bytes, every byte 0xFF (every pixel solid). */
static uint8_t *solid_buffer(size_t len)
{
    uint8_t *p = (uint8_t *)malloc(len == 0 ? 1 : len);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(3);
    }
    memset(p, 0xFF, len == 0 ? 1 : len);
    return p;
}

/* A full 2x2 mask for the NULL scenarios to pass beside their NULLs. */
static pp_mask *full_2x2(void)
{
    pp_mask *mask = NULL;
    CHECK_OK(pp_mask_new(2, 2, 1, &mask));
    return mask;
}

/* ---- NULL in every pointer argument of every function ------------------------------- */

static void test_nulls_in_constructors(void)
{
    uint8_t px[16];
    pp_mask *m = SENTINEL_MASK;
    memset(px, 0xFF, sizeof px);
    CHECK_ERR(pp_mask_new(2, 2, 1, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_mask_from_pixels(NULL, 16, PP_FORMAT_RGBA8, 2, 2, 8, NULL, &m),
              PP_ERR_NULL_POINTER, "`data`");
    CHECK_ERR(pp_mask_from_pixels(px, 16, PP_FORMAT_RGBA8, 2, 2, 8, NULL, NULL),
              PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_mask_from_pixels(NULL, 0, PP_FORMAT_RGBA8, 2, 2, 8, NULL, NULL),
              PP_ERR_NULL_POINTER, "`out`");
    g_calls += 4;
#ifndef PERPIXEL_TEST_NO_IMAGE
    CHECK_ERR(pp_mask_from_image_bytes(NULL, 10, NULL, &m), PP_ERR_NULL_POINTER, "`data`");
    CHECK_ERR(pp_mask_from_image_bytes(NULL, 0, NULL, &m), PP_ERR_NULL_POINTER, "`data`");
    CHECK_ERR(pp_mask_from_image_bytes(SAMPLE_PNG, sizeof SAMPLE_PNG, NULL, NULL),
              PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_mask_from_image_path(NULL, NULL, &m), PP_ERR_NULL_POINTER, "`utf8_path`");
    CHECK_ERR(pp_mask_from_image_path("x.png", NULL, NULL), PP_ERR_NULL_POINTER, "`out`");
    g_calls += 5;
#endif
    CHECK(m == SENTINEL_MASK);
}

static void test_nulls_in_accessors(void)
{
    pp_mask *mask = full_2x2();
    int32_t w = SENTINEL_I32, h = SENTINEL_I32;
    uint8_t u8 = SENTINEL_U8;
    uint64_t u64 = SENTINEL_U64;
    pp_bounds b = SENTINEL_BOUNDS;
    CHECK_ERR(pp_mask_size(NULL, &w, &h), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_size(mask, NULL, &h), PP_ERR_NULL_POINTER, "`width`");
    CHECK_ERR(pp_mask_size(mask, &w, NULL), PP_ERR_NULL_POINTER, "`height`");
    CHECK_ERR(pp_mask_size(NULL, NULL, NULL), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_is_solid(NULL, 0, 0, &u8), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_is_solid(mask, 0, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_mask_count(NULL, &u64), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_count(mask, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_mask_solid_bounds(NULL, &u8, &b), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_solid_bounds(mask, NULL, &b), PP_ERR_NULL_POINTER, "`has_solid`");
    CHECK_ERR(pp_mask_solid_bounds(mask, &u8, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(w == SENTINEL_I32 && h == SENTINEL_I32 && u8 == SENTINEL_U8 && u64 == SENTINEL_U64);
    CHECK(is_sentinel_bounds(b));
    g_calls += 11;
    pp_mask_free(mask);
}

static void test_nulls_in_bounds(void)
{
    const pp_bounds r = {0, 0, 2, 2};
    uint8_t u8 = SENTINEL_U8;
    pp_bounds b = SENTINEL_BOUNDS;
    CHECK_ERR(pp_bounds_intersection(r, r, NULL, &b), PP_ERR_NULL_POINTER, "`has_overlap`");
    CHECK_ERR(pp_bounds_intersection(r, r, &u8, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_bounds_to_local(r, r, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(u8 == SENTINEL_U8 && is_sentinel_bounds(b));
    g_calls += 3;
}

/* Sprite queries: NULL sprites, sprites with a NULL mask, NULL outputs. */
static void test_nulls_in_sprite_queries(void)
{
    pp_mask *mask = full_2x2();
    pp_sprite s = sprite_at(mask, 0, 0, 1), nomask = sprite_at(NULL, 0, 0, 1);
    pp_mask *m = SENTINEL_MASK;
    uint8_t u8 = SENTINEL_U8, found = SENTINEL_U8;
    uint64_t u64 = SENTINEL_U64;
    pp_bounds b = SENTINEL_BOUNDS;
    pp_point p = SENTINEL_POINT;
    CHECK_ERR(pp_collides(NULL, &s, &u8), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_collides(&s, NULL, &u8), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_collides(&nomask, &s, &u8), PP_ERR_NULL_POINTER, "`a->mask`");
    CHECK_ERR(pp_collides(&s, &nomask, &u8), PP_ERR_NULL_POINTER, "`b->mask`");
    CHECK_ERR(pp_collides(&s, &s, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_collides(NULL, NULL, NULL), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_first_contact(NULL, &s, &found, &p), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_first_contact(&s, NULL, &found, &p), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_first_contact(&s, &nomask, &found, &p), PP_ERR_NULL_POINTER, "`b->mask`");
    CHECK_ERR(pp_first_contact(&s, &s, NULL, &p), PP_ERR_NULL_POINTER, "`found`");
    CHECK_ERR(pp_first_contact(&s, &s, &found, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_overlap_area(NULL, &s, &u64), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_overlap_area(&nomask, &s, &u64), PP_ERR_NULL_POINTER, "`a->mask`");
    CHECK_ERR(pp_overlap_area(&s, &s, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_overlap_mask(NULL, &s, &m, &b), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_overlap_mask(&s, &nomask, &m, &b), PP_ERR_NULL_POINTER, "`b->mask`");
    CHECK_ERR(pp_overlap_mask(&s, &s, NULL, &b), PP_ERR_NULL_POINTER, "`out_mask`");
    CHECK_ERR(pp_overlap_mask(&s, &s, &m, NULL), PP_ERR_NULL_POINTER, "`out_bounds`");
    CHECK(u8 == SENTINEL_U8 && found == SENTINEL_U8 && u64 == SENTINEL_U64);
    CHECK(is_sentinel_point(p) && is_sentinel_bounds(b) && m == SENTINEL_MASK);
    g_calls += 18;
    pp_mask_free(mask);
}

/* pygame-style queries. */
static void test_nulls_in_offset_queries(void)
{
    pp_mask *mask = full_2x2();
    pp_mask *m = SENTINEL_MASK;
    uint8_t u8 = SENTINEL_U8, found = SENTINEL_U8;
    uint64_t u64 = SENTINEL_U64;
    pp_bounds b = SENTINEL_BOUNDS;
    pp_point p = SENTINEL_POINT;
    CHECK_ERR(pp_mask_collides(NULL, mask, 0, 0, &u8), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_mask_collides(mask, NULL, 0, 0, &u8), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_mask_collides(mask, mask, 0, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_mask_first_contact(NULL, mask, 0, 0, &found, &p), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_mask_first_contact(mask, NULL, 0, 0, &found, &p), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_mask_first_contact(mask, mask, 0, 0, NULL, &p), PP_ERR_NULL_POINTER,
              "`found`");
    CHECK_ERR(pp_mask_first_contact(mask, mask, 0, 0, &found, NULL), PP_ERR_NULL_POINTER,
              "`out`");
    CHECK_ERR(pp_mask_overlap_area(NULL, mask, 0, 0, &u64), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_mask_overlap_area(mask, NULL, 0, 0, &u64), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_mask_overlap_area(mask, mask, 0, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_mask_overlap_mask(NULL, mask, 0, 0, &m, &b), PP_ERR_NULL_POINTER, "`a`");
    CHECK_ERR(pp_mask_overlap_mask(mask, NULL, 0, 0, &m, &b), PP_ERR_NULL_POINTER, "`b`");
    CHECK_ERR(pp_mask_overlap_mask(mask, mask, 0, 0, NULL, &b), PP_ERR_NULL_POINTER,
              "`out_mask`");
    CHECK_ERR(pp_mask_overlap_mask(mask, mask, 0, 0, &m, NULL), PP_ERR_NULL_POINTER,
              "`out_bounds`");
    CHECK(u8 == SENTINEL_U8 && found == SENTINEL_U8 && u64 == SENTINEL_U64);
    CHECK(is_sentinel_point(p) && is_sentinel_bounds(b) && m == SENTINEL_MASK);
    g_calls += 14;
    pp_mask_free(mask);
}

/* The functions without a status: NULL is harmless. */
static void test_nulls_harmless(void)
{
    size_t n = 0;
    pp_mask_free(NULL);
    CHECK(pp_last_error_message_copy(NULL, 0, &n) == PP_OK &&
          n == strlen(pp_last_error_message()) + 1);
    CHECK(pp_last_error_message_copy(NULL, 4096, &n) == PP_OK &&
          n == strlen(pp_last_error_message()) + 1);
    CHECK(pp_last_error_message() != NULL);
    g_calls += 8;
}

/* ---- sizes: negative, zero, overflowing ---------------------------------------------- */

static void test_negative_sizes(void)
{
    static const int32_t negatives[] = {-1, -2, -64, -65, INT32_MIN, INT32_MIN + 1};
    uint8_t px[64];
    pp_mask *m = SENTINEL_MASK;
    size_t i, f;
    memset(px, 0xFF, sizeof px);
    for (i = 0; i < sizeof negatives / sizeof negatives[0]; i++) {
        int32_t n = negatives[i];
        CHECK_ERR(pp_mask_new(n, 1, 0, &m), PP_ERR_INVALID_ARGUMENT, "`width`");
        CHECK_ERR(pp_mask_new(1, n, 0, &m), PP_ERR_INVALID_ARGUMENT, "`height`");
        CHECK_ERR(pp_mask_new(n, n, 1, &m), PP_ERR_INVALID_ARGUMENT, "must not be negative");
        for (f = 0; f < N_FORMATS; f++) {
            CHECK_ERR(pp_mask_from_pixels(px, sizeof px, FORMATS[f], n, 1, 4, NULL, &m),
                      PP_ERR_INVALID_ARGUMENT, "`width`");
            CHECK_ERR(pp_mask_from_pixels(px, sizeof px, FORMATS[f], 1, n, 4, NULL, &m),
                      PP_ERR_INVALID_ARGUMENT, "`height`");
            CHECK_ERR(pp_mask_from_pixels(px, sizeof px, FORMATS[f], 1, 1, n, NULL, &m),
                      PP_ERR_INVALID_ARGUMENT, "`stride_bytes`");
            CHECK_ERR(pp_mask_from_pixels(NULL, 0, FORMATS[f], n, n, n, NULL, &m),
                      PP_ERR_INVALID_ARGUMENT, "must not be negative");
            g_calls += 4;
        }
        g_calls += 3;
    }
    CHECK(m == SENTINEL_MASK);
}

static void test_unknown_formats(void)
{
    static const uint32_t bad[] = {6, 7, 100, 0x80000000u, 0xFFFFFFFFu};
    uint8_t px[64];
    pp_mask *m = SENTINEL_MASK;
    size_t i;
    memset(px, 0xFF, sizeof px);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_ERR(pp_mask_from_pixels(px, sizeof px, bad[i], 1, 1, 4, NULL, &m),
                  PP_ERR_INVALID_ARGUMENT, "unknown pixel format");
        g_calls++;
    }
    CHECK(m == SENTINEL_MASK);
}

/* Zero sizes are valid: empty masks (data may be NULL then). */
static void test_zero_sizes(void)
{
    static const int32_t zeros[][2] = {{0, 0}, {0, 7}, {7, 0}, {0, 1 << 16}, {1 << 16, 0}};
    size_t i, f;
    for (i = 0; i < sizeof zeros / sizeof zeros[0]; i++) {
        int32_t w = -1, h = -1;
        uint64_t count = SENTINEL_U64;
        pp_mask *z = NULL;
        if (CHECK_OK(pp_mask_new(zeros[i][0], zeros[i][1], 1, &z))) {
            CHECK_OK(pp_mask_size(z, &w, &h));
            CHECK(w == zeros[i][0] && h == zeros[i][1]);
            CHECK_OK(pp_mask_count(z, &count));
            CHECK(count == 0);
            pp_mask_free(z);
        }
        z = NULL;
        for (f = 0; f < N_FORMATS; f++) {
            if (CHECK_OK(pp_mask_from_pixels(NULL, 0, FORMATS[f], zeros[i][0], zeros[i][1], 0,
                                             NULL, &z))) {
                CHECK_OK(pp_mask_count(z, &count));
                CHECK(count == 0);
                pp_mask_free(z);
            }
            z = NULL;
            g_calls++;
        }
        g_calls++;
    }
}

/* Regression: a 0-wide image skips the stride and buffer checks (no pixel is read), and
 * building it used to walk its rows from NULL + j * stride, which panicked
 * (PP_ERR_PANIC); billions of rows also took seconds. */
static void test_zero_width_any_stride(void)
{
    static const int32_t strides[] = {0, 1, 100, INT32_MAX};
    static const int32_t heights[] = {1, 5, 1 << 20, INT32_MAX};
    size_t f, s, h;
    for (f = 0; f < N_FORMATS; f++) {
        for (s = 0; s < 4; s++) {
            for (h = 0; h < 4; h++) {
                pp_mask *z = NULL;
                int32_t zw = -1, zh = -1;
                if (CHECK_OK(pp_mask_from_pixels(NULL, 0, FORMATS[f], 0, heights[h], strides[s],
                                                 NULL, &z))) {
                    CHECK_OK(pp_mask_size(z, &zw, &zh));
                    CHECK(zw == 0 && zh == heights[h]);
                    pp_mask_free(z);
                }
                g_calls++;
            }
        }
    }
    {
        pp_mask *z = NULL;
        uint64_t count = SENTINEL_U64;
        if (CHECK_OK(pp_mask_new(0, INT32_MAX, 1, &z))) {
            CHECK_OK(pp_mask_count(z, &count));
            CHECK(count == 0);
            pp_mask_free(z);
        }
        g_calls++;
    }
}

/* Products overflowing 32 bits: too large for a mask, before any allocation. */
static void test_sizes_overflowing_32_bits(void)
{
    /* (width, height) pairs whose pixel count overflows 32 bits, or whose byte count
     * (x4) does; all far beyond the mask limit. */
    static const int32_t overflow32[][2] = {{65536, 65536}, {INT32_MAX, 2}, {2, INT32_MAX},
                                            {INT32_MAX, INT32_MAX}, {46341, 46341},
                                            {1 << 30, 4}, {32768, 32768}};
    uint8_t px[64];
    pp_mask *m = SENTINEL_MASK;
    size_t i, f;
    memset(px, 0xFF, sizeof px);
    for (i = 0; i < sizeof overflow32 / sizeof overflow32[0]; i++) {
        int32_t w = overflow32[i][0], h = overflow32[i][1];
        char needle[64];
        snprintf(needle, sizeof needle, "%dx%d", (int)w, (int)h);
        CHECK_ERR(pp_mask_new(w, h, 0, &m), PP_ERR_TOO_LARGE, needle);
        CHECK_ERR(pp_mask_new(w, h, 1, &m), PP_ERR_TOO_LARGE, "too large");
        for (f = 0; f < N_FORMATS; f++) {
            /* A stride big enough for the row: the buffer (64 bytes) is the first thing
             * found wrong, and the byte count stride*(h-1)+w*bpp is computed in 64 bits. */
            int64_t row = (int64_t)w * bytes_per_pixel(FORMATS[f]);
            int32_t stride = row > INT32_MAX ? INT32_MAX : (int32_t)row;
            pp_status want = row > INT32_MAX ? PP_ERR_STRIDE_TOO_SMALL : PP_ERR_BUFFER_TOO_SMALL;
            CHECK_ERR(pp_mask_from_pixels(px, sizeof px, FORMATS[f], w, h, stride, NULL, &m),
                      want, want == PP_ERR_STRIDE_TOO_SMALL ? "stride" : "needs");
            g_calls++;
        }
        g_calls += 2;
    }
    CHECK(m == SENTINEL_MASK);
}

/* 64 bits: int32 sides cannot make stride*(height-1)+width*4 overflow 64 bits (it stays
 * below 2^63), so a 64-bit overflow reaches the library only as a length: lengths past
 * PTRDIFF_MAX are refused before the pointer is touched. */
static void test_lengths_past_ptrdiff_max(void)
{
    uint8_t px[64];
    pp_mask *m = SENTINEL_MASK;
    memset(px, 0xFF, sizeof px);
    CHECK_ERR(pp_mask_from_pixels(px, SIZE_MAX, PP_FORMAT_A8, 1, 1, 1, NULL, &m),
              PP_ERR_INVALID_ARGUMENT, "larger than any buffer");
    CHECK_ERR(pp_mask_from_pixels(px, SIZE_MAX / 2 + 1, PP_FORMAT_RGBA8, 1, 1, 4, NULL, &m),
              PP_ERR_INVALID_ARGUMENT, "larger than any buffer");
    CHECK_ERR(pp_mask_from_pixels(px, sizeof px, PP_FORMAT_RGBA8, INT32_MAX, INT32_MAX,
                                  INT32_MAX, NULL, &m),
              PP_ERR_STRIDE_TOO_SMALL, "stride");
    CHECK_ERR(pp_mask_from_pixels(px, sizeof px, PP_FORMAT_A8, INT32_MAX, INT32_MAX, INT32_MAX,
                                  NULL, &m),
              PP_ERR_BUFFER_TOO_SMALL, "4611686014132420609");
    g_calls += 4;
#ifndef PERPIXEL_TEST_NO_IMAGE
    CHECK_ERR(pp_mask_from_image_bytes(SAMPLE_PNG, SIZE_MAX, NULL, &m), PP_ERR_INVALID_ARGUMENT,
              "larger than any buffer");
    CHECK_ERR(pp_mask_from_image_bytes(SAMPLE_PNG, SIZE_MAX / 2 + 1, NULL, &m),
              PP_ERR_INVALID_ARGUMENT, "larger than any buffer");
    g_calls += 2;
#endif
    CHECK(m == SENTINEL_MASK);
}

/* ---- strides shorter than a row, buffers one byte short ------------------------------ */

/* Image sizes around the 64-bit word edges. */
static const int32_t EDGE_SIZES[][2] = {{1, 1}, {3, 2}, {63, 2}, {64, 3}, {65, 3}, {130, 5}};
#define N_EDGE_SIZES (sizeof EDGE_SIZES / sizeof EDGE_SIZES[0])

/* Strides 0, 1, and one byte short of a row. */
static void test_strides_shorter_than_a_row(void)
{
    size_t f, i;
    pp_mask *m = SENTINEL_MASK;
    int short_strides = 0;
    for (f = 0; f < N_FORMATS; f++) {
        for (i = 0; i < N_EDGE_SIZES; i++) {
            int32_t w = EDGE_SIZES[i][0], h = EDGE_SIZES[i][1];
            int32_t row = w * bytes_per_pixel(FORMATS[f]);
            const int32_t strides[3] = {0, 1, row - 1};
            uint8_t *buf = solid_buffer((size_t)row * (size_t)h);
            int k;
            for (k = 0; k < 3; k++) {
                if (strides[k] >= row) {
                    continue; /* 1 is a whole row of a 1x1 A8 image */
                }
                CHECK_ERR(pp_mask_from_pixels(buf, (size_t)row * (size_t)h, FORMATS[f], w, h,
                                              strides[k], NULL, &m),
                          PP_ERR_STRIDE_TOO_SMALL, "stride too small");
                short_strides++;
            }
            free(buf);
        }
    }
    CHECK(m == SENTINEL_MASK);
    printf("strides shorter than a row: %d calls\n", short_strides);
    g_calls += (unsigned long)short_strides;
}

/* Exact lengths pass; one byte short fails. Each buffer is allocated at its exact length
 * so valgrind and ASan would see any read past it. */
static void test_buffers_exact_or_one_byte_short(void)
{
    size_t f, i;
    pp_mask *m = SENTINEL_MASK;
    int short_buffers = 0, exact = 0;
    for (f = 0; f < N_FORMATS; f++) {
        for (i = 0; i < N_EDGE_SIZES; i++) {
            int32_t w = EDGE_SIZES[i][0], h = EDGE_SIZES[i][1];
            int32_t row = w * bytes_per_pixel(FORMATS[f]);
            int32_t pad;
            for (pad = 0; pad <= 9; pad += 9) {
                int32_t stride = row + pad;
                size_t len = (size_t)stride * (size_t)(h - 1) + (size_t)row;
                uint8_t *buf = solid_buffer(len);
                uint8_t *shorter = solid_buffer(len - 1);
                pp_mask *ok = NULL;
                uint64_t count = 0;
                if (CHECK_OK(pp_mask_from_pixels(buf, len, FORMATS[f], w, h, stride, NULL, &ok))) {
                    CHECK_OK(pp_mask_count(ok, &count));
                    CHECK(count == (uint64_t)w * (uint64_t)h);
                    pp_mask_free(ok);
                    exact++;
                }
                CHECK_ERR(pp_mask_from_pixels(shorter, len - 1, FORMATS[f], w, h, stride, NULL,
                                              &m),
                          PP_ERR_BUFFER_TOO_SMALL, "pixel buffer too small");
                CHECK_ERR(pp_mask_from_pixels(shorter, 0, FORMATS[f], w, h, stride, NULL, &m),
                          PP_ERR_BUFFER_TOO_SMALL, "but 0 were given");
                short_buffers += 2;
                free(buf);
                free(shorter);
            }
        }
    }
    CHECK(m == SENTINEL_MASK);
    printf("buffers one byte short or empty: %d calls; exact buffers accepted: %d\n",
           short_buffers, exact);
    g_calls += (unsigned long)short_buffers;
}

/* ---- regions outside the image ------------------------------------------------------- */

/* The 9x5 image of the region scenarios, solid, in each format. */
enum { RW = 9, RH = 5 };

static void test_regions_outside(void)
{
    static const pp_bounds outside[] = {
        {-1, 0, 1, 1},          {0, -1, 1, 1},          {RW, 0, 1, 1},
        {0, RH, 1, 1},          {RW - 2, 0, 3, 1},      {0, RH - 1, 1, 2},
        {0, 0, RW + 1, RH},     {0, 0, RW, RH + 1},     {0, 0, -1, 1},
        {0, 0, 1, -1},          {INT32_MAX, 0, 1, 1},   {0, INT32_MAX, 1, 1},
        {INT32_MIN, 0, 1, 1},   {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX},
        {1, 1, INT32_MAX, 1},   {1, 1, 1, INT32_MAX},   {INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX},
        {-5, -5, 3, 3},         {RW + 1, 0, 0, 0},      {0, RH + 1, 0, 0},
    };
    size_t i, f;
    pp_mask *m = SENTINEL_MASK;
    for (f = 0; f < N_FORMATS; f++) {
        int32_t stride = RW * bytes_per_pixel(FORMATS[f]);
        size_t len = (size_t)stride * RH;
        uint8_t *buf = solid_buffer(len);
        pp_mask_options o = pp_mask_options_default();
        o.has_region = 1;
        for (i = 0; i < sizeof outside / sizeof outside[0]; i++) {
            o.region = outside[i];
            CHECK_ERR(pp_mask_from_pixels(buf, len, FORMATS[f], RW, RH, stride, &o, &m),
                      PP_ERR_REGION_OUT_OF_BOUNDS, "is not inside the 9x5 image");
            g_calls++;
        }
        free(buf);
    }
    CHECK(m == SENTINEL_MASK);
}

/* Regions touching the edges from inside are fine, including empty ones. */
static void test_regions_inside(void)
{
    static const pp_bounds inside[] = {{0, 0, RW, RH}, {RW - 1, RH - 1, 1, 1}, {RW, RH, 0, 0},
                                       {0, 0, 0, 0}, {3, 1, 0, 4}};
    size_t i, f;
    for (f = 0; f < N_FORMATS; f++) {
        int32_t stride = RW * bytes_per_pixel(FORMATS[f]);
        size_t len = (size_t)stride * RH;
        uint8_t *buf = solid_buffer(len);
        pp_mask_options o = pp_mask_options_default();
        o.has_region = 1;
        for (i = 0; i < sizeof inside / sizeof inside[0]; i++) {
            pp_mask *ok = NULL;
            uint64_t count = SENTINEL_U64;
            o.region = inside[i];
            if (CHECK_OK(pp_mask_from_pixels(buf, len, FORMATS[f], RW, RH, stride, &o, &ok))) {
                CHECK_OK(pp_mask_count(ok, &count));
                CHECK(count == (uint64_t)inside[i].width * (uint64_t)inside[i].height);
                pp_mask_free(ok);
            }
        }
        free(buf);
    }
}

/* A region inside the image does not excuse a buffer too short for the image. */
static void test_region_inside_short_buffer(void)
{
    size_t f;
    pp_mask *m = SENTINEL_MASK;
    for (f = 0; f < N_FORMATS; f++) {
        int32_t stride = RW * bytes_per_pixel(FORMATS[f]);
        size_t len = (size_t)stride * RH;
        uint8_t *buf = solid_buffer(len);
        pp_mask_options o = pp_mask_options_default();
        o.has_region = 1;
        o.region.x = 0;
        o.region.y = 0;
        o.region.width = 1;
        o.region.height = 1;
        CHECK_ERR(pp_mask_from_pixels(buf, len - 1, FORMATS[f], RW, RH, stride, &o, &m),
                  PP_ERR_BUFFER_TOO_SMALL, "pixel buffer too small");
        g_calls++;
        free(buf);
    }
    CHECK(m == SENTINEL_MASK);
}

/* ---- queries and bounds at the edges of the int32 range ------------------------------ */

static const int32_t EXTREMES[] = {INT32_MIN, INT32_MIN + 1, -65, -1, 0, 1, 63, INT32_MAX - 1,
                                   INT32_MAX};
#define N_EXTREMES (sizeof EXTREMES / sizeof EXTREMES[0])

/* Every query on two full masks a (70x3) and b (2x65), b at offset (EXTREMES[i],
 * EXTREMES[j]) from a; then the same pair as sprites placed at the extremes. */
static void check_extreme_pair(const pp_mask *a, const pp_mask *b, size_t i, size_t j)
{
    int32_t dx = EXTREMES[i], dy = EXTREMES[j];
    /* Full masks: they collide exactly when the rectangles overlap. */
    int64_t x0 = dx > 0 ? dx : 0, x1 = (int64_t)dx + 2 < 70 ? (int64_t)dx + 2 : 70;
    int64_t y0 = dy > 0 ? dy : 0, y1 = (int64_t)dy + 65 < 3 ? (int64_t)dy + 65 : 3;
    uint64_t want = x1 > x0 && y1 > y0 ? (uint64_t)((x1 - x0) * (y1 - y0)) : 0;
    uint8_t hit = SENTINEL_U8, found = SENTINEL_U8;
    uint64_t area = SENTINEL_U64;
    pp_point p = SENTINEL_POINT;
    pp_mask *om = SENTINEL_MASK;
    pp_bounds ob;
    pp_sprite sa, sb;
    int ok = 1;
    ok &= pp_mask_collides(a, b, dx, dy, &hit) == PP_OK && hit == (want > 0);
    ok &= pp_mask_overlap_area(a, b, dx, dy, &area) == PP_OK && area == want;
    ok &= pp_mask_first_contact(a, b, dx, dy, &found, &p) == PP_OK && found == (want > 0);
    ok &= want == 0 || (p.x == x0 && p.y == y0);
    /* Both masks are full, so bounds overlap exactly when pixels do: a mask then, NULL
     * (no overlap) otherwise. */
    ok &= pp_mask_overlap_mask(a, b, dx, dy, &om, &ob) == PP_OK && om != SENTINEL_MASK;
    ok &= (om != NULL) == (want > 0);
    if (om != SENTINEL_MASK) pp_mask_free(om);
    /* The same pair as sprites placed at the extremes. */
    sa = sprite_at(a, dx, dy, 1);
    sb = sprite_at(b, EXTREMES[(i + 3) % N_EXTREMES], dy, 1);
    ok &= pp_collides(&sa, &sb, &hit) == PP_OK && hit <= 1;
    ok &= pp_overlap_area(&sa, &sb, &area) == PP_OK && area <= 2 * 3;
    ok &= pp_first_contact(&sa, &sb, &found, &p) == PP_OK && found == (area > 0);
    if (!ok) {
        printf("FAIL extreme offset (%d, %d)\n", (int)dx, (int)dy);
    }
    check(ok, "queries at an extreme offset answer exactly", __LINE__);
}

static void test_extreme_offsets(void)
{
    pp_mask *a = NULL, *b = NULL;
    size_t i, j;
    unsigned long answered = 0;
    CHECK_OK(pp_mask_new(70, 3, 1, &a));
    CHECK_OK(pp_mask_new(2, 65, 1, &b));
    for (i = 0; i < N_EXTREMES; i++) {
        for (j = 0; j < N_EXTREMES; j++) {
            check_extreme_pair(a, b, i, j);
            answered++;
        }
    }
    pp_mask_free(a);
    pp_mask_free(b);
    g_calls += answered * 7;
}

/* Bounds arithmetic at the extremes: 64-bit edges, overflow as a status. */
static void test_extreme_bounds(void)
{
    const pp_bounds max = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
    const pp_bounds min = {INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX};
    pp_bounds out = SENTINEL_BOUNDS;
    CHECK(pp_bounds_x_max(max) == 2 * (int64_t)INT32_MAX);
    CHECK(pp_bounds_overlaps(min, max) == 0);
    CHECK_ERR(pp_bounds_to_local(min, max, &out), PP_ERR_OVERFLOW, "does not fit");
    CHECK_ERR(pp_bounds_to_local(max, min, &out), PP_ERR_OVERFLOW, "does not fit");
    CHECK(is_sentinel_bounds(out));
    g_calls += 2;
}

/* Status texts for values that are not statuses. */
static void test_status_text_of_non_statuses(void)
{
    CHECK(strcmp(pp_status_text(14), "unknown status") == 0);
    CHECK(strcmp(pp_status_text(0xFFFFFFFFu), "unknown status") == 0);
    CHECK(strcmp(pp_status_text(0x80000000u), "unknown status") == 0);
    g_calls += 3;
}

#ifndef PERPIXEL_TEST_NO_IMAGE
/* ---- encoded images: truncated, corrupt, oversized claims, bad paths ----------------- */

struct sample {
    const char *name;
    const unsigned char *bytes;
    size_t len;
    int32_t w, h;
    uint64_t solid;
};

static const struct sample SAMPLES[3] = {
    {"PNG", SAMPLE_PNG, sizeof SAMPLE_PNG, SAMPLE_PNG_W, SAMPLE_PNG_H, SAMPLE_PNG_SOLID},
    {"GIF", SAMPLE_GIF, sizeof SAMPLE_GIF, SAMPLE_GIF_W, SAMPLE_GIF_H, SAMPLE_GIF_SOLID},
    {"JPEG", SAMPLE_JPEG, sizeof SAMPLE_JPEG, SAMPLE_JPEG_W, SAMPLE_JPEG_H, SAMPLE_JPEG_SOLID},
};

/* Outcome tally for one sample's mutations. */
struct tally {
    unsigned long ok, decode, too_large, other;
};

/* Decodes `bytes` and requires a documented outcome: PP_OK with a mask that answers its
 * accessors (freed at once), or PP_ERR_DECODE / PP_ERR_TOO_LARGE with a message and the
 * out-pointer untouched. With `want_w` > 0 a success must have that size. */
static void decode_any(const uint8_t *bytes, size_t len, int32_t want_w, int32_t want_h,
                       struct tally *t, const char *what, size_t at)
{
    pp_mask *m = SENTINEL_MASK;
    pp_status s = pp_mask_from_image_bytes(bytes, len, NULL, &m);
    const char *msg = pp_last_error_message();
    g_calls++;
    if (s == PP_OK) {
        int32_t w = -1, h = -1;
        uint64_t count = SENTINEL_U64;
        int ok = m != SENTINEL_MASK && m != NULL && pp_mask_size(m, &w, &h) == PP_OK &&
                 pp_mask_count(m, &count) == PP_OK && count <= (uint64_t)w * (uint64_t)h &&
                 (want_w <= 0 || (w == want_w && h == want_h));
        if (!ok) {
            printf("FAIL %s at %zu: PP_OK but a %dx%d mask (%llu solid)\n", what, at, (int)w,
                   (int)h, (unsigned long long)count);
            g_failed++;
        }
        pp_mask_free(m);
        t->ok++;
    } else if ((s == PP_ERR_DECODE || s == PP_ERR_TOO_LARGE) && m == SENTINEL_MASK &&
               msg != NULL && msg[0] != '\0') {
        if (s == PP_ERR_DECODE) {
            t->decode++;
        } else {
            t->too_large++;
        }
    } else {
        printf("FAIL %s at %zu: status %d (%s), message \"%s\", out %s\n", what, at, (int)s,
               pp_status_text(s), msg ? msg : "(null)",
               m == SENTINEL_MASK ? "untouched" : "WRITTEN");
        t->other++;
        g_failed++;
    }
}

/* Every prefix length and byte position inside the first HEADER_BYTES (signatures,
 * headers, tables: where sizes and lengths live), every 8th after that (entropy-coded
 * data, where one corrupt byte behaves much like its neighbours). Keeps the JPEG's run
 * short enough for valgrind in CI. */
#define HEADER_BYTES 192u
static size_t step(size_t at)
{
    return at < HEADER_BYTES ? 1 : 8;
}

/* What a tool loading untrusted images should do: lower the limit. 2^18 pixels (1 MiB of
 * RGBA) keeps every corrupt size a decoder accepts cheap, under valgrind too; the default
 * limit is exercised by the oversized claims further down. */
static void lower_limit_for_untrusted_images(void)
{
    CHECK_OK(pp_set_max_mask_pixels(1u << 18));
}

static void restore_limit(void)
{
    CHECK_OK(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
}

/* The untouched samples decode to what the generator promised. */
static void test_samples_decode(void)
{
    size_t i;
    char what[128];
    lower_limit_for_untrusted_images();
    for (i = 0; i < 3; i++) {
        const struct sample *s = &SAMPLES[i];
        pp_mask *valid = NULL;
        int32_t w = -1, h = -1;
        uint64_t count = 0;
        snprintf(what, sizeof what, "valid %s", s->name);
        if (CHECK_OK(pp_mask_from_image_bytes(s->bytes, s->len, NULL, &valid))) {
            CHECK_OK(pp_mask_size(valid, &w, &h));
            CHECK_OK(pp_mask_count(valid, &count));
            check(w == s->w && h == s->h && count == s->solid, what, __LINE__);
            pp_mask_free(valid);
        }
    }
    restore_limit();
}

/* Every truncation, each in a buffer of exactly its length (so a read past the end is a
 * tool report): a decode error, or (a decoder that tolerates a missing trailer) the
 * full-size image. The empty prefix is an unknown format; half the data never yields an
 * image. */
static void test_samples_truncated(void)
{
    size_t i, n;
    pp_mask *m = SENTINEL_MASK;
    char what[128];
    lower_limit_for_untrusted_images();
    for (i = 0; i < 3; i++) {
        const struct sample *s = &SAMPLES[i];
        struct tally trunc = {0, 0, 0, 0};
        for (n = 0; n < s->len; n += step(n)) {
            uint8_t *copy = (uint8_t *)malloc(n == 0 ? 1 : n);
            memcpy(copy, s->bytes, n);
            snprintf(what, sizeof what, "%s truncated to", s->name);
            decode_any(copy, n, s->w, s->h, &trunc, what, n);
            free(copy);
        }
        CHECK(trunc.other == 0 && trunc.too_large == 0);
        CHECK_ERR(pp_mask_from_image_bytes(s->bytes, s->len / 2, NULL, &m), PP_ERR_DECODE, NULL);
        CHECK_ERR(pp_mask_from_image_bytes(s->bytes, 0, NULL, &m), PP_ERR_DECODE,
                  "unknown image format");
        CHECK(m == SENTINEL_MASK);
        printf("%s (%zu bytes): %lu truncations -> %lu decode errors, %lu full images\n",
               s->name, s->len, trunc.decode + trunc.ok, trunc.decode, trunc.ok);
    }
    restore_limit();
}

/* Every byte inverted, zeroed and set to 0xFF, one at a time, then random bytes over the
 * signature and header: any documented outcome (a corrupt pixel can still be an image; a
 * corrupt size can claim a huge one). */
static void test_samples_corrupted(void)
{
    static const int modes[3] = {0, 1, 2};
    size_t i, n, k;
    uint32_t rng = 12345u;
    char what[128];
    lower_limit_for_untrusted_images();
    for (i = 0; i < 3; i++) {
        const struct sample *s = &SAMPLES[i];
        struct tally corrupt = {0, 0, 0, 0};
        uint8_t *copy = (uint8_t *)malloc(s->len);
        for (n = 0; n < s->len; n += step(n)) {
            for (k = 0; k < (n < HEADER_BYTES ? 3u : 1u); k++) {
                memcpy(copy, s->bytes, s->len);
                copy[n] = modes[k] == 0 ? (uint8_t)~copy[n] : modes[k] == 1 ? 0x00 : 0xFF;
                snprintf(what, sizeof what, "%s with byte corrupted (mode %d) at", s->name,
                         modes[k]);
                decode_any(copy, s->len, 0, 0, &corrupt, what, n);
            }
        }
        for (n = 0; n < 100; n++) {
            size_t cut = 6 + n % (s->len - 6);
            memcpy(copy, s->bytes, s->len);
            for (k = 6; k < cut; k++) {
                uint32_t r = lcg_next(&rng);
                if ((r >> 16) % 4 == 0) {
                    copy[k] = (uint8_t)(r >> 24);
                }
            }
            snprintf(what, sizeof what, "%s with random bytes up to", s->name);
            decode_any(copy, cut, 0, 0, &corrupt, what, cut);
        }
        free(copy);
        CHECK(corrupt.other == 0);
        printf("%s (%zu bytes): %lu corruptions -> %lu ok, %lu decode errors, %lu too large\n",
               s->name, s->len, corrupt.ok + corrupt.decode + corrupt.too_large, corrupt.ok,
               corrupt.decode, corrupt.too_large);
    }
    restore_limit();
}

/* Not an image at all. */
static void test_not_an_image(void)
{
    static const uint8_t garbage[] = "this is not an image, just text";
    static const uint8_t zeros[64] = {0};
    static const uint8_t png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    static const uint8_t gif_sig[6] = {'G', 'I', 'F', '8', '9', 'a'};
    static const uint8_t jpeg_soi[3] = {0xFF, 0xD8, 0xFF};
    pp_mask *m = SENTINEL_MASK;
    CHECK_ERR(pp_mask_from_image_bytes(garbage, sizeof garbage - 1, NULL, &m), PP_ERR_DECODE,
              "unknown image format");
    CHECK_ERR(pp_mask_from_image_bytes(zeros, sizeof zeros, NULL, &m), PP_ERR_DECODE, NULL);
    CHECK_ERR(pp_mask_from_image_bytes(png_sig, sizeof png_sig, NULL, &m), PP_ERR_DECODE,
              NULL);
    CHECK_ERR(pp_mask_from_image_bytes(gif_sig, sizeof gif_sig, NULL, &m), PP_ERR_DECODE,
              NULL);
    CHECK_ERR(pp_mask_from_image_bytes(jpeg_soi, sizeof jpeg_soi, NULL, &m), PP_ERR_DECODE,
              NULL);
    CHECK(m == SENTINEL_MASK);
    g_calls += 5;
}

/* Sets the IHDR width and height of a copy of the sample PNG, with the chunk's CRC fixed
 * up so the header is valid. */
static void png_claiming(uint8_t *huge, uint32_t width, uint32_t height)
{
    memcpy(huge, SAMPLE_PNG, sizeof SAMPLE_PNG);
    put_be32(huge + 16, width);  /* IHDR width */
    put_be32(huge + 20, height); /* IHDR height */
    put_be32(huge + 29, crc32(huge + 12, 17));
}

/* A 200-megapixel claim in a tiny PNG (the data is the 4x3 sample's): refused from the
 * header, before any allocation. */
static void test_png_oversized_claims(void)
{
    uint8_t huge[sizeof SAMPLE_PNG];
    pp_mask *m = SENTINEL_MASK;
    png_claiming(huge, 20000, 10000);
    CHECK_ERR(pp_mask_from_image_bytes(huge, sizeof huge, NULL, &m), PP_ERR_TOO_LARGE,
              "20000x10000");
    /* PNG's largest claim, 2^31-1 squared: the PNG decoder itself refuses it against the
     * allocation limit derived from the mask limit, so it is a decode error (as documented
     * for pp_mask_from_image_bytes) naming the limit. */
    png_claiming(huge, 0x7FFFFFFFu, 0x7FFFFFFFu);
    CHECK_ERR(pp_mask_from_image_bytes(huge, sizeof huge, NULL, &m), PP_ERR_DECODE,
              "larger than the mask limit of 67108864 pixels");
    png_claiming(huge, 8193, 8192);
    CHECK_ERR(pp_mask_from_image_bytes(huge, sizeof huge, NULL, &m), PP_ERR_TOO_LARGE,
              "8193x8192");
    CHECK(m == SENTINEL_MASK);
    g_calls += 3;
}

/* Under a lowered limit the genuine 4x3 headers are refused the same way. */
static void test_lowered_limit_refuses_genuine_headers(void)
{
    pp_mask *m = SENTINEL_MASK;
    CHECK_OK(pp_set_max_mask_pixels(11));
    CHECK_ERR(pp_mask_from_image_bytes(SAMPLE_PNG, sizeof SAMPLE_PNG, NULL, &m),
              PP_ERR_TOO_LARGE, "4x3");
    CHECK_ERR(pp_mask_from_image_bytes(SAMPLE_GIF, sizeof SAMPLE_GIF, NULL, &m),
              PP_ERR_TOO_LARGE, "4x3");
    CHECK_ERR(pp_mask_new(4, 3, 0, &m), PP_ERR_TOO_LARGE, "11 pixels in all");
    CHECK_OK(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
    CHECK(m == SENTINEL_MASK);
    g_calls += 3;
}

/* The same claim in a GIF: logical screen and frame 65535x65535. */
static void test_gif_oversized_claim(void)
{
    uint8_t gif[sizeof SAMPLE_GIF];
    pp_mask *m = SENTINEL_MASK;
    size_t at;
    int patched = 0;
    memcpy(gif, SAMPLE_GIF, sizeof gif);
    gif[6] = gif[7] = gif[8] = gif[9] = 0xFF; /* logical screen, little-endian */
    /* The image descriptor (0x2C) follows the global colour table and extensions. */
    for (at = 13; at + 9 < sizeof gif; at++) {
        if (gif[at] == 0x2C && gif[at + 1] == 0 && gif[at + 2] == 0 && gif[at + 3] == 0 &&
            gif[at + 4] == 0) {
            gif[at + 5] = gif[at + 6] = gif[at + 7] = gif[at + 8] = 0xFF;
            patched = 1;
            break;
        }
    }
    CHECK(patched);
    CHECK_ERR(pp_mask_from_image_bytes(gif, sizeof gif, NULL, &m), PP_ERR_TOO_LARGE,
              "65535x65535");
    CHECK(m == SENTINEL_MASK);
    g_calls++;
}

/* The same claim in a JPEG: SOF 65500x65500. */
static void test_jpeg_oversized_claim(void)
{
    uint8_t jpeg[sizeof SAMPLE_JPEG];
    pp_mask *m = SENTINEL_MASK;
    size_t at;
    int patched = 0;
    memcpy(jpeg, SAMPLE_JPEG, sizeof jpeg);
    for (at = 2; at + 8 < sizeof jpeg; at++) {
        if (jpeg[at] == 0xFF && (jpeg[at + 1] == 0xC0 || jpeg[at + 1] == 0xC2)) {
            jpeg[at + 5] = 0xFF; /* height 65500, big-endian */
            jpeg[at + 6] = 0xDC;
            jpeg[at + 7] = 0xFF; /* width 65500 */
            jpeg[at + 8] = 0xDC;
            patched = 1;
            break;
        }
    }
    CHECK(patched);
    CHECK_ERR(pp_mask_from_image_bytes(jpeg, sizeof jpeg, NULL, &m), PP_ERR_TOO_LARGE,
              "65500x65500");
    CHECK(m == SENTINEL_MASK);
    g_calls++;
}

/* Paths: missing, a directory, empty, not UTF-8. */
static void test_bad_paths(const char *scratch)
{
    char path[1024];
    pp_mask *m = SENTINEL_MASK;
    snprintf(path, sizeof path, "%s/does-not-exist.png", scratch);
    CHECK_ERR(pp_mask_from_image_path(path, NULL, &m), PP_ERR_IO, "does-not-exist.png");
    CHECK_ERR(pp_mask_from_image_path(scratch, NULL, &m), PP_ERR_IO, NULL);
    CHECK_ERR(pp_mask_from_image_path("", NULL, &m), PP_ERR_IO, NULL);
    CHECK_ERR(pp_mask_from_image_path("\xff\xfe.png", NULL, &m), PP_ERR_INVALID_ARGUMENT,
              "not valid UTF-8");
    CHECK(m == SENTINEL_MASK);
    g_calls += 4;
}

/* Files: empty, truncated. */
static void test_bad_files(const char *scratch)
{
    char path[1024];
    pp_mask *m = SENTINEL_MASK;
    snprintf(path, sizeof path, "%s/empty.png", scratch);
    CHECK(write_file(path, SAMPLE_PNG, 0));
    CHECK_ERR(pp_mask_from_image_path(path, NULL, &m), PP_ERR_DECODE, "empty.png");
    snprintf(path, sizeof path, "%s/truncated.png", scratch);
    CHECK(write_file(path, SAMPLE_PNG, sizeof SAMPLE_PNG / 2));
    CHECK_ERR(pp_mask_from_image_path(path, NULL, &m), PP_ERR_DECODE, "truncated.png");
    CHECK(m == SENTINEL_MASK);
    g_calls += 2;
}
#endif

/* ---- the last error message ----------------------------------------------------------- */

static void test_error_message_copy(void)
{
    char buf[4];
    size_t full;
    size_t n = 7;
    pp_mask *m = SENTINEL_MASK;
    CHECK_ERR(pp_mask_new(-1, -1, 0, &m), PP_ERR_INVALID_ARGUMENT, "`width`");
    full = strlen(pp_last_error_message());
    memset(buf, 'z', sizeof buf);
    /* Any buffer shorter than the message and its NUL: refused, nothing written. */
    CHECK(pp_last_error_message_copy(buf, 0, &n) == PP_ERR_BUFFER_TOO_SMALL && buf[0] == 'z');
    CHECK(pp_last_error_message_copy(buf, 1, &n) == PP_ERR_BUFFER_TOO_SMALL && buf[0] == 'z');
    CHECK(pp_last_error_message_copy(buf, sizeof buf, &n) == PP_ERR_BUFFER_TOO_SMALL &&
          buf[3] == 'z' && n == 7);
    CHECK(pp_last_error_message_copy(NULL, SIZE_MAX, &n) == PP_OK && n == full + 1);
    CHECK(pp_last_error_message_copy(NULL, 0, NULL) == PP_ERR_NULL_POINTER);
    g_calls += 6;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <scratch-dir>\n", argv[0]);
        return 2;
    }
    g_verbose = getenv("PERPIXEL_TEST_VERBOSE") != NULL;
    setvbuf(stdout, NULL, _IOLBF, 0); /* lines in order with tool reports on stderr */

    test_nulls_in_constructors();
    test_nulls_in_accessors();
    test_nulls_in_bounds();
    test_nulls_in_sprite_queries();
    test_nulls_in_offset_queries();
    test_nulls_harmless();

    test_negative_sizes();
    test_unknown_formats();
    test_zero_sizes();
    test_zero_width_any_stride();
    test_sizes_overflowing_32_bits();
    test_lengths_past_ptrdiff_max();

    test_strides_shorter_than_a_row();
    test_buffers_exact_or_one_byte_short();

    test_regions_outside();
    test_regions_inside();
    test_region_inside_short_buffer();

    test_extreme_offsets();
    test_extreme_bounds();
    test_status_text_of_non_statuses();
#ifndef PERPIXEL_TEST_NO_IMAGE
    test_samples_decode();
    test_samples_truncated();
    test_samples_corrupted();
    test_not_an_image();
    test_png_oversized_claims();
    test_lowered_limit_refuses_genuine_headers();
    test_gif_oversized_claim();
    test_jpeg_oversized_claim();
    test_bad_paths(argv[1]);
    test_bad_files(argv[1]);
#else
    printf("(library built without the image feature: encoded images not tested)\n");
#endif
    test_error_message_copy();
    printf("hostile calls made: %lu\n", g_calls);
    return finish();
}
