"""Replays the conformance corpus (tests/corpus/corpus.txt, format in
tests/corpus/FORMAT.md) through the Python package's public API, bit for bit.

    python corpus_replay.py [path/to/corpus.txt]

The kinds the Python API covers (``CLAIMED``) are replayed: every answer written as the
format says and compared as text with the oracle's. The kinds not in the Python API yet
are counted and left to the other doors (``NOT_YET``); a kind in neither list fails the
run, so a new kind in the corpus is a decision to make here. Cases of a claimed kind
whose parameters pygame's API cannot say (4-connected components, an order other than
by position, a minimum size for bounding rects) are counted as left too. Prints the
counts per kind and every difference with its line number; exits 1 on any.
"""

import os
import struct
import sys
from collections import Counter

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import perpixel  # noqa: E402

CLAIMED = {
    "mask_collides", "mask_first_contact", "mask_overlap_area", "mask_overlap_mask",
    "centroid", "angle", "component_bounds", "largest_component", "scale", "convolve",
}
NOT_YET = {
    "collides", "first_contact", "overlap_area", "overlap_mask", "sweep",
    "contact_normal", "push_out", "move_and_slide", "raycast", "rasterise",
    "transformed_collides", "transformed_first_contact", "transformed_overlap_area",
    "grow", "shrink", "world_new", "world_create", "world_move", "world_destroy",
    "world_set_mask", "world_update", "world_in_rect",
    "world_create_transformed", "world_set_transform", "world_set_filter",
    "world_move_bodies", "world_at_point", "world_overlapping", "world_raycast",
    "world_sweep", "world_contact", "world_body", "world_hash",
    "flip", "rotate_quarter", "transpose", "scale_integer", "set_pixel", "fill_rect",
    "fill_circle", "fill_ellipse", "draw_line", "draw", "erase", "intersect", "xor",
    "invert", "count", "solid_bounds", "mask_hash", "component_at", "polygons", "crop",
    "component_counts", "component_labels", "from_pixels", "from_color_range", "outline",
    "normal_degrees",
}


def parse_mask(width, height, rows):
    m = perpixel.Mask((width, height))
    for y, row in enumerate(rows):
        if row == "-":
            continue
        for k, digit in enumerate(row):
            v = int(digit, 16)
            for i in range(4):
                if v & (8 >> i):
                    m.set_at((4 * k + i, y))
    return m


def mask_text(m, x0=0, y0=0, w=None, h=None):
    """A mask answer: ``<w> <h> <row>...`` over the part (x0, y0, w, h) of m."""
    if w is None:
        w, h = m.get_size()
    rows = []
    for y in range(y0, y0 + h):
        if w == 0:
            rows.append("-")
            continue
        digits = []
        for k in range((w + 3) // 4):
            v = 0
            for i in range(4):
                x = 4 * k + i
                if x < w and m.get_at((x0 + x, y)):
                    v |= 8 >> i
            digits.append("%x" % v)
        rows.append("".join(digits))
    return " ".join([str(w), str(h)] + rows)


def float_bits(v):
    return struct.pack(">d", v).hex()


def status_of(e):
    """An exception as the corpus's error answer (this door's idiom for each status)."""
    if isinstance(e, perpixel.MaskTooLargeError):
        return "error PP_ERR_TOO_LARGE"
    if isinstance(e, MemoryError):
        return "error PP_ERR_OUT_OF_MEMORY"
    if isinstance(e, TypeError) and "NoneType" in str(e):
        return "error PP_ERR_NULL_POINTER"  # a None mask, refused before the library
    if isinstance(e, ValueError):
        return "error PP_ERR_INVALID_ARGUMENT"
    raise e


def boxes_meet(a, b, dx, dy):
    """Whether a at (0, 0) and b at (dx, dy) overlap as boxes (half-open, an empty box
    overlaps nothing): the intersection, or None."""
    (aw, ah), (bw, bh) = a.get_size(), b.get_size()
    x0, y0 = max(0, dx), max(0, dy)
    x1, y1 = min(aw, dx + bw), min(ah, dy + bh)
    if aw == 0 or ah == 0 or bw == 0 or bh == 0 or x0 >= x1 or y0 >= y1:
        return None
    return x0, y0, x1 - x0, y1 - y0


def answer(kind, t, masks):
    m = lambda tok: None if tok == "null" else masks[tok]  # noqa: E731
    if kind.startswith("mask_"):
        a, b, dx, dy = m(t[0]), m(t[1]), int(t[2]), int(t[3])
        if kind == "mask_collides":
            return "1" if a.overlap(b, (dx, dy)) is not None else "0"
        if kind == "mask_first_contact":
            p = a.overlap(b, (dx, dy), order="rows")
            return "none" if p is None else f"{p[0]} {p[1]}"
        if kind == "mask_overlap_area":
            return str(a.overlap_area(b, (dx, dy)))
        full = a.overlap_mask(b, (dx, dy))
        box = boxes_meet(a, b, dx, dy)
        if box is None:
            return "none"
        x0, y0, w, h = box
        return f"{x0} {y0} " + mask_text(full, x0, y0, w, h)
    a = m(t[0])
    if kind == "centroid":
        return "%d %d" % a.centroid()
    if kind == "angle":
        return float_bits(a.angle())
    if kind == "component_bounds":
        if (t[1], t[2], t[3]) != ("8", "position", "0"):
            return None  # pygame's API has 8-connected, by position, no minimum only
        rects = a.get_bounding_rects()
        return " ".join([str(len(rects))] + [f"{r.x} {r.y} {r.w} {r.h}" for r in rects])
    if kind == "largest_component":
        if t[1] != "8":
            return None
        return mask_text(a.connected_component())
    if kind == "scale":
        return mask_text(a.scale((int(t[1]), int(t[2]))))
    if kind == "convolve":
        return mask_text(a.convolve(m(t[1])))
    raise AssertionError(kind)


def main(path):
    with open(path) as f:
        lines = f.read().split("\n")
    if lines[0] != "perpixel-corpus 1":
        print(f"not a format-1 corpus: {lines[0]!r}")
        return 1
    masks, ran, left, bad = {}, Counter(), Counter(), []
    for no, line in enumerate(lines[1:], start=2):
        if not line or line.startswith("#"):
            continue
        if line.startswith("mask "):
            t = line.split(" ")
            masks[t[1]] = parse_mask(int(t[2]), int(t[3]), t[4:])
            continue
        inputs, expected = line.split(" -> ", 1)
        kind, *t = inputs.split(" ")
        if kind in NOT_YET:
            left[kind] += 1
            continue
        if kind not in CLAIMED:
            bad.append(f"line {no}: unknown kind {kind!r}")
            continue
        try:
            got = answer(kind, t, masks)
        except Exception as e:  # noqa: BLE001 - each exception is mapped or re-raised
            got = status_of(e)
        if got is None:
            left[kind + " (outside pygame's API)"] += 1
            continue
        ran[kind] += 1
        if got != expected:
            bad.append(f"line {no}: {inputs}\n  expected {expected}\n  got      {got}")
    for kind in sorted(ran):
        print(f"  {kind}: {ran[kind]}")
    print(f"python replayed {sum(ran.values())} corpus cases of {len(ran)} kinds; "
          f"left to the other doors: {sum(left.values())} cases "
          f"({', '.join(f'{k} {n}' for k, n in sorted(left.items()))})")
    for b in bad:
        print(b)
    print(f"{sum(ran.values()) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


# --- motion, shapes, bundles (beyond pygame): perpixel.Sprite, Transform, the shape tools ---
# Every kind below is answered through the public API of bindings/python/src/motion.rs
# and shapes.rs. A perpixel error carries its C status in ``.status``; IndexError (a
# position outside the mask, this door's idiom) is the C door's PP_ERR_INVALID_ARGUMENT.

MOTION_KINDS = {
    "collides", "first_contact", "overlap_area", "overlap_mask", "sweep",
    "contact_normal", "push_out", "move_and_slide", "raycast", "rasterise",
    "transformed_collides", "transformed_first_contact", "transformed_overlap_area",
    "normal_degrees", "grow", "shrink", "component_counts", "component_labels",
    "component_at", "crop", "from_pixels", "from_color_range", "polygons", "flip",
    "rotate_quarter", "transpose", "scale_integer", "set_pixel", "fill_rect",
    "fill_circle", "fill_ellipse", "draw_line", "draw", "erase", "intersect", "xor",
    "invert", "count", "solid_bounds", "mask_hash", "outline",
}
CLAIMED |= MOTION_KINDS
NOT_YET -= MOTION_KINDS


class _Tokens:
    def __init__(self, t, masks):
        self.t, self.i, self.masks = t, 0, masks

    def next(self):
        self.i += 1
        return self.t[self.i - 1]

    def int(self):
        return int(self.next())

    def float(self):
        return struct.unpack(">d", bytes.fromhex(self.next()))[0]

    def mask(self):
        tok = self.next()
        return None if tok == "null" else self.masks[tok]

    def sprite(self):
        m, x, y, pixels = self.mask(), self.int(), self.int(), self.int()
        return perpixel.Sprite(m, (x, y), pixel_collision=bool(pixels))

    def transform(self):
        x, y, rot, sx, sy = (self.float() for _ in range(5))
        fx, fy, has_pivot = self.int(), self.int(), self.int()
        px, py = self.float(), self.float()
        return perpixel.Transform(x, y, rot, sx, sy, bool(fx), bool(fy),
                                  (px, py) if has_pivot else None)


def _normal(n):
    return "-" if n is None else f"{float_bits(n.x)} {float_bits(n.y)}"


def _point(p):
    return "none" if p is None else f"{p[0]} {p[1]}"


def _copy(m):
    return m.copy() if m is not None else None


def _motion_answer(kind, t):
    if kind in ("collides", "first_contact", "overlap_area", "overlap_mask"):
        a, b = t.sprite(), t.sprite()
        if kind == "collides":
            return "1" if a.collides(b) else "0"
        if kind == "first_contact":
            return _point(a.first_contact(b))
        if kind == "overlap_area":
            return str(a.overlap_area(b))
        o = a.overlap_mask(b)
        if o is None:
            return "none"
        (x, y, _, _), m = o
        return f"{x} {y} " + mask_text(m)
    if kind == "sweep":
        a, b = t.sprite(), t.sprite()
        s = a.sweep(b, (t.int(), t.int()))
        if s.outcome == "clear":
            return "clear"
        if s.outcome == "touching":
            return f"touching {_point(s.contact)} {_normal(s.normal)}"
        h = s.hit
        return (f"hit {h.step} {h.steps} {_point(h.at)} {_point(h.last_free)} "
                f"{_point(h.contact)} {_normal(h.normal)}")
    if kind == "contact_normal":
        a, b = t.sprite(), t.sprite()
        n = a.contact_normal(b)
        return "none" if n is None else _normal(n)
    if kind == "push_out":
        a, b = t.sprite(), t.sprite()
        d, ax, ay, most = t.next(), t.int(), t.int(), t.int()
        p = a.push_out(b, d if d != "along" else (ax, ay), max_distance=most)
        return "none" if p is None else f"{p.dx} {p.dy}"
    if kind == "move_and_slide":
        a = t.sprite()
        obstacles = [t.sprite() for _ in range(t.int())]
        dx, dy, step_up, up = t.int(), t.int(), t.int(), t.int()
        r = a.move_and_slide(obstacles, (dx, dy), perpixel.MoveOptions(step_up, up))
        return " ".join(str(int(v)) for v in (r.x, r.y, r.blocked_x, r.blocked_y,
                                               r.started_inside, r.climbed))
    if kind == "raycast":
        a = t.sprite()
        x, y, dx, dy, most = (t.int() for _ in range(5))
        h = a.raycast((x, y), (dx, dy), most)
        if h is None:
            return "none"
        return f"{_point(h.pixel)} {h.step} {float_bits(h.distance)} {_normal(h.normal)}"
    if kind == "rasterise":
        m, tr, bounds_only = t.mask(), t.transform(), t.int()
        r = m.rasterise(tr, bounds_only=bool(bounds_only))
        return f"{r.x} {r.y} " + mask_text(r.mask)
    if kind.startswith("transformed_"):
        a = perpixel.TransformedSprite(t.mask(), t.transform())
        b = perpixel.TransformedSprite(t.mask(), t.transform())
        if kind == "transformed_collides":
            return "1" if a.collides(b) else "0"
        if kind == "transformed_first_contact":
            return _point(a.first_contact(b))
        return str(a.overlap_area(b))
    if kind == "normal_degrees":
        return float_bits(perpixel.Normal(t.float(), t.float()).degrees)
    return _shape_answer(kind, t)


def _components(t):
    m, c, order, least = t.mask(), t.int(), t.next(), t.int()
    return m, dict(connectivity=c, order=order, min_pixels=least)


def _shape_answer(kind, t):
    if kind in ("grow", "shrink"):
        m, n, norm, edges = t.mask(), t.int(), t.next(), t.int()
        if kind == "grow":
            return mask_text(m.grow(n, norm=norm))
        return mask_text(m.shrink(n, norm=norm, shrink_from_edges=bool(edges)))
    if kind == "component_bounds":
        m, o = _components(t)
        b = m.component_bounds(**o)
        return " ".join([str(len(b))] + [f"{x} {y} {w} {h}" for x, y, w, h in b])
    if kind == "component_counts":
        m, o = _components(t)
        lab = m.component_labels(**o)
        return " ".join(str(v) for v in [len(lab.counts)] + lab.counts)
    if kind == "component_labels":
        m, o = _components(t)
        lab = m.component_labels(**o)
        return " ".join(str(v) for v in [len(lab.counts)] + lab.labels)
    if kind == "largest_component":
        m = t.mask()
        return mask_text(m.largest_component(connectivity=t.int()))
    if kind == "component_at":
        m, x, y, c = t.mask(), t.int(), t.int(), t.int()
        return mask_text(m.component_at((x, y), connectivity=c))
    if kind == "crop":
        m = t.mask()
        return mask_text(m.crop(tuple(t.int() for _ in range(4))))
    if kind in ("from_pixels", "from_color_range"):
        fmt, w, h, stride = t.next(), t.int(), t.int(), t.int()
        if kind == "from_pixels":
            threshold, fx, fy = t.int(), t.int(), t.int()
            has_key, key = t.int(), (t.int(), t.int(), t.int())
            has_region, region = t.int(), tuple(t.int() for _ in range(4))
            data = t.next()
            m = perpixel.Mask.from_pixels(
                b"" if data == "-" else bytes.fromhex(data), (w, h), format=fmt,
                stride=stride, threshold=threshold, color_key=key if has_key else None,
                flip_x=bool(fx), flip_y=bool(fy), region=region if has_region else None)
        else:
            lo, hi = [t.int() for _ in range(4)], [t.int() for _ in range(4)]
            data = t.next()
            m = perpixel.Mask.from_color_range(
                b"" if data == "-" else bytes.fromhex(data), (w, h), lo, hi, format=fmt,
                stride=stride)
        return mask_text(m)
    if kind == "polygons":
        m, eps = t.mask(), t.float()
        polys = m.polygons(epsilon=eps)
        rings = sorted(([(y, x) for x, y in r] for p in polys for r in p.rings))
        words = [str(len(polys)), str(len(rings))]
        for r in rings:
            words.append(str(len(r)))
            words.extend(f"{x} {y}" for y, x in r)
        return " ".join(words)
    if kind == "outline":
        m, every = t.mask(), t.int()
        if every <= 0:
            return None  # pygame's outline(every <= 0) gives the first pixel, not an error
        path = m.outline(every)
        return " ".join([str(len(path))] + [f"{x} {y}" for x, y in path])
    m = t.mask()
    if kind == "count":
        return str(m.count())
    if kind == "solid_bounds":
        b = m.solid_bounds()
        return "none" if b is None else "%d %d %d %d" % b
    if kind == "mask_hash":
        return "%016x" % m.content_hash()
    if kind == "flip":
        return mask_text(m.flipped(bool(t.int()), bool(t.int())))
    if kind == "rotate_quarter":
        return mask_text(m.rotate_quarter(t.int()))
    if kind == "transpose":
        return mask_text(m.transpose())
    if kind == "scale_integer":
        return mask_text(m.scale_integer(t.int(), t.int()))
    m = _copy(m)  # the edits: on a copy, written whole
    if kind == "set_pixel":
        x, y, solid = t.int(), t.int(), t.int()
        (w, h) = m.get_size()
        if not (0 <= x < w and 0 <= y < h):
            return None  # set_at raises IndexError there (pygame's); the core ignores it
        m.set_at((x, y), solid)
    elif kind in ("fill_rect", "fill_ellipse"):
        rect, solid = tuple(t.int() for _ in range(4)), bool(t.int())
        (m.fill_rect if kind == "fill_rect" else m.fill_ellipse)(rect, solid)
    elif kind == "fill_circle":
        m.fill_circle((t.int(), t.int()), t.int(), bool(t.int()))
    elif kind == "draw_line":
        start, end = (t.int(), t.int()), (t.int(), t.int())
        m.draw_line(start, end, t.int(), bool(t.int()))
    elif kind in ("draw", "erase", "intersect", "xor"):
        other, offset = t.mask(), (t.int(), t.int())
        getattr(m, kind)(other, offset)
    elif kind == "invert":
        m.invert()
    else:
        raise AssertionError(kind)
    return mask_text(m)


_pygame_answer = answer


def answer(kind, t, masks):  # noqa: F811 - this section's kinds first, then pygame's
    own = kind in MOTION_KINDS
    if kind in ("component_bounds", "largest_component"):
        own = _pygame_answer(kind, t, masks) is None  # the options pygame cannot say
    if not own:
        return _pygame_answer(kind, t, masks)
    try:
        return _motion_answer(kind, _Tokens(t, masks))
    except Exception as e:  # noqa: BLE001 - the status it carries, or status_of's
        status = getattr(e, "status", None)
        if status is not None:
            return f"error {status}"
        if isinstance(e, IndexError):
            return "error PP_ERR_INVALID_ARGUMENT"
        if isinstance(e, AttributeError) and "NoneType" in str(e):
            return "error PP_ERR_NULL_POINTER"  # a method of a None mask
        return status_of(e)
# --- world ---
# The World's kinds (FORMAT.md "World sequences"), replayed through perpixel.World:
# worlds by name, bodies by label, ids kept as the World made them. Claimed here (moved
# from NOT_YET to CLAIMED by this section, so the lists above stay as they were).
WORLD_KINDS = {
    "world_new", "world_create", "world_move", "world_destroy", "world_set_mask",
    "world_update", "world_in_rect", "world_create_transformed", "world_set_transform",
    "world_set_filter", "world_move_bodies", "world_at_point", "world_overlapping",
    "world_raycast", "world_sweep", "world_contact", "world_body", "world_hash",
}
CLAIMED |= WORLD_KINDS
NOT_YET -= WORLD_KINDS

_worlds, _bodies, _labels = {}, {}, {}


def _float(tok):
    return struct.unpack(">d", bytes.fromhex(tok))[0]


def _transform(t):
    x, y, rot, sx, sy = (_float(v) for v in t[:5])
    fx, fy, has_pivot = int(t[5]), int(t[6]), int(t[7])
    pivot = (_float(t[8]), _float(t[9])) if has_pivot else None
    return {"x": x, "y": y, "rotation": rot, "scale_x": sx, "scale_y": sy,
            "flip_x": bool(fx), "flip_y": bool(fy), "pivot": pivot}


def _filter(t):
    return perpixel.Filter(int(t[0]), int(t[1]), int(t[2]))


def _label(body_id):
    return _labels.get(body_id, "(unlabelled body)")


def _ids_text(ids):
    return " ".join([str(len(ids))] + [_label(i) for i in ids])


def _pairs_text(pairs):
    return " ".join([str(len(pairs))] + [_label(x) for p in pairs for x in (p.a, p.b)])


def _normal_text(n):
    return "-" if n is None else f"{float_bits(n.x)} {float_bits(n.y)}"


def _world_answer(kind, t, masks):
    m = lambda tok: None if tok == "null" else masks[tok]  # noqa: E731
    if kind == "world_new":
        _worlds[t[0]] = perpixel.World()
        return "ok"
    w = _worlds[t[0]]
    body = lambda tok: _bodies[tok]  # noqa: E731
    if kind in ("world_create", "world_create_transformed"):
        if kind == "world_create":
            mask, where = m(t[2]), {"position": (int(t[3]), int(t[4]))}
            rest = t[5:]
        else:
            mask, where = m(t[2]), {"transform": _transform(t[3:13])}
            rest = t[13:]
        kind_name = "static" if rest[1] == "1" else "moving"
        b = w.create_body(mask, **where, kind=kind_name, filter=_filter(rest[2:5]),
                          pixel_collision=rest[0] == "1")
        _bodies[t[1]] = b
        _labels[b] = t[1]
        return "ok"
    if kind == "world_move":
        w.move_body(body(t[1]), (int(t[2]), int(t[3])))
        return "ok"
    if kind == "world_destroy":
        w.destroy_body(body(t[1]))
        return "ok"
    if kind == "world_set_mask":
        w.set_mask(body(t[1]), m(t[2]))
        return "ok"
    if kind == "world_update":
        ev = w.update()
        return (f"pairs {_pairs_text(w.touching())} begins {_pairs_text(ev.begins)} "
                f"ends {_pairs_text(ev.ends)}")
    if kind == "world_in_rect":
        rect = tuple(int(v) for v in t[1:5])
        return _ids_text(w.in_rect(rect, filter=_filter(t[5:8])))
    if kind == "world_set_transform":
        w.set_transform(body(t[1]), _transform(t[2:12]))
        return "ok"
    if kind == "world_set_filter":
        w.set_filter(body(t[1]), _filter(t[2:5]))
        return "ok"
    if kind == "world_move_bodies":
        n = int(t[1])
        moves = [(body(t[2 + 3 * i]), (int(t[3 + 3 * i]), int(t[4 + 3 * i])))
                 for i in range(n)]
        w.move_bodies(moves)
        return "ok"
    if kind == "world_at_point":
        return _ids_text(w.at_point((int(t[1]), int(t[2])), filter=_filter(t[3:6])))
    if kind == "world_overlapping":
        ids = w.overlapping(m(t[1]), (int(t[2]), int(t[3])), pixel_collision=t[4] == "1",
                            filter=_filter(t[5:8]))
        return _ids_text(ids)
    if kind == "world_raycast":
        hit = w.raycast((int(t[1]), int(t[2])), (int(t[3]), int(t[4])), int(t[5]),
                        filter=_filter(t[6:9]))
        if hit is None:
            return "none"
        return (f"{_label(hit.body)} {hit.pixel[0]} {hit.pixel[1]} {hit.step} "
                f"{float_bits(hit.distance)} {_normal_text(hit.normal)}")
    if kind == "world_sweep":
        s = w.sweep(body(t[1]), (int(t[2]), int(t[3])))
        if s is None:
            return "clear"
        n = _normal_text(s.normal)
        if s.starts_touching:
            return f"{_label(s.body)} touching {s.contact[0]} {s.contact[1]} {n}"
        return (f"{_label(s.body)} hit {s.step} {s.steps} {s.at[0]} {s.at[1]} "
                f"{s.last_free[0]} {s.last_free[1]} {s.contact[0]} {s.contact[1]} {n}")
    if kind == "world_contact":
        c = w.contact(body(t[1]), body(t[2]), push_max=int(t[3]))
        first = "none" if c.first_contact is None else "%d %d" % c.first_contact
        push = "-" if c.push_out is None else "%d %d" % (c.push_out.dx, c.push_out.dy)
        return f"{first} {c.area} {_normal_text(c.normal)} {push}"
    if kind == "world_body":
        info = w.body(body(t[1]))
        f = info.filter
        return (f"{info.position[0]} {info.position[1]} {int(info.pixel_collision)} "
                f"{int(info.kind == 'static')} {f.category} {f.mask} {f.group} "
                f"{mask_text(info.mask)}")
    if kind == "world_hash":
        return "%016x" % w.state_hash()
    raise AssertionError(kind)


def _world_status(e):
    """A World exception as the corpus's error answer: its `status` (the C name)."""
    status = getattr(e, "status", None)
    return f"error {status}" if status else status_of(e)


_answer_before_world = answer


def answer(kind, t, masks):  # noqa: F811 - the world kinds join the answers above
    if kind not in WORLD_KINDS:
        return _answer_before_world(kind, t, masks)
    try:
        return _world_answer(kind, t, masks)
    except Exception as e:  # noqa: BLE001 - mapped by its status or re-raised
        return _world_status(e)


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "..", "..", "tests", "corpus", "corpus.txt")
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else default))
