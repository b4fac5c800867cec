/*
 * C test of world snapshots and state hashes (pp_world_take_snapshot, pp_world_restore,
 * pp_world_snapshot_free, pp_world_hash, pp_mask_hash):
 *
 * - the known mask's hash (10 x 3, pixel (x, y) solid when (x + 2y) % 3 == 0) equals the
 *   literal every door checks, and equals the documented algorithm (FNV-1a over "PPM1",
 *   the size and the rows' bytes) recomputed here in plain C from pp_mask_is_solid (so
 *   the header says enough; random masks' hashes are the conformance corpus's);
 * - the known world's hash equals the literal every door checks;
 * - rollback: snapshot, ten steps (moves, a create, a destroy, a crater in the ground,
 *   updates) with every answer recorded (ids, pairs, events, hashes), restore (the hash
 *   is the snapshot's again), the same steps: the same answers; twice;
 * - another world's snapshot refused (PP_ERR_WRONG_WORLD, the world unchanged); a
 *   snapshot freed after its world; NULLs refused with nothing written.
 * Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror -I include.
 * Prints each check, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* The literals every door's test checks (computed by the Rust library; recomputed here
 * and in tests/world_snapshot.rs from the documented algorithm). */
#define KNOWN_MASK_HASH UINT64_C(0x05aa7de46146da64)
#define KNOWN_WORLD_HASH UINT64_C(0x458eecd936657759)

/* ---- the documented mask hash, in plain C ------------------------------------------- */

static uint64_t fnv_bytes(uint64_t h, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= p[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

static uint64_t fnv_le32(uint64_t h, uint32_t v)
{
    uint8_t b[4];
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    b[2] = (uint8_t)(v >> 16);
    b[3] = (uint8_t)(v >> 24);
    return fnv_bytes(h, b, 4);
}

/* FNV-1a over "PPM1", width, height (little-endian uint32), then each row as
 * ceil(width / 8) bytes, pixel x at bit x % 8 of byte x / 8. */
static uint64_t oracle_mask_hash(const pp_mask *m)
{
    int32_t w = 0, h = 0, x, y;
    uint64_t hash = UINT64_C(0xcbf29ce484222325);
    pp_mask_size(m, &w, &h);
    hash = fnv_bytes(hash, (const uint8_t *)"PPM1", 4);
    hash = fnv_le32(hash, (uint32_t)w);
    hash = fnv_le32(hash, (uint32_t)h);
    for (y = 0; y < h; y++) {
        uint8_t byte = 0;
        for (x = 0; x < w; x++) {
            uint8_t solid = 0;
            pp_mask_is_solid(m, x, y, &solid);
            if (solid) byte |= (uint8_t)(1u << (x % 8));
            if (x % 8 == 7 || x + 1 == w) {
                hash = fnv_bytes(hash, &byte, 1);
                byte = 0;
            }
        }
    }
    return hash;
}

static pp_mask *known_mask(void)
{
    pp_mask *m = NULL;
    int32_t x, y;
    CHECK_OK(pp_mask_new(10, 3, 0, &m));
    for (y = 0; y < 3; y++)
        for (x = 0; x < 10; x++)
            if ((x + 2 * y) % 3 == 0) CHECK_OK(pp_mask_set_pixel(m, x, y, 1));
    return m;
}

static pp_body_id add(pp_world *w, const pp_mask *m, int32_t x, int32_t y, uint8_t is_static,
                      uint64_t user)
{
    pp_body_def d = pp_body_def_default();
    pp_body_id id;
    memset(&id, 0, sizeof id);
    d.mask = m;
    d.x = x;
    d.y = y;
    d.is_static = is_static;
    d.user_data = user;
    CHECK_OK(pp_world_create_body(w, &d, &id));
    return id;
}

static void known_hashes(void)
{
    pp_mask *m = known_mask();
    pp_mask *full = NULL;
    pp_world *w = NULL;
    pp_body_id gone;
    uint64_t h = 0;
    CHECK_OK(pp_mask_hash(m, &h));
    CHECK(h == KNOWN_MASK_HASH);
    CHECK(oracle_mask_hash(m) == KNOWN_MASK_HASH);
    /* Random masks of every width around the word and byte edges are the corpus's
     * `mask_hash` cases (the same documented algorithm in tests/corpus/generate.rs). */
    /* The known world: the known mask at (1, 2), a full 4 x 4 at (3, 3) with user data
     * 7, a full 4 x 4 at (20, 0) destroyed, one update. */
    CHECK_OK(pp_mask_new(4, 4, 1, &full));
    CHECK_OK(pp_world_new(&w));
    add(w, m, 1, 2, 0, 0);
    add(w, full, 3, 3, 0, 7);
    gone = add(w, full, 20, 0, 0, 0);
    CHECK_OK(pp_world_destroy_body(w, gone));
    CHECK_OK(pp_world_update(w, NULL));
    CHECK_OK(pp_world_hash(w, &h));
    CHECK(h == KNOWN_WORLD_HASH);
    printf("known mask hash %016llx, known world hash %016llx\n",
           (unsigned long long)KNOWN_MASK_HASH, (unsigned long long)h);
    pp_world_free(w);
    pp_mask_free(full);
    pp_mask_free(m);
}

/* ---- rollback ----------------------------------------------------------------------- */

#define STEPS 10
#define MAXP 32

typedef struct {
    pp_body_id made; /* a body made at this step (zeroed when none) */
    pp_status status; /* the step's change */
    size_t n[3];
    pp_pair lists[3][MAXP]; /* touching, begins, ends */
    uint64_t hash;
} Step;

/* Step i of the scenario every door runs: ball i % 3 moves, step 3 makes a ball, step 6
 * destroys ball 1, step 8 makes another (in ball 1's slot), step 5 blows a crater into
 * the ground; then an update. */
static void step(pp_world *w, pp_body_id *balls, pp_body_id ground, const pp_mask *ball, int i,
                 Step *out)
{
    pp_world_events ev;
    int k = i % 3, l;
    memset(out, 0, sizeof *out);
    out->status =
        pp_world_move_body(w, balls[k], 10 + 20 * k + 3 * i - 12, 42 + (i * (k + 1)) % 7);
    if (i == 3 || i == 8) out->made = add(w, ball, 20 + i, 46, 0, (uint64_t)i);
    if (i == 6) out->status = pp_world_destroy_body(w, balls[1]);
    if (i == 5) {
        pp_mask_edit e = pp_mask_edit_default();
        e.op = PP_EDIT_FILL_CIRCLE;
        e.x = 30;
        e.y = 0;
        e.radius = 4;
        e.solid = 0;
        out->status = pp_world_edit_mask(w, ground, &e, 1);
    }
    CHECK_OK(pp_world_update(w, &ev));
    out->n[0] = ev.touching_count;
    out->n[1] = ev.begin_count;
    out->n[2] = ev.end_count;
    for (l = 0; l < 3; l++) {
        const pp_pair *src = l == 0 ? ev.touching : l == 1 ? ev.begins : ev.ends;
        CHECK(out->n[l] <= MAXP);
        if (out->n[l] > 0 && out->n[l] <= MAXP)
            memcpy(out->lists[l], src, out->n[l] * sizeof *src);
    }
    CHECK_OK(pp_world_hash(w, &out->hash));
}

static void rollback(void)
{
    pp_mask *ground_mask = NULL, *ball = NULL;
    pp_world *w = NULL, *other = NULL;
    pp_world_snapshot *snap = NULL, *foreign = NULL;
    pp_body_id ground, balls[3];
    Step first[STEPS], again[STEPS];
    uint64_t h0 = 0, h = 0, other_hash = 0;
    size_t pairs = 0, events = 0;
    int i, round;
    CHECK_OK(pp_mask_new(100, 10, 1, &ground_mask));
    CHECK_OK(pp_mask_new(6, 6, 1, &ball));
    CHECK_OK(pp_world_new(&w));
    ground = add(w, ground_mask, 0, 50, 1, 0);
    balls[0] = add(w, ball, 10, 40, 0, 0);
    balls[1] = add(w, ball, 30, 40, 0, 1);
    balls[2] = add(w, ball, 60, 30, 0, 2);
    /* The world's mask is the only reference once the caller's is freed. */
    pp_mask_free(ground_mask);
    CHECK_OK(pp_world_update(w, NULL));
    CHECK_OK(pp_world_take_snapshot(w, &snap));
    CHECK_OK(pp_world_hash(w, &h0));
    for (i = 0; i < STEPS; i++) step(w, balls, ground, ball, i, &first[i]);
    for (i = 0; i < STEPS; i++) {
        pairs += first[i].n[0];
        events += first[i].n[1] + first[i].n[2];
    }
    CHECK(pairs > 5 && events > 5);
    CHECK(first[STEPS - 1].hash != h0);
    CHECK(first[8].made.index == balls[1].index && first[8].made.generation == 1);
    for (round = 0; round < 2; round++) {
        CHECK_OK(pp_world_restore(w, snap));
        CHECK_OK(pp_world_hash(w, &h));
        CHECK(h == h0);
        /* Bodies made after the snapshot are stale again. */
        CHECK_ERR(pp_world_move_body(w, first[3].made, 0, 0), PP_ERR_STALE_BODY, "stale");
        for (i = 0; i < STEPS; i++) {
            int l;
            step(w, balls, ground, ball, i, &again[i]);
            CHECK(again[i].status == first[i].status);
            CHECK(memcmp(&again[i].made, &first[i].made, sizeof first[i].made) == 0);
            CHECK(again[i].hash == first[i].hash);
            for (l = 0; l < 3; l++) {
                CHECK(again[i].n[l] == first[i].n[l]);
                CHECK(memcmp(again[i].lists[l], first[i].lists[l],
                             first[i].n[l] * sizeof(pp_pair)) == 0);
            }
        }
    }
    printf("rollback: %d steps replayed twice, %zu touching pairs, %zu events\n", STEPS, pairs,
           events);

    /* Another world refuses the snapshot, unchanged. */
    CHECK_OK(pp_world_new(&other));
    add(other, ball, 0, 0, 0, 0);
    CHECK_OK(pp_world_hash(other, &other_hash));
    CHECK_ERR(pp_world_restore(other, snap), PP_ERR_WRONG_WORLD, "another world");
    CHECK_OK(pp_world_hash(other, &h));
    CHECK(h == other_hash);
    CHECK_OK(pp_world_take_snapshot(other, &foreign));
    CHECK_ERR(pp_world_restore(w, foreign), PP_ERR_WRONG_WORLD, "another world");

    /* NULLs: nothing written. */
    {
        pp_world_snapshot *untouched = (pp_world_snapshot *)&g_passed;
        uint64_t kept = 12345;
        CHECK_ERR(pp_world_take_snapshot(NULL, &untouched), PP_ERR_NULL_POINTER, "world");
        CHECK(untouched == (pp_world_snapshot *)&g_passed);
        CHECK_ERR(pp_world_take_snapshot(w, NULL), PP_ERR_NULL_POINTER, "out");
        CHECK_ERR(pp_world_restore(NULL, snap), PP_ERR_NULL_POINTER, "world");
        CHECK_ERR(pp_world_restore(w, NULL), PP_ERR_NULL_POINTER, "snapshot");
        CHECK_ERR(pp_world_hash(NULL, &kept), PP_ERR_NULL_POINTER, "world");
        CHECK_ERR(pp_world_hash(w, NULL), PP_ERR_NULL_POINTER, "out");
        CHECK_ERR(pp_mask_hash(NULL, &kept), PP_ERR_NULL_POINTER, "mask");
        CHECK_ERR(pp_mask_hash(ball, NULL), PP_ERR_NULL_POINTER, "out");
        CHECK(kept == 12345);
        pp_world_snapshot_free(NULL);
    }

    /* A snapshot outlives its world (freed after it, its masks still held). */
    pp_world_free(w);
    pp_world_free(other);
    pp_world_snapshot_free(snap);
    pp_world_snapshot_free(foreign);
    pp_mask_free(ball);
}

int main(void)
{
    known_hashes();
    rollback();
    return finish();
}
