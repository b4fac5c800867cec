"""numpy in and out, and the buffer protocol (issue 32, point 3).

Oracles: plain Python loops over ``array.tolist()`` (Python compares ints and floats
exactly), ``get_at`` over the mask, and pygame-ce's own ``memoryview(pygame.mask.Mask)``
for the buffer layout. ``HAS_BUFFER_PROTOCOL`` is False only in the 3.10 abi3 wheel; the
tests that need the protocol check there that it is absent instead (and the copies that
stand in for it).
"""

import ctypes
import subprocess
import sys

import numpy as np
import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import perpixel
from perpixel import Mask, MaskTooLargeError, pygame_compat
from perpixel._native import HAS_BUFFER_PROTOCOL

from conftest import bits_of, fill_from

DTYPES = [
    "bool", "u1", "i1", "<u2", ">u2", "<i2", ">i4", "<u4", "<i8", ">u8", "<u8",
    "<f2", ">f2", "<f4", ">f4", "<f8", ">f8",
]  # fmt: skip

FAST = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


def oracle_bits(array, threshold):
    """The solid pixels by the documented rule, in plain Python."""
    rows = array.tolist()
    out = set()
    for y, row in enumerate(rows):
        for x, v in enumerate(row):
            solid = (v != 0) if threshold is None else (v >= threshold)
            if solid:
                out.add((x, y))
    return out


@st.composite
def arrays(draw, max_side=70):
    dtype = np.dtype(draw(st.sampled_from(DTYPES)))
    h = draw(st.integers(0, max_side))
    w = draw(st.integers(0, max_side))
    n = h * w
    if dtype.kind == "b":
        values = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    elif dtype.kind in "iu":
        info = np.iinfo(dtype)
        special = [info.min, info.max, 0, 1, -1 if info.min < 0 else 2]
        values = draw(
            st.lists(
                st.one_of(st.integers(int(info.min), int(info.max)), st.sampled_from(special)),
                min_size=n,
                max_size=n,
            )
        )
    else:
        width = {2: 16, 4: 32, 8: 64}[dtype.itemsize]
        values = draw(
            st.lists(
                st.one_of(
                    st.floats(width=width, allow_nan=True, allow_infinity=True),
                    st.sampled_from([0.0, -0.0, 0.5, 1.0, -1.0]),
                ),
                min_size=n,
                max_size=n,
            )
        )
    return np.array(values, dtype=dtype).reshape(h, w)


thresholds = st.one_of(
    st.none(),
    st.integers(-(2**70), 2**70),
    st.integers(-3, 300),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.5, -0.5, 1.0, 255.0, 2.0**63, -(2.0**63), 2**64, -(2**63) - 1]),
)


def views(array, choice):
    """Strided, transposed (twice, back to (h, w)), reversed and Fortran layouts of array
    with the same logical content, or a different shape for a strided pick."""
    if choice == 0:
        return array
    if choice == 1:
        return np.asfortranarray(array)
    if choice == 2:
        return array[::-1, ::-1]
    if choice == 3:
        return array.T.copy().T  # the same values, Fortran order underneath
    if choice == 4:
        return array[::2, ::3]
    return array.T  # another shape: (w, h)


@FAST
@given(arrays(), thresholds, st.integers(0, 5))
def test_from_numpy_matches_plain_loops(array, threshold, choice):
    a = views(array, choice)
    m = Mask.from_numpy(a, threshold=threshold)
    assert m.get_size() == (a.shape[1], a.shape[0])
    assert bits_of(m) == oracle_bits(a, threshold)
    f = perpixel.from_numpy(a, threshold)
    assert type(f) is Mask and bits_of(f) == bits_of(m)


@FAST
@given(st.integers(0, 140), st.integers(0, 40), st.data())
def test_round_trips_and_to_numpy_matches_get_at(w, h, data):
    bits = data.draw(st.sets(st.tuples(st.integers(0, max(w - 1, 0)), st.integers(0, max(h - 1, 0)))))
    bits = {(x, y) for x, y in bits if x < w and y < h}
    m = fill_from(Mask, (w, h), bits)
    a = m.to_numpy()
    assert a.dtype == np.bool_ and a.shape == (h, w) and a.flags.writeable
    assert {(x, y) for y in range(h) for x in range(w) if a[y, x]} == bits
    a[...] = False  # a copy: the mask keeps its bits
    assert bits_of(m) == bits
    back = Mask.from_numpy(m.to_numpy())
    assert bits_of(back) == bits and back.get_size() == (w, h)
    assert bits_of(Mask.from_numpy(m.to_numpy().view(np.uint8), threshold=1)) == bits

    p = m.to_numpy(packed=True)
    wpr = (w + 63) // 64
    assert p.dtype == np.uint64 and p.shape == (h, wpr) and not p.flags.writeable
    from_words = {
        (x, y) for y in range(h) for x in range(w) if (int(p[y, x // 64]) >> (x % 64)) & 1
    }
    assert from_words == bits
    # Bits past the width are zero.
    for y in range(h):
        for c in range(wpr):
            assert int(p[y, c]) >> 64 == 0
            if w - 64 * c < 64:
                assert int(p[y, c]) >> (w - 64 * c) == 0


def test_packed_words_are_a_zero_copy_snapshot():
    m = Mask((130, 3))
    m.set_at((129, 2))
    p = m.to_numpy(packed=True)
    q = m.to_numpy(packed=True)
    if HAS_BUFFER_PROTOCOL:
        # Both views read the mask's one storage: no copy.
        assert np.shares_memory(p, q)
        assert p.base is not None
    m.set_at((0, 0))  # copy on write: the mask gets new storage, the views keep the old
    assert int(p[0, 0]) == 0 and int(p[2, 2]) == 2
    assert int(m.to_numpy(packed=True)[0, 0]) == 1
    del m
    assert int(p[2, 2]) == 2 and int(q[2, 2]) == 2  # still alive, never dangling
    with pytest.raises(ValueError):
        p[0, 0] = 1  # read-only


@FAST
@given(st.integers(0, 200), st.integers(0, 30), st.data())
def test_buffer_layout_is_pygames(w, h, data):
    bits = data.draw(st.sets(st.tuples(st.integers(0, max(w - 1, 0)), st.integers(0, max(h - 1, 0)))))
    bits = {(x, y) for x, y in bits if x < w and y < h}
    ours = fill_from(pygame_compat.Mask, (w, h), bits)
    theirs = fill_from(pygame.mask.Mask, (w, h), bits)
    if not HAS_BUFFER_PROTOCOL:
        with pytest.raises(TypeError):
            memoryview(ours)
        return
    v, t = memoryview(ours), memoryview(theirs)
    assert v.ndim == 2 and v.shape == t.shape and v.strides == t.strides
    assert v.itemsize == t.itemsize == 8 and v.readonly
    if w == 0:
        # pygame-ce never clears the one stripe of a 0-wide mask: its view shows whatever
        # the heap held (flaky garbage), so only the shape is pygame's; ours is zeros.
        assert v.tolist() == [[0] * h]
        return
    assert v.tolist() == t.tolist()
    assert bytes(v) == bytes(t)
    assert np.array_equal(np.asarray(ours), np.asarray(theirs))


@pytest.mark.parametrize("h", [0, 1, 2, 30])
def test_buffer_of_zero_wide_mask_is_one_stripe_of_zeros(h):
    # Regression: the property above compared a 0-wide mask's words with pygame-ce's,
    # which are uninitialised memory there; the shape is pygame's, the words are zeros.
    for cls in (perpixel.Mask, pygame_compat.Mask):
        if not HAS_BUFFER_PROTOCOL:  # the 3.10 wheel: no buffer protocol to export
            with pytest.raises(TypeError):
                memoryview(cls((0, h)))
            continue
        v = memoryview(cls((0, h)))
        assert v.shape == memoryview(pygame.mask.Mask((0, h))).shape == (1, h)
        assert v.tolist() == [[0] * h]


def test_buffer_exports_never_dangle_and_are_read_only():
    m = Mask((100, 10))
    m.set_at((70, 3))
    if not HAS_BUFFER_PROTOCOL:
        with pytest.raises(TypeError):
            memoryview(m)
        return
    v = memoryview(m)
    # The view is a copy made at export: every method keeps working while it lives,
    # those that replace the bits included, and the view keeps what it saw.
    m.set_at((0, 0))
    m.fill()
    m.clear()
    m.invert()
    m.draw(Mask((5, 5), fill=True), (0, 0))
    m.scale((300, 300))
    m2 = m.copy()
    m2.clear()
    assert v[1, 3] == 1 << 6 and v[0, 0] == 0
    del m, m2
    assert v.tolist()[1][3] == 1 << 6
    v.release()
    m = Mask((10, 10))
    with pytest.raises(TypeError):
        memoryview(m)[0, 0] = 1
    with pytest.raises((BufferError, TypeError)):
        (ctypes.c_char * 16).from_buffer(m)  # a writable export is refused


def test_from_numpy_reads_memoryviews_and_subclasses_stay_themselves():
    raw = bytes([0, 1, 2, 0, 0, 9])
    m = Mask.from_numpy(memoryview(raw).cast("B", (2, 3)), threshold=2)
    assert m.get_size() == (3, 2) and bits_of(m) == {(2, 0), (2, 1)}

    class Sprite(Mask):
        pass

    s = Sprite.from_numpy(np.eye(3, dtype=np.uint8))
    assert type(s) is Sprite and bits_of(s) == {(0, 0), (1, 1), (2, 2)}
    c = pygame_compat.Mask.from_numpy(np.ones((2, 2)))
    assert type(c) is pygame_compat.Mask and c.count() == 4


@pytest.mark.parametrize(
    "bad, error",
    [
        (np.zeros(5), ValueError),
        (np.zeros((2, 2, 2)), ValueError),
        (np.zeros(()), ValueError),
        (np.zeros((2, 2), dtype=complex), TypeError),
        (np.zeros((2, 2), dtype=object), TypeError),
        (np.zeros((2, 2), dtype="U3"), TypeError),
        (np.zeros((2, 2), dtype=np.longdouble), TypeError),
        (np.zeros((2, 2), dtype=[("a", "u1"), ("b", "u1")]), TypeError),
        ("not an array", TypeError),
        ([[1, 0], [0, 1]], TypeError),
        (None, TypeError),
        (np.broadcast_to(np.uint8(1), (100_000, 100_000)), MaskTooLargeError),
        (np.broadcast_to(np.uint8(1), (1, 2**31)), MaskTooLargeError),
        (np.broadcast_to(np.float32(1), (2**40, 2)), MaskTooLargeError),
    ],
)
def test_bad_input_raises(bad, error):
    with pytest.raises(error) as info:
        Mask.from_numpy(bad)
    print(f"{type(bad).__name__}: {info.type.__name__}: {info.value}")
    assert issubclass(MaskTooLargeError, MemoryError)


def test_bad_threshold_raises():
    with pytest.raises(TypeError):
        Mask.from_numpy(np.ones((2, 2)), threshold="1")
    with pytest.raises(TypeError):
        Mask.from_numpy(np.ones((2, 2)), threshold=[1])
    # numpy scalars are numbers.
    assert Mask.from_numpy(np.full((2, 2), 3, np.uint8), threshold=np.float32(2.5)).count() == 4
    assert Mask.from_numpy(np.full((2, 2), 3, np.uint8), threshold=np.int64(4)).count() == 0


def test_to_numpy_without_numpy_is_a_clear_import_error():
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import perpixel\n"
        "m = perpixel.Mask((3, 3))\n"
        "for packed in (False, True):\n"
        "    try:\n"
        "        m.to_numpy(packed=packed)\n"
        "    except ImportError as e:\n"
        "        print('ImportError:', e)\n"
        "    else:\n"
        "        print('no error')\n"
        # from_numpy needs no numpy.
        "print(perpixel.from_numpy(memoryview(b'\\x01\\x00').cast('B', (1, 2))).count())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    print(out.stdout, out.stderr)
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert lines[:2] == ["ImportError: Mask.to_numpy needs numpy, which is not installed (pip install numpy)"] * 2
    assert lines[2] == "1"
