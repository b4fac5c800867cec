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
//!   terrain cut into 512 static strips 8 px wide, under 1,000 sprites;
//! * `world/raycast_100/10000` and `world/in_rect_100/10000`: 100 world queries on the
//!   10,000-sprite frame (rays of up to 300 px from random points in random directions;
//!   64 x 64 rectangles), beside `naive_raycast_100` / `naive_in_rect_100`, the same
//!   answers from a loop over every body with `Sprite::raycast` / `Sprite::collides`
//!   (a bounds-only probe the rectangle's size).

#[path = "scenes/mod.rs"]
mod scenes;

use scenes::world as scene;

use criterion::{Criterion, criterion_group, criterion_main};
use perpixel::{BodyId, Bounds2D, Filter, Mask, RayHit, Sprite};
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

/// A ray: start, direction and length.
type Ray = (i32, i32, i32, i32, u32);

/// 100 rays and 100 64 x 64 rectangles over the scene.
fn probes() -> (Vec<Ray>, Vec<Bounds2D>) {
    let mut rng = scenes::Rng(0x5DEE_CE66_D1CE_4E5B);
    let mut at = |n: i32| rng.below(n as u64) as i32;
    let rays = (0..100)
        .map(|_| {
            let (dx, dy) = (at(21) - 10, at(21) - 10);
            let dx = if (dx, dy) == (0, 0) { 1 } else { dx };
            (at(scene::WIDTH), at(scene::HEIGHT), dx, dy, 300)
        })
        .collect();
    let rects = (0..100)
        .map(|_| Bounds2D::new(at(scene::WIDTH - 64), at(scene::HEIGHT - 64), 64, 64))
        .collect();
    (rays, rects)
}

/// The first hit of a ray among every body, by a loop over them all (nearest by steps,
/// ties to the smaller index, as `World::raycast`).
fn naive_raycast(s: &scene::Scene, (x, y, dx, dy, len): Ray) -> Option<(BodyId, RayHit)> {
    let mut best: Option<(BodyId, RayHit)> = None;
    for id in s.world.bodies() {
        if let Some(hit) = s
            .world
            .sprite(id)
            .unwrap()
            .raycast(x, y, dx, dy, len)
            .unwrap()
        {
            if best.is_none_or(|(_, h)| hit.step < h.step) {
                best = Some((id, hit));
            }
        }
    }
    best
}

/// The bodies with a solid pixel in `rect`, by a loop over them all.
fn naive_in_rect(s: &scene::Scene, probe: &Mask, rect: Bounds2D) -> Vec<BodyId> {
    let p = Sprite::bounds_only(probe, rect.x, rect.y);
    s.world
        .bodies()
        .filter(|&id| s.world.sprite(id).unwrap().collides(&p))
        .collect()
}

fn bench_queries(c: &mut Criterion) {
    let mut g = c.benchmark_group("world");
    let mut s = scene::Scene::new(10_000);
    s.step();
    s.world.update().unwrap();
    let (rays, rects) = probes();
    let probe = Mask::full(64, 64).unwrap();
    let all = Filter::default();
    let (mut hits, mut found) = (0, 0);
    for &r in &rays {
        let got = s.world.raycast(r.0, r.1, r.2, r.3, r.4, &all).unwrap();
        assert_eq!(got, naive_raycast(&s, r));
        hits += got.is_some() as usize;
    }
    for &r in &rects {
        let got = s.world.in_rect(r, &all);
        assert_eq!(got, naive_in_rect(&s, &probe, r));
        found += got.len();
    }
    println!(
        "world queries on 10,000 sprites: {hits} of 100 rays hit, {found} bodies in 100 rectangles"
    );
    g.bench_function("raycast_100/10000", |b| {
        b.iter(|| {
            rays.iter()
                .filter(|r| {
                    s.world
                        .raycast(r.0, r.1, r.2, r.3, r.4, &all)
                        .unwrap()
                        .is_some()
                })
                .count()
        })
    });
    g.bench_function("naive_raycast_100/10000", |b| {
        b.iter(|| {
            rays.iter()
                .filter(|&&r| naive_raycast(&s, r).is_some())
                .count()
        })
    });
    g.bench_function("in_rect_100/10000", |b| {
        b.iter(|| {
            rects
                .iter()
                .map(|&r| s.world.in_rect(r, &all).len())
                .sum::<usize>()
        })
    });
    g.bench_function("naive_in_rect_100/10000", |b| {
        b.iter(|| {
            rects
                .iter()
                .map(|&r| naive_in_rect(&s, &probe, r).len())
                .sum::<usize>()
        })
    });
    g.finish();
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

criterion_group!(benches, bench_world, bench_queries);
criterion_main!(benches);
