//! Reading sprite images: the collision mask through the library, the colours for the
//! render through `image`, with errors that name the file.

use crate::json::{Build, Json};
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

/// The sprite and threshold arguments the shape commands (`polygons`, `outline`,
/// `components`) share: one image file and the alpha rule of the other commands.
#[derive(clap::Args, Debug)]
pub struct SpriteArgs {
    /// The sprite image (PNG, or any format the other commands read).
    #[arg(value_name = "SPRITE")]
    pub sprite: PathBuf,
    /// The alpha threshold.
    #[command(flatten)]
    pub threshold: ThresholdArg,
}

/// `--threshold N`, as `check`, `bake` and the shape commands take it.
#[derive(clap::Args, Debug)]
pub struct ThresholdArg {
    /// Alpha at or above which a pixel is solid, 0 to 255 (255: fully opaque only).
    #[arg(
        long,
        value_name = "N",
        default_value = "1",
        allow_hyphen_values = true
    )]
    pub threshold: String,
}

impl ThresholdArg {
    /// The threshold, or a failure saying what is wrong with it.
    pub fn value(&self) -> CliResult<u8> {
        crate::check::parse_threshold(&self.threshold)
    }
}

impl SpriteArgs {
    /// The sprite read with `--threshold` (rows as in the file, y down), and the
    /// threshold used.
    pub fn open(&self) -> CliResult<(LoadedImage, u8)> {
        let threshold = self.threshold.value()?;
        let options = MaskOptions {
            threshold,
            ..MaskOptions::default()
        };
        Ok((LoadedImage::open(&self.sprite, &options)?, threshold))
    }

    /// The JSON fields every shape command starts with: `sprite` (the path as given),
    /// `width`, `height`, `threshold`, `solid_pixels`.
    pub fn json_head(image: &LoadedImage, threshold: u8) -> Vec<(&'static str, Json)> {
        vec![
            ("sprite", Json::str(image.path.to_string_lossy())),
            ("width", Json::from(image.mask.width())),
            ("height", Json::from(image.mask.height())),
            ("threshold", Json::from(threshold)),
            ("solid_pixels", Json::count(image.mask.count())),
        ]
    }
}
