/* Speed of a world update driven through the C ABI (issue 15): a benchmark run by hand,
 * never timed by the tests (tests/c_abi.rs only compiles it, in an #[ignore] test). Its
 * C# twin is the world section of tests/csharp/Bench.cs: both build the same scene from
 * the same rules and run the same frames, so their checksums must agree.
 *
 *   cargo build --release --lib
 *   gcc -O2 -std=c11 -Iinclude tests/c/bench_world.c -Ltarget/release \
 *       -Wl,-rpath,$PWD/target/release -lperpixel -lm -o /tmp/bench_world
 *   /tmp/bench_world              # or: /tmp/bench_world SPRITES FRAMES ROUNDS (1000 100 7)
 *
 * The scene is benches/scenes/world.rs's (`cargo run --release --example world -- --sprites
 * 1000` prints the same touching pairs and events per update): a 4096 x 1024 static hilly
 * terrain (one body) and N moving sprites of 16-64 px, drawn from a fixed seed with the
 * xorshift64* generator of benches/scenes/mod.rs, in the same order:
 *
 *   - 32 masks k = 0..31: w = 16 + below(49); h = w for even k, else 16 + below(49);
 *     even k: a disc, pixel (x, y) solid when (x - c)^2 + (y - c)^2 <= c^2, c = (w - 1) / 2;
 *     odd k: noise from a second generator seeded next() | 1, pixel solid when below(10) < 6,
 *     drawn row by row;
 *   - the terrain: pixel (x, y) solid when y >= (int)(780 + 110 sin(x / 211) + 50 cos(x / 47));
 *   - N sprites: mask below(32), x = below(4096 - w), y = below(1024 - h), velocity
 *     (below(9) - 4, below(9) - 4), created after the terrain.
 *
 * One frame: every sprite moves by its velocity (bouncing off the terrain's edges), then one
 * pp_world_move_bodies call for all of them, one pp_world_update, and the touching count
 * read. A round is one update (untimed) then FRAMES frames; every round starts from the
 * same positions, so every round sees the same frames. Printed: nanoseconds (wall clock,
 * CLOCK_MONOTONIC) of move_bodies, of update + reading the count, and of the two together,
 * min and median over every frame of every round; and the checksums (the scene's, and the
 * touching pairs of the frames, which every round must repeat). */
#define _POSIX_C_SOURCE 199309L
#include "perpixel.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { WIDTH = 4096, HEIGHT = 1024, MASKS = 32 };

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void ok(pp_status s, const char *what) {
    if (s != PP_OK) {
        fprintf(stderr, "%s failed: %d %s\n", what, (int)s, pp_last_error_message());
        exit(1);
    }
}

/* xorshift64*, as benches/scenes/mod.rs's Rng. */
static uint64_t next(uint64_t *s) {
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1Dull;
}

static uint64_t below(uint64_t *s, uint64_t n) { return (next(s) >> 11) % n; }

/* FNV-1a over 32-bit values: the checksums. */
static uint64_t fnv(uint64_t h, uint32_t v) {
    for (int i = 0; i < 4; i++) {
        h ^= (v >> (8 * i)) & 0xFF;
        h *= 0x100000001B3ull;
    }
    return h;
}
#define FNV_START 0xCBF29CE484222325ull

static int surface(int x) {
    return (int)(780.0 + 110.0 * sin(x / 211.0) + 50.0 * cos(x / 47.0));
}

static pp_mask *from_alpha(const uint8_t *alpha, int w, int h) {
    pp_mask *m = NULL;
    ok(pp_mask_from_pixels(alpha, (size_t)w * (size_t)h, PP_FORMAT_A8, w, h, w, NULL, &m),
       "pp_mask_from_pixels");
    return m;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts `v` and prints its min and median. */
static void report(const char *what, double *v, size_t n) {
    qsort(v, n, sizeof *v, cmp_double);
    printf("%-40s min %9.0f ns  median %9.0f ns\n", what, v[0], v[n / 2]);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int frames = argc > 2 ? atoi(argv[2]) : 100;
    int rounds = argc > 3 ? atoi(argv[3]) : 7;
    if (n < 1 || frames < 1 || rounds < 1) {
        fprintf(stderr, "usage: bench_world [SPRITES FRAMES ROUNDS]\n");
        return 2;
    }
    uint64_t rng = 0x9E3779B97F4A7C15ull, scene_hash = FNV_START;

    /* The 32 shared masks. */
    pp_mask *masks[MASKS];
    int mw[MASKS], mh[MASKS];
    uint8_t *alpha = malloc((size_t)WIDTH * HEIGHT);
    for (int k = 0; k < MASKS; k++) {
        int w = 16 + (int)below(&rng, 49);
        int h = k % 2 == 0 ? w : 16 + (int)below(&rng, 49);
        if (k % 2 == 0) {
            double c = (w - 1.0) / 2.0;
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++)
                    alpha[y * w + x] = (x - c) * (x - c) + (y - c) * (y - c) <= c * c ? 255 : 0;
        } else {
            uint64_t r = next(&rng) | 1;
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) alpha[y * w + x] = below(&r, 10) < 6 ? 255 : 0;
        }
        masks[k] = from_alpha(alpha, w, h);
        mw[k] = w;
        mh[k] = h;
        uint64_t count = 0;
        ok(pp_mask_count(masks[k], &count), "pp_mask_count");
        scene_hash = fnv(fnv(fnv(scene_hash, (uint32_t)w), (uint32_t)h), (uint32_t)count);
    }

    /* The terrain, one static body. */
    pp_world *world = NULL;
    ok(pp_world_new(&world), "pp_world_new");
    for (int x = 0; x < WIDTH; x++) {
        int top = surface(x);
        scene_hash = fnv(scene_hash, (uint32_t)top);
        for (int y = 0; y < HEIGHT; y++) alpha[(size_t)y * WIDTH + x] = y >= top ? 255 : 0;
    }
    pp_mask *terrain = from_alpha(alpha, WIDTH, HEIGHT);
    free(alpha);
    pp_body_def def = pp_body_def_default();
    def.mask = terrain;
    def.is_static = 1;
    pp_body_id terrain_id;
    ok(pp_world_create_body(world, &def, &terrain_id), "pp_world_create_body");

    /* The sprites. */
    pp_body_id *ids = malloc(sizeof *ids * (size_t)n);
    pp_position *pos = malloc(sizeof *pos * (size_t)n), *start = malloc(sizeof *pos * (size_t)n);
    int *vel = malloc(sizeof *vel * 2 * (size_t)n), *start_vel = malloc(sizeof *vel * 2 * (size_t)n);
    int *size = malloc(sizeof *size * 2 * (size_t)n);
    for (int i = 0; i < n; i++) {
        int k = (int)below(&rng, MASKS);
        int w = mw[k], h = mh[k];
        int x = (int)below(&rng, (uint64_t)(WIDTH - w));
        int y = (int)below(&rng, (uint64_t)(HEIGHT - h));
        def = pp_body_def_default();
        def.mask = masks[k];
        def.x = x;
        def.y = y;
        ok(pp_world_create_body(world, &def, &ids[i]), "pp_world_create_body");
        start[i] = (pp_position){x, y};
        size[2 * i] = w;
        size[2 * i + 1] = h;
        start_vel[2 * i] = (int)below(&rng, 9) - 4;
        start_vel[2 * i + 1] = (int)below(&rng, 9) - 4;
        scene_hash = fnv(fnv(fnv(scene_hash, (uint32_t)k), (uint32_t)x), (uint32_t)y);
        scene_hash = fnv(fnv(scene_hash, (uint32_t)start_vel[2 * i]), (uint32_t)start_vel[2 * i + 1]);
    }
    for (int k = 0; k < MASKS; k++) pp_mask_free(masks[k]);
    pp_mask_free(terrain);

    size_t samples = (size_t)frames * (size_t)rounds;
    double *t_move = malloc(sizeof(double) * samples), *t_update = malloc(sizeof(double) * samples);
    double *t_frame = malloc(sizeof(double) * samples);
    uint64_t first_pairs = 0, first_hash = 0, begins = 0, ends = 0;
    for (int r = 0; r < rounds; r++) {
        memcpy(pos, start, sizeof *pos * (size_t)n);
        memcpy(vel, start_vel, sizeof *vel * 2 * (size_t)n);
        ok(pp_world_move_bodies(world, ids, pos, (size_t)n), "pp_world_move_bodies");
        pp_world_events ev;
        ok(pp_world_update(world, &ev), "pp_world_update");
        uint64_t pairs = 0, hash = FNV_START;
        for (int f = 0; f < frames; f++) {
            for (int i = 0; i < n; i++) {
                int nx = pos[i].x + vel[2 * i], ny = pos[i].y + vel[2 * i + 1];
                if (nx < 0 || nx + size[2 * i] > WIDTH) vel[2 * i] = -vel[2 * i];
                if (ny < 0 || ny + size[2 * i + 1] > HEIGHT) vel[2 * i + 1] = -vel[2 * i + 1];
                pos[i].x += vel[2 * i];
                pos[i].y += vel[2 * i + 1];
            }
            double t0 = now_ns();
            ok(pp_world_move_bodies(world, ids, pos, (size_t)n), "pp_world_move_bodies");
            double t1 = now_ns();
            ok(pp_world_update(world, &ev), "pp_world_update");
            size_t touching = ev.touching_count;
            double t2 = now_ns();
            size_t s = (size_t)r * (size_t)frames + (size_t)f;
            t_move[s] = t1 - t0;
            t_update[s] = t2 - t1;
            t_frame[s] = t2 - t0;
            pairs += touching;
            hash = fnv(hash, (uint32_t)touching);
            for (size_t p = 0; p < touching; p++)
                hash = fnv(fnv(hash, ev.touching[p].a.index), ev.touching[p].b.index);
            if (r == 0) {
                begins += ev.begin_count;
                ends += ev.end_count;
            }
        }
        if (r == 0) {
            first_pairs = pairs;
            first_hash = hash;
        } else if (pairs != first_pairs || hash != first_hash) {
            fprintf(stderr, "round %d saw other pairs than round 0: the benchmark is broken\n", r);
            return 1;
        }
    }

    printf("perpixel %s from C: %d moving sprites (16-64 px) over a %dx%d static terrain, "
           "%d frames x %d rounds\n",
           pp_version(), n, WIDTH, HEIGHT, frames, rounds);
    printf("scene checksum %016llx\n", (unsigned long long)scene_hash);
    printf("per update: %.2f touching pairs, %.2f begin and %.2f end events\n",
           (double)first_pairs / frames, (double)begins / frames, (double)ends / frames);
    printf("pairs checksum: %llu touching pairs over %d frames, hash %016llx\n",
           (unsigned long long)first_pairs, frames, (unsigned long long)first_hash);
    report("pp_world_move_bodies (one call)", t_move, samples);
    report("pp_world_update + touching count", t_update, samples);
    report("frame (move_bodies + update + count)", t_frame, samples);

    free(t_move);
    free(t_update);
    free(t_frame);
    free(ids);
    free(pos);
    free(start);
    free(vel);
    free(start_vel);
    free(size);
    pp_world_free(world);
    return 0;
}
