//! The shape tools against `perpixel::reference::shape`: centroid and angle, connected
//! components (masks, labels, bounds, the one at a pixel, the largest), grow and shrink,
//! convolve, scale and crop.
//!
//! Small drawn cases first (the conventions, readable), then the edges (sides of 0,
//! pixels outside, regions outside, results past the size limit), a 4096 x 4096 spiral
//! (one long component: nothing recurses), then property tests on random masks whose
//! sides sit around the word boundaries (0, 1, 63, 64, 65, 127, 128, 129) and up to 300,
//! at every density, and on structured masks (rings, spirals, checkerboards, diagonal
//! lines: where 4- and 8-connectivity differ). Besides fast == oracle, the properties
//! check: the components OR back to the source and their counts sum to its count; the
//! label image agrees with the component masks and the bounds; grow then shrink holds the
//! original; every result's caches are fresh (`stale_cache() == None`).
//!
//! The properties run once per kernel path this CPU has (forced with
//! `perpixel::kernels::with_path`): the results' caches come from the kernels' summary.
//!
//! Runs under its own `main` (harness = false) so `cargo test` prints how many cases ran.
//! `PERPIXEL_PROPTEST_CASES=N` changes the number of cases per property.

mod common;
use common::props::MaskSpec;
use common::{assert_mask_eq, mask};

use perpixel::reference::shape as oracle;
use perpixel::{
    Bounds2D, ComponentOptions, ComponentOrder, Connectivity, Error, Mask, MorphOptions, Norm,
    kernels,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

// ---------------------------------------------------------------------------------------
// Drawn cases.

fn moments_drawn() {
    // pygame: centroid rounds each mean down; angle in degrees, "/" positive with y down.
    let m = mask!(
        "#..."
        "...#"
    );
    assert_eq!(m.centroid(), (1, 0));
    assert_eq!(Mask::empty(3, 3).unwrap().centroid(), (0, 0));
    assert_eq!(
        Mask::empty(3, 3).unwrap().angle().to_bits(),
        0.0f64.to_bits()
    );
    // One pixel, a square: no direction, -0.0 as pygame returns.
    assert_eq!(mask!("#").angle().to_bits(), (-0.0f64).to_bits());
    assert_eq!(
        Mask::full(5, 5).unwrap().angle().to_bits(),
        (-0.0f64).to_bits()
    );
    // A tall bar: atan2(0, negative) = pi, so -90; a wide one: -0.0.
    assert_eq!(mask!("#" "#" "#" "#" "#").angle(), -90.0);
    assert_eq!(mask!("#####").angle().to_bits(), (-0.0f64).to_bits());
    // pygame's integer quotients: a 3-pixel bar's variance m02 / n - yc^2 = 5 / 3 - 1
    // is 0, so it has no direction either.
    assert_eq!(mask!("#" "#" "#").angle().to_bits(), (-0.0f64).to_bits());
    let slash = mask!(
        "..#"
        ".#."
        "#.."
    );
    assert_eq!(slash.angle(), 45.0);
    println!("ok   drawn: centroid and angle (pygame's integers, -0.0, +-90, +-45)");
}

fn components_drawn() {
    let m = mask!(
        "#.#.##"
        ".#..##"
        "#.#..."
        "....#."
    );
    let eight = ComponentOptions::default();
    let four = ComponentOptions {
        connectivity: Connectivity::Four,
        ..eight
    };
    // 8-connected: the X, the block, the lone pixel (by first pixel, row-major).
    assert_eq!(
        m.component_bounds(&eight).unwrap(),
        [
            Bounds2D::new(0, 0, 3, 3),
            Bounds2D::new(4, 0, 2, 2),
            Bounds2D::new(4, 3, 1, 1)
        ]
    );
    let l = m.component_labels(&four).unwrap();
    assert_eq!(l.len(), 7);
    assert_eq!(l.counts, [1, 1, 4, 1, 1, 1, 1]);
    let largest = ComponentOptions {
        order: ComponentOrder::LargestFirst,
        min_pixels: 2,
        ..eight
    };
    let parts = m.connected_components(&largest).unwrap();
    assert_eq!(parts.len(), 2);
    assert_mask_eq(
        &parts[0],
        &mask!(
            "#.#..."
            ".#...."
            "#.#..."
            "......"
        ),
        "largest 8-connected",
    );
    assert_eq!(parts[1].count(), 4);
    assert_mask_eq(
        &m.component_at(2, 2, Connectivity::Eight).unwrap(),
        &parts[0],
        "component at (2, 2)",
    );
    assert_eq!(m.component_at(2, 2, Connectivity::Four).unwrap().count(), 1);
    // Equal sizes: the first by position.
    let twins = mask!("##.##");
    assert_mask_eq(
        &twins.largest_component(Connectivity::Eight).unwrap(),
        &mask!("##..."),
        "largest of two equal",
    );
    println!("ok   drawn: components 8- and 4-connected, by position and largest first");
}

fn morph_drawn() {
    let dot = mask!(
        "......."
        "......."
        "......."
        "...#..."
        "......."
        "......."
        "......."
    );
    let disc = |n| {
        dot.grow(
            n,
            &MorphOptions {
                norm: Norm::Disc,
                ..MorphOptions::default()
            },
        )
        .unwrap()
    };
    assert_mask_eq(
        &disc(3),
        &mask!(
            "...#..."
            ".#####."
            ".#####."
            "#######"
            ".#####."
            ".#####."
            "...#..."
        ),
        "disc of radius 3 (dx^2 + dy^2 <= 9)",
    );
    let diamond = MorphOptions {
        norm: Norm::Diamond,
        ..MorphOptions::default()
    };
    assert_mask_eq(
        &dot.grow(2, &diamond).unwrap(),
        &mask!(
            "......."
            "...#..."
            "..###.."
            ".#####."
            "..###.."
            "...#..."
            "......."
        ),
        "diamond of radius 2",
    );
    // Godot's shrink: the edges count as empty.
    let full = Mask::full(6, 5).unwrap();
    assert_mask_eq(
        &full.shrink(1, &MorphOptions::default()).unwrap(),
        &mask!(
            "......"
            ".####."
            ".####."
            ".####."
            "......"
        ),
        "shrink from the edges",
    );
    let keep = MorphOptions {
        shrink_from_edges: false,
        ..MorphOptions::default()
    };
    assert_mask_eq(
        &full.shrink(4, &keep).unwrap(),
        &full,
        "shrink ignoring the edges",
    );
    // Convolve: pixel (p, q) is offset (p - 1, q - 1) of a 2 x 2 other.
    let a = mask!(
        "#.."
        "..#"
    );
    let b = mask!(
        "##"
        ".."
    );
    assert_mask_eq(
        &a.convolve(&b).unwrap(),
        &mask!(
            "...."
            "##.."
            "..##"
        ),
        "convolve",
    );
    assert_mask_eq(
        &mask!("#.").scale(5, 1).unwrap(),
        &mask!("###.."),
        "scale 2 -> 5",
    );
    assert_mask_eq(
        &mask!("#.#.#.").scale(4, 2).unwrap(),
        // Columns from floor(x * 6 / 4): 0, 1, 3, 4.
        &mask!("#..#" "#..#"),
        "scale 6 -> 4",
    );
    assert_mask_eq(
        &mask!("#.." ".#." "..#")
            .crop(Bounds2D::new(1, 1, 2, 2))
            .unwrap(),
        &mask!("#." ".#"),
        "crop",
    );
    println!("ok   drawn: disc, diamond, shrink with and without edges, convolve, scale, crop");
}

fn edges() {
    let options = ComponentOptions::default();
    let morph = MorphOptions::default();
    for (w, h) in [(0, 0), (0, 5), (7, 0), (130, 0), (0, 130)] {
        let m = Mask::empty(w, h).unwrap();
        assert_eq!(m.centroid(), (0, 0));
        assert_eq!(m.angle(), 0.0);
        assert!(m.connected_components(&options).unwrap().is_empty());
        assert!(m.component_bounds(&options).unwrap().is_empty());
        let l = m.component_labels(&options).unwrap();
        assert!(l.is_empty() && l.labels.is_empty());
        assert_eq!(m.largest_component(Connectivity::Eight).unwrap(), m);
        assert!(matches!(
            m.component_at(0, 0, Connectivity::Eight),
            Err(Error::InvalidArgument(_))
        ));
        assert_eq!(m.grow(3, &morph).unwrap(), m);
        assert_eq!(m.shrink(3, &morph).unwrap(), m);
        let c = m.convolve(&Mask::full(3, 4).unwrap()).unwrap();
        assert_eq!((c.width(), c.height(), c.count()), (w + 2, h + 3, 0));
        let s = m.scale(9, 4).unwrap();
        assert_eq!((s.width(), s.height(), s.count()), (9, 4, 0));
        assert_eq!(m.crop(Bounds2D::new(0, 0, w as i32, h as i32)).unwrap(), m);
    }
    let m = Mask::full(5, 4).unwrap();
    match m.component_at(5, 0, Connectivity::Eight) {
        Err(Error::InvalidArgument(why)) => assert!(why.contains("outside"), "{why}"),
        other => panic!("component_at outside: {other:?}"),
    }
    for region in [
        Bounds2D::new(-1, 0, 2, 2),
        Bounds2D::new(4, 0, 2, 2),
        Bounds2D::new(0, 3, 1, 2),
        Bounds2D::new(i32::MAX, i32::MAX, i32::MAX, i32::MAX),
    ] {
        assert!(
            matches!(m.crop(region), Err(Error::RegionOutOfBounds { .. })),
            "{region:?}"
        );
    }
    assert!(matches!(
        m.crop(Bounds2D::new(0, 0, -1, 2)),
        Err(Error::InvalidArgument(_))
    ));
    assert_eq!(m.crop(Bounds2D::new(5, 4, 0, 0)).unwrap().width(), 0);
    assert!(matches!(
        m.scale(1 << 20, 1 << 20),
        Err(Error::TooLarge { .. })
    ));
    let wide = Mask::full(1 << 16, 1).unwrap();
    let tall = Mask::full(1, 1 << 16).unwrap();
    assert!(matches!(wide.convolve(&tall), Err(Error::TooLarge { .. })));
    // Huge reaches: capped, same answer as the whole mask's reach.
    let dot = Mask::from_fn(70, 3, |x, y| (x, y) == (1, 1)).unwrap();
    assert_eq!(
        dot.grow(u32::MAX, &morph).unwrap(),
        Mask::full(70, 3).unwrap()
    );
    assert_eq!(dot.shrink(u32::MAX, &morph).unwrap().count(), 0);
    println!(
        "ok   edges: 0-sided masks, pixels and regions outside, too-large results, huge reaches"
    );
}

/// A square spiral: one path winding in, `gap` pixels between its turns.
fn spiral(w: u32, h: u32) -> Mask {
    // Rings k = distance to the nearest edge; even rings solid, each cut once on its top
    // side and bridged to the next even ring just past the cut.
    let cx = w / 2;
    Mask::from_fn(w, h, |x, y| {
        let k = x.min(y).min(w - 1 - x).min(h - 1 - y);
        let top = y == k;
        if k % 2 == 0 {
            !(top && x == cx + 1)
        } else {
            top && x == cx + 2
        }
    })
    .unwrap()
}

fn big_spiral() {
    let m = spiral(4096, 4096);
    let c = m.component_labels(&ComponentOptions::default()).unwrap();
    assert_eq!(c.counts.iter().sum::<u64>(), m.count());
    let biggest = c.counts.iter().copied().max().unwrap();
    assert!(
        biggest * 100 > m.count() * 99,
        "{:?}",
        &c.counts[..c.len().min(9)]
    );
    let at = m.component_at(0, 0, Connectivity::Four).unwrap();
    assert_eq!(at.count(), c.counts[c.label_at(0, 0) as usize - 1]);
    let largest = m.largest_component(Connectivity::Eight).unwrap();
    assert_eq!(largest.count(), biggest);
    println!(
        "ok   spiral: 4096 x 4096, {} pixels, largest component {} pixels long (labels, at a pixel, largest)",
        m.count(),
        biggest
    );
}

// ---------------------------------------------------------------------------------------
// Masks for the properties.

/// A random mask or a structured one.
#[derive(Debug, Clone)]
enum Spec {
    Random(MaskSpec),
    /// `kind`: 0 rings, 1 spiral, 2 checkerboard, 3 diagonal lines, 4 random blobs;
    /// `param` varies the pattern.
    Shape {
        kind: u8,
        width: u32,
        height: u32,
        param: u32,
    },
}

impl Spec {
    fn build(&self) -> Mask {
        match *self {
            Spec::Random(ref s) => s.build(),
            Spec::Shape {
                kind,
                width: w,
                height: h,
                param,
            } => {
                let p = param % 7 + 1;
                match kind {
                    0 => Mask::from_fn(w, h, |x, y| {
                        let (dx, dy) = (x as i64 - w as i64 / 2, y as i64 - h as i64 / 2);
                        ((dx * dx + dy * dy) as f64).sqrt() as u32 / p % 2 == 0
                    })
                    .unwrap(),
                    1 => spiral(w, h),
                    2 => Mask::from_fn(w, h, |x, y| (x / p + y / p) % 2 == 0).unwrap(),
                    3 => Mask::from_fn(w, h, |x, y| (x + y * (p % 3)) % (p + 1) == 0).unwrap(),
                    _ => {
                        let mut rng = common::Rng::new(param as u64);
                        let blobs: Vec<(i64, i64, i64)> = (0..6)
                            .map(|_| {
                                (
                                    rng.range(0, w as i64),
                                    rng.range(0, h as i64),
                                    rng.range(1, 30),
                                )
                            })
                            .collect();
                        Mask::from_fn(w, h, |x, y| {
                            blobs.iter().any(|&(bx, by, r)| {
                                (x as i64 - bx).pow(2) + (y as i64 - by).pow(2) <= r * r
                            })
                        })
                        .unwrap()
                    }
                }
            }
        }
    }
}

/// Sides around the word boundaries, plus anything up to `max`.
fn side(max: u32) -> impl Strategy<Value = u32> {
    prop_oneof![
        3 => prop::sample::select(vec![0u32, 1, 2, 63, 64, 65, 127, 128, 129]),
        2 => 0u32..max,
    ]
}

fn density() -> impl Strategy<Value = u32> {
    prop::sample::select(vec![0u32, 1, 8, 64, 128, 200, 255, 256])
}

fn spec(max: u32) -> impl Strategy<Value = Spec> {
    prop_oneof![
        3 => common::props::mask_spec(side(max), side(max), density()).prop_map(Spec::Random),
        2 => (0u8..5, side(max), side(max), any::<u32>()).prop_map(|(kind, width, height, param)| {
            Spec::Shape { kind, width, height, param }
        }),
    ]
}

fn component_options() -> impl Strategy<Value = ComponentOptions> {
    (
        any::<bool>(),
        any::<bool>(),
        prop_oneof![3 => Just(0u64), 1 => 0u64..6, 1 => 0u64..400],
    )
        .prop_map(|(four, largest, min_pixels)| ComponentOptions {
            connectivity: if four {
                Connectivity::Four
            } else {
                Connectivity::Eight
            },
            order: if largest {
                ComponentOrder::LargestFirst
            } else {
                ComponentOrder::Position
            },
            min_pixels,
        })
}

fn fail(what: &str, diff: String) -> TestCaseError {
    TestCaseError::fail(format!("{what}: pixels differ\n{diff}"))
}

/// `got` equals `want` pixel for pixel, and its caches are fresh.
fn same(got: &Mask, want: &Mask, what: &str) -> Result<(), TestCaseError> {
    if let Some(diff) = common::mask_diff(got, want) {
        return Err(fail(what, diff));
    }
    prop_assert_eq!(
        got.stale_cache(),
        None,
        "{}: a cache differs from finish()",
        what
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Properties.

fn check_moments(s: &Spec) -> Result<(), TestCaseError> {
    let m = s.build();
    prop_assert_eq!(m.centroid(), oracle::centroid(&m));
    let (a, b) = (m.angle(), oracle::angle(&m));
    prop_assert_eq!(a.to_bits(), b.to_bits(), "angle {} vs oracle {}", a, b);
    prop_assert!((-90.0..=90.0).contains(&a), "angle {}", a);
    Ok(())
}

fn check_components(c: &(Spec, ComponentOptions, (u32, u32))) -> Result<(), TestCaseError> {
    let (s, options, (px, py)) = c;
    let m = s.build();
    let labels = m.component_labels(options).unwrap();
    let want = oracle::component_labels(&m, options);
    prop_assert_eq!(&labels.counts, &want.counts, "counts");
    prop_assert_eq!(&labels.bounds, &want.bounds, "bounds");
    prop_assert!(labels.labels == want.labels, "label images differ");
    prop_assert_eq!(m.component_bounds(options).unwrap(), want.bounds.clone());
    let parts = m.connected_components(options).unwrap();
    prop_assert_eq!(parts.len(), labels.len());
    // Each mask: full size, its label's pixels exactly, fresh caches, its count and
    // bounds; together they OR back to the source's kept pixels.
    let (w, h) = (m.width(), m.height());
    let mut union = vec![0u64; m.words_per_row() * h as usize];
    for (i, p) in parts.iter().enumerate() {
        prop_assert_eq!((p.width(), p.height()), (w, h));
        prop_assert_eq!(p.stale_cache(), None, "component {}: stale cache", i);
        prop_assert_eq!(p.count(), labels.counts[i]);
        prop_assert_eq!(p.solid_bounds(), Some(labels.bounds[i]));
        for y in 0..h as usize {
            for (k, &word) in p.row(y).iter().enumerate() {
                let u = &mut union[y * m.words_per_row() + k];
                prop_assert_eq!(*u & word, 0, "components {} overlaps another", i);
                *u |= word;
            }
        }
        for y in 0..h {
            for x in 0..w {
                prop_assert_eq!(
                    p.is_solid(x, y),
                    labels.label_at(x, y) == i as u32 + 1,
                    "component {} at ({}, {}) against the label image",
                    i,
                    x,
                    y
                );
            }
        }
    }
    if options.min_pixels <= 1 {
        prop_assert_eq!(labels.counts.iter().sum::<u64>(), m.count());
        for y in 0..h as usize {
            prop_assert!(
                union[y * m.words_per_row()..(y + 1) * m.words_per_row()] == *m.row(y),
                "the components do not OR back to row {}",
                y
            );
        }
    }
    // The component at a pixel (inside when the mask has pixels), and the largest.
    let (x, y) = (px % w.max(1), py % h.max(1));
    match (
        m.component_at(x, y, options.connectivity),
        oracle::component_at(&m, x, y, options.connectivity),
    ) {
        (Ok(got), Some(want)) => same(&got, &want, "component_at")?,
        (Err(Error::InvalidArgument(_)), None) => {}
        (got, want) => {
            return Err(TestCaseError::fail(format!(
                "component_at({x}, {y}): {got:?} vs oracle {want:?}"
            )));
        }
    }
    same(
        &m.largest_component(options.connectivity).unwrap(),
        &oracle::largest_component(&m, options.connectivity),
        "largest_component",
    )?;
    Ok(())
}

#[derive(Debug, Clone)]
struct MorphCase {
    spec: Spec,
    n: u32,
    norm: Norm,
    from_edges: bool,
}

fn morph_case() -> impl Strategy<Value = MorphCase> {
    (
        spec(160),
        prop_oneof![4 => 0u32..=4, 3 => 5u32..=12, 1 => 13u32..=70, 1 => Just(u32::MAX)],
        prop::sample::select(vec![Norm::Disc, Norm::Square, Norm::Diamond]),
        any::<bool>(),
    )
        .prop_map(|(spec, n, norm, from_edges)| MorphCase {
            spec,
            n,
            norm,
            from_edges,
        })
}

fn check_morph(c: &MorphCase) -> Result<(), TestCaseError> {
    let m = c.spec.build();
    let options = MorphOptions {
        norm: c.norm,
        shrink_from_edges: c.from_edges,
    };
    // The oracle visits (2n + 1)^2 pixels per pixel: keep it under a few million visits
    // (reaches past the mask's size mean the same as its size).
    let mut n = c.n.min(m.width() + m.height());
    while m.width() as u64 * m.height() as u64 * (2 * n as u64 + 1).pow(2) > 3_000_000 {
        n /= 2;
    }
    let grown = m.grow(n, &options).unwrap();
    same(&grown, &oracle::grow(&m, n, &options), "grow")?;
    let shrunk = m.shrink(n, &options).unwrap();
    same(&shrunk, &oracle::shrink(&m, n, &options), "shrink")?;
    // Grow then shrink holds the original: every pixel without the edges' rule, those
    // farther than n from the edges with it.
    let closed = grown.shrink(n, &options).unwrap();
    let (w, h) = (m.width(), m.height());
    for y in 0..h {
        for x in 0..w {
            let inner = !c.from_edges || (x >= n && y >= n && x + n < w && y + n < h);
            if inner && m.is_solid(x, y) {
                prop_assert!(
                    closed.is_solid(x, y),
                    "grow then shrink lost ({}, {})",
                    x,
                    y
                );
            }
        }
    }
    // Shrink then grow stays inside the original (an opening).
    let opened = shrunk.grow(n, &options).unwrap();
    prop_assert_eq!(
        opened.overlap_area(&m, (0, 0)),
        opened.count(),
        "opening outside"
    );
    Ok(())
}

#[derive(Debug, Clone)]
struct ConvolveCase {
    a: Spec,
    b: Spec,
}

fn check_convolve(c: &ConvolveCase) -> Result<(), TestCaseError> {
    let a = c.a.build();
    let mut b = c.b.build();
    // The oracle is |a| * |b| steps: crop b until that is a few million.
    while a.count() * b.count() > 2_000_000 {
        let r = Bounds2D::new(0, 0, b.width() as i32 / 2, b.height() as i32);
        b = b.crop(r).unwrap();
    }
    let got = a.convolve(&b).unwrap();
    same(&got, &oracle::convolve(&a, &b), "convolve")?;
    // The configuration space: pixel (p, q) is whether b at (p - bw + 1, q - bh + 1)
    // touches a.
    let (bw, bh) = (b.width() as i32, b.height() as i32);
    for (p, q) in [
        (0, 0),
        (got.width() / 2, got.height() / 3),
        (got.width().saturating_sub(1), got.height() / 2),
    ] {
        if p < got.width() && q < got.height() {
            prop_assert_eq!(
                got.is_solid(p, q),
                a.collides(&b, (p as i32 - bw + 1, q as i32 - bh + 1)),
                "convolve pixel ({}, {}) against collides",
                p,
                q
            );
        }
    }
    Ok(())
}

fn check_scale(c: &(Spec, u32, u32)) -> Result<(), TestCaseError> {
    let (s, w, h) = c;
    let m = s.build();
    same(
        &m.scale(*w, *h).unwrap(),
        &oracle::scale(&m, *w, *h),
        "scale",
    )
}

fn check_crop(c: &(Spec, (i32, i32, i32, i32))) -> Result<(), TestCaseError> {
    let (s, (x, y, w, h)) = c;
    let m = s.build();
    let region = Bounds2D::new(*x, *y, *w, *h);
    match (m.crop(region), oracle::crop(&m, region)) {
        (Ok(got), Some(want)) => same(&got, &want, "crop"),
        (Err(Error::RegionOutOfBounds { .. }), None) if *w >= 0 && *h >= 0 => Ok(()),
        (Err(Error::InvalidArgument(_)), None) if *w < 0 || *h < 0 => Ok(()),
        (got, want) => Err(TestCaseError::fail(format!(
            "crop {region:?}: {got:?} vs oracle {want:?}"
        ))),
    }
}

fn main() {
    moments_drawn();
    components_drawn();
    morph_drawn();
    edges();
    big_spiral();
    let n = common::props::cases(64);
    let paths = kernels::available_paths();
    let mut results = Vec::new();
    let mut cases_run = 0u64;
    for &path in &paths {
        let p = path.name();
        kernels::with_path(path, || {
            let mut run = |_what: &str, cases: u32, ok: bool| {
                cases_run += cases as u64;
                results.push(ok);
            };
            run(
                "moments",
                n,
                common::props::run(
                    &format!("shape_props: [{p}] centroid, angle (bit for bit)"),
                    n,
                    spec(300),
                    check_moments,
                ),
            );
            run(
                "components",
                n,
                common::props::run(
                    &format!(
                        "shape_props: [{p}] components: labels, masks, bounds, at a pixel, largest"
                    ),
                    n,
                    (spec(300), component_options(), (any::<u32>(), any::<u32>())),
                    check_components,
                ),
            );
            run(
                "morph",
                n,
                common::props::run(
                    &format!(
                        "shape_props: [{p}] grow, shrink (3 norms, edges or not), closing, opening"
                    ),
                    n,
                    morph_case(),
                    check_morph,
                ),
            );
            run(
                "convolve",
                n,
                common::props::run(
                    &format!("shape_props: [{p}] convolve (and its configuration space)"),
                    n,
                    (spec(200), spec(70)).prop_map(|(a, b)| ConvolveCase { a, b }),
                    check_convolve,
                ),
            );
            run(
                "scale",
                n,
                common::props::run(
                    &format!("shape_props: [{p}] scale to any size"),
                    n,
                    (spec(300), side(300), side(300)),
                    check_scale,
                ),
            );
            run(
                "crop",
                n,
                common::props::run(
                    &format!("shape_props: [{p}] crop (regions inside and out)"),
                    n,
                    (
                        spec(300),
                        (-20i32..300, -20i32..300, -3i32..300, -3i32..300),
                    ),
                    check_crop,
                ),
            );
        });
    }
    common::props::summary("shape_props", &results, cases_run);
}
