//! The world kinds of the corpus beyond create, move, destroy, set_mask, update and
//! in_rect (FORMAT.md, "World sequences: transforms, filters, batches, queries"): bodies
//! created transformed and `set_transform`, `set_filter`, `move_bodies`, and the queries
//! `at_point`, `overlapping`, `raycast`, `sweep`, `contact` and `body` (with the body's
//! mask).
//!
//! The generator keeps its own record of every body (its mask, placement, filter, kind,
//! whether it lives and where), places transformed bodies with the oracle of
//! `reference::transformed` and answers every query from the pair and motion oracles of
//! `perpixel::reference` over that record, in the world's documented order (index order;
//! ties of rays and sweeps to the smaller index). The library's `World` runs beside it
//! only to hand out the ids (their indices give that order) and to be checked: after
//! every change the world's sprites must be the record's, and every status it returns
//! must be the one the record predicts.

use super::{Masks, Rng, Writer, text};
use perpixel::reference;
use perpixel::reference::motion;
use perpixel::reference::transformed as rt;
use perpixel::{
    BodyDef, BodyId, BodyKind, Bounds2D, Filter, Mask, Placement, PushDirection, Sprite, Sweep,
    Transform, World,
};

/// A body of these sequences, as the generator records it.
struct Rec {
    label: String,
    world: usize,
    id: BodyId,
    alive: bool,
    mask: usize,
    pixels: bool,
    is_static: bool,
    filter: Filter,
    /// The shape the queries see: the mask itself at `(x, y)`, or the oracle's raster.
    shape: Mask,
    sx: i32,
    sy: i32,
}

impl Rec {
    fn sprite(&self) -> Sprite<'_> {
        Sprite {
            mask: &self.shape,
            x: self.sx,
            y: self.sy,
            pixel_collision: self.pixels,
        }
    }
}

/// What a placement gives: the shape and its corner (a transformed body's raster from
/// the oracle: the pixels whose centres land in a solid texel, or in the rectangle when
/// bounds-only), `Ok(None)` when no pixel centre lands in it (not in the oracle: the
/// generator skips those), or the status every door must give.
fn place(
    w: &Writer,
    mask: usize,
    transform: Option<&Transform>,
    x: i32,
    y: i32,
    pixels: bool,
) -> Result<Option<(Mask, i32, i32)>, String> {
    let m = &w.masks[mask].mask;
    let Some(t) = transform else {
        return Ok(Some((m.clone(), x, y)));
    };
    // Statuses the oracle does not model (FORMAT.md): a raster past the size limit
    // (refused before any work: the oracle would walk it), a raster's corner past int32
    // (the oracle's boxes are int32).
    if t.scale_x.abs() >= 1e4 || t.scale_y.abs() >= 1e4 {
        return Err("error PP_ERR_TOO_LARGE".into());
    }
    let s = rt::TransformedSprite::new(m, t, pixels).map_err(|e| text::error(&e))?;
    if t.x.abs() >= 2147483648.0 || t.y.abs() >= 2147483648.0 {
        return Err("error PP_ERR_OVERFLOW".into());
    }
    let Some(b) = s.bounds else {
        return Ok(None);
    };
    let r = Mask::from_fn(b.width as u32, b.height as u32, |x, y| {
        s.covers(b.x as i64 + x as i64, b.y as i64 + y as i64)
    })
    .unwrap();
    Ok(Some((r, b.x, b.y)))
}

/// The sequences' state: the worlds (two a round), the records and the labels' numbering.
struct Seq {
    worlds: Vec<World>,
    recs: Vec<Rec>,
    first_label: usize,
    /// Each world's touching pairs at its last update (the oracle's).
    before: Vec<Vec<perpixel::Pair>>,
}

impl Seq {
    fn label_of(&self, id: BodyId) -> &str {
        &self
            .recs
            .iter()
            .find(|r| r.id == id)
            .expect("a labelled body")
            .label
    }

    fn list(&self, mut ids: Vec<BodyId>) -> String {
        ids.sort();
        let mut out = ids.len().to_string();
        for id in ids {
            out += &format!(" {}", self.label_of(id));
        }
        out
    }

    /// The live bodies of world `wi`, in index order.
    fn live(&self, wi: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.recs.len())
            .filter(|&k| self.recs[k].alive && self.recs[k].world == wi)
            .collect();
        v.sort_by_key(|&k| self.recs[k].id);
        v
    }

    /// The status of using body `k` in world `wi`, from the record.
    fn status(&self, k: usize, wi: usize) -> Option<String> {
        if self.recs[k].world != wi {
            Some("error PP_ERR_WRONG_WORLD".into())
        } else if !self.recs[k].alive {
            Some("error PP_ERR_STALE_BODY".into())
        } else {
            None
        }
    }

    /// Checks that the world's bodies are the record's (shape, corner, filter, kind).
    fn check(&self, wi: usize) {
        let world = &self.worlds[wi];
        let live = self.live(wi);
        assert_eq!(world.len(), live.len(), "world {wi}: the live bodies");
        for k in live {
            let r = &self.recs[k];
            let s = world.sprite(r.id).expect("a live body");
            assert!(
                s.mask == &r.shape && (s.x, s.y) == (r.sx, r.sy),
                "{}: the world places it as the oracle does",
                r.label
            );
            let d = world.body(r.id).unwrap();
            assert_eq!(d.filter, r.filter, "{}", r.label);
            assert_eq!(d.kind == BodyKind::Static, r.is_static, "{}", r.label);
        }
    }
}

fn filter_text(f: &Filter) -> String {
    format!("{} {} {}", f.category, f.mask, f.group)
}

fn random_filter(rng: &mut Rng) -> Filter {
    Filter {
        category: rng.pick(&[1u64, 2, 4]),
        mask: rng.pick(&[u64::MAX, !2u64, 5]),
        group: rng.pick(&[0, 0, 0, 1, -1]),
    }
}

/// A transform a game uses, small enough to stay near its position.
fn random_transform(rng: &mut Rng, x: i32, y: i32) -> Transform {
    let mut t = Transform::at(
        x as f64 + rng.range(0, 7) as f64 / 8.0,
        y as f64 + rng.range(0, 3) as f64 / 4.0,
    );
    t = match rng.range(0, 3) {
        0 => t.rotated(90.0 * rng.range(-2, 2) as f64),
        1 => t.rotated(rng.range(-1800, 1800) as f64 / 10.0),
        2 => t.scaled(
            rng.pick(&[1.0, 0.5, 1.5, 2.0, -1.0]),
            rng.pick(&[1.0, 0.75, 2.0, -1.0]),
        ),
        _ => t.flipped(rng.chance(50), rng.chance(50)),
    };
    if rng.chance(30) {
        t = t.with_pivot(rng.range(0, 8) as f64, rng.range(0, 8) as f64 / 2.0);
    }
    t
}

/// Transforms every door must refuse: not a number, a zero scale, an infinite angle and
/// a translation past the fixed-point range (the oracle's `PP_ERR_INVALID_TRANSFORM`), a
/// raster past the size limit and one whose corner lands at 2^31 (the contract's).
fn bad_transforms() -> [Transform; 6] {
    [
        Transform::at(f64::NAN, 0.0),
        Transform::at(0.0, 0.0).scaled(0.0, 1.0),
        Transform::at(0.0, 0.0).rotated(f64::INFINITY),
        Transform::at(0.0, -2147483904.0),
        Transform::at(0.0, 0.0).scaled(1e5, 1e5),
        Transform::at(2147483648.0, 0.0),
    ]
}

/// The world sequences of the kinds this file adds.
pub(super) fn world_kinds(w: &mut Writer, masks: &Masks) {
    w.comment("world sequences: bodies created transformed, set_transform, set_filter,");
    w.comment("move_bodies, at_point, overlapping, raycast, sweep, contact, body (with its mask):");
    w.comment("answers composed from the pair and motion oracles of perpixel::reference");
    // Its own generator, so the cases before stay as they are when these change.
    let saved = std::mem::replace(&mut w.rng, Rng::new(3101));
    // Names clear of the first world sequences' (labels and names need not be dense).
    let mut seq = Seq {
        worlds: Vec::new(),
        recs: Vec::new(),
        first_label: 1000,
        before: Vec::new(),
    };
    // Masks with pixels to turn (the oracle's raster of a 0-wide mask is not one), and
    // small ones for the motion oracles.
    let turnable: Vec<usize> = masks
        .all
        .iter()
        .copied()
        .filter(|&k| {
            let m = &w.masks[k].mask;
            m.width() > 0 && m.height() > 0 && m.width() <= 40 && m.height() <= 40
        })
        .collect();
    for round in 0..6usize {
        let wi = [100 + 2 * round, 101 + 2 * round];
        while seq.worlds.len() <= wi[1] {
            seq.worlds.push(World::new());
            seq.before.push(Vec::new());
        }
        for i in wi {
            w.case("world_new", &format!("w{i}"), "ok");
        }
        // Rounds 4 and 5 sit at the ends of int32.
        let (ox, oy) = match round {
            4 => (i32::MAX - 120, i32::MIN + 10),
            5 => (i32::MIN + 5, i32::MAX - 110),
            _ => (0, 0),
        };
        round_steps(w, &mut seq, masks, &turnable, wi, (ox, oy), round);
    }
    let wi = [112, 113];
    while seq.worlds.len() <= wi[1] {
        seq.worlds.push(World::new());
        seq.before.push(Vec::new());
    }
    for i in wi {
        w.case("world_new", &format!("w{i}"), "ok");
    }
    edges(w, &mut seq, masks, wi);
    w.rng = saved;
}

fn round_steps(
    w: &mut Writer,
    seq: &mut Seq,
    masks: &Masks,
    turnable: &[usize],
    wi: [usize; 2],
    (ox, oy): (i32, i32),
    round: usize,
) {
    let near = |rng: &mut Rng, lo: i64, hi: i64| {
        (
            (ox as i64 + rng.range(lo, hi)).clamp(i32::MIN as i64, i32::MAX as i64) as i32,
            (oy as i64 + rng.range(lo, hi)).clamp(i32::MIN as i64, i32::MAX as i64) as i32,
        )
    };
    let steps = if round < 4 { 90 } else { 50 };
    for step in 0..steps {
        let live = seq.live(wi[0]);
        let roll = if step < 4 || live.len() < 2 {
            0
        } else {
            w.rng.range(0, 99)
        };
        if roll < 22 {
            let (x, y) = near(&mut w.rng, 0, 50);
            let target = wi[if w.rng.chance(90) { 0 } else { 1 }];
            let transformed = w.rng.chance(45);
            let k = if transformed {
                w.rng.pick(turnable)
            } else {
                w.rng.pick(&masks.all)
            };
            let pixels = !w.rng.chance(15);
            let is_static = w.rng.chance(20);
            let filter = random_filter(&mut w.rng);
            let t = transformed.then(|| {
                if w.rng.chance(12) {
                    w.rng.pick(&bad_transforms())
                } else {
                    random_transform(&mut w.rng, x, y)
                }
            });
            let def = Def {
                mask: k,
                transform: t,
                x,
                y,
                pixels,
                is_static,
                filter,
            };
            create(w, seq, target, &def);
            seq.check(wi[0]);
            continue;
        }
        // A body to act on: live in this world mostly, else stale or another world's.
        let any: Vec<usize> = (0..seq.recs.len()).collect();
        let pick = if w.rng.chance(85) {
            w.rng.pick(&live)
        } else {
            w.rng.pick(&any)
        };
        match roll {
            22..=29 => {
                // set_transform (now and then one every door refuses).
                let (x, y) = near(&mut w.rng, 0, 50);
                let t = if w.rng.chance(15) {
                    w.rng.pick(&bad_transforms())
                } else {
                    random_transform(&mut w.rng, x, y)
                };
                set_transform(w, seq, wi[0], pick, &t);
            }
            30..=35 => {
                let f = random_filter(&mut w.rng);
                set_filter(w, seq, wi[0], pick, f);
            }
            36..=43 => {
                let mut batch = Vec::new();
                for _ in 0..w.rng.range(0, 4) {
                    let k = if w.rng.chance(12) {
                        w.rng.pick(&any)
                    } else {
                        w.rng.pick(&live)
                    };
                    let (x, y) = near(&mut w.rng, -5, 50);
                    batch.push((k, x, y));
                }
                move_bodies(w, seq, wi[0], &batch);
            }
            44..=48 => destroy(w, seq, wi[0], pick),
            49..=51 => {
                // A move to the very ends of int32, or near the others.
                let (x, y) = if w.rng.chance(30) {
                    (
                        w.rng.pick(&[i32::MIN, i32::MAX, ox]),
                        w.rng.pick(&[i32::MIN, i32::MAX, oy]),
                    )
                } else {
                    near(&mut w.rng, -5, 50)
                };
                move_body(w, seq, wi[0], pick, x, y);
            }
            52..=59 => update(w, seq, wi[0]),
            60..=65 => {
                let (x, y) = near(&mut w.rng, -3, 60);
                let f = query_filter(&mut w.rng);
                // Now and then one past the ends of int32 (the query takes 64-bit
                // coordinates).
                let x = x as i64 + w.rng.chance(10) as i64 * 2 * x.signum() as i64;
                at_point(w, seq, wi[0], x, y as i64, &f);
            }
            66..=71 => {
                let probe = Probe {
                    mask: w.rng.pick(&masks.all),
                    at: near(&mut w.rng, -5, 55),
                    pixels: !w.rng.chance(20),
                };
                let f = query_filter(&mut w.rng);
                overlapping(w, seq, wi[0], &probe, &f);
            }
            72..=77 => {
                let at = near(&mut w.rng, -10, 70);
                let d = if w.rng.chance(5) {
                    (0, 0)
                } else {
                    (w.rng.range(-9, 9) as i32, w.rng.range(-9, 9) as i32)
                };
                let len = w.rng.range(0, 90) as u32;
                let f = query_filter(&mut w.rng);
                raycast(w, seq, wi[0], at, d, len, &f);
            }
            78..=84 => {
                let (dx, dy) = if w.rng.chance(8) && (ox, oy) != (0, 0) {
                    // A motion leaving int32 at the ends.
                    (
                        if ox > 0 { i32::MAX } else { i32::MIN },
                        w.rng.range(-3, 3) as i32,
                    )
                } else {
                    (w.rng.range(-30, 30) as i32, w.rng.range(-30, 30) as i32)
                };
                sweep(w, seq, wi[0], pick, dx, dy);
            }
            85..=91 => {
                let other = if w.rng.chance(10) {
                    pick
                } else {
                    w.rng.pick(&live)
                };
                let push_max = w.rng.range(0, 12) as u32;
                contact(w, seq, wi[0], pick, other, push_max);
            }
            _ => body(w, seq, wi[0], pick),
        }
        seq.check(wi[0]);
    }
    // Every live body's answer at the end of the round, and the final pairs.
    for k in seq.live(wi[0]) {
        body(w, seq, wi[0], k);
    }
    update(w, seq, wi[0]);
}

/// Hand-picked sequences: every refusal of a transform at creation and at
/// `set_transform` (the body keeps its placement), a destroyed body's slot reused (its
/// label still refused by every kind), a batch with a stale or foreign id (nothing
/// moves), an empty batch and a body twice in one, empty masks, bounds-only bodies, a
/// filter change that parts a pair and one that joins it again, two static bodies, and
/// bodies at the very ends of int32 with motions and rays leaving it.
fn edges(w: &mut Writer, seq: &mut Seq, masks: &Masks, wi: [usize; 2]) {
    w.comment("world sequences: hand-picked edges");
    let full = masks.small[masks.small.len() - 4]; // Mask::full(10, 6)
    let disc = masks.small[masks.small.len() - 5];
    let ring = masks.small[masks.small.len() - 1];
    let (empty0, empty8) = (masks.all[0], masks.all[3]);
    let plain = |mask, x, y| Def {
        mask,
        transform: None,
        x,
        y,
        pixels: true,
        is_static: false,
        filter: Filter::default(),
    };
    let a = create(w, seq, wi[0], &plain(full, 0, 0)).unwrap();
    let turned = Def {
        transform: Some(Transform::at(5.5, 2.25).rotated(30.0)),
        ..plain(disc, 0, 0)
    };
    let b = create(w, seq, wi[0], &turned).unwrap();
    let e0 = create(w, seq, wi[0], &plain(empty0, 1, 1)).unwrap();
    let e8 = create(w, seq, wi[0], &plain(empty8, 3, 3)).unwrap();
    let boxed = Def {
        transform: Some(Transform::at(12.0, 0.0).rotated(45.0)),
        pixels: false,
        ..plain(ring, 0, 0)
    };
    let d = create(w, seq, wi[0], &boxed).unwrap();
    for t in bad_transforms() {
        let bad = Def {
            transform: Some(t),
            ..plain(disc, 0, 0)
        };
        assert!(create(w, seq, wi[0], &bad).is_none());
        set_transform(w, seq, wi[0], b, &t);
        body(w, seq, wi[0], b);
    }
    for k in [a, b, e0, e8, d] {
        body(w, seq, wi[0], k);
    }
    update(w, seq, wi[0]);
    contact(w, seq, wi[0], a, b, 8);
    contact(w, seq, wi[0], b, d, 8);
    contact(w, seq, wi[0], e8, a, 8);
    contact(w, seq, wi[0], e0, e0, 8);
    at_point(w, seq, wi[0], 6, 4, &Filter::default());
    overlapping(
        w,
        seq,
        wi[0],
        &Probe {
            mask: empty8,
            at: (0, 0),
            pixels: false,
        },
        &Filter::default(),
    );
    sweep(w, seq, wi[0], e8, 5, 5);
    sweep(w, seq, wi[0], d, -20, 0);
    raycast(w, seq, wi[0], (-5, 3), (1, 0), 40, &Filter::default());
    // Rectangles empty (a side <= 0) and huge (edges past int32).
    for rect in [
        Bounds2D::new(-5, i32::MIN, i32::MAX, i32::MAX),
        Bounds2D::new(-5, -5, i32::MAX, i32::MAX),
        Bounds2D::new(i32::MAX, i32::MAX, i32::MAX, i32::MAX),
        Bounds2D::new(0, 0, 0, 5),
        Bounds2D::new(0, 0, 6, -1),
    ] {
        in_rect(w, seq, wi[0], rect);
    }
    // A filter that parts a and b, and one that joins them again.
    let parted = Filter {
        group: -3,
        ..Filter::default()
    };
    set_filter(w, seq, wi[0], a, parted);
    set_filter(w, seq, wi[0], b, parted);
    update(w, seq, wi[0]);
    sweep(w, seq, wi[0], a, 3, 3);
    set_filter(w, seq, wi[0], b, Filter::default());
    update(w, seq, wi[0]);
    // Destroy, and a new body in the freed slot: the old label stays refused.
    destroy(w, seq, wi[0], a);
    let f = create(w, seq, wi[0], &plain(full, 2, 1)).unwrap();
    assert_eq!(
        seq.recs[f].id.index, seq.recs[a].id.index,
        "the slot reused"
    );
    move_body(w, seq, wi[0], a, 0, 0);
    set_filter(w, seq, wi[0], a, Filter::default());
    set_transform(w, seq, wi[0], a, &Transform::at(1.0, 1.0));
    sweep(w, seq, wi[0], a, 1, 0);
    contact(w, seq, wi[0], f, a, 4);
    contact(w, seq, wi[0], a, f, 4);
    body(w, seq, wi[0], a);
    destroy(w, seq, wi[0], a);
    move_bodies(w, seq, wi[0], &[(f, 40, 40), (a, 0, 0)]);
    body(w, seq, wi[0], f);
    update(w, seq, wi[0]);
    // Another world's body in a batch; an empty batch; a body twice.
    let g = create(w, seq, wi[1], &plain(full, 0, 0)).unwrap();
    move_bodies(w, seq, wi[0], &[(f, 40, 40), (g, 0, 0)]);
    move_bodies(w, seq, wi[0], &[]);
    move_bodies(w, seq, wi[0], &[(b, 30, 30), (f, 7, 7), (b, 3, -2)]);
    for k in [b, f] {
        body(w, seq, wi[0], k);
    }
    update(w, seq, wi[0]);
    body(w, seq, wi[0], g);
    sweep(w, seq, wi[0], g, 1, 1);
    // Two static bodies: no pair in an update, but a static body's sweep meets the other.
    let st = Def {
        is_static: true,
        ..plain(full, 100, 100)
    };
    let s1 = create(w, seq, wi[0], &st).unwrap();
    let s2 = create(w, seq, wi[0], &Def { x: 105, ..st }).unwrap();
    update(w, seq, wi[0]);
    sweep(w, seq, wi[0], s1, 10, 0);
    contact(w, seq, wi[0], s1, s2, 6);
    // The very ends of int32.
    move_body(w, seq, wi[0], f, i32::MAX, i32::MAX);
    move_body(w, seq, wi[0], s2, i32::MIN, i32::MIN);
    let far = Transform::at(2147483000.5, -2147483600.25).rotated(90.0);
    set_transform(w, seq, wi[0], b, &far);
    for (dx, dy) in [(1, 0), (0, 1), (-5, -5)] {
        sweep(w, seq, wi[0], f, dx, dy);
    }
    sweep(w, seq, wi[0], s2, -1, 0);
    sweep(w, seq, wi[0], s2, 3, 3);
    at_point(
        w,
        seq,
        wi[0],
        i32::MAX as i64,
        i32::MAX as i64,
        &Filter::default(),
    );
    at_point(
        w,
        seq,
        wi[0],
        i32::MIN as i64,
        i32::MIN as i64,
        &Filter::default(),
    );
    at_point(w, seq, wi[0], 1 << 31, 1 << 31, &Filter::default());
    raycast(
        w,
        seq,
        wi[0],
        (i32::MAX - 3, i32::MAX),
        (1, 0),
        100,
        &Filter::default(),
    );
    raycast(
        w,
        seq,
        wi[0],
        (i32::MIN + 20, i32::MIN + 2),
        (-1, 0),
        100,
        &Filter::default(),
    );
    for k in [b, f, s2] {
        body(w, seq, wi[0], k);
    }
    in_rect(
        w,
        seq,
        wi[0],
        Bounds2D::new(i32::MIN, i32::MIN, i32::MAX, i32::MAX),
    );
    in_rect(w, seq, wi[0], Bounds2D::new(0, 0, i32::MAX, i32::MAX));
    update(w, seq, wi[0]);
    seq.check(wi[0]);
}

/// `in_rect` (a kind of the first world sequences) from reference::world::in_rect over
/// the world, whose sprites and filters `Seq::check` keeps equal to the record's.
fn in_rect(w: &mut Writer, seq: &Seq, wi: usize, rect: Bounds2D) {
    seq.check(wi);
    let f = Filter::default();
    let found = reference::world::in_rect(&seq.worlds[wi], rect, &f);
    let inputs = format!(
        "w{wi} {} {} {} {} {}",
        rect.x,
        rect.y,
        rect.width,
        rect.height,
        filter_text(&f)
    );
    w.case("world_in_rect", &inputs, &seq.list(found));
}

/// The world agrees with the record's status.
fn agree(got: &perpixel::Result<()>, expected: &str, label: &str) {
    match got {
        Ok(()) => assert_eq!(expected, "ok", "{label}: the world accepted it"),
        Err(e) => assert_eq!(expected, text::error(e), "{label}"),
    }
}

/// What a new body is made of.
#[derive(Clone, Copy)]
struct Def {
    mask: usize,
    transform: Option<Transform>,
    x: i32,
    y: i32,
    pixels: bool,
    is_static: bool,
    filter: Filter,
}

/// A new body in world `wi`, plain (`world_create`) or transformed
/// (`world_create_transformed`): its record's index, `None` when refused (or skipped:
/// a transform no pixel centre lands in).
fn create(w: &mut Writer, seq: &mut Seq, wi: usize, def: &Def) -> Option<usize> {
    let label = format!("b{}", seq.first_label + seq.recs.len());
    let tail = format!(
        "{} {} {}",
        def.pixels as u8,
        def.is_static as u8,
        filter_text(&def.filter)
    );
    let id = &w.masks[def.mask].id;
    let (kind, inputs) = match &def.transform {
        None => (
            "world_create",
            format!("w{wi} {label} {id} {} {} {tail}", def.x, def.y),
        ),
        Some(t) => (
            "world_create_transformed",
            format!("w{wi} {label} {id} {} {tail}", text::transform(t)),
        ),
    };
    let placed = match place(
        w,
        def.mask,
        def.transform.as_ref(),
        def.x,
        def.y,
        def.pixels,
    ) {
        Ok(None) => return None,
        other => other,
    };
    let mut body = BodyDef::new(&w.masks[def.mask].mask, def.x, def.y);
    if let Some(t) = def.transform {
        body.placement = Placement::Transformed(t);
    }
    body.pixel_collision = def.pixels;
    if def.is_static {
        body.kind = BodyKind::Static;
    }
    body.filter = def.filter;
    let got = seq.worlds[wi].create_body(body);
    match placed {
        Err(expected) => {
            let e = got.expect_err("the world refuses the transform");
            assert_eq!(text::error(&e), expected, "{label}");
            w.case(kind, &inputs, &expected);
            None
        }
        Ok(Some((shape, sx, sy))) => {
            let id = got.expect("the world makes the body");
            seq.recs.push(Rec {
                label,
                world: wi,
                id,
                alive: true,
                mask: def.mask,
                pixels: def.pixels,
                is_static: def.is_static,
                filter: def.filter,
                shape,
                sx,
                sy,
            });
            w.case(kind, &inputs, "ok");
            Some(seq.recs.len() - 1)
        }
        Ok(None) => unreachable!(),
    }
}

/// `set_transform` of body `k` (skipped for a mask with no side to turn, or a transform
/// no pixel centre lands in); on a refusal the body keeps its placement.
fn set_transform(w: &mut Writer, seq: &mut Seq, wi: usize, k: usize, t: &Transform) {
    let label = seq.recs[k].label.clone();
    let inputs = format!("w{wi} {label} {}", text::transform(t));
    let expected = match seq.status(k, wi) {
        Some(s) => s,
        None => {
            let r = &seq.recs[k];
            let m = &w.masks[r.mask].mask;
            if m.width() == 0 || m.height() == 0 {
                return;
            }
            match place(w, r.mask, Some(t), 0, 0, r.pixels) {
                Err(s) => s,
                Ok(None) => return,
                Ok(Some((m, sx, sy))) => {
                    let r = &mut seq.recs[k];
                    (r.shape, r.sx, r.sy) = (m, sx, sy);
                    "ok".into()
                }
            }
        }
    };
    let got = seq.worlds[wi].set_transform(seq.recs[k].id, t);
    agree(&got, &expected, &label);
    w.case("world_set_transform", &inputs, &expected);
}

fn set_filter(w: &mut Writer, seq: &mut Seq, wi: usize, k: usize, f: Filter) {
    let expected = seq.status(k, wi).unwrap_or_else(|| {
        seq.recs[k].filter = f;
        "ok".into()
    });
    let got = seq.worlds[wi].set_filter(seq.recs[k].id, f);
    agree(&got, &expected, &seq.recs[k].label);
    let inputs = format!("w{wi} {} {}", seq.recs[k].label, filter_text(&f));
    w.case("world_set_filter", &inputs, &expected);
}

fn destroy(w: &mut Writer, seq: &mut Seq, wi: usize, k: usize) {
    let expected = seq.status(k, wi).unwrap_or_else(|| "ok".into());
    let got = seq.worlds[wi].destroy_body(seq.recs[k].id);
    agree(&got, &expected, &seq.recs[k].label);
    if expected == "ok" {
        seq.recs[k].alive = false;
    }
    let inputs = format!("w{wi} {}", seq.recs[k].label);
    w.case("world_destroy", &inputs, &expected);
}

/// Moves the record of body `k` to `(x, y)`: a plain body there (a transformed one
/// becomes one).
fn moved(w: &Writer, seq: &mut Seq, k: usize, x: i32, y: i32) {
    let r = &mut seq.recs[k];
    (r.shape, r.sx, r.sy) = (w.masks[r.mask].mask.clone(), x, y);
}

fn move_body(w: &mut Writer, seq: &mut Seq, wi: usize, k: usize, x: i32, y: i32) {
    let expected = seq.status(k, wi).unwrap_or_else(|| "ok".into());
    if expected == "ok" {
        moved(w, seq, k, x, y);
    }
    let got = seq.worlds[wi].move_body(seq.recs[k].id, x, y);
    agree(&got, &expected, &seq.recs[k].label);
    let inputs = format!("w{wi} {} {x} {y}", seq.recs[k].label);
    w.case("world_move", &inputs, &expected);
}

/// A batch move (the contract: every id is checked first, and when one is refused
/// nothing moves, the first refused id's status returned; a body twice ends where its
/// last move puts it).
fn move_bodies(w: &mut Writer, seq: &mut Seq, wi: usize, batch: &[(usize, i32, i32)]) {
    let refused = batch.iter().find_map(|&(k, _, _)| seq.status(k, wi));
    let expected = refused.unwrap_or_else(|| {
        for &(k, x, y) in batch {
            moved(w, seq, k, x, y);
        }
        "ok".into()
    });
    let ids: Vec<BodyId> = batch.iter().map(|&(k, _, _)| seq.recs[k].id).collect();
    let positions: Vec<(i32, i32)> = batch.iter().map(|&(_, x, y)| (x, y)).collect();
    let got = seq.worlds[wi].move_bodies(&ids, &positions);
    agree(&got, &expected, "a batch");
    let mut inputs = format!("w{wi} {}", batch.len());
    for &(k, x, y) in batch {
        inputs += &format!(" {} {x} {y}", seq.recs[k].label);
    }
    w.case("world_move_bodies", &inputs, &expected);
}

/// The touching pairs and events (from reference::world over the world, whose sprites,
/// filters and kinds `Seq::check` keeps equal to the record's).
fn update(w: &mut Writer, seq: &mut Seq, wi: usize) {
    seq.check(wi);
    seq.worlds[wi].update().expect("an update");
    let now = reference::world::touching(&seq.worlds[wi]);
    let (begins, ends) = reference::world::events(&seq.before[wi], &now);
    let pairs = |list: &[perpixel::Pair]| {
        let mut out = list.len().to_string();
        for p in list {
            out += &format!(" {} {}", seq.label_of(p.a), seq.label_of(p.b));
        }
        out
    };
    let answer = format!(
        "pairs {} begins {} ends {}",
        pairs(&now),
        pairs(&begins),
        pairs(&ends)
    );
    w.case("world_update", &format!("w{wi}"), &answer);
    seq.before[wi] = now;
}

fn query_filter(rng: &mut Rng) -> Filter {
    if rng.chance(50) {
        Filter::default()
    } else {
        random_filter(rng)
    }
}

/// `at_point`: every live body whose filter allows the query's and whose placed shape is
/// solid at the pixel.
fn at_point(w: &mut Writer, seq: &Seq, wi: usize, x: i64, y: i64, f: &Filter) {
    let found: Vec<BodyId> = seq
        .live(wi)
        .into_iter()
        .filter(|&k| {
            let r = &seq.recs[k];
            r.filter.allows(f) && motion::solid_at(&r.sprite(), x, y)
        })
        .map(|k| seq.recs[k].id)
        .collect();
    let inputs = format!("w{wi} {x} {y} {}", filter_text(f));
    w.case("world_at_point", &inputs, &seq.list(found));
}

/// A probe sprite of `overlapping`.
struct Probe {
    mask: usize,
    at: (i32, i32),
    pixels: bool,
}

/// `overlapping`: every live body whose filter allows the query's and that shares a
/// solid pixel with the probe (reference::collides).
fn overlapping(w: &mut Writer, seq: &Seq, wi: usize, p: &Probe, f: &Filter) {
    let probe = Sprite {
        mask: &w.masks[p.mask].mask,
        x: p.at.0,
        y: p.at.1,
        pixel_collision: p.pixels,
    };
    let found: Vec<BodyId> = seq
        .live(wi)
        .into_iter()
        .filter(|&b| {
            let r = &seq.recs[b];
            r.filter.allows(f) && reference::collides(&r.sprite(), &probe)
        })
        .map(|b| seq.recs[b].id)
        .collect();
    let inputs = format!(
        "w{wi} {} {} {} {} {}",
        w.masks[p.mask].id,
        p.at.0,
        p.at.1,
        p.pixels as u8,
        filter_text(f)
    );
    w.case("world_overlapping", &inputs, &seq.list(found));
}

/// `raycast`: the oracle's ray against every live body the filter allows; the fewest
/// steps, ties to the smaller index.
fn raycast(
    w: &mut Writer,
    seq: &Seq,
    wi: usize,
    (x, y): (i32, i32),
    (dx, dy): (i32, i32),
    len: u32,
    f: &Filter,
) {
    let inputs = format!("w{wi} {x} {y} {dx} {dy} {len} {}", filter_text(f));
    let expected = if dx == 0 && dy == 0 {
        "error PP_ERR_INVALID_ARGUMENT".to_string()
    } else {
        let mut best: Option<(BodyId, perpixel::RayHit)> = None;
        for k in seq.live(wi) {
            let r = &seq.recs[k];
            if !r.filter.allows(f) {
                continue;
            }
            let hit = motion::raycast(&r.sprite(), x, y, dx, dy, len).expect("a ray");
            if let Some(h) = hit {
                if best.is_none_or(|(o, b)| (h.step, r.id.index) < (b.step, o.index)) {
                    best = Some((r.id, h));
                }
            }
        }
        match best {
            None => "none".to_string(),
            Some((id, h)) => format!("{} {}", seq.label_of(id), text::ray_hit(&h)),
        }
    };
    w.case("world_raycast", &inputs, &expected);
}

/// `sweep`: the oracle's sweep of body `k` against every other live body its filter
/// allows; the fewest steps (a start touching is step 0), ties to the smaller index.
fn sweep(w: &mut Writer, seq: &Seq, wi: usize, k: usize, dx: i32, dy: i32) {
    let inputs = format!("w{wi} {} {dx} {dy}", seq.recs[k].label);
    let expected = if let Some(s) = seq.status(k, wi) {
        s
    } else {
        let m = &seq.recs[k];
        let mover = m.sprite();
        let leaves = |p: i32, d: i32| i32::try_from(p as i64 + d as i64).is_err();
        if leaves(mover.x, dx) || leaves(mover.y, dy) {
            "error PP_ERR_INVALID_ARGUMENT".to_string()
        } else {
            let mut best: Option<(BodyId, Sweep, u64)> = None;
            for o in seq.live(wi) {
                let r = &seq.recs[o];
                if o == k || !m.filter.allows(&r.filter) {
                    continue;
                }
                let s = reference::sweep(&mover, &r.sprite(), dx, dy).expect("a sweep");
                let step = match s {
                    Sweep::Clear => continue,
                    Sweep::StartsTouching { .. } => 0,
                    Sweep::Hit(h) => h.step,
                };
                if best.is_none_or(|(b, _, bs)| (step, r.id.index) < (bs, b.index)) {
                    best = Some((r.id, s, step));
                }
            }
            match best {
                None => "clear".to_string(),
                Some((id, s, _)) => format!("{} {}", seq.label_of(id), text::sweep(&s)),
            }
        }
    };
    w.case("world_sweep", &inputs, &expected);
}

/// `contact`: a pair's first contact, area, normal from a towards b and b's push-out
/// from a (any direction), from the pair and motion oracles; a body with itself too.
fn contact(w: &mut Writer, seq: &Seq, wi: usize, a: usize, b: usize, push_max: u32) {
    let (la, lb) = (&seq.recs[a].label, &seq.recs[b].label);
    let inputs = format!("w{wi} {la} {lb} {push_max}");
    let expected = match seq.status(a, wi).or_else(|| seq.status(b, wi)) {
        Some(s) => s,
        None => {
            let (sa, sb) = (seq.recs[a].sprite(), seq.recs[b].sprite());
            let first = reference::first_contact(&sa, &sb);
            let area = reference::overlap_area(&sa, &sb);
            let normal = motion::contact_normal(&sb, &sa);
            let push = motion::push_out(&sb, &sa, PushDirection::Any, push_max).expect("a push");
            let push = push.map_or("-".to_string(), |p| format!("{} {}", p.dx, p.dy));
            format!(
                "{} {area} {} {push}",
                text::point(first),
                text::normal(normal)
            )
        }
    };
    w.case("world_contact", &inputs, &expected);
}

/// `body`: where the body's shape sits, its flags and filter, and the shape itself (a
/// transformed body's raster, from the oracle).
fn body(w: &mut Writer, seq: &Seq, wi: usize, k: usize) {
    let r = &seq.recs[k];
    let expected = seq.status(k, wi).unwrap_or_else(|| {
        format!(
            "{} {} {} {} {} {}",
            r.sx,
            r.sy,
            r.pixels as u8,
            r.is_static as u8,
            filter_text(&r.filter),
            text::mask_text(&r.shape)
        )
    });
    w.case("world_body", &format!("w{wi} {}", r.label), &expected);
}
