"""A drop-in for the ``pygame.mask`` module, over perpixel.

``import perpixel.pygame_compat as mask`` gives ``mask.Mask``, ``mask.from_surface``
and ``mask.from_threshold`` with pygame-ce's arguments, keywords, defaults, results and
exceptions (pygame-ce 2.5.8's ``src_c/mask.c`` is the reference). Surfaces are read and
written through pygame, which must then be installed (pygame-ce); masks alone need no
pygame. What differs from pygame is listed in bindings/python/README.md.
"""

from typing import Any

from perpixel._native import PygameMask as Mask
from perpixel import _surface

#: pygame's old alias of ``Mask``.
MaskType = Mask

__all__ = ["Mask", "MaskType", "from_surface", "from_threshold"]


def from_surface(surface: Any, threshold: int = 127) -> Mask:
    """A Mask of ``surface``'s size with every pixel set whose alpha is greater than
    ``threshold`` (default 127), or, when the surface has a colour key, every pixel not
    equal to the key (``threshold`` is then ignored). Surfaces without per-pixel alpha
    (and negative thresholds) set every pixel; ``threshold >= 255`` sets none."""
    return _surface.from_surface(Mask, surface, threshold)


def from_threshold(surface: Any, color: Any, threshold: Any = (0, 0, 0, 255),
                   othersurface: Any = None, palette_colors: int = 1) -> Mask:
    """A Mask with every pixel set whose red, green and blue are each within
    ``threshold`` (strictly less apart) of ``color``'s, or, with ``othersurface``,
    of the same pixel of ``othersurface``. Alpha is not compared."""
    return _surface.from_threshold(Mask, surface, color, threshold, othersurface,
                                   palette_colors)
