//! The shape tools on random masks against the plain per-pixel oracles of
//! `perpixel::reference::shape` and `reference::edit`: centroid and angle (bit for bit),
//! connected components (labels, counts, bounds, masks, at a pixel, largest; both
//! connectivities and orders, a minimum size), grow and shrink (three norms, edges or
//! not), convolve, scale, crop, the bytes round trip, the colour-range mask of the
//! rendered pixels, and the edits (circle, line, draw, erase, xor at an offset), each
//! followed by a query that must equal the same query on a rebuilt mask.
//!
//! Input layout (missing bytes read as 0): width and height of mask A (one byte each, up
//! to 47 and 39), of mask B (up to 15 and 11), a reach (one byte, up to 7), a scale size
//! (two bytes), a crop rectangle (four bytes), an option byte, an edit (five bytes), then
//! the masks' bits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perpixel::reference::{edit as edit_oracle, shape as oracle};
use perpixel::{
    Bounds2D, ColorRange, ComponentOptions, ComponentOrder, Connectivity, Mask, MorphOptions,
    Norm, PixelFormat,
};

#[path = "reader.rs"]
mod reader;
use reader::{Reader, mask};

fuzz_target!(|data: &[u8]| {
    let mut r = Reader(data);
    let (w, h) = ((r.u8() % 48) as u32, (r.u8() % 40) as u32);
    let (bw, bh) = ((r.u8() % 16) as u32, (r.u8() % 12) as u32);
    let reach = (r.u8() % 8) as u32;
    let (sw, sh) = ((r.u8() % 64) as u32, (r.u8() % 64) as u32);
    let crop = Bounds2D::new(
        (r.u8() % 50) as i32 - 1,
        (r.u8() % 42) as i32 - 1,
        (r.u8() % 50) as i32,
        (r.u8() % 42) as i32,
    );
    let flags = r.u8();
    let edit = r.bytes::<5>();
    let a = mask(w, h, r.0);
    let b = mask(bw, bh, r.0.get(7..).unwrap_or(&[]));

    // Analysis.
    assert_eq!(a.centroid(), oracle::centroid(&a));
    assert_eq!(a.angle().to_bits(), oracle::angle(&a).to_bits(), "angle of {a:?}");
    let options = ComponentOptions {
        connectivity: if flags & 1 == 0 { Connectivity::Eight } else { Connectivity::Four },
        order: if flags & 2 == 0 { ComponentOrder::Position } else { ComponentOrder::LargestFirst },
        min_pixels: (flags >> 4) as u64,
    };
    assert_eq!(a.component_labels(&options).unwrap(), oracle::component_labels(&a, &options));
    assert_eq!(a.connected_components(&options).unwrap(), oracle::connected_components(&a, &options));
    assert_eq!(a.component_bounds(&options).unwrap(), oracle::component_bounds(&a, &options));
    assert_eq!(
        a.largest_component(options.connectivity).unwrap(),
        oracle::largest_component(&a, options.connectivity)
    );
    if w > 0 && h > 0 {
        let (x, y) = (edit[0] as u32 % w, edit[1] as u32 % h);
        assert_eq!(
            a.component_at(x, y, options.connectivity).ok(),
            oracle::component_at(&a, x, y, options.connectivity)
        );
    }

    // Morphology and resampling.
    let norm = [Norm::Disc, Norm::Square, Norm::Diamond][(flags as usize >> 2) % 3];
    let morph = MorphOptions { norm, shrink_from_edges: flags & 8 == 0 };
    let grown = a.grow(reach, &morph).unwrap();
    assert_eq!(grown, oracle::grow(&a, reach, &morph));
    assert_eq!(a.shrink(reach, &morph).unwrap(), oracle::shrink(&a, reach, &morph));
    if !morph.shrink_from_edges {
        // Closing holds every pixel of the original.
        let closed = grown.shrink(reach, &morph).unwrap();
        assert_eq!(a.overlap_area(&closed, (0, 0)), a.count());
    }
    assert_eq!(a.convolve(&b).unwrap(), oracle::convolve(&a, &b));
    assert_eq!(a.scale(sw, sh).unwrap(), oracle::scale(&a, sw, sh));
    assert_eq!(a.crop(crop).ok(), oracle::crop(&a, crop));

    // Conversions.
    assert_eq!(Mask::from_bytes(w, h, &a.to_bytes().unwrap()).unwrap(), a);
    let (set, unset) = ([edit[2], 200, 30, 255], [edit[3], 10, 90, 0]);
    let px = a.to_pixels(PixelFormat::Rgba8, set, unset).unwrap();
    let range = ColorRange { min: [0, 150, 0, 1], max: [255, 255, 255, 255] };
    let back = Mask::from_color_range(&px, PixelFormat::Rgba8, w, h, w as usize * 4, range).unwrap();
    assert_eq!(back, a, "the set colour's range gives the mask back");

    // Edits, then a query, against rebuilding the mask from the oracle's pixels.
    let (cx, cy) = (edit[0] as i32 - 8, edit[1] as i32 - 8);
    let radius = (edit[4] % 20) as u32;
    let solid = flags & 0x40 != 0;
    let mut e = a.clone();
    let mut want = a.clone();
    match edit[2] % 5 {
        0 => {
            e.fill_circle(cx, cy, radius, solid).unwrap();
            want = edit_oracle::fill_circle(&want, cx, cy, radius, solid);
        }
        1 => {
            let (x1, y1) = (edit[3] as i32 - 8, edit[4] as i32 / 4);
            e.draw_line(cx, cy, x1, y1, radius % 6, solid).unwrap();
            want = edit_oracle::draw_line(&want, cx, cy, x1, y1, radius % 6, solid);
        }
        2 => {
            e.draw(&b, cx, cy).unwrap();
            want = edit_oracle::draw(&want, &b, cx, cy);
        }
        3 => {
            e.erase(&b, cx, cy).unwrap();
            want = edit_oracle::erase(&want, &b, cx, cy);
        }
        _ => {
            e.xor(&b, cx, cy).unwrap();
            want = edit_oracle::xor(&want, &b, cx, cy);
        }
    }
    assert_eq!(e, want);
    let rebuilt = Mask::from_fn(w, h, |x, y| want.is_solid(x, y)).unwrap();
    assert_eq!(e.solid_bounds(), rebuilt.solid_bounds());
    assert_eq!(e.count(), rebuilt.count());
    for (dx, dy) in [(0, 0), (cx, cy), (-cx, 3)] {
        assert_eq!(e.collides(&b, (dx, dy)), rebuilt.collides(&b, (dx, dy)));
        assert_eq!(e.overlap_area(&b, (dx, dy)), rebuilt.overlap_area(&b, (dx, dy)));
        assert_eq!(e.first_contact(&b, (dx, dy)), rebuilt.first_contact(&b, (dx, dy)));
    }
});
