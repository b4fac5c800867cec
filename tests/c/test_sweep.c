/*
 * C test of sweeps through the C ABI (pp_sweep): a bullet fired at a wall one pixel
 * thick from either side, a dot crossing a diagonal wall whose pixels touch only at
 * corners, a clear shot, starting inside, no motion, bounds-only sprites, and every
 * error: NULLs and an end outside int32_t, with nothing written. Random sweeps against
 * the stepping oracle are the conformance corpus's `sweep` cases, replayed through this
 * door by tests/c/corpus_replay.c. Built by tests/c_abi.rs with gcc -std=c99 -Wall -Wextra -Werror
 * -I include and run against the cdylib (also under ASan+UBSan and valgrind when asked).
 *
 * usage: test_sweep <scratch-dir>
 * Prints each check, ends with "N passed, M failed", exits non-zero on any failure.
 */
#include "perpixel.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static pp_mask *full(int32_t w, int32_t h)
{
    pp_mask *m = NULL;
    CHECK_OK(pp_mask_new(w, h, 1, &m));
    return m;
}

/* A w x h mask whose pixel (x, y) is solid when x + y == w - 1 (an anti-diagonal). */
static pp_mask *anti_diagonal(int32_t w)
{
    static uint8_t alpha[64 * 64];
    pp_mask *m = NULL;
    int32_t x, y;
    for (y = 0; y < w; y++)
        for (x = 0; x < w; x++) alpha[y * w + x] = (uint8_t)(x + y == w - 1 ? 255 : 0);
    CHECK_OK(pp_mask_from_pixels(alpha, (size_t)(w * w), PP_FORMAT_A8, w, w, w, NULL, &m));
    return m;
}

static pp_sweep_result sweep(pp_sprite mover, pp_sprite obstacle, int32_t dx, int32_t dy)
{
    pp_sweep_result r;
    memset(&r, 0x5A, sizeof r);
    CHECK_OK(pp_sweep(&mover, &obstacle, dx, dy, &r));
    return r;
}

static void walls(void)
{
    pp_mask *wall = full(1, 50), *bullet = full(4, 2);
    pp_sweep_result r = sweep(sprite_at(bullet, 0, 10, 1), sprite_at(wall, 100, 0, 1), 1000, 0);
    CHECK(r.outcome == PP_SWEEP_HIT);
    CHECK(r.step == 97 && r.steps == 1000);
    CHECK(r.at.x == 97 && r.at.y == 10);
    CHECK(r.last_free.x == 96 && r.last_free.y == 10);
    CHECK(r.contact.x == 100 && r.contact.y == 10);
    /* From the right, moving left. */
    r = sweep(sprite_at(bullet, 500, 10, 1), sprite_at(wall, 100, 0, 1), -1000, 0);
    CHECK(r.outcome == PP_SWEEP_HIT && r.at.x == 100 && r.last_free.x == 101);
    /* Over the wall: clear, stopped at the end. */
    r = sweep(sprite_at(bullet, 0, 60, 1), sprite_at(wall, 100, 0, 1), 1000, 0);
    CHECK(r.outcome == PP_SWEEP_CLEAR && r.step == 1000 && r.steps == 1000);
    CHECK(r.at.x == 1000 && r.at.y == 60 && r.last_free.x == 1000);
    CHECK(r.contact.x == 0 && r.contact.y == 0);
    /* Starting inside. */
    r = sweep(sprite_at(bullet, 99, 10, 1), sprite_at(wall, 100, 0, 1), 5, 0);
    CHECK(r.outcome == PP_SWEEP_STARTS_TOUCHING && r.step == 0);
    CHECK(r.at.x == 99 && r.last_free.x == 99 && r.contact.x == 100 && r.contact.y == 10);
    /* No motion, not touching: clear where it stands. */
    r = sweep(sprite_at(bullet, 0, 10, 1), sprite_at(wall, 100, 0, 1), 0, 0);
    CHECK(r.outcome == PP_SWEEP_CLEAR && r.steps == 0 && r.at.x == 0);
    /* A bounds-only mover collides as its rectangle. */
    {
        pp_mask *ring = NULL;
        uint8_t alpha[9 * 9];
        int32_t x, y;
        for (y = 0; y < 9; y++)
            for (x = 0; x < 9; x++) {
                int32_t d = (x - 4) * (x - 4) + (y - 4) * (y - 4);
                alpha[y * 9 + x] = (uint8_t)(d >= 9 && d <= 16 ? 255 : 0);
            }
        CHECK_OK(pp_mask_from_pixels(alpha, sizeof alpha, PP_FORMAT_A8, 9, 9, 9, NULL, &ring));
        /* A 1x1 dot in the ring's hole moving right hits the ring's band at x = 7. */
        {
            pp_mask *dot = full(1, 1);
            r = sweep(sprite_at(dot, 4, 4, 1), sprite_at(ring, 0, 0, 1), 10, 0);
            CHECK(r.outcome == PP_SWEEP_HIT && r.at.x == 7 && r.at.y == 4);
            /* The ring bounds-only: the dot starts inside its rectangle. */
            r = sweep(sprite_at(dot, 4, 4, 1), sprite_at(ring, 0, 0, 0), 10, 0);
            CHECK(r.outcome == PP_SWEEP_STARTS_TOUCHING && r.contact.x == 4);
            pp_mask_free(dot);
        }
        pp_mask_free(ring);
    }
    pp_mask_free(wall);
    pp_mask_free(bullet);
}

static void diagonal_wall(void)
{
    pp_mask *diag = anti_diagonal(40), *dot = full(1, 1);
    int32_t s;
    for (s = 0; s < 20; s++) {
        pp_sweep_result r = sweep(sprite_at(dot, s, s, 1), sprite_at(diag, 0, 0, 1), 30, 30);
        CHECK(r.outcome == PP_SWEEP_HIT && r.at.x + r.at.y == 39);
        CHECK((r.at.x - r.last_free.x) + (r.at.y - r.last_free.y) == 1);
    }
    pp_mask_free(diag);
    pp_mask_free(dot);
}

static void errors(void)
{
    pp_mask *m = full(2, 2);
    pp_sprite s = sprite_at(m, 0, 0, 1), nomask = sprite_at(NULL, 0, 0, 1);
    pp_sweep_result r;
    memset(&r, 0x5A, sizeof r);
    CHECK_ERR(pp_sweep(NULL, &s, 1, 1, &r), PP_ERR_NULL_POINTER, "`mover`");
    CHECK_ERR(pp_sweep(&s, NULL, 1, 1, &r), PP_ERR_NULL_POINTER, "`obstacle`");
    CHECK_ERR(pp_sweep(&nomask, &s, 1, 1, &r), PP_ERR_NULL_POINTER, "`mover->mask`");
    CHECK_ERR(pp_sweep(&s, &nomask, 1, 1, &r), PP_ERR_NULL_POINTER, "`obstacle->mask`");
    CHECK_ERR(pp_sweep(&s, &s, 1, 1, NULL), PP_ERR_NULL_POINTER, "`out`");
    s = sprite_at(m, INT32_MAX - 3, 0, 1);
    CHECK_ERR(pp_sweep(&s, &s, 10, 0, &r), PP_ERR_INVALID_ARGUMENT, "i32");
    s = sprite_at(m, 0, INT32_MIN + 3, 1);
    CHECK_ERR(pp_sweep(&s, &s, 0, -10, &r), PP_ERR_INVALID_ARGUMENT, "i32");
    CHECK(r.outcome == 0x5A && r.step == 0x5A5A5A5A5A5A5A5AULL);
    pp_mask_free(m);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    walls();
    diagonal_wall();
    errors();
    return finish();
}
