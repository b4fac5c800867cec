/*
 * C test of the shape tools (issue 16): the centroid and angle (pp_mask_centroid,
 * pp_mask_angle), connected components (pp_mask_components, pp_mask_component_labels,
 * pp_mask_component_counts, pp_mask_component_bounds, pp_mask_component_at,
 * pp_mask_largest_component, pp_component_options), morphology and resampling
 * (pp_mask_grow, pp_mask_shrink, pp_morph_options, pp_mask_convolve, pp_mask_scale,
 * pp_mask_crop) and conversions (pp_mask_to_pixels, pp_mask_write_pixels, pp_mask_to_png,
 * pp_mask_from_color_range, pp_color_range_within).
 *
 * The answers of the centroid, the angle, components (bounds, counts, labels,
 * component_at, the largest), grow, shrink, scale, convolve, crop and masks from colour
 * ranges (byte-order formats) on random masks are checked against the oracles of the
 * conformance corpus, replayed through this door by tests/c/corpus_replay.c. This program
 * checks what the corpus does not hold: values worked out by hand; the component functions'
 * two-call buffers and pp_mask_components' owned masks (each its label's pixels); every
 * pixel's bytes written back in every format (pp_mask_to_pixels, pp_mask_write_pixels into
 * a strided region), PNG out and back, colour ranges over ARGB32 (a native-endian word)
 * against pygame's rule and pp_color_range_within's rule, on random masks from a fixed
 * seed, sides 0, 1, 63, 64 and 65 included; then every error path: NULL pointers, zeroed
 * and foreign options, unknown connectivity, order, norm and format, negative sizes, short
 * buffers (then exact ones), regions outside the mask; and a short buffer of component
 * handles leaks nothing (valgrind runs this program in CI).
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include and run
 * against the cdylib (also under ASan+UBSan and valgrind when asked).
 *
 * usage: test_shapes
 * Prints failures, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- plain masks: one byte per pixel ------------------------------------------------ */

typedef struct {
    int32_t w, h;
    uint8_t *px; /* w * h bytes, row-major (at least 1 byte allocated) */
} plain;

static plain plain_new(int32_t w, int32_t h)
{
    plain p;
    p.w = w;
    p.h = h;
    p.px = calloc((size_t)w * (size_t)h + 1, 1);
    return p;
}

static uint32_t g_seed = 20261123u;

static int32_t below(int32_t n) { return (int32_t)((lcg_next(&g_seed) >> 8) % (uint32_t)n); }

/* A random plain mask made of a few blobs and noise (so components come in all sizes). */
static plain random_plain(int32_t w, int32_t h)
{
    plain p = plain_new(w, h);
    int32_t density = below(60);
    for (int32_t i = 0; i < w * h; i++) {
        p.px[i] = below(100) < density;
    }
    for (int32_t k = below(4); k > 0 && w > 0 && h > 0; k--) {
        int32_t cx = below(w), cy = below(h), r = 1 + below(6);
        for (int32_t y = 0; y < h; y++) {
            for (int32_t x = 0; x < w; x++) {
                if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r) {
                    p.px[y * w + x] = 1;
                }
            }
        }
    }
    return p;
}

/* The library's mask of a plain one, built from raw bytes (pp_mask_from_bytes). */
static pp_mask *to_mask(const plain *p)
{
    size_t row = ((size_t)p->w + 7) / 8, len = row * (size_t)p->h;
    uint8_t *bytes = calloc(len + 1, 1);
    for (int32_t y = 0; y < p->h; y++) {
        for (int32_t x = 0; x < p->w; x++) {
            if (p->px[y * p->w + x]) {
                bytes[(size_t)y * row + (size_t)x / 8] |= (uint8_t)(1u << (x % 8));
            }
        }
    }
    pp_mask *m = NULL;
    CHECK_OK(pp_mask_from_bytes(p->w, p->h, bytes, len, &m));
    free(bytes);
    return m;
}

/* Whether the library's mask equals a plain one, size and every pixel. */
static int same(const pp_mask *m, const plain *p)
{
    int32_t w = -1, h = -1;
    if (m == NULL || pp_mask_size(m, &w, &h) != PP_OK || w != p->w || h != p->h) {
        return 0;
    }
    for (int32_t y = 0; y < h; y++) {
        for (int32_t x = 0; x < w; x++) {
            uint8_t s = SENTINEL_U8;
            if (pp_mask_is_solid(m, x, y, &s) != PP_OK || s != p->px[y * w + x]) {
                return 0;
            }
        }
    }
    return 1;
}

static const int32_t SIDES[] = {0, 1, 2, 7, 31, 63, 64, 65};
#define N_SIDES ((int32_t)(sizeof SIDES / sizeof SIDES[0]))

/* ---- connected components: the handles and the two-call buffers ---------------------- */

/* Each function's answers (labels, counts, bounds, component_at, the largest) on random
 * masks are the corpus's (component_labels, component_counts, component_bounds,
 * component_at, largest_component). What is this door's own: each function sizes its
 * buffer on a first call (NULL, 0) and fills it on a second, all agree on the number of
 * components, and pp_mask_components hands out one owned mask per component holding
 * exactly its label's pixels (each freed here; valgrind runs this program in CI). */
static void components_agree(const pp_mask *m, const plain *p, uint32_t connectivity,
                             uint32_t order, uint64_t min_pixels)
{
    pp_component_options o = pp_component_options_default();
    o.connectivity = connectivity;
    o.order = order;
    o.min_pixels = min_pixels;
    size_t n = SENTINEL_SIZE, size = (size_t)p->w * (size_t)p->h;

    /* Labels: the size is known without labelling, `components` comes with the labels. */
    uint32_t *labels = malloc((size + 1) * sizeof *labels), k = SENTINEL_U8;
    CHECK_OK(pp_mask_component_labels(m, &o, NULL, 0, &n, &k));
    CHECK(n == size && k == SENTINEL_U8);
    CHECK_OK(pp_mask_component_labels(m, &o, labels, size, &n, &k));
    CHECK(n == size && k <= size);
    uint64_t *want = calloc((size_t)k + 1, sizeof *want);
    for (size_t j = 0; j < size; j++) {
        want[labels[j] <= k ? labels[j] : 0]++;
    }

    /* Bounds and counts: size first, then fill; the counts are the labels'. */
    pp_bounds *bounds = malloc(((size_t)k + 1) * sizeof *bounds);
    n = SENTINEL_SIZE;
    CHECK_OK(pp_mask_component_bounds(m, &o, NULL, 0, &n));
    CHECK(n == (size_t)k);
    CHECK_OK(pp_mask_component_bounds(m, &o, bounds, (size_t)k, &n));
    CHECK(n == (size_t)k);
    free(bounds);
    uint64_t *counts = malloc(((size_t)k + 1) * sizeof *counts);
    CHECK_OK(pp_mask_component_counts(m, &o, counts, (size_t)k, &n));
    int ok = n == (size_t)k;
    for (uint32_t i = 0; ok && i < k; i++) {
        ok = counts[i] == want[i + 1];
    }
    CHECK(ok);
    free(counts);

    /* The components as masks: each holds exactly its label's pixels. */
    pp_mask **parts = malloc(((size_t)k + 1) * sizeof *parts);
    CHECK_OK(pp_mask_components(m, &o, NULL, 0, &n));
    CHECK(n == (size_t)k);
    CHECK_OK(pp_mask_components(m, &o, parts, (size_t)k, &n));
    ok = n == (size_t)k;
    plain part = plain_new(p->w, p->h);
    for (uint32_t i = 0; i < k && n == (size_t)k; i++) {
        for (size_t j = 0; j < size; j++) {
            part.px[j] = labels[j] == i + 1;
        }
        ok = ok && same(parts[i], &part);
        pp_mask_free(parts[i]);
    }
    CHECK(ok);
    free(part.px);
    free(parts);
    free(want);
    free(labels);
}

static void analysis(void)
{
    for (int32_t k = 0; k < 16; k++) {
        int32_t w = SIDES[below(N_SIDES)], h = SIDES[below(N_SIDES)] % 40;
        plain p = random_plain(w, h);
        pp_mask *m = to_mask(&p);
        for (uint32_t c = 4; c <= 8; c += 4) {
            components_agree(m, &p, c, PP_ORDER_POSITION, 0);
            components_agree(m, &p, c, PP_ORDER_LARGEST_FIRST, (uint64_t)below(6));
        }
        pp_mask_free(m);
        free(p.px);
    }
}

/* Values worked out by hand: pygame's documented examples and obvious shapes. */
static void hand_values(void)
{
    /* Pixels (0, 1) and (3, 1): centroid (3 / 2, 1) = (1, 1). */
    plain p = plain_new(4, 2);
    p.px[4] = p.px[7] = 1;
    pp_mask *m = to_mask(&p);
    uint32_t x = 9, y = 9;
    double angle = 9.0;
    CHECK_OK(pp_mask_centroid(m, &x, &y));
    CHECK(x == 1 && y == 1);
    pp_mask_free(m);
    free(p.px);

    /* "/" with y down leans +45 degrees, "\" -45, a row 0. */
    plain d = plain_new(10, 10);
    for (int32_t i = 0; i < 10; i++) {
        d.px[i * 10 + (9 - i)] = 1;
    }
    m = to_mask(&d);
    CHECK_OK(pp_mask_angle(m, &angle));
    CHECK(angle == 45.0);
    pp_mask_free(m);
    memset(d.px, 0, 100);
    for (int32_t i = 0; i < 10; i++) {
        d.px[i * 10 + i] = 1;
    }
    m = to_mask(&d);
    CHECK_OK(pp_mask_angle(m, &angle));
    CHECK(angle == -45.0);
    /* The diagonal: one component 8-connected, ten 4-connected. */
    size_t n = 0;
    CHECK_OK(pp_mask_component_bounds(m, NULL, NULL, 0, &n));
    CHECK(n == 1);
    pp_component_options o = pp_component_options_default();
    o.connectivity = PP_CONNECTIVITY_4;
    CHECK_OK(pp_mask_component_bounds(m, &o, NULL, 0, &n));
    CHECK(n == 10);
    pp_mask_free(m);
    free(d.px);

    /* The empty mask: centroid (0, 0), angle 0, no component. */
    CHECK_OK(pp_mask_new(5, 5, 0, &m));
    CHECK_OK(pp_mask_centroid(m, &x, &y));
    CHECK_OK(pp_mask_angle(m, &angle));
    CHECK(x == 0 && y == 0 && angle == 0.0);
    CHECK_OK(pp_mask_components(m, NULL, NULL, 0, &n));
    CHECK(n == 0);
    pp_mask_free(m);

    /* A dot grown by 2: 13 pixels (disc), 25 (square), 13 (diamond). */
    CHECK_OK(pp_mask_new(9, 9, 0, &m));
    CHECK_OK(pp_mask_set_pixel(m, 4, 4, 1));
    const uint32_t norms[3] = {PP_NORM_DISC, PP_NORM_SQUARE, PP_NORM_DIAMOND};
    const uint64_t grown[3] = {13, 25, 13};
    for (int i = 0; i < 3; i++) {
        pp_morph_options mo = pp_morph_options_default();
        pp_mask *g = NULL;
        uint64_t count = 0;
        mo.norm = norms[i];
        CHECK_OK(pp_mask_grow(m, 2, &mo, &g));
        CHECK_OK(pp_mask_count(g, &count));
        CHECK(count == grown[i]);
        pp_mask_free(g);
    }
    pp_mask_free(m);

    /* pygame's colour threshold: green within (10, 10, 10); alpha is not compared. */
    pp_rgba green = {0, 255, 0, 255}, t = {10, 10, 10, 1};
    pp_color_range r = pp_color_range_within(green, t);
    CHECK(r.min.r == 0 && r.min.g == 246 && r.min.b == 0 && r.min.a == 0);
    CHECK(r.max.r == 9 && r.max.g == 255 && r.max.b == 9 && r.max.a == 255);
}

/* ---- morphology and resampling ------------------------------------------------------- */

/* ---- conversions ----------------------------------------------------------------------- */

/* One pixel's bytes in `format`: the oracle of the channel orders. */
static void pixel_bytes(uint32_t format, pp_rgba c, uint8_t out[4])
{
    uint32_t word = (uint32_t)c.a << 24 | (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
    switch (format) {
    case PP_FORMAT_RGBA8: out[0] = c.r; out[1] = c.g; out[2] = c.b; out[3] = c.a; break;
    case PP_FORMAT_BGRA8: out[0] = c.b; out[1] = c.g; out[2] = c.r; out[3] = c.a; break;
    case PP_FORMAT_ARGB8: out[0] = c.a; out[1] = c.r; out[2] = c.g; out[3] = c.b; break;
    case PP_FORMAT_ABGR8: out[0] = c.a; out[1] = c.b; out[2] = c.g; out[3] = c.r; break;
    case PP_FORMAT_ARGB32: memcpy(out, &word, 4); break;
    default: out[0] = c.a; break;
    }
}

static pp_rgba random_rgba(void)
{
    pp_rgba c;
    c.r = (uint8_t)below(256);
    c.g = (uint8_t)below(256);
    c.b = (uint8_t)below(256);
    c.a = (uint8_t)below(256);
    return c;
}

static void to_pixels(void)
{
    for (int32_t k = 0; k < 12; k++) {
        plain p = random_plain(SIDES[below(N_SIDES)], below(12));
        pp_mask *m = to_mask(&p);
        for (int f = 0; f < N_FORMATS; f++) {
            pp_rgba set = random_rgba(), unset = random_rgba();
            size_t bpp = (size_t)bytes_per_pixel(FORMATS[f]), n = SENTINEL_SIZE;
            size_t size = (size_t)p.w * (size_t)p.h * bpp;
            uint8_t *buf = malloc(size + 1), one[2][4];
            pixel_bytes(FORMATS[f], unset, one[0]);
            pixel_bytes(FORMATS[f], set, one[1]);
            CHECK_OK(pp_mask_to_pixels(m, FORMATS[f], set, unset, NULL, 0, &n));
            CHECK(n == size);
            CHECK_OK(pp_mask_to_pixels(m, FORMATS[f], set, unset, buf, size, &n));
            int ok = n == size;
            for (int32_t i = 0; ok && i < p.w * p.h; i++) {
                ok = memcmp(buf + (size_t)i * bpp, one[p.px[i]], bpp) == 0;
            }
            CHECK(ok);

            /* Into a texture region: rows `stride` apart, the bytes between left alone. */
            size_t stride = (size_t)p.w * bpp + (size_t)below(9);
            size_t len = p.h ? stride * (size_t)(p.h - 1) + (size_t)p.w * bpp : 0;
            uint8_t *tex = malloc(len + 1);
            memset(tex, 0x5A, len + 1);
            CHECK_OK(pp_mask_write_pixels(m, FORMATS[f], set, unset, p.w && p.h ? tex : NULL,
                                          len, (int32_t)stride));
            ok = 1;
            /* A width of 0 may come with a stride of 0 (and nothing to write). */
            for (size_t i = 0; ok && i < len + 1; i++) {
                int inside = i < len && stride > 0 && i % stride < (size_t)p.w * bpp;
                size_t x = inside ? i % stride / bpp : 0, y = inside ? i / stride : 0;
                ok = inside ? tex[i] == one[p.px[y * (size_t)p.w + x]][i % stride % bpp]
                            : tex[i] == 0x5A;
            }
            CHECK(ok);
            free(tex);
            free(buf);
        }
        pp_mask_free(m);
        free(p.px);
    }
}

static void to_png(void)
{
    for (int32_t k = 0; k < 6; k++) {
        plain p = random_plain(1 + below(70), 1 + below(30));
        pp_mask *m = to_mask(&p), *back = NULL;
        pp_rgba set = {255, 255, 255, 255}, unset = {10, 20, 30, 0};
        size_t n = SENTINEL_SIZE, again = SENTINEL_SIZE;
        CHECK_OK(pp_mask_to_png(m, set, unset, NULL, 0, &n));
        uint8_t *png = malloc(n + 1);
        CHECK_ERR(pp_mask_to_png(m, set, unset, png, n - 1, &again), PP_ERR_BUFFER_TOO_SMALL,
                  "buf = NULL");
        CHECK(again == SENTINEL_SIZE);
        CHECK_OK(pp_mask_to_png(m, set, unset, png, n, &again));
        CHECK(again == n && memcmp(png, "\x89PNG\r\n\x1a\n", 8) == 0);
        CHECK_OK(pp_mask_from_image_bytes(png, n, NULL, &back));
        CHECK(same(back, &p));
        pp_mask_free(back);
        free(png);
        pp_mask_free(m);
        free(p.px);
    }
}

/* PP_FORMAT_ARGB32 (a native-endian word, left out of the corpus so its bytes mean the
 * same everywhere) against pygame's rule; the byte-order formats are the corpus's
 * `from_color_range` cases. pp_color_range_within (not in the corpus) against its rule. */
static void from_color_range(void)
{
    for (int32_t k = 0; k < 16; k++) {
        int32_t w = SIDES[below(N_SIDES)], h = below(12);
        uint32_t format = PP_FORMAT_ARGB32;
        size_t stride = (size_t)w * 4 + (size_t)below(7);
        size_t len = h ? stride * (size_t)(h - 1) + (size_t)w * 4 : 0;
        uint8_t *data = malloc(len + 1);
        pp_rgba *colors = malloc((size_t)w * (size_t)h * sizeof *colors + 1);
        /* Few values per channel, so ranges catch some pixels and miss others. */
        for (int32_t i = 0; i < w * h; i++) {
            pp_rgba c;
            c.r = (uint8_t)(below(4) * 85);
            c.g = (uint8_t)(below(4) * 85);
            c.b = (uint8_t)(below(4) * 85);
            c.a = (uint8_t)(below(4) * 85);
            colors[i] = c;
            pixel_bytes(format, c, data + (size_t)(i / w) * stride + (size_t)(i % w) * 4);
        }
        pp_color_range r;
        if (below(2)) {
            r.min = random_rgba();
            r.max = random_rgba();
            r.min.a = 0; /* keep some pixels */
        } else {
            pp_rgba c = random_rgba(), t = random_rgba();
            r = pp_color_range_within(c, t);
            /* The oracle of pygame's rule, channel by channel. */
            const uint8_t cv[4] = {c.r, c.g, c.b, c.a}, tv[4] = {t.r, t.g, t.b, t.a};
            const uint8_t lo[4] = {r.min.r, r.min.g, r.min.b, r.min.a};
            const uint8_t hi[4] = {r.max.r, r.max.g, r.max.b, r.max.a};
            int ok = 1;
            for (int ch = 0; ch < 4; ch++) {
                for (int v = 0; v < 256; v++) {
                    int admitted = lo[ch] <= v && v <= hi[ch];
                    /* Alpha (channel 3) is not compared: every value is admitted. */
                    ok = ok && admitted == (ch == 3 || abs(v - cv[ch]) < tv[ch]);
                }
            }
            CHECK(ok);
        }
        plain want = plain_new(w, h);
        for (int32_t i = 0; i < w * h; i++) {
            pp_rgba c = colors[i];
            want.px[i] = r.min.r <= c.r && c.r <= r.max.r && r.min.g <= c.g &&
                         c.g <= r.max.g && r.min.b <= c.b && c.b <= r.max.b &&
                         r.min.a <= c.a && c.a <= r.max.a;
        }
        pp_mask *m = NULL;
        CHECK_OK(pp_mask_from_color_range(w && h ? data : NULL, len, format, w, h,
                                          (int32_t)stride, r, &m));
        CHECK(same(m, &want));
        pp_mask_free(m);
        free(want.px);
        free(colors);
        free(data);
    }
}

/* ---- errors ------------------------------------------------------------------------------ */

static void errors(void)
{
    pp_mask *m = NULL, *out = SENTINEL_MASK, *handles[4] = {SENTINEL_MASK, SENTINEL_MASK,
                                                            SENTINEL_MASK, SENTINEL_MASK};
    plain p = plain_new(6, 3);
    p.px[0] = p.px[2] = p.px[4] = p.px[17] = 1; /* four components */
    m = to_mask(&p);
    uint32_t x = (uint32_t)SENTINEL_I32, y = (uint32_t)SENTINEL_I32, k = SENTINEL_U8;
    double angle = -1000.0;
    size_t n = SENTINEL_SIZE;
    uint64_t counts[4] = {0};
    uint32_t labels[18];
    pp_bounds bounds[4] = {SENTINEL_BOUNDS, SENTINEL_BOUNDS, SENTINEL_BOUNDS, SENTINEL_BOUNDS};

    /* NULL pointers. */
    CHECK_ERR(pp_mask_centroid(NULL, &x, &y), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_centroid(m, NULL, &y), PP_ERR_NULL_POINTER, "x");
    CHECK_ERR(pp_mask_centroid(m, &x, NULL), PP_ERR_NULL_POINTER, "y");
    CHECK(x == (uint32_t)SENTINEL_I32 && y == (uint32_t)SENTINEL_I32);
    CHECK_ERR(pp_mask_angle(NULL, &angle), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_angle(m, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK(angle == -1000.0);
    CHECK_ERR(pp_mask_components(NULL, NULL, NULL, 0, &n), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_components(m, NULL, handles, 4, NULL), PP_ERR_NULL_POINTER, "len");
    CHECK_ERR(pp_mask_component_labels(m, NULL, labels, 18, &n, NULL), PP_ERR_NULL_POINTER,
              "components");
    CHECK_ERR(pp_mask_component_labels(m, NULL, labels, 18, NULL, &k), PP_ERR_NULL_POINTER,
              "len");
    CHECK_ERR(pp_mask_component_counts(NULL, NULL, counts, 4, &n), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_component_bounds(m, NULL, bounds, 4, NULL), PP_ERR_NULL_POINTER, "len");
    CHECK_ERR(pp_mask_component_at(NULL, 0, 0, 8, &out), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_component_at(m, 0, 0, 8, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK_ERR(pp_mask_largest_component(m, 8, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK_ERR(pp_mask_grow(NULL, 1, NULL, &out), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_shrink(m, 1, NULL, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK_ERR(pp_mask_convolve(m, NULL, &out), PP_ERR_NULL_POINTER, "other");
    CHECK_ERR(pp_mask_convolve(NULL, m, &out), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_scale(NULL, 1, 1, &out), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_crop(m, bounds[0], NULL), PP_ERR_NULL_POINTER, "out");
    pp_rgba white = {255, 255, 255, 255}, clear = {0, 0, 0, 0};
    uint8_t px[6 * 3 * 4];
    CHECK_ERR(pp_mask_to_pixels(m, PP_FORMAT_RGBA8, white, clear, px, sizeof px, NULL),
              PP_ERR_NULL_POINTER, "len");
    CHECK_ERR(pp_mask_to_pixels(NULL, PP_FORMAT_RGBA8, white, clear, px, sizeof px, &n),
              PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_write_pixels(m, PP_FORMAT_RGBA8, white, clear, NULL, 72, 24),
              PP_ERR_NULL_POINTER, "out");
    CHECK_ERR(pp_mask_to_png(m, white, clear, NULL, 0, NULL), PP_ERR_NULL_POINTER, "len");
    pp_color_range range = {clear, white};
    CHECK_ERR(pp_mask_from_color_range(px, sizeof px, PP_FORMAT_RGBA8, 6, 3, 24, range, NULL),
              PP_ERR_NULL_POINTER, "out");
    CHECK_ERR(pp_mask_from_color_range(NULL, 0, PP_FORMAT_RGBA8, 6, 3, 24, range, &out),
              PP_ERR_NULL_POINTER, "data");
    CHECK(out == SENTINEL_MASK && n == SENTINEL_SIZE && k == SENTINEL_U8);

    /* Zeroed, garbage and foreign options. */
    pp_component_options zero_c;
    memset(&zero_c, 0, sizeof zero_c);
    pp_morph_options zero_m;
    memset(&zero_m, 0, sizeof zero_m);
    CHECK_ERR(pp_mask_component_bounds(m, &zero_c, bounds, 4, &n), PP_ERR_INVALID_ARGUMENT,
              "pp_component_options_default");
    CHECK_ERR(pp_mask_components(m, &zero_c, handles, 4, &n), PP_ERR_INVALID_ARGUMENT,
              "zeroed");
    CHECK_ERR(pp_mask_component_labels(m, &zero_c, labels, 18, &n, &k), PP_ERR_INVALID_ARGUMENT,
              "pp_component_options_default");
    CHECK_ERR(pp_mask_component_counts(m, &zero_c, counts, 4, &n), PP_ERR_INVALID_ARGUMENT,
              "pp_component_options_default");
    CHECK_ERR(pp_mask_grow(m, 1, &zero_m, &out), PP_ERR_INVALID_ARGUMENT,
              "pp_morph_options_default");
    CHECK_ERR(pp_mask_shrink(m, 1, (const pp_morph_options *)&zero_c, &out),
              PP_ERR_INVALID_ARGUMENT, "pp_morph_options_default");
    /* A struct of another type (no smaller than the one expected: it is read). */
    pp_component_options foreign = pp_component_options_default();
    CHECK_ERR(pp_mask_grow(m, 1, (const pp_morph_options *)&foreign, &out),
              PP_ERR_INVALID_ARGUMENT, "another struct type");
    pp_morph_options mo = pp_morph_options_default();
    CHECK(out == SENTINEL_MASK && n == SENTINEL_SIZE && k == SENTINEL_U8 &&
          handles[0] == SENTINEL_MASK && is_sentinel_bounds(bounds[0]));

    /* Unknown connectivity, order, norm and format. */
    pp_component_options co = pp_component_options_default();
    co.connectivity = 6;
    CHECK_ERR(pp_mask_component_bounds(m, &co, bounds, 4, &n), PP_ERR_INVALID_ARGUMENT,
              "PP_CONNECTIVITY_8");
    co = pp_component_options_default();
    co.order = 2;
    CHECK_ERR(pp_mask_component_counts(m, &co, counts, 4, &n), PP_ERR_INVALID_ARGUMENT,
              "PP_ORDER_POSITION");
    CHECK_ERR(pp_mask_component_at(m, 0, 0, 0, &out), PP_ERR_INVALID_ARGUMENT,
              "connectivity");
    CHECK_ERR(pp_mask_largest_component(m, 1, &out), PP_ERR_INVALID_ARGUMENT, "connectivity");
    mo.norm = 3;
    CHECK_ERR(pp_mask_grow(m, 1, &mo, &out), PP_ERR_INVALID_ARGUMENT, "PP_NORM_DISC");
    CHECK_ERR(pp_mask_to_pixels(m, 99, white, clear, px, sizeof px, &n),
              PP_ERR_INVALID_ARGUMENT, "unknown pixel format 99");
    CHECK_ERR(pp_mask_write_pixels(m, 99, white, clear, px, sizeof px, 24),
              PP_ERR_INVALID_ARGUMENT, "unknown pixel format");
    CHECK_ERR(pp_mask_from_color_range(px, sizeof px, 99, 6, 3, 24, range, &out),
              PP_ERR_INVALID_ARGUMENT, "unknown pixel format");
    CHECK_ERR(pp_mask_from_color_range(px, sizeof px, PP_FORMAT_A8, 6, 3, 6, range, &out),
              PP_ERR_INVALID_ARGUMENT, "A8");
    CHECK(out == SENTINEL_MASK && n == SENTINEL_SIZE);

    /* Negative sizes, pixels outside, regions outside. */
    CHECK_ERR(pp_mask_scale(m, -1, 2, &out), PP_ERR_INVALID_ARGUMENT, "`width`");
    CHECK_ERR(pp_mask_scale(m, 2, -1, &out), PP_ERR_INVALID_ARGUMENT, "`height`");
    CHECK_ERR(pp_mask_from_color_range(px, sizeof px, PP_FORMAT_RGBA8, -6, 3, 24, range, &out),
              PP_ERR_INVALID_ARGUMENT, "`width`");
    CHECK_ERR(pp_mask_from_color_range(px, sizeof px, PP_FORMAT_RGBA8, 6, 3, -24, range, &out),
              PP_ERR_INVALID_ARGUMENT, "`stride_bytes`");
    CHECK_ERR(pp_mask_write_pixels(m, PP_FORMAT_RGBA8, white, clear, px, sizeof px, -24),
              PP_ERR_INVALID_ARGUMENT, "`stride_bytes`");
    CHECK_ERR(pp_mask_component_at(m, -1, 0, 8, &out), PP_ERR_INVALID_ARGUMENT, "outside");
    CHECK_ERR(pp_mask_component_at(m, 6, 0, 4, &out), PP_ERR_INVALID_ARGUMENT, "outside");
    CHECK_ERR(pp_mask_scale(m, INT32_MAX, INT32_MAX, &out), PP_ERR_TOO_LARGE, NULL);
    pp_bounds past = {4, 0, 3, 3}, negative = {0, 0, -1, 2};
    CHECK_ERR(pp_mask_crop(m, past, &out), PP_ERR_REGION_OUT_OF_BOUNDS, NULL);
    CHECK_ERR(pp_mask_crop(m, negative, &out), PP_ERR_INVALID_ARGUMENT, "negative");
    CHECK(out == SENTINEL_MASK);

    /* Strides and buffers too small: nothing written; then exactly large enough. */
    memset(px, 0x77, sizeof px);
    CHECK_ERR(pp_mask_write_pixels(m, PP_FORMAT_RGBA8, white, clear, px, sizeof px, 23),
              PP_ERR_STRIDE_TOO_SMALL, NULL);
    CHECK_ERR(pp_mask_write_pixels(m, PP_FORMAT_RGBA8, white, clear, px, sizeof px - 1, 24),
              PP_ERR_BUFFER_TOO_SMALL, NULL);
    CHECK_ERR(pp_mask_to_pixels(m, PP_FORMAT_RGBA8, white, clear, px, sizeof px - 1, &n),
              PP_ERR_BUFFER_TOO_SMALL, "72");
    CHECK(px[0] == 0x77 && px[71] == 0x77 && n == SENTINEL_SIZE);
    CHECK_OK(pp_mask_write_pixels(m, PP_FORMAT_RGBA8, white, clear, px, sizeof px, 24));
    CHECK(px[0] == 255 && px[4 + 3] == 0);
    CHECK_ERR(pp_mask_from_color_range(px, sizeof px - 1, PP_FORMAT_RGBA8, 6, 3, 24, range,
                                       &out),
              PP_ERR_BUFFER_TOO_SMALL, NULL);
    CHECK_ERR(pp_mask_from_color_range(px, sizeof px, PP_FORMAT_RGBA8, 6, 3, 20, range, &out),
              PP_ERR_STRIDE_TOO_SMALL, NULL);
    CHECK(out == SENTINEL_MASK);
    CHECK_ERR(pp_mask_component_bounds(m, NULL, bounds, 3, &n), PP_ERR_BUFFER_TOO_SMALL, "4");
    CHECK_ERR(pp_mask_component_counts(m, NULL, counts, 3, &n), PP_ERR_BUFFER_TOO_SMALL, "4");
    CHECK_ERR(pp_mask_component_labels(m, NULL, labels, 17, &n, &k), PP_ERR_BUFFER_TOO_SMALL,
              "18");
    CHECK(is_sentinel_bounds(bounds[0]) && counts[0] == 0 && n == SENTINEL_SIZE &&
          k == SENTINEL_U8);
    CHECK_OK(pp_mask_component_bounds(m, NULL, bounds, 4, &n));
    CHECK(n == 4 && bounds_eq(bounds[0], 0, 0, 1, 1) && bounds_eq(bounds[3], 5, 2, 1, 1));
    CHECK_OK(pp_mask_component_labels(m, NULL, labels, 18, &n, &k));
    CHECK(n == 18 && k == 4 && labels[0] == 1 && labels[2] == 2 && labels[4] == 3 &&
          labels[17] == 4);

    /* A short buffer of handles: refused, no handle written, none leaked (valgrind). */
    n = SENTINEL_SIZE;
    CHECK_ERR(pp_mask_components(m, NULL, handles, 3, &n), PP_ERR_BUFFER_TOO_SMALL, "4");
    CHECK(handles[0] == SENTINEL_MASK && handles[3] == SENTINEL_MASK && n == SENTINEL_SIZE);
    CHECK_OK(pp_mask_components(m, NULL, handles, 4, &n));
    CHECK(n == 4);
    for (int i = 0; i < 4; i++) {
        uint64_t c = 0;
        CHECK_OK(pp_mask_count(handles[i], &c));
        CHECK(c == 1);
        pp_mask_free(handles[i]);
    }

    /* PNG needs a pixel; empty masks elsewhere are fine. */
    pp_mask *empty = NULL;
    CHECK_OK(pp_mask_new(0, 4, 0, &empty));
    CHECK_ERR(pp_mask_to_png(empty, white, clear, NULL, 0, &n), PP_ERR_INVALID_ARGUMENT,
              "at least one pixel");
    CHECK_OK(pp_mask_write_pixels(empty, PP_FORMAT_A8, white, clear, NULL, 0, 0));
    CHECK_OK(pp_mask_to_pixels(empty, PP_FORMAT_A8, white, clear, NULL, 0, &n));
    CHECK(n == 0);
    CHECK_OK(pp_mask_from_color_range(NULL, 0, PP_FORMAT_BGRA8, 0, 5, 0, range, &out));
    CHECK(out != SENTINEL_MASK && out != NULL);
    pp_mask_free(out);
    pp_mask_free(empty);
    pp_mask_free(m);
    free(p.px);
}

int main(void)
{
    hand_values();
    analysis();
    to_pixels();
    to_png();
    from_color_range();
    errors();
    return finish();
}
