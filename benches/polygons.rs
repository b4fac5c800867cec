//! Criterion benchmarks of outlines, polygons and convex pieces:
//! `cargo bench --bench polygons`.
//!
//! * `polygons/exact_*`, `simplified_*` (epsilon 1 px), `convex_*` (epsilon 1 px, at most
//!   8 vertices: Box2D), `outline_*` (pygame's `outline(1)`), on a 512 x 512 sprite (a
//!   round body with eye holes, ears and a ragged fringe) and a 4096 x 1024 terrain (hills
//!   over a cave system);
//! * `polygons/simplified_3_stripes_4096x1024`: epsilon 3 on 225 diagonal stripes
//!   spanning a 4096 x 1024 mask (160,020 exact vertices, 1,314 simplified);
//! * `baseline/traced_rings_*`: the same exact rings traced the plain way
//!   (`reference::polygon::traced_rings`: a unit edge per solid pixel side facing empty,
//!   in a hash map, chained corner to corner), beside `polygons/exact_*`;
//! * `baseline/rasterise_check_128`: the oracle's check that exact polygons rasterise back
//!   (`reference::polygon::rasterise`, even-odd over every edge at every pixel centre), on
//!   a 128 x 128 sprite, beside `polygons/exact_128` building those polygons.
//!
//! Figures on the development machine (2 shared cores, `-- --warm-up-time 1
//! --measurement-time 2`, medians): sprite 512 (5 polygons, 6 holes, 1,948 exact vertices,
//! 326 simplified, 170 pieces): exact 68 us, simplified 239 us, convex 368 us, outline
//! 14 us; terrain 4096 x 1024 (1 polygon, 101 holes, 16,656 exact vertices, 2,372
//! simplified, 1,778 pieces): exact 0.82 ms, simplified 2.0 ms, convex 3.5 ms, outline
//! 79 us; exact 128 12.3 us against the oracle's rasterise check 7.5 ms (about 610x).

use criterion::{Criterion, criterion_group, criterion_main};
use perpixel::reference::polygon as oracle;
use perpixel::{Mask, PolygonOptions};
use std::hint::black_box;

/// A `side x side` sprite: a disc with two eye holes, two ears and a ragged fringe.
fn sprite(side: u32) -> Mask {
    let s = side as f64;
    Mask::from_fn(side, side, |x, y| {
        let (x, y) = (x as f64 / s, y as f64 / s);
        let d = |cx: f64, cy: f64| ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
        let fringe = 0.02 * ((x * 91.0).sin() + (y * 67.0).cos());
        let body = d(0.5, 0.55) < 0.38 + fringe;
        let ears = d(0.25, 0.2) < 0.1 || d(0.75, 0.2) < 0.1;
        let eyes = d(0.38, 0.48) < 0.05 || d(0.62, 0.48) < 0.05;
        (body || ears) && !eyes
    })
    .unwrap()
}

/// A 4096 x 1024 terrain: rolling hills, solid below, with caves carved out.
fn terrain() -> Mask {
    Mask::from_fn(4096, 1024, |x, y| {
        let (fx, fy) = (x as f64, y as f64);
        let surface = 380.0 + 120.0 * (fx / 173.0).sin() + 45.0 * (fx / 41.0).cos();
        let cave = (fx / 37.0).sin() * (fy / 23.0).cos() + 0.6 * ((fx + 2.0 * fy) / 51.0).sin();
        fy >= surface && cave < 0.9
    })
    .unwrap()
}

fn bench_polygons(c: &mut Criterion) {
    let exact = PolygonOptions::default();
    let simplified = PolygonOptions {
        epsilon: 1.0,
        ..PolygonOptions::default()
    };
    let mut g = c.benchmark_group("polygons");
    g.sample_size(10);
    for (name, m) in [
        ("sprite_512", sprite(512)),
        ("terrain_4096x1024", terrain()),
    ] {
        let polys = m.polygons(&exact).unwrap();
        let simple = m.polygons(&simplified).unwrap();
        let count = |p: &[perpixel::Polygon]| {
            p.iter()
                .flat_map(|p| p.rings())
                .map(|r| r.len())
                .sum::<usize>()
        };
        eprintln!(
            "{name}: {} polygons, {} holes, {} exact vertices, {} simplified, {} convex pieces",
            polys.len(),
            polys.iter().map(|p| p.holes.len()).sum::<usize>(),
            count(&polys),
            count(&simple),
            m.convex_pieces(&simplified).unwrap().len()
        );
        g.bench_function(format!("exact_{name}"), |b| {
            b.iter(|| black_box(&m).polygons(&exact).unwrap())
        });
        g.bench_function(format!("simplified_{name}"), |b| {
            b.iter(|| black_box(&m).polygons(&simplified).unwrap())
        });
        g.bench_function(format!("convex_{name}"), |b| {
            b.iter(|| black_box(&m).convex_pieces(&simplified).unwrap())
        });
        g.bench_function(format!("outline_{name}"), |b| {
            b.iter(|| black_box(&m).outline(1).unwrap())
        });
    }
    // Diagonal stripes across the whole terrain: long simplified edges beside many
    // vertices of the neighbouring stripes (this took 35 s before the swallowed-vertex
    // check looked only near each edge).
    let stripes = Mask::from_fn(4096, 1024, |x, y| (x / 3 + y / 5) % 7 < 4).unwrap();
    let coarse = PolygonOptions {
        epsilon: 3.0,
        ..PolygonOptions::default()
    };
    g.bench_function("simplified_3_stripes_4096x1024", |b| {
        b.iter(|| black_box(&stripes).polygons(&coarse).unwrap())
    });
    let small = sprite(128);
    g.bench_function("exact_128", |b| {
        b.iter(|| black_box(&small).polygons(&exact).unwrap())
    });
    g.finish();

    let polys = small.polygons(&exact).unwrap();
    let mut g = c.benchmark_group("baseline");
    g.sample_size(10);
    for (name, m) in [
        ("sprite_512", sprite(512)),
        ("terrain_4096x1024", terrain()),
    ] {
        g.bench_function(format!("traced_rings_{name}"), |b| {
            b.iter(|| oracle::traced_rings(black_box(&m)))
        });
    }
    g.bench_function("rasterise_check_128", |b| {
        b.iter(|| oracle::rasterise(128, 128, black_box(&polys)) == small)
    });
    g.finish();
}

criterion_group!(benches, bench_polygons);
criterion_main!(benches);
