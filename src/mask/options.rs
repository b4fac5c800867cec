//! How pixels become solid: the pixel formats and the options masks are built with.

use crate::Bounds2D;

/// How the pixels in a caller's buffer are laid out. Every format is 8 bits per channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PixelFormat {
    /// Bytes R, G, B, A: Unity `Color32`, XNA/MonoGame `Color`, most PNG decoders.
    Rgba8,
    /// Bytes B, G, R, A: Direct3D / Windows bitmaps.
    Bgra8,
    /// One 32-bit word per pixel in the machine's byte order, alpha in the top 8 bits
    /// (`0xAARRGGBB`): SDL `ARGB8888`, Java `int` pixels, GDI+ `Format32bppArgb`.
    Argb32,
    /// One alpha byte per pixel.
    A8,
}

impl PixelFormat {
    /// Bytes one pixel takes.
    pub const fn bytes_per_pixel(self) -> usize {
        match self {
            PixelFormat::A8 => 1,
            _ => 4,
        }
    }
}

/// How pixels become solid or empty, and which part of the image to take.
///
/// ```
/// use perpixel::{Bounds2D, MaskOptions};
/// let opts = MaskOptions {
///     threshold: 128,                               // half-transparent counts as empty
///     region: Some(Bounds2D::new(32, 0, 16, 16)),   // one frame of an atlas
///     ..MaskOptions::default()
/// };
/// assert_eq!(opts.color_key, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MaskOptions {
    /// A pixel is solid when its alpha is `>= threshold`. 1 (the default) is the
    /// tutorials' "alpha != 0"; 255 is "fully opaque only"; 0 makes every pixel solid
    /// (useful with a colour key on images without alpha).
    pub threshold: u8,
    /// Pixels whose red, green and blue equal this key are empty whatever their alpha
    /// (XNA's magenta `[255, 0, 255]`). Not allowed with [`PixelFormat::A8`].
    pub color_key: Option<[u8; 3]>,
    /// Mask row 0 is taken from the region's last image row instead of its first. Use it
    /// only when the pixel rows and the world's y axis grow in opposite directions (a
    /// top-row-first PNG in a y-up world); Unity's `GetPixels32` and XNA's `GetData`
    /// need no flip.
    pub flip_y: bool,
    /// The sub-rectangle of the image to take, in image pixels (a sprite in an atlas);
    /// `None` takes the whole image. It must lie inside the image.
    pub region: Option<Bounds2D>,
}

impl Default for MaskOptions {
    fn default() -> Self {
        MaskOptions {
            threshold: 1,
            color_key: None,
            flip_y: false,
            region: None,
        }
    }
}

impl MaskOptions {
    /// Whether a pixel with these channels is solid under these options.
    #[inline(always)]
    pub fn is_solid(&self, a: u8, r: u8, g: u8, b: u8) -> bool {
        a >= self.threshold && self.color_key != Some([r, g, b])
    }
}
