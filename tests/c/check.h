/*
 * The shared kit of the C test programs (tests/c/test_*.c), so each program holds only its
 * scenarios:
 *
 * - checks: CHECK(cond), CHECK_OK(call), CHECK_ERR(call, status, needle), and finish(),
 *   which prints the "N passed, M failed" summary tests/c_abi.rs reads. Call them from
 *   one thread only. g_verbose = 1 prints every passing check too.
 * - sentinels: out-pointers are pre-filled with SENTINEL_* and must still hold them after
 *   a failure (is_sentinel_bounds, is_sentinel_point); bounds_eq compares a rectangle.
 * - pixel formats: FORMATS / FORMAT_NAMES (all N_FORMATS of them), bytes_per_pixel.
 * - placed sprites: sprite_at.
 * - bytes and files: crc32 (IEEE, as PNG and the baked format use), put_be32, put_le32,
 *   lcg_next (a reproducible generator), write_file, read_file.
 *
 * Everything but the checks is `static inline` (or a macro, or a `static const` object),
 * so a program that does not use a helper compiles without warnings under -Werror.
 */
#ifndef PERPIXEL_TEST_CHECK_H
#define PERPIXEL_TEST_CHECK_H

#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- checks ------------------------------------------------------------------------- */

static int g_passed;
static int g_failed;
/* 1: print every passing check too (default: failures and summaries only). */
static int g_verbose;

static void check(int ok, const char *what, int line)
{
    if (ok) {
        g_passed++;
        if (g_verbose) {
            printf("ok   line %d: %s\n", line, what);
        }
    } else {
        g_failed++;
        printf("FAIL line %d: %s\n", line, what);
    }
}

#define CHECK(cond) check(!!(cond), #cond, __LINE__)

/* A status check; for an expected failure also that the calling thread's last error
 * message is non-empty and contains `needle` (NULL: any non-empty message). */
static int check_status(pp_status got, pp_status want, const char *needle, const char *expr,
                        int line)
{
    const char *msg = pp_last_error_message();
    int ok = got == want;
    if (want != PP_OK) {
        ok = ok && msg != NULL && msg[0] != '\0' && (needle == NULL || strstr(msg, needle));
    }
    if (ok) {
        g_passed++;
        if (g_verbose) {
            printf("ok   line %d: %s == %s%s%s%s\n", line, expr, pp_status_text(want),
                   want == PP_OK ? "" : " (\"", want == PP_OK ? "" : msg,
                   want == PP_OK ? "" : "\")");
        }
    } else {
        g_failed++;
        printf("FAIL line %d: %s returned %d (%s), expected %d (%s); last error \"%s\"%s%s\n",
               line, expr, (int)got, pp_status_text(got), (int)want, pp_status_text(want),
               msg ? msg : "(null)", needle ? ", expected to contain " : "",
               needle ? needle : "");
    }
    return ok;
}

#define CHECK_OK(call) check_status((call), PP_OK, NULL, #call, __LINE__)
#define CHECK_ERR(call, status, needle) check_status((call), (status), (needle), #call, __LINE__)

/* ---- sentinels ---------------------------------------------------------------------- */

/* A real address no library call hands out, for the handle sentinels. */
static char g_sentinel_storage;
#define SENTINEL_MASK ((pp_mask *)&g_sentinel_storage)
#define SENTINEL_BUNDLE ((pp_bundle *)&g_sentinel_storage)
#define SENTINEL_U8 ((uint8_t)0xA5)
#define SENTINEL_I32 ((int32_t)0x5A5A5A5A)
#define SENTINEL_U64 ((uint64_t)0xDEADBEEFCAFEF00DULL)
#define SENTINEL_SIZE ((size_t)0x5A5A5A5A)
static const pp_bounds SENTINEL_BOUNDS = {-7, -7, -7, -7};
static const pp_point SENTINEL_POINT = {-9, -9};

static inline int bounds_eq(pp_bounds a, int32_t x, int32_t y, int32_t w, int32_t h)
{
    return a.x == x && a.y == y && a.width == w && a.height == h;
}

static inline int is_sentinel_bounds(pp_bounds b)
{
    return bounds_eq(b, SENTINEL_BOUNDS.x, SENTINEL_BOUNDS.y, SENTINEL_BOUNDS.width,
                     SENTINEL_BOUNDS.height);
}

static inline int is_sentinel_point(pp_point p)
{
    return p.x == SENTINEL_POINT.x && p.y == SENTINEL_POINT.y;
}

/* ---- pixel formats and sprites ------------------------------------------------------ */

#define N_FORMATS 6
static const uint32_t FORMATS[N_FORMATS] = {PP_FORMAT_RGBA8, PP_FORMAT_BGRA8, PP_FORMAT_ARGB32,
                                            PP_FORMAT_A8,    PP_FORMAT_ARGB8, PP_FORMAT_ABGR8};
static const char *const FORMAT_NAMES[N_FORMATS] = {"RGBA8", "BGRA8", "ARGB32",
                                                    "A8",    "ARGB8", "ABGR8"};

static inline int32_t bytes_per_pixel(uint32_t format)
{
    return format == PP_FORMAT_A8 ? 1 : 4;
}

/* A sprite placed at (x, y); pixel_collision 0 makes it bounds-only. */
static inline pp_sprite sprite_at(const pp_mask *mask, int32_t x, int32_t y,
                                  uint8_t pixel_collision)
{
    pp_sprite s;
    s.mask = mask;
    s.x = x;
    s.y = y;
    s.pixel_collision = pixel_collision;
    return s;
}

/* ---- bytes and files ---------------------------------------------------------------- */

/* CRC-32 (IEEE), as PNG chunks and the baked format use: to forge data whose checksum
 * is right. */
static inline uint32_t crc32(const uint8_t *p, size_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    size_t i;
    int k;
    for (i = 0; i < n; i++) {
        crc ^= p[i];
        for (k = 0; k < 8; k++) {
            crc = (crc & 1u) ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
        }
    }
    return ~crc;
}

static inline void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static inline void put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* Advances a linear congruential generator and returns its new state: the same seed
 * gives the same bytes on every run (use the high bits). */
static inline uint32_t lcg_next(uint32_t *state)
{
    *state = *state * 1103515245u + 12345u;
    return *state;
}

/* Writes `len` bytes to `path`; 1 on success. */
static inline int write_file(const char *path, const unsigned char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    size_t written;
    if (f == NULL) {
        return 0;
    }
    written = len == 0 ? 0 : fwrite(data, 1, len, f);
    return fclose(f) == 0 && written == len;
}

/* Reads a whole file (malloc'd, the caller frees it); *len receives its size. NULL on
 * failure. */
static inline uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data;
    long size;
    if (f == NULL) {
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    data = (uint8_t *)malloc((size_t)size + 1);
    if (data != NULL && fread(data, 1, (size_t)size, f) != (size_t)size) {
        free(data);
        data = NULL;
    }
    fclose(f);
    *len = (size_t)size;
    return data;
}

/* ---- the summary -------------------------------------------------------------------- */

/* Prints the summary line and returns the exit status. */
static int finish(void)
{
    (void)g_sentinel_storage; /* used through SENTINEL_MASK by most programs, not all */
    printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}

#endif /* PERPIXEL_TEST_CHECK_H */
