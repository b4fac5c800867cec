/*
 * C test of the perpixel C ABI: every exported function, success and error paths.
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include and run
 * against the cdylib (optionally under valgrind).
 *
 * Define PERPIXEL_TEST_NO_IMAGE for a library built without the `image` feature.
 *
 * usage: test_perpixel <scratch-dir> <expected-version>
 * Prints each check, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* ---- tests -------------------------------------------------------------------------- */

static void test_status_and_version(const char *expected_version)
{
    uint32_t s;
    char header_version[32];
    const char *unknown = pp_status_text(PP_ERR_BAD_BAKED_DATA + 1);
    CHECK(strcmp(unknown, "unknown status") == 0);
    CHECK(strcmp(pp_status_text(0xFFFFFFFFu), "unknown status") == 0);
    CHECK(strcmp(pp_status_text(PP_OK), "ok") == 0);
    for (s = PP_OK; s <= PP_ERR_BAD_BAKED_DATA; s++) {
        const char *text = pp_status_text(s);
        char what[120];
        snprintf(what, sizeof what, "pp_status_text(%u) = \"%s\" is a known, non-empty text",
                 (unsigned)s, text ? text : "(null)");
        check(text != NULL && text[0] != '\0' && strcmp(text, "unknown status") != 0, what,
              __LINE__);
    }
    CHECK(strcmp(pp_status_text(PP_ERR_NULL_POINTER), pp_status_text(PP_ERR_PANIC)) != 0);

    CHECK(strcmp(pp_version(), expected_version) == 0);
    snprintf(header_version, sizeof header_version, "%d.%d.%d", PP_VERSION_MAJOR,
             PP_VERSION_MINOR, PP_VERSION_PATCH);
    CHECK(strcmp(pp_version(), header_version) == 0);
    CHECK(pp_version_number() == PP_VERSION_NUMBER);
    CHECK(pp_version_number() ==
          PP_VERSION_MAJOR * 10000u + PP_VERSION_MINOR * 100u + PP_VERSION_PATCH);
}

static void test_last_error(void)
{
    char buf[256];
    char small[8];
    size_t len, full;
    pp_mask *m = SENTINEL_MASK;

    /* Nothing has failed on this thread yet: the message is "", one byte with its NUL. */
    CHECK(strcmp(pp_last_error_message(), "") == 0);
    CHECK(pp_last_error_message_copy(NULL, 0, &len) == PP_OK && len == 1);

    CHECK_ERR(pp_mask_new(-3, 4, 0, &m), PP_ERR_INVALID_ARGUMENT, "width");
    CHECK(m == SENTINEL_MASK);
    full = strlen(pp_last_error_message());
    CHECK(full > 0);
    /* The buffer convention: *len is the buf_len to pass, NUL included. */
    len = 0;
    CHECK(pp_last_error_message_copy(NULL, 0, &len) == PP_OK && len == full + 1);
    len = 0;
    CHECK(pp_last_error_message_copy(NULL, 100, &len) == PP_OK && len == full + 1);

    CHECK(pp_last_error_message_copy(buf, sizeof buf, &len) == PP_OK);
    CHECK(len == full + 1);
    CHECK(strcmp(buf, pp_last_error_message()) == 0);

    /* Too short: PP_ERR_BUFFER_TOO_SMALL, nothing written, and the message survives. */
    memset(small, 'z', sizeof small);
    len = 12345;
    CHECK(pp_last_error_message_copy(small, sizeof small, &len) == PP_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 12345 && small[0] == 'z' && small[sizeof small - 1] == 'z');
    CHECK(strcmp(buf, pp_last_error_message()) == 0);
    CHECK(pp_last_error_message_copy(small, 0, &len) == PP_ERR_BUFFER_TOO_SMALL);
    CHECK(pp_last_error_message_copy(small, full, &len) == PP_ERR_BUFFER_TOO_SMALL);
    CHECK(small[0] == 'z' && len == 12345);
    CHECK(pp_last_error_message_copy(buf, sizeof buf, NULL) == PP_ERR_NULL_POINTER);
    CHECK(strcmp(buf, pp_last_error_message()) == 0);

    /* Successful calls leave the last error alone. */
    strcpy(buf, pp_last_error_message());
    CHECK_OK(pp_mask_new(2, 2, 1, &m));
    CHECK(strcmp(pp_last_error_message(), buf) == 0);
    pp_mask_free(m);
    CHECK(strcmp(pp_last_error_message(), buf) == 0);

    /* A later failure replaces it. */
    m = SENTINEL_MASK;
    CHECK_ERR(pp_mask_new(4, -5, 0, &m), PP_ERR_INVALID_ARGUMENT, "height");
    CHECK(strcmp(pp_last_error_message(), buf) != 0);
    CHECK(m == SENTINEL_MASK);
}

static void test_mask_new_and_accessors(void)
{
    pp_mask *full = SENTINEL_MASK, *empty = SENTINEL_MASK, *none = SENTINEL_MASK;
    pp_mask *m = SENTINEL_MASK;
    int32_t w = SENTINEL_I32, h = SENTINEL_I32;
    uint64_t count = SENTINEL_U64;
    uint8_t solid = SENTINEL_U8, has = SENTINEL_U8;
    pp_bounds b = SENTINEL_BOUNDS;

    CHECK_OK(pp_mask_new(70, 3, 2 /* any nonzero is true */, &full));
    CHECK(full != NULL && full != SENTINEL_MASK);
    CHECK_OK(pp_mask_new(5, 4, 0, &empty));
    CHECK_OK(pp_mask_new(0, 0, 1, &none));

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

    CHECK_OK(pp_mask_count(empty, &count));
    CHECK(count == 0);
    CHECK_OK(pp_mask_is_solid(empty, 1, 1, &solid));
    CHECK(solid == 0);
    has = SENTINEL_U8;
    b = SENTINEL_BOUNDS;
    CHECK_OK(pp_mask_solid_bounds(empty, &has, &b));
    CHECK(has == 0 && bounds_eq(b, 0, 0, 0, 0));

    CHECK_OK(pp_mask_size(none, &w, &h));
    CHECK(w == 0 && h == 0);
    CHECK_OK(pp_mask_count(none, &count));
    CHECK(count == 0);

    /* Errors: nothing written. */
    CHECK_ERR(pp_mask_new(3, 3, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_mask_new(-1, 3, 0, &m), PP_ERR_INVALID_ARGUMENT, "`width` is -1");
    CHECK_ERR(pp_mask_new(3, INT32_MIN, 1, &m), PP_ERR_INVALID_ARGUMENT, "`height`");
    CHECK_ERR(pp_mask_new(1 << 20, 1 << 20, 0, &m), PP_ERR_TOO_LARGE, "too large");
    CHECK_ERR(pp_mask_new(INT32_MAX, 1, 0, &m), PP_ERR_TOO_LARGE, "too large");
    CHECK(m == SENTINEL_MASK);

    w = SENTINEL_I32;
    h = SENTINEL_I32;
    CHECK_ERR(pp_mask_size(NULL, &w, &h), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_size(full, NULL, &h), PP_ERR_NULL_POINTER, "`width`");
    CHECK_ERR(pp_mask_size(full, &w, NULL), PP_ERR_NULL_POINTER, "`height`");
    CHECK(w == SENTINEL_I32 && h == SENTINEL_I32);

    solid = SENTINEL_U8;
    CHECK_ERR(pp_mask_is_solid(NULL, 0, 0, &solid), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_is_solid(full, 0, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(solid == SENTINEL_U8);

    count = SENTINEL_U64;
    CHECK_ERR(pp_mask_count(NULL, &count), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_count(full, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(count == SENTINEL_U64);

    has = SENTINEL_U8;
    b = SENTINEL_BOUNDS;
    CHECK_ERR(pp_mask_solid_bounds(NULL, &has, &b), PP_ERR_NULL_POINTER, "`mask`");
    CHECK_ERR(pp_mask_solid_bounds(full, NULL, &b), PP_ERR_NULL_POINTER, "`has_solid`");
    CHECK_ERR(pp_mask_solid_bounds(full, &has, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(has == SENTINEL_U8 && is_sentinel_bounds(b));

    pp_mask_free(full);
    pp_mask_free(empty);
    pp_mask_free(none);
    pp_mask_free(NULL); /* a no-op */
}

/* The layouts the C# binding mirrors. */
static void test_layout(void)
{
    CHECK(sizeof(pp_status) == 4);
    CHECK(sizeof(pp_bounds) == 16);
    CHECK(sizeof(pp_point) == 16);
    CHECK(sizeof(pp_mask_options) == 28);
    CHECK(offsetof(pp_mask_options, internal_cookie) == 0);
    CHECK(offsetof(pp_mask_options, threshold) == 4);
    CHECK(offsetof(pp_mask_options, flip_x) == 5);
    CHECK(offsetof(pp_mask_options, flip_y) == 6);
    CHECK(offsetof(pp_mask_options, has_color_key) == 7);
    CHECK(offsetof(pp_mask_options, color_key) == 8);
    CHECK(offsetof(pp_mask_options, has_region) == 11);
    CHECK(offsetof(pp_mask_options, region) == 12);
    CHECK(offsetof(pp_sprite, x) == sizeof(void *));
    CHECK(offsetof(pp_sprite, pixel_collision) == sizeof(void *) + 8);
    CHECK(sizeof(pp_sprite) == (sizeof(void *) == 8 ? 24 : 16));
}

/* The process-wide size limit: default, refused 0, a lower limit for every constructor,
 * restored at the end. */
static void test_size_limit(void)
{
    pp_mask *m = SENTINEL_MASK;
    uint8_t alpha[11 * 10];
    memset(alpha, 255, sizeof alpha);
    CHECK(pp_max_mask_pixels() == PP_MAX_MASK_PIXELS);
    CHECK(PP_MAX_MASK_PIXELS == 67108864ULL);
    CHECK_ERR(pp_set_max_mask_pixels(0), PP_ERR_INVALID_ARGUMENT, "at least 1");
    CHECK(pp_max_mask_pixels() == PP_MAX_MASK_PIXELS);

    CHECK_OK(pp_set_max_mask_pixels(100));
    CHECK(pp_max_mask_pixels() == 100);
    CHECK_OK(pp_mask_new(10, 10, 1, &m));
    pp_mask_free(m);
    m = SENTINEL_MASK;
    CHECK_ERR(pp_mask_new(11, 10, 1, &m), PP_ERR_TOO_LARGE, "100 pixels in all");
    CHECK_ERR(pp_mask_from_pixels(alpha, sizeof alpha, PP_FORMAT_A8, 11, 10, 11, NULL, &m),
              PP_ERR_TOO_LARGE, "11x10");
    CHECK(m == SENTINEL_MASK);
#ifndef PERPIXEL_TEST_NO_IMAGE
    CHECK_OK(pp_set_max_mask_pixels(11)); /* the 4x3 sprite PNG has 12 pixels */
    CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, NULL, &m),
              PP_ERR_TOO_LARGE, "4x3");
    CHECK(m == SENTINEL_MASK);
    CHECK_OK(pp_set_max_mask_pixels(12));
    CHECK_OK(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, NULL, &m));
    CHECK(m != SENTINEL_MASK && m != NULL);
    pp_mask_free(m);
#endif
    CHECK_OK(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
    CHECK(pp_max_mask_pixels() == PP_MAX_MASK_PIXELS);
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
static void test_options_cookie(void)
{
    static const uint8_t alpha[3] = {0, 100, 255};
    pp_mask *m = SENTINEL_MASK;
    uint64_t count = 0;
    size_t i;

    {
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
    {
        /* What uninitialised stack or heap memory looks like: fill patterns and noise. */
        static const uint8_t fills[] = {0xCC, 0xCD, 0xAB, 0xFF, 0x01};
        uint32_t seed = 12345u;
        pp_mask_options garbage;
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
    {
        /* Another struct passed where pp_mask_options belongs: a pp_bounds' first field is
         * not the cookie. */
        pp_bounds wrong[2] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
        CHECK_ERR(pp_mask_from_pixels(alpha, 3, PP_FORMAT_A8, 3, 1, 3,
                                      (const pp_mask_options *)(const void *)wrong, &m),
                  PP_ERR_INVALID_ARGUMENT, "pp_mask_options_default()");
        CHECK(m == SENTINEL_MASK);
    }
#ifndef PERPIXEL_TEST_NO_IMAGE
    {
        pp_mask_options zeroed = {0};
        CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, &zeroed, &m),
                  PP_ERR_INVALID_ARGUMENT, "pp_mask_options_default()");
        CHECK_ERR(pp_mask_from_image_path("no-such-file.png", &zeroed, &m),
                  PP_ERR_INVALID_ARGUMENT, "pp_mask_options_default()");
        CHECK(m == SENTINEL_MASK);
    }
#endif
    {
        /* The default, NULL, and an explicit threshold 0 (every pixel solid). */
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
}

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

static void test_from_pixels(void)
{
    /* One extra byte in front so the pixel data starts at an odd address. */
    static uint8_t storage[1 + (AW * 4 + PAD) * AH];
    uint8_t *buf = storage + 1;
    pp_mask_options o;
    pp_mask *m = SENTINEL_MASK;
    pp_mask *first = NULL;
    char label[80];
    int i;

    for (i = 0; i < N_FORMATS; i++) {
        uint32_t f = FORMATS[i];
        size_t stride = AW * bytes_per_pixel(f) + PAD;
        size_t len = fill_atlas(buf, f, stride);
        uint64_t count = 0, area = 0;
        int has_colour = f != PP_FORMAT_A8;

        /* The frame, cut out of the atlas through a region. */
        o = pp_mask_options_default();
        o.has_region = 1;
        o.region.x = REGION_X;
        o.region.y = REGION_Y;
        o.region.width = FW;
        o.region.height = FH;
        m = NULL;
        CHECK_OK(pp_mask_from_pixels(buf, len, f, AW, AH, (int32_t)stride, &o, &m));
        snprintf(label, sizeof label, "%s region, threshold 1", FORMAT_NAMES[i]);
        check_frame_mask(m, 1, 0, 0, label, __LINE__);
        if (first == NULL) {
            first = m;
        } else {
            /* Same pixels whatever the format: they overlap on every solid pixel. */
            CHECK_OK(pp_mask_overlap_area(first, m, 0, 0, &area));
            CHECK_OK(pp_mask_count(m, &count));
            CHECK(area == count && count == 8);
            pp_mask_free(m);
        }

        /* Thresholds ('h' has alpha 100) and the flip. */
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
            for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
                o.threshold = variants[v].threshold;
                o.flip_y = (variants[v].flip & FLIP_Y) ? 1 : 0;
                o.flip_x = (variants[v].flip & FLIP_X) ? 9 : 0; /* any nonzero is true */
                CHECK_OK(pp_mask_from_pixels(buf, len, f, AW, AH, (int32_t)stride, &o, &m));
                snprintf(label, sizeof label, "%s region %s", FORMAT_NAMES[i], variants[v].what);
                check_frame_mask(m, variants[v].threshold, variants[v].flip, 0, label, __LINE__);
                pp_mask_free(m);
            }
            o.threshold = 1;
            o.flip_y = 0;
            o.flip_x = 0;
        }

        /* Colour key (green) empties the 'h' pixels; not allowed with A8. */
        o.has_color_key = 7;
        o.color_key[0] = 0;
        o.color_key[1] = 255;
        o.color_key[2] = 0;
        if (has_colour) {
            CHECK_OK(pp_mask_from_pixels(buf, len, f, AW, AH, (int32_t)stride, &o, &m));
            snprintf(label, sizeof label, "%s colour key green", FORMAT_NAMES[i]);
            check_frame_mask(m, 1, 0, 1, label, __LINE__);
            pp_mask_free(m);
        } else {
            m = SENTINEL_MASK;
            CHECK_ERR(pp_mask_from_pixels(buf, len, f, AW, AH, (int32_t)stride, &o, &m),
                      PP_ERR_INVALID_ARGUMENT, "colour key");
            CHECK(m == SENTINEL_MASK);
        }

        /* The whole atlas, options NULL: the '#' border is opaque. */
        CHECK_OK(pp_mask_from_pixels(buf, len, f, AW, AH, (int32_t)stride, NULL, &m));
        {
            int32_t w = 0, h = 0;
            uint8_t s = SENTINEL_U8;
            CHECK_OK(pp_mask_size(m, &w, &h));
            CHECK(w == AW && h == AH);
            CHECK_OK(pp_mask_count(m, &count));
            CHECK(count == AW * AH - FW * FH + 8);
            CHECK_OK(pp_mask_is_solid(m, REGION_X + 1, REGION_Y, &s));
            CHECK(s == 0);
        }
        pp_mask_free(m);

        /* The exact buffer length is enough; one byte less is not. */
        m = SENTINEL_MASK;
        CHECK_ERR(pp_mask_from_pixels(buf, len - 1, f, AW, AH, (int32_t)stride, NULL, &m),
                  PP_ERR_BUFFER_TOO_SMALL, "pixel buffer too small");
        CHECK(m == SENTINEL_MASK);
        /* Stride one byte short of a row. */
        CHECK_ERR(pp_mask_from_pixels(buf, len, f, AW, AH,
                                      (int32_t)(AW * bytes_per_pixel(f) - 1), NULL, &m),
                  PP_ERR_STRIDE_TOO_SMALL, "stride too small");
        CHECK(m == SENTINEL_MASK);
    }
    pp_mask_free(first);

    /* Error paths with an RGBA atlas. */
    {
        size_t stride = AW * 4 + PAD;
        size_t len = fill_atlas(buf, PP_FORMAT_RGBA8, stride);
        int32_t s = (int32_t)stride;
        m = SENTINEL_MASK;
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

        o = pp_mask_options_default();
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

        /* has_region 0 ignores a nonsense region. */
        o.has_region = 0;
        CHECK_OK(pp_mask_from_pixels(buf, len, PP_FORMAT_RGBA8, AW, AH, s, &o, &m));
        CHECK(m != SENTINEL_MASK);
        pp_mask_free(m);
    }

    /* NULL data is fine for an empty image. */
    {
        int32_t w = -1, h = -1;
        m = SENTINEL_MASK;
        CHECK_OK(pp_mask_from_pixels(NULL, 0, PP_FORMAT_RGBA8, 0, 5, 0, NULL, &m));
        CHECK_OK(pp_mask_size(m, &w, &h));
        CHECK(w == 0 && h == 5);
        pp_mask_free(m);
        CHECK_OK(pp_mask_from_pixels(NULL, 0, PP_FORMAT_A8, 6, 0, 6, NULL, &m));
        CHECK_OK(pp_mask_size(m, &w, &h));
        CHECK(w == 6 && h == 0);
        pp_mask_free(m);
    }
}

#ifndef PERPIXEL_TEST_NO_IMAGE
static void test_images(const char *scratch)
{
    pp_mask *m = SENTINEL_MASK, *from_path = SENTINEL_MASK;
    pp_mask_options o = pp_mask_options_default();
    char path[1024];
    unsigned char corrupt[sizeof SPRITE_PNG];
    static const unsigned char garbage[] = "this is not an image at all, just text";
    uint64_t count = 0, area = 0;
    size_t i;

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

    /* A region of the PNG: column 3 = 'h', '.', 'X' (top to bottom). */
    o = pp_mask_options_default();
    o.has_region = 1;
    o.region.x = 3;
    o.region.y = 0;
    o.region.width = 1;
    o.region.height = 3;
    CHECK_OK(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, &o, &m));
    {
        int32_t w = 0, h = 0;
        uint8_t s0 = 9, s1 = 9, s2 = 9;
        CHECK_OK(pp_mask_size(m, &w, &h));
        CHECK(w == 1 && h == 3);
        CHECK_OK(pp_mask_is_solid(m, 0, 0, &s0));
        CHECK_OK(pp_mask_is_solid(m, 0, 1, &s1));
        CHECK_OK(pp_mask_is_solid(m, 0, 2, &s2));
        CHECK(s0 == 1 && s1 == 0 && s2 == 1);
    }
    pp_mask_free(m);
    o.region.width = 5;
    m = SENTINEL_MASK;
    CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, &o, &m),
              PP_ERR_REGION_OUT_OF_BOUNDS, "is not inside");
    CHECK(m == SENTINEL_MASK);

    /* Decode errors. */
    CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG / 2, NULL, &m),
              PP_ERR_DECODE, "cannot decode");
    CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, 20, NULL, &m), PP_ERR_DECODE,
              "cannot decode");
    memcpy(corrupt, SPRITE_PNG, sizeof corrupt);
    for (i = 41; i < sizeof corrupt - 12; i++) {
        corrupt[i] ^= 0x5A; /* scramble the compressed pixel data */
    }
    CHECK_ERR(pp_mask_from_image_bytes(corrupt, sizeof corrupt, NULL, &m), PP_ERR_DECODE,
              "cannot decode");
    CHECK_ERR(pp_mask_from_image_bytes(garbage, sizeof garbage, NULL, &m), PP_ERR_DECODE,
              "unknown image format");
    CHECK_ERR(pp_mask_from_image_bytes(garbage, 0, NULL, &m), PP_ERR_DECODE, "cannot decode");
    CHECK_ERR(pp_mask_from_image_bytes(NULL, 10, NULL, &m), PP_ERR_NULL_POINTER, "`data`");
    CHECK_ERR(pp_mask_from_image_bytes(SPRITE_PNG, sizeof SPRITE_PNG, NULL, NULL),
              PP_ERR_NULL_POINTER, "`out`");
    CHECK(m == SENTINEL_MASK);

    /* From a file in the scratch dir (a non-ASCII UTF-8 name). */
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

    o = pp_mask_options_default();
    o.flip_y = 1;
    CHECK_OK(pp_mask_from_image_path(path, &o, &m));
    check_frame_mask(m, 1, 1, 0, "PNG file, flip_y", __LINE__);
    pp_mask_free(m);

    m = SENTINEL_MASK;
    snprintf(path, sizeof path, "%s/missing.png", scratch);
    CHECK_ERR(pp_mask_from_image_path(path, NULL, &m), PP_ERR_IO, "missing.png");
    snprintf(path, sizeof path, "%s/corrupt.png", scratch);
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

static void test_bounds(void)
{
    const pp_bounds a = {0, 0, 10, 10};
    const pp_bounds right_touch = {10, 0, 5, 10};
    const pp_bounds below_touch = {0, 10, 10, 5};
    const pp_bounds corner = {9, 9, 5, 5};
    const pp_bounds empty_w = {2, 2, 0, 5};
    const pp_bounds negative_h = {2, 2, 5, -3};
    const pp_bounds max = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
    const pp_bounds min = {INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX};
    const pp_bounds right = {-5, -5, INT32_MAX, INT32_MAX};
    const pp_bounds h = {-2, 3, 4, 5};
    pp_bounds out = SENTINEL_BOUNDS;
    uint8_t has = SENTINEL_U8;

    CHECK(pp_bounds_overlaps(a, corner) == 1);
    CHECK(pp_bounds_overlaps(corner, a) == 1);
    CHECK(pp_bounds_overlaps(a, right_touch) == 0);
    CHECK(pp_bounds_overlaps(a, below_touch) == 0);
    CHECK(pp_bounds_overlaps(a, empty_w) == 0);
    CHECK(pp_bounds_overlaps(empty_w, empty_w) == 0);
    CHECK(pp_bounds_overlaps(a, negative_h) == 0);
    CHECK(pp_bounds_overlaps(max, max) == 1);
    CHECK(pp_bounds_overlaps(min, max) == 0);

    CHECK(pp_bounds_contains(h, -2, 3) == 1);
    CHECK(pp_bounds_contains(h, 1, 7) == 1);
    CHECK(pp_bounds_contains(h, 2, 7) == 0);
    CHECK(pp_bounds_contains(h, 1, 8) == 0);
    CHECK(pp_bounds_contains(h, -3, 3) == 0);
    CHECK(pp_bounds_contains(empty_w, 2, 2) == 0);
    CHECK(pp_bounds_contains(max, INT32_MAX, INT32_MAX) == 1);
    CHECK(pp_bounds_contains(min, INT32_MIN, INT32_MIN) == 1);
    CHECK(pp_bounds_contains(min, -1, -1) == 0);

    CHECK(pp_bounds_is_empty(empty_w) == 1);
    CHECK(pp_bounds_is_empty(negative_h) == 1);
    CHECK(pp_bounds_is_empty(a) == 0);

    CHECK(pp_bounds_x_min(h) == -2);
    CHECK(pp_bounds_x_max(h) == 2);
    CHECK(pp_bounds_y_min(h) == 3);
    CHECK(pp_bounds_y_max(h) == 8);
    CHECK(pp_bounds_x_max(max) == 2 * (int64_t)INT32_MAX);
    CHECK(pp_bounds_y_max(max) == 2 * (int64_t)INT32_MAX);
    CHECK(pp_bounds_x_min(min) == (int64_t)INT32_MIN);
    CHECK(pp_bounds_y_min(min) == (int64_t)INT32_MIN);
    CHECK(pp_bounds_x_max(min) == -1);

    CHECK_OK(pp_bounds_intersection(a, corner, &has, &out));
    CHECK(has == 1 && bounds_eq(out, 9, 9, 1, 1));
    CHECK_OK(pp_bounds_intersection(min, right, &has, &out));
    CHECK(has == 1 && bounds_eq(out, -5, -5, 4, 4));
    CHECK_OK(pp_bounds_intersection(max, max, &has, &out));
    CHECK(has == 1 && bounds_eq(out, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX));
    has = SENTINEL_U8;
    out = SENTINEL_BOUNDS;
    CHECK_OK(pp_bounds_intersection(a, right_touch, &has, &out));
    CHECK(has == 0 && bounds_eq(out, 0, 0, 0, 0));
    has = SENTINEL_U8;
    out = SENTINEL_BOUNDS;
    CHECK_OK(pp_bounds_intersection(a, empty_w, &has, &out));
    CHECK(has == 0 && bounds_eq(out, 0, 0, 0, 0));

    has = SENTINEL_U8;
    out = SENTINEL_BOUNDS;
    CHECK_ERR(pp_bounds_intersection(a, corner, NULL, &out), PP_ERR_NULL_POINTER,
              "`has_overlap`");
    CHECK_ERR(pp_bounds_intersection(a, corner, &has, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(has == SENTINEL_U8 && is_sentinel_bounds(out));

    {
        const pp_bounds outer = {-10, -10, 100, 100};
        const pp_bounds inner = {5, 6, 7, 8};
        CHECK_OK(pp_bounds_to_local(outer, inner, &out));
        CHECK(bounds_eq(out, 15, 16, 7, 8));
        CHECK_OK(pp_bounds_to_local(max, max, &out));
        CHECK(bounds_eq(out, 0, 0, INT32_MAX, INT32_MAX));
        out = SENTINEL_BOUNDS;
        CHECK_ERR(pp_bounds_to_local(min, max, &out), PP_ERR_OVERFLOW, "overflow");
        CHECK(is_sentinel_bounds(out));
        CHECK_ERR(pp_bounds_to_local(outer, inner, NULL), PP_ERR_NULL_POINTER, "`out`");

        /* to_global undoes to_local. */
        const pp_bounds local = {15, 16, 7, 8};
        CHECK_OK(pp_bounds_to_global(outer, local, &out));
        CHECK(bounds_eq(out, 5, 6, 7, 8));
        out = SENTINEL_BOUNDS;
        CHECK_ERR(pp_bounds_to_global(max, local, &out), PP_ERR_OVERFLOW, "overflow");
        CHECK(is_sentinel_bounds(out));
        CHECK_ERR(pp_bounds_to_global(outer, local, NULL), PP_ERR_NULL_POINTER, "`out`");

        /* Areas in 64 bits; empty rectangles hold nothing. */
        CHECK(pp_bounds_area(inner) == 56);
        CHECK(pp_bounds_area(max) == (uint64_t)INT32_MAX * (uint64_t)INT32_MAX);
        const pp_bounds negative = {0, 0, -3, 5};
        CHECK(pp_bounds_area(negative) == 0);
    }
}

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

/* Runs the four sprite queries and compares them with the expected values; the overlap
 * mask's pixel (ox, oy) must be solid when expected_area is 1. */
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

static void test_queries(void)
{
    pp_mask *diag = make_diagonal();
    pp_mask *block = NULL, *dot = NULL, *om = SENTINEL_MASK;
    pp_sprite a, b, bad;
    uint8_t hit = SENTINEL_U8, found = SENTINEL_U8;
    pp_point p = SENTINEL_POINT;
    uint64_t area = SENTINEL_U64, count = 0;
    pp_bounds ob = SENTINEL_BOUNDS;
    uint8_t s = 0;

    CHECK_OK(pp_mask_new(3, 3, 1, &block));
    CHECK_OK(pp_mask_new(1, 1, 1, &dot));

    a.mask = diag;
    a.x = 10;
    a.y = 20;
    a.pixel_collision = 1;
    b.mask = block;
    b.x = 13;
    b.y = 21;
    b.pixel_collision = 1;
    {
        /* Intersection {13, 21, 3, 3}: diagonal pixel (3, 3) is world (13, 23). */
        const pp_bounds inter = {13, 21, 3, 3};
        const pp_bounds none = {0, 0, 0, 0};
        const pp_bounds dot_at = {11, 20, 1, 1};
        check_sprite_queries(&a, &b, 1, 13, 23, 1, inter, "diagonal vs block", __LINE__);
        check_sprite_queries(&b, &a, 1, 13, 23, 1, inter, "block vs diagonal", __LINE__);
        CHECK_OK(pp_overlap_mask(&a, &b, &om, &ob));
        CHECK_OK(pp_mask_is_solid(om, 0, 2, &s));
        CHECK(s == 1);
        CHECK_OK(pp_mask_is_solid(om, 0, 0, &s));
        CHECK(s == 0);
        pp_mask_free(om);

        /* Bounds-only: the diagonal sprite collides as its rectangle. */
        a.pixel_collision = 0;
        check_sprite_queries(&a, &b, 1, 13, 21, 9, inter, "bounds-only diagonal vs block",
                             __LINE__);
        a.pixel_collision = 1;

        /* Touching edges: no overlap at all, a NULL overlap mask. */
        b.x = 18;
        b.y = 20;
        check_sprite_queries(&a, &b, 0, 0, 0, 0, none, "touching", __LINE__);

        /* Rectangles overlap, pixels miss. */
        b.mask = dot;
        b.x = 11;
        b.y = 20;
        check_sprite_queries(&a, &b, 0, 0, 0, 0, dot_at, "dot beside the diagonal", __LINE__);
        b.pixel_collision = 0; /* a bounds-only dot still needs a solid pixel of a */
        check_sprite_queries(&a, &b, 0, 0, 0, 0, dot_at, "bounds-only dot beside", __LINE__);
        b.pixel_collision = 1;
        b.x = 11;
        b.y = 21;
        {
            const pp_bounds dot_on = {11, 21, 1, 1};
            check_sprite_queries(&a, &b, 1, 11, 21, 1, dot_on, "dot on the diagonal",
                                 __LINE__);
        }
    }

    /* NULL pointers: nothing written. */
    b.mask = block;
    b.x = 13;
    b.y = 21;
    bad = a;
    bad.mask = NULL;
    hit = SENTINEL_U8;
    found = SENTINEL_U8;
    p = SENTINEL_POINT;
    area = SENTINEL_U64;
    om = SENTINEL_MASK;
    ob = SENTINEL_BOUNDS;
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

    /* pygame style: b at an offset from a at the origin. */
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

    /* Negative offset: only the corner pixel (0, 0) is shared. */
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

    /* Misses: overlapping rectangles without shared pixels, and touching edges. */
    found = SENTINEL_U8;
    p = SENTINEL_POINT;
    CHECK_OK(pp_mask_collides(diag, dot, 1, 0, &hit));
    CHECK(hit == 0);
    CHECK_OK(pp_mask_first_contact(diag, dot, 1, 0, &found, &p));
    CHECK(found == 0 && p.x == 0 && p.y == 0);
    CHECK_OK(pp_mask_overlap_mask(diag, dot, 1, 0, &om, &ob));
    CHECK(bounds_eq(ob, 1, 0, 1, 1));
    CHECK_OK(pp_mask_count(om, &count));
    CHECK(count == 0);
    pp_mask_free(om);
    CHECK_OK(pp_mask_collides(diag, block, 8, 0, &hit));
    CHECK(hit == 0);
    ob = SENTINEL_BOUNDS;
    om = SENTINEL_MASK;
    /* Bounds that do not overlap: no overlap (a NULL mask and {0, 0, 0, 0}), PP_OK. */
    CHECK_OK(pp_mask_overlap_mask(diag, block, 8, 0, &om, &ob));
    CHECK(bounds_eq(ob, 0, 0, 0, 0));
    CHECK(om == NULL);
    CHECK_OK(pp_mask_collides(diag, block, INT32_MIN, INT32_MAX, &hit));
    CHECK(hit == 0);

    /* NULL pointers, pygame style. */
    hit = SENTINEL_U8;
    found = SENTINEL_U8;
    p = SENTINEL_POINT;
    area = SENTINEL_U64;
    om = SENTINEL_MASK;
    ob = SENTINEL_BOUNDS;
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

    /* Near INT32_MAX: a contact pixel past INT32_MAX is reported exactly in 64 bits. */
    {
        static const uint8_t alpha[2] = {0, 255};
        pp_mask *edge = NULL;
        pp_sprite e1, e2;
        CHECK_OK(pp_mask_from_pixels(alpha, sizeof alpha, PP_FORMAT_A8, 2, 1, 2, NULL, &edge));
        e1.mask = edge;
        e1.x = INT32_MAX;
        e1.y = -4;
        e1.pixel_collision = 1;
        e2 = e1;
        CHECK_OK(pp_collides(&e1, &e2, &hit));
        CHECK(hit == 1);
        CHECK_OK(pp_overlap_area(&e1, &e2, &area));
        CHECK(area == 1);
        found = SENTINEL_U8;
        p = SENTINEL_POINT;
        CHECK_OK(pp_first_contact(&e1, &e2, &found, &p));
        CHECK(found == 1 && p.x == (int64_t)INT32_MAX + 1 && p.y == -4);
        e1.x = INT32_MAX - 1;
        e2.x = INT32_MAX - 1;
        CHECK_OK(pp_first_contact(&e1, &e2, &found, &p));
        CHECK(found == 1 && p.x == INT32_MAX && p.y == -4);
        pp_mask_free(edge);
    }

    pp_mask_free(diag);
    pp_mask_free(block);
    pp_mask_free(dot);
}

int main(int argc, char **argv)
{
    g_verbose = 1; /* print every check, not only failures */
    if (argc != 3) {
        fprintf(stderr, "usage: %s <scratch-dir> <expected-version>\n", argv[0]);
        return 2;
    }
    test_status_and_version(argv[2]);
    test_last_error();
    test_layout();
    test_options_default();
    test_options_cookie();
    test_sdl_packed_formats();
    test_mask_new_and_accessors();
    test_size_limit();
    test_from_pixels();
#ifndef PERPIXEL_TEST_NO_IMAGE
    test_images(argv[1]);
#else
    printf("(library built without the image feature: pp_mask_from_image_* not tested)\n");
#endif
    test_bounds();
    test_queries();

    return finish();
}
