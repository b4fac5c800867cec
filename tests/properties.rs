//! Property tests: every fast path against `perpixel::reference`, on random masks whose
//! sides sit around the 64-bit word boundaries, at negative, touching and disjoint
//! offsets, near the ends of the i32 range, with bounds-only sprites; and mask building
//! against a pixel-at-a-time reading of random buffers in every format.
//!
//! Every property runs once per kernel path this CPU has (portable, and AVX2 and AVX-512
//! on x86-64 machines that have them), forced with `perpixel::kernels::with_path`, and the
//! output names the paths this CPU lacks (not run); the pair queries
//! also run with the early outs (solid-bounds clipping, 8x8 block level, row spans)
//! switched off. Bounds-only sprites (on A, on B, on both) have a property of their own
//! as well as a share of the mixed one: they go through the same planner and kernels as
//! pixel sprites (the pixel side's bits, ANDed with themselves).
//!
//! Runs under its own `main` (harness = false) so `cargo test` prints how many cases ran.
//! `PERPIXEL_PROPTEST_CASES=N` changes the number of cases per property.

use perpixel::kernels::{self, EarlyOuts};
use perpixel::{
    BodyDef, Bounds2D, Filter, Mask, MaskOptions, PixelFormat, Sprite, World, reference,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

mod common;
use common::props::{cases, run};

/// Sides around word boundaries and 4-word vector boundaries, plus anything small.
fn side() -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => prop::sample::select(vec![0u32, 1, 2, 63, 64, 65, 127, 128, 129]),
        2 => 0u32..200,
        1 => prop::sample::select(vec![255u32, 256, 257, 319, 320, 321, 511, 512, 513]),
        1 => 200u32..600,
        // Rows of four or more 256-bit vectors (the wide-row paths).
        1 => prop::sample::select(vec![1023u32, 1024, 1025, 1279, 1281, 2047, 2048, 2049]),
    ]
}

fn short_side() -> impl Strategy<Value = u32> {
    prop_oneof![
        2 => prop::sample::select(vec![0u32, 1, 2, 3, 17]),
        3 => 0u32..24,
        1 => 24u32..70,
    ]
}

/// A small deterministic generator: masks come from a seed, not from huge vectors.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// How full a random mask is, in 1/256ths; 0 and 256 give empty and full masks.
fn density() -> impl Strategy<Value = u32> {
    prop::sample::select(vec![0u32, 1, 8, 64, 128, 200, 255, 256])
}

#[derive(Debug, Clone)]
struct MaskSpec {
    width: u32,
    height: u32,
    density: u32,
    /// 0, or the side of the cells of a checkerboard outside which nothing is solid:
    /// masks with empty 8x8 blocks between solid ones, for the block level.
    cell: u32,
    seed: u64,
}

impl MaskSpec {
    fn build(&self) -> Mask {
        let mut rng = Rng(self.seed | 1);
        let d = self.density as u64;
        let cell = self.cell;
        Mask::from_fn(self.width, self.height, |x, y| {
            let on = cell == 0 || ((x / cell) ^ (y / cell)) & 1 == 0;
            rng.next() % 256 < d && on
        })
        .unwrap()
    }
}

fn mask_spec() -> impl Strategy<Value = MaskSpec> {
    mask_spec_of(side(), short_side())
}

/// Sprite-sized sides: up to a word and a bit.
fn sprite_side() -> impl Strategy<Value = u32> {
    prop_oneof![
        2 => prop::sample::select(vec![1u32, 2, 8, 31, 32, 33, 63, 64, 65]),
        3 => 1u32..70,
    ]
}

/// Sprite-sized masks: every region between two of them is at most two words wide,
/// most one word (the narrow paths of `first_hit` and `count`).
fn sprite_spec() -> impl Strategy<Value = MaskSpec> {
    mask_spec_of(sprite_side(), sprite_side())
}

fn mask_spec_of(
    width: impl Strategy<Value = u32>,
    height: impl Strategy<Value = u32>,
) -> impl Strategy<Value = MaskSpec> {
    let cell = prop_oneof![3 => Just(0u32), 1 => prop::sample::select(vec![3u32, 8, 13, 40])];
    (width, height, density(), cell, any::<u64>()).prop_map(
        |(width, height, density, cell, seed)| MaskSpec {
            width,
            height,
            density,
            cell,
            seed,
        },
    )
}

#[derive(Debug, Clone)]
struct PairSpec {
    a: MaskSpec,
    b: MaskSpec,
    origin: (i32, i32),
    offset: (i64, i64),
    pixels: (bool, bool),
}

/// Pairs of every kind: mostly two pixel sprites, sometimes a bounds-only one.
fn pair_spec() -> impl Strategy<Value = PairSpec> {
    pair_spec_of(prop_oneof![
        6 => Just((true, true)),
        1 => Just((false, true)),
        1 => Just((true, false)),
        1 => Just((false, false)),
    ])
}

/// Pairs with a bounds-only sprite on either side or both, in equal shares.
fn bounds_only_pair_spec() -> impl Strategy<Value = PairSpec> {
    pair_spec_of(prop::sample::select(vec![
        (false, true),
        (true, false),
        (false, false),
    ]))
}

/// Sprite-sized pixel sprites, or one against a wide mask: one-word-wide and
/// sprite-sized regions.
fn narrow_pair_spec() -> impl Strategy<Value = PairSpec> {
    let b = prop_oneof![1 => sprite_spec(), 1 => mask_spec()];
    pair_spec_with(sprite_spec(), b, Just((true, true)))
}

/// Pairs whose sprites' kinds (`pixel_collision` of A and B) come from `pixels`.
fn pair_spec_of(
    pixels: impl Strategy<Value = (bool, bool)> + Clone + 'static,
) -> impl Strategy<Value = PairSpec> {
    pair_spec_with(mask_spec(), mask_spec(), pixels)
}

/// Pairs of masks from `a` and `b`, of the kinds `pixels` gives.
fn pair_spec_with(
    a: impl Strategy<Value = MaskSpec>,
    b: impl Strategy<Value = MaskSpec>,
    pixels: impl Strategy<Value = (bool, bool)> + Clone + 'static,
) -> impl Strategy<Value = PairSpec> {
    let origin = prop_oneof![
        4 => Just(0i32),
        1 => -100_000i32..100_000,
        1 => prop::sample::select(vec![i32::MIN, i32::MIN + 70, i32::MAX - 70, i32::MAX]),
    ];
    (a, b, origin.clone(), origin).prop_flat_map(move |(a, b, ox, oy)| {
        let (wa, ha, wb, hb) = (
            a.width as i64,
            a.height as i64,
            b.width as i64,
            b.height as i64,
        );
        let dx = prop_oneof![
            6 => (-wb - 2)..=(wa + 2),
            1 => prop::sample::select(vec![-wb, wa, -100_000, 100_000]),
        ];
        let dy = prop_oneof![
            6 => (-hb - 2)..=(ha + 2),
            1 => prop::sample::select(vec![-hb, ha, -100_000, 100_000]),
        ];
        (dx, dy, pixels.clone()).prop_map(move |(dx, dy, pixels)| PairSpec {
            a: a.clone(),
            b: b.clone(),
            origin: (ox, oy),
            offset: (dx, dy),
            pixels,
        })
    })
}

/// A produced mask's caches (count, solid bounds, block level, spans) against those of
/// `fresh`, the same pixels built by `Mask::from_fn`: equal figures, and queries that
/// consult the levels give the same answers on both.
fn check_caches(made: &Mask, fresh: &Mask) -> Result<(), TestCaseError> {
    prop_assert_eq!(made.count(), fresh.count(), "count");
    prop_assert_eq!(made.solid_bounds(), fresh.solid_bounds(), "solid_bounds");
    prop_assert_eq!(
        made.heap_bytes(),
        fresh.heap_bytes(),
        "heap_bytes (spans kept)"
    );
    let probe = Mask::full(3, 9).unwrap();
    let (w, h) = (made.width() as i32, made.height() as i32);
    for (dx, dy) in [(0, 0), (1, 0), (0, 7), (w / 2, h / 3), (w - 2, h - 5)] {
        for other in [fresh, &probe] {
            let (m, f, o) = (
                Sprite::new(made, 0, 0),
                Sprite::new(fresh, 0, 0),
                Sprite::new(other, dx, dy),
            );
            prop_assert_eq!(m.first_contact(&o), f.first_contact(&o), "via the levels");
            prop_assert_eq!(o.first_contact(&m), o.first_contact(&f), "via the levels");
            prop_assert_eq!(m.overlap_area(&o), f.overlap_area(&o), "via the levels");
        }
    }
    Ok(())
}

fn check_pair(spec: &PairSpec) -> Result<(), TestCaseError> {
    let (ma, mb) = (spec.a.build(), spec.b.build());
    check_masks(&ma, &mb, spec.origin, spec.offset, spec.pixels)
}

/// Every pair query on `ma` at `origin` and `mb` at `origin + offset` (clamped to
/// `i32`), both ways round, against the reference.
fn check_masks(
    ma: &Mask,
    mb: &Mask,
    origin: (i32, i32),
    offset: (i64, i64),
    pixels: (bool, bool),
) -> Result<(), TestCaseError> {
    let clamp = |v: i64| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
    let (ax, ay) = origin;
    let (bx, by) = (clamp(ax as i64 + offset.0), clamp(ay as i64 + offset.1));
    let (ma, mb) = (ma.clone(), mb.clone());
    let a = Sprite {
        mask: &ma,
        x: ax,
        y: ay,
        pixel_collision: pixels.0,
    };
    let b = Sprite {
        mask: &mb,
        x: bx,
        y: by,
        pixel_collision: pixels.1,
    };
    for (p, q) in [(&a, &b), (&b, &a)] {
        let collides = p.collides(q);
        let contact = p.first_contact(q);
        let area = p.overlap_area(q);
        let overlap = p.overlap_mask(q);
        prop_assert_eq!(collides, reference::collides(p, q), "collides");
        prop_assert_eq!(contact, reference::first_contact(p, q), "first_contact");
        prop_assert_eq!(area, reference::overlap_area(p, q), "overlap_area");
        let fresh = reference::overlap_mask(p, q);
        prop_assert_eq!(&overlap, &fresh, "overlap_mask");
        if let (Some(o), Some(f)) = (&overlap, &fresh) {
            check_caches(&o.mask, &f.mask)?;
        }
        // The four answers agree with one another.
        prop_assert_eq!(collides, contact.is_some());
        prop_assert_eq!(collides, area > 0);
        prop_assert_eq!(area, overlap.as_ref().map_or(0, |o| o.mask.count()));
        prop_assert_eq!(overlap.is_some(), p.bounds().overlaps(&q.bounds()));
    }
    // pygame style on masks: A at the origin, B at the offset, both pixel-exact.
    if pixels == (true, true) {
        let (dx, dy) = (bx as i64 - ax as i64, by as i64 - ay as i64);
        if let (Ok(dx), Ok(dy)) = (i32::try_from(dx), i32::try_from(dy)) {
            let (p, q) = (Sprite::new(&ma, 0, 0), Sprite::new(&mb, dx, dy));
            prop_assert_eq!(ma.collides(&mb, (dx, dy)), reference::collides(&p, &q));
            prop_assert_eq!(
                ma.first_contact(&mb, (dx, dy)),
                reference::first_contact(&p, &q)
            );
            prop_assert_eq!(
                ma.overlap_area(&mb, (dx, dy)),
                reference::overlap_area(&p, &q)
            );
            prop_assert_eq!(
                ma.overlap_mask(&mb, (dx, dy)),
                reference::overlap_mask(&p, &q)
            );
            // pygame's own overlap_mask: A's size, against a plain pixel loop.
            let full = ma.overlap_mask_full(&mb, (dx, dy)).unwrap();
            let fresh = Mask::from_fn(ma.width(), ma.height(), |x, y| {
                let (qx, qy) = (x as i64 - dx as i64, y as i64 - dy as i64);
                let inside =
                    (0..mb.width() as i64).contains(&qx) && (0..mb.height() as i64).contains(&qy);
                ma.is_solid(x, y) && inside && mb.is_solid(qx as u32, qy as u32)
            })
            .unwrap();
            prop_assert_eq!(&full, &fresh, "overlap_mask_full");
            check_caches(&full, &fresh)?;
            prop_assert_eq!(full.stale_cache(), None);
        }
    }
    Ok(())
}

/// The C ABI's pair queries on sprites (`pp_collides`, `pp_first_contact`,
/// `pp_overlap_area`), which answer two pixel sprites one word a row inside the export
/// (the narrow fast path) and send the rest on: every kind of pair, both ways round,
/// against the reference.
fn check_c_abi_pair(spec: &PairSpec) -> Result<(), TestCaseError> {
    use perpixel::ffi::{
        PP_FORMAT_A8, pp_collides, pp_first_contact, pp_mask, pp_mask_free, pp_mask_from_pixels,
        pp_overlap_area, pp_point, pp_sprite, pp_status,
    };
    let clamp = |v: i64| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
    let (ax, ay) = spec.origin;
    let (bx, by) = (
        clamp(ax as i64 + spec.offset.0),
        clamp(ay as i64 + spec.offset.1),
    );
    let (ma, mb) = (spec.a.build(), spec.b.build());
    // The same pixels through the C door: A8 bytes, one per pixel.
    let handle = |m: &Mask| -> *mut pp_mask {
        let (w, h) = (m.width(), m.height());
        let bytes: Vec<u8> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| m.is_solid(x, y) as u8)
            .collect();
        let mut out = std::ptr::null_mut();
        // SAFETY: `bytes` holds `w * h` bytes, `out` is a valid place for the handle.
        let status = unsafe {
            pp_mask_from_pixels(
                bytes.as_ptr(),
                bytes.len(),
                PP_FORMAT_A8,
                w as i32,
                h as i32,
                w as i32,
                std::ptr::null(),
                &mut out,
            )
        };
        assert_eq!(status, pp_status::PP_OK, "a {w}x{h} mask from A8 bytes");
        out
    };
    let (ha, hb) = (handle(&ma), handle(&mb));
    let sprite = |mask: *const pp_mask, x, y, pixels: bool| pp_sprite {
        mask,
        x,
        y,
        pixel_collision: if pixels { 7 } else { 0 },
    };
    let ca = sprite(ha, ax, ay, spec.pixels.0);
    let cb = sprite(hb, bx, by, spec.pixels.1);
    let a = Sprite {
        mask: &ma,
        x: ax,
        y: ay,
        pixel_collision: spec.pixels.0,
    };
    let b = Sprite {
        mask: &mb,
        x: bx,
        y: by,
        pixel_collision: spec.pixels.1,
    };
    let mut result = Ok(());
    for ((cp, cq), (p, q)) in [((&ca, &cb), (&a, &b)), ((&cb, &ca), (&b, &a))] {
        let (mut hit, mut found, mut area) = (9u8, 9u8, u64::MAX);
        let mut point = pp_point { x: -1, y: -1 };
        // SAFETY: live sprites and handles, valid out-pointers.
        let statuses = unsafe {
            [
                pp_collides(cp, cq, &mut hit),
                pp_first_contact(cp, cq, &mut found, &mut point),
                pp_overlap_area(cp, cq, &mut area),
            ]
        };
        let want = reference::first_contact(p, q);
        let checks = (|| {
            prop_assert_eq!(statuses, [pp_status::PP_OK; 3]);
            prop_assert_eq!(hit, reference::collides(p, q) as u8, "pp_collides");
            prop_assert_eq!(found, want.is_some() as u8, "pp_first_contact found");
            let got = (found != 0).then_some((point.x, point.y));
            prop_assert_eq!(got, want.map(|w| (w.x, w.y)), "pp_first_contact");
            prop_assert_eq!(area, reference::overlap_area(p, q), "pp_overlap_area");
            Ok(())
        })();
        if result.is_ok() {
            result = checks;
        }
    }
    // SAFETY: each handle came from pp_mask_from_pixels and is freed once.
    unsafe {
        pp_mask_free(ha);
        pp_mask_free(hb);
    }
    result
}

/// A hit planted where the early paths look: A is empty but for a few pixels at
/// chosen places of the intersection (its first word, first vector, just past them,
/// and rows at the edges of the vector loops' row groups), B is full or noise, and
/// their intersection is wide.
#[derive(Debug, Clone)]
struct EarlySpec {
    width: (u32, u32),
    height: (u32, u32),
    /// B's offset from A, small so that the intersection starts near A's corner.
    offset: (i64, i64),
    /// Intersection `(column, row)`s of A's solid pixels.
    planted: Vec<(u32, u32)>,
    /// 256: B is full; else B's density in 1/256ths.
    density: u32,
    seed: u64,
}

fn early_spec() -> impl Strategy<Value = EarlySpec> {
    let wide = prop::sample::select(vec![65u32, 128, 255, 256, 257, 300, 512, 513, 1024, 2049]);
    let tall = prop::sample::select(vec![1u32, 2, 3, 5, 9, 17, 33, 40, 70]);
    let col = prop::sample::select(vec![
        0u32, 1, 5, 63, 64, 65, 127, 128, 200, 255, 256, 257, 300, 511, 512, 1023, 1024, 2000,
    ]);
    let row = prop::sample::select(vec![0u32, 1, 2, 3, 4, 6, 7, 8, 15, 16, 31, 32, 33, 64]);
    (
        (wide.clone(), wide),
        (tall.clone(), tall),
        ((-70i64..70), (-3i64..3)),
        prop::collection::vec((col, row), 1..4),
        prop::sample::select(vec![256u32, 256, 128, 8]),
        any::<u64>(),
    )
        .prop_map(
            |(width, height, offset, planted, density, seed)| EarlySpec {
                width,
                height,
                offset,
                planted,
                density,
                seed,
            },
        )
}

fn check_early(spec: &EarlySpec) -> Result<(), TestCaseError> {
    // The intersection starts in A at (max(0, dx), max(0, dy)).
    let (x0, y0) = (spec.offset.0.max(0) as u32, spec.offset.1.max(0) as u32);
    let planted: Vec<(u32, u32)> = spec
        .planted
        .iter()
        .map(|&(c, r)| (x0 + c, y0 + r))
        .collect();
    let ma = Mask::from_fn(spec.width.0, spec.height.0, |x, y| {
        planted.contains(&(x, y))
    })
    .unwrap();
    let mut rng = Rng(spec.seed | 1);
    let d = spec.density as u64;
    let mb = Mask::from_fn(spec.width.1, spec.height.1, |_, _| rng.next() % 256 < d).unwrap();
    check_masks(&ma, &mb, (0, 0), spec.offset, (true, true))
}

/// Two wide, sparse masks (the first-contact search by the AND of the block levels:
/// bands where the levels never meet, meet in a few blocks, or in more than the
/// windows it takes), with common pixels planted in the intersection (at its first and
/// last columns among others) or none.
#[derive(Debug, Clone)]
struct ScanSpec {
    width: (u32, u32),
    height: (u32, u32),
    offset: (i64, i64),
    /// Intersection `(column, row)`s solid in both; a column past the intersection's
    /// width means its last column.
    planted: Vec<(u32, u32)>,
    /// Noise in each mask, in 1/4096ths.
    density: (u32, u32),
    seed: u64,
}

fn scan_spec() -> impl Strategy<Value = ScanSpec> {
    // Mostly intersections wider than the 512 columns from which the search ANDs the
    // block levels.
    let wide = prop_oneof![
        1 => prop::sample::select(vec![63u32, 64, 65, 127, 128, 129, 200, 255, 256, 257, 511]),
        3 => prop::sample::select(vec![513u32, 576, 600, 700, 1024, 1025, 2047, 2048]),
    ];
    // Some tall enough for the search to give up on noise that meets in many blocks
    // and read the rest of the region by the vector loop.
    let tall = prop_oneof![
        3 => prop::sample::select(vec![1u32, 7, 8, 9, 16, 17]),
        3 => 1u32..40,
        1 => 100u32..200
    ];
    let col = prop::sample::select(vec![0u32, 1, 7, 8, 63, 64, 65, 100, 511, 512, 1000, 9999]);
    let row = prop_oneof![3 => 0u32..40, 1 => 0u32..200];
    let density = prop::sample::select(vec![0u32, 1, 4, 16, 64, 100, 400]);
    (
        (wide.clone(), wide),
        (tall.clone(), tall),
        ((-90i64..90), (-12i64..12)),
        prop::collection::vec((col, row), 0..3),
        (density.clone(), density),
        any::<u64>(),
    )
        .prop_map(|(width, height, offset, planted, density, seed)| ScanSpec {
            width,
            height,
            offset,
            planted,
            density,
            seed,
        })
}

fn check_scan(spec: &ScanSpec) -> Result<(), TestCaseError> {
    let (wa, ha, wb, hb) = (
        spec.width.0 as i64,
        spec.height.0 as i64,
        spec.width.1 as i64,
        spec.height.1 as i64,
    );
    let (dx, dy) = spec.offset;
    // The intersection in A's pixels.
    let (x0, y0) = (dx.max(0), dy.max(0));
    let (x1, y1) = (wa.min(dx + wb), ha.min(dy + hb));
    let mut planted = Vec::new();
    if x0 < x1 && y0 < y1 {
        for &(c, r) in &spec.planted {
            let x = (x0 + c as i64).min(x1 - 1);
            let y = (y0 + r as i64).min(y1 - 1);
            planted.push((x, y));
        }
    }
    let mut rng = Rng(spec.seed | 1);
    let da = spec.density.0 as u64;
    let ma = Mask::from_fn(spec.width.0, spec.height.0, |x, y| {
        planted.contains(&(x as i64, y as i64)) || rng.next() % 4096 < da
    })
    .unwrap();
    let db = spec.density.1 as u64;
    let mb = Mask::from_fn(spec.width.1, spec.height.1, |x, y| {
        planted.contains(&(x as i64 + dx, y as i64 + dy)) || rng.next() % 4096 < db
    })
    .unwrap();
    check_masks(&ma, &mb, (0, 0), spec.offset, (true, true))
}

/// Two masks as wide in words, side by side at the same x (whole rows: the first-contact
/// search that ANDs whole rows or whole block rows end to end), one above the other by
/// any offset (block rows lined up or not), noise or blocks of noise, with common pixels
/// planted or none; and a rectangle asked of the first mask in a world (`in_rect`, whose
/// region is the mask ANDed with itself inside the rectangle: whole rows only when the
/// rectangle leaves no solid column out).
#[derive(Debug, Clone)]
struct WholeSpec {
    words: u32,
    /// How far short of `64 * words` each mask's width is (both keep `words` a row).
    short: (u32, u32),
    height: (u32, u32),
    x: i32,
    dy: i64,
    /// Intersection `(column, row)`s solid in both (clamped into it).
    planted: Vec<(u32, u32)>,
    /// Noise in each mask, in 1/4096ths.
    density: (u32, u32),
    /// 0, or the side of the cells of a checkerboard outside which nothing is solid.
    cell: u32,
    pixels: (bool, bool),
    /// `in_rect`'s rectangle: its corner from the mask's, its size.
    rect: (i32, i32, i32, i32),
    seed: u64,
}

fn whole_spec() -> impl Strategy<Value = WholeSpec> {
    let words = prop::sample::select(vec![2u32, 3, 4, 5, 8, 9, 17, 33]);
    let short = prop_oneof![2 => Just(0u32), 1 => 1u32..64];
    let tall = prop_oneof![
        prop::sample::select(vec![1u32, 7, 8, 9, 16, 17, 64, 65]),
        1u32..90
    ];
    let dy = prop_oneof![
        prop::sample::select(vec![0i64, 8, -8, 16, -24, 32]),
        -40i64..40
    ];
    let planted = prop::collection::vec((0u32..2200, 0u32..90), 0..3);
    let density = prop::sample::select(vec![0u32, 1, 4, 16, 64, 400, 2048]);
    let cell = prop_oneof![3 => Just(0u32), 1 => prop::sample::select(vec![8u32, 40, 64, 100])];
    let pixels = prop_oneof![
        6 => Just((true, true)),
        1 => Just((false, true)),
        1 => Just((true, false))
    ];
    let rect = (-80i32..2200, -10i32..90, 0i32..2300, 0i32..100);
    (
        (words, (short.clone(), short)),
        (tall.clone(), tall),
        (-70i32..70, dy),
        planted,
        (density.clone(), density, cell),
        pixels,
        rect,
        any::<u64>(),
    )
        .prop_map(
            |((words, short), height, (x, dy), planted, (da, db, cell), pixels, rect, seed)| {
                WholeSpec {
                    words,
                    short,
                    height,
                    x,
                    dy,
                    planted,
                    density: (da, db),
                    cell,
                    pixels,
                    rect,
                    seed,
                }
            },
        )
}

fn check_whole(spec: &WholeSpec) -> Result<(), TestCaseError> {
    let (wa, wb) = (
        64 * spec.words - spec.short.0,
        64 * spec.words - spec.short.1,
    );
    let (ha, hb) = (spec.height.0 as i64, spec.height.1 as i64);
    let dy = spec.dy;
    // The intersection's rows in A's pixels.
    let (y0, y1) = (dy.max(0), ha.min(dy + hb));
    let mut planted = Vec::new();
    if y0 < y1 {
        for &(c, r) in &spec.planted {
            let x = (c as i64).min(wa.min(wb) as i64 - 1);
            let y = (y0 + r as i64).min(y1 - 1);
            planted.push((x, y));
        }
    }
    let mut rng = Rng(spec.seed | 1);
    let cell = spec.cell;
    let mut noise = |d: u32, x: u32, y: u32| {
        let on = cell == 0 || ((x / cell) ^ (y / cell)) & 1 == 0;
        rng.next() % 4096 < d as u64 && on
    };
    let ma = Mask::from_fn(wa, spec.height.0, |x, y| {
        planted.contains(&(x as i64, y as i64)) || noise(spec.density.0, x, y)
    })
    .unwrap();
    let mb = Mask::from_fn(wb, spec.height.1, |x, y| {
        planted.contains(&(x as i64, y as i64 + dy)) || noise(spec.density.1, x, y)
    })
    .unwrap();
    check_masks(&ma, &mb, (spec.x, 0), (0, dy), spec.pixels)?;
    // A rectangle asked of A in a world, against its pixels.
    let (rx, ry, rw, rh) = spec.rect;
    let rect = Bounds2D::new(spec.x + rx, ry, rw, rh);
    let mut world = World::new();
    let mut def = BodyDef::new(&ma, spec.x, 0);
    def.pixel_collision = spec.pixels.0;
    let id = world.create_body(def).unwrap();
    let solid = |x: u32, y: u32| !spec.pixels.0 || ma.is_solid(x, y);
    let want = (0..ma.height()).any(|y| {
        (0..ma.width()).any(|x| {
            let (px, py) = (spec.x + x as i32, y as i32);
            solid(x, y)
                && (rect.x..rect.x + rect.width).contains(&px)
                && (rect.y..rect.y + rect.height).contains(&py)
        })
    });
    let got = world.in_rect(rect, &Filter::default());
    prop_assert_eq!(
        got,
        if want { vec![id] } else { vec![] },
        "in_rect {:?}",
        rect
    );
    Ok(())
}

#[derive(Debug, Clone)]
struct BuildSpec {
    format: PixelFormat,
    width: u32,
    height: u32,
    pad: usize,
    region: Option<(u32, u32, u32, u32)>,
    threshold: u8,
    key: bool,
    flip_x: bool,
    flip_y: bool,
    seed: u64,
}

fn build_spec() -> impl Strategy<Value = BuildSpec> {
    let format = prop::sample::select(PixelFormat::ALL.to_vec());
    let threshold = prop_oneof![
        prop::sample::select(vec![0u8, 1, 2, 127, 128, 254, 255]),
        any::<u8>(),
    ];
    (
        format,
        side(),
        short_side(),
        0usize..9,
        threshold,
        any::<bool>(),
        (any::<bool>(), any::<bool>()),
        any::<u64>(),
    )
        .prop_flat_map(
            |(format, width, height, pad, threshold, key, (flip_x, flip_y), seed)| {
                let region = prop_oneof![
                    Just(None),
                    (0..=width, 0..=height).prop_flat_map(move |(x, y)| {
                        (0..=width - x, 0..=height - y).prop_map(move |(w, h)| Some((x, y, w, h)))
                    }),
                ];
                region.prop_map(move |region| BuildSpec {
                    format,
                    width,
                    height,
                    pad,
                    region,
                    threshold,
                    key: key && format != PixelFormat::A8,
                    flip_x,
                    flip_y,
                    seed,
                })
            },
        )
}

fn check_build(spec: &BuildSpec) -> Result<(), TestCaseError> {
    let bpp = spec.format.bytes_per_pixel();
    let stride = spec.width as usize * bpp + spec.pad;
    let len = (stride * spec.height as usize).saturating_sub(spec.pad);
    let mut rng = Rng(spec.seed | 1);
    // Alphas cluster on the values thresholds care about; colours on a few values so
    // that the colour key matches some pixels.
    let alphas = [0u8, 1, 2, 127, 128, 129, 254, 255];
    let data: Vec<u8> = (0..len)
        .map(|_| {
            let r = rng.next();
            if r % 3 == 0 {
                alphas[(r >> 8) as usize % alphas.len()]
            } else {
                [0u8, 255, 7][(r >> 8) as usize % 3]
            }
        })
        .collect();
    let options = MaskOptions {
        threshold: spec.threshold,
        color_key: spec.key.then_some([255, 0, 255]),
        flip_x: spec.flip_x,
        flip_y: spec.flip_y,
        region: spec
            .region
            .map(|(x, y, w, h)| Bounds2D::new(x as i32, y as i32, w as i32, h as i32)),
    };
    let mask = Mask::from_pixels(
        &data,
        spec.format,
        spec.width,
        spec.height,
        stride,
        &options,
    )
    .map_err(|e| TestCaseError::fail(format!("build failed: {e}")))?;
    let (rx, ry, rw, rh) = spec.region.unwrap_or((0, 0, spec.width, spec.height));
    prop_assert_eq!((mask.width(), mask.height()), (rw, rh));
    let mut count = 0;
    for j in 0..rh {
        let src_y = ry + if spec.flip_y { rh - 1 - j } else { j };
        for i in 0..rw {
            let src_x = rx + if spec.flip_x { rw - 1 - i } else { i };
            let want =
                reference::pixel_is_solid(&data, spec.format, stride, src_x, src_y, &options);
            prop_assert_eq!(mask.is_solid(i, j), want, "pixel ({}, {})", i, j);
            count += want as u64;
        }
    }
    prop_assert_eq!(mask.count(), count);
    let tight = Mask::from_fn(rw, rh, |x, y| mask.is_solid(x, y)).unwrap();
    prop_assert_eq!(mask.solid_bounds(), tight.solid_bounds());
    if let Some(b) = mask.solid_bounds() {
        let inside = |x: u32, y: u32| b.contains(x as i32, y as i32);
        for j in 0..rh {
            for i in 0..rw {
                prop_assert!(!mask.is_solid(i, j) || inside(i, j));
            }
        }
        // Tight: every edge row and column of the bounds holds a solid pixel.
        let (x0, y0, x1, y1) = (
            b.x as u32,
            b.y as u32,
            (b.x_max() - 1) as u32,
            (b.y_max() - 1) as u32,
        );
        prop_assert!((x0..=x1).any(|x| mask.is_solid(x, y0)));
        prop_assert!((x0..=x1).any(|x| mask.is_solid(x, y1)));
        prop_assert!((y0..=y1).any(|y| mask.is_solid(x0, y)));
        prop_assert!((y0..=y1).any(|y| mask.is_solid(x1, y)));
    } else {
        prop_assert_eq!(count, 0);
    }
    Ok(())
}

fn main() {
    let pair_cases = cases(2000);
    let bare_cases = cases(500);
    let bounds_cases = cases(900);
    let build_cases = cases(1200);
    let narrow_cases = cases(1500);
    let early_cases = cases(1000);
    let scan_cases = cases(1000);
    let whole_cases = cases(300);
    let whole_bare_cases = cases(150);
    let c_abi_cases = cases(800);
    let mut results = Vec::new();
    let mut total = 0u64;
    let paths = kernels::available_paths();
    for &path in &paths {
        let name = path.name();
        kernels::with_path(path, || {
            results.push(run(
                &format!(
                    "[{name}] pair queries (collides, first_contact, overlap_area, overlap_mask)"
                ),
                pair_cases,
                pair_spec(),
                check_pair,
            ));
            results.push(kernels::with_early_outs(EarlyOuts::NONE, || {
                run(
                    &format!("[{name}] pair queries with the early outs off"),
                    bare_cases,
                    pair_spec(),
                    check_pair,
                )
            }));
            results.push(run(
                &format!("[{name}] sprite-sized and one-word-wide regions"),
                narrow_cases,
                narrow_pair_spec(),
                check_pair,
            ));
            results.push(run(
                &format!(
                    "[{name}] C ABI pair queries on sprites (pp_collides, pp_first_contact, pp_overlap_area): sprite-sized, one word wide and any"
                ),
                c_abi_cases,
                prop_oneof![2 => narrow_pair_spec(), 1 => pair_spec()],
                check_c_abi_pair,
            ));
            // A pair wider than a word goes from the export's narrow try to the region
            // with the solid boxes' met rectangle, whatever the thread's early outs say.
            results.push(kernels::with_early_outs(EarlyOuts::NONE, || {
                run(
                    &format!(
                        "[{name}] C ABI pair queries on sprites with the early outs off (the met rectangle handed on)"
                    ),
                    c_abi_cases,
                    prop_oneof![1 => narrow_pair_spec(), 2 => pair_spec()],
                    check_c_abi_pair,
                )
            }));
            results.push(run(
                &format!("[{name}] hits in and just past the first word, vector and row group"),
                early_cases,
                early_spec(),
                check_early,
            ));
            results.push(run(
                &format!(
                    "[{name}] wide sparse pairs: first contact by the AND of the block levels"
                ),
                scan_cases,
                scan_spec(),
                check_scan,
            ));
            results.push(run(
                &format!(
                    "[{name}] whole rows at the same x: first contact by whole rows and whole block rows end to end; in_rect"
                ),
                whole_cases,
                whole_spec(),
                check_whole,
            ));
            results.push(kernels::with_early_outs(EarlyOuts::NONE, || {
                run(
                    &format!("[{name}] whole rows at the same x with the early outs off"),
                    whole_bare_cases,
                    whole_spec(),
                    check_whole,
                )
            }));
            results.push(run(
                &format!("[{name}] bounds-only sprites (on A, on B, on both)"),
                bounds_cases,
                bounds_only_pair_spec(),
                check_pair,
            ));
            results.push(kernels::with_early_outs(EarlyOuts::NONE, || {
                run(
                    &format!("[{name}] bounds-only sprites with the early outs off"),
                    bare_cases,
                    bounds_only_pair_spec(),
                    check_pair,
                )
            }));
            results.push(run(
                &format!(
                    "[{name}] mask building (RGBA8, BGRA8, ARGB32, A8, ARGB8, ABGR8; stride, region, threshold, key, flip_x, flip_y)"
                ),
                build_cases,
                build_spec(),
                check_build,
            ));
        });
        let n = (pair_cases
            + 2 * bare_cases
            + bounds_cases
            + build_cases
            + narrow_cases
            + early_cases
            + scan_cases
            + whole_cases
            + whole_bare_cases
            + c_abi_cases) as u64;
        println!("path {name}: {n} property cases run");
        total += n;
    }
    common::props::summary("properties", &results, total);
}
