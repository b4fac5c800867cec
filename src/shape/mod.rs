//! Shape tools: what a mask says about its shape (counts, centroid, orientation,
//! connected components), morphology and resampling (grow, shrink, convolve, scale,
//! crop), outlines and polygons (with holes, simplified, convex pieces), and conversions
//! (masks to pixels and back).

mod components;
mod convert;
mod morph;
mod outline;
mod polygon;

// (Each `allow` goes when its module has public items.)
pub use components::*;

pub use convert::*;

pub use morph::*;

#[allow(unused_imports)]
pub use outline::*;

pub use polygon::*;
