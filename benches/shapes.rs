//! Criterion benchmarks of the shape tools, each beside its per-pixel oracle in
//! `perpixel::reference::shape`: `cargo bench --bench shapes`.
//!
//! Two scenes:
//!
//! * `sprite`: a 512 x 512 sprite: a round body with holes, limbs and a few loose specks
//!   (a dozen components);
//! * `terrain`: a 4096 x 1024 level: hills along the whole width, caves under them,
//!   floating islands and loose rocks above (about 80 components).
//!
//! Per scene: `components_labels` (the label image), `components_masks` (full-size masks,
//! pygame's), `grow_4` (a disc of radius 4), `centroid_angle` (both), `scale` (the sprite
//! to 700 x 300, the terrain to 1024 x 256); and `convolve_32_by_64` (a 32 x 32 disc by a
//! 64 x 64 sprite). Each `fast/...` has a `reference/...` twin.
//!
//! Medians on a quiet machine (AMD EPYC Zen 4, 2026-11-23, `-- --warm-up-time 1
//! --measurement-time 3`):
//!
//! | | sprite 512 x 512 | | terrain 4096 x 1024 | |
//! |---|---|---|---|---|
//! | | fast | reference | fast | reference |
//! | components_labels | 26 us | 1.6 ms (61x) | 333 us | 38.7 ms (116x) |
//! | components_masks | 37 us | 3.8 ms (102x) | 10.8 ms | 166 ms (15x) |
//! | grow_4 (disc) | 29 us | 25.7 ms (880x) | 255 us | 338 ms (1330x) |
//! | centroid_angle | 38 us | 615 us (16x) | 213 us | 11.4 ms (53x) |
//! | scale | 8.1 us | 446 us (55x) | 13.3 us | 851 us (64x) |
//!
//! convolve_32_by_64: 30 us against 1.85 ms (61x; 58 us before runs were smeared in
//! one pass per doubling). The terrain's component masks are
//! full-size masks (pygame's convention): allocating and summarising them is most of it.

use criterion::{Criterion, criterion_group, criterion_main};
use perpixel::reference::shape as oracle;
use perpixel::{ComponentOptions, Mask, MorphOptions};
use std::hint::black_box;

/// A round body with two holes, four limbs and loose specks.
fn sprite() -> Mask {
    Mask::from_fn(512, 512, |x, y| {
        let (dx, dy) = (x as i64 - 256, y as i64 - 256);
        let body = dx * dx + dy * dy <= 180 * 180;
        let hole = (dx + 60).pow(2) + (dy + 40).pow(2) <= 30 * 30
            || (dx - 70).pow(2) + (dy - 50).pow(2) <= 22 * 22;
        let limb = (dx.abs() < 14 && dy.abs() < 240) || (dy.abs() < 14 && dx.abs() < 240);
        let speck = x % 97 < 3 && y % 89 < 3 && (x < 40 || y < 40 || x > 470 || y > 470);
        (body && !hole) || limb || speck
    })
    .unwrap()
}

/// Hills, caves, islands and rocks across 4096 x 1024 (y down: the ground is below).
fn terrain() -> Mask {
    let surface = |x: f64| {
        600.0 + 120.0 * (x / 310.0).sin() + 60.0 * (x / 97.0 + 1.0).sin() + 20.0 * (x / 23.0).cos()
    };
    Mask::from_fn(4096, 1024, |x, y| {
        let (fx, fy) = (x as f64, y as f64);
        let ground = fy >= surface(fx);
        // Caves: ellipses every 300 px, 80 px under the surface.
        let cx = ((x / 300) * 300 + 150) as f64;
        let cy = surface(cx) + 80.0 + 40.0 * ((x / 300) % 3) as f64;
        let cave = ((fx - cx) / 90.0).powi(2) + ((fy - cy) / 30.0).powi(2) <= 1.0;
        // Floating islands every 512 px, rocks on a grid.
        let ix = ((x / 512) * 512 + 256) as f64;
        let island = ((fx - ix) / 70.0).powi(2) + ((fy - 250.0) / 12.0).powi(2) <= 1.0;
        let rock = x % 257 < 4 && y % 53 < 4 && y < 200;
        (ground && !cave) || island || rock
    })
    .unwrap()
}

fn bench_scene(c: &mut Criterion, name: &str, m: &Mask, scale_to: (u32, u32)) {
    let options = ComponentOptions::default();
    let grow = MorphOptions::default();
    let n = m.component_labels(&options).unwrap().len();
    println!(
        "{name}: {}x{}, {} solid, {n} components",
        m.width(),
        m.height(),
        m.count()
    );
    let mut g = c.benchmark_group(format!("fast/{name}"));
    g.bench_function("components_labels", |b| {
        b.iter(|| black_box(m).component_labels(&options).unwrap())
    });
    g.bench_function("components_masks", |b| {
        b.iter(|| black_box(m).connected_components(&options).unwrap())
    });
    g.bench_function("grow_4", |b| {
        b.iter(|| black_box(m).grow(4, &grow).unwrap())
    });
    g.bench_function("centroid_angle", |b| {
        b.iter(|| (black_box(m).centroid(), black_box(m).angle()))
    });
    g.bench_function("scale", |b| {
        b.iter(|| black_box(m).scale(scale_to.0, scale_to.1).unwrap())
    });
    g.finish();

    let mut g = c.benchmark_group(format!("reference/{name}"));
    g.sample_size(10);
    g.bench_function("components_labels", |b| {
        b.iter(|| oracle::component_labels(black_box(m), &options))
    });
    g.bench_function("components_masks", |b| {
        b.iter(|| oracle::connected_components(black_box(m), &options))
    });
    g.bench_function("grow_4", |b| {
        b.iter(|| oracle::grow(black_box(m), 4, &grow))
    });
    g.bench_function("centroid_angle", |b| {
        b.iter(|| (oracle::centroid(black_box(m)), oracle::angle(black_box(m))))
    });
    g.bench_function("scale", |b| {
        b.iter(|| oracle::scale(black_box(m), scale_to.0, scale_to.1))
    });
    g.finish();
}

fn bench_shapes(c: &mut Criterion) {
    bench_scene(c, "sprite_512", &sprite(), (700, 300));
    bench_scene(c, "terrain_4096x1024", &terrain(), (1024, 256));

    let small = Mask::from_fn(32, 32, |x, y| {
        (x as i64 - 16).pow(2) + (y as i64 - 16).pow(2) <= 15 * 15
    })
    .unwrap();
    let big = sprite().scale(64, 64).unwrap();
    let mut g = c.benchmark_group("fast/convolve");
    g.bench_function("convolve_32_by_64", |b| {
        b.iter(|| black_box(&small).convolve(black_box(&big)).unwrap())
    });
    g.finish();
    let mut g = c.benchmark_group("reference/convolve");
    g.sample_size(10);
    g.bench_function("convolve_32_by_64", |b| {
        b.iter(|| oracle::convolve(black_box(&small), black_box(&big)))
    });
    g.finish();
}

// Criterion's defaults; the reference groups take 10 samples. For a short run:
// `cargo bench --bench shapes -- --warm-up-time 1 --measurement-time 2`.
criterion_group!(benches, bench_shapes);
criterion_main!(benches);
