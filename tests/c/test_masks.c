/*
 * C test of making masks through the C ABI: pp_mask_new and the accessors, the options
 * (default function and cookie), every pixel format (SDL's packed formats included),
 * pp_mask_from_pixels layouts (regions, strides, thresholds, flips, colour keys), the
 * process-wide size limit, and encoded images from bytes and from files.
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include and run
 * against the cdylib (also under ASan+UBSan and valgrind when asked).
 *
 * Define PERPIXEL_TEST_NO_IMAGE for a library built without the `image` feature.
 *
 * usage: test_masks <scratch-dir>   (image files are written there)
 * Prints each check, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sprite_png.h"

#include "check.h"

/* ---- pixel sources ------------------------------------------------------------------ */

/* The sprite frame: 'X' opaque red, 'h' green with alpha 100, '.' transparent black.
 * In an atlas it is surrounded by '#' (opaque magenta). sprite_png.h holds the same
 * frame as a PNG. */
#define FW 4
#define FH 3
static const char *const FRAME[FH] = {"X..h", ".XX.", "XhXX"};

#define AW 9
#define AH 5
#define REGION_X 3
#define REGION_Y 1
#define PAD 7 /* odd padding: rows start at unaligned addresses */

static void channels(char c, uint8_t *r, uint8_t *g, uint8_t *b, uint8_t *a)
{
    switch (c) {
    case 'X': *r = 255; *g = 0; *b = 0; *a = 255; break;
    case 'h': *r = 0; *g = 255; *b = 0; *a = 100; break;
    case '#': *r = 255; *g = 0; *b = 255; *a = 255; break;
    default: *r = 0; *g = 0; *b = 0; *a = 0; break;
    }
}

static char atlas_char(int x, int y)
{
    int fx = x - REGION_X, fy = y - REGION_Y;
    if (fx >= 0 && fx < FW && fy >= 0 && fy < FH) {
        return FRAME[fy][fx];
    }
    return '#';
}

/* Writes the atlas in `format` with `stride` bytes per row into buf (which must hold
 * stride * (AH - 1) + AW * bpp bytes) and returns that length. */
static size_t fill_atlas(uint8_t *buf, uint32_t format, size_t stride)
{
    size_t bpp = (size_t)bytes_per_pixel(format);
    size_t len = stride * (AH - 1) + AW * bpp;
    int x, y;
    memset(buf, 0x11, len);
    for (y = 0; y < AH; y++) {
        for (x = 0; x < AW; x++) {
            uint8_t r, g, b, a;
            uint8_t *p = buf + (size_t)y * stride + (size_t)x * bpp;
            channels(atlas_char(x, y), &r, &g, &b, &a);
            if (format == PP_FORMAT_RGBA8) {
                p[0] = r; p[1] = g; p[2] = b; p[3] = a;
            } else if (format == PP_FORMAT_BGRA8) {
                p[0] = b; p[1] = g; p[2] = r; p[3] = a;
            } else if (format == PP_FORMAT_ARGB32) {
                uint32_t w = ((uint32_t)a << 24) | ((uint32_t)r << 16) | ((uint32_t)g << 8) | b;
                memcpy(p, &w, 4); /* native endian, possibly unaligned */
            } else if (format == PP_FORMAT_ARGB8) {
                p[0] = a; p[1] = r; p[2] = g; p[3] = b;
            } else if (format == PP_FORMAT_ABGR8) {
                p[0] = a; p[1] = b; p[2] = g; p[3] = r;
            } else {
                p[0] = a;
            }
        }
    }
    return len;
}

/* The atlas in `format`, PAD bytes of padding per row, starting at an odd address (one
 * extra byte in front). Returns the buffer (valid until the next call); *len and *stride
 * receive its length and row stride. */
static uint8_t *atlas(uint32_t format, size_t *len, int32_t *stride)
{
    static uint8_t storage[1 + (AW * 4 + PAD) * AH];
    uint8_t *buf = storage + 1;
    size_t s = (size_t)(AW * bytes_per_pixel(format) + PAD);
    *len = fill_atlas(buf, format, s);
    *stride = (int32_t)s;
    return buf;
}

/* Options cutting the frame out of the atlas through a region. */
static pp_mask_options frame_region_options(void)
{
    pp_mask_options o = pp_mask_options_default();
    o.has_region = 1;
    o.region.x = REGION_X;
    o.region.y = REGION_Y;
    o.region.width = FW;
    o.region.height = FH;
    return o;
}

/* Whether frame pixel (x, y) (mask coordinates, after the optional flips: bit 0 of
 * `flip` flips y, bit 1 flips x) should be solid. */
#define FLIP_Y 1
#define FLIP_X 2
static int frame_solid(int x, int y, uint8_t threshold, int flip, int key_green)
{
    uint8_t r, g, b, a;
    channels(FRAME[(flip & FLIP_Y) ? FH - 1 - y : y][(flip & FLIP_X) ? FW - 1 - x : x], &r, &g,
             &b, &a);
    if (key_green && r == 0 && g == 255 && b == 0) {
        return 0;
    }
    return a >= threshold;
}

/* Compares a mask with the frame pixel by pixel (and its size and count). */
static void check_frame_mask(const pp_mask *m, uint8_t threshold, int flip, int key_green,
                             const char *label, int line)
{
    char what[200];
    int32_t w = -1, h = -1;
    uint64_t count = 0, expected_count = 0;
    int x, y, mismatches = 0;
    pp_status s1 = pp_mask_size(m, &w, &h);
    pp_status s2 = pp_mask_count(m, &count);
    for (y = 0; y < FH; y++) {
        for (x = 0; x < FW; x++) {
            uint8_t got = SENTINEL_U8;
            int want = frame_solid(x, y, threshold, flip, key_green);
            expected_count += (uint64_t)want;
            if (pp_mask_is_solid(m, x, y, &got) != PP_OK || got != (uint8_t)want) {
                mismatches++;
            }
        }
    }
    snprintf(what, sizeof what,
             "%s: %dx%d mask, %llu solid (expected %dx%d, %llu), %d pixel mismatches", label,
             (int)w, (int)h, (unsigned long long)count, FW, FH,
             (unsigned long long)expected_count, mismatches);
    check(s1 == PP_OK && s2 == PP_OK && w == FW && h == FH && count == expected_count &&
              mismatches == 0,
          what, line);
}

/* ---- pp_mask_new and the accessors -------------------------------------------------- */

static void test_full_mask_accessors(void)
{
    pp_mask *full = SENTINEL_MASK;
    int32_t w = SENTINEL_I32, h = SENTINEL_I32;
    uint64_t count = SENTINEL_U64;
    uint8_t solid = SENTINEL_U8, has = SENTINEL_U8;
    pp_bounds b = SENTINEL_BOUNDS;

    CHECK_OK(pp_mask_new(70, 3, 2 /* any nonzero is true */, &full));
    CHECK(full != NULL && full != SENTINEL_MASK);
    CHECK_OK(pp_mask_size(full, &w, &h));
    CHECK(w == 70 && h == 3);
    CHECK_OK(pp_mask_count(full, &count));
    CHECK(count == 210);
    CHECK_OK(pp_mask_is_solid(full, 69, 2, &solid));
    CHECK(solid == 1);
    CHECK_OK(pp_mask_is_solid(full, 70, 2, &solid));
    CHECK(solid == 0);
    solid = SENTINEL_U8;
    CHECK_OK(pp_mask_is_solid(full, -1, 0, &solid));
    CHECK(solid == 0);
    solid = SENTINEL_U8;
    CHECK_OK(pp_mask_is_solid(full, 0, -1, &solid));
    CHECK(solid == 0);
    CHECK_OK(pp_mask_is_solid(full, INT32_MIN, INT32_MAX, &solid));
    CHECK(solid == 0);
    CHECK_OK(pp_mask_solid_bounds(full, &has, &b));
    CHECK(has == 1 && bounds_eq(b, 0, 0, 70, 3));
    pp_mask_free(full);
}

static void test_empty_mask_accessors(void)
{
    pp_mask *empty = SENTINEL_MASK, *none = SENTINEL_MASK;
    int32_t w = SENTINEL_I32, h = SENTINEL_I32;
    uint64_t count = SENTINEL_U64;
    uint8_t solid = SENTINEL_U8, has = SENTINEL_U8;
    pp_bounds b = SENTINEL_BOUNDS;

    CHECK_OK(pp_mask_new(5, 4, 0, &empty));
    CHECK_OK(pp_mask_count(empty, &count));
    CHECK(count == 0);
    CHECK_OK(pp_mask_is_solid(empty, 1, 1, &solid));
    CHECK(solid == 0);
    CHECK_OK(pp_mask_solid_bounds(empty, &has, &b));
    CHECK(has == 0 && bounds_eq(b, 0, 0, 0, 0));

    /* 0x0, even asked for solid. */
    CHECK_OK(pp_mask_new(0, 0, 1, &none));
    CHECK_OK(pp_mask_size(none, &w, &h));
    CHECK(w == 0 && h == 0);
    count = SENTINEL_U64;
    CHECK_OK(pp_mask_count(none, &count));
    CHECK(count == 0);

    pp_mask_free(empty);
    pp_mask_free(none);
    pp_mask_free(NULL); /* a no-op */
}

/* Errors: nothing written. */
static void test_mask_new_errors(void)
{
    pp_mask *m = SENTINEL_MASK;
    CHECK_ERR(pp_mask_new(3, 3, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_mask_new(-1, 3, 0, &m), PP_ERR_INVALID_ARGUMENT, "`width` is -1");
    CHECK_ERR(pp_mask_new(3, INT32_MIN, 1, &m), PP_ERR_INVALID_ARGUMENT, "`height`");
    CHECK_ERR(pp_mask_new(1 << 20, 1 << 20, 0, &m), PP_ERR_TOO_LARGE, "too large");
    CHECK_ERR(pp_mask_new(INT32_MAX, 1, 0, &m), PP_ERR_TOO_LARGE, "too large");
    CHECK(m == SENTINEL_MASK);
}

/* NULL arguments to the accessors: nothing written. */
static void test_accessor_errors(void)
{
    pp_mask *full = NULL;
    int32_t w = SENTINEL_I32, h = SENTINEL_I32;
    uint64_t count = SENTINEL_U64;
    uint8_t solid = SENTINEL_U8, has = SENTINEL_U8;
    pp_bounds b = SENTINEL_BOUNDS;

    CHECK_OK(pp_mask_new(70, 3, 1, &full));
    CHECK_ERR(pp_mask_size(NULL, &w, &h), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_size(full, NULL, &h), PP_ERR_NULL_POINTER, "`width`");
    CHECK_ERR(pp_mask_size(full, &w, NULL), PP_ERR_NULL_POINTER, "`height`");
    CHECK(w == SENTINEL_I32 && h == SENTINEL_I32);

    CHECK_ERR(pp_mask_is_solid(NULL, 0, 0, &solid), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_is_solid(full, 0, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(solid == SENTINEL_U8);

    CHECK_ERR(pp_mask_count(NULL, &count), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_count(full, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(count == SENTINEL_U64);

    CHECK_ERR(pp_mask_solid_bounds(NULL, &has, &b), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_solid_bounds(full, NULL, &b), PP_ERR_NULL_POINTER, "`has_solid`");
    CHECK_ERR(pp_mask_solid_bounds(full, &has, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(has == SENTINEL_U8 && is_sentinel_bounds(b));
    pp_mask_free(full);
}

/* ---- options: the layout, the default, the cookie ----------------------------------- */

/* The layout the C# binding mirrors. */
static void test_options_layout(void)
{
    CHECK(sizeof(pp_mask_options) == 28);
    CHECK(offsetof(pp_mask_options, internal_cookie) == 0);
    CHECK(offsetof(pp_mask_options, threshold) == 4);
    CHECK(offsetof(pp_mask_options, flip_x) == 5);
    CHECK(offsetof(pp_mask_options, flip_y) == 6);
    CHECK(offsetof(pp_mask_options, has_color_key) == 7);
    CHECK(offsetof(pp_mask_options, color_key) == 8);
    CHECK(offsetof(pp_mask_options, has_region) == 11);
    CHECK(offsetof(pp_mask_options, region) == 12);
}

static void test_options_default(void)
{
    pp_mask_options o = pp_mask_options_default();
    CHECK(o.threshold == 1);
    CHECK(o.flip_x == 0 && o.flip_y == 0 && o.has_color_key == 0 && o.has_region == 0);
    CHECK(o.color_key[0] == 0 && o.color_key[1] == 0 && o.color_key[2] == 0);
    CHECK(bounds_eq(o.region, 0, 0, 0, 0));
    CHECK(o.internal_cookie != 0);
    CHECK(o.internal_cookie == pp_mask_options_default().internal_cookie);
}

/* The options rule: a zeroed, uninitialised-looking or foreign struct is refused with a
 * message naming pp_mask_options_default(); the default and NULL work. The pixels are
 * alphas 0, 100, 255: the default (threshold 1) gives 2 solid, threshold 0 gives 3. */
static const uint8_t COOKIE_ALPHA[3] = {0, 100, 255};

static void test_options_zeroed_refused(void)
{
    const uint8_t *alpha = COOKIE_ALPHA;
    pp_mask *m = SENTINEL_MASK;
    pp_mask_options zeroed = {0};
    CHECK_ERR(pp_mask_from_pixels(alpha, 3, PP_FORMAT_A8, 3, 1, 3, &zeroed, &m),
              PP_ERR_INVALID_ARGUMENT, "pp_mask_options_default()");
    CHECK(strstr(pp_last_error_message(), "zeroed") != NULL);
    CHECK(m == SENTINEL_MASK);
    /* Zeroed but for a threshold: still refused (the cookie is what counts). */
    zeroed.threshold = 1;
    CHECK_ERR(pp_mask_from_pixels(alpha, 3, PP_FORMAT_A8, 3, 1, 3, &zeroed, &m),
              PP_ERR_INVALID_ARGUMENT, "pp_mask_options_default()");
    CHECK(m == SENTINEL_MASK);
}

/* What uninitialised stack or heap memory looks like: fill patterns and noise. */
static void test_options_garbage_refused(void)
{
    static const uint8_t fills[] = {0xCC, 0xCD, 0xAB, 0xFF, 0x01};
    const uint8_t *alpha = COOKIE_ALPHA;
    pp_mask *m = SENTINEL_MASK;
    uint32_t seed = 12345u;
    pp_mask_options garbage;
    size_t i;
    for (i = 0; i < sizeof fills / sizeof fills[0]; i++) {
        memset(&garbage, fills[i], sizeof garbage);
        CHECK_ERR(pp_mask_from_pixels(alpha, 3, PP_FORMAT_A8, 3, 1, 3, &garbage, &m),
                  PP_ERR_INVALID_ARGUMENT, "pp_mask_options_default()");
        CHECK(m == SENTINEL_MASK);
    }
    for (i = 0; i < 20; i++) {
        unsigned char *bytes = (unsigned char *)&garbage;
        size_t k;
        for (k = 0; k < sizeof garbage; k++) {
            bytes[k] = (unsigned char)(lcg_next(&seed) >> 16);
        }
        if (garbage.internal_cookie == pp_mask_options_default().internal_cookie) {
            continue; /* one chance in 2^32 */
        }
        CHECK_ERR(pp_mask_from_pixels(alpha, 3, PP_FORMAT_A8, 3, 1, 3, &garbage, &m),
                  PP_ERR_INVALID_ARGUMENT, "pp_mask_options_default()");
        CHECK(m == SENTINEL_MASK);
    }
}

/* Another struct passed where pp_mask_options belongs: a pp_bounds' first field is not
 * the cookie. */
static void test_options_foreign_struct_refused(void)
{
    const uint8_t *alpha = COOKIE_ALPHA;
    pp_mask *m = SENTINEL_MASK;
    pp_bounds wrong[2] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
    CHECK_ERR(pp_mask_from_pixels(alpha, 3, PP_FORMAT_A8, 3, 1, 3,
                                  (const pp_mask_options *)(const void *)wrong, &m),
              PP_ERR_INVALID_ARGUMENT, "pp_mask_options_default()");
    CHECK(m == SENTINEL_MASK);
}

#ifndef PERPIXEL_TEST_NO_IMAGE
static void test_options_zeroed_refused_by_images(void)
{
    pp_mask *m = SENTINEL_MASK;
    pp_mask_options zeroed = {0};
    CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, &zeroed, &m),
              PP_ERR_INVALID_ARGUMENT, "pp_mask_options_default()");
    CHECK_ERR(pp_mask_from_image_path("no-such-file.png", &zeroed, &m),
              PP_ERR_INVALID_ARGUMENT, "pp_mask_options_default()");
    CHECK(m == SENTINEL_MASK);
}
#endif

/* The default, NULL, and an explicit threshold 0 (every pixel solid). */
static void test_options_default_null_and_threshold_0(void)
{
    const uint8_t *alpha = COOKIE_ALPHA;
    pp_mask *m = SENTINEL_MASK;
    uint64_t count = 0;
    pp_mask_options o = pp_mask_options_default();
    CHECK_OK(pp_mask_from_pixels(alpha, 3, PP_FORMAT_A8, 3, 1, 3, &o, &m));
    CHECK_OK(pp_mask_count(m, &count));
    CHECK(count == 2);
    pp_mask_free(m);
    CHECK_OK(pp_mask_from_pixels(alpha, 3, PP_FORMAT_A8, 3, 1, 3, NULL, &m));
    CHECK_OK(pp_mask_count(m, &count));
    CHECK(count == 2);
    pp_mask_free(m);
    o.threshold = 0;
    CHECK_OK(pp_mask_from_pixels(alpha, 3, PP_FORMAT_A8, 3, 1, 3, &o, &m));
    CHECK_OK(pp_mask_count(m, &count));
    CHECK(count == 3);
    pp_mask_free(m);
}

/* ---- pixel formats ------------------------------------------------------------------ */

/* SDL's packed SDL_PIXELFORMAT_RGBA8888 is the word 0xRRGGBBAA: bytes A, B, G, R on a
 * little-endian CPU (PP_FORMAT_ABGR8), R, G, B, A on a big-endian one (PP_FORMAT_RGBA8). */
static void test_sdl_packed_formats(void)
{
    /* Opaque, transparent white, opaque with red 0, transparent with red 77. */
    static const uint32_t rgba8888[4] = {0x010203FFu, 0xFFFFFF00u, 0x000909C8u, 0x4D000000u};
    static const uint32_t argb8888[4] = {0xFF010203u, 0x00FFFFFFu, 0xC8000909u, 0x004D0000u};
    const uint16_t probe = 1;
    int little = *(const uint8_t *)&probe == 1;
    uint32_t rgba8888_format = little ? PP_FORMAT_ABGR8 : PP_FORMAT_RGBA8;
    uint32_t argb8888_in_memory = little ? PP_FORMAT_BGRA8 : PP_FORMAT_ARGB8;
    const uint32_t *words[3] = {rgba8888, argb8888, argb8888};
    const uint32_t formats[3] = {rgba8888_format, PP_FORMAT_ARGB32, argb8888_in_memory};
    int i, x;
    for (i = 0; i < 3; i++) {
        pp_mask *m = NULL;
        uint8_t bytes[16];
        char got[5] = "????";
        memcpy(bytes, words[i], 16);
        if (CHECK_OK(pp_mask_from_pixels(bytes, 16, formats[i], 4, 1, 16, NULL, &m))) {
            for (x = 0; x < 4; x++) {
                uint8_t s = SENTINEL_U8;
                pp_mask_is_solid(m, x, 0, &s);
                got[x] = s == 1 ? '#' : s == 0 ? '.' : '?';
            }
            printf("     SDL %s words as format %u (%s-endian): %s\n",
                   i == 0 ? "RGBA8888" : "ARGB8888", formats[i], little ? "little" : "big", got);
            CHECK(strcmp(got, "#.#.") == 0);
            pp_mask_free(m);
        }
    }
}

/* ---- pp_mask_from_pixels: every format, one scenario each --------------------------- */

/* The frame, cut out of the atlas through a region, in every format; the same pixels
 * whatever the format, so they overlap on every solid pixel. */
static void test_from_pixels_region(void)
{
    pp_mask *first = NULL;
    char label[80];
    int i;
    for (i = 0; i < N_FORMATS; i++) {
        uint32_t f = FORMATS[i];
        size_t len;
        int32_t stride;
        uint8_t *buf = atlas(f, &len, &stride);
        pp_mask_options o = frame_region_options();
        uint64_t count = 0, area = 0;
        pp_mask *m = NULL;
        CHECK_OK(pp_mask_from_pixels(buf, len, f, AW, AH, stride, &o, &m));
        snprintf(label, sizeof label, "%s region, threshold 1", FORMAT_NAMES[i]);
        check_frame_mask(m, 1, 0, 0, label, __LINE__);
        if (first == NULL) {
            first = m;
        } else {
            CHECK_OK(pp_mask_overlap_area(first, m, 0, 0, &area));
            CHECK_OK(pp_mask_count(m, &count));
            CHECK(area == count && count == 8);
            pp_mask_free(m);
        }
    }
    pp_mask_free(first);
}

/* Thresholds ('h' has alpha 100) and the flips, on the frame's region. */
static void test_from_pixels_thresholds_and_flips(void)
{
    static const struct {
        uint8_t threshold;
        int flip; /* FLIP_Y | FLIP_X */
        const char *what;
    } variants[] = {
        {100, 0, "threshold 100"},
        {101, 0, "threshold 101"},
        {0, 0, "threshold 0"},
        {1, FLIP_Y, "flip_y"},
        {1, FLIP_X, "flip_x"},
        {1, FLIP_X | FLIP_Y, "flip_x + flip_y"},
        {101, FLIP_X | FLIP_Y, "flip_x + flip_y, threshold 101"},
    };
    char label[80];
    int i;
    for (i = 0; i < N_FORMATS; i++) {
        uint32_t f = FORMATS[i];
        size_t len, v;
        int32_t stride;
        uint8_t *buf = atlas(f, &len, &stride);
        pp_mask_options o = frame_region_options();
        pp_mask *m = NULL;
        for (v = 0; v < sizeof variants / sizeof variants[0]; v++) {
            o.threshold = variants[v].threshold;
            o.flip_y = (variants[v].flip & FLIP_Y) ? 1 : 0;
            o.flip_x = (variants[v].flip & FLIP_X) ? 9 : 0; /* any nonzero is true */
            CHECK_OK(pp_mask_from_pixels(buf, len, f, AW, AH, stride, &o, &m));
            snprintf(label, sizeof label, "%s region %s", FORMAT_NAMES[i], variants[v].what);
            check_frame_mask(m, variants[v].threshold, variants[v].flip, 0, label, __LINE__);
            pp_mask_free(m);
        }
    }
}

/* Colour key (green) empties the 'h' pixels; not allowed with A8. */
static void test_from_pixels_colour_key(void)
{
    char label[80];
    int i;
    for (i = 0; i < N_FORMATS; i++) {
        uint32_t f = FORMATS[i];
        size_t len;
        int32_t stride;
        uint8_t *buf = atlas(f, &len, &stride);
        pp_mask_options o = frame_region_options();
        pp_mask *m = NULL;
        o.has_color_key = 7;
        o.color_key[0] = 0;
        o.color_key[1] = 255;
        o.color_key[2] = 0;
        if (f != PP_FORMAT_A8) {
            CHECK_OK(pp_mask_from_pixels(buf, len, f, AW, AH, stride, &o, &m));
            snprintf(label, sizeof label, "%s colour key green", FORMAT_NAMES[i]);
            check_frame_mask(m, 1, 0, 1, label, __LINE__);
            pp_mask_free(m);
        } else {
            m = SENTINEL_MASK;
            CHECK_ERR(pp_mask_from_pixels(buf, len, f, AW, AH, stride, &o, &m),
                      PP_ERR_INVALID_ARGUMENT, "colour key");
            CHECK(m == SENTINEL_MASK);
        }
    }
}

/* The whole atlas, options NULL: the '#' border is opaque. */
static void test_from_pixels_whole_atlas(void)
{
    int i;
    for (i = 0; i < N_FORMATS; i++) {
        uint32_t f = FORMATS[i];
        size_t len;
        int32_t stride;
        uint8_t *buf = atlas(f, &len, &stride);
        pp_mask *m = NULL;
        int32_t w = 0, h = 0;
        uint8_t s = SENTINEL_U8;
        uint64_t count = 0;
        CHECK_OK(pp_mask_from_pixels(buf, len, f, AW, AH, stride, NULL, &m));
        CHECK_OK(pp_mask_size(m, &w, &h));
        CHECK(w == AW && h == AH);
        CHECK_OK(pp_mask_count(m, &count));
        CHECK(count == AW * AH - FW * FH + 8);
        CHECK_OK(pp_mask_is_solid(m, REGION_X + 1, REGION_Y, &s));
        CHECK(s == 0);
        pp_mask_free(m);
    }
}

/* The exact buffer length is enough (the scenarios above); one byte less is not, nor a
 * stride one byte short of a row. */
static void test_from_pixels_short_buffer_and_stride(void)
{
    int i;
    for (i = 0; i < N_FORMATS; i++) {
        uint32_t f = FORMATS[i];
        size_t len;
        int32_t stride;
        uint8_t *buf = atlas(f, &len, &stride);
        pp_mask *m = SENTINEL_MASK;
        CHECK_ERR(pp_mask_from_pixels(buf, len - 1, f, AW, AH, stride, NULL, &m),
                  PP_ERR_BUFFER_TOO_SMALL, "pixel buffer too small");
        CHECK(m == SENTINEL_MASK);
        CHECK_ERR(pp_mask_from_pixels(buf, len, f, AW, AH, (int32_t)(AW * bytes_per_pixel(f) - 1),
                                      NULL, &m),
                  PP_ERR_STRIDE_TOO_SMALL, "stride too small");
        CHECK(m == SENTINEL_MASK);
    }
}

/* Bad arguments, with an RGBA atlas: nothing written. */
static void test_from_pixels_argument_errors(void)
{
    size_t len;
    int32_t s;
    uint8_t *buf = atlas(PP_FORMAT_RGBA8, &len, &s);
    pp_mask *m = SENTINEL_MASK;
    CHECK_ERR(pp_mask_from_pixels(NULL, len, PP_FORMAT_RGBA8, AW, AH, s, NULL, &m),
              PP_ERR_NULL_POINTER, "`data`");
    CHECK_ERR(pp_mask_from_pixels(buf, len, PP_FORMAT_RGBA8, AW, AH, s, NULL, NULL),
              PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_mask_from_pixels(buf, len, PP_FORMAT_RGBA8, -AW, AH, s, NULL, &m),
              PP_ERR_INVALID_ARGUMENT, "`width`");
    CHECK_ERR(pp_mask_from_pixels(buf, len, PP_FORMAT_RGBA8, AW, -1, s, NULL, &m),
              PP_ERR_INVALID_ARGUMENT, "`height`");
    CHECK_ERR(pp_mask_from_pixels(buf, len, PP_FORMAT_RGBA8, AW, AH, -s, NULL, &m),
              PP_ERR_INVALID_ARGUMENT, "`stride_bytes`");
    CHECK_ERR(pp_mask_from_pixels(buf, len, 6, AW, AH, s, NULL, &m),
              PP_ERR_INVALID_ARGUMENT, "pixel format 6");
    CHECK_ERR(pp_mask_from_pixels(buf, len, 0xFFFFFFFFu, AW, AH, s, NULL, &m),
              PP_ERR_INVALID_ARGUMENT, "pixel format");
    CHECK_ERR(pp_mask_from_pixels(buf, len, PP_FORMAT_RGBA8, AW, AH, 0, NULL, &m),
              PP_ERR_STRIDE_TOO_SMALL, "stride too small");
    CHECK_ERR(pp_mask_from_pixels(buf, 0, PP_FORMAT_RGBA8, AW, AH, s, NULL, &m),
              PP_ERR_BUFFER_TOO_SMALL, "pixel buffer too small");
    CHECK(m == SENTINEL_MASK);
}

/* Regions reaching outside the image are refused; has_region 0 ignores a nonsense one. */
static void test_from_pixels_region_outside(void)
{
    size_t len;
    int32_t s;
    uint8_t *buf = atlas(PP_FORMAT_RGBA8, &len, &s);
    pp_mask *m = SENTINEL_MASK;
    pp_mask_options o = pp_mask_options_default();
    o.has_region = 1;
    o.region.x = AW - 2;
    o.region.y = 0;
    o.region.width = 3; /* one column past the right edge */
    o.region.height = 1;
    CHECK_ERR(pp_mask_from_pixels(buf, len, PP_FORMAT_RGBA8, AW, AH, s, &o, &m),
              PP_ERR_REGION_OUT_OF_BOUNDS, "is not inside");
    o.region.x = -1;
    o.region.width = 1;
    CHECK_ERR(pp_mask_from_pixels(buf, len, PP_FORMAT_RGBA8, AW, AH, s, &o, &m),
              PP_ERR_REGION_OUT_OF_BOUNDS, "is not inside");
    o.region.x = 0;
    o.region.y = AH;
    CHECK_ERR(pp_mask_from_pixels(buf, len, PP_FORMAT_RGBA8, AW, AH, s, &o, &m),
              PP_ERR_REGION_OUT_OF_BOUNDS, "is not inside");
    CHECK(m == SENTINEL_MASK);

    o.has_region = 0;
    CHECK_OK(pp_mask_from_pixels(buf, len, PP_FORMAT_RGBA8, AW, AH, s, &o, &m));
    CHECK(m != SENTINEL_MASK);
    pp_mask_free(m);
}

/* NULL data is fine for an empty image. */
static void test_from_pixels_empty_null_data(void)
{
    int32_t w = -1, h = -1;
    pp_mask *m = SENTINEL_MASK;
    CHECK_OK(pp_mask_from_pixels(NULL, 0, PP_FORMAT_RGBA8, 0, 5, 0, NULL, &m));
    CHECK_OK(pp_mask_size(m, &w, &h));
    CHECK(w == 0 && h == 5);
    pp_mask_free(m);
    CHECK_OK(pp_mask_from_pixels(NULL, 0, PP_FORMAT_A8, 6, 0, 6, NULL, &m));
    CHECK_OK(pp_mask_size(m, &w, &h));
    CHECK(w == 6 && h == 0);
    pp_mask_free(m);
}

/* ---- the process-wide size limit ---------------------------------------------------- */

/* The default, and 0 refused. */
static void test_size_limit_default(void)
{
    CHECK(pp_max_mask_pixels() == PP_MAX_MASK_PIXELS);
    CHECK(PP_MAX_MASK_PIXELS == 67108864ULL);
    CHECK_ERR(pp_set_max_mask_pixels(0), PP_ERR_INVALID_ARGUMENT, "at least 1");
    CHECK(pp_max_mask_pixels() == PP_MAX_MASK_PIXELS);
}

/* A lower limit for pp_mask_new and pp_mask_from_pixels, restored at the end. */
static void test_size_limit_lowered(void)
{
    pp_mask *m = SENTINEL_MASK;
    uint8_t alpha[11 * 10];
    memset(alpha, 255, sizeof alpha);
    CHECK_OK(pp_set_max_mask_pixels(100));
    CHECK(pp_max_mask_pixels() == 100);
    CHECK_OK(pp_mask_new(10, 10, 1, &m));
    pp_mask_free(m);
    m = SENTINEL_MASK;
    CHECK_ERR(pp_mask_new(11, 10, 1, &m), PP_ERR_TOO_LARGE, "100 pixels in all");
    CHECK_ERR(pp_mask_from_pixels(alpha, sizeof alpha, PP_FORMAT_A8, 11, 10, 11, NULL, &m),
              PP_ERR_TOO_LARGE, "11x10");
    CHECK(m == SENTINEL_MASK);
    CHECK_OK(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
    CHECK(pp_max_mask_pixels() == PP_MAX_MASK_PIXELS);
}

#ifndef PERPIXEL_TEST_NO_IMAGE
/* A lower limit for images, restored at the end. */
static void test_size_limit_lowered_for_images(void)
{
    pp_mask *m = SENTINEL_MASK;
    CHECK_OK(pp_set_max_mask_pixels(11)); /* the 4x3 sprite PNG has 12 pixels */
    CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, NULL, &m),
              PP_ERR_TOO_LARGE, "4x3");
    CHECK(m == SENTINEL_MASK);
    CHECK_OK(pp_set_max_mask_pixels(12));
    CHECK_OK(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, NULL, &m));
    CHECK(m != SENTINEL_MASK && m != NULL);
    pp_mask_free(m);
    CHECK_OK(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
    CHECK(pp_max_mask_pixels() == PP_MAX_MASK_PIXELS);
}

/* ---- encoded images ----------------------------------------------------------------- */

/* The PNG bytes with the defaults, a threshold, the flips and a colour key. */
static void test_image_bytes_options(void)
{
    pp_mask *m = SENTINEL_MASK;
    pp_mask_options o = pp_mask_options_default();

    CHECK_OK(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, NULL, &m));
    check_frame_mask(m, 1, 0, 0, "PNG bytes, defaults", __LINE__);
    pp_mask_free(m);

    o.threshold = 101;
    CHECK_OK(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, &o, &m));
    check_frame_mask(m, 101, 0, 0, "PNG bytes, threshold 101", __LINE__);
    pp_mask_free(m);

    o.threshold = 1;
    o.flip_y = 1;
    CHECK_OK(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, &o, &m));
    check_frame_mask(m, 1, 1, 0, "PNG bytes, flip_y", __LINE__);
    pp_mask_free(m);

    o.flip_x = 1;
    CHECK_OK(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, &o, &m));
    check_frame_mask(m, 1, FLIP_X | FLIP_Y, 0, "PNG bytes, flip_x + flip_y", __LINE__);
    pp_mask_free(m);

    o.flip_x = 0;
    o.flip_y = 0;
    o.has_color_key = 1;
    o.color_key[0] = 0;
    o.color_key[1] = 255;
    o.color_key[2] = 0;
    CHECK_OK(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, &o, &m));
    check_frame_mask(m, 1, 0, 1, "PNG bytes, colour key", __LINE__);
    pp_mask_free(m);
}

/* A region of the PNG: column 3 = 'h', '.', 'X' (top to bottom); one reaching past the
 * right edge is refused. */
static void test_image_bytes_region(void)
{
    pp_mask *m = SENTINEL_MASK;
    pp_mask_options o = pp_mask_options_default();
    int32_t w = 0, h = 0;
    uint8_t s0 = 9, s1 = 9, s2 = 9;
    o.has_region = 1;
    o.region.x = 3;
    o.region.y = 0;
    o.region.width = 1;
    o.region.height = 3;
    CHECK_OK(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, &o, &m));
    CHECK_OK(pp_mask_size(m, &w, &h));
    CHECK(w == 1 && h == 3);
    CHECK_OK(pp_mask_is_solid(m, 0, 0, &s0));
    CHECK_OK(pp_mask_is_solid(m, 0, 1, &s1));
    CHECK_OK(pp_mask_is_solid(m, 0, 2, &s2));
    CHECK(s0 == 1 && s1 == 0 && s2 == 1);
    pp_mask_free(m);
    o.region.width = 5;
    m = SENTINEL_MASK;
    CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, &o, &m),
              PP_ERR_REGION_OUT_OF_BOUNDS, "is not inside");
    CHECK(m == SENTINEL_MASK);
}

/* The sprite PNG with its compressed pixel data scrambled. */
static void corrupt_sprite_png(unsigned char *corrupt)
{
    size_t i;
    memcpy(corrupt, SPRITE_PNG, sizeof SPRITE_PNG);
    for (i = 41; i < sizeof SPRITE_PNG - 12; i++) {
        corrupt[i] ^= 0x5A; /* scramble the compressed pixel data */
    }
}

static void test_image_bytes_decode_errors(void)
{
    static const unsigned char garbage[] = "this is not an image at all, just text";
    unsigned char corrupt[sizeof SPRITE_PNG];
    pp_mask *m = SENTINEL_MASK;
    CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG / 2, NULL, &m),
              PP_ERR_DECODE, "cannot decode");
    CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, 20, NULL, &m), PP_ERR_DECODE,
              "cannot decode");
    corrupt_sprite_png(corrupt);
    CHECK_ERR(pp_mask_from_image_bytes(corrupt, sizeof corrupt, NULL, &m), PP_ERR_DECODE,
              "cannot decode");
    CHECK_ERR(pp_mask_from_image_bytes(garbage, sizeof garbage, NULL, &m), PP_ERR_DECODE,
              "unknown image format");
    CHECK_ERR(pp_mask_from_image_bytes(garbage, 0, NULL, &m), PP_ERR_DECODE, "cannot decode");
    CHECK_ERR(pp_mask_from_image_bytes(NULL, 10, NULL, &m), PP_ERR_NULL_POINTER, "`data`");
    CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, NULL, NULL),
              PP_ERR_NULL_POINTER, "`out`");
    CHECK(m == SENTINEL_MASK);
}

/* From a file in the scratch dir (a non-ASCII UTF-8 name): the same mask as from the
 * bytes, and options apply. */
static void test_image_path(const char *scratch)
{
    pp_mask *m = SENTINEL_MASK, *from_path = SENTINEL_MASK;
    pp_mask_options o = pp_mask_options_default();
    char path[1024];
    uint64_t count = 0, area = 0;
    snprintf(path, sizeof path, "%s/spr\xc3\xa9te.png", scratch);
    CHECK(write_file(path, SPRITE_PNG, sizeof SPRITE_PNG));
    CHECK_OK(pp_mask_from_image_path(path, NULL, &from_path));
    check_frame_mask(from_path, 1, 0, 0, "PNG file, defaults", __LINE__);
    CHECK_OK(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, NULL, &m));
    CHECK_OK(pp_mask_overlap_area(m, from_path, 0, 0, &area));
    CHECK_OK(pp_mask_count(m, &count));
    CHECK(area == count && count == 8);
    pp_mask_free(m);
    pp_mask_free(from_path);

    o.flip_y = 1;
    CHECK_OK(pp_mask_from_image_path(path, &o, &m));
    check_frame_mask(m, 1, 1, 0, "PNG file, flip_y", __LINE__);
    pp_mask_free(m);
}

/* Missing and corrupt files, a name that is not UTF-8, NULLs: nothing written. */
static void test_image_path_errors(const char *scratch)
{
    pp_mask *m = SENTINEL_MASK;
    char path[1024];
    unsigned char corrupt[sizeof SPRITE_PNG];
    snprintf(path, sizeof path, "%s/missing.png", scratch);
    CHECK_ERR(pp_mask_from_image_path(path, NULL, &m), PP_ERR_IO, "missing.png");
    snprintf(path, sizeof path, "%s/corrupt.png", scratch);
    corrupt_sprite_png(corrupt);
    CHECK(write_file(path, corrupt, sizeof corrupt));
    CHECK_ERR(pp_mask_from_image_path(path, NULL, &m), PP_ERR_DECODE, "corrupt.png");
    snprintf(path, sizeof path, "%s/bad-\xff\xfe.png", scratch);
    CHECK_ERR(pp_mask_from_image_path(path, NULL, &m), PP_ERR_INVALID_ARGUMENT, "UTF-8");
    CHECK_ERR(pp_mask_from_image_path(NULL, NULL, &m), PP_ERR_NULL_POINTER, "`utf8_path`");
    snprintf(path, sizeof path, "%s/spr\xc3\xa9te.png", scratch);
    CHECK_ERR(pp_mask_from_image_path(path, NULL, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(m == SENTINEL_MASK);
}
#endif /* PERPIXEL_TEST_NO_IMAGE */

int main(int argc, char **argv)
{
    g_verbose = 1; /* print every check, not only failures */
    if (argc != 2) {
        fprintf(stderr, "usage: %s <scratch-dir>\n", argv[0]);
        return 2;
    }
    test_full_mask_accessors();
    test_empty_mask_accessors();
    test_mask_new_errors();
    test_accessor_errors();

    test_options_layout();
    test_options_default();
    test_options_zeroed_refused();
    test_options_garbage_refused();
    test_options_foreign_struct_refused();
    test_options_default_null_and_threshold_0();

    test_sdl_packed_formats();
    test_from_pixels_region();
    test_from_pixels_thresholds_and_flips();
    test_from_pixels_colour_key();
    test_from_pixels_whole_atlas();
    test_from_pixels_short_buffer_and_stride();
    test_from_pixels_argument_errors();
    test_from_pixels_region_outside();
    test_from_pixels_empty_null_data();

    test_size_limit_default();
    test_size_limit_lowered();
#ifndef PERPIXEL_TEST_NO_IMAGE
    test_options_zeroed_refused_by_images();
    test_size_limit_lowered_for_images();
    test_image_bytes_options();
    test_image_bytes_region();
    test_image_bytes_decode_errors();
    test_image_path(argv[1]);
    test_image_path_errors(argv[1]);
#else
    printf("(library built without the image feature: pp_mask_from_image_* not tested)\n");
#endif
    return finish();
}
