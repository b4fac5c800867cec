"""pygame Surfaces in and out of masks, through pygame (imported only when used).

Each function reads the surface's raw pixels and format through pygame's own API
(``get_buffer``, ``get_masks``, ``get_shifts``, ``get_losses``, ``map_rgb``) and hands
them to the native module, which applies pygame's per-pixel rules (``src_c/mask.c``).
"""

from typing import Any, Type, TypeVar

from perpixel import _native

_M = TypeVar("_M", bound=_native.Mask)

_DEFAULT = object()


def _pygame():
    try:
        import pygame
    except ImportError as e:  # pragma: no cover - exercised without pygame only
        raise ImportError(
            "perpixel needs pygame (pip install pygame-ce) to read or write Surfaces"
        ) from e
    return pygame


def _check_surface(pygame, surface, what):
    if not isinstance(surface, pygame.Surface):
        raise TypeError(
            f"{what} must be pygame.surface.Surface, not {type(surface).__name__}"
        )


def _raw(surface):
    """The surface's raw pixel bytes (every row, pitch padding included)."""
    return surface.get_buffer().raw


def _layout(surface):
    w, h = surface.get_size()
    return _raw(surface), w, h, surface.get_pitch(), surface.get_bytesize()


def from_surface(cls: Type[_M], surface: Any, threshold: int = 127) -> _M:
    pygame = _pygame()
    _check_surface(pygame, surface, "surface")
    threshold = int(threshold) if not isinstance(threshold, float) else _int(threshold)
    key = surface.get_colorkey()
    key_value = _u32(surface.map_rgb(key)) if key is not None else None
    amask = _u32(surface.get_masks()[3])
    ashift = surface.get_shifts()[3]
    return _native._from_surface_bytes(
        cls, _layout(surface), key_value, threshold, amask, ashift
    )


def _u32(value):
    """A pixel value or channel mask as the unsigned 32 bits SDL stores (pygame hands
    some back as signed C ints)."""
    return value & 0xFFFFFFFF


def _map(surface, color):
    if isinstance(color, int) and not isinstance(color, bool):
        return _u32(color)
    return _u32(surface.map_rgb(color))


def _int(value):
    raise TypeError(f"integer argument expected, got {type(value).__name__}")


def _rgb(surface, color):
    """``color`` mapped to the surface's format and back (pygame's
    ``pg_MappedColorFromObj`` then ``PG_GetRGBA``): its red, green and blue."""
    pygame = _pygame()
    if isinstance(color, int) and not isinstance(color, bool):
        value = color  # a raw pixel value, as pygame takes ints
    else:
        value = surface.map_rgb(pygame.Color(color) if isinstance(color, str) else color)
    value = _u32(value)
    r, g, b, _a = surface.unmap_rgb(value)
    return (r, g, b)


def _format(surface):
    m = [_u32(v) for v in surface.get_masks()[:3]]
    s = surface.get_shifts()[:3]
    l = surface.get_losses()[:3]
    return tuple(m), tuple(s), tuple(l)


def from_threshold(cls: Type[_M], surface: Any, color: Any, threshold: Any = (0, 0, 0, 255),
                   othersurface: Any = None, palette_colors: int = 1) -> _M:
    pygame = _pygame()
    _check_surface(pygame, surface, "surface")
    if othersurface is not None:
        _check_surface(pygame, othersurface, "othersurface")
    rgb = _rgb(surface, color)
    trgb = _rgb(surface, threshold)
    fmt = _format(surface)
    other = None
    if othersurface is not None:
        om, os_, _ol = _format(othersurface)
        # pygame takes the second surface's losses from the first's format.
        other = (_layout(othersurface), (om, os_, fmt[2]))
    return _native._from_threshold_bytes(
        cls, _layout(surface), fmt, rgb, trgb, other, bool(palette_colors)
    )


def _two_ints(obj):
    """pygame's ``pg_TwoIntsFromObj``: a sequence of two numbers (not a set or a dict),
    or a 1-tuple holding one; None otherwise."""
    try:
        if not hasattr(type(obj), "__getitem__") or isinstance(obj, (dict, str, bytes)):
            return None
        if isinstance(obj, tuple) and len(obj) == 1:
            obj = obj[0]
        if len(obj) != 2:
            return None
        return tuple(int(v) for v in obj)
    except (TypeError, ValueError):
        return None


def to_surface(mask, surface=None, setsurface=None, unsetsurface=None,
               setcolor=_DEFAULT, unsetcolor=_DEFAULT, dest=_DEFAULT, area=None):
    """pygame's ``Mask.to_surface``: draws the mask's set bits with ``setsurface``'s
    pixels (or ``setcolor``, default white) and its unset bits with ``unsetsurface``'s
    (or ``unsetcolor``, default black) onto ``surface`` (default: a new 32-bit SRCALPHA
    surface of the drawn area's size) at ``dest``, and returns the surface. ``area``
    draws only that part of the mask. A colour of None draws nothing for those bits."""
    pygame = _pygame()
    mw, mh = mask.get_size()

    x_dest = y_dest = 0
    if dest is not _DEFAULT:
        pair = _two_ints(dest)
        if pair is not None:
            x_dest, y_dest = pair
        else:
            try:
                r = pygame.Rect(dest)
            except (TypeError, ValueError):
                raise TypeError("invalid dest argument") from None
            x_dest, y_dest = r.x, r.y

    if area is not None:
        try:
            a = pygame.Rect(area)
        except (TypeError, ValueError):
            raise TypeError("invalid rectstyle argument") from None
        a.normalize()
        ax, ay, aw, ah = a.x, a.y, a.w, a.h
        if ax < 0:
            aw += ax
            ax = 0
        if ay < 0:
            ah += ay
            ay = 0
        aw = max(min(aw, mw - ax), 0)
        ah = max(min(ah, mh - ay), 0)
    else:
        ax, ay, aw, ah = 0, 0, mw, mh

    if surface is None:
        surface = pygame.Surface((aw, ah), pygame.SRCALPHA, 32)
    elif not isinstance(surface, pygame.Surface):
        raise TypeError("invalid surface argument")

    fmt = _surface_format(surface)
    set_src = _colour_source(pygame, setsurface, fmt, "setsurface")
    unset_src = _colour_source(pygame, unsetsurface, fmt, "unsetsurface")
    draw_set, draw_unset = set_src is not None, unset_src is not None

    set_value = unset_value = None
    if setcolor is not None:
        set_value = _map(surface, 
            (255, 255, 255, 255) if setcolor is _DEFAULT else _color(pygame, setcolor)
        )
        draw_set = True
    if unsetcolor is not None:
        unset_value = _map(surface, 
            (0, 0, 0, 255) if unsetcolor is _DEFAULT else _color(pygame, unsetcolor)
        )
        draw_unset = True

    sw, sh = surface.get_size()
    if not (draw_set or draw_unset) or sw == 0 or sh == 0 or aw == 0 or ah == 0:
        return surface

    def source(s, draws):
        if s is None or not draws:
            return None
        w, h = s.get_size()
        return (_raw(s), w, h, s.get_pitch())

    buf = surface.get_buffer()
    out = _native._draw_to_bytes(
        mask, buf.raw, sw, sh, surface.get_pitch(), surface.get_bytesize(),
        (x_dest, y_dest), (ax, ay, aw, ah),
        source(set_src, draw_set), set_value if draw_set else None,
        source(unset_src, draw_unset), unset_value if draw_unset else None,
    )
    buf.write(out, 0)
    del buf
    return surface


def _colour_source(pygame, source, fmt, name):
    """``to_surface``'s set or unset surface, checked as pygame checks it: None when not
    given or empty (then not drawn from)."""
    if source is None:
        return None
    if not isinstance(source, pygame.Surface):
        raise TypeError(f"invalid {name} argument")
    if _surface_format(source) != fmt:
        raise ValueError(f"{name} needs to have same bytesize/bitsize/alpha format as surface")
    if source.get_width() > 0 and source.get_height() > 0:
        return source
    return None


def _color(pygame, color):
    if isinstance(color, int) and not isinstance(color, bool):
        return color
    try:
        return pygame.Color(color)
    except (TypeError, ValueError) as e:
        raise type(e)(f"invalid color argument: {color!r}") from None


def _surface_format(surface):
    return (surface.get_bytesize(), surface.get_bitsize(), surface.get_masks(),
            surface.get_flags() & _pygame().SRCALPHA)
