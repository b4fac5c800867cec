//! Shape tools: what a mask says about its shape (counts, centroid, orientation,
//! connected components), morphology and resampling (grow, shrink, convolve, scale,
//! crop), outlines and polygons (with holes, simplified, convex pieces), and conversions
//! (masks to pixels and back).

mod components;
mod convert;
mod morph;
mod outline;
mod polygon;

// outline.rs holds only `Mask::outline`: nothing to re-export.
pub use components::*;
pub use convert::*;
pub use morph::*;
pub use polygon::*;
