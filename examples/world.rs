//! A world of moving sprites over a hilly terrain, timed: `World::update` beside the naive
//! all-pairs loop of `Sprite::collides` on the same frames (both must give the same pairs).
//!
//! `cargo run --release --example world -- --sprites 1000 [--frames 100] [--tiles 1]`
//! (`--tiles K`: the terrain as K static column strips instead of one body)

#[path = "../benches/scenes/mod.rs"]
mod scenes;

use scenes::world as scene;

use std::time::{Duration, Instant};

fn arg(args: &[String], name: &str, default: usize) -> usize {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(|v| v.parse().expect("a number"))
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n = arg(&args, "--sprites", 1000);
    let frames = arg(&args, "--frames", 100);
    // The naive loop is O(n^2): time it on fewer frames when n is large.
    let tiles = arg(&args, "--tiles", 1) as u32;
    let naive_every = arg(&args, "--naive-every", if n > 2000 { 20 } else { 1 }).max(1);
    let mut s = scene::Scene::tiled(n, tiles);
    let (mut world_t, mut naive_t) = (Vec::new(), Vec::new());
    let (mut pairs, mut begins, mut ends) = (0usize, 0usize, 0usize);
    s.world.update().unwrap();
    for f in 0..frames {
        s.step();
        let t = Instant::now();
        s.world.update().unwrap();
        world_t.push(t.elapsed());
        pairs += s.world.touching().len();
        begins += s.world.begin_events().len();
        ends += s.world.end_events().len();
        if f % naive_every == 0 {
            let t = Instant::now();
            let naive = s.naive();
            naive_t.push(t.elapsed());
            assert_eq!(
                naive,
                s.touching(),
                "frame {f}: the world and the naive loop differ"
            );
        }
    }
    let stats = |v: &mut Vec<Duration>| {
        v.sort();
        (v[0], v[v.len() / 2])
    };
    let (wmin, wmed) = stats(&mut world_t);
    let (nmin, nmed) = stats(&mut naive_t);
    let per = |x: usize| x as f64 / frames as f64;
    println!(
        "{n} moving sprites (16-64 px) over a {}x{} static terrain in {} bodies, {frames} frames",
        scene::WIDTH,
        scene::HEIGHT,
        s.statics.len()
    );
    println!(
        "per update: {:.1} touching pairs, {:.1} begin and {:.1} end events",
        per(pairs),
        per(begins),
        per(ends)
    );
    println!("World::update         min {wmin:>10.3?}  median {wmed:>10.3?}");
    println!(
        "naive all-pairs loop  min {nmin:>10.3?}  median {nmed:>10.3?}  ({} frames, same pairs)",
        naive_t.len()
    );
    println!(
        "ratio (median naive / median world): {:.1}x",
        nmed.as_secs_f64() / wmed.as_secs_f64()
    );
}
