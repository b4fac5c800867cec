/* perpixel from C: a ring and a coin in its hole. The rectangles overlap, the pixels
 * do not; moved onto the ring's band, the coin hits. Prints what it finds and exits 0
 * when every answer is the expected one. */
#include <stdio.h>

#include "perpixel.h"

#define SIZE 20

int main(void)
{
    unsigned char ring_alpha[SIZE * SIZE];
    pp_mask *ring = NULL, *coin = NULL;
    pp_sprite a, b;
    uint8_t hit = 0, found = 0;
    pp_point at = {0, 0};
    uint64_t area = 0;
    int x, y, failures = 0;

    if (pp_version_number() != PP_VERSION_NUMBER) {
        fprintf(stderr, "perpixel: header %d.%d.%d does not match library %s\n", PP_VERSION_MAJOR,
                PP_VERSION_MINOR, PP_VERSION_PATCH, pp_version());
        return 1;
    }
    for (y = 0; y < SIZE; y++) {
        for (x = 0; x < SIZE; x++) {
            int d = (x - 10) * (x - 10) + (y - 10) * (y - 10);
            ring_alpha[y * SIZE + x] = (d >= 64 && d <= 100) ? 255 : 0;
        }
    }
    if (pp_mask_from_pixels(ring_alpha, sizeof ring_alpha, PP_FORMAT_A8, SIZE, SIZE, SIZE, NULL,
                            &ring) != PP_OK ||
        pp_mask_new(2, 2, 1, &coin) != PP_OK) {
        fprintf(stderr, "perpixel: %s\n", pp_last_error_message());
        pp_mask_free(ring);
        return 1;
    }
    a.mask = ring;
    a.x = 100;
    a.y = 40;
    a.pixel_collision = 1;
    b.mask = coin;
    b.x = 109;
    b.y = 49;
    b.pixel_collision = 1;

    pp_collides(&a, &b, &hit);
    printf("C, perpixel %s: coin in the hole collides=%u\n", pp_version(), (unsigned)hit);
    failures += hit != 0;

    b.y = 41; /* onto the band */
    pp_collides(&a, &b, &hit);
    pp_first_contact(&a, &b, &found, &at);
    pp_overlap_area(&a, &b, &area);
    printf("C: coin on the band collides=%u first=(%lld,%lld) area=%llu\n", (unsigned)hit,
           (long long)at.x, (long long)at.y, (unsigned long long)area);
    failures += !(hit == 1 && found == 1 && at.x == 109 && at.y == 41 && area == 4);

    pp_mask_free(ring);
    pp_mask_free(coin);
    printf("C example: %s\n", failures == 0 ? "ok" : "WRONG ANSWERS");
    return failures == 0 ? 0 : 1;
}
