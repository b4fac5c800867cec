//! Convex pieces: trapezoids between the vertices' rows, stacked while convex.

use super::*;

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

pub(super) fn convex_pieces_into(
    poly: &Polygon,
    max: usize,
    out: &mut Vec<ConvexPiece>,
) -> Result<()> {
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
