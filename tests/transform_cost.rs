//! Bounded cost of transformed sprites (issue 30, section 2): every accepted input costs
//! what its inputs' sizes allow, and every other input is refused with the status and
//! the limit `Mask::rasterise` uses.
//!
//! * **One rule.** For any mask and any transform (extreme scales up to the accepted
//!   1e6 and down to 1e-6, positions out to ±2^31, any angle, pivots anywhere) or matrix
//!   (entries up to 2^20, translations far out), `TransformedSprite::new` /
//!   `from_affine` fail exactly when `rasterise` fails for the raster's size or the
//!   transform's limits, with the same error (`TooLarge` with the same width and height,
//!   `InvalidTransform`); the only refusal of `rasterise` they do not make is a raster
//!   corner outside `i32` (`Overflow`: the sampled queries work in `i64`).
//! * **Bounded work.** For every accepted pair, the work each sampled query does
//!   (`collides`, `first_contact`, `overlap_area`; counted by the library in the unit of
//!   its cost model: one per row stepped plus one per pixel sampled) is at most the
//!   rows of the smaller transformed rectangle (computed here from the forward map in
//!   f64, plus 8 rows of margin) plus the pixels of the smaller raster. A deterministic
//!   count, not a clock: a query that ran over a huge box would fail here however fast
//!   the machine.
//! * **The issue's cases** at the default limit: two 2x2 masks at scale 1e6, a 48x32
//!   ship against another at scale 3000, and a thin sliver whose box is tall: refused with
//!   `TooLarge` as `rasterise` refuses them; the world refuses such a body the same way.
//!
//! The properties set the process-wide limit to 2^16 pixels (this binary's own `main`,
//! so nothing else runs meanwhile) so that the rasters they compare against stay small.
//! `PERPIXEL_PROPTEST_CASES=N` changes the number of cases.

use perpixel::{Affine, Error, Mask, Transform, TransformedSprite};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::sync::atomic::{AtomicU64, Ordering};

mod common;
use common::props::{MaskSpec, cases, run};
#[path = "common/cost.rs"]
mod cost;
use cost::{Place, same_rule, verdict, work_within};

fn mask_spec() -> impl Strategy<Value = MaskSpec> {
    common::props::mask_spec(
        prop_oneof![prop::sample::select(vec![0u32, 1, 2, 63, 64, 65]), 0u32..40],
        prop_oneof![prop::sample::select(vec![0u32, 1, 2, 3]), 0u32..40],
        prop::sample::select(vec![0u32, 16, 128, 256]),
    )
}

/// Scales across the whole accepted range, biased to the extremes.
fn scale() -> impl Strategy<Value = f64> {
    let magnitude = prop_oneof![
        2 => prop::sample::select(vec![1e6, 3000.0, 1000.0, 256.0, 1.0, 1e-3, 1e-6]),
        2 => (-6.0..6.0f64).prop_map(|e| 10f64.powf(e)),
        3 => 0.2..8.0f64,
    ];
    (magnitude, any::<bool>()).prop_map(|(s, neg)| if neg { -s } else { s })
}

fn position() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => -8.0..8.0f64,
        1 => -50.0..50.0f64,
        1 => prop::sample::select(vec![2147483648.0, -2147483648.0, 2147483000.5, -1e9]),
    ]
}

fn transform() -> impl Strategy<Value = Transform> {
    (
        (position(), position()),
        prop_oneof![-720.0..720.0f64, (-4i32..4).prop_map(|k| k as f64 * 90.0)],
        (scale(), scale()),
        (any::<bool>(), any::<bool>()),
        prop::option::weighted(0.2, (-100.0..100.0f64, -100.0..100.0f64)),
    )
        .prop_map(|((x, y), deg, (sx, sy), (fx, fy), pivot)| {
            let t = Transform::at(x, y)
                .rotated(deg)
                .scaled(sx, sy)
                .flipped(fx, fy);
            match pivot {
                Some((px, py)) => t.with_pivot(px, py),
                None => t,
            }
        })
}

/// Placements that mostly overlap near the origin, at scales mostly within the limit,
/// for the work property (which needs pairs that share pixels).
fn near_place() -> impl Strategy<Value = Place> {
    let scale = prop_oneof![
        4 => (0.3..6.0f64, any::<bool>()).prop_map(|(s, neg)| if neg { -s } else { s }),
        1 => prop::sample::select(vec![1e-6, 1e-3, 0.05, 40.0, 1e6]),
    ];
    let t = (
        (-4.0..4.0f64, -4.0..4.0f64),
        prop_oneof![-720.0..720.0f64, (-4i32..4).prop_map(|k| k as f64 * 90.0)],
        (scale.clone(), scale),
        (any::<bool>(), any::<bool>()),
    )
        .prop_map(|((x, y), deg, (sx, sy), (fx, fy))| {
            Place::T(
                Transform::at(x, y)
                    .rotated(deg)
                    .scaled(sx, sy)
                    .flipped(fx, fy),
            )
        });
    prop_oneof![4 => t, 1 => matrix().prop_map(Place::M)]
}

fn matrix() -> impl Strategy<Value = Affine> {
    let entry = prop_oneof![
        2 => -3.0..3.0f64,
        1 => prop::sample::select(vec![1048576.0, -1048576.0, 5000.0, 1e-6, 0.0, 400.0]),
    ];
    let shift = prop_oneof![6 => -10.0..10.0f64, 1 => Just(4.5e15)];
    (
        entry.clone(),
        entry.clone(),
        entry.clone(),
        entry,
        shift.clone(),
        shift,
    )
        .prop_map(|(a, b, c, d, tx, ty)| Affine {
            m: [[a, b, tx], [c, d, ty]],
        })
}

fn place() -> impl Strategy<Value = Place> {
    prop_oneof![3 => transform().prop_map(Place::T), 1 => matrix().prop_map(Place::M)]
}

/// The one rule (see `common/cost.rs`).
fn check_same_rule((spec, place): &(MaskSpec, Place)) -> Result<(), TestCaseError> {
    same_rule(&spec.build(), place).map_err(TestCaseError::fail)
}

/// Accepted pairs whose queries did some work, and the most work one query did, so the
/// output shows the bound was tested on real walks (not only on pairs apart).
static WORKED: AtomicU64 = AtomicU64::new(0);
static MOST_WORK: AtomicU64 = AtomicU64::new(0);

/// Every accepted pair's queries do at most the work of the cost model.
fn check_bounded_work(
    (sa, pa, sb, pb): &(MaskSpec, Place, MaskSpec, Place),
) -> Result<(), TestCaseError> {
    let most = work_within(&sa.build(), pa, &sb.build(), pb).map_err(TestCaseError::fail)?;
    if let Some(most @ 1..) = most {
        WORKED.fetch_add(1, Ordering::Relaxed);
        MOST_WORK.fetch_max(most, Ordering::Relaxed);
    }
    Ok(())
}

/// Both refusals name the same size.
fn refused_alike(name: &str, m: &Mask, t: &Transform) -> bool {
    let sampled = verdict(&TransformedSprite::new(m, t));
    let raster = verdict(&m.rasterise(t));
    let ok = sampled.starts_with("TooLarge") && sampled == raster;
    println!(
        "{}   {name}: TransformedSprite::new {sampled}, rasterise {raster}",
        if ok { "ok" } else { "FAIL" }
    );
    ok
}

/// The issue's cases at the default limit, and a world body placed the same way.
fn issue_cases() -> bool {
    let two = Mask::full(2, 2).unwrap();
    let ship = Mask::from_fn(48, 32, |x, y| {
        (x as i32 - 24).abs() * 2 + (y as i32 - 16).abs() * 3 < 48
    })
    .unwrap();
    let mut ok = refused_alike(
        "two 2x2 masks at scale 1e6",
        &two,
        &Transform::at(0.0, 0.0).scaled(1e6, 1e6),
    );
    ok &= refused_alike(
        "a 48x32 ship at scale 3000, turned",
        &ship,
        &Transform::at(10.0, 7.0)
            .rotated(10.0)
            .scaled(3000.0, 3000.0),
    );
    // Within the limit the queries still answer (and cheaply: the counted work).
    let near = Transform::at(0.0, 0.0).scaled(100.0, 100.0);
    let (a, b) = (
        TransformedSprite::new(&ship, &near).unwrap(),
        TransformedSprite::new(&ship, &Transform { x: 4800.0, ..near }).unwrap(),
    );
    let work = a.query_work(&b);
    let apart = work == [0, 0, 0] && !a.collides(&b);
    println!(
        "{}   a 48x32 ship at scale 100 beside another: accepted, apart, work {work:?}",
        if apart { "ok" } else { "FAIL" }
    );
    ok &= apart;
    // The world refuses such a body with the same error.
    let mut world = perpixel::World::new();
    let mut def = perpixel::BodyDef::new(&two, 0, 0);
    def.placement = perpixel::Placement::Transformed(Transform::at(0.0, 0.0).scaled(1e6, 1e6));
    let body = world.create_body(def);
    let placed = world
        .create_body(perpixel::BodyDef::new(&two, 0, 0))
        .unwrap();
    let moved = world.set_transform(placed, &Transform::at(0.0, 0.0).scaled(1e6, 1e6));
    let same = matches!(
        (&body, two.rasterise(&Transform::at(0.0, 0.0).scaled(1e6, 1e6))),
        (Err(Error::TooLarge { width: w1, height: h1 }), Err(Error::TooLarge { width: w2, height: h2 }))
            if (*w1, *h1) == (w2, h2)
    ) && matches!(moved, Err(Error::TooLarge { .. }));
    println!(
        "{}   a world body with a 2x2 mask at scale 1e6, created and moved there: {:?}, {:?}",
        if same { "ok" } else { "FAIL" },
        body.as_ref().err(),
        moved.as_ref().err()
    );
    ok & same
}

fn main() {
    let rule_cases = cases(3000);
    let work_cases = cases(1500);
    let mut results = vec![issue_cases()];
    let before = perpixel::max_mask_pixels();
    perpixel::set_max_mask_pixels(1 << 16).unwrap();
    results.push(run(
        "sampled sprites are refused exactly as rasterise refuses them (limit 2^16 pixels)",
        rule_cases,
        (mask_spec(), place()),
        check_same_rule,
    ));
    results.push(run(
        "every accepted pair's sampled queries do at most rows + pixels of work (limit 2^16 pixels)",
        work_cases,
        (mask_spec(), near_place(), mask_spec(), near_place()),
        check_bounded_work,
    ));
    perpixel::set_max_mask_pixels(before).unwrap();
    let (worked, most) = (
        WORKED.load(Ordering::Relaxed),
        MOST_WORK.load(Ordering::Relaxed),
    );
    // The walks must be a real share of the cases (about 13 % of them at any count).
    let enough = worked * 20 >= work_cases as u64;
    println!(
        "{}   {worked} accepted pairs did work (the most: {most} rows and pixels)",
        if enough { "ok" } else { "FAIL" }
    );
    results.push(enough);
    common::props::summary("transform_cost", &results, (rule_cases + work_cases) as u64);
}
