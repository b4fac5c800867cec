//! Mask transforms that return a new mask (`flip_x`, `flip_y`, `transpose`,
//! `rotate_quarter`, `scale_integer`): small ASCII cases written out by hand, so the
//! conventions can be read off, then property tests against a per-pixel oracle on random
//! masks whose sides sit around the word boundaries (0, 1, 63, 64, 65, 127, 128, 129)
//! and up to 300, at every density.
//!
//! Every result is also checked for stale caches: every cache against what `finish()`
//! computes from its bits (`Mask::stale_cache`), its count and solid bounds against the
//! oracle's, and pair queries on it (which clip with the solid bounds and skip with the
//! block level and row spans) against `perpixel::reference` (which reads pixels only).
//!
//! The properties run once per kernel path this CPU has (portable, AVX2, AVX-512), forced
//! with `perpixel::kernels::with_path`: the results' caches come from the kernels' summary.
//!
//! Runs under its own `main` (harness = false) so `cargo test` prints how many cases ran.
//! `PERPIXEL_PROPTEST_CASES=N` changes the number of cases per property.

mod common;
use common::props::MaskSpec;

use common::{assert_mask_eq, mask};
use perpixel::kernels;
use perpixel::{Error, Mask, Sprite, reference};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

// ---------------------------------------------------------------------------------------
// The oracle: one pixel at a time.

fn oracle_flip_x(m: &Mask) -> Mask {
    let (w, h) = (m.width(), m.height());
    Mask::from_fn(w, h, |x, y| m.is_solid(w - 1 - x, y)).unwrap()
}

fn oracle_flip_y(m: &Mask) -> Mask {
    let (w, h) = (m.width(), m.height());
    Mask::from_fn(w, h, |x, y| m.is_solid(x, h - 1 - y)).unwrap()
}

fn oracle_transpose(m: &Mask) -> Mask {
    Mask::from_fn(m.height(), m.width(), |x, y| m.is_solid(y, x)).unwrap()
}

/// Pixel `(i, j)` goes to: k = 1 `(h-1-j, i)`, k = 2 `(w-1-i, h-1-j)`, k = 3 `(j, w-1-i)`;
/// written as where each result pixel comes from.
fn oracle_rotate(m: &Mask, quarter_turns: i32) -> Mask {
    let (w, h) = (m.width(), m.height());
    match quarter_turns.rem_euclid(4) {
        0 => Mask::from_fn(w, h, |x, y| m.is_solid(x, y)),
        1 => Mask::from_fn(h, w, |x, y| m.is_solid(y, h - 1 - x)),
        2 => Mask::from_fn(w, h, |x, y| m.is_solid(w - 1 - x, h - 1 - y)),
        _ => Mask::from_fn(h, w, |x, y| m.is_solid(w - 1 - y, x)),
    }
    .unwrap()
}

fn oracle_scale(m: &Mask, sx: u32, sy: u32) -> Mask {
    Mask::from_fn(m.width() * sx, m.height() * sy, |x, y| {
        m.is_solid(x / sx, y / sy)
    })
    .unwrap()
}

// ---------------------------------------------------------------------------------------
// Hand-written cases: the conventions, drawn.

fn flips_drawn() {
    let m = mask!(
        "##..."
        "#...."
        "....#"
    );
    assert_mask_eq(
        &m.flip_x().unwrap(),
        &mask!(
            "...##"
            "....#"
            "#...."
        ),
        "flip_x",
    );
    assert_mask_eq(
        &m.flip_y().unwrap(),
        &mask!(
            "....#"
            "#...."
            "##..."
        ),
        "flip_y",
    );
    println!("ok   drawn: flip_x, flip_y on a 5 x 3 mask");
}

fn transpose_and_turns_drawn() {
    // 4 x 2, y down: an L along the top row and down the left.
    let m = mask!(
        "###."
        "#..#"
    );
    assert_mask_eq(
        &m.transpose().unwrap(),
        &mask!(
            "##"
            "#."
            "#."
            ".#"
        ),
        "transpose",
    );
    // One positive turn takes +x to +y: with y down, a clockwise quarter turn.
    // (i, j) -> (h - 1 - j, i).
    let quarter = mask!(
        "##"
        ".#"
        ".#"
        "#."
    );
    assert_mask_eq(&m.rotate_quarter(1).unwrap(), &quarter, "rotate_quarter(1)");
    assert_mask_eq(&m.rotate_quarter(5).unwrap(), &quarter, "rotate_quarter(5)");
    assert_mask_eq(
        &m.rotate_quarter(-3).unwrap(),
        &quarter,
        "rotate_quarter(-3)",
    );
    let half = mask!(
        "#..#"
        ".###"
    );
    assert_mask_eq(&m.rotate_quarter(2).unwrap(), &half, "rotate_quarter(2)");
    assert_mask_eq(&m.rotate_quarter(-2).unwrap(), &half, "rotate_quarter(-2)");
    // (i, j) -> (j, w - 1 - i).
    let three = mask!(
        ".#"
        "#."
        "#."
        "##"
    );
    assert_mask_eq(&m.rotate_quarter(3).unwrap(), &three, "rotate_quarter(3)");
    assert_mask_eq(&m.rotate_quarter(-1).unwrap(), &three, "rotate_quarter(-1)");
    assert_mask_eq(&m.rotate_quarter(0).unwrap(), &m, "rotate_quarter(0)");
    assert_mask_eq(&m.rotate_quarter(-4).unwrap(), &m, "rotate_quarter(-4)");
    println!("ok   drawn: transpose, rotate_quarter -4..=5 on a 4 x 2 mask");
}

fn scale_drawn() {
    let m = mask!(
        "#."
        ".#"
        "#."
    );
    assert_mask_eq(
        &m.scale_integer(3, 2).unwrap(),
        &mask!(
            "###..."
            "###..."
            "...###"
            "...###"
            "###..."
            "###..."
        ),
        "scale_integer(3, 2)",
    );
    assert_mask_eq(&m.scale_integer(1, 1).unwrap(), &m, "scale_integer(1, 1)");
    assert_mask_eq(
        &mask!(".#").scale_integer(2, 1).unwrap(),
        &mask!("..##"),
        "scale_integer(2, 1)",
    );
    println!("ok   drawn: scale_integer 3 x 2, 1 x 1, 2 x 1");
}

fn edges() {
    // Sides of 0: the right empty shapes.
    for (w, h) in [(0, 0), (0, 5), (7, 0), (130, 0), (0, 130)] {
        let m = Mask::empty(w, h).unwrap();
        let sizes = |r: &Mask| (r.width(), r.height(), r.count(), r.solid_bounds());
        assert_eq!(sizes(&m.flip_x().unwrap()), (w, h, 0, None));
        assert_eq!(sizes(&m.flip_y().unwrap()), (w, h, 0, None));
        assert_eq!(sizes(&m.transpose().unwrap()), (h, w, 0, None));
        for k in -5..=5 {
            let want = if k % 2 == 0 { (w, h) } else { (h, w) };
            assert_eq!(
                sizes(&m.rotate_quarter(k).unwrap()),
                (want.0, want.1, 0, None)
            );
        }
        assert_eq!(
            sizes(&m.scale_integer(3, 2).unwrap()),
            (3 * w, 2 * h, 0, None)
        );
        // A 0-wide mask scales to 0 wide whatever the factor.
        if w == 0 {
            let r = m.scale_integer(u32::MAX, 1).unwrap();
            assert_eq!((r.width(), r.height()), (0, h));
        }
    }
    // Factors of 0 are refused; results past the limit are too large.
    let m = Mask::full(3, 2).unwrap();
    for (sx, sy) in [(0, 1), (1, 0), (0, 0)] {
        match m.scale_integer(sx, sy) {
            Err(Error::InvalidArgument(why)) => assert!(why.contains("at least 1"), "{why}"),
            other => panic!("scale_integer({sx}, {sy}): {other:?}"),
        }
    }
    for (sx, sy) in [(u32::MAX, 1), (1, u32::MAX), (1 << 20, 1 << 20)] {
        match m.scale_integer(sx, sy) {
            Err(Error::TooLarge { width, height }) => {
                assert_eq!((width, height), (3 * sx as u64, 2 * sy as u64))
            }
            other => panic!("scale_integer({sx}, {sy}): {other:?}"),
        }
    }
    // Extreme rotations.
    let l = mask!("##" "#.");
    assert_eq!(
        l.rotate_quarter(i32::MAX).unwrap(),
        l.rotate_quarter(3).unwrap()
    );
    assert_eq!(l.rotate_quarter(i32::MIN).unwrap(), l);
    println!("ok   edges: 0-sided masks, factors 0, too-large results, i32::MIN/MAX turns");
}

/// Whether pixel `(x, y)` of a `w x h` shape is solid.
type Shape = fn(u32, u32, u32, u32) -> bool;

/// Shapes whose rows keep spans (a disc, a triangle, a frame) at sizes whose sides are and
/// are not multiples of 8 and 64: every reshape's caches equal what `finish()` computes.
fn shapes_keep_fresh_caches(path: &str) {
    let shapes: [(&str, Shape); 3] = [
        ("disc", |x, y, w, h| {
            let (dx, dy) = (2 * x as i64 - w as i64, 2 * y as i64 - h as i64);
            dx * dx * (h as i64).pow(2) + dy * dy * (w as i64).pow(2)
                < (w as i64 * h as i64).pow(2) * 3 / 4
        }),
        ("triangle", |x, y, w, h| {
            x as u64 * h as u64 <= y as u64 * w as u64
        }),
        ("frame", |x, y, w, h| {
            x < 3 || y < 5 || x + 9 >= w || y + 2 >= h
        }),
    ];
    let mut checked = 0;
    for (w, h) in [
        (130, 77),
        (200, 129),
        (65, 300),
        (512, 72),
        (1031, 9),
        (96, 1000),
    ] {
        for (name, shape) in shapes {
            let m = Mask::from_fn(w, h, |x, y| shape(x, y, w, h)).unwrap();
            assert_eq!(m.stale_cache(), None);
            let results = [
                ("flip_x", m.flip_x().unwrap()),
                ("flip_y", m.flip_y().unwrap()),
                ("transpose", m.transpose().unwrap()),
                ("rotate_quarter(1)", m.rotate_quarter(1).unwrap()),
                ("rotate_quarter(2)", m.rotate_quarter(2).unwrap()),
                ("rotate_quarter(3)", m.rotate_quarter(3).unwrap()),
            ];
            for (op, r) in results {
                assert_eq!(r.stale_cache(), None, "{op} of a {w} x {h} {name}");
                assert_eq!(r.count(), m.count(), "{op} of a {w} x {h} {name}: count");
                checked += 1;
            }
        }
    }
    println!(
        "ok   shapes: [{path}] {checked} reshapes of discs, triangles and frames, caches fresh"
    );
}

// ---------------------------------------------------------------------------------------
// Random masks.

/// Sides around the word boundaries, plus anything up to 300.
fn side() -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => prop::sample::select(vec![0u32, 1, 2, 63, 64, 65, 127, 128, 129]),
        2 => 0u32..300,
    ]
}

/// The sides of the mask the results are queried against.
fn other_side() -> impl Strategy<Value = u32> {
    prop_oneof![1 => Just(0u32), 4 => 1u32..140]
}

/// How full a random mask is, in 1/256ths; 0 and 256 give empty and full masks.
fn density() -> impl Strategy<Value = u32> {
    prop::sample::select(vec![0u32, 1, 8, 64, 128, 200, 255, 256])
}

fn mask_spec<S: Strategy<Value = u32>>(side: fn() -> S) -> impl Strategy<Value = MaskSpec> {
    common::props::mask_spec(side(), side(), density())
}

/// A mask, a second mask to query the result against, and where to put it (relative to
/// the result at (0, 0); the offset may miss it).
#[derive(Debug, Clone)]
struct Case {
    mask: MaskSpec,
    other: MaskSpec,
    offset: (i32, i32),
}

fn case() -> impl Strategy<Value = Case> {
    (
        mask_spec(side),
        mask_spec(other_side),
        (-160i32..320, -160i32..320),
    )
        .prop_map(|(mask, other, offset)| Case {
            mask,
            other,
            offset,
        })
}

/// `result` equals `oracle`, its caches are right, and pair queries on it agree with the
/// reference.
fn check_result(
    result: &Mask,
    oracle: &Mask,
    other: &Mask,
    (dx, dy): (i32, i32),
    what: &str,
) -> Result<(), TestCaseError> {
    if let Some(diff) = common::mask_diff(result, oracle) {
        return Err(TestCaseError::fail(format!(
            "{what}: pixels differ\n{diff}"
        )));
    }
    prop_assert_eq!(
        result.stale_cache(),
        None,
        "{}: a cache differs from finish()",
        what
    );
    prop_assert_eq!(result.count(), oracle.count(), "{}: count", what);
    prop_assert_eq!(
        result.solid_bounds(),
        oracle.solid_bounds(),
        "{}: solid bounds",
        what
    );
    // Offsets relative to the result's size, so they land near every side of it.
    let (w, h) = (result.width() as i32, result.height() as i32);
    for (ox, oy) in [
        (dx, dy),
        (w - 1 - dx.rem_euclid(w.max(1)), dy / 2),
        (dx % 3, h / 2),
    ] {
        let a = Sprite::new(result, 0, 0);
        let b = Sprite::new(other, ox, oy);
        prop_assert_eq!(
            a.overlap_area(&b),
            reference::overlap_area(&a, &b),
            "{}: overlap_area with the other at ({}, {})",
            what,
            ox,
            oy
        );
        prop_assert_eq!(
            b.first_contact(&a),
            reference::first_contact(&b, &a),
            "{}: first_contact with the other at ({}, {})",
            what,
            ox,
            oy
        );
    }
    Ok(())
}

fn check_flips(c: &Case) -> Result<(), TestCaseError> {
    let (m, other) = (c.mask.build(), c.other.build());
    let fx = m.flip_x().unwrap();
    check_result(&fx, &oracle_flip_x(&m), &other, c.offset, "flip_x")?;
    let fy = m.flip_y().unwrap();
    check_result(&fy, &oracle_flip_y(&m), &other, c.offset, "flip_y")?;
    for (twice, what) in [
        (fx.flip_x().unwrap(), "flip_x twice"),
        (fy.flip_y().unwrap(), "flip_y twice"),
    ] {
        prop_assert!(twice == m, "{}", what);
        prop_assert_eq!(
            twice.stale_cache(),
            None,
            "{}: a cache differs from finish()",
            what
        );
    }
    Ok(())
}

fn check_transpose(c: &Case) -> Result<(), TestCaseError> {
    let (m, other) = (c.mask.build(), c.other.build());
    let t = m.transpose().unwrap();
    check_result(&t, &oracle_transpose(&m), &other, c.offset, "transpose")?;
    let twice = t.transpose().unwrap();
    prop_assert!(twice == m, "transpose twice");
    prop_assert_eq!(
        twice.stale_cache(),
        None,
        "transpose twice: a cache differs from finish()"
    );
    Ok(())
}

fn check_rotate(c: &Case) -> Result<(), TestCaseError> {
    let (m, other) = (c.mask.build(), c.other.build());
    for k in -5..=5 {
        let r = m.rotate_quarter(k).unwrap();
        check_result(
            &r,
            &oracle_rotate(&m, k),
            &other,
            c.offset,
            &format!("rotate_quarter({k})"),
        )?;
    }
    let mut r = m.clone();
    for _ in 0..4 {
        r = r.rotate_quarter(1).unwrap();
        prop_assert_eq!(
            r.stale_cache(),
            None,
            "rotate_quarter(1) again: a stale cache"
        );
    }
    prop_assert!(r == m, "rotate_quarter(1) four times");
    Ok(())
}

#[derive(Debug, Clone)]
struct ScaleCase {
    case: Case,
    sx: u32,
    sy: u32,
}

fn scale_case() -> impl Strategy<Value = ScaleCase> {
    let factor = || {
        prop_oneof![
            4 => 1u32..=5,
            1 => prop::sample::select(vec![6u32, 7, 8, 9, 31, 63, 64, 65, 127, 129]),
        ]
    };
    (case(), factor(), factor()).prop_map(|(case, sx, sy)| ScaleCase { case, sx, sy })
}

fn check_scale(s: &ScaleCase) -> Result<(), TestCaseError> {
    let (m, other) = (s.case.mask.build(), s.case.other.build());
    // Keep the result (and its per-pixel oracle) under about a million pixels.
    let (mut sx, mut sy) = (s.sx, s.sy);
    let pixels = |sx: u32, sy: u32| m.width() as u64 * sx as u64 * m.height() as u64 * sy as u64;
    while pixels(sx, sy) > 1 << 20 {
        if sx >= sy {
            sx = sx.div_ceil(2)
        } else {
            sy = sy.div_ceil(2)
        }
    }
    let r = m.scale_integer(sx, sy).unwrap();
    check_result(
        &r,
        &oracle_scale(&m, sx, sy),
        &other,
        s.case.offset,
        &format!("scale_integer({sx}, {sy})"),
    )
}

fn main() {
    flips_drawn();
    transpose_and_turns_drawn();
    scale_drawn();
    edges();
    let n = common::props::cases(256);
    // The results' caches are built by the kernels' summary and read by their queries:
    // every path this CPU has, forced in turn.
    let paths = kernels::available_paths();
    let mut results = Vec::new();
    for &path in &paths {
        let p = path.name();
        kernels::with_path(path, || {
            shapes_keep_fresh_caches(p);
            results.push(common::props::run(
                &format!("mask_reshape: [{p}] flip_x, flip_y (and each twice)"),
                n,
                case(),
                check_flips,
            ));
            results.push(common::props::run(
                &format!("mask_reshape: [{p}] transpose (and twice)"),
                n,
                case(),
                check_transpose,
            ));
            results.push(common::props::run(
                &format!("mask_reshape: [{p}] rotate_quarter -5..=5 (and 1 four times)"),
                n,
                case(),
                check_rotate,
            ));
            results.push(common::props::run(
                &format!("mask_reshape: [{p}] scale_integer"),
                n,
                scale_case(),
                check_scale,
            ));
        });
    }
    common::props::summary("mask_reshape", &results, results.len() as u64 * n as u64);
}
