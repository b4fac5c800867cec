/*
 * C test of the baked-mask C ABI: pp_mask_from_baked, pp_mask_to_baked and pp_bundle_*,
 * on files baked by tests/c_abi.rs from sprites it made (tests/common/mod.rs): every
 * baked mask must equal, pixel for pixel and in every query, the mask this program builds
 * from the same PNG with pp_mask_from_image_path. Then every error path.
 * Built with gcc -std=c99 -Wall -Wextra -Werror -I include; needs the `image` feature.
 *
 * usage: test_bake <scratch-dir>
 *   <scratch-dir>/sprites/...          the sprite PNGs (names as in the bundles)
 *   <scratch-dir>/folder.ppmk          the folder, threshold 1
 *   <scratch-dir>/atlas.ppmk           the TexturePacker atlas (hash form), threshold 1
 *   <scratch-dir>/atlas_t128_flip.ppmk the atlas (array form), threshold 128, flip_y
 *   <scratch-dir>/single.ppmk          sprites/w65.png alone, threshold 1
 * Prints each check, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* Writes the baked format's checksum (CRC-32 of everything before it, little-endian) into
 * the last 4 bytes: to forge files the reader checks past the checksum. */
static void fix_crc(uint8_t *p, size_t n)
{
    put_le32(p + n - 4, crc32(p, n - 4));
}

/* Number of pixels where the two masks differ (or -1 when the sizes differ). */
static long pixel_differences(const pp_mask *a, const pp_mask *b)
{
    int32_t wa = -1, ha = -1, wb = -2, hb = -2, x, y;
    long diff = 0;
    pp_mask_size(a, &wa, &ha);
    pp_mask_size(b, &wb, &hb);
    if (wa != wb || ha != hb) {
        return -1;
    }
    for (y = -1; y <= ha; y++) {
        for (x = -1; x <= wa; x++) {
            uint8_t sa = 7, sb = 9;
            pp_mask_is_solid(a, x, y, &sa);
            pp_mask_is_solid(b, x, y, &sb);
            diff += sa != sb;
        }
    }
    return diff;
}

/* Number of pair queries (at several offsets) whose answers differ between the pair
 * (a1, b1) and the pair (a2, b2). *asked receives how many were asked. */
static long query_differences(const pp_mask *a1, const pp_mask *b1, const pp_mask *a2,
                              const pp_mask *b2, long *asked)
{
    static const int32_t offsets[][2] = {{0, 0}, {3, -2}, {-5, 4}, {20, 7}, {-1, -1}, {60, 1}};
    long diff = 0;
    size_t i;
    for (i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
        int32_t dx = offsets[i][0], dy = offsets[i][1];
        uint8_t c1 = 5, c2 = 6, f1 = 5, f2 = 6;
        pp_point p1 = {-1, -1}, p2 = {-2, -2};
        uint64_t n1 = 1, n2 = 2;
        pp_sprite s1a = {a1, 10, 20, 1}, s1b = {b1, 10 + dx, 20 + dy, 1};
        pp_sprite s2a = {a2, 10, 20, 1}, s2b = {b2, 10 + dx, 20 + dy, 1};
        pp_mask *o1 = NULL, *o2 = NULL;
        pp_bounds ob1 = {0, 0, 0, 0}, ob2 = {1, 1, 1, 1};
        diff += pp_mask_collides(a1, b1, dx, dy, &c1) != PP_OK;
        diff += pp_mask_collides(a2, b2, dx, dy, &c2) != PP_OK;
        diff += c1 != c2;
        diff += pp_mask_first_contact(a1, b1, dx, dy, &f1, &p1) != PP_OK;
        diff += pp_mask_first_contact(a2, b2, dx, dy, &f2, &p2) != PP_OK;
        diff += f1 != f2 || p1.x != p2.x || p1.y != p2.y;
        diff += pp_mask_overlap_area(a1, b1, dx, dy, &n1) != PP_OK;
        diff += pp_mask_overlap_area(a2, b2, dx, dy, &n2) != PP_OK;
        diff += n1 != n2;
        diff += pp_collides(&s1a, &s1b, &c1) != PP_OK;
        diff += pp_collides(&s2a, &s2b, &c2) != PP_OK;
        diff += c1 != c2;
        diff += pp_overlap_mask(&s1a, &s1b, &o1, &ob1) != PP_OK;
        diff += pp_overlap_mask(&s2a, &s2b, &o2, &ob2) != PP_OK;
        diff += memcmp(&ob1, &ob2, sizeof ob1) != 0;
        if (o1 != NULL && o2 != NULL) {
            diff += pixel_differences(o1, o2) != 0;
        }
        pp_mask_free(o1);
        pp_mask_free(o2);
        *asked += 5;
    }
    return diff;
}

/* ---- baked bundles equal the PNGs --------------------------------------------------- */

#define MAX_NAMES 32

/* One baked bundle, loaded by path and by bytes, and for each of its masks (in the
 * bundle's order) its name, the bundle's mask and the mask built from sprites/NAME. */
struct loaded {
    const char *file;
    pp_bundle *by_path, *by_bytes;
    size_t count;
    char names[MAX_NAMES][256];
    pp_mask *baked[MAX_NAMES], *direct[MAX_NAMES];
};

/* Loads <scratch>/file by path and by bytes: both hold the 10 sprites. */
static void open_bundle(const char *scratch, const char *file, struct loaded *l)
{
    char path[1024], what[1200];
    size_t count2 = 0, len = 0;
    uint8_t *bytes;
    memset(l, 0, sizeof *l);
    l->file = file;
    l->by_path = SENTINEL_BUNDLE;
    l->by_bytes = SENTINEL_BUNDLE;
    l->count = SENTINEL_SIZE;
    snprintf(path, sizeof path, "%s/%s", scratch, file);
    CHECK_OK(pp_bundle_from_path(path, &l->by_path));
    bytes = read_file(path, &len);
    CHECK(bytes != NULL && len > 16);
    CHECK_OK(pp_bundle_from_bytes(bytes, len, &l->by_bytes));
    free(bytes);
    CHECK_OK(pp_bundle_count(l->by_path, &l->count));
    CHECK_OK(pp_bundle_count(l->by_bytes, &count2));
    snprintf(what, sizeof what, "%s holds 10 masks (by path %zu, by bytes %zu)", file, l->count,
             count2);
    check(l->count == 10 && count2 == 10, what, __LINE__);
    if (l->count > MAX_NAMES) {
        l->count = 0;
    }
}

/* Mask i of the bundle: its name by the buffer convention, the same mask by path and by
 * bytes, equal to the PNG's mask (built with `threshold` and `flip_y`) in pixels, count
 * and solid bounds. */
static void compare_mask(const char *scratch, struct loaded *l, size_t i, uint8_t threshold,
                         uint8_t flip_y)
{
    char path[1024], what[1200];
    size_t name_len = SENTINEL_SIZE, again = 0;
    uint8_t found = 9, found2 = 9;
    pp_mask *from_bytes = NULL;
    long d;
    uint64_t cb = 1, cd = 2;
    uint8_t hb = 3, hd = 4;
    pp_bounds bb = {0, 0, 0, 0}, bd = {1, 1, 1, 1};
    pp_mask_options o = pp_mask_options_default();
    o.threshold = threshold;
    o.flip_y = flip_y;
    CHECK_OK(pp_bundle_name_at(l->by_path, i, NULL, 0, &name_len));
    /* The buffer convention: the size counts the NUL. */
    CHECK(name_len > 1 && name_len <= sizeof l->names[i]);
    CHECK_OK(pp_bundle_name_at(l->by_path, i, l->names[i], sizeof l->names[i], &again));
    CHECK(again == name_len && strlen(l->names[i]) + 1 == name_len);
    CHECK_OK(pp_bundle_get(l->by_path, l->names[i], &found, &l->baked[i]));
    CHECK_OK(pp_bundle_get(l->by_bytes, l->names[i], &found2, &from_bytes));
    CHECK(found == 1 && found2 == 1 && l->baked[i] != NULL);
    snprintf(path, sizeof path, "%s/sprites/%s", scratch, l->names[i]);
    CHECK_OK(pp_mask_from_image_path(path, &o, &l->direct[i]));
    d = pixel_differences(l->baked[i], l->direct[i]);
    snprintf(what, sizeof what, "%s '%s' (threshold %u, flip %u) equals the PNG's mask: %ld "
             "differing pixels", l->file, l->names[i], threshold, flip_y, d);
    check(d == 0 && pixel_differences(from_bytes, l->direct[i]) == 0, what, __LINE__);
    pp_mask_count(l->baked[i], &cb);
    pp_mask_count(l->direct[i], &cd);
    pp_mask_solid_bounds(l->baked[i], &hb, &bb);
    pp_mask_solid_bounds(l->direct[i], &hd, &bd);
    CHECK(cb == cd && hb == hd && memcmp(&bb, &bd, sizeof bb) == 0);
    pp_mask_free(from_bytes);
}

/* Every pair query on every pair of baked masks answers as on the PNGs' masks. */
static void compare_queries(const struct loaded *l)
{
    char what[1200];
    long asked = 0, diff = 0;
    size_t i, j;
    for (i = 0; i < l->count; i++) {
        for (j = 0; j < l->count; j++) {
            diff += query_differences(l->baked[i], l->baked[j], l->direct[i], l->direct[j],
                                      &asked);
        }
    }
    snprintf(what, sizeof what, "%s: %ld pair queries, %ld differ between baked and PNG masks",
             l->file, asked, diff);
    check(diff == 0 && asked == (long)(l->count * l->count * 6 * 5), what, __LINE__);
}

/* Masks from pp_bundle_get share the bundle's bits (two lookups, one mask) and are
 * reference-counted: either side may be freed first. Valgrind and ASan check the counting
 * in the sanitizer runs. */
static void check_shared(const struct loaded *l)
{
    pp_mask *again = NULL;
    uint8_t found = 0;
    uint64_t n1 = 1, n2 = 2;
    CHECK_OK(pp_bundle_get(l->by_path, l->names[0], &found, &again));
    CHECK(found == 1 && again == l->baked[0]);
    pp_mask_free(again); /* one reference gone; baked[0] and the bundle still hold it */
    CHECK_OK(pp_mask_count(l->baked[0], &n1));
    CHECK_OK(pp_mask_count(l->direct[0], &n2));
    CHECK(n1 == n2);
}

/* Frees the bundles first: their masks outlive them. Then frees the masks. */
static void close_bundle(struct loaded *l)
{
    size_t i;
    pp_bundle_free(l->by_path);
    pp_bundle_free(l->by_bytes);
    for (i = 0; i < l->count; i++) {
        uint64_t n = 0, m = 1;
        CHECK_OK(pp_mask_count(l->baked[i], &n)); /* outlives the bundle */
        CHECK_OK(pp_mask_count(l->direct[i], &m));
        CHECK(n == m);
        pp_mask_free(l->baked[i]);
        pp_mask_free(l->direct[i]);
    }
}

/* Loads `file` (by path and by bytes), checks it holds the sprites, each equal to the mask
 * built from sprites/NAME with `threshold` and `flip_y`, in pixels and in queries. */
static void test_bundle(const char *scratch, const char *file, uint8_t threshold,
                        uint8_t flip_y)
{
    static struct loaded l;
    size_t i;
    open_bundle(scratch, file, &l);
    for (i = 0; i < l.count; i++) {
        compare_mask(scratch, &l, i, threshold, flip_y);
    }
    compare_queries(&l);
    check_shared(&l);
    close_bundle(&l);
}

/* ---- one mask ------------------------------------------------------------------------ */

static void test_single(const char *scratch)
{
    char path[1024];
    uint8_t *bytes, *again;
    size_t len = 0, size = SENTINEL_SIZE, written = SENTINEL_SIZE;
    pp_mask *m = SENTINEL_MASK, *direct = NULL, *back = SENTINEL_MASK;

    snprintf(path, sizeof path, "%s/single.ppmk", scratch);
    bytes = read_file(path, &len);
    CHECK(bytes != NULL);
    if (bytes == NULL) {
        return;
    }
    CHECK_OK(pp_mask_from_baked(bytes, len, &m));
    snprintf(path, sizeof path, "%s/sprites/w65.png", scratch);
    CHECK_OK(pp_mask_from_image_path(path, NULL, &direct));
    CHECK(pixel_differences(m, direct) == 0);

    /* Two-call size query, then the same bytes back. */
    CHECK_OK(pp_mask_to_baked(direct, NULL, 0, &size));
    CHECK(size == len);
    again = malloc(size);
    written = SENTINEL_SIZE;
    CHECK_ERR(pp_mask_to_baked(direct, again, size - 1, &written), PP_ERR_BUFFER_TOO_SMALL,
              "the baked mask takes");
    CHECK(written == SENTINEL_SIZE);
    CHECK_OK(pp_mask_to_baked(direct, again, size, &written));
    CHECK(written == size && memcmp(again, bytes, size) == 0);
    CHECK_OK(pp_mask_from_baked(again, written, &back));
    CHECK(pixel_differences(back, direct) == 0);
    CHECK_ERR(pp_mask_to_baked(NULL, again, size, &written), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_to_baked(direct, again, size, NULL), PP_ERR_NULL_POINTER, "`len`");
    free(again);
    pp_mask_free(back);
    pp_mask_free(m);
    pp_mask_free(direct);
    free(bytes);
}

/* ---- error paths, on the folder bundle (10 masks) ---------------------------------- */

/* Reads <scratch>/folder.ppmk (malloc'd; NULL on failure, a failed check); *len receives
 * its size. */
static uint8_t *read_folder_bundle(const char *scratch, size_t *len)
{
    char path[1024];
    uint8_t *bytes;
    snprintf(path, sizeof path, "%s/folder.ppmk", scratch);
    *len = 0;
    bytes = read_file(path, len);
    CHECK(bytes != NULL && *len > 40);
    return bytes;
}

/* A bundle of 10 is not one mask. */
static void test_bundle_is_not_one_mask(const char *scratch)
{
    size_t len;
    uint8_t *bytes = read_folder_bundle(scratch, &len);
    pp_mask *m = SENTINEL_MASK;
    if (bytes == NULL) {
        return;
    }
    CHECK_ERR(pp_mask_from_baked(bytes, len, &m), PP_ERR_BAD_BAKED_DATA, "holds 10 masks");
    CHECK(m == SENTINEL_MASK);
    free(bytes);
}

/* Truncated: the checksum no longer matches. Every prefix fails, nothing written. */
static void test_truncated_bundles(const char *scratch)
{
    size_t len, cut, refused = 0;
    uint8_t *bytes = read_folder_bundle(scratch, &len);
    pp_bundle *b = SENTINEL_BUNDLE;
    if (bytes == NULL) {
        return;
    }
    CHECK_ERR(pp_bundle_from_bytes(bytes, len - 1, &b), PP_ERR_BAD_BAKED_DATA, "checksum");
    CHECK_ERR(pp_bundle_from_bytes(bytes, 10, &b), PP_ERR_BAD_BAKED_DATA, "truncated");
    for (cut = 0; cut < len; cut++) {
        refused += pp_bundle_from_bytes(bytes, cut, &b) == PP_ERR_BAD_BAKED_DATA;
    }
    CHECK(refused == len && b == SENTINEL_BUNDLE);
    free(bytes);
}

/* Forged headers: wrong magic, wrong version and a count of 4 billion masks (both with a
 * correct checksum), one flipped bit in the data. */
static void test_forged_headers(const char *scratch)
{
    size_t len;
    uint8_t *bytes = read_folder_bundle(scratch, &len), *copy;
    pp_bundle *b = SENTINEL_BUNDLE;
    if (bytes == NULL) {
        return;
    }
    copy = malloc(len);
    /* Wrong magic. */
    memcpy(copy, bytes, len);
    memcpy(copy, "GIF8", 4);
    CHECK_ERR(pp_bundle_from_bytes(copy, len, &b), PP_ERR_BAD_BAKED_DATA, "not a perpixel");
    /* Wrong version, with a correct checksum. */
    memcpy(copy, bytes, len);
    copy[4] = 9;
    fix_crc(copy, len);
    CHECK_ERR(pp_bundle_from_bytes(copy, len, &b), PP_ERR_BAD_BAKED_DATA, "format version 9");
    /* One flipped bit in the data. */
    memcpy(copy, bytes, len);
    copy[len / 2] ^= 0x04;
    CHECK_ERR(pp_bundle_from_bytes(copy, len, &b), PP_ERR_BAD_BAKED_DATA, "checksum mismatch");
    /* A header announcing 4 billion masks. */
    memcpy(copy, bytes, len);
    put_le32(copy + 8, 0xFFFFFFFFu);
    fix_crc(copy, len);
    CHECK_ERR(pp_bundle_from_bytes(copy, len, &b), PP_ERR_BAD_BAKED_DATA, "announces");
    CHECK(b == SENTINEL_BUNDLE);
    free(copy);
    free(bytes);
}

/* The first mask claims 1,000,000 x 1,000,000 pixels: refused before allocating; within
 * the limit but more rows than the bytes hold: truncated. */
static void test_forged_mask_sizes(const char *scratch)
{
    size_t len, at;
    uint8_t *bytes = read_folder_bundle(scratch, &len), *copy;
    pp_bundle *b = SENTINEL_BUNDLE;
    if (bytes == NULL) {
        return;
    }
    copy = malloc(len);
    memcpy(copy, bytes, len);
    /* Entry 0 starts at 12: name length (2), name, then width and height. */
    at = 12 + 2 + (size_t)(copy[12] | copy[13] << 8);
    put_le32(copy + at, 1000000u);
    put_le32(copy + at + 4, 1000000u);
    fix_crc(copy, len);
    CHECK_ERR(pp_bundle_from_bytes(copy, len, &b), PP_ERR_TOO_LARGE, "1000000x1000000");
    memcpy(copy, bytes, len);
    put_le32(copy + at + 4, 60000u);
    fix_crc(copy, len);
    CHECK_ERR(pp_bundle_from_bytes(copy, len, &b), PP_ERR_BAD_BAKED_DATA, "truncated");
    CHECK(b == SENTINEL_BUNDLE);
    free(copy);
    free(bytes);
}

/* NULL pointers: nothing written. */
static void test_null_pointers(const char *scratch)
{
    char path[1024];
    size_t len;
    uint8_t *bytes = read_folder_bundle(scratch, &len);
    pp_bundle *b = SENTINEL_BUNDLE;
    pp_mask *m = SENTINEL_MASK;
    if (bytes == NULL) {
        return;
    }
    snprintf(path, sizeof path, "%s/folder.ppmk", scratch);
    CHECK_ERR(pp_bundle_from_bytes(NULL, len, &b), PP_ERR_NULL_POINTER, "data");
    CHECK_ERR(pp_bundle_from_bytes(bytes, len, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK_ERR(pp_mask_from_baked(NULL, 3, &m), PP_ERR_NULL_POINTER, "data");
    CHECK_ERR(pp_mask_from_baked(bytes, len, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK_ERR(pp_bundle_from_path(NULL, &b), PP_ERR_NULL_POINTER, "utf8_path");
    CHECK_ERR(pp_bundle_from_path(path, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK(b == SENTINEL_BUNDLE && m == SENTINEL_MASK);
    free(bytes);
}

/* Files: missing, not a baked file, a path that is not UTF-8. */
static void test_bad_files(const char *scratch)
{
    char path[1024];
    pp_bundle *b = SENTINEL_BUNDLE;
    snprintf(path, sizeof path, "%s/no-such-file.ppmk", scratch);
    CHECK_ERR(pp_bundle_from_path(path, &b), PP_ERR_IO, "no-such-file.ppmk");
    snprintf(path, sizeof path, "%s/sprites/w64.png", scratch);
    CHECK_ERR(pp_bundle_from_path(path, &b), PP_ERR_BAD_BAKED_DATA, "w64.png");
    CHECK_ERR(pp_bundle_from_path("\xff\xfe.ppmk", &b), PP_ERR_INVALID_ARGUMENT, "UTF-8");
    CHECK(b == SENTINEL_BUNDLE);
}

/* Lookups on a good bundle: an absent name is not an error; bad names, NULLs, indexes
 * past the end and short name buffers are, with nothing written. */
static void test_lookups(const char *scratch)
{
    size_t len, n = SENTINEL_SIZE;
    uint8_t *bytes = read_folder_bundle(scratch, &len);
    pp_bundle *good = NULL;
    pp_mask *m = SENTINEL_MASK;
    uint8_t found = SENTINEL_U8;
    char name[8];
    if (bytes == NULL) {
        return;
    }
    CHECK_OK(pp_bundle_from_bytes(bytes, len, &good));
    CHECK_OK(pp_bundle_get(good, "no-such-sprite.png", &found, &m));
    CHECK(found == 0 && m == NULL);
    m = SENTINEL_MASK;
    found = SENTINEL_U8;
    CHECK_ERR(pp_bundle_get(good, "\xc3\x28", &found, &m), PP_ERR_INVALID_ARGUMENT, "UTF-8");
    CHECK_ERR(pp_bundle_get(NULL, "dot.png", &found, &m), PP_ERR_NULL_POINTER, "bundle");
    CHECK_ERR(pp_bundle_get(good, NULL, &found, &m), PP_ERR_NULL_POINTER, "name");
    CHECK_ERR(pp_bundle_get(good, "dot.png", NULL, &m), PP_ERR_NULL_POINTER, "found");
    CHECK_ERR(pp_bundle_get(good, "dot.png", &found, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK(found == SENTINEL_U8 && m == SENTINEL_MASK);
    CHECK_ERR(pp_bundle_count(NULL, &n), PP_ERR_NULL_POINTER, "bundle");
    CHECK_ERR(pp_bundle_count(good, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK(n == SENTINEL_SIZE);
    CHECK_ERR(pp_bundle_name_at(good, 10, name, sizeof name, &n), PP_ERR_INVALID_ARGUMENT,
              "holds 10 masks");
    /* Names are sorted: index 0 is "clear.png", 9 bytes, which needs 10 with the NUL. */
    CHECK_ERR(pp_bundle_name_at(good, 0, name, sizeof name, &n), PP_ERR_BUFFER_TOO_SMALL,
              "takes 10");
    CHECK_ERR(pp_bundle_name_at(good, 0, name, sizeof name, NULL), PP_ERR_NULL_POINTER,
              "`len`");
    CHECK_ERR(pp_bundle_name_at(NULL, 0, name, sizeof name, &n), PP_ERR_NULL_POINTER, "bundle");
    CHECK(n == SENTINEL_SIZE);
    CHECK_OK(pp_bundle_name_at(good, 0, NULL, 0, &n));
    CHECK(n == 10);
    pp_bundle_free(good);
    pp_bundle_free(NULL);
    free(bytes);
}

/* What each file records of how its masks were made (pp_bundle_info_at). */
static void test_bake_info(const char *scratch, const char *file, uint8_t threshold,
                           uint8_t flip_y)
{
    char path[1024];
    pp_bundle *bundle = NULL;
    size_t count = 0, i;
    int all = 1;
    pp_bake_info info;
    snprintf(path, sizeof path, "%s/%s", scratch, file);
    CHECK_OK(pp_bundle_from_path(path, &bundle));
    CHECK_OK(pp_bundle_count(bundle, &count));
    for (i = 0; i < count; i++) {
        memset(&info, 0xA5, sizeof info);
        all &= pp_bundle_info_at(bundle, i, &info) == PP_OK;
        all &= info.has_threshold == 1 && info.threshold == threshold;
        all &= info.flip_y == flip_y && info.flip_x == 0 && info.has_color_key == 0;
        all &= info.color_key[0] == 0 && info.color_key[1] == 0 && info.color_key[2] == 0;
    }
    {
        char what[1200];
        snprintf(what, sizeof what, "%s: %zu masks record threshold %u, flip_y %u", file,
                 count, (unsigned)threshold, (unsigned)flip_y);
        check(all && count > 0, what, __LINE__);
    }
    memset(&info, 0xA5, sizeof info);
    CHECK_ERR(pp_bundle_info_at(bundle, count, &info), PP_ERR_INVALID_ARGUMENT, "holds");
    CHECK(info.threshold == 0xA5 && info.has_threshold == 0xA5);
    CHECK_ERR(pp_bundle_info_at(bundle, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_bundle_info_at(NULL, 0, &info), PP_ERR_NULL_POINTER, "`bundle`");
    pp_bundle_free(bundle);
}

int main(int argc, char **argv)
{
    g_verbose = 1; /* print every check, not only failures */
    if (argc < 2) {
        fprintf(stderr, "usage: %s <scratch-dir>\n", argv[0]);
        return 2;
    }
    test_bundle(argv[1], "folder.ppmk", 1, 0);
    test_bundle(argv[1], "atlas.ppmk", 1, 0);
    test_bundle(argv[1], "atlas_t128_flip.ppmk", 128, 1);
    test_bake_info(argv[1], "folder.ppmk", 1, 0);
    test_bake_info(argv[1], "atlas_t128_flip.ppmk", 128, 1);
    test_single(argv[1]);
    test_bundle_is_not_one_mask(argv[1]);
    test_truncated_bundles(argv[1]);
    test_forged_headers(argv[1]);
    test_forged_mask_sizes(argv[1]);
    test_null_pointers(argv[1]);
    test_bad_files(argv[1]);
    test_lookups(argv[1]);
    return finish();
}
