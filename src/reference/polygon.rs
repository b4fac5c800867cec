//! The polygon oracle: plain, obviously right checks of what [`crate::Mask::polygons`]
//! promises, each the direct definition and slow on purpose. [`rasterise`] fills pixel
//! centres by the even-odd rule over every ring; [`ring_problems`] tests a ring for
//! simplicity edge pair by edge pair; [`rings_cross`] tests two rings the same way, and
//! the way they turn at each vertex they share; [`area`] is the shoelace formula;
//! [`simplified_within`] checks a simplified ring against its exact ring; [`traced_rings`]
//! traces the exact rings the plain way, a unit edge per pixel side.

use crate::{Mask, Polygon, Vertex};

/// Twice the signed shoelace area of a ring.
pub fn ring_area2(ring: &[Vertex]) -> i128 {
    let n = ring.len();
    let mut sum = 0i128;
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        sum += a[0] as i128 * b[1] as i128 - b[0] as i128 * a[1] as i128;
    }
    sum
}

/// The area a polygon covers: the outer ring's area minus its holes' (absolute values,
/// so orientation does not matter here).
pub fn area(polygon: &Polygon) -> f64 {
    let outer = ring_area2(&polygon.outer).abs() as f64;
    let holes: f64 = polygon
        .holes
        .iter()
        .map(|h| ring_area2(h).abs() as f64)
        .sum();
    (outer - holes) / 2.0
}

/// The `width x height` mask of the pixels whose centre `(x + 0.5, y + 0.5)` is inside
/// an odd number of the rings (outer rings and holes alike). Each ring edge is tested
/// against each pixel centre's row: an edge crosses the row when exactly one of its ends
/// lies at or above the centre's `y`, and the centre counts the crossings strictly to its
/// left, compared exactly in integers (a centre on an edge counts it only when the
/// crossing is to its left).
pub fn rasterise(width: u32, height: u32, polygons: &[Polygon]) -> Mask {
    let rings: Vec<&[Vertex]> = polygons.iter().flat_map(|p| p.rings()).collect();
    Mask::from_fn(width, height, |x, y| {
        let (x, y) = (x as i128, y as i128);
        let mut inside = false;
        for ring in &rings {
            let n = ring.len();
            for i in 0..n {
                let (a, b) = (ring[i], ring[(i + 1) % n]);
                let (ax, ay, bx, by) = (a[0] as i128, a[1] as i128, b[0] as i128, b[1] as i128);
                // Row centre y + 0.5: an end is "above" it when its y <= y.
                if (ay <= y) == (by <= y) {
                    continue;
                }
                // Crossing x = ax + (y + 0.5 - ay) * (bx - ax) / (by - ay) = num / den.
                let mut num = 2 * ax * (by - ay) + (2 * y + 1 - 2 * ay) * (bx - ax);
                let mut den = 2 * (by - ay);
                if den < 0 {
                    num = -num;
                    den = -den;
                }
                // Crossing strictly left of x + 0.5 = (2x + 1) / 2.
                if 2 * num < (2 * x + 1) * den {
                    inside = !inside;
                }
            }
        }
        inside
    })
    .expect("a mask of the polygon's size")
}

/// `(a - o) x (b - o)`, exactly: positive when `o, a, b` turn counter-clockwise in a
/// y-up frame.
pub fn cross(o: Vertex, a: Vertex, b: Vertex) -> i128 {
    let (ax, ay) = (a[0] as i128 - o[0] as i128, a[1] as i128 - o[1] as i128);
    let (bx, by) = (b[0] as i128 - o[0] as i128, b[1] as i128 - o[1] as i128);
    ax * by - ay * bx
}

/// `(a - o) . (b - o)`, exactly.
pub fn dot(o: Vertex, a: Vertex, b: Vertex) -> i128 {
    let (ax, ay) = (a[0] as i128 - o[0] as i128, a[1] as i128 - o[1] as i128);
    let (bx, by) = (b[0] as i128 - o[0] as i128, b[1] as i128 - o[1] as i128);
    ax * bx + ay * by
}

/// Whether `p` is on the closed segment `[a, b]`.
fn on_segment(p: Vertex, a: Vertex, b: Vertex) -> bool {
    cross(a, b, p) == 0
        && p[0] >= a[0].min(b[0])
        && p[0] <= a[0].max(b[0])
        && p[1] >= a[1].min(b[1])
        && p[1] <= a[1].max(b[1])
}

/// Whether the closed segments `[a, b]` and `[c, d]` have a point in common.
pub fn segments_intersect(a: Vertex, b: Vertex, c: Vertex, d: Vertex) -> bool {
    let (d1, d2) = (cross(a, b, c).signum(), cross(a, b, d).signum());
    let (d3, d4) = (cross(c, d, a).signum(), cross(c, d, b).signum());
    (d1 * d2 < 0 && d3 * d4 < 0)
        || on_segment(c, a, b)
        || on_segment(d, a, b)
        || on_segment(a, c, d)
        || on_segment(b, c, d)
}

/// What makes `ring` not simple, in words (empty when it is simple): fewer than 3
/// vertices, a repeated vertex, three consecutive vertices on a line, consecutive edges
/// meeting beyond their shared vertex, non-consecutive edges meeting at all.
pub fn ring_problems(ring: &[Vertex]) -> Vec<String> {
    let n = ring.len();
    let mut out = Vec::new();
    if n < 3 {
        out.push(format!("{n} vertices"));
        return out;
    }
    for i in 0..n {
        for j in i + 1..n {
            if ring[i] == ring[j] {
                out.push(format!("vertex {:?} repeated at {i} and {j}", ring[i]));
            }
        }
    }
    for i in 0..n {
        let (p, c, q) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
        if cross(p, c, q) == 0 {
            out.push(format!("vertices {p:?} {c:?} {q:?} on a line"));
        }
    }
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            let (c, d) = (ring[j], ring[(j + 1) % n]);
            let consecutive = j == i + 1 || (i == 0 && j == n - 1);
            if consecutive {
                // They share one vertex; they must not run back over each other.
                let (shared, p, q) = if b == c { (b, a, d) } else { (a, b, c) };
                if cross(shared, p, q) == 0 && dot(shared, p, q) > 0 {
                    out.push(format!("edges {i} and {j} overlap"));
                }
            } else if segments_intersect(a, b, c, d) {
                out.push(format!("edges {i} {a:?}-{b:?} and {j} {c:?}-{d:?} meet"));
            }
        }
    }
    out
}

/// Whether ray `r` lies strictly inside the counter-clockwise sweep from ray `from` to
/// ray `to` (all from the same point, none zero).
fn strictly_between(from: [i128; 2], to: [i128; 2], r: [i128; 2]) -> bool {
    // Angle measured counter-clockwise from `from`, in [0, 2 pi): compare by half-turn,
    // then by the cross product.
    let half = |v: [i128; 2]| {
        let c = from[0] * v[1] - from[1] * v[0];
        let d = from[0] * v[0] + from[1] * v[1];
        if c > 0 || (c == 0 && d > 0) { 0 } else { 1 }
    };
    let less = |u: [i128; 2], v: [i128; 2]| {
        let (hu, hv) = (half(u), half(v));
        hu < hv || (hu == hv && u[0] * v[1] - u[1] * v[0] > 0)
    };
    let zero = from;
    less(zero, r) && less(r, to)
}

/// How rings `a` and `b` meet, in words (empty when they do not cross): edges that meet
/// anywhere but at a vertex of both rings, edges that overlap, and shared vertices where
/// one ring passes from one side of the other to the other side.
pub fn rings_cross(a: &[Vertex], b: &[Vertex]) -> Vec<String> {
    let mut out = Vec::new();
    let (n, m) = (a.len(), b.len());
    for i in 0..n {
        for j in 0..m {
            let (p, q) = (a[i], a[(i + 1) % n]);
            let (r, s) = (b[j], b[(j + 1) % m]);
            if !segments_intersect(p, q, r, s) {
                continue;
            }
            let shared = [(p, q, r, s), (p, q, s, r), (q, p, r, s), (q, p, s, r)]
                .into_iter()
                .find(|&(c, _, d, _)| c == d);
            match shared {
                Some((c, o1, _, o2)) => {
                    // Meeting only at the shared end: not collinear and overlapping.
                    if cross(c, o1, o2) == 0 && dot(c, o1, o2) > 0 {
                        out.push(format!("edges {p:?}-{q:?} and {r:?}-{s:?} overlap"));
                    }
                }
                None => out.push(format!("edges {p:?}-{q:?} and {r:?}-{s:?} meet")),
            }
        }
    }
    // At each shared vertex: b's two edges on the same side of a's two edges.
    for i in 0..n {
        let Some(j) = b.iter().position(|&v| v == a[i]) else {
            continue;
        };
        let c = a[i];
        let ray = |v: Vertex| [v[0] as i128 - c[0] as i128, v[1] as i128 - c[1] as i128];
        let (a1, a2) = (ray(a[(i + n - 1) % n]), ray(a[(i + 1) % n]));
        let (b1, b2) = (ray(b[(j + m - 1) % m]), ray(b[(j + 1) % m]));
        if strictly_between(a1, a2, b1) != strictly_between(a1, a2, b2) {
            out.push(format!("rings cross at their shared vertex {c:?}"));
        }
    }
    out
}

/// Checks a simplified ring against the exact ring it came from: its vertices are exact
/// vertices in the same cyclic order, and every exact vertex between two consecutive
/// simplified vertices lies within `epsilon` of the simplified edge joining them. That
/// bounds the Hausdorff distance between the two boundaries by `epsilon` both ways (each
/// edge is within `epsilon` of the exact path between its ends, which covers the edge's
/// whole length when projected onto it). Returns what failed, in words.
pub fn simplified_within(
    exact: &[Vertex],
    simplified: &[Vertex],
    epsilon: f64,
) -> Result<(), String> {
    let n = exact.len();
    let index = |v: Vertex| exact.iter().position(|&e| e == v);
    let idx: Vec<usize> = simplified
        .iter()
        .map(|&v| index(v).ok_or(format!("{v:?} is not an exact vertex")))
        .collect::<Result<_, _>>()?;
    let m = idx.len();
    let mut turns = 0;
    for k in 0..m {
        let (i, j) = (idx[k], idx[(k + 1) % m]);
        let steps = (j + n - i) % n;
        turns += steps;
        let (a, b) = (exact[i], exact[j]);
        for s in 1..steps {
            let p = exact[(i + s) % n];
            let d = point_segment_distance(p, a, b);
            if d > epsilon + 1e-9 {
                return Err(format!(
                    "exact vertex {p:?} is {d} from simplified edge {a:?}-{b:?} (epsilon {epsilon})"
                ));
            }
        }
    }
    if turns != n {
        return Err(format!(
            "simplified vertices are not in the exact ring's order ({turns} steps around a ring of {n})"
        ));
    }
    Ok(())
}

/// Euclidean distance from `p` to segment `[a, b]`, from exact integer squares: the
/// nearer end when the perpendicular from `p` misses the segment, else `|cross| / |b - a|`
/// (one rounding each for the two square roots and the quotient).
pub fn point_segment_distance(p: Vertex, a: Vertex, b: Vertex) -> f64 {
    let squared = |u: Vertex, v: Vertex| dot(u, v, v);
    if a == b || dot(a, b, p) <= 0 {
        return (squared(a, p) as f64).sqrt();
    }
    if dot(b, a, p) <= 0 {
        return (squared(b, p) as f64).sqrt();
    }
    (cross(a, b, p).abs() as f64) / (squared(a, b) as f64).sqrt()
}

/// Which sample points `(x + dx, y + dy)`, one per pixel `(x, y)` of a `width x height`
/// grid, are inside an odd number of the polygons' rings (even-odd, crossings counted in
/// `f64`): [`rasterise`] at any offset, for comparing against shapes whose vertices are
/// not on pixel corners (pick offsets no vertex or edge passes through: irrational-looking
/// ones such as 1/pi; a simple decimal such as 0.37 can fall exactly on a cut).
pub fn rasterise_at(width: u32, height: u32, polygons: &[Polygon], dx: f64, dy: f64) -> Vec<bool> {
    let rings: Vec<Vec<[f64; 2]>> = polygons
        .iter()
        .flat_map(|p| p.rings())
        .map(|r| r.iter().map(|v| [v[0] as f64, v[1] as f64]).collect())
        .collect();
    let mut out = vec![false; width as usize * height as usize];
    for y in 0..height as usize {
        for x in 0..width as usize {
            out[y * width as usize + x] = inside_rings(&rings, x as f64 + dx, y as f64 + dy);
        }
    }
    out
}

/// Even-odd: whether `(px, py)` is inside an odd number of `rings`.
fn inside_rings(rings: &[Vec<[f64; 2]>], px: f64, py: f64) -> bool {
    let mut inside = false;
    for ring in rings {
        let n = ring.len();
        for i in 0..n {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            if (a[1] <= py) != (b[1] <= py) {
                let x = a[0] + (py - a[1]) * (b[0] - a[0]) / (b[1] - a[1]);
                if x < px {
                    inside = !inside;
                }
            }
        }
    }
    inside
}

/// How many of the `pieces` hold each sample point `(x + dx, y + dy)` of a
/// `width x height` grid (row after row), each piece tested by [`rasterise_at`]'s
/// even-odd rule.
pub fn coverage(width: u32, height: u32, pieces: &[Vec<[f64; 2]>], dx: f64, dy: f64) -> Vec<u32> {
    let mut out = vec![0u32; width as usize * height as usize];
    for piece in pieces {
        let ring = std::slice::from_ref(piece);
        for y in 0..height as usize {
            for x in 0..width as usize {
                if inside_rings(ring, x as f64 + dx, y as f64 + dy) {
                    out[y * width as usize + x] += 1;
                }
            }
        }
    }
    out
}

/// What makes `piece` not a convex piece of at most `max_vertices` vertices with a
/// positive signed area, in words (empty when it is one): too few or too many vertices,
/// a repeated vertex, a turn that is not strictly left (cross product `<= 1e-9` times the
/// edges' lengths).
pub fn convex_problems(piece: &[[f64; 2]], max_vertices: usize) -> Vec<String> {
    let n = piece.len();
    let mut out = Vec::new();
    if n < 3 || n > max_vertices {
        out.push(format!("{n} vertices (3 to {max_vertices} allowed)"));
        return out;
    }
    for i in 0..n {
        let (p, c, q) = (piece[(i + n - 1) % n], piece[i], piece[(i + 1) % n]);
        let (ux, uy, vx, vy) = (c[0] - p[0], c[1] - p[1], q[0] - c[0], q[1] - c[1]);
        let turn = ux * vy - uy * vx;
        let scale = ((ux * ux + uy * uy).sqrt() * (vx * vx + vy * vy).sqrt()).max(1e-300);
        if turn / scale <= 1e-9 {
            out.push(format!(
                "not strictly convex at {c:?} ({p:?} -> {c:?} -> {q:?})"
            ));
        }
    }
    out
}

/// Where `p` is against `polygon` (even-odd over its rings): `Some(true)` inside,
/// `Some(false)` outside, `None` on a ring. Exact.
pub fn point_inside(polygon: &Polygon, p: Vertex) -> Option<bool> {
    let mut inside = false;
    for ring in polygon.rings() {
        let n = ring.len();
        for i in 0..n {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            if on_segment(p, a, b) {
                return None;
            }
            if (a[1] > p[1]) != (b[1] > p[1]) {
                // Where the edge crosses row p.y, left of p: p is on the edge's right
                // when the edge goes down (+y), on its left when it goes up.
                let c = cross(a, b, p);
                if (c < 0) == (b[1] > a[1]) {
                    inside = !inside;
                }
            }
        }
    }
    Some(inside)
}

/// What is wrong with how `polygons` nest, in words (empty when nothing is): a hole
/// vertex outside its polygon's outer ring, or a polygon's outer vertex inside another
/// polygon (vertices on a ring, shared corners, are not counted). With rings that do not
/// cross, this says each polygon's holes are inside it and no two polygons overlap.
pub fn nesting_problems(polygons: &[Polygon]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, p) in polygons.iter().enumerate() {
        let outer = Polygon {
            outer: p.outer.clone(),
            holes: Vec::new(),
        };
        for (j, h) in p.holes.iter().enumerate() {
            if let Some(v) = h.iter().find(|&&v| point_inside(&outer, v) == Some(false)) {
                out.push(format!(
                    "polygon {i}: hole {j} vertex {v:?} is outside the outer ring"
                ));
            }
        }
        for (k, q) in polygons.iter().enumerate() {
            if k == i {
                continue;
            }
            if let Some(v) = q.outer.iter().find(|&&v| point_inside(p, v) == Some(true)) {
                out.push(format!(
                    "polygon {k}: outer vertex {v:?} is inside polygon {i}"
                ));
            }
        }
    }
    out
}

/// Every ring of the exact polygons, traced the plain way: each solid pixel's sides that
/// face an empty pixel (or the mask's edge) become unit edges, directed so the solid
/// pixel lies on their right as drawn on a y-down screen (the top side runs left to
/// right), stored in a map from start corner to end corners; edges are then chained
/// corner to corner. Where two edges leave one corner (two solid pixels touching only at
/// that corner), the chain turns towards the solid pixel it arrived along, keeping that
/// pixel's sides together (solid pixels are 4-connected). A chain that passes a corner
/// twice (empty space meeting itself there) is cut into two rings at it. Straight runs are merged into one edge, and each ring starts at its
/// top-left corner (lowest `y`, then lowest `x`). Returned in no particular order: the
/// oracle of the exact rings' vertices, not of their grouping into polygons.
pub fn traced_rings(mask: &Mask) -> Vec<Vec<Vertex>> {
    use std::collections::HashMap;
    let (w, h) = (mask.width() as i32, mask.height() as i32);
    let solid =
        |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h && mask.is_solid(x as u32, y as u32);
    let mut next: HashMap<Vertex, Vec<Vertex>> = HashMap::new();
    let mut edge = |a: Vertex, b: Vertex| next.entry(a).or_default().push(b);
    for y in 0..h {
        for x in 0..w {
            if !solid(x, y) {
                continue;
            }
            if !solid(x, y - 1) {
                edge([x, y], [x + 1, y]);
            }
            if !solid(x + 1, y) {
                edge([x + 1, y], [x + 1, y + 1]);
            }
            if !solid(x, y + 1) {
                edge([x + 1, y + 1], [x, y + 1]);
            }
            if !solid(x - 1, y) {
                edge([x, y + 1], [x, y]);
            }
        }
    }
    let mut starts: Vec<Vertex> = next.keys().copied().collect();
    starts.sort_by_key(|v| (v[1], v[0]));
    let mut rings = Vec::new();
    for start in starts {
        while next.get(&start).is_some_and(|outs| !outs.is_empty()) {
            // Trace one ring from `start` (the lowest corner with an edge left, so the
            // ring's top-left corner), taking at each corner the edge that turns right
            // (towards the solid side) when there is a choice.
            let mut ring = vec![start];
            let mut at = start;
            let mut dir: Option<Vertex> = None;
            loop {
                let outs = next.get_mut(&at).expect("a traced corner has an edge out");
                let pick = match dir {
                    Some(d) if outs.len() > 1 => {
                        // Right turn on a y-down screen: (dx, dy) -> (-dy, dx).
                        let right = [-d[1], d[0]];
                        outs.iter()
                            .position(|b| [b[0] - at[0], b[1] - at[1]] == right)
                            .expect("two edges out of a corner: one turns right")
                    }
                    _ => 0,
                };
                let to = outs.swap_remove(pick);
                dir = Some([to[0] - at[0], to[1] - at[1]]);
                at = to;
                if at == start {
                    break;
                }
                ring.push(at);
            }
            split_pinches(ring, &mut rings);
        }
    }
    rings
}

/// Pushes a traced ring onto `out`, cut into simple rings at every corner it passes
/// twice (an empty pocket closed by a corner contact, two holes touching at a corner),
/// each rotated to start at its top-left corner with its straight runs merged.
fn split_pinches(ring: Vec<Vertex>, out: &mut Vec<Vec<Vertex>>) {
    for j in 1..ring.len() {
        if let Some(i) = ring[..j].iter().position(|&v| v == ring[j]) {
            // ring[i] == ring[j]: the loop i..j is one ring, the rest another.
            let inner = ring[i..j].to_vec();
            let mut rest = ring[..i].to_vec();
            rest.extend_from_slice(&ring[j..]);
            split_pinches(inner, out);
            split_pinches(rest, out);
            return;
        }
    }
    let top_left = (0..ring.len())
        .min_by_key(|&i| (ring[i][1], ring[i][0]))
        .expect("a ring has vertices");
    let mut ring = ring;
    ring.rotate_left(top_left);
    out.push(merge_straight(ring));
}

/// A closed ring of unit steps with the vertices in the middle of straight runs removed,
/// still starting at its first vertex (a corner: the top-left one turns).
fn merge_straight(ring: Vec<Vertex>) -> Vec<Vertex> {
    let n = ring.len();
    (0..n)
        .filter(|&i| {
            let (p, v, q) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            cross(p, v, q) != 0
        })
        .map(|i| ring[i])
        .collect()
}
