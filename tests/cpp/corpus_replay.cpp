// The conformance corpus replayed through the C++ wrapper (bindings/cpp/perpixel.hpp):
// every case of tests/corpus/corpus.txt (format: tests/corpus/FORMAT.md) is run through
// the wrapper's members (perpixel::Sprite, TransformedSprite, Mask::rasterise...), its
// answer written the way the corpus writes it (floats as the 16 hex digits of their
// IEEE-754 bits, a thrown perpixel::Error as `error` and the status's C name) and
// compared with the expected text, byte for byte. A NULL mask is a Mask holding no
// handle. Prints how many cases of each kind it ran.
//
// Usage: corpus_replay <scratch folder> <corpus file>
#include "perpixel.hpp"
#include "status_names.h"

#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace pp = perpixel;

namespace {

std::string hex_float(double v)
{
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, bits);
    return buf;
}

double parse_float(const std::string &s)
{
    if (s.size() != 16) {
        throw std::runtime_error("a float is 16 hex digits: " + s);
    }
    std::uint64_t bits = std::stoull(s, nullptr, 16);
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

const char *error_name(const pp::Error &e) { return status_name(static_cast<pp_status>(e.status())); }

// `width height rows`: each row ceil(width / 4) hex digits, pixel 0 the first digit's 8
// bit; `-` for a row of width 0.
std::string mask_text(const pp::Mask &m)
{
    const std::int32_t w = m.width(), h = m.height();
    std::string out = std::to_string(w) + " " + std::to_string(h);
    for (std::int32_t y = 0; y < h; y++) {
        out += w == 0 ? " -" : " ";
        for (std::int32_t x = 0; x < w; x += 4) {
            unsigned digit = 0;
            for (std::int32_t i = 0; i < 4; i++) {
                if (x + i < w && m.is_solid(x + i, y)) {
                    digit |= 8u >> i;
                }
            }
            out += "0123456789abcdef"[digit];
        }
    }
    return out;
}

std::string point(const std::optional<pp::Point> &p)
{
    return p ? std::to_string(p->x) + " " + std::to_string(p->y) : "none";
}

// A normal inside a longer answer: `nx ny`, or `-`.
std::string normal(const std::optional<pp::Normal> &n)
{
    return n ? hex_float(n->x) + " " + hex_float(n->y) : "-";
}

struct Corpus {
    std::map<std::string, pp::Mask> masks;
    pp::Mask null_mask{nullptr};

    const pp::Mask &mask(const std::string &id) const
    {
        if (id == "null") {
            return null_mask;
        }
        auto it = masks.find(id);
        if (it == masks.end()) {
            throw std::runtime_error("undeclared mask " + id);
        }
        return it->second;
    }
};

struct Tokens {
    std::istringstream in;
    explicit Tokens(const std::string &s) : in(s) {}
    std::string next()
    {
        std::string t;
        if (!(in >> t)) {
            throw std::runtime_error("too few tokens");
        }
        return t;
    }
    std::int64_t integer() { return std::stoll(next()); }
    bool done()
    {
        std::string t;
        return !(in >> t);
    }
};

pp::Sprite sprite(const Corpus &c, Tokens &t)
{
    const pp::Mask &m = c.mask(t.next());
    const auto x = static_cast<std::int32_t>(t.integer());
    const auto y = static_cast<std::int32_t>(t.integer());
    return pp::Sprite(m, x, y, t.integer() != 0);
}

pp::Transform transform(Tokens &t)
{
    pp::Transform tr;
    tr.x = parse_float(t.next());
    tr.y = parse_float(t.next());
    tr.rotation_degrees = parse_float(t.next());
    tr.scale_x = parse_float(t.next());
    tr.scale_y = parse_float(t.next());
    tr.flip_x = t.integer() != 0;
    tr.flip_y = t.integer() != 0;
    const bool has_pivot = t.integer() != 0;
    const double px = parse_float(t.next()), py = parse_float(t.next());
    if (has_pivot) {
        tr.pivot = std::make_pair(px, py);
    }
    return tr;
}

std::string pair(const Corpus &c, const std::string &kind, Tokens &t)
{
    const pp::Sprite a = sprite(c, t), b = sprite(c, t);
    if (kind == "collides") {
        return a.collides(b) ? "1" : "0";
    }
    if (kind == "first_contact") {
        return point(a.first_contact(b));
    }
    if (kind == "overlap_area") {
        return std::to_string(a.overlap_area(b));
    }
    const auto o = a.overlap_mask(b);
    if (!o) {
        return "none";
    }
    return std::to_string(o->bounds.x) + " " + std::to_string(o->bounds.y) + " " +
           mask_text(o->mask);
}

// pygame style: mask a at (0, 0), mask b at (dx, dy) (Mask::collides ...).
std::string offset(const Corpus &c, const std::string &kind, Tokens &t)
{
    const pp::Mask &a = c.mask(t.next());
    const pp::Mask &b = c.mask(t.next());
    const auto dx = static_cast<std::int32_t>(t.integer());
    const auto dy = static_cast<std::int32_t>(t.integer());
    if (kind == "mask_collides") {
        return a.collides(b, dx, dy) ? "1" : "0";
    }
    if (kind == "mask_first_contact") {
        return point(a.first_contact(b, dx, dy));
    }
    if (kind == "mask_overlap_area") {
        return std::to_string(a.overlap_area(b, dx, dy));
    }
    const auto o = a.overlap_mask(b, dx, dy);
    if (!o) {
        return "none";
    }
    return std::to_string(o->bounds.x) + " " + std::to_string(o->bounds.y) + " " +
           mask_text(o->mask);
}

// `clear`, `touching cx cy N` or `hit step steps ax ay lx ly cx cy N`.
std::string sweep_text(const pp::SweepResult &r)
{
    using O = pp::SweepResult::Outcome;
    if (r.outcome == O::Clear) {
        return "clear";
    }
    if (r.outcome == O::StartsTouching) {
        return "touching " + point(r.contact) + " " + normal(r.normal);
    }
    return "hit " + std::to_string(r.step) + " " + std::to_string(r.steps) + " " + point(r.at) +
           " " + point(r.last_free) + " " + point(r.contact) + " " + normal(r.normal);
}

// `px py step distance N`.
std::string ray_text(const pp::RayHit &h)
{
    return point(h.pixel) + " " + std::to_string(h.step) + " " + hex_float(h.distance) + " " +
           normal(h.normal);
}

std::string sweep(const Corpus &c, Tokens &t)
{
    const pp::Sprite a = sprite(c, t), b = sprite(c, t);
    const auto dx = static_cast<std::int32_t>(t.integer());
    const auto dy = static_cast<std::int32_t>(t.integer());
    return sweep_text(a.sweep(b, dx, dy));
}

std::string contact_normal(const Corpus &c, Tokens &t)
{
    const pp::Sprite a = sprite(c, t), b = sprite(c, t);
    const auto n = a.contact_normal(b);
    return n ? normal(n) : "none";
}

std::string push_out(const Corpus &c, Tokens &t)
{
    const pp::Sprite a = sprite(c, t), b = sprite(c, t);
    pp::PushOptions o;
    const std::string dir = t.next();
    o.direction = dir == "any"          ? pp::PushDirection::Any
                  : dir == "horizontal" ? pp::PushDirection::Horizontal
                  : dir == "vertical"   ? pp::PushDirection::Vertical
                                        : pp::PushDirection::Along;
    o.along_x = static_cast<std::int32_t>(t.integer());
    o.along_y = static_cast<std::int32_t>(t.integer());
    o.max_distance = static_cast<std::uint32_t>(t.integer());
    const auto p = a.push_out(b, o);
    return p ? std::to_string(p->dx) + " " + std::to_string(p->dy) : "none";
}

std::string move_and_slide(const Corpus &c, Tokens &t)
{
    const pp::Sprite mover = sprite(c, t);
    const auto n = static_cast<std::size_t>(t.integer());
    std::vector<pp::Sprite> obstacles;
    for (std::size_t i = 0; i < n; i++) {
        obstacles.push_back(sprite(c, t));
    }
    const auto dx = static_cast<std::int32_t>(t.integer());
    const auto dy = static_cast<std::int32_t>(t.integer());
    pp::MoveOptions o;
    o.step_up = static_cast<std::uint32_t>(t.integer());
    o.up = static_cast<std::int32_t>(t.integer());
    const pp::MoveResult r = mover.move_and_slide(obstacles, dx, dy, o);
    return std::to_string(r.x) + " " + std::to_string(r.y) + " " + (r.blocked_x ? "1" : "0") +
           " " + (r.blocked_y ? "1" : "0") + " " + (r.started_inside ? "1" : "0") + " " +
           std::to_string(r.climbed);
}

std::string raycast(const Corpus &c, Tokens &t)
{
    const pp::Sprite s = sprite(c, t);
    const auto x = static_cast<std::int32_t>(t.integer());
    const auto y = static_cast<std::int32_t>(t.integer());
    const auto dx = static_cast<std::int32_t>(t.integer());
    const auto dy = static_cast<std::int32_t>(t.integer());
    const auto len = static_cast<std::uint32_t>(t.integer());
    const auto h = s.raycast(x, y, dx, dy, len);
    return h ? ray_text(*h) : "none";
}

std::string rasterise(const Corpus &c, Tokens &t)
{
    const pp::Mask &m = c.mask(t.next());
    const pp::Transform tr = transform(t);
    const bool bounds_only = t.integer() != 0;
    const pp::Raster r = m.rasterise(tr, bounds_only);
    return std::to_string(r.x) + " " + std::to_string(r.y) + " " + mask_text(r.mask);
}

std::string transformed(const Corpus &c, const std::string &kind, Tokens &t)
{
    const pp::Mask &ma = c.mask(t.next());
    const pp::Transform ta = transform(t);
    const pp::Mask &mb = c.mask(t.next());
    const pp::Transform tb = transform(t);
    const pp::TransformedSprite a(ma, ta), b(mb, tb);
    if (kind == "transformed_collides") {
        return a.collides(b) ? "1" : "0";
    }
    if (kind == "transformed_first_contact") {
        return point(a.first_contact(b));
    }
    return std::to_string(a.overlap_area(b));
}

// The worlds of the world sequences by name, the bodies by label.
struct Worlds {
    std::map<std::string, pp::World> worlds;
    std::vector<std::pair<std::string, pp::BodyId>> labels;

    pp::World &world(const std::string &name)
    {
        auto it = worlds.find(name);
        if (it == worlds.end()) {
            throw std::runtime_error("no world " + name);
        }
        return it->second;
    }
    pp::BodyId id(const std::string &label) const
    {
        for (const auto &l : labels) {
            if (l.first == label) {
                return l.second;
            }
        }
        throw std::runtime_error("no body " + label);
    }
    std::string label(const pp::BodyId &id) const
    {
        for (const auto &l : labels) {
            if (l.second == id) {
                return l.first;
            }
        }
        return "(unlabelled body)";
    }
    std::string pairs(const pp::PairView &v) const
    {
        std::string out = std::to_string(v.size());
        for (const pp::Pair &p : v) {
            out += " " + label(p.a) + " " + label(p.b);
        }
        return out;
    }
};

pp::Filter filter(Tokens &t)
{
    pp::Filter f;
    f.category = std::stoull(t.next());
    f.mask = std::stoull(t.next());
    f.group = static_cast<std::int32_t>(t.integer());
    return f;
}

std::string labels(const Worlds &state, const std::vector<pp::BodyId> &found)
{
    std::string out = std::to_string(found.size());
    for (const pp::BodyId &id : found) {
        out += " " + state.label(id);
    }
    return out;
}

// The world kinds beyond create, move, destroy, set_mask, update and in_rect (FORMAT.md,
// "World sequences: transforms, filters, batches, queries").
std::string world_kind(const Corpus &c, Worlds &state, pp::World &w, const std::string &kind,
                       Tokens &t)
{
    if (kind == "world_create_transformed") {
        const std::string label = t.next();
        pp::BodyDef def(c.mask(t.next()), 0, 0);
        def.transform = transform(t);
        def.pixel_collision = t.integer() != 0;
        def.is_static = t.integer() != 0;
        def.filter = filter(t);
        state.labels.emplace_back(label, w.create_body(def));
    } else if (kind == "world_set_transform") {
        const pp::BodyId id = state.id(t.next());
        w.set_transform(id, transform(t));
    } else if (kind == "world_set_filter") {
        const pp::BodyId id = state.id(t.next());
        w.set_filter(id, filter(t));
    } else if (kind == "world_move_bodies") {
        const auto n = static_cast<std::size_t>(t.integer());
        std::vector<pp::BodyId> ids;
        std::vector<pp::Position> at;
        for (std::size_t i = 0; i < n; i++) {
            ids.push_back(state.id(t.next()));
            const auto x = static_cast<std::int32_t>(t.integer());
            const auto y = static_cast<std::int32_t>(t.integer());
            at.push_back(pp::Position{x, y});
        }
        w.move_bodies(ids, at);
    } else if (kind == "world_at_point") {
        const std::int64_t x = t.integer(), y = t.integer();
        return labels(state, w.at_point(x, y, filter(t)));
    } else if (kind == "world_overlapping") {
        const pp::Sprite probe = sprite(c, t);
        return labels(state, w.overlapping(probe, filter(t)));
    } else if (kind == "world_raycast") {
        const auto x = static_cast<std::int32_t>(t.integer());
        const auto y = static_cast<std::int32_t>(t.integer());
        const auto dx = static_cast<std::int32_t>(t.integer());
        const auto dy = static_cast<std::int32_t>(t.integer());
        const auto len = static_cast<std::uint32_t>(t.integer());
        const auto h = w.raycast(x, y, dx, dy, len, filter(t));
        return h ? state.label(h->body) + " " + ray_text(h->hit) : "none";
    } else if (kind == "world_sweep") {
        const pp::BodyId id = state.id(t.next());
        const auto dx = static_cast<std::int32_t>(t.integer());
        const auto dy = static_cast<std::int32_t>(t.integer());
        const pp::BodySweep s = w.sweep(id, dx, dy);
        return s.other ? state.label(*s.other) + " " + sweep_text(s.result)
                       : sweep_text(s.result);
    } else if (kind == "world_contact") {
        const pp::BodyId a = state.id(t.next());
        const pp::BodyId b = state.id(t.next());
        const pp::Contact k = w.contact(a, b, static_cast<std::uint32_t>(t.integer()));
        return point(k.first_contact) + " " + std::to_string(k.area) + " " + normal(k.normal) +
               " " +
               (k.push_out ? std::to_string(k.push_out->dx) + " " + std::to_string(k.push_out->dy)
                           : "-");
    } else if (kind == "world_body") {
        const pp::BodyInfo b = w.body(state.id(t.next()));
        return std::to_string(b.x) + " " + std::to_string(b.y) + " " +
               (b.pixel_collision ? "1 " : "0 ") + (b.is_static ? "1 " : "0 ") +
               std::to_string(b.filter.category) + " " + std::to_string(b.filter.mask) + " " +
               std::to_string(b.filter.group) + " " + mask_text(b.mask);
    } else {
        return "(unknown kind)";
    }
    return "ok";
}

std::string world(const Corpus &c, Worlds &state, const std::string &kind, Tokens &t)
{
    const std::string name = t.next();
    if (kind == "world_new") {
        state.worlds.erase(name);
        state.worlds.emplace(name, pp::World());
        return "ok";
    }
    pp::World &w = state.world(name);
    if (kind == "world_create") {
        const std::string label = t.next();
        const pp::Mask &m = c.mask(t.next());
        const auto x = static_cast<std::int32_t>(t.integer());
        const auto y = static_cast<std::int32_t>(t.integer());
        pp::BodyDef def(m, x, y);
        def.pixel_collision = t.integer() != 0;
        def.is_static = t.integer() != 0;
        def.filter = filter(t);
        state.labels.emplace_back(label, w.create_body(def));
    } else if (kind == "world_move") {
        const pp::BodyId id = state.id(t.next());
        const auto x = static_cast<std::int32_t>(t.integer());
        const auto y = static_cast<std::int32_t>(t.integer());
        w.move_body(id, x, y);
    } else if (kind == "world_destroy") {
        w.destroy_body(state.id(t.next()));
    } else if (kind == "world_set_mask") {
        const pp::BodyId id = state.id(t.next());
        w.set_mask(id, c.mask(t.next()));
    } else if (kind == "world_update") {
        const pp::Events e = w.update();
        return "pairs " + state.pairs(e.touching) + " begins " + state.pairs(e.begins) +
               " ends " + state.pairs(e.ends);
    } else if (kind == "world_in_rect") {
        const auto x = static_cast<std::int32_t>(t.integer());
        const auto y = static_cast<std::int32_t>(t.integer());
        const auto rw = static_cast<std::int32_t>(t.integer());
        const auto rh = static_cast<std::int32_t>(t.integer());
        const pp::Filter f = filter(t);
        const std::vector<pp::BodyId> found = w.in_rect(pp::Bounds2D(x, y, rw, rh), f);
        std::string out = std::to_string(found.size());
        for (const pp::BodyId &id : found) {
            out += " " + state.label(id);
        }
        return out;
    } else {
        return world_kind(c, state, w, kind, t);
    }
    return "ok";
}

pp::Connectivity connectivity(const std::string &s)
{
    return s == "4" ? pp::Connectivity::Four : pp::Connectivity::Eight;
}

std::string shape(const Corpus &c, const std::string &kind, Tokens &t)
{
    const pp::Mask &m = c.mask(t.next());
    if (kind == "centroid") {
        return point(m.centroid());
    }
    if (kind == "angle") {
        return hex_float(m.angle());
    }
    if (kind == "component_bounds") {
        pp::ComponentOptions o;
        o.connectivity = connectivity(t.next());
        o.order = t.next() == "largest" ? pp::ComponentOrder::LargestFirst
                                        : pp::ComponentOrder::Position;
        o.min_pixels = static_cast<std::uint64_t>(t.integer());
        const std::vector<pp::Bounds2D> list = m.component_bounds(o);
        std::string out = std::to_string(list.size());
        for (const pp::Bounds2D &b : list) {
            out += " " + std::to_string(b.x) + " " + std::to_string(b.y) + " " +
                   std::to_string(b.width) + " " + std::to_string(b.height);
        }
        return out;
    }
    if (kind == "largest_component") {
        return mask_text(m.largest_component(connectivity(t.next())));
    }
    if (kind == "grow" || kind == "shrink") {
        const auto n = static_cast<std::uint32_t>(t.integer());
        const std::string norm = t.next();
        pp::MorphOptions o;
        o.norm = norm == "square"    ? pp::Norm::Square
                 : norm == "diamond" ? pp::Norm::Diamond
                                     : pp::Norm::Disc;
        o.shrink_from_edges = t.integer() != 0;
        return mask_text(kind == "grow" ? m.grow(n, o) : m.shrink(n, o));
    }
    if (kind == "scale") {
        const auto w = static_cast<std::int32_t>(t.integer());
        const auto h = static_cast<std::int32_t>(t.integer());
        return mask_text(m.scale(w, h));
    }
    return mask_text(m.convolve(c.mask(t.next())));
}

bool is_reshape_edit(const std::string &kind)
{
    static const char *const kinds[] = {
        "flip",        "rotate_quarter", "transpose", "scale_integer", "set_pixel", "fill_rect",
        "fill_circle", "fill_ellipse",   "draw_line", "draw",          "erase",     "intersect",
        "xor",         "invert",         "count",     "solid_bounds",  "mask_hash", "component_at",
    };
    for (const char *k : kinds) {
        if (kind == k) {
            return true;
        }
    }
    return false;
}

pp::Bounds2D rect(Tokens &t)
{
    const auto x = static_cast<std::int32_t>(t.integer());
    const auto y = static_cast<std::int32_t>(t.integer());
    const auto w = static_cast<std::int32_t>(t.integer());
    const auto h = static_cast<std::int32_t>(t.integer());
    return pp::Bounds2D(x, y, w, h);
}

// Reshapes, mask facts, and the edits on a copy() of the declared mask (answering the
// edited mask).
std::string reshape_edit(const Corpus &c, const std::string &kind, Tokens &t)
{
    const pp::Mask &m = c.mask(t.next());
    if (kind == "flip") {
        const bool fx = t.integer() != 0;
        return mask_text(m.flipped(fx, t.integer() != 0));
    }
    if (kind == "rotate_quarter") {
        return mask_text(m.rotated_quarter(static_cast<std::int32_t>(t.integer())));
    }
    if (kind == "transpose") {
        return mask_text(m.transposed());
    }
    if (kind == "scale_integer") {
        const auto sx = static_cast<std::int32_t>(t.integer());
        return mask_text(m.scaled_integer(sx, static_cast<std::int32_t>(t.integer())));
    }
    if (kind == "component_at") {
        const auto x = static_cast<std::int32_t>(t.integer());
        const auto y = static_cast<std::int32_t>(t.integer());
        return mask_text(m.component_at(x, y, connectivity(t.next())));
    }
    if (kind == "count") {
        return std::to_string(m.count());
    }
    if (kind == "solid_bounds") {
        const std::optional<pp::Bounds2D> b = m.solid_bounds();
        return b ? std::to_string(b->x) + " " + std::to_string(b->y) + " " +
                       std::to_string(b->width) + " " + std::to_string(b->height)
                 : "none";
    }
    if (kind == "mask_hash") {
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016" PRIx64, m.hash());
        return buf;
    }
    pp::Mask e = m.copy();
    if (kind == "set_pixel") {
        const auto x = static_cast<std::int32_t>(t.integer());
        const auto y = static_cast<std::int32_t>(t.integer());
        e.set_pixel(x, y, t.integer() != 0);
    } else if (kind == "fill_rect") {
        const pp::Bounds2D r = rect(t);
        e.fill_rect(r, t.integer() != 0);
    } else if (kind == "fill_circle") {
        const auto cx = static_cast<std::int32_t>(t.integer());
        const auto cy = static_cast<std::int32_t>(t.integer());
        const auto radius = static_cast<std::uint32_t>(t.integer());
        e.fill_circle(cx, cy, radius, t.integer() != 0);
    } else if (kind == "fill_ellipse") {
        const pp::Bounds2D r = rect(t);
        e.fill_ellipse(r, t.integer() != 0);
    } else if (kind == "draw_line") {
        const auto x0 = static_cast<std::int32_t>(t.integer());
        const auto y0 = static_cast<std::int32_t>(t.integer());
        const auto x1 = static_cast<std::int32_t>(t.integer());
        const auto y1 = static_cast<std::int32_t>(t.integer());
        const auto radius = static_cast<std::uint32_t>(t.integer());
        e.draw_line(x0, y0, x1, y1, radius, t.integer() != 0);
    } else if (kind == "invert") {
        e.invert();
    } else {
        const pp::Mask &other = c.mask(t.next());
        const auto x = static_cast<std::int32_t>(t.integer());
        const auto y = static_cast<std::int32_t>(t.integer());
        if (kind == "draw") {
            e.draw(other, x, y);
        } else if (kind == "erase") {
            e.erase(other, x, y);
        } else if (kind == "intersect") {
            e.intersect(other, x, y);
        } else {
            e.xor_with(other, x, y);
        }
    }
    return mask_text(e);
}

// `polygons <mask> <epsilon>`: `<polygons> <rings>`, then each ring `<n> x y ...`, the
// rings sorted vertex by vertex (each by y then x), a ring that starts another first.
std::string polygons(const Corpus &c, Tokens &t)
{
    const pp::Mask &m = c.mask(t.next());
    pp::PolygonOptions o;
    o.epsilon = parse_float(t.next());
    const pp::Polygons p = m.polygons(o);
    std::vector<std::vector<std::pair<std::int32_t, std::int32_t>>> rings;
    for (std::size_t r = 0; r < p.ring_count(); r++) {
        std::vector<std::pair<std::int32_t, std::int32_t>> ring;
        for (const pp::Vertex &v : p.ring(r)) {
            ring.emplace_back(v.y, v.x);
        }
        rings.push_back(ring);
    }
    std::sort(rings.begin(), rings.end());
    std::string out = std::to_string(p.size()) + " " + std::to_string(rings.size());
    for (const auto &ring : rings) {
        out += " " + std::to_string(ring.size());
        for (const auto &v : ring) {
            out += " " + std::to_string(v.second) + " " + std::to_string(v.first);
        }
    }
    return out;
}

// `crop`, `component_counts`, `component_labels`.
std::string crop_label(const Corpus &c, const std::string &kind, Tokens &t)
{
    const pp::Mask &m = c.mask(t.next());
    if (kind == "crop") {
        return mask_text(m.crop(rect(t)));
    }
    pp::ComponentOptions o;
    o.connectivity = connectivity(t.next());
    o.order = t.next() == "largest" ? pp::ComponentOrder::LargestFirst
                                    : pp::ComponentOrder::Position;
    o.min_pixels = static_cast<std::uint64_t>(t.integer());
    if (kind == "component_counts") {
        const std::vector<std::uint64_t> counts = m.component_counts(o);
        std::string out = std::to_string(counts.size());
        for (const std::uint64_t n : counts) {
            out += " " + std::to_string(n);
        }
        return out;
    }
    const pp::ComponentLabels labels = m.component_labels(o);
    std::string out = std::to_string(labels.count);
    for (const std::uint32_t l : labels.labels) {
        out += " " + std::to_string(l);
    }
    return out;
}

pp::PixelFormat pixel_format(const std::string &f)
{
    if (f == "rgba8") {
        return pp::PixelFormat::Rgba8;
    }
    if (f == "bgra8") {
        return pp::PixelFormat::Bgra8;
    }
    if (f == "argb8") {
        return pp::PixelFormat::Argb8;
    }
    if (f == "abgr8") {
        return pp::PixelFormat::Abgr8;
    }
    if (f != "a8") {
        throw std::runtime_error("unknown pixel format " + f);
    }
    return pp::PixelFormat::A8;
}

std::vector<std::uint8_t> bytes(const std::string &hex)
{
    std::vector<std::uint8_t> out;
    if (hex == "-") {
        return out;
    }
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
        out.push_back(static_cast<std::uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
    }
    return out;
}

std::uint8_t byte(Tokens &t) { return static_cast<std::uint8_t>(t.integer()); }

// `from_pixels` and `from_color_range`.
std::string pixels(const std::string &kind, Tokens &t)
{
    const pp::PixelFormat format = pixel_format(t.next());
    const auto w = static_cast<std::int32_t>(t.integer());
    const auto h = static_cast<std::int32_t>(t.integer());
    const auto stride = static_cast<std::int32_t>(t.integer());
    if (kind == "from_pixels") {
        pp::MaskOptions o;
        o.threshold = byte(t);
        o.flip_x = t.integer() != 0;
        o.flip_y = t.integer() != 0;
        const bool has_key = t.integer() != 0;
        const std::uint8_t r = byte(t), g = byte(t), b = byte(t);
        if (has_key) {
            o.color_key = std::array<std::uint8_t, 3>{r, g, b};
        }
        const bool has_region = t.integer() != 0;
        const pp::Bounds2D region = rect(t);
        if (has_region) {
            o.region = region;
        }
        const std::vector<std::uint8_t> data = bytes(t.next());
        return mask_text(pp::Mask::from_pixels(data.empty() ? nullptr : data.data(), data.size(),
                                               format, w, h, stride, o));
    }
    pp::ColorRange range;
    range.min.r = byte(t);
    range.min.g = byte(t);
    range.min.b = byte(t);
    range.min.a = byte(t);
    range.max.r = byte(t);
    range.max.g = byte(t);
    range.max.b = byte(t);
    range.max.a = byte(t);
    const std::vector<std::uint8_t> data = bytes(t.next());
    return mask_text(pp::Mask::from_color_range(data.empty() ? nullptr : data.data(),
                                                data.size(), format, w, h, stride, range));
}

pp::Mask declare(Tokens &t)
{
    const auto w = static_cast<std::int32_t>(t.integer());
    const auto h = static_cast<std::int32_t>(t.integer());
    pp::Mask m = pp::Mask::create(w, h, false);
    for (std::int32_t y = 0; y < h; y++) {
        const std::string row = t.next();
        if (w == 0) {
            continue;
        }
        if (row.size() != static_cast<std::size_t>((w + 3) / 4)) {
            throw std::runtime_error("a row of the wrong length: " + row);
        }
        for (std::int32_t x = 0; x < w; x++) {
            const unsigned digit = static_cast<unsigned>(std::stoul(row.substr(x / 4, 1), nullptr, 16));
            if (digit & (8u >> (x % 4))) {
                m.set_pixel(x, y, true);
            }
        }
    }
    return m;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: corpus_replay <scratch> <corpus file>\n");
        return 2;
    }
    std::ifstream file(argv[2]);
    if (!file) {
        std::fprintf(stderr, "cannot read %s\n", argv[2]);
        return 2;
    }
    const std::vector<std::string> kinds = {
        "collides",  "first_contact",  "overlap_area", "overlap_mask",
        "sweep",     "contact_normal", "push_out",     "raycast",
        "rasterise", "transformed_collides", "transformed_first_contact",
        "transformed_overlap_area",
        "world_new", "world_create", "world_move", "world_destroy", "world_set_mask",
        "world_update", "world_in_rect", "centroid", "angle", "component_bounds",
        "largest_component", "grow", "shrink", "scale", "convolve", "move_and_slide",
        "mask_collides", "mask_first_contact", "mask_overlap_area", "mask_overlap_mask",
        "world_create_transformed", "world_set_transform", "world_set_filter",
        "world_move_bodies", "world_at_point", "world_overlapping", "world_raycast",
        "world_sweep", "world_contact", "world_body",
        "flip", "rotate_quarter", "transpose", "scale_integer", "set_pixel", "fill_rect",
        "fill_circle", "fill_ellipse", "draw_line", "draw", "erase", "intersect", "xor",
        "invert", "count", "solid_bounds", "mask_hash", "component_at", "polygons", "crop",
        "component_counts", "component_labels", "from_pixels", "from_color_range", "world_hash",
        "outline", "normal_degrees",
    };
    std::map<std::string, int> counts;
    Corpus corpus;
    Worlds worlds;
    std::string line;
    int passed = 0, failed = 0, line_no = 0;
    while (std::getline(file, line)) {
        line_no++;
        if (line_no == 1) {
            if (line != "perpixel-corpus 1") {
                std::printf("FAIL: the first line is \"%s\", not \"perpixel-corpus 1\"\n",
                            line.c_str());
                failed++;
                break;
            }
            passed++;
            continue;
        }
        if (line.empty() || line[0] == '#') {
            continue;
        }
        if (line.compare(0, 5, "mask ") == 0) {
            Tokens t(line.substr(5));
            const std::string id = t.next();
            corpus.masks.erase(id);
            corpus.masks.emplace(id, declare(t));
            continue;
        }
        const auto arrow = line.find(" -> ");
        const auto space = line.find(' ');
        if (arrow == std::string::npos || space >= arrow) {
            std::printf("FAIL line %d: not a case: %s\n", line_no, line.c_str());
            failed++;
            continue;
        }
        const std::string kind = line.substr(0, space);
        const std::string inputs = line.substr(space + 1, arrow - space - 1);
        const std::string expected = line.substr(arrow + 4);
        std::string got;
        Tokens t(inputs);
        try {
            if (kind == "collides" || kind == "first_contact" || kind == "overlap_area" ||
                kind == "overlap_mask") {
                got = pair(corpus, kind, t);
            } else if (kind == "sweep") {
                got = sweep(corpus, t);
            } else if (kind == "contact_normal") {
                got = contact_normal(corpus, t);
            } else if (kind == "push_out") {
                got = push_out(corpus, t);
            } else if (is_reshape_edit(kind)) { // before "mask_": mask_hash is one of them
                got = reshape_edit(corpus, kind, t);
            } else if (kind == "polygons") {
                got = polygons(corpus, t);
            } else if (kind == "crop" || kind == "component_counts" ||
                       kind == "component_labels") {
                got = crop_label(corpus, kind, t);
            } else if (kind == "from_pixels" || kind == "from_color_range") {
                got = pixels(kind, t);
            } else if (kind == "outline") {
                const pp::Mask &m = corpus.mask(t.next());
                const std::vector<pp::Vertex> path =
                    m.outline(static_cast<std::uint32_t>(t.integer()));
                got = std::to_string(path.size());
                for (const pp::Vertex &v : path) {
                    got += " " + std::to_string(v.x) + " " + std::to_string(v.y);
                }
            } else if (kind == "normal_degrees") {
                pp::Normal n;
                n.x = parse_float(t.next());
                n.y = parse_float(t.next());
                got = hex_float(n.degrees());
            } else if (kind.compare(0, 5, "mask_") == 0) {
                got = offset(corpus, kind, t);
            } else if (kind == "move_and_slide") {
                got = move_and_slide(corpus, t);
            } else if (kind == "raycast") {
                got = raycast(corpus, t);
            } else if (kind == "rasterise") {
                got = rasterise(corpus, t);
            } else if (kind == "world_hash") { // before "world_": a kind of its own
                char buf[17];
                std::snprintf(buf, sizeof buf, "%016" PRIx64, worlds.world(t.next()).hash());
                got = buf;
            } else if (kind.compare(0, 6, "world_") == 0) {
                got = world(corpus, worlds, kind, t);
            } else if (kind.compare(0, 12, "transformed_") == 0) {
                got = transformed(corpus, kind, t);
            } else if (kind == "centroid" || kind == "angle" || kind == "component_bounds" ||
                       kind == "largest_component" || kind == "grow" || kind == "shrink" ||
                       kind == "scale" || kind == "convolve") {
                got = shape(corpus, kind, t);
            } else {
                got = "(unknown kind)";
            }
        } catch (const pp::Error &e) {
            got = std::string("error ") + error_name(e);
        } catch (const std::exception &e) {
            got = std::string("(the inputs did not parse: ") + e.what() + ")";
        }
        counts[kind]++;
        if (got == expected) {
            passed++;
        } else {
            failed++;
            std::printf("FAIL line %d: %s %s\n  expected: %s\n  got:      %s\n", line_no,
                        kind.c_str(), inputs.c_str(), expected.c_str(), got.c_str());
        }
    }
    int cases = 0;
    for (const auto &k : kinds) {
        std::printf("%s: %d cases\n", k.c_str(), counts[k]);
        cases += counts[k];
        if (counts[k] == 0) {
            std::printf("FAIL: no %s case\n", k.c_str());
            failed++;
        }
    }
    std::printf("%d cases replayed through the C++ wrapper\n", cases);
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
