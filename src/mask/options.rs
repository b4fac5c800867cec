//! How pixels become solid: the pixel formats and the options masks are built with.

use crate::Bounds2D;

/// How the pixels in a caller's buffer are laid out. Every format is 8 bits per channel.
///
/// The four 4-byte *byte-order* formats ([`Rgba8`](PixelFormat::Rgba8),
/// [`Bgra8`](PixelFormat::Bgra8), [`Argb8`](PixelFormat::Argb8),
/// [`Abgr8`](PixelFormat::Abgr8)) name the bytes of one pixel in memory order, the same on
/// every CPU. [`Argb32`](PixelFormat::Argb32) is a *packed word*: its bytes in memory
/// depend on the CPU's byte order. Which one an engine hands out:
///
/// | source | little-endian (x86, ARM) | big-endian |
/// |---|---|---|
/// | Unity `Color32[]`, XNA/MonoGame `Color[]` | `Rgba8` | `Rgba8` |
/// | raylib `PIXELFORMAT_UNCOMPRESSED_R8G8B8A8`, SFML `Image::getPixelsPtr`, Godot `Image.FORMAT_RGBA8` | `Rgba8` | `Rgba8` |
/// | SDL `SDL_PIXELFORMAT_RGBA32` / `ARGB32` / `BGRA32` / `ABGR32` (byte-order aliases) | `Rgba8` / `Argb8` / `Bgra8` / `Abgr8` | same |
/// | SDL `SDL_PIXELFORMAT_ABGR8888` (word `0xAABBGGRR`) | `Rgba8` | `Abgr8` |
/// | SDL `SDL_PIXELFORMAT_ARGB8888` (word `0xAARRGGBB`) | `Bgra8` (or `Argb32`) | `Argb8` (or `Argb32`) |
/// | SDL `SDL_PIXELFORMAT_RGBA8888` (word `0xRRGGBBAA`) | `Abgr8` | `Rgba8` |
/// | SDL `SDL_PIXELFORMAT_BGRA8888` (word `0xBBGGRRAA`) | `Argb8` | `Bgra8` |
///
/// Careful with SDL's names: SDL's `ARGB32` is a byte order (bytes A, R, G, B: this
/// crate's `Argb8`), while this crate's `Argb32` is SDL's packed `ARGB8888`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PixelFormat {
    /// Bytes R, G, B, A: Unity `Color32`, XNA/MonoGame `Color`, raylib
    /// `R8G8B8A8`, SFML `Image`, Godot `FORMAT_RGBA8`, SDL `RGBA32`, most PNG decoders.
    Rgba8,
    /// Bytes B, G, R, A: Direct3D / Windows bitmaps, SDL `BGRA32` (and SDL `ARGB8888` on
    /// little-endian CPUs).
    Bgra8,
    /// One 32-bit word per pixel in the machine's byte order, alpha in the top 8 bits
    /// (`0xAARRGGBB`): SDL `ARGB8888` (not SDL `ARGB32`, which is [`PixelFormat::Argb8`]),
    /// Java `int` pixels, GDI+ `Format32bppArgb`. Bytes B, G, R, A on little-endian CPUs,
    /// A, R, G, B on big-endian ones.
    Argb32,
    /// One alpha byte per pixel.
    A8,
    /// Bytes A, R, G, B: SDL `ARGB32` (and SDL `BGRA8888` on little-endian CPUs).
    Argb8,
    /// Bytes A, B, G, R: SDL `ABGR32` (and SDL `RGBA8888` on little-endian CPUs).
    Abgr8,
}

impl PixelFormat {
    /// Every format.
    pub const ALL: [PixelFormat; 6] = [
        PixelFormat::Rgba8,
        PixelFormat::Bgra8,
        PixelFormat::Argb32,
        PixelFormat::A8,
        PixelFormat::Argb8,
        PixelFormat::Abgr8,
    ];

    /// Bytes one pixel takes.
    pub const fn bytes_per_pixel(self) -> usize {
        match self {
            PixelFormat::A8 => 1,
            _ => 4,
        }
    }

    /// The byte-order format with the same bytes in memory on this machine: itself, except
    /// [`PixelFormat::Argb32`], which is [`PixelFormat::Bgra8`] on little-endian CPUs and
    /// [`PixelFormat::Argb8`] on big-endian ones.
    ///
    /// ```
    /// use perpixel::PixelFormat;
    /// assert_eq!(PixelFormat::Rgba8.in_memory(), PixelFormat::Rgba8);
    /// #[cfg(target_endian = "little")]
    /// assert_eq!(PixelFormat::Argb32.in_memory(), PixelFormat::Bgra8);
    /// ```
    pub const fn in_memory(self) -> PixelFormat {
        match self {
            #[cfg(target_endian = "little")]
            PixelFormat::Argb32 => PixelFormat::Bgra8,
            #[cfg(target_endian = "big")]
            PixelFormat::Argb32 => PixelFormat::Argb8,
            other => other,
        }
    }

    /// Where alpha, red, green and blue sit among a pixel's bytes: `[a, r, g, b]` byte
    /// offsets (for [`PixelFormat::A8`], alpha at 0 and no colour: `[0, 0, 0, 0]`).
    ///
    /// ```
    /// use perpixel::PixelFormat;
    /// assert_eq!(PixelFormat::Abgr8.channel_offsets(), [0, 3, 2, 1]);
    /// ```
    pub const fn channel_offsets(self) -> [usize; 4] {
        match self.in_memory() {
            PixelFormat::Rgba8 => [3, 0, 1, 2],
            PixelFormat::Bgra8 => [3, 2, 1, 0],
            PixelFormat::Argb8 => [0, 1, 2, 3],
            PixelFormat::Abgr8 => [0, 3, 2, 1],
            _ => [0, 0, 0, 0],
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
///     flip_x: true,                                 // the frame faces the other way
///     ..MaskOptions::default()
/// };
/// assert_eq!(opts.color_key, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MaskOptions {
    /// A pixel is solid when its alpha is `>= threshold`. 1 (the default) is the
    /// tutorials' "alpha != 0"; 255 is "fully opaque only"; 0 makes every pixel solid
    /// (useful with a colour key on images without alpha). pygame's
    /// `from_surface(s, t)` is threshold `t + 1` (see the README's pygame section).
    pub threshold: u8,
    /// Pixels whose red, green and blue equal this key are empty whatever their alpha
    /// (XNA's magenta `[255, 0, 255]`). Not allowed with [`PixelFormat::A8`].
    pub color_key: Option<[u8; 3]>,
    /// Mask column 0 is taken from the region's last image column instead of its first:
    /// a sprite mirrored left to right (a sheet drawn facing right, used facing left).
    pub flip_x: bool,
    /// Mask row 0 is taken from the region's last image row instead of its first. Use it
    /// only when the pixel rows and the world's y axis grow in opposite directions (a
    /// top-row-first PNG in a y-up world); Unity's `GetPixels32` and XNA's `GetData`
    /// need no flip.
    pub flip_y: bool,
    /// The sub-rectangle of the image to take, in image pixels (a sprite in an atlas);
    /// `None` takes the whole image. It must lie inside the image. The flips mirror the
    /// region, not the whole image.
    pub region: Option<Bounds2D>,
}

impl Default for MaskOptions {
    fn default() -> Self {
        MaskOptions {
            threshold: 1,
            color_key: None,
            flip_x: false,
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
