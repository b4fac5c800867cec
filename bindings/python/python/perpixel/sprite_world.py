"""A ``perpixel.World`` kept in step with pygame sprites.

Each sprite with a ``rect`` and a ``mask`` (a ``perpixel.Mask`` or a
``perpixel.pygame_compat.Mask``, as ``perpixel.pygame_compat.from_surface`` makes) is a
body placed at ``sprite.rect.topleft``. One ``update()`` a frame moves every body to its
sprite's rect in one call, finds every touching pair in Rust and hands back the sprites::

    import pygame
    import perpixel
    import perpixel.pygame_compat as mask

    world = perpixel.SpriteWorld(all_sprites)   # sprites with .rect and .mask
    ...
    world.update()                               # once a frame, after moving the rects
    for a, b in world.collisions():              # every touching pair of sprites
        ...
    hits = world.spritecollide(player, enemies)  # pygame's spritecollide(.., collide_mask)

This replaces ``pygame.sprite.spritecollide(sprite, group, dokill,
pygame.sprite.collide_mask)`` loops, which test every sprite of the group in Python.
"""

from typing import Any, Dict, Iterable, List, Literal, Optional, Tuple

from perpixel._native import BodyId, Events, Filter, Mask, World

__all__ = ["SpriteWorld"]


class SpriteWorld:
    """A ``perpixel.World`` whose bodies are pygame sprites (see the module docs).

    ``world`` is the underlying ``perpixel.World`` (its queries and events name bodies by
    ``BodyId``; ``body_of(sprite)`` and ``sprite_of(id)`` convert).
    """

    def __init__(self, sprites: Iterable[Any] = (), *,
                 kind: Literal["moving", "static"] = "moving",
                 filter: Optional[Filter] = None) -> None:
        self.world = World()
        self._ids: Dict[Any, BodyId] = {}  # sprite -> BodyId
        self._masks: Dict[Any, Any] = {}   # sprite -> the mask object its body was given
        self.add(*sprites, kind=kind, filter=filter)

    def add(self, *sprites: Any, kind: Literal["moving", "static"] = "moving",
            filter: Optional[Filter] = None) -> None:
        """Adds sprites (or groups of them) not yet in the world, at their rects."""
        for s in _flat(sprites):
            if s in self._ids:
                continue
            m = _mask_of(s)
            self._ids[s] = self.world.create_body(
                m, tuple(s.rect.topleft), kind=kind, filter=filter, user_data=s)
            self._masks[s] = m

    def remove(self, *sprites: Any) -> None:
        """Removes sprites (or groups of them); sprites not in the world are skipped."""
        for s in _flat(sprites):
            body = self._ids.pop(s, None)
            if body is not None:
                del self._masks[s]
                self.world.destroy_body(body)

    def __contains__(self, sprite: Any) -> bool:
        return sprite in self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def sprites(self) -> List[Any]:
        """The sprites in the world, in the order they were added."""
        return list(self._ids)

    def body_of(self, sprite: Any) -> BodyId:
        """The ``BodyId`` of a sprite in the world (``KeyError`` when it is not)."""
        return self._ids[sprite]

    def sprite_of(self, body: BodyId) -> Any:
        """The sprite of a body (its ``user_data``)."""
        return self.world.user_data(body)

    def sync(self) -> None:
        """Moves every body to its sprite's ``rect.topleft`` (one call) and gives a body
        its sprite's mask when ``sprite.mask`` is another object than before. Sprites
        killed in pygame stay until ``remove()``d."""
        masks = self._masks
        for s, body in self._ids.items():
            if s.mask is not masks[s]:
                self.world.set_mask(body, _mask_of(s))
                masks[s] = s.mask
        self.world.move_bodies(list(self._ids.values()),
                               [s.rect.topleft for s in self._ids])

    def update(self) -> Events:
        """``sync()``, then ``World.update()``: returns its ``Events`` (pairs of
        ``BodyId``; ``collisions()`` gives the sprites)."""
        self.sync()
        return self.world.update()

    def collisions(self) -> List[Tuple[Any, Any]]:
        """Every pair of sprites touching at the last ``update()``, as ``(a, b)`` tuples
        (a new list; changing the world while going through it is safe)."""
        return self.world.touching_data()

    def spritecollide(self, sprite: Any, group: Any = None,
                      dokill: bool = False) -> List[Any]:
        """The sprites that share a solid pixel with ``sprite`` where it stands now:
        ``pygame.sprite.spritecollide(sprite, group, dokill,
        pygame.sprite.collide_mask)`` over the world's sprites (those in ``group`` when
        given; ``sprite`` itself counts when it is in it, as in pygame), in body order
        (the order they were added while no sprite was removed). ``sprite`` need not be
        in the world. The other sprites are where the last ``sync()``/``update()`` put
        them. ``dokill`` kills the hits (``sprite.kill()``)
        and removes them from the world."""
        m = _mask_of(sprite)
        ids = self.world.overlapping(m, tuple(sprite.rect.topleft))
        own = self._ids.get(sprite)
        if own is not None:
            # Its body is where the last sync put it; pygame tests the sprite where it
            # stands, where it always meets itself when it has a solid pixel.
            ids = [i for i in ids if i != own]
            if m.count():
                ids.append(own)
                ids.sort()
        hits = [self.world.user_data(i) for i in ids]
        if group is not None:
            hits = [s for s in hits if s in group]
        if dokill:
            for s in hits:
                s.kill()
            self.remove(*hits)
        return hits


def _mask_of(sprite: Any) -> Mask:
    m = getattr(sprite, "mask", None)
    if not isinstance(m, Mask):
        raise TypeError(
            "a SpriteWorld sprite needs a .mask that is a perpixel Mask "
            "(perpixel.pygame_compat.from_surface(sprite.image))")
    return m


def _flat(items: Iterable[Any]) -> Iterable[Any]:
    for it in items:
        if hasattr(it, "rect"):
            yield it
        else:
            yield from it
