//! Sweeps (`Sprite::sweep`): a sprite moved along its 4-connected path and stopped at the
//! first position where it touches an obstacle. Written-out cases (a 1-pixel wall, a
//! diagonal wall whose pixels touch only at corners, open sky, starting inside), an
//! exhaustive check of every motion up to 12 pixels on small shapes, then property tests
//! against `perpixel::reference::sweep` (every position of the path stepped with the
//! plain pair test) on random masks, placements and motions, with pixel and bounds-only
//! sprites, on every kernel path this CPU has.
//!
//! Runs under its own `main` (harness = false) so `cargo test` prints how many cases ran.
//! `PERPIXEL_PROPTEST_CASES=N` changes the number of cases per property.

mod common;
use common::props::{MaskSpec, mask_spec};

use perpixel::kernels;
use perpixel::{Mask, Point, Sprite, Sweep, SweepPath, reference};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

#[track_caller]
fn hit(s: Sweep) -> perpixel::SweepHit {
    match s {
        Sweep::Hit(h) => h,
        other => panic!("expected a hit, got {other:?}"),
    }
}

fn written_cases() -> usize {
    let mut checks = 0;
    // A bullet fired at a wall one pixel thick, fast: it stops at the wall.
    let wall = Mask::full(1, 50).unwrap();
    let bullet = Mask::full(4, 2).unwrap();
    let h = hit(Sprite::new(&bullet, 0, 10)
        .sweep(&Sprite::new(&wall, 100, 0), 1000, 0)
        .unwrap());
    assert_eq!(
        (h.at, h.last_free, h.contact),
        (
            Point { x: 97, y: 10 },
            Point { x: 96, y: 10 },
            Point { x: 100, y: 10 }
        )
    );
    assert_eq!((h.step, h.steps), (97, 1000));
    checks += 1;
    // The same wall fired at from the right, moving left.
    let h = hit(Sprite::new(&bullet, 500, 10)
        .sweep(&Sprite::new(&wall, 100, 0), -1000, 0)
        .unwrap());
    assert_eq!(
        (h.at, h.last_free),
        (Point { x: 100, y: 10 }, Point { x: 101, y: 10 })
    );
    checks += 1;
    // A diagonal wall whose pixels touch only at corners: a 1x1 dot moving diagonally
    // across it cannot slip between two of its pixels.
    let diag = Mask::from_fn(40, 40, |x, y| x + y == 39).unwrap();
    let dot = Mask::full(1, 1).unwrap();
    for start in 0..20 {
        let s = Sprite::new(&dot, start, start);
        assert!(!s.collides(&Sprite::new(&diag, 0, 0)));
        let h = hit(s.sweep(&Sprite::new(&diag, 0, 0), 30, 30).unwrap());
        assert_eq!(h.at.x + h.at.y, 39, "from ({start}, {start})");
        checks += 1;
    }
    // Open sky: a long motion whose boxes never meet is clear.
    let ground = Mask::full(2048, 100).unwrap();
    assert_eq!(
        Sprite::new(&bullet, 0, 0)
            .sweep(&Sprite::new(&ground, 0, 400), 1500, 10)
            .unwrap(),
        Sweep::Clear
    );
    checks += 1;
    // Starting inside.
    assert!(matches!(
        Sprite::new(&bullet, 0, 0)
            .sweep(&Sprite::new(&ground, 0, 1), 50, 0)
            .unwrap(),
        Sweep::StartsTouching {
            contact: Point { x: 0, y: 1 },
            normal: Some(_),
        }
    ));
    checks += 1;
    // No motion: clear or touching, nothing else.
    assert_eq!(
        Sprite::new(&bullet, 0, 0)
            .sweep(&Sprite::new(&ground, 0, 400), 0, 0)
            .unwrap(),
        Sweep::Clear
    );
    checks += 1;
    // A motion whose end leaves i32: an error, not a wrapped position.
    assert!(
        Sprite::new(&bullet, i32::MAX - 5, 0)
            .sweep(&Sprite::new(&ground, 0, 400), 10, 0)
            .is_err()
    );
    assert!(
        Sprite::new(&bullet, i32::MIN + 5, 0)
            .sweep(&Sprite::new(&ground, 0, 400), -10, 0)
            .is_err()
    );
    checks += 2;
    // The path: 4-connected, x first through corners, as documented.
    assert_eq!(
        SweepPath::new(2, 2).collect::<Vec<_>>(),
        [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]
    );
    assert_eq!(
        SweepPath::new(0, -3).collect::<Vec<_>>(),
        [(0, 0), (0, -1), (0, -2), (0, -3)]
    );
    checks += 2;
    checks
}

/// Every motion with |dx|, |dy| <= 12 of small shapes around a ring, compared with the
/// oracle.
fn exhaustive() -> usize {
    let ring = Mask::from_fn(9, 9, |x, y| {
        let d = (x as i32 - 4).pow(2) + (y as i32 - 4).pow(2);
        (9..=16).contains(&d)
    })
    .unwrap();
    let shapes = [
        Mask::full(1, 1).unwrap(),
        Mask::from_fn(3, 3, |x, y| x == y).unwrap(),
        Mask::from_fn(2, 3, |x, y| (x + y) % 2 == 0).unwrap(),
    ];
    let mut checks = 0;
    for shape in &shapes {
        for (sx, sy) in [(-6, 2), (4, 4), (12, -3), (2, 11)] {
            for dx in -12..=12 {
                for dy in -12..=12 {
                    for (pm, po) in [(true, true), (false, true), (true, false)] {
                        let mover = Sprite {
                            mask: shape,
                            x: sx,
                            y: sy,
                            pixel_collision: pm,
                        };
                        let obstacle = Sprite {
                            mask: &ring,
                            x: 0,
                            y: 0,
                            pixel_collision: po,
                        };
                        let fast = mover.sweep(&obstacle, dx, dy).unwrap();
                        let slow = reference::sweep(&mover, &obstacle, dx, dy).unwrap();
                        assert_eq!(fast, slow, "{mover:?} by ({dx}, {dy})");
                        checks += 1;
                    }
                }
            }
        }
    }
    checks
}

#[derive(Debug, Clone)]
struct Case {
    mover: MaskSpec,
    obstacle: MaskSpec,
    start: (i32, i32),
    motion: (i32, i32),
    pixel: (bool, bool),
}

impl From<(MaskSpec, MaskSpec, (i32, i32), (i32, i32), (bool, bool))> for Case {
    fn from(
        (mover, obstacle, start, motion, pixel): (
            MaskSpec,
            MaskSpec,
            (i32, i32),
            (i32, i32),
            (bool, bool),
        ),
    ) -> Case {
        Case {
            mover,
            obstacle,
            start,
            motion,
            pixel,
        }
    }
}

fn case() -> impl Strategy<Value = Case> {
    let side = prop_oneof![1u32..=8, 9u32..=70, Just(64u32), Just(65u32)];
    let density = prop_oneof![Just(0u32), 1u32..=40, 40u32..=256, Just(256u32)];
    (
        mask_spec(side.clone(), side.clone(), density.clone()),
        mask_spec(side.clone(), side, density),
        (-90i32..=90, -90i32..=90),
        prop_oneof![(-120i32..=120, -120i32..=120), (-3i32..=3, -3i32..=3)],
        prop_oneof![
            Just((true, true)),
            Just((true, false)),
            Just((false, true)),
            Just((false, false))
        ],
    )
        .prop_map(Case::from)
}

/// Long motions through large sparse obstacles: the clearance jumps (many steps skipped
/// at once, then single steps near solid pixels) against stepping.
fn far_case() -> impl Strategy<Value = Case> {
    (
        mask_spec(1u32..=12, 1u32..=12, prop_oneof![Just(256u32), 60u32..=256]),
        mask_spec(
            100u32..=400,
            100u32..=400,
            prop_oneof![Just(0u32), 1u32..=3, 3u32..=10],
        ),
        (-150i32..=450, -150i32..=450),
        (-600i32..=600, -600i32..=600),
        prop_oneof![Just((true, true)), Just((false, true))],
    )
        .prop_map(Case::from)
}

fn check(c: &Case) -> Result<(), TestCaseError> {
    let (m, o) = (c.mover.build(), c.obstacle.build());
    let mover = Sprite {
        mask: &m,
        x: c.start.0,
        y: c.start.1,
        pixel_collision: c.pixel.0,
    };
    let obstacle = Sprite {
        mask: &o,
        x: 0,
        y: 0,
        pixel_collision: c.pixel.1,
    };
    let (dx, dy) = c.motion;
    let fast = mover.sweep(&obstacle, dx, dy).unwrap();
    let slow = reference::sweep(&mover, &obstacle, dx, dy).unwrap();
    prop_assert_eq!(fast, slow);
    if let Sweep::Hit(h) = fast {
        // The hit position touches, the one before does not, one step apart.
        let at = Sprite {
            x: h.at.x as i32,
            y: h.at.y as i32,
            ..mover
        };
        let free = Sprite {
            x: h.last_free.x as i32,
            y: h.last_free.y as i32,
            ..mover
        };
        prop_assert!(at.collides(&obstacle) && !free.collides(&obstacle));
        prop_assert_eq!(
            (h.at.x - h.last_free.x).abs() + (h.at.y - h.last_free.y).abs(),
            1
        );
        prop_assert!(h.step >= 1 && h.step <= h.steps && h.fraction() <= 1.0);
    }
    Ok(())
}

/// A motion and a step count for [`check_position`]: short motions (walked whole) and
/// motions up to the `i32` limits, the step anywhere from the start to past the end.
fn position_case() -> impl Strategy<Value = (i32, i32, u64)> {
    let short = (-60i32..=60, -60i32..=60);
    let long = (any::<i32>(), any::<i32>());
    (prop_oneof![short, long], any::<u64>()).prop_map(|((dx, dy), r)| {
        let steps = dx.unsigned_abs() as u64 + dy.unsigned_abs() as u64;
        (dx, dy, r % (steps + 3))
    })
}

/// `SweepPath::position` against the documented rule: past the end `None`; otherwise
/// `i + j == step` steps taken, and the next position one unit step on, in x exactly
/// when `(2i + 1) |dy| <= (2j + 1) |dx|` (with x steps left), so by induction from
/// `(0, 0)` it is the walked path; short motions are also compared with the iterator
/// whole.
fn check_position(&(dx, dy, step): &(i32, i32, u64)) -> Result<(), TestCaseError> {
    let path = SweepPath::new(dx, dy);
    let steps = path.steps();
    prop_assert_eq!(path.position(0), Some((0, 0)));
    prop_assert_eq!(path.position(steps), Some((dx, dy)));
    if step > steps {
        prop_assert_eq!(path.position(step), None);
        return Ok(());
    }
    let (a, b) = (dx.unsigned_abs() as u128, dy.unsigned_abs() as u128);
    let (x, y) = path.position(step).unwrap();
    let (i, j) = (x.unsigned_abs() as u128, y.unsigned_abs() as u128);
    prop_assert_eq!(i + j, step as u128);
    prop_assert!(i <= a && j <= b && (x == 0 || x.signum() == dx.signum()));
    prop_assert!(y == 0 || y.signum() == dy.signum());
    if step < steps {
        let x_moves = i < a && (j >= b || (2 * i + 1) * b <= (2 * j + 1) * a);
        let next = if x_moves {
            (x + dx.signum(), y)
        } else {
            (x, y + dy.signum())
        };
        prop_assert_eq!(path.position(step + 1), Some(next), "step {}", step);
    }
    if steps <= 120 {
        let walked: Vec<(i32, i32)> = path.clone().collect();
        for (k, &p) in walked.iter().enumerate() {
            prop_assert_eq!(path.position(k as u64), Some(p));
        }
    }
    Ok(())
}

fn main() {
    let written = written_cases();
    let all = exhaustive();
    println!("sweep_props: {written} written checks, {all} exhaustive motions against the oracle");
    let n = common::props::cases(400);
    let paths = kernels::available_paths();
    let mut results = Vec::new();
    for &path in &paths {
        let p = path.name();
        kernels::with_path(path, || {
            results.push(common::props::run(
                &format!("sweep_props: [{p}] sweep vs stepping"),
                n,
                case(),
                check,
            ));
            results.push(common::props::run(
                &format!("sweep_props: [{p}] long sweeps through sparse obstacles"),
                n / 4,
                far_case(),
                check,
            ));
        });
    }
    // The path itself does not depend on the kernel path: once.
    results.push(common::props::run(
        "sweep_props: SweepPath::position against the path's rule",
        n * 5,
        position_case(),
        check_position,
    ));
    // Per path: `n` cases of the first property, `n / 4` of the second; then the
    // positions.
    let run = paths.len() as u64 * (n + n / 4) as u64 + 5 * n as u64;
    common::props::summary("sweep_props", &results, run);
}
