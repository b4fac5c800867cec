/*
 * perpixel/mask.hpp: a sprite's solid pixels: Mask, how it is made from pixels (PixelFormat,
 * MaskOptions), and Overlap. Mask's members whose types live in another part are
 * defined there: Mask::rasterise in transform.hpp, Mask::polygons, convex_pieces and
 * outline in polygons.hpp (perpixel.hpp includes both).
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_MASK_HPP
#define PERPIXEL_MASK_HPP

#include "perpixel.h"

#include "error.hpp"
#include "geometry.hpp"
#include "shapes.hpp"
#include "span.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace perpixel {

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

    // Shape tools: polygons and outlines (issue 16); defined in polygons.hpp.
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
    /// bounds_only, its whole rectangle's. Defined in transform.hpp. Throws
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

} // namespace perpixel

#endif /* PERPIXEL_MASK_HPP */
