//! Masks from encoded images (PNG and the rest), through the `image` crate.

use super::*;
use std::io::Cursor;
use std::path::Path;

fn limits() -> image::Limits {
    let mut limits = image::Limits::default();
    let side = i32::MAX as u32;
    limits.max_image_width = Some(side);
    limits.max_image_height = Some(side);
    // Decoded RGBA8 of the largest allowed mask, plus the decoder's own buffers.
    let pixels = crate::max_mask_pixels();
    limits.max_alloc = Some(pixels.saturating_mul(4).saturating_add(64 << 20));
    limits
}

fn decode_error(e: image::ImageError) -> Error {
    match e {
        image::ImageError::Limits(l) => Error::Decode(format!(
            "the image is larger than the mask limit of {} pixels ({l})",
            crate::max_mask_pixels()
        )),
        // Decoding reads from memory: an I/O error means the data ended too soon.
        image::ImageError::IoError(io) => {
            Error::Decode(format!("truncated or corrupt image data ({io})"))
        }
        other => Error::Decode(other.to_string()),
    }
}

/// Decodes `bytes` (format from their signature, else `hint`) to RGBA8, refusing an
/// image larger than the mask limit from its header, before the decoder allocates.
pub(crate) fn decode_rgba(
    bytes: &[u8],
    hint: Option<image::ImageFormat>,
) -> Result<image::RgbaImage> {
    let reader = || -> Result<image::ImageReader<Cursor<&[u8]>>> {
        let mut reader = image::ImageReader::new(Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| Error::Decode(e.to_string()))?;
        if reader.format().is_none() {
            match hint {
                Some(format) => reader.set_format(format),
                None => {
                    return Err(Error::Decode(
                        "unknown image format (supported: PNG, GIF, JPEG, BMP, WebP, QOI; \
                         TGA from a .tga file)"
                            .into(),
                    ));
                }
            }
        }
        reader.limits(limits());
        Ok(reader)
    };
    // Refuse oversized images from their header, before the decoder allocates.
    let (w, h) = reader()?.into_dimensions().map_err(decode_error)?;
    check_size(w as u64, h as u64)?;
    Ok(reader()?.decode().map_err(decode_error)?.into_rgba8())
}

/// The format a file's extension names, for the formats whose bytes carry no
/// signature (TGA); the others are known from their bytes or not at all.
pub(crate) fn format_hint(path: &Path) -> Option<image::ImageFormat> {
    image::ImageFormat::from_path(path)
        .ok()
        .filter(|f| *f == image::ImageFormat::Tga)
}

/// Puts the file's name in front of the reason a decoding error gives.
pub(crate) fn naming(path: &Path, e: Error) -> Error {
    match e {
        Error::Decode(why) => Error::Decode(format!("{}: {why}", path.display())),
        other => other,
    }
}

/// Decodes `bytes` (format from their signature, else `hint`) into a mask.
fn decode_bytes(
    bytes: &[u8],
    hint: Option<image::ImageFormat>,
    options: &MaskOptions,
) -> Result<Mask> {
    let rgba = decode_rgba(bytes, hint)?;
    let (w, h) = rgba.dimensions();
    Mask::from_pixels(
        rgba.as_raw(),
        PixelFormat::Rgba8,
        w,
        h,
        w as usize * 4,
        options,
    )
}

impl Mask {
    /// A mask from an encoded image in memory (PNG, GIF, JPEG, BMP, WebP, QOI; the
    /// format is detected from the bytes). Pixels are converted to RGBA8 first, so
    /// `options` work as in [`Mask::from_pixels`]. Images larger than
    /// [`crate::max_mask_pixels`] are refused from their header, before decoding.
    /// TGA files carry no signature, so they are recognised only by
    /// [`Mask::from_image_path`], from their `.tga` extension.
    ///
    /// Image files store the top row first: in a y-up world set `options.flip_y`.
    pub fn from_image_bytes(bytes: &[u8], options: &MaskOptions) -> Result<Mask> {
        decode_bytes(bytes, None, options)
    }

    /// A mask from an image file; see [`Mask::from_image_bytes`]. The format comes from
    /// the bytes, or from the extension when the bytes have no signature (TGA).
    pub fn from_image_path(path: impl AsRef<Path>, options: &MaskOptions) -> Result<Mask> {
        let path = path.as_ref();
        let bytes =
            std::fs::read(path).map_err(|e| Error::Io(format!("{}: {e}", path.display())))?;
        decode_bytes(&bytes, format_hint(path), options).map_err(|e| naming(path, e))
    }
}
