//! The pair queries against `perpixel::reference` on random masks and placements: for
//! every input, `collides`, `first_contact`, `overlap_area` and `overlap_mask` on placed
//! sprites (pixel-perfect or bounds-only) must equal the reference algorithm, and the
//! pygame-style mask queries must agree with the sprite queries; B swept against A (by a
//! motion drawn from B's offset) stops where stepping every position of its path does.
//!
//! When the two sprites are near each other (so the oracles' boxes stay small), the
//! contacts and motion queries too: B's contact normal against A (both ways), B pushed
//! out of A, B moved and slid against A, a ray cast at A; each against
//! `perpixel::reference::motion`, normals and distances bit for bit.
//!
//! Input layout (missing bytes read as 0): widths and heights of A and B (one byte each,
//! up to 255 x 63), positions of A and B (i32 each; flag bits pick extreme values), flags,
//! eight knob bytes for the motion queries (push direction kind, a direction as two i8,
//! push distance, step-up and up, a move as two i8, ray length), then the bits of A and
//! B row by row.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perpixel::reference::motion;
use perpixel::{MoveOptions, Normal, PushDirection, RayHit, Sprite, reference};

#[path = "reader.rs"]
mod reader;
use reader::{Reader, mask};


fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    let (wa, ha, wb, hb) = (r.u8() as u32, (r.u8() % 64) as u32, r.u8() as u32, (r.u8() % 64) as u32);
    let raw = [r.i32(), r.i32(), r.i32(), r.i32()];
    let flags = r.u8();
    let knobs: [u8; 8] = r.bytes();
    let bits = r.0;
    let split = bits.len() / 2;
    let a = mask(wa, ha, &bits[..split]);
    let b = mask(wb, hb, &bits[split..]);

    // Positions: small offsets around A most of the time, the i32 extremes sometimes.
    let place = |v: i32, extreme: bool| if extreme { v } else { v % 300 };
    let pa = (place(raw[0], flags & 1 != 0), place(raw[1], flags & 2 != 0));
    let pb = if flags & 4 != 0 {
        (raw[2], raw[3])
    } else {
        (pa.0.saturating_add(raw[2] % 300), pa.1.saturating_add(raw[3] % 70))
    };
    let sa = Sprite { mask: &a, x: pa.0, y: pa.1, pixel_collision: flags & 8 == 0 };
    let sb = Sprite { mask: &b, x: pb.0, y: pb.1, pixel_collision: flags & 16 == 0 };

    assert_eq!(sa.collides(&sb), reference::collides(&sa, &sb));
    assert_eq!(sa.first_contact(&sb), reference::first_contact(&sa, &sb));
    assert_eq!(sa.overlap_area(&sb), reference::overlap_area(&sa, &sb));
    assert_eq!(sa.overlap_mask(&sb), reference::overlap_mask(&sa, &sb));
    // Symmetry: B against A touches the same pixels.
    assert_eq!(sb.collides(&sa), sa.collides(&sb));
    assert_eq!(sb.overlap_area(&sa), sa.overlap_area(&sb));

    // Sweep B against A by a motion drawn from the same numbers: the first touching
    // position of its path must be the one stepping finds (every position tested with
    // the pair query checked above).
    let motion = ((raw[2] >> 8) % 120, (raw[3] >> 8) % 120);
    if let Ok(swept) = sb.sweep(&sa, motion.0, motion.1) {
        let mut stepped = perpixel::Sweep::Clear;
        let mut last = (sb.x as i64, sb.y as i64);
        for (k, (ox, oy)) in perpixel::SweepPath::new(motion.0, motion.1).enumerate() {
            let at = Sprite { x: sb.x + ox, y: sb.y + oy, ..sb };
            if let Some(contact) = sa.first_contact(&at) {
                stepped = if k == 0 {
                    perpixel::Sweep::StartsTouching {
                        contact,
                        normal: motion::contact_normal(&at, &sa),
                    }
                } else {
                    perpixel::Sweep::Hit(perpixel::SweepHit {
                        step: k as u64,
                        steps: (motion.0.unsigned_abs() + motion.1.unsigned_abs()) as u64,
                        at: perpixel::Point { x: at.x as i64, y: at.y as i64 },
                        last_free: perpixel::Point { x: last.0, y: last.1 },
                        contact,
                        // The blocked step's normal at the last free position.
                        normal: Some(motion::blocked_normal(
                            &Sprite { x: last.0 as i32, y: last.1 as i32, ..sb },
                            &sa,
                            (at.x as i64 - last.0, at.y as i64 - last.1),
                            (motion.0 as i64, motion.1 as i64),
                        )),
                    })
                };
                break;
            }
            last = (at.x as i64, at.y as i64);
        }
        assert_eq!(swept, stepped);
    } else {
        // Refused only when the end leaves i32.
        assert!(
            i32::try_from(sb.x as i64 + motion.0 as i64).is_err()
                || i32::try_from(sb.y as i64 + motion.1 as i64).is_err()
        );
    }

    if flags & 4 == 0 {
        motion_queries(&sa, &sb, knobs);
    }

    // pygame style: A at the origin, B at an offset that fits in i32.
    if let (Ok(dx), Ok(dy)) = (
        i32::try_from(pb.0 as i64 - pa.0 as i64),
        i32::try_from(pb.1 as i64 - pa.1 as i64),
    ) {
        let (ra, rb) = (Sprite::new(&a, 0, 0), Sprite::new(&b, dx, dy));
        assert_eq!(a.collides(&b, (dx, dy)), reference::collides(&ra, &rb));
        assert_eq!(a.first_contact(&b, (dx, dy)), reference::first_contact(&ra, &rb));
        assert_eq!(a.overlap_area(&b, (dx, dy)), reference::overlap_area(&ra, &rb));
        assert_eq!(a.overlap_mask(&b, (dx, dy)), reference::overlap_mask(&ra, &rb));
    }
});

fn normal_bits(n: Option<Normal>) -> Option<(u64, u64)> {
    n.map(|n| (n.x.to_bits(), n.y.to_bits()))
}

fn hit_bits(h: Option<RayHit>) -> Option<(i64, i64, u64, u64, Option<(u64, u64)>)> {
    h.map(|h| (h.pixel.x, h.pixel.y, h.step, h.distance.to_bits(), normal_bits(h.normal)))
}

/// The contacts and motion queries of B against A (near each other) against the
/// oracles; errors must agree as errors.
fn motion_queries(sa: &Sprite, sb: &Sprite, k: [u8; 8]) {
    assert_eq!(sa.is_solid_at(sb.x as i64, sb.y as i64), motion::solid_at(sa, sb.x as i64, sb.y as i64));
    for (m, o) in [(sb, sa), (sa, sb)] {
        let (fast, slow) = (normal_bits(m.contact_normal(o)), normal_bits(motion::contact_normal(m, o)));
        assert_eq!(fast, slow);
    }

    // Push-out: the oracle tries up to (2 max + 1)^2 candidates for Any (2 max + 1 for
    // the others), each a pair test over the overlap, so large masks get short pushes
    // (the fuzzer's speed matters more than long pushes, which the property tests cover).
    let (ddx, ddy) = (k[1] as i8 as i32, k[2] as i8 as i32);
    let small = sa.mask.width() * sa.mask.height() <= 2048 && sb.mask.width() * sb.mask.height() <= 2048;
    let (any_max, line_max) = if small { (16, 256) } else { (4, 16) };
    let (dir, max) = match k[0] % 4 {
        0 => (PushDirection::Any, k[3] as u32 % any_max),
        1 => (PushDirection::Horizontal, k[3] as u32 % line_max),
        2 => (PushDirection::Vertical, k[3] as u32 % line_max),
        _ => (PushDirection::Along { dx: ddx, dy: ddy }, k[3] as u32 % line_max),
    };
    let fast = sb.push_out(sa, dir, max);
    let slow = motion::push_out(sb, sa, dir, max);
    match (&fast, &slow) {
        (Ok(f), Ok(s)) => assert_eq!(f, s, "{dir:?} within {max}"),
        (Err(_), Err(_)) => {}
        _ => panic!("push_out {dir:?} within {max}: {fast:?} vs {slow:?}"),
    }

    // Move-and-slide: the oracle steps each pixel without range checks, so it runs only
    // where the fast path found the motion in range.
    let options = MoveOptions { step_up: k[4] as u32 % 5, up: if k[4] & 8 != 0 { 1 } else { -1 } };
    let (mx, my) = (k[5] as i8 as i32, k[6] as i8 as i32);
    match sb.move_and_slide(&[*sa], mx, my, &options) {
        Ok(m) => assert_eq!(m, motion::move_and_slide(sb, &[*sa], mx, my, &options).unwrap()),
        Err(_) => {
            let reach = options.step_up as i64 * mx.unsigned_abs() as i64;
            let (x, y) = (sb.x as i64, sb.y as i64);
            assert!(
                i32::try_from(x + mx as i64).is_err()
                    || i32::try_from(y + my.min(0) as i64 - reach).is_err()
                    || i32::try_from(y + my.max(0) as i64 + reach).is_err()
            );
        }
    }

    // A ray from B's position in the knob direction (an error for (0, 0) in both).
    let length = k[7] as u32 * 2;
    let fast = sa.raycast(sb.x, sb.y, ddx, ddy, length);
    let slow = motion::raycast(sa, sb.x, sb.y, ddx, ddy, length);
    match (fast, slow) {
        (Ok(f), Ok(s)) => {
            assert_eq!(hit_bits(f), hit_bits(s), "{f:?} vs {s:?}");
        }
        (Err(_), Err(_)) => {}
        (f, s) => panic!("raycast: {f:?} vs {s:?}"),
    }
}
