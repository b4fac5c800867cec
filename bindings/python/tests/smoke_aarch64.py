"""A few checks of an installed perpixel with plain asserts (no pytest, no pygame), for
an interpreter where only the wheel (and numpy, if present) can be put: the aarch64 wheel
under qemu-aarch64 with an aarch64 CPython (see bindings/python/README.md, "Install").
Oracles: get_at loops and the bits set by hand. Prints what it checked."""

import platform
import sys

import perpixel
from perpixel import Mask

checks = 0


def check(cond, what):
    global checks
    assert cond, what
    checks += 1


a = Mask((130, 5))
b = Mask((40, 40), fill=True)
for p in [(129, 4), (3, 1), (64, 0)]:
    a.set_at(p)
check(a.count() == 3, "count")
check(a.overlap(b, (0, 0)) == (3, 1), "overlap row-major")
check(a.overlap(b, (50, 0)) == (64, 0), "overlap, the lowest row first")
check(a.overlap(b, (100, 0)) == (129, 4), "overlap offset")
check(a.overlap_area(b, (0, 0)) == 1 and a.overlap_area(Mask((200, 10), fill=True), (0, 0)) == 3, "overlap_area")
check(perpixel.pygame_compat.Mask((128, 2), fill=True).overlap(
    fill := perpixel.pygame_compat.Mask((128, 2)), (0, 0)) is None, "empty overlap")
fill.set_at((100, 0))
fill.set_at((10, 1))
check(perpixel.pygame_compat.Mask((128, 2), fill=True).overlap(fill, (0, 0)) == (10, 1),
      "pygame's stripe order")
check(a.scale((13, 1)).get_size() == (13, 1), "scale")
if perpixel.HAS_BUFFER_PROTOCOL:
    v = memoryview(a)
    check(v.shape == (3, 5) and (v[2, 4] >> 1) & 1 == 1 and v[1, 0] == 1, "buffer layout")
raw = memoryview(bytes([0, 1, 2, 0, 0, 9])).cast("B", (2, 3))
check(sorted((x, y) for y in range(2) for x in range(3)
             if perpixel.from_numpy(raw, 2).get_at((x, y))) == [(2, 0), (2, 1)], "from_numpy")
try:
    import numpy as np
except ImportError:
    np = None
if np is not None:
    arr = a.to_numpy()
    check(arr.shape == (5, 130) and arr[4, 129] and arr[1, 3] and arr.sum() == 3, "to_numpy")
    words = a.to_numpy(packed=True)
    check(words.shape == (5, 3) and int(words[4, 2]) == 2, "packed words")
    check(Mask.from_numpy(arr.T.copy().T).count() == 3, "round trip, Fortran order")
print(f"perpixel {perpixel.__version__} on {platform.machine()}, Python "
      f"{sys.version.split()[0]}, buffer protocol {perpixel.HAS_BUFFER_PROTOCOL}, "
      f"numpy {'yes' if np is not None else 'no'}: {checks} checks passed")
