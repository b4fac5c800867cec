//! Polygons from masks: the outer boundary and the holes of every connected region of
//! solid pixels, exact (following pixel edges) or simplified within a tolerance, and
//! their flat layout for the C ABI. See [`Mask::polygons`] for the rules.

use crate::{Error, Mask, Result};
use std::collections::HashMap;

mod convex;
mod simplify;
mod trace;

pub use convex::*;
use simplify::*;
use trace::*;

/// A polygon vertex `[x, y]` on the pixel-corner grid of a mask: pixel `(i, j)` covers the
/// square from `[i, j]` to `[i + 1, j + 1]`, so a `w x h` mask's corners run from `[0, 0]`
/// to `[w, h]` (with [`PolygonOptions::y_flip`], `y` becomes `h - y`).
pub type Vertex = [i32; 2];

/// How [`Mask::polygons`] (and [`Mask::convex_pieces`]) build their output.
///
/// ```
/// use perpixel::PolygonOptions;
/// let box2d = PolygonOptions { epsilon: 1.0, y_flip: true, ..PolygonOptions::default() };
/// assert_eq!(box2d.max_vertices, 8);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct PolygonOptions {
    /// The simplification tolerance in pixels (default 0: exact polygons following the
    /// pixel edges). With `epsilon > 0`, each ring is simplified (Douglas-Peucker, keeping
    /// a subset of its exact vertices) so that it stays within `epsilon` of its exact ring
    /// (Hausdorff distance between the two boundaries, Euclidean, in pixels) and crosses
    /// neither itself nor any other ring. Must be finite and `>= 0`.
    pub epsilon: f64,
    /// Whether polygons keep their holes (default `true`). Without holes, each polygon is
    /// its outer ring alone: the holes' pixels are covered too, and a region inside a hole
    /// becomes a polygon lying inside another's outer ring.
    pub holes: bool,
    /// Output `y` as `height - y` (default `false`), for engines whose y axis points up
    /// while the mask's rows go down. Rings keep their orientation rule (outer rings of
    /// positive signed area) in the flipped coordinates: their vertex order is reversed.
    pub y_flip: bool,
    /// The most vertices one convex piece may have in [`Mask::convex_pieces`] (default 8,
    /// Box2D's `b2_maxPolygonVertices`); at least 3.
    pub max_vertices: u32,
}

impl Default for PolygonOptions {
    fn default() -> Self {
        PolygonOptions {
            epsilon: 0.0,
            holes: true,
            y_flip: false,
            max_vertices: 8,
        }
    }
}

impl PolygonOptions {
    /// Checks the fields: `epsilon` finite and `>= 0`, `max_vertices >= 3`.
    pub fn validate(&self) -> Result<()> {
        if !self.epsilon.is_finite() || self.epsilon < 0.0 {
            return Err(Error::InvalidArgument(format!(
                "polygon epsilon must be a finite number >= 0 (pixels), got {}",
                self.epsilon
            )));
        }
        if self.max_vertices < 3 {
            return Err(Error::InvalidArgument(format!(
                "max_vertices of a convex piece must be at least 3, got {}",
                self.max_vertices
            )));
        }
        Ok(())
    }
}

/// One polygon: an outer ring and the holes inside it, each ring a closed list of
/// vertices (the last vertex joins the first; no vertex is repeated).
///
/// Orientation: the outer ring has a positive signed area (shoelace formula,
/// `sum(x[i] * y[i+1] - x[i+1] * y[i]) / 2` over the coordinates returned), each hole a
/// negative one. In a y-up frame (the usual result of [`PolygonOptions::y_flip`]) that is
/// outer counter-clockwise and holes clockwise, as Box2D and most engines expect; drawn on
/// a y-down screen without the flip, outer rings run clockwise and holes counter-clockwise.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Polygon {
    /// The outer boundary.
    pub outer: Vec<Vertex>,
    /// The holes, each inside `outer`.
    pub holes: Vec<Vec<Vertex>>,
}

impl Polygon {
    /// The rings: the outer ring first, then the holes.
    pub fn rings(&self) -> impl Iterator<Item = &[Vertex]> {
        std::iter::once(self.outer.as_slice()).chain(self.holes.iter().map(|h| h.as_slice()))
    }

    /// The area the polygon covers, in square pixels: its outer ring's area minus its
    /// holes'. For exact polygons it is the number of solid pixels of the region.
    pub fn area(&self) -> f64 {
        self.rings()
            .map(|r| signed_area2(r) as f64)
            .sum::<f64>()
            .abs()
            / 2.0
    }
}

/// Twice the signed (shoelace) area of a ring, exactly.
pub(crate) fn signed_area2(ring: &[Vertex]) -> i128 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            a[0] as i128 * b[1] as i128 - b[0] as i128 * a[1] as i128
        })
        .sum()
}

/// Polygons in one flat layout, as the C ABI hands them out: every ring's vertices one
/// after another in `points`; ring `r` is `points[ring_starts[r]..ring_starts[r + 1]]`
/// (`ring_starts` has one entry more than there are rings); polygon `p` is the next
/// `polygon_ring_counts[p]` rings, its outer ring first, then its holes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FlatPolygons {
    /// Every ring's vertices, ring after ring.
    pub points: Vec<Vertex>,
    /// Where each ring starts in `points`, plus `points.len()` at the end.
    pub ring_starts: Vec<u32>,
    /// How many rings each polygon has (1 + its holes).
    pub polygon_ring_counts: Vec<u32>,
}

impl FlatPolygons {
    /// The flat layout of `polygons`; fails with [`Error::OutOfMemory`] when it cannot be
    /// allocated and [`Error::Overflow`] past `u32::MAX` points.
    ///
    /// ```
    /// use perpixel::{FlatPolygons, Mask, PolygonOptions};
    /// let ring = Mask::from_fn(3, 3, |x, y| x != 1 || y != 1)?;
    /// let flat = FlatPolygons::from_polygons(&ring.polygons(&PolygonOptions::default())?)?;
    /// assert_eq!(flat.polygon_ring_counts, [2]); // an outer ring and one hole
    /// assert_eq!(flat.ring_starts, [0, 4, 8]);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn from_polygons(polygons: &[Polygon]) -> Result<FlatPolygons> {
        let rings: usize = polygons.iter().map(|p| 1 + p.holes.len()).sum();
        let points: usize = polygons
            .iter()
            .flat_map(|p| p.rings())
            .map(|r| r.len())
            .sum();
        if points > u32::MAX as usize {
            return Err(Error::Overflow(format!(
                "{points} polygon points do not fit in u32 offsets"
            )));
        }
        let mut flat = FlatPolygons::default();
        reserve(&mut flat.points, points)?;
        reserve(&mut flat.ring_starts, rings + 1)?;
        reserve(&mut flat.polygon_ring_counts, polygons.len())?;
        for p in polygons {
            flat.polygon_ring_counts.push(1 + p.holes.len() as u32);
            for r in p.rings() {
                flat.ring_starts.push(flat.points.len() as u32);
                flat.points.extend_from_slice(r);
            }
        }
        flat.ring_starts.push(flat.points.len() as u32);
        Ok(flat)
    }
}

/// Reserves room for `n` more elements, or [`Error::OutOfMemory`].
pub(crate) fn reserve<T>(v: &mut Vec<T>, n: usize) -> Result<()> {
    v.try_reserve(n).map_err(|_| Error::OutOfMemory)
}

/// Pushes with a fallible allocation.
pub(crate) fn push<T>(v: &mut Vec<T>, x: T) -> Result<()> {
    if v.len() == v.capacity() {
        reserve(v, v.len().max(4))?;
    }
    v.push(x);
    Ok(())
}

/// `n` copies of `x` in a fallibly allocated vector.
pub(crate) fn filled<T: Clone>(n: usize, x: T) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| Error::OutOfMemory)?;
    v.resize(n, x);
    Ok(v)
}

impl Mask {
    /// The polygons of the solid pixels: one [`Polygon`] per 4-connected region of solid
    /// pixels (pixels sharing an edge), with its outer ring and its holes, in mask pixel
    /// coordinates (vertices on pixel corners, see [`Vertex`]).
    ///
    /// **Exact mode** (`epsilon == 0`, the default): the rings follow pixel edges, and a
    /// point-in-polygon test (even-odd over every ring) at a pixel's centre is true exactly
    /// for the solid pixels. Every ring is simple: no repeated vertex, no zero-length edge,
    /// no three consecutive vertices on a line, no two edges meeting except consecutive
    /// ones at their shared vertex.
    ///
    /// **Corners (the pinch rule).** Two solid pixels touching only at a corner belong to
    /// different regions (solid is 4-connected, so empty space is 8-connected): two
    /// diagonal pixels are two polygons sharing that corner vertex. Where a region's
    /// boundary would pass through the same corner twice (an empty pocket closed only by a
    /// corner contact, or two holes touching at a corner), the ring is split there into
    /// two simple rings: the pocket becomes a hole touching the outer ring (or the other
    /// hole) at that single vertex. Rings of a mask therefore never cross; they may share
    /// such corner vertices, and only those, where they touch without crossing.
    ///
    /// **Order.** Polygons come in the order of their region's first pixel scanning rows
    /// from the top (lowest `y`), each row from the left; holes in the order their top-left
    /// edge is met the same way. Each exact ring starts at its top-left vertex (lowest
    /// `y`, then lowest `x`, before `y_flip`). Orientation: see [`Polygon`].
    ///
    /// **Simplified** (`epsilon > 0`): each exact ring is reduced to a subset of its own
    /// vertices by Douglas-Peucker with point-to-segment distances, so every simplified
    /// edge lies within `epsilon` of the exact boundary it replaces and that boundary
    /// within `epsilon` of the edge: the Hausdorff distance between a simplified ring and
    /// its exact ring is at most `epsilon`. A corner shared by two rings and its
    /// neighbours on both rings are always kept. Where a simplified edge would touch or
    /// cross any other edge (of the same ring, of the polygon's other rings or of another
    /// polygon), vertices of the exact ring are put back on it (the farthest first) until
    /// nothing crosses (checked with exact integer arithmetic), so simplified rings are
    /// simple and never cross either. Vertices are also put back where an edge would jump
    /// over a vertex of another ring (or of its own), so rings keep their nesting: holes
    /// stay inside their outer ring and polygons never overlap. Every ring keeps at least 3 vertices (no ring is
    /// dropped), and no vertex is the straight continuation of its neighbours.
    ///
    /// Errors: [`Error::InvalidArgument`] for a bad option (see
    /// [`PolygonOptions::validate`]), [`Error::OutOfMemory`].
    ///
    /// Cost: tracing is linear in the mask's words and the rings' vertices; simplifying
    /// (`epsilon > 0`) is up to quadratic in one ring's vertex count (a 4096 x 64 comb,
    /// one ring of 8,194 vertices: about 0.4 s in release). Bounded by the mask's size;
    /// meant for load time, not every frame. [`Mask::convex_pieces`] adds the cutting of
    /// each polygon, also up to quadratic in its vertex count.
    ///
    /// ```
    /// use perpixel::{Mask, PolygonOptions};
    /// // A 4x3 block with a one-pixel hole.
    /// let m = Mask::from_fn(4, 3, |x, y| !(x == 1 && y == 1))?;
    /// let polys = m.polygons(&PolygonOptions::default())?;
    /// assert_eq!(polys.len(), 1);
    /// assert_eq!(polys[0].outer, [[0, 0], [4, 0], [4, 3], [0, 3]]);
    /// assert_eq!(polys[0].holes, [vec![[1, 1], [1, 2], [2, 2], [2, 1]]]);
    /// assert_eq!(polys[0].area(), 11.0);
    /// // The same for a y-up engine: y becomes 3 - y, outer rings stay positive.
    /// let up = m.polygons(&PolygonOptions { y_flip: true, ..PolygonOptions::default() })?;
    /// assert_eq!(up[0].outer, [[0, 3], [0, 0], [4, 0], [4, 3]]);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn polygons(&self, options: &PolygonOptions) -> Result<Vec<Polygon>> {
        options.validate()?;
        let mut polys = exact_polygons(self)?;
        if !options.holes {
            for p in &mut polys {
                p.holes = Vec::new();
            }
        }
        if options.epsilon > 0.0 {
            polys = simplify(self, &polys, options.epsilon)?;
        }
        if options.y_flip {
            flip_y(&mut polys, self.height() as i32);
        }
        Ok(polys)
    }
}

impl Mask {
    /// The polygons of [`Mask::polygons`] (same options: exact or simplified, holes,
    /// `y_flip`) cut into convex pieces of at most `options.max_vertices` vertices
    /// (default 8, Box2D's limit), polygon after polygon: see
    /// [`Polygon::convex_pieces`]. The pieces of each polygon cover it exactly, so all of
    /// them together cover the solid pixels' polygons with no overlap.
    ///
    /// ```
    /// use perpixel::{Mask, PolygonOptions};
    /// let disc = Mask::from_fn(32, 32, |x, y| (x as i32 - 16).pow(2) + (y as i32 - 16).pow(2) < 200)?;
    /// let options = PolygonOptions { epsilon: 1.0, y_flip: true, ..PolygonOptions::default() };
    /// let pieces = disc.convex_pieces(&options)?;
    /// assert!(pieces.iter().all(|p| p.len() >= 3 && p.len() <= 8));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn convex_pieces(&self, options: &PolygonOptions) -> Result<Vec<ConvexPiece>> {
        let unflipped = PolygonOptions {
            y_flip: false,
            ..options.clone()
        };
        let polys = self.polygons(&unflipped)?;
        let mut out = Vec::new();
        for p in &polys {
            convex_pieces_into(p, options.max_vertices as usize, &mut out)?;
        }
        if options.y_flip {
            let h = self.height() as f64;
            for piece in &mut out {
                for v in piece.iter_mut() {
                    v[1] = h - v[1];
                }
                piece[1..].reverse();
            }
        }
        Ok(out)
    }
}

/// `y -> height - y`, each ring reversed (first vertex kept first) so that its signed
/// area keeps its sign.
pub(crate) fn flip_y(polys: &mut [Polygon], height: i32) {
    for p in polys {
        flip_ring(&mut p.outer, height);
        for h in &mut p.holes {
            flip_ring(h, height);
        }
    }
}

/// One ring of [`flip_y`].
pub(crate) fn flip_ring(ring: &mut [Vertex], height: i32) {
    for v in ring.iter_mut() {
        v[1] = height - v[1];
    }
    if ring.len() > 1 {
        ring[1..].reverse();
    }
}
