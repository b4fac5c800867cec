"""The 1,000-sprite frame (issue 32, point 4): every sprite against every other, pixel
perfect, the way a pygame game does it and the way it does it with a perpixel World.

    python bindings/python/bench/world_frame.py [--sprites 1000] [--frames 3]

One process, one scene: 1,000 sprites (circles, rings and boxes of 10 to 40 pixels
drawn on SRCALPHA surfaces) on a 1600x1200 field, each moving by its own velocity and
bouncing off the edges. A frame is

* pygame-ce: ``pygame.sprite.spritecollide(s, group, False, pygame.sprite.collide_mask)``
  for every sprite ``s`` (masks from ``pygame.mask.from_surface``);
* pygame-ce's quicker idiom, timed too: ``spritecollide(s, group, False)`` (rects, in C)
  and ``collide_mask`` on those hits only;
* perpixel: ``SpriteWorld.update()`` (``World.move_bodies`` from the rects, then
  ``World.update()``) and ``collisions()`` (the touching pairs as sprite tuples; masks
  from ``perpixel.pygame_compat.from_surface``).

Moving the rects is the game's own work, the same for both, and not timed. Before
timing, both are checked to give the same set of touching pairs on the first frames
(a benchmark that compares wrong answers proves nothing); the timed frames check it
too. Prints seconds per frame (the median of the frames) and the ratio.

``run(report)`` is what ``bench/compare.py`` calls: ``report(name, pygame_seconds,
perpixel_seconds)``.
"""

import argparse
import os
import random
import statistics
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pygame.mask  # noqa: E402
import pygame.sprite  # noqa: E402

import perpixel  # noqa: E402
import perpixel.pygame_compat as pm  # noqa: E402

FIELD = (1600, 1200)


def shapes(rng, n):
    """`n` sprite images: filled circles, rings and boxes, 10 to 40 pixels."""
    out = []
    for _ in range(n):
        w, h = rng.randint(10, 40), rng.randint(10, 40)
        s = pygame.Surface((w, h), pygame.SRCALPHA, 32)
        kind = rng.randrange(3)
        r = min(w, h) // 2
        if kind == 0:
            pygame.draw.circle(s, (255, 255, 255, 255), (w // 2, h // 2), r)
        elif kind == 1:
            pygame.draw.circle(s, (255, 255, 255, 255), (w // 2, h // 2), r, max(1, r // 3))
        else:
            pygame.draw.rect(s, (255, 255, 255, 255), (w // 4, 0, w // 2, h))
        out.append(s)
    return out


class Thing(pygame.sprite.Sprite):
    def __init__(self, image, pos, mask):
        super().__init__()
        self.image = image
        self.rect = image.get_rect(topleft=pos)
        self.mask = mask


class Scene:
    """The same sprites twice: with pygame masks and with perpixel masks, moved alike."""

    def __init__(self, n, seed=1):
        rng = random.Random(seed)
        images = shapes(rng, n)
        places = [(rng.randrange(FIELD[0] - 40), rng.randrange(FIELD[1] - 40))
                  for _ in images]
        self.speed = [(rng.randint(-3, 3), rng.randint(-3, 3)) for _ in images]
        self.pg = [Thing(i, p, pygame.mask.from_surface(i)) for i, p in zip(images, places)]
        self.pp = [Thing(i, p, pm.from_surface(i)) for i, p in zip(images, places)]
        self.group = pygame.sprite.Group(self.pg)
        self.world = perpixel.SpriteWorld(self.pp)

    def move(self):
        for k, (a, b) in enumerate(zip(self.pg, self.pp)):
            vx, vy = self.speed[k]
            r = a.rect
            if not 0 <= r.x + vx <= FIELD[0] - r.w:
                vx = -vx
            if not 0 <= r.y + vy <= FIELD[1] - r.h:
                vy = -vy
            self.speed[k] = (vx, vy)
            r.move_ip(vx, vy)
            b.rect.topleft = r.topleft

    def pygame_frame(self):
        collide = pygame.sprite.collide_mask
        return {s: pygame.sprite.spritecollide(s, self.group, False, collide) for s in self.pg}

    def pygame_rect_first_frame(self):
        """pygame's quicker idiom: rects first (``spritecollide`` without a callback
        tests rects in C), ``collide_mask`` on those hits only."""
        collide, group = pygame.sprite.collide_mask, self.group
        return {s: [t for t in pygame.sprite.spritecollide(s, group, False) if collide(s, t)]
                for s in self.pg}

    def perpixel_frame(self):
        self.world.update()
        return self.world.collisions()

    def pygame_pairs(self, hits):
        index = {s: k for k, s in enumerate(self.pg)}
        return {frozenset((index[s], index[t])) for s, ts in hits.items() for t in ts if t is not s}

    def perpixel_pairs(self, pairs):
        index = {s: k for k, s in enumerate(self.pp)}
        return {frozenset((index[a], index[b])) for a, b in pairs}


def measure(n=1000, frames=3, perpixel_frames=50, seed=1):
    """(pygame seconds per frame, pygame rects-first seconds per frame, perpixel seconds
    per frame, pairs in the last frame)."""
    scene = Scene(n, seed)
    pg_times, quick_times, pp_times, pairs = [], [], [], 0
    for _ in range(frames):
        scene.move()
        t0 = time.perf_counter()
        want = scene.pygame_frame()
        t1 = time.perf_counter()
        got = scene.perpixel_frame()
        t2 = time.perf_counter()
        quick = scene.pygame_rect_first_frame()
        t3 = time.perf_counter()
        a, b = scene.pygame_pairs(want), scene.perpixel_pairs(got)
        if scene.pygame_pairs(quick) != a:
            raise SystemExit("pygame's two idioms disagree")
        if a != b:
            raise SystemExit(f"different pairs: pygame only {sorted(map(sorted, a - b))[:5]}, "
                             f"perpixel only {sorted(map(sorted, b - a))[:5]}")
        pg_times.append(t1 - t0)
        pp_times.append(t2 - t1)
        quick_times.append(t3 - t2)
        pairs = len(a)
    for _ in range(perpixel_frames):
        scene.move()
        t0 = time.perf_counter()
        scene.perpixel_frame()
        pp_times.append(time.perf_counter() - t0)
    for _ in range(perpixel_frames // 5):
        scene.move()
        t0 = time.perf_counter()
        scene.pygame_rect_first_frame()
        quick_times.append(time.perf_counter() - t0)
    med = statistics.median
    return med(pg_times), med(quick_times), med(pp_times), pairs


def run(report):
    pg, quick, pp, _ = measure()
    report("1,000 sprites: spritecollide(collide_mask) loop vs World frame", pg, pp)
    report("1,000 sprites: rects first, then collide_mask vs World frame", quick, pp)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sprites", type=int, default=1000)
    ap.add_argument("--frames", type=int, default=3, help="frames checked and timed on both")
    args = ap.parse_args()
    pg, quick, pp, pairs = measure(args.sprites, args.frames)
    print(f"{args.sprites} sprites, {pairs} touching pairs in the last checked frame; "
          f"the same pairs from both in {args.frames} frames")
    print(f"{'case':48} {'pygame-ce':>11} {'perpixel':>11} {'ratio':>8}")
    print(f"{'frame (spritecollide loop vs World)':48} {pg * 1e3:9.2f}ms {pp * 1e3:9.3f}ms "
          f"{pg / pp:7.0f}x")
    print(f"{'frame (rects first, then collide_mask vs World)':48} {quick * 1e3:9.2f}ms "
          f"{pp * 1e3:9.3f}ms {quick / pp:7.0f}x")


if __name__ == "__main__":
    main()
