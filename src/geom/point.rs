//! [`Point`]: a world pixel.

/// A world pixel, e.g. where two sprites first touch.
///
/// Coordinates are `i64` because a sprite placed near `i32::MAX` has pixels beyond it:
/// positions are `i32`, but `position + pixel index` is not, and perpixel never
/// overflows. In any ordinary scene the values fit in `i32`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Point {
    /// World x.
    pub x: i64,
    /// World y.
    pub y: i64,
}
