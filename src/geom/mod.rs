//! Value types of the world's pixel grid: rectangles, points and transforms. No pixels
//! here.

mod bounds;
mod point;
mod rect;
mod transform;
mod trig;

pub use bounds::Bounds2D;
pub use point::Point;
pub(crate) use rect::Rect;
pub(crate) use transform::FIXED_BITS;
pub use transform::{Affine, FixedInverse, Transform};
pub(crate) use trig::atan2;
pub use trig::sin_cos_degrees;
