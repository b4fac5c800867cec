//! The early outs (solid-bounds clipping, the 8x8 block level, the per-row solid spans)
//! and every kernel path on shapes built to exercise them: sparse platforms whose blocks
//! never meet, a sprite in a terrain valley, sprites in wide transparent frames, masks
//! wider than a vector, rails one row apart, ramps along a diagonal. Every answer is
//! checked against `perpixel::reference`, with every combination of early outs, and with
//! either sprite or both bounds-only.

use perpixel::kernels::{self, EarlyOuts};
use perpixel::{Mask, Sprite, reference};

/// Checks every query on `a` and `b` against the reference, on every path with every
/// combination of early outs, in both orders, and with either sprite or both made
/// bounds-only (which read the other side's bits through the same early outs).
fn check(a: &Sprite, b: &Sprite, what: &str) {
    for (pa, pb) in [(true, true), (false, true), (true, false), (false, false)] {
        let a = Sprite {
            pixel_collision: pa,
            ..*a
        };
        let b = Sprite {
            pixel_collision: pb,
            ..*b
        };
        check_kinds(&a, &b, &format!("{what}, pixel collision {pa} {pb}"));
    }
}

fn check_kinds(a: &Sprite, b: &Sprite, what: &str) {
    for (p, q) in [(a, b), (b, a)] {
        let expected = (
            reference::collides(p, q),
            reference::first_contact(p, q),
            reference::overlap_area(p, q),
            reference::overlap_mask(p, q),
        );
        each_setting(|path, early| {
            let got = (
                p.collides(q),
                p.first_contact(q),
                p.overlap_area(q),
                p.overlap_mask(q),
            );
            assert_eq!(got, expected, "{what}: {} {early:?}", path.name());
        });
    }
}

/// Runs `f` on every kernel path this CPU has with every combination of early outs.
fn each_setting(mut f: impl FnMut(kernels::Path, EarlyOuts)) {
    for path in kernels::available_paths() {
        for bits in 0..8 {
            let early = EarlyOuts {
                clip: bits & 1 != 0,
                blocks: bits & 2 != 0,
                spans: bits & 4 != 0,
            };
            kernels::with_path(path, || kernels::with_early_outs(early, || f(path, early)));
        }
    }
}

/// Says which kernel paths every test here checks on this CPU, and which it cannot (see
/// it with `cargo test --test early_outs -- --show-output`).
#[test]
fn kernel_paths_checked_here() {
    let ran = kernels::available_paths();
    assert_eq!(ran[0], kernels::Path::Portable, "portable runs everywhere");
    let names = |ps: &mut dyn Iterator<Item = &kernels::Path>| {
        ps.map(|p| p.name()).collect::<Vec<_>>().join(", ")
    };
    println!("kernel paths checked: {}", names(&mut ran.iter()));
    let mut lacking = kernels::Path::ALL
        .iter()
        .filter(|p| !ran.contains(p))
        .peekable();
    if lacking.peek().is_some() {
        println!(
            "paths this CPU lacks (not checked): {}",
            names(&mut lacking)
        );
    }
}

fn platforms(w: u32, h: u32, phase: u32) -> Mask {
    Mask::from_fn(w, h, |_, y| (y + 64 - phase) % 64 < 4).unwrap()
}

#[test]
fn platforms_whose_blocks_never_meet() {
    let (a, b) = (platforms(300, 200, 0), platforms(300, 200, 32));
    for (dx, dy) in [(5, 3), (0, 0), (-7, 29), (130, -61), (3, 32)] {
        check(
            &Sprite::new(&a, 0, 0),
            &Sprite::new(&b, dx, dy),
            &format!("platforms at ({dx}, {dy})"),
        );
    }
}

#[test]
fn sprites_over_and_on_a_terrain() {
    let surface = |x: u32| (60.0 + 25.0 * (x as f64 / 17.0).sin()) as u32;
    let terrain = Mask::from_fn(700, 100, |x, y| y >= surface(x)).unwrap();
    let small = Mask::full(64, 64).unwrap();
    let wide = Mask::full(200, 40).unwrap();
    let ring = Mask::from_fn(50, 50, |x, y| {
        let d = (x as i32 - 25).pow(2) + (y as i32 - 25).pow(2);
        (200..=600).contains(&d)
    })
    .unwrap();
    let t = Sprite::new(&terrain, 0, 0);
    for sprite in [&small, &wide, &ring] {
        for x in [0, 37, 301, 640] {
            let w = sprite.width() as i32;
            let top = (x..(x + w).min(700))
                .map(|c| surface(c as u32))
                .min()
                .unwrap() as i32;
            for y in [
                top - sprite.height() as i32,
                top - sprite.height() as i32 + 1,
                -20,
                70,
            ] {
                check(
                    &t,
                    &Sprite::new(sprite, x, y),
                    &format!("sprite at ({x}, {y})"),
                );
            }
        }
    }
}

#[test]
fn sprites_in_wide_transparent_frames() {
    let frame = Mask::from_fn(256, 96, |x, y| {
        (x as i32 - 128).pow(2) + (y as i32 - 48).pow(2) * 4 <= 40 * 40
    })
    .unwrap();
    let empty = Mask::empty(256, 96).unwrap();
    for (dx, dy) in [(81, 10), (79, 0), (0, 45), (-170, 20), (10, -40)] {
        let (a, b) = (Sprite::new(&frame, 0, 0), Sprite::new(&frame, dx, dy));
        check(&a, &b, &format!("frames at ({dx}, {dy})"));
        check(
            &a,
            &Sprite::new(&empty, dx, dy),
            "frame against an empty mask",
        );
    }
}

#[test]
fn interleaved_columns_wider_than_a_vector() {
    let cols = Mask::from_fn(700, 20, |x, _| x % 2 == 0).unwrap();
    for dx in [-3, 1, 2, 3, 64, 65, 255, 256, 257] {
        check(
            &Sprite::new(&cols, 0, 0),
            &Sprite::new(&cols, dx, 1),
            &format!("columns at dx {dx}"),
        );
    }
}

/// Whether a mask keeps per-row spans: they show in its heap size (beyond the header,
/// the rows and pad, and the block level; ask before a query of whole rows builds the
/// word level, which shows there too).
fn keeps_spans(m: &Mask) -> bool {
    // An empty mask of the same size keeps no spans: anything more is them.
    m.heap_bytes() > Mask::empty(m.width(), m.height()).unwrap().heap_bytes()
}

#[test]
fn rails_one_row_apart() {
    // Every other row solid: every 8x8 block is occupied, so only the spans skip rows.
    let rails = Mask::from_fn(300, 150, |_, y| y % 2 == 0).unwrap();
    assert!(keeps_spans(&rails), "half the rows are empty: spans kept");
    let a = Sprite::new(&rails, 0, 0);
    for (dx, dy) in [
        (5, 1),
        (0, 1),
        (-3, 63),
        (70, 65),
        (5, 0),
        (1, 2),
        (-250, -1),
        (299, 3),
    ] {
        let b = Sprite::new(&rails, dx, dy);
        check(&a, &b, &format!("rails at ({dx}, {dy})"));
        assert_eq!(a.collides(&b), dy % 2 == 0, "rails at ({dx}, {dy})");
    }
}

#[test]
fn ramps_along_a_diagonal() {
    // A lower-left and an upper-right triangle: the blocks along the diagonal hold both,
    // the rows' spans never meet when the gap is positive.
    let lower = Mask::from_fn(400, 300, |x, y| x < y).unwrap();
    let upper = Mask::from_fn(400, 300, |x, y| x > y + 2).unwrap();
    assert!(keeps_spans(&lower) && keeps_spans(&upper));
    let a = Sprite::new(&lower, 0, 0);
    for (dx, dy) in [
        (0, 0),
        (-2, 0),
        (-3, 0),
        (-4, 0),
        (-3, 1),
        (64, 64),
        (-100, 7),
        (130, -129),
    ] {
        check(
            &a,
            &Sprite::new(&upper, dx, dy),
            &format!("ramps at ({dx}, {dy})"),
        );
    }
    assert!(!a.collides(&Sprite::new(&upper, 0, 0)));
    assert!(!a.collides(&Sprite::new(&upper, -2, 0)));
    assert!(a.collides(&Sprite::new(&upper, -4, 0)));
}

#[test]
fn scattered_rows_across_live_map_words() {
    // Rows that are empty, short or long in a pattern that does not repeat every 64 rows,
    // in masks taller than one 64-row word of the live-row map.
    let shape = |seed: u32| {
        move |x: u32, y: u32| {
            let h = y.wrapping_mul(2_654_435_761).wrapping_add(seed) >> 7;
            let (start, len) = (h % 180, (h >> 8) % 140);
            h % 5 != 0 && x >= start && x < start + len && (x + y) % 3 != 0
        }
    };
    let a = Mask::from_fn(260, 210, shape(1)).unwrap();
    let b = Mask::from_fn(333, 190, shape(77)).unwrap();
    let noise_like = Mask::from_fn(260, 100, |x, y| (x * 7 + y * 13) % 3 == 0).unwrap();
    assert!(keeps_spans(&a) && keeps_spans(&b));
    assert!(
        !keeps_spans(&noise_like),
        "rows that run across the bounds: no spans"
    );
    for (dx, dy) in [
        (0, 0),
        (1, 1),
        (-37, 63),
        (65, 64),
        (-70, -65),
        (100, 127),
        (5, -128),
    ] {
        check(
            &Sprite::new(&a, 0, 0),
            &Sprite::new(&b, dx, dy),
            &format!("scattered rows at ({dx}, {dy})"),
        );
        check(
            &Sprite::new(&noise_like, 0, 0),
            &Sprite::new(&b, dx, dy),
            &format!("spans against no spans at ({dx}, {dy})"),
        );
    }
}

/// Spikes lowered into a deep valley, and raised into the same valley hanging from a
/// ceiling, each to the first height where they touch and one row short of it: the
/// terrain's row spans reach across the valley (they skip no row), its block level does
/// not (windows of 64 rows of air are skipped on the blocks before their spans are
/// read). Spikes of every height from 60 to 140 rows put the touching row at every
/// offset of a 64-row window.
#[test]
fn spikes_in_a_valley_from_above_and_below() {
    // A valley between a hill on the left and a lower plateau on the right: the rows
    // above the plateau end short of the right edge, so the terrain keeps spans.
    let surface = |x: u32| match x {
        0..420 => (150.0 + 180.0 * ((x as f64 - 250.0) / 160.0).cos().max(0.0)) as u32,
        _ => 260,
    };
    let ground = Mask::from_fn(500, 340, |x, y| y >= surface(x)).unwrap();
    let ceiling = Mask::from_fn(500, 340, |x, y| 339 - y >= surface(x)).unwrap();
    assert!(keeps_spans(&ground) && keeps_spans(&ceiling));
    // Row y of a tip-down spike spans the middle 120 * (1 - y / h) columns.
    let spike = |h: u32, tip_down: bool| {
        Mask::from_fn(120, h, move |x, y| {
            let y = if tip_down { y } else { h - 1 - y } as i32;
            (x as i32 - 60).abs() * (h as i32) < 60 * (h as i32 - y)
        })
        .unwrap()
    };
    let x = 191;
    let hits = |t: &Mask, s: &Mask, y: i32| {
        reference::collides(&Sprite::new(t, 0, 0), &Sprite::new(s, x, y))
    };
    let mut checked = 0;
    for h in 60..=140 {
        let (down, up) = (spike(h, true), spike(h, false));
        assert!(keeps_spans(&down) && keeps_spans(&up));
        // Lowered: the first height that touches the ground; raised: the last that
        // touches the ceiling.
        // The search starts where the tip reaches the highest ground under the spike.
        let top = (x..x + 120).map(|c| surface(c as u32)).min().unwrap() as i32;
        let y_down = (top - h as i32..)
            .find(|&y| hits(&ground, &down, y))
            .unwrap();
        let y_up = (-400..=339 - top)
            .rev()
            .find(|&y| hits(&ceiling, &up, y))
            .unwrap();
        for (t, s, y) in [
            (&ground, &down, y_down),
            (&ground, &down, y_down - 1),
            (&ceiling, &up, y_up),
            (&ceiling, &up, y_up + 1),
        ] {
            let t = Sprite::new(t, 0, 0);
            check(
                &t,
                &Sprite::new(s, x, y),
                &format!("{h}-row spike at ({x}, {y})"),
            );
            checked += 1;
        }
    }
    println!("spikes in a valley: {checked} placements of 81 spikes");
}

/// A rectangle asked of a wide mask whose solid pixels lie beside it in the same rows:
/// the region (the mask ANDed with itself inside the rectangle) must not widen to the
/// mask's whole rows, however far they reach. Checked against the pixels, on every path
/// with every combination of early outs, with the mask at several world columns.
#[test]
fn rectangles_beside_the_solid_pixels_of_whole_rows() {
    use perpixel::{BodyDef, Bounds2D, Filter, World};
    let mask = Mask::from_fn(512, 24, |x, y| {
        (3..6).contains(&y) && (x == 10 || x == 500) || (y == 20 && x == 300)
    })
    .unwrap();
    let mut checked = 0;
    for wx in [0, 7, -64, 100] {
        let mut world = World::new();
        let id = world.create_body(BodyDef::new(&mask, wx, 0)).unwrap();
        for (x, y, w, h) in [
            (100, 0, 300, 24),
            (11, 0, 489, 20),
            (11, 0, 489, 21),
            (5, 0, 400, 24),
            (0, 3, 511, 3),
            (0, 6, 512, 14),
            (-20, 0, 100, 4),
            (200, 18, 312, 6),
        ] {
            let rect = Bounds2D::new(wx + x, y, w, h);
            let want = (0..mask.height()).any(|py| {
                (0..mask.width()).any(|px| {
                    mask.is_solid(px, py)
                        && (x..x + w).contains(&(px as i32))
                        && (y..y + h).contains(&(py as i32))
                })
            });
            let want = if want { vec![id] } else { vec![] };
            each_setting(|path, early| {
                let got = world.in_rect(rect, &Filter::default());
                assert_eq!(got, want, "{rect:?} at {wx} on {} {early:?}", path.name());
            });
            checked += 1;
        }
    }
    println!("rectangles beside whole rows: {checked} rectangles");
}

/// Noise on both sides that meets in a few blocks of every band, at offsets that line
/// up neither the columns nor the block rows: the first-contact search checks the blocks
/// where the block levels meet until they are too many, then reads the rest of the
/// region by the vector loop. A common pixel planted near the end (or none) must be the
/// answer either way.
#[test]
fn noise_meeting_in_many_blocks() {
    let noise = |w: u32, h: u32, seed: u64, parity: u32| {
        let mut s = seed;
        Mask::from_fn(w, h, |x, y| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 33) % 1000 < 3 && (x + y) % 2 == parity
        })
        .unwrap()
    };
    let mut checked = 0;
    for (dx, dy) in [(3i32, 5i32), (-5, 2)] {
        let a = noise(1100, 400, 7, 0);
        // B's pixel (x, y) sits on A's (x + dx, y + dy): the other parity misses.
        let b = noise(1100, 400, 9, (1 + (dx + dy).rem_euclid(2) as u32) % 2);
        for planted in [None, Some((1000u32, 390u32))] {
            let (mut a, mut b) = (a.clone(), b.clone());
            if let Some((x, y)) = planted {
                a.set_pixel(x as i32, y as i32, true).unwrap();
                b.set_pixel(x as i32 - dx, y as i32 - dy, true).unwrap();
            }
            let (p, q) = (Sprite::new(&a, 0, 0), Sprite::new(&b, dx, dy));
            check(
                &p,
                &q,
                &format!("noise at ({dx}, {dy}), planted {planted:?}"),
            );
            checked += 1;
        }
    }
    println!("noise meeting in many blocks: {checked} pairs");
}
