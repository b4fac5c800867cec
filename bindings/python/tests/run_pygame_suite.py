"""Runs pygame-ce's own mask tests (``pygame.tests.mask_test``, shipped in the pygame-ce
wheel) with ``pygame.mask`` swapped for ``perpixel.pygame_compat``.

    python run_pygame_suite.py [-v] [--expect-failures N]

The swap is made before the test module is imported: ``sys.modules["pygame.mask"]``,
``pygame.mask``, ``pygame.Mask`` and ``pygame.MaskType`` all point at perpixel, so every
``pygame.mask.Mask(...)``/``pygame.Mask(...)`` in the tests makes a perpixel mask (the
runner checks this). The test file is pygame-ce's (LGPL), read from the installed wheel,
never copied here. Prints ``N passed, N failed`` (and the failing tests' names); exits 1
when the number of failures differs from the documented count given with
``--expect-failures`` (bindings/python/README.md lists each one and why).
"""

import os
import sys
import unittest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "disk")

import pygame  # noqa: E402

import perpixel.pygame_compat as compat  # noqa: E402

sys.modules["pygame.mask"] = compat
pygame.mask = compat
pygame.Mask = compat.Mask
pygame.MaskType = compat.MaskType

from pygame.tests import mask_test  # noqa: E402

# The swap took: the tests' masks are perpixel's.
assert mask_test.pygame.mask is compat
assert type(mask_test.pygame.Mask((1, 1))) is compat.Mask


class Result(unittest.TextTestResult):
    pass


def main(argv):
    verbose = "-v" in argv
    expected = None
    if "--expect-failures" in argv:
        expected = int(argv[argv.index("--expect-failures") + 1])
    suite = unittest.defaultTestLoader.loadTestsFromModule(mask_test)
    runner = unittest.TextTestRunner(
        stream=sys.stdout, verbosity=2 if verbose else 1, resultclass=Result
    )
    result = runner.run(suite)
    bad = [t for t, _ in result.failures + result.errors]
    skipped = len(result.skipped)
    passed = result.testsRun - len(bad) - skipped
    for t in bad:
        print(f"FAILED: {t.id()}")
    print(f"pygame-ce mask_test with perpixel.pygame_compat: "
          f"{result.testsRun} tests, {passed} passed, {len(bad)} failed, {skipped} skipped")
    print(f"{passed} passed, {len(bad)} failed" + (f", {skipped} skipped" if skipped else ""))
    if expected is not None and len(bad) != expected:
        print(f"expected exactly {expected} documented failures, got {len(bad)}")
        return 1
    if expected is None and bad:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
