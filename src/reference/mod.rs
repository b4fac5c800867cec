//! The plain oracles: one per kind of query, each the obvious algorithm, kept so the
//! tests can check every fast path against it and the benchmarks can report speed-ups
//! over it. Pair queries ([`collides`], [`first_contact`], [`overlap_area`],
//! [`overlap_mask`]) are the seeds' own algorithm; [`transformed`] applies the sampling
//! rule of transformed sprites one world pixel at a time; [`sweep`] steps a moved sprite
//! through every position of its path; [`motion`] holds contact normals, push-out,
//! move-and-slide and raycasts, each pixel by pixel or translation by translation;
//! [`world`] tests every pair of a world's bodies.

pub mod edit;
pub mod motion;
mod pairs;
pub mod polygon;
pub mod shape;
mod sweep;
pub mod transformed;
pub mod world;

pub use pairs::*;
pub use sweep::sweep;
