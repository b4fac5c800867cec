"""A first rough timing: ``Mask.overlap``, ``overlap_area`` and ``overlap_mask`` on two
32x32 masks (half their pixels set, the same pixels on both sides), perpixel's
``pygame_compat`` against pygame-ce's ``pygame.mask`` in one process, Python-level calls.

    python bindings/python/bench/overlap_32.py

Prints ns per call (the best of 7 repeats of 200,000 calls each). Not a test: timings
belong here, never in the test suite.
"""

import os
import random
import timeit

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame.mask as real  # noqa: E402

import perpixel.pygame_compat as pm  # noqa: E402

rng = random.Random(1)
bits_a = [(x, y) for y in range(32) for x in range(32) if rng.random() < 0.5]
bits_b = [(x, y) for y in range(32) for x in range(32) if rng.random() < 0.5]


def build(cls, bits):
    m = cls((32, 32))
    for p in bits:
        m.set_at(p)
    return m


N, REPEAT = 200_000, 7
cases = [
    ("overlap, hit", "a.overlap(b, (5, 7))"),
    ("overlap, boxes apart", "a.overlap(b, (40, 0))"),
    ("overlap_area", "a.overlap_area(b, (5, 7))"),
    ("overlap_mask", "a.overlap_mask(b, (5, 7))"),
]
print(f"{'case':24} {'pygame-ce':>10} {'perpixel':>10} {'ratio':>7}")
for name, stmt in cases:
    times = {}
    for label, cls in (("pygame-ce", real.Mask), ("perpixel", pm.Mask)):
        env = {"a": build(cls, bits_a), "b": build(cls, bits_b)}
        best = min(timeit.repeat(stmt, globals=env, number=N, repeat=REPEAT))
        times[label] = best / N * 1e9
    ratio = times["pygame-ce"] / times["perpixel"]
    print(f"{name:24} {times['pygame-ce']:8.0f}ns {times['perpixel']:8.0f}ns {ratio:6.2f}x")
