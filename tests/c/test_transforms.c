/*
 * C test of transformed sprites through the C ABI: pp_transform and its default, the
 * mask-level mirror, quarter turns and integer scale (pp_mask_flip, pp_mask_rotate_quarter,
 * pp_mask_scale_integer) against per-pixel expectations written here, rasterising
 * (pp_mask_rasterise, pp_mask_rasterise_matrix) at exact angles and flips against the same
 * expectations and at 45 degrees against area and symmetry, pair queries on rasters, and
 * every error: zeroed structs, NaN, zero scale, singular matrices, NULLs, bad factors.
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include and run
 * against the cdylib (also under ASan+UBSan and valgrind when asked).
 *
 * usage: test_transforms <scratch-dir>
 * Prints each check, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* A w x h mask from a reproducible pattern (about half solid, never symmetric). */
static pp_mask *make_pattern(int32_t w, int32_t h, uint32_t seed)
{
    static uint8_t alpha[64 * 64];
    pp_mask *m = NULL;
    uint32_t s = seed;
    int32_t i;
    for (i = 0; i < w * h; i++) {
        s = s * 1103515245u + 12345u;
        alpha[i] = (uint8_t)((s >> 16) & 1 ? 255 : 0);
    }
    CHECK_OK(pp_mask_from_pixels(alpha, (size_t)(w * h), PP_FORMAT_A8, w, h, w, NULL, &m));
    return m;
}

static int solid(const pp_mask *m, int32_t x, int32_t y)
{
    uint8_t out = 0;
    pp_mask_is_solid(m, x, y, &out);
    return out;
}

static void size_of(const pp_mask *m, int32_t *w, int32_t *h)
{
    *w = -1;
    *h = -1;
    pp_mask_size(m, w, h);
}

/* How `got` (w2 x h2) relates to `src` (w x h): which per-pixel map it must equal. */
enum map { FLIP_X, FLIP_Y, FLIP_XY, TURN_1, TURN_3, TRANSPOSE, SCALE };

/* 1 when `got` equals `src` under `map` (scale factors sx, sy for SCALE), pixel by pixel. */
static int equals_mapped(const pp_mask *src, const pp_mask *got, enum map map, int32_t sx,
                         int32_t sy)
{
    int32_t w, h, gw, gh, i, j;
    size_of(src, &w, &h);
    size_of(got, &gw, &gh);
    switch (map) {
    case TURN_1:
    case TURN_3:
    case TRANSPOSE:
        if (gw != h || gh != w) return 0;
        break;
    case SCALE:
        if (gw != w * sx || gh != h * sy) return 0;
        break;
    default:
        if (gw != w || gh != h) return 0;
    }
    for (j = 0; j < gh; j++) {
        for (i = 0; i < gw; i++) {
            int32_t si = 0, sj = 0;
            switch (map) {
            case FLIP_X: si = w - 1 - i; sj = j; break;
            case FLIP_Y: si = i; sj = h - 1 - j; break;
            case FLIP_XY: si = w - 1 - i; sj = h - 1 - j; break;
            /* One turn: source (a, b) lands at (h - 1 - b, a); so output (i, j) comes
             * from source (j, h - 1 - i). */
            case TURN_1: si = j; sj = h - 1 - i; break;
            /* Three turns: source (a, b) lands at (b, w - 1 - a). */
            case TURN_3: si = w - 1 - j; sj = i; break;
            case TRANSPOSE: si = j; sj = i; break;
            case SCALE: si = i / sx; sj = j / sy; break;
            }
            if (solid(got, i, j) != solid(src, si, sj)) return 0;
        }
    }
    return 1;
}

static void mask_level_transforms(void)
{
    pp_mask *m = make_pattern(13, 7, 1), *out = NULL;

    CHECK_OK(pp_mask_flip(m, 1, 0, &out));
    CHECK(equals_mapped(m, out, FLIP_X, 0, 0));
    pp_mask_free(out);
    CHECK_OK(pp_mask_flip(m, 0, 1, &out));
    CHECK(equals_mapped(m, out, FLIP_Y, 0, 0));
    pp_mask_free(out);
    CHECK_OK(pp_mask_flip(m, 1, 1, &out));
    CHECK(equals_mapped(m, out, FLIP_XY, 0, 0));
    pp_mask_free(out);
    CHECK_OK(pp_mask_flip(m, 0, 0, &out));
    CHECK(equals_mapped(m, out, SCALE, 1, 1)); /* a copy */
    pp_mask_free(out);

    CHECK_OK(pp_mask_rotate_quarter(m, 1, &out));
    CHECK(equals_mapped(m, out, TURN_1, 0, 0));
    pp_mask_free(out);
    CHECK_OK(pp_mask_rotate_quarter(m, -3, &out)); /* the same turn */
    CHECK(equals_mapped(m, out, TURN_1, 0, 0));
    pp_mask_free(out);
    CHECK_OK(pp_mask_rotate_quarter(m, 3, &out));
    CHECK(equals_mapped(m, out, TURN_3, 0, 0));
    pp_mask_free(out);
    CHECK_OK(pp_mask_rotate_quarter(m, 6, &out));
    CHECK(equals_mapped(m, out, FLIP_XY, 0, 0));
    pp_mask_free(out);

    CHECK_OK(pp_mask_scale_integer(m, 3, 2, &out));
    CHECK(equals_mapped(m, out, SCALE, 3, 2));
    pp_mask_free(out);
    CHECK_OK(pp_mask_transpose(m, &out));
    CHECK(equals_mapped(m, out, TRANSPOSE, 0, 0));
    pp_mask_free(out);

    /* Errors: nothing written. */
    out = (pp_mask *)&out;
    CHECK_ERR(pp_mask_scale_integer(m, 0, 2, &out), PP_ERR_INVALID_ARGUMENT, "sx");
    CHECK_ERR(pp_mask_scale_integer(m, 2, -1, &out), PP_ERR_INVALID_ARGUMENT, "sy");
    CHECK(out == (pp_mask *)&out);
    pp_set_max_mask_pixels(1000);
    CHECK_ERR(pp_mask_scale_integer(m, 4, 4, &out), PP_ERR_TOO_LARGE, NULL);
    pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS);
    CHECK_ERR(pp_mask_flip(NULL, 1, 0, &out), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_flip(m, 1, 0, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK_ERR(pp_mask_rotate_quarter(NULL, 1, &out), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_rotate_quarter(m, 1, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK_ERR(pp_mask_scale_integer(NULL, 1, 1, &out), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_transpose(NULL, &out), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_transpose(m, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK(out == (pp_mask *)&out);

    /* Empty sides. */
    {
        pp_mask *e = NULL, *r = NULL;
        int32_t w, h;
        CHECK_OK(pp_mask_new(0, 5, 0, &e));
        CHECK_OK(pp_mask_rotate_quarter(e, 1, &r));
        size_of(r, &w, &h);
        CHECK(w == 5 && h == 0);
        pp_mask_free(r);
        pp_mask_free(e);
    }
    pp_mask_free(m);
}

static void transform_struct(void)
{
    pp_transform t = pp_transform_default();
    CHECK(t.internal_cookie != 0);
    CHECK(t.x == 0.0 && t.y == 0.0 && t.rotation_degrees == 0.0);
    CHECK(t.scale_x == 1.0 && t.scale_y == 1.0);
    CHECK(t.flip_x == 0 && t.flip_y == 0 && t.has_pivot == 0);
}

/* Rasterising at exact angles and flips: texel permutations, at known places. */
static void exact_rasters(void)
{
    /* 12 x 6: sides of the same parity, so a quarter turn about the centre lands on the
     * grid. */
    pp_mask *m = make_pattern(12, 6, 7), *r = NULL;
    pp_transform t = pp_transform_default();
    int32_t x = 0, y = 0;

    /* NULL transform: the identity at (0, 0). */
    CHECK_OK(pp_mask_rasterise(m, NULL, 0, &r, &x, &y));
    CHECK(x == 0 && y == 0);
    CHECK(equals_mapped(m, r, SCALE, 1, 1));
    pp_mask_free(r);

    /* An integer position: the plain sprite, moved. */
    t.x = -40;
    t.y = 25;
    CHECK_OK(pp_mask_rasterise(m, &t, 0, &r, &x, &y));
    CHECK(x == -40 && y == 25);
    CHECK(equals_mapped(m, r, SCALE, 1, 1));
    pp_mask_free(r);

    /* A quarter turn about the centre (6, 3): a 6 x 12 raster whose centre stays at
     * (x + 6, y + 3). */
    t.x = 10;
    t.y = 20;
    t.rotation_degrees = 90;
    CHECK_OK(pp_mask_rasterise(m, &t, 0, &r, &x, &y));
    CHECK(x == 10 + 6 - 3 && y == 20 + 3 - 6);
    CHECK(equals_mapped(m, r, TURN_1, 0, 0));
    pp_mask_free(r);
    t.rotation_degrees = -90;
    CHECK_OK(pp_mask_rasterise(m, &t, 0, &r, &x, &y));
    CHECK(equals_mapped(m, r, TURN_3, 0, 0));
    pp_mask_free(r);
    t.rotation_degrees = 180;
    CHECK_OK(pp_mask_rasterise(m, &t, 0, &r, &x, &y));
    CHECK(x == 10 && y == 20);
    CHECK(equals_mapped(m, r, FLIP_XY, 0, 0));
    pp_mask_free(r);
    /* Within 1e-9 degrees of a quarter turn: the same raster. */
    t.rotation_degrees = 90 + 1e-9;
    CHECK_OK(pp_mask_rasterise(m, &t, 0, &r, &x, &y));
    CHECK(equals_mapped(m, r, TURN_1, 0, 0));
    pp_mask_free(r);

    /* Flips mirror within the rectangle (default pivot); a negative scale is a flip. */
    t.rotation_degrees = 0;
    t.flip_x = 1;
    CHECK_OK(pp_mask_rasterise(m, &t, 0, &r, &x, &y));
    CHECK(x == 10 && y == 20);
    CHECK(equals_mapped(m, r, FLIP_X, 0, 0));
    pp_mask_free(r);
    t.flip_x = 0;
    t.scale_y = -1;
    CHECK_OK(pp_mask_rasterise(m, &t, 0, &r, &x, &y));
    CHECK(x == 10 && y == 20);
    CHECK(equals_mapped(m, r, FLIP_Y, 0, 0));
    pp_mask_free(r);

    /* Integer scale about a pivot at the origin: exact nearest neighbour. */
    t.scale_x = 3;
    t.scale_y = 2;
    t.has_pivot = 1;
    t.pivot_x = 0;
    t.pivot_y = 0;
    CHECK_OK(pp_mask_rasterise(m, &t, 0, &r, &x, &y));
    CHECK(x == 10 && y == 20);
    CHECK(equals_mapped(m, r, SCALE, 3, 2));
    pp_mask_free(r);

    /* The same scale as a matrix {a, b, tx, c, d, ty}. */
    {
        const double matrix[6] = {3, 0, 10, 0, 2, 20};
        CHECK_OK(pp_mask_rasterise_matrix(m, matrix, 0, &r, &x, &y));
        CHECK(x == 10 && y == 20);
        CHECK(equals_mapped(m, r, SCALE, 3, 2));
        pp_mask_free(r);
    }

    /* bounds_only: the raster of the whole rectangle. */
    {
        pp_mask *full = NULL, *rf = NULL;
        int32_t fx = 0, fy = 0;
        uint64_t n = 0;
        t = pp_transform_default();
        t.rotation_degrees = 30;
        t.x = 3.25;
        CHECK_OK(pp_mask_new(12, 6, 1, &full));
        CHECK_OK(pp_mask_rasterise(m, &t, 1, &r, &x, &y));
        CHECK_OK(pp_mask_rasterise(full, &t, 0, &rf, &fx, &fy));
        CHECK(x == fx && y == fy);
        CHECK(equals_mapped(rf, r, SCALE, 1, 1));
        CHECK_OK(pp_mask_count(r, &n));
        CHECK(n > 60 && n < 84); /* about 72 pixels of area, turned */
        pp_mask_free(rf);
        pp_mask_free(r);
        pp_mask_free(full);
    }
    pp_mask_free(m);
}

/* Integer scales k (3, 5, 6, 7: 1/k has no binary form) turned by quarter turns about the
 * default pivot of a mask with one odd side: some pixel centres land exactly on texel
 * edges. The raster must equal the exact rule, written here in integers: doubled and
 * times k, 2k u = k w + cos cx + sin cy and 2k v = k h - sin cx + cos cy, with
 * cx = 2X + 1 - 2x - w and cy = 2Y + 1 - 2y - h for the sprite at (x, y). */
static void exact_scales_on_texel_edges(void)
{
    static const int32_t ks[4] = {3, 5, 6, 7};
    static const int32_t turns[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}}; /* cos, sin */
    const int32_t w = 13, h = 8, x = 10, y = 20;
    pp_mask *m = make_pattern(w, h, 5), *r = NULL;
    int ki, q, edges = 0, pixels = 0;
    for (ki = 0; ki < 4; ki++) {
        for (q = 0; q < 4; q++) {
            const int64_t k = ks[ki], c = turns[q][0], sn = turns[q][1];
            pp_transform t = pp_transform_default();
            int32_t rx = 0, ry = 0, rw = 0, rh = 0, X, Y;
            int ok = 1;
            t.x = x;
            t.y = y;
            t.rotation_degrees = 90.0 * q;
            t.scale_x = (double)k;
            t.scale_y = (double)k;
            CHECK_OK(pp_mask_rasterise(m, &t, 0, &r, &rx, &ry));
            size_of(r, &rw, &rh);
            for (Y = y - 80; Y < y + 100 && ok; Y++) {
                for (X = x - 80; X < x + 100; X++) {
                    const int64_t cx = 2 * (int64_t)X + 1 - 2 * x - w;
                    const int64_t cy = 2 * (int64_t)Y + 1 - 2 * y - h;
                    const int64_t u2k = k * w + c * cx + sn * cy;
                    const int64_t v2k = k * h - sn * cx + c * cy;
                    const int inside = u2k >= 0 && u2k < 2 * k * w && v2k >= 0 && v2k < 2 * k * h;
                    const int want = inside && solid(m, (int32_t)(u2k / (2 * k)),
                                                     (int32_t)(v2k / (2 * k)));
                    const int in_raster = X >= rx && X < rx + rw && Y >= ry && Y < ry + rh;
                    const int got = in_raster && solid(r, X - rx, Y - ry);
                    edges += inside && (u2k % (2 * k) == 0 || v2k % (2 * k) == 0);
                    pixels += want;
                    if (got != want) {
                        printf("FAIL  k %d, %d quarter turns: pixel (%d, %d) is %d, exactly %d\n",
                               (int)k, q, X, Y, got, want);
                        ok = 0;
                        break;
                    }
                }
            }
            CHECK(ok);
            pp_mask_free(r);
        }
    }
    CHECK(edges > 1000); /* the case is really there */
    printf("ok    integer scales 3, 5, 6, 7 turned by quarter turns match the exact rule "
           "(%d solid pixels, %d centres on texel edges)\n", pixels, edges);
    pp_mask_free(m);
}

/* Pair queries on rasters: symmetric, and whole-pixel moves shift the raster. */
static void queries_on_rasters(void)
{
    pp_mask *disc = NULL, *ra = NULL, *rb = NULL, *rb2 = NULL;
    uint64_t area_unused = 0;
    pp_point p_r_unused;
    uint8_t alpha[40 * 40];
    pp_transform t = pp_transform_default();
    int32_t ax, ay, bx, by, b2x, b2y, i, j, hits = 0, agree = 0, trials = 0;
    for (j = 0; j < 40; j++) {
        for (i = 0; i < 40; i++) {
            double dx = i - 19.5, dy = j - 19.5;
            alpha[j * 40 + i] = (uint8_t)(dx * dx + dy * dy <= 19.5 * 19.5 ? 255 : 0);
        }
    }
    CHECK_OK(pp_mask_from_pixels(alpha, sizeof alpha, PP_FORMAT_A8, 40, 40, 40, NULL, &disc));
    t.rotation_degrees = 37.5;
    t.scale_x = 1.25;
    CHECK_OK(pp_mask_rasterise(disc, &t, 0, &ra, &ax, &ay));
    t.rotation_degrees = -12;
    t.scale_x = 0.75;
    t.x = 0.5;
    t.y = 0.25;
    CHECK_OK(pp_mask_rasterise(disc, &t, 0, &rb, &bx, &by));
    /* Moved by whole pixels: exactly the same raster, moved. */
    t.x += 7;
    t.y -= 3;
    CHECK_OK(pp_mask_rasterise(disc, &t, 0, &rb2, &b2x, &b2y));
    CHECK(b2x == bx + 7 && b2y == by - 3);
    CHECK(equals_mapped(rb, rb2, SCALE, 1, 1));

    for (j = -60; j <= 60; j += 6) {
        for (i = -60; i <= 60; i += 6) {
            pp_sprite a = sprite_at(ra, ax, ay, 1), b = sprite_at(rb, bx + i, by + j, 1);
            uint8_t ab = 0, ba = 0, fab = 0, fba = 0;
            uint64_t nab = 0, nba = 0;
            pp_point pab, pba;
            pp_collides(&a, &b, &ab);
            pp_collides(&b, &a, &ba);
            pp_overlap_area(&a, &b, &nab);
            pp_overlap_area(&b, &a, &nba);
            pp_first_contact(&a, &b, &fab, &pab);
            pp_first_contact(&b, &a, &fba, &pba);
            trials++;
            hits += ab;
            agree += ab == ba && nab == nba && fab == fba && (ab == (nab > 0)) &&
                     (!fab || (pab.x == pba.x && pab.y == pba.y));
        }
    }
    CHECK(agree == trials);
    CHECK(hits > 10 && hits < trials);
    printf("transformed pairs: %d placements, %d hits, every query symmetric\n", (int)trials,
           (int)hits);

    /* Sampled without rasters (pp_transformed_*): the rasters' answers. */
    {
        pp_transform ta = pp_transform_default(), tb = pp_transform_default();
        int agree_sampled = 0, sampled_trials = 0;
        ta.rotation_degrees = 37.5;
        ta.scale_x = 1.25;
        tb.rotation_degrees = -12;
        tb.scale_x = 0.75;
        for (j = -48; j <= 48; j += 12) {
            for (i = -48; i <= 48; i += 12) {
                pp_mask *r1 = NULL, *r2 = NULL;
                int32_t x1, y1, x2, y2;
                uint8_t hit_r = 0, hit_s = 0, f_r = 0, f_s = 0;
                uint64_t n_r = 0, n_s = 0;
                pp_point p_r, p_s;
                pp_sprite s1, s2;
                tb.x = 0.5 + i;
                tb.y = 0.25 + j;
                CHECK_OK(pp_mask_rasterise(disc, &ta, 0, &r1, &x1, &y1));
                CHECK_OK(pp_mask_rasterise(disc, &tb, 0, &r2, &x2, &y2));
                s1 = sprite_at(r1, x1, y1, 1);
                s2 = sprite_at(r2, x2, y2, 1);
                pp_collides(&s1, &s2, &hit_r);
                pp_first_contact(&s1, &s2, &f_r, &p_r);
                pp_overlap_area(&s1, &s2, &n_r);
                CHECK_OK(pp_transformed_collides(disc, &ta, disc, &tb, &hit_s));
                CHECK_OK(pp_transformed_first_contact(disc, &ta, disc, &tb, &f_s, &p_s));
                CHECK_OK(pp_transformed_overlap_area(disc, &ta, disc, &tb, &n_s));
                sampled_trials++;
                agree_sampled += hit_r == hit_s && f_r == f_s && n_r == n_s &&
                                 (!f_r || (p_r.x == p_s.x && p_r.y == p_s.y));
                pp_mask_free(r1);
                pp_mask_free(r2);
            }
        }
        CHECK(agree_sampled == sampled_trials);
        {
            uint8_t out = 7;
            pp_transform zero;
            memset(&zero, 0, sizeof zero);
            CHECK_ERR(pp_transformed_collides(NULL, NULL, disc, NULL, &out), PP_ERR_NULL_POINTER, "a");
            CHECK_ERR(pp_transformed_collides(disc, NULL, disc, NULL, NULL), PP_ERR_NULL_POINTER, "out");
            CHECK_ERR(pp_transformed_collides(disc, &zero, disc, NULL, &out), PP_ERR_INVALID_ARGUMENT,
                      "pp_transform_default");
            tb.scale_y = 0;
            CHECK_ERR(pp_transformed_overlap_area(disc, NULL, disc, &tb, &area_unused),
                      PP_ERR_INVALID_TRANSFORM, NULL);
            CHECK_ERR(pp_transformed_first_contact(disc, NULL, disc, NULL, NULL, &p_r_unused),
                      PP_ERR_NULL_POINTER, "found");
            CHECK(out == 7);
        }
    }
    pp_mask_free(rb2);
    pp_mask_free(rb);
    pp_mask_free(ra);
    pp_mask_free(disc);
}

static void bad_transforms(void)
{
    pp_mask *m = make_pattern(8, 8, 3), *r = (pp_mask *)&r;
    pp_transform t, zero;
    int32_t x = 111, y = 222;
    double matrix[6] = {1, 2, 0, 2, 4, 0}; /* singular */

    memset(&zero, 0, sizeof zero);
    CHECK_ERR(pp_mask_rasterise(m, &zero, 0, &r, &x, &y), PP_ERR_INVALID_ARGUMENT,
              "pp_transform_default");
    t = pp_transform_default();
    t.rotation_degrees = NAN;
    CHECK_ERR(pp_mask_rasterise(m, &t, 0, &r, &x, &y), PP_ERR_INVALID_TRANSFORM, NULL);
    t = pp_transform_default();
    t.scale_y = 0;
    CHECK_ERR(pp_mask_rasterise(m, &t, 0, &r, &x, &y), PP_ERR_INVALID_TRANSFORM, NULL);
    t = pp_transform_default();
    t.x = INFINITY;
    CHECK_ERR(pp_mask_rasterise(m, &t, 0, &r, &x, &y), PP_ERR_INVALID_TRANSFORM, NULL);
    CHECK_ERR(pp_mask_rasterise_matrix(m, matrix, 0, &r, &x, &y), PP_ERR_INVALID_TRANSFORM,
              NULL);
    matrix[1] = NAN;
    CHECK_ERR(pp_mask_rasterise_matrix(m, matrix, 0, &r, &x, &y), PP_ERR_INVALID_TRANSFORM,
              NULL);
    t = pp_transform_default();
    CHECK_ERR(pp_mask_rasterise(NULL, &t, 0, &r, &x, &y), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_mask_rasterise(m, &t, 0, NULL, &x, &y), PP_ERR_NULL_POINTER, "out_mask");
    CHECK_ERR(pp_mask_rasterise(m, &t, 0, &r, NULL, &y), PP_ERR_NULL_POINTER, "out_x");
    CHECK_ERR(pp_mask_rasterise(m, &t, 0, &r, &x, NULL), PP_ERR_NULL_POINTER, "out_y");
    CHECK_ERR(pp_mask_rasterise_matrix(m, NULL, 0, &r, &x, &y), PP_ERR_NULL_POINTER, "matrix");
    /* Too large for the size limit (80000 x 80000 pixels). */
    t.scale_x = 10000;
    t.scale_y = 10000;
    CHECK_ERR(pp_mask_rasterise(m, &t, 0, &r, &x, &y), PP_ERR_TOO_LARGE, NULL);
    CHECK(r == (pp_mask *)&r && x == 111 && y == 222);
    pp_mask_free(m);
}

/* Issue 30.3: a position within the documented limit |x| <= 2^31 whose raster corner lies
 * past int32_t is refused with PP_ERR_OVERFLOW (as the docs say) by every function that
 * makes a raster, nothing written; at -2^31 and 2^31 - 1 the corner fits and the raster is
 * made. The transformed queries answer at 2^31. */
static void positions_at_2_31(void)
{
    pp_mask *m = NULL, *r = (pp_mask *)&r;
    pp_transform t = pp_transform_default();
    int32_t x = 111, y = 222;
    double matrix[6] = {1, 0, 2147483648.0, 0, 1, 0};
    pp_world *w = NULL;
    pp_body_def d = pp_body_def_default();
    pp_body_id id = {7, 7, 7}, plain;
    pp_body_info info;
    uint8_t hit = 9;
    CHECK_OK(pp_mask_new(3, 2, 1, &m));
    t.x = 2147483648.0; /* 2^31: inside the transform's limits */
    CHECK_ERR(pp_mask_rasterise(m, &t, 0, &r, &x, &y), PP_ERR_OVERFLOW, "i32");
    CHECK_ERR(pp_mask_rasterise(m, &t, 1, &r, &x, &y), PP_ERR_OVERFLOW, "i32");
    CHECK_ERR(pp_mask_rasterise_matrix(m, matrix, 0, &r, &x, &y), PP_ERR_OVERFLOW, "i32");
    CHECK(r == (pp_mask *)&r && x == 111 && y == 222);
    CHECK_OK(pp_transformed_solid_at(m, &t, 2147483648LL, 0, &hit));
    CHECK(hit == 1);
    CHECK_OK(pp_world_new(&w));
    d.mask = m;
    d.transformed = 1;
    d.transform = t;
    CHECK_ERR(pp_world_create_body(w, &d, &id), PP_ERR_OVERFLOW, "i32");
    CHECK(id.index == 7 && id.generation == 7 && id.world == 7);
    d.transformed = 0;
    d.x = 5;
    CHECK_OK(pp_world_create_body(w, &d, &plain));
    CHECK_ERR(pp_world_set_transform(w, plain, &t), PP_ERR_OVERFLOW, "i32");
    CHECK_OK(pp_world_body(w, plain, &info));
    CHECK(info.sprite.x == 5 && info.sprite.y == 0);
    /* The corner fits at -2^31 and at 2^31 - 1. */
    t.x = -2147483648.0;
    CHECK_OK(pp_mask_rasterise(m, &t, 0, &r, &x, &y));
    CHECK(x == INT32_MIN && y == 0);
    pp_mask_free(r);
    CHECK_OK(pp_world_set_transform(w, plain, &t));
    CHECK_OK(pp_world_body(w, plain, &info));
    CHECK(info.sprite.x == INT32_MIN);
    t.x = 2147483647.0;
    CHECK_OK(pp_mask_rasterise(m, &t, 0, &r, &x, &y));
    CHECK(x == INT32_MAX && y == 0);
    pp_mask_free(r);
    pp_world_free(w);
    pp_mask_free(m);
    printf("2^31 positions: PP_ERR_OVERFLOW from rasterise, rasterise_matrix, create_body, "
           "set_transform\n");
}

/* Issue 30: a transform whose raster would exceed the size limit is refused with
 * PP_ERR_TOO_LARGE and the same message by every function taking it: rasterising, the
 * sampled queries (which used to run for hours: two 2x2 masks at scale 1e6, a 48x32 ship
 * at scale 3000) and world bodies. Nothing is written. */
static void huge_transforms_refused(void)
{
    pp_mask *two = make_pattern(2, 2, 5), *ship = NULL, *r = SENTINEL_MASK;
    pp_transform huge = pp_transform_default(), at3000 = pp_transform_default();
    pp_transform fine = pp_transform_default();
    uint8_t out = SENTINEL_U8, found = SENTINEL_U8;
    uint64_t area = SENTINEL_U64;
    pp_point p = {-7, -7};
    int32_t x = SENTINEL_I32, y = SENTINEL_I32;
    char raster_msg[256];
    pp_world *world = NULL;
    pp_body_def def = pp_body_def_default();
    pp_body_id id, placed;
    CHECK_OK(pp_mask_new(48, 32, 1, &ship));
    huge.scale_x = huge.scale_y = 1e6;
    at3000.scale_x = at3000.scale_y = 3000;
    at3000.rotation_degrees = 10;

    CHECK_ERR(pp_mask_rasterise(two, &huge, 0, &r, &x, &y), PP_ERR_TOO_LARGE, "too large");
    snprintf(raster_msg, sizeof raster_msg, "%s", pp_last_error_message());
    CHECK(r == SENTINEL_MASK && x == SENTINEL_I32 && y == SENTINEL_I32);
    CHECK_ERR(pp_transformed_collides(two, &huge, two, &huge, &out), PP_ERR_TOO_LARGE, "too large");
    /* The same limit, the same numbers: the same message as the raster's. */
    CHECK(strcmp(pp_last_error_message(), raster_msg) == 0);
    CHECK_ERR(pp_transformed_first_contact(two, &fine, two, &huge, &found, &p), PP_ERR_TOO_LARGE,
              "1999985x34");
    CHECK_ERR(pp_transformed_overlap_area(two, &huge, two, NULL, &area), PP_ERR_TOO_LARGE,
              "1999985x34");
    CHECK_ERR(pp_transformed_solid_at(two, &huge, 0, 0, &out), PP_ERR_TOO_LARGE, "1999985x34");
    CHECK(out == SENTINEL_U8 && found == SENTINEL_U8 && area == SENTINEL_U64 && p.x == -7);

    CHECK_ERR(pp_mask_rasterise(ship, &at3000, 0, &r, &x, &y), PP_ERR_TOO_LARGE, "too large");
    CHECK_ERR(pp_transformed_collides(ship, &at3000, ship, &at3000, &out), PP_ERR_TOO_LARGE,
              "too large");
    CHECK_ERR(pp_transformed_overlap_area(ship, &fine, ship, &at3000, &area), PP_ERR_TOO_LARGE,
              "too large");
    CHECK(out == SENTINEL_U8 && area == SENTINEL_U64);

    /* Within the limit the same queries answer: the ship at scale 100 over another. */
    at3000.scale_x = at3000.scale_y = 100;
    CHECK_OK(pp_transformed_collides(ship, &at3000, ship, &fine, &out));
    CHECK(out == 1);

    /* World bodies: created there, or moved there, refused alike. */
    CHECK_OK(pp_world_new(&world));
    def.mask = two;
    def.transformed = 1;
    def.transform = huge;
    CHECK_ERR(pp_world_create_body(world, &def, &id), PP_ERR_TOO_LARGE, "1999985x34");
    CHECK(strcmp(pp_last_error_message(), raster_msg) == 0);
    def.transform = fine;
    CHECK_OK(pp_world_create_body(world, &def, &placed));
    CHECK_ERR(pp_world_set_transform(world, placed, &huge), PP_ERR_TOO_LARGE, "1999985x34");
    pp_world_free(world);
    pp_mask_free(ship);
    pp_mask_free(two);
    printf("huge transforms: refused with PP_ERR_TOO_LARGE by rasterise, the sampled queries and "
           "the world alike\n");
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    positions_at_2_31();
    transform_struct();
    mask_level_transforms();
    exact_rasters();
    exact_scales_on_texel_edges();
    queries_on_rasters();
    bad_transforms();
    huge_transforms_refused();
    return finish();
}
