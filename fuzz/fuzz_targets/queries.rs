//! The pair queries against `perpixel::reference` on random masks and placements: for
//! every input, `collides`, `first_contact`, `overlap_area` and `overlap_mask` on placed
//! sprites (pixel-perfect or bounds-only) must equal the reference algorithm, and the
//! pygame-style mask queries must agree with the sprite queries.
//!
//! Input layout (missing bytes read as 0): widths and heights of A and B (one byte each,
//! up to 255 x 63), positions of A and B (i32 each; flag bits pick extreme values), flags,
//! then the bits of A and B row by row.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perpixel::{Sprite, reference};

#[path = "reader.rs"]
mod reader;
use reader::{Reader, mask};


fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    let (wa, ha, wb, hb) = (r.u8() as u32, (r.u8() % 64) as u32, r.u8() as u32, (r.u8() % 64) as u32);
    let raw = [r.i32(), r.i32(), r.i32(), r.i32()];
    let flags = r.u8();
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
