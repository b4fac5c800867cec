//! Criterion benchmarks of `World::update`: `cargo bench --bench world`.
//!
//! The scene (benches/scenes/world.rs): N moving sprites of 16-64 px (discs and random
//! blobs, a fixed seed) over a 4096 x 1024 static hilly terrain, every sprite moved each
//! frame with `move_bodies` (not timed), then:
//!
//! * `world/update/N`: one `World::update` (broad phase, pixel tests, sorted pairs, events),
//!   for N = 100, 1,000 and 10,000;
//! * `world/naive_all_pairs/N`: the baseline, every pair of bodies tested with
//!   `Sprite::collides` (which answers from the boxes first) on the same frame; for
//!   10,000 sprites that is 50M pairs, measured with the fewest samples criterion allows;
//! * `world/update_512_statics/1000` and `world/naive_all_pairs_512_statics/1000`: the
//!   terrain cut into 512 static strips 8 px wide, under 1,000 sprites.

#[path = "scenes/mod.rs"]
mod scenes;

use scenes::world as scene;

use criterion::{Criterion, criterion_group, criterion_main};
use std::time::{Duration, Instant};

/// `iters` frames: each moves the sprites (not timed) and updates the world (timed).
fn updates(s: &mut scene::Scene, iters: u64) -> Duration {
    let mut t = Duration::ZERO;
    for _ in 0..iters {
        s.step();
        let start = Instant::now();
        s.world.update().unwrap();
        t += start.elapsed();
    }
    t
}

fn bench_world(c: &mut Criterion) {
    let mut g = c.benchmark_group("world");
    for n in [100usize, 1_000, 10_000] {
        let mut s = scene::Scene::new(n);
        s.world.update().unwrap();
        // Same pairs from both, checked once before timing.
        s.step();
        s.world.update().unwrap();
        assert_eq!(s.touching(), s.naive());
        g.bench_function(format!("update/{n}"), |b| {
            b.iter_custom(|iters| updates(&mut s, iters))
        });
        if n >= 10_000 {
            g.sample_size(10).measurement_time(Duration::from_secs(1));
        }
        g.bench_function(format!("naive_all_pairs/{n}"), |b| b.iter(|| s.naive()));
    }
    // Many static bodies: the terrain as 512 strips 8 px wide, under 1,000 sprites.
    g.sample_size(100).measurement_time(Duration::from_secs(5));
    let mut s = scene::Scene::tiled(1_000, 512);
    s.world.update().unwrap();
    g.bench_function("update_512_statics/1000", |b| {
        b.iter_custom(|iters| updates(&mut s, iters))
    });
    g.bench_function("naive_all_pairs_512_statics/1000", |b| b.iter(|| s.naive()));
    g.finish();
}

criterion_group!(benches, bench_world);
criterion_main!(benches);
