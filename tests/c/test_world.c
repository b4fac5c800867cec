/*
 * C test of the world (pp_world_*) through the C ABI, against an independent oracle
 * written here in plain C: the bodies kept in a model (pixels read with
 * pp_mask_is_solid), every pair tested pixel by pixel with the filter rule (each one's
 * mask has a bit of the other's category, unless they share a nonzero group: positive
 * always, negative never; two static bodies never), the pairs sorted by a.index then
 * b.index, begin/end events as set differences between consecutive updates. Random
 * worlds with fixed seeds go through moves, batched moves, creates, destroys (slot
 * reuse, stale ids refused everywhere, changing nothing), filter, mask and transform
 * changes; after each update the lists are compared, queries (overlapping, at_point,
 * raycast, sweep) against brute force, contacts against the pair functions on the
 * bodies' sprites. Also every error (NULLs, zeroed defs, short buffers; nothing written),
 * the world's reference to a mask its caller freed, and threads: readers at once, and a
 * writer racing readers (each call OK or refused with PP_ERR_INVALID_ARGUMENT).
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

/* ---- the model ---------------------------------------------------------------------- */

#define MAXB 64
#define MAXPIX 4096
#define MAXPAIRS (MAXB * MAXB / 2)
#define NPOOL 6

typedef struct {
    int live;
    pp_body_id id;
    const pp_mask *src; /* one of the pool's masks (the test owns it) */
    int transformed;
    pp_transform t;
    pp_mask *raster; /* the raster of a transformed body (the test owns it), else NULL */
    int32_t x, y, w, h; /* the effective sprite */
    uint8_t px[MAXPIX];
    uint8_t pc, is_static;
    pp_filter f;
    uint64_t user;
} Body;

typedef struct {
    Body b[MAXB];
    pp_pair prev[MAXPAIRS];
    size_t nprev;
} Model;

static pp_mask *g_pool[NPOOL];

static int id_eq(pp_body_id a, pp_body_id b)
{
    return a.index == b.index && a.generation == b.generation && a.world == b.world;
}

static int pair_eq(pp_pair a, pp_pair b)
{
    return id_eq(a.a, b.a) && id_eq(a.b, b.b);
}

static int allows(pp_filter a, pp_filter b)
{
    if (a.group != 0 && a.group == b.group) return a.group > 0;
    return (a.mask & b.category) != 0 && (b.mask & a.category) != 0;
}

/* Reads a mask's pixels into px (row-major); 0 when too large. */
static int read_pixels(const pp_mask *m, int32_t *w, int32_t *h, uint8_t *px)
{
    int32_t i, j;
    if (pp_mask_size(m, w, h) != PP_OK || (int64_t)*w * *h > MAXPIX) return 0;
    for (j = 0; j < *h; j++)
        for (i = 0; i < *w; i++) {
            uint8_t s = 0;
            if (pp_mask_is_solid(m, i, j, &s) != PP_OK) return 0;
            px[j * *w + i] = s;
        }
    return 1;
}

/* Recomputes a body's effective sprite from its source, placement and kind. */
static void place(Body *b)
{
    const pp_mask *m = b->src;
    if (b->raster != NULL) {
        pp_mask_free(b->raster);
        b->raster = NULL;
    }
    if (b->transformed) {
        int32_t x = 0, y = 0;
        CHECK_OK(pp_mask_rasterise(b->src, &b->t, (uint8_t)(b->pc == 0), &b->raster, &x, &y));
        m = b->raster;
        b->x = x;
        b->y = y;
    }
    CHECK(read_pixels(m, &b->w, &b->h, b->px));
}

static const pp_mask *body_mask(const Body *b)
{
    return b->raster != NULL ? b->raster : b->src;
}

static pp_sprite body_sprite(const Body *b)
{
    return sprite_at(body_mask(b), b->x, b->y, b->pc);
}

static int solid_at(const Body *b, int64_t x, int64_t y)
{
    int64_t i = x - b->x, j = y - b->y;
    if (i < 0 || j < 0 || i >= b->w || j >= b->h) return 0;
    return b->pc == 0 || b->px[j * b->w + i];
}

/* Pixel by pixel over the two rectangles' intersection. */
static int touch(const Body *a, const Body *b)
{
    int64_t x0 = a->x > b->x ? a->x : b->x, y0 = a->y > b->y ? a->y : b->y;
    int64_t x1 = (int64_t)a->x + a->w < (int64_t)b->x + b->w ? (int64_t)a->x + a->w
                                                            : (int64_t)b->x + b->w;
    int64_t y1 = (int64_t)a->y + a->h < (int64_t)b->y + b->h ? (int64_t)a->y + a->h
                                                            : (int64_t)b->y + b->h;
    int64_t x, y;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++)
            if (solid_at(a, x, y) && solid_at(b, x, y)) return 1;
    return 0;
}

static size_t oracle_pairs(const Model *m, pp_pair *out)
{
    size_t n = 0;
    int i, j;
    for (i = 0; i < MAXB; i++) {
        const Body *a = &m->b[i];
        if (!a->live) continue;
        for (j = i + 1; j < MAXB; j++) {
            const Body *b = &m->b[j];
            if (!b->live || (a->is_static && b->is_static) || !allows(a->f, b->f)) continue;
            if (touch(a, b)) {
                out[n].a = a->id;
                out[n].b = b->id;
                n++;
            }
        }
    }
    return n;
}

/* The pairs of `x` not in `y`, in x's order. */
static size_t minus(const pp_pair *x, size_t nx, const pp_pair *y, size_t ny, pp_pair *out)
{
    size_t i, j, n = 0;
    for (i = 0; i < nx; i++) {
        int found = 0;
        for (j = 0; j < ny && !found; j++) found = pair_eq(x[i], y[j]);
        if (!found) out[n++] = x[i];
    }
    return n;
}

static int same_list(const pp_pair *got, size_t ngot, const pp_pair *want, size_t nwant)
{
    size_t i;
    if (ngot != nwant) return 0;
    if (ngot == 0) return got == NULL;
    for (i = 0; i < ngot; i++)
        if (!pair_eq(got[i], want[i])) return 0;
    return 1;
}

static pp_pair g_cur[MAXPAIRS], g_beg[MAXPAIRS], g_end[MAXPAIRS];
/* What the random worlds went through, printed so a vacuous run shows. */
static size_t g_seen_pairs, g_seen_begins, g_seen_ends, g_seen_updates;

/* Updates the world and compares its lists with the oracle's; then moves on. */
static void update_and_compare(pp_world *w, Model *m)
{
    pp_world_events ev, again;
    size_t nc, nb, ne;
    memset(&ev, 0x5A, sizeof ev);
    CHECK_OK(pp_world_update(w, &ev));
    nc = oracle_pairs(m, g_cur);
    nb = minus(g_cur, nc, m->prev, m->nprev, g_beg);
    ne = minus(m->prev, m->nprev, g_cur, nc, g_end);
    CHECK(same_list(ev.touching, ev.touching_count, g_cur, nc));
    CHECK(same_list(ev.begins, ev.begin_count, g_beg, nb));
    CHECK(same_list(ev.ends, ev.end_count, g_end, ne));
    memset(&again, 0, sizeof again);
    CHECK_OK(pp_world_get_events(w, &again));
    CHECK(again.touching == ev.touching && again.touching_count == ev.touching_count &&
          again.begins == ev.begins && again.begin_count == ev.begin_count &&
          again.ends == ev.ends && again.end_count == ev.end_count);
    g_seen_pairs += nc;
    g_seen_begins += nb;
    g_seen_ends += ne;
    g_seen_updates++;
    memcpy(m->prev, g_cur, nc * sizeof *g_cur);
    m->nprev = nc;
}

static void model_free(Model *m)
{
    int i;
    for (i = 0; i < MAXB; i++)
        if (m->b[i].raster != NULL) {
            pp_mask_free(m->b[i].raster);
            m->b[i].raster = NULL;
        }
}

/* ---- helpers ------------------------------------------------------------------------ */

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

static pp_filter random_filter(uint32_t *s)
{
    static const int32_t groups[] = {0, 0, 0, 1, -1, 2};
    if (rnd(s, 3) == 0) return pp_filter_default();
    return filter_of(1u << rnd(s, 3), rnd(s, 8), groups[rnd(s, 6)]);
}

static pp_transform random_transform(uint32_t *s)
{
    pp_transform t = pp_transform_default();
    t.x = (double)rnd(s, 400) / 10.0;
    t.y = (double)rnd(s, 400) / 10.0;
    t.rotation_degrees = (double)rnd(s, 360);
    t.scale_x = 0.5 + rnd(s, 3) * 0.5;
    t.scale_y = 0.5 + rnd(s, 3) * 0.5;
    t.flip_x = (uint8_t)rnd(s, 2);
    return t;
}

/* Checks pp_world_body and pp_world_body_mask against the model. */
static void compare_body(const pp_world *w, const Body *b)
{
    pp_body_info info;
    pp_mask *copy = NULL;
    int32_t cw = 0, ch = 0;
    static uint8_t px[MAXPIX];
    memset(&info, 0x5A, sizeof info);
    CHECK_OK(pp_world_body(w, b->id, &info));
    CHECK(info.sprite.x == b->x && info.sprite.y == b->y);
    CHECK(info.sprite.pixel_collision == b->pc && info.is_static == b->is_static);
    CHECK(info.filter.category == b->f.category && info.filter.mask == b->f.mask &&
          info.filter.group == b->f.group && info.user_data == b->user);
    CHECK(read_pixels(info.sprite.mask, &cw, &ch, px) && cw == b->w && ch == b->h &&
          memcmp(px, b->px, (size_t)(cw * ch)) == 0);
    CHECK_OK(pp_world_body_mask(w, b->id, &copy));
    CHECK(copy != NULL && read_pixels(copy, &cw, &ch, px) && cw == b->w && ch == b->h &&
          memcmp(px, b->px, (size_t)(cw * ch)) == 0);
    pp_mask_free(copy);
}

/* ---- queries against brute force ---------------------------------------------------- */

/* Whether the world's body `id` has a solid pixel (any pixel, when bounds-only) in `r`:
 * pp_world_body, then pp_mask_is_solid pixel by pixel over r and the body's rectangle. */
static int solid_in_rect(const pp_world *w, pp_body_id id, pp_bounds r)
{
    pp_body_info info;
    int32_t mw = 0, mh = 0;
    int64_t x0, x1, y0, y1, x, y;
    CHECK_OK(pp_world_body(w, id, &info));
    CHECK_OK(pp_mask_size(info.sprite.mask, &mw, &mh));
    x0 = (int64_t)r.x > info.sprite.x ? (int64_t)r.x : info.sprite.x;
    y0 = (int64_t)r.y > info.sprite.y ? (int64_t)r.y : info.sprite.y;
    x1 = (int64_t)r.x + r.width;
    y1 = (int64_t)r.y + r.height;
    if (x1 > (int64_t)info.sprite.x + mw) x1 = (int64_t)info.sprite.x + mw;
    if (y1 > (int64_t)info.sprite.y + mh) y1 = (int64_t)info.sprite.y + mh;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++) {
            uint8_t solid = 0;
            if (!info.sprite.pixel_collision) return 1;
            CHECK_OK(pp_mask_is_solid(info.sprite.mask, (int32_t)(x - info.sprite.x),
                                      (int32_t)(y - info.sprite.y), &solid));
            if (solid) return 1;
        }
    return 0;
}

static void compare_queries(const pp_world *w, const Model *m, uint32_t *s)
{
    pp_body_id got[MAXB], want[MAXB];
    size_t ngot = SENTINEL_SIZE, nwant, k;
    int i, q;
    pp_filter qf = random_filter(s);
    const pp_filter *qfp = rnd(s, 4) == 0 ? NULL : &qf;
    pp_filter eff = qfp ? qf : pp_filter_default();

    /* at_point */
    for (q = 0; q < 4; q++) {
        int64_t x = (int64_t)rnd(s, 80) - 10, y = (int64_t)rnd(s, 80) - 10;
        nwant = 0;
        for (i = 0; i < MAXB; i++)
            if (m->b[i].live && allows(m->b[i].f, eff) && solid_at(&m->b[i], x, y))
                want[nwant++] = m->b[i].id;
        CHECK_OK(pp_world_at_point(w, x, y, qfp, got, MAXB, &ngot));
        CHECK(ngot == nwant);
        for (k = 0; k < nwant && k < ngot; k++) CHECK(id_eq(got[k], want[k]));
    }
    /* overlapping: a probe from the pool */
    for (q = 0; q < 3; q++) {
        Body probe;
        pp_sprite ps;
        memset(&probe, 0, sizeof probe);
        probe.src = g_pool[rnd(s, NPOOL)];
        probe.pc = (uint8_t)(rnd(s, 4) != 0);
        probe.x = (int32_t)rnd(s, 70) - 10;
        probe.y = (int32_t)rnd(s, 70) - 10;
        place(&probe);
        ps = body_sprite(&probe);
        nwant = 0;
        for (i = 0; i < MAXB; i++)
            if (m->b[i].live && allows(m->b[i].f, eff) && touch(&m->b[i], &probe))
                want[nwant++] = m->b[i].id;
        CHECK_OK(pp_world_overlapping(w, &ps, qfp, got, MAXB, &ngot));
        CHECK(ngot == nwant);
        for (k = 0; k < nwant && k < ngot; k++) CHECK(id_eq(got[k], want[k]));
    }
    /* in_rect: small rectangles, empty ones (zero or negative sides), huge ones */
    for (q = 0; q < 4; q++) {
        pp_bounds r;
        r.x = (int32_t)rnd(s, 90) - 20;
        r.y = (int32_t)rnd(s, 90) - 20;
        r.width = (int32_t)rnd(s, 50) + 1;
        r.height = (int32_t)rnd(s, 50) + 1;
        if (q == 1) r.width = -(int32_t)rnd(s, 3); /* empty */
        if (q == 2 && rnd(s, 2)) {
            r.x = INT32_MIN;
            r.y = INT32_MIN;
            r.width = INT32_MAX;
            r.height = INT32_MAX;
        } else if (q == 2) {
            r.width = INT32_MAX; /* its right edge past INT32_MAX */
            r.height = INT32_MAX;
        }
        nwant = 0;
        for (i = 0; i < MAXB; i++)
            if (m->b[i].live && allows(m->b[i].f, eff) && r.width > 0 && r.height > 0 &&
                solid_in_rect(w, m->b[i].id, r))
                want[nwant++] = m->b[i].id;
        CHECK_OK(pp_world_in_rect(w, r, qfp, got, MAXB, &ngot));
        CHECK(ngot == nwant);
        for (k = 0; k < nwant && k < ngot; k++) CHECK(id_eq(got[k], want[k]));
    }
    /* raycast: pp_raycast on each body, nearest by steps, ties to the smaller index */
    for (q = 0; q < 3; q++) {
        int32_t x = (int32_t)rnd(s, 80) - 10, y = (int32_t)rnd(s, 80) - 10;
        int32_t dx = (int32_t)rnd(s, 11) - 5, dy = (int32_t)rnd(s, 11) - 5;
        uint32_t len = rnd(s, 90);
        int best = -1;
        pp_ray_hit besthit, hit;
        uint8_t found = SENTINEL_U8;
        pp_body_id body;
        if (dx == 0 && dy == 0) dx = 1;
        memset(&besthit, 0, sizeof besthit);
        for (i = 0; i < MAXB; i++) {
            pp_sprite sp;
            uint8_t f = 0;
            if (!m->b[i].live || !allows(m->b[i].f, eff)) continue;
            sp = body_sprite(&m->b[i]);
            CHECK_OK(pp_raycast(&sp, x, y, dx, dy, len, &f, &hit));
            if (f && (best < 0 || hit.step < besthit.step)) {
                best = i;
                besthit = hit;
            }
        }
        memset(&hit, 0x5A, sizeof hit);
        CHECK_OK(pp_world_raycast(w, x, y, dx, dy, len, qfp, &found, &body, &hit));
        if (best < 0) {
            CHECK(found == 0 && body.index == 0 && body.generation == 0 && hit.step == 0);
        } else {
            CHECK(found == 1 && id_eq(body, m->b[best].id));
            CHECK(hit.pixel.x == besthit.pixel.x && hit.pixel.y == besthit.pixel.y &&
                  hit.step == besthit.step && hit.distance == besthit.distance &&
                  hit.has_normal == besthit.has_normal &&
                  hit.normal.x == besthit.normal.x && hit.normal.y == besthit.normal.y);
        }
    }
    /* sweep: a live body by a random motion against every other one its filter allows */
    for (q = 0; q < 3; q++) {
        int mover = (int)rnd(s, MAXB), best = -1;
        int32_t dx = (int32_t)rnd(s, 61) - 30, dy = (int32_t)rnd(s, 61) - 30;
        uint64_t beststep = 0;
        pp_sweep_result bestr, r;
        uint8_t found = SENTINEL_U8;
        pp_body_id other;
        pp_sprite ms;
        while (!m->b[mover].live) mover = (mover + 1) % MAXB;
        ms = body_sprite(&m->b[mover]);
        memset(&bestr, 0, sizeof bestr);
        for (i = 0; i < MAXB; i++) {
            pp_sprite os;
            uint64_t step;
            if (i == mover || !m->b[i].live || !allows(m->b[mover].f, m->b[i].f)) continue;
            os = body_sprite(&m->b[i]);
            CHECK_OK(pp_sweep(&ms, &os, dx, dy, &r));
            if (r.outcome == PP_SWEEP_CLEAR) continue;
            step = r.outcome == PP_SWEEP_STARTS_TOUCHING ? 0 : r.step;
            if (best < 0 || step < beststep) {
                best = i;
                beststep = step;
                bestr = r;
            }
        }
        memset(&r, 0x5A, sizeof r);
        CHECK_OK(pp_world_sweep(w, m->b[mover].id, dx, dy, &found, &other, &r));
        if (best < 0) {
            CHECK(found == 0 && other.index == 0 && other.generation == 0);
            CHECK(r.outcome == PP_SWEEP_CLEAR && r.at.x == (int64_t)ms.x + dx &&
                  r.at.y == (int64_t)ms.y + dy && r.steps == (uint64_t)(abs(dx) + abs(dy)));
        } else {
            CHECK(found == 1 && id_eq(other, m->b[best].id));
            CHECK(r.outcome == bestr.outcome && r.step == bestr.step &&
                  r.steps == bestr.steps && r.at.x == bestr.at.x && r.at.y == bestr.at.y &&
                  r.last_free.x == bestr.last_free.x && r.last_free.y == bestr.last_free.y &&
                  r.contact.x == bestr.contact.x && r.contact.y == bestr.contact.y &&
                  r.has_normal == bestr.has_normal && r.normal.x == bestr.normal.x &&
                  r.normal.y == bestr.normal.y);
        }
    }
}

/* pp_world_contact against the pair functions on the two bodies' sprites. */
static void compare_contact(const pp_world *w, const Body *a, const Body *b, uint32_t push_max)
{
    pp_contact c;
    pp_pair p;
    pp_sprite sa = body_sprite(a), sb = body_sprite(b);
    pp_point first;
    uint8_t found = 0, nfound = 0, pfound = 0;
    uint64_t area = 0;
    pp_normal n;
    pp_offset push;
    pp_push_options o = pp_push_options_default();
    o.max_distance = push_max;
    CHECK_OK(pp_first_contact(&sa, &sb, &found, &first));
    CHECK_OK(pp_overlap_area(&sa, &sb, &area));
    CHECK_OK(pp_contact_normal(&sb, &sa, &nfound, &n));
    CHECK_OK(pp_push_out(&sb, &sa, &o, &pfound, &push));
    p.a = a->id;
    p.b = b->id;
    memset(&c, 0x5A, sizeof c);
    CHECK_OK(pp_world_contact(w, p, push_max, &c));
    CHECK(c.touching == found && c.first_contact.x == first.x && c.first_contact.y == first.y);
    CHECK(c.touching == (uint8_t)touch(a, b));
    CHECK(c.area == area);
    CHECK(c.has_normal == nfound && c.normal.x == n.x && c.normal.y == n.y);
    CHECK(c.has_push_out == pfound && c.push_out.dx == push.dx && c.push_out.dy == push.dy);
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

/* ---- random worlds ------------------------------------------------------------------ */

static int live_count(const Model *m)
{
    int i, n = 0;
    for (i = 0; i < MAXB; i++) n += m->b[i].live;
    return n;
}

static int random_live(const Model *m, uint32_t *s)
{
    int i = (int)rnd(s, MAXB);
    while (!m->b[i].live) i = (i + 1) % MAXB;
    return i;
}

static int create(pp_world *w, Model *m, uint32_t *s, int free_src_right_after)
{
    pp_body_def d = pp_body_def_default();
    pp_body_id id = {0x5A5A5A5A, 0x5A5A5A5A, 0x5A5A5A5A};
    Body *b;
    pp_mask *own = NULL;
    int k = (int)rnd(s, NPOOL);
    d.mask = g_pool[k];
    if (free_src_right_after) {
        /* A handle of its own with the same pixels, freed right after: the world keeps
         * its reference (valgrind and ASan check it). The model keeps the pool's. */
        static uint8_t px[MAXPIX];
        int32_t w0 = 0, h0 = 0, i;
        CHECK(read_pixels(g_pool[k], &w0, &h0, px));
        for (i = 0; i < w0 * h0; i++) px[i] = (uint8_t)(px[i] ? 255 : 0);
        CHECK_OK(pp_mask_from_pixels(px, (size_t)(w0 * h0), PP_FORMAT_A8, w0, h0, w0, NULL,
                                     &own));
        d.mask = own;
    }
    d.x = (int32_t)rnd(s, 60) - 5;
    d.y = (int32_t)rnd(s, 60) - 5;
    d.pixel_collision = (uint8_t)(rnd(s, 5) != 0);
    d.is_static = (uint8_t)(rnd(s, 4) == 0);
    d.filter = random_filter(s);
    d.user_data = lcg_next(s);
    if (rnd(s, 5) == 0) {
        d.transformed = 1;
        d.transform = random_transform(s);
    }
    CHECK_OK(pp_world_create_body(w, &d, &id));
    if (id.index >= MAXB) {
        CHECK(!"index within the model");
        pp_mask_free(own);
        return -1;
    }
    b = &m->b[id.index];
    CHECK(!b->live);
    CHECK(!id_eq(id, b->id) || id.generation == 0); /* a reused slot has a new generation */
    b->live = 1;
    b->id = id;
    b->src = g_pool[k];
    b->transformed = d.transformed;
    b->t = d.transform;
    b->x = d.x;
    b->y = d.y;
    b->pc = d.pixel_collision;
    b->is_static = d.is_static;
    b->f = d.filter;
    b->user = d.user_data;
    place(b);
    pp_mask_free(own);
    return (int)id.index;
}

static void random_world(uint32_t seed, int steps)
{
    static Model m;
    pp_world *w = NULL;
    uint32_t s = seed;
    int i, step;
    pp_body_id stale[32];
    int nstale = 0;
    memset(&m, 0, sizeof m);
    CHECK_OK(pp_world_new(&w));
    for (i = 0; i < 22; i++) create(w, &m, &s, 0);
    update_and_compare(w, &m);
    for (step = 0; step < steps; step++) {
        int op = (int)rnd(&s, 10), n, k;
        switch (op) {
        case 0: /* destroy */
            if (live_count(&m) > 4) {
                Body *b = &m.b[random_live(&m, &s)];
                CHECK_OK(pp_world_destroy_body(w, b->id));
                if (nstale < 32) stale[nstale++] = b->id;
                b->live = 0;
                if (b->raster != NULL) pp_mask_free(b->raster);
                b->raster = NULL;
            }
            break;
        case 1: /* create (sometimes from a handle freed right after) */
            if (live_count(&m) < MAXB - 8) create(w, &m, &s, rnd(&s, 2) == 0);
            break;
        case 2: { /* batched moves */
            pp_body_id ids[8];
            pp_position pos[8];
            int idx[8];
            n = 1 + (int)rnd(&s, 8);
            for (k = 0; k < n; k++) {
                int j, dup;
                do {
                    idx[k] = random_live(&m, &s);
                    for (dup = 0, j = 0; j < k; j++) dup |= idx[j] == idx[k];
                } while (dup && live_count(&m) > k);
                ids[k] = m.b[idx[k]].id;
                pos[k].x = (int32_t)rnd(&s, 60) - 5;
                pos[k].y = (int32_t)rnd(&s, 60) - 5;
            }
            CHECK_OK(pp_world_move_bodies(w, ids, pos, (size_t)n));
            for (k = 0; k < n; k++) {
                Body *b = &m.b[idx[k]];
                b->transformed = 0;
                b->x = pos[k].x;
                b->y = pos[k].y;
                place(b);
            }
            break;
        }
        case 3: { /* set_filter */
            Body *b = &m.b[random_live(&m, &s)];
            b->f = random_filter(&s);
            CHECK_OK(pp_world_set_filter(w, b->id, b->f));
            break;
        }
        case 4: { /* set_mask */
            Body *b = &m.b[random_live(&m, &s)];
            b->src = g_pool[rnd(&s, NPOOL)];
            CHECK_OK(pp_world_set_mask(w, b->id, b->src));
            place(b);
            break;
        }
        case 5: { /* set_transform */
            Body *b = &m.b[random_live(&m, &s)];
            b->transformed = 1;
            b->t = random_transform(&s);
            CHECK_OK(pp_world_set_transform(w, b->id, &b->t));
            place(b);
            break;
        }
        case 6: /* a stale id refused everywhere */
            if (nstale > 0) check_stale(w, stale[rnd(&s, (uint32_t)nstale)],
                                        m.b[random_live(&m, &s)].id);
            break;
        default: { /* single moves */
            n = 1 + (int)rnd(&s, 4);
            for (k = 0; k < n; k++) {
                Body *b = &m.b[random_live(&m, &s)];
                b->transformed = 0;
                b->x += (int32_t)rnd(&s, 11) - 5;
                b->y += (int32_t)rnd(&s, 11) - 5;
                CHECK_OK(pp_world_move_body(w, b->id, b->x, b->y));
                place(b);
            }
            break;
        }
        }
        if (rnd(&s, 3) != 0) {
            update_and_compare(w, &m);
        }
        if (step % 4 == 0) {
            int a = random_live(&m, &s), b = random_live(&m, &s);
            compare_queries(w, &m, &s);
            compare_body(w, &m.b[a]);
            if (a != b) compare_contact(w, &m.b[a], &m.b[b], rnd(&s, 20));
            /* and a touching pair, when there is one */
            if (m.nprev > 0) {
                pp_pair p = m.prev[rnd(&s, (uint32_t)m.nprev)];
                if (m.b[p.a.index].live && m.b[p.b.index].live &&
                    id_eq(m.b[p.a.index].id, p.a) && id_eq(m.b[p.b.index].id, p.b))
                    compare_contact(w, &m.b[p.a.index], &m.b[p.b.index], 16);
            }
        }
    }
    update_and_compare(w, &m);
    pp_world_free(w);
    model_free(&m);
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
    static const uint32_t seeds[] = {1, 7, 42, 2024, 99991};
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
    for (i = 0; i < sizeof seeds / sizeof *seeds; i++) random_world(seeds[i], 60);
    printf("random worlds: %zu updates, %zu touching pairs, %zu begins, %zu ends\n",
           g_seen_updates, g_seen_pairs, g_seen_begins, g_seen_ends);
    CHECK(g_seen_pairs > 100 && g_seen_begins > 20 && g_seen_ends > 20);
    threads();
    for (i = 0; i < NPOOL; i++) pp_mask_free(g_pool[i]);
    return finish();
}
