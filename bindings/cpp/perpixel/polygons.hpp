/*
 * perpixel/polygons.hpp: a mask's polygons, convex pieces and outline: PolygonOptions, Vertex,
 * VertexF, Polygons, ConvexPieces (Mask::polygons, convex_pieces, outline).
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_POLYGONS_HPP
#define PERPIXEL_POLYGONS_HPP

#include "perpixel.h"

#include "error.hpp"
#include "mask.hpp"
#include "shapes.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace perpixel {

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
    out.points = detail::vertices<Vertex>(detail::fetch_list<pp_vertex>(
        [&](pp_vertex *b, std::size_t n, std::size_t *len) {
            return pp_polygons_points(p.get(), b, n, len);
        }));
    out.ring_starts = detail::fetch_list<std::uint32_t>(
        [&](std::uint32_t *b, std::size_t n, std::size_t *len) {
            return pp_polygons_ring_starts(p.get(), b, n, len);
        });
    out.ring_counts = detail::fetch_list<std::uint32_t>(
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
    out.points = detail::vertices<VertexF>(detail::fetch_list<pp_vertexf>(
        [&](pp_vertexf *b, std::size_t n, std::size_t *len) {
            return pp_convex_pieces_points(p.get(), b, n, len);
        }));
    out.starts = detail::fetch_list<std::uint32_t>(
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
    return detail::vertices<Vertex>(detail::fetch_list<pp_vertex>(
        [&](pp_vertex *b, std::size_t n, std::size_t *len) {
            return pp_mask_outline(handle_, every, b, n, len);
        }));
}

// ---- end of the shape tools' polygons and outlines -------------------------------------

} // namespace perpixel

#endif /* PERPIXEL_POLYGONS_HPP */
