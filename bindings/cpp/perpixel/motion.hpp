/*
 * perpixel/motion.hpp: what the motion queries take and give: SweepResult, PushOptions, MoveOptions,
 * MoveResult, RayHit, the contact normal's constants and sweep_path_position.
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_MOTION_HPP
#define PERPIXEL_MOTION_HPP

#include "perpixel.h"

#include "error.hpp"
#include "geometry.hpp"

#include <cstdint>
#include <optional>

namespace perpixel {

/// The radius, in pixels, the window of a contact normal extends beyond the contact.
constexpr std::uint32_t normal_radius = PP_NORMAL_RADIUS;
/// A straight run of surface at least this long is a flat face wherever a mover touches it
/// (the contact normal's rule, step 3, in the C header's `pp_contact_normal`).
constexpr std::uint32_t normal_flat_run = PP_NORMAL_FLAT_RUN;

/// What Sprite::sweep found (pp_sweep_result): the outcome, how far along the path, where
/// the sprite stopped, the last free position before it, their first contact and the
/// normal of the surface hit.
struct SweepResult {
    enum class Outcome : std::uint8_t {
        Clear = PP_SWEEP_CLEAR,                    ///< reached the end without touching
        Hit = PP_SWEEP_HIT,                        ///< touched part way
        StartsTouching = PP_SWEEP_STARTS_TOUCHING, ///< touched already at the start
    };
    Outcome outcome = Outcome::Clear;
    std::uint64_t step = 0;  ///< steps taken to `at` (0 when starting inside)
    std::uint64_t steps = 0; ///< steps of the whole path: |dx| + |dy|
    Point at;                ///< the sprite's pixel (0, 0) where it stopped
    Point last_free;         ///< one step before `at` (where a mover stops)
    Point contact;           ///< the first pixel solid in both at `at` ({0, 0} when clear)
    /// The surface hit, from the obstacle towards the sprite, to bounce or slide along: at
    /// a hit always there, the contact normal's rule at `last_free` over the faces across
    /// the blocked step only (or exactly the reverse step), so always against the motion
    /// (`pp_sweep_result.normal`); when starting inside, Sprite::contact_normal there;
    /// nullopt when clear or when there is none.
    std::optional<Normal> normal;

    /// True for Outcome::Hit.
    bool hit() const noexcept { return outcome == Outcome::Hit; }
    /// How far along the motion it touched, 0 to 1 (1 when clear; 0 when starting inside).
    double fraction() const noexcept
    {
        if (outcome == Outcome::StartsTouching) {
            return 0.0;
        }
        return steps == 0 ? 1.0 : static_cast<double>(step) / static_cast<double>(steps);
    }
};

/// Which translations Sprite::push_out may use (the PP_PUSH_* constants).
enum class PushDirection : std::uint8_t {
    /// Any translation, the shortest by Euclidean length; ties to the smallest dy, then the
    /// smallest dx (in a y-down world: up first, then left).
    Any = PP_PUSH_ANY,
    /// Along x only; on a tie, towards smaller x first.
    Horizontal = PP_PUSH_HORIZONTAL,
    /// Along y only; on a tie, towards smaller y first.
    Vertical = PP_PUSH_VERTICAL,
    /// Along (along_x, along_y) only, at the positions of the sweep path towards it.
    Along = PP_PUSH_ALONG,
};

/// How Sprite::push_out searches. A default-constructed PushOptions holds
/// pp_push_options_default()'s values (any direction, at most 64 pixels), read from the
/// library, and to_c() starts from pp_push_options_default(), so the C struct always
/// carries the cookie the library checks.
struct PushOptions {
    PushDirection direction = static_cast<PushDirection>(pp_push_options_default().direction);
    /// The direction for PushDirection::Along (not both 0; default (0, -1): towards
    /// smaller y only). Ignored otherwise.
    std::int32_t along_x = pp_push_options_default().along_x;
    std::int32_t along_y = pp_push_options_default().along_y;
    /// The longest translation tried, in pixels (Euclidean).
    std::uint32_t max_distance = pp_push_options_default().max_distance;

    /// Only along (dx, dy) (PushDirection::Along): the negated motion of a sprite pushes it
    /// back the way it came.
    static PushOptions along(std::int32_t dx, std::int32_t dy)
    {
        PushOptions o;
        o.direction = PushDirection::Along;
        o.along_x = dx;
        o.along_y = dy;
        return o;
    }

    /// To the C struct, starting from pp_push_options_default().
    pp_push_options to_c() const noexcept
    {
        pp_push_options o = pp_push_options_default();
        o.direction = static_cast<std::uint8_t>(direction);
        o.along_x = along_x;
        o.along_y = along_y;
        o.max_distance = max_distance;
        return o;
    }
};

/// How Sprite::move_and_slide moves. A default-constructed MoveOptions holds
/// pp_move_options_default()'s values (no climbing, y down); to_c() starts from it.
struct MoveOptions {
    /// The most pixels the mover may climb to pass a blocked x step (slopes, low ledges);
    /// 0 never climbs.
    std::uint32_t step_up = pp_move_options_default().step_up;
    /// Which way is up on the y axis, for climbing: -1 in a y-down world, 1 in a y-up
    /// world (Unity). Anything else throws Status::InvalidArgument.
    std::int32_t up = pp_move_options_default().up;

    /// To the C struct, starting from pp_move_options_default().
    pp_move_options to_c() const noexcept
    {
        pp_move_options o = pp_move_options_default();
        o.step_up = step_up;
        o.up = up;
        return o;
    }
};

/// Where Sprite::move_and_slide left the sprite (pp_move_result).
struct MoveResult {
    std::int32_t x = 0;          ///< world x of the sprite's pixel (0, 0) at the end
    std::int32_t y = 0;          ///< world y of the sprite's pixel (0, 0) at the end
    bool blocked_x = false;      ///< the x motion stopped short (false when started_inside)
    bool blocked_y = false;      ///< the y motion stopped short (on the ground; false when started_inside)
    /// It overlapped an obstacle at its start, so did not move: x, y are its start, neither
    /// axis is blocked and nothing was climbed, whatever the motion.
    bool started_inside = false;
    std::uint32_t climbed = 0;   ///< pixels climbed by stepping up
};

/// What Sprite::raycast hit (pp_ray_hit).
struct RayHit {
    Point pixel;            ///< the first solid pixel on the ray
    std::uint64_t step = 0; ///< steps along the ray's path from its start (0: starts inside)
    double distance = 0.0;  ///< from the start pixel to `pixel`, between their centres
    /// The surface normal at `pixel`, out of the sprite towards where the ray came from: a
    /// sweep hit's normal for a one-pixel mover at the ray's last free pixel, so always there
    /// and against the ray when `step` > 0 (`pp_ray_hit.normal`); nullopt when there is none.
    std::optional<Normal> normal;
};

namespace detail {
inline SweepResult sweep_result(const pp_sweep_result &r)
{
    SweepResult out;
    out.outcome = static_cast<SweepResult::Outcome>(r.outcome);
    out.step = r.step;
    out.steps = r.steps;
    out.at = Point{r.at.x, r.at.y};
    out.last_free = Point{r.last_free.x, r.last_free.y};
    out.contact = Point{r.contact.x, r.contact.y};
    out.normal = normal(r.has_normal, r.normal);
    return out;
}

inline RayHit ray_hit(const pp_ray_hit &h)
{
    RayHit out;
    out.pixel = Point{h.pixel.x, h.pixel.y};
    out.step = h.step;
    out.distance = h.distance;
    out.normal = normal(h.has_normal, h.normal);
    return out;
}
} // namespace detail

/// The offset from the start of a sweep by (dx, dy) after `step` steps of its path (0: the
/// start; |dx| + |dy|: the end), computed without walking the path: the position a
/// SweepResult::step counts to, so a game can follow the same path itself
/// (pp_sweep_path_position). Throws perpixel::Error (InvalidArgument) past the end.
inline Point sweep_path_position(std::int32_t dx, std::int32_t dy, std::uint64_t step)
{
    pp_point p{};
    detail::check(pp_sweep_path_position(dx, dy, step, &p));
    return Point{p.x, p.y};
}

} // namespace perpixel

#endif /* PERPIXEL_MOTION_HPP */
