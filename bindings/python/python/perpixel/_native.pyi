"""Type stubs of perpixel._native (the Rust half of perpixel)."""

from typing import Any, Literal, Sequence, SupportsFloat, SupportsIndex, TypeVar, Union
import sys  # wheels: the buffer protocol's methods, typed on 3.12+
from typing import final  # wheels: PackedWords

_Number = Union[SupportsIndex, SupportsFloat]
#: What pygame takes for a position, size or offset: a sequence of two numbers
#: (tuple, list, pygame.math.Vector2), or a 1-tuple holding one; floats are truncated.
Pair = Union[Sequence[_Number], tuple[Sequence[_Number]]]
Order = Literal["rows", "stripes", "pygame"]

_M = TypeVar("_M", bound="Mask")

__version__: str

class MaskTooLargeError(MemoryError):
    """A mask past perpixel's size limit (2^26 pixels by default)."""

class Mask(_MaskBeyondPygame):
    """A 2D bitmask, one bit per pixel, with pygame-ce's ``pygame.mask.Mask`` API.
    ``overlap`` answers in row-major order here (``pygame_compat.Mask``: pygame's
    column-stripe order)."""

    def __init__(self, size: Pair, fill: object = False) -> None: ...
    def __copy__(self: _M) -> _M: ...
    def copy(self: _M) -> _M: ...
    def get_size(self) -> tuple[int, int]: ...
    def get_rect(self, **kwargs: Any) -> Any:
        """A ``pygame.Rect`` at (0, 0) of the mask's size (needs pygame)."""
    def get_at(self, pos: Pair) -> int: ...
    def set_at(self, pos: Pair, value: int = 1) -> None: ...
    def overlap(
        self, other: Mask, offset: Pair, order: Order | None = None
    ) -> tuple[int, int] | None: ...
    def overlap_area(self, other: Mask, offset: Pair) -> int: ...
    def overlap_mask(self, other: Mask, offset: Pair) -> Mask: ...
    def fill(self) -> None: ...
    def clear(self) -> None: ...
    def invert(self) -> None: ...
    def scale(self, scale: Pair) -> Mask: ...
    def draw(self, other: Mask, offset: Pair) -> None: ...
    def erase(self, other: Mask, offset: Pair) -> None: ...
    def count(self) -> int: ...
    def centroid(self) -> tuple[int, int]: ...
    def angle(self) -> float: ...
    def outline(self, every: int = 1) -> list[tuple[int, int]]: ...
    def convolve(
        self, other: Mask, output: Mask | None = None, offset: Pair | None = None
    ) -> Mask: ...
    def connected_component(self, pos: Pair | None = None) -> Mask: ...
    def connected_components(self, minimum: int = 0) -> list[Mask]: ...
    def get_bounding_rects(self) -> list[Any]:
        """A ``pygame.Rect`` per 8-connected component (needs pygame)."""
    def to_surface(
        self,
        surface: Any = None,
        setsurface: Any = None,
        unsetsurface: Any = None,
        setcolor: Any = (255, 255, 255, 255),
        unsetcolor: Any = (0, 0, 0, 255),
        dest: Any = (0, 0),
        area: Any = None,
    ) -> Any:
        """Draws the mask on a pygame Surface and returns it (needs pygame)."""
    # --- wheels: numpy and buffers ---
    @classmethod
    def from_numpy(
        cls: type[_M], array: Any, threshold: int | float | None = None
    ) -> _M:
        """A mask of a 2D buffer (``array[y, x]`` is pixel ``(x, y)``): solid where nonzero
        (``threshold=None``) or ``>= threshold``. No copy on 3.11+ builds."""
    def to_numpy(self, *, packed: bool = False) -> Any:
        """A new bool array ``(height, width)``; ``packed=True``: the read-only uint64
        words ``(height, ceil(width / 64))``, zero-copy on 3.11+ builds. Needs numpy."""
    if sys.version_info >= (3, 12):
        # The buffer protocol as typing sees it (3.12+); 3.11+ builds have it at run time.
        def __buffer__(self, flags: int, /) -> memoryview:
            """pygame's layout, a read-only copy."""
        def __release_buffer__(self, view: memoryview, /) -> None: ...

class PygameMask(Mask):
    """``perpixel.pygame_compat.Mask``: pygame's defaults (``overlap`` in pygame's
    column-stripe order)."""

# --- motion, shapes, bundles (beyond pygame) ---
# perpixel's own API over the core (bindings/python/src/motion.rs, shapes.rs, bundle.rs).
# Errors from the core carry the C status name in ``.status`` (``"PP_ERR_..."``).

from os import PathLike
from typing import Iterator

#: An integer point or motion ``(x, y)``: a tuple or a sequence of two ints (int32).
IntPair = Sequence[SupportsIndex]
#: A rectangle ``(x, y, width, height)``.
Rect = Sequence[SupportsIndex]
#: ``"any"``, ``"horizontal"``, ``"vertical"``, or a direction ``(dx, dy)`` to push along.
PushDirection = Union[Literal["any", "horizontal", "vertical"], IntPair]
Norm = Literal["disc", "square", "diamond"]
ComponentOrder = Literal["position", "largest"]
PixelFormat = Literal["rgba8", "bgra8", "argb8", "abgr8", "a8"]
_Bytes = Union[bytes, bytearray]

class Normal:
    """A unit vector from the obstacle towards the mover (the surface touched), in the
    caller's own y convention."""

    x: float
    y: float
    def __init__(self, x: float, y: float) -> None: ...
    @property
    def degrees(self) -> float:
        """``atan2(y, x)`` in degrees, by perpixel's software arc tangent."""
    def __iter__(self) -> Iterator[float]:
        """``x, y = normal``: unpacks like the tuple it stands for."""

class PushOut:
    """The translation ``(dx, dy)`` that separates two sprites."""

    dx: int
    dy: int
    def __init__(self, dx: int, dy: int) -> None: ...
    @property
    def distance(self) -> float:
        """The Euclidean length of the translation."""
    def __iter__(self) -> Iterator[int]:
        """``dx, dy = push``: unpacks like the tuple it stands for."""

class RayHit:
    """Where a ray first meets a solid pixel."""

    pixel: tuple[int, int]
    """The solid pixel hit (world pixels)."""
    step: int
    """Steps of the ray's path to reach it (0: the ray starts inside)."""
    distance: float
    """Euclidean distance from the origin to the pixel."""
    normal: Normal | None
    """The surface hit (against the ray), or None."""

class SweepHit:
    """Where a sweep stopped: the first position touching and the last free one."""

    step: int
    """Steps of the path taken to reach ``at`` (at least 1)."""
    steps: int
    """Steps of the whole path, ``|dx| + |dy|``."""
    at: tuple[int, int]
    """Where the sprite's pixel (0, 0) is when it first touches."""
    last_free: tuple[int, int]
    """Where it is one step before (where a mover stops)."""
    contact: tuple[int, int]
    """The first pixel solid in both at ``at`` (row-major)."""
    normal: Normal | None
    """The surface hit, pointing against the motion."""
    @property
    def fraction(self) -> float:
        """``step / steps``: how far along the motion it touches."""

class Sweep:
    """A sweep's outcome: ``"clear"``, ``"touching"`` (at the start) or ``"hit"``.
    False when clear."""

    outcome: Literal["clear", "touching", "hit"]
    hit: SweepHit | None
    """The hit, when ``outcome`` is ``"hit"``."""
    contact: tuple[int, int] | None
    """The first pixel solid in both (at the start, or where it hit)."""
    normal: Normal | None
    """The contact normal (at the start, or the hit's)."""
    @property
    def is_clear(self) -> bool:
        """Whether the path is free."""
    @property
    def starts_touching(self) -> bool:
        """Whether the sprite touches the obstacle where it starts."""
    def __bool__(self) -> bool: ...

class SweepPath:
    """The pixel path a sweep of ``(dx, dy)`` follows, one pixel along one axis a step."""

    dx: int
    dy: int
    def __init__(self, dx: int, dy: int) -> None: ...
    @property
    def steps(self) -> int:
        """``|dx| + |dy|``."""
    def position(self, step: int) -> tuple[int, int] | None:
        """The offset after ``step`` steps (0: the start), None past the end."""

class MoveOptions:
    """How ``move_and_slide`` moves: climb at most ``step_up`` pixels; ``up`` is -1 in
    a y-down world (pygame), 1 in a y-up one."""

    step_up: int
    up: int
    def __init__(self, step_up: int = 0, up: int = -1) -> None: ...

class Moved:
    """Where ``move_and_slide`` left the sprite."""

    x: int
    y: int
    blocked_x: bool
    """Whether an obstacle stopped the x motion."""
    blocked_y: bool
    """Whether an obstacle stopped the y motion."""
    started_inside: bool
    """Whether it overlapped an obstacle at the start (then it does not move)."""
    climbed: int
    """Pixels climbed (step up)."""
    @property
    def pos(self) -> tuple[int, int]:
        """``(x, y)``."""

class Sprite:
    """A mask placed at an integer world position (its pixel (0, 0) at ``pos``); with
    ``pixel_collision=False`` it collides as its whole rectangle. Immutable; it reads its
    mask at each query."""

    mask: Mask
    x: int
    y: int
    pixel_collision: bool
    def __init__(
        self, mask: Mask, pos: IntPair | None = None, pixel_collision: bool = True
    ) -> None: ...
    @property
    def pos(self) -> tuple[int, int]:
        """``(x, y)``."""
    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """``(x, y, width, height)``."""
    def moved_to(self, pos: IntPair) -> Sprite:
        """The same sprite at ``pos``."""
    def solid_at(self, point: tuple[int, int]) -> bool:
        """Whether world pixel ``point`` is solid in this sprite."""
    def collides(self, other: Sprite) -> bool:
        """Whether some pixel is solid in both."""
    def first_contact(self, other: Sprite) -> tuple[int, int] | None:
        """The first pixel solid in both (lowest y, then lowest x), or None."""
    def overlap_area(self, other: Sprite) -> int:
        """How many pixels are solid in both."""
    def overlap_mask(
        self, other: Sprite
    ) -> tuple[tuple[int, int, int, int], Mask] | None:
        """``(bounds, mask)`` of the pixels solid in both, None when the boxes miss."""
    def contact_normal(self, obstacle: Sprite) -> Normal | None:
        """The surface this sprite touches, from the obstacle towards it, or None."""
    def push_out(
        self, obstacle: Sprite, direction: PushDirection = "any", max_distance: int = 64
    ) -> PushOut | None:
        """The shortest whole-pixel translation freeing this sprite, or None."""
    def sweep(self, obstacle: Sprite, motion: IntPair) -> Sweep:
        """This sprite moved by ``motion`` one pixel at a time until it touches."""
    def move_and_slide(
        self,
        obstacles: Sequence[Sprite],
        motion: IntPair,
        options: MoveOptions | None = None,
    ) -> Moved:
        """The platformer mover: x then y, each stopped at its last free pixel."""
    def raycast(
        self, origin: IntPair, direction: IntPair, max_length: int
    ) -> RayHit | None:
        """The first solid pixel on the ray (at most ``max_length`` away), or None."""

class Transform:
    """A mask placed by an affine map: position, rotation in degrees (from +x towards
    +y), scale, flips, about ``pivot`` (default: the mask's centre)."""

    x: float
    y: float
    rotation: float
    scale_x: float
    scale_y: float
    flip_x: bool
    flip_y: bool
    pivot: tuple[float, float] | None
    def __init__(
        self,
        x: float = 0.0,
        y: float = 0.0,
        rotation: float = 0.0,
        scale_x: float = 1.0,
        scale_y: float = 1.0,
        flip_x: bool = False,
        flip_y: bool = False,
        pivot: tuple[float, float] | None = None,
    ) -> None: ...

class TransformedSprite:
    """A mask placed by a ``Transform``, for pair queries between transformed sprites."""

    mask: Mask
    transform: Transform
    def __init__(self, mask: Mask, transform: Transform | None = None) -> None: ...
    def collides(self, other: TransformedSprite) -> bool:
        """Whether some world pixel is covered by both."""
    def first_contact(self, other: TransformedSprite) -> tuple[int, int] | None:
        """The first world pixel covered by both, or None."""
    def overlap_area(self, other: TransformedSprite) -> int:
        """How many world pixels both cover."""
    def solid_at(self, point: tuple[int, int]) -> bool:
        """Whether world pixel ``point`` is covered."""
    def rasterise(self) -> Raster:
        """The world pixels it covers."""

class Raster:
    """A transformed mask on the world grid: ``mask`` pixel (0, 0) is ``(x, y)``."""

    mask: Mask
    x: int
    y: int
    @property
    def pos(self) -> tuple[int, int]:
        """``(x, y)``."""
    def sprite(self) -> Sprite:
        """The raster as a ``Sprite``."""

class Polygon:
    """One polygon of a mask: outer ring (positive signed area) and holes (negative),
    each a list of ``(x, y)`` vertices."""

    outer: list[tuple[int, int]]
    holes: list[list[tuple[int, int]]]
    @property
    def rings(self) -> list[list[tuple[int, int]]]:
        """The outer ring, then the holes."""
    @property
    def area(self) -> float:
        """Square pixels covered (outer minus holes)."""

class ComponentLabels:
    """Components as a label image (``labels[y * width + x]``: 0 or component + 1)."""

    width: int
    height: int
    labels: list[int]
    counts: list[int]
    bounds: list[tuple[int, int, int, int]]
    def label_at(self, pos: IntPair) -> int:
        """The label of pixel ``pos``."""
    def __len__(self) -> int: ...

class MaskBundle:
    """Named masks in perpixel's baked format (load, save, get by name)."""

    def __init__(self) -> None: ...
    @staticmethod
    def load(path: str | PathLike[str]) -> MaskBundle:
        """A bundle read from a baked file."""
    @staticmethod
    def from_bytes(data: _Bytes) -> MaskBundle:
        """A bundle from baked bytes."""
    def to_bytes(self) -> bytes:
        """The baked bytes."""
    def save(self, path: str | PathLike[str]) -> None:
        """Writes the baked bytes to ``path``."""
    def insert(self, name: str, mask: Mask) -> None:
        """Adds ``mask`` under a new ``name``."""
    def names(self) -> list[str]:
        """The names, in order."""
    def get(self, name: str, default: Any = None) -> Any:
        """The mask named ``name``, or ``default``."""
    def __getitem__(self, name: str) -> Mask: ...
    def __contains__(self, name: object) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...

_B = TypeVar("_B", bound="_MaskBeyondPygame")

class _MaskBeyondPygame:
    """perpixel.Mask's methods beyond pygame's API (a stub-only base of ``Mask``)."""

    def rasterise(self, transform: Transform, bounds_only: bool = False) -> Raster:
        """The world pixels this mask covers when placed by ``transform``."""
    def sweep(self, other: Mask, offset: IntPair, motion: IntPair) -> Sweep:
        """This mask at (0, 0) swept by ``motion`` against ``other`` at ``offset``."""
    def contact_normal(self, other: Mask, offset: IntPair) -> Normal | None:
        """This mask's contact normal against ``other`` at ``offset``, or None."""
    def push_out(
        self,
        other: Mask,
        offset: IntPair,
        direction: PushDirection = "any",
        max_distance: int = 64,
    ) -> PushOut | None:
        """The shortest translation freeing this mask from ``other``, or None."""
    def raycast(
        self, origin: IntPair, direction: IntPair, max_length: int
    ) -> RayHit | None:
        """A ray against this mask at (0, 0)."""
    def polygons(
        self, epsilon: float = 0.0, holes: bool = True, y_flip: bool = False
    ) -> list[Polygon]:
        """The polygons of the solid pixels, exact (epsilon 0) or simplified."""
    def convex_pieces(
        self,
        epsilon: float = 0.0,
        holes: bool = True,
        y_flip: bool = False,
        max_vertices: int = 8,
    ) -> list[list[tuple[float, float]]]:
        """The polygons cut into convex pieces of at most ``max_vertices`` vertices."""
    def grow(self: _B, pixels: int, norm: Norm = "disc") -> _B:
        """This mask grown by ``pixels`` (same size)."""
    def shrink(
        self: _B, pixels: int, norm: Norm = "disc", shrink_from_edges: bool = True
    ) -> _B:
        """This mask shrunk by ``pixels``."""
    def components(
        self: _B,
        connectivity: Literal[4, 8] = 8,
        order: ComponentOrder = "position",
        min_pixels: int = 0,
    ) -> list[_B]:
        """The connected components as masks of this mask's size."""
    def component_labels(
        self,
        connectivity: Literal[4, 8] = 8,
        order: ComponentOrder = "position",
        min_pixels: int = 0,
    ) -> ComponentLabels:
        """The components as a label image."""
    def component_bounds(
        self,
        connectivity: Literal[4, 8] = 8,
        order: ComponentOrder = "position",
        min_pixels: int = 0,
    ) -> list[tuple[int, int, int, int]]:
        """Each component's ``(x, y, width, height)``."""
    def component_at(self: _B, pos: IntPair, connectivity: Literal[4, 8] = 8) -> _B:
        """The component holding ``pos`` (IndexError outside the mask)."""
    def largest_component(self: _B, connectivity: Literal[4, 8] = 8) -> _B:
        """The largest component (the first by position on a tie)."""
    def crop(self: _B, rect: Rect) -> _B:
        """The part ``rect`` of this mask (ValueError when not inside)."""
    def solid_bounds(self) -> tuple[int, int, int, int] | None:
        """The smallest rectangle holding every set pixel, or None."""
    def flipped(self: _B, flip_x: bool = False, flip_y: bool = False) -> _B:
        """A mirrored copy."""
    def rotate_quarter(self: _B, quarter_turns: int) -> _B:
        """A copy turned by quarter turns (from +x towards +y)."""
    def transpose(self: _B) -> _B:
        """A copy with rows and columns swapped."""
    def scale_integer(self: _B, sx: int, sy: int) -> _B:
        """A copy scaled by whole factors (at least 1)."""
    def fill_rect(self, rect: Rect, solid: bool = True) -> None:
        """Sets or clears a rectangle (clipped)."""
    def fill_circle(self, center: IntPair, radius: int, solid: bool = True) -> None:
        """Sets or clears the disc ``dx^2 + dy^2 <= r^2 + r`` around ``center``."""
    def fill_ellipse(self, rect: Rect, solid: bool = True) -> None:
        """Sets or clears the ellipse inscribed in ``rect``."""
    def draw_line(
        self, start: IntPair, end: IntPair, radius: int = 0, solid: bool = True
    ) -> None:
        """Sets or clears a line ``radius`` pixels thick each side (round caps)."""
    def intersect(self, other: Mask, offset: IntPair) -> None:
        """Keeps only the pixels also set in ``other`` at ``offset``."""
    def xor(self, other: Mask, offset: IntPair) -> None:
        """Flips the pixels set in ``other`` at ``offset``."""
    def content_hash(self) -> int:
        """64-bit FNV-1a of size and pixels (``pp_mask_hash``)."""
    @classmethod
    def from_pixels(
        cls: type[_B],
        data: _Bytes,
        size: IntPair,
        format: PixelFormat = "rgba8",
        stride: int | None = None,
        threshold: int = 1,
        color_key: tuple[int, int, int] | None = None,
        flip_x: bool = False,
        flip_y: bool = False,
        region: Rect | None = None,
    ) -> _B:
        """A mask from raw pixel bytes (alpha >= threshold, not the colour key)."""
    @classmethod
    def from_color_range(
        cls: type[_B],
        data: _Bytes,
        size: IntPair,
        min: Sequence[int],
        max: Sequence[int],
        format: PixelFormat = "rgba8",
        stride: int | None = None,
    ) -> _B:
        """A mask from raw pixel bytes: each of r, g, b, a within ``min..=max``."""
# --- world ---

class StaleBodyError(ValueError):
    """A body id whose body was destroyed (its slot may hold another body now): refused,
    never taken for another body. ``status`` is ``'PP_ERR_STALE_BODY'``."""

    status: str

class WrongWorldError(ValueError):
    """A body id (or a snapshot) made by another World. ``status`` is
    ``'PP_ERR_WRONG_WORLD'``."""

    status: str

from typing import Callable, Iterator, final  # noqa: E402

_T = TypeVar("_T")
_Position = Sequence[_Number]
_Kind = Literal["moving", "static"]

@final
class BodyId:
    """A body of a World: immutable and hashable (a dict key). A destroyed body's id is
    refused with ``StaleBodyError`` even once its slot holds a new body."""

    @property
    def index(self) -> int:
        """The body's slot (the order of pairs and query answers)."""
    @property
    def generation(self) -> int:
        """The slot's generation when the body was made."""
    @property
    def world(self) -> int:
        """The tag of the World that made it."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __lt__(self, other: BodyId, /) -> bool: ...
    def __le__(self, other: BodyId, /) -> bool: ...
    def __gt__(self, other: BodyId, /) -> bool: ...
    def __ge__(self, other: BodyId, /) -> bool: ...

@final
class BodyPair:
    """Two touching bodies, ``a.index < b.index`` (C's ``pp_pair``, C#'s ``Pair``).
    Unpacks as ``a, b = pair``."""

    @property
    def a(self) -> BodyId:
        """The body with the smaller index."""
    @property
    def b(self) -> BodyId:
        """The other body."""
    def other(self, body: BodyId) -> BodyId:
        """The body of the pair that is not ``body`` (``a`` when ``body`` is neither)."""
    def __contains__(self, body: object, /) -> bool: ...
    def __iter__(self) -> Iterator[BodyId]: ...
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Filter:
    """Which bodies may touch, as Box2D's filter: two bodies collide when each one's
    ``mask`` has a bit of the other's ``category``, unless they share a nonzero
    ``group``: then a positive group always collides and a negative one never does."""

    def __new__(cls, category: int = 1, mask: int = 2**64 - 1, group: int = 0) -> Filter: ...
    @property
    def category(self) -> int:
        """The categories this body is in (bits)."""
    @property
    def mask(self) -> int:
        """The categories this body collides with (bits)."""
    @property
    def group(self) -> int:
        """0: no group; a shared positive group always collides, a negative one never."""
    def allows(self, other: Filter) -> bool:
        """Whether bodies with this filter and ``other`` may touch."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Events:
    """What one ``World.update()`` changed; new lists each time (snapshots)."""

    @property
    def begins(self) -> list[BodyPair]:
        """The pairs that began touching at this update."""
    @property
    def ends(self) -> list[BodyPair]:
        """The pairs that stopped touching at this update (a destroyed body's among them)."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class BodyInfo:
    """A body as it stands (``World.body(id)``)."""

    @property
    def position(self) -> tuple[int, int]:
        """The world position of the corner of the mask the body collides with."""
    @property
    def mask(self) -> Mask:
        """The mask the body collides with (a transformed body's raster), a copy."""
    @property
    def pixel_collision(self) -> bool:
        """False: the body collides as its whole rectangle."""
    @property
    def kind(self) -> _Kind:
        """``'moving'`` or ``'static'``."""
    @property
    def filter(self) -> Filter:
        """Which bodies it may touch."""
    @property
    def transformed(self) -> bool:
        """Whether it is placed by a transform."""
    @property
    def user_data(self) -> Any:
        """The object given as ``user_data`` (None when none)."""

@final
class WorldRayHit:
    """``World.raycast``'s answer: the body hit first and where."""

    @property
    def body(self) -> BodyId:
        """The body hit (fewest steps; ties to the smaller index)."""
    @property
    def pixel(self) -> tuple[int, int]:
        """The first solid pixel on the ray."""
    @property
    def step(self) -> int:
        """Steps from the origin to it (0: the origin is solid)."""
    @property
    def distance(self) -> float:
        """Euclidean distance from the origin to the pixel."""
    @property
    def normal(self) -> Normal | None:
        """The surface normal there, or None."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class WorldSweep:
    """``World.sweep``'s answer: the body the mover meets first and how."""

    @property
    def body(self) -> BodyId:
        """The body met first (touching at the start counts as step 0; ties to the
        smaller index)."""
    @property
    def starts_touching(self) -> bool:
        """True when the mover touches it where it starts (``steps``, ``at`` and
        ``last_free`` are then None)."""
    @property
    def step(self) -> int:
        """The step at which they first touch."""
    @property
    def steps(self) -> int | None:
        """The steps of the whole motion."""
    @property
    def fraction(self) -> float:
        """``step / steps`` (0.0 when touching at the start)."""
    @property
    def at(self) -> tuple[int, int] | None:
        """The mover's position (mask corner) at the first touching step."""
    @property
    def last_free(self) -> tuple[int, int] | None:
        """Its position one step earlier."""
    @property
    def contact(self) -> tuple[int, int]:
        """The first pixel solid in both, row by row."""
    @property
    def normal(self) -> Normal | None:
        """The contact normal from the obstacle at the mover, or None."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class WorldContact:
    """``World.contact``'s answer: how two bodies touch."""

    @property
    def touching(self) -> bool:
        """Whether they share a solid pixel."""
    @property
    def first_contact(self) -> tuple[int, int] | None:
        """Their first pixel solid in both, row by row."""
    @property
    def area(self) -> int:
        """Pixels solid in both."""
    @property
    def normal(self) -> Normal | None:
        """The contact normal from a towards b, or None."""
    @property
    def push_out(self) -> PushOut | None:
        """b's shortest translation out of a within ``push_max``; None when none that
        short frees it; ``(0, 0)`` when they do not overlap."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class WorldSnapshot:
    """A World as it was (``World.snapshot()``), for ``World.restore``."""

    @property
    def world(self) -> int:
        """The tag of the World it was taken from."""
    def __len__(self) -> int:
        """How many bodies were alive."""
    def state_hash(self) -> int:
        """The World's ``state_hash()`` when it was taken."""

@final
class World:
    """Many sprites updated together: bodies, touching pairs with begin and end events,
    queries, snapshots. Masks given to it are shared copy-on-write (later edits of the
    caller's mask leave the body as it was); ``user_data`` objects are kept alive while
    their body lives. One call at a time: another thread calling in meanwhile gets
    ``RuntimeError``."""

    def __init__(self) -> None: ...
    @property
    def tag(self) -> int:
        """This World's tag (unique in the process, carried by every id it makes)."""
    def create_body(
        self,
        mask: Mask,
        position: _Position | None = None,
        *,
        transform: Any = None,
        kind: _Kind = "moving",
        filter: Filter | None = None,
        pixel_collision: bool = True,
        user_data: Any = None,
    ) -> BodyId:
        """Adds a body at ``position`` (mask pixel (0, 0) there) or placed by
        ``transform`` (an object or dict with ``x, y, rotation, scale_x, scale_y,
        flip_x, flip_y, pivot``)."""
    def destroy_body(self, body: BodyId) -> None:
        """Removes a body (its pairs end at the next update; its user data released)."""
    def __contains__(self, body: object, /) -> bool: ...
    def __len__(self) -> int: ...
    def bodies(self) -> list[BodyId]:
        """Every live body, in index order."""
    def move_body(self, body: BodyId, position: _Position) -> None:
        """Moves a body's mask pixel (0, 0) to ``position``."""
    def move_bodies(
        self,
        ids_or_moves: Sequence[BodyId] | Sequence[tuple[BodyId, _Position]],
        positions: Sequence[_Position] | None = None,
    ) -> None:
        """Moves many bodies: ``(ids, positions)`` or ``[(id, (x, y)), ...]``; every id
        is checked first and a refused one moves nothing."""
    def set_transform(self, body: BodyId, transform: Any) -> None:
        """Places a body by a transform (the body keeps its placement on an error)."""
    def set_mask(self, body: BodyId, mask: Mask) -> None:
        """Gives a body another mask (shared copy-on-write)."""
    def edit_mask(self, body: BodyId, edit: Callable[[Mask], _T]) -> _T:
        """Calls ``edit(mask)`` with the body's own mask to edit in place; returns what
        it returns."""
    def set_filter(self, body: BodyId, filter: Filter) -> None:
        """Changes a body's filter (its pairs change at the next update)."""
    def user_data(self, body: BodyId) -> Any:
        """The object given as the body's ``user_data`` (None when none)."""
    def set_user_data(self, body: BodyId, user_data: Any) -> None:
        """Replaces a body's user data (None forgets it)."""
    def body(self, body: BodyId) -> BodyInfo:
        """A body as it stands."""
    def update(self) -> Events:
        """Finds every touching pair; returns the pairs that began and ended."""
    def events(self) -> Events:
        """The last update's events again."""
    def touching(self) -> list[BodyPair]:
        """The pairs touching at the last update, sorted."""
    def touching_data(self) -> list[tuple[Any, Any]]:
        """The touching pairs as ``(user_data of a, user_data of b)``."""
    def overlapping(
        self,
        mask: Mask,
        position: _Position | None = None,
        *,
        pixel_collision: bool = True,
        filter: Filter | None = None,
    ) -> list[BodyId]:
        """The bodies sharing a solid pixel with ``mask`` at ``position``."""
    def at_point(self, point: _Position, *, filter: Filter | None = None) -> list[BodyId]:
        """The bodies solid at a world pixel."""
    def in_rect(self, rect: Sequence[_Number], *, filter: Filter | None = None) -> list[BodyId]:
        """The bodies with a solid pixel in ``(x, y, width, height)`` (or a pygame.Rect)."""
    def raycast(
        self,
        origin: _Position,
        direction: _Position,
        max_length: int,
        *,
        filter: Filter | None = None,
    ) -> WorldRayHit | None:
        """The first body a ray meets within ``max_length`` steps, or None."""
    def sweep(self, body: BodyId, motion: _Position) -> WorldSweep | None:
        """The first body ``body`` meets moving by ``motion`` (it does not move), or None."""
    def contact(self, a: BodyId, b: BodyId, push_max: int = 64) -> WorldContact:
        """How bodies a and b touch."""
    def snapshot(self) -> WorldSnapshot:
        """A copy of the whole World (user data included) for ``restore``."""
    def restore(self, snapshot: WorldSnapshot) -> None:
        """Puts the World back as the snapshot found it."""
    def state_hash(self) -> int:
        """A 64-bit hash of the World's state (the C door's ``pp_world_hash``)."""
# --- wheels: numpy and buffers ---
#: True when this build has the buffer protocol (CPython 3.11+ builds; not the cp310 wheel).
HAS_BUFFER_PROTOCOL: bool

def from_numpy(array: Any, threshold: int | float | None = None) -> Mask:
    """``Mask.from_numpy`` as a function: a ``perpixel.Mask``."""

@final
class PackedWords:
    """A mask snapshot's packed words, exported zero-copy (what
    ``to_numpy(packed=True)`` wraps; 3.11+ builds only)."""

    if sys.version_info >= (3, 12):
        def __buffer__(self, flags: int, /) -> memoryview: ...
        def __release_buffer__(self, view: memoryview, /) -> None: ...

# --- private: the pixel rules of perpixel/_surface.py on raw surface bytes ---
# (A surface's layout: (raw bytes, width, height, pitch, bytes per pixel); a format:
# (channel masks, shifts, losses).)
_Layout = tuple[bytes, int, int, int, int]
_Format = tuple[tuple[int, int, int, int], tuple[int, int, int, int], tuple[int, int, int, int]]
_MaskT = TypeVar("_MaskT", bound=Mask)

def _from_surface_bytes(cls: type[_MaskT], surface: _Layout, key: int | None,
                        threshold: int, amask: int, ashift: int) -> _MaskT: ...
def _from_threshold_bytes(cls: type[_MaskT], surface: _Layout, format: _Format,
                          color: tuple[int, int, int], threshold: tuple[int, int, int],
                          other: tuple[_Layout, _Format] | None,
                          palette_colors: bool) -> _MaskT: ...
def _draw_to_bytes(mask: Mask, dst: bytes, w: int, h: int, pitch: int, bpp: int,
                   dest: tuple[int, int], area: tuple[int, int, int, int],
                   setsurf: tuple[bytes, int, int, int] | None, setcolor: int | None,
                   unsetsurf: tuple[bytes, int, int, int] | None,
                   unsetcolor: int | None) -> bytes: ...
