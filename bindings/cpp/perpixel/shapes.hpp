/*
 * perpixel/shapes.hpp: the shape tools' option and value types: components (Connectivity,
 * ComponentOrder, ComponentOptions, ComponentLabels), morphology (Norm, MorphOptions),
 * colours (Rgba, ColorRange).
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_SHAPES_HPP
#define PERPIXEL_SHAPES_HPP

#include "perpixel.h"

#include "error.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace perpixel {

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

} // namespace perpixel

#endif /* PERPIXEL_SHAPES_HPP */
