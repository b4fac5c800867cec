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
