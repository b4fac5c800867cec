"""perpixel against pygame-ce, side by side in one process on the same masks.

    python bindings/python/bench/compare.py [--quick] [--dump-masks DIR]

Every case is a Python-level call (or loop of calls) timed with ``timeit`` on pygame-ce's
``pygame.mask`` and on ``perpixel.pygame_compat`` (the drop-in), built from the same bits.
Before any timing each case checks that both libraries give the same answer (and stops
with an error if not). The two sides are timed in turn (interleaved, so a noisy neighbour
on a shared machine hits both alike), several repeats each, and the table shows the
median time per call; ratio is pygame-ce's time over perpixel's (above 1: perpixel is
faster). ``--quick`` takes fewer repeats. Prints a markdown table.

If ``bench/world_frame.py`` exists (the World's 1,000-sprite frame against
``pygame.sprite.spritecollide``), its ``run(report)`` adds its rows.

Not a test: timings belong here, never in the test suite.
"""

import os
import random
import statistics
import sys
import timeit

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402
import pygame.mask as real  # noqa: E402
import pygame.sprite  # noqa: E402

import perpixel.pygame_compat as pm  # noqa: E402

QUICK = "--quick" in sys.argv
# --dump-masks DIR: write the no-hit scans' masks for `examples/scan.rs` (SCAN_MASKS=DIR).
DUMP = sys.argv[sys.argv.index("--dump-masks") + 1] if "--dump-masks" in sys.argv else None
REPEAT = 3 if QUICK else 7
TARGET_S = 0.02 if QUICK else 0.05  # the length of one timed run
rows = []


def report(name, pygame_seconds, perpixel_seconds):
    """One row: seconds per call of each library."""
    rows.append((name, pygame_seconds, perpixel_seconds))
    print(f"  {name}: {fmt(pygame_seconds)} vs {fmt(perpixel_seconds)}", file=sys.stderr)


def fmt(s):
    if s < 1e-6:
        return f"{s * 1e9:.0f} ns"
    if s < 1e-3:
        return f"{s * 1e6:.1f} µs"
    return f"{s * 1e3:.2f} ms"


def calls_for(timer):
    """How many calls make one timed run of about TARGET_S."""
    n = 1
    while True:
        t = timer.timeit(n)
        if t >= TARGET_S / 5 or n >= 1 << 24:
            return max(1, int(n * TARGET_S / max(t, 1e-9)))
        n *= 4


def case(name, stmt, pg_env, pp_env):
    """Times `stmt` in both environments after checking they give the same answer."""
    want = eval(stmt, dict(pg_env))
    got = eval(stmt, dict(pp_env))
    if want != got:
        raise SystemExit(f"{name}: pygame-ce says {want!r}, perpixel {got!r}")
    timers = [timeit.Timer(stmt, globals=env) for env in (pg_env, pp_env)]
    n = min(calls_for(t) for t in timers)
    times = ([], [])
    for _ in range(REPEAT):
        for side, t in enumerate(timers):
            times[side].append(t.timeit(n) / n)
    report(name, statistics.median(times[0]), statistics.median(times[1]))


def surface_with_alpha(w, h, alpha_of):
    """A 32-bit SRCALPHA surface whose alpha at (x, y) is alpha_of(x, y) (vectorised
    through numpy when there, else row by row)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    surf.fill((200, 100, 50, 0))
    alpha = pygame.surfarray.pixels_alpha(surf)
    alpha[:, :] = alpha_of(w, h)
    del alpha
    return surf


def numpy_alpha(density, seed, parity=None):
    import numpy as np

    def make(w, h):
        rng = np.random.default_rng(seed)
        a = np.where(rng.random((w, h)) < density, 255, 0).astype(np.uint8)
        if parity is not None:
            xs, ys = np.indices((w, h))
            a[(xs + ys) % 2 != parity] = 0
        return a

    return make


def blob_alpha(parity, seed):
    """Sparse masks as a level or a sprite sheet has them: discs (radius 6) in some of
    the 32x32 cells of a grid, those whose (i + j) % 2 is `parity` (so the two parities
    share no pixel at offset (0, 0)), about 1% of the pixels."""
    import numpy as np

    def make(w, h):
        rng = np.random.default_rng(seed)
        a = np.zeros((w, h), dtype=np.uint8)
        xs, ys = np.indices((32, 32))
        disc = ((xs - 15.5) ** 2 + (ys - 15.5) ** 2 <= 36) * 255
        for i in range(w // 32):
            for j in range(h // 32):
                if (i + j) % 2 == parity and rng.random() < 0.25:
                    a[32 * i:32 * i + 32, 32 * j:32 * j + 32] = disc
        return a

    return make


def pair(surf_a, surf_b):
    """The same two masks in each library, from the same surfaces."""
    pg = {"a": real.from_surface(surf_a), "b": real.from_surface(surf_b)}
    pp = {"a": pm.from_surface(surf_a), "b": pm.from_surface(surf_b)}
    for k in "ab":
        if pg[k].count() != pp[k].count():
            raise SystemExit(f"from_surface: counts differ ({pg[k].count()} vs {pp[k].count()})")
    return pg, pp


def small_cases():
    rng = random.Random(1)
    bits_a = [(x, y) for y in range(32) for x in range(32) if rng.random() < 0.5]
    bits_b = [(x, y) for y in range(32) for x in range(32) if rng.random() < 0.5]
    # Two masks whose boxes overlap but share no pixel: a checkerboard and its inverse.
    even = [(x, y) for y in range(32) for x in range(32) if (x + y) % 2 == 0]
    odd = [(x, y) for y in range(32) for x in range(32) if (x + y) % 2 == 1]

    def env(cls):
        def build(bits):
            m = cls((32, 32))
            for p in bits:
                m.set_at(p)
            return m

        return {"a": build(bits_a), "b": build(bits_b), "e": build(even), "o": build(odd)}

    pg, pp = env(real.Mask), env(pm.Mask)
    case("32x32 overlap, hit", "a.overlap(b, (5, 7))", pg, pp)
    case("32x32 overlap, boxes apart", "a.overlap(b, (40, 0))", pg, pp)
    case("32x32 overlap, boxes overlap, no pixel hit", "e.overlap(o, (2, 4))", pg, pp)
    case("32x32 overlap_area", "a.overlap_area(b, (5, 7))", pg, pp)
    # Masks compare by identity: compare their bits.
    case("32x32 overlap_mask", "a.overlap_mask(b, (5, 7)).count()", pg, pp)


def sprites_case():
    """`pygame.sprite.collide_mask` over every pair of 64 sprites (2,016 calls)."""
    rng = random.Random(7)
    shapes = []
    for _ in range(64):
        w, h = rng.randint(16, 48), rng.randint(16, 48)
        cx, cy, r2 = w / 2, h / 2, (min(w, h) / 2) ** 2
        bits = [(x, y) for y in range(h) for x in range(w)
                if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r2]
        shapes.append(((w, h), bits, (rng.randint(0, 300), rng.randint(0, 300))))

    def env(cls):
        group = []
        for size, bits, pos in shapes:
            s = pygame.sprite.Sprite()
            s.mask = cls(size)
            for p in bits:
                s.mask.set_at(p)
            s.rect = pygame.Rect(pos, size)
            group.append(s)
        return {"group": group, "collide": pygame.sprite.collide_mask, "loop": all_pairs}

    case("64 sprites, all pairs collide_mask (2,016 calls)",
         "loop(group, collide)", env(real.Mask), env(pm.Mask))


def all_pairs(group, collide):
    hits = []
    for i, a in enumerate(group):
        for b in group[i + 1:]:
            if collide(a, b):
                hits.append((i, group.index(b)))
    return hits


def big_cases(size):
    w = h = size
    dense = pair(surface_with_alpha(w, h, numpy_alpha(0.5, 1)),
                 surface_with_alpha(w, h, numpy_alpha(0.5, 2)))
    blobs = pair(surface_with_alpha(w, h, blob_alpha(0, 3)),
                 surface_with_alpha(w, h, blob_alpha(1, 4)))
    noise = pair(surface_with_alpha(w, h, numpy_alpha(0.002, 5, parity=0)),
                 surface_with_alpha(w, h, numpy_alpha(0.002, 6, parity=1)))
    if DUMP:
        for kind, (_, pp) in (("blobs", blobs), ("noise", noise)):
            for k in "ab":
                pp[k].to_numpy().astype("uint8").tofile(os.path.join(DUMP, f"{kind}{w}{k}.bin"))
    case(f"{w}x{h} overlap, sparse blobs, no hit", "a.overlap(b, (0, 0))", *blobs)
    case(f"{w}x{h} overlap, scattered noise 0.2%, no hit", "a.overlap(b, (0, 0))", *noise)
    # The same pairs where neither the columns nor the 8-row blocks line up.
    case(f"{w}x{h} overlap at (3, 5), sparse blobs, no hit", "a.overlap(b, (3, 5))", *blobs)
    case(f"{w}x{h} overlap at (3, 5), scattered noise, no hit", "a.overlap(b, (3, 5))", *noise)
    case(f"{w}x{h} overlap_area, random 50%", "a.overlap_area(b, (3, 5))", *dense)
    case(f"{w}x{h} overlap_area, sparse blobs", "a.overlap_area(b, (32, 1))", *blobs)
    case(f"{w}x{h} count, random 50%", "a.count()", *dense)
    case(f"{w}x{h} count, sparse blobs", "a.count()", *blobs)


def from_surface_case():
    surf = surface_with_alpha(2048, 2048, numpy_alpha(0.5, 5))
    # Random alpha in 0..255 rather than 0/255, so the threshold matters.
    import numpy as np

    alpha = pygame.surfarray.pixels_alpha(surf)
    alpha[:, :] = np.random.default_rng(6).integers(0, 256, (2048, 2048), dtype=np.uint8)
    del alpha
    env = {"surf": surf}
    case("from_surface 2048x2048 (SRCALPHA, random alpha)", "f(surf).count()",
         {**env, "f": real.from_surface}, {**env, "f": pm.from_surface})


def main():
    print(f"pygame-ce {pygame.version.ver}, perpixel {pm.Mask.__module__}", file=sys.stderr)
    small_cases()
    sprites_case()
    big_cases(256)
    big_cases(2048)
    from_surface_case()
    world = os.path.join(os.path.dirname(os.path.abspath(__file__)), "world_frame.py")
    if os.path.exists(world):
        import importlib.util

        spec = importlib.util.spec_from_file_location("world_frame", world)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        mod.run(report)
    print("| case | pygame-ce | perpixel | ratio |")
    print("|---|---:|---:|---:|")
    for name, a, b in rows:
        print(f"| {name} | {fmt(a)} | {fmt(b)} | {a / b:.2f}x |")


if __name__ == "__main__":
    main()
