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


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "..", "..", "tests", "corpus", "corpus.txt")
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else default))
