//! The early outs (solid-bounds clipping, the 8x8 block level) and every kernel path on
//! shapes built to exercise them: sparse platforms whose blocks never meet, a sprite in
//! a terrain valley, sprites in wide transparent frames, masks wider than a vector.
//! Every answer is checked against `perpixel::reference`.

use perpixel::kernels::{self, EarlyOuts};
use perpixel::{Mask, Sprite, reference};

fn check(a: &Sprite, b: &Sprite, what: &str) {
    for path in kernels::available_paths() {
        for early in [
            EarlyOuts::ALL,
            EarlyOuts::NONE,
            EarlyOuts {
                clip: true,
                blocks: false,
            },
            EarlyOuts {
                clip: false,
                blocks: true,
            },
        ] {
            kernels::with_path(path, || {
                kernels::with_early_outs(early, || {
                    for (p, q) in [(a, b), (b, a)] {
                        let ctx = format!("{what}: {} {early:?}", path.name());
                        assert_eq!(p.collides(q), reference::collides(p, q), "{ctx}");
                        assert_eq!(p.first_contact(q), reference::first_contact(p, q), "{ctx}");
                        assert_eq!(p.overlap_area(q), reference::overlap_area(p, q), "{ctx}");
                        assert_eq!(p.overlap_mask(q), reference::overlap_mask(p, q), "{ctx}");
                    }
                })
            });
        }
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
