"""perpixel.pygame_compat against pygame-ce's own pygame.mask (the oracle) on random
masks, offsets, surfaces and colours, with hypothesis. Every answer must be pygame's,
bit for bit, except where bindings/python/README.md documents a difference (none of
which these draw)."""

import pygame
import pygame.mask as real
from hypothesis import HealthCheck, given, settings, strategies as st

from perpixel import pygame_compat as pm
from conftest import bits_of, fill_from

# No example database: the runs leave nothing behind and every run is a fresh draw.
# Neither a deadline nor the data-generation speed check: timing is not what these
# test, and CI's machine is shared.
settings.register_profile(
    "perpixel", max_examples=150, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("perpixel")


@st.composite
def bitmaps(draw, max_w=140, max_h=9):
    """A size (widths across 64 and 128, pygame's stripes) and a set of its pixels,
    sparse or dense."""
    edges = [w for w in (0, 1, 2, 31, 63, 64, 65, 100, 127, 128, 129) if w <= max_w]
    w = draw(st.sampled_from(edges + [max_w]) | st.integers(0, max_w))
    h = draw(st.integers(0, max_h))
    if w == 0 or h == 0:
        return (w, h), set()
    density = draw(st.sampled_from([0.02, 0.1, 0.5, 0.95]))
    rnd = draw(st.randoms(use_true_random=False))
    return (w, h), {(x, y) for y in range(h) for x in range(w) if rnd.random() < density}


def pair(bm):
    size, bits = bm
    return fill_from(pm.Mask, size, bits), fill_from(real.Mask, size, bits)


offsets = st.tuples(st.integers(-150, 150), st.integers(-11, 11))


@given(bitmaps(), bitmaps(), offsets)
def test_pair_queries(bm_a, bm_b, offset):
    (a, ra), (b, rb) = pair(bm_a), pair(bm_b)
    assert a.overlap(b, offset) == ra.overlap(rb, offset)
    assert a.overlap_area(b, offset) == ra.overlap_area(rb, offset)
    assert bits_of(a.overlap_mask(b, offset)) == bits_of(ra.overlap_mask(rb, offset))


@given(bitmaps(max_w=70, max_h=20), bitmaps(max_w=20, max_h=8), offsets)
def test_draw_erase(bm_a, bm_b, offset):
    (a, ra), (b, rb) = pair(bm_a), pair(bm_b)
    a.draw(b, offset)
    ra.draw(rb, offset)
    assert bits_of(a) == bits_of(ra)
    (a, ra) = pair(bm_a)
    a.erase(b, offset)
    ra.erase(rb, offset)
    assert bits_of(a) == bits_of(ra)


@given(bitmaps(max_w=70, max_h=20))
def test_one_mask_tools(bm):
    a, ra = pair(bm)
    assert a.count() == ra.count()
    assert a.centroid() == ra.centroid()
    # perpixel's atan2 is in software (the same bits everywhere), pygame's the C
    # library's: they agree within 1e-9 degrees.
    assert abs(a.angle() - ra.angle()) <= 1e-9
    for every in (1, 2, 5):
        assert a.outline(every) == ra.outline(every)
    if bm[0][0] == 1:
        # pygame-ce misreads masks 1 pixel wide in its component labelling (its
        # components and rects depend on memory there; README); perpixel's are checked
        # against the plain oracle in test_components_of_one_pixel_wide_masks.
        return
    assert [bits_of(c) for c in a.connected_components()] == \
        [bits_of(c) for c in ra.connected_components()]
    assert [bits_of(c) for c in a.connected_components(3)] == \
        [bits_of(c) for c in ra.connected_components(3)]
    assert a.get_bounding_rects() == ra.get_bounding_rects()
    # The largest: pygame sometimes returns a smaller one than the largest of its own
    # connected_components() and breaks ties by label; perpixel returns a largest one
    # (the first in row order on a tie). So: one of pygame's components, of the
    # largest size.
    theirs = [bits_of(c) for c in ra.connected_components()]
    largest = bits_of(a.connected_component())
    assert (largest in theirs and len(largest) == max(map(len, theirs))) if theirs \
        else largest == set()
    if bm[1]:
        p = sorted(bm[1])[len(bm[1]) // 2]
        assert bits_of(a.connected_component(p)) == bits_of(ra.connected_component(p))
    a, ra = pair(bm)
    a.invert()
    ra.invert()
    assert bits_of(a) == bits_of(ra)


@given(bitmaps(max_w=40, max_h=12), st.tuples(st.integers(0, 90), st.integers(0, 30)))
def test_scale(bm, size):
    a, ra = pair(bm)
    assert bits_of(a.scale(size)) == bits_of(ra.scale(size))


@given(bitmaps(max_w=24, max_h=8), bitmaps(max_w=12, max_h=6),
       st.tuples(st.integers(-8, 8), st.integers(-8, 8)), st.booleans())
def test_convolve(bm_a, bm_b, offset, with_output):
    (a, ra), (b, rb) = pair(bm_a), pair(bm_b)
    if with_output:
        out, rout = pair(((30, 14), {(0, 0), (29, 13), (7, 3)}))
        got, want = a.convolve(b, out, offset), ra.convolve(rb, rout, offset)
        assert got is out
    else:
        got, want = a.convolve(b, offset=offset), ra.convolve(rb, offset=offset)
    assert got.get_size() == want.get_size()
    assert bits_of(got) == bits_of(want)


def surface_of(size, pixels, flags, depth, key=None):
    s = pygame.Surface(size, flags, depth)
    w, _h = size
    for i, c in enumerate(pixels):
        s.set_at((i % w, i // w), c)
    if key is not None:
        s.set_colorkey(key)
    return s


colors = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255),
                   st.sampled_from([0, 1, 126, 127, 128, 254, 255]) | st.integers(0, 255))


@st.composite
def surfaces(draw):
    w, h = draw(st.integers(0, 70)), draw(st.integers(0, 5))
    palette = draw(st.lists(colors, min_size=1, max_size=4))
    pixels = [draw(st.sampled_from(palette)) for _ in range(w * h)]
    kind = draw(st.sampled_from(["srcalpha32", "rgb32", "rgb24", "rgb16", "srcalpha16"]))
    flags, depth = {
        "srcalpha32": (pygame.SRCALPHA, 32), "rgb32": (0, 32), "rgb24": (0, 24),
        "rgb16": (0, 16), "srcalpha16": (pygame.SRCALPHA, 16),
    }[kind]
    key = draw(st.none() | st.sampled_from(palette)) if not flags else None
    return surface_of((w, h), pixels, flags, depth, key), palette


@given(surfaces(), st.sampled_from([-1, 0, 1, 126, 127, 128, 254, 255, 300]))
def test_from_surface(surf_palette, threshold):
    surf, _ = surf_palette
    got, want = pm.from_surface(surf, threshold), real.from_surface(surf, threshold)
    assert type(got) is pm.Mask
    assert got.get_size() == want.get_size()
    assert bits_of(got) == bits_of(want)
    assert bits_of(pm.from_surface(surf)) == bits_of(real.from_surface(surf))


@given(surfaces(), colors, colors)
def test_from_threshold(surf_palette, color, threshold):
    surf, palette = surf_palette
    got = pm.from_threshold(surf, color, threshold)
    want = real.from_threshold(surf, color, threshold)
    assert bits_of(got) == bits_of(want)
    got = pm.from_threshold(surf, palette[0])
    want = real.from_threshold(surf, palette[0])
    assert bits_of(got) == bits_of(want)
    other = surf.copy()
    other.fill(palette[-1])
    got = pm.from_threshold(surf, color, threshold, other)
    want = real.from_threshold(surf, color, threshold, other)
    assert bits_of(got) == bits_of(want)


def pixels_of(surface):
    w, h = surface.get_size()
    return [tuple(surface.get_at((x, y))) for y in range(h) for x in range(w)]


@given(bitmaps(max_w=40, max_h=8), colors, colors,
       st.tuples(st.integers(-45, 45), st.integers(-10, 10)),
       st.none() | st.tuples(st.integers(-5, 45), st.integers(-3, 10),
                             st.integers(-10, 45), st.integers(-5, 10)))
def test_to_surface(bm, setcolor, unsetcolor, dest, area):
    a, ra = pair(bm)
    kwargs = dict(setcolor=setcolor, unsetcolor=unsetcolor, dest=dest, area=area)
    assert pixels_of(a.to_surface(**kwargs)) == pixels_of(ra.to_surface(**kwargs))
    for depth, flags in ((32, pygame.SRCALPHA), (24, 0), (16, 0)):
        base = pygame.Surface((37, 9), flags, depth)
        base.fill((9, 8, 7, 200))
        # A set surface smaller than the mask (its outside drawn with setcolor) without
        # an area, and one covering the mask with an area: pygame reads a smaller set
        # surface outside its rows when an area moves the mask (README; the test below).
        for size, part in (((20, 5), None), ((41, 9), area)):
            setsurf = pygame.Surface(size, flags, depth)
            setsurf.fill((200, 100, 50, 255))
            setsurf.fill((1, 2, 3, 255), (3, 1, 5, 2))
            mine, theirs = base.copy(), base.copy()
            a.to_surface(mine, setsurface=setsurf, unsetcolor=None, dest=dest, area=part)
            ra.to_surface(theirs, setsurface=setsurf, unsetcolor=None, dest=dest, area=part)
            assert pixels_of(mine) == pixels_of(theirs)


def test_to_surface_area_past_a_small_setsurface_uses_setcolor():
    """With an area at (1, 0), a 40x1 mask's drawn pixel 19 is mask pixel 20, outside a
    20-pixel-wide set surface: perpixel draws setcolor there (the rule for pixels outside
    the set surface), where pygame-ce reads past the surface's row (the next row's first
    pixel here, memory past the surface on the last row)."""
    mask = pm.Mask((40, 1), fill=True)
    setsurf = pygame.Surface((20, 2), pygame.SRCALPHA, 32)
    setsurf.fill((200, 100, 50, 255))
    out = mask.to_surface(setsurface=setsurf, setcolor=(9, 9, 9, 255), area=(1, 0, 20, 1))
    assert pixels_of(out) == [(200, 100, 50, 255)] * 19 + [(9, 9, 9, 255)]


def neighbours_oracle(bits):
    """8-connected components by flood fill, ordered by their first pixel in row order."""
    left, parts = set(bits), []
    for start in sorted(bits, key=lambda p: (p[1], p[0])):
        if start not in left:
            continue
        part, todo = set(), [start]
        left.discard(start)
        while todo:
            x, y = todo.pop()
            part.add((x, y))
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    q = (x + dx, y + dy)
                    if q in left:
                        left.discard(q)
                        todo.append(q)
        parts.append(part)
    return parts


@given(st.integers(1, 30).flatmap(lambda h: st.tuples(
    st.just(h), st.sets(st.integers(0, h - 1)))))
def test_components_of_one_pixel_wide_masks(h_rows):
    h, rows = h_rows
    a = fill_from(pm.Mask, (1, h), {(0, y) for y in rows})
    want = neighbours_oracle({(0, y) for y in rows})
    assert [bits_of(c) for c in a.connected_components()] == want
    assert [tuple(r) for r in a.get_bounding_rects()] == [
        (0, min(y for _, y in p), 1, len(p)) for p in want]
