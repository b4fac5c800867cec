//! The conformance corpus generator (format: `tests/corpus/FORMAT.md`).
//!
//! Inputs come from a fixed-seed xorshift64* and hand-picked edge cases; every expected
//! answer comes from the plain oracles of `perpixel::reference` (pair queries, sweeps,
//! contact normals, push-out, raycasts, transformed sprites). Only statuses the oracles
//! do not model come from the documented contract: a NULL mask is `PP_ERR_NULL_POINTER`
//! in every function that takes one. Where `perpixel::reference` has no oracle (reshapes,
//! counts, solid bounds, masks from pixels, the mask and world hashes), the answer is
//! written here plainly from the header's definition, pixel by pixel or byte by byte,
//! sharing no code with the library.
//!
//! `tests/corpus.rs` regenerates the text in memory and compares it with the committed
//! `tests/corpus/corpus.txt` (`PERPIXEL_REFRESH_CORPUS=1 cargo test --test corpus`
//! rewrites it).

use super::text;

#[path = "world_kinds.rs"]
mod world_kinds;
use perpixel::reference;
use perpixel::reference::motion;
use perpixel::reference::transformed as rt;
use perpixel::{
    BodyDef, BodyId, BodyKind, Bounds2D, ComponentOptions, ComponentOrder, Connectivity, Filter,
    Mask, MorphOptions, Norm, Pair, PushDirection, Sprite, Transform, World,
};

/// xorshift64*: small, deterministic, and the same on every platform.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as i64
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.range(0, items.len() as i64 - 1) as usize]
    }
}

/// A mask of the corpus: its id and pixels.
struct Declared {
    id: String,
    mask: Mask,
}

/// The corpus being written.
struct Writer {
    out: String,
    masks: Vec<Declared>,
    rng: Rng,
}

/// One placed sprite of a case: the index of its mask (`None`: a NULL mask), position
/// and whether its pixels count.
#[derive(Clone, Copy)]
struct Placed {
    mask: Option<usize>,
    x: i32,
    y: i32,
    pixels: bool,
}

impl Writer {
    fn declare(&mut self, mask: Mask) -> usize {
        let id = format!("m{}", self.masks.len());
        self.out
            .push_str(&format!("mask {id} {}\n", text::mask_text(&mask)));
        self.masks.push(Declared { id, mask });
        self.masks.len() - 1
    }

    fn sprite_of(&self, p: &Placed) -> Option<Sprite<'_>> {
        let m = &self.masks[p.mask?].mask;
        Some(if p.pixels {
            Sprite::new(m, p.x, p.y)
        } else {
            Sprite::bounds_only(m, p.x, p.y)
        })
    }

    fn placed(&self, p: &Placed) -> String {
        let id = p.mask.map_or("null", |k| self.masks[k].id.as_str());
        format!("{id} {} {} {}", p.x, p.y, p.pixels as u8)
    }

    fn case(&mut self, kind: &str, inputs: &str, output: &str) {
        self.out.push_str(&format!("{kind} {inputs} -> {output}\n"));
    }

    fn comment(&mut self, what: &str) {
        self.out.push_str(&format!("# {what}\n"));
    }

    /// A random mask: noise of a random density, or blobs (rectangles and discs) that
    /// give the contact normals flat faces and curves.
    fn random_mask(&mut self, w: u32, h: u32) -> Mask {
        let density = self.rng.range(5, 95) as u64;
        if self.rng.chance(50) {
            let mut cells = vec![false; (w * h) as usize];
            for c in cells.iter_mut() {
                *c = self.rng.chance(density);
            }
            return Mask::from_fn(w, h, |x, y| cells[(y * w + x) as usize]).unwrap();
        }
        let mut shapes = Vec::new();
        for _ in 0..self.rng.range(1, 4) {
            let cx = self.rng.range(0, w as i64);
            let cy = self.rng.range(0, h as i64);
            let r = self.rng.range(1, (w.max(h) as i64 / 2).max(1));
            shapes.push((self.rng.chance(50), cx, cy, r));
        }
        Mask::from_fn(w, h, |x, y| {
            let (x, y) = (x as i64, y as i64);
            shapes.iter().any(|&(disc, cx, cy, r)| {
                if disc {
                    (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
                } else {
                    (x - cx).abs() <= r && (y - cy).abs() <= r / 2
                }
            })
        })
        .unwrap()
    }
}

/// Writes the whole corpus.
pub fn generate() -> String {
    let mut w = Writer {
        out: String::new(),
        masks: Vec::new(),
        rng: Rng::new(31),
    };
    w.out.push_str(text::VERSION_LINE);
    w.out.push('\n');
    w.comment("written by tests/corpus/generate.rs from the oracles of perpixel::reference;");
    w.comment("refresh: PERPIXEL_REFRESH_CORPUS=1 cargo test --test corpus; format: tests/corpus/FORMAT.md");
    let masks = masks(&mut w);
    pairs(&mut w, &masks);
    transforms(&mut w, &masks);
    motion_cases(&mut w, &masks);
    worlds(&mut w, &masks);
    shapes(&mut w, &masks);
    world_kinds::world_kinds(&mut w, &masks);
    reshapes(&mut w, &masks);
    edits(&mut w, &masks);
    mask_facts(&mut w, &masks);
    polygons(&mut w, &masks);
    crops_and_labels(&mut w, &masks);
    pixel_cases(&mut w);
    world_hashes(&mut w, &masks);
    outlines(&mut w, &masks);
    normal_degrees(&mut w);
    w.out
}

/// The declared masks, by role.
struct Masks {
    /// Every mask, the empty ones included.
    all: Vec<usize>,
    /// Masks with solid pixels, at most 32 on a side (cheap for the motion oracles).
    small: Vec<usize>,
}

fn masks(w: &mut Writer) -> Masks {
    w.comment("masks");
    let mut all = Vec::new();
    let mut small = Vec::new();
    // Empty masks: no pixels at all, and pixels but none solid.
    for (mw, mh) in [(0, 0), (0, 5), (5, 0), (8, 8)] {
        all.push(w.declare(Mask::empty(mw, mh).unwrap()));
    }
    // Full masks across the word boundaries.
    for (mw, mh) in [(1, 1), (63, 3), (64, 2), (65, 4), (3, 70)] {
        all.push(w.declare(Mask::full(mw, mh).unwrap()));
    }
    // Random masks, widths 1, 63, 64, 65 among them.
    for (mw, mh) in [
        (1, 9),
        (2, 2),
        (7, 5),
        (13, 13),
        (31, 17),
        (63, 11),
        (64, 9),
        (65, 7),
        (100, 6),
        (5, 40),
    ] {
        let m = w.random_mask(mw, mh);
        let k = w.declare(m);
        all.push(k);
        if mw <= 32 && mh <= 32 && w.masks[k].mask.count() > 0 {
            small.push(k);
        }
    }
    // Shapes for the motion queries: a disc, a box, a floor, a slope, a ring.
    let disc = Mask::from_fn(13, 13, |x, y| {
        let (dx, dy) = (x as i64 - 6, y as i64 - 6);
        dx * dx + dy * dy <= 36
    })
    .unwrap();
    let slope = Mask::from_fn(20, 20, |x, y| y >= 19 - x).unwrap();
    let ring = Mask::from_fn(15, 15, |x, y| {
        let (dx, dy) = (x as i64 - 7, y as i64 - 7);
        (16..=49).contains(&(dx * dx + dy * dy))
    })
    .unwrap();
    for m in [
        disc,
        Mask::full(10, 6).unwrap(),
        Mask::full(32, 4).unwrap(),
        slope,
        ring,
    ] {
        let k = w.declare(m);
        all.push(k);
        small.push(k);
    }
    Masks { all, small }
}

/// A random placement of `b` against `a`'s box: overlapping, touching or apart.
fn near(w: &mut Writer, a: &Placed, b: usize) -> (i32, i32) {
    let ma = &w.masks[a.mask.unwrap()].mask;
    let mb = &w.masks[b].mask;
    let (aw, ah, bw, bh) = (
        ma.width() as i64,
        ma.height() as i64,
        mb.width() as i64,
        mb.height() as i64,
    );
    let dx = w.rng.range(-bw - 2, aw + 2);
    let dy = w.rng.range(-bh - 2, ah + 2);
    // Clamped (never wrapped) to the int32 range, so the pair stays close.
    let clamp = |v: i64| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
    (clamp(a.x as i64 + dx), clamp(a.y as i64 + dy))
}

/// Where a pair sits in the world: near the origin, or near either end of `i32`.
fn base(w: &mut Writer, extreme: bool) -> (i32, i32) {
    if !extreme {
        return (w.rng.range(-40, 40) as i32, w.rng.range(-40, 40) as i32);
    }
    let end = |w: &mut Writer| {
        if w.rng.chance(50) {
            (i32::MAX as i64 - w.rng.range(60, 140)) as i32
        } else {
            (i32::MIN as i64 + w.rng.range(0, 40)) as i32
        }
    };
    (end(w), end(w))
}

/// A random pair: `a` (mask `ka`) near the origin or an end of `int32`, `b` (mask `kb`)
/// overlapping, touching or apart from it; each bounds-only with `bounds_only` percent.
fn random_pair(
    w: &mut Writer,
    ka: usize,
    kb: usize,
    extreme: bool,
    bounds_only: u64,
) -> (Placed, Placed) {
    let (x, y) = base(w, extreme);
    let a = Placed {
        mask: Some(ka),
        x,
        y,
        pixels: !w.rng.chance(bounds_only),
    };
    let (bx, by) = near(w, &a, kb);
    let b = Placed {
        mask: Some(kb),
        x: bx,
        y: by,
        pixels: !w.rng.chance(bounds_only),
    };
    (a, b)
}

fn pair_case(w: &mut Writer, a: &Placed, b: &Placed) {
    let inputs = format!("{} {}", w.placed(a), w.placed(b));
    let (Some(sa), Some(sb)) = (w.sprite_of(a), w.sprite_of(b)) else {
        for kind in ["collides", "first_contact", "overlap_area", "overlap_mask"] {
            w.case(kind, &inputs, "error PP_ERR_NULL_POINTER");
        }
        return;
    };
    let collides = text::bool(reference::collides(&sa, &sb));
    let first = text::point(reference::first_contact(&sa, &sb));
    let area = reference::overlap_area(&sa, &sb).to_string();
    let overlap = text::overlap(reference::overlap_mask(&sa, &sb).as_ref());
    w.case("collides", &inputs, &collides);
    w.case("first_contact", &inputs, &first);
    w.case("overlap_area", &inputs, &area);
    w.case("overlap_mask", &inputs, &overlap);
}

fn pairs(w: &mut Writer, masks: &Masks) {
    w.comment("pair queries: collides, first_contact, overlap_area, overlap_mask");
    // Every mask against every mask once, near the origin.
    for &ka in &masks.all {
        for &kb in &masks.all {
            let (a, b) = random_pair(w, ka, kb, false, 15);
            if w.rng.chance(30) {
                pair_case(w, &a, &b);
            }
        }
    }
    w.comment("pair queries at extreme coordinates (the ends of int32)");
    for _ in 0..60 {
        let ka = w.rng.pick(&masks.all);
        let kb = w.rng.pick(&masks.all);
        let (a, b) = random_pair(w, ka, kb, true, 15);
        pair_case(w, &a, &b);
    }
    // The far corners themselves: i32::MAX and i32::MIN positions.
    let full = masks.all[4];
    for (x, y) in [
        (i32::MAX, i32::MAX),
        (i32::MIN, i32::MIN),
        (i32::MAX, i32::MIN),
    ] {
        let a = Placed {
            mask: Some(full),
            x,
            y,
            pixels: true,
        };
        pair_case(w, &a, &a);
        let b = Placed {
            mask: Some(masks.all[7]),
            x: x.saturating_sub(64),
            y: y.saturating_sub(1),
            pixels: false,
        };
        pair_case(w, &a, &b);
    }
    w.comment("pygame-style pair queries: mask a at (0, 0), mask b at (dx, dy)");
    for round in 0..150 {
        let ka = w.rng.pick(&masks.all);
        let kb = w.rng.pick(&masks.all);
        let a = Placed {
            mask: Some(ka),
            x: 0,
            y: 0,
            pixels: true,
        };
        let (mut dx, mut dy) = near(w, &a, kb);
        if round % 25 == 24 {
            // Offsets at the ends of int32: b is far away, or a huge negative offset.
            (dx, dy) = (
                w.rng.pick(&[i32::MAX, i32::MIN, dx]),
                w.rng.pick(&[i32::MAX, i32::MIN]),
            );
        }
        offset_case(w, ka, Some(kb), dx, dy);
    }
    offset_case(w, masks.all[5], None, 0, 0);
    w.comment("pair queries: a NULL mask");
    let some = Placed {
        mask: Some(masks.all[5]),
        x: 0,
        y: 0,
        pixels: true,
    };
    let null = Placed { mask: None, ..some };
    pair_case(w, &null, &some);
    pair_case(w, &some, &null);
}

/// The pygame-style queries of mask `ka` at `(0, 0)` and mask `kb` (`None`: NULL) at
/// `(dx, dy)`: the pair queries of the two sprites placed so.
fn offset_case(w: &mut Writer, ka: usize, kb: Option<usize>, dx: i32, dy: i32) {
    let idb = kb.map_or("null".to_string(), |k| w.masks[k].id.clone());
    let inputs = format!("{} {idb} {dx} {dy}", w.masks[ka].id);
    let kinds = [
        "mask_collides",
        "mask_first_contact",
        "mask_overlap_area",
        "mask_overlap_mask",
    ];
    let Some(kb) = kb else {
        for kind in kinds {
            w.case(kind, &inputs, "error PP_ERR_NULL_POINTER");
        }
        return;
    };
    let a = Sprite::new(&w.masks[ka].mask, 0, 0);
    let b = Sprite::new(&w.masks[kb].mask, dx, dy);
    let answers = [
        text::bool(reference::collides(&a, &b)),
        text::point(reference::first_contact(&a, &b)),
        reference::overlap_area(&a, &b).to_string(),
        text::overlap(reference::overlap_mask(&a, &b).as_ref()),
    ];
    for (kind, answer) in kinds.into_iter().zip(answers) {
        w.case(kind, &inputs, &answer);
    }
}

/// A transform of one of the kinds a game uses.
fn random_transform(w: &mut Writer) -> Transform {
    let mut t = Transform::at(w.rng.range(-30, 30) as f64, w.rng.range(-30, 30) as f64);
    match w.rng.range(0, 5) {
        // Quarter turns.
        0 => t = t.rotated(90.0 * w.rng.range(-4, 4) as f64),
        // Flips.
        1 => t = t.flipped(w.rng.chance(50), w.rng.chance(50)),
        // Integer scales, mirrored or not.
        2 => {
            let s = |w: &mut Writer| w.rng.pick(&[1.0, 2.0, 3.0, -1.0, -2.0]);
            t = t.scaled(s(w), s(w));
        }
        // Fractional scales.
        3 => {
            let s = |w: &mut Writer| w.rng.range(3, 40) as f64 / 16.0;
            t = t.scaled(s(w), s(w));
        }
        // Any rotation, sub-pixel position, a pivot.
        _ => {
            t = t.rotated(w.rng.range(-3600, 3600) as f64 / 10.0);
            t.x += w.rng.range(0, 255) as f64 / 256.0;
            t.y -= w.rng.range(0, 255) as f64 / 128.0;
            if w.rng.chance(50) {
                t = t.with_pivot(
                    w.rng.range(-4, 20) as f64 / 2.0,
                    w.rng.range(-4, 20) as f64 / 3.0,
                );
            }
        }
    }
    if w.rng.chance(20) {
        t = t.flipped(w.rng.chance(50), w.rng.chance(50));
    }
    t
}

fn transforms(w: &mut Writer, masks: &Masks) {
    w.comment("transforms: rasterise (pixels and bounds-only), transformed pair queries");
    let with_pixels: Vec<usize> = masks
        .all
        .iter()
        .copied()
        .filter(|&k| w.masks[k].mask.width() > 0 && w.masks[k].mask.height() > 0)
        .collect();
    for _ in 0..120 {
        let k = w.rng.pick(&with_pixels);
        let t = random_transform(w);
        let pixels = !w.rng.chance(20);
        let inputs = format!(
            "{} {} {}",
            w.masks[k].id,
            text::transform(&t),
            !pixels as u8
        );
        let m = &w.masks[k].mask;
        let expected = match rt::TransformedSprite::new(m, &t, pixels) {
            Err(e) => text::error(&e),
            Ok(s) => match s.bounds {
                // A transform no pixel centre lands in: its raster is not in the oracle.
                None => continue,
                Some(b) => {
                    let r = Mask::from_fn(b.width as u32, b.height as u32, |x, y| {
                        s.covers(b.x as i64 + x as i64, b.y as i64 + y as i64)
                    })
                    .unwrap();
                    format!("{} {} {}", b.x, b.y, text::mask_text(&r))
                }
            },
        };
        w.case("rasterise", &inputs, &expected);
    }
    for _ in 0..150 {
        let ka = w.rng.pick(&masks.all);
        let kb = w.rng.pick(&masks.all);
        let ta = random_transform(w);
        let mut tb = random_transform(w);
        tb.x = ta.x + w.rng.range(-20, 20) as f64 + tb.x.fract();
        tb.y = ta.y + w.rng.range(-20, 20) as f64 + tb.y.fract();
        transformed_case(w, Some(ka), &ta, Some(kb), &tb);
    }
    w.comment("transforms: invalid numbers, a NULL mask");
    let k = masks.small[0];
    let good = Transform::at(1.0, 2.0);
    let bad = [
        Transform::at(f64::NAN, 0.0),
        Transform::at(0.0, f64::INFINITY),
        Transform::at(0.0, 0.0).scaled(0.0, 1.0),
        Transform::at(0.0, 0.0).scaled(1.0, 1e9),
        Transform::at(4294967296.0, 0.0),
        Transform::at(0.0, 0.0).rotated(f64::NEG_INFINITY),
        Transform::at(0.0, 0.0).with_pivot(f64::NAN, 0.0),
    ];
    for t in bad {
        let inputs = format!("{} {} 0", w.masks[k].id, text::transform(&t));
        let expected = match rt::TransformedSprite::new(&w.masks[k].mask, &t, true) {
            Err(e) => text::error(&e),
            Ok(_) => panic!("the oracle accepted the invalid transform {t:?}"),
        };
        w.case("rasterise", &inputs, &expected);
        transformed_case(w, Some(k), &t, Some(k), &good);
        transformed_case(w, Some(k), &good, Some(k), &t);
    }
    w.case(
        "rasterise",
        &format!("null {} 0", text::transform(&good)),
        "error PP_ERR_NULL_POINTER",
    );
    transformed_case(w, None, &good, Some(k), &good);
    transformed_case(w, Some(k), &good, None, &good);
    // Statuses the oracle does not model (its boxes are int32, and it would walk every
    // pixel of a huge raster), from the documented contract: a raster whose corner lands
    // at 2^31 is PP_ERR_OVERFLOW for rasterise (the sampled queries answer it); a raster
    // past the mask size limit (2^26 pixels by default) is PP_ERR_TOO_LARGE everywhere.
    w.comment("transforms: a raster's corner at 2^31, a raster past the size limit");
    let corner = Transform::at(2147483648.0, 0.0);
    let inputs = format!("{} {} 0", w.masks[k].id, text::transform(&corner));
    w.case("rasterise", &inputs, "error PP_ERR_OVERFLOW");
    let huge = Transform::at(0.0, 0.0).scaled(1e5, 1e5);
    let inputs = format!("{} {} 0", w.masks[k].id, text::transform(&huge));
    w.case("rasterise", &inputs, "error PP_ERR_TOO_LARGE");
    for (ta, tb) in [(&huge, &good), (&good, &huge)] {
        let id = &w.masks[k].id;
        let inputs = format!("{id} {} {id} {}", text::transform(ta), text::transform(tb));
        for kind in [
            "transformed_collides",
            "transformed_first_contact",
            "transformed_overlap_area",
        ] {
            w.case(kind, &inputs, "error PP_ERR_TOO_LARGE");
        }
    }
}

fn transformed_case(
    w: &mut Writer,
    ka: Option<usize>,
    ta: &Transform,
    kb: Option<usize>,
    tb: &Transform,
) {
    let id = |k: Option<usize>| k.map_or("null".to_string(), |k| w.masks[k].id.clone());
    let inputs = format!(
        "{} {} {} {}",
        id(ka),
        text::transform(ta),
        id(kb),
        text::transform(tb)
    );
    let kinds = [
        "transformed_collides",
        "transformed_first_contact",
        "transformed_overlap_area",
    ];
    let (Some(ka), Some(kb)) = (ka, kb) else {
        for kind in kinds {
            w.case(kind, &inputs, "error PP_ERR_NULL_POINTER");
        }
        return;
    };
    let (ma, mb) = (&w.masks[ka].mask, &w.masks[kb].mask);
    let answers = match (
        rt::TransformedSprite::new(ma, ta, true),
        rt::TransformedSprite::new(mb, tb, true),
    ) {
        (Err(e), _) | (_, Err(e)) => [text::error(&e), text::error(&e), text::error(&e)],
        (Ok(a), Ok(b)) => [
            text::bool(rt::collides(&a, &b)),
            text::point(rt::first_contact(&a, &b)),
            rt::overlap_area(&a, &b).to_string(),
        ],
    };
    for (kind, answer) in kinds.into_iter().zip(answers) {
        w.case(kind, &inputs, &answer);
    }
}

fn motion_cases(w: &mut Writer, masks: &Masks) {
    w.comment("motion: sweep, contact_normal, push_out, raycast");
    for round in 0..160 {
        let ka = w.rng.pick(&masks.small);
        let kb = w.rng.pick(&masks.small);
        let (obstacle, mover) = random_pair(w, kb, ka, round % 10 == 9, 10);
        // Sweeps: from near the obstacle, or from further off towards it.
        let (mut sx, mut sy) = (mover.x, mover.y);
        let (dx, dy) = if w.rng.chance(50) {
            (w.rng.range(-30, 30) as i32, w.rng.range(-30, 30) as i32)
        } else {
            let (ox, oy) = (w.rng.range(-40, 40) as i32, w.rng.range(-40, 40) as i32);
            sx = sx.saturating_add(ox);
            sy = sy.saturating_add(oy);
            (
                -ox + w.rng.range(-3, 3) as i32,
                -oy + w.rng.range(-3, 3) as i32,
            )
        };
        let swept = Placed {
            x: sx,
            y: sy,
            ..mover
        };
        sweep_case(w, &swept, &obstacle, dx, dy);
        // Contact normals and push-out between the overlapping or touching pair.
        let inputs = format!("{} {}", w.placed(&mover), w.placed(&obstacle));
        let normal = {
            let (sm, so) = (
                w.sprite_of(&mover).unwrap(),
                w.sprite_of(&obstacle).unwrap(),
            );
            text::normal_or_none(motion::contact_normal(&sm, &so))
        };
        w.case("contact_normal", &inputs, &normal);
        let direction = match w.rng.range(0, 3) {
            0 => PushDirection::Any,
            1 => PushDirection::Horizontal,
            2 => PushDirection::Vertical,
            _ => PushDirection::Along {
                dx: w.rng.range(-3, 3) as i32,
                dy: w.rng.range(-3, 3) as i32,
            },
        };
        let max = w.rng.range(0, 24) as u32;
        let (sm, so) = (
            w.sprite_of(&mover).unwrap(),
            w.sprite_of(&obstacle).unwrap(),
        );
        let push = match motion::push_out(&sm, &so, direction, max) {
            Err(e) => text::error(&e),
            Ok(None) => "none".to_string(),
            Ok(Some(p)) => format!("{} {}", p.dx, p.dy),
        };
        let inputs = format!("{inputs} {} {max}", text::direction(direction));
        w.case("push_out", &inputs, &push);
        // A ray from around the obstacle.
        let (rx, ry) = near(w, &obstacle, ka);
        let (rdx, rdy) = (w.rng.range(-5, 5) as i32, w.rng.range(-5, 5) as i32);
        let len = w.rng.range(0, 80) as u32;
        ray_case(w, &obstacle, rx, ry, rdx, rdy, len);
    }
    w.comment("motion: move_and_slide against one to three obstacles, climbing or not");
    // Near the origin only: reference::motion::move_and_slide steps in i32 and overflows
    // (a panic) where a motion or a climb leaves int32 (the fast path refuses such a motion
    // with InvalidArgument, the case below).
    for _ in 0..80 {
        let ka = w.rng.pick(&masks.small);
        let kb = w.rng.pick(&masks.small);
        let (obstacle, mut mover) = random_pair(w, kb, ka, false, 10);
        // From further off, driven towards the obstacle.
        let (ox, oy) = (w.rng.range(-40, 40) as i32, w.rng.range(-40, 40) as i32);
        (mover.x, mover.y) = (mover.x + ox, mover.y + oy);
        let mut obstacles = vec![obstacle];
        for _ in 0..w.rng.range(0, 2) {
            let kc = w.rng.pick(&masks.small);
            let (x, y) = near(w, &obstacle, kc);
            obstacles.push(Placed {
                mask: Some(kc),
                x,
                y,
                pixels: true,
            });
        }
        let (dx, dy) = (
            -ox + w.rng.range(-8, 8) as i32,
            -oy + w.rng.range(-8, 8) as i32,
        );
        let options = perpixel::MoveOptions {
            step_up: w.rng.range(0, 4) as u32,
            up: w.rng.pick(&[-1, 1]),
        };
        slide_case(w, &mover, &obstacles, dx, dy, &options);
    }
    w.comment("motion: buried movers (the contact normal's last rules), pushed out");
    let full = masks.all[7];
    for (mover, x, y) in [
        (masks.all[4], 10, 1),
        (masks.all[4], 64, 2),
        (masks.small[0], 20, -3),
    ] {
        let inner = Placed {
            mask: Some(mover),
            x,
            y,
            pixels: true,
        };
        let floor = Placed {
            mask: Some(full),
            x: 0,
            y: 0,
            pixels: true,
        };
        let inputs = format!("{} {}", w.placed(&inner), w.placed(&floor));
        let (si, sf) = (w.sprite_of(&inner).unwrap(), w.sprite_of(&floor).unwrap());
        let normal = text::normal_or_none(motion::contact_normal(&si, &sf));
        let push = match motion::push_out(&si, &sf, PushDirection::Any, 8) {
            Err(e) => text::error(&e),
            Ok(None) => "none".to_string(),
            Ok(Some(p)) => format!("{} {}", p.dx, p.dy),
        };
        w.case("contact_normal", &inputs, &normal);
        w.case("push_out", &format!("{inputs} any 0 0 8"), &push);
    }
    w.comment("motion: paths leaving int32, NULL masks, zero directions");
    let k = masks.small[0];
    let at_end = Placed {
        mask: Some(k),
        x: i32::MAX - 5,
        y: 0,
        pixels: true,
    };
    let other = Placed {
        mask: Some(k),
        x: 0,
        y: 0,
        pixels: true,
    };
    sweep_case(w, &at_end, &other, 10, 0);
    sweep_case(w, &at_end, &other, 5, 0);
    let at_start = Placed {
        x: i32::MIN,
        y: i32::MIN,
        ..at_end
    };
    sweep_case(w, &at_start, &other, 0, -1);
    ray_case(w, &at_end, i32::MAX, 0, 1, 0, 50);
    ray_case(w, &at_end, i32::MAX - 20, 3, 1, 0, u32::MAX);
    ray_case(w, &other, 0, 0, 0, 0, 10);
    let null = Placed {
        mask: None,
        ..other
    };
    sweep_case(w, &null, &other, 1, 1);
    sweep_case(w, &other, &null, 1, 1);
    ray_case(w, &null, 0, 0, 1, 0, 10);
    let defaults = perpixel::MoveOptions::default();
    // Documented (pp_move_and_slide): a motion leaving int32 is PP_ERR_INVALID_ARGUMENT;
    // the oracle would overflow there.
    let inputs = format!("{} 0 10 0 0 -1", w.placed(&at_end));
    w.case("move_and_slide", &inputs, "error PP_ERR_INVALID_ARGUMENT");
    let bad_up = perpixel::MoveOptions { step_up: 2, up: 0 };
    slide_case(w, &at_end, &[], 1, 0, &bad_up);
    slide_case(w, &null, &[], 1, 0, &defaults);
    slide_case(w, &at_end, &[null], 1, 0, &defaults);
    for (a, b) in [(&null, &other), (&other, &null)] {
        let inputs = format!("{} {}", w.placed(a), w.placed(b));
        w.case("contact_normal", &inputs, "error PP_ERR_NULL_POINTER");
        w.case(
            "push_out",
            &format!("{inputs} any 0 0 8"),
            "error PP_ERR_NULL_POINTER",
        );
    }
    let inputs = format!("{} {}", w.placed(&other), w.placed(&other));
    let (so, so2) = (w.sprite_of(&other).unwrap(), w.sprite_of(&other).unwrap());
    let expected = match motion::push_out(&so, &so2, PushDirection::Along { dx: 0, dy: 0 }, 8) {
        Err(e) => text::error(&e),
        Ok(_) => panic!("the oracle accepted a (0, 0) push direction"),
    };
    w.case("push_out", &format!("{inputs} along 0 0 8"), &expected);
}

fn sweep_case(w: &mut Writer, mover: &Placed, obstacle: &Placed, dx: i32, dy: i32) {
    let inputs = format!("{} {} {dx} {dy}", w.placed(mover), w.placed(obstacle));
    let expected = match (w.sprite_of(mover), w.sprite_of(obstacle)) {
        (Some(m), Some(o)) => match reference::sweep(&m, &o, dx, dy) {
            Err(e) => text::error(&e),
            Ok(s) => text::sweep(&s),
        },
        _ => "error PP_ERR_NULL_POINTER".to_string(),
    };
    w.case("sweep", &inputs, &expected);
}

fn slide_case(
    w: &mut Writer,
    mover: &Placed,
    obstacles: &[Placed],
    dx: i32,
    dy: i32,
    options: &perpixel::MoveOptions,
) {
    let mut inputs = format!("{} {}", w.placed(mover), obstacles.len());
    for o in obstacles {
        inputs += &format!(" {}", w.placed(o));
    }
    inputs += &format!(" {dx} {dy} {} {}", options.step_up, options.up);
    let sprites: Option<Vec<Sprite>> = obstacles.iter().map(|o| w.sprite_of(o)).collect();
    let expected = match (w.sprite_of(mover), sprites) {
        (Some(m), Some(list)) => match motion::move_and_slide(&m, &list, dx, dy, options) {
            Err(e) => text::error(&e),
            Ok(r) => text::moved(&r),
        },
        _ => "error PP_ERR_NULL_POINTER".to_string(),
    };
    w.case("move_and_slide", &inputs, &expected);
}

#[allow(clippy::too_many_arguments)]
fn ray_case(w: &mut Writer, s: &Placed, x: i32, y: i32, dx: i32, dy: i32, len: u32) {
    let inputs = format!("{} {x} {y} {dx} {dy} {len}", w.placed(s));
    let expected = match w.sprite_of(s) {
        None => "error PP_ERR_NULL_POINTER".to_string(),
        Some(sp) => match motion::raycast(&sp, x, y, dx, dy, len) {
            Err(e) => text::error(&e),
            Ok(None) => "none".to_string(),
            Ok(Some(h)) => text::ray_hit(&h),
        },
    };
    w.case("raycast", &inputs, &expected);
}

/// A body of a world sequence: its label in the corpus, the world it was made in, its id
/// there and whether it is still alive (the generator's own bookkeeping, which predicts
/// every status of a move, destroy or mask change; the world must agree).
struct Body {
    label: String,
    world: usize,
    id: BodyId,
    alive: bool,
}

fn label_of(bodies: &[Body], id: BodyId) -> &str {
    &bodies
        .iter()
        .find(|b| b.id == id)
        .expect("a labelled body")
        .label
}

fn pairs_text(bodies: &[Body], list: &[Pair]) -> String {
    let mut out = list.len().to_string();
    for p in list {
        out += &format!(" {} {}", label_of(bodies, p.a), label_of(bodies, p.b));
    }
    out
}

fn filter_text(f: &Filter) -> String {
    format!("{} {} {}", f.category, f.mask, f.group)
}

fn worlds(w: &mut Writer, masks: &Masks) {
    w.comment("world sequences: create, move, destroy, set_mask, update (touching pairs, begin");
    w.comment("and end events, from reference::world), in_rect, stale and wrong-world ids");
    let mut bodies: Vec<Body> = Vec::new();
    for round in 0..6usize {
        // Two worlds a round: the one the sequence runs in, and another whose ids it
        // must refuse.
        let names = [format!("w{}", 2 * round), format!("w{}", 2 * round + 1)];
        let mut worlds = [World::new(), World::new()];
        let wi = [2 * round, 2 * round + 1];
        for name in &names {
            w.case("world_new", name, "ok");
        }
        let (ox, oy) = if round == 5 {
            (i32::MAX - 200, i32::MIN + 100)
        } else {
            (0, 0)
        };
        let mut before: Vec<Pair> = Vec::new();
        for step in 0..70 {
            let live: Vec<usize> = (0..bodies.len())
                .filter(|&k| bodies[k].alive && bodies[k].world == wi[0])
                .collect();
            let roll = w.rng.range(0, 99);
            let in_main = step == 0 || w.rng.chance(90);
            let target = if in_main { 0 } else { 1 };
            if roll < 30 || live.is_empty() {
                // Create.
                let k = w.rng.pick(&masks.all);
                let (x, y) = (
                    ox + w.rng.range(0, 60) as i32,
                    oy + w.rng.range(0, 60) as i32,
                );
                let mut def = BodyDef::new(&w.masks[k].mask, x, y);
                def.pixel_collision = !w.rng.chance(15);
                def.kind = if w.rng.chance(20) {
                    BodyKind::Static
                } else {
                    BodyKind::Moving
                };
                def.filter = Filter {
                    category: w.rng.pick(&[1u64, 2, 4]),
                    mask: w.rng.pick(&[u64::MAX, !2u64, 5]),
                    group: w.rng.pick(&[0, 0, 0, 1, -1]),
                };
                let label = format!("b{}", bodies.len());
                let inputs = format!(
                    "{} {label} {} {x} {y} {} {} {}",
                    names[target],
                    w.masks[k].id,
                    def.pixel_collision as u8,
                    (def.kind == BodyKind::Static) as u8,
                    filter_text(&def.filter)
                );
                match worlds[target].create_body(def) {
                    Ok(id) => {
                        bodies.push(Body {
                            label,
                            world: wi[target],
                            id,
                            alive: true,
                        });
                        w.case("world_create", &inputs, "ok");
                    }
                    Err(e) => w.case("world_create", &inputs, &text::error(&e)),
                }
                continue;
            }
            // A body to act on: live in the main world mostly, else stale or foreign.
            let pick = if w.rng.chance(85) {
                w.rng.pick(&live)
            } else {
                w.rng.range(0, bodies.len() as i64 - 1) as usize
            };
            let expected = if bodies[pick].world != wi[0] {
                "error PP_ERR_WRONG_WORLD"
            } else if !bodies[pick].alive {
                "error PP_ERR_STALE_BODY"
            } else {
                "ok"
            };
            let (label, id) = (bodies[pick].label.clone(), bodies[pick].id);
            let agree = |r: &perpixel::Result<()>| match r {
                Ok(()) => assert_eq!(expected, "ok", "{label}: the world accepted it"),
                Err(e) => assert_eq!(expected, text::error(e), "{label}"),
            };
            if roll < 60 {
                let (x, y) = (
                    ox + w.rng.range(-5, 60) as i32,
                    oy + w.rng.range(-5, 60) as i32,
                );
                agree(&worlds[0].move_body(id, x, y));
                w.case(
                    "world_move",
                    &format!("{} {label} {x} {y}", names[0]),
                    expected,
                );
            } else if roll < 70 {
                agree(&worlds[0].destroy_body(id));
                if expected == "ok" {
                    bodies[pick].alive = false;
                }
                w.case("world_destroy", &format!("{} {label}", names[0]), expected);
            } else if roll < 75 {
                let k = w.rng.pick(&masks.all);
                agree(&worlds[0].set_mask(id, &w.masks[k].mask));
                let inputs = format!("{} {label} {}", names[0], w.masks[k].id);
                w.case("world_set_mask", &inputs, expected);
            } else if roll < 92 {
                worlds[0].update().expect("an update");
                let now = reference::world::touching(&worlds[0]);
                let (begins, ends) = reference::world::events(&before, &now);
                let answer = format!(
                    "pairs {} begins {} ends {}",
                    pairs_text(&bodies, &now),
                    pairs_text(&bodies, &begins),
                    pairs_text(&bodies, &ends)
                );
                w.case("world_update", &names[0], &answer);
                before = now;
            } else {
                let rect = Bounds2D::new(
                    ox + w.rng.range(-10, 60) as i32,
                    oy + w.rng.range(-10, 60) as i32,
                    w.rng.range(0, 40) as i32,
                    w.rng.range(0, 40) as i32,
                );
                let filter = Filter::default();
                let found = reference::world::in_rect(&worlds[0], rect, &filter);
                let mut answer = found.len().to_string();
                for id in found {
                    answer += &format!(" {}", label_of(&bodies, id));
                }
                let inputs = format!(
                    "{} {} {} {} {} {}",
                    names[0],
                    rect.x,
                    rect.y,
                    rect.width,
                    rect.height,
                    filter_text(&filter)
                );
                w.case("world_in_rect", &inputs, &answer);
            }
        }
    }
}

fn shapes(w: &mut Writer, masks: &Masks) {
    w.comment("shape tools: centroid, angle, component bounds, largest component, grow, shrink,");
    w.comment("convolve, scale (from reference::shape)");
    for &k in &masks.all {
        let id = w.masks[k].id.clone();
        let m = w.masks[k].mask.clone();
        let (cx, cy) = reference::shape::centroid(&m);
        w.case("centroid", &id, &format!("{cx} {cy}"));
        w.case("angle", &id, &text::float(reference::shape::angle(&m)));
        for (connectivity, order, min) in [
            (Connectivity::Eight, ComponentOrder::Position, 0),
            (Connectivity::Four, ComponentOrder::LargestFirst, 0),
            (Connectivity::Eight, ComponentOrder::LargestFirst, 3),
        ] {
            let options = ComponentOptions {
                connectivity,
                order,
                min_pixels: min,
            };
            let mut answer = String::new();
            let bounds = reference::shape::component_bounds(&m, &options);
            answer += &bounds.len().to_string();
            for b in bounds {
                answer += &format!(" {} {} {} {}", b.x, b.y, b.width, b.height);
            }
            let inputs = format!(
                "{id} {} {}",
                text::connectivity(connectivity),
                text::order(order)
            );
            w.case("component_bounds", &format!("{inputs} {min}"), &answer);
        }
        for connectivity in [Connectivity::Eight, Connectivity::Four] {
            let largest = reference::shape::largest_component(&m, connectivity);
            let inputs = format!("{id} {}", text::connectivity(connectivity));
            w.case("largest_component", &inputs, &text::mask_text(&largest));
        }
        for _ in 0..2 {
            let n = w.rng.range(0, 4) as u32;
            let norm = w.rng.pick(&[Norm::Disc, Norm::Square, Norm::Diamond]);
            let options = MorphOptions {
                norm,
                shrink_from_edges: w.rng.chance(50),
            };
            let inputs = format!("{id} {n} {}", text::morph(&options));
            let grown = reference::shape::grow(&m, n, &options);
            w.case("grow", &inputs, &text::mask_text(&grown));
            let shrunk = reference::shape::shrink(&m, n, &options);
            w.case("shrink", &inputs, &text::mask_text(&shrunk));
        }
        let (sw, sh) = (w.rng.range(0, 40) as u32, w.rng.range(0, 40) as u32);
        let scaled = reference::shape::scale(&m, sw, sh);
        w.case(
            "scale",
            &format!("{id} {sw} {sh}"),
            &text::mask_text(&scaled),
        );
    }
    // Documented (pp_mask_scale): a result past the mask size limit (2^26 pixels by
    // default) is PP_ERR_TOO_LARGE, refused before any work (the oracle would build it).
    let id = w.masks[masks.small[0]].id.clone();
    w.case(
        "scale",
        &format!("{id} 100000 100000"),
        "error PP_ERR_TOO_LARGE",
    );
    for _ in 0..30 {
        let ka = w.rng.pick(&masks.all);
        let kb = w.rng.pick(&masks.small);
        let c = reference::shape::convolve(&w.masks[ka].mask, &w.masks[kb].mask);
        let inputs = format!("{} {}", w.masks[ka].id, w.masks[kb].id);
        w.case("convolve", &inputs, &text::mask_text(&c));
    }
}

// ---- reshapes, edits, mask facts and hashes (issue 31.1) --------------------------------
//
// Reshapes, counts, solid bounds and hashes have no oracle in `perpixel::reference`: their
// answers are written here, plainly, from the rule the header documents for each (where
// every pixel lands, the size limit, the hash's byte stream), reading the masks one pixel
// at a time. Edits come from `reference::edit`, `component_at` from `reference::shape`.

/// Pixel `(x, y)` of `m`, any coordinates: `false` outside the mask.
fn pixel(m: &Mask, x: i64, y: i64) -> bool {
    x >= 0
        && y >= 0
        && x < m.width() as i64
        && y < m.height() as i64
        && m.is_solid(x as u32, y as u32)
}

/// A new `width x height` mask whose pixel `(x, y)` is `rule(x, y)`.
fn built(width: i64, height: i64, rule: impl Fn(i64, i64) -> bool) -> Mask {
    Mask::from_fn(width as u32, height as u32, |x, y| rule(x as i64, y as i64)).unwrap()
}

/// The documented size rule: a mask's sides are `int32_t` and it holds at most
/// `pp_max_mask_pixels()` pixels (2^26, `PP_MAX_MASK_PIXELS`, unless changed).
fn too_large(width: i64, height: i64) -> bool {
    width > i32::MAX as i64
        || height > i32::MAX as i64
        || (width as i128) * (height as i128) > perpixel::MAX_MASK_PIXELS as i128
}

/// `pp_mask_rotate_quarter`, one turn: a `height x width` mask where source pixel
/// `(i, j)` lands at `(height - 1 - j, i)`.
fn turned_once(m: &Mask) -> Mask {
    let h = m.height() as i64;
    built(h, m.width() as i64, |x, y| pixel(m, y, h - 1 - x))
}

/// `pp_mask_scale_integer`: factors below 1 refused, then the size rule, then pixel
/// `(i, j)` solid when source pixel `(i / sx, j / sy)` is.
fn scaled_integer(m: &Mask, sx: i64, sy: i64) -> String {
    if sx < 1 || sy < 1 {
        return "error PP_ERR_INVALID_ARGUMENT".to_string();
    }
    let (bw, bh) = (m.width() as i64 * sx, m.height() as i64 * sy);
    if too_large(bw, bh) {
        return "error PP_ERR_TOO_LARGE".to_string();
    }
    text::mask_text(&built(bw, bh, |i, j| pixel(m, i / sx, j / sy)))
}

fn reshapes(w: &mut Writer, masks: &Masks) {
    w.comment("mask reshapes: flip, rotate_quarter, transpose, scale_integer (answers from the");
    w.comment("header's rule of where each pixel lands, written plainly in the generator)");
    for &k in &masks.all {
        let id = w.masks[k].id.clone();
        let m = w.masks[k].mask.clone();
        let (mw, mh) = (m.width() as i64, m.height() as i64);
        for (fx, fy) in [(true, false), (false, true), (true, true), (false, false)] {
            let f = built(mw, mh, |x, y| {
                pixel(
                    &m,
                    if fx { mw - 1 - x } else { x },
                    if fy { mh - 1 - y } else { y },
                )
            });
            let inputs = format!("{id} {} {}", fx as u8, fy as u8);
            w.case("flip", &inputs, &text::mask_text(&f));
        }
        let odd = w.rng.pick(&[
            -1,
            -2,
            -3,
            -4,
            4,
            5,
            6,
            7,
            1001,
            i32::MAX,
            i32::MIN,
            -i32::MAX,
        ]);
        for turns in [1, 2, 3, odd] {
            let mut r = m.clone();
            for _ in 0..turns.rem_euclid(4) {
                r = turned_once(&r);
            }
            w.case(
                "rotate_quarter",
                &format!("{id} {turns}"),
                &text::mask_text(&r),
            );
        }
        let t = built(mh, mw, |x, y| pixel(&m, y, x));
        w.case("transpose", &id, &text::mask_text(&t));
        // Factors that keep the answers short: at most about 2,000 pixels.
        let area = (mw * mh).max(1);
        let (sx, sy) = (w.rng.range(1, 3), w.rng.range(1, 3));
        let (sx, sy) = if area * sx * sy <= 2000 {
            (sx, sy)
        } else {
            (1, 2)
        };
        let inputs = format!("{id} {sx} {sy}");
        w.case("scale_integer", &inputs, &scaled_integer(&m, sx, sy));
    }
    w.comment("scale_integer refusals: factors below 1, results past the size limit or int32");
    let one = masks.all[4]; // full 1x1
    let some = masks.all[10]; // random 2x2
    for (k, sx, sy) in [
        (some, 0, 1),
        (some, 1, 0),
        (some, -1, 2),
        (some, 2, i32::MIN as i64),
        (some, i32::MAX as i64, 1),
        (one, 8193, 8192),
        (one, 1 << 13, 1 << 14),
        (one, (1 << 26) + 1, 1),
        (masks.all[1], 2, i32::MAX as i64),
        (masks.all[1], i32::MAX as i64, 1),
        (masks.all[2], i32::MAX as i64, i32::MAX as i64),
        (masks.all[0], i32::MAX as i64, i32::MAX as i64),
        (masks.all[3], 1, 2),
    ] {
        let inputs = format!("{} {sx} {sy}", w.masks[k].id);
        let expected = scaled_integer(&w.masks[k].mask, sx, sy);
        w.case("scale_integer", &inputs, &expected);
    }
}

/// `x y width height` of a rectangle input.
fn rect_text(r: Bounds2D) -> String {
    format!("{} {} {} {}", r.x, r.y, r.width, r.height)
}

/// An edit of a copy of mask `k`: `kind <mask id> <inputs>` -> the edited mask.
fn edit_case(w: &mut Writer, kind: &str, k: usize, inputs: &str, edited: &Mask) {
    let inputs = if inputs.is_empty() {
        w.masks[k].id.clone()
    } else {
        format!("{} {inputs}", w.masks[k].id)
    };
    w.case(kind, &inputs, &text::mask_text(edited));
}

/// `draw`, `erase`, `intersect` or `xor` of mask `other` (`None`: NULL) at `(x, y)` into
/// a copy of mask `k`.
fn combine_case(w: &mut Writer, kind: &str, k: usize, other: Option<usize>, x: i32, y: i32) {
    let ido = other.map_or("null".to_string(), |o| w.masks[o].id.clone());
    let inputs = format!("{} {ido} {x} {y}", w.masks[k].id);
    let Some(o) = other else {
        w.case(kind, &inputs, "error PP_ERR_NULL_POINTER");
        return;
    };
    let (m, om) = (&w.masks[k].mask, &w.masks[o].mask);
    let edited = match kind {
        "draw" => reference::edit::draw(m, om, x, y),
        "erase" => reference::edit::erase(m, om, x, y),
        "intersect" => reference::edit::intersect(m, om, x, y),
        _ => reference::edit::xor(m, om, x, y),
    };
    w.case(kind, &inputs, &text::mask_text(&edited));
}

fn edits(w: &mut Writer, masks: &Masks) {
    use reference::edit as oracle;
    w.comment(
        "mask edits, each on a copy of the declared mask: set_pixel, fill_rect, fill_circle,",
    );
    w.comment(
        "fill_ellipse, draw_line, draw, erase, intersect, xor, invert (from reference::edit)",
    );
    for &k in &masks.all {
        let m = w.masks[k].mask.clone();
        let (mw, mh) = (m.width() as i64, m.height() as i64);
        let near = |w: &mut Writer, side: i64| w.rng.range(-3, side + 2) as i32;
        let solid = |w: &mut Writer| w.rng.chance(50);
        for _ in 0..2 {
            let (x, y, s) = (near(w, mw), near(w, mh), solid(w));
            let e = oracle::set_pixel(&m, x, y, s);
            edit_case(w, "set_pixel", k, &format!("{x} {y} {}", s as u8), &e);
        }
        // A rectangle in, across or beside the mask, sometimes empty or negative.
        let rect = |w: &mut Writer| {
            let (x, y) = (near(w, mw), near(w, mh));
            let side = |w: &mut Writer, s: i64| w.rng.range(-2, s + 4) as i32;
            Bounds2D::new(x, y, side(w, mw), side(w, mh))
        };
        for _ in 0..2 {
            let r = rect(w);
            let s = solid(w);
            let e = oracle::fill_rect(&m, r, s);
            edit_case(
                w,
                "fill_rect",
                k,
                &format!("{} {}", rect_text(r), s as u8),
                &e,
            );
        }
        for _ in 0..2 {
            let (cx, cy, s) = (near(w, mw), near(w, mh), solid(w));
            let r = w.rng.range(0, mw.max(mh) / 2 + 2) as u32;
            let e = oracle::fill_circle(&m, cx, cy, r, s);
            edit_case(
                w,
                "fill_circle",
                k,
                &format!("{cx} {cy} {r} {}", s as u8),
                &e,
            );
        }
        let r = rect(w);
        let s = solid(w);
        let e = oracle::fill_ellipse(&m, r, s);
        edit_case(
            w,
            "fill_ellipse",
            k,
            &format!("{} {}", rect_text(r), s as u8),
            &e,
        );
        for radius in [0, w.rng.range(1, 4) as u32] {
            let (x0, y0, x1, y1) = (near(w, mw), near(w, mh), near(w, mw), near(w, mh));
            let s = solid(w);
            let e = oracle::draw_line(&m, x0, y0, x1, y1, radius, s);
            let inputs = format!("{x0} {y0} {x1} {y1} {radius} {}", s as u8);
            edit_case(w, "draw_line", k, &inputs, &e);
        }
        for kind in ["draw", "erase", "intersect", "xor"] {
            let o = w.rng.pick(&masks.all);
            let (ow, oh) = (
                w.masks[o].mask.width() as i64,
                w.masks[o].mask.height() as i64,
            );
            let x = w.rng.range(-ow - 2, mw + 2) as i32;
            let y = w.rng.range(-oh - 2, mh + 2) as i32;
            combine_case(w, kind, k, Some(o), x, y);
        }
        edit_case(w, "invert", k, "", &oracle::invert(&m));
    }
    w.comment("mask edits far away: int32 ends, huge shapes reaching in, NULL other masks");
    let k = masks.all[7]; // full 65x4
    let r = masks.small[2]; // a random mask with solid pixels
    let ends = [i32::MIN, i32::MAX];
    for (x, y) in [
        (i32::MIN, i32::MIN),
        (i32::MAX, 0),
        (0, i32::MAX),
        (-1, 0),
        (65, 3),
    ] {
        for (kk, s) in [(k, false), (r, true)] {
            let e = oracle::set_pixel(&w.masks[kk].mask.clone(), x, y, s);
            edit_case(w, "set_pixel", kk, &format!("{x} {y} {}", s as u8), &e);
        }
    }
    for rect in [
        Bounds2D::new(i32::MIN, i32::MIN, i32::MAX, i32::MAX),
        Bounds2D::new(-5, -5, i32::MAX, i32::MAX),
        Bounds2D::new(i32::MIN, 1, i32::MAX, 2),
        Bounds2D::new(3, i32::MIN, 2, i32::MAX),
        Bounds2D::new(10, 1, i32::MIN, 5),
        Bounds2D::new(i32::MAX, i32::MAX, i32::MAX, i32::MAX),
    ] {
        let e = oracle::fill_rect(&w.masks[k].mask.clone(), rect, false);
        edit_case(w, "fill_rect", k, &format!("{} 0", rect_text(rect)), &e);
    }
    for (cx, cy, radius) in [
        (i32::MIN + 5, 2, i32::MAX as u32),
        (i32::MIN, 0, i32::MAX as u32),
        (i32::MAX, i32::MAX, i32::MAX as u32),
        (70, 2, 5),
        (32, -100000, 100001),
    ] {
        let e = oracle::fill_circle(&w.masks[k].mask.clone(), cx, cy, radius, false);
        edit_case(w, "fill_circle", k, &format!("{cx} {cy} {radius} 0"), &e);
    }
    // The ellipse and line oracles are exact while coordinates stay within +-2^16.
    for rect in [
        Bounds2D::new(-60000, -1, 120130, 6),
        Bounds2D::new(0, 0, 65, 4),
        Bounds2D::new(-20000, -20000, 40065, 40004),
        Bounds2D::new(30, 0, 0, 4),
    ] {
        let e = oracle::fill_ellipse(&w.masks[k].mask.clone(), rect, false);
        edit_case(w, "fill_ellipse", k, &format!("{} 0", rect_text(rect)), &e);
    }
    for (x0, y0, x1, y1, radius) in [
        (-60000, 2, 60000, 2, 0),
        (-60000, -60000, 60000, 60000, 1),
        (70, 10, 70, 10, 9),
        (5, -30000, 5, 30000, 2),
        (64, 0, 64, 0, 0),
    ] {
        let e = oracle::draw_line(&w.masks[k].mask.clone(), x0, y0, x1, y1, radius, false);
        let inputs = format!("{x0} {y0} {x1} {y1} {radius} 0");
        edit_case(w, "draw_line", k, &inputs, &e);
    }
    for kind in ["draw", "erase", "intersect", "xor"] {
        for (x, y) in [
            (ends[0], ends[0]),
            (ends[1], ends[1]),
            (ends[0], 0),
            (0, ends[1]),
            (-64, -3),
            (-1, 1),
            (63, 0),
        ] {
            combine_case(w, kind, k, Some(r), x, y);
            combine_case(w, kind, r, Some(k), x, y);
        }
        combine_case(w, kind, k, None, 0, 0);
    }
}

/// 64-bit FNV-1a as the header defines it: start `0xcbf29ce484222325`, each byte
/// `h = (h ^ byte) * 0x100000001b3` modulo 2^64.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// `pp_mask_hash`, as its documentation defines it: 64-bit FNV-1a (start
/// `0xcbf29ce484222325`, each byte `h = (h ^ byte) * 0x100000001b3`) over `"PPM1"`, the
/// width and height as little-endian `u32`, then each row from y = 0 as `ceil(width / 8)`
/// bytes, pixel x at bit `x % 8` of byte `x / 8` (1 = solid, bits past the width 0).
fn documented_hash(m: &Mask) -> u64 {
    let mut bytes: Vec<u8> = b"PPM1".to_vec();
    bytes.extend_from_slice(&m.width().to_le_bytes());
    bytes.extend_from_slice(&m.height().to_le_bytes());
    for y in 0..m.height() {
        let mut row = vec![0u8; m.width().div_ceil(8) as usize];
        for x in 0..m.width() {
            if m.is_solid(x, y) {
                row[(x / 8) as usize] |= 1 << (x % 8);
            }
        }
        bytes.extend_from_slice(&row);
    }
    fnv1a(&bytes)
}

/// `component_at <mask id> <x> <y> <connectivity>`: the component's mask, or the
/// documented refusal of a pixel outside the mask.
fn component_at_case(w: &mut Writer, k: usize, x: i32, y: i32, c: Connectivity) {
    let m = &w.masks[k].mask;
    let inputs = format!("{} {x} {y} {}", w.masks[k].id, text::connectivity(c));
    let expected = if x < 0 || y < 0 {
        // Documented (pp_mask_component_at): negative coordinates are outside the mask.
        "error PP_ERR_INVALID_ARGUMENT".to_string()
    } else {
        match reference::shape::component_at(m, x as u32, y as u32, c) {
            None => "error PP_ERR_INVALID_ARGUMENT".to_string(),
            Some(r) => text::mask_text(&r),
        }
    };
    w.case("component_at", &inputs, &expected);
}

fn mask_facts(w: &mut Writer, masks: &Masks) {
    w.comment("mask facts: count, solid_bounds, mask_hash (the header's FNV-1a definition written");
    w.comment("plainly here), component_at (from reference::shape)");
    for &k in &masks.all {
        let id = w.masks[k].id.clone();
        let m = w.masks[k].mask.clone();
        let mut count = 0u64;
        let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
        for y in 0..m.height() {
            for x in 0..m.width() {
                if m.is_solid(x, y) {
                    count += 1;
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
                }
            }
        }
        w.case("count", &id, &count.to_string());
        let bounds = if count == 0 {
            "none".to_string()
        } else {
            format!("{x0} {y0} {} {}", x1 - x0, y1 - y0)
        };
        w.case("solid_bounds", &id, &bounds);
        w.case("mask_hash", &id, &format!("{:016x}", documented_hash(&m)));
        let (mw, mh) = (m.width() as i64, m.height() as i64);
        for c in [Connectivity::Eight, Connectivity::Four] {
            // A solid pixel when there is one (its component), else any pixel.
            let solid: Vec<(i64, i64)> = (0..mh)
                .flat_map(|y| (0..mw).map(move |x| (x, y)))
                .filter(|&(x, y)| pixel(&m, x, y))
                .collect();
            let (x, y) = if !solid.is_empty() && w.rng.chance(80) {
                w.rng.pick(&solid)
            } else {
                (w.rng.range(0, mw), w.rng.range(0, mh))
            };
            component_at_case(w, k, x as i32, y as i32, c);
        }
    }
    w.comment("component_at outside the mask (negative coordinates included), on empty masks");
    let k = masks.small[0];
    let (mw, mh) = (
        w.masks[k].mask.width() as i32,
        w.masks[k].mask.height() as i32,
    );
    for (x, y) in [(mw, 0), (0, mh), (-1, 0), (0, -1), (i32::MIN, i32::MAX)] {
        component_at_case(w, k, x, y, Connectivity::Eight);
    }
    component_at_case(w, masks.all[0], 0, 0, Connectivity::Four);
    component_at_case(w, masks.all[1], 0, 0, Connectivity::Eight);
}

/// Rings in the corpus's order: vertex by vertex, each by `y` then `x`, a ring that
/// is the start of another first.
fn ring_order(a: &[perpixel::Vertex], b: &[perpixel::Vertex]) -> std::cmp::Ordering {
    let key = |r: &[perpixel::Vertex]| r.iter().map(|v| (v[1], v[0])).collect::<Vec<_>>();
    key(a).cmp(&key(b))
}

fn polygons(w: &mut Writer, masks: &Masks) {
    w.comment(
        "polygons: the exact rings (epsilon 0) from reference::polygon::traced_rings, sorted;",
    );
    w.comment("the polygon count is the number of rings of positive area (outer rings)");
    for &k in &masks.all {
        let mut rings = reference::polygon::traced_rings(&w.masks[k].mask);
        rings.sort_by(|a, b| ring_order(a, b));
        let outer = rings
            .iter()
            .filter(|r| reference::polygon::ring_area2(r) > 0)
            .count();
        let mut answer = format!("{outer} {}", rings.len());
        for r in &rings {
            answer += &format!(" {}", r.len());
            for v in r {
                answer += &format!(" {} {}", v[0], v[1]);
            }
        }
        let inputs = format!("{} {}", w.masks[k].id, text::float(0.0));
        w.case("polygons", &inputs, &answer);
    }
    // Documented (pp_mask_polygons): an epsilon that is NaN, infinite or negative is
    // PP_ERR_INVALID_ARGUMENT.
    let id = w.masks[masks.small[0]].id.clone();
    for eps in [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        -1.0,
        -f64::MIN_POSITIVE,
    ] {
        let inputs = format!("{id} {}", text::float(eps));
        w.case("polygons", &inputs, "error PP_ERR_INVALID_ARGUMENT");
    }
}

/// `crop <mask id> <x> <y> <width> <height>`: the region's pixels, or the documented
/// refusals (a negative side `PP_ERR_INVALID_ARGUMENT`, a region not inside the mask
/// `PP_ERR_REGION_OUT_OF_BOUNDS`).
fn crop_case(w: &mut Writer, k: usize, region: Bounds2D) {
    let inputs = format!("{} {}", w.masks[k].id, rect_text(region));
    let expected = if region.width < 0 || region.height < 0 {
        "error PP_ERR_INVALID_ARGUMENT".to_string()
    } else {
        match reference::shape::crop(&w.masks[k].mask, region) {
            None => "error PP_ERR_REGION_OUT_OF_BOUNDS".to_string(),
            Some(m) => text::mask_text(&m),
        }
    };
    w.case("crop", &inputs, &expected);
}

fn crops_and_labels(w: &mut Writer, masks: &Masks) {
    w.comment("crop (reference::shape::crop), component_counts and component_labels");
    w.comment("(reference::shape::component_labels)");
    for &k in &masks.all {
        let (mw, mh) = (
            w.masks[k].mask.width() as i64,
            w.masks[k].mask.height() as i64,
        );
        // A region inside, then one that may reach past an edge.
        let (x, y) = (w.rng.range(0, mw), w.rng.range(0, mh));
        let (cw, ch) = (w.rng.range(0, mw - x), w.rng.range(0, mh - y));
        crop_case(
            w,
            k,
            Bounds2D::new(x as i32, y as i32, cw as i32, ch as i32),
        );
        let region = Bounds2D::new(
            w.rng.range(-2, mw) as i32,
            w.rng.range(-2, mh) as i32,
            w.rng.range(0, mw + 2) as i32,
            w.rng.range(0, mh + 2) as i32,
        );
        crop_case(w, k, region);
        let id = w.masks[k].id.clone();
        let m = w.masks[k].mask.clone();
        for (connectivity, order, min) in [
            (Connectivity::Eight, ComponentOrder::Position, 0),
            (Connectivity::Four, ComponentOrder::LargestFirst, 0),
            (Connectivity::Eight, ComponentOrder::LargestFirst, 3),
        ] {
            let options = ComponentOptions {
                connectivity,
                order,
                min_pixels: min,
            };
            let labels = reference::shape::component_labels(&m, &options);
            let inputs = format!(
                "{id} {} {} {min}",
                text::connectivity(connectivity),
                text::order(order)
            );
            let mut counts = labels.counts.len().to_string();
            for c in &labels.counts {
                counts += &format!(" {c}");
            }
            w.case("component_counts", &inputs, &counts);
            if min == 0 && order == ComponentOrder::Position {
                let mut all = labels.counts.len().to_string();
                for l in &labels.labels {
                    all += &format!(" {l}");
                }
                w.case("component_labels", &inputs, &all);
            }
        }
    }
    w.comment("crop refusals and edges");
    let k = masks.all[7]; // full 65x4
    for region in [
        Bounds2D::new(0, 0, 65, 4),
        Bounds2D::new(0, 0, 66, 4),
        Bounds2D::new(64, 3, 1, 1),
        Bounds2D::new(65, 4, 0, 0),
        Bounds2D::new(66, 0, 0, 0),
        Bounds2D::new(-1, 0, 1, 1),
        Bounds2D::new(0, 0, -1, 2),
        Bounds2D::new(1, 1, 2, -2),
        Bounds2D::new(i32::MAX, 0, 1, 1),
        Bounds2D::new(1, 0, i32::MAX, 1),
        Bounds2D::new(i32::MIN, i32::MIN, 0, 0),
    ] {
        crop_case(w, k, region);
    }
    crop_case(w, masks.all[0], Bounds2D::new(0, 0, 0, 0));
    crop_case(w, masks.all[1], Bounds2D::new(0, 2, 0, 3));
}

/// A byte-order pixel format of the corpus: its name, bytes per pixel and where red,
/// green, blue and alpha sit in a pixel's bytes (`None`: no colour, A8).
struct Format {
    name: &'static str,
    bpp: usize,
    rgba: Option<[usize; 4]>,
    alpha: usize,
}

/// The formats whose byte order is the same on every platform (`PP_FORMAT_ARGB32`, a
/// native-endian word, is left out), as the header names their bytes.
const FORMATS: [Format; 5] = [
    Format {
        name: "rgba8",
        bpp: 4,
        rgba: Some([0, 1, 2, 3]),
        alpha: 3,
    },
    Format {
        name: "bgra8",
        bpp: 4,
        rgba: Some([2, 1, 0, 3]),
        alpha: 3,
    },
    Format {
        name: "argb8",
        bpp: 4,
        rgba: Some([1, 2, 3, 0]),
        alpha: 0,
    },
    Format {
        name: "abgr8",
        bpp: 4,
        rgba: Some([3, 2, 1, 0]),
        alpha: 0,
    },
    Format {
        name: "a8",
        bpp: 1,
        rgba: None,
        alpha: 0,
    },
];

/// An image of the pixel cases: its format, size, stride and bytes.
struct Image {
    format: &'static Format,
    width: i64,
    height: i64,
    stride: i64,
    bytes: Vec<u8>,
}

impl Image {
    /// `<format> <width> <height> <stride>`.
    fn head(&self) -> String {
        format!(
            "{} {} {} {}",
            self.format.name, self.width, self.height, self.stride
        )
    }

    /// The bytes as lowercase hex, `-` for none.
    fn bytes_text(&self) -> String {
        if self.bytes.is_empty() {
            return "-".to_string();
        }
        self.bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The documented layout checks of `pp_mask_from_pixels` and
    /// `pp_mask_from_color_range`: nothing to read for an empty image; otherwise a
    /// stride of at least `width * bpp`, then `stride * (height - 1) + width * bpp`
    /// bytes.
    fn layout_error(&self) -> Option<&'static str> {
        let row = self.width * self.format.bpp as i64;
        if self.width == 0 || self.height == 0 {
            None
        } else if self.stride < row {
            Some("error PP_ERR_STRIDE_TOO_SMALL")
        } else if (self.bytes.len() as i64) < self.stride * (self.height - 1) + row {
            Some("error PP_ERR_BUFFER_TOO_SMALL")
        } else {
            None
        }
    }

    /// The bytes of image pixel `(x, y)`.
    fn pixel(&self, x: i64, y: i64) -> &[u8] {
        let at = (y * self.stride + x * self.format.bpp as i64) as usize;
        &self.bytes[at..at + self.format.bpp]
    }

    /// Red, green, blue, alpha of image pixel `(x, y)` (a colour format).
    fn rgba(&self, x: i64, y: i64) -> [u8; 4] {
        let p = self.pixel(x, y);
        let at = self.format.rgba.expect("a colour format");
        [p[at[0]], p[at[1]], p[at[2]], p[at[3]]]
    }
}

/// A random small image: channel values drawn from a few that sit on the thresholds,
/// the colour key and the ranges the cases use, padding bytes between rows.
fn random_image(w: &mut Writer, format: &'static Format) -> Image {
    let width = w.rng.range(0, 7);
    let height = w.rng.range(0, 5);
    let stride = width * format.bpp as i64 + w.rng.pick(&[0, 0, 1, 3]);
    let len = if width == 0 || height == 0 {
        0
    } else {
        stride * (height - 1) + width * format.bpp as i64
    };
    let mut bytes = Vec::new();
    for _ in 0..len {
        bytes.push(w.rng.pick(&[0u8, 1, 2, 127, 128, 129, 200, 254, 255]));
    }
    Image {
        format,
        width,
        height,
        stride,
        bytes,
    }
}

/// `from_pixels <image> <threshold> <flip x> <flip y> <has key> <r> <g> <b> <has region>
/// <x> <y> <width> <height> <bytes>`: the documented rule, pixel by pixel.
#[allow(clippy::too_many_arguments)]
fn from_pixels_case(
    w: &mut Writer,
    img: &Image,
    threshold: u8,
    flips: (bool, bool),
    key: Option<[u8; 3]>,
    region: Option<Bounds2D>,
) {
    let [kr, kg, kb] = key.unwrap_or([0, 0, 0]);
    let r = region.unwrap_or(Bounds2D::new(0, 0, 0, 0));
    let inputs = format!(
        "{} {threshold} {} {} {} {kr} {kg} {kb} {} {} {}",
        img.head(),
        flips.0 as u8,
        flips.1 as u8,
        key.is_some() as u8,
        region.is_some() as u8,
        rect_text(r),
        img.bytes_text()
    );
    let expected = if let Some(e) = img.layout_error() {
        e.to_string()
    } else if key.is_some() && img.format.rgba.is_none() {
        "error PP_ERR_INVALID_ARGUMENT".to_string()
    } else {
        let area = region.unwrap_or(Bounds2D::new(0, 0, img.width as i32, img.height as i32));
        let (ax, ay, aw, ah) = (
            area.x as i64,
            area.y as i64,
            area.width as i64,
            area.height as i64,
        );
        if ax < 0 || ay < 0 || aw < 0 || ah < 0 || ax + aw > img.width || ay + ah > img.height {
            "error PP_ERR_REGION_OUT_OF_BOUNDS".to_string()
        } else {
            let m = built(aw, ah, |i, j| {
                let x = ax + if flips.0 { aw - 1 - i } else { i };
                let y = ay + if flips.1 { ah - 1 - j } else { j };
                let alpha = img.pixel(x, y)[img.format.alpha];
                let keyed = key.is_some_and(|k| {
                    let c = img.rgba(x, y);
                    [c[0], c[1], c[2]] == k
                });
                alpha >= threshold && !keyed
            });
            text::mask_text(&m)
        }
    };
    w.case("from_pixels", &inputs, &expected);
}

/// `from_color_range <image> <min r g b a> <max r g b a> <bytes>`: a pixel is solid when
/// each channel lies in its inclusive range; A8 (no colour) is refused.
fn from_color_range_case(w: &mut Writer, img: &Image, min: [u8; 4], max: [u8; 4]) {
    let inputs = format!(
        "{} {} {} {} {} {} {} {} {} {}",
        img.head(),
        min[0],
        min[1],
        min[2],
        min[3],
        max[0],
        max[1],
        max[2],
        max[3],
        img.bytes_text()
    );
    let expected = if img.format.rgba.is_none() {
        "error PP_ERR_INVALID_ARGUMENT".to_string()
    } else if let Some(e) = img.layout_error() {
        e.to_string()
    } else {
        let m = built(img.width, img.height, |x, y| {
            let c = img.rgba(x, y);
            (0..4).all(|i| min[i] <= c[i] && c[i] <= max[i])
        });
        text::mask_text(&m)
    };
    w.case("from_color_range", &inputs, &expected);
}

fn pixel_cases(w: &mut Writer) {
    w.comment("masks from pixels: from_pixels (threshold, colour key, flips, region, stride) and");
    w.comment("from_color_range, the documented rules written plainly in the generator");
    for round in 0..60 {
        let format = &FORMATS[round % FORMATS.len()];
        let img = random_image(w, format);
        let threshold = w.rng.pick(&[0u8, 1, 1, 128, 129, 255]);
        let flips = (w.rng.chance(30), w.rng.chance(30));
        let key = (format.rgba.is_some() && w.rng.chance(40)).then(|| {
            w.rng
                .pick(&[[255u8, 0, 255], [0, 0, 0], [128, 128, 128], [1, 2, 127]])
        });
        let region = w.rng.chance(40).then(|| {
            let x = w.rng.range(0, img.width);
            let y = w.rng.range(0, img.height);
            Bounds2D::new(
                x as i32,
                y as i32,
                w.rng.range(0, img.width - x) as i32,
                w.rng.range(0, img.height - y) as i32,
            )
        });
        from_pixels_case(w, &img, threshold, flips, key, region);
        if format.rgba.is_some() {
            let lo = |w: &mut Writer| w.rng.pick(&[0u8, 0, 1, 128, 200]);
            let hi = |w: &mut Writer| w.rng.pick(&[255u8, 255, 254, 128, 127, 0]);
            let min = [lo(w), lo(w), lo(w), lo(w)];
            let max = [hi(w), hi(w), hi(w), hi(w)];
            from_color_range_case(w, &img, min, max);
        }
    }
    w.comment("masks from pixels: refusals (stride, buffer, colour key on A8, regions, A8 ranges)");
    let mut img = random_image(w, &FORMATS[0]);
    while img.width < 2 || img.height < 2 {
        img = random_image(w, &FORMATS[0]);
    }
    let good = img.stride;
    img.stride = img.width * 4 - 1;
    from_pixels_case(w, &img, 1, (false, false), None, None);
    from_color_range_case(w, &img, [0; 4], [255; 4]);
    img.stride = good;
    let last = img.bytes.pop().unwrap();
    from_pixels_case(w, &img, 1, (false, false), None, None);
    from_color_range_case(w, &img, [0; 4], [255; 4]);
    img.bytes.push(last);
    let (iw, ih) = (img.width as i32, img.height as i32);
    for region in [
        Bounds2D::new(0, 0, iw + 1, ih),
        Bounds2D::new(-1, 0, 1, 1),
        Bounds2D::new(iw, ih, 0, 0),
        Bounds2D::new(iw, 0, 1, 1),
        Bounds2D::new(i32::MAX, i32::MAX, 1, 1),
        Bounds2D::new(1, 1, iw - 1, ih - 1),
    ] {
        from_pixels_case(w, &img, 1, (true, false), None, Some(region));
    }
    let mut alpha = random_image(w, &FORMATS[4]);
    while alpha.width == 0 || alpha.height == 0 {
        alpha = random_image(w, &FORMATS[4]);
    }
    from_pixels_case(w, &alpha, 128, (false, true), Some([255, 0, 255]), None);
    from_color_range_case(w, &alpha, [0; 4], [255; 4]);
    let empty = Image {
        format: &FORMATS[1],
        width: 0,
        height: 3,
        stride: 0,
        bytes: Vec::new(),
    };
    from_pixels_case(w, &empty, 1, (true, true), Some([0, 0, 0]), None);
    from_color_range_case(w, &empty, [0; 4], [255; 4]);
}

/// A body of the world-hash sequence as the generator models it: its label, id, mask,
/// placement, flags and filter (user data stays 0).
struct HashedBody {
    label: String,
    id: BodyId,
    mask: usize,
    x: i32,
    y: i32,
    pixel_collision: bool,
    is_static: bool,
    filter: Filter,
}

/// `pp_world_hash` of the modelled world, as `World::state_hash` documents its stream:
/// FNV-1a over `"PPW1"`, the slot count, each slot (generation; 0, or 1 and the body:
/// kind 0 static / 1 moving, pixel collision, placement 0 and x, y, filter category,
/// mask and group, user data, the mask's hash), the free slots (count, then each index,
/// the one the next body takes last), then the touching pairs, the begin and the end
/// events (each a count, then per pair a.index, a.generation, b.index, b.generation).
/// The slots are the generator's own model (a new slot at generation 0, a destroyed
/// body's slot one generation on and pushed on the free list, a new body taking the last
/// free slot first), checked against every id the world hands out.
fn documented_world_hash(
    w: &Writer,
    slots: &[(u32, Option<usize>)],
    bodies: &[HashedBody],
    free: &[u32],
    lists: [&[Pair]; 3],
) -> u64 {
    let mut bytes: Vec<u8> = b"PPW1".to_vec();
    let u32_ = |b: &mut Vec<u8>, v: u32| b.extend_from_slice(&v.to_le_bytes());
    let u64_ = |b: &mut Vec<u8>, v: u64| b.extend_from_slice(&v.to_le_bytes());
    u32_(&mut bytes, slots.len() as u32);
    for &(generation, body) in slots {
        u32_(&mut bytes, generation);
        let Some(k) = body else {
            bytes.push(0);
            continue;
        };
        let b = &bodies[k];
        bytes.push(1);
        bytes.push(if b.is_static { 0 } else { 1 });
        bytes.push(b.pixel_collision as u8);
        bytes.push(0);
        u32_(&mut bytes, b.x as u32);
        u32_(&mut bytes, b.y as u32);
        u64_(&mut bytes, b.filter.category);
        u64_(&mut bytes, b.filter.mask);
        u32_(&mut bytes, b.filter.group as u32);
        u64_(&mut bytes, 0);
        u64_(&mut bytes, documented_hash(&w.masks[b.mask].mask));
    }
    u32_(&mut bytes, free.len() as u32);
    for &i in free {
        u32_(&mut bytes, i);
    }
    for list in lists {
        u32_(&mut bytes, list.len() as u32);
        for p in list {
            for id in [p.a, p.b] {
                u32_(&mut bytes, id.index);
                u32_(&mut bytes, id.generation);
            }
        }
    }
    fnv1a(&bytes)
}

fn world_hashes(w: &mut Writer, masks: &Masks) {
    w.comment("world_hash after a short sequence in a world of its own (w900, bodies b9000...):");
    w.comment("the documented FNV-1a stream over the generator's own model of slots and bodies");
    let name = "w900";
    let mut world = World::new();
    let mut slots: Vec<(u32, Option<usize>)> = Vec::new();
    let mut free: Vec<u32> = Vec::new();
    let mut bodies: Vec<HashedBody> = Vec::new();
    let (mut touching, mut begins, mut ends): (Vec<Pair>, Vec<Pair>, Vec<Pair>) =
        (Vec::new(), Vec::new(), Vec::new());
    // An update of w900: its case (pairs and events from reference::world, bodies by
    // label) and the new touching pairs, begin and end events.
    let update = |w: &mut Writer, world: &mut World, bodies: &[HashedBody], before: &[Pair]| {
        world.update().expect("an update");
        let now = reference::world::touching(world);
        let (begins, ends) = reference::world::events(before, &now);
        let label = |id: BodyId| &bodies.iter().find(|b| b.id == id).expect("a body").label;
        let text = |list: &[Pair]| {
            let mut out = list.len().to_string();
            for p in list {
                out += &format!(" {} {}", label(p.a), label(p.b));
            }
            out
        };
        let answer = format!(
            "pairs {} begins {} ends {}",
            text(&now),
            text(&begins),
            text(&ends)
        );
        w.case("world_update", name, &answer);
        (now, begins, ends)
    };
    w.case("world_new", name, "ok");
    let empty = documented_world_hash(w, &slots, &bodies, &free, [&[], &[], &[]]);
    w.case("world_hash", name, &format!("{empty:016x}"));
    let mut pending = false;
    for step in 0..40 {
        let live: Vec<usize> = slots.iter().filter_map(|s| s.1).collect();
        let roll = if step < 6 { 0 } else { w.rng.range(0, 99) };
        if roll < 25 || live.is_empty() {
            let k = if w.rng.chance(85) {
                w.rng.pick(&masks.small)
            } else {
                w.rng.pick(&masks.all)
            };
            let (x, y) = (w.rng.range(0, 16) as i32, w.rng.range(-5, 16) as i32);
            let filter = Filter {
                category: w.rng.pick(&[1u64, 1, 2, 4]),
                mask: w.rng.pick(&[u64::MAX, u64::MAX, !2u64, 5]),
                group: w.rng.pick(&[0, 0, 0, 1, -1]),
            };
            let (pixel_collision, is_static) = (!w.rng.chance(15), w.rng.chance(20));
            let mut def = BodyDef::new(&w.masks[k].mask, x, y);
            def.pixel_collision = pixel_collision;
            def.kind = if is_static {
                BodyKind::Static
            } else {
                BodyKind::Moving
            };
            def.filter = filter;
            let id = world.create_body(def).expect("a body");
            let index = match free.pop() {
                Some(i) => i,
                None => {
                    slots.push((0, None));
                    slots.len() as u32 - 1
                }
            };
            let slot = &mut slots[index as usize];
            assert_eq!(
                (id.index, id.generation),
                (index, slot.0),
                "the world's id and the generator's slot model disagree"
            );
            slot.1 = Some(bodies.len());
            let label = format!("b{}", 9000 + bodies.len());
            let inputs = format!(
                "{name} {label} {} {x} {y} {} {} {}",
                w.masks[k].id,
                pixel_collision as u8,
                is_static as u8,
                filter_text(&filter)
            );
            w.case("world_create", &inputs, "ok");
            bodies.push(HashedBody {
                label,
                id,
                mask: k,
                x,
                y,
                pixel_collision,
                is_static,
                filter,
            });
        } else if roll < 50 {
            let b = w.rng.pick(&live);
            let (x, y) = (w.rng.range(-5, 20) as i32, w.rng.range(-5, 20) as i32);
            world.move_body(bodies[b].id, x, y).expect("a live body");
            (bodies[b].x, bodies[b].y) = (x, y);
            let inputs = format!("{name} {} {x} {y}", bodies[b].label);
            w.case("world_move", &inputs, "ok");
        } else if roll < 65 {
            let b = w.rng.pick(&live);
            world.destroy_body(bodies[b].id).expect("a live body");
            let index = bodies[b].id.index;
            slots[index as usize] = (slots[index as usize].0.wrapping_add(1), None);
            free.push(index);
            w.case(
                "world_destroy",
                &format!("{name} {}", bodies[b].label),
                "ok",
            );
            // The next update, not the hash, settles the pairs the body was in.
            pending = true;
            continue;
        } else {
            (touching, begins, ends) = update(w, &mut world, &bodies, &touching);
            pending = false;
        }
        // A hash only while no destroy awaits its update.
        if !pending && (step < 6 || w.rng.chance(50)) {
            let h = documented_world_hash(w, &slots, &bodies, &free, [&touching, &begins, &ends]);
            w.case("world_hash", name, &format!("{h:016x}"));
        }
    }
    (touching, begins, ends) = update(w, &mut world, &bodies, &touching);
    let h = documented_world_hash(w, &slots, &bodies, &free, [&touching, &begins, &ends]);
    w.case("world_hash", name, &format!("{h:016x}"));
}

/// `Mask::outline` (`pp_mask_outline`) as its documentation describes the trace, plainly:
/// the first solid pixel in row order; its first solid neighbour trying east, south-east,
/// south, south-west; then, arriving in direction `d`, the neighbours tried clockwise from
/// two steps counter-clockwise of `d`; the path ends back at the first pixel about to
/// step to the second again (the first pixel listed once more, at the end); with
/// `every`, the first pixel and then every `every`-th pixel entered.
fn documented_outline(m: &Mask, every: u32) -> Vec<(i64, i64)> {
    // East, south-east, south, south-west, west, north-west, north, north-east (y down).
    const STEPS: [(i64, i64); 8] = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    let (mw, mh) = (m.width() as i64, m.height() as i64);
    let Some(first) = (0..mh)
        .flat_map(|y| (0..mw).map(move |x| (x, y)))
        .find(|&(x, y)| pixel(m, x, y))
    else {
        return Vec::new();
    };
    let step = |(x, y): (i64, i64), d: usize| (x + STEPS[d].0, y + STEPS[d].1);
    let Some(d0) = (0..4).find(|&d| {
        let (x, y) = step(first, d);
        pixel(m, x, y)
    }) else {
        return vec![first];
    };
    let second = step(first, d0);
    let mut path = vec![first, second];
    let (mut at, mut d) = (second, d0);
    let limit = 8 * (mw * mh) as usize + 16;
    loop {
        let nd = (0..8)
            .map(|i| (d + 6 + i) % 8)
            .find(|&nd| {
                let (x, y) = step(at, nd);
                pixel(m, x, y)
            })
            .expect("a pixel reached from a neighbour has a solid neighbour");
        let next = step(at, nd);
        if at == first && next == second {
            break;
        }
        path.push(next);
        (at, d) = (next, nd);
        assert!(path.len() < limit, "the outline trace does not close");
    }
    path.iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || *i as u32 % every == 0)
        .map(|(_, &p)| p)
        .collect()
}

fn outlines(w: &mut Writer, masks: &Masks) {
    w.comment("outline: the documented trace written plainly in the generator");
    for &k in &masks.all {
        for every in [1, w.rng.pick(&[2u32, 3, 5, 1000])] {
            let path = documented_outline(&w.masks[k].mask, every);
            let mut answer = path.len().to_string();
            for (x, y) in path {
                answer += &format!(" {x} {y}");
            }
            w.case("outline", &format!("{} {every}", w.masks[k].id), &answer);
        }
    }
    // Documented (pp_mask_outline): `every` 0 is PP_ERR_INVALID_ARGUMENT.
    let id = w.masks[masks.small[0]].id.clone();
    w.case(
        "outline",
        &format!("{id} 0"),
        "error PP_ERR_INVALID_ARGUMENT",
    );
}

/// `normal_degrees`: a normal's angle by the library's own arc tangent (`Normal::degrees`,
/// `pp_normal_degrees`). There is no second implementation to judge it by: its accuracy
/// against the C library's `atan2` is checked in `tests/c/test_motion.c` and
/// `geom/trig.rs`'s unit tests; these cases pin the bits every door and platform must give
/// (a door computing it with its own `atan2` would differ in the last bit). NaN is left
/// out (its payload is not promised).
fn normal_degrees(w: &mut Writer) {
    w.comment("normal_degrees: the bits of Normal::degrees (the library's arc tangent)");
    let mut vectors: Vec<(f64, f64)> = vec![
        (0.0, -1.0),
        (0.0, 1.0),
        (1.0, 0.0),
        (-1.0, 0.0),
        (-1.0, -0.0),
        (0.0, 0.0),
        (-0.0, -0.0),
        (1.0, 1.0),
        (f64::INFINITY, f64::INFINITY),
        (f64::NEG_INFINITY, 1.0),
        (1e-300, -1e300),
        (f64::MIN_POSITIVE, 5e-324),
        (0.6, -0.8),
    ];
    for _ in 0..48 {
        let (x, y) = (w.rng.range(-1000, 1000), w.rng.range(-1000, 1000));
        vectors.push((x as f64, y as f64));
    }
    for _ in 0..48 {
        // Fractions (IEEE division, the same inputs on every platform that regenerates).
        let x = w.rng.range(-1_000_000, 1_000_000) as f64 / 997.0;
        let y = w.rng.range(-1_000_000, 1_000_000) as f64 / 1009.0;
        vectors.push((x, y));
    }
    for (x, y) in vectors {
        let degrees = perpixel::Normal { x, y }.degrees();
        w.case(
            "normal_degrees",
            &format!("{} {}", text::float(x), text::float(y)),
            &text::float(degrees),
        );
    }
}
