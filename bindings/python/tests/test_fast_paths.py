"""The fast paths of the pygame API against pygame-ce's own pygame.mask (the oracle):

* ``overlap`` / ``overlap_area`` / ``overlap_mask`` are raw fastcall methods
  (``src/fast.rs``) with their own argument parsing: every argument form pygame takes
  (positional, keywords, lists, ``Vector2``, floats, 1-tuples, huge ints) must give
  pygame's answer, and every bad form pygame's exception type;
* ``from_surface`` on 32-bit surfaces with a whole alpha byte goes through the core's
  packing kernels: every pixel format and pitch (subsurfaces) must give pygame's bits.
"""

import pygame
import pygame.mask as real
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import perpixel
from perpixel import pygame_compat as pm
from conftest import bits_of, fill_from

settings.register_profile(
    "perpixel-fast", max_examples=150, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("perpixel-fast")


def both(size, bits):
    return fill_from(pm.Mask, size, bits), fill_from(real.Mask, size, bits)


@st.composite
def mask_pairs(draw):
    def one():
        w, h = draw(st.integers(0, 80)), draw(st.integers(0, 12))
        rnd = draw(st.randoms(use_true_random=False))
        density = draw(st.sampled_from([0.05, 0.5, 0.95]))
        return (w, h), {(x, y) for y in range(h) for x in range(w) if rnd.random() < density}

    return one(), one()


def outcome(f):
    """The result of `f()`, or the type of the exception it raised."""
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the type is what is compared
        return ("raised", type(e))
    if isinstance(r, (pm.Mask, real.Mask)):
        return ("mask", r.get_size(), frozenset(bits_of(r)))
    return ("value", r)


# Offsets in every form pygame's pg_TwoIntsFromObj takes, and some it refuses.
offset_forms = st.one_of(
    st.tuples(st.integers(-90, 90), st.integers(-14, 14)),
    st.lists(st.integers(-90, 90), min_size=2, max_size=2),
    st.tuples(st.floats(-90, 90), st.floats(-14, 14)),
    st.builds(lambda x, y: pygame.math.Vector2(x, y), st.integers(-90, 90), st.integers(-14, 14)),
    st.builds(lambda x, y: ((x, y),), st.integers(-90, 90), st.integers(-14, 14)),
    st.builds(lambda x, y: (x, y), st.integers(-90, 90), st.booleans()),
    st.sampled_from([
        (2**70, 0), (0, -(2**70)), (1, 2, 3), (1,), (), "ab", None, 5, {1: 2, 3: 4},
        (1, "x"), ("1", 2), [1.5, 2.5], (float("inf"), 0),
    ]),
)


@given(mask_pairs(), offset_forms, st.sampled_from(["pos", "kw", "mixed"]))
def test_pair_queries_take_what_pygame_takes(pairs, offset, style):
    (sa, ba), (sb, bb) = pairs
    pa, ra = both(sa, ba)
    pb, rb = both(sb, bb)
    for name in ("overlap", "overlap_area", "overlap_mask"):
        def call(a, b):
            f = getattr(a, name)
            if style == "pos":
                return lambda: f(b, offset)
            if style == "kw":
                return lambda: f(offset=offset, other=b)
            return lambda: f(b, offset=offset)

        assert outcome(call(pa, pb)) == outcome(call(ra, rb)), (name, offset, style)
    print(f"checked overlap/overlap_area/overlap_mask at {offset!r} ({style})")


@pytest.mark.parametrize("args,kwargs", [
    ((), {}),
    (("M",), {}),
    (("M", (0, 0), "rows", 4), {}),
    (("M", (0, 0)), {"offset": (1, 1)}),
    (("M",), {"offset": (1, 1), "other": "M"}),
    (("M", (0, 0)), {"bogus": 1}),
    (("not a mask", (0, 0)), {}),
    ((None, (0, 0)), {}),
])
def test_argument_errors_are_type_errors(args, kwargs):
    a, b = pm.Mask((4, 4), fill=True), pm.Mask((4, 4), fill=True)
    args = tuple(b if x == "M" else x for x in args)
    kwargs = {k: (b if v == "M" else v) for k, v in kwargs.items()}
    for name in ("overlap", "overlap_area", "overlap_mask"):
        if name != "overlap" and len(args) == 4:
            continue
        with pytest.raises(TypeError):
            getattr(a, name)(*args, **kwargs)
    # pygame agrees on each that it has (no `order`).
    if len(args) <= 2 and "order" not in kwargs:
        ra, rb = real.Mask((4, 4), fill=True), real.Mask((4, 4), fill=True)
        rargs = tuple(rb if x is b else x for x in args)
        rkw = {k: (rb if v is b else v) for k, v in kwargs.items()}
        for name in ("overlap", "overlap_area", "overlap_mask"):
            with pytest.raises(TypeError):
                getattr(ra, name)(*rargs, **rkw)
    print(f"TypeError for {args!r} {kwargs!r}")


def test_receiver_checked_and_methods_documented():
    b = pm.Mask((2, 2), fill=True)
    for name in ("overlap", "overlap_area", "overlap_mask"):
        with pytest.raises(TypeError):
            getattr(perpixel.Mask, name)("not a mask", b, (0, 0))
        doc = getattr(perpixel.Mask, name).__doc__
        assert doc and len(doc) > 30, name
        assert getattr(pm.Mask, name) is getattr(perpixel.Mask, name)
    print("receivers checked, docstrings present")


def test_order_keyword_and_families():
    # 128x2 all set, B set at (100, 0) and (10, 1): rows says (100, 0), stripes (10, 1).
    for cls, default in ((perpixel.Mask, (100, 0)), (pm.Mask, (10, 1))):
        a = cls((128, 2), fill=True)
        b = cls((128, 2))
        b.set_at((100, 0))
        b.set_at((10, 1))
        assert a.overlap(b, (0, 0)) == default
        assert a.overlap(b, (0, 0), order=None) == default
        assert a.overlap(b, (0, 0), order="rows") == (100, 0)
        assert a.overlap(b, (0, 0), "stripes") == (10, 1)
        assert a.overlap(b, (0, 0), order="pygame") == (10, 1)
        with pytest.raises(ValueError):
            a.overlap(b, (0, 0), order="diagonal")
        with pytest.raises(TypeError):
            a.overlap(b, (0, 0), order=3)
        assert type(a.overlap_mask(b, (0, 0))) is cls

    class Sub(pm.Mask):
        pass

    class PlainSub(perpixel.Mask):
        pass

    s = Sub((3, 3), fill=True)
    assert type(s.overlap_mask(s, (1, 1))) is pm.Mask
    assert s.overlap(s, (1, 1)) == (1, 1) and s.overlap_area(s, (1, 1)) == 4
    p = PlainSub((3, 3), fill=True)
    assert type(p.overlap_mask(s, (0, 0))) is perpixel.Mask
    # Mixed families: perpixel.Mask and pygame_compat.Mask overlap each other.
    assert p.overlap_area(s, (2, 2)) == 1 and s.overlap_area(p, (-2, -2)) == 1
    print("order keyword and result families checked")


def test_a_mask_with_itself_and_while_borrowed():
    m = pm.Mask((40, 5))
    m.set_at((39, 4))
    assert m.overlap(m, (0, 0)) == (39, 4)
    assert m.overlap_area(m, (0, 0)) == 1
    assert bits_of(m.overlap_mask(m, (0, 0))) == {(39, 4)}
    print("self pairs checked")


# ---- from_surface on every format and pitch ---------------------------------------

FORMATS = {
    # name: (flags, depth, masks or None)
    "srcalpha32": (pygame.SRCALPHA, 32, None),
    "srcalpha32_rgba8888": (pygame.SRCALPHA, 32, (0xFF000000, 0xFF0000, 0xFF00, 0xFF)),
    "srcalpha32_abgr8888": (pygame.SRCALPHA, 32, (0xFF, 0xFF00, 0xFF0000, 0xFF000000)),
    "srcalpha16": (pygame.SRCALPHA, 16, None),
    "rgb32": (0, 32, None),
    "rgb24": (0, 24, None),
    "rgb16": (0, 16, None),
    "pal8": (0, 8, None),
}


@st.composite
def any_surfaces(draw):
    name = draw(st.sampled_from(sorted(FORMATS)))
    flags, depth, masks = FORMATS[name]
    w, h = draw(st.integers(0, 75)), draw(st.integers(0, 6))
    # A subsurface of a bigger surface: its pitch is the parent's, past its own rows.
    pad_x, pad_y = draw(st.integers(0, 9)), draw(st.integers(0, 2))
    full = (w + pad_x, h + pad_y)
    if masks is not None:
        parent = pygame.Surface(full, flags, depth, masks)
    else:
        parent = pygame.Surface(full, flags, depth)
    rnd = draw(st.randoms(use_true_random=False))
    alphas = [0, 1, 126, 127, 128, 254, 255]
    for y in range(full[1]):
        for x in range(full[0]):
            a = rnd.choice(alphas) if rnd.random() < 0.5 else rnd.randrange(256)
            parent.set_at((x, y), (rnd.randrange(256), rnd.randrange(256), 7, a))
    surf = parent.subsurface((pad_x, pad_y, w, h)) if draw(st.booleans()) else parent
    if not flags and draw(st.booleans()) and surf.get_width() and surf.get_height():
        surf.set_colorkey(surf.get_at((0, 0)))
    return name, surf


@given(any_surfaces(), st.sampled_from([-1, 0, 1, 126, 127, 128, 254, 255, 300])
       | st.integers(-3, 260))
def test_from_surface_every_format_and_pitch(named, threshold):
    name, surf = named
    got, want = pm.from_surface(surf, threshold), real.from_surface(surf, threshold)
    assert type(got) is pm.Mask
    assert got.get_size() == want.get_size()
    assert bits_of(got) == bits_of(want), (name, surf.get_pitch(), threshold)
    print(f"from_surface {name} {surf.get_size()} pitch {surf.get_pitch()} t={threshold}")


def test_from_surface_big_srcalpha_matches_pygame():
    """A surface past the GIL-release size, alpha at both ends of the word, with a
    pitch wider than its rows."""
    import random

    rnd = random.Random(3)
    for masks in (None, (0xFF000000, 0xFF0000, 0xFF00, 0xFF)):
        args = (pygame.SRCALPHA, 32) + ((masks,) if masks else ())
        parent = pygame.Surface((300, 260), *args)
        for y in range(0, 260):
            for x in range(0, 300, 7):
                parent.set_at((x, y), (1, 2, 3, rnd.randrange(256)))
        surf = parent.subsurface((5, 3, 290, 250))
        for t in (0, 127, 254):
            got, want = pm.from_surface(surf, t), real.from_surface(surf, t)
            assert got.count() == want.count()
            assert bits_of(got) == bits_of(want)
    print("300x260 SRCALPHA subsurfaces checked at 3 thresholds")
