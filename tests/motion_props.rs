//! Contacts and motion against their plain oracles in `perpixel::reference::motion`:
//! `Sprite::contact_normal`, `Sprite::push_out` (every direction kind),
//! `Sprite::move_and_slide` (several obstacles, step-up, both "up"s), `Sprite::raycast`,
//! `Sprite::is_solid_at` and `TransformedSprite::is_solid_at`, plus the sweep's contact
//! normal (`reference::sweep`, compared whole). Results must be equal exactly; normals
//! and distances are compared bit for bit, since both sides follow one definition.
//!
//! Inputs: random masks of several densities and sizes (wider than 64 to cross words,
//! bounds-only sprites), thin walls, diagonal lines whose pixels touch at corners, slopes,
//! rings with a sprite in their hole, masks with holes, rasters of rotated masks; an
//! exhaustive pass over every 3x3 mask; written error cases. Every property runs on every
//! kernel path this CPU has.
//!
//! Runs under its own `main` (harness = false) so `cargo test` prints how many cases ran.
//! `PERPIXEL_PROPTEST_CASES=N` changes the number of cases per property.

mod common;
use common::props::{MaskSpec, mask_spec};

use perpixel::kernels;
use perpixel::reference::{self, motion};
use perpixel::{
    Mask, MoveOptions, Normal, PushDirection, RayHit, Sprite, Transform, TransformedSprite,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// How the random cases fell, printed at the end so a weak generator shows: push-outs
/// that had to move (overlapping), found nothing (`None`); moves that started inside,
/// were blocked, climbed; rays that hit.
static PUSHED: AtomicU64 = AtomicU64::new(0);
static PUSH_NONE: AtomicU64 = AtomicU64::new(0);
static STARTED_INSIDE: AtomicU64 = AtomicU64::new(0);
static BLOCKED: AtomicU64 = AtomicU64::new(0);
static CLIMBED: AtomicU64 = AtomicU64::new(0);
static RAY_HITS: AtomicU64 = AtomicU64::new(0);

/// A mask the properties place: random pixels, or one of the shapes motion code trips on.
#[derive(Debug, Clone)]
enum Shape {
    Random(MaskSpec),
    /// A full rectangle (a wall or floor; 1 wide or 1 high is a thin wall).
    Full(u32, u32),
    /// A 1-pixel diagonal line across an `n x n` box whose pixels touch only at corners
    /// (`anti`: the other diagonal).
    Diagonal(u32, bool),
    /// A filled slope `w` wide rising `h` (a right triangle), mirrored with `flip`.
    Slope(u32, u32, bool),
    /// A ring: outer radius `r`, `t` thick, an empty hole inside.
    Ring(u32, u32),
    /// A full rectangle with random holes (`density` in 1/256 of pixels kept).
    Holes(MaskSpec),
}

impl Shape {
    fn build(&self) -> Mask {
        match *self {
            Shape::Random(ref s) | Shape::Holes(ref s) => s.build(),
            Shape::Full(w, h) => Mask::full(w, h).unwrap(),
            Shape::Diagonal(n, anti) => {
                Mask::from_fn(n, n, |x, y| if anti { x + y == n - 1 } else { x == y }).unwrap()
            }
            Shape::Slope(w, h, flip) => Mask::from_fn(w, h, |x, y| {
                let x = if flip { w - 1 - x } else { x };
                // Row y is solid from the slope's surface down: y * w >= (w - 1 - x) * h.
                (y as u64 + 1) * w as u64 > (w - 1 - x) as u64 * h as u64
            })
            .unwrap(),
            Shape::Ring(r, t) => {
                let d = 2 * r + 1;
                Mask::from_fn(d, d, |x, y| {
                    let q = (x as i64 - r as i64).pow(2) + (y as i64 - r as i64).pow(2);
                    let (outer, inner) = (r as i64, r.saturating_sub(t) as i64);
                    q <= outer * outer && q > inner * inner
                })
                .unwrap()
            }
        }
    }
}

/// Shapes whose sides stay within `max` (random ones also cross 64 when `max > 64`).
fn shape(max: u32) -> impl Strategy<Value = Shape> {
    let side = prop_oneof![0u32..=6, 1u32..=max, Just(max)];
    let density = prop_oneof![Just(0u32), 1u32..=60, 60u32..=256, Just(256u32)];
    prop_oneof![
        4 => mask_spec(side.clone(), side.clone(), density).prop_map(Shape::Random),
        1 => (side.clone(), 1u32..=3).prop_map(|(h, w)| Shape::Full(w, h)),
        1 => (side.clone(), 1u32..=3).prop_map(|(w, h)| Shape::Full(w, h)),
        1 => (1u32..=max.min(40), any::<bool>()).prop_map(|(n, a)| Shape::Diagonal(n, a)),
        1 => (1u32..=max, 1u32..=max.min(30), any::<bool>())
            .prop_map(|(w, h, f)| Shape::Slope(w, h, f)),
        1 => (2u32..=(max / 2).clamp(2, 20), 1u32..=3).prop_map(|(r, t)| Shape::Ring(r, t)),
        1 => mask_spec(side.clone(), side, 200u32..=250).prop_map(Shape::Holes),
    ]
}

/// A shape placed at `(x, y)`, pixel-perfect or bounds-only.
#[derive(Debug, Clone)]
struct Placed {
    shape: Shape,
    x: i32,
    y: i32,
    pixel: bool,
}

impl Placed {
    fn sprite<'m>(&self, m: &'m Mask) -> Sprite<'m> {
        Sprite {
            mask: m,
            x: self.x,
            y: self.y,
            pixel_collision: self.pixel,
        }
    }
}

/// A shape within `max`, placed in `-reach..=reach`, bounds-only one time in six.
fn placed(max: u32, reach: i32) -> impl Strategy<Value = Placed> {
    (
        shape(max),
        -reach..=reach,
        -reach..=reach,
        prop_oneof![5 => Just(true), 1 => Just(false)],
    )
        .prop_map(|(shape, x, y, pixel)| Placed { shape, x, y, pixel })
}

/// A normal as bits, so `0.0` and `-0.0` (or two NaNs) are told apart.
fn normal_bits(n: Option<Normal>) -> Option<(u64, u64)> {
    n.map(|n| (n.x.to_bits(), n.y.to_bits()))
}

/// A ray hit with its floats as bits: pixel x and y, step, distance, normal.
type HitBits = (i64, i64, u64, u64, Option<(u64, u64)>);

/// A ray hit with its floats as bits.
fn hit_bits(h: Option<RayHit>) -> Option<HitBits> {
    h.map(|h| {
        (
            h.pixel.x,
            h.pixel.y,
            h.step,
            h.distance.to_bits(),
            normal_bits(h.normal),
        )
    })
}

/// Every pixel of the sprite's box grown by 2: `Sprite::is_solid_at` against the oracle.
fn check_solid_at(s: &Sprite) -> Result<(), TestCaseError> {
    let (w, h) = (s.mask.width() as i64, s.mask.height() as i64);
    for y in s.y as i64 - 2..s.y as i64 + h + 2 {
        for x in s.x as i64 - 2..s.x as i64 + w + 2 {
            prop_assert_eq!(
                s.is_solid_at(x, y),
                motion::solid_at(s, x, y),
                "({}, {})",
                x,
                y
            );
        }
    }
    Ok(())
}

/// The contact normal against the oracle, bit for bit: both follow the same definition
/// with the same operations (a window pixel exactly on its circle, e.g. the mover `..#` /
/// `##.` / `###` at (17, 0) against a full 4x10 at (16, 0), where `R = 23/3`, is in both;
/// the oracle once took `hypot(dx, dy)^2` there, one ulp short).
fn check_normal(mover: &Sprite, obstacle: &Sprite) -> Result<(), TestCaseError> {
    let fast = mover.contact_normal(obstacle);
    let slow = motion::contact_normal(mover, obstacle);
    prop_assert_eq!(
        normal_bits(fast),
        normal_bits(slow),
        "{:?} vs {:?}",
        fast,
        slow
    );
    Ok(())
}

/// `push_out` against the oracle; a found translation must free the sprite.
fn check_push(
    mover: &Sprite,
    obstacle: &Sprite,
    dir: PushDirection,
    max: u32,
) -> Result<(), TestCaseError> {
    let fast = mover.push_out(obstacle, dir, max);
    let slow = motion::push_out(mover, obstacle, dir, max);
    match (&fast, &slow) {
        (Ok(f), Ok(s)) => prop_assert_eq!(f, s, "{:?} within {}", dir, max),
        (Err(_), Err(_)) => {}
        _ => prop_assert!(false, "{:?} within {}: {:?} vs {:?}", dir, max, fast, slow),
    }
    match fast {
        Ok(Some(p)) if p.dx != 0 || p.dy != 0 => PUSHED.fetch_add(1, Relaxed),
        Ok(None) => PUSH_NONE.fetch_add(1, Relaxed),
        _ => 0,
    };
    if let Ok(Some(p)) = fast {
        let moved = Sprite {
            x: mover.x + p.dx,
            y: mover.y + p.dy,
            ..*mover
        };
        prop_assert!(!moved.collides(obstacle));
        prop_assert!(p.dx as i64 * p.dx as i64 + p.dy as i64 * p.dy as i64 <= (max as i64).pow(2));
    }
    Ok(())
}

fn check_ray(s: &Sprite, x: i32, y: i32, dx: i32, dy: i32, max: u32) -> Result<(), TestCaseError> {
    let fast = s.raycast(x, y, dx, dy, max);
    let slow = motion::raycast(s, x, y, dx, dy, max);
    match (&fast, &slow) {
        (Ok(f), Ok(o)) => {
            RAY_HITS.fetch_add(f.is_some() as u64, Relaxed);
            prop_assert_eq!(
                hit_bits(*f),
                hit_bits(*o),
                "from ({}, {}) towards ({}, {}) within {}: {:?} vs {:?}",
                x,
                y,
                dx,
                dy,
                max,
                f,
                o
            )
        }
        (Err(_), Err(_)) => {}
        _ => prop_assert!(false, "ray: {:?} vs {:?}", fast, slow),
    }
    Ok(())
}

// ---- contact normals, is_solid_at and the sweep's normal ----

#[derive(Debug, Clone)]
struct PairCase {
    mover: Placed,
    obstacle: Placed,
    motion: (i32, i32),
}

fn pair_case(max: u32, reach: i32) -> impl Strategy<Value = PairCase> {
    (
        placed(max, reach),
        placed(max, 4),
        prop_oneof![(-3i32..=3, -3i32..=3), (-40i32..=40, -40i32..=40)],
    )
        .prop_map(|(mover, obstacle, motion)| PairCase {
            mover,
            obstacle,
            motion,
        })
}

fn check_pair(c: &PairCase) -> Result<(), TestCaseError> {
    let (m, o) = (c.mover.shape.build(), c.obstacle.shape.build());
    let (mover, obstacle) = (c.mover.sprite(&m), c.obstacle.sprite(&o));
    check_solid_at(&mover)?;
    check_normal(&mover, &obstacle)?;
    check_normal(&obstacle, &mover)?;
    let (dx, dy) = c.motion;
    let fast = mover.sweep(&obstacle, dx, dy).unwrap();
    let slow = reference::sweep(&mover, &obstacle, dx, dy).unwrap();
    prop_assert_eq!(fast, slow);
    Ok(())
}

// ---- push-out ----

#[derive(Debug, Clone)]
struct PushCase {
    mover: Placed,
    obstacle: Placed,
    dir: PushDirection,
    max: u32,
}

fn direction() -> impl Strategy<Value = PushDirection> {
    prop_oneof![
        Just(PushDirection::Any),
        Just(PushDirection::Horizontal),
        Just(PushDirection::Vertical),
        (-1i32..=1, -1i32..=1)
            .prop_filter("not (0, 0)", |d| *d != (0, 0))
            .prop_map(|(dx, dy)| PushDirection::Along { dx, dy }),
        (-30i32..=30, -30i32..=30)
            .prop_filter("not (0, 0)", |d| *d != (0, 0))
            .prop_map(|(dx, dy)| PushDirection::Along { dx, dy }),
        // Long directions: the oracle lists their whole path, so within 3000.
        (-3000i32..=3000, -3000i32..=3000)
            .prop_filter("not (0, 0)", |d| *d != (0, 0))
            .prop_map(|(dx, dy)| PushDirection::Along { dx, dy }),
    ]
}

/// The oracle lists every candidate up to `max` (`(2 max + 1)^2` of them for `Any`), so
/// `Any` stays within 40 and the others reach 300.
fn push_case(max: u32) -> impl Strategy<Value = PushCase> {
    (
        placed(max, max as i32 / 2 + 2),
        placed(max, 2),
        direction(),
        prop_oneof![0u32..=3, 4u32..=40, 40u32..=300],
    )
        .prop_map(|(mover, obstacle, dir, max)| PushCase {
            mover,
            obstacle,
            max: if dir == PushDirection::Any {
                max.min(40)
            } else {
                max
            },
            dir,
        })
}

/// Wide, low masks (past 64 pixels, across words) overlapping mostly side by side: the
/// oracle stays cheap because the sprites part within a few pixels vertically.
fn wide_push_case() -> impl Strategy<Value = PushCase> {
    let low = |w| {
        (
            mask_spec(
                prop_oneof![Just(w), 60u32..=w],
                1u32..=5,
                prop_oneof![Just(256u32), 40u32..=256],
            ),
            -70i32..=70,
            -3i32..=3,
            prop_oneof![5 => Just(true), 1 => Just(false)],
        )
            .prop_map(|(spec, x, y, pixel)| Placed {
                shape: Shape::Random(spec),
                x,
                y,
                pixel,
            })
    };
    (
        low(130),
        low(70),
        direction().prop_filter("vertical-ish", |d| *d != PushDirection::Horizontal),
        prop_oneof![0u32..=3, 4u32..=12],
    )
        .prop_map(|(mover, obstacle, dir, max)| PushCase {
            mover,
            obstacle,
            dir,
            max,
        })
}

fn check_push_case(c: &PushCase) -> Result<(), TestCaseError> {
    let (m, o) = (c.mover.shape.build(), c.obstacle.shape.build());
    check_push(&c.mover.sprite(&m), &c.obstacle.sprite(&o), c.dir, c.max)
}

// ---- move-and-slide ----

#[derive(Debug, Clone)]
struct MoveCase {
    mover: Placed,
    obstacles: Vec<Placed>,
    motion: (i32, i32),
    step_up: u32,
    up: i32,
}

fn move_case(max: u32) -> impl Strategy<Value = MoveCase> {
    (
        placed(max.min(12), 30),
        proptest::collection::vec(placed(max, 30), 0..=4),
        (-45i32..=45, -45i32..=45),
        0u32..=4,
        prop_oneof![Just(-1i32), Just(1i32)],
    )
        .prop_map(|(mover, obstacles, motion, step_up, up)| MoveCase {
            mover,
            obstacles,
            motion,
            step_up,
            up,
        })
}

/// `move_and_slide` against the oracle.
fn compare_move(
    mover: &Sprite,
    obstacles: &[Sprite],
    (dx, dy): (i32, i32),
    step_up: u32,
    up: i32,
) -> Result<(), TestCaseError> {
    let options = MoveOptions { step_up, up };
    let fast = mover.move_and_slide(obstacles, dx, dy, &options).unwrap();
    let slow = motion::move_and_slide(mover, obstacles, dx, dy, &options).unwrap();
    prop_assert_eq!(fast, slow);
    STARTED_INSIDE.fetch_add(fast.started_inside as u64, Relaxed);
    BLOCKED.fetch_add((fast.blocked_x || fast.blocked_y) as u64, Relaxed);
    CLIMBED.fetch_add((fast.climbed > 0) as u64, Relaxed);
    Ok(())
}

fn check_move(c: &MoveCase) -> Result<(), TestCaseError> {
    let m = c.mover.shape.build();
    let masks: Vec<Mask> = c.obstacles.iter().map(|p| p.shape.build()).collect();
    let obstacles: Vec<Sprite> = c
        .obstacles
        .iter()
        .zip(&masks)
        .map(|(p, m)| p.sprite(m))
        .collect();
    let mover = c.mover.sprite(&m);
    compare_move(&mover, &obstacles, c.motion, c.step_up, c.up)
}

/// Platformer ground: a column-height profile (a random walk, steps up to 5 pixels, so
/// slopes and ledges, some climbable) `w` wide, solid from the bottom in a y-down world
/// (`up = -1`) or from the top in a y-up one, a mover dropped onto it, a walk along it
/// and a fall, with some random obstacles besides.
#[derive(Debug, Clone)]
struct TerrainCase {
    width: u32,
    seed: u64,
    mover: (u32, u32),
    at: (i32, i32),
    extra: Vec<Placed>,
    motion: (i32, i32),
    step_up: u32,
    up: i32,
}

impl TerrainCase {
    fn ground(&self) -> Mask {
        const H: u32 = 24;
        let mut rng = common::Rng::new(self.seed);
        let mut h = rng.range(2, 12);
        let heights: Vec<i64> = (0..self.width)
            .map(|_| {
                if rng.chance(30) {
                    h = (h + rng.range(-5, 5)).clamp(0, H as i64 - 2);
                }
                h
            })
            .collect();
        Mask::from_fn(self.width, H, |x, y| {
            let h = heights[x as usize];
            if self.up == -1 {
                y as i64 >= H as i64 - h
            } else {
                (y as i64) < h
            }
        })
        .unwrap()
    }
}

fn terrain_case() -> impl Strategy<Value = TerrainCase> {
    (
        (20u32..=140, any::<u64>()),
        (1u32..=8, 1u32..=10),
        (-5i32..=140, -10i32..=30),
        proptest::collection::vec(placed(10, 40), 0..=2),
        (-45i32..=45, prop_oneof![3 => 0i32..=6, 1 => -20i32..=20]),
        0u32..=4,
        prop_oneof![Just(-1i32), Just(1i32)],
    )
        .prop_map(
            |((width, seed), mover, at, extra, (dx, fall), step_up, up)| TerrainCase {
                width,
                seed,
                mover,
                at,
                extra,
                // `fall` pixels with gravity (against `up`).
                motion: (dx, -up * fall),
                step_up,
                up,
            },
        )
}

fn check_terrain(c: &TerrainCase) -> Result<(), TestCaseError> {
    let ground = c.ground();
    let body = Mask::full(c.mover.0, c.mover.1).unwrap();
    let masks: Vec<Mask> = c.extra.iter().map(|p| p.shape.build()).collect();
    let mut obstacles = vec![Sprite::new(&ground, 0, 0)];
    obstacles.extend(c.extra.iter().zip(&masks).map(|(p, m)| p.sprite(m)));
    // Lifted (towards `up`) until free, within 40 pixels.
    let mut mover = Sprite::new(&body, c.at.0, c.at.1);
    for _ in 0..40 {
        if !obstacles.iter().any(|o| mover.collides(o)) {
            break;
        }
        mover.y += c.up;
    }
    // Then let fall onto it (most of the time), so walks meet its slopes and ledges.
    let hits = |s: &Sprite| obstacles.iter().any(|o| s.collides(o));
    if c.seed % 4 != 0 && !hits(&mover) {
        for _ in 0..40 {
            let below = Sprite {
                y: mover.y - c.up,
                ..mover
            };
            if hits(&below) {
                break;
            }
            mover = below;
        }
    }
    compare_move(&mover, &obstacles, c.motion, c.step_up, c.up)
}

// ---- raycasts ----

#[derive(Debug, Clone)]
struct RayCase {
    target: Placed,
    start: (i32, i32),
    dir: (i32, i32),
    max: u32,
}

fn ray_direction() -> impl Strategy<Value = (i32, i32)> {
    prop_oneof![
        prop_oneof![Just((1, 0)), Just((-1, 0)), Just((0, 1)), Just((0, -1))],
        prop_oneof![Just((1, 1)), Just((-1, 1)), Just((1, -1)), Just((-1, -1))],
        (-9i32..=9, -9i32..=9),
        (-100_000i32..=100_000, -100_000i32..=100_000),
        // The extremes: slopes past 2^31 to 1, and i32::MIN (whose size is 2^31).
        prop_oneof![
            Just((i32::MIN, 1)),
            Just((i32::MAX, i32::MIN)),
            Just((1, i32::MIN)),
            Just((i32::MIN, i32::MIN)),
            Just((-1, i32::MAX)),
        ],
    ]
    .prop_filter("not (0, 0)", |d| *d != (0, 0))
}

fn ray_case(max: u32) -> impl Strategy<Value = RayCase> {
    (
        placed(max, 10),
        (-40i32..=max as i32 + 40, -40i32..=max as i32 + 40),
        ray_direction(),
        prop_oneof![0u32..=4, 0u32..=300],
    )
        .prop_map(|(target, start, dir, max)| RayCase {
            target,
            start,
            dir,
            max,
        })
}

fn check_ray_case(c: &RayCase) -> Result<(), TestCaseError> {
    let m = c.target.shape.build();
    let s = c.target.sprite(&m);
    check_ray(&s, c.start.0, c.start.1, c.dir.0, c.dir.1, c.max)
}

// ---- transformed sprites: motion queries on rasters ----

#[derive(Debug, Clone)]
struct TransformCase {
    mask: MaskSpec,
    t: Transform,
    other: Placed,
    dir: PushDirection,
    ray: ((i32, i32), (i32, i32)),
}

fn transform_case() -> impl Strategy<Value = TransformCase> {
    (
        mask_spec(1u32..=40, 1u32..=20, prop_oneof![Just(256u32), 30u32..=256]),
        (
            -20.0f64..20.0,
            -20.0f64..20.0,
            prop_oneof![0.0f64..360.0, Just(45.0), Just(90.0), Just(30.0)],
            prop_oneof![Just(1.0f64), 0.5f64..2.5],
            any::<bool>(),
        ),
        placed(24, 25),
        direction(),
        ((-40i32..=40, -40i32..=40), ray_direction()),
    )
        .prop_map(
            |(mask, (x, y, r, s, flip), other, dir, ray)| TransformCase {
                mask,
                t: Transform {
                    flip_x: flip,
                    ..Transform::at(x, y).rotated(r).scaled(s, s)
                },
                other,
                dir,
                ray,
            },
        )
}

fn check_transform(c: &TransformCase) -> Result<(), TestCaseError> {
    let m = c.mask.build();
    let raster = m.rasterise(&c.t).unwrap();
    let fast = TransformedSprite::new(&m, &c.t).unwrap();
    let slow = reference::transformed::TransformedSprite::new(&m, &c.t, true).unwrap();
    let rs = raster.sprite();
    let (w, h) = (raster.mask.width() as i64, raster.mask.height() as i64);
    for y in rs.y as i64 - 3..rs.y as i64 + h + 3 {
        for x in rs.x as i64 - 3..rs.x as i64 + w + 3 {
            let on_raster = rs.is_solid_at(x, y);
            prop_assert_eq!(fast.is_solid_at(x, y), on_raster, "({}, {})", x, y);
            prop_assert_eq!(slow.covers(x, y), on_raster, "({}, {})", x, y);
        }
    }
    let o = c.other.shape.build();
    let other = c.other.sprite(&o);
    check_normal(&rs, &other)?;
    check_normal(&other, &rs)?;
    check_push(&other, &rs, c.dir, 30)?;
    check_push(&rs, &other, c.dir, 30)?;
    let ((x, y), (dx, dy)) = c.ray;
    check_ray(&rs, x, y, dx, dy, 120)?;
    // The raster moved against the other sprite, and the other against it.
    let motion = (x.clamp(-30, 30), y.clamp(-30, 30));
    compare_move(&rs, &[other], motion, 2, -1)?;
    compare_move(&other, &[rs], motion, 3, 1)
}

// ---- exhaustive small cases ----

/// Every 3x3 mask at every offset in `-3..=4` around a fixed obstacle (a 4x4 corner with a
/// notch and a lone pixel): push-out (`Any` and one other kind in turn, within 6), the
/// contact normal both ways and a move with step-up 2; then rays from around and inside
/// each mask in 12 directions.
fn exhaustive() -> usize {
    let obstacle_mask = Mask::from_fn(5, 5, |x, y| {
        (x < 4 && y < 4 && !(x == 1 && y == 1) && x + y < 6) || (x == 4 && y == 4)
    })
    .unwrap();
    let obstacle = Sprite::new(&obstacle_mask, 0, 0);
    let directions = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
        (2, 1),
        (-1, 3),
        (5, -2),
        (-7, -4),
    ];
    let starts = [(-2, 1), (1, -3), (4, 2), (1, 1), (0, 0)];
    let mut checks = 0;
    for bits in 0u32..512 {
        let m = Mask::from_fn(3, 3, |x, y| bits >> (y * 3 + x) & 1 == 1).unwrap();
        for oy in -3..=4 {
            for ox in -3..=4 {
                let s = Sprite::new(&m, ox, oy);
                // One more direction kind per offset, in turn, and one move.
                let other = [
                    PushDirection::Horizontal,
                    PushDirection::Vertical,
                    PushDirection::Along { dx: 1, dy: -1 },
                    PushDirection::Along { dx: -2, dy: 1 },
                ][(ox + 2 * oy).rem_euclid(4) as usize];
                let (up, motion) = if bits % 2 == 0 {
                    (-1, (6, 2))
                } else {
                    (1, (-5, -3))
                };
                let ok = check_push(&s, &obstacle, PushDirection::Any, 6)
                    .and_then(|()| check_push(&s, &obstacle, other, 6))
                    .and_then(|()| check_normal(&s, &obstacle))
                    .and_then(|()| check_normal(&obstacle, &s))
                    .and_then(|()| compare_move(&s, &[obstacle], motion, 2, up));
                if let Err(e) = ok {
                    panic!("3x3 mask {bits:#011b} at ({ox}, {oy}): {e}");
                }
                checks += 5;
            }
        }
        let s = Sprite::new(&m, 0, 0);
        for &(x, y) in &starts {
            for &(dx, dy) in &directions {
                for max in [2, 8] {
                    if let Err(e) = check_ray(&s, x, y, dx, dy, max) {
                        panic!("3x3 mask {bits:#011b}: {e}");
                    }
                    checks += 1;
                }
            }
        }
    }
    checks
}

// ---- written cases: errors, i32 edges, thin walls, nested shapes ----

fn written_cases() -> usize {
    let mut checks = 0;
    let block = Mask::full(4, 4).unwrap();
    let a = Sprite::new(&block, 0, 0);
    let b = Sprite::new(&block, 2, 2);
    // Along (0, 0): an error in both, overlapping or not.
    for other in [b, Sprite::new(&block, 50, 50)] {
        let dir = PushDirection::Along { dx: 0, dy: 0 };
        assert!(a.push_out(&other, dir, 10).is_err());
        assert!(motion::push_out(&a, &other, dir, 10).is_err());
        checks += 1;
    }
    // A ray without a direction.
    assert!(a.raycast(0, 0, 0, 0, 10).is_err());
    assert!(motion::raycast(&a, 0, 0, 0, 0, 10).is_err());
    checks += 1;
    // "up" must be 1 or -1.
    for up in [0, 2, -2, i32::MIN, i32::MAX] {
        let o = MoveOptions { step_up: 1, up };
        assert!(a.move_and_slide(&[b], 3, 3, &o).is_err(), "up {up}");
        assert!(motion::move_and_slide(&a, &[b], 3, 3, &o).is_err());
        checks += 1;
    }
    // Motions leaving i32: an error (the oracle steps past the edge, so only the fast
    // path is asked).
    let ground = Mask::full(50, 5).unwrap();
    let near_max = Sprite::new(&block, i32::MAX - 5, 0);
    let near_min = Sprite::new(&block, 0, i32::MIN + 5);
    let o = MoveOptions::default();
    let far = [Sprite::new(&ground, 0, 100)];
    assert!(near_max.move_and_slide(&far, 10, 0, &o).is_err());
    assert!(near_min.move_and_slide(&far, 0, -10, &o).is_err());
    checks += 2;
    // Motions of i32::MIN that stay in range (n = 2^31 steps; these overflowed in debug
    // builds), and a step-up whose climb bound passes i64.
    let dot = Mask::full(1, 1).unwrap();
    let origin = Sprite::new(&dot, 0, 0);
    let m = near_max.move_and_slide(&far, i32::MIN, 0, &o).unwrap();
    assert_eq!((m.x, m.y, m.blocked_x), (-6, 0, false));
    let m = origin.move_and_slide(&[], i32::MIN, i32::MIN, &o).unwrap();
    assert_eq!(
        (m.x, m.y, m.blocked_x, m.blocked_y),
        (i32::MIN, i32::MIN, false, false)
    );
    let step_up = MoveOptions {
        step_up: u32::MAX,
        up: -1,
    };
    let low = Sprite::new(&dot, 0, i32::MIN);
    assert!(
        low.move_and_slide(&[], i32::MIN, i32::MIN, &step_up)
            .is_err()
    );
    assert!(origin.move_and_slide(&[], i32::MIN, 0, &step_up).is_err());
    checks += 4;
    // Within the range: the same as the oracle, up to the edge.
    for (s, dx, dy) in [(near_max, 1, 3), (near_min, -4, -5), (near_max, -40, 0)] {
        assert_eq!(
            s.move_and_slide(&far, dx, dy, &o).unwrap(),
            motion::move_and_slide(&s, &far, dx, dy, &o).unwrap()
        );
        checks += 1;
    }
    // Push-outs and rays at the i32 edges: translations past the edge are not taken.
    let edge_wall = Sprite::new(&ground, i32::MAX - 49, 0);
    let in_wall = Sprite::new(&block, i32::MAX - 10, 1);
    for dir in [
        PushDirection::Any,
        PushDirection::Horizontal,
        PushDirection::Vertical,
        PushDirection::Along { dx: 1, dy: 0 },
        PushDirection::Along { dx: 3, dy: -1 },
    ] {
        for max in [0, 3, 30, 100] {
            check_push(&in_wall, &edge_wall, dir, max).unwrap();
            checks += 1;
        }
    }
    for (dx, dy) in [(1, 0), (1, 1), (0, -1), (5, -3), (-1, 0)] {
        // The oracle steps every pixel: unbounded rays only towards the nearby edge.
        let longest = if dx > 0 { u32::MAX } else { 1000 };
        for max in [0, 10, 100, longest] {
            check_ray(&edge_wall, i32::MAX - 3, 2, dx, dy, max).unwrap();
            check_ray(&edge_wall, i32::MAX - 3, i32::MIN + 3, dx, dy, max).unwrap();
            checks += 2;
        }
    }
    // Thin walls: a 1-pixel wall and a diagonal 1-pixel line, probed from both sides.
    let wall = Mask::full(1, 30).unwrap();
    let diag = Mask::from_fn(30, 30, |x, y| x + y == 29).unwrap();
    let dot = Mask::full(1, 1).unwrap();
    let square = Mask::full(3, 3).unwrap();
    for target in [Sprite::new(&wall, 10, 0), Sprite::new(&diag, 0, 0)] {
        for (x, y) in [(0, 5), (20, 5), (5, 5), (25, 20), (14, 15), (10, 3)] {
            for (dx, dy) in [(1, 0), (-1, 0), (1, 1), (-1, -1), (3, 2), (-2, -5)] {
                check_ray(&target, x, y, dx, dy, 60).unwrap();
                checks += 1;
            }
            for m in [&dot, &square] {
                let s = Sprite::new(m, x, y);
                check_normal(&s, &target).unwrap();
                for dir in [
                    PushDirection::Any,
                    PushDirection::Horizontal,
                    PushDirection::Vertical,
                    PushDirection::Along { dx: 1, dy: 1 },
                    PushDirection::Along { dx: -1, dy: -1 },
                ] {
                    check_push(&s, &target, dir, 20).unwrap();
                }
                let o = MoveOptions { step_up: 2, up: -1 };
                let moved = s.move_and_slide(&[target], 20, 20, &o).unwrap();
                assert_eq!(
                    moved,
                    motion::move_and_slide(&s, &[target], 20, 20, &o).unwrap()
                );
                checks += 7;
            }
        }
    }
    // Masks 0 wide (or high) beside or over an obstacle: contacts read no pixels of
    // them (a 0-wide mask's rows have no words; its normal used to index one).
    let full = Mask::full(3, 3).unwrap();
    for (w, h) in [(0, 1), (0, 5), (1, 0), (0, 0)] {
        let empty = Mask::from_fn(w, h, |_, _| true).unwrap();
        for (x, y) in [(0, 0), (1, 1), (-1, 1), (3, 1), (2, -1)] {
            for pixel in [true, false] {
                let s = Sprite {
                    mask: &empty,
                    x,
                    y,
                    pixel_collision: pixel,
                };
                let o = Sprite::new(&full, 0, 0);
                check_normal(&s, &o).unwrap();
                check_normal(&o, &s).unwrap();
                check_push(&s, &o, PushDirection::Any, 5).unwrap();
                check_ray(&s, x - 2, y, 1, 0, 10).unwrap();
                checks += 4;
            }
        }
    }
    // A window pixel exactly on its circle (see check_normal): recognised as such, and
    // the fast normal equals the oracle's.
    let mover = common::mask!("..#" "##." "###");
    let tall = Mask::full(4, 10).unwrap();
    let (s, o) = (Sprite::new(&mover, 17, 0), Sprite::new(&tall, 16, 0));
    assert!(common::circle::on_window_circle(&s, &o));
    check_normal(&s, &o).unwrap();
    // A single contact pixel has pixels on its circle (radius 6) but one way to round.
    assert!(!common::circle::on_window_circle(
        &Sprite::new(&Mask::full(1, 1).unwrap(), 17, 3),
        &o
    ));
    checks += 3;
    // Nested: a ring with a block in its hole, the block pushed out (it cannot leave
    // without crossing the ring, so the push goes through), moved, and rays from inside.
    let ring = Shape::Ring(10, 2).build();
    let ring_s = Sprite::new(&ring, 0, 0);
    for (x, y) in [(8, 8), (9, 7), (6, 10), (2, 9)] {
        let s = Sprite::new(&block, x, y);
        check_normal(&s, &ring_s).unwrap();
        for dir in [PushDirection::Any, PushDirection::Vertical] {
            check_push(&s, &ring_s, dir, 25).unwrap();
        }
        for step_up in 0..=2 {
            let o = MoveOptions { step_up, up: 1 };
            assert_eq!(
                s.move_and_slide(&[ring_s], 15, -15, &o).unwrap(),
                motion::move_and_slide(&s, &[ring_s], 15, -15, &o).unwrap()
            );
        }
        check_ray(&ring_s, x, y, 1, 2, 30).unwrap();
        checks += 7;
    }
    checks
}

fn main() {
    let started = std::time::Instant::now();
    let written = written_cases();
    println!("motion_props: {written} written checks");
    let n = common::props::cases(100);
    let paths = kernels::available_paths();
    let mut results = Vec::new();
    let mut run = 0u64;
    for &path in &paths {
        let p = path.name();
        kernels::with_path(path, || {
            let all = exhaustive();
            println!("motion_props: [{p}] {all} exhaustive 3x3 checks against the oracles");
            let props: [(&str, u32); 8] = [
                ("contact normals, is_solid_at and sweeps", n),
                ("contact normals on wide masks", n / 2),
                ("push-out", n),
                ("push-out of wide, low masks", n / 2),
                ("move-and-slide", n),
                ("move-and-slide over slopes and ledges", 2 * n),
                ("raycasts", n),
                ("rasters of transformed sprites", n / 2),
            ];
            for (i, (name, cases)) in props.into_iter().enumerate() {
                let name = format!("motion_props: [{p}] {name}");
                results.push(match i {
                    0 => common::props::run(&name, cases, pair_case(24, 30), check_pair),
                    1 => common::props::run(&name, cases, pair_case(130, 70), check_pair),
                    2 => common::props::run(&name, cases, push_case(24), check_push_case),
                    3 => common::props::run(&name, cases, wide_push_case(), check_push_case),
                    4 => common::props::run(&name, cases, move_case(70), check_move),
                    5 => common::props::run(&name, cases, terrain_case(), check_terrain),
                    6 => common::props::run(&name, cases, ray_case(130), check_ray_case),
                    _ => common::props::run(&name, cases, transform_case(), check_transform),
                });
                run += cases as u64;
            }
        });
    }
    println!(
        "motion_props: push-outs that moved {}, found none {}; moves started inside {}, \
         blocked {}, climbed {}; rays that hit {} (all checks, all paths)",
        PUSHED.load(Relaxed),
        PUSH_NONE.load(Relaxed),
        STARTED_INSIDE.load(Relaxed),
        BLOCKED.load(Relaxed),
        CLIMBED.load(Relaxed),
        RAY_HITS.load(Relaxed)
    );
    println!("motion_props: {:.1} s", started.elapsed().as_secs_f64());
    common::props::summary("motion_props", &results, run);
}
