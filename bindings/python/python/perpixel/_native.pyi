"""Type stubs of perpixel._native (the Rust half of perpixel)."""

from typing import Any, Literal, Sequence, SupportsFloat, SupportsIndex, TypeVar, Union

_Number = Union[SupportsIndex, SupportsFloat]
#: What pygame takes for a position, size or offset: a sequence of two numbers
#: (tuple, list, pygame.math.Vector2), or a 1-tuple holding one; floats are truncated.
Pair = Union[Sequence[_Number], tuple[Sequence[_Number]]]
Order = Literal["rows", "stripes", "pygame"]

_M = TypeVar("_M", bound="Mask")

__version__: str

class MaskTooLargeError(MemoryError):
    """A mask past perpixel's size limit (2^26 pixels by default)."""

class Mask:
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

class PygameMask(Mask):
    """``perpixel.pygame_compat.Mask``: pygame's defaults (``overlap`` in pygame's
    column-stripe order)."""

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
    def normal(self) -> tuple[float, float] | None:
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
    def normal(self) -> tuple[float, float] | None:
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
    def normal(self) -> tuple[float, float] | None:
        """The contact normal from a towards b, or None."""
    @property
    def push_out(self) -> tuple[int, int] | None:
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
