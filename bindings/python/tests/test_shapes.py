"""perpixel's shape tools (polygons, convex pieces, grow/shrink, components with
options, reshapes, edits, masks from raw pixel bytes) and MaskBundle, checked against
plain Python oracles written here (polygons rasterised back to pixels, flood fills,
brute-force neighbourhoods, byte-by-byte pixel rules) with hypothesis; bad input raises."""

import pytest
from hypothesis import given, settings, strategies as st

import perpixel
from _strategies import masks as any_masks
from perpixel import Mask, MaskBundle

SMALL = st.integers(0, 12)


def masks(sizes=SMALL):
    return any_masks(sizes)


def pixels(m):
    w, h = m.get_size()
    return {(x, y) for y in range(h) for x in range(w) if m.get_at((x, y))}


def of_pixels(size, ps):
    m = Mask(size)
    for p in ps:
        m.set_at(p)
    return m


# ---- polygons ------------------------------------------------------------------------


def inside(rings, px, py):
    """Even-odd rule over every ring: whether point (px, py) is inside."""
    n = 0
    for ring in rings:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            if (y0 > py) != (y1 > py):
                x = x0 + (py - y0) * (x1 - x0) / (y1 - y0)
                if px < x:
                    n += 1
    return n % 2 == 1


def area2(ring):
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]))


@settings(max_examples=200, deadline=None)
@given(masks(), st.booleans())
def test_polygons_rasterise_back_to_the_mask(m, y_flip):
    w, h = m.get_size()
    polys = m.polygons(y_flip=y_flip)
    rings = [r for p in polys for r in p.rings]
    if y_flip:
        rings = [[(x, h - y) for x, y in r] for r in rings]
    got = {(x, y) for y in range(h) for x in range(w) if inside(rings, x + 0.5, y + 0.5)}
    assert got == pixels(m)
    assert sum(p.area for p in polys) == m.count()
    for p in polys:  # outer rings positive, holes negative, in the coordinates given
        assert area2(p.outer) > 0 and all(area2(hole) < 0 for hole in p.holes)


def test_polygon_with_a_hole():
    ring = Mask((5, 5), fill=True)
    ring.set_at((2, 2), 0)
    (p,) = ring.polygons()
    print("a square with a hole:", p, p.outer, p.holes)
    assert len(p.holes) == 1 and p.area == 24
    assert sorted(p.outer) == [(0, 0), (0, 5), (5, 0), (5, 5)]
    assert sorted(p.holes[0]) == [(2, 2), (2, 3), (3, 2), (3, 3)]
    assert ring.polygons(holes=False)[0].holes == []
    assert p.rings == [p.outer] + p.holes


@settings(max_examples=100, deadline=None)
@given(masks(), st.sampled_from([0.0, 0.5, 1.5]), st.integers(3, 8))
def test_convex_pieces_cover_the_polygons_without_overlap(m, eps, most):
    pieces = m.convex_pieces(epsilon=eps, max_vertices=most)
    polys = m.polygons(epsilon=eps)
    for piece in pieces:
        assert 3 <= len(piece) <= most
        n = len(piece)
        crosses = [
            (piece[(i + 1) % n][0] - piece[i][0]) * (piece[(i + 2) % n][1] - piece[(i + 1) % n][1])
            - (piece[(i + 1) % n][1] - piece[i][1]) * (piece[(i + 2) % n][0] - piece[(i + 1) % n][0])
            for i in range(n)
        ]
        assert all(c >= 0 for c in crosses) or all(c <= 0 for c in crosses)  # convex
    rings = [r for p in polys for r in p.rings]
    w, h = m.get_size()
    for y in range(h):
        for x in range(w):
            c = (x + 0.5 + 1e-3, y + 0.5 + 2e-3)  # off any diagonal edge through a centre
            n = sum(inside([pc], *c) for pc in pieces)
            assert n == (1 if inside(rings, *c) else 0)
    if eps == 0:
        assert sum(abs(area2(p)) for p in pieces) / 2 == m.count()


def test_polygon_options_are_checked():
    m = Mask((4, 4), fill=True)
    for bad in (float("nan"), float("inf"), -1.0):
        with pytest.raises(ValueError) as e:
            m.polygons(epsilon=bad)
        assert e.value.status == "PP_ERR_INVALID_ARGUMENT"
    with pytest.raises(ValueError):
        m.convex_pieces(max_vertices=2)
    with pytest.raises(TypeError):
        m.polygons(epsilon="1")


# ---- morphology ------------------------------------------------------------------------

NORMS = {
    "disc": lambda dx, dy, n: dx * dx + dy * dy <= n * n,
    "square": lambda dx, dy, n: max(abs(dx), abs(dy)) <= n,
    "diamond": lambda dx, dy, n: abs(dx) + abs(dy) <= n,
}


@settings(max_examples=150, deadline=None)
@given(masks(st.integers(0, 9)), st.integers(0, 4), st.sampled_from(sorted(NORMS)),
       st.booleans())
def test_grow_and_shrink_match_brute_force(m, n, norm, edges):
    w, h = m.get_size()
    ps = pixels(m)
    near = [(dx, dy) for dx in range(-n, n + 1) for dy in range(-n, n + 1)
            if NORMS[norm](dx, dy, n)]
    grown = {(x, y) for y in range(h) for x in range(w)
             if any((x + dx, y + dy) in ps for dx, dy in near)}
    assert pixels(m.grow(n, norm=norm)) == grown

    def empty(x, y):
        if 0 <= x < w and 0 <= y < h:
            return (x, y) not in ps
        return edges

    shrunk = {(x, y) for (x, y) in ps if not any(empty(x + dx, y + dy) for dx, dy in near)}
    assert pixels(m.shrink(n, norm=norm, shrink_from_edges=edges)) == shrunk


# ---- components ------------------------------------------------------------------------


def flood(ps, connectivity):
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if connectivity == 8:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    left, out = set(ps), []
    for start in sorted(ps, key=lambda p: (p[1], p[0])):
        if start not in left:
            continue
        comp, todo = {start}, [start]
        left.discard(start)
        while todo:
            x, y = todo.pop()
            for dx, dy in steps:
                q = (x + dx, y + dy)
                if q in left:
                    left.discard(q)
                    comp.add(q)
                    todo.append(q)
        out.append(comp)
    return out  # by first pixel in row order


@settings(max_examples=200, deadline=None)
@given(masks(), st.sampled_from([4, 8]), st.sampled_from(["position", "largest"]),
       st.integers(0, 5))
def test_components_match_a_flood_fill(m, conn, order, least):
    want = [c for c in flood(pixels(m), conn) if len(c) >= least]
    if order == "largest":
        want.sort(key=lambda c: -len(c))  # stable: position order among equals
    got = m.components(connectivity=conn, order=order, min_pixels=least)
    assert [pixels(c) for c in got] == want
    labels = m.component_labels(connectivity=conn, order=order, min_pixels=least)
    w, h = m.get_size()
    assert (labels.width, labels.height, len(labels)) == (w, h, len(want))
    assert labels.counts == [len(c) for c in want]
    for i, comp in enumerate(want):
        for p in comp:
            assert labels.label_at(p) == i + 1
        xs, ys = [p[0] for p in comp], [p[1] for p in comp]
        box = (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        assert labels.bounds[i] == box
    assert m.component_bounds(connectivity=conn, order=order, min_pixels=least) == labels.bounds
    assert sum(1 for v in labels.labels if v) == sum(len(c) for c in want)
    everything = flood(pixels(m), conn)
    biggest = max(everything, key=len) if everything else set()
    assert pixels(m.largest_component(connectivity=conn)) == biggest
    for comp in everything[:3]:
        p = min(comp)
        assert pixels(m.component_at(p, connectivity=conn)) == comp


def test_component_arguments_are_checked():
    m = Mask((4, 4), fill=True)
    with pytest.raises(ValueError):
        m.components(connectivity=6)
    with pytest.raises(ValueError):
        m.components(order="biggest")
    with pytest.raises(IndexError):
        m.component_at((4, 0))
    with pytest.raises(IndexError):
        m.component_at((-1, 0))
    print("components: connectivity 6, order 'biggest' and positions outside raise")


# ---- reshapes and edits ------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(masks(), st.integers(-6, 6), st.integers(1, 3), st.integers(1, 3))
def test_reshapes_match_pixel_loops(m, turns, sx, sy):
    w, h = m.get_size()
    ps = pixels(m)
    assert pixels(m.flipped(flip_x=True)) == {(w - 1 - x, y) for x, y in ps}
    assert pixels(m.flipped(flip_y=True)) == {(x, h - 1 - y) for x, y in ps}
    assert pixels(m.transpose()) == {(y, x) for x, y in ps}
    q, r = turns % 4, m
    want, (cw, ch) = ps, (w, h)
    for _ in range(q):  # one quarter turn from +x towards +y: (x, y) -> (h - 1 - y, x)
        want = {(ch - 1 - y, x) for x, y in want}
        cw, ch = ch, cw
    r = m.rotate_quarter(turns)
    assert r.get_size() == (cw, ch) and pixels(r) == want
    big = m.scale_integer(sx, sy)
    assert big.get_size() == (w * sx, h * sy)
    assert pixels(big) == {(x * sx + i, y * sy + j) for x, y in ps
                           for i in range(sx) for j in range(sy)}
    b = m.solid_bounds()
    if not ps:
        assert b is None
    else:
        xs, ys = [p[0] for p in ps], [p[1] for p in ps]
        assert b == (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        assert pixels(m.crop(b)) == {(x - b[0], y - b[1]) for x, y in ps}


@settings(max_examples=150, deadline=None)
@given(masks(), st.integers(-3, 14), st.integers(-3, 14), st.integers(-2, 8),
       st.integers(-2, 8), st.booleans(), masks())
def test_edits_match_pixel_loops(m, x, y, a, b, solid, other):
    w, h = m.get_size()
    ps = pixels(m)
    inside = {(i, j) for j in range(h) for i in range(w)}
    rect = {(i, j) for i in range(x, x + a) for j in range(y, y + b)} & inside
    e = m.copy()
    e.fill_rect((x, y, a, b), solid)
    assert pixels(e) == (ps | rect if solid else ps - rect)
    r = max(a, 0)
    disc = {(i, j) for (i, j) in inside if (i - x) ** 2 + (j - y) ** 2 <= r * r + r}
    e = m.copy()
    e.fill_circle((x, y), r, solid)
    assert pixels(e) == (ps | disc if solid else ps - disc)
    o = pixels(other)
    shifted = {(i + x, j + y) for i, j in o}
    e = m.copy()
    e.xor(other, (x, y))
    assert pixels(e) == ps ^ (shifted & inside)
    e = m.copy()
    e.intersect(other, (x, y))
    assert pixels(e) == ps & shifted
    assert m.content_hash() == of_pixels((w, h), ps).content_hash()


def test_fill_ellipse_and_lines():
    m = Mask((9, 5))
    m.fill_ellipse((0, 0, 9, 5))
    print("ellipse 9x5:", m.count())
    assert m.get_at((4, 2)) and m.get_at((0, 2)) and not m.get_at((0, 0))
    assert pixels(m) == {(x, y) for x, y in pixels(m) if (x, 4 - y) in pixels(m)}
    line = Mask((10, 5))
    line.draw_line((1, 2), (8, 2))
    assert pixels(line) == {(x, 2) for x in range(1, 9)}
    thick = Mask((10, 5))
    thick.draw_line((2, 2), (7, 2), radius=1)
    assert {(x, y) for x in range(2, 8) for y in (1, 2, 3)} <= pixels(thick)


# ---- masks from raw pixels ----------------------------------------------------------------

FORMATS = {"rgba8": (4, 3, 0, 1, 2), "bgra8": (4, 3, 2, 1, 0), "argb8": (4, 0, 1, 2, 3),
           "abgr8": (4, 0, 3, 2, 1), "a8": (1, 0, None, None, None)}


@st.composite
def images(draw):
    fmt = draw(st.sampled_from(sorted(FORMATS)))
    w, h = draw(st.integers(0, 6)), draw(st.integers(0, 5))
    bpp = FORMATS[fmt][0]
    stride = w * bpp + draw(st.integers(0, 3))
    size = stride * max(h - 1, 0) + w * bpp if h else 0
    data = bytes(draw(st.lists(st.sampled_from([0, 1, 127, 128, 200, 254, 255]),
                               min_size=size, max_size=size)))
    return fmt, w, h, stride, data


def channels(fmt, data, stride, x, y):
    bpp, a, r, g, b = FORMATS[fmt]
    at = y * stride + x * bpp
    if r is None:
        return data[at], None
    return data[at + a], (data[at + r], data[at + g], data[at + b])


@settings(max_examples=200, deadline=None)
@given(images(), st.integers(0, 255), st.booleans(), st.booleans(), st.booleans(),
       st.data())
def test_from_pixels_matches_the_byte_rule(img, threshold, fx, fy, keyed, data):
    fmt, w, h, stride, raw = img
    key = (255, 0, 255) if keyed and fmt != "a8" else None
    rx = data.draw(st.integers(0, w))
    ry = data.draw(st.integers(0, h))
    region = (rx, ry, data.draw(st.integers(0, w - rx)), data.draw(st.integers(0, h - ry)))
    m = Mask.from_pixels(bytearray(raw), (w, h), format=fmt, stride=stride,
                         threshold=threshold, color_key=key, flip_x=fx, flip_y=fy,
                         region=region)
    x0, y0, rw, rh = region
    assert m.get_size() == (rw, rh)
    want = set()
    for j in range(rh):
        for i in range(rw):
            sx = x0 + (rw - 1 - i if fx else i)
            sy = y0 + (rh - 1 - j if fy else j)
            alpha, rgb = channels(fmt, raw, stride, sx, sy)
            if alpha >= threshold and (key is None or rgb != key):
                want.add((i, j))
    assert pixels(m) == want
    if fmt != "a8":
        lo, hi = [1, 0, 127, 128], [255, 200, 255, 255]
        c = Mask.from_color_range(raw, (w, h), lo, hi, format=fmt, stride=stride)
        want = set()
        for j in range(h):
            for i in range(w):
                alpha, (r, g, b) = channels(fmt, raw, stride, i, j)
                if all(lo[k] <= v <= hi[k] for k, v in enumerate((r, g, b, alpha))):
                    want.add((i, j))
        assert pixels(c) == want


def test_from_pixels_refusals():
    px = bytes([255, 0, 0, 255] * 4)
    assert Mask.from_pixels(px, (2, 2)).count() == 4
    assert isinstance(perpixel.pygame_compat.Mask.from_pixels(px, (2, 2)),
                      perpixel.pygame_compat.Mask)
    cases = [
        (dict(stride=7), "PP_ERR_STRIDE_TOO_SMALL"),
        (dict(stride=12), "PP_ERR_BUFFER_TOO_SMALL"),
        (dict(region=(1, 1, 2, 2)), "PP_ERR_REGION_OUT_OF_BOUNDS"),
        (dict(format="a8", color_key=(1, 2, 3)), "PP_ERR_INVALID_ARGUMENT"),
    ]
    for kwargs, status in cases:
        with pytest.raises(ValueError) as e:
            Mask.from_pixels(px, (2, 2), **kwargs)
        assert e.value.status == status, kwargs
    with pytest.raises(ValueError):
        Mask.from_pixels(px, (2, 2), format="rgb")
    with pytest.raises(ValueError):
        Mask.from_pixels(px, (-2, 2))
    with pytest.raises(TypeError):
        Mask.from_pixels("text", (2, 2))
    with pytest.raises(ValueError):
        Mask.from_color_range(px, (2, 2), (0, 0, 0, 0), (9, 9, 9, 9), format="a8")
    with pytest.raises(TypeError):
        Mask.from_color_range(px, (2, 2), (0, 0, 0), (9, 9, 9, 9))
    with pytest.raises(perpixel.MaskTooLargeError) as e:
        Mask((4096, 4096)).scale_integer(3, 3)  # past the 2^26-pixel limit
    assert e.value.status == "PP_ERR_TOO_LARGE"
    with pytest.raises(ValueError):
        Mask((4, 4)).scale_integer(0, 1)
    print("from_pixels refusals carry their C statuses")


# ---- bundles -----------------------------------------------------------------------------


def test_bundle_round_trip(tmp_path):
    ball = Mask((5, 5))
    ball.fill_circle((2, 2), 2)
    wall = Mask((1, 30), fill=True)
    b = MaskBundle()
    b.insert("ball", ball)
    b.insert("wall", wall)
    with pytest.raises(ValueError):
        b.insert("ball", wall)  # names are unique
    path = tmp_path / "sprites.ppb"
    b.save(path)
    for loaded in (MaskBundle.load(path), MaskBundle.load(str(path)),
                   MaskBundle.from_bytes(b.to_bytes()),
                   MaskBundle.from_bytes(bytearray(path.read_bytes()))):
        assert loaded.names() == ["ball", "wall"] and list(loaded) == ["ball", "wall"]
        assert len(loaded) == 2 and "ball" in loaded and "door" not in loaded
        assert pixels(loaded["ball"]) == pixels(ball)
        assert pixels(loaded.get("wall")) == pixels(wall)
        assert loaded.get("door") is None and loaded.get("door", 5) == 5
        with pytest.raises(KeyError):
            loaded["door"]
    got = b["ball"]
    got.clear()  # editing a mask taken out never changes the bundle
    assert pixels(b["ball"]) == pixels(ball)
    print("bundle:", b, b.names())


def test_bad_bundles_raise(tmp_path):
    with pytest.raises(ValueError) as e:
        MaskBundle.from_bytes(b"not a bundle at all")
    assert e.value.status == "PP_ERR_BAD_BAKED_DATA"
    good = MaskBundle()
    good.insert("a", Mask((3, 3), fill=True))
    raw = good.to_bytes()
    for cut in range(len(raw)):
        with pytest.raises(ValueError):
            MaskBundle.from_bytes(raw[:cut])
    with pytest.raises(OSError):
        MaskBundle.load(tmp_path / "missing.ppb")
    with pytest.raises(TypeError):
        MaskBundle.from_bytes("text")


# ---- docstrings ---------------------------------------------------------------------------

BEYOND_PYGAME = [
    "ComponentLabels", "MaskBundle", "MoveOptions", "Moved", "Normal", "Polygon", "PushOut",
    "Raster", "RayHit", "Sprite", "Sweep", "SweepHit", "SweepPath", "Transform",
    "TransformedSprite",
]
MASK_METHODS = [
    "rasterise", "sweep", "contact_normal", "push_out", "raycast", "polygons",
    "convex_pieces", "grow", "shrink", "components", "component_labels",
    "component_bounds", "component_at", "largest_component", "crop", "solid_bounds",
    "flipped", "rotate_quarter", "transpose", "scale_integer", "fill_rect", "fill_circle",
    "fill_ellipse", "draw_line", "intersect", "xor", "content_hash", "from_pixels",
    "from_color_range",
]


def test_every_public_name_has_a_docstring():
    missing = []
    for name in BEYOND_PYGAME:
        cls = getattr(perpixel, name)
        assert name in perpixel.__all__
        if not (cls.__doc__ or "").strip():
            missing.append(name)
        for attr, value in vars(cls).items():
            if attr.startswith("_"):
                continue
            if not (getattr(value, "__doc__", None) or "").strip():
                missing.append(f"{name}.{attr}")
    for attr in MASK_METHODS:
        if not (getattr(Mask, attr).__doc__ or "").strip():
            missing.append(f"Mask.{attr}")
    stub = open(perpixel.__file__.replace("__init__.py", "_native.pyi")).read()
    for name in BEYOND_PYGAME:
        assert f"class {name}:" in stub, name
    for attr in MASK_METHODS:
        assert f"def {attr}(" in stub, attr
    print(f"{len(BEYOND_PYGAME)} classes and {len(MASK_METHODS)} Mask methods documented")
    assert missing == []
