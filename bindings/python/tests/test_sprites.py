"""The drop-in in a pygame sprite game: pygame.sprite.collide_mask with ``.mask``
attributes holding perpixel masks gives pygame's answers."""

import random

import pygame
import pygame.mask as real
import pygame.sprite

from perpixel import pygame_compat as pm


class Thing(pygame.sprite.Sprite):
    def __init__(self, image, pos, masks):
        super().__init__()
        self.image = image
        self.rect = image.get_rect(topleft=pos)
        self.mask = masks.from_surface(image)


def blob(rng, size):
    s = pygame.Surface(size, pygame.SRCALPHA, 32)
    for _ in range(size[0] * size[1] // 3):
        s.set_at((rng.randrange(size[0]), rng.randrange(size[1])),
                 (255, 255, 255, rng.choice([0, 100, 200, 255])))
    return s


def test_collide_mask_and_spritecollide_give_pygames_answers():
    rng = random.Random(3)
    images = [blob(rng, (rng.randint(1, 70), rng.randint(1, 40))) for _ in range(12)]
    positions = [(rng.randint(0, 120), rng.randint(0, 80)) for _ in images]
    ours = [Thing(i, p, pm) for i, p in zip(images, positions)]
    theirs = [Thing(i, p, real) for i, p in zip(images, positions)]
    hits = 0
    for i in range(len(ours)):
        for j in range(len(ours)):
            got = pygame.sprite.collide_mask(ours[i], ours[j])
            want = pygame.sprite.collide_mask(theirs[i], theirs[j])
            assert got == want, (i, j)
            hits += want is not None
    assert hits > len(ours)  # the scene has real overlaps, not only self-hits
    group = pygame.sprite.Group(ours[1:])
    real_group = pygame.sprite.Group(theirs[1:])
    got = pygame.sprite.spritecollide(ours[0], group, False, pygame.sprite.collide_mask)
    want = pygame.sprite.spritecollide(theirs[0], real_group, False,
                                       pygame.sprite.collide_mask)
    assert [ours.index(s) for s in got] == [theirs.index(s) for s in want]


def test_the_top_readmes_python_examples_run():
    """Every ```python block of the repository README's "## Python" section runs as it
    stands there (each asserts its own answers)."""
    import os
    import re

    here = os.path.dirname(os.path.abspath(__file__))
    text = open(os.path.join(here, "..", "..", "..", "README.md"), encoding="utf-8").read()
    section = text[text.index("\n## Python\n"):]
    section = section[:section.index("\n## ", 1)]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "no python example in README.md's Python section"
    for i, code in enumerate(blocks):
        exec(compile(code, f"README.md python block {i}", "exec"), {"__name__": "readme"})
    print(f"README.md's Python section: {len(blocks)} example(s) ran")
