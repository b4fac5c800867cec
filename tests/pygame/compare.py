"""perpixel's shape tools against pygame-ce's own `pygame.mask.Mask`, on random masks.

Run by tests/pygame.rs (`cargo test --test pygame`):

    python3 tests/pygame/compare.py LIBPERPIXEL SEED CASES

perpixel is called through its C ABI (ctypes), pygame-ce through its Python API, on the
same masks: counts, centroid, angle, outline(every), connected components (with a
minimum), bounding rects, the component at a pixel, scale, convolve, overlap area, overlap
(the first contact; the masks are under 64 wide, where pygame's column stripes give the
same order), overlap mask, draw, erase, invert, to_surface colours, from_threshold
against pp_mask_from_color_range, and from_surface(t) against pp_mask_from_pixels with
threshold t + 1.

The README's two documented differences ("Coming from pygame") are checked too, on every
case, so that the README stays true of the pygame-ce installed:
* a mask drawn onto (or erased from) itself: perpixel draws the mask as it was before the
  call, which is pygame-ce's draw of a copy (`m.draw(m.copy(), offset)`); pygame-ce's own
  `m.draw(m, offset)` reads pixels it has already written and smears where the shifted
  mask overlaps itself (a pixel drawn onto its own mask at (0, 1) fills its column); how
  often it differs is counted, and the README's example is asserted;
* colour keys on surfaces with per-pixel alpha: pygame-ce sets exactly the pixels whose
  colour *and alpha* differ from the key taken as opaque, whatever the threshold
  (asserted); perpixel's `threshold 0` + `color_key` (red, green, blue compared; alpha
  not) agrees except on key-coloured pixels that are not opaque, which pygame sets and
  perpixel does not (counted); perpixel's threshold t + 1 with the key applies both.
Any disagreement stops the run with both answers; at the end one line says how many of
each check agreed.

Where pygame-ce itself is wrong, the check is of perpixel's documented answer instead,
and counted:
* masks 1 pixel wide: pygame's components, bounding rects and component at a pixel
  misread them (1x25 with three separate pixels gives one 2-pixel component, no rects,
  or a 24-pixel component, depending on memory), so they are left out;
* `connected_component()` (the largest): pygame sometimes returns a smaller component
  than the largest of its own `connected_components()`, and breaks ties by its label
  order; perpixel returns a largest one, the first in row-major order on a tie, so the
  check is that perpixel's is one of pygame's components, of the largest size.
* `angle()`: perpixel computes atan2 in software (the same bits on every platform);
  pygame uses the C library's. They agree within 1e-9 degrees; how many are bit-equal is
  printed.
"""
import ctypes as C
import os
import random
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

lib = C.CDLL(sys.argv[1])
P = C.c_void_p


class Vertex(C.Structure):
    _fields_ = [("x", C.c_int32), ("y", C.c_int32)]


class Bounds(C.Structure):
    _fields_ = [("x", C.c_int32), ("y", C.c_int32), ("w", C.c_int32), ("h", C.c_int32)]


class CompOpts(C.Structure):
    _fields_ = [("cookie", C.c_uint32), ("conn", C.c_uint32), ("order", C.c_uint32),
                ("reserved", C.c_uint32), ("min_pixels", C.c_uint64)]


class Rgba(C.Structure):
    _fields_ = [("r", C.c_uint8), ("g", C.c_uint8), ("b", C.c_uint8), ("a", C.c_uint8)]


class ColorRange(C.Structure):
    _fields_ = [("min", Rgba), ("max", Rgba)]


class MaskOptions(C.Structure):
    _fields_ = [("cookie", C.c_uint32), ("threshold", C.c_uint8), ("flip_x", C.c_uint8),
                ("flip_y", C.c_uint8), ("has_color_key", C.c_uint8), ("color_key", C.c_uint8 * 3),
                ("has_region", C.c_uint8), ("region", Bounds)]


class Point(C.Structure):
    _fields_ = [("x", C.c_int64), ("y", C.c_int64)]


PP = C.POINTER(P)
SIZE = C.POINTER(C.c_size_t)
sig = {
    "pp_mask_from_bytes": [C.c_int32, C.c_int32, C.c_char_p, C.c_size_t, PP],
    "pp_mask_to_bytes": [P, P, C.c_size_t, SIZE],
    "pp_mask_size": [P, C.POINTER(C.c_int32), C.POINTER(C.c_int32)],
    "pp_mask_count": [P, C.POINTER(C.c_uint64)],
    "pp_mask_centroid": [P, C.POINTER(C.c_uint32), C.POINTER(C.c_uint32)],
    "pp_mask_angle": [P, C.POINTER(C.c_double)],
    "pp_mask_outline": [P, C.c_uint32, P, C.c_size_t, SIZE],
    "pp_mask_components": [P, C.POINTER(CompOpts), P, C.c_size_t, SIZE],
    "pp_mask_component_bounds": [P, C.POINTER(CompOpts), P, C.c_size_t, SIZE],
    "pp_mask_component_at": [P, C.c_int32, C.c_int32, C.c_uint32, PP],
    "pp_mask_largest_component": [P, C.c_uint32, PP],
    "pp_mask_scale": [P, C.c_int32, C.c_int32, PP],
    "pp_mask_convolve": [P, P, PP],
    "pp_mask_overlap_area": [P, P, C.c_int32, C.c_int32, C.POINTER(C.c_uint64)],
    "pp_mask_first_contact": [P, P, C.c_int32, C.c_int32, C.POINTER(C.c_uint8), C.POINTER(Point)],
    "pp_mask_overlap_mask": [P, P, C.c_int32, C.c_int32, PP, C.POINTER(Bounds)],
    "pp_mask_from_pixels": [C.c_char_p, C.c_size_t, C.c_uint32, C.c_int32, C.c_int32, C.c_int32,
                            C.POINTER(MaskOptions), PP],
    "pp_mask_draw": [P, P, C.c_int32, C.c_int32],
    "pp_mask_set_pixel": [P, C.c_int32, C.c_int32, C.c_uint8],
    "pp_mask_erase": [P, P, C.c_int32, C.c_int32],
    "pp_mask_invert": [P],
    "pp_mask_to_pixels": [P, C.c_uint32, Rgba, Rgba, P, C.c_size_t, SIZE],
    "pp_mask_from_color_range": [C.c_char_p, C.c_size_t, C.c_uint32, C.c_int32, C.c_int32,
                                 C.c_int32, ColorRange, PP],
}
for name, args in sig.items():
    f = getattr(lib, name)
    f.argtypes, f.restype = args, C.c_int
lib.pp_mask_free.argtypes, lib.pp_mask_free.restype = [P], None
lib.pp_component_options_default.argtypes, lib.pp_component_options_default.restype = [], CompOpts
lib.pp_color_range_within.argtypes, lib.pp_color_range_within.restype = [Rgba, Rgba], ColorRange
lib.pp_mask_options_default.argtypes, lib.pp_mask_options_default.restype = [], MaskOptions
FORMAT_RGBA8 = 0

checks = {}


def count(name):
    checks[name] = checks.get(name, 0) + 1


def ok(status, what):
    if status != 0:
        sys.exit(f"FAIL: {what}: status {status}")


def agree(name, ours, theirs, ctx):
    count(name)
    if ours != theirs:
        sys.exit(f"FAIL: {name} ({ctx}): perpixel {ours!r}, pygame-ce {theirs!r}")


def new_mask(status_call):
    out = P()
    ok(status_call(C.byref(out)), "a new mask")
    return out


def pp_from(m):
    w, h = m.get_size()
    rb = (w + 7) // 8
    data = bytearray(rb * h)
    for y in range(h):
        for x in range(w):
            if m.get_at((x, y)):
                data[y * rb + x // 8] |= 1 << (x % 8)
    return new_mask(lambda out: lib.pp_mask_from_bytes(w, h, bytes(data), len(data), out))


def pp_size(p):
    w, h = C.c_int32(), C.c_int32()
    ok(lib.pp_mask_size(p, C.byref(w), C.byref(h)), "size")
    return w.value, h.value


def pp_pixels(p):
    w, h = pp_size(p)
    rb = (w + 7) // 8
    n = C.c_size_t()
    buf = (C.c_uint8 * max(1, rb * h))()
    ok(lib.pp_mask_to_bytes(p, buf, rb * h, C.byref(n)), "to_bytes")
    return {(x, y) for y in range(h) for x in range(w) if buf[y * rb + x // 8] >> (x % 8) & 1}


def pg_pixels(m):
    w, h = m.get_size()
    return {(x, y) for y in range(h) for x in range(w) if m.get_at((x, y))}


def listed(fn, item):
    """A list by the buffer convention: size first, then fill."""
    n = C.c_size_t()
    ok(fn(None, 0, C.byref(n)), "a list's size")
    buf = (item * max(1, n.value))()
    ok(fn(buf, n.value, C.byref(n)), "a list")
    return [buf[i] for i in range(n.value)]


def random_mask(rng, w, h):
    m = pygame.mask.Mask((w, h))
    kind, density = rng.randrange(4), rng.random()
    for y in range(h):
        for x in range(w):
            if kind == 0:
                solid = rng.random() < density
            elif kind == 1:  # a blob
                solid = ((x - w / 2) ** 2 / max(1, w * w / 4)
                         + (y - h / 2) ** 2 / max(1, h * h / 4)) < density * 1.2
            elif kind == 2:  # diagonal stripes with specks
                solid = ((x // 3 + y // 2) % 5 < 2) != (rng.random() < 0.05)
            else:  # sparse specks: many components
                solid = rng.random() < 0.15
            if solid:
                m.set_at((x, y))
    return m


def readme_examples():
    """The README's examples of the two differences, as written there."""
    m = pygame.mask.Mask((8, 4))
    m.set_at((0, 0))
    m.draw(m, (0, 1))
    agree("README: pygame: a pixel drawn onto its own mask 1 row down fills its column",
          sorted(pg_pixels(m)), [(0, 0), (0, 1), (0, 2), (0, 3)], "README")
    p = pp_from(pygame.mask.Mask((8, 4)))
    ok(lib.pp_mask_set_pixel(p, 0, 0, 1), "set_pixel")
    ok(lib.pp_mask_draw(p, p, 0, 1), "draw onto itself")
    agree("README: perpixel: the same draw gives 2 pixels", sorted(pp_pixels(p)), [(0, 0), (0, 1)], "README")
    lib.pp_mask_free(p)
    # 4x1 RGBA: magenta opaque, opaque other, transparent other, magenta transparent.
    pixels = [(255, 0, 255, 255), (10, 20, 30, 255), (10, 20, 30, 0), (255, 0, 255, 0)]
    surf = pygame.Surface((4, 1), pygame.SRCALPHA, 32)
    for x, c in enumerate(pixels):
        surf.set_at((x, 0), c)
    surf.set_colorkey((255, 0, 255))
    for t in (0, 127, 254):
        agree(f"README: pygame: keyed per-pixel-alpha surface at threshold {t}",
              sorted(pg_pixels(pygame.mask.from_surface(surf, t))), [(1, 0), (2, 0), (3, 0)], "README")
    data = b"".join(bytes(c) for c in pixels)
    for threshold, expected in ((0, [(1, 0), (2, 0)]), (1, [(1, 0)])):
        o = lib.pp_mask_options_default()
        o.threshold, o.has_color_key = threshold, 1
        o.color_key[:] = [255, 0, 255]
        fs = new_mask(lambda out: lib.pp_mask_from_pixels(data, len(data), FORMAT_RGBA8, 4, 1, 16,
                                                           C.byref(o), out))
        agree(f"README: perpixel's threshold {threshold} + key", sorted(pp_pixels(fs)), expected, "README")
        lib.pp_mask_free(fs)


def main():
    readme_examples()
    rng = random.Random(int(sys.argv[2]))
    cases = int(sys.argv[3])
    for case in range(cases):
        w, h = rng.randrange(0, 40), rng.randrange(0, 30)
        m = random_mask(rng, w, h)
        p = pp_from(m)
        ctx = f"case {case}, {w}x{h}, pixels {sorted(pg_pixels(m))}"
        n = C.c_uint64()
        ok(lib.pp_mask_count(p, C.byref(n)), "count")
        agree("count", n.value, m.count(), ctx)
        cx, cy = C.c_uint32(), C.c_uint32()
        ok(lib.pp_mask_centroid(p, C.byref(cx), C.byref(cy)), "centroid")
        agree("centroid", (cx.value, cy.value), m.centroid(), ctx)
        angle = C.c_double()
        ok(lib.pp_mask_angle(p, C.byref(angle)), "angle")
        agree("angle within 1e-9", abs(angle.value - m.angle()) <= 1e-9, True, ctx)
        if angle.value == m.angle():
            count("angle bit-equal")
        for every in (1, 2, 3, 5):
            path = listed(lambda b, l, n: lib.pp_mask_outline(p, every, b, l, n), Vertex)
            agree(f"outline({every})", [(v.x, v.y) for v in path], m.outline(every), ctx)
        if w == 1:
            count("1-wide masks whose components pygame misreads (left out)")
        else:
            for minimum in (0, 3):
                o = lib.pp_component_options_default()
                o.min_pixels = minimum
                handles = listed(lambda b, l, n: lib.pp_mask_components(p, C.byref(o), b, l, n), P)
                ours = [pp_pixels(P(h)) for h in handles]
                for h_ in handles:
                    lib.pp_mask_free(P(h_))
                agree(f"connected_components({minimum})", ours,
                      [pg_pixels(c) for c in m.connected_components(minimum)], ctx)
            o = lib.pp_component_options_default()
            rects = listed(lambda b, l, n: lib.pp_mask_component_bounds(p, C.byref(o), b, l, n), Bounds)
            agree("get_bounding_rects", [(r.x, r.y, r.w, r.h) for r in rects],
                  [tuple(r) for r in m.get_bounding_rects()], ctx)
            largest = new_mask(lambda out: lib.pp_mask_largest_component(p, 8, out))
            ours = pp_pixels(largest)
            lib.pp_mask_free(largest)
            comps = [pg_pixels(c) for c in m.connected_components()]
            biggest = max((len(c) for c in comps), default=0)
            agree("connected_component(): one of the largest", ours in comps + [set()] and len(ours) == biggest,
                  True, ctx)
            theirs = pg_pixels(m.connected_component())
            if ours != theirs:
                count("connected_component(): pygame returned another"
                      + (" (smaller: a pygame bug)" if len(theirs) < biggest else " (a tie)"))
            if w and h:
                x, y = rng.randrange(w), rng.randrange(h)
                at = new_mask(lambda out: lib.pp_mask_component_at(p, x, y, 8, out))
                agree("connected_component((x, y))", pp_pixels(at), pg_pixels(m.connected_component((x, y))), ctx)
                lib.pp_mask_free(at)
        sw, sh = rng.randrange(0, 50), rng.randrange(0, 50)
        scaled = new_mask(lambda out: lib.pp_mask_scale(p, sw, sh, out))
        agree("scale", (pp_size(scaled), pp_pixels(scaled)), ((sw, sh), pg_pixels(m.scale((sw, sh)))), ctx)
        lib.pp_mask_free(scaled)
        m2 = random_mask(rng, rng.randrange(0, 12), rng.randrange(0, 10))
        p2 = pp_from(m2)
        conv = new_mask(lambda out: lib.pp_mask_convolve(p, p2, out))
        theirs = m.convolve(m2)
        agree("convolve", (pp_size(conv), pp_pixels(conv)), (theirs.get_size(), pg_pixels(theirs)), ctx)
        lib.pp_mask_free(conv)
        for _ in range(3):
            dx, dy = rng.randrange(-15, 45), rng.randrange(-15, 35)
            area = C.c_uint64()
            ok(lib.pp_mask_overlap_area(p, p2, dx, dy, C.byref(area)), "overlap_area")
            agree("overlap_area", area.value, m.overlap_area(m2, (dx, dy)), ctx)
            # The first contact: perpixel's is the row-major first; pygame scans 64-pixel
            # column stripes (32 on Windows): the same order for masks under 64 wide.
            found, point = C.c_uint8(), Point()
            ok(lib.pp_mask_first_contact(p, p2, dx, dy, C.byref(found), C.byref(point)), "first_contact")
            agree("overlap (masks under 64 wide)", (point.x, point.y) if found.value else None,
                  m.overlap(m2, (dx, dy)), ctx)
            # perpixel's overlap mask is the intersection's size, placed at its bounds.
            out, at = P(), Bounds()
            ok(lib.pp_mask_overlap_mask(p, p2, dx, dy, C.byref(out), C.byref(at)), "overlap_mask")
            ours = set()
            if out.value:
                ours = {(x + at.x, y + at.y) for (x, y) in pp_pixels(out)}
                lib.pp_mask_free(out)
            agree("overlap_mask", ours, pg_pixels(m.overlap_mask(m2, (dx, dy))), ctx)
            for name, fn in (("draw", lib.pp_mask_draw), ("erase", lib.pp_mask_erase)):
                edited = pp_from(m)
                ok(fn(edited, p2, dx, dy), name)
                theirs = m.copy()
                getattr(theirs, name)(m2, (dx, dy))
                agree(name, pp_pixels(edited), pg_pixels(theirs), ctx)
                lib.pp_mask_free(edited)
                # Onto itself: perpixel's is pygame's from a copy; pygame's own may smear.
                edited = pp_from(m)
                ok(fn(edited, edited, dx % 9 - 4, dy % 7 - 3), name + " onto itself")
                theirs, smeared = m.copy(), m.copy()
                getattr(theirs, name)(m.copy(), (dx % 9 - 4, dy % 7 - 3))
                getattr(smeared, name)(smeared, (dx % 9 - 4, dy % 7 - 3))
                agree(f"{name} onto itself = pygame's {name} of a copy", pp_pixels(edited), pg_pixels(theirs), ctx)
                if pg_pixels(smeared) != pg_pixels(theirs):
                    count(f"{name} onto itself: pygame's own smeared (README)")
                lib.pp_mask_free(edited)
        inv = pp_from(m)
        ok(lib.pp_mask_invert(inv), "invert")
        theirs = m.copy()
        theirs.invert()
        agree("invert", pp_pixels(inv), pg_pixels(theirs), ctx)
        lib.pp_mask_free(inv)
        if w and h:
            setc = (rng.randrange(256), rng.randrange(256), rng.randrange(256), rng.randrange(256))
            unset = (rng.randrange(256), rng.randrange(256), rng.randrange(256), rng.randrange(256))
            px = listed(lambda b, l, n: lib.pp_mask_to_pixels(p, FORMAT_RGBA8, Rgba(*setc), Rgba(*unset), b, l, n),
                        C.c_uint8)
            surf = m.to_surface(setcolor=setc, unsetcolor=unset)
            theirs = [c for y in range(h) for x in range(w) for c in tuple(surf.get_at((x, y)))]
            agree("to_surface(setcolor, unsetcolor)", px, theirs, ctx)
            # from_threshold on a random RGBA surface: pygame's strict `< threshold` per
            # channel is pp_color_range_within's inclusive range.
            surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
            data = bytearray()
            for y in range(h):
                for x in range(w):
                    c = (rng.choice((10, 100, 101, 102, 200)), rng.randrange(256),
                         rng.choice((0, 5, 9, 250)), rng.choice((0, 128, 255)))
                    surf.set_at((x, y), c)
                    data += bytes(c)
            color, threshold = (101, 128, 4, 128), (2, 200, 6, 128)
            rng_ = lib.pp_color_range_within(Rgba(*color), Rgba(*threshold))
            fr = new_mask(lambda out: lib.pp_mask_from_color_range(bytes(data), len(data), FORMAT_RGBA8, w, h,
                                                                  4 * w, rng_, out))
            agree("from_threshold", pp_pixels(fr),
                  pg_pixels(pygame.mask.from_threshold(surf, color, threshold)), ctx)
            lib.pp_mask_free(fr)
            # from_surface(surface, t) keeps alpha > t: perpixel's threshold t + 1.
            t = rng.choice((0, 1, 3, 127, 128, 254))
            o = lib.pp_mask_options_default()
            o.threshold = t + 1
            fs = new_mask(lambda out: lib.pp_mask_from_pixels(bytes(data), len(data), FORMAT_RGBA8, w, h, 4 * w,
                                                               C.byref(o), out))
            agree("from_surface(t) = threshold t + 1", pp_pixels(fs), pg_pixels(pygame.mask.from_surface(surf, t)),
                  ctx)
            lib.pp_mask_free(fs)
            # The same surface with a colour key taken from one of its pixels.
            key = tuple(data[4 * rng.randrange(w * h):][:3])
            surf.set_colorkey(key)
            px = [tuple(data[i:i + 4]) for i in range(0, len(data), 4)]
            keyed = pg_pixels(pygame.mask.from_surface(surf, t))
            agree("keyed per-pixel alpha: pygame sets what differs from the opaque key", keyed,
                  {(i % w, i // w) for i, c in enumerate(px) if c != key + (255,)}, ctx)
            o = lib.pp_mask_options_default()
            o.threshold, o.has_color_key = 0, 1
            o.color_key[:] = list(key)
            fs = new_mask(lambda out: lib.pp_mask_from_pixels(bytes(data), len(data), FORMAT_RGBA8, w, h, 4 * w,
                                                               C.byref(o), out))
            translucent_key = {(i % w, i // w) for i, c in enumerate(px) if c[:3] == key and c[3] != 255}
            agree("keyed: threshold 0 + key = pygame but for non-opaque key pixels", pp_pixels(fs),
                  keyed - translucent_key, ctx)
            if translucent_key:
                count("keyed: non-opaque key-coloured pixels pygame sets and perpixel does not (README)")
            lib.pp_mask_free(fs)
            o.threshold = t + 1
            fs = new_mask(lambda out: lib.pp_mask_from_pixels(bytes(data), len(data), FORMAT_RGBA8, w, h, 4 * w,
                                                               C.byref(o), out))
            agree("keyed: threshold t + 1 + key applies both", pp_pixels(fs),
                  {(i % w, i // w) for i, c in enumerate(px) if c[3] > t and c[:3] != key}, ctx)
            lib.pp_mask_free(fs)
        lib.pp_mask_free(p)
        lib.pp_mask_free(p2)
    print(f"perpixel agrees with pygame-ce {pygame.version.ver} on {cases} random masks: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(checks.items())))


main()
