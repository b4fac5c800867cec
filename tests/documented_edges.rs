//! Issue 30.3: what the docs used to leave unsaid, now written down (in `src/ffi` for
//! the header, in rustdoc and in the C# XML docs), each claim checked here:
//!
//! 1. A world sweep (`World::sweep`, `pp_world_sweep`) meets every other body the filters
//!    allow, static ones included, also when the swept body is static; only
//!    `World::update` keeps two static bodies apart.
//! 2. A transformed body's position (`pp_body_info.sprite.x/y`, `World::sprite`) is its
//!    raster's corner (the one `pp_mask_rasterise` gives): the smallest x and the
//!    smallest y of the world pixels whose centres land in the mask's rectangle, solid
//!    texels or not (the bounds-only raster's corner); not the transform's `x, y`, and
//!    not the corner of the solid pixels.
//! 3. A turned bounds-only body ("collides as its whole rectangle") collides as the
//!    axis-aligned rectangle holding every pixel whose centre lies in its turned
//!    rectangle, not as the turned rectangle.
//! 4. A mover that starts inside an obstacle (`started_inside`) reports neither axis
//!    blocked and climbs nothing.
//! 5. `pp_world_contact` / `World::contact` of a body with itself: the body against a
//!    copy of itself in the same place: touching when it has a solid pixel, its first
//!    solid pixel, its pixel count, the normal `pp_contact_normal` gives for the two
//!    (mostly none), and the shortest push-out of the copy.

mod common;

use common::Rng;
use perpixel::{
    BodyDef, BodyKind, Filter, Mask, MoveOptions, Pair, PushOut, Sprite, Sweep, Transform,
    TransformedSprite, World,
};

fn random_mask(rng: &mut Rng, w: u32, h: u32, percent: u64) -> Mask {
    let bits: Vec<bool> = (0..w * h).map(|_| rng.chance(percent)).collect();
    Mask::from_fn(w, h, |x, y| bits[(y * w + x) as usize]).unwrap()
}

#[test]
fn a_static_bodys_sweep_meets_other_static_bodies() {
    let m = Mask::full(4, 4).unwrap();
    let mut w = World::new();
    let stat = |x, y| BodyDef {
        kind: BodyKind::Static,
        ..BodyDef::new(&m, x, y)
    };
    let a = w.create_body(stat(0, 0)).unwrap();
    let b = w.create_body(stat(10, 0)).unwrap();
    let c = w.create_body(stat(2, 2)).unwrap(); // overlaps a
    w.update().unwrap();
    assert!(
        w.touching().is_empty(),
        "update never pairs two static bodies"
    );
    // a's sweep to the right: it starts touching c (step 0), which wins.
    match w.sweep(a, 20, 0).unwrap() {
        Some((hit, Sweep::StartsTouching { .. })) => assert_eq!(hit, c),
        other => panic!("expected a start on c, got {other:?}"),
    }
    w.destroy_body(c).unwrap();
    match w.sweep(a, 20, 0).unwrap() {
        Some((hit, Sweep::Hit(h))) => assert_eq!((hit, h.step), (b, 7)),
        other => panic!("expected b at step 7, got {other:?}"),
    }
    // The same for a moving body swept into a static one, and filters still apply.
    w.set_filter(
        a,
        Filter {
            category: 2,
            mask: 2,
            group: 0,
        },
    )
    .unwrap();
    assert!(w.sweep(a, 20, 0).unwrap().is_none());
}

#[test]
fn a_transformed_bodys_position_is_its_rasters_corner() {
    let mut rng = Rng::new(30);
    let mut w = World::new();
    let (mut checked, mut empty_edge) = (0, 0);
    for i in 0..40 {
        let m = random_mask(&mut rng, 1 + (i % 9), 1 + (i * 7 % 11), 60);
        let t = Transform::at(rng.range(-40, 40) as f64 + 0.25 * (i % 4) as f64, -3.5)
            .rotated(17.0 * i as f64)
            .scaled(1.0 + (i % 3) as f64 * 0.5, 1.0);
        let def = BodyDef {
            placement: perpixel::Placement::Transformed(t),
            ..BodyDef::new(&m, 0, 0)
        };
        let id = w.create_body(def).unwrap();
        let s = w.sprite(id).unwrap();
        let r = m.rasterise(&t).unwrap();
        assert_eq!((s.x, s.y), (r.x, r.y), "the corner pp_mask_rasterise gives");
        assert_eq!((r.x, r.y), {
            let b = m.rasterise_bounds_only(&t).unwrap();
            (b.x, b.y)
        });
        // The smallest x and y of the pixels whose centres land in the mask's rectangle
        // (solid texels or not), sampled one by one.
        let whole = Mask::full(m.width(), m.height()).unwrap();
        let ts = TransformedSprite::new(&whole, &t).unwrap();
        let (mut x0, mut y0) = (i64::MAX, i64::MAX);
        for y in -200..200 {
            for x in -200..200 {
                if ts.is_solid_at(x, y) {
                    (x0, y0) = (x0.min(x), y0.min(y));
                }
            }
        }
        if x0 == i64::MAX {
            assert_eq!(s.mask.count(), 0, "nothing covered: an empty raster");
            continue;
        }
        assert_eq!((s.x as i64, s.y as i64), (x0, y0), "transform {t:?}");
        assert_ne!((s.x as f64, s.y as f64), (t.x, t.y));
        // Not the corner of the solid pixels: rows and columns of the raster may be empty.
        if let Some(solid) = s.mask.solid_bounds()
            && (solid.x, solid.y) != (0, 0)
        {
            empty_edge += 1;
        }
        checked += 1;
    }
    assert!(checked > 30 && empty_edge > 0, "{checked} {empty_edge}");
}

#[test]
fn a_turned_bounds_only_body_collides_as_its_axis_aligned_box() {
    let m = Mask::full(10, 10).unwrap();
    let t = Transform::at(100.0, 100.0).rotated(45.0);
    let mut w = World::new();
    let boxed = w
        .create_body(BodyDef {
            placement: perpixel::Placement::Transformed(t),
            pixel_collision: false,
            ..BodyDef::new(&m, 0, 0)
        })
        .unwrap();
    let exact = w
        .create_body(BodyDef {
            placement: perpixel::Placement::Transformed(t),
            ..BodyDef::new(&m, 0, 0)
        })
        .unwrap();
    let r = m.rasterise_bounds_only(&t).unwrap();
    let s = w.sprite(boxed).unwrap();
    assert_eq!(
        (s.x, s.y, s.mask.width(), s.mask.height()),
        (r.x, r.y, r.mask.width(), r.mask.height())
    );
    assert!(!s.pixel_collision);
    let turned = TransformedSprite::new(&m, &t).unwrap();
    let filter = Filter::default();
    let (mut corners, mut inside) = (0, 0);
    for y in r.y as i64..r.y as i64 + r.mask.height() as i64 {
        for x in r.x as i64..r.x as i64 + r.mask.width() as i64 {
            let hits = w.at_point(x, y, &filter);
            // Every pixel of the box meets the bounds-only body...
            assert!(hits.contains(&boxed), "({x}, {y})");
            // ...the pixel body only where the turned rectangle covers the pixel.
            assert_eq!(
                hits.contains(&exact),
                turned.is_solid_at(x, y),
                "({x}, {y})"
            );
            if turned.is_solid_at(x, y) {
                inside += 1;
            } else {
                corners += 1;
            }
        }
    }
    assert!(corners > 40 && inside > 90, "{corners} {inside}");
    // Outside the box: nothing.
    assert!(w.at_point(r.x as i64 - 1, r.y as i64, &filter).is_empty());
}

#[test]
fn a_mover_starting_inside_reports_no_axis_blocked() {
    let ground = Mask::full(50, 10).unwrap();
    let hero = Mask::full(4, 6).unwrap();
    let obstacles = [Sprite::new(&ground, 0, 20)];
    for (dx, dy) in [(0, 0), (5, 0), (-5, 3), (0, 9), (30, -30)] {
        for step_up in [0, 4] {
            let opts = MoveOptions {
                step_up,
                ..MoveOptions::default()
            };
            let m = Sprite::new(&hero, 10, 18)
                .move_and_slide(&obstacles, dx, dy, &opts)
                .unwrap();
            assert!(m.started_inside);
            assert_eq!(
                (m.x, m.y, m.blocked_x, m.blocked_y, m.climbed),
                (10, 18, false, false, 0),
                "({dx}, {dy}) step-up {step_up}"
            );
        }
    }
}

#[test]
fn a_bodys_contact_with_itself_is_with_a_copy_in_place() {
    let mut rng = Rng::new(3030);
    let mut w = World::new();
    let mut normals = 0;
    for i in 0..60 {
        let m = random_mask(
            &mut rng,
            1 + i % 7,
            1 + i * 3 % 8,
            [0, 30, 70, 100][i as usize % 4],
        );
        let (x, y) = (rng.range(-50, 50) as i32, rng.range(-50, 50) as i32);
        let id = w.create_body(BodyDef::new(&m, x, y)).unwrap();
        let push_max = [0, 2, 8][i as usize % 3];
        let c = w.contact(&Pair { a: id, b: id }, push_max).unwrap();
        // The first solid pixel, row by row.
        let first = (0..m.height())
            .flat_map(|j| (0..m.width()).map(move |i| (i, j)))
            .find(|&(i, j)| m.is_solid(i, j))
            .map(|(i, j)| (x as i64 + i as i64, y as i64 + j as i64));
        assert_eq!(c.first_contact.map(|p| (p.x, p.y)), first);
        assert_eq!(c.area, m.count());
        // The normal pp_contact_normal gives for two coinciding sprites (its buried case).
        let s = Sprite::new(&m, x, y);
        assert_eq!(c.normal, s.contact_normal(&s));
        normals += c.normal.is_some() as u32;
        // The shortest push-out of the copy: it frees it, and nothing shorter does.
        let frees =
            |dx: i32, dy: i32| !Sprite::new(&m, x + dx, y + dy).collides(&Sprite::new(&m, x, y));
        let r = push_max as i32;
        let shortest = (-r..=r)
            .flat_map(|dx| (-r..=r).map(move |dy| (dx, dy)))
            .filter(|&(dx, dy)| dx * dx + dy * dy <= r * r && frees(dx, dy))
            .map(|(dx, dy)| dx * dx + dy * dy)
            .min();
        match c.push_out {
            Some(PushOut { dx, dy }) => {
                assert!(frees(dx, dy));
                assert_eq!(Some(dx * dx + dy * dy), shortest);
            }
            None => assert_eq!(shortest, None),
        }
        if m.count() == 0 {
            assert_eq!(c.push_out, Some(PushOut { dx: 0, dy: 0 }));
        }
    }
    println!("{normals} of 60 self-contacts had a normal");
}
