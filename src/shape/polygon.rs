//! Polygons from masks: the outer boundary and the holes of every connected region of
//! solid pixels, exact (following pixel edges) or simplified within a tolerance, and
//! their flat layout for the C ABI. See [`Mask::polygons`] for the rules.

use crate::{Error, Mask, Result};
use std::collections::HashMap;

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

// ---------------------------------------------------------------------------------------
// Exact rings: tracing pixel edges.

/// Steps of the four directions: east, south, west, north (y down).
const DX: [i64; 4] = [1, 0, -1, 0];
const DY: [i64; 4] = [0, 1, 0, -1];

/// The four pixels around corner `(x, y)` as bits: north-west 1, north-east 2,
/// south-west 4, south-east 8 (outside the mask is empty).
fn corner_code(mask: &Mask, x: i64, y: i64) -> u8 {
    let px = |x: i64, y: i64| -> u8 {
        let inside = x >= 0 && y >= 0 && x < mask.width() as i64 && y < mask.height() as i64;
        (inside && mask.row(y as usize)[x as usize / 64] >> (x % 64) & 1 == 1) as u8
    };
    px(x - 1, y - 1) | px(x, y - 1) << 1 | px(x - 1, y) << 2 | px(x, y) << 3
}

/// Whether a corner code is a saddle: two solid pixels touching only diagonally.
fn is_saddle(code: u8) -> bool {
    code == 0b1001 || code == 0b0110
}

/// Whether corner `v` of `mask` is a saddle (a pinch vertex shared by two rings).
pub(crate) fn is_pinch(mask: &Mask, v: Vertex) -> bool {
    is_saddle(corner_code(mask, v[0] as i64, v[1] as i64))
}

/// The direction the boundary leaves a corner with pixels `code`, arriving in direction
/// `d`. Boundary edges keep the solid pixel on their left in y-up terms (on the right as
/// drawn y down): a top edge runs east. At a saddle the boundary turns around the solid
/// pixel it followed (solid 4-connected).
fn out_dir(code: u8, d: usize) -> usize {
    if is_saddle(code) {
        return (d + 1) % 4;
    }
    let (nw, ne, sw, se) = (code & 1 != 0, code & 2 != 0, code & 4 != 0, code & 8 != 0);
    if se && !ne {
        0
    } else if sw && !se {
        1
    } else if nw && !sw {
        2
    } else {
        debug_assert!(ne && !nw);
        3
    }
}

/// Connected regions (4-connected) of solid pixels, labelled through their row runs.
struct Regions {
    /// Runs `[x0, x1)` of every row, row after row.
    runs: Vec<[u32; 2]>,
    /// Where each row's runs start in `runs` (plus the end).
    row_start: Vec<usize>,
    /// The region of each run, numbered in scan order.
    region: Vec<u32>,
    count: usize,
}

impl Regions {
    fn new(mask: &Mask) -> Result<Regions> {
        let (w, h) = (mask.width(), mask.height() as usize);
        let mut runs: Vec<[u32; 2]> = Vec::new();
        let mut row_start = filled(h + 1, 0usize)?;
        for (y, start) in row_start.iter_mut().take(h).enumerate() {
            *start = runs.len();
            let mut open: Option<u32> = None;
            for (k, &word) in mask.row(y).iter().enumerate() {
                let base = k as u32 * 64;
                let mut pos = 0u32;
                loop {
                    if let Some(s) = open {
                        let zeros = !word & (!0u64 << pos);
                        if zeros == 0 {
                            break;
                        }
                        let e = zeros.trailing_zeros();
                        push(&mut runs, [s, base + e])?;
                        open = None;
                        pos = e;
                    } else {
                        let ones = word & (!0u64 << pos);
                        if ones == 0 {
                            break;
                        }
                        pos = ones.trailing_zeros();
                        open = Some(base + pos);
                    }
                }
            }
            if let Some(s) = open {
                push(&mut runs, [s, w])?;
            }
        }
        row_start[h] = runs.len();
        // Union-find over runs: a run joins the runs of the row above it overlaps.
        let mut parent: Vec<u32> = filled(runs.len(), 0u32)?;
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u32;
        }
        fn find(parent: &mut [u32], mut i: u32) -> u32 {
            while parent[i as usize] != i {
                let g = parent[parent[i as usize] as usize];
                parent[i as usize] = g;
                i = g;
            }
            i
        }
        for y in 1..h {
            let (mut a, a_end) = (row_start[y - 1], row_start[y]);
            let (mut b, b_end) = (row_start[y], row_start[y + 1]);
            while a < a_end && b < b_end {
                let (ra, rb) = (runs[a], runs[b]);
                if ra[0] < rb[1] && rb[0] < ra[1] {
                    let (p, q) = (find(&mut parent, a as u32), find(&mut parent, b as u32));
                    // The smaller index stays the root: roots are first runs in scan order.
                    let (lo, hi) = (p.min(q), p.max(q));
                    parent[hi as usize] = lo;
                }
                if ra[1] < rb[1] { a += 1 } else { b += 1 }
            }
        }
        // Number regions in scan order: a root is its region's first run.
        let mut region = filled(runs.len(), u32::MAX)?;
        let mut count = 0usize;
        for i in 0..runs.len() {
            let root = find(&mut parent, i as u32) as usize;
            if region[root] == u32::MAX {
                region[root] = count as u32;
                count += 1;
            }
            region[i] = region[root];
        }
        Ok(Regions {
            runs,
            row_start,
            region,
            count,
        })
    }

    /// The region of solid pixel `(x, y)`.
    fn of(&self, x: u32, y: usize) -> usize {
        let row = &self.runs[self.row_start[y]..self.row_start[y + 1]];
        let i = row.partition_point(|r| r[1] <= x);
        debug_assert!(i < row.len() && row[i][0] <= x);
        self.region[self.row_start[y] + i] as usize
    }
}

/// The exact polygons of `mask` (see [`Mask::polygons`]).
pub(crate) fn exact_polygons(mask: &Mask) -> Result<Vec<Polygon>> {
    let (w, h) = (mask.width() as usize, mask.height() as usize);
    if w == 0 || h == 0 || mask.count() == 0 {
        return Ok(Vec::new());
    }
    let regions = Regions::new(mask)?;
    let mut polys = filled(regions.count, Polygon::default())?;
    let wpr = mask.words_per_row();
    // Horizontal boundary edges already traced: bit x of line y is the edge from corner
    // (x, y) to (x + 1, y). Every ring has one, so scanning them finds every ring.
    let mut visited = filled((h + 1) * wpr, 0u64)?;
    let mut raw: Vec<(Vertex, bool)> = Vec::new();
    let mut pieces: Vec<Vec<Vertex>> = Vec::new();
    for y in 0..=h {
        for k in 0..wpr {
            loop {
                let above = if y > 0 { mask.row(y - 1)[k] } else { 0 };
                let below = if y < h { mask.row(y)[k] } else { 0 };
                let todo = (above ^ below) & !visited[y * wpr + k];
                if todo == 0 {
                    break;
                }
                let bit = todo.trailing_zeros();
                let x = (k * 64) as i64 + bit as i64;
                // A top edge runs east from its left corner; a bottom edge west from its
                // right corner. Its solid pixel names the region.
                let (start, dir, region) = if below >> bit & 1 == 1 {
                    ((x, y as i64), 0, regions.of(x as u32, y))
                } else {
                    ((x + 1, y as i64), 2, regions.of(x as u32, y - 1))
                };
                trace(mask, start, dir, &mut visited, wpr, &mut raw)?;
                split_pinches(&raw, &mut pieces)?;
                for ring in pieces.drain(..) {
                    let poly = &mut polys[region];
                    if signed_area2(&ring) > 0 {
                        debug_assert!(poly.outer.is_empty(), "one outer ring per region");
                        poly.outer = ring;
                    } else {
                        push(&mut poly.holes, ring)?;
                    }
                }
            }
        }
    }
    // A loop split at a pinch yields its pieces in tracing order: put every polygon's
    // holes in the documented order, by their top-left vertex (each ring's first).
    for p in &mut polys {
        p.holes.sort_by_key(|r| (r[0][1], r[0][0]));
    }
    Ok(polys)
}

/// Follows one boundary loop from corner `start` leaving in direction `dir` until it
/// comes back, writing its corners (where the direction changes) to `raw` with whether
/// each is a saddle, and marking its horizontal edges in `visited`.
fn trace(
    mask: &Mask,
    start: (i64, i64),
    dir: usize,
    visited: &mut [u64],
    wpr: usize,
    raw: &mut Vec<(Vertex, bool)>,
) -> Result<()> {
    raw.clear();
    let (mut x, mut y, mut d) = (start.0, start.1, dir);
    loop {
        match d {
            0 => visited[y as usize * wpr + x as usize / 64] |= 1 << (x % 64),
            2 => visited[y as usize * wpr + (x - 1) as usize / 64] |= 1 << ((x - 1) % 64),
            _ => {}
        }
        x += DX[d];
        y += DY[d];
        let code = corner_code(mask, x, y);
        let next = out_dir(code, d);
        if next != d {
            push(raw, ([x as i32, y as i32], is_saddle(code)))?;
        }
        d = next;
        if (x, y, d) == (start.0, start.1, dir) {
            return Ok(());
        }
    }
}

/// Splits a traced loop at the saddle corners it passes twice, so that each piece is a
/// simple ring; pieces start at their top-left vertex.
fn split_pinches(raw: &[(Vertex, bool)], pieces: &mut Vec<Vec<Vertex>>) -> Result<()> {
    let mut path: Vec<Vertex> = Vec::new();
    reserve(&mut path, raw.len())?;
    let mut seen: HashMap<Vertex, usize> = HashMap::new();
    for &(v, saddle) in raw {
        if saddle {
            if let Some(&p) = seen.get(&v) {
                // path[p] is v: path[p..] is a closed loop; v stays for the rest.
                for u in &path[p + 1..] {
                    seen.remove(u);
                }
                let mut piece = Vec::new();
                reserve(&mut piece, path.len() - p)?;
                piece.extend_from_slice(&path[p..]);
                path.truncate(p + 1);
                push(pieces, start_top_left(piece))?;
                continue;
            }
            seen.try_reserve(1).map_err(|_| Error::OutOfMemory)?;
            seen.insert(v, path.len());
        }
        path.push(v);
    }
    push(pieces, start_top_left(path))
}

/// The ring rotated to start at its top-left vertex (lowest `y`, then lowest `x`).
fn start_top_left(mut ring: Vec<Vertex>) -> Vec<Vertex> {
    if let Some(i) = (0..ring.len()).min_by_key(|&i| (ring[i][1], ring[i][0])) {
        ring.rotate_left(i);
    }
    ring
}

// ---------------------------------------------------------------------------------------
// Exact geometry on vertices, the simplifier's own (the oracle, `reference/polygon.rs`,
// keeps its own: nothing is shared with what judges this file).

/// `v - o` in i128 (no vertex difference or product of two overflows it).
fn delta(o: Vertex, v: Vertex) -> [i128; 2] {
    [v[0] as i128 - o[0] as i128, v[1] as i128 - o[1] as i128]
}

/// `(a - o) x (b - o)`, exactly: positive when `o, a, b` turn counter-clockwise in a
/// y-up frame.
fn cross(o: Vertex, a: Vertex, b: Vertex) -> i128 {
    let (u, v) = (delta(o, a), delta(o, b));
    u[0] * v[1] - u[1] * v[0]
}

/// `(a - o) . (b - o)`, exactly.
fn dot(o: Vertex, a: Vertex, b: Vertex) -> i128 {
    let (u, v) = (delta(o, a), delta(o, b));
    u[0] * v[0] + u[1] * v[1]
}

/// Whether the closed segments `[a, b]` and `[c, d]` have a point in common: each
/// strictly on both sides of the other, or an end of one on the other (collinear with
/// it and between its ends: `(a - p) . (b - p) <= 0`).
fn segments_intersect(a: Vertex, b: Vertex, c: Vertex, d: Vertex) -> bool {
    let sides = |p: Vertex, q: Vertex, r: Vertex, s: Vertex| {
        cross(p, q, r).signum() * cross(p, q, s).signum()
    };
    if sides(a, b, c, d) < 0 && sides(c, d, a, b) < 0 {
        return true;
    }
    let touches = |p: Vertex, a: Vertex, b: Vertex| cross(a, b, p) == 0 && dot(p, a, b) <= 0;
    touches(c, a, b) || touches(d, a, b) || touches(a, c, d) || touches(b, c, d)
}

/// Euclidean distance from `p` to segment `[a, b]`: the foot of the perpendicular,
/// clamped to the segment, in doubles.
fn point_segment_distance(p: Vertex, a: Vertex, b: Vertex) -> f64 {
    let [px, py] = p.map(f64::from);
    let [ax, ay] = a.map(f64::from);
    let (dx, dy) = (f64::from(b[0]) - ax, f64::from(b[1]) - ay);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((px - ax) * dx + (py - ay) * dy) / len2).clamp(0.0, 1.0)
    };
    ((ax + t * dx - px).powi(2) + (ay + t * dy - py).powi(2)).sqrt()
}

// ---------------------------------------------------------------------------------------
// Simplification: Douglas-Peucker on each ring, then vertices put back where edges cross.

/// A ring being simplified: its exact vertices and the (ascending) indices kept.
struct Simplified<'a> {
    exact: &'a [Vertex],
    keep: Vec<usize>,
}

impl Simplified<'_> {
    /// The exact indices strictly inside simplified edge `k` (from `keep[k]` to the next).
    fn chain(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.exact.len();
        let (a, b) = (self.keep[k], self.keep[(k + 1) % self.keep.len()]);
        let len = (b + n - a) % n;
        let len = if len == 0 { n } else { len };
        (1..len).map(move |i| (a + i) % n)
    }

    /// Douglas-Peucker again between every two kept vertices (after vertices were put
    /// back, so that the edges they split stay within epsilon).
    fn refine(&mut self, epsilon: f64) -> Result<()> {
        let mut keep = filled(self.exact.len(), false)?;
        for &i in &self.keep {
            keep[i] = true;
        }
        douglas_peucker(self.exact, &self.keep, &mut keep, epsilon)?;
        self.keep.clear();
        reserve(&mut self.keep, keep.iter().filter(|&&k| k).count())?;
        self.keep.extend((0..keep.len()).filter(|&i| keep[i]));
        Ok(())
    }

    /// The exact vertex of edge `k`'s chain farthest from the edge (the first of equals),
    /// `None` when the edge is an exact edge.
    fn farthest(&self, k: usize) -> Option<(usize, f64)> {
        let (a, b) = (self.keep[k], self.keep[(k + 1) % self.keep.len()]);
        let (a, b) = (self.exact[a], self.exact[b]);
        let mut best: Option<(usize, f64)> = None;
        for i in self.chain(k) {
            let d = point_segment_distance(self.exact[i], a, b);
            if best.is_none_or(|(_, bd)| d > bd) {
                best = Some((i, d));
            }
        }
        best
    }
}

/// Douglas-Peucker on one ring; see [`Mask::polygons`].
fn simplify_ring<'a>(mask: &Mask, exact: &'a [Vertex], epsilon: f64) -> Result<Simplified<'a>> {
    let n = exact.len();
    let mut keep = filled(n, false)?;
    // Anchors: shared corners and their neighbours, so the rings meeting there keep
    // their exact edges at the corner (they touch there and must not cross).
    let mut anchors = Vec::new();
    for (i, &v) in exact.iter().enumerate() {
        if is_pinch(mask, v) {
            for j in [(i + n - 1) % n, i, (i + 1) % n] {
                keep[j] = true;
            }
        }
    }
    for (i, &k) in keep.iter().enumerate() {
        if k {
            push(&mut anchors, i)?;
        }
    }
    if anchors.len() < 2 {
        let a = anchors.first().copied().unwrap_or(0);
        let far = (0..n)
            .max_by_key(|&i| {
                let (dx, dy) = (
                    exact[i][0] as i64 - exact[a][0] as i64,
                    exact[i][1] as i64 - exact[a][1] as i64,
                );
                (dx * dx + dy * dy, std::cmp::Reverse(i))
            })
            .unwrap_or(0);
        keep[a] = true;
        keep[far] = true;
        anchors = vec![a.min(far), a.max(far)];
    }
    douglas_peucker(exact, &anchors, &mut keep, epsilon)?;
    // At least a triangle: add the vertex farthest from the line of the two kept, and
    // refine the two edges it makes.
    let kept = keep.iter().filter(|&&k| k).count();
    if kept < 3 {
        let mut ends = (0..n).filter(|&i| keep[i]);
        let a = ends.next().unwrap_or(0);
        let b = ends.next().unwrap_or(a);
        let far = (0..n)
            .max_by_key(|&i| {
                (
                    cross(exact[a], exact[b], exact[i]).abs(),
                    std::cmp::Reverse(i),
                )
            })
            .unwrap_or(0);
        keep[far] = true;
        let mut third = [a, b, far];
        third.sort_unstable();
        douglas_peucker(exact, &third, &mut keep, epsilon)?;
    }
    let mut kept: Vec<usize> = Vec::new();
    for (i, &k) in keep.iter().enumerate() {
        if k {
            push(&mut kept, i)?;
        }
    }
    let ring = Simplified { exact, keep: kept };
    Ok(ring)
}

/// Douglas-Peucker between each pair of consecutive `anchors` (ascending indices, taken
/// cyclically): keeps, recursively (with an explicit stack), the vertex farthest from the
/// segment joining a chain's ends while it is farther than `epsilon`.
fn douglas_peucker(
    exact: &[Vertex],
    anchors: &[usize],
    keep: &mut [bool],
    epsilon: f64,
) -> Result<()> {
    let n = exact.len();
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for (j, &a) in anchors.iter().enumerate() {
        let b = anchors[(j + 1) % anchors.len()];
        push(&mut stack, (a, b))?;
        while let Some((a, b)) = stack.pop() {
            let len = (b + n - a) % n;
            let len = if len == 0 { n } else { len };
            let mut best: Option<(usize, f64)> = None;
            for s in 1..len {
                let i = (a + s) % n;
                let d = point_segment_distance(exact[i], exact[a], exact[b]);
                if best.is_none_or(|(_, bd)| d > bd) {
                    best = Some((i, d));
                }
            }
            if let Some((m, _)) = best.filter(|&(_, d)| d > epsilon) {
                keep[m] = true;
                push(&mut stack, (a, m))?;
                push(&mut stack, (m, b))?;
            }
        }
    }
    Ok(())
}

/// One edge of a simplified ring, for the crossing checks.
#[derive(Clone, Copy)]
struct Edge {
    a: Vertex,
    b: Vertex,
    ring: u32,
    k: u32,
}

/// Simplified polygons within `epsilon` of the exact ones, crossing nothing.
fn simplify(mask: &Mask, exact: &[Polygon], epsilon: f64) -> Result<Vec<Polygon>> {
    let mut rings: Vec<Simplified> = Vec::new();
    for p in exact {
        for r in p.rings() {
            push(&mut rings, simplify_ring(mask, r, epsilon)?)?;
        }
    }
    let pinch = |v: Vertex| is_pinch(mask, v);
    let vertices = VertexGrid::new(&rings)?;
    let mut bad: Vec<(u32, u32)> = Vec::new();
    loop {
        bad.clear();
        crossings(&rings, &pinch, &mut bad)?;
        swallowed(&rings, &vertices, &mut bad)?;
        if bad.is_empty() {
            break;
        }
        bad.sort_unstable();
        bad.dedup();
        let mut split_any = false;
        let mut i = 0;
        while i < bad.len() {
            let r = bad[i].0 as usize;
            let mut add: Vec<usize> = Vec::new();
            while i < bad.len() && bad[i].0 as usize == r {
                if let Some((m, _)) = rings[r].farthest(bad[i].1 as usize) {
                    push(&mut add, m)?;
                }
                i += 1;
            }
            if !add.is_empty() {
                split_any = true;
                let keep = &mut rings[r].keep;
                reserve(keep, add.len())?;
                keep.extend_from_slice(&add);
                keep.sort_unstable();
                keep.dedup();
                // The new edges' chains: back within epsilon.
                rings[r].refine(epsilon)?;
            }
        }
        if !split_any {
            // Only exact edges cross: cannot happen (exact rings never cross); stop.
            debug_assert!(false, "exact edges cross");
            break;
        }
    }
    // Drop vertices that continue their neighbours in a straight line (never a shared
    // corner: rings turn there).
    for ring in &mut rings {
        let mut changed = true;
        while changed && ring.keep.len() > 3 {
            changed = false;
            let m = ring.keep.len();
            for k in 0..m {
                let (p, c, q) = (
                    ring.exact[ring.keep[(k + m - 1) % m]],
                    ring.exact[ring.keep[k]],
                    ring.exact[ring.keep[(k + 1) % m]],
                );
                if cross(p, c, q) == 0 && dot(c, p, q) < 0 {
                    ring.keep.remove(k);
                    changed = true;
                    break;
                }
            }
        }
    }
    let mut out: Vec<Polygon> = Vec::new();
    reserve(&mut out, exact.len())?;
    let mut it = rings.into_iter();
    for p in exact {
        let mut take = || -> Result<Vec<Vertex>> {
            let r = it.next().ok_or(Error::OutOfMemory)?;
            let mut v = Vec::new();
            reserve(&mut v, r.keep.len())?;
            v.extend(r.keep.iter().map(|&i| r.exact[i]));
            Ok(v)
        };
        let outer = take()?;
        let mut holes = Vec::new();
        reserve(&mut holes, p.holes.len())?;
        for _ in &p.holes {
            holes.push(take()?);
        }
        out.push(Polygon { outer, holes });
    }
    Ok(out)
}

/// Every exact vertex of every ring, bucketed by square cells, for [`swallowed`].
struct VertexGrid {
    x0: i64,
    y0: i64,
    cell: i64,
    cols: i64,
    rows: i64,
    /// Where each cell's entries start (plus the end).
    start: Vec<u32>,
    /// `(ring, index)` of each vertex, cell after cell.
    entries: Vec<(u32, u32)>,
}

impl VertexGrid {
    fn new(rings: &[Simplified]) -> Result<VertexGrid> {
        let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
        let mut n = 0usize;
        for r in rings {
            for v in r.exact {
                x0 = x0.min(v[0] as i64);
                y0 = y0.min(v[1] as i64);
                x1 = x1.max(v[0] as i64);
                y1 = y1.max(v[1] as i64);
            }
            n += r.exact.len();
        }
        if n == 0 {
            return Ok(VertexGrid {
                x0: 0,
                y0: 0,
                cell: 1,
                cols: 1,
                rows: 1,
                start: vec![0, 0],
                entries: Vec::new(),
            });
        }
        let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
        let cell = ((((w as f64) * (h as f64) / n as f64).sqrt().ceil()) as i64).max(4);
        let (cols, rows) = (w / cell + 1, h / cell + 1);
        let mut start = filled((cols * rows) as usize + 1, 0u32)?;
        let cell_of =
            |v: &Vertex| ((v[1] as i64 - y0) / cell * cols + (v[0] as i64 - x0) / cell) as usize;
        for r in rings {
            for v in r.exact {
                start[cell_of(v)] += 1;
            }
        }
        let mut sum = 0u32;
        for s in start.iter_mut() {
            let c = *s;
            *s = sum;
            sum += c;
        }
        let mut entries = filled(n, (0u32, 0u32))?;
        let mut fill = start.clone();
        for (ri, r) in rings.iter().enumerate() {
            for (i, v) in r.exact.iter().enumerate() {
                let c = cell_of(v);
                entries[fill[c] as usize] = (ri as u32, i as u32);
                fill[c] += 1;
            }
        }
        Ok(VertexGrid {
            x0,
            y0,
            cell,
            cols,
            rows,
            start,
            entries,
        })
    }
}

/// The x range (widened by `reach`) of the points within `reach` of segment `a`-`b` whose
/// y lies in `y0..=y1`: the segment's x over `y0 - reach ..= y1 + reach`, widened by
/// `reach` either side; `None` when the segment stays outside that band.
fn segment_x_range(a: Vertex, b: Vertex, y0: i64, y1: i64, reach: f64) -> Option<(f64, f64)> {
    let (ax, ay, bx, by) = (a[0] as f64, a[1] as f64, b[0] as f64, b[1] as f64);
    let (lo, hi) = (y0 as f64 - reach, y1 as f64 + reach);
    let (t0, t1) = if ay == by {
        if ay < lo || ay > hi {
            return None;
        }
        (0.0, 1.0)
    } else {
        let (u, v) = ((lo - ay) / (by - ay), (hi - ay) / (by - ay));
        (u.min(v).max(0.0), u.max(v).min(1.0))
    };
    if t0 > t1 {
        return None;
    }
    let (x0, x1) = (ax + t0 * (bx - ax), ax + t1 * (bx - ax));
    Some((x0.min(x1) - reach, x0.max(x1) + reach))
}

/// Whether `q` is inside or on the closed polygon `pts` (even-odd, exact).
fn in_region(pts: &[Vertex], q: Vertex) -> bool {
    let n = pts.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        if cross(a, b, q) == 0
            && q[0] >= a[0].min(b[0])
            && q[0] <= a[0].max(b[0])
            && q[1] >= a[1].min(b[1])
            && q[1] <= a[1].max(b[1])
        {
            return true;
        }
        if (a[1] > q[1]) != (b[1] > q[1]) {
            // A ray from q towards +x: the edge crosses it when q is on its left.
            let side = cross(a, b, q);
            if (side > 0) == (b[1] > a[1]) {
                inside = !inside;
            }
        }
    }
    inside
}

/// The simplified edges whose shortcut would jump over an exact vertex: any vertex of
/// any ring (other than the edge's own chain) inside or on the region between the edge
/// and the exact chain it replaces. Without this, an edge could pass around a small ring
/// (or a hole) without crossing it, and change which ring is inside which.
fn swallowed(rings: &[Simplified], grid: &VertexGrid, bad: &mut Vec<(u32, u32)>) -> Result<()> {
    let mut region: Vec<Vertex> = Vec::new();
    for (ri, ring) in rings.iter().enumerate() {
        let n = ring.exact.len();
        let m = ring.keep.len();
        for k in 0..m {
            let (a, b) = (ring.keep[k], ring.keep[(k + 1) % m]);
            let steps = (b + n - a) % n;
            if steps == 1 {
                continue;
            }
            region.clear();
            let steps = if steps == 0 { n } else { steps };
            reserve(&mut region, steps + 1)?;
            region.extend((0..=steps).map(|s| ring.exact[(a + s) % n]));
            let (mut bx0, mut by0, mut bx1, mut by1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
            for v in &region {
                bx0 = bx0.min(v[0] as i64);
                by0 = by0.min(v[1] as i64);
                bx1 = bx1.max(v[0] as i64);
                by1 = by1.max(v[1] as i64);
            }
            let (ends_a, ends_b) = (ring.exact[a], ring.exact[b]);
            // The region lies within `reach` of the edge: every chain vertex does, the
            // distance to a segment is convex, so the whole chain and everything it
            // encloses with the edge do too. Only cells and vertices that close are
            // tested (a long diagonal edge's box would hold most of the mask).
            let reach = region
                .iter()
                .map(|&v| point_segment_distance(v, ends_a, ends_b))
                .fold(0.0f64, f64::max)
                + 1e-6;
            let clamp = |v: i64, lo: i64, cells: i64| ((v - lo) / grid.cell).clamp(0, cells - 1);
            let mut hit = false;
            'cells: for cy in clamp(by0, grid.y0, grid.rows)..=clamp(by1, grid.y0, grid.rows) {
                let band = grid.y0 + cy * grid.cell;
                let Some((sx0, sx1)) =
                    segment_x_range(ends_a, ends_b, band, band + grid.cell, reach + 1.0)
                else {
                    continue;
                };
                let (sx0, sx1) = (sx0.max(bx0 as f64), sx1.min(bx1 as f64));
                if sx0 > sx1 {
                    continue;
                }
                let (cx0, cx1) = (
                    clamp(sx0.floor() as i64, grid.x0, grid.cols),
                    clamp(sx1.ceil() as i64, grid.x0, grid.cols),
                );
                for cx in cx0..=cx1 {
                    let c = (cy * grid.cols + cx) as usize;
                    for &(r2, i2) in
                        &grid.entries[grid.start[c] as usize..grid.start[c + 1] as usize]
                    {
                        let q = rings[r2 as usize].exact[i2 as usize];
                        if q == ends_a || q == ends_b {
                            continue;
                        }
                        if r2 as usize == ri {
                            // Its own chain is the region's boundary.
                            let off = (i2 as usize + n - a) % n;
                            if off <= steps {
                                continue;
                            }
                        }
                        let (qx, qy) = (q[0] as i64, q[1] as i64);
                        if qx < bx0 || qx > bx1 || qy < by0 || qy > by1 {
                            continue;
                        }
                        if point_segment_distance(q, ends_a, ends_b) > reach {
                            continue;
                        }
                        if in_region(&region, q) {
                            hit = true;
                            break 'cells;
                        }
                    }
                }
            }
            if hit {
                push(bad, (ri as u32, k as u32))?;
            }
        }
    }
    Ok(())
}

/// The simplified edges that touch or cross an edge they must not: `(ring, edge)` pairs,
/// both edges of each offending pair. Edges are bucketed in a grid of square cells; a
/// pair is tested in the one cell holding the low corner of their boxes' overlap.
fn crossings(
    rings: &[Simplified],
    pinch: &dyn Fn(Vertex) -> bool,
    bad: &mut Vec<(u32, u32)>,
) -> Result<()> {
    let mut edges: Vec<Edge> = Vec::new();
    let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    let mut extent = 0i64;
    for (r, ring) in rings.iter().enumerate() {
        let m = ring.keep.len();
        for k in 0..m {
            let (a, b) = (ring.exact[ring.keep[k]], ring.exact[ring.keep[(k + 1) % m]]);
            push(
                &mut edges,
                Edge {
                    a,
                    b,
                    ring: r as u32,
                    k: k as u32,
                },
            )?;
            x0 = x0.min(a[0] as i64);
            y0 = y0.min(a[1] as i64);
            x1 = x1.max(a[0] as i64);
            y1 = y1.max(a[1] as i64);
            extent += (a[0] as i64 - b[0] as i64)
                .abs()
                .max((a[1] as i64 - b[1] as i64).abs());
        }
    }
    if edges.len() < 2 {
        return Ok(());
    }
    let n = edges.len() as i64;
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    // Cells about as large as an average edge and at most ~one per edge.
    let by_count = (((w as f64) * (h as f64) / n as f64).sqrt().ceil() as i64).max(1);
    let cell = (extent / n).max(by_count).max(4);
    let (cols, rows) = (w / cell + 1, h / cell + 1);
    let cell_of = |x: i64, y: i64| ((y - y0) / cell * cols + (x - x0) / cell) as usize;
    let boxes = |e: &Edge| {
        let (ex0, ex1) = (e.a[0].min(e.b[0]) as i64, e.a[0].max(e.b[0]) as i64);
        let (ey0, ey1) = (e.a[1].min(e.b[1]) as i64, e.a[1].max(e.b[1]) as i64);
        (ex0, ey0, ex1, ey1)
    };
    // Counting sort of (cell, edge) entries.
    let mut start = filled((cols * rows) as usize + 1, 0u32)?;
    let mut total = 0usize;
    for e in &edges {
        let (ex0, ey0, ex1, ey1) = boxes(e);
        for cy in (ey0 - y0) / cell..=(ey1 - y0) / cell {
            for cx in (ex0 - x0) / cell..=(ex1 - x0) / cell {
                start[(cy * cols + cx) as usize] += 1;
                total += 1;
            }
        }
    }
    if total > u32::MAX as usize {
        return Err(Error::OutOfMemory);
    }
    let mut sum = 0u32;
    for s in start.iter_mut() {
        let c = *s;
        *s = sum;
        sum += c;
    }
    let mut entries = filled(total, 0u32)?;
    let mut fill = start.clone();
    for (i, e) in edges.iter().enumerate() {
        let (ex0, ey0, ex1, ey1) = boxes(e);
        for cy in (ey0 - y0) / cell..=(ey1 - y0) / cell {
            for cx in (ex0 - x0) / cell..=(ex1 - x0) / cell {
                let c = (cy * cols + cx) as usize;
                entries[fill[c] as usize] = i as u32;
                fill[c] += 1;
            }
        }
    }
    for c in 0..(cols * rows) as usize {
        let list = &entries[start[c] as usize..start[c + 1] as usize];
        for (j, &i) in list.iter().enumerate() {
            let s = &edges[i as usize];
            let bs = boxes(s);
            for &t in &list[j + 1..] {
                let t = &edges[t as usize];
                let bt = boxes(t);
                let (ox0, oy0) = (bs.0.max(bt.0), bs.1.max(bt.1));
                if ox0 > bs.2.min(bt.2) || oy0 > bs.3.min(bt.3) || cell_of(ox0, oy0) != c {
                    continue;
                }
                if edges_conflict(rings, s, t, pinch) {
                    push(bad, (s.ring, s.k))?;
                    push(bad, (t.ring, t.k))?;
                }
            }
        }
    }
    Ok(())
}

/// Whether two simplified edges meet where they must not: consecutive edges of a ring
/// may share their vertex (but not run back over each other); edges of different rings
/// may share an end only at a shared corner, and never overlap.
fn edges_conflict(
    rings: &[Simplified],
    s: &Edge,
    t: &Edge,
    pinch: &dyn Fn(Vertex) -> bool,
) -> bool {
    let m = rings[s.ring as usize].keep.len() as u32;
    let adjacent = s.ring == t.ring && ((s.k + 1) % m == t.k || (t.k + 1) % m == s.k);
    // The shared end and the two other ends, when the edges share an end.
    let shared = if s.a == t.a {
        Some((s.a, s.b, t.b))
    } else if s.a == t.b {
        Some((s.a, s.b, t.a))
    } else if s.b == t.a {
        Some((s.b, s.a, t.b))
    } else if s.b == t.b {
        Some((s.b, s.a, t.a))
    } else {
        None
    };
    match shared {
        Some((c, p, q)) => {
            let overlap = cross(c, p, q) == 0 && dot(c, p, q) > 0;
            overlap || !(adjacent || pinch(c))
        }
        None => adjacent || segments_intersect(s.a, s.b, t.a, t.b),
    }
}

// ---------------------------------------------------------------------------------------
// Convex pieces: trapezoids between the vertices' rows, stacked while convex.

/// One convex piece of a polygon: its vertices, with a positive signed area (as outer
/// rings, see [`Polygon`]), at most [`PolygonOptions::max_vertices`] of them.
pub type ConvexPiece = Vec<[f64; 2]>;

/// An x coordinate `num / den` (`den > 0`), exact.
#[derive(Clone, Copy, Debug)]
struct Frac {
    num: i128,
    den: i128,
}

impl Frac {
    fn eq(self, o: Frac) -> bool {
        self.num * o.den == o.num * self.den
    }
    fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

/// A non-horizontal edge, its lower-`y` end first.
#[derive(Clone, Copy)]
struct Side {
    lo: Vertex,
    hi: Vertex,
}

impl Side {
    /// `x` where the edge crosses row `y2 / 2` (`y2` in half pixels), exactly.
    fn x_at2(&self, y2: i128) -> Frac {
        let den = 2 * (self.hi[1] as i128 - self.lo[1] as i128);
        let num = self.lo[0] as i128 * den
            + (y2 - 2 * self.lo[1] as i128) * (self.hi[0] as i128 - self.lo[0] as i128);
        Frac { num, den }
    }
    /// `dx * other.dy` against `other.dx * dy`: the sign of `slope(other) - slope(self)`
    /// with slopes in x per y.
    fn turn(&self, other: &Side) -> i128 {
        let (dx1, dy1) = (
            self.hi[0] as i128 - self.lo[0] as i128,
            self.hi[1] as i128 - self.lo[1] as i128,
        );
        let (dx2, dy2) = (
            other.hi[0] as i128 - other.lo[0] as i128,
            other.hi[1] as i128 - other.lo[1] as i128,
        );
        (dx2 * dy1 - dx1 * dy2).signum()
    }
}

/// A convex piece being built: its left and right chains from its first row down, and
/// the edges it continues along.
struct Piece {
    left: Vec<(Frac, i64)>,
    right: Vec<(Frac, i64)>,
    l: Side,
    r: Side,
}

impl Piece {
    fn corners(&self) -> usize {
        let apex = |a: &(Frac, i64), b: &(Frac, i64)| a.0.eq(b.0) as usize;
        let bottom = apex(&self.left[0], &self.right[0]);
        let top = apex(
            self.left.last().unwrap_or(&self.left[0]),
            self.right.last().unwrap_or(&self.right[0]),
        );
        self.left.len() + self.right.len() - bottom - top
    }

    fn finish(self, out: &mut Vec<ConvexPiece>) -> Result<()> {
        let mut pts: Vec<[f64; 2]> = Vec::new();
        reserve(&mut pts, self.left.len() + self.right.len())?;
        // Right chain down its rows, then the left chain back up: positive area (y down).
        for &(x, y) in self.left.iter().rev() {
            pts.push([x.to_f64(), y as f64]);
        }
        for &(x, y) in &self.right {
            pts.push([x.to_f64(), y as f64]);
        }
        pts.dedup();
        if pts.len() > 1 && pts[0] == pts[pts.len() - 1] {
            pts.pop();
        }
        let n = pts.len();
        let area2: f64 = (0..n)
            .map(|i| pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1])
            .sum();
        if area2 < 0.0 {
            pts.reverse();
        }
        if n >= 3 {
            push(out, pts)?;
        }
        Ok(())
    }
}

impl Polygon {
    /// This polygon cut into convex pieces of at most `max_vertices` vertices each
    /// (at least 3), which cover it exactly: their areas sum to [`Polygon::area`] and no
    /// two overlap (they share edges). The rings must be simple and not cross, as
    /// [`Mask::polygons`] makes them.
    ///
    /// How: the polygon is cut into trapezoids by horizontal lines through its vertices
    /// (each line running only to the nearest edges left and right), and trapezoids
    /// stacked on exactly the same cut are joined while the union stays convex and within
    /// `max_vertices`. Coordinates are exact rationals rounded to `f64`: integers (exactly)
    /// where the cuts meet vertices and always for exact (pixel-edge) polygons, whose
    /// pieces are rectangles. Pieces have a positive signed area in the polygon's
    /// coordinates and no repeated vertex.
    ///
    /// ```
    /// use perpixel::{Mask, PolygonOptions};
    /// // An L of three pixels: two rectangles.
    /// let m = Mask::from_fn(2, 2, |x, y| x == 0 || y == 1)?;
    /// let polys = m.polygons(&PolygonOptions::default())?;
    /// let pieces = polys[0].convex_pieces(8)?;
    /// assert_eq!(pieces.len(), 2);
    /// let area: f64 = pieces.iter().map(|p| perpixel::convex_piece_area(p)).sum();
    /// assert_eq!(area, 3.0);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn convex_pieces(&self, max_vertices: u32) -> Result<Vec<ConvexPiece>> {
        if max_vertices < 3 {
            return Err(Error::InvalidArgument(format!(
                "max_vertices of a convex piece must be at least 3, got {max_vertices}"
            )));
        }
        let mut out = Vec::new();
        convex_pieces_into(self, max_vertices as usize, &mut out)?;
        Ok(out)
    }
}

/// The area of a convex piece (or any simple ring) in square pixels, by the shoelace
/// formula: positive for the pieces [`Polygon::convex_pieces`] makes.
pub fn convex_piece_area(piece: &[[f64; 2]]) -> f64 {
    let n = piece.len();
    (0..n)
        .map(|i| piece[i][0] * piece[(i + 1) % n][1] - piece[(i + 1) % n][0] * piece[i][1])
        .sum::<f64>()
        / 2.0
}

fn convex_pieces_into(poly: &Polygon, max: usize, out: &mut Vec<ConvexPiece>) -> Result<()> {
    let mut sides: Vec<Side> = Vec::new();
    let mut ys: Vec<i64> = Vec::new();
    for ring in poly.rings() {
        let n = ring.len();
        for i in 0..n {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            push(&mut ys, a[1] as i64)?;
            if a[1] != b[1] {
                let (lo, hi) = if a[1] < b[1] { (a, b) } else { (b, a) };
                push(&mut sides, Side { lo, hi })?;
            }
        }
    }
    ys.sort_unstable();
    ys.dedup();
    sides.sort_unstable_by_key(|s| s.lo[1]);
    let mut next_side = 0;
    let mut active: Vec<Side> = Vec::new();
    let mut open: Vec<Piece> = Vec::new();
    let mut still: Vec<Piece> = Vec::new();
    for w in ys.windows(2) {
        let (y0, y1) = (w[0], w[1]);
        active.retain(|s| s.hi[1] as i64 > y0);
        while next_side < sides.len() && sides[next_side].lo[1] as i64 == y0 {
            push(&mut active, sides[next_side])?;
            next_side += 1;
        }
        // Edges never cross: their order at mid-row holds across the whole slab.
        let mid2 = (y0 + y1) as i128;
        active.sort_by(|a, b| {
            let (p, q) = (a.x_at2(mid2), b.x_at2(mid2));
            (p.num * q.den).cmp(&(q.num * p.den))
        });
        let at = |s: &Side| (s.x_at2(2 * y0 as i128), y0);
        let below = |s: &Side| (s.x_at2(2 * y1 as i128), y1);
        let mut prev = std::mem::take(&mut open).into_iter().peekable();
        for pair in active.chunks_exact(2) {
            let (l, r) = (pair[0], pair[1]);
            let (bl, br) = (at(&l), at(&r));
            // The open piece whose last cut is exactly this trapezoid's first.
            while prev.peek().is_some_and(|p| {
                let x = p.left.last().map_or(bl.0, |v| v.0);
                (x.num * bl.0.den) < (bl.0.num * x.den)
            }) {
                if let Some(p) = prev.next() {
                    p.finish(out)?;
                }
            }
            let mut joined = false;
            if let Some(p) = prev.peek_mut() {
                let (pl, pr) = (p.left[p.left.len() - 1], p.right[p.right.len() - 1]);
                let same = pl.0.eq(bl.0) && pr.0.eq(br.0) && pl.1 == y0 && !bl.0.eq(br.0);
                let (tl, tr) = (p.l.turn(&l), p.r.turn(&r));
                if same && tl >= 0 && tr <= 0 {
                    let extra = (tl != 0) as usize + (tr != 0) as usize;
                    let apex_now = below(&l).0.eq(below(&r).0) as usize;
                    // The shared cut has width, so the piece's top is no apex yet.
                    if p.corners() + extra - apex_now <= max {
                        if tl == 0 {
                            p.left.pop();
                        }
                        if tr == 0 {
                            p.right.pop();
                        }
                        push(&mut p.left, below(&l))?;
                        push(&mut p.right, below(&r))?;
                        p.l = l;
                        p.r = r;
                        joined = true;
                    }
                }
            }
            if joined {
                if let Some(p) = prev.next() {
                    push(&mut still, p)?;
                }
                continue;
            }
            let (tl, tr) = (below(&l), below(&r));
            if max == 3 && !bl.0.eq(br.0) && !tl.0.eq(tr.0) {
                // Triangles only: the trapezoid in two, along a diagonal.
                for (left, right) in [(vec![bl], vec![br, tr]), (vec![bl, tl], vec![tr])] {
                    Piece { left, right, l, r }.finish(out)?;
                }
                continue;
            }
            let mut left = Vec::new();
            let mut right = Vec::new();
            push(&mut left, bl)?;
            push(&mut left, below(&l))?;
            push(&mut right, br)?;
            push(&mut right, below(&r))?;
            push(&mut still, Piece { left, right, l, r })?;
        }
        for p in prev {
            p.finish(out)?;
        }
        std::mem::swap(&mut open, &mut still);
    }
    for p in open {
        p.finish(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`swallowed`] with no cells and no distance bound: every exact vertex of every
    /// ring against every simplified edge's region.
    fn swallowed_plain(rings: &[Simplified]) -> Vec<(u32, u32)> {
        let mut bad = Vec::new();
        for (ri, ring) in rings.iter().enumerate() {
            let (n, m) = (ring.exact.len(), ring.keep.len());
            for k in 0..m {
                let (a, b) = (ring.keep[k], ring.keep[(k + 1) % m]);
                let steps = match (b + n - a) % n {
                    1 => continue,
                    0 => n,
                    s => s,
                };
                let region: Vec<Vertex> = (0..=steps).map(|s| ring.exact[(a + s) % n]).collect();
                let hit = rings.iter().enumerate().any(|(r2, other)| {
                    other.exact.iter().enumerate().any(|(i2, &q)| {
                        let own = r2 == ri && (i2 + n - a) % n <= steps;
                        q != ring.exact[a] && q != ring.exact[b] && !own && in_region(&region, q)
                    })
                });
                if hit {
                    bad.push((ri as u32, k as u32));
                }
            }
        }
        bad
    }

    /// The cells and the distance bound of [`swallowed`] leave out only vertices that
    /// cannot be in a region: its answers equal the plain scan's, on masks whose thin
    /// stripes and specks put many vertices near long simplified edges.
    #[test]
    fn swallowed_equals_the_plain_scan() {
        let mut seed = 0x9e37_79b9u32;
        let mut tested = 0;
        for case in 0..60u32 {
            let (w, h) = (20 + case % 37, 15 + case % 23);
            let (sx, sy, period) = (1 + case % 4, 1 + case % 5, 3 + case % 6);
            let m = Mask::from_fn(w, h, |x, y| {
                seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                (x / sx + y / sy) % period < period / 2 + 1 || seed >> 28 == 0
            })
            .unwrap();
            let exact = exact_polygons(&m).unwrap();
            for epsilon in [0.7, 1.5, 3.0, 9.0] {
                let rings: Vec<Simplified> = exact
                    .iter()
                    .flat_map(|p| p.rings())
                    .map(|r| simplify_ring(&m, r, epsilon).unwrap())
                    .collect();
                let grid = VertexGrid::new(&rings).unwrap();
                let mut fast = Vec::new();
                swallowed(&rings, &grid, &mut fast).unwrap();
                assert_eq!(
                    fast,
                    swallowed_plain(&rings),
                    "case {case}, epsilon {epsilon}"
                );
                tested += fast.len();
            }
        }
        assert!(
            tested > 0,
            "no case had a swallowed vertex: the test tests nothing"
        );
        println!("swallowed: {tested} edges flagged, the same as the plain scan");
    }
}
