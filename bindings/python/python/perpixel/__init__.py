"""perpixel: pixel-perfect 2D collision for games.

``perpixel.Mask`` has pygame-ce's ``pygame.mask.Mask`` API over perpixel's Rust core;
``perpixel.pygame_compat`` is a drop-in for the ``pygame.mask`` module (the same
functions, pygame's defaults)::

    import perpixel.pygame_compat as mask   # instead of: import pygame.mask as mask

Where the two differ: ``perpixel.Mask.overlap`` returns the first shared pixel in
row-major order (lowest y, then lowest x; the same on every platform), and
``pygame_compat.Mask.overlap`` in pygame's order (64-pixel column stripes, each from
its top row down). Both take ``order="rows"`` or ``order="stripes"``.
"""

from perpixel._native import Mask, MaskTooLargeError, __version__
from perpixel import pygame_compat

__all__ = ["Mask", "MaskTooLargeError", "pygame_compat", "__version__"]

# --- motion, shapes, bundles (beyond pygame) ---
from perpixel._native import (  # noqa: E402
    ComponentLabels, MaskBundle, MoveOptions, Moved, Normal, Polygon, PushOut, Raster,
    RayHit, Sprite, Sweep, SweepHit, SweepPath, Transform, TransformedSprite,
)

__all__ += [
    "ComponentLabels", "MaskBundle", "MoveOptions", "Moved", "Normal", "Polygon", "PushOut",
    "Raster", "RayHit", "Sprite", "Sweep", "SweepHit", "SweepPath", "Transform",
    "TransformedSprite",
]
# --- world ---
from perpixel._native import (  # noqa: E402
    BodyId, BodyInfo, BodyPair, Events, Filter, StaleBodyError, World, WorldContact,
    WorldRayHit, WorldSnapshot, WorldSweep, WrongWorldError,
)

__all__ += [
    "BodyId", "BodyInfo", "BodyPair", "Events", "Filter", "StaleBodyError", "World",
    "WorldContact", "WorldRayHit", "WorldSnapshot", "WorldSweep", "WrongWorldError",
]

from perpixel.sprite_world import SpriteWorld  # noqa: E402

__all__ += ["SpriteWorld"]
# --- wheels: numpy in and out, the buffer protocol ---
from perpixel._native import from_numpy, HAS_BUFFER_PROTOCOL  # noqa: E402

__all__ += ["from_numpy", "HAS_BUFFER_PROTOCOL"]
