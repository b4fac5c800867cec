//! # perpixel: pixel-perfect 2D collision for games
//!
//! Two sprites collide when an opaque pixel of one lands on an opaque pixel of the other,
//! not merely when their rectangles overlap. perpixel keeps each sprite's solid pixels as
//! a [`Mask`] (one bit per pixel, rows of 64-bit words), places masks in the world as
//! [`Sprite`]s, and answers exact questions about a pair: [`Sprite::collides`],
//! [`Sprite::first_contact`], [`Sprite::overlap_area`] and [`Sprite::overlap_mask`].
//!
//! ```
//! use perpixel::{Mask, MaskOptions, Point, Sprite};
//!
//! // Masks from any pixel rule; from pixel buffers with `Mask::from_pixels`,
//! // or from PNG bytes with `Mask::from_image_bytes`.
//! let ball = Mask::from_fn(16, 16, |x, y| (x as i32 - 8).pow(2) + (y as i32 - 8).pow(2) < 64)?;
//! let wall = Mask::full(4, 64)?;
//!
//! let a = Sprite::new(&ball, 0, 20);
//! let b = Sprite::new(&wall, 15, 0);
//! assert!(a.bounds().overlaps(&b.bounds()));
//! assert!(a.collides(&b));
//! assert_eq!(a.first_contact(&b), Some(Point { x: 15, y: 25 }));
//! assert_eq!(a.overlap_area(&b), a.overlap_mask(&b).unwrap().mask.count());
//!
//! // Only the corners of the rectangles overlap: the round ball misses.
//! let corner = Sprite::new(&wall, -3, -41);
//! assert!(a.bounds().overlaps(&corner.bounds()) && !a.collides(&corner));
//! # Ok::<(), perpixel::Error>(())
//! ```
//!
//! ## The model
//!
//! * **Coordinates.** A mask placed at `(x, y)` covers the half-open box
//!   `[x, x + width) × [y, y + height)` ([`Bounds2D`]); its pixel `(i, j)` is world
//!   pixel `(x + i, y + j)`. Touching edges do not overlap.
//! * **Either y direction.** Mask row `j` is world row `y + j` whichever way y points.
//!   XNA / MonoGame / SDL (y down, rows top-first) and Unity (y up, `GetPixels32` rows
//!   bottom-first) need nothing special; a top-first image in a y-up world sets
//!   [`MaskOptions::flip_y`].
//! * **Solid pixels.** Alpha `>= threshold` (default 1, i.e. alpha != 0), unless the
//!   colour equals the [`MaskOptions::color_key`]; or any rule via [`Mask::from_fn`].
//! * **First contact** is the first pixel solid in both, scanning the intersection from
//!   the lowest y row, each row from the lowest x, in world coordinates.
//! * **Bounds-only sprites** ([`Sprite::bounds_only`]) collide as their full rectangle.
//!
//! [`reference`](mod@reference) keeps the tutorials' per-pixel algorithm as the oracle the tests check
//! every fast path against.
//!
//! ## Transforms
//!
//! Sprites that move by sub-pixels, turn, scale or mirror are placed by a [`Transform`]
//! (or a matrix, [`Affine`]) and drawn onto the world's pixel grid once with
//! [`Mask::rasterise`]; the [`Raster`] is an ordinary mask, so every pair query works on
//! it, mixed freely with plain, bounds-only and other transformed sprites.
//!
//! ```
//! use perpixel::{Mask, Sprite, Transform};
//! let blade = Mask::full(40, 4)?;
//! let post = Mask::full(4, 4)?;
//! // The blade turns about its centre, (20, 2) in mask pixels, placed at (100.5, 50).
//! let t = Transform::at(100.5, 50.0).rotated(45.0);
//! let spun = blade.rasterise(&t)?;
//! assert!(spun.sprite().collides(&Sprite::new(&post, 130, 65)));   // on the diagonal
//! assert!(!spun.sprite().collides(&Sprite::new(&post, 130, 35)));  // off it
//! // Mirrored sprites keep their rectangle (the default pivot is the centre).
//! let flipped = blade.rasterise(&Transform::at(3.0, 4.0).flipped(true, false))?;
//! assert_eq!((flipped.x, flipped.y), (3, 4));
//! # Ok::<(), perpixel::Error>(())
//! ```
//!
//! * **Conventions.** `(x, y)` is the world position of the untransformed rectangle's
//!   corner (as for a plain sprite, but any real number); rotation, scale and flips act
//!   about a pivot in mask pixels, by default the centre of the mask's rectangle, so a
//!   flipped or half-turned sprite keeps its rectangle. Mask point `m` lands at
//!   `(x, y) + pivot + R(angle) S (m - pivot)`, `S` the scales with flips as signs. A
//!   positive angle (degrees) turns from +x towards +y: counter-clockwise on a y-up
//!   screen, clockwise on a y-down one, the same motion in the y-agnostic model.
//! * **Kept or sampled.** A raster is made once and queried like any mask: keep it while
//!   the transform only moves by whole pixels. A pair asked about once (a sprite whose
//!   angle changes every frame) is faster as two [`TransformedSprite`]s, which sample
//!   only the world pixels inside both masks' solid bounds and give the rasters' answers.
//! * **Sampling rule.** Texel `(i, j)` covers `[i, i + 1) x [j, j + 1)` in mask space.
//!   World pixel `(X, Y)` is covered when its centre `(X + 0.5, Y + 0.5)`, mapped back
//!   into mask space, lands in a solid texel (the floor of each coordinate, inside the
//!   mask). Two sprites collide when a world pixel is covered by both, so every query is
//!   symmetric, and first contact, area and overlap mask are defined on the world grid
//!   exactly as before. With angle 0, scale 1, no flip and an integer position this is
//!   exactly the plain sprite. The raster's rectangle (its bounds in the queries) is the
//!   smallest box of the pixels whose centres land inside the mask's rectangle, solid or
//!   not; a bounds-only transformed sprite covers all of those
//!   ([`Mask::rasterise_bounds_only`]).
//! * **Exact and the same everywhere.** The world-to-mask map is computed once in f64
//!   with IEEE basic operations only (+, -, *, /, never fused; the exact `floor`, `round`
//!   and `%`; the angle through a software sine and cosine in degrees,
//!   [`sin_cos_degrees`], exact at multiples of 90), then turned into integers in units
//!   of 2^-33 mask pixels ([`FixedInverse`]); every per-pixel decision is integer
//!   arithmetic. So every input, of every kind, gives bit-identical rasters and answers
//!   on every platform with IEEE double arithmetic (x86-64 and 32-bit x86 with SSE2,
//!   aarch64, WebAssembly; not x87-only CPUs) and in every language; a fingerprint test
//!   checks it (run on x86-64 and on aarch64 under qemu). Flips and
//!   quarter turns about integer or half-integer pivots at integer or half-integer
//!   positions move texels to pixels exactly; integer scales repeat texels as blocks,
//!   exactly (up to 64x at half-pixel positions, centres on texel edges included:
//!   [`FixedInverse`], "Texel edges").
//! * **Moving by whole pixels** changes only the integer part of the position, which
//!   the fixed-point map keeps apart: the raster is the same, moved
//!   ([`Raster::moved_by`]); keep it rather than rasterising again.
//! * **Limits** ([`Error::InvalidTransform`]): finite numbers, `|x|, |y|, |pivot| <=
//!   2^31`, `1e-6 <= |scale| <= 1e6`, masks up to 2^24 pixels on a side; a raster larger
//!   than the mask size limit is [`Error::TooLarge`].
//!
//! ## Contacts and motion
//!
//! What to do once sprites meet, on the world pixel grid with whole-pixel motions, for
//! placed sprites (pixel or bounds-only; a transformed sprite through its raster, the
//! transform fixed during the query):
//!
//! * [`Sprite::sweep`]: the first position along a [`SweepPath`] (4-connected, nothing
//!   tunnels) where the sprite touches an obstacle, the last free one, the contact pixel
//!   and normal; free stretches are skipped, not stepped.
//! * [`Sprite::contact_normal`]: a unit vector from the obstacle's surface towards the
//!   sprite, from the first moment of the obstacle's pixels around the contact (the
//!   definition is in its docs): exact on flat floors and walls, within 5 degrees on
//!   slopes and circles.
//! * [`Sprite::push_out`]: the shortest whole-pixel translation that ends an overlap, in
//!   any direction or restricted ([`PushDirection`]), ties broken by a written order,
//!   bounded by a maximum distance.
//! * [`Sprite::move_and_slide`]: the pixel platformer's mover, x then y, each axis stopped
//!   at its last free pixel, with an optional step-up ([`MoveOptions`]).
//! * [`Sprite::raycast`] and [`Sprite::is_solid_at`] (also
//!   [`TransformedSprite::is_solid_at`]): the first solid pixel along a ray, with the
//!   surface normal there, and point probes.
//!
//! Normals are computed in f64 with IEEE basic operations and square roots only, so
//! every platform and language gets the same bits. perpixel has no "up": a normal or a
//! push-out is in the caller's own y convention, and the only place "up" must be named
//! (climbing in [`Sprite::move_and_slide`]) takes it as [`MoveOptions::up`].
//!
//! ## A world of many sprites
//!
//! [`World`] holds bodies (a shared [`Mask`], placed at a position or by a
//! [`Transform`], static or moving, pixel or bounds-only, with a Box2D-style [`Filter`]
//! and user data) named by generational [`BodyId`]s: a destroyed body's id is refused
//! ([`Error::StaleBody`]), never mistaken for another. [`World::update`] finds the
//! touching pairs (a grid broad phase over the moving bodies, static terrain kept apart,
//! the pixel test on what the boxes let through) and the begin and end events against
//! the previous update, sorted, the same on every platform; [`World::contact`] gives a
//! pair's first contact, area, normal and push-out when asked. Queries: the bodies
//! overlapping a sprite or at a pixel, the first body along a ray, a body swept through
//! the world. [`reference::world`] is the all-pairs oracle the tests hold it to.
//!
//! ## Baked masks
//!
//! Masks can be computed once, at build time, and shipped as a few bytes per sprite:
//! [`Mask::to_baked`] / [`Mask::from_baked`] for one mask, [`MaskBundle`] for many named
//! masks (every frame of an atlas) in one file, and `perpixel bake` on the command line.
//! The byte layout and what loading validates are in [`bake`].
//!
//! ## Speed and memory
//!
//! A mask stores 1 bit per pixel (rows rounded up to 64-bit words) plus a coarse
//! occupancy level of 1 bit per 8x8 block and 32 bytes of padding: a 2048 x 2048 mask is
//! 520 KiB, 1.016 bits per pixel, against 16 MiB for its `Color[]`. Masks wider than 64
//! pixels whose rows leave at least 1/16 of their bounds empty also keep per-row solid
//! spans, 8 bytes and 1 bit per row (1.047 bits per pixel for a 2048 x 2048 disc; see
//! [`Mask`]).
//!
//! Pair queries never allocate (except [`Sprite::overlap_mask`], which returns a new
//! mask). They clip the intersection to both masks' tight solid bounds; when both masks
//! have spans, skip rows empty on either side (64 per test) and rows whose spans do not
//! meet, and narrow the rest to the columns their spans share; skip bands of rows whose
//! 8x8 blocks under the other sprite are empty; and compare the rest 64 to
//! 512 pixels per instruction: one-word-wide regions (sprite against sprite) in a plain
//! loop, wider ones in AVX-512 kernels (F, BW, VL, VPOPCNTDQ, VBMI2; built with Rust
//! 1.89 or newer) or AVX2 kernels (AVX2, POPCNT, BMI2) on x86-64 CPUs that have them,
//! chosen once at run time, so a default `x86-64` build is fast without `target-cpu`
//! flags; other CPUs run a portable version the compiler vectorises. Building a mask
//! packs 64 pixels per word with the same kernels. `cargo run --release --example speed`
//! prints the numbers on your machine next to [`reference`](mod@reference) and a memory-bound floor.
//!
//! ## Errors, limits, threads
//!
//! Everything that takes caller sizes returns [`Result`] with an [`Error`] whose text
//! says what was wrong. Masks hold at most [`max_mask_pixels`] pixels
//! ([`MAX_MASK_PIXELS`] = 2^26 unless [`set_max_mask_pixels`] changes it), and images whose
//! header claims more are refused before decoding. Masks are `Send + Sync`: share them
//! between threads freely; editing one in place takes `&mut Mask`. The C ABI lives in [`ffi`]: see `include/perpixel.h`.

#![warn(missing_docs)]
// Every `unsafe` block says why it is sound (ARCHITECTURE.md, "unsafe").
#![warn(clippy::undocumented_unsafe_blocks)]

pub mod bake;
mod error;
pub mod ffi;
mod file;
mod geom;
#[doc(hidden)]
pub mod kernels;
mod mask;
mod query;
pub mod reference;
mod shape;
mod world;

#[cfg(feature = "image")]
pub use bake::BakeProgress;
pub use bake::{BakeInfo, BundleEntry, MaskBundle};
pub use error::{Error, Result};
#[doc(hidden)]
pub use geom::FixedInverse;
pub use geom::{Affine, Bounds2D, Point, Transform, sin_cos_degrees};
pub use mask::{
    MAX_MASK_PIXELS, MAX_TRANSFORM_SIDE, Mask, MaskOptions, PixelFormat, Raster, max_mask_pixels,
    set_max_mask_pixels,
};
pub use query::{
    FLAT_RUN, MoveOptions, Moved, NORMAL_RADIUS, Normal, Overlap, PushDirection, PushOut, RayHit,
    Sprite, Sweep, SweepHit, SweepPath, TransformedSprite,
};
pub use shape::*;
pub use world::{
    BodyDef, BodyId, BodyKind, CELL, Contact, Filter, Pair, Placement, World, WorldSnapshot,
};

/// The library version, `major.minor.patch`, as in `Cargo.toml`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The README's Rust examples, compiled and run as doctests so they stay true.
#[cfg(all(doctest, feature = "image"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
