//! Criterion benchmarks of the mask transforms that return a new mask:
//! `cargo bench --bench transforms`.
//!
//! On a 2048 x 2048 noise mask (each pixel solid with probability 1/2), throughput in
//! bytes of mask bits (`2048 * 2048 / 8`):
//!
//! * `transforms/flip_x`, `flip_y`, `transpose`, `rotate_quarter_1`, `rotate_quarter_2`;
//! * `transforms/scale_integer_2x`: a 1024 x 1024 noise mask scaled to 2048 x 2048;
//! * `floor/copy_words`: a plain copy of the same number of bytes into a new allocation,
//!   the memory-bound floor (`Mask::clone` shares the bits, so it is no floor, and the
//!   deep copy is not public API);
//! * `baseline/rotate_quarter_1_per_pixel`: the same turn built pixel by pixel with
//!   `Mask::from_fn` reading `is_solid`.
//!
//! Every transform includes building its result's caches (derived from the source's for
//! the mirrors and quarter turns, `finish()` for upscaling).

#[path = "scenes/mod.rs"]
mod scenes;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use perpixel::Mask;
use std::hint::black_box;
use std::time::Duration;

const SIDE: u32 = 2048;

fn bench_transforms(c: &mut Criterion) {
    let m = scenes::noise(SIDE, 7);
    let bytes = SIDE as u64 * SIDE as u64 / 8;

    let mut g = c.benchmark_group("transforms");
    g.throughput(Throughput::Bytes(bytes));
    g.bench_function("flip_x", |b| b.iter(|| black_box(&m).flip_x().unwrap()));
    g.bench_function("flip_y", |b| b.iter(|| black_box(&m).flip_y().unwrap()));
    g.bench_function("transpose", |b| {
        b.iter(|| black_box(&m).transpose().unwrap())
    });
    g.bench_function("rotate_quarter_1", |b| {
        b.iter(|| black_box(&m).rotate_quarter(1).unwrap())
    });
    g.bench_function("rotate_quarter_2", |b| {
        b.iter(|| black_box(&m).rotate_quarter(2).unwrap())
    });
    let half = scenes::noise(SIDE / 2, 11);
    g.bench_function("scale_integer_2x", |b| {
        b.iter(|| black_box(&half).scale_integer(2, 2).unwrap())
    });
    g.finish();

    let mut g = c.benchmark_group("floor");
    g.throughput(Throughput::Bytes(bytes));
    let words: Vec<u64> = (0..bytes / 8).map(|i| i.wrapping_mul(0x9E37)).collect();
    g.bench_function("copy_words", |b| b.iter(|| black_box(&words).clone()));
    g.finish();

    let mut g = c.benchmark_group("baseline");
    g.throughput(Throughput::Bytes(bytes));
    g.sample_size(10);
    g.bench_function("rotate_quarter_1_per_pixel", |b| {
        b.iter(|| {
            let m = black_box(&m);
            let h = m.height();
            Mask::from_fn(h, m.width(), |x, y| m.is_solid(y, h - 1 - x)).unwrap()
        })
    });
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_transforms
}
criterion_main!(benches);
