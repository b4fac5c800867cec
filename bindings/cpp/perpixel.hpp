/*
 * perpixel.hpp: a header-only C++17 wrapper over the perpixel C ABI (perpixel.h).
 *
 * Pixel-perfect 2D sprite collision: build a perpixel::Mask once per sprite image, place
 * it with a perpixel::Sprite, and ask collides / first_contact / overlap_area /
 * overlap_mask. Every call goes through the C functions in perpixel.h; nothing is
 * reimplemented here, so C, C++, C# and Rust always give the same answers.
 *
 *   #include "perpixel.hpp"
 *   auto ship = perpixel::Mask::from_image_file("ship.png");
 *   auto rock = perpixel::Mask::from_image_file("rock.png");
 *   perpixel::Sprite a(ship, 100, 40), b(rock, 110, 50);
 *   if (auto hit = a.first_contact(b)) std::printf("hit at %lld,%lld\n",
 *                                                  (long long)hit->x, (long long)hit->y);
 *
 * Motion: Sprite::sweep (with the contact normal where it stopped), contact_normal,
 * push_out (PushOptions), move_and_slide (MoveOptions, over a vector, a pointer and a count,
 * or a C++20 span of obstacles), raycast and solid_at; TransformedSprite::solid_at.
 *
 * Errors: every failing C call throws perpixel::Error (a std::runtime_error) carrying the
 * perpixel::Status and the library's message. Queries on valid masks never throw except
 * on a moved-from Mask (Status::NullPointer).
 *
 * Ownership: Mask is move-only RAII over a pp_mask * (freed in the destructor). A
 * moved-from Mask holds nothing; using it throws Error(Status::NullPointer) rather than
 * crashing. Sprite borrows its Mask: the Mask must outlive it (binding a Sprite to a
 * temporary Mask does not compile).
 *
 * Threads: a Mask nobody edits may be shared: any number of threads may call its const
 * members (and query Sprites built on it) at once without locks; editing it in place (its
 * non-const members), destroying or assigning to it needs exclusive access. Bounds2D, Point, MaskOptions, Sprite and the
 * motion types (Normal, PushOptions, Offset, MoveOptions, MoveResult, RayHit) are plain
 * values. Errors are per thread (the message an Error carries is the throwing thread's).
 * set_max_mask_pixels changes one process-wide setting: call it at start-up.
 *
 * World: move-only RAII over a pp_world * holding bodies (BodyId values, generational:
 * an id of a destroyed body throws Status::StaleBody). update() returns Events whose
 * PairViews point into the world's arrays, valid until the next update. Changes from one
 * thread at a time (a change racing another call throws Status::InvalidArgument); the
 * const members may run on many threads at once while nothing changes the world.
 *
 * The C ABI's conventions underneath (statuses, handles, buffers, absent answers versus
 * errors, options defaults) are in ARCHITECTURE.md, "The C ABI conventions".
 *
 * Requirements: C++17 (std::optional); with C++20, std::span overloads are added.
 * Link with the perpixel library (CMake: perpixel::perpixel or perpixel::perpixel_static;
 * pkg-config: perpixel).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_HPP
#define PERPIXEL_HPP

#include "perpixel.h"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#if __cplusplus >= 202002L && defined(__has_include)
#if __has_include(<span>)
#include <span>
#define PERPIXEL_HPP_HAS_SPAN 1
#endif
#endif

namespace perpixel {

/// The status of a failed call: the C ABI's pp_status.
enum class Status : std::uint32_t {
    Ok = PP_OK,
    NullPointer = PP_ERR_NULL_POINTER,
    InvalidArgument = PP_ERR_INVALID_ARGUMENT,
    BufferTooSmall = PP_ERR_BUFFER_TOO_SMALL,
    StrideTooSmall = PP_ERR_STRIDE_TOO_SMALL,
    RegionOutOfBounds = PP_ERR_REGION_OUT_OF_BOUNDS,
    TooLarge = PP_ERR_TOO_LARGE,
    Overflow = PP_ERR_OVERFLOW,
    Decode = PP_ERR_DECODE,
    Io = PP_ERR_IO,
    OutOfMemory = PP_ERR_OUT_OF_MEMORY,
    Panic = PP_ERR_PANIC,
    BadBakedData = PP_ERR_BAD_BAKED_DATA,
    InvalidTransform = PP_ERR_INVALID_TRANSFORM,
    StaleBody = PP_ERR_STALE_BODY,
    WrongWorld = PP_ERR_WRONG_WORLD,
    MaskShared = PP_ERR_MASK_SHARED,
};

/// A short static description of a status ("ok", "null pointer", ...).
inline const char *status_text(Status status) noexcept
{
    return pp_status_text(static_cast<std::uint32_t>(status));
}

/// What every failing call throws: the status and the library's message in words.
class Error : public std::runtime_error {
public:
    Error(Status status, const std::string &message)
        : std::runtime_error(message), status_(status)
    {
    }

    /// The status the C call returned.
    Status status() const noexcept { return status_; }

private:
    Status status_;
};

namespace detail {
/// Throws Error for any status but PP_OK, with the calling thread's last error message.
inline void check(pp_status status)
{
    if (status != PP_OK) {
        const char *message = pp_last_error_message();
        throw Error(static_cast<Status>(status),
                    message != nullptr && message[0] != '\0' ? message
                                                             : pp_status_text(status));
    }
}

/// `s` for a C call taking a NUL-terminated string. A string holding a NUL is refused
/// (Status::InvalidArgument): C would read only up to it (another file, another name).
inline const char *c_string(const std::string &s, const char *what)
{
    if (s.find('\0') != std::string::npos) {
        throw Error(Status::InvalidArgument, std::string(what) + " cannot contain NUL");
    }
    return s.c_str();
}
} // namespace detail

/// The library's version, "major.minor.patch".
inline std::string version() { return pp_version(); }

/// The library's version as major * 10000 + minor * 100 + patch; compare it with
/// PP_VERSION_NUMBER to detect a library that does not match this header.
inline std::uint32_t version_number() noexcept { return pp_version_number(); }

/// The most pixels one mask may hold right now (default PP_MAX_MASK_PIXELS = 2^26).
/// Larger masks, and images whose header claims more, throw Error(Status::TooLarge).
inline std::uint64_t max_mask_pixels() noexcept { return pp_max_mask_pixels(); }

/// Sets the process-wide mask size limit (at least 1; throws Status::InvalidArgument for
/// 0). Masks already built are unaffected. Call it at start-up.
inline void set_max_mask_pixels(std::uint64_t pixels)
{
    detail::check(pp_set_max_mask_pixels(pixels));
}

/// How the pixels of a caller's buffer are laid out.
/// The bytes of one pixel. The PP_FORMAT_* docs in perpixel.h say which format each
/// engine hands out; in short (LE: little-endian CPUs such as x86 and ARM):
/// Unity Color32, XNA/MonoGame Color, raylib R8G8B8A8, SFML Image, Godot FORMAT_RGBA8 and
/// SDL_PIXELFORMAT_RGBA32 are Rgba8; SDL_PIXELFORMAT_RGBA8888 is Abgr8 on LE (Rgba8 on
/// big-endian); SDL_PIXELFORMAT_ARGB8888 is Argb32 everywhere.
enum class PixelFormat : std::uint32_t {
    Rgba8 = PP_FORMAT_RGBA8,   ///< bytes R, G, B, A (Unity Color32, XNA Color, SDL RGBA32)
    Bgra8 = PP_FORMAT_BGRA8,   ///< bytes B, G, R, A (Direct3D, Windows bitmaps, SDL BGRA32)
    Argb32 = PP_FORMAT_ARGB32, ///< native-endian 0xAARRGGBB words (SDL ARGB8888, not SDL ARGB32)
    A8 = PP_FORMAT_A8,         ///< one alpha byte per pixel
    Argb8 = PP_FORMAT_ARGB8,   ///< bytes A, R, G, B (SDL ARGB32; SDL BGRA8888 on LE)
    Abgr8 = PP_FORMAT_ABGR8,   ///< bytes A, B, G, R (SDL ABGR32; SDL RGBA8888 on LE)
};

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

    /// The angle in degrees, atan2(y, x): -90 is (0, -1).
    double degrees() const noexcept { return std::atan2(y, x) * 57.29577951308232; }

    friend bool operator==(const Normal &a, const Normal &b) noexcept
    {
        return a.x == b.x && a.y == b.y;
    }
    friend bool operator!=(const Normal &a, const Normal &b) noexcept { return !(a == b); }
};

/// The radius, in pixels, the window of a contact normal extends beyond the contact.
constexpr std::uint32_t normal_radius = PP_NORMAL_RADIUS;
/// A straight run of surface at least this long is a flat face wherever a mover touches it
/// (the contact normal's rule, step 3, in the C header's `pp_contact_normal`).
constexpr std::uint32_t normal_flat_run = PP_NORMAL_FLAT_RUN;

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

/// How pixels become solid, and which part of the image to take. A default-constructed
/// MaskOptions holds pp_mask_options_default()'s values (threshold 1: alpha != 0 is solid;
/// no colour key, no flips, the whole image), read from the library itself, and to_c()
/// starts from pp_mask_options_default(), so the C struct always carries the cookie the
/// library checks.
struct MaskOptions {
    /// A pixel is solid when its alpha is >= threshold (0: every pixel). pygame's
    /// from_surface(s, t) is threshold t + 1.
    std::uint8_t threshold = pp_mask_options_default().threshold;
    /// Pixels whose red, green, blue equal the key are empty (not with PixelFormat::A8).
    std::optional<std::array<std::uint8_t, 3>> color_key;
    /// Mask column 0 is the region's last image column (a sprite mirrored left to right).
    bool flip_x = pp_mask_options_default().flip_x != 0;
    /// Mask row 0 is the region's last image row (a top-row-first image, y-up world).
    bool flip_y = pp_mask_options_default().flip_y != 0;
    /// The sub-rectangle to take (an atlas frame); it must lie inside the image.
    std::optional<Bounds2D> region;

    /// To the C struct, starting from pp_mask_options_default().
    pp_mask_options to_c() const noexcept
    {
        pp_mask_options o = pp_mask_options_default();
        o.threshold = threshold;
        o.flip_x = flip_x ? 1 : 0;
        o.flip_y = flip_y ? 1 : 0;
        if (color_key) {
            o.has_color_key = 1;
            o.color_key[0] = (*color_key)[0];
            o.color_key[1] = (*color_key)[1];
            o.color_key[2] = (*color_key)[2];
        }
        if (region) {
            o.has_region = 1;
            o.region = region->to_c();
        }
        return o;
    }
};

// ---- Shape tools: analysis, morphology, conversions (issue 16): option and value types --

/// Which neighbours join solid pixels into one connected component.
enum class Connectivity : std::uint32_t {
    Eight = PP_CONNECTIVITY_8, ///< touching by a side or a corner (pygame's rule, the default)
    Four = PP_CONNECTIVITY_4,  ///< touching by a side only
};

/// The order components are listed (and numbered in a label image) in.
enum class ComponentOrder : std::uint32_t {
    Position = PP_ORDER_POSITION,           ///< first pixel in row-major order first (pygame)
    LargestFirst = PP_ORDER_LARGEST_FIRST,  ///< most pixels first; equal sizes by position
};

/// How the component members find and list components. A default-constructed
/// ComponentOptions holds pp_component_options_default()'s values (pygame's: 8-connected,
/// by position, every component), and to_c() starts from that function, so the C struct
/// always carries the cookie the library checks.
struct ComponentOptions {
    Connectivity connectivity =
        static_cast<Connectivity>(pp_component_options_default().connectivity);
    ComponentOrder order = static_cast<ComponentOrder>(pp_component_options_default().order);
    /// Components with fewer pixels are left out (pygame's `minimum`; 0 keeps all).
    std::uint64_t min_pixels = pp_component_options_default().min_pixels;

    /// To the C struct, starting from pp_component_options_default().
    pp_component_options to_c() const noexcept
    {
        pp_component_options o = pp_component_options_default();
        o.connectivity = static_cast<std::uint32_t>(connectivity);
        o.order = static_cast<std::uint32_t>(order);
        o.min_pixels = min_pixels;
        return o;
    }
};

/// The connected components as a label image (Mask::component_labels): labels[y * width
/// + x] is 0 for an empty pixel, 1..count for the components in the order asked for.
struct ComponentLabels {
    std::int32_t width = 0;
    std::int32_t height = 0;
    std::vector<std::uint32_t> labels;
    /// The number of components (the largest label).
    std::uint32_t count = 0;

    /// The label of pixel (x, y); 0 outside the mask.
    std::uint32_t label_at(std::int32_t x, std::int32_t y) const noexcept
    {
        if (x < 0 || y < 0 || x >= width || y >= height) {
            return 0;
        }
        return labels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                      static_cast<std::size_t>(x)];
    }
};

/// The reach of Mask::grow and Mask::shrink: which pixels (dx, dy) lie within n.
enum class Norm : std::uint32_t {
    Disc = PP_NORM_DISC,       ///< dx^2 + dy^2 <= n^2 (Godot's grow_mask; the default)
    Square = PP_NORM_SQUARE,   ///< max(|dx|, |dy|) <= n
    Diamond = PP_NORM_DIAMOND, ///< |dx| + |dy| <= n
};

/// How Mask::grow and Mask::shrink reach. Default-constructed: pp_morph_options_default()'s
/// values (a disc; shrinking from the mask's edges too, Godot's rule); to_c() starts from
/// that function.
struct MorphOptions {
    Norm norm = static_cast<Norm>(pp_morph_options_default().norm);
    /// Shrinking counts the pixels past the mask's edges as empty (false: a terrain filling
    /// the bottom edge keeps it).
    bool shrink_from_edges = pp_morph_options_default().shrink_from_edges != 0;

    /// To the C struct, starting from pp_morph_options_default().
    pp_morph_options to_c() const noexcept
    {
        pp_morph_options o = pp_morph_options_default();
        o.norm = static_cast<std::uint32_t>(norm);
        o.shrink_from_edges = shrink_from_edges ? 1 : 0;
        return o;
    }
};

/// A colour by channel (red, green, blue, alpha), whatever the pixel format.
struct Rgba {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    std::uint8_t a = 0;

    constexpr Rgba() noexcept = default;
    constexpr Rgba(std::uint8_t r_, std::uint8_t g_, std::uint8_t b_, std::uint8_t a_) noexcept
        : r(r_), g(g_), b(b_), a(a_)
    {
    }
    /// To the C struct.
    constexpr pp_rgba to_c() const noexcept { return pp_rgba{r, g, b, a}; }

    friend bool operator==(const Rgba &x, const Rgba &y) noexcept
    {
        return x.r == y.r && x.g == y.g && x.b == y.b && x.a == y.a;
    }
    friend bool operator!=(const Rgba &x, const Rgba &y) noexcept { return !(x == y); }
};

/// The colours Mask::from_color_range makes solid: every channel between min and max,
/// both inclusive (a channel whose min exceeds its max admits nothing).
struct ColorRange {
    Rgba min;
    Rgba max;

    /// pygame's from_threshold rule: red, green and blue within threshold of color
    /// (|channel - color| < threshold), any alpha (pygame-ce does not compare alpha).
    static ColorRange within(const Rgba &color, const Rgba &threshold) noexcept
    {
        const pp_color_range r = pp_color_range_within(color.to_c(), threshold.to_c());
        return ColorRange{Rgba(r.min.r, r.min.g, r.min.b, r.min.a),
                          Rgba(r.max.r, r.max.g, r.max.b, r.max.a)};
    }
    /// To the C struct.
    constexpr pp_color_range to_c() const noexcept
    {
        return pp_color_range{min.to_c(), max.to_c()};
    }
};

namespace detail {
/// A list by the buffer convention: `call(buf, buf_len, &len)` once for the size, once to
/// fill.
template <typename T, typename Call> std::vector<T> fetch_list(Call call)
{
    std::size_t size = 0;
    check(call(static_cast<T *>(nullptr), 0, &size));
    std::vector<T> out(size);
    check(call(out.data(), out.size(), &size));
    out.resize(size);
    return out;
}
} // namespace detail

// ---- end of the shape tools' types ------------------------------------------------------

struct Overlap;
struct Transform;
struct Raster;
struct PolygonOptions;
struct Polygons;
struct ConvexPieces;
struct Vertex;

/// A sprite's solid pixels, one bit per pixel: move-only RAII over a pp_mask *.
/// Its const members may be called from any number of threads at once; the edits
/// (non-const members) need exclusive access and the mask's only reference.
class Mask {
public:
    /// A width x height mask, every pixel solid or none.
    static Mask create(std::int32_t width, std::int32_t height, bool solid)
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_new(width, height, solid ? 1 : 0, &m));
        return Mask(m);
    }

    /// A mask from pixels in memory (read in place, not kept): `len` bytes at `data`,
    /// `stride_bytes` from one row's start to the next (at least width * bytes per pixel;
    /// the last row needs no padding).
    static Mask from_pixels(const void *data, std::size_t len, PixelFormat format,
                            std::int32_t width, std::int32_t height, std::int32_t stride_bytes,
                            const MaskOptions &options = MaskOptions())
    {
        pp_mask *m = nullptr;
        const pp_mask_options o = options.to_c();
        detail::check(pp_mask_from_pixels(static_cast<const std::uint8_t *>(data), len,
                                          static_cast<std::uint32_t>(format), width, height,
                                          stride_bytes, &o, &m));
        return Mask(m);
    }

    /// A mask from an encoded image in memory (PNG, GIF, JPEG, BMP, WebP, QOI; TGA only from a file).
    static Mask from_image_bytes(const void *data, std::size_t len,
                                 const MaskOptions &options = MaskOptions())
    {
        pp_mask *m = nullptr;
        const pp_mask_options o = options.to_c();
        detail::check(pp_mask_from_image_bytes(static_cast<const std::uint8_t *>(data), len,
                                               &o, &m));
        return Mask(m);
    }

    /// A mask from an image file (a UTF-8 path). A path that is not a regular file (a FIFO,
    /// a directory, a device) throws Error(Status::Io) before anything is read.
    static Mask from_image_file(const std::string &utf8_path,
                                const MaskOptions &options = MaskOptions())
    {
        pp_mask *m = nullptr;
        const pp_mask_options o = options.to_c();
        detail::check(pp_mask_from_image_path(detail::c_string(utf8_path, "path"), &o, &m));
        return Mask(m);
    }

#ifdef PERPIXEL_HPP_HAS_SPAN
    /// from_pixels over a span of bytes.
    static Mask from_pixels(std::span<const std::uint8_t> pixels, PixelFormat format,
                            std::int32_t width, std::int32_t height, std::int32_t stride_bytes,
                            const MaskOptions &options = MaskOptions())
    {
        return from_pixels(pixels.data(), pixels.size(), format, width, height, stride_bytes,
                           options);
    }
    /// from_pixels over a span of std::byte.
    static Mask from_pixels(std::span<const std::byte> pixels, PixelFormat format,
                            std::int32_t width, std::int32_t height, std::int32_t stride_bytes,
                            const MaskOptions &options = MaskOptions())
    {
        return from_pixels(pixels.data(), pixels.size(), format, width, height, stride_bytes,
                           options);
    }
    /// from_image_bytes over a span of bytes.
    static Mask from_image_bytes(std::span<const std::uint8_t> encoded,
                                 const MaskOptions &options = MaskOptions())
    {
        return from_image_bytes(encoded.data(), encoded.size(), options);
    }
    /// from_image_bytes over a span of std::byte.
    static Mask from_image_bytes(std::span<const std::byte> encoded,
                                 const MaskOptions &options = MaskOptions())
    {
        return from_image_bytes(encoded.data(), encoded.size(), options);
    }
#endif

    /// A mask from baked bytes holding exactly one mask (what to_baked and
    /// `perpixel bake` on one image write). Throws Status::BadBakedData on anything that
    /// is not a valid baked mask.
    static Mask from_baked(const void *data, std::size_t len)
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_from_baked(static_cast<const std::uint8_t *>(data), len, &m));
        return Mask(m);
    }

    /// The mask in the baked file format (one unnamed mask), for from_baked.
    std::vector<std::uint8_t> to_baked() const
    {
        std::size_t size = 0;
        detail::check(pp_mask_to_baked(handle_, nullptr, 0, &size));
        std::vector<std::uint8_t> out(size);
        detail::check(pp_mask_to_baked(handle_, out.data(), out.size(), &size));
        out.resize(size);
        return out;
    }

    /// Takes ownership of a handle from the C API (nullptr gives an empty Mask).
    explicit Mask(pp_mask *owned) noexcept : handle_(owned) {}

    Mask(const Mask &) = delete;
    Mask &operator=(const Mask &) = delete;
    Mask(Mask &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Mask &operator=(Mask &&other) noexcept
    {
        if (this != &other) {
            pp_mask_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    ~Mask() { pp_mask_free(handle_); }

    /// The C handle, still owned by this Mask (nullptr after a move).
    const pp_mask *get() const noexcept { return handle_; }
    /// Gives up ownership: the caller frees the handle with pp_mask_free.
    pp_mask *release() noexcept { return std::exchange(handle_, nullptr); }
    /// False for a moved-from (or released) Mask.
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /// Width in pixels.
    std::int32_t width() const { return size().first; }
    /// Height in pixels.
    std::int32_t height() const { return size().second; }
    /// The mask's rectangle when placed at (x, y).
    Bounds2D bounds_at(std::int32_t x, std::int32_t y) const
    {
        const auto wh = size();
        return Bounds2D(x, y, wh.first, wh.second);
    }
    /// Whether pixel (x, y) is solid; false outside the mask.
    bool is_solid(std::int32_t x, std::int32_t y) const
    {
        std::uint8_t out = 0;
        detail::check(pp_mask_is_solid(handle_, x, y, &out));
        return out != 0;
    }
    /// Number of solid pixels.
    std::uint64_t count() const
    {
        std::uint64_t out = 0;
        detail::check(pp_mask_count(handle_, &out));
        return out;
    }
    /// The stable 64-bit hash of the size and pixels (pp_mask_hash): equal masks hash
    /// equal on every platform and in every language.
    std::uint64_t hash() const
    {
        std::uint64_t out = 0;
        detail::check(pp_mask_hash(handle_, &out));
        return out;
    }
    /// The smallest rectangle (in mask pixels) holding every solid pixel; nullopt when
    /// none is solid.
    std::optional<Bounds2D> solid_bounds() const
    {
        std::uint8_t has = 0;
        pp_bounds out{};
        detail::check(pp_mask_solid_bounds(handle_, &has, &out));
        if (has == 0) {
            return std::nullopt;
        }
        return Bounds2D(out);
    }

    /// The pixels as raw bytes: rows top to bottom, ceil(width / 8) bytes each, bit i % 8
    /// of byte i / 8 is pixel i (least significant bit first), padding bits 0.
    std::vector<std::uint8_t> to_bytes() const
    {
        std::size_t size = 0;
        detail::check(pp_mask_to_bytes(handle_, nullptr, 0, &size));
        std::vector<std::uint8_t> out(size);
        detail::check(pp_mask_to_bytes(handle_, out.data(), out.size(), &size));
        return out;
    }
    /// A mask from bytes in to_bytes()'s layout (exactly height * ceil(width / 8) of them;
    /// padding bits ignored).
    static Mask from_bytes(std::int32_t width, std::int32_t height, const std::uint8_t *data,
                           std::size_t len)
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_from_bytes(width, height, data, len, &m));
        return Mask(m);
    }

    // Shape tools: polygons and outlines (issue 16); defined after Raster, in their block.
    /// The polygons of the solid pixels (see Polygons, PolygonOptions; none: the defaults).
    Polygons polygons(const PolygonOptions &options) const;
    Polygons polygons() const;
    /// The polygons cut into convex pieces of at most options.max_vertices vertices.
    ConvexPieces convex_pieces(const PolygonOptions &options) const;
    ConvexPieces convex_pieces() const;
    /// pygame's outline of the first solid region: mask pixels, every `every`-th (>= 1).
    std::vector<Vertex> outline(std::uint32_t every = 1) const;

    /// A copy whose pixels are its own: editable even when this mask is shared.
    Mask copy() const
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_copy(handle_, &m));
        return Mask(m);
    }

    // Editing in place (pp_mask_set_pixel ...): each edit changes this mask and keeps its
    // caches exact at the cost of the pixels it touches. It needs the only reference:
    // a mask a World body or a bundle also holds throws Status::MaskShared (edit copy(),
    // or a body's mask with World::edit_mask). Not thread-safe for this mask.

    /// Makes pixel (x, y) solid or empty; outside the mask: ignored.
    void set_pixel(std::int32_t x, std::int32_t y, bool solid)
    {
        detail::check(pp_mask_set_pixel(handle_, x, y, solid ? 1 : 0));
    }
    /// Makes every pixel of `rect` (clipped) solid or empty.
    void fill_rect(const Bounds2D &rect, bool solid)
    {
        detail::check(pp_mask_fill_rect(handle_, rect.to_c(), solid ? 1 : 0));
    }
    /// ORs `other` in with its pixel (0, 0) at (x, y) (clipped; `other` may be *this).
    void draw(const Mask &other, std::int32_t x, std::int32_t y)
    {
        detail::check(pp_mask_draw(handle_, other.handle_, x, y));
    }
    /// Clears the pixels solid in `other` placed at (x, y).
    void erase(const Mask &other, std::int32_t x, std::int32_t y)
    {
        detail::check(pp_mask_erase(handle_, other.handle_, x, y));
    }
    /// Keeps only the pixels solid in `other` placed at (x, y) (outside it: cleared).
    void intersect(const Mask &other, std::int32_t x, std::int32_t y)
    {
        detail::check(pp_mask_intersect(handle_, other.handle_, x, y));
    }
    /// Flips the pixels where `other` placed at (x, y) is solid.
    void xor_with(const Mask &other, std::int32_t x, std::int32_t y)
    {
        detail::check(pp_mask_xor(handle_, other.handle_, x, y));
    }
    /// Flips every pixel.
    void invert() { detail::check(pp_mask_invert(handle_)); }
    /// The disc of `radius` around pixel (cx, cy): (i - cx)^2 + (j - cy)^2 <= r^2 + r.
    void fill_circle(std::int32_t cx, std::int32_t cy, std::uint32_t radius, bool solid)
    {
        detail::check(pp_mask_fill_circle(handle_, cx, cy, radius, solid ? 1 : 0));
    }
    /// The ellipse inscribed in `rect` (pixel centres inside it).
    void fill_ellipse(const Bounds2D &rect, bool solid)
    {
        detail::check(pp_mask_fill_ellipse(handle_, rect.to_c(), solid ? 1 : 0));
    }
    /// A thick line with round caps: pixels within radius + 1/2 of the segment.
    void draw_line(std::int32_t x0, std::int32_t y0, std::int32_t x1, std::int32_t y1,
                   std::uint32_t radius, bool solid)
    {
        detail::check(pp_mask_draw_line(handle_, x0, y0, x1, y1, radius, solid ? 1 : 0));
    }

    /// A new mask mirrored left-right (flip_x) and/or up-down (flip_y); exact.
    Mask flipped(bool flip_x, bool flip_y) const
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_flip(handle_, flip_x ? 1 : 0, flip_y ? 1 : 0, &m));
        return Mask(m);
    }
    /// A new mask turned by quarter_turns quarter turns (modulo 4), positive from +x
    /// towards +y: one turn takes pixel (i, j) to (height - 1 - j, i); exact.
    Mask rotated_quarter(std::int32_t quarter_turns) const
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_rotate_quarter(handle_, quarter_turns, &m));
        return Mask(m);
    }
    /// A new mask transposed (height x width): pixel (i, j) lands at (j, i); exact.
    Mask transposed() const
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_transpose(handle_, &m));
        return Mask(m);
    }
    /// A new mask scaled up by whole factors, nearest neighbour (pixel art 2x, 3x).
    Mask scaled_integer(std::int32_t sx, std::int32_t sy) const
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_scale_integer(handle_, sx, sy, &m));
        return Mask(m);
    }
    /// This mask placed by `transform` on the world pixel grid (see Transform); with
    /// bounds_only, its whole rectangle's. Defined after Transform and Raster. Throws
    /// Status::InvalidTransform past the transform's limits, Status::TooLarge for a raster
    /// past the size limit and Status::Overflow when the raster's corner would lie past
    /// int32_t (a position near +-2^31, within the limits, can put it there; so do
    /// World::create_body, set_transform, set_mask and edit_mask for a transformed body).
    Raster rasterise(const Transform &transform, bool bounds_only = false) const;
    /// rasterise with the mask-to-world map as a matrix {a, b, tx, c, d, ty}: mask point
    /// (u, v) lands at (a u + b v + tx, c u + d v + ty).
    Raster rasterise_matrix(const std::array<double, 6> &matrix, bool bounds_only = false) const;

    /// pygame style: this mask at (0, 0), `other` at (dx, dy). True when they share a
    /// solid pixel.
    bool collides(const Mask &other, std::int32_t dx, std::int32_t dy) const
    {
        std::uint8_t out = 0;
        detail::check(pp_mask_collides(handle_, other.handle_, dx, dy, &out));
        return out != 0;
    }
    /// pygame style: the first shared solid pixel (lowest row, then lowest x), in this
    /// mask's coordinates; nullopt when none.
    std::optional<Point> first_contact(const Mask &other, std::int32_t dx, std::int32_t dy) const
    {
        std::uint8_t found = 0;
        pp_point p{};
        detail::check(pp_mask_first_contact(handle_, other.handle_, dx, dy, &found, &p));
        if (found == 0) {
            return std::nullopt;
        }
        return Point{p.x, p.y};
    }
    /// pygame style: how many pixels are solid in both.
    std::uint64_t overlap_area(const Mask &other, std::int32_t dx, std::int32_t dy) const
    {
        std::uint64_t out = 0;
        detail::check(pp_mask_overlap_area(handle_, other.handle_, dx, dy, &out));
        return out;
    }
    /// pygame style: the pixels solid in both, over the intersection (see Overlap).
    std::optional<Overlap> overlap_mask(const Mask &other, std::int32_t dx,
                                        std::int32_t dy) const;

    // ---- Shape tools: analysis, morphology, conversions (issue 16) ----------------------
    // Each reads this mask (never changes it) and returns new values or masks: any thread
    // while nobody edits the mask.

    /// The centroid of the solid pixels as pygame's centroid(): each coordinate's sum over
    /// the count, rounded down; (0, 0) for a mask with no solid pixel.
    Point centroid() const
    {
        std::uint32_t x = 0, y = 0;
        detail::check(pp_mask_centroid(handle_, &x, &y));
        return Point{x, y};
    }
    /// The orientation in degrees as pygame's angle(), in -90..90 (0 when empty); with y
    /// down, positive leans like "/".
    double angle() const
    {
        double out = 0.0;
        detail::check(pp_mask_angle(handle_, &out));
        return out;
    }
    /// Each connected component as a mask of this size holding only its pixels, in the
    /// order `options` asks for (pygame's connected_components(minimum)).
    std::vector<Mask> components(const ComponentOptions &options = ComponentOptions()) const
    {
        const pp_component_options o = options.to_c();
        std::size_t n = 0;
        detail::check(pp_mask_components(handle_, &o, nullptr, 0, &n));
        std::vector<pp_mask *> raw(n, nullptr);
        std::vector<Mask> out;
        out.reserve(n); // before the handles exist: nothing below throws while they do
        detail::check(pp_mask_components(handle_, &o, raw.data(), raw.size(), &n));
        for (std::size_t i = 0; i < n; ++i) {
            out.emplace_back(raw[i]);
        }
        return out;
    }
    /// The components as a label image (0 empty, 1..count in the order asked for).
    ComponentLabels component_labels(const ComponentOptions &options = ComponentOptions()) const
    {
        const pp_component_options o = options.to_c();
        ComponentLabels out;
        const auto wh = size();
        out.width = wh.first;
        out.height = wh.second;
        out.labels.resize(static_cast<std::size_t>(wh.first) * static_cast<std::size_t>(wh.second));
        std::size_t n = 0;
        detail::check(pp_mask_component_labels(handle_, &o, out.labels.data(), out.labels.size(),
                                               &n, &out.count));
        return out;
    }
    /// The pixel count of each component (entry i is label i + 1's).
    std::vector<std::uint64_t>
    component_counts(const ComponentOptions &options = ComponentOptions()) const
    {
        const pp_component_options o = options.to_c();
        return detail::fetch_list<std::uint64_t>(
            [&](std::uint64_t *buf, std::size_t len, std::size_t *n) {
                return pp_mask_component_counts(handle_, &o, buf, len, n);
            });
    }
    /// The bounding rectangle of each component, in this mask's pixels (with the default
    /// options, pygame's get_bounding_rects()).
    std::vector<Bounds2D>
    component_bounds(const ComponentOptions &options = ComponentOptions()) const
    {
        const pp_component_options o = options.to_c();
        const std::vector<pp_bounds> rects =
            detail::fetch_list<pp_bounds>([&](pp_bounds *buf, std::size_t len, std::size_t *n) {
                return pp_mask_component_bounds(handle_, &o, buf, len, n);
            });
        return std::vector<Bounds2D>(rects.begin(), rects.end());
    }
    /// The component holding pixel (x, y), as a mask of this size (empty when the pixel is);
    /// throws Status::InvalidArgument outside the mask.
    Mask component_at(std::int32_t x, std::int32_t y,
                      Connectivity connectivity = Connectivity::Eight) const
    {
        pp_mask *m = nullptr;
        detail::check(
            pp_mask_component_at(handle_, x, y, static_cast<std::uint32_t>(connectivity), &m));
        return Mask(m);
    }
    /// The largest component (equal sizes: the first by position), as a mask of this size.
    Mask largest_component(Connectivity connectivity = Connectivity::Eight) const
    {
        pp_mask *m = nullptr;
        detail::check(
            pp_mask_largest_component(handle_, static_cast<std::uint32_t>(connectivity), &m));
        return Mask(m);
    }
    /// A new mask of this size: grown by `pixels` (Godot's grow_mask with the defaults).
    Mask grow(std::uint32_t pixels, const MorphOptions &options = MorphOptions()) const
    {
        const pp_morph_options o = options.to_c();
        pp_mask *m = nullptr;
        detail::check(pp_mask_grow(handle_, pixels, &o, &m));
        return Mask(m);
    }
    /// A new mask of this size: shrunk by `pixels` (Godot's shrink_mask with the defaults).
    Mask shrink(std::uint32_t pixels, const MorphOptions &options = MorphOptions()) const
    {
        const pp_morph_options o = options.to_c();
        pp_mask *m = nullptr;
        detail::check(pp_mask_shrink(handle_, pixels, &o, &m));
        return Mask(m);
    }
    /// pygame's convolve(other): pixel (p, q) is solid when collides(other, p - other.width()
    /// + 1, q - other.height() + 1).
    Mask convolve(const Mask &other) const
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_convolve(handle_, other.handle_, &m));
        return Mask(m);
    }
    /// pygame's scale((width, height)): nearest neighbour, pixel (x, y) from
    /// (x * this width / width, y * this height / height) rounded down.
    Mask scale(std::int32_t width, std::int32_t height) const
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_scale(handle_, width, height, &m));
        return Mask(m);
    }
    /// The part of this mask inside `region` (which must lie inside it).
    Mask crop(const Bounds2D &region) const
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_crop(handle_, region.to_c(), &m));
        return Mask(m);
    }
    /// The mask as pixels in `format`, tightly packed, rows top to bottom: `set` where
    /// solid, `unset` where empty (pygame's to_surface(setcolor, unsetcolor)).
    std::vector<std::uint8_t> to_pixels(PixelFormat format, const Rgba &set,
                                        const Rgba &unset = Rgba()) const
    {
        return detail::fetch_list<std::uint8_t>(
            [&](std::uint8_t *buf, std::size_t len, std::size_t *n) {
                return pp_mask_to_pixels(handle_, static_cast<std::uint32_t>(format), set.to_c(),
                                         unset.to_c(), buf, len, n);
            });
    }
    /// Draws the mask into the caller's pixels (a texture or a region of one): row j at
    /// byte j * stride_bytes of `out`, the bytes between rows left alone.
    void write_pixels(void *out, std::size_t len, std::int32_t stride_bytes, PixelFormat format,
                      const Rgba &set, const Rgba &unset = Rgba()) const
    {
        detail::check(pp_mask_write_pixels(handle_, static_cast<std::uint32_t>(format), set.to_c(),
                                           unset.to_c(), static_cast<std::uint8_t *>(out), len,
                                           stride_bytes));
    }
#ifdef PERPIXEL_HPP_HAS_SPAN
    /// write_pixels into a span of bytes.
    void write_pixels(std::span<std::uint8_t> out, std::int32_t stride_bytes, PixelFormat format,
                      const Rgba &set, const Rgba &unset = Rgba()) const
    {
        write_pixels(out.data(), out.size(), stride_bytes, format, set, unset);
    }
#endif
    /// The mask as a PNG file's bytes (RGBA, `set` where solid, `unset` where empty).
    std::vector<std::uint8_t> to_png(const Rgba &set, const Rgba &unset = Rgba()) const
    {
        return detail::fetch_list<std::uint8_t>(
            [&](std::uint8_t *buf, std::size_t len, std::size_t *n) {
                return pp_mask_to_png(handle_, set.to_c(), unset.to_c(), buf, len, n);
            });
    }
    /// A mask of the pixels whose every channel lies in `range`; the pixel arguments are
    /// from_pixels' (PixelFormat::A8 has no colour: Status::InvalidArgument).
    static Mask from_color_range(const void *data, std::size_t len, PixelFormat format,
                                 std::int32_t width, std::int32_t height,
                                 std::int32_t stride_bytes, const ColorRange &range)
    {
        pp_mask *m = nullptr;
        detail::check(pp_mask_from_color_range(static_cast<const std::uint8_t *>(data), len,
                                               static_cast<std::uint32_t>(format), width, height,
                                               stride_bytes, range.to_c(), &m));
        return Mask(m);
    }
    // ---- end of the shape tools -----------------------------------------------------------

private:
    std::pair<std::int32_t, std::int32_t> size() const
    {
        std::int32_t w = 0, h = 0;
        detail::check(pp_mask_size(handle_, &w, &h));
        return {w, h};
    }

    pp_mask *handle_ = nullptr;
};

/// Many named masks baked into one file (`perpixel bake` on a folder or an atlas):
/// move-only RAII over a pp_bundle *. Immutable once loaded; its const members may be
/// called from any number of threads.
/// How a baked mask was made, as its file records it (Bundle::info_at).
struct BakeInfo {
    /// The alpha threshold the pixels were compared with; nullopt for masks not made from
    /// pixels (a rule, an overlap).
    std::optional<std::uint8_t> threshold;
    /// The image's columns were mirrored (MaskOptions::flip_x).
    bool flip_x = false;
    /// The image's rows were flipped (MaskOptions::flip_y).
    bool flip_y = false;
    /// The colour key {r, g, b}, when one was used.
    std::optional<std::array<std::uint8_t, 3>> color_key;
};

class Bundle {
public:
    /// A bundle from baked bytes. Throws Status::BadBakedData on anything invalid.
    static Bundle from_bytes(const void *data, std::size_t len)
    {
        pp_bundle *b = nullptr;
        detail::check(pp_bundle_from_bytes(static_cast<const std::uint8_t *>(data), len, &b));
        return Bundle(b);
    }

    /// A bundle from a baked file (a UTF-8 path). A path that is not a regular file (a FIFO,
    /// a directory, a device) throws Error(Status::Io) before anything is read.
    static Bundle from_file(const std::string &utf8_path)
    {
        pp_bundle *b = nullptr;
        detail::check(pp_bundle_from_path(detail::c_string(utf8_path, "path"), &b));
        return Bundle(b);
    }

    /// Takes ownership of a handle from the C API (nullptr gives an empty Bundle).
    explicit Bundle(pp_bundle *owned) noexcept : handle_(owned) {}

    Bundle(const Bundle &) = delete;
    Bundle &operator=(const Bundle &) = delete;
    Bundle(Bundle &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Bundle &operator=(Bundle &&other) noexcept
    {
        if (this != &other) {
            pp_bundle_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    ~Bundle() { pp_bundle_free(handle_); }

    /// The C handle, still owned by this Bundle (nullptr after a move).
    const pp_bundle *get() const noexcept { return handle_; }
    /// False for a moved-from Bundle.
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /// How many masks the bundle holds.
    std::size_t size() const
    {
        std::size_t n = 0;
        detail::check(pp_bundle_count(handle_, &n));
        return n;
    }

    /// How mask number `index` (0 to size() - 1, in file order) was made.
    BakeInfo info_at(std::size_t index) const
    {
        pp_bake_info c{};
        detail::check(pp_bundle_info_at(handle_, index, &c));
        BakeInfo info;
        if (c.has_threshold != 0) {
            info.threshold = c.threshold;
        }
        info.flip_x = c.flip_x != 0;
        info.flip_y = c.flip_y != 0;
        if (c.has_color_key != 0) {
            info.color_key = std::array<std::uint8_t, 3>{c.color_key[0], c.color_key[1],
                                                         c.color_key[2]};
        }
        return info;
    }

    /// The name of mask number `index` (0 to size() - 1, in file order).
    std::string name_at(std::size_t index) const
    {
        std::size_t len = 0; // bytes with the NUL
        detail::check(pp_bundle_name_at(handle_, index, nullptr, 0, &len));
        std::string name(len, '\0');
        detail::check(pp_bundle_name_at(handle_, index, &name[0], name.size(), &len));
        name.resize(len - 1);
        return name;
    }

    /// Every name, in file order.
    std::vector<std::string> names() const
    {
        std::vector<std::string> out;
        const std::size_t n = size();
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            out.push_back(name_at(i));
        }
        return out;
    }

    /// The mask called `name` (the bundle's own bits, shared, not copied; it stays valid
    /// after the bundle is gone); nullopt when no mask has that name.
    std::optional<Mask> find(const std::string &name) const
    {
        std::uint8_t found = 0;
        pp_mask *m = nullptr;
        detail::check(pp_bundle_get(handle_, detail::c_string(name, "name"), &found, &m));
        if (found == 0) {
            return std::nullopt;
        }
        return Mask(m);
    }

private:
    pp_bundle *handle_ = nullptr;
};

/// The pixels solid in both sprites, as a mask covering the intersection of their
/// bounds, and where that intersection is. overlap_mask gives nullopt when the bounds
/// do not overlap (Rust's None, C's NULL mask, C#'s null).
struct Overlap {
    Mask mask;
    Bounds2D bounds;
};

namespace detail {
/// The overlap a C call wrote: nullopt for its NULL mask (bounds that do not overlap).
inline std::optional<Overlap> overlap(pp_mask *m, const pp_bounds &b)
{
    if (m == nullptr) {
        return std::nullopt;
    }
    return Overlap{Mask(m), Bounds2D(b)};
}
} // namespace detail

inline std::optional<Overlap> Mask::overlap_mask(const Mask &other, std::int32_t dx,
                                                 std::int32_t dy) const
{
    pp_mask *m = nullptr;
    pp_bounds b{};
    detail::check(pp_mask_overlap_mask(handle_, other.handle_, dx, dy, &m, &b));
    return detail::overlap(m, b);
}

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

// ---- Shape tools: polygons and outlines (issue 16) ------------------------------------

/// How Mask::polygons and Mask::convex_pieces build their output. A default-constructed
/// PolygonOptions holds pp_polygon_options_default()'s values (exact polygons, holes kept,
/// no y flip, at most 8 vertices a convex piece), and to_c() starts from that function, so
/// the C struct always carries the cookie the library checks.
struct PolygonOptions {
    /// Simplification tolerance in pixels (0: exact, along the pixel edges); finite, >= 0.
    double epsilon = pp_polygon_options_default().epsilon;
    /// Keep the holes (false: outer rings only, the holes' pixels covered too).
    bool holes = pp_polygon_options_default().holes != 0;
    /// y becomes height - y (a y-up engine; outer rings keep a positive signed area).
    bool y_flip = pp_polygon_options_default().y_flip != 0;
    /// The most vertices a convex piece may have (Box2D's 8 by default); at least 3.
    std::uint32_t max_vertices = pp_polygon_options_default().max_vertices;

    /// To the C struct, starting from pp_polygon_options_default().
    pp_polygon_options to_c() const noexcept
    {
        pp_polygon_options o = pp_polygon_options_default();
        o.epsilon = epsilon;
        o.holes = holes ? 1 : 0;
        o.y_flip = y_flip ? 1 : 0;
        o.max_vertices = max_vertices;
        return o;
    }
};

/// A polygon vertex on the mask's pixel-corner grid (pixel (i, j) covers (i, j) to
/// (i + 1, j + 1)), or an outline's pixel. Mask coordinates, not world pixels.
struct Vertex {
    std::int32_t x = 0;
    std::int32_t y = 0;
    friend bool operator==(const Vertex &a, const Vertex &b) noexcept
    {
        return a.x == b.x && a.y == b.y;
    }
    friend bool operator!=(const Vertex &a, const Vertex &b) noexcept { return !(a == b); }
};

/// A convex piece's vertex, in the same coordinates as Vertex.
struct VertexF {
    double x = 0;
    double y = 0;
};

/// A mask's polygons in the C ABI's flat layout: ring r is points[ring_starts[r] ..
/// ring_starts[r + 1]) (ring_starts has one entry more than there are rings); polygon k is
/// the next ring_counts[k] rings, its outer ring first (positive signed area), then its
/// holes (negative). A plain value.
struct Polygons {
    std::vector<Vertex> points;
    std::vector<std::uint32_t> ring_starts;
    std::vector<std::uint32_t> ring_counts;

    /// How many polygons.
    std::size_t size() const noexcept { return ring_counts.size(); }
    /// How many rings (outer rings and holes).
    std::size_t ring_count() const noexcept
    {
        return ring_starts.empty() ? 0 : ring_starts.size() - 1;
    }
    /// Ring r's vertices (a closed ring: the last joins the first).
    std::vector<Vertex> ring(std::size_t r) const
    {
        return std::vector<Vertex>(points.begin() + ring_starts.at(r),
                                   points.begin() + ring_starts.at(r + 1));
    }
    /// The index of polygon k's outer ring; its holes are the next ring_counts[k] - 1.
    std::size_t first_ring(std::size_t k) const
    {
        std::size_t r = 0;
        for (std::size_t i = 0; i < k; i++) {
            r += ring_counts.at(i);
        }
        return r;
    }
    /// Polygon k's outer ring.
    std::vector<Vertex> outer(std::size_t k) const { return ring(first_ring(k)); }
    /// Polygon k's holes.
    std::vector<std::vector<Vertex>> holes(std::size_t k) const
    {
        std::vector<std::vector<Vertex>> out;
        const std::size_t first = first_ring(k);
        for (std::size_t r = first + 1; r < first + ring_counts.at(k); r++) {
            out.push_back(ring(r));
        }
        return out;
    }
};

/// Convex pieces in the C ABI's flat layout: piece k is points[starts[k] .. starts[k + 1]),
/// each with a positive signed area. A plain value.
struct ConvexPieces {
    std::vector<VertexF> points;
    std::vector<std::uint32_t> starts;

    /// How many pieces.
    std::size_t size() const noexcept { return starts.empty() ? 0 : starts.size() - 1; }
    /// Piece k's vertices.
    std::vector<VertexF> piece(std::size_t k) const
    {
        return std::vector<VertexF>(points.begin() + starts.at(k), points.begin() + starts.at(k + 1));
    }
};

namespace detail {
/// A list read by the buffer convention: `call(buf, buf_len, &len)` sized, then filled.
template <typename T, typename F> std::vector<T> read_list(F call)
{
    std::size_t len = 0;
    check(call(nullptr, 0, &len));
    std::vector<T> out(len);
    check(call(out.data(), out.size(), &len));
    return out;
}

/// Releases a polygons result (unique_ptr deleter).
struct PolygonsFree {
    void operator()(pp_polygons *p) const noexcept { pp_polygons_free(p); }
};

/// Releases a convex pieces result (unique_ptr deleter).
struct ConvexPiecesFree {
    void operator()(pp_convex_pieces *p) const noexcept { pp_convex_pieces_free(p); }
};

/// C vertices as the wrapper's.
template <typename To, typename From> std::vector<To> vertices(const std::vector<From> &in)
{
    std::vector<To> out;
    out.reserve(in.size());
    for (const From &v : in) {
        out.push_back(To{v.x, v.y});
    }
    return out;
}
} // namespace detail

inline Polygons Mask::polygons(const PolygonOptions &options) const
{
    const pp_polygon_options o = options.to_c();
    pp_polygons *raw = nullptr;
    detail::check(pp_mask_polygons(handle_, &o, &raw));
    const std::unique_ptr<pp_polygons, detail::PolygonsFree> p(raw);
    std::size_t polygons = 0, rings = 0, points = 0;
    detail::check(pp_polygons_counts(p.get(), &polygons, &rings, &points));
    Polygons out;
    out.points = detail::vertices<Vertex>(detail::read_list<pp_vertex>(
        [&](pp_vertex *b, std::size_t n, std::size_t *len) {
            return pp_polygons_points(p.get(), b, n, len);
        }));
    out.ring_starts = detail::read_list<std::uint32_t>(
        [&](std::uint32_t *b, std::size_t n, std::size_t *len) {
            return pp_polygons_ring_starts(p.get(), b, n, len);
        });
    out.ring_counts = detail::read_list<std::uint32_t>(
        [&](std::uint32_t *b, std::size_t n, std::size_t *len) {
            return pp_polygons_ring_counts(p.get(), b, n, len);
        });
    if (out.ring_counts.size() != polygons || out.ring_starts.size() != rings + 1 ||
        out.points.size() != points) {
        throw Error(Status::Panic, "perpixel: pp_polygons_counts disagrees with the lists");
    }
    return out;
}

inline ConvexPieces Mask::convex_pieces(const PolygonOptions &options) const
{
    const pp_polygon_options o = options.to_c();
    pp_convex_pieces *raw = nullptr;
    detail::check(pp_mask_convex_pieces(handle_, &o, &raw));
    const std::unique_ptr<pp_convex_pieces, detail::ConvexPiecesFree> p(raw);
    std::size_t pieces = 0, points = 0;
    detail::check(pp_convex_pieces_counts(p.get(), &pieces, &points));
    ConvexPieces out;
    out.points = detail::vertices<VertexF>(detail::read_list<pp_vertexf>(
        [&](pp_vertexf *b, std::size_t n, std::size_t *len) {
            return pp_convex_pieces_points(p.get(), b, n, len);
        }));
    out.starts = detail::read_list<std::uint32_t>(
        [&](std::uint32_t *b, std::size_t n, std::size_t *len) {
            return pp_convex_pieces_starts(p.get(), b, n, len);
        });
    if (out.starts.size() != pieces + 1 || out.points.size() != points) {
        throw Error(Status::Panic, "perpixel: pp_convex_pieces_counts disagrees with the lists");
    }
    return out;
}

inline Polygons Mask::polygons() const { return polygons(PolygonOptions()); }

inline ConvexPieces Mask::convex_pieces() const { return convex_pieces(PolygonOptions()); }

inline std::vector<Vertex> Mask::outline(std::uint32_t every) const
{
    return detail::vertices<Vertex>(detail::read_list<pp_vertex>(
        [&](pp_vertex *b, std::size_t n, std::size_t *len) {
            return pp_mask_outline(handle_, every, b, n, len);
        }));
}

// ---- end of the shape tools' polygons and outlines -------------------------------------

// ---- the world ------------------------------------------------------------------------

/// One edit of a list for World::edit_mask (pp_mask_edit, from pp_mask_edit_default()):
/// made by the factories named as Mask's edit methods. An edit with another mask reads it
/// during World::edit_mask only; keep it alive until then.
class MaskEdit {
public:
    static MaskEdit set_pixel(std::int32_t x, std::int32_t y, bool solid)
    {
        return make(PP_EDIT_SET_PIXEL, x, y, solid);
    }
    static MaskEdit fill_rect(const Bounds2D &r, bool solid)
    {
        MaskEdit e = make(PP_EDIT_FILL_RECT, r.x, r.y, solid);
        e.c_.width = r.width;
        e.c_.height = r.height;
        return e;
    }
    static MaskEdit draw(const Mask &other, std::int32_t x, std::int32_t y)
    {
        return with(PP_EDIT_DRAW, other, x, y);
    }
    static MaskEdit erase(const Mask &other, std::int32_t x, std::int32_t y)
    {
        return with(PP_EDIT_ERASE, other, x, y);
    }
    static MaskEdit intersect(const Mask &other, std::int32_t x, std::int32_t y)
    {
        return with(PP_EDIT_INTERSECT, other, x, y);
    }
    static MaskEdit xor_with(const Mask &other, std::int32_t x, std::int32_t y)
    {
        return with(PP_EDIT_XOR, other, x, y);
    }
    static MaskEdit invert() { return make(PP_EDIT_INVERT, 0, 0, true); }
    static MaskEdit fill_circle(std::int32_t cx, std::int32_t cy, std::uint32_t radius,
                                bool solid)
    {
        MaskEdit e = make(PP_EDIT_FILL_CIRCLE, cx, cy, solid);
        e.c_.radius = radius;
        return e;
    }
    static MaskEdit fill_ellipse(const Bounds2D &r, bool solid)
    {
        MaskEdit e = make(PP_EDIT_FILL_ELLIPSE, r.x, r.y, solid);
        e.c_.width = r.width;
        e.c_.height = r.height;
        return e;
    }
    static MaskEdit draw_line(std::int32_t x0, std::int32_t y0, std::int32_t x1,
                              std::int32_t y1, std::uint32_t radius, bool solid)
    {
        MaskEdit e = make(PP_EDIT_DRAW_LINE, x0, y0, solid);
        e.c_.x1 = x1;
        e.c_.y1 = y1;
        e.c_.radius = radius;
        return e;
    }
    /// The C struct.
    const pp_mask_edit &to_c() const noexcept { return c_; }

private:
    static MaskEdit make(std::uint32_t op, std::int32_t x, std::int32_t y, bool solid)
    {
        MaskEdit e;
        e.c_.op = op;
        e.c_.x = x;
        e.c_.y = y;
        e.c_.solid = solid ? 1 : 0;
        return e;
    }
    static MaskEdit with(std::uint32_t op, const Mask &other, std::int32_t x, std::int32_t y)
    {
        MaskEdit e = make(op, x, y, true);
        e.c_.other = other.get();
        return e;
    }
    MaskEdit() : c_(pp_mask_edit_default()) {}
    pp_mask_edit c_;
};

/// A body of a World, by value (pp_body_id): its slot, the slot's generation and the tag
/// of the world that made it. An id whose body was destroyed throws Status::StaleBody
/// wherever it is used; an id given to another World throws Status::WrongWorld. A
/// default (zeroed) id belongs to no world.
struct BodyId {
    std::uint32_t index = 0;
    std::uint32_t generation = 0;
    std::uint32_t world = 0;

    pp_body_id to_c() const noexcept { return pp_body_id{index, generation, world}; }
    static BodyId from_c(const pp_body_id &id) noexcept
    {
        return BodyId{id.index, id.generation, id.world};
    }

    friend bool operator==(const BodyId &a, const BodyId &b) noexcept
    {
        return a.index == b.index && a.generation == b.generation && a.world == b.world;
    }
    friend bool operator!=(const BodyId &a, const BodyId &b) noexcept { return !(a == b); }
};

/// Two touching bodies, a.index < b.index.
struct Pair {
    BodyId a;
    BodyId b;

    friend bool operator==(const Pair &x, const Pair &y) noexcept
    {
        return x.a == y.a && x.b == y.b;
    }
    friend bool operator!=(const Pair &x, const Pair &y) noexcept { return !(x == y); }
};

/// Which bodies may touch (pp_filter, Box2D's b2Filter): two bodies collide when each
/// one's mask has a bit of the other's category, unless they share a nonzero group: a
/// positive group always collides, a negative one never. Default-constructed: category 1,
/// mask all bits, group 0 (pp_filter_default()).
struct Filter {
    std::uint64_t category = pp_filter_default().category;
    std::uint64_t mask = pp_filter_default().mask;
    std::int32_t group = pp_filter_default().group;

    pp_filter to_c() const noexcept
    {
        pp_filter f = pp_filter_default();
        f.category = category;
        f.mask = mask;
        f.group = group;
        return f;
    }
    static Filter from_c(const pp_filter &f) noexcept
    {
        Filter out;
        out.category = f.category;
        out.mask = f.mask;
        out.group = f.group;
        return out;
    }

    friend bool operator==(const Filter &a, const Filter &b) noexcept
    {
        return a.category == b.category && a.mask == b.mask && a.group == b.group;
    }
    friend bool operator!=(const Filter &a, const Filter &b) noexcept { return !(a == b); }
};

/// What World::create_body makes (pp_body_def, filled from pp_body_def_default()).
/// Borrows the Mask only until create_body returns: the world keeps its own reference.
struct BodyDef {
    const Mask *mask = nullptr;
    std::int32_t x = 0; ///< world x of mask pixel (0, 0) (without a transform)
    std::int32_t y = 0; ///< world y of mask pixel (0, 0) (without a transform)
    /// Placed by a transform (rasterised once) instead of at (x, y).
    std::optional<Transform> transform;
    /// False: collides as its whole rectangle; with a turned or scaled transform, the
    /// axis-aligned box of every pixel whose centre lands in the transformed rectangle (the
    /// bounds-only raster), not the turned rectangle.
    bool pixel_collision = true;
    /// Terrain: never pairs with other static bodies in update(); the queries (sweep of a
    /// static body included) meet static bodies like any other.
    bool is_static = false;
    Filter filter;
    std::uint64_t user_data = 0;

    BodyDef() = default;
    BodyDef(const Mask &mask_, std::int32_t x_, std::int32_t y_) noexcept
        : mask(&mask_), x(x_), y(y_)
    {
    }
    BodyDef(Mask &&, std::int32_t, std::int32_t) = delete;

    /// The C struct, from pp_body_def_default().
    pp_body_def to_c() const
    {
        pp_body_def d = pp_body_def_default();
        d.mask = mask != nullptr ? mask->get() : nullptr;
        d.x = x;
        d.y = y;
        if (transform) {
            d.transformed = 1;
            d.transform = transform->to_c();
        }
        d.pixel_collision = pixel_collision ? 1 : 0;
        d.is_static = is_static ? 1 : 0;
        d.filter = filter.to_c();
        d.user_data = user_data;
        return d;
    }
};

/// A whole-pixel position (pp_position), for World::move_bodies.
struct Position {
    std::int32_t x = 0;
    std::int32_t y = 0;
};

/// A read-only view of a list of pairs the World owns: valid until the world's next
/// update (or its destruction). Iterating gives Pair values.
class PairView {
public:
    class iterator {
    public:
        using value_type = Pair;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = Pair;
        using iterator_category = std::input_iterator_tag;

        explicit iterator(const pp_pair *p) noexcept : p_(p) {}
        Pair operator*() const noexcept
        {
            return Pair{BodyId::from_c(p_->a), BodyId::from_c(p_->b)};
        }
        iterator &operator++() noexcept
        {
            ++p_;
            return *this;
        }
        iterator operator++(int) noexcept
        {
            iterator old = *this;
            ++p_;
            return old;
        }
        friend bool operator==(const iterator &a, const iterator &b) noexcept
        {
            return a.p_ == b.p_;
        }
        friend bool operator!=(const iterator &a, const iterator &b) noexcept
        {
            return a.p_ != b.p_;
        }

    private:
        const pp_pair *p_;
    };

    PairView() noexcept = default;
    PairView(const pp_pair *data, std::size_t size) noexcept : data_(data), size_(size) {}

    iterator begin() const noexcept { return iterator(data_); }
    iterator end() const noexcept { return iterator(data_ + size_); }
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    /// The i-th pair; throws Status::InvalidArgument past the end.
    Pair at(std::size_t i) const
    {
        if (i >= size_) {
            throw Error(Status::InvalidArgument, "PairView::at: index past the end");
        }
        return (*this)[i];
    }
    Pair operator[](std::size_t i) const noexcept { return *iterator(data_ + i); }
    /// A copy that outlives the next update.
    std::vector<Pair> to_vector() const { return std::vector<Pair>(begin(), end()); }

private:
    const pp_pair *data_ = nullptr;
    std::size_t size_ = 0;
};

/// The lists of the last update (pp_world_events): the touching pairs (sorted by a, then
/// b), the pairs that began and those that stopped touching (destroyed bodies' pairs
/// included, with their old ids). Views over the world's arrays: valid until its next
/// update.
struct Events {
    PairView touching;
    PairView begins;
    PairView ends;
};

/// A pair's contact (pp_contact): first pixel solid in both, area, the normal from a
/// towards b, b's shortest push-out from a.
struct Contact {
    std::optional<Point> first_contact; ///< nullopt when they do not touch
    std::uint64_t area = 0;
    std::optional<Normal> normal;
    std::optional<Offset> push_out;

    bool touching() const noexcept { return first_contact.has_value(); }
};

/// A body as the world holds it (pp_world_body), with its own reference to the mask the
/// body collides with (a transformed body's raster). A transformed body's x, y is its
/// raster's corner (as Mask::rasterise gives it: the smallest x and y of the pixels whose
/// centres land in the transformed mask rectangle), not the transform's position.
struct BodyInfo {
    Mask mask;
    std::int32_t x = 0;
    std::int32_t y = 0;
    bool pixel_collision = true;
    bool is_static = false;
    Filter filter;
    std::uint64_t user_data = 0;

    /// The body as a placed sprite (borrowing this BodyInfo's mask).
    Sprite sprite() const { return Sprite(mask, x, y, pixel_collision); }
};

/// What World::raycast hit: the body and the hit.
struct BodyRayHit {
    BodyId body;
    RayHit hit;
};

/// What World::sweep found: the body hit first (nullopt when the path is clear) and the
/// sweep against it (the clear result otherwise).
struct BodySweep {
    std::optional<BodyId> other;
    SweepResult result;
};

namespace detail {
inline PairView pairs(const pp_pair *p, std::size_t n) noexcept { return PairView(p, n); }

inline Events events(const pp_world_events &e) noexcept
{
    return Events{pairs(e.touching, e.touching_count), pairs(e.begins, e.begin_count),
                  pairs(e.ends, e.end_count)};
}

/// Fills a list by the buffer convention: asks the size, then the list (again if it grew).
template <typename Call> std::vector<BodyId> body_list(Call call)
{
    std::size_t len = 0;
    check(call(nullptr, 0, &len));
    std::vector<pp_body_id> buf(len);
    for (;;) {
        const pp_status s = call(buf.data(), buf.size(), &len);
        if (s == PP_ERR_BUFFER_TOO_SMALL) {
            buf.resize(buf.size() * 2 + 1);
            continue;
        }
        check(s);
        break;
    }
    std::vector<BodyId> out;
    out.reserve(len);
    for (std::size_t i = 0; i < len; i++) {
        out.push_back(BodyId::from_c(buf[i]));
    }
    return out;
}
} // namespace detail

/// A world's state at one moment (World::snapshot), to put back with World::restore:
/// move-only RAII over a pp_world_snapshot *. Shares the bodies' masks with the world
/// (no copy); stays valid after the world changes or is destroyed. Immutable: any number
/// of threads may restore from it.
class WorldSnapshot {
public:
    /// Takes ownership of a handle from the C API (nullptr gives an empty WorldSnapshot).
    explicit WorldSnapshot(pp_world_snapshot *owned) noexcept : handle_(owned) {}
    WorldSnapshot(const WorldSnapshot &) = delete;
    WorldSnapshot &operator=(const WorldSnapshot &) = delete;
    WorldSnapshot(WorldSnapshot &&other) noexcept : handle_(std::exchange(other.handle_, nullptr))
    {
    }
    WorldSnapshot &operator=(WorldSnapshot &&other) noexcept
    {
        if (this != &other) {
            pp_world_snapshot_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    ~WorldSnapshot() { pp_world_snapshot_free(handle_); }

    /// The C handle, still owned by this WorldSnapshot (nullptr after a move).
    const pp_world_snapshot *get() const noexcept { return handle_; }
    /// False for a moved-from WorldSnapshot.
    explicit operator bool() const noexcept { return handle_ != nullptr; }

private:
    pp_world_snapshot *handle_ = nullptr;
};

/// Many bodies updated together: move-only RAII over a pp_world *. Bodies are BodyId
/// values; an id of a destroyed body throws Status::StaleBody. Not thread-safe for
/// changes: a change while another thread is inside a call on the same world throws
/// Status::InvalidArgument ("in use"); the const members may run on many threads at once
/// while nothing changes the world.
class World {
public:
    World()
    {
        pp_world *w = nullptr;
        detail::check(pp_world_new(&w));
        handle_ = w;
    }
    World(const World &) = delete;
    World &operator=(const World &) = delete;
    World(World &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    World &operator=(World &&other) noexcept
    {
        if (this != &other) {
            pp_world_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
        }
        return *this;
    }
    ~World() { pp_world_free(handle_); }

    /// The C handle, still owned by this World (nullptr after a move).
    pp_world *get() const noexcept { return handle_; }
    /// False for a moved-from World.
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /// Adds a body (the world keeps its own reference to def.mask).
    BodyId create_body(const BodyDef &def)
    {
        const pp_body_def d = def.to_c();
        pp_body_id id{};
        detail::check(pp_world_create_body(handle_, &d, &id));
        return BodyId::from_c(id);
    }
    /// Removes a body; its pairs end at the next update.
    void destroy_body(BodyId id) { detail::check(pp_world_destroy_body(handle_, id.to_c())); }
    /// Moves a body's mask pixel (0, 0) to (x, y) (a transformed body becomes plain).
    void move_body(BodyId id, std::int32_t x, std::int32_t y)
    {
        detail::check(pp_world_move_body(handle_, id.to_c(), x, y));
    }
    /// Moves ids[i] to positions[i]; when one id is stale nothing moves. Throws
    /// Status::InvalidArgument when the counts differ.
    void move_bodies(const std::vector<BodyId> &ids, const std::vector<Position> &positions)
    {
        if (ids.size() != positions.size()) {
            throw Error(Status::InvalidArgument,
                        "move_bodies: ids and positions differ in length");
        }
        std::vector<pp_body_id> c_ids;
        std::vector<pp_position> c_pos;
        c_ids.reserve(ids.size());
        c_pos.reserve(ids.size());
        for (std::size_t i = 0; i < ids.size(); i++) {
            c_ids.push_back(ids[i].to_c());
            c_pos.push_back(pp_position{positions[i].x, positions[i].y});
        }
        detail::check(pp_world_move_bodies(handle_, c_ids.data(), c_pos.data(), c_ids.size()));
    }
    /// Gives a body another mask (the world keeps a reference), at the same placement.
    void set_mask(BodyId id, const Mask &mask)
    {
        detail::check(pp_world_set_mask(handle_, id.to_c(), mask.get()));
    }
    /// Edits a body's own mask with a list of edits (from MaskEdit's factories), then
    /// places it again: a crater in the terrain. Copied on its first edit while a Mask
    /// you hold still shares it (yours keeps its pixels). A bad list changes nothing.
    void edit_mask(BodyId id, const std::vector<MaskEdit> &edits)
    {
        std::vector<pp_mask_edit> c;
        c.reserve(edits.size());
        for (const MaskEdit &e : edits) {
            c.push_back(e.to_c());
        }
        detail::check(pp_world_edit_mask(handle_, id.to_c(), c.data(), c.size()));
    }
    /// Changes a body's filter (its pairs change at the next update).
    void set_filter(BodyId id, const Filter &filter)
    {
        detail::check(pp_world_set_filter(handle_, id.to_c(), filter.to_c()));
    }
    /// Places a body by a transform (rasterised now, once).
    void set_transform(BodyId id, const Transform &transform)
    {
        const pp_transform t = transform.to_c();
        detail::check(pp_world_set_transform(handle_, id.to_c(), &t));
    }

    /// Finds the touching pairs and the begin/end events; the views stay valid until the
    /// next update.
    Events update()
    {
        pp_world_events e{};
        detail::check(pp_world_update(handle_, &e));
        return detail::events(e);
    }
    /// The last update's lists (empty before the first update).
    Events events() const
    {
        pp_world_events e{};
        detail::check(pp_world_get_events(handle_, &e));
        return detail::events(e);
    }

    /// The contact of two live bodies (touching or not); push-out within push_max pixels.
    /// A body with itself is the body against a copy of itself in the same place (its
    /// first solid pixel, its pixel count, the two coinciding sprites' normal, mostly none,
    /// and the copy's shortest push-out).
    Contact contact(BodyId a, BodyId b, std::uint32_t push_max = 64) const
    {
        pp_pair p;
        p.a = a.to_c();
        p.b = b.to_c();
        pp_contact c{};
        detail::check(pp_world_contact(handle_, p, push_max, &c));
        Contact out;
        if (c.touching != 0) {
            out.first_contact = Point{c.first_contact.x, c.first_contact.y};
        }
        out.area = c.area;
        out.normal = detail::normal(c.has_normal, c.normal);
        if (c.has_push_out != 0) {
            out.push_out = Offset{c.push_out.dx, c.push_out.dy};
        }
        return out;
    }
    /// The contact of a pair from the events.
    Contact contact(const Pair &pair, std::uint32_t push_max = 64) const
    {
        return contact(pair.a, pair.b, push_max);
    }

    /// The bodies (in index order) whose filter allows `filter` and that share a solid
    /// pixel with `probe`.
    std::vector<BodyId> overlapping(const Sprite &probe, const Filter &filter = Filter()) const
    {
        const pp_sprite s = probe.to_c();
        const pp_filter f = filter.to_c();
        return detail::body_list([&](pp_body_id *buf, std::size_t n, std::size_t *len) {
            return pp_world_overlapping(handle_, &s, &f, buf, n, len);
        });
    }
    /// The bodies (in index order) whose filter allows `filter` that are solid at (x, y).
    std::vector<BodyId> at_point(std::int64_t x, std::int64_t y,
                                 const Filter &filter = Filter()) const
    {
        const pp_filter f = filter.to_c();
        return detail::body_list([&](pp_body_id *buf, std::size_t n, std::size_t *len) {
            return pp_world_at_point(handle_, x, y, &f, buf, n, len);
        });
    }
    /// The bodies (in index order) whose filter allows `filter` that have a solid pixel
    /// (any pixel, when bounds-only) inside `rect`; none when `rect` is empty.
    std::vector<BodyId> in_rect(const Bounds2D &rect, const Filter &filter = Filter()) const
    {
        const pp_bounds r = rect.to_c();
        const pp_filter f = filter.to_c();
        return detail::body_list([&](pp_body_id *buf, std::size_t n, std::size_t *len) {
            return pp_world_in_rect(handle_, r, &f, buf, n, len);
        });
    }
    /// The first body the ray hits (nearest by steps, ties to the smaller index); nullopt
    /// when none. Throws Status::InvalidArgument for a (0, 0) direction.
    std::optional<BodyRayHit> raycast(std::int32_t x, std::int32_t y, std::int32_t dx,
                                      std::int32_t dy, std::uint32_t max_length,
                                      const Filter &filter = Filter()) const
    {
        const pp_filter f = filter.to_c();
        std::uint8_t found = 0;
        pp_body_id body{};
        pp_ray_hit h{};
        detail::check(pp_world_raycast(handle_, x, y, dx, dy, max_length, &f, &found, &body, &h));
        if (found == 0) {
            return std::nullopt;
        }
        return BodyRayHit{BodyId::from_c(body), detail::ray_hit(h)};
    }
    /// Sweeps body `id` by (dx, dy) against every other body its filter allows, static
    /// bodies included also when `id` is static.
    BodySweep sweep(BodyId id, std::int32_t dx, std::int32_t dy) const
    {
        std::uint8_t found = 0;
        pp_body_id other{};
        pp_sweep_result r{};
        detail::check(pp_world_sweep(handle_, id.to_c(), dx, dy, &found, &other, &r));
        BodySweep out;
        if (found != 0) {
            out.other = BodyId::from_c(other);
        }
        out.result = detail::sweep_result(r);
        return out;
    }

    /// What the world holds for a body, with its own reference to the body's mask.
    BodyInfo body(BodyId id) const
    {
        pp_body_info info{};
        detail::check(pp_world_body(handle_, id.to_c(), &info));
        return BodyInfo{body_mask(id),
                        info.sprite.x,
                        info.sprite.y,
                        info.sprite.pixel_collision != 0,
                        info.is_static != 0,
                        Filter::from_c(info.filter),
                        info.user_data};
    }
    /// A new reference to the mask a body collides with (a transformed body's raster).
    Mask body_mask(BodyId id) const
    {
        pp_mask *m = nullptr;
        detail::check(pp_world_body_mask(handle_, id.to_c(), &m));
        return Mask(m);
    }

    /// The world's state now (bodies, ids and free slots, touching pairs, last events),
    /// for rollback: restore it later and the same calls give the same answers and ids.
    /// Masks are shared, not copied.
    WorldSnapshot snapshot() const
    {
        pp_world_snapshot *s = nullptr;
        detail::check(pp_world_take_snapshot(handle_, &s));
        return WorldSnapshot(s);
    }
    /// Puts the world back as it was when `snapshot` was taken (the snapshot is kept and
    /// may be restored again). Throws Status::WrongWorld for another world's snapshot
    /// (the world unchanged). The Events views of the last update are invalid after it.
    void restore(const WorldSnapshot &snapshot)
    {
        detail::check(pp_world_restore(handle_, snapshot.get()));
    }
    /// The stable 64-bit hash of the world's state (pp_world_hash): equal states hash
    /// equal on every platform and in every language; compare it between peers.
    std::uint64_t hash() const
    {
        std::uint64_t out = 0;
        detail::check(pp_world_hash(handle_, &out));
        return out;
    }

private:
    pp_world *handle_ = nullptr;
};

} // namespace perpixel

#endif /* PERPIXEL_HPP */
