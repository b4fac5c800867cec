/*
 * C test of the world (pp_world_*) through the C ABI: what is the C door's own. Its
 * answers (pairs and events, transforms, filters, batches, the queries, body info and
 * mask, stale and wrong-world ids) are checked against the Rust oracles by the
 * conformance corpus (tests/c/corpus_replay.c replays tests/corpus/corpus.txt). Here:
 * fixed scenes for the events' NULL arrays, slot reuse and the defaults; every function
 * taking an id refusing a stale or another world's id with nothing written (sentinels)
 * and nothing changed; the documented edges; the world's reference to a mask its caller
 * freed; every error (NULLs, zeroed defs, short buffers; nothing written); and threads:
 * readers at once, and a writer racing readers (each call OK or refused with
 * PP_ERR_INVALID_ARGUMENT).
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include -pthread.
 *
 * usage: test_world <scratch-dir>
 * Prints each check, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* ---- helpers ------------------------------------------------------------------------ */

#define MAXPIX 4096
#define NPOOL 6

static pp_mask *g_pool[NPOOL];

static int id_eq(pp_body_id a, pp_body_id b)
{
    return a.index == b.index && a.generation == b.generation && a.world == b.world;
}


static uint32_t rnd(uint32_t *s, uint32_t n)
{
    return (lcg_next(s) >> 8) % n;
}

/* A random w x h mask with about `percent` % solid pixels. */
static pp_mask *random_mask(uint32_t *seed, int32_t w, int32_t h, uint32_t percent)
{
    static uint8_t alpha[MAXPIX];
    pp_mask *m = NULL;
    int32_t i;
    for (i = 0; i < w * h; i++) alpha[i] = (uint8_t)(rnd(seed, 100) < percent ? 255 : 0);
    CHECK_OK(pp_mask_from_pixels(alpha, (size_t)(w * h), PP_FORMAT_A8, w, h, w, NULL, &m));
    return m;
}

static pp_mask *full(int32_t w, int32_t h)
{
    pp_mask *m = NULL;
    CHECK_OK(pp_mask_new(w, h, 1, &m));
    return m;
}

static pp_filter filter_of(uint64_t category, uint64_t mask, int32_t group)
{
    pp_filter f = pp_filter_default();
    f.category = category;
    f.mask = mask;
    f.group = group;
    return f;
}

/* ---- stale ids ---------------------------------------------------------------------- */

/* Every function taking an id refuses `stale` with `status` (message containing `text`)
 * and changes nothing (the caller compares the next update with the unchanged model).
 * `live` is some live body. */
static void check_refused(pp_world *w, pp_body_id stale, pp_body_id live, pp_status status,
                          const char *text)
{
    pp_mask_edit e = pp_mask_edit_default();
    pp_body_info info;
    pp_mask *mask = SENTINEL_MASK;
    pp_contact c;
    pp_pair p;
    pp_body_id ids[2];
    pp_position pos[2] = {{1000, 1000}, {1000, 1000}};
    pp_transform t = pp_transform_default();
    uint8_t found = SENTINEL_U8;
    pp_body_id other = {77, 77, 77};
    pp_sweep_result r;
    pp_body_info before, after;
    CHECK_OK(pp_world_body(w, live, &before));
    CHECK_ERR(pp_world_destroy_body(w, stale), status, text);
    CHECK_ERR(pp_world_move_body(w, stale, 5, 5), status, text);
    ids[0] = live;
    ids[1] = stale;
    CHECK_ERR(pp_world_move_bodies(w, ids, pos, 2), status, text);
    CHECK_ERR(pp_world_set_mask(w, stale, g_pool[0]), status, text);
    CHECK_ERR(pp_world_set_filter(w, stale, pp_filter_default()), status, text);
    CHECK_ERR(pp_world_set_transform(w, stale, &t), status, text);
    memset(&info, 0x5A, sizeof info);
    CHECK_ERR(pp_world_body(w, stale, &info), status, text);
    CHECK(info.user_data == 0x5A5A5A5A5A5A5A5AULL && info.sprite.x == SENTINEL_I32);
    CHECK_ERR(pp_world_body_mask(w, stale, &mask), status, text);
    CHECK(mask == SENTINEL_MASK);
    memset(&c, 0x5A, sizeof c);
    p.a = live;
    p.b = stale;
    CHECK_ERR(pp_world_contact(w, p, 8, &c), status, text);
    p.a = stale;
    p.b = live;
    CHECK_ERR(pp_world_contact(w, p, 8, &c), status, text);
    CHECK(c.area == 0x5A5A5A5A5A5A5A5AULL && c.touching == 0x5A);
    memset(&r, 0x5A, sizeof r);
    CHECK_ERR(pp_world_sweep(w, stale, 1, 1, &found, &other, &r), status, text);
    CHECK(found == SENTINEL_U8 && other.index == 77 && r.steps == 0x5A5A5A5A5A5A5A5AULL);
    e.op = PP_EDIT_FILL_RECT;
    e.width = 100;
    e.height = 100;
    e.solid = 0;
    CHECK_ERR(pp_world_edit_mask(w, stale, &e, 1), status, text);
    CHECK_OK(pp_world_body(w, live, &after));
    CHECK(after.sprite.x == before.sprite.x && after.sprite.y == before.sprite.y);
}

static void check_stale(pp_world *w, pp_body_id stale, pp_body_id live)
{
    check_refused(w, stale, live, PP_ERR_STALE_BODY, "stale body id");
}

/* Issue 30.4: an id carries its world. w2's ids (the same indices and generations as w1's
 * bodies) and a zeroed id are refused by every function of w1 with PP_ERR_WRONG_WORLD, and
 * w1 is unchanged: its bodies, its masks' pixels, its touching pairs. */
static void wrong_world(void)
{
    pp_world *w1 = NULL, *w2 = NULL;
    pp_body_id a1, b1, a2, zero = {0, 0, 0};
    pp_body_def d = pp_body_def_default();
    pp_body_info before, after;
    pp_world_events ev;
    pp_mask *m1 = NULL;
    uint64_t count0 = 0, count1 = 0;
    CHECK_OK(pp_world_new(&w1));
    CHECK_OK(pp_world_new(&w2));
    d.mask = g_pool[3];
    d.x = 0;
    d.y = 0;
    CHECK_OK(pp_world_create_body(w1, &d, &a1));
    d.x = 4;
    CHECK_OK(pp_world_create_body(w1, &d, &b1));
    d.x = 500;
    CHECK_OK(pp_world_create_body(w2, &d, &a2));
    CHECK(a1.index == a2.index && a1.generation == a2.generation && a1.world != a2.world);
    CHECK(a1.world != 0 && a2.world != 0 && b1.world == a1.world);
    CHECK_OK(pp_world_update(w1, &ev));
    CHECK(ev.touching_count == 1);
    CHECK_OK(pp_world_body(w1, a1, &before));
    CHECK_OK(pp_world_body_mask(w1, a1, &m1));
    CHECK_OK(pp_mask_count(m1, &count0));
    pp_mask_free(m1);
    check_refused(w1, a2, b1, PP_ERR_WRONG_WORLD, "another world");
    check_refused(w1, zero, b1, PP_ERR_WRONG_WORLD, "another world");
    check_refused(w2, a1, a2, PP_ERR_WRONG_WORLD, "another world");
    CHECK_OK(pp_world_body(w1, a1, &after));
    CHECK(after.sprite.x == before.sprite.x && after.sprite.y == before.sprite.y &&
          after.sprite.mask == before.sprite.mask && after.filter.category == before.filter.category);
    CHECK_OK(pp_world_body_mask(w1, a1, &m1));
    CHECK_OK(pp_mask_count(m1, &count1));
    CHECK(count1 == count0);
    pp_mask_free(m1);
    CHECK_OK(pp_world_update(w1, &ev));
    CHECK(ev.touching_count == 1 && ev.begin_count == 0 && ev.end_count == 0);
    CHECK(id_eq(ev.touching[0].a, a1) && id_eq(ev.touching[0].b, b1));
    /* w1's own ids still work on w1 */
    CHECK_OK(pp_world_move_body(w1, a1, 1, 1));
    CHECK_OK(pp_world_destroy_body(w1, b1));
    CHECK_ERR(pp_world_destroy_body(w1, b1), PP_ERR_STALE_BODY, "stale body id");
    pp_world_free(w1);
    pp_world_free(w2);
    printf("wrong world: ids of another world and a zeroed id refused by every body function\n");
}

/* ---- fixed scenes ------------------------------------------------------------------- */

/* A destroyed body's pairs end with its old id; its slot is reused with a new generation
 * and the old id is stale. */
static void destroy_and_reuse(void)
{
    pp_world *w = NULL;
    pp_mask *box = full(10, 10);
    pp_body_def d = pp_body_def_default();
    pp_body_id a, b, c;
    pp_world_events ev;
    CHECK_OK(pp_world_new(&w));
    d.mask = box;
    CHECK_OK(pp_world_create_body(w, &d, &a));
    d.x = 5;
    CHECK_OK(pp_world_create_body(w, &d, &b));
    CHECK(a.index != b.index);
    CHECK_OK(pp_world_update(w, &ev));
    CHECK(ev.touching_count == 1 && ev.begin_count == 1 && ev.end_count == 0 &&
          ev.ends == NULL);
    CHECK(id_eq(ev.touching[0].a, a) && id_eq(ev.touching[0].b, b));
    CHECK_OK(pp_world_destroy_body(w, a));
    CHECK_OK(pp_world_create_body(w, &d, &c));
    CHECK(c.index == a.index && c.generation != a.generation);
    CHECK_OK(pp_world_update(w, &ev));
    /* c sits on b: a new pair (c, b) begins while (a, b) ends with a's old id */
    CHECK(ev.touching_count == 1 && id_eq(ev.touching[0].a, c) && id_eq(ev.touching[0].b, b));
    CHECK(ev.begin_count == 1 && id_eq(ev.begins[0].a, c));
    CHECK(ev.end_count == 1 && id_eq(ev.ends[0].a, a) && id_eq(ev.ends[0].b, b));
    check_stale(w, a, c);
    CHECK_OK(pp_world_update(w, &ev));
    CHECK(ev.touching_count == 1 && ev.begin_count == 0 && ev.end_count == 0 &&
          ev.begins == NULL);
    /* an id from nowhere, and one of another world */
    {
        pp_body_id nowhere = {1000, 0, 0};
        pp_world *w2 = NULL;
        pp_body_id x;
        nowhere.world = c.world; /* this world's, an index never made */
        CHECK_ERR(pp_world_move_body(w, nowhere, 0, 0), PP_ERR_STALE_BODY, "stale body id");
        CHECK_OK(pp_world_new(&w2));
        CHECK_OK(pp_world_create_body(w2, &d, &x));
        CHECK_OK(pp_world_create_body(w2, &d, &x));
        CHECK_OK(pp_world_create_body(w2, &d, &x));
        CHECK_ERR(pp_world_destroy_body(w, x), PP_ERR_WRONG_WORLD, "another world");
        pp_world_free(w2);
    }
    pp_world_free(w);
    pp_mask_free(box);
}

/* Issue 30.3: what the header now says about static sweeps, a transformed body's corner,
 * a turned bounds-only body, started_inside and a body's contact with itself. */
static void documented_edges(void)
{
    pp_world *w = NULL;
    pp_mask *box = full(4, 4), *ten = full(10, 10), *r = NULL;
    pp_body_def d = pp_body_def_default();
    pp_body_id a, b, turned, again, other;
    pp_body_info info;
    pp_sweep_result sr;
    pp_contact c;
    pp_pair self;
    pp_move_result mr;
    pp_sprite hero, ground;
    uint8_t found = 0, covered = 1;
    int32_t rx = 0, ry = 0, rw = 0, rh = 0;
    pp_body_id buf[4];
    size_t len = 0;
    uint64_t count = 0;
    CHECK_OK(pp_world_new(&w));
    /* 1. A static body's sweep meets another static body. */
    d.mask = box;
    d.is_static = 1;
    CHECK_OK(pp_world_create_body(w, &d, &a));
    d.x = 10;
    CHECK_OK(pp_world_create_body(w, &d, &b));
    CHECK_OK(pp_world_sweep(w, a, 20, 0, &found, &other, &sr));
    CHECK(found == 1 && id_eq(other, b) && sr.outcome == PP_SWEEP_HIT && sr.step == 7);
    /* 2. A transformed body's position is its raster's corner. */
    d = pp_body_def_default();
    d.mask = ten;
    d.transformed = 1;
    d.transform.x = 100.25;
    d.transform.y = 50.5;
    d.transform.rotation_degrees = 45;
    CHECK_OK(pp_world_create_body(w, &d, &turned));
    CHECK_OK(pp_world_body(w, turned, &info));
    CHECK_OK(pp_mask_rasterise(ten, &d.transform, 0, &r, &rx, &ry));
    CHECK(info.sprite.x == rx && info.sprite.y == ry && rx != 100 && ry != 50);
    pp_mask_free(r);
    /* 3. Bounds-only and turned: the axis-aligned box of the turned rectangle. */
    d.pixel_collision = 0;
    CHECK_OK(pp_world_create_body(w, &d, &again));
    CHECK_OK(pp_world_body(w, again, &info));
    CHECK_OK(pp_mask_size(info.sprite.mask, &rw, &rh));
    CHECK(info.sprite.x == rx && rw > 10 && rh > 10);
    CHECK_OK(pp_transformed_solid_at(ten, &d.transform, rx, ry, &covered));
    CHECK(covered == 0); /* the box's corner is outside the turned rectangle */
    CHECK_OK(pp_world_at_point(w, rx, ry, NULL, buf, 4, &len));
    CHECK(len == 1 && id_eq(buf[0], again));
    /* 5. A body's contact with itself: a copy in the same place. */
    self.a = turned;
    self.b = turned;
    CHECK_OK(pp_world_contact(w, self, 64, &c));
    CHECK_OK(pp_world_body(w, turned, &info));
    CHECK_OK(pp_mask_count(info.sprite.mask, &count));
    CHECK(c.touching == 1 && c.area == count && c.has_push_out == 1);
    CHECK_OK(pp_overlap_area(&info.sprite, &info.sprite, &count));
    CHECK(c.area == count);
    /* 4. Started inside: neither axis blocked. */
    hero = sprite_at(box, 1, 1, 1);
    ground = sprite_at(ten, 0, 0, 1);
    memset(&mr, 0x5A, sizeof mr);
    CHECK_OK(pp_move_and_slide(&hero, &ground, 1, 5, 7, NULL, &mr));
    CHECK(mr.started_inside == 1 && mr.blocked_x == 0 && mr.blocked_y == 0 && mr.climbed == 0 &&
          mr.x == 1 && mr.y == 1);
    pp_world_free(w);
    pp_mask_free(box);
    pp_mask_free(ten);
    printf("documented edges: static sweeps, raster corners, turned bounds-only boxes, "
           "started_inside, self-contact\n");
}

/* Filters and kinds on a fixed scene: five boxes on the same spot, the last two static. */
static void filters_and_statics(void)
{
    pp_world *w = NULL;
    pp_mask *box = full(4, 4);
    pp_body_def d = pp_body_def_default();
    pp_body_id id[5];
    pp_world_events ev;
    pp_body_info info;
    int i;
    pp_filter f = pp_filter_default();
    CHECK(f.category == 1 && f.mask == UINT64_MAX && f.group == 0);
    CHECK(d.pixel_collision == 1 && d.is_static == 0 && d.transformed == 0 && d.mask == NULL &&
          d.user_data == 0 && d.x == 0 && d.y == 0 && d.filter.category == 1);
    CHECK_OK(pp_world_new(&w));
    d.mask = box;
    for (i = 0; i < 5; i++) {
        d.is_static = (uint8_t)(i >= 3);
        CHECK_OK(pp_world_create_body(w, &d, &id[i]));
    }
    CHECK_OK(pp_world_body(w, id[4], &info));
    CHECK(info.is_static == 1);
    /* every pair but the two static bodies' */
    CHECK_OK(pp_world_update(w, &ev));
    CHECK(ev.touching_count == 9 && ev.begin_count == 9);
    CHECK(id_eq(ev.touching[8].a, id[2]) && id_eq(ev.touching[8].b, id[4]));
    /* group -1 on 0 and 1: they never touch */
    CHECK_OK(pp_world_set_filter(w, id[0], filter_of(1, UINT64_MAX, -1)));
    CHECK_OK(pp_world_set_filter(w, id[1], filter_of(1, UINT64_MAX, -1)));
    CHECK_OK(pp_world_update(w, &ev));
    CHECK(ev.touching_count == 8 && ev.begin_count == 0 && ev.end_count == 1 &&
          id_eq(ev.ends[0].a, id[0]) && id_eq(ev.ends[0].b, id[1]));
    /* group +2 beats categories that exclude each other; their mask 0 excludes the rest */
    CHECK_OK(pp_world_set_filter(w, id[0], filter_of(2, 0, 2)));
    CHECK_OK(pp_world_set_filter(w, id[1], filter_of(4, 0, 2)));
    CHECK_OK(pp_world_update(w, &ev));
    CHECK(ev.touching_count == 3 && id_eq(ev.touching[0].a, id[0]) &&
          id_eq(ev.touching[0].b, id[1]) && id_eq(ev.touching[1].a, id[2]) &&
          id_eq(ev.touching[1].b, id[3]) && id_eq(ev.touching[2].b, id[4]));
    /* a zeroed filter is in no category: it touches nothing */
    memset(&f, 0, sizeof f);
    CHECK_OK(pp_world_set_filter(w, id[2], f));
    CHECK_OK(pp_world_update(w, &ev));
    CHECK(ev.touching_count == 1 && ev.end_count == 2);
    pp_world_free(w);
    pp_mask_free(box);
}

/* The world keeps its own reference: the caller frees its handle right after. */
static void caller_frees_its_mask(void)
{
    pp_world *w = NULL;
    pp_mask *m = full(3, 2);
    pp_body_def d = pp_body_def_default();
    pp_body_id id;
    pp_body_info info;
    int32_t bw = 0, bh = 0;
    uint8_t solid = 0;
    CHECK_OK(pp_world_new(&w));
    d.mask = m;
    d.x = 7;
    d.y = -3;
    d.user_data = 42;
    CHECK_OK(pp_world_create_body(w, &d, &id));
    pp_mask_free(m);
    CHECK_OK(pp_world_update(w, NULL));
    CHECK_OK(pp_world_body(w, id, &info));
    CHECK(pp_mask_size(info.sprite.mask, &bw, &bh) == PP_OK && bw == 3 && bh == 2);
    CHECK(pp_mask_is_solid(info.sprite.mask, 2, 1, &solid) == PP_OK && solid == 1);
    CHECK(info.sprite.x == 7 && info.sprite.y == -3 && info.user_data == 42);
    /* set_mask with a handle freed right after, too */
    m = full(5, 5);
    CHECK_OK(pp_world_set_mask(w, id, m));
    pp_mask_free(m);
    CHECK_OK(pp_world_body(w, id, &info));
    CHECK(pp_mask_size(info.sprite.mask, &bw, &bh) == PP_OK && bw == 5 && bh == 5);
    CHECK(info.sprite.x == 7 && info.sprite.y == -3);
    pp_world_free(w);
    pp_world_free(NULL);
}

/* ---- errors ------------------------------------------------------------------------- */

static void errors(void)
{
    pp_world *w = NULL;
    pp_mask *box = full(4, 4);
    pp_body_def d = pp_body_def_default(), zero;
    pp_body_id id, out = {0x5A5A5A5A, 0x5A5A5A5A, 0x5A5A5A5A};
    pp_world_events ev;
    pp_body_id buf[4] = {{9, 9, 9}, {9, 9, 9}, {9, 9, 9}, {9, 9, 9}};
    size_t len = SENTINEL_SIZE;
    pp_sprite probe = sprite_at(box, 0, 0, 1);
    uint8_t found = SENTINEL_U8;
    pp_ray_hit hit;
    pp_sweep_result r;
    pp_contact c;
    pp_pair p;
    pp_body_info info;
    pp_transform zt;
    pp_mask *mout = SENTINEL_MASK;
    pp_position pos = {1, 1};

    CHECK_ERR(pp_world_new(NULL), PP_ERR_NULL_POINTER, "out");
    CHECK_OK(pp_world_new(&w));
    d.mask = box;
    CHECK_OK(pp_world_create_body(w, &d, &id));
    d.x = 2;
    CHECK_OK(pp_world_create_body(w, &d, &id));
    d.x = 0;
    /* get_events before any update: empty lists, NULL arrays */
    memset(&ev, 0x5A, sizeof ev);
    CHECK_OK(pp_world_get_events(w, &ev));
    CHECK(ev.touching == NULL && ev.touching_count == 0 && ev.begins == NULL &&
          ev.begin_count == 0 && ev.ends == NULL && ev.end_count == 0);
    CHECK_OK(pp_world_update(w, NULL));

    /* create_body */
    memset(&zero, 0, sizeof zero);
    zero.mask = box;
    CHECK_ERR(pp_world_create_body(w, &zero, &out), PP_ERR_INVALID_ARGUMENT,
              "pp_body_def_default");
    CHECK(out.index == 0x5A5A5A5A);
    CHECK_ERR(pp_world_create_body(w, NULL, &out), PP_ERR_NULL_POINTER, "def");
    CHECK_ERR(pp_world_create_body(NULL, &d, &out), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_create_body(w, &d, NULL), PP_ERR_NULL_POINTER, "out");
    d.mask = NULL;
    CHECK_ERR(pp_world_create_body(w, &d, &out), PP_ERR_NULL_POINTER, "def->mask");
    d.mask = box;
    d.transformed = 1;
    memset(&d.transform, 0, sizeof d.transform);
    CHECK_ERR(pp_world_create_body(w, &d, &out), PP_ERR_INVALID_ARGUMENT,
              "pp_transform_default");
    d.transform = pp_transform_default();
    d.transform.scale_x = 1.0 / 0.0;
    CHECK_ERR(pp_world_create_body(w, &d, &out), PP_ERR_INVALID_TRANSFORM, NULL);
    CHECK(out.index == 0x5A5A5A5A && out.generation == 0x5A5A5A5A);
    d.transformed = 0;
    d.transform = pp_transform_default();

    /* changes */
    CHECK_ERR(pp_world_destroy_body(NULL, id), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_move_body(NULL, id, 0, 0), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_move_bodies(NULL, &id, &pos, 1), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_move_bodies(w, NULL, &pos, 1), PP_ERR_NULL_POINTER, "ids");
    CHECK_ERR(pp_world_move_bodies(w, &id, NULL, 1), PP_ERR_NULL_POINTER, "positions");
    CHECK_OK(pp_world_move_bodies(w, NULL, NULL, 0));
    CHECK_ERR(pp_world_set_mask(NULL, id, box), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_set_mask(w, id, NULL), PP_ERR_NULL_POINTER, "mask");
    CHECK_ERR(pp_world_set_filter(NULL, id, pp_filter_default()), PP_ERR_NULL_POINTER,
              "world");
    CHECK_ERR(pp_world_set_transform(NULL, id, NULL), PP_ERR_NULL_POINTER, "world");
    memset(&zt, 0, sizeof zt);
    CHECK_ERR(pp_world_set_transform(w, id, &zt), PP_ERR_INVALID_ARGUMENT,
              "pp_transform_default");
    zt = pp_transform_default();
    zt.rotation_degrees = 0.0 / 0.0;
    CHECK_ERR(pp_world_set_transform(w, id, &zt), PP_ERR_INVALID_TRANSFORM, NULL);
    CHECK_OK(pp_world_body(w, id, &info));
    CHECK(info.sprite.x == 2 && info.sprite.y == 0); /* kept its placement */
    /* a NULL transform is the identity at (0, 0), rasterised: the same 4 x 4 box there */
    CHECK_OK(pp_world_set_transform(w, id, NULL));
    CHECK_OK(pp_world_body(w, id, &info));
    CHECK(info.sprite.x == 0 && info.sprite.y == 0 && info.sprite.pixel_collision == 1);
    CHECK_OK(pp_world_move_body(w, id, 2, 0));
    CHECK_ERR(pp_world_update(NULL, &ev), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_get_events(NULL, &ev), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_get_events(w, NULL), PP_ERR_NULL_POINTER, "out");

    /* reads */
    CHECK_ERR(pp_world_body(NULL, id, &info), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_body(w, id, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK_ERR(pp_world_body_mask(NULL, id, &mout), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_body_mask(w, id, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK(mout == SENTINEL_MASK);
    p.a = id;
    p.b = id;
    CHECK_ERR(pp_world_contact(NULL, p, 4, &c), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_contact(w, p, 4, NULL), PP_ERR_NULL_POINTER, "out");

    /* the buffer convention */
    CHECK_OK(pp_world_overlapping(w, &probe, NULL, NULL, 0, &len));
    CHECK(len == 2);
    len = SENTINEL_SIZE;
    CHECK_ERR(pp_world_overlapping(w, &probe, NULL, buf, 1, &len), PP_ERR_BUFFER_TOO_SMALL,
              "2");
    CHECK(len == SENTINEL_SIZE && buf[0].index == 9 && buf[0].generation == 9);
    CHECK_ERR(pp_world_overlapping(w, &probe, NULL, buf, 4, NULL), PP_ERR_NULL_POINTER,
              "len");
    CHECK_ERR(pp_world_overlapping(NULL, &probe, NULL, buf, 4, &len), PP_ERR_NULL_POINTER,
              "world");
    CHECK_ERR(pp_world_overlapping(w, NULL, NULL, buf, 4, &len), PP_ERR_NULL_POINTER, "probe");
    probe.mask = NULL;
    CHECK_ERR(pp_world_overlapping(w, &probe, NULL, buf, 4, &len), PP_ERR_NULL_POINTER,
              "probe->mask");
    CHECK(buf[0].index == 9 && len == SENTINEL_SIZE);
    CHECK_OK(pp_world_at_point(w, 3, 1, NULL, NULL, 0, &len));
    CHECK(len == 2);
    len = SENTINEL_SIZE;
    CHECK_ERR(pp_world_at_point(w, 3, 1, NULL, buf, 1, &len), PP_ERR_BUFFER_TOO_SMALL, NULL);
    CHECK(len == SENTINEL_SIZE && buf[0].index == 9);
    CHECK_ERR(pp_world_at_point(NULL, 3, 1, NULL, buf, 4, &len), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_at_point(w, 3, 1, NULL, buf, 4, NULL), PP_ERR_NULL_POINTER, "len");
    CHECK_OK(pp_world_at_point(w, 3, 1, NULL, buf, 4, &len));
    CHECK(len == 2 && buf[2].index == 9);
    CHECK_OK(pp_world_at_point(w, 100, 100, NULL, buf, 0, &len));
    CHECK(len == 0);
    {
        pp_bounds r = {3, 1, 1, 1}, none = {0, 0, 0, 5};
        size_t bi;
        for (bi = 0; bi < 4; bi++) buf[bi].index = buf[bi].generation = 9;
        CHECK_OK(pp_world_in_rect(w, r, NULL, NULL, 0, &len));
        CHECK(len == 2);
        len = SENTINEL_SIZE;
        CHECK_ERR(pp_world_in_rect(w, r, NULL, buf, 1, &len), PP_ERR_BUFFER_TOO_SMALL, "2");
        CHECK(len == SENTINEL_SIZE && buf[0].index == 9 && buf[0].generation == 9);
        CHECK_ERR(pp_world_in_rect(NULL, r, NULL, buf, 4, &len), PP_ERR_NULL_POINTER, "world");
        CHECK_ERR(pp_world_in_rect(w, r, NULL, buf, 4, NULL), PP_ERR_NULL_POINTER, "len");
        CHECK(len == SENTINEL_SIZE && buf[0].index == 9);
        CHECK_OK(pp_world_in_rect(w, r, NULL, buf, 4, &len));
        CHECK(len == 2 && buf[2].index == 9);
        CHECK_OK(pp_world_at_point(w, 3, 1, NULL, buf + 2, 2, &len));
        CHECK(len == 2 && id_eq(buf[0], buf[2]) && id_eq(buf[1], buf[3]));
        /* an empty rectangle holds none, even over the bodies */
        CHECK_OK(pp_world_in_rect(w, none, NULL, buf, 4, &len));
        CHECK(len == 0);
    }

    /* raycast and sweep */
    memset(&hit, 0x5A, sizeof hit);
    CHECK_ERR(pp_world_raycast(w, 0, 0, 0, 0, 10, NULL, &found, &out, &hit),
              PP_ERR_INVALID_ARGUMENT, NULL);
    CHECK_ERR(pp_world_raycast(NULL, 0, 0, 1, 0, 10, NULL, &found, &out, &hit),
              PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_raycast(w, 0, 0, 1, 0, 10, NULL, NULL, &out, &hit), PP_ERR_NULL_POINTER,
              "found");
    CHECK_ERR(pp_world_raycast(w, 0, 0, 1, 0, 10, NULL, &found, NULL, &hit),
              PP_ERR_NULL_POINTER, "body");
    CHECK_ERR(pp_world_raycast(w, 0, 0, 1, 0, 10, NULL, &found, &out, NULL),
              PP_ERR_NULL_POINTER, "hit");
    CHECK(found == SENTINEL_U8 && out.index == 0x5A5A5A5A && hit.step == 0x5A5A5A5A5A5A5A5AULL);
    memset(&r, 0x5A, sizeof r);
    CHECK_ERR(pp_world_sweep(w, id, INT32_MAX, 0, &found, &out, &r), PP_ERR_INVALID_ARGUMENT,
              NULL);
    CHECK_ERR(pp_world_sweep(NULL, id, 1, 0, &found, &out, &r), PP_ERR_NULL_POINTER, "world");
    CHECK_ERR(pp_world_sweep(w, id, 1, 0, NULL, &out, &r), PP_ERR_NULL_POINTER, "found");
    CHECK_ERR(pp_world_sweep(w, id, 1, 0, &found, NULL, &r), PP_ERR_NULL_POINTER, "other");
    CHECK_ERR(pp_world_sweep(w, id, 1, 0, &found, &out, NULL), PP_ERR_NULL_POINTER, "out");
    CHECK(found == SENTINEL_U8 && out.index == 0x5A5A5A5A && r.steps == 0x5A5A5A5A5A5A5A5AULL);
    pp_world_free(w);
    pp_mask_free(box);
}

/* ---- threads ------------------------------------------------------------------------ */

typedef struct {
    pp_world *w;
    pp_mask *probe;
    int writer;     /* 1: moves a body and updates */
    int racing;     /* 1: a writer runs too (do not touch the event arrays) */
    pp_body_id mover;
    size_t want_touching, want_overlap;
    int ok, refused, other, wrong;
} Job;

static void *run_job(void *arg)
{
    Job *j = (Job *)arg;
    int i;
    for (i = 0; i < 300; i++) {
        pp_status st[4];
        int k;
        if (j->writer) {
            st[0] = pp_world_move_body(j->w, j->mover, (i % 7) * 3, 0);
            st[1] = pp_world_update(j->w, NULL);
            st[2] = pp_world_set_filter(j->w, j->mover, pp_filter_default());
            st[3] = pp_world_move_bodies(j->w, &j->mover, NULL, 0);
        } else {
            pp_world_events ev;
            pp_sprite probe = sprite_at(j->probe, 0, 0, 1);
            pp_body_id buf[16];
            size_t len = 0;
            uint8_t found = 0;
            pp_body_id body;
            pp_ray_hit hit;
            st[0] = pp_world_get_events(j->w, &ev);
            if (st[0] == PP_OK && !j->racing && ev.touching_count != j->want_touching) j->wrong++;
            st[1] = pp_world_overlapping(j->w, &probe, NULL, buf, 16, &len);
            if (st[1] == PP_OK && !j->racing && len != j->want_overlap) j->wrong++;
            st[2] = pp_world_at_point(j->w, 1, 1, NULL, buf, 16, &len);
            st[3] = pp_world_raycast(j->w, -5, 1, 1, 0, 100, NULL, &found, &body, &hit);
        }
        for (k = 0; k < 4; k++) {
            if (st[k] == PP_OK)
                j->ok++;
            else if (st[k] == PP_ERR_INVALID_ARGUMENT)
                j->refused++;
            else
                j->other++;
        }
    }
    return NULL;
}

static void threads(void)
{
    enum { N = 4 };
    pp_world *w = NULL;
    pp_mask *box = full(6, 6);
    pp_body_def d = pp_body_def_default();
    pp_body_id ids[5];
    pp_world_events ev;
    pthread_t t[N + 1];
    Job jobs[N + 1];
    int i, ok = 0, refused = 0, other = 0, wrong = 0;
    CHECK_OK(pp_world_new(&w));
    d.mask = box;
    for (i = 0; i < 5; i++) {
        d.x = i * 4;
        CHECK_OK(pp_world_create_body(w, &d, &ids[i]));
    }
    CHECK_OK(pp_world_update(w, &ev));
    CHECK(ev.touching_count == 4);
    /* readers only: every call succeeds with the single-threaded answers */
    for (i = 0; i < N; i++) {
        memset(&jobs[i], 0, sizeof jobs[i]);
        jobs[i].w = w;
        jobs[i].probe = box;
        jobs[i].want_touching = 4;
        jobs[i].want_overlap = 2;
        CHECK(pthread_create(&t[i], NULL, run_job, &jobs[i]) == 0);
    }
    for (i = 0; i < N; i++) {
        CHECK(pthread_join(t[i], NULL) == 0);
        ok += jobs[i].ok;
        refused += jobs[i].refused;
        other += jobs[i].other;
        wrong += jobs[i].wrong;
    }
    CHECK(ok == N * 300 * 4 && refused == 0 && other == 0 && wrong == 0);
    /* a writer racing readers: each call succeeds or is refused, never anything else */
    ok = refused = other = 0;
    for (i = 0; i <= N; i++) {
        memset(&jobs[i], 0, sizeof jobs[i]);
        jobs[i].w = w;
        jobs[i].probe = box;
        jobs[i].racing = 1;
        jobs[i].writer = i == N;
        jobs[i].mover = ids[4];
        CHECK(pthread_create(&t[i], NULL, run_job, &jobs[i]) == 0);
    }
    for (i = 0; i <= N; i++) {
        CHECK(pthread_join(t[i], NULL) == 0);
        ok += jobs[i].ok;
        refused += jobs[i].refused;
        other += jobs[i].other;
    }
    CHECK(other == 0 && ok + refused == (N + 1) * 300 * 4 && ok > 0);
    /* and the world still works afterwards */
    CHECK_OK(pp_world_move_body(w, ids[4], 16, 0));
    CHECK_OK(pp_world_update(w, &ev));
    CHECK(ev.touching_count == 4);
    pp_world_free(w);
    pp_mask_free(box);
}

int main(int argc, char **argv)
{
    size_t i;
    uint32_t s = 12345;
    int32_t sizes[NPOOL][2] = {{1, 1}, {5, 5}, {8, 3}, {12, 12}, {3, 9}, {16, 10}};
    (void)argc;
    (void)argv;
    for (i = 0; i < NPOOL; i++)
        g_pool[i] = random_mask(&s, sizes[i][0], sizes[i][1], i == 1 ? 100 : 55);
    destroy_and_reuse();
    filters_and_statics();
    caller_frees_its_mask();
    errors();
    wrong_world();
    documented_edges();
    threads();
    for (i = 0; i < NPOOL; i++) pp_mask_free(g_pool[i]);
    return finish();
}
