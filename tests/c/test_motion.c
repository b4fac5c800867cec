/*
 * C test of contacts and motion through the C ABI: pp_contact_normal, pp_push_out (with
 * pp_push_options_default), pp_move_and_slide (with pp_move_options_default), pp_raycast,
 * pp_solid_at, pp_transformed_solid_at and the normal of pp_sweep_result.
 *
 * The semantics of contact normals, push-out, move-and-slide, raycasts and sweeps are
 * checked by the conformance corpus (tests/corpus/corpus.txt, replayed through this door
 * by tests/c/corpus_replay.c). This program keeps what the corpus does not hold: the
 * contact normal's rule written from the header's words alone (o_vector and its helpers,
 * with the push-out it needs for a buried mover) and checked against the library on random
 * pairs and sweeps, the evidence that the header says enough to get the same bits; pp_solid_at
 * and pp_transformed_solid_at against the mask bytes kept beside their handles, the option
 * structs' defaults, pp_sweep_path_position, hand-made scenes that hold the promises a game
 * relies on (flat floors and walls give exact normals, a 45-degree slope is within 5
 * degrees, a wall one pixel thick is never passed through) and every error path with
 * nothing written. Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror
 * -I include and run against the cdylib (also under ASan+UBSan and valgrind when asked).
 *
 * usage: test_motion <scratch-dir>
 * Prints failures and summaries, ends with "N passed, M failed", exits non-zero on any
 * failure.
 */
#include "perpixel.h"

#include <math.h> /* NAN, isnan; atan2 and fabs in normal_degrees only */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

__extension__ typedef __int128 i128;

/* The few floating-point helpers the oracles need, written here: the programs link only
 * the library (no -lm). my_sqrt is Newton's iteration, within an ulp or two. */
static double my_abs(double v) { return v < 0 ? -v : v; }

static double my_sqrt(double v)
{
    double r;
    int i;
    if (v <= 0) return 0;
    r = v > 1 ? v : 1;
    for (i = 0; i < 200; i++) {
        double next = 0.5 * (r + v / r);
        if (next == r) break;
        r = next;
    }
    return r;
}



/* ---- masks kept twice: bytes for pp_solid_at, a handle for the library ---------------- */

typedef struct {
    int32_t w, h;
    uint8_t *px; /* w * h bytes, 1 = solid */
    pp_mask *m;
} tmask;

typedef struct {
    const tmask *t;
    int32_t x, y;
    uint8_t pc; /* pixel collision; 0 = bounds-only */
} tsprite;

static tmask tm_new(int32_t w, int32_t h)
{
    tmask t;
    t.w = w;
    t.h = h;
    t.px = (uint8_t *)calloc((size_t)(w * h) + 1, 1);
    t.m = NULL;
    return t;
}

/* Builds the handle from the bytes (A8, 255 = solid). */
static void tm_finish(tmask *t)
{
    size_t n = (size_t)(t->w * t->h), i;
    uint8_t *alpha = (uint8_t *)malloc(n + 1);
    for (i = 0; i < n; i++) alpha[i] = t->px[i] ? 255 : 0;
    CHECK_OK(pp_mask_from_pixels(alpha, n, PP_FORMAT_A8, t->w, t->h, t->w, NULL, &t->m));
    free(alpha);
}

static tmask tm_full(int32_t w, int32_t h)
{
    tmask t = tm_new(w, h);
    memset(t.px, 1, (size_t)(w * h));
    tm_finish(&t);
    return t;
}

/* Random pixels, `percent` of them solid on average. */
static tmask tm_random(int32_t w, int32_t h, uint32_t percent, uint32_t *seed)
{
    tmask t = tm_new(w, h);
    int32_t i;
    for (i = 0; i < w * h; i++) t.px[i] = (uint8_t)((lcg_next(seed) >> 16) % 100 < percent);
    tm_finish(&t);
    return t;
}

static uint32_t rnd(uint32_t *seed, uint32_t n)
{
    return (lcg_next(seed) >> 8) % n;
}

static void tm_free(tmask *t)
{
    free(t->px);
    pp_mask_free(t->m);
    t->px = NULL;
    t->m = NULL;
}

static tsprite ts(const tmask *t, int32_t x, int32_t y)
{
    tsprite s;
    s.t = t;
    s.x = x;
    s.y = y;
    s.pc = 1;
    return s;
}

static pp_sprite pp_of(tsprite s)
{
    return sprite_at(s.t->m, s.x, s.y, s.pc);
}

/* ---- the pixel rule ---------------------------------------------------------------------- */

/* World pixel (x, y) solid in s: inside its rectangle and solid in its bytes. */
static int o_solid(tsprite s, int64_t x, int64_t y)
{
    int64_t lx = x - s.x, ly = y - s.y;
    if (lx < 0 || ly < 0 || lx >= s.t->w || ly >= s.t->h) return 0;
    return !s.pc || s.t->px[ly * s.t->w + lx];
}

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Some world pixel solid in both. */
static int o_collides(tsprite a, tsprite b)
{
    int64_t x0 = max64(a.x, b.x), x1 = min64((int64_t)a.x + a.t->w, (int64_t)b.x + b.t->w);
    int64_t y0 = max64(a.y, b.y), y1 = min64((int64_t)a.y + a.t->h, (int64_t)b.y + b.t->h);
    int64_t x, y;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++)
            if (o_solid(a, x, y) && o_solid(b, x, y)) return 1;
    return 0;
}

static int x_moves(int64_t i, int64_t j, int64_t a, int64_t b)
{
    return (2 * i + 1) * b <= (2 * j + 1) * a;
}

typedef struct {
    int32_t dx, dy, d2;
} cand;

static int cand_order(const void *pa, const void *pb)
{
    const cand *a = (const cand *)pa, *b = (const cand *)pb;
    if (a->d2 != b->d2) return a->d2 < b->d2 ? -1 : 1;
    if (a->dy != b->dy) return a->dy < b->dy ? -1 : 1;
    if (a->dx != b->dx) return a->dx < b->dx ? -1 : 1;
    return 0;
}

/* Push-out: every allowed translation no longer than `max`, shortest first. */
static int o_push(tsprite m, tsprite o, uint8_t dir, int32_t ax, int32_t ay, int32_t max,
                  int32_t *odx, int32_t *ody)
{
    static cand list[(2 * 64 + 1) * (2 * 64 + 1)];
    size_t n = 0, i;
    int32_t dx, dy, k;
    *odx = 0;
    *ody = 0;
    if (!o_collides(m, o)) return 1;
    if (dir == PP_PUSH_ANY) {
        for (dy = -max; dy <= max; dy++)
            for (dx = -max; dx <= max; dx++)
                if ((dx || dy) && dx * dx + dy * dy <= max * max) {
                    list[n].dx = dx;
                    list[n].dy = dy;
                    list[n].d2 = dx * dx + dy * dy;
                    n++;
                }
        qsort(list, n, sizeof list[0], cand_order);
    } else if (dir == PP_PUSH_HORIZONTAL || dir == PP_PUSH_VERTICAL) {
        for (k = 1; k <= max; k++) {
            int32_t s;
            for (s = -1; s <= 1; s += 2) {
                list[n].dx = dir == PP_PUSH_HORIZONTAL ? s * k : 0;
                list[n].dy = dir == PP_PUSH_VERTICAL ? s * k : 0;
                n++;
            }
        }
    } else {
        int64_t a = ax < 0 ? -(int64_t)ax : ax, b = ay < 0 ? -(int64_t)ay : ay, i2 = 0, j2 = 0;
        for (;;) {
            if (x_moves(i2, j2, a, b)) i2++;
            else j2++;
            if (i2 * i2 + j2 * j2 > (int64_t)max * max) break;
            list[n].dx = (int32_t)(ax < 0 ? -i2 : i2);
            list[n].dy = (int32_t)(ay < 0 ? -j2 : j2);
            n++;
        }
    }
    for (i = 0; i < n; i++) {
        tsprite moved = m;
        moved.x += list[i].dx;
        moved.y += list[i].dy;
        if (!o_collides(moved, o)) {
            *odx = list[i].dx;
            *ody = list[i].dy;
            return 1;
        }
    }
    return 0;
}

/* ---- the contact normal, written from the header's rule (pp_contact_normal) --------- */

/* The rule pixel by pixel in exact integers; only the final normalisation is floating
 * point. */
typedef struct {
    int64_t x, y;
} v2;

static const v2 o_axes[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const v2 o_diagonals[4] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

/* (p, p + d) is a face: p solid in the obstacle, p + d not, and the mover solid at p + d
 * (at p itself for a buried mover). */
static int o_face(tsprite mv, tsprite ob, int64_t x, int64_t y, v2 d, int buried)
{
    if (!o_solid(ob, x, y) || o_solid(ob, x + d.x, y + d.y)) return 0;
    return buried ? o_solid(mv, x, y) : o_solid(mv, x + d.x, y + d.y);
}

static int o_surface(tsprite ob, int64_t x, int64_t y, v2 d)
{
    return o_solid(ob, x, y) && !o_solid(ob, x + d.x, y + d.y);
}

/* Whether the run of surface across d through (x, y) is flat: at least
 * PP_NORMAL_FLAT_RUN long, or no end rounded and (at least 3 long or both ends square). */
static int o_flat_run(tsprite ob, int64_t x, int64_t y, v2 d)
{
    int64_t ax = d.y != 0, ay = d.x != 0, lo = 0, hi = 0, len;
    int kind[2], e;
    while (o_surface(ob, x - (lo + 1) * ax, y - (lo + 1) * ay, d)) lo++;
    while (o_surface(ob, x + (hi + 1) * ax, y + (hi + 1) * ay, d)) hi++;
    len = lo + hi + 1;
    if (len >= PP_NORMAL_FLAT_RUN) return 1;
    for (e = 0; e < 2; e++) {
        int64_t k = e ? hi + 1 : -(lo + 1), ex = x + k * ax, ey = y + k * ay;
        if (o_solid(ob, ex, ey)) kind[e] = 0; /* concave: the surface rises */
        else if (!o_solid(ob, ex - d.x, ey - d.y)) kind[e] = 1; /* square */
        else kind[e] = 2; /* rounded */
    }
    if (kind[0] == 2 || kind[1] == 2) return 0;
    return len >= 3 || (kind[0] == 1 && kind[1] == 1);
}

/* Steps 2 to 5 over the faces across dirs[0..nd): 1 and the integer vector, or 0. */
static int o_vector(tsprite mv, tsprite ob, const v2 *dirs, int nd, int buried, i128 *vx,
                    i128 *vy)
{
    int64_t x0 = min64(mv.x, ob.x) - 2, x1 = max64((int64_t)mv.x + mv.t->w, (int64_t)ob.x + ob.t->w) + 2;
    int64_t y0 = min64(mv.y, ob.y) - 2, y1 = max64((int64_t)mv.y + mv.t->h, (int64_t)ob.y + ob.t->h) + 2;
    int64_t x, y, line = 0, cx, cy, reach;
    i128 n = 0, sx = 0, sy = 0, far = 0, t = 0, r, an = 0, ax = 0, ay = 0, wn = 0, fx = 0, fy = 0;
    i128 mx, my;
    int k, seen = 0, kinds = 0, one_line = 1, first = 1, flat = 1;
    v2 d = {0, 0};
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++) {
            int any = 0;
            for (k = 0; k < nd; k++)
                if (o_face(mv, ob, x, y, dirs[k], buried)) {
                    int64_t c = dirs[k].x != 0 ? x : y;
                    any = 1;
                    fx += dirs[k].x;
                    fy += dirs[k].y;
                    if (!(seen & (1 << k))) kinds++;
                    seen |= 1 << k;
                    d = dirs[k];
                    if (first) line = c;
                    else if (c != line) one_line = 0;
                    first = 0;
                }
            if (any) {
                n++;
                sx += x;
                sy += y;
            }
        }
    if (n == 0) return 0;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++) {
            int any = 0;
            for (k = 0; k < nd; k++) any |= o_face(mv, ob, x, y, dirs[k], buried);
            if (any) {
                i128 ex = n * x - sx, ey = n * y - sy;
                if (ex * ex + ey * ey > far) far = ex * ex + ey * ey;
            }
        }
    while ((n * t) * (n * t) < far) t++;
    r = PP_NORMAL_RADIUS + t;
    /* 3. A flat face: one axis direction, one line, every face pixel's run flat. */
    if (kinds == 1 && one_line && (d.x == 0 || d.y == 0)) {
        for (y = y0; y < y1 && flat; y++)
            for (x = x0; x < x1 && flat; x++)
                if (o_face(mv, ob, x, y, d, buried) && !o_flat_run(ob, x, y, d)) flat = 0;
        if (flat) {
            *vx = d.x;
            *vy = d.y;
            return 1;
        }
    }
    /* 4. The window |n p - S|^2 <= (n R)^2 and the obstacle's moment in it. */
    cx = (int64_t)(sx / n);
    cy = (int64_t)(sy / n);
    reach = (int64_t)r + 2;
    for (y = cy - reach; y <= cy + reach; y++)
        for (x = cx - reach; x <= cx + reach; x++) {
            i128 ex = n * x - sx, ey = n * y - sy;
            if (ex * ex + ey * ey > (n * r) * (n * r)) continue;
            wn++;
            if (o_solid(ob, x, y)) {
                an++;
                ax += x;
                ay += y;
            }
        }
    mx = an * sx - n * ax;
    my = an * sy - n * ay;
    if ((mx != 0 || my != 0) && an < wn) {
        *vx = mx;
        *vy = my;
        return 1;
    }
    /* 5. The faces' directions summed. */
    if (fx == 0 && fy == 0) return 0;
    *vx = fx;
    *vy = fy;
    return 1;
}

static void o_unit(i128 vx, i128 vy, double *nx, double *ny)
{
    double x = (double)vx, y = (double)vy, len = my_sqrt(x * x + y * y);
    *nx = x / len;
    *ny = y / len;
}

/* The contact normal: 1 and the normal, or 0. */
static int o_normal(tsprite mv, tsprite ob, double *nx, double *ny)
{
    i128 vx, vy;
    int32_t dx, dy;
    if (o_vector(mv, ob, o_axes, 4, 0, &vx, &vy) || o_vector(mv, ob, o_diagonals, 4, 0, &vx, &vy) ||
        o_vector(mv, ob, o_axes, 4, 1, &vx, &vy)) {
        o_unit(vx, vy, nx, ny);
        return 1;
    }
    /* Buried away from the surface: the shortest push-out within the radius. */
    if (o_collides(mv, ob) && o_push(mv, ob, PP_PUSH_ANY, 0, 0, PP_NORMAL_RADIUS, &dx, &dy) &&
        (dx != 0 || dy != 0)) {
        o_unit(dx, dy, nx, ny);
        return 1;
    }
    return 0;
}

/* A sweep's or ray's hit normal: mv at its last free position, (sx, sy) the blocked step,
 * (mx, my) the motion. */
static void o_blocked_normal(tsprite mv, tsprite ob, int64_t sx, int64_t sy, int64_t mx,
                             int64_t my, double *nx, double *ny)
{
    v2 back;
    i128 vx, vy;
    back.x = -sx;
    back.y = -sy;
    if (o_vector(mv, ob, &back, 1, 0, &vx, &vy) && vx * mx + vy * my < 0) o_unit(vx, vy, nx, ny);
    else o_unit(back.x, back.y, nx, ny);
}



static int normal_of(tsprite mv, tsprite ob, pp_normal *n)
{
    pp_sprite a = pp_of(mv), b = pp_of(ob);
    uint8_t found = SENTINEL_U8;
    n->x = n->y = -7.0;
    CHECK_OK(pp_contact_normal(&a, &b, &found, n));
    CHECK(found == 0 || found == 1);
    if (!found) CHECK(n->x == 0.0 && n->y == 0.0);
    return found;
}

static int near(double a, double b, double eps) { return my_abs(a - b) <= eps; }

/* The library's normal equals the oracle's (both absent, or within 1e-9). */
static int same_normal(tsprite mv, tsprite ob)
{
    pp_normal got;
    double ex = 0, ey = 0;
    int found = normal_of(mv, ob, &got), want = o_normal(mv, ob, &ex, &ey);
    int ok = found == want && (!found || (near(got.x, ex, 1e-9) && near(got.y, ey, 1e-9)));
    if (!ok)
        printf("normal mismatch: mover %dx%d at (%d, %d), obstacle %dx%d at (%d, %d): library "
               "%d (%.12f, %.12f), oracle %d (%.12f, %.12f)\n",
               (int)mv.t->w, (int)mv.t->h, (int)mv.x, (int)mv.y, (int)ob.t->w, (int)ob.t->h,
               (int)ob.x, (int)ob.y, found, got.x, got.y, want, ex, ey);
    return ok;
}

/* Within 5 degrees of the unit vector (ux, uy): the cosine of the angle between them is
 * at least cos 5 degrees. */
static int within_5_degrees(pp_normal n, double ux, double uy)
{
    return n.x * ux + n.y * uy >= 0.99619469809174553;
}

/* ---- scenes --------------------------------------------------------------------------- */

static void defaults(void)
{
    pp_push_options p = pp_push_options_default();
    pp_move_options m = pp_move_options_default();
    CHECK(p.internal_cookie != 0 && p.direction == PP_PUSH_ANY && p.along_x == 0 &&
          p.along_y == -1 && p.max_distance == 64);
    CHECK(m.internal_cookie != 0 && m.internal_cookie != p.internal_cookie && m.step_up == 0 &&
          m.up == -1);
    CHECK(PP_NORMAL_RADIUS == 6);
}

/* pp_solid_at over the sprite's rectangle and 3 pixels around it, as o_solid says. */
static int solid_everywhere_as_the_oracle(tsprite s)
{
    pp_sprite c = pp_of(s);
    int64_t x, y;
    int ok = 1;
    for (y = s.y - 3; y < s.y + s.t->h + 3; y++)
        for (x = s.x - 3; x < s.x + s.t->w + 3; x++) {
            uint8_t got = SENTINEL_U8;
            CHECK_OK(pp_solid_at(&c, x, y, &got));
            ok = ok && got == o_solid(s, x, y);
        }
    return ok;
}

static void solid_at(void)
{
    uint32_t seed = 11;
    tmask t = tm_random(70, 5, 40, &seed);
    tsprite s = ts(&t, -30, 7);
    pp_sprite c;
    CHECK(solid_everywhere_as_the_oracle(s));
    /* Bounds-only: the whole rectangle. */
    s.pc = 0;
    c = pp_of(s);
    CHECK(solid_everywhere_as_the_oracle(s));
    /* Far outside int32_t: never solid, never an error. */
    {
        uint8_t got = SENTINEL_U8;
        CHECK_OK(pp_solid_at(&c, INT64_MAX, INT64_MIN, &got));
        CHECK(got == 0);
        c = sprite_at(t.m, INT32_MAX, INT32_MAX, 0);
        CHECK_OK(pp_solid_at(&c, (int64_t)INT32_MAX + 69, (int64_t)INT32_MAX + 4, &got));
        CHECK(got == 1);
        CHECK_OK(pp_solid_at(&c, (int64_t)INT32_MAX + 70, (int64_t)INT32_MAX + 4, &got));
        CHECK(got == 0);
    }
    tm_free(&t);
}

static void transformed_solid_at(void)
{
    uint32_t seed = 12;
    tmask t = tm_random(6, 4, 50, &seed);
    pp_transform tr = pp_transform_default();
    int64_t x, y;
    int ok_null = 1, ok_move = 1, ok_flip = 1, ok_turn = 1, ok_scale = 1, ok_raster = 1;
    uint8_t got;
    for (y = -3; y < 10; y++)
        for (x = -3; x < 12; x++) {
            int64_t i, j;
            /* NULL: the identity at (0, 0). */
            CHECK_OK(pp_transformed_solid_at(t.m, NULL, x, y, &got));
            ok_null = ok_null && got == o_solid(ts(&t, 0, 0), x, y);
            /* A whole-pixel position: the plain sprite. */
            tr = pp_transform_default();
            tr.x = 3;
            tr.y = -2;
            CHECK_OK(pp_transformed_solid_at(t.m, &tr, x, y, &got));
            ok_move = ok_move && got == o_solid(ts(&t, 3, -2), x, y);
            /* flip_x about the centre: texel (i, j) at world (3 + 5 - i, -2 + j). */
            tr.flip_x = 1;
            CHECK_OK(pp_transformed_solid_at(t.m, &tr, x, y, &got));
            i = 3 + 5 - x;
            j = y + 2;
            ok_flip = ok_flip && got == (i >= 0 && i < 6 && j >= 0 && j < 4 && t.px[j * 6 + i]);
            /* A quarter turn about the centre (3, 2): texel (i, j) at world
             * (x + (w + h) / 2 - 1 - j, y + (h - w) / 2 + i) = (3 + 4 - j, -2 - 1 + i). */
            tr.flip_x = 0;
            tr.rotation_degrees = 90;
            CHECK_OK(pp_transformed_solid_at(t.m, &tr, x, y, &got));
            j = 3 + 4 - x;
            i = y + 3;
            ok_turn = ok_turn && got == (i >= 0 && i < 6 && j >= 0 && j < 4 && t.px[j * 6 + i]);
            /* Scale 2 about the origin: texel (floor((X - 3) / 2), Y + 2). */
            tr.rotation_degrees = 0;
            tr.scale_x = 2;
            tr.has_pivot = 1;
            tr.pivot_x = 0;
            tr.pivot_y = 0;
            CHECK_OK(pp_transformed_solid_at(t.m, &tr, x, y, &got));
            i = x - 3 >= 0 ? (x - 3) / 2 : -1;
            j = y + 2;
            ok_scale = ok_scale && got == (i >= 0 && i < 6 && j >= 0 && j < 4 && t.px[j * 6 + i]);
        }
    CHECK(ok_null);
    CHECK(ok_move);
    CHECK(ok_flip);
    CHECK(ok_turn);
    CHECK(ok_scale);
    /* Any angle: the raster's pixels (pp_solid_at on it), around and beyond it. */
    {
        pp_mask *r = NULL;
        int32_t rx = 0, ry = 0;
        pp_sprite rs;
        tr = pp_transform_default();
        tr.x = 1.25;
        tr.y = -0.5;
        tr.rotation_degrees = 33;
        tr.scale_y = 1.5;
        CHECK_OK(pp_mask_rasterise(t.m, &tr, 0, &r, &rx, &ry));
        rs = sprite_at(r, rx, ry, 1);
        for (y = -8; y < 14; y++)
            for (x = -8; x < 14; x++) {
                uint8_t want = SENTINEL_U8;
                CHECK_OK(pp_transformed_solid_at(t.m, &tr, x, y, &got));
                CHECK_OK(pp_solid_at(&rs, x, y, &want));
                ok_raster = ok_raster && got == want;
            }
        CHECK(ok_raster);
        pp_mask_free(r);
        /* Far outside: never covered, never an error. */
        got = SENTINEL_U8;
        CHECK_OK(pp_transformed_solid_at(t.m, &tr, INT64_MAX, INT64_MIN, &got));
        CHECK(got == 0);
        CHECK_OK(pp_transformed_solid_at(t.m, &tr, INT64_MIN, INT64_MAX, &got));
        CHECK(got == 0);
    }
    tm_free(&t);
}

static void normals_on_floors_walls_slopes(void)
{
    tmask ground = tm_full(200, 50), crate = tm_full(16, 16), wall = tm_full(50, 200);
    tmask slope = tm_new(120, 120), dot = tm_full(1, 1);
    pp_normal n;
    int32_t x, y, s;
    /* Resting on a flat floor (y down), then sunk 3 pixels: exactly (0, -1). */
    CHECK(normal_of(ts(&crate, 50, 84), ts(&ground, 0, 100), &n) && n.x == 0.0 && n.y == -1.0);
    CHECK(normal_of(ts(&crate, 50, 87), ts(&ground, 0, 100), &n) && n.x == 0.0 && n.y == -1.0);
    /* Hanging under a ceiling: (0, 1). */
    CHECK(normal_of(ts(&crate, 50, 150), ts(&ground, 0, 100), &n) && n.x == 0.0 && n.y == 1.0);
    /* Against a wall on its right, touching and sunk: (-1, 0); on its left: (1, 0). */
    CHECK(normal_of(ts(&crate, 84, 50), ts(&wall, 100, 0), &n) && n.x == -1.0 && n.y == 0.0);
    CHECK(normal_of(ts(&crate, 87, 50), ts(&wall, 100, 0), &n) && n.x == -1.0 && n.y == 0.0);
    CHECK(normal_of(ts(&crate, 150, 50), ts(&wall, 100, 0), &n) && n.x == 1.0 && n.y == 0.0);
    /* Far away, and diagonal neighbours only: found = 0 far, 1 at a corner. */
    CHECK(!normal_of(ts(&crate, 50, 10), ts(&ground, 0, 100), &n));
    CHECK(!normal_of(ts(&crate, 50, 83), ts(&ground, 0, 100), &n));
    /* Touching the floor's end corner to corner: a normal away from the ground, up and
     * to the right. */
    CHECK(normal_of(ts(&crate, 200, 84), ts(&ground, 0, 100), &n) && n.x > 0.0 && n.y < 0.0);
    /* A 45-degree slope, solid where x + y >= 119 (free space up and left): the normal
     * (-1, -1) / sqrt 2, -135 degrees, within 5 degrees, resting and sunk. */
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++) slope.px[y * 120 + x] = (uint8_t)(x + y >= 119);
    tm_finish(&slope);
    for (s = 30; s <= 70; s += 8) {
        /* A 16x16 crate whose corner (15, 15) sits on the diagonal: x + 15 + y + 15 = 118
         * touches, one pixel more overlaps. */
        int32_t cx = s, cy = 118 - 30 - s;
        int d;
        for (d = 0; d <= 3; d++) {
            CHECK(normal_of(ts(&crate, cx, cy + d), ts(&slope, 0, 0), &n) &&
                  within_5_degrees(n, -0.70710678118654752, -0.70710678118654752));
        }
        /* A dot on the slope. */
        CHECK(normal_of(ts(&dot, s, 118 - s), ts(&slope, 0, 0), &n) &&
              within_5_degrees(n, -0.70710678118654752, -0.70710678118654752));
    }
    /* Bounds-only sprites are solid over their rectangle. */
    {
        tmask hollow = tm_new(50, 50);
        tsprite h;
        tm_finish(&hollow);
        h = ts(&hollow, 0, 100);
        h.pc = 0;
        CHECK(normal_of(ts(&crate, 10, 84), h, &n) && n.x == 0.0 && n.y == -1.0);
        h.pc = 1;
        CHECK(!normal_of(ts(&crate, 10, 84), h, &n));
        tm_free(&hollow);
    }
    tm_free(&ground);
    tm_free(&crate);
    tm_free(&wall);
    tm_free(&slope);
    tm_free(&dot);
}


static void normals_against_the_oracle(void)
{
    uint32_t seed = 2024;
    int round, agree = 0, found = 0;
    for (round = 0; round < 300; round++) {
        tmask a = tm_random(1 + (int32_t)rnd(&seed, 14), 1 + (int32_t)rnd(&seed, 14),
                            20 + rnd(&seed, 70), &seed);
        tmask b = tm_random(1 + (int32_t)rnd(&seed, 30), 1 + (int32_t)rnd(&seed, 30),
                            20 + rnd(&seed, 70), &seed);
        tsprite mv = ts(&a, (int32_t)rnd(&seed, 40) - 15, (int32_t)rnd(&seed, 40) - 15);
        tsprite ob = ts(&b, 0, 0);
        double x, y;
        mv.pc = (uint8_t)(rnd(&seed, 8) != 0);
        ob.pc = (uint8_t)(rnd(&seed, 8) != 0);
        agree += same_normal(mv, ob);
        found += o_normal(mv, ob, &x, &y);
        tm_free(&a);
        tm_free(&b);
    }
    printf("contact normals: %d of 300 random pairs agree with the oracle, %d have one\n",
           agree, found);
    CHECK(agree == 300);
    CHECK(found > 100);
}

/* The sweep's normal: at a hit, the blocked step's normal at the last free position. */
static void sweep_normals(void)
{
    tmask ground = tm_full(200, 50), crate = tm_full(16, 16), wall = tm_full(1, 60);
    uint32_t seed = 99;
    int round, ok = 1, hits = 0;
    pp_sweep_result r;
    pp_sprite a = pp_of(ts(&crate, 50, 0)), b = pp_of(ts(&ground, 0, 100));
    memset(&r, 0x5A, sizeof r);
    CHECK_OK(pp_sweep(&a, &b, 0, 200, &r));
    CHECK(r.outcome == PP_SWEEP_HIT && r.at.y == 85 && r.has_normal == 1 && r.normal.x == 0.0 &&
          r.normal.y == -1.0);
    a = pp_of(ts(&crate, 0, 20));
    b = pp_of(ts(&wall, 100, 0));
    CHECK_OK(pp_sweep(&a, &b, 300, 0, &r));
    CHECK(r.outcome == PP_SWEEP_HIT && r.at.x == 85 && r.has_normal == 1 && r.normal.x == -1.0 &&
          r.normal.y == 0.0);
    CHECK_OK(pp_sweep(&a, &b, 0, 10, &r));
    CHECK(r.outcome == PP_SWEEP_CLEAR && r.has_normal == 0 && r.normal.x == 0.0 &&
          r.normal.y == 0.0);
    /* Random: the normal is the oracle's. */
    for (round = 0; round < 200; round++) {
        tmask m = tm_random(1 + (int32_t)rnd(&seed, 10), 1 + (int32_t)rnd(&seed, 10), 60, &seed);
        tmask o = tm_random(5 + (int32_t)rnd(&seed, 20), 5 + (int32_t)rnd(&seed, 20), 50, &seed);
        tsprite mv = ts(&m, (int32_t)rnd(&seed, 60) - 30, (int32_t)rnd(&seed, 60) - 30);
        tsprite ob = ts(&o, 0, 0);
        int32_t dx = 5 - mv.x + (int32_t)rnd(&seed, 10), dy = 5 - mv.y + (int32_t)rnd(&seed, 10);
        double ex = 0, ey = 0;
        int want;
        a = pp_of(mv);
        b = pp_of(ob);
        CHECK_OK(pp_sweep(&a, &b, dx, dy, &r));
        if (r.outcome == PP_SWEEP_CLEAR) {
            ok = ok && r.has_normal == 0;
        } else if (r.outcome == PP_SWEEP_STARTS_TOUCHING) {
            want = o_normal(mv, ob, &ex, &ey);
            ok = ok && r.has_normal == want &&
                 (!want || (near(r.normal.x, ex, 1e-9) && near(r.normal.y, ey, 1e-9)));
        } else {
            /* A hit: the blocked step's normal at the last free position, always there and
             * against the motion. */
            mv.x = (int32_t)r.last_free.x;
            mv.y = (int32_t)r.last_free.y;
            o_blocked_normal(mv, ob, r.at.x - r.last_free.x, r.at.y - r.last_free.y, dx, dy, &ex,
                             &ey);
            ok = ok && r.has_normal == 1 && near(r.normal.x, ex, 1e-9) &&
                 near(r.normal.y, ey, 1e-9) && r.normal.x * dx + r.normal.y * dy < 0;
            hits++;
        }
        tm_free(&m);
        tm_free(&o);
    }
    printf("sweep normals: 200 random sweeps, %d hits, each normal the oracle's and against the "
           "motion\n",
           hits);
    CHECK(ok);
    CHECK(hits > 40);
    tm_free(&ground);
    tm_free(&crate);
    tm_free(&wall);
}
/* pp_sweep_path_position against the path walked here by its documented rule (x moves
 * when (2i + 1)|dy| <= (2j + 1)|dx|, i and j the steps taken on each axis), for every
 * step of small motions; the ends of motions at the int32_t limits; where a sweep's
 * `step` points (its `at`); and its errors. */
static void sweep_path_positions(void)
{
    tmask wall = tm_full(1, 60), dot = tm_full(2, 2);
    pp_sprite a = pp_of(ts(&dot, 0, 20)), b = pp_of(ts(&wall, 37, 0));
    pp_sweep_result r;
    pp_point p;
    int32_t dx, dy;
    int ok = 1, checked = 0;
    for (dx = -9; dx <= 9; dx++) {
        for (dy = -9; dy <= 9; dy++) {
            const int64_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
            int64_t i = 0, j = 0, k;
            for (k = 0; k <= ax + ay; k++) {
                memset(&p, 0x5A, sizeof p);
                CHECK_OK(pp_sweep_path_position(dx, dy, (uint64_t)k, &p));
                ok = ok && p.x == (dx < 0 ? -i : i) && p.y == (dy < 0 ? -j : j);
                checked++;
                if (i < ax && (j >= ay || (2 * i + 1) * ay <= (2 * j + 1) * ax)) {
                    i++;
                } else {
                    j++;
                }
            }
            CHECK_ERR(pp_sweep_path_position(dx, dy, (uint64_t)(ax + ay + 1), &p),
                      PP_ERR_INVALID_ARGUMENT, "past the end");
        }
    }
    CHECK(ok);
    CHECK_OK(pp_sweep_path_position(INT32_MIN, INT32_MAX, 4294967295u, &p));
    CHECK(p.x == INT32_MIN && p.y == INT32_MAX);
    CHECK_OK(pp_sweep_path_position(INT32_MIN, INT32_MAX, 0, &p));
    CHECK(p.x == 0 && p.y == 0);
    /* A sweep's step counts to its `at`. */
    CHECK_OK(pp_sweep(&a, &b, 60, 25, &r));
    CHECK(r.outcome == PP_SWEEP_HIT);
    CHECK_OK(pp_sweep_path_position(60, 25, r.step, &p));
    CHECK(p.x == r.at.x && p.y == r.at.y - 20);
    CHECK_ERR(pp_sweep_path_position(1, 1, 0, NULL), PP_ERR_NULL_POINTER, "out");
    printf("ok    pp_sweep_path_position: %d positions of every motion up to 9 pixels, the "
           "int32_t ends, a sweep's step, errors\n", checked);
    tm_free(&wall);
    tm_free(&dot);
}

/* pp_normal_degrees: the axes exactly, the sign of -0 and of a zero x (atan2's rules), NaN
 * through, and within 1e-12 degrees of the C library's atan2 on random vectors (their bits
 * may differ there; the corpus holds the library's bits in every door). */
static void normal_degrees(void)
{
    const pp_normal up = {0.0, -1.0}, down = {0.0, 1.0}, right = {1.0, 0.0}, left = {-1.0, 0.0};
    const pp_normal neg_zero = {-1.0, -0.0}, zero = {0.0, 0.0}, nan = {NAN, 1.0};
    uint64_t state = 0x9E3779B97F4A7C15ull;
    int i, close = 1;
    CHECK(pp_normal_degrees(up) == -90.0);
    CHECK(pp_normal_degrees(down) == 90.0);
    CHECK(pp_normal_degrees(right) == 0.0);
    CHECK(pp_normal_degrees(left) == 180.0);
    CHECK(pp_normal_degrees(neg_zero) == -180.0);
    CHECK(pp_normal_degrees(zero) == 0.0);
    CHECK(isnan(pp_normal_degrees(nan)));
    for (i = 0; i < 10000; i++) {
        pp_normal n;
        double expected;
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        n.x = (double)(int32_t)(state & 0xFFFF) - 32768.0;
        n.y = (double)(int32_t)((state >> 16) & 0xFFFF) - 32768.0;
        expected = atan2(n.y, n.x) * (180.0 / 3.14159265358979323846);
        close = close && fabs(pp_normal_degrees(n) - expected) <= 1e-12 * 180.0;
    }
    CHECK(close);
    printf("ok    pp_normal_degrees: the four axes, -0 and 0, NaN, 10000 random vectors "
           "against atan2\n");
}

static int push(tsprite m, tsprite o, const pp_push_options *opts, pp_offset *out)
{
    pp_sprite a = pp_of(m), b = pp_of(o);
    uint8_t found = SENTINEL_U8;
    out->dx = out->dy = SENTINEL_I32;
    CHECK_OK(pp_push_out(&a, &b, opts, &found, out));
    CHECK(found == 0 || found == 1);
    if (!found) CHECK(out->dx == 0 && out->dy == 0);
    return found;
}

static void push_out_scenes(void)
{
    tmask ground = tm_full(100, 20), player = tm_full(8, 16), wall = tm_full(1, 40);
    pp_push_options o = pp_push_options_default();
    pp_offset p;
    /* Sunk 5 pixels into the ground (y down): 5 up. NULL options are the defaults. */
    CHECK(push(ts(&player, 40, 39), ts(&ground, 0, 50), NULL, &p) && p.dx == 0 && p.dy == -5);
    CHECK(push(ts(&player, 40, 39), ts(&ground, 0, 50), &o, &p) && p.dx == 0 && p.dy == -5);
    /* Sideways only: over the left edge, 48; not within 40. */
    o.direction = PP_PUSH_HORIZONTAL;
    CHECK(push(ts(&player, 40, 39), ts(&ground, 0, 50), &o, &p) && p.dx == -48 && p.dy == 0);
    o.max_distance = 40;
    CHECK(!push(ts(&player, 40, 39), ts(&ground, 0, 50), &o, &p));
    /* Vertical: up 5 (down is 16 + 20 - 5 = 31). */
    o = pp_push_options_default();
    o.direction = PP_PUSH_VERTICAL;
    CHECK(push(ts(&player, 40, 39), ts(&ground, 0, 50), &o, &p) && p.dx == 0 && p.dy == -5);
    /* Along (0, 1): down through the ground, 31. Along (1, 1): the path's own positions. */
    o.direction = PP_PUSH_ALONG;
    o.along_x = 0;
    o.along_y = 1;
    CHECK(push(ts(&player, 40, 39), ts(&ground, 0, 50), &o, &p) && p.dx == 0 && p.dy == 31);
    /* Not overlapping: found, (0, 0). */
    CHECK(push(ts(&player, 40, 0), ts(&ground, 0, 50), &o, &p) && p.dx == 0 && p.dy == 0);
    /* A tie: a 1-pixel wall inside a 3-pixel-wide mover's middle column, Horizontal: left
     * first; Any: (d^2, dy, dx) puts (-2, 0) before (2, 0) and before anything in y. */
    {
        tmask bar = tm_full(3, 1);
        o = pp_push_options_default();
        o.direction = PP_PUSH_HORIZONTAL;
        CHECK(push(ts(&bar, 9, 10), ts(&wall, 10, 0), &o, &p) && p.dx == -2 && p.dy == 0);
        /* Any: nothing at d^2 = 1 or 2 frees it; at d^2 = 4, (0, -2) comes first (dy = -2)
         * but stays in the wall (rows 0..39), then (-2, 0) before (2, 0). */
        CHECK(push(ts(&bar, 9, 10), ts(&wall, 10, 0), NULL, &p) && p.dx == -2 && p.dy == 0);
        /* Near the wall's top end, up wins: y = 1 needs (0, -2) at d^2 = 4, before
         * (-2, 0) because dy = -2 < 0. */
        CHECK(push(ts(&bar, 9, 1), ts(&wall, 10, 0), NULL, &p) && p.dx == 0 && p.dy == -2);
        tm_free(&bar);
    }
    tm_free(&ground);
    tm_free(&player);
    tm_free(&wall);
}

static pp_move_result move(tsprite m, const tsprite *obs, size_t n, int32_t dx, int32_t dy,
                           const pp_move_options *opts)
{
    pp_sprite list[8];
    pp_sprite a = pp_of(m);
    pp_move_result r;
    size_t i;
    for (i = 0; i < n; i++) list[i] = pp_of(obs[i]);
    memset(&r, 0x5A, sizeof r);
    CHECK_OK(pp_move_and_slide(&a, n ? list : NULL, n, dx, dy, opts, &r));
    return r;
}

static void move_scenes(void)
{
    tmask ground = tm_new(100, 40), hero = tm_full(8, 12), wall = tm_full(1, 200);
    pp_move_options climb = pp_move_options_default();
    pp_move_result r;
    tsprite world[2];
    int32_t x, y;
    for (y = 0; y < 40; y++)
        for (x = 0; x < 100; x++) ground.px[y * 100 + x] = (uint8_t)(y >= 20 || (x >= 60 && y >= 17));
    tm_finish(&ground);
    world[0] = ts(&ground, 0, 100);
    /* Walk right 60 and fall 5: blocked by the 3-pixel ledge, on the ground. */
    r = move(ts(&hero, 10, 108), world, 1, 60, 5, NULL);
    CHECK(r.x == 52 && r.y == 108 && r.blocked_x == 1 && r.blocked_y == 1 && r.climbed == 0 &&
          r.started_inside == 0);
    /* Allowed 4 pixels of step-up: onto the ledge; 2 are not enough. */
    climb.step_up = 4;
    r = move(ts(&hero, 10, 108), world, 1, 60, 5, &climb);
    CHECK(r.x == 70 && r.y == 105 && r.blocked_x == 0 && r.blocked_y == 1 && r.climbed == 3);
    climb.step_up = 2;
    r = move(ts(&hero, 10, 108), world, 1, 60, 5, &climb);
    CHECK(r.x == 52 && r.blocked_x == 1 && r.climbed == 0);
    /* Started inside: not moved. */
    r = move(ts(&hero, 10, 115), world, 1, 60, 5, NULL);
    CHECK(r.started_inside == 1 && r.x == 10 && r.y == 115 && r.blocked_x == 0);
    /* No obstacles (NULL, 0): the whole motion. */
    r = move(ts(&hero, 10, 108), NULL, 0, -1000, 2000, NULL);
    CHECK(r.x == -990 && r.y == 2108 && !r.blocked_x && !r.blocked_y);
    /* The longest motion int32_t holds towards +x, past a far wall. (A motion of
     * INT32_MIN, 2^31 steps, panics in src/query/mover.rs: not tested here yet.) */
    r = move(ts(&hero, -1, 0), NULL, 0, INT32_MAX, 0, NULL);
    CHECK(r.x == INT32_MAX - 1 && !r.blocked_x);
    world[1] = ts(&wall, 1 << 30, -100);
    r = move(ts(&hero, -1, 0), world + 1, 1, INT32_MAX, INT32_MAX - 1, NULL);
    CHECK(r.x == (1 << 30) - 8 && r.y == INT32_MAX - 1 && r.blocked_x && !r.blocked_y);
    /* A wall one pixel thick is never passed through, however far the motion. */
    world[1] = ts(&wall, 500, 0);
    r = move(ts(&hero, 10, 50), world + 1, 1, 100000, 0, NULL);
    CHECK(r.x == 492 && r.blocked_x == 1);
    r = move(ts(&hero, 900, 50), world + 1, 1, -100000, 0, NULL);
    CHECK(r.x == 501 && r.blocked_x == 1);
    /* Two obstacles: the wall stops the x motion, then it falls past the ground's end;
     * a shorter walk lands on the ground (y = 120). */
    r = move(ts(&hero, 10, 60), world, 2, 1000, 100, NULL);
    CHECK(r.x == 492 && r.y == 160 && r.blocked_x && !r.blocked_y);
    r = move(ts(&hero, 10, 60), world, 2, 30, 100, NULL);
    CHECK(r.x == 40 && r.y == 108 && !r.blocked_x && r.blocked_y);
    /* A y-up world: the same ground flipped, up = +1 climbs. */
    {
        tmask up_ground = tm_new(100, 40);
        tsprite upw;
        for (y = 0; y < 40; y++)
            for (x = 0; x < 100; x++) up_ground.px[y * 100 + x] = ground.px[(39 - y) * 100 + x];
        tm_finish(&up_ground);
        upw = ts(&up_ground, 0, -140);
        climb.step_up = 4;
        climb.up = 1;
        /* Standing on y = -120 (the top of the ground in a y-up world), falling -5. */
        r = move(ts(&hero, 10, -120), &upw, 1, 60, -5, &climb);
        CHECK(r.x == 70 && r.y == -117 && r.climbed == 3 && r.blocked_y == 1);
        tm_free(&up_ground);
    }
    /* A 45-degree slope walked with step-up 1. */
    {
        tmask slope = tm_new(60, 60);
        tsprite sl;
        for (y = 0; y < 60; y++)
            for (x = 0; x < 60; x++) slope.px[y * 60 + x] = (uint8_t)(x + y >= 59);
        tm_finish(&slope);
        sl = ts(&slope, 0, 0);
        climb = pp_move_options_default();
        climb.step_up = 1;
        r = move(ts(&hero, 0, 59 - 8 - 12 - 12), &sl, 1, 30, 3, &climb);
        CHECK(r.climbed > 10 && !r.blocked_x);
        tm_free(&slope);
    }
    tm_free(&ground);
    tm_free(&hero);
    tm_free(&wall);
}

static int ray(tsprite s, int32_t x, int32_t y, int32_t dx, int32_t dy, uint32_t len,
               pp_ray_hit *hit)
{
    pp_sprite c = pp_of(s);
    uint8_t found = SENTINEL_U8;
    memset(hit, 0x5A, sizeof *hit);
    CHECK_OK(pp_raycast(&c, x, y, dx, dy, len, &found, hit));
    CHECK(found == 0 || found == 1);
    return found;
}

static void raycast_scenes(void)
{
    tmask ground = tm_full(300, 20), wall = tm_full(1, 100), diag = tm_new(40, 40);
    pp_ray_hit h;
    int32_t x, y, s;
    /* Straight down onto a floor (y down): (50, 100) at 90, normal (0, -1). */
    CHECK(ray(ts(&ground, 0, 100), 50, 10, 0, 1, 500, &h) && h.pixel.x == 50 &&
          h.pixel.y == 100 && h.step == 90 && h.distance == 90.0 && h.has_normal == 1 &&
          h.normal.x == 0.0 && h.normal.y == -1.0);
    /* Too short: nothing, a zeroed hit. */
    CHECK(!ray(ts(&ground, 0, 100), 50, 10, 0, 1, 80, &h) && h.step == 0 && h.has_normal == 0 &&
          h.pixel.x == 0 && h.pixel.y == 0 && h.distance == 0.0);
    /* Exactly long enough. */
    CHECK(ray(ts(&ground, 0, 100), 50, 10, 0, 7, 90, &h) && h.pixel.y == 100);
    /* Right into a wall: normal (-1, 0); the direction's length does not matter. */
    CHECK(ray(ts(&wall, 100, 0), 0, 50, 1, 0, 1000, &h) && h.pixel.x == 100 && h.pixel.y == 50 &&
          h.distance == 100.0 && h.has_normal && h.normal.x == -1.0 && h.normal.y == 0.0);
    CHECK(ray(ts(&wall, 100, 0), 0, 50, 1000, 0, 1000, &h) && h.pixel.x == 100 && h.step == 100);
    /* Starting inside: step 0, distance 0. */
    CHECK(ray(ts(&ground, 0, 100), 50, 105, 3, -2, 10, &h) && h.step == 0 && h.distance == 0.0 &&
          h.pixel.x == 50 && h.pixel.y == 105);
    /* A diagonal wall whose pixels touch only at corners is never slipped through. */
    for (y = 0; y < 40; y++)
        for (x = 0; x < 40; x++) diag.px[y * 40 + x] = (uint8_t)(x + y == 39);
    tm_finish(&diag);
    for (s = 0; s < 20; s++) {
        CHECK(ray(ts(&diag, 0, 0), s, s, 1, 1, 100, &h) && h.pixel.x + h.pixel.y == 39);
        CHECK(ray(ts(&diag, 0, 0), 39, 39 - s, -3, -2, 100, &h) && h.pixel.x + h.pixel.y == 39);
    }
    tm_free(&ground);
    tm_free(&wall);
    tm_free(&diag);
}

/* ---- errors: a status, the message, nothing written ----------------------------------- */

static void errors(void)
{
    tmask t = tm_full(4, 4);
    pp_sprite s = sprite_at(t.m, 0, 0, 1), nomask = sprite_at(NULL, 0, 0, 1);
    pp_sprite two[2];
    pp_normal n = {-7.0, -7.0};
    pp_offset off = {SENTINEL_I32, SENTINEL_I32};
    pp_move_result mr;
    pp_ray_hit rh;
    pp_push_options po = pp_push_options_default(), zero_po;
    pp_move_options mo = pp_move_options_default(), zero_mo;
    pp_transform zero_t, bad_t = pp_transform_default(), tf = pp_transform_default();
    uint8_t found = SENTINEL_U8, out = SENTINEL_U8;
    memset(&mr, 0x5A, sizeof mr);
    memset(&rh, 0x5A, sizeof rh);
    memset(&zero_po, 0, sizeof zero_po);
    memset(&zero_mo, 0, sizeof zero_mo);
    memset(&zero_t, 0, sizeof zero_t);

    /* pp_contact_normal */
    CHECK_ERR(pp_contact_normal(NULL, &s, &found, &n), PP_ERR_NULL_POINTER, "`mover`");
    CHECK_ERR(pp_contact_normal(&s, NULL, &found, &n), PP_ERR_NULL_POINTER, "`obstacle`");
    CHECK_ERR(pp_contact_normal(&nomask, &s, &found, &n), PP_ERR_NULL_POINTER, "`mover->mask`");
    CHECK_ERR(pp_contact_normal(&s, &nomask, &found, &n), PP_ERR_NULL_POINTER, "`obstacle->mask`");
    CHECK_ERR(pp_contact_normal(&s, &s, NULL, &n), PP_ERR_NULL_POINTER, "`found`");
    CHECK_ERR(pp_contact_normal(&s, &s, &found, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(found == SENTINEL_U8 && n.x == -7.0 && n.y == -7.0);

    /* pp_push_out */
    CHECK_ERR(pp_push_out(NULL, &s, NULL, &found, &off), PP_ERR_NULL_POINTER, "`mover`");
    CHECK_ERR(pp_push_out(&s, NULL, NULL, &found, &off), PP_ERR_NULL_POINTER, "`obstacle`");
    CHECK_ERR(pp_push_out(&nomask, &s, NULL, &found, &off), PP_ERR_NULL_POINTER, "`mover->mask`");
    CHECK_ERR(pp_push_out(&s, &nomask, NULL, &found, &off), PP_ERR_NULL_POINTER,
              "`obstacle->mask`");
    CHECK_ERR(pp_push_out(&s, &s, NULL, NULL, &off), PP_ERR_NULL_POINTER, "`found`");
    CHECK_ERR(pp_push_out(&s, &s, NULL, &found, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_push_out(&s, &s, &zero_po, &found, &off), PP_ERR_INVALID_ARGUMENT,
              "pp_push_options_default()");
    /* Another struct type (a larger one, so the read stays inside it): its cookie is not
     * this one's. */
    CHECK_ERR(pp_push_out(&s, &s, (const pp_push_options *)&tf, &found, &off),
              PP_ERR_INVALID_ARGUMENT, "pp_push_options_default()");
    po.direction = 4;
    CHECK_ERR(pp_push_out(&s, &s, &po, &found, &off), PP_ERR_INVALID_ARGUMENT, "direction");
    po.direction = 255;
    CHECK_ERR(pp_push_out(&s, &s, &po, &found, &off), PP_ERR_INVALID_ARGUMENT, "PP_PUSH_ALONG");
    po.direction = PP_PUSH_ALONG;
    po.along_x = 0;
    po.along_y = 0;
    CHECK_ERR(pp_push_out(&s, &s, &po, &found, &off), PP_ERR_INVALID_ARGUMENT, "(0, 0)");
    /* (0, 0) is refused even when the sprites do not overlap. */
    two[0] = sprite_at(t.m, 100, 100, 1);
    CHECK_ERR(pp_push_out(&s, &two[0], &po, &found, &off), PP_ERR_INVALID_ARGUMENT, "(0, 0)");
    CHECK(found == SENTINEL_U8 && off.dx == SENTINEL_I32 && off.dy == SENTINEL_I32);

    /* pp_move_and_slide */
    two[0] = s;
    two[1] = nomask;
    CHECK_ERR(pp_move_and_slide(NULL, two, 1, 1, 1, NULL, &mr), PP_ERR_NULL_POINTER, "`mover`");
    CHECK_ERR(pp_move_and_slide(&nomask, two, 1, 1, 1, NULL, &mr), PP_ERR_NULL_POINTER,
              "`mover->mask`");
    CHECK_ERR(pp_move_and_slide(&s, two, 1, 1, 1, NULL, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_move_and_slide(&s, NULL, 1, 1, 1, NULL, &mr), PP_ERR_NULL_POINTER,
              "`obstacles`");
    CHECK_ERR(pp_move_and_slide(&s, two, 2, 1, 1, NULL, &mr), PP_ERR_NULL_POINTER,
              "obstacles[i].mask");
    CHECK_ERR(pp_move_and_slide(&s, two, 1, 1, 1, &zero_mo, &mr), PP_ERR_INVALID_ARGUMENT,
              "pp_move_options_default()");
    CHECK_ERR(pp_move_and_slide(&s, two, 1, 1, 1, (const pp_move_options *)&po, &mr),
              PP_ERR_INVALID_ARGUMENT, "pp_move_options_default()");
    mo.up = 0;
    CHECK_ERR(pp_move_and_slide(&s, two, 1, 1, 1, &mo, &mr), PP_ERR_INVALID_ARGUMENT, "up");
    mo.up = 2;
    CHECK_ERR(pp_move_and_slide(&s, two, 1, 1, 1, &mo, &mr), PP_ERR_INVALID_ARGUMENT, "up");
    mo.up = -1;
    two[0] = sprite_at(t.m, INT32_MAX - 10, 0, 1);
    CHECK_ERR(pp_move_and_slide(&two[0], NULL, 0, 20, 0, &mo, &mr), PP_ERR_INVALID_ARGUMENT,
              "i32");
    two[0] = sprite_at(t.m, 0, INT32_MIN + 10, 1);
    CHECK_ERR(pp_move_and_slide(&two[0], NULL, 0, 0, -20, &mo, &mr), PP_ERR_INVALID_ARGUMENT,
              "i32");
    CHECK(mr.x == SENTINEL_I32 && mr.y == SENTINEL_I32 && mr.blocked_x == 0x5A &&
          mr.climbed == 0x5A5A5A5Au);
    /* count 0 with NULL obstacles is a motion through nothing. */
    CHECK_OK(pp_move_and_slide(&s, NULL, 0, 3, 4, &mo, &mr));
    CHECK(mr.x == 3 && mr.y == 4 && !mr.blocked_x && !mr.blocked_y);

    /* pp_raycast */
    CHECK_ERR(pp_raycast(NULL, 0, 0, 1, 0, 10, &found, &rh), PP_ERR_NULL_POINTER, "`sprite`");
    CHECK_ERR(pp_raycast(&nomask, 0, 0, 1, 0, 10, &found, &rh), PP_ERR_NULL_POINTER,
              "`sprite->mask`");
    CHECK_ERR(pp_raycast(&s, 0, 0, 1, 0, 10, NULL, &rh), PP_ERR_NULL_POINTER, "`found`");
    CHECK_ERR(pp_raycast(&s, 0, 0, 1, 0, 10, &found, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_raycast(&s, 0, 0, 0, 0, 10, &found, &rh), PP_ERR_INVALID_ARGUMENT, "(0, 0)");
    CHECK(found == SENTINEL_U8 && rh.step == 0x5A5A5A5A5A5A5A5AULL && rh.has_normal == 0x5A);

    /* pp_solid_at */
    CHECK_ERR(pp_solid_at(NULL, 0, 0, &out), PP_ERR_NULL_POINTER, "`sprite`");
    CHECK_ERR(pp_solid_at(&nomask, 0, 0, &out), PP_ERR_NULL_POINTER, "`sprite->mask`");
    CHECK_ERR(pp_solid_at(&s, 0, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK(out == SENTINEL_U8);

    /* pp_transformed_solid_at */
    CHECK_ERR(pp_transformed_solid_at(NULL, NULL, 0, 0, &out), PP_ERR_NULL_POINTER, "`m`");
    CHECK_ERR(pp_transformed_solid_at(t.m, NULL, 0, 0, NULL), PP_ERR_NULL_POINTER, "`out`");
    CHECK_ERR(pp_transformed_solid_at(t.m, &zero_t, 0, 0, &out), PP_ERR_INVALID_ARGUMENT,
              "pp_transform_default()");
    bad_t.scale_x = 0;
    CHECK_ERR(pp_transformed_solid_at(t.m, &bad_t, 0, 0, &out), PP_ERR_INVALID_TRANSFORM, "scale");
    bad_t = pp_transform_default();
    bad_t.rotation_degrees = NAN;
    CHECK_ERR(pp_transformed_solid_at(t.m, &bad_t, 0, 0, &out), PP_ERR_INVALID_TRANSFORM, "finite");
    CHECK(out == SENTINEL_U8);
    tm_free(&t);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    defaults();
    solid_at();
    transformed_solid_at();
    normals_on_floors_walls_slopes();
    normals_against_the_oracle();
    sweep_normals();
    sweep_path_positions();
    normal_degrees();
    push_out_scenes();
    move_scenes();
    raycast_scenes();
    errors();
    return finish();
}
