//! Transformed sprites against `perpixel::reference::transformed` with hostile numbers:
//! for any transform (NaN, infinities, huge or tiny scales, any angle, pivots anywhere,
//! sub-pixel positions) `Mask::rasterise` either refuses it with an error or gives the
//! raster the oracle gives, pixel for pixel; and pair queries on two rasters are
//! symmetric and agree with the oracle.
//!
//! Input layout (missing bytes read as 0): width and height of A and B (one byte each, up
//! to 40 x 40), the two transforms' numbers as f64 bit patterns (x, y, rotation, scale x,
//! scale y, pivot x, pivot y), flags (flips, pivot on/off, "tame" numbers), then the bits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perpixel::reference::transformed::{self as oracle, TransformedSprite};
use perpixel::Transform;

#[path = "reader.rs"]
mod reader;
use reader::{Reader, mask, two_sizes};


/// A transform from the input: raw f64 bit patterns, or (`tame`) small numbers made from
/// them so that most inputs give a raster to compare.
fn transform(r: &mut Reader, flags: u8, tame: bool) -> Transform {
    let mut num = |scale: f64, offset: f64| {
        let bits = u64::from_le_bytes(r.bytes());
        if tame {
            (bits % 100_000) as f64 / 100_000.0 * scale + offset
        } else {
            f64::from_bits(bits)
        }
    };
    let (x, y) = (num(80.0, -40.0), num(80.0, -40.0));
    let rotation = num(720.0, -360.0);
    let (sx, sy) = (num(6.0, -3.0), num(6.0, -3.0));
    let (px, py) = (num(60.0, -10.0), num(60.0, -10.0));
    let pivot = (flags & 4 != 0).then_some((px, py));
    reader::transform(
        (x, y),
        rotation,
        (sx, sy),
        (flags & 1 != 0, flags & 2 != 0),
        pivot,
    )
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    let [(wa, ha), (wb, hb)] = two_sizes(&mut r);
    let flags = r.u8();
    let tame = flags & 8 == 0;
    let ta = transform(&mut r, flags, tame);
    let tb = transform(&mut r, flags >> 4, tame);
    let bits = r.0;
    let split = bits.len() / 2;
    let a = mask(wa, ha, &bits[..split]);
    let b = mask(wb, hb, &bits[split..]);
    // Keep rasters small: a hostile scale must fail cleanly (TooLarge), never abort.
    perpixel::set_max_mask_pixels(1 << 16).unwrap();

    let (ra, rb) = match (a.rasterise(&ta), b.rasterise(&tb)) {
        (Ok(ra), Ok(rb)) => (ra, rb),
        _ => return,
    };
    let (oa, ob) = match (
        TransformedSprite::new(&a, &ta, true),
        TransformedSprite::new(&b, &tb, true),
    ) {
        (Ok(oa), Ok(ob)) => (oa, ob),
        _ => panic!("the raster accepted a transform the oracle refused"),
    };
    // The raster is the oracle's coverage, pixel for pixel, over the raster's box.
    for j in 0..ra.mask.height() as i64 {
        for i in 0..ra.mask.width() as i64 {
            let want = oracle::covers(&a, &oa.fixed, ra.x as i64 + i, ra.y as i64 + j);
            assert_eq!(ra.mask.is_solid(i as u32, j as u32), want, "A at ({i}, {j})");
        }
    }
    let (sa, sb) = (ra.sprite(), rb.sprite());
    assert_eq!(sa.collides(&sb), oracle::collides(&oa, &ob));
    assert_eq!(sa.first_contact(&sb), oracle::first_contact(&oa, &ob));
    assert_eq!(sa.overlap_area(&sb), oracle::overlap_area(&oa, &ob));
    assert_eq!(sb.collides(&sa), sa.collides(&sb));
    assert_eq!(sb.overlap_area(&sa), sa.overlap_area(&sb));
});
