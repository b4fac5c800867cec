// Tests of the header-only C++ wrapper bindings/cpp/perpixel.hpp: every member, success
// and error paths, against the real library. Built by tests/c_abi.rs with
// g++ -std=c++17 (and -std=c++20 for the std::span overloads) -Wall -Wextra -Werror
// -pedantic, run plain, with ASan/UBSan and under valgrind when asked.
//
// usage: test_perpixel_cpp <scratch-dir> <expected-version>
// Prints failures (every check with PERPIXEL_TEST_VERBOSE set), ends with
// "N passed, M failed", exits non-zero on any failure.
#include "perpixel.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#ifndef _WIN32
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "hostile_samples.h"

namespace {

int g_passed = 0;
int g_failed = 0;
bool g_verbose = false;

void check(bool ok, const std::string &what, int line)
{
    if (ok) {
        ++g_passed;
        if (g_verbose) {
            std::printf("ok   line %d: %s\n", line, what.c_str());
        }
    } else {
        ++g_failed;
        std::printf("FAIL line %d: %s\n", line, what.c_str());
    }
}

#define CHECK(cond) check(static_cast<bool>(cond), #cond, __LINE__)

// Runs `body`, which must throw perpixel::Error with `status` and a message containing
// `needle`.
void check_throws(const std::function<void()> &body, perpixel::Status status,
                  const char *needle, const char *what, int line)
{
    try {
        body();
        check(false, std::string(what) + ": nothing thrown", line);
    } catch (const perpixel::Error &e) {
        bool ok = e.status() == status && std::strstr(e.what(), needle) != nullptr;
        check(ok,
              std::string(what) + ": threw status " +
                  std::to_string(static_cast<unsigned>(e.status())) + " \"" + e.what() + "\"",
              line);
    } catch (const std::exception &e) {
        check(false, std::string(what) + ": threw another exception: " + e.what(), line);
    }
}

#define CHECK_THROWS(body, status, needle) \
    check_throws([&]() { body; }, (status), (needle), #body, __LINE__)

using perpixel::Bounds2D;
using perpixel::Mask;
using perpixel::MaskOptions;
using perpixel::PixelFormat;
using perpixel::Point;
using perpixel::Sprite;
using perpixel::Status;

// The pattern of SAMPLE_PNG (4x3): X..X / .XX. / XXXX.
const char *const PATTERN[3] = {"X..X", ".XX.", "XXXX"};

std::string rows(const Mask &m)
{
    std::string s;
    for (int32_t y = 0; y < m.height(); ++y) {
        if (y > 0) {
            s += '/';
        }
        for (int32_t x = 0; x < m.width(); ++x) {
            s += m.is_solid(x, y) ? 'X' : '.';
        }
    }
    return s;
}

// A 3x3 plus sign from A8 pixels.
Mask cross()
{
    static const uint8_t alpha[9] = {0, 255, 0, 255, 255, 255, 0, 255, 0};
    return Mask::from_pixels(alpha, sizeof alpha, PixelFormat::A8, 3, 3, 3);
}

void test_types()
{
    static_assert(!std::is_copy_constructible<Mask>::value, "Mask is move-only");
    static_assert(!std::is_copy_assignable<Mask>::value, "Mask is move-only");
    static_assert(std::is_nothrow_move_constructible<Mask>::value, "Mask moves");
    static_assert(std::is_nothrow_move_assignable<Mask>::value, "Mask moves");
    static_assert(!std::is_copy_constructible<perpixel::Bundle>::value, "Bundle is move-only");
    static_assert(std::is_nothrow_move_constructible<perpixel::Bundle>::value, "Bundle moves");
    static_assert(std::is_base_of<std::runtime_error, perpixel::Error>::value, "Error");
    static_assert(std::is_same<decltype(Bounds2D().x_max()), int64_t>::value, "64-bit edges");
    static_assert(std::is_same<decltype(Point().x), int64_t>::value, "64-bit points");
    static_assert(!std::is_constructible<Sprite, Mask &&, int32_t, int32_t>::value,
                  "no Sprite over a temporary Mask");
    static_assert(std::is_trivially_copyable<Bounds2D>::value, "Bounds2D is a value");
}

void test_library(const char *expected_version)
{
    CHECK(perpixel::version() == expected_version);
    CHECK(perpixel::version_number() == PP_VERSION_NUMBER);
    CHECK(std::string(perpixel::status_text(Status::Ok)) == "ok");
    CHECK(std::string(perpixel::status_text(Status::TooLarge)) == "mask too large");
    CHECK(perpixel::max_mask_pixels() == PP_MAX_MASK_PIXELS);
    perpixel::set_max_mask_pixels(100);
    CHECK(perpixel::max_mask_pixels() == 100);
    CHECK(Mask::create(10, 10, true).count() == 100);
    CHECK_THROWS(Mask::create(11, 10, true), Status::TooLarge, "11x10");
    CHECK_THROWS(perpixel::set_max_mask_pixels(0), Status::InvalidArgument, "at least 1");
    CHECK(perpixel::max_mask_pixels() == 100);
    perpixel::set_max_mask_pixels(PP_MAX_MASK_PIXELS);
    CHECK(perpixel::max_mask_pixels() == PP_MAX_MASK_PIXELS);
}

void test_bounds()
{
    const Bounds2D a(0, 0, 10, 10);
    CHECK(a.x == 0 && a.y == 0 && a.width == 10 && a.height == 10);
    CHECK(Bounds2D() == Bounds2D(0, 0, 0, 0));
    CHECK(a.x_min() == 0 && a.x_max() == 10 && a.y_min() == 0 && a.y_max() == 10);
    const Bounds2D far(INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX);
    CHECK(far.x_max() == 2 * static_cast<int64_t>(INT32_MAX));
    CHECK(far.y_max() == 2 * static_cast<int64_t>(INT32_MAX));
    const Bounds2D low(INT32_MIN, INT32_MIN, 1, 1);
    CHECK(low.x_min() == INT32_MIN && low.y_min() == INT32_MIN);
    CHECK(!a.is_empty());
    CHECK(Bounds2D(0, 0, 0, 5).is_empty() && Bounds2D(0, 0, 5, -1).is_empty());
    CHECK(a.contains(9, 9) && a.contains(0, 0));
    CHECK(!a.contains(10, 9) && !a.contains(-1, 0) && !a.contains(0, 10));
    CHECK(a.overlaps(Bounds2D(9, 9, 5, 5)));
    CHECK(!a.overlaps(Bounds2D(10, 0, 5, 5)));  // touching edges
    CHECK(!a.overlaps(Bounds2D(2, 2, 0, 5)));   // empty
    auto i = a.intersection(Bounds2D(5, -5, 20, 8));
    CHECK(i.has_value() && *i == Bounds2D(5, 0, 5, 3));
    CHECK(!a.intersection(Bounds2D(10, 10, 3, 3)).has_value());
    CHECK(!a.intersection(Bounds2D(20, 20, 1, 1)).has_value());
    Bounds2D local = Bounds2D(10, -3, 4, 4).to_local(Bounds2D(5, 4, 2, 2));
    CHECK(local == Bounds2D(-5, 7, 2, 2));
    // Overflow is an error in every language (Rust Err, C status, C# exception).
    CHECK_THROWS(Bounds2D(INT32_MIN, 0, 1, 1).to_local(Bounds2D(INT32_MAX, 0, 1, 1)),
                 Status::Overflow, "does not fit");
    CHECK(Bounds2D(10, -3, 4, 4).to_global(local) == Bounds2D(5, 4, 2, 2));
    CHECK_THROWS(Bounds2D(INT32_MAX, 0, 1, 1).to_global(Bounds2D(1, 0, 1, 1)),
                 Status::Overflow, "does not fit");
    CHECK(a.area() == 100 && Bounds2D(0, 0, -1, 5).area() == 0);
    CHECK(Bounds2D(0, 0, INT32_MAX, INT32_MAX).area() ==
          static_cast<std::uint64_t>(INT32_MAX) * static_cast<std::uint64_t>(INT32_MAX));
    CHECK(a != Bounds2D(0, 0, 10, 11));
    const pp_bounds c = a.to_c();
    CHECK(c.x == 0 && c.width == 10 && Bounds2D(c) == a);
    CHECK((Point{3, -4} == Point{3, -4}) && (Point{3, -4} != Point{-4, 3}));
}

void test_options()
{
    MaskOptions o;
    const pp_mask_options d = pp_mask_options_default();
    pp_mask_options c = o.to_c();
    CHECK(o.threshold == 1 && !o.flip_x && !o.flip_y && !o.color_key && !o.region);
    // Field by field: memcmp would read padding.
    CHECK(c.internal_cookie == d.internal_cookie && c.internal_cookie != 0);
    CHECK(c.threshold == d.threshold && c.flip_x == d.flip_x && c.flip_y == d.flip_y &&
          c.has_color_key == d.has_color_key && c.color_key[0] == d.color_key[0] &&
          c.color_key[1] == d.color_key[1] && c.color_key[2] == d.color_key[2] &&
          c.has_region == d.has_region && Bounds2D(c.region) == Bounds2D(d.region));
    o.threshold = 200;
    o.flip_x = true;
    o.flip_y = true;
    o.color_key = std::array<uint8_t, 3>{255, 0, 255};
    o.region = Bounds2D(1, 2, 3, 4);
    c = o.to_c();
    CHECK(c.internal_cookie == d.internal_cookie);
    CHECK(c.threshold == 200 && c.flip_x == 1 && c.flip_y == 1 && c.has_color_key == 1 &&
          c.color_key[0] == 255 && c.color_key[1] == 0 && c.color_key[2] == 255 &&
          c.has_region == 1 && Bounds2D(c.region) == Bounds2D(1, 2, 3, 4));

    // A default-constructed MaskOptions means threshold 1: alphas 0, 1, 255 give 2 solid;
    // threshold 0 every pixel. The same through `MaskOptions{}` and the default argument.
    const uint8_t alpha[3] = {0, 1, 255};
    CHECK(Mask::from_pixels(alpha, 3, PixelFormat::A8, 3, 1, 3, MaskOptions()).count() == 2);
    CHECK(Mask::from_pixels(alpha, 3, PixelFormat::A8, 3, 1, 3, MaskOptions{}).count() == 2);
    CHECK(Mask::from_pixels(alpha, 3, PixelFormat::A8, 3, 1, 3).count() == 2);
    MaskOptions every;
    every.threshold = 0;
    CHECK(Mask::from_pixels(alpha, 3, PixelFormat::A8, 3, 1, 3, every).count() == 3);
    // A zeroed C struct is refused by the library, with the function to call.
    pp_mask_options zeroed{};
    pp_mask *m = nullptr;
    CHECK(pp_mask_from_pixels(alpha, 3, PP_FORMAT_A8, 3, 1, 3, &zeroed, &m) ==
              PP_ERR_INVALID_ARGUMENT &&
          m == nullptr);
    CHECK(std::strstr(pp_last_error_message(), "pp_mask_options_default()") != nullptr);
    std::printf("C++ MaskOptions: default threshold 1 with the library's cookie; zeroed C "
                "struct refused\n");
}

void test_masks(const std::string &scratch)
{
    (void)scratch; // only the image tests write files
    // create
    Mask full = Mask::create(70, 3, true);
    CHECK(full.width() == 70 && full.height() == 3 && full.count() == 210);
    CHECK(full.is_solid(69, 2) && !full.is_solid(70, 2) && !full.is_solid(-1, 0));
    CHECK(full.solid_bounds() == std::optional<Bounds2D>(Bounds2D(0, 0, 70, 3)));
    CHECK(full.bounds_at(-5, 7) == Bounds2D(-5, 7, 70, 3));
    Mask none = Mask::create(5, 4, false);
    CHECK(none.count() == 0 && !none.solid_bounds().has_value());
    CHECK(Mask::create(0, 0, true).width() == 0);

    // from_pixels: every format, a region of an atlas with a padded stride.
    {
        // 6x4 RGBA atlas, stride 6*4+5; the pattern sits at (1, 1).
        const int32_t stride = 6 * 4 + 5;
        std::vector<uint8_t> rgba(static_cast<size_t>(stride) * 4, 0x11);
        std::vector<uint8_t> bgra = rgba, argb = rgba, argb8 = rgba, abgr8 = rgba;
        std::vector<uint8_t> a8(6 * 4, 0);
        for (int y = 0; y < 4; ++y) {
            for (int x = 0; x < 6; ++x) {
                bool in = x >= 1 && x < 5 && y >= 1 && y < 4;
                uint8_t alpha = in ? (PATTERN[y - 1][x - 1] == 'X' ? 255 : 0) : 255;
                uint8_t *p = &rgba[static_cast<size_t>(y * stride + x * 4)];
                p[0] = 10, p[1] = 20, p[2] = 30, p[3] = alpha;
                uint8_t *q = &bgra[static_cast<size_t>(y * stride + x * 4)];
                q[0] = 30, q[1] = 20, q[2] = 10, q[3] = alpha;
                uint32_t word = (static_cast<uint32_t>(alpha) << 24) | (10u << 16) | (20u << 8) | 30u;
                std::memcpy(&argb[static_cast<size_t>(y * stride + x * 4)], &word, 4);
                uint8_t *r = &argb8[static_cast<size_t>(y * stride + x * 4)];
                r[0] = alpha, r[1] = 10, r[2] = 20, r[3] = 30;
                uint8_t *t = &abgr8[static_cast<size_t>(y * stride + x * 4)];
                t[0] = alpha, t[1] = 30, t[2] = 20, t[3] = 10;
                a8[static_cast<size_t>(y * 6 + x)] = alpha;
            }
        }
        MaskOptions frame;
        frame.region = Bounds2D(1, 1, 4, 3);
        const size_t len = static_cast<size_t>(stride) * 3 + 6 * 4;
        CHECK(rows(Mask::from_pixels(rgba.data(), len, PixelFormat::Rgba8, 6, 4, stride, frame)) ==
              "X..X/.XX./XXXX");
        CHECK(rows(Mask::from_pixels(bgra.data(), len, PixelFormat::Bgra8, 6, 4, stride, frame)) ==
              "X..X/.XX./XXXX");
        CHECK(rows(Mask::from_pixels(argb.data(), len, PixelFormat::Argb32, 6, 4, stride, frame)) ==
              "X..X/.XX./XXXX");
        CHECK(rows(Mask::from_pixels(a8.data(), a8.size(), PixelFormat::A8, 6, 4, 6, frame)) ==
              "X..X/.XX./XXXX");
        CHECK(rows(Mask::from_pixels(argb8.data(), len, PixelFormat::Argb8, 6, 4, stride, frame)) ==
              "X..X/.XX./XXXX");
        CHECK(rows(Mask::from_pixels(abgr8.data(), len, PixelFormat::Abgr8, 6, 4, stride, frame)) ==
              "X..X/.XX./XXXX");
        // The colour key finds (10, 20, 30) in every channel order.
        {
            MaskOptions k = frame;
            k.color_key = std::array<uint8_t, 3>{10, 20, 30};
            CHECK(Mask::from_pixels(argb8.data(), len, PixelFormat::Argb8, 6, 4, stride, k).count() == 0);
            CHECK(Mask::from_pixels(abgr8.data(), len, PixelFormat::Abgr8, 6, 4, stride, k).count() == 0);
            CHECK(Mask::from_pixels(bgra.data(), len, PixelFormat::Bgra8, 6, 4, stride, k).count() == 0);
        }
        // flip_x mirrors the region: X..X/.XX./XXXX has mirror-symmetric rows, so use the
        // whole atlas (opaque border) with a region one column wider on the right.
        {
            MaskOptions wide;
            wide.region = Bounds2D(0, 1, 5, 3); // "#X..X" / "#.XX." / "#XXXX"
            CHECK(rows(Mask::from_pixels(a8.data(), a8.size(), PixelFormat::A8, 6, 4, 6, wide)) ==
                  "XX..X/X.XX./XXXXX");
            wide.flip_x = true;
            CHECK(rows(Mask::from_pixels(a8.data(), a8.size(), PixelFormat::A8, 6, 4, 6, wide)) ==
                  "X..XX/.XX.X/XXXXX");
            CHECK(rows(Mask::from_pixels(abgr8.data(), len, PixelFormat::Abgr8, 6, 4, stride, wide)) ==
                  "X..XX/.XX.X/XXXXX");
            wide.flip_y = true;
            CHECK(rows(Mask::from_pixels(rgba.data(), len, PixelFormat::Rgba8, 6, 4, stride, wide)) ==
                  "XXXXX/.XX.X/X..XX");
        }
        frame.flip_y = true;
        CHECK(rows(Mask::from_pixels(a8.data(), a8.size(), PixelFormat::A8, 6, 4, 6, frame)) ==
              "XXXX/.XX./X..X");
        Mask whole = Mask::from_pixels(a8.data(), a8.size(), PixelFormat::A8, 6, 4, 6);
        CHECK(whole.count() == 24 - 12 + 8);
        MaskOptions keyed;
        keyed.color_key = std::array<uint8_t, 3>{10, 20, 30};
        CHECK(Mask::from_pixels(rgba.data(), len, PixelFormat::Rgba8, 6, 4, stride, keyed).count() == 0);
        MaskOptions high;
        high.threshold = 0;
        CHECK(Mask::from_pixels(a8.data(), a8.size(), PixelFormat::A8, 6, 4, 6, high).count() == 24);
#ifdef PERPIXEL_HPP_HAS_SPAN
        CHECK(rows(Mask::from_pixels(std::span<const uint8_t>(a8), PixelFormat::A8, 6, 4, 6,
                                     frame)) == "XXXX/.XX./X..X");
        CHECK(Mask::from_pixels(std::as_bytes(std::span<const uint8_t>(a8)), PixelFormat::A8, 6, 4,
                                6)
                  .count() == 20);
        std::printf("(C++20: std::span overloads tested)\n");
#endif

        // Errors carry the status and the library's message.
        CHECK_THROWS(Mask::from_pixels(rgba.data(), len - 1, PixelFormat::Rgba8, 6, 4, stride),
                     Status::BufferTooSmall, "pixel buffer too small");
        CHECK_THROWS(Mask::from_pixels(rgba.data(), len, PixelFormat::Rgba8, 6, 4, 23),
                     Status::StrideTooSmall, "stride");
        CHECK_THROWS(Mask::from_pixels(nullptr, 0, PixelFormat::Rgba8, 6, 4, stride),
                     Status::NullPointer, "`data`");
        CHECK_THROWS(Mask::from_pixels(rgba.data(), len, PixelFormat::Rgba8, -6, 4, stride),
                     Status::InvalidArgument, "`width`");
        CHECK_THROWS(Mask::from_pixels(rgba.data(), len, static_cast<PixelFormat>(9), 6, 4, stride),
                     Status::InvalidArgument, "unknown pixel format 9");
        MaskOptions outside;
        outside.region = Bounds2D(3, 0, 4, 1);
        CHECK_THROWS(Mask::from_pixels(rgba.data(), len, PixelFormat::Rgba8, 6, 4, stride, outside),
                     Status::RegionOutOfBounds, "6x4");
        CHECK_THROWS(Mask::from_pixels(a8.data(), a8.size(), PixelFormat::A8, 6, 4, 6, keyed),
                     Status::InvalidArgument, "colour key");
        CHECK_THROWS(Mask::create(1 << 20, 1 << 20, false), Status::TooLarge, "too large");
        CHECK_THROWS(Mask::create(-1, 1, false), Status::InvalidArgument, "`width`");
    }

#ifndef PERPIXEL_TEST_NO_IMAGE
    // from_image_bytes / from_image_file.
    {
        Mask png = Mask::from_image_bytes(SAMPLE_PNG, sizeof SAMPLE_PNG);
        CHECK(rows(png) == "X..X/.XX./XXXX" && png.count() == SAMPLE_PNG_SOLID);
        Mask gif = Mask::from_image_bytes(SAMPLE_GIF, sizeof SAMPLE_GIF);
        CHECK(rows(gif) == "X..X/.XX./XXXX");
        Mask jpeg = Mask::from_image_bytes(SAMPLE_JPEG, sizeof SAMPLE_JPEG);
        CHECK(jpeg.width() == SAMPLE_JPEG_W && jpeg.count() == SAMPLE_JPEG_SOLID);
        MaskOptions flip;
        flip.flip_y = true;
        CHECK(rows(Mask::from_image_bytes(SAMPLE_PNG, sizeof SAMPLE_PNG, flip)) ==
              "XXXX/.XX./X..X");
#ifdef PERPIXEL_HPP_HAS_SPAN
        CHECK(Mask::from_image_bytes(std::span<const uint8_t>(SAMPLE_PNG)).count() == 8);
        CHECK(Mask::from_image_bytes(std::as_bytes(std::span<const uint8_t>(SAMPLE_GIF)))
                  .count() == 8);
#endif
        const std::string path = scratch + "/pattern.png";
        {
            std::ofstream out(path, std::ios::binary);
            out.write(reinterpret_cast<const char *>(SAMPLE_PNG), sizeof SAMPLE_PNG);
        }
        CHECK(rows(Mask::from_image_file(path)) == "X..X/.XX./XXXX");
        MaskOptions frame;
        frame.region = Bounds2D(1, 0, 2, 2);
        CHECK(rows(Mask::from_image_file(path, frame)) == "../XX");
        CHECK_THROWS(Mask::from_image_file(scratch + "/missing.png"), Status::Io, "missing.png");
        // A NUL would cut the path short in C: refused, not opened as "<scratch>/ok".
        CHECK_THROWS(Mask::from_image_file(path + std::string("\0x", 2)), Status::InvalidArgument,
                     "NUL");
        CHECK_THROWS(Mask::from_image_bytes(SAMPLE_PNG, sizeof SAMPLE_PNG / 2), Status::Decode,
                     "decode");
        CHECK_THROWS(Mask::from_image_bytes("GIF89a", 6), Status::Decode, "decode");
        CHECK_THROWS(Mask::from_image_bytes(nullptr, 5), Status::NullPointer, "`data`");
    }
#endif

    // RAII: moves, release/adopt, a moved-from Mask throws instead of crashing.
    {
        Mask a = Mask::create(4, 4, true);
        const pp_mask *handle = a.get();
        Mask b = std::move(a);
        CHECK(b.get() == handle && !a && static_cast<bool>(b));
        CHECK(a.get() == nullptr);
        CHECK_THROWS(a.count(), Status::NullPointer, "`mask`");
        CHECK_THROWS(a.width(), Status::NullPointer, "`mask`");
        CHECK_THROWS(a.collides(b, 0, 0), Status::NullPointer, "`a`");
        CHECK_THROWS(b.collides(a, 0, 0), Status::NullPointer, "`b`");
        Mask c = Mask::create(1, 1, false);
        c = std::move(b); // frees c's old mask
        CHECK(c.get() == handle && c.count() == 16);
        Mask &alias = c;
        c = std::move(alias); // self-move keeps it
        CHECK(c.get() == handle);
        pp_mask *raw = c.release();
        CHECK(raw == handle && !c);
        Mask adopted(raw);
        CHECK(adopted.count() == 16);
        Mask empty(nullptr);
        CHECK(!empty);
    }
}

void test_queries()
{
    Mask plus = cross();
    Mask diag = Mask::from_pixels(
        std::vector<uint8_t>{255, 0, 0, 0, 255, 0, 0, 0, 255}.data(), 9, PixelFormat::A8, 3, 3, 3);
    CHECK(rows(plus) == ".X./XXX/.X.");
    CHECK(rows(diag) == "X../.X./..X");

    // pygame style.
    CHECK(plus.collides(plus, 1, 0));
    CHECK(!plus.collides(plus, 2, 2));  // only corners meet
    CHECK(!plus.collides(plus, 3, 0));  // touching
    CHECK(plus.first_contact(plus, 1, 0) == std::optional<Point>(Point{1, 1}));
    CHECK(!plus.first_contact(plus, 2, 2).has_value());
    CHECK(plus.overlap_area(plus, 0, 0) == 5);
    CHECK(plus.overlap_area(plus, 1, 0) == 2);
    CHECK(plus.overlap_area(diag, -1, -1) == 1);
    {
        std::optional<perpixel::Overlap> o = plus.overlap_mask(plus, 1, 0);
        CHECK(o.has_value() && o->bounds == Bounds2D(1, 0, 2, 3) && o->mask.count() == 2);
        CHECK(o.has_value() && rows(o->mask) == "../XX/..");
        // Bounds that only touch: no overlap at all (nullopt, as Rust's None).
        CHECK(!plus.overlap_mask(plus, 3, 0).has_value());
    }

    // Placed sprites.
    Sprite a(plus, 10, 10);
    Sprite b(diag, 12, 12);
    CHECK(a.pixel_collision && a.mask == &plus && a.x == 10 && a.y == 10);
    CHECK(a.bounds() == Bounds2D(10, 10, 3, 3));
    CHECK(a.bounds().overlaps(b.bounds()));
    CHECK(!a.collides(b));                    // corner pixel of the plus is empty
    CHECK(!a.first_contact(b).has_value());
    CHECK(a.overlap_area(b) == 0);
    {
        // Bounds overlap, pixels do not: a mask with no solid pixel, not nullopt.
        std::optional<perpixel::Overlap> o = a.overlap_mask(b);
        CHECK(o.has_value() && o->bounds == Bounds2D(12, 12, 1, 1) && o->mask.count() == 0);
    }
    Sprite c(plus, 11, 10);
    CHECK(a.collides(c) && c.collides(a));
    CHECK(a.first_contact(c) == std::optional<Point>(Point{11, 11}));
    CHECK(a.overlap_area(c) == 2);
    CHECK(a.overlap_mask(c)->mask.count() == 2);
    // Bounds-only.
    Sprite box = Sprite::bounds_only(diag, 12, 12);
    CHECK(!box.pixel_collision);
    CHECK(!a.collides(box));                            // a's corner (12,12) is empty
    CHECK(Sprite::bounds_only(plus, 10, 10).collides(box));
    CHECK(Sprite::bounds_only(plus, 10, 10).overlap_area(box) == 1);
    Sprite touching(plus, 13, 10);
    CHECK(!a.collides(touching) && !a.overlap_mask(touching).has_value());
    // Beyond INT32_MAX: 64-bit contact points.
    {
        Mask wide = Mask::create(4, 3, true);
        Sprite e1(wide, INT32_MAX - 1, INT32_MAX - 2), e2(wide, INT32_MAX - 1, INT32_MAX - 2);
        auto p = e1.first_contact(e2);
        CHECK(p.has_value() && p->x == INT32_MAX - 1 && p->y == INT32_MAX - 2);
        CHECK(e1.overlap_area(e2) == 12);
        Sprite e3(wide, INT32_MAX, 0), e4(wide, INT32_MAX, 0);
        CHECK(e3.bounds().x_max() == static_cast<int64_t>(INT32_MAX) + 4);
        CHECK(e3.overlap_area(e4) == 12);
    }
    // to_c mirrors the struct.
    const pp_sprite raw = box.to_c();
    CHECK(raw.mask == diag.get() && raw.x == 12 && raw.pixel_collision == 0);

    // Errors through a moved-from mask in a sprite.
    Mask gone = cross();
    Sprite dangling_safe(gone, 0, 0);
    Mask taken = std::move(gone);
    CHECK_THROWS(dangling_safe.collides(a), Status::NullPointer, "`a->mask`");
    CHECK_THROWS(a.overlap_area(dangling_safe), Status::NullPointer, "`b->mask`");
    CHECK(taken.count() == 5);
}

// Sprite-sized pairs (masks 1, 63, 64, 65 wide; one empty), which the exports answer
// on their narrow fast path when both are pixel sprites up to 64 wide: every answer
// against a pixel-by-pixel search of the same bytes, at offsets around touching, each
// sprite pixel-exact or bounds-only.
// Threads share masks: every answer equals the single-threaded one.
void test_threads()
{
    Mask plus = cross();
    Mask big = Mask::create(65, 7, true);
    std::vector<uint64_t> expected;
    for (int dx = -4; dx <= 66; ++dx) {
        expected.push_back(big.overlap_area(plus, dx, dx % 7) +
                           (plus.collides(big, -dx, 1) ? 1000u : 0u));
    }
    std::vector<int> wrong(4, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t]() {
            for (int round = 0; round < 50; ++round) {
                for (int dx = -4; dx <= 66; ++dx) {
                    uint64_t got = big.overlap_area(plus, dx, dx % 7) +
                                   (plus.collides(big, -dx, 1) ? 1000u : 0u);
                    if (got != expected[static_cast<size_t>(dx + 4)]) {
                        ++wrong[static_cast<size_t>(t)];
                    }
                }
            }
        });
    }
    for (auto &t : threads) {
        t.join();
    }
    CHECK(wrong[0] + wrong[1] + wrong[2] + wrong[3] == 0);
    // Each thread's errors are its own.
    std::string other;
    std::thread([&]() {
        try {
            Mask::create(-42, 1, false);
        } catch (const perpixel::Error &e) {
            other = e.what();
        }
    }).join();
    CHECK(other.find("-42") != std::string::npos);
}

void test_baked(const std::string &scratch)
{
    using perpixel::Bundle;
    using perpixel::Mask;
    using perpixel::Status;
    // A 70x3 mask with a diagonal and a full last row: crosses a word boundary.
    std::vector<std::uint8_t> alpha(70 * 3, 0);
    for (int x = 0; x < 70; ++x) {
        alpha[2 * 70 + x] = 255;
    }
    alpha[0] = alpha[70 + 65] = 255;
    const Mask m = Mask::from_pixels(alpha.data(), alpha.size(), perpixel::PixelFormat::A8, 70, 3, 70);
    const std::vector<std::uint8_t> baked = m.to_baked();
    CHECK(baked.size() > 3 * 9 && baked.size() < 3 * 9 + 64);
    CHECK(baked[0] == 'P' && baked[1] == 'P' && baked[2] == 'M' && baked[3] == 'K');
    const Mask back = Mask::from_baked(baked.data(), baked.size());
    CHECK(back.width() == 70 && back.height() == 3 && back.count() == 72);
    bool same = true;
    for (int y = 0; y < 3; ++y) {
        for (int x = 0; x < 70; ++x) {
            same = same && back.is_solid(x, y) == m.is_solid(x, y);
        }
    }
    CHECK(same);
    CHECK(back.overlap_area(m, 1, 0) == m.overlap_area(m, 1, 0));
    CHECK(back.to_baked() == baked);

    std::vector<std::uint8_t> corrupt = baked;
    corrupt[corrupt.size() - 1] ^= 0x5a;
    CHECK_THROWS(Mask::from_baked(corrupt.data(), corrupt.size()), Status::BadBakedData, "checksum");
    CHECK_THROWS(Mask::from_baked(baked.data(), 10), Status::BadBakedData, "");
    CHECK_THROWS(Mask::from_baked(nullptr, 3), Status::NullPointer, "`data`");

    // A single baked mask is a bundle of one, named "".
    const Bundle b = Bundle::from_bytes(baked.data(), baked.size());
    CHECK(b.size() == 1);
    CHECK(b.names() == std::vector<std::string>{""});
    CHECK(b.name_at(0).empty());
    // Mask::to_baked records nothing of how the mask was made (a mask does not remember):
    // no threshold, flips or key.
    const perpixel::BakeInfo info = b.info_at(0);
    CHECK(!info.threshold.has_value() && !info.flip_x && !info.flip_y && !info.color_key);
    CHECK_THROWS(b.info_at(1), Status::InvalidArgument, "holds 1 masks");
    const std::optional<Mask> got = b.find("");
    CHECK(got.has_value() && got->count() == 72 && got->to_baked() == baked);
    CHECK(!b.find("missing.png").has_value());
    CHECK_THROWS(b.find(std::string("a\0b", 3)), Status::InvalidArgument, "name cannot contain NUL");
    CHECK_THROWS(b.name_at(1), Status::InvalidArgument, "");

    const std::string path = scratch + "/one.ppmk";
    {
        std::ofstream f(path, std::ios::binary);
        f.write(reinterpret_cast<const char *>(baked.data()), static_cast<std::streamsize>(baked.size()));
    }
    Bundle from_file = Bundle::from_file(path);
    CHECK(from_file.size() == 1);
    CHECK_THROWS(Bundle::from_file(path + std::string("\0x", 2)), Status::InvalidArgument, "path");
    Bundle moved = std::move(from_file);
    CHECK(!from_file && moved && moved.size() == 1);
    CHECK_THROWS(from_file.size(), Status::NullPointer, "`bundle`");
    CHECK_THROWS(Bundle::from_file(scratch + "/missing.ppmk"), Status::Io, "missing.ppmk");
#ifndef _WIN32
    // Issue 30: a FIFO path used to block for ever; it throws Status::Io before reading.
    const std::string fifo = scratch + "/pipe.ppmk";
    ::unlink(fifo.c_str());
    CHECK(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS(Bundle::from_file(fifo), Status::Io, "not a regular file (a FIFO (named pipe))");
    CHECK_THROWS(Mask::from_image_file(fifo), Status::Io, "not a regular file (a FIFO (named pipe))");
    ::unlink(fifo.c_str());
#endif
    CHECK_THROWS(Bundle::from_file(scratch), Status::Io, "not a regular file (a directory)");
    CHECK_THROWS(Bundle::from_bytes(corrupt.data(), corrupt.size()), Status::BadBakedData, "checksum");
    CHECK(perpixel::status_text(Status::BadBakedData) != std::string("unknown status"));
}

// ---- contacts and motion: the C program's scenes (tests/c/test_motion.c), the same
// answers; random cases against the oracles are the conformance corpus's, replayed through
// the wrapper by tests/cpp/corpus_replay.cpp.

// A w x h mask whose pixel (x, y) is solid when `solid(x, y)`.
Mask mask_of(std::int32_t w, std::int32_t h, const std::function<bool(int, int)> &solid)
{
    std::vector<std::uint8_t> alpha(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            alpha[static_cast<std::size_t>(y * w + x)] = solid(x, y) ? 255 : 0;
        }
    }
    return Mask::from_pixels(alpha.data(), alpha.size(), PixelFormat::A8, w, h, w);
}

// A random mask (fixed seed): `percent` of the pixels solid on average.
Mask random_mask(std::int32_t w, std::int32_t h, std::uint32_t percent, std::uint32_t &seed)
{
    return mask_of(w, h, [&](int, int) {
        seed = seed * 1103515245u + 12345u;
        return (seed >> 16) % 100 < percent;
    });
}

void test_motion_types()
{
    using perpixel::MoveOptions;
    using perpixel::PushDirection;
    using perpixel::PushOptions;
    static_assert(std::is_trivially_copyable<perpixel::Normal>::value, "Normal is a value");
    static_assert(std::is_trivially_copyable<perpixel::Offset>::value, "Offset is a value");
    static_assert(std::is_trivially_copyable<PushOptions>::value, "PushOptions is a value");
    static_assert(std::is_trivially_copyable<MoveOptions>::value, "MoveOptions is a value");
    CHECK(perpixel::normal_radius == 6);
    // Defaults from the library, and the C structs carry its cookies.
    const PushOptions p;
    const pp_push_options pd = pp_push_options_default(), pc = p.to_c();
    CHECK(p.direction == PushDirection::Any && p.along_x == 0 && p.along_y == -1 &&
          p.max_distance == 64);
    CHECK(pc.internal_cookie == pd.internal_cookie && pc.internal_cookie != 0 &&
          pc.direction == PP_PUSH_ANY && pc.along_y == -1 && pc.max_distance == 64);
    const PushOptions a = PushOptions::along(3, -4);
    CHECK(a.direction == PushDirection::Along && a.to_c().direction == PP_PUSH_ALONG &&
          a.to_c().along_x == 3 && a.to_c().along_y == -4 && a.max_distance == 64);
    const MoveOptions m;
    const pp_move_options md = pp_move_options_default(), mc = m.to_c();
    CHECK(m.step_up == 0 && m.up == -1);
    CHECK(mc.internal_cookie == md.internal_cookie && mc.internal_cookie != 0 &&
          mc.internal_cookie != pc.internal_cookie && mc.step_up == 0 && mc.up == -1);
    CHECK((perpixel::Normal{0, -1}.degrees() == -90.0));
    CHECK((perpixel::Normal{1, 0} != perpixel::Normal{0, 1}));
    CHECK((perpixel::Offset{1, 2} == perpixel::Offset{1, 2}));
}

void test_contact_normals()
{
    using perpixel::Normal;
    const Mask ground = Mask::create(200, 50, true), crate = Mask::create(16, 16, true);
    const Mask wall = Mask::create(50, 200, true), dot = Mask::create(1, 1, true);
    const Sprite floor(ground, 0, 100), side(wall, 100, 0);
    // Resting and sunk on a flat floor: exactly (0, -1); a wall: (-1, 0).
    CHECK(Sprite(crate, 50, 84).contact_normal(floor) == std::optional<Normal>(Normal{0, -1}));
    CHECK(Sprite(crate, 50, 87).contact_normal(floor) == std::optional<Normal>(Normal{0, -1}));
    CHECK(Sprite(crate, 50, 150).contact_normal(floor) == std::optional<Normal>(Normal{0, 1}));
    CHECK(Sprite(crate, 84, 50).contact_normal(side) == std::optional<Normal>(Normal{-1, 0}));
    CHECK(Sprite(crate, 87, 50).contact_normal(side) == std::optional<Normal>(Normal{-1, 0}));
    CHECK(Sprite(crate, 150, 50).contact_normal(side) == std::optional<Normal>(Normal{1, 0}));
    CHECK(!Sprite(crate, 50, 10).contact_normal(floor).has_value());
    CHECK(!Sprite(crate, 50, 83).contact_normal(floor).has_value());
    // A 45-degree slope: within 5 degrees of -135, resting and sunk.
    const Mask slope = mask_of(120, 120, [](int x, int y) { return x + y >= 119; });
    int near_45 = 0;
    for (int s = 30; s <= 70; s += 8) {
        for (int d = 0; d <= 3; ++d) {
            const auto n = Sprite(crate, s, 88 - s + d).contact_normal(Sprite(slope, 0, 0));
            near_45 += n.has_value() && std::fabs(n->degrees() + 135.0) <= 5.0;
        }
        const auto n = Sprite(dot, s, 118 - s).contact_normal(Sprite(slope, 0, 0));
        near_45 += n.has_value() && std::fabs(n->degrees() + 135.0) <= 5.0;
    }
    CHECK(near_45 == 6 * 5);
    // Bounds-only obstacles are solid over their rectangle.
    const Mask hollow = Mask::create(50, 50, false);
    CHECK(Sprite(crate, 10, 84).contact_normal(Sprite::bounds_only(hollow, 0, 100)) ==
          std::optional<Normal>(Normal{0, -1}));
    CHECK(!Sprite(crate, 10, 84).contact_normal(Sprite(hollow, 0, 100)).has_value());
    // Errors: a moved-from mask.
    Mask gone = Mask::create(2, 2, true);
    const Sprite dangling(gone, 0, 0);
    Mask taken = std::move(gone);
    CHECK_THROWS(dangling.contact_normal(floor), Status::NullPointer, "`mover->mask`");
    CHECK_THROWS(floor.contact_normal(dangling), Status::NullPointer, "`obstacle->mask`");
    CHECK(taken.count() == 4);
}

void test_sweep_normals()
{
    const Mask ground = Mask::create(200, 50, true), crate = Mask::create(16, 16, true);
    const Mask wall = Mask::create(1, 60, true), dot = Mask::create(1, 1, true);
    auto r = Sprite(crate, 50, 0).sweep(Sprite(ground, 0, 100), 0, 200);
    CHECK(r.hit() && r.at == (Point{50, 85}) && r.normal == (perpixel::Normal{0, -1}));
    CHECK(r.normal == Sprite(crate, 50, 84).contact_normal(Sprite(ground, 0, 100)));
    r = Sprite(crate, 0, 20).sweep(Sprite(wall, 100, 0), 300, 0);
    CHECK(r.hit() && r.at == (Point{85, 20}) && r.normal == (perpixel::Normal{-1, 0}));
    r = Sprite(crate, 0, 20).sweep(Sprite(wall, 100, 0), 0, 10);
    CHECK(r.outcome == perpixel::SweepResult::Outcome::Clear && !r.normal.has_value());
    r = Sprite(crate, 95, 20).sweep(Sprite(wall, 100, 0), 0, 10);
    CHECK(r.outcome == perpixel::SweepResult::Outcome::StartsTouching &&
          r.normal == Sprite(crate, 95, 20).contact_normal(Sprite(wall, 100, 0)));
    // Issue 30: a 3x3 block swept into walls 1 to 16 thick at every height, ends included:
    // exactly (-1, 0) from the sweep and from the contact where it stopped.
    const Mask block = Mask::create(3, 3, true);
    int exact = 0, tries = 0;
    for (std::uint32_t thick = 1; thick <= 16; ++thick) {
        const Mask w = Mask::create(thick, 40, true);
        for (std::int32_t y = -2; y <= 39; ++y) {
            const auto h = Sprite(block, 0, y).sweep(Sprite(w, 100, 0), 200, 0);
            ++tries;
            exact += h.hit() && h.normal == (perpixel::Normal{-1, 0}) &&
                     Sprite(block, static_cast<std::int32_t>(h.last_free.x), y)
                             .contact_normal(Sprite(w, 100, 0)) == (perpixel::Normal{-1, 0});
        }
    }
    std::printf("sweeps into wall ends: %d of %d exactly (-1, 0)\n", exact, tries);
    CHECK(exact == tries);
    // Every hit's normal points against the motion; identical sprites get the shortest way
    // out (3 up for a 3x3 block); a dot two pixels deep in the ground too.
    std::uint32_t seed = 7;
    int against = 0, hits = 0;
    for (int round = 0; round < 200; ++round) {
        const Mask a = random_mask(1 + round % 9, 1 + round % 7, 60, seed);
        const Mask b = random_mask(4 + round % 21, 3 + round % 17, 50, seed);
        const std::int32_t dx = 40 - round % 30, dy = 30 - round % 23;
        const auto h = Sprite(a, -30 + round % 11, -25 + round % 13).sweep(Sprite(b, 0, 0), dx, dy);
        if (h.hit()) {
            ++hits;
            against += h.normal.has_value() && h.normal->x * dx + h.normal->y * dy < 0;
        }
    }
    std::printf("random sweeps: %d hits, %d normals against the motion\n", hits, against);
    CHECK(hits > 40 && against == hits);
    CHECK(Sprite(block, 5, 5).contact_normal(Sprite(block, 5, 5)) == (perpixel::Normal{0, -1}));
    CHECK(Sprite(dot, 50, 102).contact_normal(Sprite(ground, 0, 100)) == (perpixel::Normal{0, -1}));
    CHECK(perpixel::normal_flat_run == 32);
}

void test_push_out()
{
    using perpixel::Offset;
    using perpixel::PushDirection;
    using perpixel::PushOptions;
    const Mask ground = Mask::create(100, 20, true), player = Mask::create(8, 16, true);
    const Sprite floor(ground, 0, 50), sunk(player, 40, 39);
    CHECK(sunk.push_out(floor) == std::optional<Offset>(Offset{0, -5}));
    PushOptions o;
    o.direction = PushDirection::Horizontal;
    CHECK(sunk.push_out(floor, o) == std::optional<Offset>(Offset{-48, 0}));
    o.max_distance = 40;
    CHECK(!sunk.push_out(floor, o).has_value());
    o = PushOptions();
    o.direction = PushDirection::Vertical;
    CHECK(sunk.push_out(floor, o) == std::optional<Offset>(Offset{0, -5}));
    CHECK(sunk.push_out(floor, PushOptions::along(0, 1)) == std::optional<Offset>(Offset{0, 31}));
    CHECK(Sprite(player, 40, 0).push_out(floor) == std::optional<Offset>(Offset{0, 0}));
    // Ties as the C program checks them.
    const Mask bar = Mask::create(3, 1, true), post = Mask::create(1, 40, true);
    CHECK(Sprite(bar, 9, 10).push_out(Sprite(post, 10, 0)) == std::optional<Offset>(Offset{-2, 0}));
    CHECK(Sprite(bar, 9, 1).push_out(Sprite(post, 10, 0)) == std::optional<Offset>(Offset{0, -2}));
    // Errors.
    o = PushOptions::along(0, 0);
    CHECK_THROWS(sunk.push_out(floor, o), Status::InvalidArgument, "(0, 0)");
    o.direction = static_cast<PushDirection>(7);
    CHECK_THROWS(sunk.push_out(floor, o), Status::InvalidArgument, "direction");
}

void test_move_and_slide()
{
    using perpixel::MoveOptions;
    using perpixel::MoveResult;
    const Mask ground =
        mask_of(100, 40, [](int x, int y) { return y >= 20 || (x >= 60 && y >= 17); });
    const Mask hero = Mask::create(8, 12, true), post = Mask::create(1, 200, true);
    const std::vector<Sprite> world{Sprite(ground, 0, 100)};
    const Sprite at(hero, 10, 108);
    MoveResult r = at.move_and_slide(world, 60, 5);
    CHECK(r.x == 52 && r.y == 108 && r.blocked_x && r.blocked_y && r.climbed == 0 &&
          !r.started_inside);
    MoveOptions climb;
    climb.step_up = 4;
    r = at.move_and_slide(world, 60, 5, climb);
    CHECK(r.x == 70 && r.y == 105 && !r.blocked_x && r.blocked_y && r.climbed == 3);
    // Pointer and count, and nothing at all.
    r = at.move_and_slide(world.data(), world.size(), 60, 5, climb);
    CHECK(r.x == 70 && r.y == 105);
    r = at.move_and_slide(nullptr, 0, -1000, 2000);
    CHECK(r.x == -990 && r.y == 2108 && !r.blocked_x && !r.blocked_y);
    r = Sprite(hero, 10, 115).move_and_slide(world, 60, 5);
    CHECK(r.started_inside && r.x == 10 && r.y == 115);
    // A wall one pixel thick is never passed through.
    const std::vector<Sprite> walls{Sprite(ground, 0, 100), Sprite(post, 500, 0)};
    r = Sprite(hero, 10, 50).move_and_slide(walls, 100000, 0);
    CHECK(r.x == 492 && r.blocked_x);
    r = Sprite(hero, 900, 50).move_and_slide(walls, -100000, 0);
    CHECK(r.x == 501 && r.blocked_x);
    r = Sprite(hero, 10, 60).move_and_slide(walls, 30, 100);
    CHECK(r.x == 40 && r.y == 108 && !r.blocked_x && r.blocked_y);
#ifdef PERPIXEL_HPP_HAS_SPAN
    r = Sprite(hero, 10, 60).move_and_slide(std::span<const Sprite>(walls), 1000, 100);
    CHECK(r.x == 492 && r.y == 160 && r.blocked_x && !r.blocked_y);
#endif
    // A y-up world: the ground flipped, up = +1 climbs.
    const Mask up_ground = ground.flipped(false, true);
    const std::vector<Sprite> up_world{Sprite(up_ground, 0, -140)};
    climb.up = 1;
    r = Sprite(hero, 10, -120).move_and_slide(up_world, 60, -5, climb);
    CHECK(r.x == 70 && r.y == -117 && r.climbed == 3 && r.blocked_y);
    // A 45-degree slope walked with step-up 1: it climbs and is never blocked in x (the
    // exact walk is the conformance corpus's move_and_slide cases, replayed by
    // tests/cpp/corpus_replay.cpp).
    const Mask slope = mask_of(60, 60, [](int x, int y) { return x + y >= 59; });
    const std::vector<Sprite> hill{Sprite(slope, 0, 0)};
    MoveOptions one;
    one.step_up = 1;
    r = Sprite(hero, 0, 27).move_and_slide(hill, 30, 3, one);
    CHECK(r.climbed > 10 && !r.blocked_x && r.x == 30);
    // Errors.
    MoveOptions bad;
    bad.up = 0;
    CHECK_THROWS(at.move_and_slide(world, 1, 1, bad), Status::InvalidArgument, "up");
    CHECK_THROWS(Sprite(hero, INT32_MAX - 10, 0).move_and_slide(world, 20, 0),
                 Status::InvalidArgument, "i32");
    Mask gone = Mask::create(2, 2, true);
    const std::vector<Sprite> dangling{Sprite(gone, 0, 0)};
    Mask taken = std::move(gone);
    CHECK_THROWS(at.move_and_slide(dangling, 1, 1), Status::NullPointer, "obstacles[i].mask");
    CHECK(taken.count() == 4);
}

void test_raycasts()
{
    const Mask ground = Mask::create(300, 20, true), post = Mask::create(1, 100, true);
    const Sprite floor(ground, 0, 100), wall(post, 100, 0);
    auto h = floor.raycast(50, 10, 0, 1, 500);
    CHECK(h.has_value() && h->pixel == (Point{50, 100}) && h->step == 90 && h->distance == 90.0 &&
          h->normal == (perpixel::Normal{0, -1}));
    CHECK(!floor.raycast(50, 10, 0, 1, 80).has_value());
    CHECK(floor.raycast(50, 10, 0, 7, 90).has_value());
    h = wall.raycast(0, 50, 1, 0, 1000);
    CHECK(h.has_value() && h->pixel == (Point{100, 50}) && h->distance == 100.0 &&
          h->normal == (perpixel::Normal{-1, 0}));
    h = floor.raycast(50, 105, 3, -2, 10);
    CHECK(h.has_value() && h->step == 0 && h->distance == 0.0 && h->pixel == (Point{50, 105}));
    // A diagonal wall touching only at corners is never slipped through.
    const Mask diag = mask_of(40, 40, [](int x, int y) { return x + y == 39; });
    int blocked = 0;
    for (int s = 0; s < 20; ++s) {
        h = Sprite(diag, 0, 0).raycast(s, s, 1, 1, 100);
        blocked += h.has_value() && h->pixel.x + h->pixel.y == 39;
    }
    CHECK(blocked == 20);
    CHECK_THROWS(floor.raycast(0, 0, 0, 0, 10), Status::InvalidArgument, "(0, 0)");
}

void test_solid_at()
{
    std::uint32_t seed = 11;
    const Mask m = random_mask(70, 5, 40, seed);
    const Sprite s(m, -30, 7), box = Sprite::bounds_only(m, -30, 7);
    int agree = 0, total = 0;
    for (int y = 5; y < 14; ++y) {
        for (int x = -33; x < 43; ++x) {
            ++total;
            agree += s.solid_at(x, y) == m.is_solid(x + 30, y - 7) &&
                     box.solid_at(x, y) == (x >= -30 && x < 40 && y >= 7 && y < 12);
        }
    }
    CHECK(agree == total);
    CHECK(!s.solid_at(INT64_MAX, INT64_MIN));
    // Transformed: whole-pixel moves are the plain sprite, any angle is the raster.
    perpixel::Transform t = perpixel::Transform::at(3, -2);
    const Mask small = random_mask(6, 4, 50, seed);
    const perpixel::TransformedSprite moved(small, t);
    agree = total = 0;
    for (int y = -3; y < 10; ++y) {
        for (int x = -3; x < 12; ++x) {
            ++total;
            agree += moved.solid_at(x, y) == Sprite(small, 3, -2).solid_at(x, y);
        }
    }
    CHECK(agree == total);
    t = perpixel::Transform::at(1.25, -0.5);
    t.rotation_degrees = 33;
    t.scale_y = 1.5;
    const perpixel::TransformedSprite turned(small, t);
    const perpixel::Raster r = small.rasterise(t);
    agree = total = 0;
    for (int y = -8; y < 14; ++y) {
        for (int x = -8; x < 14; ++x) {
            ++total;
            agree += turned.solid_at(x, y) == r.sprite().solid_at(x, y);
        }
    }
    CHECK(agree == total);
    t.scale_x = 0;
    CHECK_THROWS(perpixel::TransformedSprite(small, t).solid_at(0, 0), Status::InvalidTransform,
                 "scale");
    // Issue 30: a transform whose raster would exceed the size limit (a 2x2 mask at scale
    // 1e6, a 48x32 ship at 3000) throws TooLarge from the sampled queries as from
    // rasterise and world bodies, with the same message; they used to run for hours.
    const Mask two = Mask::create(2, 2, true), ship = Mask::create(48, 32, true);
    perpixel::Transform huge = perpixel::Transform::at(0, 0), at3000 = huge;
    huge.scale_x = huge.scale_y = 1e6;
    at3000.scale_x = at3000.scale_y = 3000;
    at3000.rotation_degrees = 10;
    const perpixel::TransformedSprite big(two, huge), plain(two, perpixel::Transform::at(0, 0));
    CHECK_THROWS(two.rasterise(huge), Status::TooLarge, "1999985x34");
    CHECK_THROWS(big.collides(plain), Status::TooLarge, "1999985x34");
    CHECK_THROWS(plain.first_contact(big), Status::TooLarge, "1999985x34");
    CHECK_THROWS(big.overlap_area(big), Status::TooLarge, "1999985x34");
    CHECK_THROWS(big.solid_at(0, 0), Status::TooLarge, "1999985x34");
    const perpixel::TransformedSprite ships(ship, at3000);
    CHECK_THROWS(ship.rasterise(at3000), Status::TooLarge, "too large");
    CHECK_THROWS(ships.overlap_area(ships), Status::TooLarge, "too large");
    {
        perpixel::World w;
        perpixel::BodyDef d(two, 0, 0);
        d.transform = huge;
        CHECK_THROWS(w.create_body(d), Status::TooLarge, "1999985x34");
        const perpixel::BodyId placed = w.create_body(perpixel::BodyDef(two, 0, 0));
        CHECK_THROWS(w.set_transform(placed, huge), Status::TooLarge, "1999985x34");
    }
    // Within the limit: answers (the ship at scale 100 over a plain one).
    at3000.scale_x = at3000.scale_y = 100;
    CHECK(perpixel::TransformedSprite(ship, at3000)
              .collides(perpixel::TransformedSprite(ship, perpixel::Transform::at(0, 0))));
}

} // namespace

void test_transforms()
{
    // A 4x2 pattern: X..X / .XX.
    const uint8_t alpha[8] = {255, 0, 0, 255, 0, 255, 255, 0};
    Mask m = Mask::from_pixels(alpha, sizeof alpha, PixelFormat::A8, 4, 2, 4);
    CHECK(rows(m) == "X..X/.XX.");
    CHECK(rows(m.flipped(false, true)) == ".XX./X..X");
    CHECK(rows(m.flipped(true, false)) == "X..X/.XX.");  // symmetric left-right
    // One quarter turn: source (i, j) lands at (height - 1 - j, i).
    CHECK(rows(m.rotated_quarter(1)) == ".X/X./X./.X");
    CHECK(rows(m.rotated_quarter(-1)) == "X./.X/.X/X.");
    CHECK(rows(m.rotated_quarter(2)) == ".XX./X..X");
    CHECK(rows(m.scaled_integer(2, 1)) == "XX....XX/..XXXX..");
    CHECK(rows(m.transposed()) == "X./.X/.X/X.");
    CHECK_THROWS(m.scaled_integer(0, 1), Status::InvalidArgument, "sx");

    // A transform: defaults are the identity at (0, 0).
    perpixel::Transform t;
    CHECK(t.scale_x == 1.0 && t.scale_y == 1.0 && !t.pivot.has_value());
    perpixel::Raster r = m.rasterise(perpixel::Transform::at(10, 20));
    CHECK(r.x == 10 && r.y == 20 && rows(r.mask) == rows(m));
    // A quarter turn about the centre (2, 1): a 2x4 raster at (11, 19).
    t = perpixel::Transform::at(10, 20);
    t.rotation_degrees = 90;
    r = m.rasterise(t);
    CHECK(r.x == 11 && r.y == 19 && rows(r.mask) == rows(m.rotated_quarter(1)));
    // Flip about the default pivot: within the rectangle.
    t.rotation_degrees = 0;
    t.flip_y = true;
    r = m.rasterise(t);
    CHECK(r.x == 10 && r.y == 20 && rows(r.mask) == ".XX./X..X");
    // Scale about a pivot at the origin, and the same as a matrix.
    t = perpixel::Transform::at(-5, 7);
    t.scale_x = 2;
    t.pivot = std::make_pair(0.0, 0.0);
    r = m.rasterise(t);
    perpixel::Raster rm = m.rasterise_matrix({2, 0, -5, 0, 1, 7});
    CHECK(r.x == -5 && r.y == 7 && rows(r.mask) == "XX....XX/..XXXX..");
    CHECK(rm.x == r.x && rm.y == r.y && rows(rm.mask) == rows(r.mask));
    // bounds_only: the whole rectangle, turned.
    perpixel::Raster whole = m.rasterise(perpixel::Transform::at(0, 0), true);
    CHECK(whole.mask.count() == 8);
    // Queries on rasters, against plain sprites too.
    Sprite plain(m, 10, 20);
    CHECK(r.sprite().collides(Sprite(m, -5, 7)));
    CHECK(!r.sprite().collides(plain));
    t = perpixel::Transform::at(10.0, 20.0);
    t.rotation_degrees = 33.0;
    perpixel::Raster turned = m.rasterise(t);
    CHECK(turned.sprite().collides(plain) == plain.collides(turned.sprite()));
    CHECK(turned.sprite().overlap_area(plain) == plain.overlap_area(turned.sprite()));
    // Sampled without rasters: the rasters' answers.
    {
        perpixel::Transform ta = perpixel::Transform::at(10.0, 20.0), tb = perpixel::Transform::at(11.5, 19.25);
        ta.rotation_degrees = 33.0;
        tb.rotation_degrees = -70.0;
        tb.scale_x = 1.5;
        perpixel::TransformedSprite sa(m, ta), sb(m, tb);
        perpixel::Raster ra = m.rasterise(ta), rb = m.rasterise(tb);
        CHECK(sa.collides(sb) == ra.sprite().collides(rb.sprite()));
        CHECK(sa.overlap_area(sb) == ra.sprite().overlap_area(rb.sprite()));
        CHECK(sa.first_contact(sb) == ra.sprite().first_contact(rb.sprite()));
        CHECK(sa.overlap_area(sb) == sb.overlap_area(sa));
    }
    // Bad transforms throw with their status.
    t.rotation_degrees = std::nan("");
    CHECK_THROWS(m.rasterise(t), Status::InvalidTransform, "finite");
    t = perpixel::Transform();
    t.scale_y = 0;
    CHECK_THROWS(m.rasterise(t), Status::InvalidTransform, "scale");
    CHECK_THROWS(m.rasterise_matrix({1, 2, 0, 2, 4, 0}), Status::InvalidTransform, "singular");

    // 3x and 5x pixel art turned by quarter turns about the default pivot of a sprite with
    // an odd side: some pixel centres land exactly on texel edges; the raster is still the
    // exact rule, in integers (doubled and times k): 2k u = k w + cos cx + sin cy,
    // 2k v = k h - sin cx + cos cy, cx = 2X + 1 - 2x - w.
    const uint8_t odd_alpha[10] = {255, 0, 255, 0, 255, 0, 255, 255, 0, 0};
    const Mask odd = Mask::from_pixels(odd_alpha, sizeof odd_alpha, PixelFormat::A8, 5, 2, 5);
    const std::int64_t turns[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    int mismatches = 0, edges = 0;
    for (std::int64_t k : {3, 5}) {
        for (int q = 0; q < 4; q++) {
            perpixel::Transform tk = perpixel::Transform::at(10, 20);
            tk.rotation_degrees = 90.0 * q;
            tk.scale_x = tk.scale_y = static_cast<double>(k);
            const perpixel::Raster rk = odd.rasterise(tk);
            const std::int64_t c = turns[q][0], sn = turns[q][1], w = 5, h = 2;
            for (std::int32_t y = -10; y < 50; y++) {
                for (std::int32_t x = -20; x < 40; x++) {
                    const std::int64_t cx = 2 * x + 1 - 20 - w, cy = 2 * y + 1 - 40 - h;
                    const std::int64_t u2k = k * w + c * cx + sn * cy, v2k = k * h - sn * cx + c * cy;
                    const bool inside = u2k >= 0 && u2k < 2 * k * w && v2k >= 0 && v2k < 2 * k * h;
                    const bool want = inside && odd.is_solid(static_cast<std::int32_t>(u2k / (2 * k)),
                                                             static_cast<std::int32_t>(v2k / (2 * k)));
                    const bool in_raster = x >= rk.x && x < rk.x + rk.mask.width() && y >= rk.y &&
                                           y < rk.y + rk.mask.height();
                    const bool got = in_raster && rk.mask.is_solid(x - rk.x, y - rk.y);
                    edges += inside && (u2k % (2 * k) == 0 || v2k % (2 * k) == 0);
                    mismatches += got != want;
                }
            }
        }
    }
    CHECK(mismatches == 0 && edges > 100);
}

void test_sweeps()
{
    using Outcome = perpixel::SweepResult::Outcome;
    const Mask wall = Mask::create(1, 50, true), bullet = Mask::create(4, 2, true);
    auto r = Sprite(bullet, 0, 10).sweep(Sprite(wall, 100, 0), 1000, 0);
    CHECK(r.outcome == Outcome::Hit && r.hit());
    CHECK(r.step == 97 && r.steps == 1000);
    CHECK(r.at == (Point{97, 10}) && r.last_free == (Point{96, 10}));
    CHECK(r.contact == (Point{100, 10}));
    CHECK(r.fraction() > 0.096 && r.fraction() < 0.098);
    r = Sprite(bullet, 500, 10).sweep(Sprite(wall, 100, 0), -1000, 0);
    CHECK(r.hit() && r.at == (Point{100, 10}) && r.last_free == (Point{101, 10}));
    // The path's positions: where a sweep's step points, the ends, past the end.
    CHECK(perpixel::sweep_path_position(-1000, 0, r.step) == (Point{r.at.x - 500, 0}));
    CHECK(perpixel::sweep_path_position(3, -2, 2) == (Point{1, -1}));
    CHECK(perpixel::sweep_path_position(3, -2, 5) == (Point{3, -2}));
    CHECK(perpixel::sweep_path_position(INT32_MIN, INT32_MAX, 4294967295u) ==
          (Point{INT32_MIN, INT32_MAX}));
    CHECK_THROWS(perpixel::sweep_path_position(3, -2, 6), Status::InvalidArgument, "past the end");
    r = Sprite(bullet, 0, 60).sweep(Sprite(wall, 100, 0), 1000, 0);
    CHECK(r.outcome == Outcome::Clear && r.at == (Point{1000, 60}) && r.fraction() == 1.0);
    r = Sprite(bullet, 99, 10).sweep(Sprite(wall, 100, 0), 5, 0);
    CHECK(r.outcome == Outcome::StartsTouching && r.contact == (Point{100, 10}));
    CHECK(r.fraction() == 0.0);
    // Starting inside without moving: still 0, not 1.
    r = Sprite(bullet, 99, 10).sweep(Sprite(wall, 100, 0), 0, 0);
    CHECK(r.outcome == Outcome::StartsTouching && r.steps == 0 && r.fraction() == 0.0);
    // A bounds-only obstacle collides as its rectangle.
    const Mask hollow_short = Mask::create(1, 50, false), hollow = Mask::create(1, 70, false);
    r = Sprite(bullet, 0, 60).sweep(Sprite::bounds_only(hollow_short, 100, 0), 1000, 0);
    CHECK(r.outcome == Outcome::Clear);
    r = Sprite(bullet, 0, 60).sweep(Sprite::bounds_only(hollow, 100, 0), 1000, 0);
    CHECK(r.hit() && r.at == (Point{97, 60}));
    // A diagonal wall whose pixels touch only at corners is not crossed.
    std::uint8_t alpha[40 * 40];
    for (int y = 0; y < 40; ++y) {
        for (int x = 0; x < 40; ++x) {
            alpha[y * 40 + x] = x + y == 39 ? 255 : 0;
        }
    }
    const Mask diag = Mask::from_pixels(alpha, sizeof alpha, PixelFormat::A8, 40, 40, 40);
    const Mask dot = Mask::create(1, 1, true);
    for (std::int32_t s = 0; s < 20; ++s) {
        r = Sprite(dot, s, s).sweep(Sprite(diag, 0, 0), 30, 30);
        CHECK(r.hit() && r.at.x + r.at.y == 39);
    }
    CHECK_THROWS(Sprite(bullet, INT32_MAX - 3, 0).sweep(Sprite(wall, 0, 0), 10, 0),
                 Status::InvalidArgument, "i32");
}

// ---- the world ----------------------------------------------------------------------

using perpixel::BodyDef;
using perpixel::BodyId;
using perpixel::Filter;
using perpixel::Pair;
using perpixel::World;

void test_world_types()
{
    static_assert(!std::is_copy_constructible<World>::value, "World is move-only");
    static_assert(!std::is_copy_assignable<World>::value, "World is move-only");
    static_assert(std::is_nothrow_move_constructible<World>::value, "World moves");
    static_assert(std::is_nothrow_move_assignable<World>::value, "World moves");
    static_assert(std::is_trivially_copyable<BodyId>::value, "BodyId is a value");
    static_assert(!std::is_constructible<BodyDef, Mask &&, int32_t, int32_t>::value,
                  "no BodyDef over a temporary Mask");
    CHECK(static_cast<uint32_t>(Status::StaleBody) == 100u);
    CHECK(std::string(perpixel::status_text(Status::StaleBody)) == "stale body id");
    CHECK(static_cast<uint32_t>(Status::WrongWorld) == 101u);
    CHECK(std::string(perpixel::status_text(Status::WrongWorld)) == "body id from another world");
    static_assert(sizeof(pp_body_id) == 12, "pp_body_id: index, generation, world");
    const Filter f;
    CHECK(f.category == 1u && f.mask == UINT64_MAX && f.group == 0);
    const BodyDef d;
    const pp_body_def c = d.to_c();
    const pp_body_def def = pp_body_def_default();
    CHECK(c.internal_cookie == def.internal_cookie && c.mask == nullptr &&
          c.pixel_collision == 1 && c.is_static == 0 && c.transformed == 0 &&
          c.filter.category == 1u);
}

// The C program's scene (test_world.c destroy_and_reuse): the same answers.
void test_world_destroy_and_reuse()
{
    Mask box = Mask::create(10, 10, true);
    World w;
    CHECK(static_cast<bool>(w));
    const BodyId a = w.create_body(BodyDef(box, 0, 0));
    const BodyId b = w.create_body(BodyDef(box, 5, 0));
    CHECK(a.index != b.index);
    perpixel::Events ev = w.update();
    CHECK(ev.touching.size() == 1 && ev.begins.size() == 1 && ev.ends.empty());
    CHECK(ev.touching[0] == (Pair{a, b}));
    w.destroy_body(a);
    const BodyId c = w.create_body(BodyDef(box, 5, 0));
    CHECK(c.index == a.index && c.generation != a.generation);
    ev = w.update();
    CHECK(ev.touching.size() == 1 && ev.touching.at(0) == (Pair{c, b}));
    CHECK(ev.begins.size() == 1 && ev.begins[0] == (Pair{c, b}));
    CHECK(ev.ends.size() == 1 && ev.ends[0] == (Pair{a, b}));
    const std::vector<Pair> kept = w.events().ends.to_vector();
    CHECK(kept.size() == 1 && kept[0] == (Pair{a, b}));
    CHECK_THROWS(ev.ends.at(1), Status::InvalidArgument, "past the end");
    // The stale id throws everywhere and changes nothing.
    CHECK_THROWS(w.destroy_body(a), Status::StaleBody, "stale body id");
    CHECK_THROWS(w.move_body(a, 3, 3), Status::StaleBody, "stale");
    CHECK_THROWS(w.move_bodies({c, a}, {{100, 100}, {100, 100}}), Status::StaleBody, "stale");
    CHECK(w.body(c).x == 5);
    CHECK_THROWS(w.set_mask(a, box), Status::StaleBody, "stale");
    CHECK_THROWS(w.set_filter(a, Filter()), Status::StaleBody, "stale");
    CHECK_THROWS(w.set_transform(a, perpixel::Transform()), Status::StaleBody, "stale");
    CHECK_THROWS(w.body(a), Status::StaleBody, "stale");
    CHECK_THROWS(w.body_mask(a), Status::StaleBody, "stale");
    CHECK_THROWS(w.contact(a, b), Status::StaleBody, "stale");
    CHECK_THROWS(w.contact(Pair{b, a}), Status::StaleBody, "stale");
    CHECK_THROWS(w.sweep(a, 1, 1), Status::StaleBody, "stale");
    ev = w.update();
    CHECK(ev.touching.size() == 1 && ev.begins.empty() && ev.ends.empty());
    // An id of another world.
    World w2;
    w2.create_body(BodyDef(box, 0, 0));
    w2.create_body(BodyDef(box, 0, 0));
    const BodyId far = w2.create_body(BodyDef(box, 0, 0));
    CHECK_THROWS(w.destroy_body(far), Status::WrongWorld, "another world");
    // RAII: moving a world hands over its handle; the moved-from one is empty.
    World moved(std::move(w2));
    CHECK(static_cast<bool>(moved) && !static_cast<bool>(w2));
    CHECK_THROWS(w2.update(), Status::NullPointer, "world");
    w2 = std::move(moved);
    CHECK(w2.body(far).x == 0);
}

// Issue 31 (test_snapshot.c): snapshots and state hashes. The known mask and world hash
// to the literals every door checks; the rollback scenario of test_snapshot.c (snapshot,
// ten steps recorded, restore, the same steps) gives the same ids, pairs, events and
// hashes twice; another world's snapshot throws Status::WrongWorld; a snapshot outlives
// its world.
namespace snapshot_scene {
struct Step {
    BodyId made{};
    bool moved = false;
    std::vector<Pair> lists[3];
    std::uint64_t hash = 0;
};

Step step(World &w, const BodyId *balls, BodyId ground, const Mask &ball, int i)
{
    Step out;
    const int k = i % 3;
    try {
        w.move_body(balls[k], 10 + 20 * k + 3 * i - 12, 42 + (i * (k + 1)) % 7);
        out.moved = true;
    } catch (const perpixel::Error &e) {
        CHECK(e.status() == Status::StaleBody);
    }
    if (i == 3 || i == 8) {
        BodyDef d(ball, 20 + i, 46);
        d.user_data = static_cast<std::uint64_t>(i);
        out.made = w.create_body(d);
    }
    if (i == 6) w.destroy_body(balls[1]);
    if (i == 5) w.edit_mask(ground, {perpixel::MaskEdit::fill_circle(30, 0, 4, false)});
    const perpixel::Events ev = w.update();
    out.lists[0] = ev.touching.to_vector();
    out.lists[1] = ev.begins.to_vector();
    out.lists[2] = ev.ends.to_vector();
    out.hash = w.hash();
    return out;
}
} // namespace snapshot_scene

void test_world_snapshots()
{
    const std::uint64_t known_mask_hash = 0x05aa7de46146da64ull;
    const std::uint64_t known_world_hash = 0x458eecd936657759ull;
    Mask known = Mask::create(10, 3, false);
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 10; x++)
            if ((x + 2 * y) % 3 == 0) known.set_pixel(x, y, true);
    CHECK(known.hash() == known_mask_hash);
    CHECK(known.copy().hash() == known_mask_hash);
    CHECK(Mask::create(10, 3, false).hash() != known_mask_hash);
    {
        World w;
        Mask full = Mask::create(4, 4, true);
        w.create_body(BodyDef(known, 1, 2));
        BodyDef d(full, 3, 3);
        d.user_data = 7;
        w.create_body(d);
        w.destroy_body(w.create_body(BodyDef(full, 20, 0)));
        w.update();
        CHECK(w.hash() == known_world_hash);
    }

    Mask ball = Mask::create(6, 6, true);
    World w;
    const Mask ground_mask = Mask::create(100, 10, true);
    BodyDef g(ground_mask, 0, 50);
    g.is_static = true;
    const BodyId ground = w.create_body(g);
    const BodyId balls[3] = {w.create_body(BodyDef(ball, 10, 40)),
                             w.create_body(BodyDef(ball, 30, 40)),
                             w.create_body(BodyDef(ball, 60, 30))};
    w.update();
    const perpixel::WorldSnapshot saved = w.snapshot();
    CHECK(static_cast<bool>(saved));
    const std::uint64_t h0 = w.hash();
    std::vector<snapshot_scene::Step> first;
    std::size_t pairs = 0;
    for (int i = 0; i < 10; i++) {
        first.push_back(snapshot_scene::step(w, balls, ground, ball, i));
        pairs += first.back().lists[0].size();
    }
    CHECK(pairs > 5 && first.back().hash != h0);
    for (int round = 0; round < 2; round++) {
        w.restore(saved);
        CHECK(w.hash() == h0);
        CHECK_THROWS(w.move_body(first[3].made, 0, 0), Status::StaleBody, "stale");
        for (int i = 0; i < 10; i++) {
            const snapshot_scene::Step again = snapshot_scene::step(w, balls, ground, ball, i);
            CHECK(again.made == first[i].made && again.moved == first[i].moved);
            CHECK(again.hash == first[i].hash);
            for (int l = 0; l < 3; l++) CHECK(again.lists[l] == first[i].lists[l]);
        }
    }
    // Another world's snapshot: refused, that world unchanged.
    World other;
    other.create_body(BodyDef(ball, 0, 0));
    const std::uint64_t other_hash = other.hash();
    CHECK_THROWS(other.restore(saved), Status::WrongWorld, "another world");
    CHECK(other.hash() == other_hash);
    // A snapshot outlives its world; a moved-from one is empty and refused.
    perpixel::WorldSnapshot kept = other.snapshot();
    {
        World gone;
        perpixel::WorldSnapshot orphan = gone.snapshot();
        perpixel::WorldSnapshot moved(std::move(orphan));
        CHECK(!static_cast<bool>(orphan) && static_cast<bool>(moved));
        CHECK_THROWS(w.restore(orphan), Status::NullPointer, "snapshot");
        kept = std::move(moved);
    }
    CHECK_THROWS(w.restore(kept), Status::WrongWorld, "another world");
    std::printf("world snapshots: rollback replayed twice (%zu touching pairs), hashes %016llx "
                "and %016llx\n",
                pairs, static_cast<unsigned long long>(known_mask_hash),
                static_cast<unsigned long long>(known_world_hash));
}

// Issue 30.4 (test_world.c wrong_world): an id carries its world. w2's id (the same index
// and generation as w1's body) and a default id throw Status::WrongWorld from every body
// member of w1, and w1 is unchanged.
void test_world_wrong_world()
{
    Mask box = Mask::create(6, 6, true);
    World w1, w2;
    const BodyId a1 = w1.create_body(BodyDef(box, 0, 0));
    const BodyId b1 = w1.create_body(BodyDef(box, 4, 0));
    const BodyId a2 = w2.create_body(BodyDef(box, 500, 500));
    CHECK(a1.index == a2.index && a1.generation == a2.generation && a1.world != a2.world);
    CHECK(a1.world != 0 && b1.world == a1.world && !(a1 == a2));
    CHECK(w1.update().touching.size() == 1);
    const std::uint64_t pixels = w1.body(a1).mask.count();
    for (const BodyId id : {a2, BodyId{}}) {
        CHECK_THROWS(w1.destroy_body(id), Status::WrongWorld, "another world");
        CHECK_THROWS(w1.move_body(id, 3, 3), Status::WrongWorld, "another world");
        CHECK_THROWS(w1.move_bodies({a1, id}, {{100, 100}, {100, 100}}), Status::WrongWorld,
                     "another world");
        CHECK_THROWS(w1.set_mask(id, box), Status::WrongWorld, "another world");
        CHECK_THROWS(w1.set_filter(id, Filter()), Status::WrongWorld, "another world");
        CHECK_THROWS(w1.set_transform(id, perpixel::Transform()), Status::WrongWorld,
                     "another world");
        CHECK_THROWS(w1.edit_mask(id, {perpixel::MaskEdit::fill_rect(Bounds2D{0, 0, 9, 9}, false)}),
                     Status::WrongWorld, "another world");
        CHECK_THROWS(w1.body(id), Status::WrongWorld, "another world");
        CHECK_THROWS(w1.body_mask(id), Status::WrongWorld, "another world");
        CHECK_THROWS(w1.contact(a1, id), Status::WrongWorld, "another world");
        CHECK_THROWS(w1.contact(Pair{id, b1}), Status::WrongWorld, "another world");
        CHECK_THROWS(w1.sweep(id, 1, 1), Status::WrongWorld, "another world");
    }
    CHECK_THROWS(w2.move_body(a1, 1, 1), Status::WrongWorld, "another world");
    const perpixel::BodyInfo i = w1.body(a1);
    CHECK(i.x == 0 && i.y == 0 && i.mask.count() == pixels && w1.body(b1).x == 4);
    CHECK(w2.body(a2).x == 500);
    const perpixel::Events ev = w1.update();
    CHECK(ev.touching.size() == 1 && ev.begins.empty() && ev.ends.empty());
    CHECK(ev.touching[0] == (Pair{a1, b1}));
}

// Issue 30.3 (test_transforms.c positions_at_2_31): a position at 2^31, inside the
// transform's limits, puts the raster's corner past int32_t: Status::Overflow from
// rasterise, rasterise_matrix, World::create_body and World::set_transform, nothing
// changed; at -2^31 the corner fits.
void test_positions_at_2_31()
{
    Mask m = Mask::create(3, 2, true);
    perpixel::Transform t = perpixel::Transform::at(2147483648.0, 0.0);
    CHECK_THROWS(m.rasterise(t), Status::Overflow, "i32");
    CHECK_THROWS(m.rasterise(t, true), Status::Overflow, "i32");
    CHECK_THROWS(m.rasterise_matrix({1, 0, 2147483648.0, 0, 1, 0}), Status::Overflow, "i32");
    World w;
    BodyDef d(m, 0, 0);
    d.transform = t;
    CHECK_THROWS(w.create_body(d), Status::Overflow, "i32");
    const BodyId plain = w.create_body(BodyDef(m, 5, 0));
    CHECK_THROWS(w.set_transform(plain, t), Status::Overflow, "i32");
    CHECK(w.body(plain).x == 5);
    const perpixel::Raster r = m.rasterise(perpixel::Transform::at(-2147483648.0, 0.0));
    CHECK(r.x == INT32_MIN && r.y == 0);
    w.set_transform(plain, perpixel::Transform::at(-2147483648.0, 0.0));
    CHECK(w.body(plain).x == INT32_MIN);
}

// Issue 30.3 (test_world.c documented_edges): what the docs now say about static sweeps,
// a transformed body's corner, turned bounds-only bodies, started_inside and a body's
// contact with itself.
void test_documented_edges()
{
    Mask box = Mask::create(4, 4, true);
    Mask ten = Mask::create(10, 10, true);
    World w;
    BodyDef s(box, 0, 0);
    s.is_static = true;
    const BodyId a = w.create_body(s);
    s.x = 10;
    const BodyId b = w.create_body(s);
    const perpixel::BodySweep sw = w.sweep(a, 20, 0);
    CHECK(sw.other == b && sw.result.outcome == perpixel::SweepResult::Outcome::Hit &&
          sw.result.step == 7);
    perpixel::Transform t = perpixel::Transform::at(100.25, 50.5);
    t.rotation_degrees = 45;
    BodyDef turned_def(ten, 0, 0);
    turned_def.transform = t;
    const BodyId turned = w.create_body(turned_def);
    const perpixel::Raster r = ten.rasterise(t);
    CHECK(w.body(turned).x == r.x && w.body(turned).y == r.y && r.x != 100 && r.y != 50);
    turned_def.pixel_collision = false;
    const BodyId boxed = w.create_body(turned_def);
    const std::vector<BodyId> at_corner = w.at_point(r.x, r.y);
    CHECK(at_corner.size() == 1 && at_corner[0] == boxed);
    const perpixel::Contact c = w.contact(turned, turned);
    CHECK(c.touching() && c.area == w.body(turned).mask.count() && c.push_out.has_value());
    const perpixel::MoveResult m = Sprite(box, 1, 1).move_and_slide({Sprite(ten, 0, 0)}, 5, 7);
    CHECK(m.started_inside && !m.blocked_x && !m.blocked_y && m.climbed == 0 && m.x == 1 &&
          m.y == 1);
}

// The C program's scene (test_world.c filters_and_statics): the same answers.
void test_world_filters()
{
    Mask box = Mask::create(4, 4, true);
    World w;
    std::vector<BodyId> id;
    for (int i = 0; i < 5; ++i) {
        BodyDef d(box, 0, 0);
        d.is_static = i >= 3;
        id.push_back(w.create_body(d));
    }
    CHECK(w.body(id[4]).is_static && !w.body(id[0]).is_static);
    perpixel::Events ev = w.update();
    CHECK(ev.touching.size() == 9 && ev.begins.size() == 9);
    CHECK(ev.touching[8] == (Pair{id[2], id[4]}));
    Filter never;
    never.group = -1;
    w.set_filter(id[0], never);
    w.set_filter(id[1], never);
    ev = w.update();
    CHECK(ev.touching.size() == 8 && ev.begins.empty() && ev.ends.size() == 1 &&
          ev.ends[0] == (Pair{id[0], id[1]}));
    Filter g2a, g2b;
    g2a.category = 2;
    g2a.mask = 0;
    g2a.group = 2;
    g2b.category = 4;
    g2b.mask = 0;
    g2b.group = 2;
    w.set_filter(id[0], g2a);
    w.set_filter(id[1], g2b);
    ev = w.update();
    std::vector<Pair> want = {{id[0], id[1]}, {id[2], id[3]}, {id[2], id[4]}};
    CHECK(ev.touching.to_vector() == want);
    CHECK(w.body(id[1]).filter == g2b);
    Filter none;
    none.category = 0;
    none.mask = 0;
    w.set_filter(id[2], none);
    ev = w.update();
    CHECK(ev.touching.size() == 1 && ev.ends.size() == 2);
    size_t n = 0;
    for (const Pair &p : ev.ends) {
        CHECK(p.a == id[2]);
        ++n;
    }
    CHECK(n == 2);
}

void test_world_errors_and_raii()
{
    Mask box = Mask::create(4, 4, true);
    World w;
    CHECK(w.events().touching.empty() && w.events().begins.size() == 0);
    CHECK_THROWS(w.create_body(BodyDef()), Status::NullPointer, "def->mask");
    BodyDef bad(box, 0, 0);
    perpixel::Transform t;
    t.scale_x = std::nan("");
    bad.transform = t;
    CHECK_THROWS(w.create_body(bad), Status::InvalidTransform, "");
    const BodyId id = w.create_body(BodyDef(box, 1, 2));
    CHECK_THROWS(w.set_transform(id, t), Status::InvalidTransform, "");
    CHECK(w.body(id).x == 1 && w.body(id).y == 2);
    CHECK_THROWS(w.move_bodies({id}, {}), Status::InvalidArgument, "differ");
    w.move_bodies({}, {});
    CHECK_THROWS(w.raycast(0, 0, 0, 0, 5), Status::InvalidArgument, "");
    CHECK_THROWS(w.sweep(id, INT32_MAX, 0), Status::InvalidArgument, "");
    // A transformed body: its info holds the raster, kept alive past the world.
    perpixel::BodyInfo info = [&]() {
        World inner;
        Mask m = Mask::create(6, 2, true);
        BodyDef d(m, 0, 0);
        perpixel::Transform r;
        r.rotation_degrees = 90;
        d.transform = r;
        d.user_data = 77;
        const BodyId b = inner.create_body(d);
        return inner.body(b);
    }();
    CHECK(info.user_data == 77 && info.mask.width() == 2 && info.mask.height() == 6);
    CHECK(info.mask.count() == 12);
    // The caller's mask freed right after create_body: the world keeps its own.
    BodyId kept;
    {
        Mask temp = Mask::create(3, 3, true);
        kept = w.create_body(BodyDef(temp, 1, 2));
    }
    CHECK(w.body_mask(kept).count() == 9);
    CHECK(w.at_point(2, 3).size() == 2);
    CHECK(w.in_rect(Bounds2D(2, 3, 1, 1)) == w.at_point(2, 3));
    CHECK(w.in_rect(Bounds2D(0, 0, 0, 100)).empty());
    CHECK(w.contact(id, kept).area == 9);
    // Readers on threads at once: the same answers.
    w.update();
    const World &cw = w;
    std::vector<int> wrong(4, 0);
    std::vector<std::thread> threads;
    for (int k = 0; k < 4; ++k) {
        threads.emplace_back([&, k]() {
            for (int round = 0; round < 100; ++round) {
                if (cw.events().touching.size() != 1 || cw.at_point(2, 3).size() != 2 ||
                    !cw.raycast(-5, 3, 1, 0, 20)) {
                    ++wrong[static_cast<size_t>(k)];
                }
            }
        });
    }
    for (auto &th : threads) {
        th.join();
    }
    CHECK(wrong[0] + wrong[1] + wrong[2] + wrong[3] == 0);
}

// Editing masks in place (issue 16): every edit against a per-pixel rebuild, shared masks
// refused, a copy editable, a crater in a world's terrain.
void test_edits()
{
    using perpixel::MaskEdit;
    using perpixel::World;
    Mask m = Mask::create(40, 20, true);
    m.set_pixel(3, 4, false);
    m.fill_rect(Bounds2D(-2, -2, 5, 4), false); // columns 0..3, rows 0..2
    m.fill_circle(20, 10, 3, false);            // 37 pixels: r^2 + r = 12
    m.fill_ellipse(Bounds2D(30, 0, 10, 4), false);
    m.draw_line(0, 19, 39, 19, 0, false);       // the bottom row
    std::size_t disc = 0, ellipse = 0;
    for (int j = -3; j <= 3; ++j) {
        for (int i = -3; i <= 3; ++i) {
            disc += i * i + j * j <= 12;
        }
    }
    for (int j = 0; j < 4; ++j) {
        for (int i = 0; i < 10; ++i) {
            const long u = 2 * i + 1 - 10, v = 2 * j + 1 - 4;
            ellipse += u * u * 16 + v * v * 100 <= 1600;
        }
    }
    CHECK(disc == 37);
    CHECK(m.count() == 800 - 1 - 6 - disc - ellipse - 40);
    CHECK(!m.is_solid(3, 4) && !m.is_solid(0, 0) && m.is_solid(3, 0) && !m.is_solid(20, 13));
    Mask dot = Mask::create(2, 2, true);
    Mask blank = Mask::create(40, 20, false);
    blank.draw(dot, 5, 5);
    blank.xor_with(dot, 6, 5); // (5,5),(5,6) stay; (7,5),(7,6) appear
    CHECK(blank.count() == 4 && blank.is_solid(7, 6) && !blank.is_solid(6, 5));
    blank.erase(dot, 4, 4); // clears (5,5)
    CHECK(blank.count() == 3);
    blank.intersect(dot, 5, 5); // keeps (5,6) only
    CHECK(blank.count() == 1 && blank.is_solid(5, 6));
    blank.invert();
    CHECK(blank.count() == 799);
    blank.draw(blank, 1, 0); // itself, shifted
    CHECK(blank.count() == 800);
    // Shared with a world: refused; its copy edits.
    World w;
    Mask ground = Mask::create(200, 40, true);
    BodyDef floor_def(ground, 0, 100);
    floor_def.is_static = true;
    const perpixel::BodyId floor = w.create_body(floor_def);
    Mask ball = Mask::create(6, 6, true);
    const perpixel::BodyId b = w.create_body(BodyDef(ball, 60, 97));
    CHECK_THROWS(ground.set_pixel(0, 0, false), Status::MaskShared, "pp_mask_copy");
    Mask mine = ground.copy();
    mine.set_pixel(0, 0, false);
    CHECK(mine.count() == 7999 && ground.count() == 8000);
    CHECK(w.update().touching.size() == 1);
    w.edit_mask(floor, {MaskEdit::fill_circle(62, 0, 10, false)});
    CHECK(w.update().touching.empty());
    CHECK(ground.count() == 8000); // the world copied its own on the first edit
    CHECK(w.body_mask(floor).count() < 8000);
    // Erased by the whole ground, then inverted: full again.
    w.edit_mask(floor, {MaskEdit::erase(ground, 0, 0), MaskEdit::invert()});
    CHECK(w.body_mask(floor).count() == 8000);
    w.destroy_body(b);
    CHECK_THROWS(w.edit_mask(b, {MaskEdit::invert()}), Status::StaleBody, "stale");
    // Raw bytes: LSB first, ceil(width / 8) a row; back again with the padding ignored.
    Mask two = Mask::create(10, 2, false);
    two.set_pixel(0, 0, true);
    two.set_pixel(9, 1, true);
    const std::vector<std::uint8_t> bytes = two.to_bytes();
    CHECK((bytes == std::vector<std::uint8_t>{0x01, 0x00, 0x00, 0x02}));
    std::vector<std::uint8_t> padded = bytes;
    padded[1] |= 0xFC;
    Mask back = Mask::from_bytes(10, 2, padded.data(), padded.size());
    CHECK(back.count() == 2 && back.is_solid(9, 1) && !back.is_solid(8, 0));
    CHECK_THROWS(Mask::from_bytes(10, 2, bytes.data(), 3), Status::InvalidArgument, "4");
}

// Shape tools: polygons and outlines (issue 16). The documented 4x3 block with a hole,
// options (defaults from the library, y flip, no holes, simplified, bad values), convex
// pieces covering a random mask's area, the outline's documented square.
namespace {
long long ring_area2(const std::vector<perpixel::Vertex> &r)
{
    long long s = 0;
    for (std::size_t i = 0; i < r.size(); ++i) {
        const perpixel::Vertex a = r[i], b = r[(i + 1) % r.size()];
        s += static_cast<long long>(a.x) * b.y - static_cast<long long>(b.x) * a.y;
    }
    return s;
}
} // namespace

void test_polygons()
{
    using perpixel::PolygonOptions;
    using perpixel::Vertex;
    using V = std::vector<Vertex>;
    const PolygonOptions defaults;
    CHECK(defaults.epsilon == 0 && defaults.holes && !defaults.y_flip &&
          defaults.max_vertices == 8);
    Mask m = Mask::create(4, 3, true);
    m.set_pixel(1, 1, false);
    const perpixel::Polygons p = m.polygons();
    CHECK(p.size() == 1 && p.ring_count() == 2 && p.points.size() == 8);
    CHECK((p.ring_starts == std::vector<std::uint32_t>{0, 4, 8}));
    CHECK((p.ring_counts == std::vector<std::uint32_t>{2}));
    CHECK((p.outer(0) == V{{0, 0}, {4, 0}, {4, 3}, {0, 3}}));
    CHECK(p.holes(0).size() == 1 && (p.holes(0)[0] == V{{1, 1}, {1, 2}, {2, 2}, {2, 1}}));
    CHECK(ring_area2(p.ring(0)) == 24 && ring_area2(p.ring(1)) == -2);
    PolygonOptions up;
    up.y_flip = true;
    CHECK((m.polygons(up).outer(0) == V{{0, 3}, {0, 0}, {4, 0}, {4, 3}}));
    PolygonOptions no_holes;
    no_holes.holes = false;
    const perpixel::Polygons outer_only = m.polygons(no_holes);
    CHECK(outer_only.size() == 1 && outer_only.ring_count() == 1 && outer_only.holes(0).empty());
    // Two diagonal pixels: two polygons sharing a corner; an empty mask: none.
    Mask diag = Mask::create(2, 2, false);
    diag.set_pixel(0, 0, true);
    diag.set_pixel(1, 1, true);
    CHECK(diag.polygons().size() == 2 && diag.polygons().first_ring(1) == 1);
    CHECK(Mask::create(3, 3, false).polygons().size() == 0);
    CHECK(Mask::create(3, 3, false).convex_pieces().size() == 0);
    // A random mask: pieces of at most max_vertices, areas summing to the pixel count
    // (exact) and to the simplified polygons' area (epsilon 1.5).
    Mask r = Mask::create(30, 20, false);
    std::uint32_t seed = 77;
    for (int y = 0; y < 20; ++y) {
        for (int x = 0; x < 30; ++x) {
            seed = seed * 1103515245u + 12345u;
            r.set_pixel(x, y, (seed >> 16) % 100 < 60);
        }
    }
    for (const double eps : {0.0, 1.5}) {
        PolygonOptions o;
        o.epsilon = eps;
        o.max_vertices = 5;
        const perpixel::Polygons polys = r.polygons(o);
        long long area2 = 0;
        for (std::size_t k = 0; k < polys.ring_count(); ++k) {
            area2 += ring_area2(polys.ring(k));
        }
        const perpixel::ConvexPieces pieces = r.convex_pieces(o);
        double area = 0;
        bool ok = pieces.size() > 0;
        for (std::size_t k = 0; k < pieces.size(); ++k) {
            const std::vector<perpixel::VertexF> piece = pieces.piece(k);
            ok = ok && piece.size() >= 3 && piece.size() <= 5;
            for (std::size_t i = 0; i < piece.size(); ++i) {
                const perpixel::VertexF a = piece[i], b = piece[(i + 1) % piece.size()];
                area += (a.x * b.y - b.x * a.y) / 2;
            }
        }
        CHECK(ok);
        CHECK(std::fabs(area - static_cast<double>(area2) / 2) < 1e-6);
        if (eps == 0) {
            CHECK(area2 == 2 * static_cast<long long>(r.count()));
        }
    }
    // Bad options throw with the library's words.
    PolygonOptions bad;
    bad.epsilon = -1;
    CHECK_THROWS(m.polygons(bad), Status::InvalidArgument, "epsilon");
    bad = PolygonOptions();
    bad.max_vertices = 2;
    CHECK_THROWS(m.convex_pieces(bad), Status::InvalidArgument, "max_vertices");
    // The outline: the documented 2x2 square at (1, 1) of a 4x4 mask.
    Mask sq = Mask::create(4, 4, false);
    sq.fill_rect(Bounds2D(1, 1, 2, 2), true);
    CHECK((sq.outline() == V{{1, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 1}}));
    CHECK((sq.outline(2) == V{{1, 1}, {2, 2}, {1, 1}}));
    CHECK(Mask::create(3, 3, false).outline().empty());
    CHECK_THROWS(sq.outline(0), Status::InvalidArgument, "every");
}

// ---- Shape tools: analysis, morphology, conversions (issue 16) ------------------------
// The wrapper against the C ABI on a few masks, and values worked out by hand.
void test_shapes()
{
    using perpixel::ColorRange;
    using perpixel::ComponentOptions;
    using perpixel::ComponentOrder;
    using perpixel::Connectivity;
    using perpixel::MorphOptions;
    using perpixel::Norm;
    using perpixel::Rgba;

    // Two diagonal pixels and a bar of three: 2 components 8-connected, 3 4-connected.
    Mask m = Mask::create(6, 3, false);
    m.set_pixel(0, 0, true);
    m.set_pixel(1, 1, true);
    m.fill_rect(Bounds2D(3, 2, 3, 1), true);
    CHECK((m.centroid() == Point{2, 1})); // x: (0 + 1 + 3 + 4 + 5) / 5, y: (0 + 1 + 6) / 5
    double angle = 0.0;
    CHECK(pp_mask_angle(m.get(), &angle) == PP_OK && m.angle() == angle);
    CHECK(Mask::create(5, 5, false).centroid() == Point{} && Mask::create(5, 5, false).angle() == 0.0);
    Mask slash = Mask::create(10, 10, false);
    slash.draw_line(0, 9, 9, 0, 0, true);
    CHECK(slash.angle() == 45.0);

    const std::vector<Mask> parts = m.components();
    CHECK(parts.size() == 2 && parts[0].count() == 2 && parts[1].count() == 3);
    CHECK(parts[0].width() == 6 && parts[0].height() == 3 && rows(parts[1]) == "....../....../...XXX");
    ComponentOptions four;
    four.connectivity = Connectivity::Four;
    four.order = ComponentOrder::LargestFirst;
    const std::vector<Mask> fours = m.components(four);
    CHECK(fours.size() == 3 && fours[0].count() == 3 && fours[1].is_solid(0, 0) && fours[2].is_solid(1, 1));
    CHECK((m.component_counts(four) == std::vector<std::uint64_t>{3, 1, 1}));
    CHECK((m.component_bounds() == std::vector<Bounds2D>{Bounds2D(0, 0, 2, 2), Bounds2D(3, 2, 3, 1)}));
    ComponentOptions big;
    big.min_pixels = 3;
    CHECK((m.component_bounds(big) == std::vector<Bounds2D>{Bounds2D(3, 2, 3, 1)}));
    const perpixel::ComponentLabels labels = m.component_labels(four);
    CHECK(labels.width == 6 && labels.height == 3 && labels.count == 3);
    CHECK((labels.labels == std::vector<std::uint32_t>{2, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1}));
    CHECK(labels.label_at(5, 2) == 1 && labels.label_at(6, 2) == 0 && labels.label_at(-1, 0) == 0);
    // The same labels through the C ABI.
    std::vector<std::uint32_t> c_labels(18);
    std::size_t n = 0;
    std::uint32_t count = 0;
    const pp_component_options c_four = four.to_c();
    CHECK(pp_mask_component_labels(m.get(), &c_four, c_labels.data(), 18, &n, &count) == PP_OK);
    CHECK(c_labels == labels.labels && count == labels.count);
    CHECK(m.component_at(1, 1).count() == 2 && m.component_at(1, 1, Connectivity::Four).count() == 1);
    CHECK(m.component_at(2, 0).count() == 0);
    CHECK(rows(m.largest_component()) == "....../....../...XXX");
    CHECK_THROWS(m.component_at(6, 0), Status::InvalidArgument, "outside");

    // Morphology: a dot grown by 2 in each norm, shrunk back; convolve, scale, crop.
    Mask dot = Mask::create(9, 9, false);
    dot.set_pixel(4, 4, true);
    CHECK(dot.grow(2).count() == 13);
    MorphOptions square;
    square.norm = Norm::Square;
    CHECK(dot.grow(2, square).count() == 25 && dot.grow(2, square).shrink(2, square).count() == 1);
    MorphOptions diamond;
    diamond.norm = Norm::Diamond;
    CHECK(dot.grow(3, diamond).count() == 25);
    Mask full = Mask::create(10, 10, true);
    CHECK(full.shrink(2).count() == 36);
    MorphOptions keep_edges;
    keep_edges.shrink_from_edges = false;
    CHECK(full.shrink(2, keep_edges).count() == 100);
    pp_mask *c_grown = nullptr;
    const pp_morph_options c_square = square.to_c();
    CHECK(pp_mask_grow(m.get(), 1, &c_square, &c_grown) == PP_OK);
    Mask c_grown_mask(c_grown);
    CHECK(rows(m.grow(1, square)) == rows(c_grown_mask));

    Mask wall = Mask::create(4, 3, false);
    wall.fill_rect(Bounds2D(1, 0, 1, 3), true);
    Mask player = Mask::create(2, 2, true);
    Mask space = wall.convolve(player);
    CHECK(space.width() == 5 && space.height() == 4);
    bool agrees = true;
    for (int32_t q = 0; q < 4; ++q) {
        for (int32_t p = 0; p < 5; ++p) {
            agrees = agrees && space.is_solid(p, q) == wall.collides(player, p - 1, q - 1);
        }
    }
    CHECK(agrees);
    Mask three = Mask::create(3, 1, false);
    three.set_pixel(1, 0, true);
    CHECK(rows(three.scale(7, 2)) == "...XX../...XX..");
    CHECK(Mask::create(100, 100, true).scale(3, 3).count() == 9);
    CHECK_THROWS(three.scale(-1, 2), Status::InvalidArgument, "width");
    CHECK(rows(m.crop(Bounds2D(1, 1, 4, 2))) == "X.../..XX");
    CHECK_THROWS(m.crop(Bounds2D(4, 0, 3, 1)), Status::RegionOutOfBounds, "");

    // Conversions: pixels in two formats, into a texture, PNG round trip, colour ranges.
    const Rgba red(255, 0, 0, 255);
    const std::vector<std::uint8_t> bgra = three.to_pixels(PixelFormat::Bgra8, red);
    CHECK((bgra == std::vector<std::uint8_t>{0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0}));
    CHECK((three.to_pixels(PixelFormat::A8, red, Rgba(1, 2, 3, 4)) == std::vector<std::uint8_t>{4, 255, 4}));
    std::vector<std::uint8_t> c_pixels(12);
    CHECK(pp_mask_to_pixels(three.get(), PP_FORMAT_BGRA8, red.to_c(), pp_rgba{0, 0, 0, 0},
                            c_pixels.data(), 12, &n) == PP_OK && c_pixels == bgra);
    std::vector<std::uint8_t> texture(7, 9);
    Mask two = Mask::create(2, 2, true);
    two.set_pixel(1, 1, false);
    two.write_pixels(texture.data(), texture.size(), 4, PixelFormat::A8, red);
    CHECK((texture == std::vector<std::uint8_t>{255, 255, 9, 9, 255, 0, 9}));
    CHECK_THROWS(two.write_pixels(texture.data(), texture.size(), 1, PixelFormat::A8, red),
                 Status::StrideTooSmall, "");
#ifdef PERPIXEL_HPP_HAS_SPAN
    std::vector<std::uint8_t> spanned(4, 0);
    two.write_pixels(std::span<std::uint8_t>(spanned), 2, PixelFormat::A8, red);
    CHECK((spanned == std::vector<std::uint8_t>{255, 255, 255, 0}));
#endif
    const std::vector<std::uint8_t> png = m.to_png(Rgba(255, 255, 255, 255));
    CHECK(png.size() > 8 && png[1] == 'P' && rows(Mask::from_image_bytes(png.data(), png.size())) == rows(m));
    CHECK_THROWS(Mask::create(0, 3, false).to_png(red), Status::InvalidArgument, "pixel");

    const ColorRange green = ColorRange::within(Rgba(0, 255, 0, 255), Rgba(10, 10, 10, 1));
    CHECK(green.min == Rgba(0, 246, 0, 0) && green.max == Rgba(9, 255, 9, 255));
    const std::uint8_t px[12] = {250, 0, 0, 255, 120, 0, 0, 255, 0, 0, 250, 255};
    const ColorRange reds{Rgba(100, 0, 0, 1), Rgba(255, 30, 30, 255)};
    CHECK(rows(Mask::from_color_range(px, sizeof px, PixelFormat::Rgba8, 3, 1, 12, reds)) == "XX.");
    CHECK(rows(Mask::from_color_range(px, sizeof px, PixelFormat::Rgba8, 3, 1, 12, green)) == "...");
    CHECK_THROWS(Mask::from_color_range(px, sizeof px, PixelFormat::A8, 12, 1, 12, reds),
                 Status::InvalidArgument, "A8");
    CHECK_THROWS(Mask::from_color_range(px, 11, PixelFormat::Rgba8, 3, 1, 12, reds),
                 Status::BufferTooSmall, "");
}
// ---- end of the shape tools' tests -----------------------------------------------------

int main(int argc, char **argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s <scratch-dir> <expected-version>\n", argv[0]);
        return 2;
    }
    g_verbose = std::getenv("PERPIXEL_TEST_VERBOSE") != nullptr;
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    try {
        test_types();
        test_library(argv[2]);
        test_bounds();
        test_options();
        test_masks(argv[1]);
        test_queries();
            test_threads();
        test_baked(argv[1]);
        test_transforms();
        test_sweeps();
        test_motion_types();
        test_contact_normals();
        test_sweep_normals();
        test_push_out();
        test_move_and_slide();
        test_raycasts();
        test_solid_at();
        test_world_types();
        test_world_destroy_and_reuse();
        test_world_wrong_world();
        test_world_snapshots();
        test_positions_at_2_31();
        test_documented_edges();
        test_world_filters();
        test_world_errors_and_raii();
        test_edits();
        test_polygons();
        test_shapes();
    } catch (const std::exception &e) {
        ++g_failed;
        std::printf("FAIL unexpected exception: %s\n", e.what());
    }
    std::printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
