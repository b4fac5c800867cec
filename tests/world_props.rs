//! The world against its oracle: random worlds (shared masks, static and moving bodies,
//! bounds-only and transformed ones, filters with categories and groups) driven through
//! random operations (moves, batched moves, creates, destroys, mask, filter and transform
//! changes, stale ids); after every update the touching pairs equal
//! `reference::world::touching` and the events the difference from the previous update;
//! the world queries equal their brute-force counterparts. On every kernel path.
//!
//! Runs under its own `main` (harness = false) so `cargo test` prints how many cases ran.

mod common;

use common::Rng;
use perpixel::reference::{self, world as oracle};
use perpixel::{
    BodyDef, BodyId, BodyKind, Bounds2D, Filter, Mask, Placement, Sweep, Transform, World, kernels,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

/// Which worlds the properties make: [`NEAR`] (bodies within a few hundred pixels),
/// [`SPREAD`] (clusters tens of thousands of pixels apart: a sparse grid), [`DENSE`]
/// (hundreds of small bodies piled up: thousands of touching pairs).
static KIND: AtomicU8 = AtomicU8::new(NEAR);
const NEAR: u8 = 0;
const SPREAD: u8 = 1;
const DENSE: u8 = 2;

/// A random position for the current kind of world.
fn pos(rng: &mut Rng) -> (i32, i32) {
    match KIND.load(Relaxed) {
        SPREAD => {
            let (cx, cy) = [(-60_000, 0), (0, 45_000), (70_000, -30_000)][rng.below(3) as usize];
            (
                cx + rng.range(-60, 60) as i32,
                cy + rng.range(-60, 60) as i32,
            )
        }
        DENSE => (rng.range(0, 80) as i32, rng.range(0, 50) as i32),
        _ => (rng.range(-40, 200) as i32, rng.range(-40, 120) as i32),
    }
}

/// What the random worlds held, printed at the end so a weak generator shows: touching
/// pairs, begin and end events, updates, ray and sweep hits.
static PAIRS: AtomicU64 = AtomicU64::new(0);
static BEGINS: AtomicU64 = AtomicU64::new(0);
static ENDS: AtomicU64 = AtomicU64::new(0);
static UPDATES: AtomicU64 = AtomicU64::new(0);
static QUERY_HITS: AtomicU64 = AtomicU64::new(0);
static RECT_HITS: AtomicU64 = AtomicU64::new(0);
static MOST_PAIRS: AtomicU64 = AtomicU64::new(0);

/// A few masks the bodies share: random ones of several sizes, a full block, a ring, a
/// wide terrain strip, an empty one.
fn masks(rng: &mut Rng) -> Vec<Mask> {
    let mut out = Vec::new();
    for _ in 0..4 {
        let (w, h) = (rng.range(1, 90) as u32, rng.range(1, 40) as u32);
        let d = rng.below(256);
        out.push(Mask::from_fn(w, h, |_, _| rng.below(256) < d).unwrap());
    }
    out.push(Mask::full(8, 8).unwrap());
    out.push(
        Mask::from_fn(20, 20, |x, y| {
            let d = (x as i32 - 10).pow(2) + (y as i32 - 10).pow(2);
            (49..=100).contains(&d)
        })
        .unwrap(),
    );
    out.push(
        Mask::from_fn(300, 40, |x, y| {
            y as f64 >= 20.0 + 12.0 * (x as f64 / 17.0).sin()
        })
        .unwrap(),
    );
    out.push(Mask::empty(5, 5).unwrap());
    out
}

fn filter(rng: &mut Rng) -> Filter {
    match rng.below(4) {
        0 => Filter::default(),
        1 => Filter {
            category: 1 << rng.below(3),
            mask: rng.below(8),
            group: 0,
        },
        2 => Filter {
            group: [-1, 1, 2][rng.below(3) as usize],
            ..Filter::default()
        },
        _ => Filter {
            category: 1 << rng.below(3),
            mask: u64::MAX,
            group: rng.range(-1, 1) as i32,
        },
    }
}

fn placement(rng: &mut Rng) -> Placement {
    let (x, y) = pos(rng);
    if rng.below(5) == 0 {
        Placement::Transformed(
            Transform::at(x as f64 + rng.below(4) as f64 * 0.25, y as f64)
                .rotated(rng.range(-180, 180) as f64),
        )
    } else {
        Placement::At(x, y)
    }
}

fn def(rng: &mut Rng, masks: &[Mask]) -> BodyDef {
    BodyDef {
        mask: if KIND.load(Relaxed) == DENSE && rng.below(4) != 0 {
            // Mostly the full 8x8 block: piled up, thousands of pairs.
            masks[4].clone()
        } else {
            masks[rng.below(masks.len() as u64) as usize].clone()
        },
        placement: placement(rng),
        pixel_collision: rng.below(6) != 0,
        kind: if rng.below(5) == 0 {
            BodyKind::Static
        } else {
            BodyKind::Moving
        },
        filter: filter(rng),
        user_data: rng.next_u64(),
    }
}

/// Checks the world's last update against the oracle, given the previous pairs.
fn check_update(world: &World, before: &[perpixel::Pair]) -> Result<(), TestCaseError> {
    let want = oracle::touching(world);
    prop_assert_eq!(world.touching(), &want[..], "touching pairs");
    let (begins, ends) = oracle::events(before, &want);
    prop_assert_eq!(world.begin_events(), &begins[..], "begin events");
    prop_assert_eq!(world.end_events(), &ends[..], "end events");
    PAIRS.fetch_add(want.len() as u64, Relaxed);
    MOST_PAIRS.fetch_max(want.len() as u64, Relaxed);
    BEGINS.fetch_add(begins.len() as u64, Relaxed);
    ENDS.fetch_add(ends.len() as u64, Relaxed);
    UPDATES.fetch_add(1, Relaxed);
    Ok(())
}

/// The world queries against brute force over the bodies.
fn check_queries(world: &World, rng: &mut Rng, masks: &[Mask]) -> Result<(), TestCaseError> {
    let f = filter(rng);
    let ids: Vec<BodyId> = world.bodies().collect();
    // Overlapping a probe sprite.
    let probe = &masks[rng.below(masks.len() as u64) as usize];
    let (qx, qy) = pos(rng);
    let ps = perpixel::Sprite::new(probe, qx, qy);
    let want: Vec<BodyId> = ids
        .iter()
        .copied()
        .filter(|&id| {
            world.body(id).unwrap().filter.allows(&f)
                && reference::collides(&world.sprite(id).unwrap(), &ps)
        })
        .collect();
    prop_assert_eq!(world.overlapping(&ps, &f), want, "overlapping");
    // At a point.
    let (px, py) = pos(rng);
    let (px, py) = (
        px as i64 + rng.range(-20, 60),
        py as i64 + rng.range(-20, 40),
    );
    let want: Vec<BodyId> = ids
        .iter()
        .copied()
        .filter(|&id| {
            world.body(id).unwrap().filter.allows(&f)
                && reference::motion::solid_at(&world.sprite(id).unwrap(), px, py)
        })
        .collect();
    prop_assert_eq!(world.at_point(px, py, &f), want, "at_point");
    // In a rectangle: small ones near the bodies, empty ones (zero or negative sides)
    // and huge ones (edges past i32).
    let (rx, ry) = pos(rng);
    let rect = match rng.below(6) {
        0 => Bounds2D::new(rx, ry, rng.range(-3, 1) as i32, rng.range(-3, 40) as i32),
        1 => Bounds2D::new(i32::MIN, i32::MIN, i32::MAX, i32::MAX),
        2 => Bounds2D::new(
            rx - 30,
            ry - 30,
            i32::MAX - rng.below(3) as i32,
            rng.range(1, i32::MAX as i64) as i32,
        ),
        _ => Bounds2D::new(
            rx + rng.range(-20, 20) as i32,
            ry + rng.range(-20, 20) as i32,
            rng.range(1, 70) as i32,
            rng.range(1, 50) as i32,
        ),
    };
    let want = oracle::in_rect(world, rect, &f);
    RECT_HITS.fetch_add(want.len() as u64, Relaxed);
    prop_assert_eq!(world.in_rect(rect, &f), want, "in_rect {:?}", rect);
    // A ray: the nearest hit by steps, ties to the smaller index.
    let (dx, dy) = loop {
        let d = (rng.range(-5, 5) as i32, rng.range(-5, 5) as i32);
        if d != (0, 0) {
            break d;
        }
    };
    let max = rng.below(300) as u32;
    let (rx, ry) = (px as i32, py as i32);
    let mut want = None;
    for &id in &ids {
        if !world.body(id).unwrap().filter.allows(&f) {
            continue;
        }
        let s = world.sprite(id).unwrap();
        if let Some(h) = reference::motion::raycast(&s, rx, ry, dx, dy, max).unwrap() {
            if want.is_none_or(|(_, k): (BodyId, u64)| h.step < k) {
                want = Some((id, h.step));
            }
        }
    }
    let got = world.raycast(rx, ry, dx, dy, max, &f).unwrap();
    prop_assert_eq!(got.map(|(id, h)| (id, h.step)), want, "raycast");
    QUERY_HITS.fetch_add(want.is_some() as u64, Relaxed);
    // A sweep of one body.
    if let Some(&mover) = ids.get(rng.below(ids.len().max(1) as u64) as usize) {
        let (sx, sy) = (rng.range(-60, 60) as i32, rng.range(-60, 60) as i32);
        let md = world.body(mover).unwrap();
        let ms = world.sprite(mover).unwrap();
        let mut want: Option<(BodyId, u64)> = None;
        for &id in &ids {
            if id == mover || !md.filter.allows(&world.body(id).unwrap().filter) {
                continue;
            }
            let step = match reference::sweep(&ms, &world.sprite(id).unwrap(), sx, sy).unwrap() {
                Sweep::Clear => continue,
                Sweep::StartsTouching { .. } => 0,
                Sweep::Hit(h) => h.step,
            };
            if want.is_none_or(|(_, k)| step < k) {
                want = Some((id, step));
            }
        }
        let got = world.sweep(mover, sx, sy).unwrap().map(|(id, s)| {
            (
                id,
                match s {
                    Sweep::Hit(h) => h.step,
                    _ => 0,
                },
            )
        });
        prop_assert_eq!(got, want, "sweep of {:?} by ({}, {})", mover, sx, sy);
        QUERY_HITS.fetch_add(want.is_some() as u64, Relaxed);
    }
    Ok(())
}

/// One random world driven through `steps` rounds of operations and updates.
fn check_world(&(seed, steps): &(u64, u32)) -> Result<(), TestCaseError> {
    let mut rng = Rng::new(seed);
    let masks = masks(&mut rng);
    let mut world = World::new();
    let mut ids = Vec::new();
    let mut dead = Vec::new();
    let bodies = if KIND.load(Relaxed) == DENSE {
        rng.range(260, 340)
    } else {
        rng.range(0, 24)
    };
    for _ in 0..bodies {
        ids.push(world.create_body(def(&mut rng, &masks)).unwrap());
    }
    let mut before = Vec::new();
    for _ in 0..steps {
        for _ in 0..rng.range(0, 8) {
            let op = rng.below(9);
            let pick = |rng: &mut Rng, ids: &Vec<BodyId>| {
                (!ids.is_empty()).then(|| ids[rng.below(ids.len() as u64) as usize])
            };
            match op {
                0 | 1 => {
                    if let Some(id) = pick(&mut rng, &ids) {
                        let (x, y) = pos(&mut rng);
                        world.move_body(id, x, y).unwrap();
                        prop_assert_eq!(world.sprite(id).unwrap().x, x);
                    }
                }
                2 => {
                    let moved: Vec<BodyId> =
                        ids.iter().copied().filter(|_| rng.below(2) == 0).collect();
                    let to: Vec<(i32, i32)> = moved.iter().map(|_| pos(&mut rng)).collect();
                    world.move_bodies(&moved, &to).unwrap();
                }
                3 => ids.push(world.create_body(def(&mut rng, &masks)).unwrap()),
                4 => {
                    if !ids.is_empty() {
                        let id = ids.swap_remove(rng.below(ids.len() as u64) as usize);
                        world.destroy_body(id).unwrap();
                        dead.push(id);
                    }
                }
                5 => {
                    if let Some(id) = pick(&mut rng, &ids) {
                        world.set_filter(id, filter(&mut rng)).unwrap();
                    }
                }
                6 => {
                    if let Some(id) = pick(&mut rng, &ids) {
                        let m = &masks[rng.below(masks.len() as u64) as usize];
                        if rng.below(2) == 0 {
                            world.set_mask(id, m).unwrap();
                        } else {
                            // An edit of the body's own mask (a crater and a tunnel, and a
                            // third of the pixels thinned out): the masks it shares storage
                            // with keep theirs.
                            let count = |w: &World| {
                                w.bodies()
                                    .map(|b| w.body(b).unwrap().mask.count())
                                    .sum::<u64>()
                            };
                            let (shared, others) = (m.count(), count(&world));
                            let was = world.body(id).unwrap().mask.count();
                            let now = world
                                .edit_mask(id, |b| {
                                    let (w, h) = (b.width() as i32, b.height() as i32);
                                    b.fill_circle(w / 2, 0, (w / 3) as u32, false).unwrap();
                                    b.draw_line(0, h / 2, w, h / 3, 1, false).unwrap();
                                    *b = Mask::from_fn(b.width(), b.height(), |x, y| {
                                        b.is_solid(x, y) && (x + y) % 3 != 0
                                    })
                                    .unwrap();
                                    b.count()
                                })
                                .unwrap();
                            prop_assert_eq!(m.count(), shared);
                            prop_assert_eq!(count(&world), others - was + now);
                        }
                    }
                }
                7 => {
                    if let Some(id) = pick(&mut rng, &ids) {
                        let t = Transform::at(pos(&mut rng).0 as f64, pos(&mut rng).1 as f64)
                            .rotated(rng.range(-90, 90) as f64);
                        world.set_transform(id, &t).unwrap();
                    }
                }
                _ => {
                    // A stale id: refused by every call, nothing changes.
                    if let Some(&id) = dead.last() {
                        prop_assert!(!world.contains(id));
                        prop_assert!(world.move_body(id, 0, 0).is_err());
                        prop_assert!(world.destroy_body(id).is_err());
                        prop_assert!(world.set_filter(id, Filter::default()).is_err());
                        prop_assert!(world.sprite(id).is_err());
                        prop_assert!(world.sweep(id, 1, 1).is_err());
                        let live: Vec<BodyId> = ids.iter().copied().take(2).collect();
                        let mut batch = live.clone();
                        batch.push(id);
                        let before_pos: Vec<_> =
                            live.iter().map(|&l| world.sprite(l).unwrap().x).collect();
                        let to = vec![(7, 7); batch.len()];
                        prop_assert!(world.move_bodies(&batch, &to).is_err());
                        let after_pos: Vec<_> =
                            live.iter().map(|&l| world.sprite(l).unwrap().x).collect();
                        prop_assert_eq!(before_pos, after_pos, "a refused batch moved bodies");
                    }
                }
            }
        }
        prop_assert_eq!(world.len(), ids.len());
        world.update().unwrap();
        check_update(&world, &before)?;
        before = world.touching().to_vec();
        check_queries(&world, &mut rng, &masks)?;
    }
    Ok(())
}

/// Written cases: the errors a world gives whatever it holds.
fn written() -> u32 {
    let mut checks = 0;
    let empty = World::new();
    // A (0, 0) ray is an error even when no body is there to test it against.
    assert!(empty.raycast(0, 0, 0, 0, 10, &Filter::default()).is_err());
    assert!(
        empty
            .raycast(0, 0, 1, 0, 10, &Filter::default())
            .unwrap()
            .is_none()
    );
    checks += 2;
    // A sweep leaving i32 is an error even with no other body.
    let mut w = World::new();
    let m = Mask::full(2, 2).unwrap();
    let id = w.create_body(BodyDef::new(&m, i32::MAX - 1, 0)).unwrap();
    assert!(w.sweep(id, 5, 0).is_err());
    assert!(w.sweep(id, -5, 0).unwrap().is_none());
    // Stale ids: a destroyed body's id, and an index never made.
    w.destroy_body(id).unwrap();
    let again = w.create_body(BodyDef::new(&m, 0, 0)).unwrap();
    assert_eq!(again.index, id.index);
    assert_ne!(again.generation, id.generation);
    assert!(matches!(
        w.move_body(id, 0, 0),
        Err(perpixel::Error::StaleBody { .. })
    ));
    let never = BodyId {
        index: 7,
        generation: 0,
        world: w.tag(),
    };
    assert!(matches!(
        w.sprite(never),
        Err(perpixel::Error::StaleBody { .. })
    ));
    checks += 5;
    checks
}

fn main() {
    println!("world_props: {} written checks", written());
    let n = common::props::cases(60);
    let paths = kernels::available_paths();
    let mut results = Vec::new();
    let (spread, dense) = (n / 2, (n / 15).max(3));
    for &path in &paths {
        let p = path.name();
        kernels::with_path(path, || {
            for (kind, what, cases, steps) in [
                (NEAR, "random worlds", n, 1u32..8),
                (
                    SPREAD,
                    "clusters far apart (a sparse grid)",
                    spread,
                    1u32..6,
                ),
                (DENSE, "hundreds of bodies piled up", dense, 1u32..3),
            ] {
                KIND.store(kind, Relaxed);
                results.push(common::props::run(
                    &format!("world_props: [{p}] {what}: updates and queries vs the oracle"),
                    cases,
                    (any::<u64>(), steps),
                    check_world,
                ));
            }
        });
    }
    println!(
        "world_props: {} updates held {} touching pairs (at most {} in one), {} begin and {} \
         end events; {} ray and sweep hits, {} bodies found in rectangles (all paths)",
        UPDATES.load(Relaxed),
        PAIRS.load(Relaxed),
        MOST_PAIRS.load(Relaxed),
        BEGINS.load(Relaxed),
        ENDS.load(Relaxed),
        QUERY_HITS.load(Relaxed),
        RECT_HITS.load(Relaxed)
    );
    // The piled-up worlds must reach the pair count where the update radix-sorts its
    // pairs (2,048), or that path went untested.
    assert!(
        MOST_PAIRS.load(Relaxed) >= 2048,
        "no update had 2,048 pairs: the dense worlds are too thin"
    );
    let run = paths.len() as u64 * (n + spread + dense) as u64;
    common::props::summary("world_props", &results, run);
}
