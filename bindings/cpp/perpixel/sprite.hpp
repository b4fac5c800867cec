/*
 * perpixel/sprite.hpp: a mask placed in the world, Sprite, and its pair and motion queries.
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_SPRITE_HPP
#define PERPIXEL_SPRITE_HPP

#include "perpixel.h"

#include "error.hpp"
#include "geometry.hpp"
#include "mask.hpp"
#include "motion.hpp"
#include "span.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace perpixel {

/// A mask placed in the world: mask pixel (0, 0) at world (x, y). With pixel_collision
/// false it collides as its full rectangle. Borrows the Mask, which must outlive it.
/// A plain value: copy it and share it between threads freely.
struct Sprite {
    const Mask *mask;
    std::int32_t x;
    std::int32_t y;
    bool pixel_collision;

    /// A sprite whose pixels count (pixel_collision true by default).
    Sprite(const Mask &mask_, std::int32_t x_, std::int32_t y_,
           bool pixel_collision_ = true) noexcept
        : mask(&mask_), x(x_), y(y_), pixel_collision(pixel_collision_)
    {
    }
    /// A temporary Mask would be destroyed before the Sprite is used.
    Sprite(Mask &&, std::int32_t, std::int32_t, bool = true) = delete;

    /// A sprite that collides as its full rectangle.
    static Sprite bounds_only(const Mask &mask_, std::int32_t x_, std::int32_t y_) noexcept
    {
        return Sprite(mask_, x_, y_, false);
    }
    static Sprite bounds_only(Mask &&, std::int32_t, std::int32_t) = delete;

    /// The sprite's rectangle in the world.
    Bounds2D bounds() const { return mask->bounds_at(x, y); }

    /// The C struct (borrowing the same mask).
    pp_sprite to_c() const noexcept
    {
        pp_sprite s;
        s.mask = mask->get();
        s.x = x;
        s.y = y;
        s.pixel_collision = pixel_collision ? 1 : 0;
        return s;
    }

    /// True when some world pixel is solid in both.
    bool collides(const Sprite &other) const
    {
        const pp_sprite a = to_c(), b = other.to_c();
        std::uint8_t out = 0;
        detail::check(pp_collides(&a, &b, &out));
        return out != 0;
    }
    /// The first world pixel solid in both (lowest y row first, then lowest x); nullopt
    /// when they do not touch.
    std::optional<Point> first_contact(const Sprite &other) const
    {
        const pp_sprite a = to_c(), b = other.to_c();
        std::uint8_t found = 0;
        pp_point p{};
        detail::check(pp_first_contact(&a, &b, &found, &p));
        if (found == 0) {
            return std::nullopt;
        }
        return Point{p.x, p.y};
    }
    /// Moves this sprite by (dx, dy) along its 4-connected path (one pixel in x or y per
    /// step, x first through pixel corners) and reports the first position where it
    /// touches `obstacle`, the last free one and their contact (pp_sweep). Every position
    /// is tested: nothing tunnels. Throws perpixel::Error when the end leaves int32_t.
    SweepResult sweep(const Sprite &obstacle, std::int32_t dx, std::int32_t dy) const
    {
        const pp_sprite a = to_c(), b = obstacle.to_c();
        pp_sweep_result r{};
        detail::check(pp_sweep(&a, &b, dx, dy, &r));
        return detail::sweep_result(r);
    }
    /// The contact normal between `obstacle` and this sprite: a unit vector from the
    /// obstacle's surface towards this sprite where they overlap or touch (eight-neighbour
    /// adjacency); nullopt when they neither overlap nor touch, or no direction stands out
    /// (pp_contact_normal has the exact definition). Exact on flat floors and walls.
    std::optional<Normal> contact_normal(const Sprite &obstacle) const
    {
        const pp_sprite a = to_c(), b = obstacle.to_c();
        std::uint8_t found = 0;
        pp_normal n{};
        detail::check(pp_contact_normal(&a, &b, &found, &n));
        return detail::normal(found, n);
    }
    /// The shortest whole-pixel translation after which this sprite no longer overlaps
    /// `obstacle`, among those `options` allows: {0, 0} when they do not overlap, nullopt
    /// when no allowed translation within options.max_distance frees it (pp_push_out).
    /// Throws Status::InvalidArgument for an Along direction of (0, 0) or an unknown
    /// direction.
    std::optional<Offset> push_out(const Sprite &obstacle,
                                   const PushOptions &options = PushOptions()) const
    {
        const pp_sprite a = to_c(), b = obstacle.to_c();
        const pp_push_options o = options.to_c();
        std::uint8_t found = 0;
        pp_offset out{};
        detail::check(pp_push_out(&a, &b, &o, &found, &out));
        if (found == 0) {
            return std::nullopt;
        }
        return Offset{out.dx, out.dy};
    }
    /// Moves this sprite by (dx, dy) against `count` obstacles the way pixel platformers
    /// do: x first, stopping before the first position that overlaps an obstacle
    /// (climbing up to options.step_up pixels), then y (pp_move_and_slide). The sprite
    /// itself is not changed: place it at the result's (x, y). Throws
    /// Status::InvalidArgument when options.up is not 1 or -1 or the motion leaves
    /// int32_t.
    MoveResult move_and_slide(const Sprite *obstacles, std::size_t count, std::int32_t dx,
                              std::int32_t dy, const MoveOptions &options = MoveOptions()) const
    {
        std::vector<pp_sprite> list;
        list.reserve(count);
        for (std::size_t i = 0; i < count; ++i) {
            list.push_back(obstacles[i].to_c());
        }
        const pp_sprite a = to_c();
        const pp_move_options o = options.to_c();
        pp_move_result r{};
        detail::check(pp_move_and_slide(&a, list.empty() ? nullptr : list.data(), list.size(),
                                        dx, dy, &o, &r));
        MoveResult out;
        out.x = r.x;
        out.y = r.y;
        out.blocked_x = r.blocked_x != 0;
        out.blocked_y = r.blocked_y != 0;
        out.started_inside = r.started_inside != 0;
        out.climbed = r.climbed;
        return out;
    }
    /// move_and_slide against a vector of obstacles.
    MoveResult move_and_slide(const std::vector<Sprite> &obstacles, std::int32_t dx,
                              std::int32_t dy, const MoveOptions &options = MoveOptions()) const
    {
        return move_and_slide(obstacles.data(), obstacles.size(), dx, dy, options);
    }
#ifdef PERPIXEL_HPP_HAS_SPAN
    /// move_and_slide against a span of obstacles.
    MoveResult move_and_slide(std::span<const Sprite> obstacles, std::int32_t dx,
                              std::int32_t dy, const MoveOptions &options = MoveOptions()) const
    {
        return move_and_slide(obstacles.data(), obstacles.size(), dx, dy, options);
    }
#endif
    /// The first solid pixel of this sprite on the ray from world pixel (x, y) in the
    /// direction (dx, dy) (not both 0), at most max_length pixels from the start; nullopt
    /// when there is none (pp_raycast). The ray visits the pixels of the 4-connected sweep
    /// path, so it never slips between pixels touching at a corner; the start pixel counts.
    /// Throws Status::InvalidArgument for a (0, 0) direction.
    std::optional<RayHit> raycast(std::int32_t x_, std::int32_t y_, std::int32_t dx,
                                  std::int32_t dy, std::uint32_t max_length) const
    {
        const pp_sprite s = to_c();
        std::uint8_t found = 0;
        pp_ray_hit h{};
        detail::check(pp_raycast(&s, x_, y_, dx, dy, max_length, &found, &h));
        if (found == 0) {
            return std::nullopt;
        }
        return detail::ray_hit(h);
    }
    /// True when world pixel (px, py) is solid in this sprite (inside its rectangle and
    /// solid in its mask; anywhere in its rectangle when bounds-only).
    bool solid_at(std::int64_t px, std::int64_t py) const
    {
        const pp_sprite s = to_c();
        std::uint8_t out = 0;
        detail::check(pp_solid_at(&s, px, py, &out));
        return out != 0;
    }
    /// How many world pixels are solid in both.
    std::uint64_t overlap_area(const Sprite &other) const
    {
        const pp_sprite a = to_c(), b = other.to_c();
        std::uint64_t out = 0;
        detail::check(pp_overlap_area(&a, &b, &out));
        return out;
    }
    /// The pixels solid in both, over the intersection of the bounds, in the world;
    /// nullopt when the bounds do not overlap.
    std::optional<Overlap> overlap_mask(const Sprite &other) const
    {
        const pp_sprite a = to_c(), b = other.to_c();
        pp_mask *m = nullptr;
        pp_bounds bounds{};
        detail::check(pp_overlap_mask(&a, &b, &m, &bounds));
        return detail::overlap(m, bounds);
    }
};

} // namespace perpixel

#endif /* PERPIXEL_SPRITE_HPP */
