/*
 * perpixel/world.hpp: many bodies updated together: World, its ids, definitions, filters, events,
 * contacts and queries (BodyId, BodyDef, Filter, MaskEdit, PairView, Events, Contact,
 * BodyInfo, ...), and WorldSnapshot.
 *
 * Part of the C++17 wrapper over the perpixel C ABI: include "perpixel.hpp", which
 * includes every part (each part also compiles on its own).
 *
 * License: MIT OR Apache-2.0.
 */
#ifndef PERPIXEL_WORLD_HPP
#define PERPIXEL_WORLD_HPP

#include "perpixel.h"

#include "error.hpp"
#include "geometry.hpp"
#include "mask.hpp"
#include "motion.hpp"
#include "sprite.hpp"
#include "transform.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

namespace perpixel {

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

#endif /* PERPIXEL_WORLD_HPP */
