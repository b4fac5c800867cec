//! Outlines, polygons and convex pieces of random masks, checked against the plain
//! oracle `perpixel::reference::polygon`: exact polygons rasterise back to the mask
//! (even-odd at pixel centres) and are the plain tracer's rings vertex for vertex, every
//! ring is simple, outer rings have positive area and
//! holes negative, no two rings cross and holes sit inside their outer ring; simplified
//! polygons (epsilon from the input) keep all of that except the rasterising, and stay
//! within epsilon of the exact rings; convex pieces are convex, within the vertex limit,
//! and their areas sum to their polygon's; the outline is a closed path of solid
//! 8-neighbours.
//!
//! Input layout (missing bytes read as 0): width (one byte, up to 63), height (one byte,
//! up to 47), epsilon in eighths of a pixel (one byte), the piece vertex limit (one byte,
//! 3 to 18), `every` for the outline (one byte, 1 to 8), then the mask's bits row by row.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perpixel::reference::polygon as oracle;
use perpixel::{Polygon, PolygonOptions};

#[path = "reader.rs"]
mod reader;
use reader::{Reader, mask};

fn check_rings(polys: &[Polygon], what: &str) {
    let rings: Vec<&[[i32; 2]]> = polys.iter().flat_map(|p| p.rings()).collect();
    for p in polys {
        for (j, r) in p.rings().enumerate() {
            let problems = oracle::ring_problems(r);
            assert!(problems.is_empty(), "{what}: ring {r:?}: {problems:?}");
            assert_eq!(oracle::ring_area2(r) > 0, j == 0, "{what}: orientation of {r:?}");
        }
    }
    for i in 0..rings.len() {
        for j in i + 1..rings.len() {
            let problems = oracle::rings_cross(rings[i], rings[j]);
            assert!(problems.is_empty(), "{what}: rings {i} and {j}: {problems:?}");
        }
    }
    let nesting = oracle::nesting_problems(polys);
    assert!(nesting.is_empty(), "{what}: {nesting:?}");
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    let (w, h) = ((r.u8() % 64) as u32, (r.u8() % 48) as u32);
    let epsilon = r.u8() as f64 / 8.0;
    let max = 3 + (r.u8() % 16) as u32;
    let every = 1 + (r.u8() % 8) as u32;
    let m = mask(w, h, r.0);

    let exact = m.polygons(&PolygonOptions::default()).unwrap();
    assert_eq!(oracle::rasterise(w, h, &exact), m, "exact polygons rasterise back");
    check_rings(&exact, "exact");
    let area: f64 = exact.iter().map(oracle::area).sum();
    assert_eq!(area, m.count() as f64);
    let mut rings: Vec<Vec<[i32; 2]>> =
        exact.iter().flat_map(|p| p.rings()).map(|r| r.to_vec()).collect();
    let mut traced = oracle::traced_rings(&m);
    rings.sort();
    traced.sort();
    assert_eq!(rings, traced, "exact rings are the plain tracer's");

    let options = PolygonOptions { epsilon, ..PolygonOptions::default() };
    let simplified = m.polygons(&options).unwrap();
    assert_eq!(simplified.len(), exact.len());
    for (s, e) in simplified.iter().zip(&exact) {
        assert_eq!(s.holes.len(), e.holes.len());
        for (rs, re) in s.rings().zip(e.rings()) {
            oracle::simplified_within(re, rs, epsilon).unwrap();
        }
    }
    check_rings(&simplified, "simplified");

    for p in exact.iter().chain(&simplified) {
        let pieces = p.convex_pieces(max).unwrap();
        for piece in &pieces {
            let problems = oracle::convex_problems(piece, max as usize);
            assert!(problems.is_empty(), "piece {piece:?}: {problems:?}");
        }
        let sum: f64 = pieces.iter().map(|q| perpixel::convex_piece_area(q)).sum();
        assert!((sum - p.area()).abs() <= 1e-6 * p.area().max(1.0), "pieces {sum} vs {}", p.area());
    }

    let path = m.outline(every).unwrap();
    assert_eq!(path.is_empty(), m.count() == 0);
    for p in &path {
        assert!(m.is_solid(p[0], p[1]));
    }
});
