//! Editing masks in place (`set_pixel`, `fill_rect`, `draw`, `erase`, `intersect`, `xor`,
//! `invert`, `fill_circle`, `fill_ellipse`, `draw_line`): shapes drawn out by hand so the
//! pixel rules can be read off, edge cases (empty masks, far and extreme coordinates,
//! clones), then property tests: random masks (sides around the word boundaries and up to
//! 300) edited by random sequences of edits, each sequence against the per-pixel oracle
//! `perpixel::reference::edit` pixel for pixel, with every cache checked against what
//! `finish()` computes (`Mask::stale_cache`) after every edit, and pair queries on the
//! edited mask against `perpixel::reference` and against the mask rebuilt from scratch
//! ("editing then querying equals rebuilding").
//!
//! The properties run once per kernel path this CPU has, forced with
//! `perpixel::kernels::with_path` (inversion recomputes the caches through the kernels'
//! summary, and the queries run on the path).
//!
//! Runs under its own `main` (harness = false) so `cargo test` prints how many cases ran.
//! `PERPIXEL_PROPTEST_CASES=N` changes the number of cases per property.

mod common;
use common::props::MaskSpec;

use common::{assert_mask_eq, mask};
use perpixel::reference::edit as oracle;
use perpixel::{
    Bounds2D, ColorRange, Error, Mask, MaskOptions, PixelFormat, Sprite, kernels, reference,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

// ---------------------------------------------------------------------------------------
// Hand-written cases: the pixel rules, drawn.

fn circles_drawn() {
    let circle = |r: u32| {
        let side = 2 * r + 1;
        let mut m = Mask::empty(side, side).unwrap();
        m.fill_circle(r as i32, r as i32, r, true).unwrap();
        assert_eq!(m.stale_cache(), None);
        m
    };
    assert_mask_eq(&circle(0), &mask!("#"), "radius 0");
    assert_mask_eq(&circle(1), &mask!("###" "###" "###"), "radius 1");
    assert_mask_eq(
        &circle(2),
        &mask!(
            ".###."
            "#####"
            "#####"
            "#####"
            ".###."
        ),
        "radius 2",
    );
    assert_mask_eq(
        &circle(3),
        &mask!(
            "..###.."
            ".#####."
            "#######"
            "#######"
            "#######"
            ".#####."
            "..###.."
        ),
        "radius 3",
    );
    // Clearing: a crater in a full mask, clipped at the top edge.
    let mut m = Mask::full(7, 4).unwrap();
    m.fill_circle(3, 0, 2, false).unwrap();
    assert_mask_eq(
        &m,
        &mask!(
            "#.....#"
            "#.....#"
            "##...##"
            "#######"
        ),
        "crater of radius 2 at the top edge",
    );
    assert_eq!(m.stale_cache(), None);
    println!("ok   drawn: filled circles of radius 0..=3, a crater clipped by the edge");
}

fn ellipses_and_lines_drawn() {
    let mut m = Mask::empty(10, 4).unwrap();
    m.fill_ellipse(Bounds2D::new(0, 0, 10, 4), true).unwrap();
    assert_mask_eq(
        &m,
        &mask!(
            "..######.."
            "##########"
            "##########"
            "..######.."
        ),
        "ellipse in 10 x 4",
    );
    let mut m = Mask::empty(5, 3).unwrap();
    m.fill_ellipse(Bounds2D::new(0, 0, 1, 3), true).unwrap();
    assert_mask_eq(&m, &mask!("#...." "#...." "#...."), "ellipse 1 wide");
    // A line of radius 0 and 1 along a shallow slope, ends at pixel centres.
    let mut m = Mask::empty(9, 3).unwrap();
    m.draw_line(0, 0, 8, 2, 0, true).unwrap();
    assert_mask_eq(
        &m,
        &oracle::draw_line(&Mask::empty(9, 3).unwrap(), 0, 0, 8, 2, 0, true),
        "line radius 0",
    );
    assert!(m.is_solid(0, 0) && m.is_solid(8, 2) && m.is_solid(4, 1));
    let mut m = Mask::empty(9, 5).unwrap();
    m.draw_line(2, 2, 6, 2, 1, true).unwrap();
    assert_mask_eq(
        &m,
        &mask!(
            "........."
            ".#######."
            ".#######."
            ".#######."
            "........."
        ),
        "horizontal line of radius 1 (caps are 3 x 3 squares)",
    );
    // A line from a pixel to itself is the circle of its radius.
    for r in 0..12u32 {
        let (mut a, mut b) = (Mask::empty(31, 29).unwrap(), Mask::empty(31, 29).unwrap());
        a.draw_line(15, 13, 15, 13, r, true).unwrap();
        b.fill_circle(15, 13, r, true).unwrap();
        assert_mask_eq(&a, &b, &format!("point line of radius {r}"));
    }
    println!("ok   drawn: ellipses, lines of radius 0 and 1, point lines equal circles");
}

/// An edit combining another mask into the edited one.
type Combiner = fn(&mut Mask, &Mask) -> perpixel::Result<()>;

fn combining_drawn() {
    let a = mask!(
        "##.."
        "##.."
        "...."
    );
    let b = mask!("##" "#.");
    let cases: [(&str, Combiner, Mask); 4] = [
        ("draw", |m, o| m.draw(o, 1, 1), mask!("##.." "###." ".#..")),
        (
            "erase",
            |m, o| m.erase(o, 1, 1),
            mask!("##.." "#..." "...."),
        ),
        (
            "intersect",
            |m, o| m.intersect(o, 1, 1),
            mask!("...." ".#.." "...."),
        ),
        ("xor", |m, o| m.xor(o, 1, 1), mask!("##.." "#.#." ".#..")),
    ];
    for (name, op, want) in cases {
        let mut m = a.clone();
        op(&mut m, &b).unwrap();
        assert_mask_eq(&m, &want, name);
        assert_eq!(m.stale_cache(), None, "{name}");
        assert_mask_eq(
            &a,
            &mask!("##.." "##.." "...."),
            "the original after {name}",
        );
    }
    // With a clone of itself (shared storage).
    let mut m = a.clone();
    let same = m.clone();
    m.xor(&same, 0, 0).unwrap();
    assert_eq!(m.count(), 0);
    let mut m = a.clone();
    let same = m.clone();
    m.draw(&same, 2, 1).unwrap();
    assert_mask_eq(&m, &mask!("##.." "####" "..##"), "drawn onto itself");
    println!("ok   drawn: draw, erase, intersect, xor at an offset, with itself");
}

fn edges() {
    // Empty masks: every edit is a no-op, nothing panics.
    for (w, h) in [(0, 0), (0, 5), (5, 0), (130, 0)] {
        let mut m = Mask::empty(w, h).unwrap();
        m.set_pixel(0, 0, true).unwrap();
        m.fill_rect(Bounds2D::new(-5, -5, 100, 100), true).unwrap();
        m.draw(&Mask::full(3, 3).unwrap(), 0, 0).unwrap();
        m.xor(&Mask::full(3, 3).unwrap(), 0, 0).unwrap();
        m.intersect(&Mask::full(3, 3).unwrap(), 0, 0).unwrap();
        m.invert().unwrap();
        m.fill_circle(0, 0, 100, true).unwrap();
        m.fill_ellipse(Bounds2D::new(0, 0, 9, 9), true).unwrap();
        m.draw_line(0, 0, 50, 50, 3, true).unwrap();
        assert_eq!((m.width(), m.height(), m.count()), (w, h, 0));
        assert_eq!(m.stale_cache(), None);
    }
    // Extreme coordinates: clipped, exact, no overflow.
    let mut m = Mask::empty(70, 9).unwrap();
    m.fill_rect(Bounds2D::new(i32::MIN, i32::MIN, i32::MAX, i32::MAX), true)
        .unwrap();
    assert_eq!(m.count(), 0);
    m.fill_rect(Bounds2D::new(-1, -1, i32::MAX, i32::MAX), true)
        .unwrap();
    assert_eq!(m.count(), 70 * 9);
    m.fill_circle(i32::MAX, i32::MAX, u32::MAX, false).unwrap();
    assert_eq!(
        m.count(),
        0,
        "a circle of radius 2^32 - 1 from the far corner covers it"
    );
    m.fill_circle(i32::MIN, 0, u32::MAX, true).unwrap();
    assert_eq!(m.count(), 70 * 9, "and from the other side");
    m.invert().unwrap();
    // The segment from (MIN, MIN) to (MAX, MAX) lies on y = x: radius 0 covers x == y.
    m.draw_line(i32::MIN, i32::MIN, i32::MAX, i32::MAX, 0, true)
        .unwrap();
    for y in 0..9 {
        for x in 0..70 {
            assert_eq!(m.is_solid(x, y), x == y, "diagonal at ({x}, {y})");
        }
    }
    assert_eq!(m.stale_cache(), None);
    m.draw_line(i32::MIN, 4, i32::MAX, 4, u32::MAX, true)
        .unwrap();
    assert_eq!(m.count(), 70 * 9);
    m.fill_ellipse(Bounds2D::new(i32::MIN, i32::MIN, i32::MAX, i32::MAX), false)
        .unwrap();
    assert_eq!(m.stale_cache(), None);
    m.draw(&Mask::full(5, 5).unwrap(), i32::MAX, i32::MIN)
        .unwrap();
    m.erase(&Mask::full(5, 5).unwrap(), i32::MIN, i32::MAX)
        .unwrap();
    assert_eq!(m.stale_cache(), None);
    m.intersect(&Mask::full(5, 5).unwrap(), i32::MAX, i32::MAX)
        .unwrap();
    assert_eq!(m.count(), 0, "intersect with a mask far away empties it");
    assert_eq!(m.stale_cache(), None);
    println!("ok   edges: empty masks, i32::MIN/MAX coordinates, radius u32::MAX");
}

/// Clones keep their pixels; the edited mask copies once, then edits in place.
fn clones_are_values() {
    let original = Mask::from_fn(300, 90, |x, y| (x * 7 + y * 3) % 5 < 2).unwrap();
    let snapshot = Mask::from_fn(300, 90, |x, y| original.is_solid(x, y)).unwrap();
    let mut edited = original.clone();
    edited.fill_circle(150, 45, 30, false).unwrap();
    edited.draw(&original, 7, 3).unwrap();
    edited.invert().unwrap();
    assert!(original == snapshot && original.count() == snapshot.count());
    assert_eq!(original.stale_cache(), None);
    assert_ne!(edited, original);
    println!("ok   clones: editing a clone leaves the original's pixels and caches");
}

/// Spans dropped and taken up again as edits open and fill gaps, dense flags flipping:
/// a wide mask whose rows go from full to holed to full.
fn caches_through_transitions() {
    let mut m = Mask::full(200, 100).unwrap();
    let mut steps = 0;
    let mut check = |m: &Mask, what: &str| {
        assert_eq!(m.stale_cache(), None, "{what}");
        steps += 1;
    };
    check(&m, "full");
    m.fill_rect(Bounds2D::new(40, 30, 60, 40), false).unwrap();
    check(&m, "a hole 1/8 of the area: spans kept");
    m.fill_rect(Bounds2D::new(40, 30, 60, 40), true).unwrap();
    check(&m, "filled again: spans dropped");
    m.fill_rect(Bounds2D::new(0, 0, 200, 99), false).unwrap();
    check(&m, "one row left");
    m.set_pixel(0, 99, false).unwrap();
    m.set_pixel(199, 99, false).unwrap();
    check(&m, "bounds shrink from both sides");
    m.clear().unwrap();
    check(&m, "cleared");
    m.fill().unwrap();
    assert_eq!(m.count(), 200 * 100);
    check(&m, "filled");
    m.fill_rect(Bounds2D::new(0, 0, 200, 100), false).unwrap();
    check(&m, "empty");
    m.set_pixel(150, 3, true).unwrap();
    m.set_pixel(3, 90, true).unwrap();
    check(&m, "two pixels");
    m.set_pixel(150, 3, false).unwrap();
    check(&m, "one pixel");
    assert_eq!(m.solid_bounds(), Some(Bounds2D::new(3, 90, 1, 1)));
    // A terrain: ground under sky, craters and tunnels.
    let mut t = Mask::from_fn(1000, 300, |x, y| y as i64 > 150 + (x as i64 % 97) - 48).unwrap();
    for k in 0..40 {
        t.fill_circle(k * 25, 150 + (k % 7) * 10, 16 + k as u32 % 9, false)
            .unwrap();
        check(&t, "terrain crater");
        t.draw_line(k * 20, 290, k * 20 + 60, 200, 3, k % 3 == 0)
            .unwrap();
        check(&t, "terrain tunnel");
    }
    println!("ok   transitions: {steps} edits through spans kept/dropped, bounds shrinking");
}

// ---------------------------------------------------------------------------------------
// Random sequences of edits.

/// Sides around the word boundaries, plus anything up to 300.
fn side() -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => prop::sample::select(vec![0u32, 1, 2, 63, 64, 65, 127, 128, 129]),
        2 => 0u32..300,
    ]
}

fn density() -> impl Strategy<Value = u32> {
    prop::sample::select(vec![0u32, 1, 8, 64, 128, 200, 255, 256])
}

/// A coordinate near the mask (mostly), or far outside.
fn coord() -> impl Strategy<Value = i32> {
    prop_oneof![
        8 => -80i32..380,
        1 => prop::sample::select(vec![i32::MIN, -100_000, 100_000, i32::MAX]),
    ]
}

/// A line end: near the mask (the oracle's capsule is exact within ±2^16).
fn line_coord() -> impl Strategy<Value = i32> {
    prop_oneof![8 => -80i32..380, 1 => -60_000i32..60_000]
}

#[derive(Debug, Clone)]
enum Op {
    Pixel(i32, i32, bool),
    Rect(i32, i32, i32, i32, bool),
    /// 0 draw, 1 erase, 2 intersect, 3 xor; another mask at an offset.
    Combine(u8, MaskSpec, i32, i32),
    /// The same, with a clone of the edited mask itself.
    CombineSelf(u8, i32, i32),
    Invert,
    Circle(i32, i32, u32, bool),
    Ellipse(i32, i32, i32, i32, bool),
    Line(i32, i32, i32, i32, u32, bool),
}

fn radius() -> impl Strategy<Value = u32> {
    prop_oneof![6 => 0u32..40, 2 => 40u32..200, 1 => Just(u32::MAX)]
}

fn op() -> impl Strategy<Value = Op> {
    let other = common::props::mask_spec(
        prop_oneof![1 => Just(0u32), 4 => 1u32..140],
        prop_oneof![1 => Just(0u32), 4 => 1u32..140],
        density(),
    );
    let extent = || prop_oneof![4 => -3i32..200, 1 => Just(i32::MAX)];
    prop_oneof![
        2 => (coord(), coord(), any::<bool>()).prop_map(|(x, y, s)| Op::Pixel(x, y, s)),
        3 => (coord(), coord(), extent(), extent(), any::<bool>())
            .prop_map(|(x, y, w, h, s)| Op::Rect(x, y, w, h, s)),
        4 => (0u8..4, other, coord(), coord()).prop_map(|(k, o, x, y)| Op::Combine(k, o, x, y)),
        1 => (0u8..4, -70i32..70, -70i32..70).prop_map(|(k, x, y)| Op::CombineSelf(k, x, y)),
        1 => Just(Op::Invert),
        3 => (coord(), coord(), radius(), any::<bool>())
            .prop_map(|(x, y, r, s)| Op::Circle(x, y, r, s)),
        2 => (coord(), coord(), 0i32..400, 0i32..400, any::<bool>())
            .prop_map(|(x, y, w, h, s)| Op::Ellipse(x, y, w, h, s)),
        3 => (line_coord(), line_coord(), line_coord(), line_coord(), 0u32..30, any::<bool>())
            .prop_map(|(a, b, c, d, r, s)| Op::Line(a, b, c, d, r, s)),
    ]
}

#[derive(Debug, Clone)]
struct Case {
    mask: MaskSpec,
    ops: Vec<Op>,
    /// A mask to query the result against, and an offset.
    other: MaskSpec,
    offset: (i32, i32),
}

fn case() -> impl Strategy<Value = Case> {
    (
        common::props::mask_spec(side(), side(), density()),
        prop::collection::vec(op(), 1..7),
        common::props::mask_spec(1u32..140, 1u32..140, density()),
        (-160i32..320, -160i32..320),
    )
        .prop_map(|(mask, ops, other, offset)| Case {
            mask,
            ops,
            other,
            offset,
        })
}

/// Applies `op` to `fast` in place and returns what the oracle makes of `slow`.
fn apply(op: &Op, fast: &mut Mask, slow: &Mask) -> Mask {
    match *op {
        Op::Pixel(x, y, s) => {
            fast.set_pixel(x, y, s).unwrap();
            oracle::set_pixel(slow, x, y, s)
        }
        Op::Rect(x, y, w, h, s) => {
            let r = Bounds2D::new(x, y, w, h);
            fast.fill_rect(r, s).unwrap();
            oracle::fill_rect(slow, r, s)
        }
        Op::Combine(k, ref spec, x, y) => {
            combine(k, fast, slow, &spec.build(), &spec.build(), x, y)
        }
        Op::CombineSelf(k, x, y) => {
            let (theirs_fast, theirs_slow) = (fast.clone(), slow.clone());
            combine(k, fast, slow, &theirs_fast, &theirs_slow, x, y)
        }
        Op::Invert => {
            fast.invert().unwrap();
            oracle::invert(slow)
        }
        Op::Circle(x, y, r, s) => {
            fast.fill_circle(x, y, r, s).unwrap();
            oracle::fill_circle(slow, x, y, r, s)
        }
        Op::Ellipse(x, y, w, h, s) => {
            let r = Bounds2D::new(x, y, w, h);
            fast.fill_ellipse(r, s).unwrap();
            oracle::fill_ellipse(slow, r, s)
        }
        Op::Line(x0, y0, x1, y1, r, s) => {
            fast.draw_line(x0, y0, x1, y1, r, s).unwrap();
            oracle::draw_line(slow, x0, y0, x1, y1, r, s)
        }
    }
}

fn combine(
    k: u8,
    fast: &mut Mask,
    slow: &Mask,
    theirs_fast: &Mask,
    theirs_slow: &Mask,
    x: i32,
    y: i32,
) -> Mask {
    match k {
        0 => {
            fast.draw(theirs_fast, x, y).unwrap();
            oracle::draw(slow, theirs_slow, x, y)
        }
        1 => {
            fast.erase(theirs_fast, x, y).unwrap();
            oracle::erase(slow, theirs_slow, x, y)
        }
        2 => {
            fast.intersect(theirs_fast, x, y).unwrap();
            oracle::intersect(slow, theirs_slow, x, y)
        }
        _ => {
            fast.xor(theirs_fast, x, y).unwrap();
            oracle::xor(slow, theirs_slow, x, y)
        }
    }
}

fn check_sequence(c: &Case) -> Result<(), TestCaseError> {
    let original = c.mask.build();
    let mut fast = original.clone();
    let mut slow = original.clone();
    for (i, op) in c.ops.iter().enumerate() {
        // A query of whole rows (the same width, at the same x) builds the word
        // occupancy level of `fast`, which the edit must then keep up to date.
        let _ = fast.first_contact(&slow, (0, 1));
        slow = apply(op, &mut fast, &slow);
        if fast != slow {
            let diff = common::mask_diff(&fast, &slow).unwrap_or_default();
            return Err(TestCaseError::fail(format!(
                "edit {i} ({op:?}): pixels differ from the oracle\n{diff}"
            )));
        }
        prop_assert_eq!(
            fast.stale_cache(),
            None,
            "edit {} ({:?}): stale cache",
            i,
            op
        );
        // Whole rows against the edited mask, where its word level skips.
        for dy in [1, 8, 13] {
            let (a, b) = (Sprite::new(&fast, 0, 0), Sprite::new(&slow, 0, dy));
            prop_assert_eq!(
                a.first_contact(&b),
                reference::first_contact(&a, &b),
                "edit {} ({:?}): first contact with itself {} rows down",
                i,
                op,
                dy
            );
        }
    }
    // The original is a value: untouched.
    prop_assert!(original == c.mask.build(), "the original mask changed");
    prop_assert_eq!(original.stale_cache(), None);
    // Editing then querying equals rebuilding from scratch.
    let rebuilt = Mask::from_fn(fast.width(), fast.height(), |x, y| slow.is_solid(x, y)).unwrap();
    prop_assert_eq!(fast.count(), rebuilt.count());
    prop_assert_eq!(fast.solid_bounds(), rebuilt.solid_bounds());
    let other = c.other.build();
    let (dx, dy) = c.offset;
    let (w, h) = (fast.width() as i32, fast.height() as i32);
    for (ox, oy) in [
        (dx, dy),
        (w - 1 - dx.rem_euclid(w.max(1)), dy / 2),
        (dx % 3, h / 2),
    ] {
        let (a, r) = (Sprite::new(&fast, 0, 0), Sprite::new(&rebuilt, 0, 0));
        let b = Sprite::new(&other, ox, oy);
        let want = (
            reference::collides(&a, &b),
            reference::first_contact(&b, &a),
            reference::overlap_area(&a, &b),
        );
        prop_assert_eq!(
            (a.collides(&b), b.first_contact(&a), a.overlap_area(&b)),
            want,
            "queries on the edited mask, the other at ({}, {})",
            ox,
            oy
        );
        prop_assert_eq!(
            (r.collides(&b), b.first_contact(&r), r.overlap_area(&b)),
            want,
            "queries on the rebuilt mask, the other at ({}, {})",
            ox,
            oy
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Conversions: pixels, PNG, colour ranges, raw bytes.

fn conversions_drawn() {
    let m = mask!("#.........#" "..#........");
    // Bytes: LSB first, ceil(11 / 8) = 2 bytes a row, zero past the width.
    let bytes = m.to_bytes().unwrap();
    assert_eq!(bytes, [0b0000_0001, 0b0000_0100, 0b0000_0100, 0]);
    assert_eq!(Mask::from_bytes(11, 2, &bytes).unwrap(), m);
    // Bits past the width are ignored.
    let padded = [0b0000_0001, 0b1111_1100, 0b0000_0100, 0b1111_1000];
    let back = Mask::from_bytes(11, 2, &padded).unwrap();
    assert_eq!(back, m);
    assert_eq!(back.stale_cache(), None);
    for (w, h, len) in [(11u32, 2u32, 3usize), (11, 2, 5), (0, 3, 1), (8, 0, 1)] {
        match Mask::from_bytes(w, h, &vec![0; len]) {
            Err(Error::InvalidArgument(why)) => assert!(why.contains("bytes"), "{why}"),
            other => panic!("from_bytes({w}, {h}, {len} bytes): {other:?}"),
        }
    }
    assert_eq!(Mask::from_bytes(0, 3, &[]).unwrap().height(), 3);
    assert!(matches!(
        Mask::from_bytes(1 << 20, 1 << 20, &[]),
        Err(Error::InvalidArgument(_))
    ));
    // Pixels: each format's byte order, colours given as [r, g, b, a].
    let one = mask!("#.");
    let (set, unset) = ([1, 2, 3, 4], [5, 6, 7, 8]);
    let expect: [(PixelFormat, Vec<u8>); 5] = [
        (PixelFormat::Rgba8, vec![1, 2, 3, 4, 5, 6, 7, 8]),
        (PixelFormat::Bgra8, vec![3, 2, 1, 4, 7, 6, 5, 8]),
        (PixelFormat::Argb8, vec![4, 1, 2, 3, 8, 5, 6, 7]),
        (PixelFormat::Abgr8, vec![4, 3, 2, 1, 8, 7, 6, 5]),
        (PixelFormat::A8, vec![4, 8]),
    ];
    for (format, want) in expect {
        assert_eq!(
            one.to_pixels(format, set, unset).unwrap(),
            want,
            "{format:?}"
        );
    }
    let word = one.to_pixels(PixelFormat::Argb32, set, unset).unwrap();
    assert_eq!(
        u32::from_ne_bytes(word[..4].try_into().unwrap()),
        0x0401_0203
    );
    // Strides: too small, buffer too small, nothing written on failure.
    let mut buf = [7u8; 9];
    assert!(matches!(
        one.write_pixels(&mut buf, 7, PixelFormat::Rgba8, set, unset),
        Err(Error::StrideTooSmall {
            row_bytes: 8,
            stride: 7
        })
    ));
    let two = mask!("#." ".#");
    assert!(matches!(
        two.write_pixels(&mut buf, 8, PixelFormat::A8, set, unset),
        Err(Error::BufferTooSmall {
            needed: 10,
            actual: 9
        })
    ));
    assert_eq!(buf, [7; 9]);
    two.write_pixels(&mut buf[..], 7, PixelFormat::A8, set, unset)
        .unwrap();
    assert_eq!(buf, [4, 8, 7, 7, 7, 7, 7, 8, 4]);
    // Colour ranges.
    assert!(matches!(
        Mask::from_color_range(
            &[0; 4],
            PixelFormat::A8,
            2,
            2,
            2,
            ColorRange::within([0; 4], [1; 4])
        ),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(
        Mask::from_color_range(
            &[0; 4],
            PixelFormat::Rgba8,
            2,
            1,
            8,
            ColorRange::within([0; 4], [1; 4])
        ),
        Err(Error::BufferTooSmall {
            needed: 8,
            actual: 4
        })
    ));
    let r = ColorRange::within([0, 128, 255, 255], [0, 3, 2, 0]);
    assert_eq!(r.min, [255, 126, 254, 0]);
    assert_eq!(r.max, [0, 130, 255, 255]);
    assert!(
        !r.contains([0, 128, 255, 255]),
        "threshold 0 admits nothing"
    );
    let exact = ColorRange::within([9, 8, 7, 6], [1; 4]);
    assert!(exact.contains([9, 8, 7, 6]) && !exact.contains([9, 8, 6, 6]));
    assert!(
        exact.contains([9, 8, 7, 0]) && exact.contains([9, 8, 7, 255]),
        "alpha is not compared, as in pygame-ce"
    );
    // PNG.
    #[cfg(feature = "image")]
    {
        let png = two.to_png([255; 4], [0; 4]).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert_eq!(
            Mask::from_image_bytes(&png, &MaskOptions::default()).unwrap(),
            two
        );
        assert!(matches!(
            Mask::empty(0, 4).unwrap().to_png([255; 4], [0; 4]),
            Err(Error::InvalidArgument(_))
        ));
    }
    println!(
        "ok   drawn: bytes (LSB first, padding ignored, lengths), pixels in 6 formats, strides, colour ranges, PNG"
    );
}

/// A random mask and a pixel buffer drawn from a seed, with a colour range.
#[derive(Debug, Clone)]
struct ConvertCase {
    mask: MaskSpec,
    /// Bytes of padding after each row of rendered pixels.
    pad: usize,
    image_seed: u64,
    range: ([u8; 4], [u8; 4]),
}

fn convert_case() -> impl Strategy<Value = ConvertCase> {
    (
        common::props::mask_spec(side(), side(), density()),
        prop_oneof![2 => Just(0usize), 1 => 1usize..20],
        any::<u64>(),
        (any::<[u8; 4]>(), any::<[u8; 4]>()),
    )
        .prop_map(|(mask, pad, image_seed, range)| ConvertCase {
            mask,
            pad,
            image_seed,
            range,
        })
}

fn check_conversions(c: &ConvertCase) -> Result<(), TestCaseError> {
    let m = c.mask.build();
    let (w, h) = (m.width(), m.height());
    // Bytes round trip.
    let bytes = m.to_bytes().unwrap();
    prop_assert_eq!(bytes.len(), (w as usize).div_ceil(8) * h as usize);
    let back = Mask::from_bytes(w, h, &bytes).unwrap();
    prop_assert!(back == m, "from_bytes(to_bytes) differs");
    prop_assert_eq!(back.stale_cache(), None);
    for y in 0..h as usize {
        for x in 0..(w as usize).div_ceil(8) * 8 {
            let bit = bytes[y * (w as usize).div_ceil(8) + x / 8] >> (x % 8) & 1 == 1;
            prop_assert_eq!(
                bit,
                m.is_solid(x as u32, y as u32),
                "byte bit ({}, {})",
                x,
                y
            );
        }
    }
    // Render, then build from alpha: the same mask, in every format, with padded rows.
    for format in PixelFormat::ALL {
        let bpp = format.bytes_per_pixel();
        let stride = w as usize * bpp + c.pad;
        let len = if h == 0 {
            0
        } else {
            stride * (h as usize - 1) + w as usize * bpp
        };
        let mut buf = vec![0xA5u8; len];
        m.write_pixels(&mut buf, stride, format, [10, 20, 30, 255], [40, 50, 60, 0])
            .unwrap();
        let again = Mask::from_pixels(&buf, format, w, h, stride, &MaskOptions::default()).unwrap();
        prop_assert!(again == m, "{:?}: rendered then rebuilt differs", format);
        for y in 0..(h as usize).saturating_sub(1) {
            let gap = &buf[y * stride + w as usize * bpp..(y + 1) * stride];
            prop_assert!(
                gap.iter().all(|&b| b == 0xA5),
                "{:?}: padding written",
                format
            );
        }
        if c.pad == 0 {
            prop_assert_eq!(
                m.to_pixels(format, [10, 20, 30, 255], [40, 50, 60, 0])
                    .unwrap(),
                buf
            );
        }
    }
    // A colour range against a per-pixel rule, on a random RGBA image with padded rows.
    let mut rng = common::Rng::new(c.image_seed);
    let stride = w as usize * 4 + c.pad;
    let img: Vec<u8> = (0..stride * h as usize)
        .map(|_| match rng.below(4) {
            // Values near the range's ends, so both sides of each bound occur.
            0 => c.range.0[rng.below(4) as usize]
                .wrapping_add(rng.below(3) as u8)
                .wrapping_sub(1),
            1 => c.range.1[rng.below(4) as usize]
                .wrapping_add(rng.below(3) as u8)
                .wrapping_sub(1),
            _ => rng.below(256) as u8,
        })
        .collect();
    let (lo, hi) = c.range;
    // Half the cases: a range around a colour (so more pixels fall inside).
    let range = if c.image_seed % 2 == 0 {
        ColorRange { min: lo, max: hi }
    } else {
        ColorRange::within(lo, hi.map(|t| t / 4))
    };
    for format in [
        PixelFormat::Rgba8,
        PixelFormat::Bgra8,
        PixelFormat::Argb8,
        PixelFormat::Abgr8,
    ] {
        let got = Mask::from_color_range(&img, format, w, h, stride, range).unwrap();
        let [oa, or, og, ob] = format.channel_offsets();
        let want = Mask::from_fn(w, h, |x, y| {
            let p = &img[y as usize * stride + x as usize * 4..];
            (0..4).all(|k| {
                let v = [p[or], p[og], p[ob], p[oa]][k];
                range.min[k] <= v && v <= range.max[k]
            })
        })
        .unwrap();
        prop_assert!(got == want, "{:?}: from_color_range differs", format);
        prop_assert_eq!(got.stale_cache(), None);
    }
    #[cfg(feature = "image")]
    if w > 0 && h > 0 {
        let png = m.to_png([255, 255, 255, 255], [0, 0, 0, 0]).unwrap();
        let decoded = Mask::from_image_bytes(&png, &MaskOptions::default()).unwrap();
        prop_assert!(decoded == m, "PNG round trip differs");
    }
    Ok(())
}

fn main() {
    circles_drawn();
    ellipses_and_lines_drawn();
    combining_drawn();
    edges();
    clones_are_values();
    caches_through_transitions();
    conversions_drawn();
    let n = common::props::cases(96);
    let mut results = Vec::new();
    for path in kernels::available_paths() {
        let p = path.name();
        kernels::with_path(path, || {
            results.push(common::props::run(
                &format!("mask_edit: [{p}] random edit sequences against reference::edit"),
                n,
                case(),
                check_sequence,
            ));
        });
    }
    // Conversions do not depend on the kernel path except through building masks.
    results.push(common::props::run(
        "mask_edit: bytes, pixels (6 formats, padded rows), colour ranges, PNG round trips",
        n,
        convert_case(),
        check_conversions,
    ));
    common::props::summary("mask_edit", &results, results.len() as u64 * n as u64);
}
