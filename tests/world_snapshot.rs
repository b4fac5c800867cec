//! World snapshots and stable hashes (issue 31).
//!
//! * Rollback: random worlds driven by random operations; a snapshot at a random point,
//!   N more operations with every answer recorded (created ids, errors, touching pairs,
//!   events, queries, hashes), a restore, the same operations again: the same answers.
//! * Hashes against an oracle: a model of the world kept by the test (slots, generations,
//!   free list, each body read back, touching pairs and events from
//!   `reference::world`) is hashed by a second, independent implementation of the
//!   algorithm documented on `World::state_hash` and `Mask::state_hash`; the world's hash
//!   equals the model's after every operation, and two states hash equal exactly when
//!   the models are equal.
//! * A mask edited after a snapshot leaves the snapshot as it was; a snapshot outlives its
//!   world; another world refuses it.
//! * The known mask and the known world, whose hashes every door checks against the same
//!   literals ([`KNOWN_MASK_HASH`], [`KNOWN_WORLD_HASH`]), computed here independently.

mod common;

use common::Rng;
use perpixel::reference::world as oracle;
use perpixel::{
    BodyDef, BodyId, BodyKind, Bounds2D, Error, Filter, Mask, Pair, Placement, Transform, World,
};

/// The hash of the known mask (10 x 3, pixel `(x, y)` solid when `(x + 2 y) % 3 == 0`),
/// the literal every door's test checks.
const KNOWN_MASK_HASH: u64 = 0x05aa_7de4_6146_da64;
/// The hash of the known world (see [`known_world`]), the literal every door's test checks.
const KNOWN_WORLD_HASH: u64 = 0x458e_ecd9_3665_7759;

// ---------------------------------------------------------------------------------------
// The oracle: an independent writer of the documented byte stream.

struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(14695981039346656037)
    }
    fn byte(&mut self, b: u8) {
        self.0 ^= u64::from(b);
        self.0 = self.0.wrapping_mul(1099511628211);
    }
    fn le(&mut self, v: u64, n: usize) {
        for k in 0..n {
            self.byte((v >> (8 * k)) as u8);
        }
    }
    fn float(&mut self, v: f64) {
        self.le(if v == 0.0 { 0 } else { v.to_bits() }, 8);
    }
}

/// A mask as the oracle sees it: size and pixels, row by row.
#[derive(Debug, Clone, PartialEq)]
struct Pixels {
    w: u32,
    h: u32,
    solid: Vec<bool>,
}

impl Pixels {
    fn of(m: &Mask) -> Pixels {
        let mut solid = Vec::new();
        for y in 0..m.height() {
            for x in 0..m.width() {
                solid.push(m.is_solid(x, y));
            }
        }
        Pixels {
            w: m.width(),
            h: m.height(),
            solid,
        }
    }

    /// The documented mask hash, a pixel at a time.
    fn hash(&self) -> u64 {
        let mut f = Fnv::new();
        for &c in b"PPM1" {
            f.byte(c);
        }
        f.le(self.w as u64, 4);
        f.le(self.h as u64, 4);
        for y in 0..self.h as usize {
            let mut byte = 0u8;
            for x in 0..self.w as usize {
                if self.solid[y * self.w as usize + x] {
                    byte |= 1 << (x % 8);
                }
                if x % 8 == 7 || x + 1 == self.w as usize {
                    f.byte(byte);
                    byte = 0;
                }
            }
        }
        f.0
    }
}

#[derive(Debug, Clone, PartialEq)]
struct BodyDesc {
    kind: BodyKind,
    pixel_collision: bool,
    placement: Placement,
    filter: Filter,
    user_data: u64,
    pixels: Pixels,
}

/// Everything that decides a world's future, as the test's model holds it.
#[derive(Debug, Clone, PartialEq, Default)]
struct Desc {
    slots: Vec<(u32, Option<BodyDesc>)>,
    free: Vec<u32>,
    touching: Vec<Pair>,
    begins: Vec<Pair>,
    ends: Vec<Pair>,
}

impl Desc {
    fn hash(&self) -> u64 {
        let mut f = Fnv::new();
        for &c in b"PPW1" {
            f.byte(c);
        }
        f.le(self.slots.len() as u64, 4);
        for (generation, body) in &self.slots {
            f.le(*generation as u64, 4);
            let Some(b) = body else {
                f.byte(0);
                continue;
            };
            f.byte(1);
            f.byte(if b.kind == BodyKind::Static { 0 } else { 1 });
            f.byte(b.pixel_collision as u8);
            match b.placement {
                Placement::At(x, y) => {
                    f.byte(0);
                    f.le(x as u32 as u64, 4);
                    f.le(y as u32 as u64, 4);
                }
                Placement::Transformed(t) => {
                    f.byte(1);
                    f.float(t.x);
                    f.float(t.y);
                    if let Some((px, py)) = t.pivot {
                        f.byte(1);
                        f.float(px);
                        f.float(py);
                    } else {
                        f.byte(0);
                    }
                    for v in [t.rotation_degrees, t.scale_x, t.scale_y] {
                        f.float(v);
                    }
                    f.byte(t.flip_x as u8);
                    f.byte(t.flip_y as u8);
                }
            }
            f.le(b.filter.category, 8);
            f.le(b.filter.mask, 8);
            f.le(b.filter.group as u32 as u64, 4);
            f.le(b.user_data, 8);
            f.le(b.pixels.hash(), 8);
        }
        f.le(self.free.len() as u64, 4);
        for &i in &self.free {
            f.le(i as u64, 4);
        }
        for list in [&self.touching, &self.begins, &self.ends] {
            f.le(list.len() as u64, 4);
            for p in list.iter() {
                for id in [p.a, p.b] {
                    f.le(id.index as u64, 4);
                    f.le(id.generation as u64, 4);
                }
            }
        }
        f.0
    }
}

/// The test's model of a world: slots and free list kept by the test from the calls that
/// succeeded; bodies read back from the world; pairs and events from the oracle.
#[derive(Debug, Clone, Default)]
struct Model {
    slots: Vec<(u32, bool)>,
    free: Vec<u32>,
    touching: Vec<Pair>,
    begins: Vec<Pair>,
    ends: Vec<Pair>,
}

impl Model {
    /// The id the next body gets.
    fn next_id(&self, world: u32) -> BodyId {
        match self.free.last() {
            Some(&index) => BodyId {
                index,
                generation: self.slots[index as usize].0,
                world,
            },
            None => BodyId {
                index: self.slots.len() as u32,
                generation: 0,
                world,
            },
        }
    }

    fn created(&mut self, id: BodyId) {
        if self.free.last() == Some(&id.index) {
            self.free.pop();
            self.slots[id.index as usize].1 = true;
        } else {
            self.slots.push((0, true));
        }
    }

    fn destroyed(&mut self, id: BodyId) {
        let s = &mut self.slots[id.index as usize];
        s.0 = s.0.wrapping_add(1);
        s.1 = false;
        self.free.push(id.index);
    }

    fn updated(&mut self, world: &World) {
        let now = oracle::touching(world);
        let (begins, ends) = oracle::events(&self.touching, &now);
        (self.touching, self.begins, self.ends) = (now, begins, ends);
    }

    fn desc(&self, world: &World) -> Desc {
        let slots = self
            .slots
            .iter()
            .enumerate()
            .map(|(i, &(generation, alive))| {
                let body = alive.then(|| {
                    let id = BodyId {
                        index: i as u32,
                        generation,
                        world: world.tag(),
                    };
                    let d = world.body(id).expect("a live body in the model is live");
                    BodyDesc {
                        kind: d.kind,
                        pixel_collision: d.pixel_collision,
                        placement: d.placement,
                        filter: d.filter,
                        user_data: d.user_data,
                        pixels: Pixels::of(&d.mask),
                    }
                });
                (generation, body)
            })
            .collect();
        Desc {
            slots,
            free: self.free.clone(),
            touching: self.touching.clone(),
            begins: self.begins.clone(),
            ends: self.ends.clone(),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Random worlds and operations.

fn masks(rng: &mut Rng) -> Vec<Mask> {
    let mut out = vec![
        Mask::full(8, 8).unwrap(),
        Mask::empty(3, 3).unwrap(),
        Mask::full(120, 10).unwrap(),
    ];
    for _ in 0..3 {
        let (w, h) = (rng.range(1, 70) as u32, rng.range(1, 30) as u32);
        let d = rng.below(256);
        out.push(Mask::from_fn(w, h, |_, _| rng.below(256) < d).unwrap());
    }
    out
}

fn filter(rng: &mut Rng) -> Filter {
    match rng.below(3) {
        0 => Filter::default(),
        1 => Filter {
            category: 1 << rng.below(3),
            mask: rng.below(8),
            group: 0,
        },
        _ => Filter {
            group: [-1, 1][rng.below(2) as usize],
            ..Filter::default()
        },
    }
}

fn placement(rng: &mut Rng) -> Placement {
    let (x, y) = (rng.range(-20, 120) as i32, rng.range(-20, 80) as i32);
    if rng.below(5) == 0 {
        Placement::Transformed(
            Transform::at(x as f64 + rng.below(4) as f64 * 0.25, y as f64)
                .rotated(rng.range(-180, 180) as f64),
        )
    } else {
        Placement::At(x, y)
    }
}

#[derive(Debug, Clone)]
enum Op {
    Create(BodyDef),
    /// The k-th id made so far (modulo their number), maybe stale.
    Destroy(usize),
    Move(usize, i32, i32),
    Place(usize, Placement),
    SetFilter(usize, Filter),
    SetMask(usize, Mask),
    Crater(usize, i32, i32, u32),
    Update,
    InRect(Bounds2D),
    AtPoint(i64, i64),
    Ray(i32, i32, i32, i32),
    Sweep(usize, i32, i32),
}

fn op(rng: &mut Rng, masks: &[Mask]) -> Op {
    let k = rng.below(1000) as usize;
    match rng.below(13) {
        0 | 1 => Op::Create(BodyDef {
            mask: masks[rng.below(masks.len() as u64) as usize].clone(),
            placement: placement(rng),
            pixel_collision: rng.below(4) != 0,
            kind: if rng.below(4) == 0 {
                BodyKind::Static
            } else {
                BodyKind::Moving
            },
            filter: filter(rng),
            user_data: rng.next_u64(),
        }),
        2 => Op::Destroy(k),
        3 | 4 => Op::Move(k, rng.range(-20, 120) as i32, rng.range(-20, 80) as i32),
        5 => Op::Place(k, placement(rng)),
        6 => Op::SetFilter(k, filter(rng)),
        7 => Op::SetMask(k, masks[rng.below(masks.len() as u64) as usize].clone()),
        8 => Op::Crater(
            k,
            rng.range(0, 60) as i32,
            rng.range(0, 20) as i32,
            rng.range(0, 6) as u32,
        ),
        9 => Op::InRect(Bounds2D::new(
            rng.range(-20, 120) as i32,
            rng.range(-20, 80) as i32,
            rng.range(0, 60) as i32,
            rng.range(0, 60) as i32,
        )),
        10 => Op::AtPoint(rng.range(-20, 120), rng.range(-20, 80)),
        11 => {
            let (dx, dy) =
                [(1, 0), (0, 1), (-1, 0), (0, -1), (2, 1), (-1, -3)][rng.below(6) as usize];
            if rng.below(2) == 0 {
                Op::Ray(
                    rng.range(-20, 120) as i32,
                    rng.range(-20, 80) as i32,
                    dx,
                    dy,
                )
            } else {
                Op::Sweep(
                    k,
                    dx * rng.range(1, 30) as i32,
                    dy * rng.range(1, 30) as i32,
                )
            }
        }
        _ => Op::Update,
    }
}

/// Runs `op` on `world` (and `model`, when given), returning its answer in words. `ids`
/// is every id made so far.
fn run(world: &mut World, ids: &mut Vec<BodyId>, model: Option<&mut Model>, op: &Op) -> String {
    let pick = |k: usize| ids.get(k % ids.len().max(1)).copied();
    let all = Filter::default();
    let stale = BodyId {
        index: 77,
        generation: 5,
        world: world.tag(),
    };
    match op {
        Op::Create(def) => {
            let want = model.as_ref().map(|m| m.next_id(world.tag()));
            let r = world.create_body(def.clone());
            if let (Some(m), Ok(id)) = (model, &r) {
                assert_eq!(Some(*id), want, "the model's next id");
                m.created(*id);
            }
            if let Ok(id) = r {
                ids.push(id);
            }
            format!("create {r:?}")
        }
        Op::Destroy(k) => {
            let id = pick(*k).unwrap_or(stale);
            let r = world.destroy_body(id);
            if let (Some(m), Ok(())) = (model, &r) {
                m.destroyed(id);
            }
            format!("destroy {id:?} {r:?}")
        }
        Op::Move(k, x, y) => {
            let id = pick(*k).unwrap_or(stale);
            format!("move {:?}", world.move_body(id, *x, *y))
        }
        Op::Place(k, p) => {
            let id = pick(*k).unwrap_or(stale);
            format!(
                "place {:?}",
                match p {
                    Placement::At(x, y) => world.move_body(id, *x, *y),
                    Placement::Transformed(t) => world.set_transform(id, t),
                }
            )
        }
        Op::SetFilter(k, f) => {
            let id = pick(*k).unwrap_or(stale);
            format!("filter {:?}", world.set_filter(id, *f))
        }
        Op::SetMask(k, m) => {
            let id = pick(*k).unwrap_or(stale);
            format!("mask {:?}", world.set_mask(id, m))
        }
        Op::Crater(k, x, y, r) => {
            let id = pick(*k).unwrap_or(stale);
            format!(
                "crater {:?}",
                world.edit_mask(id, |m| m.fill_circle(*x, *y, *r, false))
            )
        }
        Op::Update => {
            let r = world.update();
            if let (Some(m), Ok(())) = (model, &r) {
                m.updated(world);
                assert_eq!(world.touching(), &m.touching[..]);
                assert_eq!(world.begin_events(), &m.begins[..]);
                assert_eq!(world.end_events(), &m.ends[..]);
            }
            format!(
                "update {r:?} {:?} {:?} {:?}",
                world.touching(),
                world.begin_events(),
                world.end_events()
            )
        }
        Op::InRect(r) => format!("in_rect {:?}", world.in_rect(*r, &all)),
        Op::AtPoint(x, y) => format!("at {:?}", world.at_point(*x, *y, &all)),
        Op::Ray(x, y, dx, dy) => format!("ray {:?}", world.raycast(*x, *y, *dx, *dy, 200, &all)),
        Op::Sweep(k, dx, dy) => {
            let id = pick(*k).unwrap_or(stale);
            format!("sweep {:?}", world.sweep(id, *dx, *dy))
        }
    }
}

// ---------------------------------------------------------------------------------------

/// Rollback: snapshot, N steps recorded, restore, the same steps again give the same
/// answers, ids and hashes; the hash after the restore is the snapshot's.
#[test]
fn rollback_replays_the_same_answers() {
    let (mut cases, mut steps, mut created, mut touching) = (0, 0, 0, 0);
    for seed in 0..common::props::cases(60) as u64 {
        let mut rng = Rng::new(0x5A95 + seed);
        let masks = masks(&mut rng);
        let mut world = World::new();
        let mut ids = Vec::new();
        for _ in 0..rng.range(0, 60) {
            let o = op(&mut rng, &masks);
            run(&mut world, &mut ids, None, &o);
        }
        let saved = world.snapshot().unwrap();
        let (hash, ids_then) = (world.state_hash(), ids.clone());
        assert_eq!(saved.state_hash(), hash);
        assert_eq!(saved.len(), world.len());
        let ops: Vec<Op> = (0..rng.range(1, 80))
            .map(|_| op(&mut rng, &masks))
            .collect();
        let record = |world: &mut World, ids: &mut Vec<BodyId>| -> Vec<String> {
            ops.iter()
                .map(|o| {
                    let answer = run(world, ids, None, o);
                    format!("{answer} -> {:016x}", world.state_hash())
                })
                .collect()
        };
        let first = record(&mut world, &mut ids);
        let after_first = world.state_hash();
        // Twice: a snapshot is left as it was by a restore.
        for round in 0..2 {
            world.restore(&saved).unwrap();
            assert_eq!(world.state_hash(), hash, "seed {seed} round {round}");
            ids.clone_from(&ids_then);
            let again = record(&mut world, &mut ids);
            for (i, (a, b)) in first.iter().zip(&again).enumerate() {
                assert_eq!(
                    a, b,
                    "seed {seed}, step {i} after the restore ({:?})",
                    ops[i]
                );
            }
            assert_eq!(world.state_hash(), after_first);
        }
        cases += 1;
        steps += ops.len();
        created += first.iter().filter(|s| s.starts_with("create Ok")).count();
        touching += world.touching().len();
    }
    assert!(
        created > 50 && touching > 20,
        "{created} created, {touching} touching"
    );
    println!(
        "rollback: {cases} worlds, {steps} steps replayed twice each, {created} bodies made \
         again with the same ids, {touching} pairs touching at the ends"
    );
}

/// The world's hash is the model's, hashed by the oracle's own writer, after every
/// operation and every restore; and over all the states seen, two hash equal exactly
/// when their models are equal.
#[test]
fn hashes_follow_the_documented_algorithm_and_state_equality() {
    let (mut states, mut equal_pairs, mut unequal_pairs) = (0usize, 0usize, 0usize);
    for seed in 0..common::props::cases(40) as u64 {
        let mut rng = Rng::new(0xA5A5 + seed);
        let masks = masks(&mut rng);
        let mut world = World::new();
        let (mut ids, mut model) = (Vec::new(), Model::default());
        let mut seen: Vec<(Desc, u64)> = Vec::new();
        let mut saved: Vec<(perpixel::WorldSnapshot, Model, Vec<BodyId>)> = Vec::new();
        for step in 0..120 {
            if rng.below(12) == 0 {
                saved.push((world.snapshot().unwrap(), model.clone(), ids.clone()));
            } else if rng.below(10) == 0 && !saved.is_empty() {
                let (s, m, i) = &saved[rng.below(saved.len() as u64) as usize];
                world.restore(s).unwrap();
                (model, ids) = (m.clone(), i.clone());
            } else {
                let o = op(&mut rng, &masks);
                run(&mut world, &mut ids, Some(&mut model), &o);
            }
            let desc = model.desc(&world);
            let h = world.state_hash();
            assert_eq!(h, desc.hash(), "seed {seed} step {step}: {desc:?}");
            seen.push((desc, h));
        }
        for (i, (a, ha)) in seen.iter().enumerate() {
            for (b, hb) in &seen[..i] {
                assert_eq!(a == b, ha == hb, "seed {seed}: {a:?} vs {b:?}");
                if a == b {
                    equal_pairs += 1;
                } else {
                    unequal_pairs += 1;
                }
            }
        }
        states += seen.len();
    }
    assert!(equal_pairs > 100 && unequal_pairs > 1000);
    println!(
        "hashes: {states} states hashed by the world and by the oracle's writer; \
         {equal_pairs} equal pairs hashed equal, {unequal_pairs} unequal pairs apart"
    );
}

/// A body's mask edited after a snapshot: the snapshot keeps the pixels it saw (the edit
/// copies the shared mask), and a restore brings them back.
#[test]
fn a_mask_edited_after_a_snapshot_leaves_the_snapshot_alone() {
    let mut world = World::new();
    let ground = world
        .create_body(BodyDef {
            kind: BodyKind::Static,
            ..BodyDef::new(&Mask::full(40, 10).unwrap(), 0, 10)
        })
        .unwrap();
    let ball = world
        .create_body(BodyDef::new(&Mask::full(4, 4).unwrap(), 10, 8))
        .unwrap();
    world.update().unwrap();
    assert_eq!(world.touching().len(), 1);
    let before = Pixels::of(&world.body(ground).unwrap().mask);
    let saved = world.snapshot().unwrap();
    let hash = saved.state_hash();

    world
        .edit_mask(ground, |m| m.fill_circle(12, 0, 5, false))
        .unwrap()
        .unwrap();
    world.update().unwrap();
    assert!(world.touching().is_empty(), "the crater under the ball");
    assert_ne!(Pixels::of(&world.body(ground).unwrap().mask), before);
    assert_eq!(saved.state_hash(), hash, "the snapshot kept its pixels");

    world.restore(&saved).unwrap();
    assert_eq!(Pixels::of(&world.body(ground).unwrap().mask), before);
    assert_eq!(world.state_hash(), hash);
    world.update().unwrap();
    assert_eq!(world.touching().len(), 1);
    assert_eq!(
        (world.touching()[0].a, world.touching()[0].b),
        (ground, ball)
    );
    println!("edit after snapshot: the snapshot's mask kept, the restore brings it back");
}

/// Another world refuses a snapshot (its ids carry the other world's tag), unchanged; a
/// snapshot outlives its world.
#[test]
fn another_world_refuses_a_snapshot_and_a_snapshot_outlives_its_world() {
    let m = Mask::full(5, 5).unwrap();
    let mut a = World::new();
    a.create_body(BodyDef::new(&m, 0, 0)).unwrap();
    a.create_body(BodyDef::new(&m, 3, 0)).unwrap();
    a.update().unwrap();
    let saved = a.snapshot().unwrap();
    let hash = a.state_hash();
    assert_eq!(saved.world_tag(), a.tag());

    let mut b = World::new();
    let lone = b.create_body(BodyDef::new(&m, 50, 50)).unwrap();
    let b_hash = b.state_hash();
    let err = b.restore(&saved).unwrap_err();
    assert_eq!(
        err,
        Error::SnapshotOfAnotherWorld {
            world: a.tag(),
            this_world: b.tag()
        }
    );
    assert!(err.to_string().contains("another world"), "{err}");
    assert_eq!(b.state_hash(), b_hash);
    assert!(b.contains(lone) && b.len() == 1);

    // The same calls on another world give the same hash (the tag is not state).
    let mut c = World::new();
    c.create_body(BodyDef::new(&m, 0, 0)).unwrap();
    c.create_body(BodyDef::new(&m, 3, 0)).unwrap();
    c.update().unwrap();
    assert_eq!(c.state_hash(), hash);

    drop(a);
    drop(m);
    assert_eq!(saved.state_hash(), hash, "the snapshot outlives its world");
    assert_eq!(saved.len(), 2);
    println!("another world refuses the snapshot; the snapshot outlives its world");
}

/// The known mask of every door's test.
fn known_mask() -> Mask {
    Mask::from_fn(10, 3, |x, y| (x + 2 * y) % 3 == 0).unwrap()
}

/// The known world of every door's test: the known mask at (1, 2) (moving), a full 4 x 4
/// at (3, 3) (moving, user data 7), a full 4 x 4 at (20, 0) destroyed, one update.
fn known_world() -> World {
    let mut w = World::new();
    w.create_body(BodyDef::new(&known_mask(), 1, 2)).unwrap();
    let full = Mask::full(4, 4).unwrap();
    w.create_body(BodyDef {
        user_data: 7,
        ..BodyDef::new(&full, 3, 3)
    })
    .unwrap();
    let gone = w.create_body(BodyDef::new(&full, 20, 0)).unwrap();
    w.destroy_body(gone).unwrap();
    w.update().unwrap();
    w
}

/// The literals every door checks, here computed twice: by the library and by the
/// oracle's writer from the documented algorithm (the model of the known world written
/// out by hand).
#[test]
fn the_known_mask_and_world_hash_to_the_shared_literals() {
    let m = known_mask();
    assert_eq!(m.state_hash(), Pixels::of(&m).hash());
    assert_eq!(m.state_hash(), KNOWN_MASK_HASH, "{:#018x}", m.state_hash());

    let w = known_world();
    let id = |index| BodyId {
        index,
        generation: 0,
        world: w.tag(),
    };
    let body = |mask: &Mask, x, y, user_data| BodyDesc {
        kind: BodyKind::Moving,
        pixel_collision: true,
        placement: Placement::At(x, y),
        filter: Filter::default(),
        user_data,
        pixels: Pixels::of(mask),
    };
    let touching = vec![Pair { a: id(0), b: id(1) }];
    let desc = Desc {
        slots: vec![
            (0, Some(body(&m, 1, 2, 0))),
            (0, Some(body(&Mask::full(4, 4).unwrap(), 3, 3, 7))),
            (1, None),
        ],
        free: vec![2],
        touching: touching.clone(),
        begins: touching,
        ends: vec![],
    };
    assert_eq!(w.state_hash(), desc.hash());
    assert_eq!(w.state_hash(), KNOWN_WORLD_HASH, "{:#018x}", w.state_hash());
    println!(
        "known mask hash {:#018x}, known world hash {:#018x}, both recomputed by the oracle",
        KNOWN_MASK_HASH, KNOWN_WORLD_HASH
    );
}
