//! Contact normals against the surfaces they come from: exact on flat floors, walls and
//! ceilings, at their ends and corners too; within 5 degrees of the true normal on
//! straight 30/45/60-degree slopes and on circles, for movers of several shapes resting
//! on them, sunk into them and swept onto them; a buried mover's normal is its shortest
//! way out; a sweep's normal always points against the motion; and the fast normal equal
//! to the pixel-by-pixel oracle in every case.

use perpixel::{Mask, Normal, PushDirection, Sprite, Sweep, reference};
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
        if tolerance == 0.0 {
            let len = want.0.hypot(want.1);
            assert_eq!(
                (n.x, n.y),
                (want.0 / len, want.1 / len),
                "{what} {label} at ({x}, {y})"
            );
        } else {
            assert!(
                err <= tolerance,
                "{what} {label} at ({x}, {y}): normal ({:.4}, {:.4}) is {err:.2} degrees off",
                n.x,
                n.y
            );
        }
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
    let err = off_by(n, want);
    if tolerance == 0.0 {
        let len = want.0.hypot(want.1);
        assert_eq!(
            (n.x, n.y),
            (want.0 / len, want.1 / len),
            "{what}: sweep normal"
        );
    } else {
        assert!(
            err <= tolerance,
            "{what}: sweep normal {err:.2} degrees off"
        );
    }
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
