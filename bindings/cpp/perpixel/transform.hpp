/*
 * perpixel/transform.hpp: masks moved by sub-pixels, rotated, scaled or mirrored: Transform, Raster
 * (Mask::rasterise), TransformedSprite.
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_TRANSFORM_HPP
#define PERPIXEL_TRANSFORM_HPP

#include "perpixel.h"

#include "error.hpp"
#include "geometry.hpp"
#include "mask.hpp"
#include "sprite.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <utility>

namespace perpixel {

/// How a mask is placed in the world when it is moved by sub-pixels, rotated, scaled or
/// mirrored (pp_transform). Defaults: the identity at (0, 0), the pivot at the mask's
/// centre. Mask point m lands at (x, y) + pivot + R(rotation) * S * (m - pivot), with S
/// the scale (negated by a flip); world pixel (X, Y) is covered when its centre
/// (X + 0.5, Y + 0.5), mapped back, lands in a solid texel. Exact and the same on every
/// platform. A plain value.
struct Transform {
    double x = 0.0;
    double y = 0.0;
    /// The point (mask pixels) rotation, scale and flips turn about; nullopt: the
    /// centre of the mask's rectangle.
    std::optional<std::pair<double, double>> pivot;
    /// Degrees, positive from +x towards +y.
    double rotation_degrees = 0.0;
    double scale_x = 1.0;
    double scale_y = 1.0;
    bool flip_x = false;
    bool flip_y = false;

    /// The identity moved to (x, y).
    static Transform at(double x_, double y_)
    {
        Transform t;
        t.x = x_;
        t.y = y_;
        return t;
    }

    /// The C struct, from pp_transform_default().
    pp_transform to_c() const
    {
        pp_transform t = pp_transform_default();
        t.x = x;
        t.y = y;
        if (pivot) {
            t.has_pivot = 1;
            t.pivot_x = pivot->first;
            t.pivot_y = pivot->second;
        }
        t.rotation_degrees = rotation_degrees;
        t.scale_x = scale_x;
        t.scale_y = scale_y;
        t.flip_x = flip_x ? 1 : 0;
        t.flip_y = flip_y ? 1 : 0;
        return t;
    }
};

/// A transformed sprite on the world pixel grid: the mask of the world pixels it covers,
/// whose pixel (0, 0) is world (x, y). Every pair query takes it through sprite().
/// Keep it while the transform only moves by whole pixels (then move x, y by as much).
struct Raster {
    Mask mask;
    std::int32_t x;
    std::int32_t y;

    /// The raster as a placed sprite (borrowing this Raster's mask).
    Sprite sprite() const { return Sprite(mask, x, y); }
};

/// A mask placed by a Transform, asked directly (pp_transformed_*): only the world pixels
/// inside both masks' solid bounds are sampled, no raster is made. The same answers as
/// the two sprites' rasters; faster for a pair asked about once (a sprite whose angle
/// changes every frame). Borrows the Mask, which must outlive it. Pixel collision only.
/// A sprite whose raster would exceed the mask size limit makes every query throw
/// Error(Status::TooLarge), as Mask::rasterise does; within it, a query's work is at most
/// the smaller sprite's raster (its rows and pixels).
struct TransformedSprite {
    const Mask *mask;
    Transform transform;

    TransformedSprite(const Mask &mask_, const Transform &transform_)
        : mask(&mask_), transform(transform_)
    {
    }
    TransformedSprite(Mask &&, const Transform &) = delete;

    /// True when some world pixel is covered by both.
    bool collides(const TransformedSprite &other) const
    {
        const pp_transform a = transform.to_c(), b = other.transform.to_c();
        std::uint8_t out = 0;
        detail::check(pp_transformed_collides(mask->get(), &a, other.mask->get(), &b, &out));
        return out != 0;
    }
    /// The first world pixel covered by both (lowest y row first, then lowest x).
    std::optional<Point> first_contact(const TransformedSprite &other) const
    {
        const pp_transform a = transform.to_c(), b = other.transform.to_c();
        std::uint8_t found = 0;
        pp_point p{};
        detail::check(
            pp_transformed_first_contact(mask->get(), &a, other.mask->get(), &b, &found, &p));
        if (found == 0) {
            return std::nullopt;
        }
        return Point{p.x, p.y};
    }
    /// How many world pixels both cover.
    std::uint64_t overlap_area(const TransformedSprite &other) const
    {
        const pp_transform a = transform.to_c(), b = other.transform.to_c();
        std::uint64_t out = 0;
        detail::check(pp_transformed_overlap_area(mask->get(), &a, other.mask->get(), &b, &out));
        return out;
    }
    /// True when world pixel (x, y) is covered: its centre, mapped back into the mask,
    /// lands in a solid texel (the raster's pixel; pp_transformed_solid_at).
    bool solid_at(std::int64_t x, std::int64_t y) const
    {
        const pp_transform t = transform.to_c();
        std::uint8_t out = 0;
        detail::check(pp_transformed_solid_at(mask->get(), &t, x, y, &out));
        return out != 0;
    }
};

inline Raster Mask::rasterise(const Transform &transform, bool bounds_only) const
{
    const pp_transform t = transform.to_c();
    pp_mask *m = nullptr;
    std::int32_t x = 0, y = 0;
    detail::check(pp_mask_rasterise(handle_, &t, bounds_only ? 1 : 0, &m, &x, &y));
    return Raster{Mask(m), x, y};
}

inline Raster Mask::rasterise_matrix(const std::array<double, 6> &matrix, bool bounds_only) const
{
    pp_mask *m = nullptr;
    std::int32_t x = 0, y = 0;
    detail::check(
        pp_mask_rasterise_matrix(handle_, matrix.data(), bounds_only ? 1 : 0, &m, &x, &y));
    return Raster{Mask(m), x, y};
}

} // namespace perpixel

#endif /* PERPIXEL_TRANSFORM_HPP */
