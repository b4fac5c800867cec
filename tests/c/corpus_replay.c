/*
 * The conformance corpus replayed through the C ABI (include/perpixel.h): every case of
 * tests/corpus/corpus.txt (format: tests/corpus/FORMAT.md) is run through the matching
 * pp_ export, its answer written the way the corpus writes it (floats as the 16 hex
 * digits of their IEEE-754 bits, statuses by their C names) and compared with the
 * expected text, byte for byte. Any difference prints the case's line, the expected and
 * the actual answer. Prints how many cases of each kind it ran.
 *
 * Usage: corpus_replay <scratch folder> <corpus file>
 */
#include "check.h"
#include "status_names.h"

#include <inttypes.h>
#include <stdarg.h>

/* ---- the answer being written --------------------------------------------------------- */

typedef struct {
    char *buf;
    size_t len;
    size_t cap;
} Text;

static void put(Text *t, const char *fmt, ...)
{
    va_list ap;
    int n;
    for (;;) {
        size_t room = t->cap - t->len;
        va_start(ap, fmt);
        n = vsnprintf(t->buf + t->len, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            abort();
        }
        if ((size_t)n < room) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap * 2 + (size_t)n + 1;
        t->buf = (char *)realloc(t->buf, t->cap);
        if (t->buf == NULL) {
            abort();
        }
    }
}

/* A separating space before everything but the first token. */
static void sep(Text *t)
{
    if (t->len > 0) {
        put(t, " ");
    }
}

static void put_float(Text *t, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    sep(t);
    put(t, "%016" PRIx64, bits);
}

static void put_error(Text *t, pp_status s)
{
    (void)check_status; /* check.h's status check: the corpus compares names instead */
    sep(t);
    put(t, "error %s", status_name(s));
}

/* `width height rows`: each row ceil(width / 4) hex digits, pixel 0 the first digit's
 * 8 bit; `-` for a row of width 0. */
static void put_mask(Text *t, const pp_mask *m)
{
    int32_t w = 0, h = 0, x, y;
    if (pp_mask_size(m, &w, &h) != PP_OK) {
        abort();
    }
    sep(t);
    put(t, "%" PRId32 " %" PRId32, w, h);
    for (y = 0; y < h; y++) {
        put(t, " ");
        if (w == 0) {
            put(t, "-");
        }
        for (x = 0; x < w; x += 4) {
            unsigned digit = 0, i;
            for (i = 0; i < 4; i++) {
                uint8_t solid = 0;
                if (x + (int32_t)i < w) {
                    if (pp_mask_is_solid(m, x + (int32_t)i, y, &solid) != PP_OK) {
                        abort();
                    }
                }
                digit |= solid ? 8u >> i : 0u;
            }
            put(t, "%x", digit);
        }
    }
}

static void put_normal(Text *t, uint8_t has, pp_normal n)
{
    if (has) {
        put_float(t, n.x);
        put_float(t, n.y);
    } else {
        sep(t);
        put(t, "-");
    }
}

/* ---- reading inputs ------------------------------------------------------------------- */

typedef struct {
    char **tok;
    size_t n;
    size_t i;
    int bad;
} Tokens;

static const char *next(Tokens *t)
{
    if (t->i >= t->n) {
        t->bad = 1;
        return "0";
    }
    return t->tok[t->i++];
}

static int64_t next_int(Tokens *t)
{
    const char *s = next(t);
    char *end;
    long long v = strtoll(s, &end, 10);
    if (*s == '\0' || *end != '\0') {
        t->bad = 1;
    }
    return (int64_t)v;
}

static double next_float(Tokens *t)
{
    const char *s = next(t);
    char *end;
    uint64_t bits = (uint64_t)strtoull(s, &end, 16);
    double v;
    if (strlen(s) != 16 || *end != '\0') {
        t->bad = 1;
    }
    memcpy(&v, &bits, sizeof v);
    return v;
}

/* The declared masks, by the number N of their id `mN`. */
static pp_mask **g_masks;
static size_t g_n_masks;

static const pp_mask *next_mask(Tokens *t)
{
    const char *id = next(t);
    char *end;
    unsigned long k;
    if (strcmp(id, "null") == 0) {
        return NULL;
    }
    k = strtoul(id + 1, &end, 10);
    if (id[0] != 'm' || *end != '\0' || k >= g_n_masks || g_masks[k] == NULL) {
        t->bad = 1;
        return NULL;
    }
    return g_masks[k];
}

static pp_sprite next_sprite(Tokens *t)
{
    pp_sprite s;
    s.mask = next_mask(t);
    s.x = (int32_t)next_int(t);
    s.y = (int32_t)next_int(t);
    s.pixel_collision = (uint8_t)next_int(t);
    return s;
}

/* `x y rotation scale_x scale_y flip_x flip_y has_pivot pivot_x pivot_y`. */
static pp_transform next_transform(Tokens *t)
{
    pp_transform tr = pp_transform_default();
    tr.x = next_float(t);
    tr.y = next_float(t);
    tr.rotation_degrees = next_float(t);
    tr.scale_x = next_float(t);
    tr.scale_y = next_float(t);
    tr.flip_x = (uint8_t)next_int(t);
    tr.flip_y = (uint8_t)next_int(t);
    tr.has_pivot = (uint8_t)next_int(t);
    tr.pivot_x = next_float(t);
    tr.pivot_y = next_float(t);
    return tr;
}

/* `mask mN width height rows...`: made with pp_mask_new and pp_mask_set_pixel. */
static int declare_mask(Tokens *t)
{
    const char *id = next(t);
    unsigned long k = strtoul(id + 1, NULL, 10);
    int64_t w = next_int(t), h = next_int(t), x, y;
    pp_mask *m = NULL;
    if (pp_mask_new((int32_t)w, (int32_t)h, 0, &m) != PP_OK) {
        return 0;
    }
    for (y = 0; y < h; y++) {
        const char *row = next(t);
        if (w == 0) {
            continue;
        }
        if ((int64_t)strlen(row) != (w + 3) / 4) {
            t->bad = 1;
            break;
        }
        for (x = 0; x < w; x++) {
            char c = row[x / 4];
            unsigned digit = (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
            if (digit & (8u >> (x % 4))) {
                if (pp_mask_set_pixel(m, (int32_t)x, (int32_t)y, 1) != PP_OK) {
                    t->bad = 1;
                }
            }
        }
    }
    if (k >= g_n_masks) {
        size_t n = k + 16, i;
        g_masks = (pp_mask **)realloc(g_masks, n * sizeof *g_masks);
        if (g_masks == NULL) {
            abort();
        }
        for (i = g_n_masks; i < n; i++) {
            g_masks[i] = NULL;
        }
        g_n_masks = n;
    }
    pp_mask_free(g_masks[k]);
    g_masks[k] = m;
    return !t->bad && t->i == t->n;
}

/* ---- the cases -------------------------------------------------------------------------- */

/* What a pair query found, whichever form asked it (placed sprites or pygame's offsets). */
typedef struct {
    uint8_t flag;
    pp_point p;
    uint64_t area;
    pp_mask *m;
    pp_bounds bounds;
} PairAnswer;

/* Writes the answer of pair query `which` (0 collides, 1 first contact, 2 overlap area,
 * 3 overlap mask, freeing the mask) or the error. */
static void put_pair_answer(Text *out, int which, pp_status s, PairAnswer *r)
{
    if (s != PP_OK) {
        put_error(out, s);
    } else if (which == 0) {
        put(out, "%u", (unsigned)r->flag);
    } else if (which == 1) {
        if (r->flag) {
            put(out, "%" PRId64 " %" PRId64, r->p.x, r->p.y);
        } else {
            put(out, "none");
        }
    } else if (which == 2) {
        put(out, "%" PRIu64, r->area);
    } else if (r->m == NULL) {
        put(out, "none");
    } else {
        put(out, "%" PRId32 " %" PRId32, r->bounds.x, r->bounds.y);
        put_mask(out, r->m);
        pp_mask_free(r->m);
    }
}

/* Which of the four pair queries `kind` names (0 to 3, as put_pair_answer takes). */
static int pair_which(const char *kind)
{
    return strcmp(kind, "collides") == 0        ? 0
           : strcmp(kind, "first_contact") == 0 ? 1
           : strcmp(kind, "overlap_area") == 0  ? 2
                                                : 3;
}

static void pair_case(const char *kind, Tokens *t, Text *out)
{
    pp_sprite a = next_sprite(t), b = next_sprite(t);
    PairAnswer r = {0, {0, 0}, 0, NULL, {0, 0, 0, 0}};
    int which = pair_which(kind);
    pp_status s = which == 0   ? pp_collides(&a, &b, &r.flag)
                  : which == 1 ? pp_first_contact(&a, &b, &r.flag, &r.p)
                  : which == 2 ? pp_overlap_area(&a, &b, &r.area)
                               : pp_overlap_mask(&a, &b, &r.m, &r.bounds);
    put_pair_answer(out, which, s, &r);
}

/* pygame style: mask a at (0, 0), mask b at (dx, dy) (pp_mask_collides ...). */
static void offset_case(const char *kind, Tokens *t, Text *out)
{
    const pp_mask *a = next_mask(t), *b = next_mask(t);
    int32_t dx = (int32_t)next_int(t), dy = (int32_t)next_int(t);
    PairAnswer r = {0, {0, 0}, 0, NULL, {0, 0, 0, 0}};
    int which = pair_which(kind + strlen("mask_"));
    pp_status s = which == 0   ? pp_mask_collides(a, b, dx, dy, &r.flag)
                  : which == 1 ? pp_mask_first_contact(a, b, dx, dy, &r.flag, &r.p)
                  : which == 2 ? pp_mask_overlap_area(a, b, dx, dy, &r.area)
                               : pp_mask_overlap_mask(a, b, dx, dy, &r.m, &r.bounds);
    put_pair_answer(out, which, s, &r);
}

/* A sweep result: `clear`, `touching cx cy N` or `hit step steps ax ay lx ly cx cy N`. */
static void put_sweep(Text *out, const pp_sweep_result *r)
{
    sep(out);
    if (r->outcome == PP_SWEEP_CLEAR) {
        put(out, "clear");
    } else if (r->outcome == PP_SWEEP_STARTS_TOUCHING) {
        put(out, "touching %" PRId64 " %" PRId64, r->contact.x, r->contact.y);
        put_normal(out, r->has_normal, r->normal);
    } else {
        put(out,
            "hit %" PRIu64 " %" PRIu64 " %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64
            " %" PRId64 " %" PRId64,
            r->step, r->steps, r->at.x, r->at.y, r->last_free.x, r->last_free.y, r->contact.x,
            r->contact.y);
        put_normal(out, r->has_normal, r->normal);
    }
}

/* A ray's hit: `px py step distance N`. */
static void put_ray_hit(Text *out, const pp_ray_hit *h)
{
    sep(out);
    put(out, "%" PRId64 " %" PRId64 " %" PRIu64, h->pixel.x, h->pixel.y, h->step);
    put_float(out, h->distance);
    put_normal(out, h->has_normal, h->normal);
}

static void sweep_case(Tokens *t, Text *out)
{
    pp_sprite a = next_sprite(t), b = next_sprite(t);
    int32_t dx = (int32_t)next_int(t), dy = (int32_t)next_int(t);
    pp_sweep_result r;
    pp_status s = pp_sweep(&a, &b, dx, dy, &r);
    if (s != PP_OK) {
        put_error(out, s);
    } else {
        put_sweep(out, &r);
    }
}

static void normal_case(Tokens *t, Text *out)
{
    pp_sprite a = next_sprite(t), b = next_sprite(t);
    uint8_t found = 0;
    pp_normal n = {0, 0};
    pp_status s = pp_contact_normal(&a, &b, &found, &n);
    if (s != PP_OK) {
        put_error(out, s);
    } else if (found) {
        put_normal(out, 1, n);
    } else {
        put(out, "none");
    }
}

static void push_case(Tokens *t, Text *out)
{
    pp_sprite a = next_sprite(t), b = next_sprite(t);
    pp_push_options o = pp_push_options_default();
    const char *dir = next(t);
    uint8_t found = 0;
    pp_offset off = {0, 0};
    pp_status s;
    o.direction = strcmp(dir, "any") == 0          ? PP_PUSH_ANY
                  : strcmp(dir, "horizontal") == 0 ? PP_PUSH_HORIZONTAL
                  : strcmp(dir, "vertical") == 0   ? PP_PUSH_VERTICAL
                                                   : PP_PUSH_ALONG;
    o.along_x = (int32_t)next_int(t);
    o.along_y = (int32_t)next_int(t);
    o.max_distance = (uint32_t)next_int(t);
    s = pp_push_out(&a, &b, &o, &found, &off);
    if (s != PP_OK) {
        put_error(out, s);
    } else if (found) {
        put(out, "%" PRId32 " %" PRId32, off.dx, off.dy);
    } else {
        put(out, "none");
    }
}

static void slide_case(Tokens *t, Text *out)
{
    pp_sprite mover = next_sprite(t), obstacles[8];
    size_t n = (size_t)next_int(t), i;
    pp_move_options o = pp_move_options_default();
    pp_move_result r;
    int32_t dx, dy;
    pp_status s;
    if (n > 8) {
        t->bad = 1;
        return;
    }
    for (i = 0; i < n; i++) {
        obstacles[i] = next_sprite(t);
    }
    dx = (int32_t)next_int(t);
    dy = (int32_t)next_int(t);
    o.step_up = (uint32_t)next_int(t);
    o.up = (int32_t)next_int(t);
    s = pp_move_and_slide(&mover, obstacles, n, dx, dy, &o, &r);
    if (s != PP_OK) {
        put_error(out, s);
        return;
    }
    put(out, "%" PRId32 " %" PRId32 " %u %u %u %" PRIu32, r.x, r.y, (unsigned)r.blocked_x,
        (unsigned)r.blocked_y, (unsigned)r.started_inside, r.climbed);
}

static void ray_case(Tokens *t, Text *out)
{
    pp_sprite sp = next_sprite(t);
    int32_t x = (int32_t)next_int(t), y = (int32_t)next_int(t);
    int32_t dx = (int32_t)next_int(t), dy = (int32_t)next_int(t);
    uint32_t len = (uint32_t)next_int(t);
    uint8_t found = 0;
    pp_ray_hit h;
    pp_status s = pp_raycast(&sp, x, y, dx, dy, len, &found, &h);
    if (s != PP_OK) {
        put_error(out, s);
    } else if (!found) {
        put(out, "none");
    } else {
        put_ray_hit(out, &h);
    }
}

static void rasterise_case(Tokens *t, Text *out)
{
    const pp_mask *m = next_mask(t);
    pp_transform tr = next_transform(t);
    uint8_t bounds_only = (uint8_t)next_int(t);
    pp_mask *r = NULL;
    int32_t x = 0, y = 0;
    pp_status s = pp_mask_rasterise(m, &tr, bounds_only, &r, &x, &y);
    if (s != PP_OK) {
        put_error(out, s);
    } else {
        put(out, "%" PRId32 " %" PRId32, x, y);
        put_mask(out, r);
        pp_mask_free(r);
    }
}

static void transformed_case(const char *kind, Tokens *t, Text *out)
{
    const pp_mask *a = next_mask(t);
    pp_transform ta = next_transform(t);
    const pp_mask *b = next_mask(t);
    pp_transform tb = next_transform(t);
    uint8_t flag = 0;
    pp_point p = {0, 0};
    uint64_t area = 0;
    pp_status s;
    if (strcmp(kind, "transformed_collides") == 0) {
        s = pp_transformed_collides(a, &ta, b, &tb, &flag);
        if (s == PP_OK) {
            put(out, "%u", (unsigned)flag);
        }
    } else if (strcmp(kind, "transformed_first_contact") == 0) {
        s = pp_transformed_first_contact(a, &ta, b, &tb, &flag, &p);
        if (s == PP_OK) {
            if (flag) {
                put(out, "%" PRId64 " %" PRId64, p.x, p.y);
            } else {
                put(out, "none");
            }
        }
    } else {
        s = pp_transformed_overlap_area(a, &ta, b, &tb, &area);
        if (s == PP_OK) {
            put(out, "%" PRIu64, area);
        }
    }
    if (s != PP_OK) {
        put_error(out, s);
    }
}

/* ---- world sequences -------------------------------------------------------------------- */

/* The worlds by the number N of their name `wN`, the bodies by the number of `bN`. */
static pp_world **g_worlds;
static size_t g_n_worlds;
static pp_body_id *g_bodies;
static size_t g_n_bodies;

static size_t number_of(Tokens *t, char prefix)
{
    const char *s = next(t);
    char *end;
    unsigned long k = strtoul(s + 1, &end, 10);
    if (s[0] != prefix || s[1] == '\0' || *end != '\0') {
        t->bad = 1;
        return 0;
    }
    return (size_t)k;
}

static pp_world *next_world(Tokens *t)
{
    size_t k = number_of(t, 'w');
    if (k >= g_n_worlds || g_worlds[k] == NULL) {
        t->bad = 1;
        return NULL;
    }
    return g_worlds[k];
}

static pp_body_id next_body(Tokens *t)
{
    size_t k = number_of(t, 'b');
    pp_body_id none = {0, 0, 0};
    if (k >= g_n_bodies) {
        t->bad = 1;
        return none;
    }
    return g_bodies[k];
}

/* The label of a body: `b` and the number of the create that made it. */
static void put_body(Text *out, pp_body_id id)
{
    size_t k;
    for (k = 0; k < g_n_bodies; k++) {
        if (g_bodies[k].index == id.index && g_bodies[k].generation == id.generation &&
            g_bodies[k].world == id.world && g_bodies[k].world != 0) {
            put(out, " b%zu", k);
            return;
        }
    }
    put(out, " (unlabelled body %" PRIu32 "g%" PRIu32 ")", id.index, id.generation);
}

static void put_pairs(Text *out, const pp_pair *pairs, size_t n)
{
    size_t i;
    put(out, "%zu", n);
    for (i = 0; i < n; i++) {
        put_body(out, pairs[i].a);
        put_body(out, pairs[i].b);
    }
}

static pp_filter next_filter(Tokens *t)
{
    pp_filter f = pp_filter_default();
    const char *s = next(t);
    f.category = (uint64_t)strtoull(s, NULL, 10);
    s = next(t);
    f.mask = (uint64_t)strtoull(s, NULL, 10);
    f.group = (int32_t)next_int(t);
    return f;
}

static void grow(void **array, size_t *n, size_t k, size_t size)
{
    if (k < *n) {
        return;
    }
    *array = realloc(*array, (k + 16) * size);
    if (*array == NULL) {
        abort();
    }
    memset((char *)*array + *n * size, 0, (k + 16 - *n) * size);
    *n = k + 16;
}

/* Reads `<pixel collision> <static> F` into `def`, creates the body and, when made, names
 * it by label number `k`. */
static pp_status create_labelled(pp_world *w, size_t k, pp_body_def *def, Tokens *t)
{
    pp_body_id id;
    pp_status s;
    def->pixel_collision = (uint8_t)next_int(t);
    def->is_static = (uint8_t)next_int(t);
    def->filter = next_filter(t);
    s = pp_world_create_body(w, def, &id);
    if (s == PP_OK) {
        grow((void **)&g_bodies, &g_n_bodies, k, sizeof *g_bodies);
        g_bodies[k] = id;
    }
    return s;
}

/* A body's label as the first token of an answer (`out` empty before). */
static void put_label(Text *out, pp_body_id id)
{
    put_body(out, id);
    memmove(out->buf, out->buf + 1, out->len); /* put_body's leading space */
    out->len--;
}

/* `<n> <label>...` through a body list query of the buffer convention. */
typedef pp_status (*BodyList)(const pp_world *w, const void *query, const pp_filter *f,
                              pp_body_id *buf, size_t buf_len, size_t *len);

typedef struct {
    int64_t x, y;
} PointQuery;

static pp_status at_point_list(const pp_world *w, const void *q, const pp_filter *f,
                               pp_body_id *buf, size_t buf_len, size_t *len)
{
    const PointQuery *p = (const PointQuery *)q;
    return pp_world_at_point(w, p->x, p->y, f, buf, buf_len, len);
}

static pp_status overlapping_list(const pp_world *w, const void *q, const pp_filter *f,
                                  pp_body_id *buf, size_t buf_len, size_t *len)
{
    return pp_world_overlapping(w, (const pp_sprite *)q, f, buf, buf_len, len);
}

static pp_status put_body_list(Text *out, BodyList list, const pp_world *w, const void *q,
                               const pp_filter *f)
{
    size_t n = 0, i;
    pp_body_id *found;
    pp_status s = list(w, q, f, NULL, 0, &n);
    if (s != PP_OK) {
        return s;
    }
    found = (pp_body_id *)malloc((n + 1) * sizeof *found);
    if (found == NULL) {
        abort();
    }
    s = list(w, q, f, found, n, &n);
    if (s == PP_OK) {
        put(out, "%zu", n);
        for (i = 0; i < n; i++) {
            put_body(out, found[i]);
        }
    }
    free(found);
    return s;
}

/* The world kinds beyond create, move, destroy, set_mask, update and in_rect (FORMAT.md,
 * "World sequences: transforms, filters, batches, queries"); 0 for another kind. */
static int world_kind_case(const char *kind, Tokens *t, Text *out)
{
    pp_status s = PP_OK;
    pp_world *w;
    if (strcmp(kind, "world_create_transformed") == 0) {
        size_t k;
        pp_body_def def = pp_body_def_default();
        w = next_world(t);
        k = number_of(t, 'b');
        def.mask = next_mask(t);
        def.transformed = 1;
        def.transform = next_transform(t);
        s = create_labelled(w, k, &def, t);
    } else if (strcmp(kind, "world_set_transform") == 0) {
        pp_body_id id;
        pp_transform tr;
        w = next_world(t);
        id = next_body(t);
        tr = next_transform(t);
        s = pp_world_set_transform(w, id, &tr);
    } else if (strcmp(kind, "world_set_filter") == 0) {
        pp_body_id id;
        w = next_world(t);
        id = next_body(t);
        s = pp_world_set_filter(w, id, next_filter(t));
    } else if (strcmp(kind, "world_move_bodies") == 0) {
        pp_body_id ids[16];
        pp_position at[16];
        size_t n, i;
        w = next_world(t);
        n = (size_t)next_int(t);
        if (n > 16) {
            t->bad = 1;
            return 1;
        }
        for (i = 0; i < n; i++) {
            ids[i] = next_body(t);
            at[i].x = (int32_t)next_int(t);
            at[i].y = (int32_t)next_int(t);
        }
        s = pp_world_move_bodies(w, n > 0 ? ids : NULL, n > 0 ? at : NULL, n);
    } else if (strcmp(kind, "world_at_point") == 0) {
        PointQuery q;
        pp_filter f;
        w = next_world(t);
        q.x = next_int(t);
        q.y = next_int(t);
        f = next_filter(t);
        s = put_body_list(out, at_point_list, w, &q, &f);
        if (s == PP_OK) {
            return 1;
        }
    } else if (strcmp(kind, "world_overlapping") == 0) {
        pp_sprite probe;
        pp_filter f;
        w = next_world(t);
        probe = next_sprite(t);
        f = next_filter(t);
        s = put_body_list(out, overlapping_list, w, &probe, &f);
        if (s == PP_OK) {
            return 1;
        }
    } else if (strcmp(kind, "world_raycast") == 0) {
        int32_t x, y, dx, dy;
        uint32_t len;
        pp_filter f;
        uint8_t found = 0;
        pp_body_id body;
        pp_ray_hit h;
        w = next_world(t);
        x = (int32_t)next_int(t);
        y = (int32_t)next_int(t);
        dx = (int32_t)next_int(t);
        dy = (int32_t)next_int(t);
        len = (uint32_t)next_int(t);
        f = next_filter(t);
        s = pp_world_raycast(w, x, y, dx, dy, len, &f, &found, &body, &h);
        if (s == PP_OK) {
            if (found) {
                put_label(out, body);
                put_ray_hit(out, &h);
            } else {
                put(out, "none");
            }
            return 1;
        }
    } else if (strcmp(kind, "world_sweep") == 0) {
        pp_body_id id, other;
        int32_t dx, dy;
        uint8_t found = 0;
        pp_sweep_result r;
        w = next_world(t);
        id = next_body(t);
        dx = (int32_t)next_int(t);
        dy = (int32_t)next_int(t);
        s = pp_world_sweep(w, id, dx, dy, &found, &other, &r);
        if (s == PP_OK) {
            if (found) {
                put_label(out, other);
            }
            put_sweep(out, &r);
            return 1;
        }
    } else if (strcmp(kind, "world_contact") == 0) {
        pp_pair pair;
        uint32_t push_max;
        pp_contact c;
        w = next_world(t);
        pair.a = next_body(t);
        pair.b = next_body(t);
        push_max = (uint32_t)next_int(t);
        s = pp_world_contact(w, pair, push_max, &c);
        if (s == PP_OK) {
            if (c.touching) {
                put(out, "%" PRId64 " %" PRId64, c.first_contact.x, c.first_contact.y);
            } else {
                put(out, "none");
            }
            put(out, " %" PRIu64, c.area);
            put_normal(out, c.has_normal, c.normal);
            if (c.has_push_out) {
                put(out, " %" PRId32 " %" PRId32, c.push_out.dx, c.push_out.dy);
            } else {
                put(out, " -");
            }
            return 1;
        }
    } else if (strcmp(kind, "world_body") == 0) {
        pp_body_id id;
        pp_body_info info;
        pp_mask *m = NULL;
        w = next_world(t);
        id = next_body(t);
        s = pp_world_body(w, id, &info);
        if (s == PP_OK) {
            s = pp_world_body_mask(w, id, &m);
        }
        if (s == PP_OK) {
            put(out, "%" PRId32 " %" PRId32 " %u %u %" PRIu64 " %" PRIu64 " %" PRId32,
                info.sprite.x, info.sprite.y, (unsigned)info.sprite.pixel_collision,
                (unsigned)info.is_static, info.filter.category, info.filter.mask,
                info.filter.group);
            put_mask(out, m);
            pp_mask_free(m);
            return 1;
        }
    } else {
        return 0;
    }
    if (s == PP_OK) {
        put(out, "ok");
    } else {
        put_error(out, s);
    }
    return 1;
}

static void world_case(const char *kind, Tokens *t, Text *out)
{
    pp_status s = PP_OK;
    if (world_kind_case(kind, t, out)) {
        return;
    }
    if (strcmp(kind, "world_new") == 0) {
        size_t k = number_of(t, 'w');
        grow((void **)&g_worlds, &g_n_worlds, k, sizeof *g_worlds);
        pp_world_free(g_worlds[k]);
        g_worlds[k] = NULL;
        s = pp_world_new(&g_worlds[k]);
    } else if (strcmp(kind, "world_create") == 0) {
        pp_world *w = next_world(t);
        size_t k = number_of(t, 'b');
        pp_body_def def = pp_body_def_default();
        def.mask = next_mask(t);
        def.x = (int32_t)next_int(t);
        def.y = (int32_t)next_int(t);
        s = create_labelled(w, k, &def, t);
    } else if (strcmp(kind, "world_move") == 0) {
        pp_world *w = next_world(t);
        pp_body_id id = next_body(t);
        int32_t x = (int32_t)next_int(t), y = (int32_t)next_int(t);
        s = pp_world_move_body(w, id, x, y);
    } else if (strcmp(kind, "world_destroy") == 0) {
        pp_world *w = next_world(t);
        s = pp_world_destroy_body(w, next_body(t));
    } else if (strcmp(kind, "world_set_mask") == 0) {
        pp_world *w = next_world(t);
        pp_body_id id = next_body(t);
        s = pp_world_set_mask(w, id, next_mask(t));
    } else if (strcmp(kind, "world_update") == 0) {
        pp_world_events e;
        s = pp_world_update(next_world(t), &e);
        if (s == PP_OK) {
            put(out, "pairs ");
            put_pairs(out, e.touching, e.touching_count);
            put(out, " begins ");
            put_pairs(out, e.begins, e.begin_count);
            put(out, " ends ");
            put_pairs(out, e.ends, e.end_count);
            return;
        }
    } else {
        pp_world *w = next_world(t);
        pp_bounds rect;
        pp_filter f;
        size_t n = 0, i;
        pp_body_id *found;
        rect.x = (int32_t)next_int(t);
        rect.y = (int32_t)next_int(t);
        rect.width = (int32_t)next_int(t);
        rect.height = (int32_t)next_int(t);
        f = next_filter(t);
        s = pp_world_in_rect(w, rect, &f, NULL, 0, &n);
        if (s == PP_OK) {
            found = (pp_body_id *)malloc((n + 1) * sizeof *found);
            if (found == NULL) {
                abort();
            }
            s = pp_world_in_rect(w, rect, &f, found, n, &n);
            if (s == PP_OK) {
                put(out, "%zu", n);
                for (i = 0; i < n; i++) {
                    put_body(out, found[i]);
                }
            }
            free(found);
            if (s == PP_OK) {
                return;
            }
        }
    }
    if (s == PP_OK) {
        put(out, "ok");
    } else {
        put_error(out, s);
    }
}

/* ---- shape tools ------------------------------------------------------------------------ */

static uint32_t next_connectivity(Tokens *t)
{
    const char *s = next(t);
    if (strcmp(s, "4") == 0) {
        return PP_CONNECTIVITY_4;
    }
    if (strcmp(s, "8") != 0) {
        t->bad = 1;
    }
    return PP_CONNECTIVITY_8;
}

/* Writes a new mask (freeing it) or the error. */
static void put_new_mask(Text *out, pp_status s, pp_mask *m)
{
    if (s != PP_OK) {
        put_error(out, s);
        return;
    }
    put_mask(out, m);
    pp_mask_free(m);
}

static void shape_case(const char *kind, Tokens *t, Text *out)
{
    const pp_mask *m = next_mask(t);
    pp_mask *r = NULL;
    pp_status s;
    if (strcmp(kind, "centroid") == 0) {
        uint32_t x = 0, y = 0;
        s = pp_mask_centroid(m, &x, &y);
        if (s == PP_OK) {
            put(out, "%" PRIu32 " %" PRIu32, x, y);
            return;
        }
        put_error(out, s);
    } else if (strcmp(kind, "angle") == 0) {
        double a = 0;
        s = pp_mask_angle(m, &a);
        if (s == PP_OK) {
            put_float(out, a);
            return;
        }
        put_error(out, s);
    } else if (strcmp(kind, "component_bounds") == 0) {
        pp_component_options o = pp_component_options_default();
        const char *order;
        size_t n = 0, i;
        pp_bounds *list;
        o.connectivity = next_connectivity(t);
        order = next(t);
        o.order = strcmp(order, "largest") == 0 ? PP_ORDER_LARGEST_FIRST : PP_ORDER_POSITION;
        o.min_pixels = (uint64_t)next_int(t);
        s = pp_mask_component_bounds(m, &o, NULL, 0, &n);
        if (s != PP_OK) {
            put_error(out, s);
            return;
        }
        list = (pp_bounds *)malloc((n + 1) * sizeof *list);
        if (list == NULL) {
            abort();
        }
        s = pp_mask_component_bounds(m, &o, list, n, &n);
        if (s == PP_OK) {
            put(out, "%zu", n);
            for (i = 0; i < n; i++) {
                put(out, " %" PRId32 " %" PRId32 " %" PRId32 " %" PRId32, list[i].x, list[i].y,
                    list[i].width, list[i].height);
            }
        } else {
            put_error(out, s);
        }
        free(list);
    } else if (strcmp(kind, "largest_component") == 0) {
        s = pp_mask_largest_component(m, next_connectivity(t), &r);
        put_new_mask(out, s, r);
    } else if (strcmp(kind, "grow") == 0 || strcmp(kind, "shrink") == 0) {
        pp_morph_options o = pp_morph_options_default();
        uint32_t n = (uint32_t)next_int(t);
        const char *norm = next(t);
        o.norm = strcmp(norm, "square") == 0    ? PP_NORM_SQUARE
                 : strcmp(norm, "diamond") == 0 ? PP_NORM_DIAMOND
                                                : PP_NORM_DISC;
        o.shrink_from_edges = (uint8_t)next_int(t);
        s = strcmp(kind, "grow") == 0 ? pp_mask_grow(m, n, &o, &r) : pp_mask_shrink(m, n, &o, &r);
        put_new_mask(out, s, r);
    } else if (strcmp(kind, "scale") == 0) {
        int32_t w = (int32_t)next_int(t), h = (int32_t)next_int(t);
        s = pp_mask_scale(m, w, h, &r);
        put_new_mask(out, s, r);
    } else {
        s = pp_mask_convolve(m, next_mask(t), &r);
        put_new_mask(out, s, r);
    }
}

/* ---- reshapes, edits, mask facts --------------------------------------------------------- */

static pp_bounds next_rect(Tokens *t)
{
    pp_bounds r;
    r.x = (int32_t)next_int(t);
    r.y = (int32_t)next_int(t);
    r.width = (int32_t)next_int(t);
    r.height = (int32_t)next_int(t);
    return r;
}

/* flip, rotate_quarter, transpose, scale_integer, component_at, count, solid_bounds,
 * mask_hash; the edits on a pp_mask_copy of the declared mask, answering the edited mask. */
static void reshape_edit_case(const char *kind, Tokens *t, Text *out)
{
    const pp_mask *m = next_mask(t);
    pp_mask *r = NULL;
    pp_status s;
    if (strcmp(kind, "flip") == 0) {
        uint8_t fx = (uint8_t)next_int(t), fy = (uint8_t)next_int(t);
        s = pp_mask_flip(m, fx, fy, &r);
        put_new_mask(out, s, r);
    } else if (strcmp(kind, "rotate_quarter") == 0) {
        s = pp_mask_rotate_quarter(m, (int32_t)next_int(t), &r);
        put_new_mask(out, s, r);
    } else if (strcmp(kind, "transpose") == 0) {
        s = pp_mask_transpose(m, &r);
        put_new_mask(out, s, r);
    } else if (strcmp(kind, "scale_integer") == 0) {
        int32_t sx = (int32_t)next_int(t), sy = (int32_t)next_int(t);
        s = pp_mask_scale_integer(m, sx, sy, &r);
        put_new_mask(out, s, r);
    } else if (strcmp(kind, "component_at") == 0) {
        int32_t x = (int32_t)next_int(t), y = (int32_t)next_int(t);
        s = pp_mask_component_at(m, x, y, next_connectivity(t), &r);
        put_new_mask(out, s, r);
    } else if (strcmp(kind, "count") == 0) {
        uint64_t n = 0;
        s = pp_mask_count(m, &n);
        if (s != PP_OK) {
            put_error(out, s);
            return;
        }
        put(out, "%" PRIu64, n);
    } else if (strcmp(kind, "solid_bounds") == 0) {
        uint8_t has = 0;
        pp_bounds b;
        s = pp_mask_solid_bounds(m, &has, &b);
        if (s != PP_OK) {
            put_error(out, s);
        } else if (!has) {
            put(out, "none");
        } else {
            put(out, "%" PRId32 " %" PRId32 " %" PRId32 " %" PRId32, b.x, b.y, b.width, b.height);
        }
    } else if (strcmp(kind, "mask_hash") == 0) {
        uint64_t h = 0;
        s = pp_mask_hash(m, &h);
        if (s != PP_OK) {
            put_error(out, s);
            return;
        }
        put(out, "%016" PRIx64, h);
    } else {
        s = pp_mask_copy(m, &r);
        if (s != PP_OK) {
            put_error(out, s);
            return;
        }
        if (strcmp(kind, "set_pixel") == 0) {
            int32_t x = (int32_t)next_int(t), y = (int32_t)next_int(t);
            s = pp_mask_set_pixel(r, x, y, (uint8_t)next_int(t));
        } else if (strcmp(kind, "fill_rect") == 0) {
            pp_bounds b = next_rect(t);
            s = pp_mask_fill_rect(r, b, (uint8_t)next_int(t));
        } else if (strcmp(kind, "fill_circle") == 0) {
            int32_t cx = (int32_t)next_int(t), cy = (int32_t)next_int(t);
            uint32_t radius = (uint32_t)next_int(t);
            s = pp_mask_fill_circle(r, cx, cy, radius, (uint8_t)next_int(t));
        } else if (strcmp(kind, "fill_ellipse") == 0) {
            pp_bounds b = next_rect(t);
            s = pp_mask_fill_ellipse(r, b, (uint8_t)next_int(t));
        } else if (strcmp(kind, "draw_line") == 0) {
            int32_t x0 = (int32_t)next_int(t), y0 = (int32_t)next_int(t);
            int32_t x1 = (int32_t)next_int(t), y1 = (int32_t)next_int(t);
            uint32_t radius = (uint32_t)next_int(t);
            s = pp_mask_draw_line(r, x0, y0, x1, y1, radius, (uint8_t)next_int(t));
        } else if (strcmp(kind, "invert") == 0) {
            s = pp_mask_invert(r);
        } else {
            const pp_mask *other = next_mask(t);
            int32_t x = (int32_t)next_int(t), y = (int32_t)next_int(t);
            s = strcmp(kind, "draw") == 0        ? pp_mask_draw(r, other, x, y)
                : strcmp(kind, "erase") == 0     ? pp_mask_erase(r, other, x, y)
                : strcmp(kind, "intersect") == 0 ? pp_mask_intersect(r, other, x, y)
                                                 : pp_mask_xor(r, other, x, y);
        }
        if (s != PP_OK) {
            pp_mask_free(r);
            put_error(out, s);
            return;
        }
        put_new_mask(out, s, r);
    }
}

static const char *const RESHAPE_EDIT_KINDS[] = {
    "flip",      "rotate_quarter", "transpose",    "scale_integer", "set_pixel", "fill_rect",
    "fill_circle", "fill_ellipse", "draw_line",    "draw",          "erase",     "intersect",
    "xor",       "invert",         "count",        "solid_bounds",  "mask_hash", "component_at",
};

static int is_reshape_edit_kind(const char *k)
{
    size_t i;
    for (i = 0; i < sizeof RESHAPE_EDIT_KINDS / sizeof RESHAPE_EDIT_KINDS[0]; i++) {
        if (strcmp(k, RESHAPE_EDIT_KINDS[i]) == 0) {
            return 1;
        }
    }
    return 0;
}

/* ---- polygons --------------------------------------------------------------------------- */

typedef struct {
    const pp_vertex *p;
    size_t n;
} Ring;

/* The corpus's ring order: vertex by vertex, each by y then x; a ring that is the start
 * of another first. */
static int ring_order(const void *a, const void *b)
{
    const Ring *ra = (const Ring *)a, *rb = (const Ring *)b;
    size_t i;
    for (i = 0; i < ra->n && i < rb->n; i++) {
        const pp_vertex va = ra->p[i], vb = rb->p[i];
        if (va.y != vb.y) {
            return va.y < vb.y ? -1 : 1;
        }
        if (va.x != vb.x) {
            return va.x < vb.x ? -1 : 1;
        }
    }
    return ra->n < rb->n ? -1 : ra->n > rb->n ? 1 : 0;
}

/* `polygons <mask> <epsilon>`: `<polygons> <rings>`, then each ring `<n> x y ...`, the
 * rings sorted by ring_order. */
static void polygons_case(Tokens *t, Text *out)
{
    const pp_mask *m = next_mask(t);
    pp_polygon_options o = pp_polygon_options_default();
    pp_polygons *p = NULL;
    size_t polygons = 0, rings = 0, points = 0, len = 0, i, k;
    pp_vertex *pts;
    uint32_t *starts;
    Ring *list;
    pp_status s;
    o.epsilon = next_float(t);
    s = pp_mask_polygons(m, &o, &p);
    if (s != PP_OK) {
        put_error(out, s);
        return;
    }
    if (pp_polygons_counts(p, &polygons, &rings, &points) != PP_OK) {
        abort();
    }
    pts = (pp_vertex *)malloc((points + 1) * sizeof *pts);
    starts = (uint32_t *)malloc((rings + 1) * sizeof *starts);
    list = (Ring *)malloc((rings + 1) * sizeof *list);
    if (pts == NULL || starts == NULL || list == NULL ||
        pp_polygons_points(p, pts, points, &len) != PP_OK || len != points ||
        pp_polygons_ring_starts(p, starts, rings + 1, &len) != PP_OK || len != rings + 1) {
        abort();
    }
    for (i = 0; i < rings; i++) {
        list[i].p = pts + starts[i];
        list[i].n = starts[i + 1] - starts[i];
    }
    qsort(list, rings, sizeof *list, ring_order);
    put(out, "%zu %zu", polygons, rings);
    for (i = 0; i < rings; i++) {
        put(out, " %zu", list[i].n);
        for (k = 0; k < list[i].n; k++) {
            put(out, " %" PRId32 " %" PRId32, list[i].p[k].x, list[i].p[k].y);
        }
    }
    free(list);
    free(starts);
    free(pts);
    pp_polygons_free(p);
}

/* ---- crop, component counts and labels ----------------------------------------------------- */

static void crop_label_case(const char *kind, Tokens *t, Text *out)
{
    const pp_mask *m = next_mask(t);
    pp_component_options o = pp_component_options_default();
    const char *order;
    size_t n = 0, i;
    pp_status s;
    if (strcmp(kind, "crop") == 0) {
        pp_mask *r = NULL;
        pp_bounds b = next_rect(t);
        s = pp_mask_crop(m, b, &r);
        put_new_mask(out, s, r);
        return;
    }
    o.connectivity = next_connectivity(t);
    order = next(t);
    o.order = strcmp(order, "largest") == 0 ? PP_ORDER_LARGEST_FIRST : PP_ORDER_POSITION;
    o.min_pixels = (uint64_t)next_int(t);
    if (strcmp(kind, "component_counts") == 0) {
        uint64_t *counts;
        s = pp_mask_component_counts(m, &o, NULL, 0, &n);
        if (s != PP_OK) {
            put_error(out, s);
            return;
        }
        counts = (uint64_t *)malloc((n + 1) * sizeof *counts);
        if (counts == NULL) {
            abort();
        }
        s = pp_mask_component_counts(m, &o, counts, n, &n);
        if (s == PP_OK) {
            put(out, "%zu", n);
            for (i = 0; i < n; i++) {
                put(out, " %" PRIu64, counts[i]);
            }
        } else {
            put_error(out, s);
        }
        free(counts);
    } else {
        uint32_t *labels, components = 0;
        s = pp_mask_component_labels(m, &o, NULL, 0, &n, &components);
        if (s != PP_OK) {
            put_error(out, s);
            return;
        }
        labels = (uint32_t *)malloc((n + 1) * sizeof *labels);
        if (labels == NULL) {
            abort();
        }
        s = pp_mask_component_labels(m, &o, labels, n, &n, &components);
        if (s == PP_OK) {
            put(out, "%" PRIu32, components);
            for (i = 0; i < n; i++) {
                put(out, " %" PRIu32, labels[i]);
            }
        } else {
            put_error(out, s);
        }
        free(labels);
    }
}

/* ---- masks from pixels ---------------------------------------------------------------------- */

static uint32_t next_format(Tokens *t)
{
    const char *f = next(t);
    if (strcmp(f, "rgba8") == 0) {
        return PP_FORMAT_RGBA8;
    }
    if (strcmp(f, "bgra8") == 0) {
        return PP_FORMAT_BGRA8;
    }
    if (strcmp(f, "argb8") == 0) {
        return PP_FORMAT_ARGB8;
    }
    if (strcmp(f, "abgr8") == 0) {
        return PP_FORMAT_ABGR8;
    }
    if (strcmp(f, "a8") != 0) {
        t->bad = 1;
    }
    return PP_FORMAT_A8;
}

/* Hex bytes (`-`: none) into a new buffer (NULL when there are none); their count. */
static uint8_t *next_bytes(Tokens *t, size_t *len)
{
    const char *hex = next(t);
    size_t n = strcmp(hex, "-") == 0 ? 0 : strlen(hex) / 2, i;
    uint8_t *out;
    *len = n;
    if (n == 0) {
        return NULL;
    }
    out = (uint8_t *)malloc(n);
    if (out == NULL) {
        abort();
    }
    for (i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) {
            t->bad = 1;
        }
        out[i] = (uint8_t)v;
    }
    return out;
}

static void pixels_case(const char *kind, Tokens *t, Text *out)
{
    uint32_t format = next_format(t);
    int32_t w = (int32_t)next_int(t), h = (int32_t)next_int(t), stride = (int32_t)next_int(t);
    pp_mask *r = NULL;
    uint8_t *data;
    size_t len = 0;
    pp_status s;
    if (strcmp(kind, "from_pixels") == 0) {
        pp_mask_options o = pp_mask_options_default();
        o.threshold = (uint8_t)next_int(t);
        o.flip_x = (uint8_t)next_int(t);
        o.flip_y = (uint8_t)next_int(t);
        o.has_color_key = (uint8_t)next_int(t);
        o.color_key[0] = (uint8_t)next_int(t);
        o.color_key[1] = (uint8_t)next_int(t);
        o.color_key[2] = (uint8_t)next_int(t);
        o.has_region = (uint8_t)next_int(t);
        o.region = next_rect(t);
        data = next_bytes(t, &len);
        s = pp_mask_from_pixels(data, len, format, w, h, stride, &o, &r);
    } else {
        pp_color_range range;
        range.min.r = (uint8_t)next_int(t);
        range.min.g = (uint8_t)next_int(t);
        range.min.b = (uint8_t)next_int(t);
        range.min.a = (uint8_t)next_int(t);
        range.max.r = (uint8_t)next_int(t);
        range.max.g = (uint8_t)next_int(t);
        range.max.b = (uint8_t)next_int(t);
        range.max.a = (uint8_t)next_int(t);
        data = next_bytes(t, &len);
        s = pp_mask_from_color_range(data, len, format, w, h, stride, range, &r);
    }
    free(data);
    put_new_mask(out, s, r);
}

/* ---- world hash ------------------------------------------------------------------------------ */

static void world_hash_case(Tokens *t, Text *out)
{
    pp_world *w = next_world(t);
    uint64_t h = 0;
    pp_status s = pp_world_hash(w, &h);
    if (s != PP_OK) {
        put_error(out, s);
        return;
    }
    put(out, "%016" PRIx64, h);
}

/* ---- outline ------------------------------------------------------------------------------- */

static void outline_case(Tokens *t, Text *out)
{
    const pp_mask *m = next_mask(t);
    uint32_t every = (uint32_t)next_int(t);
    size_t n = 0, i;
    pp_vertex *path;
    pp_status s = pp_mask_outline(m, every, NULL, 0, &n);
    if (s != PP_OK) {
        put_error(out, s);
        return;
    }
    path = (pp_vertex *)malloc((n + 1) * sizeof *path);
    if (path == NULL) {
        abort();
    }
    s = pp_mask_outline(m, every, path, n, &n);
    if (s == PP_OK) {
        put(out, "%zu", n);
        for (i = 0; i < n; i++) {
            put(out, " %" PRId32 " %" PRId32, path[i].x, path[i].y);
        }
    } else {
        put_error(out, s);
    }
    free(path);
}

/* The kinds this replayer knows, and how many cases of each it ran. */
static const char *const KINDS[] = {
    "collides",         "first_contact",        "overlap_area",
    "overlap_mask",     "sweep",                "contact_normal",
    "push_out",         "raycast",              "rasterise",
    "transformed_collides", "transformed_first_contact", "transformed_overlap_area",
    "world_new",        "world_create",         "world_move",
    "world_destroy",    "world_set_mask",       "world_update",
    "world_in_rect",    "centroid",             "angle",
    "component_bounds", "largest_component",    "grow",
    "shrink",           "scale",                "convolve",
    "move_and_slide",   "mask_collides",        "mask_first_contact",
    "mask_overlap_area", "mask_overlap_mask",
    "world_create_transformed", "world_set_transform", "world_set_filter",
    "world_move_bodies", "world_at_point", "world_overlapping", "world_raycast",
    "world_sweep", "world_contact", "world_body",
    "flip",      "rotate_quarter", "transpose",    "scale_integer", "set_pixel", "fill_rect",
    "fill_circle", "fill_ellipse", "draw_line",    "draw",          "erase",     "intersect",
    "xor",       "invert",         "count",        "solid_bounds",  "mask_hash", "component_at",
    "polygons",  "crop",           "component_counts", "component_labels", "from_pixels",
    "from_color_range", "world_hash", "outline",
    "normal_degrees",
};
#define N_KINDS (sizeof KINDS / sizeof KINDS[0])
static int g_counts[N_KINDS];

/* Runs one case; 1 when its answer is the expected text. */
static int run_case(size_t kind, Tokens *t, Text *out)
{
    const char *k = KINDS[kind];
    if (kind <= 3) {
        pair_case(k, t, out);
    } else if (strcmp(k, "sweep") == 0) {
        sweep_case(t, out);
    } else if (strcmp(k, "contact_normal") == 0) {
        normal_case(t, out);
    } else if (strcmp(k, "push_out") == 0) {
        push_case(t, out);
    } else if (strcmp(k, "raycast") == 0) {
        ray_case(t, out);
    } else if (strcmp(k, "rasterise") == 0) {
        rasterise_case(t, out);
    } else if (strcmp(k, "world_hash") == 0) { /* before "world_": a kind of its own */
        world_hash_case(t, out);
    } else if (strncmp(k, "world_", 6) == 0) {
        world_case(k, t, out);
    } else if (is_reshape_edit_kind(k)) { /* before "mask_": mask_hash is one of them */
        reshape_edit_case(k, t, out);
    } else if (strcmp(k, "polygons") == 0) {
        polygons_case(t, out);
    } else if (strcmp(k, "crop") == 0 || strcmp(k, "component_counts") == 0 ||
               strcmp(k, "component_labels") == 0) {
        crop_label_case(k, t, out);
    } else if (strncmp(k, "from_", 5) == 0) {
        pixels_case(k, t, out);
    } else if (strcmp(k, "outline") == 0) {
        outline_case(t, out);
    } else if (strcmp(k, "normal_degrees") == 0) {
        pp_normal n;
        n.x = next_float(t);
        n.y = next_float(t);
        put_float(out, pp_normal_degrees(n));
    } else if (strncmp(k, "mask_", 5) == 0) {
        offset_case(k, t, out);
    } else if (strcmp(k, "move_and_slide") == 0) {
        slide_case(t, out);
    } else if (kind >= 19) {
        shape_case(k, t, out);
    } else {
        transformed_case(k, t, out);
    }
    return !t->bad && t->i == t->n;
}

/* Splits `s` at spaces in place into `tok` (room for `cap`); the count. */
static size_t split(char *s, char **tok, size_t cap)
{
    size_t n = 0;
    char *p = s;
    while (*p != '\0') {
        while (*p == ' ') {
            *p++ = '\0';
        }
        if (*p == '\0') {
            break;
        }
        if (n == cap) {
            return cap + 1;
        }
        tok[n++] = p;
        while (*p != '\0' && *p != ' ') {
            p++;
        }
    }
    return n;
}

int main(int argc, char **argv)
{
    size_t len = 0, line_no = 0, cases = 0, k, cap_tok = 1 << 16;
    char *data, *line, *next_line;
    char **tok = (char **)malloc(cap_tok * sizeof *tok);
    Text out = {NULL, 0, 0};
    if (argc < 3 || tok == NULL) {
        fprintf(stderr, "usage: corpus_replay <scratch> <corpus file>\n");
        return 2;
    }
    data = (char *)read_file(argv[2], &len);
    if (data == NULL) {
        fprintf(stderr, "cannot read %s\n", argv[2]);
        return 2;
    }
    data[len] = '\0';
    out.cap = 4096;
    out.buf = (char *)malloc(out.cap);
    if (out.buf == NULL) {
        return 2;
    }
    for (line = data; line != NULL && *line != '\0'; line = next_line) {
        char *arrow;
        Tokens t = {NULL, 0, 0, 0};
        next_line = strchr(line, '\n');
        if (next_line != NULL) {
            *next_line++ = '\0';
        }
        line_no++;
        if (line_no == 1) {
            CHECK(strcmp(line, "perpixel-corpus 1") == 0);
            if (strcmp(line, "perpixel-corpus 1") != 0) {
                printf("FAIL: the corpus's first line is \"%s\", not \"perpixel-corpus 1\"\n",
                       line);
                break;
            }
            continue;
        }
        if (line[0] == '\0' || line[0] == '#') {
            continue;
        }
        if (strncmp(line, "mask ", 5) == 0) {
            t.tok = tok;
            t.n = split(line + 5, tok, cap_tok);
            if (t.n > cap_tok || !declare_mask(&t)) {
                printf("FAIL line %zu: a mask that cannot be read or made\n", line_no);
                g_failed++;
            }
            continue;
        }
        arrow = strstr(line, " -> ");
        if (arrow == NULL) {
            printf("FAIL line %zu: no \" -> \" in \"%s\"\n", line_no, line);
            g_failed++;
            continue;
        }
        *arrow = '\0';
        {
            char *expected = arrow + 4;
            char *kind = line, *inputs = strchr(line, ' ');
            static char copy[1 << 16];
            if (inputs == NULL) {
                printf("FAIL line %zu: no inputs\n", line_no);
                g_failed++;
                continue;
            }
            *inputs++ = '\0';
            for (k = 0; k < N_KINDS && strcmp(kind, KINDS[k]) != 0; k++) {
            }
            if (k == N_KINDS) {
                printf("FAIL line %zu: unknown kind \"%s\"\n", line_no, kind);
                g_failed++;
                continue;
            }
            /* Keep the inputs readable for a failure message: split a copy. */
            snprintf(copy, sizeof copy, "%s", inputs);
            t.tok = tok;
            t.n = split(copy, tok, cap_tok);
            out.len = 0;
            out.buf[0] = '\0';
            cases++;
            g_counts[k]++;
            if (t.n <= cap_tok && run_case(k, &t, &out) && strcmp(out.buf, expected) == 0) {
                g_passed++;
            } else {
                g_failed++;
                printf("FAIL line %zu: %s %s\n  expected: %s\n  got:      %s%s\n", line_no,
                       kind, inputs, expected, out.buf,
                       t.bad || t.i != t.n ? " (the inputs did not parse)" : "");
            }
        }
    }
    for (k = 0; k < N_KINDS; k++) {
        printf("%s: %d cases\n", KINDS[k], g_counts[k]);
        CHECK(g_counts[k] > 0);
    }
    printf("%zu cases replayed through the C ABI\n", cases);
    for (k = 0; k < g_n_masks; k++) {
        pp_mask_free(g_masks[k]);
    }
    free(g_masks);
    for (k = 0; k < g_n_worlds; k++) {
        pp_world_free(g_worlds[k]);
    }
    free(g_worlds);
    free(g_bodies);
    free(out.buf);
    free(tok);
    free(data);
    return finish();
}
