//! Reads fuzz input as a stream of little-endian fields; past the end every field is 0.
//! Shared by the fuzz targets through `#[path = "reader.rs"] mod reader;`.

pub struct Reader<'a>(pub &'a [u8]);

#[allow(dead_code)] // each target uses the readers it needs
impl Reader<'_> {
    pub fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        let n = N.min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        out
    }
    pub fn u8(&mut self) -> u8 {
        self.bytes::<1>()[0]
    }
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.bytes())
    }
    pub fn i32(&mut self) -> i32 {
        i32::from_le_bytes(self.bytes())
    }
}

/// A `w x h` mask whose bits come from `bits` (cycled; all clear when empty).
#[allow(dead_code)] // for the targets that build masks from raw bits
pub fn mask(w: u32, h: u32, bits: &[u8]) -> perpixel::Mask {
    perpixel::Mask::from_fn(w, h, |x, y| {
        let i = (y * w + x) as usize;
        !bits.is_empty() && bits[i / 8 % bits.len()] >> (i % 8) & 1 == 1
    })
    .unwrap()
}

/// Two masks' sizes, width and height of A then of B, one byte each, up to 40 x 40.
#[allow(dead_code)] // for the targets that place two masks
pub fn two_sizes(r: &mut Reader) -> [(u32, u32); 2] {
    let mut side = || (r.u8() % 41) as u32;
    [(side(), side()), (side(), side())]
}

/// The transform at `(x, y)` turned by `rotation` degrees, scaled by `(sx, sy)`, flipped
/// as `flip` says and, when `pivot` is some, about that pivot: the order in which the
/// targets build their transforms.
#[allow(dead_code)] // for the targets that build transforms
pub fn transform(
    (x, y): (f64, f64),
    rotation: f64,
    (sx, sy): (f64, f64),
    flip: (bool, bool),
    pivot: Option<(f64, f64)>,
) -> perpixel::Transform {
    let t = perpixel::Transform::at(x, y)
        .rotated(rotation)
        .scaled(sx, sy)
        .flipped(flip.0, flip.1);
    match pivot {
        Some((px, py)) => t.with_pivot(px, py),
        None => t,
    }
}
