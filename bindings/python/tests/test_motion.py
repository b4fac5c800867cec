"""perpixel.Sprite, Transform, sweeps, push-out, normals, move-and-slide and rays,
checked against plain Python oracles written here (pixel sets, step-by-step walks,
exhaustive searches in the documented order) with hypothesis on random masks and
placements, and the documented rules; bad input raises, never crashes."""

import math

import pytest
from hypothesis import given, settings, strategies as st

import perpixel
from _strategies import masks as any_masks
from perpixel import Mask, MoveOptions, Normal, PushOut, Sprite, SweepPath, Transform

SIZES = st.sampled_from([0, 1, 2, 3, 5, 8, 13, 63, 64, 65])
SMALL = st.integers(0, 9)


def masks(sizes=SMALL):
    return any_masks(sizes)


@st.composite
def sprites(draw, sizes=SMALL, near=12):
    m = draw(masks(sizes))
    x, y = draw(st.integers(-near, near)), draw(st.integers(-near, near))
    return Sprite(m, (x, y), pixel_collision=draw(st.booleans()))


def solid(s):
    """The world pixels a sprite covers, as a set (the oracle's model)."""
    w, h = s.mask.get_size()
    if not s.pixel_collision:
        return {(s.x + i, s.y + j) for j in range(h) for i in range(w)}
    return {(s.x + i, s.y + j) for j in range(h) for i in range(w) if s.mask.get_at((i, j))}


def walk(d, most):
    """The path towards direction d continued (SweepPath of a long multiple), step by
    step, while within Euclidean distance ``most`` of the start: (k, dx, dy)."""
    path = SweepPath(d[0] * 64, d[1] * 64)
    for k in range(path.steps + 1):
        ox, oy = path.position(k)
        if ox * ox + oy * oy > most * most:
            return
        yield k, ox, oy


def first(pixels):
    return min(pixels, key=lambda p: (p[1], p[0])) if pixels else None


# ---- pair queries ----------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(sprites(SIZES, near=70), sprites(SIZES, near=70))
def test_pair_queries_match_pixel_sets(a, b):
    both = solid(a) & solid(b)
    assert a.collides(b) == bool(both)
    assert a.first_contact(b) == first(both)
    assert a.overlap_area(b) == len(both)
    o = a.overlap_mask(b)
    (ax, ay, aw, ah), (bx, by, bw, bh) = a.bounds, b.bounds
    x0, y0, x1, y1 = max(ax, bx), max(ay, by), min(ax + aw, bx + bw), min(ay + ah, by + bh)
    if aw * ah == 0 or bw * bh == 0 or x0 >= x1 or y0 >= y1:
        assert o is None
        return
    (x, y, w, h), m = o
    assert (x, y, w, h) == (x0, y0, x1 - x0, y1 - y0)
    got = {(x + i, y + j) for j in range(h) for i in range(w) if m.get_at((i, j))}
    assert got == both


def test_pair_queries_print_what_they_checked():
    dot = Mask((1, 1), fill=True)
    block = Mask((4, 4), fill=True)
    a, b = Sprite(block, (10, 10)), Sprite(dot, (12, 13))
    print("sprite pair:", a, b, a.first_contact(b), a.overlap_area(b))
    assert a.first_contact(b) == (12, 13) and a.overlap_area(b) == 1
    assert not a.collides(b.moved_to((14, 13)))
    # Bounds-only collides as its rectangle.
    hollow = Mask((4, 4))
    assert not Sprite(hollow, (12, 13)).collides(a)
    assert Sprite(hollow, (12, 13), pixel_collision=False).collides(a)


# ---- sweeps ----------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(-40, 40), st.integers(-40, 40))
def test_sweep_path_is_one_axis_step_at_a_time(dx, dy):
    p = SweepPath(dx, dy)
    assert p.steps == abs(dx) + abs(dy)
    assert p.position(0) == (0, 0) and p.position(p.steps) == (dx, dy)
    assert p.position(p.steps + 1) is None
    prev = (0, 0)
    for k in range(1, p.steps + 1):
        x, y = p.position(k)
        assert abs(x - prev[0]) + abs(y - prev[1]) == 1  # one pixel along one axis
        assert x * (1 if dx >= 0 else -1) >= prev[0] * (1 if dx >= 0 else -1)
        prev = (x, y)


@settings(max_examples=300, deadline=None)
@given(sprites(), sprites(), st.integers(-30, 30), st.integers(-30, 30))
def test_sweep_matches_a_step_by_step_walk(a, b, dx, dy):
    s = a.sweep(b, (dx, dy))
    path = SweepPath(dx, dy)
    obstacle = solid(b)
    for k in range(path.steps + 1):
        ox, oy = path.position(k)
        moved = a.moved_to((a.x + ox, a.y + oy))
        both = solid(moved) & obstacle
        if both:
            break
    else:
        assert s.outcome == "clear" and not s and s.hit is None
        return
    if k == 0:
        assert s.outcome == "touching" and s.starts_touching
        assert s.contact == first(both)
        assert s.normal == a.contact_normal(b)
        return
    h = s.hit
    assert s.outcome == "hit" and h is not None
    assert (h.step, h.steps) == (k, path.steps)
    assert h.at == (moved.x, moved.y)
    px, py = path.position(k - 1)
    assert h.last_free == (a.x + px, a.y + py)
    assert h.contact == first(both) == s.contact
    assert h.fraction == k / path.steps
    # The normal always points against the motion (the documented rule).
    n = h.normal
    assert n is not None and n.x * dx + n.y * dy < 0
    assert abs(math.hypot(n.x, n.y) - 1) < 1e-12


WIDE = st.sampled_from([1, 2, 63, 64, 65])


@settings(max_examples=40, deadline=None)
@given(sprites(WIDE, near=70), sprites(WIDE, near=70), st.integers(-12, 12),
       st.integers(-12, 12))
def test_sweep_across_word_boundaries(a, b, dx, dy):
    """Masks 63, 64 and 65 wide (one machine word and its edges): the same walk."""
    test_sweep_matches_a_step_by_step_walk.hypothesis.inner_test(a, b, dx, dy)
    got = a.push_out(b, "any", max_distance=3)
    assert got == push_oracle(a, b, "any", 3)


def test_sweep_never_tunnels_a_one_pixel_wall():
    wall = Mask((1, 50), fill=True)
    bullet = Mask((4, 2), fill=True)
    s = Sprite(bullet, (0, 10)).sweep(Sprite(wall, (100, 0)), (300, 0))
    print("bullet vs wall:", s)
    assert s.hit.at == (97, 10) and s.hit.last_free == (96, 10)
    assert s.contact == (100, 10) and s.normal == Normal(-1.0, 0.0)
    # The mask-level shortcut: this mask at (0, 0).
    s2 = bullet.sweep(wall, (100, -10), (300, 0))
    assert s2.hit.at == (97, 0)


# ---- push-out --------------------------------------------------------------------------


def push_oracle(a, b, direction, most):
    """Every allowed translation, shortest first in the documented tie order."""
    obstacle = solid(b)
    if direction == "any":
        cands = sorted(((dx, dy) for dx in range(-most, most + 1)
                        for dy in range(-most, most + 1) if dx * dx + dy * dy <= most * most),
                       key=lambda d: (d[0] ** 2 + d[1] ** 2, d[1], d[0]))
    elif direction == "horizontal":
        cands = [(0, 0)] + [d for k in range(1, most + 1) for d in ((-k, 0), (k, 0))]
    else:
        cands = [(0, 0)] + [d for k in range(1, most + 1) for d in ((0, -k), (0, k))]
    for dx, dy in cands:
        if not solid(a.moved_to((a.x + dx, a.y + dy))) & obstacle:
            return PushOut(dx, dy)
    return None


@settings(max_examples=200, deadline=None)
@given(sprites(), sprites(near=6), st.sampled_from(["any", "horizontal", "vertical"]),
       st.integers(0, 8))
def test_push_out_is_the_shortest_free_translation(a, b, direction, most):
    got = a.push_out(b, direction, max_distance=most)
    assert got == push_oracle(a, b, direction, most)
    if got is not None:
        assert got.distance == math.hypot(got.dx, got.dy)


@settings(max_examples=150, deadline=None)
@given(sprites(), sprites(near=6), st.sampled_from([(0, -1), (1, 0), (2, 1), (-1, -3)]),
       st.integers(0, 10))
def test_push_out_along_a_direction_follows_its_path(a, b, d, most):
    got = a.push_out(b, d, max_distance=most)
    obstacle = solid(b)
    want = None
    for k, ox, oy in walk(d, most):
        if not solid(a.moved_to((a.x + ox, a.y + oy))) & obstacle:
            want = PushOut(ox, oy)
            break
    assert got == want


def test_push_out_documented_example():
    floor = Mask((64, 16), fill=True)
    box = Mask((8, 8), fill=True)
    sunk = Sprite(box, (20, 95))
    f = Sprite(floor, (0, 100))
    print("push out of the floor:", sunk.push_out(f), sunk.push_out(f, "horizontal"))
    assert sunk.push_out(f) == PushOut(0, -3)
    assert sunk.push_out(f, "horizontal", max_distance=64) == PushOut(-28, 0)
    assert sunk.push_out(f, "horizontal", max_distance=20) is None
    assert Sprite(box, (0, 0)).push_out(f) == PushOut(0, 0)
    assert box.push_out(floor, (-20, 5)) == PushOut(0, -3)


# ---- contact normals --------------------------------------------------------------------


def test_contact_normal_on_flat_faces_is_the_axis():
    floor = Mask((200, 50), fill=True)
    crate = Mask((16, 16), fill=True)
    f = Sprite(floor, (0, 100))
    for x, y in ((0, 84), (50, 84), (184, 84), (192, 84), (-8, 84), (50, 87)):
        # resting anywhere along it, at its ends, half over them; sunk 3 pixels in
        n = Sprite(crate, (x, y)).contact_normal(f)
        assert n == Normal(0.0, -1.0), (x, n)
        assert n.degrees == -90.0
    assert Sprite(crate, (50, 10)).contact_normal(f) is None
    wall = Sprite(Mask((10, 100), fill=True), (100, 0))
    assert Sprite(crate, (85, 40)).contact_normal(wall) == Normal(-1.0, 0.0)
    assert crate.contact_normal(floor, (-20, 16)) == Normal(0.0, -1.0)
    print("normals on flat faces: (0, -1) along the floor, (-1, 0) on the wall")


# ---- move-and-slide ----------------------------------------------------------------------


def slide_oracle(a, obstacles, dx, dy):
    """x then y, one pixel at a time, each axis stopped at its last free pixel."""
    world = set().union(*[solid(o) for o in obstacles]) if obstacles else set()
    hits = lambda x, y: bool(solid(a.moved_to((x, y))) & world)  # noqa: E731
    x, y = a.x, a.y
    if hits(x, y):
        return (x, y, False, False, True, 0)
    blocked = [False, False]
    for axis, d in ((0, dx), (1, dy)):
        for _ in range(abs(d)):
            step = [x, y]
            step[axis] += 1 if d > 0 else -1
            if hits(*step):
                blocked[axis] = True
                break
            x, y = step
    return (x, y, blocked[0], blocked[1], False, 0)


@settings(max_examples=200, deadline=None)
@given(sprites(), st.lists(sprites(near=8), max_size=3), st.integers(-20, 20),
       st.integers(-20, 20))
def test_move_and_slide_matches_a_pixel_walk(a, obstacles, dx, dy):
    m = a.move_and_slide(obstacles, (dx, dy))
    assert (m.x, m.y, m.blocked_x, m.blocked_y, m.started_inside, m.climbed) == \
        slide_oracle(a, obstacles, dx, dy)


def test_move_and_slide_steps_up_a_ledge():
    ground = Mask((100, 40))
    ground.fill_rect((0, 20, 100, 20))
    ground.fill_rect((60, 17, 40, 3))
    hero = Sprite(Mask((8, 12), fill=True), (10, 108))
    world = [Sprite(ground, (0, 100))]
    m = hero.move_and_slide(world, (60, 5))
    print("walk into the ledge:", m)
    assert (m.x, m.y, m.blocked_x, m.blocked_y) == (52, 108, True, True)
    m = hero.move_and_slide(world, (60, 5), MoveOptions(step_up=4))
    assert (m.x, m.y, m.blocked_x, m.climbed) == (70, 105, False, 3)
    assert m.pos == (70, 105)


# ---- rays ------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(sprites(near=8), st.integers(-12, 12), st.integers(-12, 12),
       st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1), (3, 1), (-2, 5), (1, 1)]),
       st.integers(0, 30))
def test_raycast_matches_a_walk_along_the_path(a, x, y, d, most):
    hit = a.raycast((x, y), d, most)
    pixels = solid(a)
    want = None
    for k, ox, oy in walk(d, most):
        if (x + ox, y + oy) in pixels:
            want = ((x + ox, y + oy), k, math.sqrt(ox * ox + oy * oy))
            break
    if want is None:
        assert hit is None
        return
    assert (hit.pixel, hit.step, hit.distance) == want
    if hit.normal is not None and hit.step > 0:
        assert hit.normal.x * d[0] + hit.normal.y * d[1] < 0


def test_raycast_documented_example():
    floor = Sprite(Mask((300, 20), fill=True), (0, 100))
    hit = floor.raycast((50, 10), (0, 1), 500)
    print("ray down onto the floor:", hit)
    assert hit.pixel == (50, 100) and hit.distance == 90.0 and hit.step == 90
    assert hit.normal == Normal(0.0, -1.0)
    assert floor.raycast((50, 10), (0, 1), 80) is None
    assert floor.mask.raycast((50, -90), (0, 1), 500).pixel == (50, 0)


# ---- transforms ------------------------------------------------------------------------


def sampled(mask, t):
    """The sampling rule in plain floats: world pixel (X, Y) is covered when its centre,
    mapped back through flips, scale and rotation about the pivot, lands in a solid
    texel. Exact here: quarter-turn angles and dyadic numbers only."""
    w, h = mask.get_size()
    px, py = t.pivot if t.pivot is not None else (w / 2, h / 2)
    c, s = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}[t.rotation % 360]
    reach = (w + h + 4) * max(abs(t.scale_x), abs(t.scale_y), 1)
    out = set()
    cx0, cy0 = t.x + px, t.y + py
    for Y in range(math.floor(cy0 - reach), math.ceil(cy0 + reach)):
        for X in range(math.floor(cx0 - reach), math.ceil(cx0 + reach)):
            dx, dy = X + 0.5 - cx0, Y + 0.5 - cy0
            rx, ry = c * dx + s * dy, -s * dx + c * dy  # undo the rotation
            ux, uy = rx / t.scale_x, ry / t.scale_y
            if t.flip_x:
                ux = -ux
            if t.flip_y:
                uy = -uy
            i, j = math.floor(px + ux), math.floor(py + uy)
            if 0 <= i < w and 0 <= j < h and mask.get_at((i, j)):
                out.add((X, Y))
    return out


transforms = st.builds(
    Transform,
    x=st.sampled_from([-3.0, 0.0, 2.0, 5.5, 7.25]),
    y=st.sampled_from([-2.0, 0.0, 1.0, 4.5]),
    rotation=st.sampled_from([0.0, 90.0, 180.0, 270.0]),
    scale_x=st.sampled_from([0.5, 1.0, 2.0, -1.0]),
    scale_y=st.sampled_from([0.5, 1.0, 2.0]),
    flip_x=st.booleans(), flip_y=st.booleans(),
    pivot=st.sampled_from([None, (0.0, 0.0), (1.5, 2.0)]),
)


@settings(max_examples=150, deadline=None)
@given(masks(st.integers(0, 7)), transforms, masks(st.integers(0, 7)), transforms)
def test_transformed_pairs_match_the_sampling_rule(ma, ta, mb, tb):
    a, b = perpixel.TransformedSprite(ma, ta), perpixel.TransformedSprite(mb, tb)
    pa, pb = sampled(ma, ta), sampled(mb, tb)
    both = pa & pb
    assert a.collides(b) == bool(both)
    assert a.first_contact(b) == first(both)
    assert a.overlap_area(b) == len(both)
    r = ma.rasterise(ta)
    w, h = r.mask.get_size()
    raster = {(r.x + i, r.y + j) for j in range(h) for i in range(w) if r.mask.get_at((i, j))}
    assert raster == pa
    for p in list(pa)[:5]:
        assert a.solid_at(p)


@settings(max_examples=100, deadline=None)
@given(sprites(SIZES, near=40), sprites(SIZES, near=40))
def test_integer_translation_is_the_untransformed_sprite(a, b):
    if not (a.pixel_collision and b.pixel_collision):
        return
    ta = perpixel.TransformedSprite(a.mask, Transform(float(a.x), float(a.y)))
    tb = perpixel.TransformedSprite(b.mask, Transform(float(b.x), float(b.y)))
    assert ta.first_contact(tb) == a.first_contact(b)
    assert ta.overlap_area(tb) == a.overlap_area(b)


def test_transform_values_and_errors():
    t = Transform(1.5, 2.0, rotation=30.0, pivot=(0.5, 0.5))
    print("transform:", t)
    assert t == Transform(1.5, 2.0, 30.0, 1.0, 1.0, False, False, (0.5, 0.5))
    assert t != Transform(1.5, 2.0)
    with pytest.raises(AttributeError):
        t.x = 3.0  # immutable
    m = Mask((4, 4), fill=True)
    bad = perpixel.TransformedSprite(m, Transform(scale_x=0.0))
    with pytest.raises(ValueError) as e:
        bad.collides(perpixel.TransformedSprite(m))
    assert e.value.status == "PP_ERR_INVALID_TRANSFORM"
    with pytest.raises(ValueError):
        m.rasterise(Transform(x=float("nan")))
    with pytest.raises(MemoryError):
        m.rasterise(Transform(scale_x=1e6, scale_y=1e6))
    ras = m.rasterise(Transform(3.0, 4.0))
    assert ras.pos == (3, 4) and ras.sprite().bounds == (3, 4, 4, 4)


# ---- results and bad input -----------------------------------------------------------


def test_results_are_small_immutable_values():
    assert PushOut(1, 2) == PushOut(1, 2) and hash(PushOut(1, 2)) == hash(PushOut(1, 2))
    assert repr(PushOut(1, -2)) == "PushOut(dx=1, dy=-2)"
    assert repr(Normal(0.0, -1.0)) == "Normal(x=0.0, y=-1.0)"
    assert MoveOptions() == MoveOptions(0, -1)
    with pytest.raises(AttributeError):
        PushOut(1, 2).dx = 3
    assert Normal(1.0, 1.0).degrees == 45.0
    m = Mask((2, 2))
    assert Sprite(m, (1, 2)) == Sprite(m, [1, 2]) != Sprite(m, (1, 2), pixel_collision=False)
    assert Sprite(m) != Sprite(Mask((2, 2))) and Sprite(m) != "sprite"
    assert repr(Sprite(m, (1, 2))) == "Sprite(<Mask(2x2)>, pos=(1, 2), pixel_collision=True)"


def test_bad_input_raises():
    m = Mask((4, 4), fill=True)
    s = Sprite(m)
    with pytest.raises(TypeError):
        Sprite("not a mask")
    with pytest.raises(TypeError):
        Sprite(None, (0, 0))
    with pytest.raises(TypeError):
        s.sweep(s, "far")
    with pytest.raises(TypeError):
        s.sweep(s, (1, 2, 3))
    with pytest.raises(ValueError):
        s.sweep(s, (2**31, 0))
    with pytest.raises(ValueError) as e:
        Sprite(m, (2**31 - 2, 0)).sweep(s, (10, 0))  # leaves int32
    assert e.value.status == "PP_ERR_INVALID_ARGUMENT"
    with pytest.raises(ValueError):
        s.raycast((0, 0), (0, 0), 10)
    with pytest.raises(ValueError):
        s.push_out(s, "sideways")
    with pytest.raises(ValueError):
        s.push_out(s, (0, 0))
    with pytest.raises(ValueError):
        MoveOptions(up=0)
    with pytest.raises(TypeError):
        s.move_and_slide([m], (1, 0))
    with pytest.raises(OverflowError):
        s.raycast((0, 0), (1, 0), -1)


def test_the_readme_snippet_runs():
    import os
    import re

    here = os.path.dirname(os.path.abspath(__file__))
    text = open(os.path.join(here, "..", "README.md")).read()
    section = text.split("## Beyond pygame: motion, shapes, bundles", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    scope = {}
    exec(compile(code, "README.md", "exec"), scope)
    print("README snippet ran:", scope["s"], scope["moved"])
    assert scope["again"].names() == ["hero"]
