/*
 * C test of contacts and motion through the C ABI: pp_contact_normal, pp_push_out (with
 * pp_push_options_default), pp_move_and_slide (with pp_move_options_default), pp_raycast,
 * pp_solid_at, pp_transformed_solid_at and the normal of pp_sweep_result.
 *
 * The semantics of contact normals, push-out, move-and-slide, raycasts and sweeps are
 * checked by the conformance corpus (tests/corpus/corpus.txt, replayed through this door
 * by tests/c/corpus_replay.c). This program keeps what the corpus does not hold: pp_solid_at
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

#include <math.h> /* NAN only */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"


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

/* The sweep's normal: at a hit, the blocked step's normal at the last free position. */
static void sweep_normals(void)
{
    tmask ground = tm_full(200, 50), crate = tm_full(16, 16), wall = tm_full(1, 60);
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
    sweep_normals();
    sweep_path_positions();
    push_out_scenes();
    move_scenes();
    raycast_scenes();
    errors();
    return finish();
}
