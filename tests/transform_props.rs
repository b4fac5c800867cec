//! Property tests of transformed sprites: rasterising (`Mask::rasterise`,
//! `Mask::rasterise_bounds_only`) and the pair queries on rasters, against
//! `perpixel::reference::transformed` (the sampling rule one world pixel at a time), on
//! random masks (sides 0 to 70, around 0, 1, 63, 64, 65), angles (uniform, exact
//! multiples of 90, multiples of 90 off by 1e-9 and 1e-12), scales (negative, tiny,
//! large, integer), sub-pixel positions and pivots on and off the mask; and:
//!
//! * every pair query is symmetric (A-vs-B equals B-vs-A);
//! * the identity transform at an integer position is the plain `Sprite::new`;
//! * a whole-pixel move of the transform moves the raster, bit for bit;
//! * quarter turns, flips and integer scales about half-integer pivots are the texel
//!   permutation (or block repetition) written out per pixel here;
//! * sampled pairs (`perpixel::TransformedSprite`, no rasters) placed by matrices, skews
//!   included, give the oracle's answers.
//!
//! The pair property runs once per kernel path this CPU has (portable, AVX2, AVX-512),
//! forced with `perpixel::kernels::with_path`.
//!
//! Runs under its own `main` (harness = false) so `cargo test` prints how many cases ran.
//! `PERPIXEL_PROPTEST_CASES=N` changes the number of cases per property.

use perpixel::reference::transformed::{self as oracle, TransformedSprite};
use perpixel::{Affine, Bounds2D, Mask, Raster, Sprite, Transform};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

mod common;
use common::props::{MaskSpec, cases, run};

/// Sides 0 to `max`, biased to 0, 1 and the word boundary.
fn side(max: u32) -> impl Strategy<Value = u32> {
    let special: Vec<u32> = [0u32, 1, 2, 63, 64, 65]
        .into_iter()
        .filter(|&s| s <= max)
        .collect();
    prop_oneof![
        2 => prop::sample::select(special),
        3 => 0..=max,
    ]
}

fn mask_spec(max: u32) -> impl Strategy<Value = MaskSpec> {
    common::props::mask_spec(
        side(max),
        side(max),
        prop::sample::select(vec![0u32, 8, 64, 128, 200, 250, 256]),
    )
}

fn angle() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => -720.0..720.0f64,
        2 => (-8i32..=8).prop_map(|k| k as f64 * 90.0),
        2 => (-8i32..=8, prop::sample::select(vec![1e-9, -1e-9, 1e-12, -1e-12]))
            .prop_map(|(k, e)| k as f64 * 90.0 + e),
        1 => prop::sample::select(vec![45.0, 30.0, -135.0, 1e6 * 90.0, 1e6 * 90.0 + 1e-9]),
    ]
}

/// Scales for masks up to 70 pixels: at most 2.5.
fn scale() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => prop::sample::select(vec![1.0, -1.0, 2.0, -2.0, 0.5, -0.5]),
        3 => (0.3..2.5f64, any::<bool>()).prop_map(|(s, neg)| if neg { -s } else { s }),
        1 => prop::sample::select(vec![0.05, -0.05, 0.1, 1e-6]),
    ]
}

/// Large scales, for masks up to 12 pixels.
fn big_scale() -> impl Strategy<Value = f64> {
    prop::sample::select(vec![3.0, 7.5, -7.5, 8.0, -5.25, 6.0])
}

fn position() -> impl Strategy<Value = f64> {
    prop_oneof![
        2 => (-40i32..40).prop_map(|v| v as f64),
        2 => (-80i32..80).prop_map(|v| v as f64 / 2.0),
        3 => -40.0..40.0f64,
    ]
}

fn pivot() -> impl Strategy<Value = Option<(f64, f64)>> {
    let coord = prop_oneof![
        2 => (-20i32..160).prop_map(|v| v as f64 / 2.0),
        1 => -30.0..100.0f64,
    ];
    prop_oneof![
        2 => Just(None),
        3 => (coord.clone(), coord).prop_map(Some),
    ]
}

#[derive(Debug, Clone)]
struct Placed {
    mask: MaskSpec,
    t: Transform,
    pixels: bool,
}

fn placed_with<S: Strategy<Value = f64>>(
    max: u32,
    scale: fn() -> S,
) -> impl Strategy<Value = Placed> {
    (
        mask_spec(max),
        (position(), position(), pivot(), angle()),
        (scale(), scale(), any::<bool>(), any::<bool>()),
        prop::bool::weighted(0.8),
    )
        .prop_map(
            |(
                mask,
                (x, y, pivot, rotation_degrees),
                (scale_x, scale_y, flip_x, flip_y),
                pixels,
            )| {
                Placed {
                    mask,
                    t: Transform {
                        x,
                        y,
                        pivot,
                        rotation_degrees,
                        scale_x,
                        scale_y,
                        flip_x,
                        flip_y,
                    },
                    pixels,
                }
            },
        )
}

fn placed() -> impl Strategy<Value = Placed> {
    prop_oneof![
        5 => placed_with(70, scale),
        1 => placed_with(12, big_scale),
    ]
}

fn rasterise(mask: &Mask, p: &Placed) -> Raster {
    if p.pixels {
        mask.rasterise(&p.t)
    } else {
        mask.rasterise_bounds_only(&p.t)
    }
    .unwrap_or_else(|e| panic!("rasterise {p:?}: {e}"))
}

fn raster_bounds(r: &Raster) -> Option<Bounds2D> {
    let b = r.mask.bounds_at(r.x, r.y);
    (!b.is_empty()).then_some(b)
}

/// The raster against the oracle, pixel by pixel over its rectangle and two pixels around.
fn check_raster(r: &Raster, o: &TransformedSprite) -> Result<(), TestCaseError> {
    prop_assert_eq!(raster_bounds(r), o.bounds, "raster rectangle");
    let Some(b) = raster_bounds(r) else {
        return Ok(());
    };
    for y in b.y_min() - 2..b.y_max() + 2 {
        for x in b.x_min() - 2..b.x_max() + 2 {
            // In i64: a raster's far edge may lie past i32::MAX.
            let inside = (b.x_min()..b.x_max()).contains(&x) && (b.y_min()..b.y_max()).contains(&y);
            let got = inside
                && r.mask
                    .is_solid((x - b.x_min()) as u32, (y - b.y_min()) as u32);
            prop_assert_eq!(got, o.covers(x, y), "pixel ({}, {})", x, y);
        }
    }
    Ok(())
}

fn check_pair(case: &(Placed, Placed)) -> Result<(), TestCaseError> {
    let (a, b) = case;
    let (ma, mb) = (a.mask.build(), b.mask.build());
    let (ra, rb) = (rasterise(&ma, a), rasterise(&mb, b));
    let oa = TransformedSprite::new(&ma, &a.t, a.pixels).unwrap();
    let ob = TransformedSprite::new(&mb, &b.t, b.pixels).unwrap();
    check_raster(&ra, &oa)?;
    check_raster(&rb, &ob)?;
    let (sa, sb) = (ra.sprite(), rb.sprite());
    prop_assert_eq!(sa.collides(&sb), oracle::collides(&oa, &ob), "collides");
    prop_assert_eq!(
        sa.first_contact(&sb),
        oracle::first_contact(&oa, &ob),
        "first_contact"
    );
    prop_assert_eq!(
        sa.overlap_area(&sb),
        oracle::overlap_area(&oa, &ob),
        "overlap_area"
    );
    prop_assert_eq!(
        sa.overlap_mask(&sb),
        oracle::overlap_mask(&oa, &ob),
        "overlap_mask"
    );
    // Symmetric, on the rasters and in the oracle.
    prop_assert_eq!(sa.collides(&sb), sb.collides(&sa));
    prop_assert_eq!(sa.first_contact(&sb), sb.first_contact(&sa));
    prop_assert_eq!(sa.overlap_area(&sb), sb.overlap_area(&sa));
    prop_assert_eq!(sa.overlap_mask(&sb), sb.overlap_mask(&sa));
    prop_assert_eq!(oracle::collides(&oa, &ob), oracle::collides(&ob, &oa));
    prop_assert_eq!(
        oracle::overlap_area(&oa, &ob),
        oracle::overlap_area(&ob, &oa)
    );
    // Sampled without rasters (pixel sprites): the same answers, both ways round.
    if a.pixels && b.pixels {
        let pa = perpixel::TransformedSprite::new(&ma, &a.t).unwrap();
        let pb = perpixel::TransformedSprite::new(&mb, &b.t).unwrap();
        prop_assert_eq!(pa.collides(&pb), sa.collides(&sb), "sampled collides");
        prop_assert_eq!(
            pa.first_contact(&pb),
            sa.first_contact(&sb),
            "sampled first_contact"
        );
        prop_assert_eq!(
            pa.overlap_area(&pb),
            sa.overlap_area(&sb),
            "sampled overlap_area"
        );
        prop_assert_eq!(
            pb.first_contact(&pa),
            sa.first_contact(&sb),
            "sampled, swapped"
        );
        prop_assert_eq!(
            pb.overlap_area(&pa),
            sa.overlap_area(&sb),
            "sampled, swapped"
        );
    }
    // Mixed with a plain sprite: the raster's answers are the plain queries' answers.
    let plain = Sprite::new(&mb, b.t.x.floor() as i32, b.t.y.floor() as i32);
    let plain_o =
        TransformedSprite::new(&mb, &Transform::at(plain.x as f64, plain.y as f64), true).unwrap();
    prop_assert_eq!(sa.overlap_area(&plain), oracle::overlap_area(&oa, &plain_o));
    prop_assert_eq!(
        sa.first_contact(&plain),
        oracle::first_contact(&oa, &plain_o)
    );
    Ok(())
}

#[derive(Debug, Clone)]
struct IdentityCase {
    mask: MaskSpec,
    x: i32,
    y: i32,
    other: MaskSpec,
    ox: i32,
    oy: i32,
    pixels: bool,
    other_pixels: bool,
}

fn identity_spec() -> impl Strategy<Value = IdentityCase> {
    (
        mask_spec(70),
        -100i32..100,
        -100i32..100,
        mask_spec(70),
        -100i32..100,
        -100i32..100,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(mask, x, y, other, ox, oy, pixels, other_pixels)| IdentityCase {
                mask,
                x,
                y,
                other,
                ox,
                oy,
                pixels,
                other_pixels,
            },
        )
}

fn check_identity(c: &IdentityCase) -> Result<(), TestCaseError> {
    let (m, o) = (c.mask.build(), c.other.build());
    let t = Transform::at(c.x as f64, c.y as f64);
    let r = if c.pixels {
        m.rasterise(&t)
    } else {
        m.rasterise_bounds_only(&t)
    }
    .unwrap();
    let plain = if c.pixels {
        Sprite::new(&m, c.x, c.y)
    } else {
        Sprite::bounds_only(&m, c.x, c.y)
    };
    if m.width() > 0 && m.height() > 0 {
        let want = if c.pixels {
            m.clone()
        } else {
            Mask::full(m.width(), m.height()).unwrap()
        };
        prop_assert_eq!(&r.mask, &want);
        prop_assert_eq!((r.x, r.y), (c.x, c.y));
    } else {
        prop_assert_eq!((r.mask.width(), r.mask.height()), (0, 0));
    }
    let other = Sprite {
        mask: &o,
        x: c.ox,
        y: c.oy,
        pixel_collision: c.other_pixels,
    };
    let s = r.sprite();
    prop_assert_eq!(s.collides(&other), plain.collides(&other));
    prop_assert_eq!(s.first_contact(&other), plain.first_contact(&other));
    prop_assert_eq!(s.overlap_area(&other), plain.overlap_area(&other));
    prop_assert_eq!(s.overlap_mask(&other), plain.overlap_mask(&other));
    Ok(())
}

fn check_translation(case: &(Placed, i32, i32)) -> Result<(), TestCaseError> {
    let (p, dx, dy) = case;
    let m = p.mask.build();
    let r1 = rasterise(&m, p);
    let moved = Placed {
        t: Transform {
            x: p.t.x + *dx as f64,
            y: p.t.y + *dy as f64,
            ..p.t
        },
        ..p.clone()
    };
    let r2 = rasterise(&m, &moved);
    prop_assert_eq!(&r2.mask, &r1.mask);
    prop_assert_eq!((r2.x, r2.y), (r1.x + dx, r1.y + dy));
    let mut r3 = r1.clone();
    r3.moved_by(*dx, *dy).unwrap();
    prop_assert_eq!(r3, r2);
    Ok(())
}

#[derive(Debug, Clone)]
struct QuarterCase {
    mask: MaskSpec,
    /// Quarter turns, and whole turns added to the angle.
    quarters: i32,
    turns: i32,
    flip_x: bool,
    flip_y: bool,
    /// Integer scale 1 to 7, negative to mirror by the scale instead of a flip.
    k: i32,
    negative_scale: bool,
    /// Twice the position and the pivot (half-integers).
    x2: i64,
    y2: i64,
    pivot2: Option<(i64, i64)>,
}

fn quarter_spec() -> impl Strategy<Value = QuarterCase> {
    (
        mask_spec(70),
        (0i32..4, -3i32..3, any::<bool>(), any::<bool>()),
        (prop_oneof![1i32..=3, 3i32..=7], any::<bool>()),
        (-60i64..60, -60i64..60),
        prop_oneof![Just(None), (-20i64..150, -20i64..150).prop_map(Some)],
    )
        .prop_map(
            |(mask, (quarters, turns, flip_x, flip_y), (k, negative_scale), (x2, y2), pivot2)| {
                QuarterCase {
                    mask,
                    quarters,
                    turns,
                    flip_x,
                    flip_y,
                    k,
                    negative_scale,
                    x2,
                    y2,
                    pivot2,
                }
            },
        )
}

/// Quarter turns, flips and integer scales, written out per pixel: world pixel `(X, Y)`
/// covers texel `floor(u), floor(v)` with, doubled and times k,
/// `2k u = 2k px + N'[0][0] (2X + 1 - 2x - 2px) + N'[0][1] (2Y + 1 - 2y - 2py)` (and v
/// likewise), `N' = [[c fx, s fx], [-s fy, c fy]]` for the quarter turn's (c, s) and the
/// flips' signs: exact integers.
fn check_quarter(c: &QuarterCase) -> Result<(), TestCaseError> {
    let m = c.mask.build();
    let (w, h) = (m.width() as i64, m.height() as i64);
    let (px2, py2) = c.pivot2.unwrap_or((w, h));
    let k = c.k as i64;
    let (cos, sin) = [(1, 0), (0, 1), (-1, 0), (0, -1)][c.quarters as usize];
    // A negative scale mirrors like a flip; both together cancel.
    let sx = if c.flip_x ^ c.negative_scale { -1 } else { 1 };
    let sy = if c.flip_y ^ c.negative_scale { -1 } else { 1 };
    let s = if c.negative_scale {
        -(c.k as f64)
    } else {
        c.k as f64
    };
    let t = Transform {
        x: c.x2 as f64 / 2.0,
        y: c.y2 as f64 / 2.0,
        pivot: c.pivot2.map(|(a, b)| (a as f64 / 2.0, b as f64 / 2.0)),
        rotation_degrees: 90.0 * c.quarters as f64 + 360.0 * c.turns as f64,
        scale_x: s,
        scale_y: s,
        flip_x: c.flip_x,
        flip_y: c.flip_y,
    };
    // With k = 3, 5, 6 or 7, 1/k is not exact in fixed point, and a pixel centre can lie
    // exactly on a texel edge (when `t2 + pw2 + k pu2` is odd, with t and pw the
    // position and pivot along the world axis that feeds mask axis u, pu the pivot
    // along u): the settled map (`FixedInverse`, "Texel edges") must give the texel
    // the exact rational rule written here gives. Nothing is left out.
    let r = m.rasterise(&t).unwrap();
    let n = [[cos * sx, sin * sx], [-sin * sy, cos * sy]];
    let texel = |x: i64, y: i64| -> Option<(u32, u32)> {
        let (cx, cy) = (2 * x + 1 - c.x2 - px2, 2 * y + 1 - c.y2 - py2);
        let u2k = k * px2 + n[0][0] * cx + n[0][1] * cy;
        let v2k = k * py2 + n[1][0] * cx + n[1][1] * cy;
        let inside = (0..2 * k * w).contains(&u2k) && (0..2 * k * h).contains(&v2k);
        inside.then(|| {
            (
                (u2k.div_euclid(2 * k)) as u32,
                (v2k.div_euclid(2 * k)) as u32,
            )
        })
    };
    // The rectangle's corners, exactly (doubled): pivot + k M (corner - pivot), M = N'^T.
    let (mut x0, mut x1, mut y0, mut y1) = (i64::MAX, i64::MIN, i64::MAX, i64::MIN);
    for (u2, v2) in [(0, 0), (2 * w, 0), (0, 2 * h), (2 * w, 2 * h)] {
        let (du, dv) = (u2 - px2, v2 - py2);
        let wx2 = c.x2 + px2 + k * (n[0][0] * du + n[1][0] * dv);
        let wy2 = c.y2 + py2 + k * (n[0][1] * du + n[1][1] * dv);
        (x0, x1) = (x0.min(wx2.div_euclid(2)), x1.max(wx2.div_euclid(2) + 1));
        (y0, y1) = (y0.min(wy2.div_euclid(2)), y1.max(wy2.div_euclid(2) + 1));
    }
    let (mut bx0, mut by0, mut bx1, mut by1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    let rb = r.mask.bounds_at(r.x, r.y);
    for y in y0 - 2..y1 + 2 {
        for x in x0 - 2..x1 + 2 {
            let want = texel(x, y);
            if want.is_some() {
                (bx0, by0, bx1, by1) = (bx0.min(x), by0.min(y), bx1.max(x + 1), by1.max(y + 1));
            }
            let want = want.is_some_and(|(u, v)| m.is_solid(u, v));
            let got = rb.contains(x as i32, y as i32)
                && r.mask
                    .is_solid((x - rb.x_min()) as u32, (y - rb.y_min()) as u32);
            prop_assert_eq!(got, want, "pixel ({}, {})", x, y);
        }
    }
    if bx0 < bx1 {
        prop_assert_eq!(
            (rb.x_min(), rb.y_min(), rb.x_max(), rb.y_max()),
            (bx0, by0, bx1, by1),
            "raster rectangle"
        );
        // A permutation (k = 1) or k x k blocks: every texel shows k^2 times.
        prop_assert_eq!(r.mask.count(), m.count() * (k * k) as u64);
    } else {
        prop_assert!(rb.is_empty());
    }
    Ok(())
}

#[derive(Debug, Clone)]
struct AffineCase {
    mask: MaskSpec,
    m: [[f64; 3]; 2],
    pixels: bool,
}

fn affine_spec() -> impl Strategy<Value = AffineCase> {
    let entry = prop_oneof![
        2 => prop::sample::select(vec![0.0, 1.0, -1.0, 0.5, 2.0, -2.0]),
        3 => -3.0..3.0f64,
    ];
    (
        mask_spec(40),
        [entry.clone(), entry.clone(), entry.clone(), entry],
        (position(), position()),
        any::<bool>(),
    )
        .prop_map(|(mask, [a, b, c, d], (tx, ty), pixels)| AffineCase {
            mask,
            m: [[a, b, tx], [c, d, ty]],
            pixels,
        })
}

/// Matrices (skews included) against the oracle, pixel by pixel; a matrix refused by the
/// fixed-point inverse is refused by both.
fn check_affine(c: &AffineCase) -> Result<(), TestCaseError> {
    let m = c.mask.build();
    let a = Affine { m: c.m };
    let r = if c.pixels {
        m.rasterise_affine(&a)
    } else {
        m.rasterise_bounds_only_affine(&a)
    };
    let o = TransformedSprite::from_affine(&m, &a, c.pixels);
    match (r, o) {
        (Ok(r), Ok(o)) => check_raster(&r, &o),
        (Err(e1), Err(e2)) => {
            prop_assert_eq!(e1, e2);
            Ok(())
        }
        (r, o) => Err(TestCaseError::fail(format!(
            "raster {:?} but oracle {:?}",
            r.map(|_| ()),
            o.map(|_| ())
        ))),
    }
}

/// Sampled pairs (`perpixel::TransformedSprite`, no rasters) placed by matrices, skews
/// included, against the oracle, both ways round: the row walk in `i64` with words of
/// 64 samples (and its `i128` fallback) gives the plain per-pixel answers.
fn check_sampled_affine(case: &(AffineCase, AffineCase)) -> Result<(), TestCaseError> {
    let (a, b) = case;
    let (ma, mb) = (a.mask.build(), b.mask.build());
    let (aa, ab) = (Affine { m: a.m }, Affine { m: b.m });
    let (Ok(oa), Ok(ob)) = (
        TransformedSprite::from_affine(&ma, &aa, true),
        TransformedSprite::from_affine(&mb, &ab, true),
    ) else {
        return Ok(());
    };
    let pa = perpixel::TransformedSprite::from_affine(&ma, &aa).unwrap();
    let pb = perpixel::TransformedSprite::from_affine(&mb, &ab).unwrap();
    for (p, q, o, r) in [(&pa, &pb, &oa, &ob), (&pb, &pa, &ob, &oa)] {
        prop_assert_eq!(p.collides(q), oracle::collides(o, r), "collides");
        prop_assert_eq!(
            p.first_contact(q),
            oracle::first_contact(o, r),
            "first_contact"
        );
        prop_assert_eq!(
            p.overlap_area(q),
            oracle::overlap_area(o, r),
            "overlap_area"
        );
    }
    Ok(())
}

/// Any number at all, special values often.
fn any_number() -> impl Strategy<Value = f64> {
    prop_oneof![
        2 => any::<f64>(),
        2 => prop::sample::select(vec![
            0.0, -0.0, 1.0, -1.0, 0.5, 1e-6, -1e-6, 9.9e-7, 1e6, -1e6, 1.01e6, 2147483648.0,
            -2147483648.0, 2147483647.5, 2147483649.0, 1e300, -1e300, 5e-324, f64::MAX,
            f64::MIN, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 90.0, 1e16,
        ]),
        2 => -1e4..1e4f64,
    ]
}

#[derive(Debug, Clone)]
struct WildCase {
    mask: MaskSpec,
    t: Transform,
    m: [[f64; 3]; 2],
}

fn wild_spec() -> impl Strategy<Value = WildCase> {
    (
        mask_spec(8),
        prop::collection::vec(any_number(), 13),
        any::<(bool, bool, bool)>(),
    )
        .prop_map(|(mask, v, (has_pivot, flip_x, flip_y))| WildCase {
            mask,
            t: Transform {
                x: v[0],
                y: v[1],
                pivot: has_pivot.then_some((v[2], v[3])),
                rotation_degrees: v[4],
                scale_x: v[5],
                scale_y: v[6],
                flip_x,
                flip_y,
            },
            m: [[v[7], v[8], v[9]], [v[10], v[11], v[12]]],
        })
}

/// Whatever the numbers, rasterising returns a raster or an error, never panics, and a
/// raster agrees with the oracle (run with the mask size limit lowered to 2^16 pixels).
fn check_wild(c: &WildCase) -> Result<(), TestCaseError> {
    let m = c.mask.build();
    // The oracle scans the whole box: only where that is quick.
    let small = |f: perpixel::Result<perpixel::FixedInverse>| {
        f.ok()
            .and_then(|f| f.world_box(m.width(), m.height()))
            .is_none_or(|(x0, y0, x1, y1)| (x1 - x0) as f64 * ((y1 - y0) as f64) < 1e6)
    };
    let small_t = small(c.t.fixed_inverse(m.width(), m.height()));
    let small_a = small(Affine { m: c.m }.fixed_inverse(m.width(), m.height()));
    for pixels in [true, false] {
        let r = if pixels {
            m.rasterise(&c.t)
        } else {
            m.rasterise_bounds_only(&c.t)
        };
        if let (Ok(r), true) = (&r, small_t) {
            check_raster(r, &TransformedSprite::new(&m, &c.t, pixels).unwrap())?;
        }
        let a = Affine { m: c.m };
        let r = if pixels {
            m.rasterise_affine(&a)
        } else {
            m.rasterise_bounds_only_affine(&a)
        };
        if let (Ok(r), true) = (&r, small_a) {
            check_raster(r, &TransformedSprite::from_affine(&m, &a, pixels).unwrap())?;
        }
    }
    Ok(())
}

/// Inputs that once failed, checked every run.
fn regressions() -> bool {
    // A mirrored matrix whose raster ends past i32::MAX (the check once cast to i32).
    let near_max = WildCase {
        mask: MaskSpec {
            width: 2,
            height: 1,
            density: 256,
            seed: 0,
        },
        t: Transform::IDENTITY,
        m: [[1.0, 0.0, 0.0], [0.0, -9008.45671424744, 2147483649.0]],
    };
    match check_wild(&near_max) {
        Ok(()) => {
            println!("ok   regressions: 1 fixed case");
            true
        }
        Err(e) => {
            println!("FAIL regressions: {e}");
            false
        }
    }
}

fn main() {
    let pair_cases = cases(3000);
    let identity_cases = cases(1500);
    let translation_cases = cases(1500);
    let quarter_cases = cases(3000);
    let affine_cases = cases(1500);
    let sampled_affine_cases = cases(1500);
    let wild_cases = cases(3000);
    // The pair queries on rasters run on every kernel path this CPU has.
    let paths = perpixel::kernels::available_paths();
    let mut results: Vec<bool> = paths
        .iter()
        .map(|&path| {
            perpixel::kernels::with_path(path, || {
                run(
                    &format!(
                        "[{}] transformed pairs against the oracle (rasters pixel by pixel; collides, first_contact, overlap_area, overlap_mask; symmetric; sampled without rasters; mixed with plain sprites)",
                        path.name()
                    ),
                    pair_cases,
                    (placed(), placed()),
                    check_pair,
                )
            })
        })
        .collect();
    results.extend([
        regressions(),
        run(
            "identity transform at integer positions is the plain sprite",
            identity_cases,
            identity_spec(),
            check_identity,
        ),
        run(
            "whole-pixel moves move the raster bit for bit",
            translation_cases,
            (placed(), -300i32..300, -300i32..300),
            check_translation,
        ),
        run(
            "quarter turns, flips and integer scales are the per-pixel permutation",
            quarter_cases,
            quarter_spec(),
            check_quarter,
        ),
        run(
            "matrices (skews, singular ones refused alike) against the oracle",
            affine_cases,
            affine_spec(),
            check_affine,
        ),
        run(
            "sampled pairs placed by matrices (skews) against the oracle",
            sampled_affine_cases,
            (affine_spec(), affine_spec()),
            check_sampled_affine,
        ),
        {
            let before = perpixel::max_mask_pixels();
            perpixel::set_max_mask_pixels(1 << 16).unwrap();
            let ok = run(
                "any numbers (NaN, infinities, huge, tiny, limits): a raster or an error, never a panic",
                wild_cases,
                wild_spec(),
                check_wild,
            );
            perpixel::set_max_mask_pixels(before).unwrap();
            ok
        },
    ]);
    let total = pair_cases * paths.len() as u32
        + identity_cases
        + translation_cases
        + quarter_cases
        + affine_cases
        + sampled_affine_cases
        + wild_cases;
    common::props::summary("transform_props", &results, total as u64);
}
