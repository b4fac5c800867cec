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
}

/// `path`'s mask through [`Mask::from_image_path`] (which also knows a TGA file by its
/// extension), failing with a message that names the file.
pub fn mask_from_file(path: &Path, options: &MaskOptions) -> CliResult<Mask> {
    Mask::from_image_path(path, options).map_err(|e| match e {
        // These already name the file.
        perpixel::Error::Io(_) | perpixel::Error::Decode(_) => Failure(e.to_string()),
        other => Failure(format!("cannot load '{}': {other}", path.display())),
    })
}

impl LoadedImage {
    /// Reads `path` and builds its mask with `options`. Fails with a message naming the
    /// file when it is missing, unreadable, not an image, corrupt or too large.
    pub fn open(path: &Path, options: &MaskOptions) -> CliResult<LoadedImage> {
        Ok(LoadedImage {
            path: path.to_path_buf(),
            mask: mask_from_file(path, options)?,
            flip_y: options.flip_y,
        })
    }

    /// The image's colours as RGBA8, row `j` matching mask row `j` (flipped like the mask
    /// when it was loaded with `flip_y`).
    pub fn colours(&self) -> CliResult<image::RgbaImage> {
        let fail = |e: &dyn std::fmt::Display| {
            Failure(format!("cannot decode '{}': {e}", self.path.display()))
        };
        // The format from the bytes, else from the extension (as the mask was read).
        let image = image::ImageReader::open(&self.path)
            .and_then(|r| r.with_guessed_format())
            .map_err(|e| fail(&e))?
            .decode()
            .map_err(|e| fail(&e))?
            .into_rgba8();
        Ok(if self.flip_y {
            image::imageops::flip_vertical(&image)
        } else {
            image
        })
    }
}
