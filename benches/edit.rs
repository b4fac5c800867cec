//! Criterion benchmarks of editing masks in place: `cargo bench --bench edit`.
//!
//! * `edit/crater/*`: a crater (a filled circle of radius 16 cleared) blown into a
//!   4096 x 1024 hilly terrain, then one `collides` query of a 16 x 16 sprite at the
//!   crater: `fill_circle` (the incremental caches), `erase` of a radius-16 disc mask,
//!   the same erase followed by a full cache recompute (what `finish()` costs after
//!   every edit without the incremental updates), and `rebuild_from_fn`, the per-pixel
//!   baseline: the whole terrain built again with the crater in it (`Mask::from_fn`).
//!   The craters move along the surface, 64 places in turn.
//! * `edit/sprite_512/*`: a 512 x 512 sprite: `fill_rect` of 64 x 64, `draw` of a
//!   128 x 128 disc at an unaligned offset, and the oracle's per-pixel
//!   `reference::edit::draw` (a new mask built pixel by pixel) beside them.
//! * `edit/convert_512/*`: conversions of a 512 x 512 sprite: `to_bytes` and
//!   `from_bytes`, `to_pixels` (RGBA8) and building it back with `from_pixels`,
//!   `from_color_range` on the same RGBA8 pixels.

use criterion::{Criterion, criterion_group, criterion_main};
use perpixel::reference::edit as oracle;
use perpixel::{Bounds2D, ColorRange, Mask, MaskOptions, PixelFormat, Sprite};
use std::hint::black_box;
use std::time::Duration;

const W: u32 = 4096;
const H: u32 = 1024;

/// The terrain's surface height at column `x`: rolling hills, integer only.
fn surface(x: u32) -> u32 {
    let t = (x % 512) as i64 - 256;
    (500 + t * t / 300 + (x as i64 / 37 % 13) * 3) as u32
}

fn terrain() -> Mask {
    Mask::from_fn(W, H, |x, y| y >= surface(x)).unwrap()
}

/// Crater `i`'s centre: on the surface, 64 places along it.
fn crater_at(i: u64) -> (i32, i32) {
    let x = 32 + (i % 64) as u32 * 63;
    (x as i32, surface(x) as i32 + 4)
}

fn disc(r: u32) -> Mask {
    let mut m = Mask::empty(2 * r + 1, 2 * r + 1).unwrap();
    m.fill_circle(r as i32, r as i32, r, true).unwrap();
    m
}

fn crater(c: &mut Criterion) {
    let mut g = c.benchmark_group("edit/crater");
    g.warm_up_time(Duration::from_secs(1));
    let probe = Mask::full(16, 16).unwrap();
    let hole = disc(16);
    let query = |m: &Mask, (x, y): (i32, i32)| {
        black_box(Sprite::new(m, 0, 0).collides(&Sprite::new(&probe, x - 8, y - 8)))
    };
    let mut i = 0u64;
    type Edit = fn(&mut Mask, &Mask, (i32, i32));
    let edits: [(&str, Edit); 3] = [
        ("fill_circle_then_collides", |m, _, at| {
            m.fill_circle(at.0, at.1, 16, false).unwrap()
        }),
        ("erase_disc_then_collides", |m, hole, at| {
            m.erase(hole, at.0 - 16, at.1 - 16).unwrap()
        }),
        ("erase_disc_full_recompute_then_collides", |m, hole, at| {
            m.erase(hole, at.0 - 16, at.1 - 16).unwrap();
            m.recompute_caches().unwrap();
        }),
    ];
    for (name, edit) in edits {
        let mut m = terrain();
        g.bench_function(name, |b| {
            b.iter(|| {
                let at = crater_at(i);
                i += 1;
                edit(&mut m, &hole, at);
                query(&m, at)
            })
        });
    }
    g.sample_size(10);
    g.bench_function("rebuild_from_fn_then_collides", |b| {
        b.iter(|| {
            let at = crater_at(i);
            i += 1;
            let (cx, cy) = (at.0 as i64, at.1 as i64);
            let m = Mask::from_fn(W, H, |x, y| {
                let (dx, dy) = (x as i64 - cx, y as i64 - cy);
                y >= surface(x) && dx * dx + dy * dy > 16 * 16 + 16
            })
            .unwrap();
            query(&m, at)
        })
    });
    g.finish();
}

fn sprite_512(c: &mut Criterion) {
    let mut g = c.benchmark_group("edit/sprite_512");
    g.warm_up_time(Duration::from_secs(1));
    let base = Mask::from_fn(512, 512, |x, y| (x ^ y) % 7 < 3).unwrap();
    let ball = disc(63);
    let mut m = base.clone();
    let mut solid = false;
    g.bench_function("fill_rect_64x64", |b| {
        b.iter(|| {
            solid = !solid;
            m.fill_rect(Bounds2D::new(100, 200, 64, 64), solid).unwrap();
            black_box(m.count())
        })
    });
    let mut m = base.clone();
    g.bench_function("draw_disc_127_at_37_41", |b| {
        b.iter(|| {
            m.draw(&ball, 37, 41).unwrap();
            black_box(m.count())
        })
    });
    g.sample_size(10);
    g.bench_function("reference_draw_disc_127", |b| {
        b.iter(|| black_box(oracle::draw(&base, &ball, 37, 41).count()))
    });
    g.finish();
}

fn convert_512(c: &mut Criterion) {
    let mut g = c.benchmark_group("edit/convert_512");
    g.warm_up_time(Duration::from_secs(1));
    let m = Mask::from_fn(512, 512, |x, y| (x ^ y) % 7 < 3).unwrap();
    let bytes = m.to_bytes().unwrap();
    let rgba = m
        .to_pixels(PixelFormat::Rgba8, [200, 30, 30, 255], [0, 0, 0, 0])
        .unwrap();
    g.bench_function("to_bytes", |b| b.iter(|| black_box(m.to_bytes().unwrap())));
    g.bench_function("from_bytes", |b| {
        b.iter(|| black_box(Mask::from_bytes(512, 512, black_box(&bytes)).unwrap()))
    });
    g.bench_function("to_pixels_rgba8", |b| {
        b.iter(|| {
            black_box(
                m.to_pixels(PixelFormat::Rgba8, [200, 30, 30, 255], [0, 0, 0, 0])
                    .unwrap(),
            )
        })
    });
    g.bench_function("from_pixels_rgba8", |b| {
        b.iter(|| black_box(Mask::from_rgba8(&rgba, 512, 512, &MaskOptions::default()).unwrap()))
    });
    let reds = ColorRange::within([200, 30, 30, 255], [20, 20, 20, 1]);
    g.bench_function("from_color_range_rgba8", |b| {
        b.iter(|| {
            black_box(
                Mask::from_color_range(&rgba, PixelFormat::Rgba8, 512, 512, 2048, reds).unwrap(),
            )
        })
    });
    g.finish();
}

criterion_group!(benches, crater, sprite_512, convert_512);
criterion_main!(benches);
