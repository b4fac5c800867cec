"""Hypothesis strategies shared by test_motion.py and test_shapes.py."""

from hypothesis import strategies as st

from perpixel import Mask


@st.composite
def masks(draw, sizes=st.integers(0, 12)):
    """A mask of random size (drawn from ``sizes``) with random pixels set."""
    w, h = draw(sizes), draw(sizes)
    m = Mask((w, h))
    if w * h:
        bits = draw(st.lists(st.booleans(), min_size=w * h, max_size=w * h))
        for i, b in enumerate(bits):
            if b:
                m.set_at((i % w, i // w))
    return m
