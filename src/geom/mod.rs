//! Value types of the world's pixel grid: rectangles and points (later, transforms). No
//! pixels here.

mod bounds;
mod point;

pub use bounds::Bounds2D;
pub use point::Point;
