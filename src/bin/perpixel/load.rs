//! Reading sprite images: the collision mask through the library, the colours for the
//! render through `image`, with errors that name the file.

use crate::{CliResult, Failure};
use perpixel::{Mask, MaskOptions};
use std::path::{Path, PathBuf};

/// One image file read from disk and turned into a mask.
pub struct LoadedImage {
    /// The file it came from, as given.
    pub path: PathBuf,
    /// Its solid pixels under the options it was loaded with.
    pub mask: Mask,
    /// Whether the rows were flipped (`MaskOptions::flip_y`).
    flip_y: bool,
    /// The encoded bytes, kept to decode the colours when a render needs them.
    bytes: Vec<u8>,
}

impl LoadedImage {
    /// Reads `path` and builds its mask with `options`. Fails with a message naming the
    /// file when it is missing, unreadable, not an image, corrupt or too large.
    pub fn open(path: &Path, options: &MaskOptions) -> CliResult<LoadedImage> {
        let bytes = std::fs::read(path)
            .map_err(|e| Failure(format!("cannot read '{}': {e}", path.display())))?;
        let mask = Mask::from_image_bytes(&bytes, options)
            .map_err(|e| Failure(format!("cannot load '{}': {e}", path.display())))?;
        Ok(LoadedImage {
            path: path.to_path_buf(),
            mask,
            flip_y: options.flip_y,
            bytes,
        })
    }

    /// The image's colours as RGBA8, row `j` matching mask row `j` (flipped like the mask
    /// when it was loaded with `flip_y`).
    pub fn colours(&self) -> CliResult<image::RgbaImage> {
        let image = image::load_from_memory(&self.bytes)
            .map_err(|e| Failure(format!("cannot decode '{}': {e}", self.path.display())))?
            .into_rgba8();
        Ok(if self.flip_y {
            image::imageops::flip_vertical(&image)
        } else {
            image
        })
    }
}
