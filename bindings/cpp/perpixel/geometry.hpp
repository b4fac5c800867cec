/*
 * perpixel/geometry.hpp: the plain values of the world pixel grid: Point, Normal, Offset and the
 * rectangle Bounds2D.
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_GEOMETRY_HPP
#define PERPIXEL_GEOMETRY_HPP

#include "perpixel.h"

#include "error.hpp"

#include <cstdint>
#include <optional>

namespace perpixel {

/// A world pixel, e.g. where two sprites first touch. 64-bit, like Rust's Point.
struct Point {
    std::int64_t x = 0;
    std::int64_t y = 0;

    friend bool operator==(const Point &a, const Point &b) noexcept
    {
        return a.x == b.x && a.y == b.y;
    }
    friend bool operator!=(const Point &a, const Point &b) noexcept { return !(a == b); }
};

/// A unit vector (pp_normal): a contact or surface normal, in the caller's own y
/// convention (a sprite resting on flat ground gets (0, -1) in a y-down world, (0, 1) in a
/// y-up one). See Sprite::contact_normal.
struct Normal {
    double x = 0.0;
    double y = 0.0;

    /// The angle in degrees, atan2(y, x): -90 is (0, -1). The library's own arc tangent
    /// (pp_normal_degrees): the same bits on every platform and in every language.
    double degrees() const noexcept { return pp_normal_degrees(pp_normal{x, y}); }

    friend bool operator==(const Normal &a, const Normal &b) noexcept
    {
        return a.x == b.x && a.y == b.y;
    }
    friend bool operator!=(const Normal &a, const Normal &b) noexcept { return !(a == b); }
};

namespace detail {
/// The normal a C result carries, nullopt when its flag says there is none.
inline std::optional<Normal> normal(std::uint8_t has, const pp_normal &n)
{
    if (has == 0) {
        return std::nullopt;
    }
    return Normal{n.x, n.y};
}
} // namespace detail

/// A whole-pixel translation (pp_offset), what Sprite::push_out finds.
struct Offset {
    std::int32_t dx = 0;
    std::int32_t dy = 0;

    friend bool operator==(const Offset &a, const Offset &b) noexcept
    {
        return a.dx == b.dx && a.dy == b.dy;
    }
    friend bool operator!=(const Offset &a, const Offset &b) noexcept { return !(a == b); }
};

/// A rectangle of whole pixels, the half-open box [x, x + width) x [y, y + height); empty
/// when width <= 0 or height <= 0. The same members as Rust's Bounds2D; edges are
/// computed in 64 bits, so nothing overflows. A plain value.
struct Bounds2D {
    std::int32_t x = 0;
    std::int32_t y = 0;
    std::int32_t width = 0;
    std::int32_t height = 0;

    constexpr Bounds2D() noexcept = default;
    constexpr Bounds2D(std::int32_t x_, std::int32_t y_, std::int32_t width_,
                       std::int32_t height_) noexcept
        : x(x_), y(y_), width(width_), height(height_)
    {
    }
    /// From the C struct.
    constexpr explicit Bounds2D(const pp_bounds &b) noexcept
        : x(b.x), y(b.y), width(b.width), height(b.height)
    {
    }
    /// To the C struct.
    constexpr pp_bounds to_c() const noexcept { return pp_bounds{x, y, width, height}; }

    /// Smallest x inside (= x).
    std::int64_t x_min() const noexcept { return pp_bounds_x_min(to_c()); }
    /// One past the largest x inside: x + width in 64 bits.
    std::int64_t x_max() const noexcept { return pp_bounds_x_max(to_c()); }
    /// Smallest y inside (= y).
    std::int64_t y_min() const noexcept { return pp_bounds_y_min(to_c()); }
    /// One past the largest y inside: y + height in 64 bits.
    std::int64_t y_max() const noexcept { return pp_bounds_y_max(to_c()); }
    /// True when the rectangle holds no pixel.
    bool is_empty() const noexcept { return pp_bounds_is_empty(to_c()) != 0; }
    /// True when world pixel (px, py) lies inside.
    bool contains(std::int32_t px, std::int32_t py) const noexcept
    {
        return pp_bounds_contains(to_c(), px, py) != 0;
    }
    /// True when the rectangles share a pixel; touching edges and empty rectangles never
    /// overlap.
    bool overlaps(const Bounds2D &other) const noexcept
    {
        return pp_bounds_overlaps(to_c(), other.to_c()) != 0;
    }
    /// The pixels both rectangles cover; nullopt when they do not overlap.
    std::optional<Bounds2D> intersection(const Bounds2D &other) const
    {
        std::uint8_t has = 0;
        pp_bounds out{};
        detail::check(pp_bounds_intersection(to_c(), other.to_c(), &has, &out));
        if (has == 0) {
            return std::nullopt;
        }
        return Bounds2D(out);
    }
    /// `global` relative to this rectangle's corner (same size, moved by (-x, -y)).
    /// Throws Error(Status::Overflow) when the moved corner does not fit in int32_t, as
    /// Rust returns Err and C# throws.
    Bounds2D to_local(const Bounds2D &global) const
    {
        pp_bounds out{};
        detail::check(pp_bounds_to_local(to_c(), global.to_c(), &out));
        return Bounds2D(out);
    }
    /// The inverse of to_local: `local`, given relative to this corner, in world
    /// coordinates. Throws Error(Status::Overflow) when it does not fit in int32_t.
    Bounds2D to_global(const Bounds2D &local) const
    {
        pp_bounds out{};
        detail::check(pp_bounds_to_global(to_c(), local.to_c(), &out));
        return Bounds2D(out);
    }
    /// Number of pixels inside (0 when empty), in 64 bits.
    std::uint64_t area() const noexcept { return pp_bounds_area(to_c()); }

    friend bool operator==(const Bounds2D &a, const Bounds2D &b) noexcept
    {
        return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height;
    }
    friend bool operator!=(const Bounds2D &a, const Bounds2D &b) noexcept { return !(a == b); }
};

} // namespace perpixel

#endif /* PERPIXEL_GEOMETRY_HPP */
