"""Shared helpers for perpixel's Python tests.

pygame-ce's own ``pygame.mask`` is the oracle for the pygame semantics (the tests never
swap it out; ``run_pygame_suite.py`` does that in its own process). Where pygame is not
the reference (perpixel's row-major order), the oracle is plain Python over the bits.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def bits_of(mask):
    """Every set pixel of a mask (perpixel's or pygame's), by ``get_at``."""
    w, h = mask.get_size()
    return {(x, y) for y in range(h) for x in range(w) if mask.get_at((x, y))}


def fill_from(mask_cls, size, bits):
    m = mask_cls(size)
    for p in bits:
        m.set_at(p)
    return m
