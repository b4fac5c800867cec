"""perpixel.Mask and perpixel.pygame_compat on their own: construction, argument forms,
exceptions (never a crash), classes of results, subclassing, the scan orders."""

import copy

import pytest

import perpixel
from perpixel import pygame_compat as pm
from conftest import bits_of, fill_from


def test_sizes_and_fill():
    m = perpixel.Mask((5, 3))
    assert m.get_size() == (5, 3)
    assert m.count() == 0
    assert perpixel.Mask((5, 3), fill=True).count() == 15
    assert perpixel.Mask(size=(0, 7), fill=1).get_size() == (0, 7)
    # pygame's argument forms: lists, 1-tuples holding a pair, floats truncated.
    assert perpixel.Mask([4, 2]).get_size() == (4, 2)
    assert perpixel.Mask(((4, 2),)).get_size() == (4, 2)
    assert perpixel.Mask((4.9, 2.1)).get_size() == (4, 2)


@pytest.mark.parametrize("bad", [(1,), (1, 2, 3), "ab", {1, 2}, {1: 2}, None, 5, ("a", 1)])
def test_bad_sizes_are_type_errors(bad):
    with pytest.raises(TypeError):
        perpixel.Mask(bad)


def test_negative_size_is_a_value_error():
    with pytest.raises(ValueError, match="negative size"):
        pm.Mask((-1, 3))


def test_past_the_size_limit_is_a_memory_error_not_a_crash():
    with pytest.raises(MemoryError):
        perpixel.Mask((1 << 30, 1 << 30))
    m = perpixel.Mask((2, 2))
    with pytest.raises(perpixel.MaskTooLargeError, match="limit|large"):
        m.scale((1 << 30, 1 << 30))
    assert issubclass(perpixel.MaskTooLargeError, MemoryError)
    with pytest.raises(MemoryError):
        pm.Mask((200, 200)).convolve(pm.Mask((8000, 8000)))  # 8199 x 8199 > 2^26


def test_get_at_set_at_and_their_errors():
    m = pm.Mask((3, 2))
    m.set_at((2, 1))
    m.set_at(pos=(0, 0), value=5)
    assert (m.get_at((2, 1)), m.get_at(pos=(0, 0)), m.get_at((1, 1))) == (1, 1, 0)
    m.set_at((2, 1), 0)
    assert m.get_at((2, 1)) == 0
    for pos in [(3, 0), (0, 2), (-1, 0), (0, -1)]:
        with pytest.raises(IndexError, match="out of bounds"):
            m.get_at(pos)
        with pytest.raises(IndexError):
            m.set_at(pos)
    with pytest.raises(TypeError, match="pos must be two numbers"):
        m.get_at((1, 2, 3))
    with pytest.raises(TypeError):
        m.set_at((0, 0), 1.5)


def test_other_must_be_a_mask():
    m = pm.Mask((3, 3), fill=True)
    for method in ("overlap", "overlap_area", "overlap_mask", "draw", "erase"):
        with pytest.raises(TypeError):
            getattr(m, method)("not a mask", (0, 0))
        with pytest.raises(TypeError, match="offset must be two numbers"):
            getattr(m, method)(m, (0,))
    with pytest.raises(TypeError):
        m.convolve(m, output="nope")


def test_results_keep_the_family():
    a, b = perpixel.Mask((4, 4), fill=True), pm.Mask((4, 4), fill=True)
    for m, cls in ((a, perpixel.Mask), (b, pm.Mask)):
        results = [m.overlap_mask(m, (1, 1)), m.scale((2, 2)), m.convolve(m),
                   m.connected_component(), m.copy(), copy.copy(m)]
        results += m.connected_components()
        for r in results:
            assert type(r) is cls, (type(r), cls)
    assert isinstance(b, perpixel.Mask)
    assert not isinstance(a, pm.Mask)
    assert pm.MaskType is pm.Mask


class Sub(pm.Mask):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tag = "sub"


def test_subclasses_copy_as_their_class_without_init():
    s = Sub((65, 2), fill=True)
    assert s.tag == "sub" and s.count() == 130
    for c in (s.copy(), copy.copy(s)):
        assert type(c) is Sub and c is not s and c.count() == 130
        assert not hasattr(c, "tag")
    # A copy is independent.
    c = s.copy()
    c.clear()
    assert (s.count(), c.count()) == (130, 0)


def test_drawing_a_mask_onto_itself_uses_it_as_it_was():
    m = perpixel.Mask((8, 4))
    m.set_at((0, 0))
    m.draw(m, (0, 1))
    assert bits_of(m) == {(0, 0), (0, 1)}
    m.erase(m, (0, 1))
    assert bits_of(m) == {(0, 0)}


def row_major_oracle(a, b, offset):
    """The first pixel set in both, lowest y then lowest x, in a's pixels."""
    ox, oy = offset
    shared = sorted((y, x) for (x, y) in bits_of(a)
                    if (x - ox, y - oy) in bits_of(b))
    return (shared[0][1], shared[0][0]) if shared else None


def test_scan_orders():
    # The README's example: A 128x2 full, B set at (100, 0) and (10, 1).
    for cls in (perpixel.Mask, pm.Mask):
        a = cls((128, 2), fill=True)
        b = fill_from(cls, (128, 2), [(100, 0), (10, 1)])
        assert a.overlap(b, (0, 0), order="rows") == (100, 0)
        assert a.overlap(b, (0, 0), order="stripes") == (10, 1)
        assert a.overlap(b, (0, 0), "pygame") == (10, 1)
        with pytest.raises(ValueError, match="order"):
            a.overlap(b, (0, 0), order="columns")
    assert perpixel.Mask((128, 2), fill=True).overlap(
        fill_from(perpixel.Mask, (128, 2), [(100, 0), (10, 1)]), (0, 0)) == (100, 0)
    assert pm.Mask((128, 2), fill=True).overlap(
        fill_from(pm.Mask, (128, 2), [(100, 0), (10, 1)]), (0, 0)) == (10, 1)


def test_row_major_order_against_its_oracle():
    import random
    rng = random.Random(7)
    for _ in range(150):
        sa = (rng.randint(0, 140), rng.randint(0, 6))
        sb = (rng.randint(0, 140), rng.randint(0, 6))
        a = fill_from(perpixel.Mask, sa, [(rng.randrange(sa[0]), rng.randrange(sa[1]))
                                          for _ in range(rng.randint(0, 12))] if sa[0] and sa[1] else [])
        b = fill_from(perpixel.Mask, sb, [(rng.randrange(sb[0]), rng.randrange(sb[1]))
                                          for _ in range(rng.randint(0, 12))] if sb[0] and sb[1] else [])
        off = (rng.randint(-150, 150), rng.randint(-7, 7))
        assert a.overlap(b, off) == row_major_oracle(a, b, off), (sa, sb, off)


def test_outline_every_zero_lists_the_first_pixel_only():
    m = pm.Mask((4, 4), fill=True)
    assert m.outline(0) == [(0, 0)]
    assert m.outline(-3) == [(0, 0)]
    assert pm.Mask((4, 4)).outline() == []


def test_get_rect_only_takes_keywords():
    import pygame
    m = pm.Mask((6, 4))
    assert m.get_rect() == pygame.Rect(0, 0, 6, 4)
    assert m.get_rect(center=(10, 5)) == pygame.Rect(7, 3, 6, 4)
    with pytest.raises(TypeError):
        m.get_rect((1, 2))
    with pytest.raises(AttributeError):
        m.get_rect(bogus=1)
