/*
 * Masks shared read-only between threads: THREADS pthreads query the same masks at once,
 * every query of a table of pairs and offsets, in a different order per thread, and
 * every answer is compared with the single-threaded answer. The single-threaded answers
 * are themselves checked against a per-pixel loop over pp_mask_is_solid first. Also:
 * each thread's last error message is its own.
 *
 * Built by tests/c_abi.rs with gcc -std=c99 -pthread (and with -fsanitize=address,
 * undefined, and run under valgrind, when asked). usage: test_threads <scratch-dir>
 * PERPIXEL_THREAD_ROUNDS=N sets how often each thread walks the table (default 20; the
 * driver uses 3 under valgrind, which runs one thread at a time anyway).
 */
#define _POSIX_C_SOURCE 200809L
#include "perpixel.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define THREADS 8
#define ROUNDS_DEFAULT 20
#define MASKS 5

/* One query case: masks i and j, b at (dx, dy) from a, pixel or bounds-only. */
struct query {
    int a, b;
    int32_t dx, dy;
    uint8_t pixel_a, pixel_b;
};

/* Everything every query answers. */
struct answer {
    uint8_t collides, found;
    pp_point contact;
    uint64_t area;
    uint64_t overlap_count;
    pp_bounds overlap_bounds;
    /* pygame style, only for two pixel sprites */
    uint8_t m_collides, m_found;
    pp_point m_contact;
    uint64_t m_area, m_overlap_count;
    pp_bounds m_overlap_bounds;
};

static pp_mask *g_masks[MASKS];
static int32_t g_w[MASKS], g_h[MASKS];
static struct query *g_queries;
static struct answer *g_expected;
static size_t g_count;
static int g_rounds = ROUNDS_DEFAULT;

static uint32_t next_random(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* Masks from A8 pixels: sizes around the 64-bit word edges, about half solid. */
static void build_masks(void)
{
    static const int32_t sizes[MASKS][2] = {{1, 1}, {63, 7}, {64, 5}, {65, 9}, {130, 4}};
    uint32_t rng = 7u;
    int i;
    for (i = 0; i < MASKS; i++) {
        int32_t w = sizes[i][0], h = sizes[i][1];
        size_t n = (size_t)w * (size_t)h, k;
        uint8_t *alpha = (uint8_t *)malloc(n);
        for (k = 0; k < n; k++) {
            alpha[k] = (next_random(&rng) % 3 != 0) ? 255 : 0;
        }
        g_masks[i] = NULL;
        CHECK_OK(pp_mask_from_pixels(alpha, n, PP_FORMAT_A8, w, h, w, NULL, &g_masks[i]));
        g_w[i] = w;
        g_h[i] = h;
        free(alpha);
    }
}

static int solid(int mask, int64_t x, int64_t y)
{
    uint8_t s = 0;
    if (x < 0 || y < 0 || x >= g_w[mask] || y >= g_h[mask]) {
        return 0;
    }
    if (pp_mask_is_solid(g_masks[mask], (int32_t)x, (int32_t)y, &s) != PP_OK) {
        return -1;
    }
    return s;
}

/* Runs every query of `q`; returns 0 when a call failed. */
static int ask(const struct query *q, struct answer *out)
{
    pp_sprite a, b;
    pp_mask *om = NULL;
    int ok = 1;
    memset(out, 0, sizeof *out);
    a.mask = g_masks[q->a];
    a.x = 0;
    a.y = 0;
    a.pixel_collision = q->pixel_a;
    b.mask = g_masks[q->b];
    b.x = q->dx;
    b.y = q->dy;
    b.pixel_collision = q->pixel_b;
    ok &= pp_collides(&a, &b, &out->collides) == PP_OK;
    ok &= pp_first_contact(&a, &b, &out->found, &out->contact) == PP_OK;
    ok &= pp_overlap_area(&a, &b, &out->area) == PP_OK;
    ok &= pp_overlap_mask(&a, &b, &om, &out->overlap_bounds) == PP_OK;
    /* NULL is the answer "no overlap" (bounds that do not meet): count 0 then. */
    out->overlap_count = 0;
    ok &= (om == NULL) == (out->overlap_bounds.width == 0);
    ok &= om == NULL || pp_mask_count(om, &out->overlap_count) == PP_OK;
    pp_mask_free(om);
    om = NULL;
    if (q->pixel_a && q->pixel_b) {
        ok &= pp_mask_collides(a.mask, b.mask, q->dx, q->dy, &out->m_collides) == PP_OK;
        ok &= pp_mask_first_contact(a.mask, b.mask, q->dx, q->dy, &out->m_found,
                                    &out->m_contact) == PP_OK;
        ok &= pp_mask_overlap_area(a.mask, b.mask, q->dx, q->dy, &out->m_area) == PP_OK;
        ok &= pp_mask_overlap_mask(a.mask, b.mask, q->dx, q->dy, &om,
                                   &out->m_overlap_bounds) == PP_OK;
        out->m_overlap_count = 0;
        ok &= (om == NULL) == (out->m_overlap_bounds.width == 0);
        ok &= om == NULL || pp_mask_count(om, &out->m_overlap_count) == PP_OK;
        pp_mask_free(om);
    }
    return ok;
}

static int same(const struct answer *x, const struct answer *y)
{
    return memcmp(x, y, sizeof *x) == 0;
}

/* The per-pixel loop the seeds use, over pp_mask_is_solid: the oracle for the
 * single-threaded answers. */
static int agrees_with_pixel_loop(const struct query *q, const struct answer *got)
{
    int64_t x, y, x0, x1, y0, y1;
    uint64_t area = 0;
    int found = 0;
    pp_point first = {0, 0};
    x0 = q->dx > 0 ? q->dx : 0;
    y0 = q->dy > 0 ? q->dy : 0;
    x1 = (int64_t)q->dx + g_w[q->b] < g_w[q->a] ? (int64_t)q->dx + g_w[q->b] : g_w[q->a];
    y1 = (int64_t)q->dy + g_h[q->b] < g_h[q->a] ? (int64_t)q->dy + g_h[q->b] : g_h[q->a];
    for (y = y0; y < y1; y++) {
        for (x = x0; x < x1; x++) {
            int sa = q->pixel_a ? solid(q->a, x, y) : 1;
            int sb = q->pixel_b ? solid(q->b, x - q->dx, y - q->dy) : 1;
            if (sa < 0 || sb < 0) {
                return 0;
            }
            if (sa && sb) {
                if (!found) {
                    first.x = x;
                    first.y = y;
                    found = 1;
                }
                area++;
            }
        }
    }
    if (got->collides != found || got->found != found || got->area != area ||
        got->overlap_count != area) {
        return 0;
    }
    if (found && (got->contact.x != first.x || got->contact.y != first.y)) {
        return 0;
    }
    if (q->pixel_a && q->pixel_b &&
        (got->m_collides != found || got->m_area != area || got->m_overlap_count != area ||
         (found && (got->m_contact.x != first.x || got->m_contact.y != first.y)))) {
        return 0;
    }
    return 1;
}

static void build_queries(void)
{
    static const int32_t offsets[] = {-131, -65, -64, -63, -9, -5, -1, 0, 1, 2, 5, 31, 63, 64,
                                      65, 129, 131};
    const size_t n_off = sizeof offsets / sizeof offsets[0];
    size_t cap = (size_t)MASKS * MASKS * n_off * 4 + 16, i, j, k;
    g_queries = (struct query *)malloc(cap * sizeof *g_queries);
    g_count = 0;
    for (i = 0; i < MASKS; i++) {
        for (j = 0; j < MASKS; j++) {
            for (k = 0; k < n_off; k++) {
                struct query q;
                q.a = (int)i;
                q.b = (int)j;
                q.dx = offsets[k];
                q.dy = offsets[(k * 7 + i + j) % n_off] % 10;
                q.pixel_a = 1;
                q.pixel_b = 1;
                g_queries[g_count++] = q;
                if (k % 4 == 0) {
                    q.pixel_a = 0;
                    g_queries[g_count++] = q;
                    q.pixel_a = 1;
                    q.pixel_b = 0;
                    g_queries[g_count++] = q;
                }
            }
        }
    }
}

struct worker {
    int id;
    unsigned long asked, wrong, failed_calls;
    int own_error_kept;
};

static void *run_worker(void *arg)
{
    struct worker *w = (struct worker *)arg;
    char mine[64];
    pp_mask *m = NULL;
    int round;
    size_t i;
    /* A failure only this thread makes: its message must survive the other threads'
     * failures, which happen at the same time. */
    pp_status st = pp_mask_new(-1000 - w->id, 1, 0, &m);
    snprintf(mine, sizeof mine, "`width` is %d;", -1000 - w->id);
    w->own_error_kept = st == PP_ERR_INVALID_ARGUMENT;
    for (round = 0; round < g_rounds; round++) {
        for (i = 0; i < g_count; i++) {
            /* Each thread walks the table in its own order. */
            size_t at = (i * (size_t)(2 * w->id + 1) + (size_t)w->id * 17u + (size_t)round) %
                        g_count;
            struct answer got;
            if (!ask(&g_queries[at], &got)) {
                w->failed_calls++;
            } else if (!same(&got, &g_expected[at])) {
                w->wrong++;
            }
            w->asked++;
        }
    }
    w->own_error_kept = w->own_error_kept && strstr(pp_last_error_message(), mine) != NULL;
    return NULL;
}

/* Single-threaded answers, checked against the per-pixel loop: the expected answers of
 * the threaded run. */
static void test_single_threaded_answers(void)
{
    size_t i;
    int oracle_mismatches = 0;
    char what[160];
    g_expected = (struct answer *)malloc(g_count * sizeof *g_expected);
    for (i = 0; i < g_count; i++) {
        if (!ask(&g_queries[i], &g_expected[i]) ||
            !agrees_with_pixel_loop(&g_queries[i], &g_expected[i])) {
            oracle_mismatches++;
            printf("FAIL single-threaded query %zu (masks %d, %d at %d, %d) disagrees with the "
                   "per-pixel loop\n",
                   i, g_queries[i].a, g_queries[i].b, (int)g_queries[i].dx, (int)g_queries[i].dy);
        }
    }
    snprintf(what, sizeof what, "%zu single-threaded answers agree with the per-pixel loop",
             g_count);
    check(oracle_mismatches == 0, what, __LINE__);
}

/* THREADS threads walk the table at once: every answer equals the single-threaded one,
 * and each thread keeps its own last error. */
static void test_threads_share_masks(void)
{
    pthread_t threads[THREADS];
    struct worker workers[THREADS];
    int t, started = 0, errors_kept = 0;
    unsigned long asked = 0, wrong = 0, failed_calls = 0;
    char what[160];
    for (t = 0; t < THREADS; t++) {
        memset(&workers[t], 0, sizeof workers[t]);
        workers[t].id = t;
        if (pthread_create(&threads[t], NULL, run_worker, &workers[t]) == 0) {
            started++;
        } else {
            break;
        }
    }
    CHECK(started == THREADS);
    for (t = 0; t < started; t++) {
        CHECK(pthread_join(threads[t], NULL) == 0);
        asked += workers[t].asked;
        wrong += workers[t].wrong;
        failed_calls += workers[t].failed_calls;
        errors_kept += workers[t].own_error_kept;
    }
    snprintf(what, sizeof what,
             "%d threads x %d rounds x %zu queries (%lu in all) on %d shared masks: %lu wrong, "
             "%lu failed calls",
             started, g_rounds, g_count, asked, MASKS, wrong, failed_calls);
    check(asked == (unsigned long)THREADS * (unsigned long)g_rounds * g_count && wrong == 0 &&
              failed_calls == 0,
          what, __LINE__);
    printf("%s\n", what);
    snprintf(what, sizeof what, "each of %d threads kept its own last error message",
             THREADS);
    check(errors_kept == THREADS, what, __LINE__);
}

static void free_fixtures(void)
{
    size_t i;
    for (i = 0; i < MASKS; i++) {
        pp_mask_free(g_masks[i]);
    }
    free(g_queries);
    free(g_expected);
}

int main(int argc, char **argv)
{
    (void)argv;
    if (argc < 2) {
        fprintf(stderr, "usage: test_threads <scratch-dir>\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (getenv("PERPIXEL_THREAD_ROUNDS") != NULL) {
        g_rounds = atoi(getenv("PERPIXEL_THREAD_ROUNDS"));
        if (g_rounds < 1) {
            g_rounds = 1;
        }
    }
    build_masks();
    build_queries();
    test_single_threaded_answers();
    test_threads_share_masks();
    free_fixtures();
    return finish();
}
