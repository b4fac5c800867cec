//! The seeds' algorithm, kept literally: the oracle every fast path is tested against and
//! the baseline benchmarks report speed-ups over. Plain and obviously right, not fast.
//!
//! It does what the tutorials do: intersect the two rectangles, convert the intersection
//! into each sprite's local space with [`Bounds2D::to_local`], copy out the matching
//! sub-rectangle of pixels from each sprite (one `bool` per pixel, as a `Color[]` holds
//! one colour per pixel) and compare them index by index.

use crate::{Bounds2D, Mask, MaskOptions, Overlap, PixelFormat, Point, Sprite};

/// The pixels of `local` (in the sprite's own coordinates), row by row: what
/// `GetPixels(x, y, w, h)` returns in the tutorials. A bounds-only sprite is all solid.
pub fn pixels(sprite: &Sprite, local: &Bounds2D) -> Vec<bool> {
    let mut out = Vec::with_capacity(local.area() as usize);
    for j in 0..local.height {
        for i in 0..local.width {
            let (x, y) = ((local.x + i) as u32, (local.y + j) as u32);
            out.push(!sprite.pixel_collision || sprite.mask.is_solid(x, y));
        }
    }
    out
}

/// The intersection and both sprites' pixels over it, or `None` when the rectangles do
/// not overlap.
fn overlapping_pixels(a: &Sprite, b: &Sprite) -> Option<(Bounds2D, Vec<bool>, Vec<bool>)> {
    let inter = a.bounds().intersection(&b.bounds())?;
    // The intersection lies inside both rectangles, so its local corners fit in i32.
    let local_a = a.bounds().to_local(&inter).ok()?;
    let local_b = b.bounds().to_local(&inter).ok()?;
    Some((inter, pixels(a, &local_a), pixels(b, &local_b)))
}

/// Reference [`Sprite::collides`].
pub fn collides(a: &Sprite, b: &Sprite) -> bool {
    first_contact(a, b).is_some()
}

/// Reference [`Sprite::first_contact`].
pub fn first_contact(a: &Sprite, b: &Sprite) -> Option<Point> {
    let (inter, pa, pb) = overlapping_pixels(a, b)?;
    for i in 0..pa.len() {
        if pa[i] && pb[i] {
            let w = inter.width as usize;
            return Some(Point {
                x: inter.x_min() + (i % w) as i64,
                y: inter.y_min() + (i / w) as i64,
            });
        }
    }
    None
}

/// Reference [`Sprite::overlap_area`].
pub fn overlap_area(a: &Sprite, b: &Sprite) -> u64 {
    let Some((_, pa, pb)) = overlapping_pixels(a, b) else {
        return 0;
    };
    (0..pa.len()).filter(|&i| pa[i] && pb[i]).count() as u64
}

/// Reference [`Sprite::overlap_mask`].
pub fn overlap_mask(a: &Sprite, b: &Sprite) -> Option<Overlap> {
    let (inter, pa, pb) = overlapping_pixels(a, b)?;
    let w = inter.width as usize;
    let mask = Mask::from_fn(inter.width as u32, inter.height as u32, |x, y| {
        let i = y as usize * w + x as usize;
        pa[i] && pb[i]
    })
    .expect("an intersection is no larger than its masks");
    Some(Overlap {
        bounds: inter,
        mask,
    })
}

/// Reference mask building: whether image pixel `(x, y)` of a buffer is solid, read one
/// pixel at a time.
pub fn pixel_is_solid(
    data: &[u8],
    format: PixelFormat,
    stride: usize,
    x: u32,
    y: u32,
    options: &MaskOptions,
) -> bool {
    let bpp = format.bytes_per_pixel();
    let p = &data[y as usize * stride + x as usize * bpp..][..bpp];
    // Plain byte reads, spelled out per format (not through `channel_offsets`, which the
    // fast path uses): bytes in memory order, and the packed word read as a word.
    let (a, r, g, b) = match format {
        PixelFormat::Rgba8 => (p[3], p[0], p[1], p[2]),
        PixelFormat::Bgra8 => (p[3], p[2], p[1], p[0]),
        PixelFormat::Argb8 => (p[0], p[1], p[2], p[3]),
        PixelFormat::Abgr8 => (p[0], p[3], p[2], p[1]),
        PixelFormat::Argb32 => {
            let w = u32::from_ne_bytes([p[0], p[1], p[2], p[3]]);
            ((w >> 24) as u8, (w >> 16) as u8, (w >> 8) as u8, w as u8)
        }
        PixelFormat::A8 => (p[0], 0, 0, 0),
    };
    a >= options.threshold && options.color_key != Some([r, g, b])
}
