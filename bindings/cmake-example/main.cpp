// perpixel from C++17 through perpixel.hpp (the umbrella over the part headers installed in
// include/perpixel/): the same ring and coin as main.c, with RAII masks and exceptions.
#include <cstdio>
#include <vector>

#include "perpixel.hpp"

int main()
{
    try {
        std::vector<unsigned char> alpha(20 * 20);
        for (int y = 0; y < 20; ++y) {
            for (int x = 0; x < 20; ++x) {
                int d = (x - 10) * (x - 10) + (y - 10) * (y - 10);
                alpha[static_cast<size_t>(y * 20 + x)] = (d >= 64 && d <= 100) ? 255 : 0;
            }
        }
        auto ring = perpixel::Mask::from_pixels(alpha.data(), alpha.size(),
                                                perpixel::PixelFormat::A8, 20, 20, 20);
        auto coin = perpixel::Mask::create(2, 2, true);
        perpixel::Sprite a(ring, 100, 40);

        bool in_hole = a.collides(perpixel::Sprite(coin, 109, 49));
        std::printf("C++, perpixel %s: coin in the hole collides=%d\n", perpixel::version().c_str(),
                    in_hole);

        perpixel::Sprite b(coin, 109, 41);
        auto hit = a.first_contact(b);
        // nullopt would mean the rectangles do not overlap at all.
        perpixel::Overlap overlap = a.overlap_mask(b).value();
        std::printf("C++: coin on the band collides=%d first=(%lld,%lld) area=%llu overlap at "
                    "(%d,%d) %dx%d\n",
                    a.collides(b), hit ? static_cast<long long>(hit->x) : -1LL,
                    hit ? static_cast<long long>(hit->y) : -1LL,
                    static_cast<unsigned long long>(a.overlap_area(b)), overlap.bounds.x,
                    overlap.bounds.y, overlap.bounds.width, overlap.bounds.height);
        bool ok = !in_hole && hit && hit->x == 109 && hit->y == 41 && a.overlap_area(b) == 4 &&
                  overlap.mask.count() == 4 && overlap.bounds == perpixel::Bounds2D(109, 41, 2, 2);

        // Errors are exceptions carrying the status and the message.
        try {
            perpixel::Mask::create(-1, 1, false);
            ok = false;
        } catch (const perpixel::Error &e) {
            std::printf("C++: expected error: %s (status %u)\n", e.what(),
                        static_cast<unsigned>(e.status()));
            ok = ok && e.status() == perpixel::Status::InvalidArgument;
        }
        std::printf("C++ example: %s\n", ok ? "ok" : "WRONG ANSWERS");
        return ok ? 0 : 1;
    } catch (const perpixel::Error &e) {
        std::fprintf(stderr, "perpixel: %s\n", e.what());
        return 1;
    }
}
