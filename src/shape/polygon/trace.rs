//! Exact rings: tracing pixel edges (see `Mask::polygons`).

use super::*;

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
