//! Contact normals against the surfaces they come from: exact on flat floors, walls and
//! ceilings, at their ends and corners too; within 5 degrees of the true normal on
//! straight 30/45/60-degree slopes and on circles, for movers of several shapes resting
//! on them, sunk into them and swept onto them; a buried mover's normal is its shortest
//! way out; a sweep's normal always points against the motion; and the fast normal equal
//! to the pixel-by-pixel oracle in every case.

use perpixel::{Mask, Normal, Point, PushDirection, Sprite, Sweep, reference};
use std::sync::Mutex;

/// The largest angle off seen by `drop_onto` (degrees).
static WORST_DROP: Mutex<f64> = Mutex::new(0.0);

/// Whether every solid pixel of `s` is solid in `o` too.
fn buried(s: &Sprite, o: &Sprite) -> bool {
    let b = s.bounds();
    (b.y_min()..b.y_max())
        .all(|y| (b.x_min()..b.x_max()).all(|x| !s.is_solid_at(x, y) || o.is_solid_at(x, y)))
}

/// Whether some solid pixel of `s` lies on `o`'s surface (solid in `o`, with a
/// 4-neighbour that is not).
fn reaches_surface(s: &Sprite, o: &Sprite) -> bool {
    let b = s.bounds();
    (b.y_min()..b.y_max()).any(|y| {
        (b.x_min()..b.x_max()).any(|x| {
            s.is_solid_at(x, y)
                && o.is_solid_at(x, y)
                && [(1, 0), (-1, 0), (0, 1), (0, -1)]
                    .iter()
                    .any(|&(i, j)| !o.is_solid_at(x + i, y + j))
        })
    })
}

/// `n` is exactly `want` made a unit vector (`tolerance` 0), or within `tolerance`
/// degrees of it.
fn assert_close(n: Normal, want: (f64, f64), tolerance: f64, what: &str) {
    if tolerance == 0.0 {
        let len = want.0.hypot(want.1);
        assert_eq!((n.x, n.y), (want.0 / len, want.1 / len), "{what}");
    } else {
        let err = off_by(n, want);
        assert!(
            err <= tolerance,
            "{what}: normal ({:.4}, {:.4}) is {err:.2} degrees off",
            n.x,
            n.y
        );
    }
}

/// Angle between a normal and the unit vector (x, y), in degrees.
fn off_by(n: Normal, (x, y): (f64, f64)) -> f64 {
    let len = x.hypot(y);
    let dot = (n.x * x + n.y * y) / len;
    dot.clamp(-1.0, 1.0).acos().to_degrees()
}

/// The movers: a box, a disc, a wide flat bar and an asymmetric L.
fn movers() -> Vec<(&'static str, Mask)> {
    vec![
        ("box 12x12", Mask::full(12, 12).unwrap()),
        (
            "disc r7",
            Mask::from_fn(15, 15, |x, y| {
                (x as f64 - 7.0).powi(2) + (y as f64 - 7.0).powi(2) <= 49.0
            })
            .unwrap(),
        ),
        ("bar 30x4", Mask::full(30, 4).unwrap()),
        (
            "L 10x14",
            Mask::from_fn(10, 14, |x, y| x < 4 || y >= 10).unwrap(),
        ),
        ("dot 1x1", Mask::full(1, 1).unwrap()),
    ]
}

/// Drops `mover` from above onto `ground` at world x `x` and checks the normal where it
/// lands (touching, overlapping by the first pixel, and sunk `sink` pixels) against
/// `want`, within `tolerance` degrees (0: exactly). Returns how many normals it checked.
fn drop_onto(
    ground: &Sprite,
    mover: &Mask,
    x: i32,
    top: i32,
    want: (f64, f64),
    tolerance: f64,
    what: &str,
) -> usize {
    let start = Sprite::new(mover, x, top);
    let Sweep::Hit(hit) = start.sweep(ground, 0, 800).unwrap() else {
        panic!("{what}: the drop at x = {x} missed the ground");
    };
    let mut checked = 0;
    for (y, label) in [
        (hit.last_free.y as i32, "touching"),
        (hit.at.y as i32, "first overlap"),
        (hit.at.y as i32 + 2, "sunk 2"),
    ] {
        let s = Sprite::new(mover, x, y);
        let n = s
            .contact_normal(ground)
            .unwrap_or_else(|| panic!("{what} {label} at ({x}, {y}): no normal"));
        let oracle = reference::motion::contact_normal(&s, ground).unwrap();
        assert_eq!(n, oracle, "{what} {label} at ({x}, {y}): fast vs oracle");
        if buried(&s, ground) && !reaches_surface(&s, ground) {
            // Wholly inside, away from the surface: the shortest way out, checked by
            // the push-out oracle.
            let out = reference::motion::push_out(&s, ground, PushDirection::Any, 6)
                .unwrap()
                .unwrap();
            let len = (out.dx as f64).hypot(out.dy as f64);
            assert_eq!(
                (n.x, n.y),
                (out.dx as f64 / len, out.dy as f64 / len),
                "{what}"
            );
            checked += 1;
            continue;
        }
        let err = off_by(n, want);
        {
            let mut w = WORST_DROP.lock().unwrap();
            *w = w.max(err);
        }
        assert_close(n, want, tolerance, &format!("{what} {label} at ({x}, {y})"));
        checked += 1;
    }
    // The sweep's normal: the oracle's, against the motion, and as close to the surface.
    let Sweep::Hit(oracle) = reference::sweep(&start, ground, 0, 800).unwrap() else {
        panic!("{what}: the oracle's drop missed");
    };
    assert_eq!(hit.normal, oracle.normal, "{what}: sweep normal vs oracle");
    let n = hit.normal.unwrap();
    assert!(
        n.y < 0.0,
        "{what}: the sweep's normal ({}, {}) is not against the motion",
        n.x,
        n.y
    );
    assert_close(n, want, tolerance, &format!("{what}: sweep normal"));
    checked + 1
}

#[test]
fn flat_floors_walls_and_ceilings_give_exact_normals() {
    let ground = Mask::full(400, 60).unwrap();
    let floor = Sprite::new(&ground, -100, 200);
    let mut checked = 0;
    for (name, m) in movers() {
        for x in [0, 37, 150] {
            checked += drop_onto(&floor, &m, x, 100, (0.0, -1.0), 0.0, name);
        }
    }
    // A wall to the right, approached from the left: normal (-1, 0); a ceiling above:
    // (0, 1).
    let wall_mask = Mask::full(40, 400).unwrap();
    let wall = Sprite::new(&wall_mask, 200, -100);
    for (name, m) in movers() {
        let s = Sprite::new(&m, 0, 50);
        let Sweep::Hit(hit) = s.sweep(&wall, 400, 0).unwrap() else {
            panic!("{name}: missed the wall")
        };
        let n = hit.normal.unwrap();
        assert_eq!((n.x, n.y), (-1.0, 0.0), "{name} against the wall");
        let touching = Sprite::new(&m, hit.last_free.x as i32, 50);
        let n = touching.contact_normal(&wall).unwrap();
        assert_eq!((n.x, n.y), (-1.0, 0.0), "{name} touching the wall");
        let ceiling = Sprite::new(&ground, -100, -60);
        let Sweep::Hit(hit) = Sprite::new(&m, 50, 100).sweep(&ceiling, 0, -400).unwrap() else {
            panic!("{name}: missed the ceiling")
        };
        let n = hit.normal.unwrap();
        assert_eq!((n.x, n.y), (0.0, 1.0), "{name} under the ceiling");
        checked += 3;
    }
    println!("flat surfaces: {checked} exact normals");
}

#[test]
fn slopes_give_normals_within_five_degrees() {
    let mut checked = 0;
    let mut worst = 0f64;
    for degrees in [30.0f64, 45.0, 60.0] {
        for rising_right in [true, false] {
            let t = degrees.to_radians().tan() * if rising_right { 1.0 } else { -1.0 };
            // y down: solid where y + t x >= 150 + 150 t; (t, 1) points into the solid,
            // so the surface normal is (-t, -1).
            let ground = Mask::from_fn(300, 300, |x, y| {
                (y as f64 + 0.5) >= 150.0 - t * (x as f64 + 0.5 - 150.0)
            })
            .unwrap();
            let slope = Sprite::new(&ground, 0, 0);
            let want = (-t, -1.0);
            for (name, m) in movers() {
                for x in [120, 141, 163] {
                    let what = format!(
                        "{name} on a {degrees} degree slope (rising right: {rising_right})"
                    );
                    checked += drop_onto(&slope, &m, x, -300, want, 5.0, &what);
                    let n = {
                        let Sweep::Hit(hit) =
                            Sprite::new(&m, x, -300).sweep(&slope, 0, 600).unwrap()
                        else {
                            unreachable!()
                        };
                        hit.normal.unwrap()
                    };
                    worst = worst.max(off_by(n, want));
                }
            }
        }
    }
    println!(
        "slopes: {checked} normals within 5 degrees (worst at a sweep hit {worst:.2}, worst of all \
         drops so far {:.2})",
        *WORST_DROP.lock().unwrap()
    );
}

#[test]
fn circles_give_normals_within_five_degrees() {
    let mut checked = 0;
    let r = 60.0;
    let ball = Mask::from_fn(121, 121, |x, y| {
        (x as f64 + 0.5 - 60.5).powi(2) + (y as f64 + 0.5 - 60.5).powi(2) <= r * r
    })
    .unwrap();
    let big = Sprite::new(&ball, 0, 0);
    let centre = (60.5, 60.5);
    let mut worst = 0f64;
    for (name, m) in movers() {
        let (w, h) = (m.width() as f64, m.height() as f64);
        for k in 0..16 {
            let a = (k as f64 * 22.5 + 7.0).to_radians();
            // Start far out along the ray at angle a and sweep straight at the centre.
            let (ux, uy) = (a.cos(), a.sin());
            let far = 200.0;
            let sx = (centre.0 + ux * far - w / 2.0).round() as i32;
            let sy = (centre.1 + uy * far - h / 2.0).round() as i32;
            let (tx, ty) = (
                (centre.0 - w / 2.0).round() as i32,
                (centre.1 - h / 2.0).round() as i32,
            );
            let s = Sprite::new(&m, sx, sy);
            let Sweep::Hit(hit) = s.sweep(&big, tx - sx, ty - sy).unwrap() else {
                panic!("{name} missed the circle at {k}")
            };
            for (x, y) in [(hit.at.x, hit.at.y), (hit.last_free.x, hit.last_free.y)] {
                let s = Sprite::new(&m, x as i32, y as i32);
                // Where they touch: the mean of the pixels solid in both, or (touching
                // only) of the circle's pixels next to the mover's; the true normal is
                // the radius through it.
                let overlap = s.collides(&big);
                let (mut n, mut sx, mut sy) = (0.0, 0.0, 0.0);
                for py in -2..125i64 {
                    for px in -2..125i64 {
                        let near = if overlap {
                            s.is_solid_at(px, py)
                        } else {
                            (-1..=1).any(|j| (-1..=1).any(|i| s.is_solid_at(px + i, py + j)))
                        };
                        if big.is_solid_at(px, py) && near {
                            n += 1.0;
                            sx += px as f64 + 0.5;
                            sy += py as f64 + 0.5;
                        }
                    }
                }
                let want = (sx / n - centre.0, sy / n - centre.1);
                let n = s.contact_normal(&big).unwrap();
                assert_eq!(n, reference::motion::contact_normal(&s, &big).unwrap());
                let err = off_by(n, want);
                worst = worst.max(err);
                assert!(
                    err <= 5.0,
                    "{name} at angle {k}: ({:.3}, {:.3}) vs ({:.3}, {:.3}): {err:.2} degrees",
                    n.x,
                    n.y,
                    want.0,
                    want.1
                );
                checked += 1;
            }
        }
    }
    println!("circles: {checked} normals within 5 degrees (worst {worst:.2})");
}

#[test]
fn the_inside_of_a_round_hole_gives_normals_within_five_degrees() {
    // A 160x160 block with a round hole of radius 60 (a bowl, a cave): movers start at
    // the centre and are swept outwards until they meet its wall; the true normal
    // points back to the centre.
    let r = 60.0;
    let centre = (80.0, 80.0);
    let block = Mask::from_fn(160, 160, |x, y| {
        (x as f64 + 0.5 - centre.0).powi(2) + (y as f64 + 0.5 - centre.1).powi(2) > r * r
    })
    .unwrap();
    let cave = Sprite::new(&block, 0, 0);
    let mut checked = 0;
    let mut axis = 0;
    let mut worst = 0f64;
    for (name, m) in movers() {
        let (w, h) = (m.width() as f64, m.height() as f64);
        let (sx, sy) = (
            (centre.0 - w / 2.0).round() as i32,
            (centre.1 - h / 2.0).round() as i32,
        );
        for k in 0..16 {
            let a = (k as f64 * 22.5 + 7.0).to_radians();
            let (dx, dy) = (
                (a.cos() * 200.0).round() as i32,
                (a.sin() * 200.0).round() as i32,
            );
            let s = Sprite::new(&m, sx, sy);
            let Sweep::Hit(hit) = s.sweep(&cave, dx, dy).unwrap() else {
                panic!("{name} left the cave at {k}")
            };
            for (x, y) in [(hit.at.x, hit.at.y), (hit.last_free.x, hit.last_free.y)] {
                let s = Sprite::new(&m, x as i32, y as i32);
                let n = s.contact_normal(&cave).unwrap();
                assert_eq!(n, reference::motion::contact_normal(&s, &cave).unwrap());
                // Where they touch: the mean of the contact pixels (as in the circle
                // test); the true normal points from there to the centre.
                let overlap = s.collides(&cave);
                let (mut cnt, mut mx, mut my) = (0.0, 0.0, 0.0);
                for py in -2..165i64 {
                    for px in -2..165i64 {
                        let near = if overlap {
                            s.is_solid_at(px, py)
                        } else {
                            (-1..=1).any(|j| (-1..=1).any(|i| s.is_solid_at(px + i, py + j)))
                        };
                        if cave.is_solid_at(px, py) && near {
                            cnt += 1.0;
                            mx += px as f64 + 0.5;
                            my += py as f64 + 0.5;
                        }
                    }
                }
                let want = (centre.0 - mx / cnt, centre.1 - my / cnt);
                if n.x == 0.0 || n.y == 0.0 {
                    // An axis normal only where the mover touches nothing but one of the
                    // hole's four extreme lines: a flat stretch between two rises (as the
                    // floor of a pit), which the rule keeps exact.
                    let u = (-n.x as i64, -n.y as i64);
                    let extreme = (0..160i64)
                        .flat_map(|y| (0..160i64).map(move |x| (x, y)))
                        .filter(|&(x, y)| !cave.is_solid_at(x, y))
                        .map(|(x, y)| u.0 * x + u.1 * y)
                        .max()
                        .unwrap();
                    for py in -2..165i64 {
                        for px in -2..165i64 {
                            if s.is_solid_at(px, py)
                                && !cave.is_solid_at(px, py)
                                && cave.is_solid_at(px + u.0, py + u.1)
                            {
                                assert_eq!(
                                    u.0 * px + u.1 * py,
                                    extreme,
                                    "{name} at angle {k}: an axis normal off the hole's extreme line"
                                );
                            }
                        }
                    }
                    axis += 1;
                    checked += 1;
                    continue;
                }
                let err = off_by(n, want);
                worst = worst.max(err);
                assert!(
                    err <= 5.0,
                    "{name} at angle {k}: ({:.3}, {:.3}) is {err:.2} degrees off",
                    n.x,
                    n.y
                );
                checked += 1;
            }
        }
    }
    println!(
        "inside a round hole: {checked} normals, {axis} exact on the hole's extreme lines, \
         the rest within 5 degrees (worst {worst:.2})"
    );
}

/// A deterministic generator for the scenes below.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The directions of the faces `mover` touches on `obstacle` (pairs of 4-neighbours, the
/// obstacle's pixel solid, the other solid in the mover and not in the obstacle), by
/// brute force.
fn touched_directions(mover: &Sprite, obstacle: &Sprite) -> Vec<(i64, i64)> {
    let b = mover.bounds();
    let mut dirs = Vec::new();
    for y in b.y_min() - 1..=b.y_max() {
        for x in b.x_min() - 1..=b.x_max() {
            for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if obstacle.is_solid_at(x, y)
                    && mover.is_solid_at(x + d.0, y + d.1)
                    && !obstacle.is_solid_at(x + d.0, y + d.1)
                    && !dirs.contains(&d)
                {
                    dirs.push(d);
                }
            }
        }
    }
    dirs
}

/// The sweep's hit normal must be exactly `want`, the oracle's, and against the motion.
fn sweep_normal_is(mover: &Sprite, obstacle: &Sprite, dx: i32, dy: i32, want: (f64, f64)) -> Point {
    let Sweep::Hit(hit) = mover.sweep(obstacle, dx, dy).unwrap() else {
        panic!("the sweep from ({}, {}) missed", mover.x, mover.y)
    };
    let Sweep::Hit(oracle) = reference::sweep(mover, obstacle, dx, dy).unwrap() else {
        panic!("the oracle's sweep missed")
    };
    assert_eq!(
        hit, oracle,
        "sweep from ({}, {}) by ({dx}, {dy})",
        mover.x, mover.y
    );
    let n = hit.normal.unwrap();
    assert_eq!(
        (n.x, n.y),
        want,
        "sweep from ({}, {}) by ({dx}, {dy}) hit at {:?}",
        mover.x,
        mover.y,
        hit.at
    );
    hit.last_free
}

#[test]
fn walls_and_platforms_give_their_face_normal_up_to_their_ends() {
    // The case: a 3x3 block swept into walls 1 to 16 pixels thick, at every height
    // from missing the top to missing the bottom, free-standing and standing on a floor;
    // and the same block dropped onto platforms near their ends. Exactly the face's
    // normal, from the sweep and from the contact where it stopped.
    let block = Mask::full(3, 3).unwrap();
    let (mut sweeps, mut statics) = (0, 0);
    for thick in 1..=16u32 {
        for height in [4u32, 9, 40] {
            // Free-standing, and on a floor 10 thick under it (an L).
            let free = Mask::full(thick, height).unwrap();
            let on_floor = Mask::from_fn(thick + 60, height + 10, |x, y| {
                y >= height || (x >= 30 && x < 30 + thick)
            })
            .unwrap();
            for wall in [Sprite::new(&free, 100, 0), Sprite::new(&on_floor, 70, 0)] {
                for y in -2..height as i32 + 2 {
                    for (from, dx, want) in [(0, 200, (-1.0, 0.0)), (300, -200, (1.0, 0.0))] {
                        let s = Sprite::new(&block, from, y);
                        let Sweep::Hit(_) = s.sweep(&wall, dx, 0).unwrap() else {
                            continue;
                        };
                        let last = sweep_normal_is(&s, &wall, dx, 0, want);
                        sweeps += 1;
                        let at = Sprite::new(&block, last.x as i32, last.y as i32);
                        // Touching that face only (not the floor's top): the same normal.
                        if touched_directions(&at, &wall) == [(want.0 as i64, want.1 as i64)] {
                            let n = at.contact_normal(&wall).unwrap();
                            assert_eq!(n, reference::motion::contact_normal(&at, &wall).unwrap());
                            assert_eq!(
                                (n.x, n.y),
                                want,
                                "block at ({}, {y}), wall {thick}x{height}",
                                last.x
                            );
                            statics += 1;
                        }
                    }
                }
            }
        }
        // A platform `thick` high and 20 wide: dropped onto at every x, ends included.
        let platform = Mask::full(20, thick).unwrap();
        let p = Sprite::new(&platform, 100, 50);
        for x in 98..=119 {
            let s = Sprite::new(&block, x, 0);
            let last = sweep_normal_is(&s, &p, 0, 100, (0.0, -1.0));
            let at = Sprite::new(&block, x, last.y as i32);
            let n = at.contact_normal(&p).unwrap();
            assert_eq!(
                (n.x, n.y),
                (0.0, -1.0),
                "block at x {x} on a platform {thick} thick"
            );
            assert_eq!(n, reference::motion::contact_normal(&at, &p).unwrap());
            // Sunk one pixel, hanging over either end: the platform's top still.
            let sunk = Sprite::new(&block, x, last.y as i32 + 1);
            if touched_directions(&sunk, &p) == [(0, -1)] {
                let n = sunk.contact_normal(&p).unwrap();
                assert_eq!(
                    (n.x, n.y),
                    (0.0, -1.0),
                    "block sunk at x {x}, platform {thick} thick"
                );
                statics += 1;
            }
            sweeps += 1;
            statics += 1;
        }
    }
    println!("walls and platforms: {sweeps} sweep normals and {statics} contact normals exact");
    assert!(sweeps > 3000 && statics > 2000);
}

#[test]
fn sprites_resting_on_flat_ground_get_exactly_up() {
    // The 323 sprites: random shapes dropped onto flat ground anywhere, hanging
    // over its ends too. Each touching only the ground's top gets exactly (0, -1).
    let ground = Mask::full(200, 40).unwrap();
    let floor = Sprite::new(&ground, 0, 100);
    let mut rng = Lcg(323);
    let (mut exact, mut corners) = (0, 0);
    for i in 0..323 {
        let (w, h) = (1 + rng.below(24) as u32, 1 + rng.below(24) as u32);
        let density = 30 + rng.below(70);
        let m = Mask::from_fn(w, h, |_, _| rng.below(100) < density).unwrap();
        if m.count() == 0 {
            continue;
        }
        let x = rng.below(240) as i32 - 20;
        let s = Sprite::new(&m, x, 0);
        let Sweep::Hit(_) = s.sweep(&floor, 0, 200).unwrap() else {
            continue; // beside the ground
        };
        let last = sweep_normal_is(&s, &floor, 0, 200, (0.0, -1.0));
        let rest = Sprite::new(&m, x, last.y as i32);
        let n = rest.contact_normal(&floor).unwrap();
        assert_eq!(
            n,
            reference::motion::contact_normal(&rest, &floor).unwrap(),
            "sprite {i}"
        );
        if touched_directions(&rest, &floor) == [(0, -1)] {
            assert_eq!((n.x, n.y), (0.0, -1.0), "sprite {i} ({w}x{h}) at x {x}");
            exact += 1;
        } else {
            corners += 1; // it hooks round an end of the ground: two faces, a corner
        }
    }
    println!("resting on flat ground: {exact} sprites exactly (0, -1), {corners} at a corner");
    assert!(exact >= 250);
}

#[test]
fn buried_and_enclosing_sprites_give_exact_answers() {
    // Two identical sprites in the same place: buried; the shortest way out within the
    // radius (3 up for a 3x3 block), or none when that is farther.
    let small = Mask::full(3, 3).unwrap();
    let n = Sprite::new(&small, 5, 5).contact_normal(&Sprite::new(&small, 5, 5));
    assert_eq!(n, Some(Normal { x: 0.0, y: -1.0 }));
    let big = Mask::full(20, 20).unwrap();
    assert_eq!(
        Sprite::new(&big, 0, 0).contact_normal(&Sprite::new(&big, 0, 0)),
        None
    );
    // A dot in the ground's top row: the surface it reaches; two rows down: pushed out.
    let ground = Mask::full(100, 30).unwrap();
    let floor = Sprite::new(&ground, 0, 50);
    let dot = Mask::full(1, 1).unwrap();
    for y in [50, 52, 55] {
        let n = Sprite::new(&dot, 40, y).contact_normal(&floor).unwrap();
        assert_eq!((n.x, n.y), (0.0, -1.0), "a dot at depth {}", y - 50);
    }
    // Deeper than the radius: none.
    assert_eq!(Sprite::new(&dot, 40, 60).contact_normal(&floor), None);
    // Random obstacles inside a mover, random movers inside an obstacle, and identical
    // pairs: the fast normal equals the oracle's, bit for bit.
    let mut rng = Lcg(7);
    let mut some = 0;
    for i in 0..600 {
        let (w, h) = (1 + rng.below(12) as u32, 1 + rng.below(12) as u32);
        let density = 20 + rng.below(80);
        let inner = Mask::from_fn(w, h, |_, _| rng.below(100) < density).unwrap();
        let outer = Mask::from_fn(w + 8, h + 8, |_, _| rng.below(100) < 90).unwrap();
        let (ix, iy) = (rng.below(9) as i32, rng.below(9) as i32);
        let pairs = [
            (Sprite::new(&outer, 0, 0), Sprite::new(&inner, ix, iy)),
            (Sprite::new(&inner, ix, iy), Sprite::new(&outer, 0, 0)),
            (Sprite::new(&inner, 3, 3), Sprite::new(&inner, 3, 3)),
        ];
        for (mover, obstacle) in pairs {
            let fast = mover.contact_normal(&obstacle);
            let slow = reference::motion::contact_normal(&mover, &obstacle);
            assert_eq!(
                fast.map(|n| (n.x.to_bits(), n.y.to_bits())),
                slow.map(|n| (n.x.to_bits(), n.y.to_bits())),
                "case {i}"
            );
            some += fast.is_some() as usize;
        }
    }
    println!(
        "buried and enclosing: 1800 pairs equal to the oracle bit for bit, {some} with a normal"
    );
    assert!(some > 1000);
}

#[test]
fn sweep_and_ray_normals_always_oppose_the_motion() {
    // Random movers swept at random obstacles, and rays: every hit has a normal, the
    // oracle's, with dot(normal, motion) < 0; against a rectangle (full or bounds-only)
    // it is exactly the reverse of the blocked step.
    let mut rng = Lcg(99);
    let (mut hits, mut squares, mut rays) = (0, 0, 0);
    for _ in 0..1500 {
        let m = {
            let (w, h, d) = (
                1 + rng.below(10) as u32,
                1 + rng.below(10) as u32,
                30 + rng.below(70),
            );
            Mask::from_fn(w, h, |_, _| rng.below(100) < d).unwrap()
        };
        let full = rng.below(3) == 0;
        let o = {
            let (w, h, d) = (
                1 + rng.below(30) as u32,
                1 + rng.below(30) as u32,
                30 + rng.below(70),
            );
            Mask::from_fn(w, h, |_, _| full || rng.below(100) < d).unwrap()
        };
        let mut obstacle = Sprite::new(&o, 0, 0);
        obstacle.pixel_collision = rng.below(6) != 0;
        let mover = Sprite::new(&m, rng.below(80) as i32 - 40, rng.below(80) as i32 - 40);
        let (dx, dy) = (
            5 - mover.x + rng.below(20) as i32,
            5 - mover.y + rng.below(20) as i32,
        );
        if let Sweep::Hit(hit) = mover.sweep(&obstacle, dx, dy).unwrap() {
            let Sweep::Hit(oracle) = reference::sweep(&mover, &obstacle, dx, dy).unwrap() else {
                panic!("the oracle missed")
            };
            assert_eq!(hit, oracle);
            let n = hit.normal.unwrap();
            assert!(
                n.x * f64::from(dx) + n.y * f64::from(dy) < 0.0,
                "{n:?} along ({dx}, {dy})"
            );
            if full || !obstacle.pixel_collision {
                let s = (hit.at.x - hit.last_free.x, hit.at.y - hit.last_free.y);
                assert_eq!((n.x, n.y), (-s.0 as f64, -s.1 as f64));
                squares += 1;
            }
            hits += 1;
        }
        let (x, y) = (rng.below(80) as i32 - 25, rng.below(80) as i32 - 25);
        let (rx, ry) = (rng.below(21) as i32 - 10, rng.below(21) as i32 - 10);
        if (rx, ry) != (0, 0) {
            let hit = obstacle.raycast(x, y, rx, ry, 100).unwrap();
            assert_eq!(
                hit,
                reference::motion::raycast(&obstacle, x, y, rx, ry, 100).unwrap()
            );
            if let Some(h) = hit.filter(|h| h.step > 0) {
                let n = h.normal.unwrap();
                assert!(n.x * f64::from(rx) + n.y * f64::from(ry) < 0.0);
                rays += 1;
            }
        }
    }
    println!(
        "sweeps: {hits} hits against the motion ({squares} on rectangles, exactly the blocked step); rays: {rays}"
    );
    assert!(hits > 500 && squares > 100 && rays > 150);
}
