//! Bounded cost of transformed sprites (issue 30): for two random masks placed by
//! transforms or matrices with extreme numbers (scales across the whole accepted range,
//! 1e-6 to 1e6, positions out to ±2^31, raw f64 bit patterns), under a mask size limit
//! of 2^16 pixels:
//!
//! * `TransformedSprite::new` / `from_affine` refuse exactly what `Mask::rasterise`
//!   refuses, with the same error and numbers (a raster corner outside `i32` aside);
//! * for an accepted pair, each sampled query's counted work (rows stepped plus pixels
//!   sampled, `TransformedSprite::query_work`) is at most the smaller transformed
//!   rectangle's rows (plus 8) plus the smaller raster's pixels, and the answers are the
//!   rasters' answers;
//! * and libFuzzer's per-input timeout (10 s in `run.sh`) catches any hang left.
//!
//! Input layout (missing bytes read as 0): width and height of A and B (one byte each, up
//! to 40 x 40), then per sprite a mode byte (bit 0: a matrix instead of a transform;
//! bit 1: raw f64 bit patterns instead of tame-or-extreme numbers; bit 2: a pivot;
//! bits 3-4: flips) and seven 8-byte numbers, then the mask bits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perpixel::Affine;

#[path = "reader.rs"]
mod reader;
use reader::{Reader, mask, transform, two_sizes};
#[path = "../../tests/common/cost.rs"]
mod cost;
use cost::{Place, same_rule, work_within};

/// A number from 8 input bytes: raw bits, or a tame value with a chance of an extreme.
fn number(r: &mut Reader, raw: bool, tame: impl Fn(u64) -> f64) -> f64 {
    let bits = u64::from_le_bytes(r.bytes());
    if raw { f64::from_bits(bits) } else { tame(bits) }
}

/// Scales from 1e-6 to 1e6 (either sign), log-uniform, and the extremes exactly.
fn scale(bits: u64) -> f64 {
    let sign = if bits & 1 == 1 { -1.0 } else { 1.0 };
    let magnitude = match (bits >> 1) % 8 {
        0 => 1e6,
        1 => 1e-6,
        2 => 3000.0,
        _ => 10f64.powf(((bits >> 8) % 12_001) as f64 / 1000.0 - 6.0),
    };
    sign * magnitude
}

fn position(bits: u64) -> f64 {
    match bits % 16 {
        0 => 2147483648.0,
        1 => -2147483648.0,
        _ => ((bits >> 8) % 4001) as f64 / 100.0 - 20.0,
    }
}

fn place(r: &mut Reader) -> Place {
    let mode = r.u8();
    let raw = mode & 2 != 0;
    let (x, y) = (number(r, raw, position), number(r, raw, position));
    let rotation = number(r, raw, |b| (b % 72_001) as f64 / 100.0 - 360.0);
    let (sx, sy) = (number(r, raw, scale), number(r, raw, scale));
    let (px, py) = (
        number(r, raw, |b| (b % 2001) as f64 / 10.0 - 100.0),
        number(r, raw, |b| (b % 2001) as f64 / 10.0 - 100.0),
    );
    if mode & 1 != 0 {
        // A matrix: rotation and the pivot's numbers as its off-diagonal entries.
        let skew = |v: f64| if raw { v } else { v / 50.0 };
        return Place::M(Affine {
            m: [[sx, skew(px), x], [skew(py), sy, y]],
        });
    }
    let pivot = (mode & 4 != 0).then_some((px, py));
    Place::T(transform(
        (x, y),
        rotation,
        (sx, sy),
        (mode & 8 != 0, mode & 16 != 0),
        pivot,
    ))
}

fuzz_target!(|data: &[u8]| {
    perpixel::set_max_mask_pixels(1 << 16).unwrap();
    let mut r = Reader(data);
    let [(wa, ha), (wb, hb)] = two_sizes(&mut r);
    let (pa, pb) = (place(&mut r), place(&mut r));
    let bits = r.0;
    let split = bits.len() / 2;
    let (a, b) = (mask(wa, ha, &bits[..split]), mask(wb, hb, &bits[split..]));

    // One rule: refused exactly as the raster is.
    for (m, p) in [(&a, &pa), (&b, &pb)] {
        if let Err(why) = same_rule(m, p) {
            panic!("{why}");
        }
    }
    // Bounded work.
    if let Err(why) = work_within(&a, &pa, &b, &pb) {
        panic!("{why}");
    }
    // The rasters' answers, when both sit where their rasters are (corners within i32).
    if let (Ok(sa), Ok(sb), Ok(ra), Ok(rb)) = (
        pa.sprite(&a),
        pb.sprite(&b),
        pa.raster(&a, false),
        pb.raster(&b, false),
    ) {
        assert_eq!(sa.overlap_area(&sb), ra.sprite().overlap_area(&rb.sprite()));
        assert_eq!(sa.first_contact(&sb), ra.sprite().first_contact(&rb.sprite()));
        assert_eq!(sa.collides(&sb), ra.sprite().collides(&rb.sprite()));
    }
});
