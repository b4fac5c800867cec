//! Simplification: Douglas-Peucker on each ring, then vertices put back where edges cross;
//! and the exact geometry on vertices it uses, its own (the oracle, `reference/polygon.rs`,
//! keeps its own: nothing is shared with what judges this code).

use super::*;

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
    let (ex, ey) = (ax + t * dx - px, ay + t * dy - py);
    (ex * ex + ey * ey).sqrt()
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
pub(super) fn simplify(mask: &Mask, exact: &[Polygon], epsilon: f64) -> Result<Vec<Polygon>> {
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
