//! Baking bundles from the inputs artists already have: a folder of PNG sprites, or an
//! atlas PNG with its TexturePacker JSON description ("hash" or "array" form). Behind the
//! `image` feature.

use crate::bake::{BakeInfo, MaskBundle};
use crate::mask::decode;
use crate::{Bounds2D, Error, Mask, MaskOptions, PixelFormat, Result};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// How far a multi-file bake has got; the callback of
/// [`MaskBundle::from_folder_with_progress`] and
/// [`MaskBundle::from_texturepacker_with_progress`] receives one after each mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BakeProgress<'a> {
    /// Masks built so far, this one included.
    pub done: usize,
    /// Masks to build in all.
    pub total: usize,
    /// The name of the mask just built.
    pub name: &'a str,
    /// Input bytes read so far: image files, and for an atlas its description and image.
    pub bytes_read: u64,
}

impl MaskBundle {
    /// Bakes every PNG file in `dir` and its subfolders (extension `.png` in any case;
    /// files and folders whose names start with `.` are skipped), each with `options`.
    /// A mask's name is the file's path relative to `dir`, folders joined with `/`:
    /// `ship.png`, `enemies/bat_1.png`. Masks are in name order.
    ///
    /// Fails when the folder cannot be read or holds no PNG, when a name is not UTF-8,
    /// when any image cannot be decoded (the error names the file), and when
    /// `options.region` is set (it would apply to every file).
    pub fn from_folder(dir: impl AsRef<Path>, options: &MaskOptions) -> Result<MaskBundle> {
        MaskBundle::from_folder_with_progress(dir, options, |_| {})
    }

    /// [`MaskBundle::from_folder`], calling `progress` after each mask.
    pub fn from_folder_with_progress(
        dir: impl AsRef<Path>,
        options: &MaskOptions,
        mut progress: impl FnMut(&BakeProgress),
    ) -> Result<MaskBundle> {
        let dir = dir.as_ref();
        no_region(options)?;
        let mut files = Vec::new();
        list_pngs(dir, "", &mut files)?;
        if files.is_empty() {
            return Err(Error::InvalidArgument(format!(
                "the folder '{}' holds no .png file",
                dir.display()
            )));
        }
        files.sort();
        let info = BakeInfo::from(options);
        let mut bundle = MaskBundle::new();
        let mut bytes_read = 0u64;
        let total = files.len();
        for (i, (name, path)) in files.into_iter().enumerate() {
            // Header first, at most what the mask limit allows read; errors name the file.
            let (image, read) = decode::decode_file(&path)?;
            bytes_read += read;
            let mask = image.to_mask(options)?;
            bundle.insert_with_info(name.clone(), mask, info)?;
            progress(&BakeProgress {
                done: i + 1,
                total,
                name: &name,
                bytes_read,
            });
        }
        Ok(bundle)
    }

    /// Bakes every frame of a TexturePacker atlas: `json_path` is the description in the
    /// JSON "hash" form (`"frames": {"name": {...}}`) or "array" form (`"frames":
    /// [{"filename": "name", ...}]`); the atlas image is `meta.image`, relative to the
    /// description's folder. Names are the frames' names, exactly; masks are in name order
    /// (as from a folder), whichever form the description takes.
    ///
    /// Each mask is the frame's original sprite, as if built from the sprite's own file:
    ///
    /// * `rotated: true` frames (stored turned 90° clockwise in the atlas; `frame.w` and
    ///   `frame.h` are the unrotated size) are turned back.
    /// * `trimmed: true` frames are padded back to `sourceSize`, the frame's pixels at
    ///   `spriteSourceSize.x/y`, so a mask lines up with the untrimmed sprite (its pivot
    ///   and position need no trim offset). The padding is what trimming removed, fully
    ///   transparent pixels, taken as transparent black `(0, 0, 0, 0)`: empty under any
    ///   threshold of 1 or more.
    /// * `options.flip_y` flips the whole (untrimmed) sprite; `options.region` must be
    ///   `None`.
    ///
    /// The atlas image is decoded once; it is bounded by [`crate::MAX_MASK_PIXELS`] like a
    /// mask. Fails with a message naming the description, the frame and the field when the
    /// JSON is malformed, a field is missing or negative, a frame lies outside the atlas
    /// or its trim rectangle outside its source size, names repeat, or the image cannot
    /// be read or decoded.
    pub fn from_texturepacker(
        json_path: impl AsRef<Path>,
        options: &MaskOptions,
    ) -> Result<MaskBundle> {
        MaskBundle::from_texturepacker_with_progress(json_path, options, |_| {})
    }

    /// [`MaskBundle::from_texturepacker`], calling `progress` after each frame.
    pub fn from_texturepacker_with_progress(
        json_path: impl AsRef<Path>,
        options: &MaskOptions,
        mut progress: impl FnMut(&BakeProgress),
    ) -> Result<MaskBundle> {
        let json_path = json_path.as_ref();
        no_region(options)?;
        let bad = |why: String| {
            Error::InvalidArgument(format!(
                "atlas description '{}': {why}",
                json_path.display()
            ))
        };
        let text = read(json_path)?;
        let doc: Value =
            serde_json::from_slice(&text).map_err(|e| bad(format!("not valid JSON ({e})")))?;
        let frames = parse_frames(&doc).map_err(bad)?;
        if frames.is_empty() {
            return Err(bad("it describes no frame".into()));
        }
        let mut frames = frames;
        frames.sort_by(|a, b| a.name.cmp(&b.name));
        let image_name = doc
            .pointer("/meta/image")
            .and_then(Value::as_str)
            .ok_or_else(|| bad("no \"meta\": {\"image\": ...} naming the atlas image".into()))?;
        let image_path = json_path.parent().unwrap_or(Path::new("")).join(image_name);
        let (atlas, image_read) = decode::decode_file(&image_path)?;
        let (aw, ah) = (atlas.width, atlas.height);
        let bytes_read = text.len() as u64 + image_read;

        let info = BakeInfo::from(options);
        let mut bundle = MaskBundle::new();
        let total = frames.len();
        for (i, f) in frames.iter().enumerate() {
            let mask = f
                .bake(&atlas.pixels, aw, ah, options)
                .map_err(|e| match e {
                    Error::InvalidArgument(why) => bad(format!("frame '{}': {why}", f.name)),
                    other => other,
                })?;
            bundle
                .insert_with_info(f.name.clone(), mask, info)
                .map_err(|_| bad(format!("the frame name '{}' appears twice", f.name)))?;
            progress(&BakeProgress {
                done: i + 1,
                total,
                name: &f.name,
                bytes_read,
            });
        }
        Ok(bundle)
    }
}

fn no_region(options: &MaskOptions) -> Result<()> {
    if options.region.is_some() {
        return Err(Error::InvalidArgument(
            "a region cannot be used when baking many images (each frame has its own)".into(),
        ));
    }
    Ok(())
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| Error::Io(format!("cannot read '{}': {e}", path.display())))
}

/// Collects `(name, path)` of the PNGs under `dir`, names prefixed with `prefix`.
fn list_pngs(dir: &Path, prefix: &str, out: &mut Vec<(String, PathBuf)>) -> Result<()> {
    let io = |e: std::io::Error| Error::Io(format!("cannot read folder '{}': {e}", dir.display()));
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let entry = entry.map_err(io)?;
        let file_name = entry.file_name();
        let Some(file_name) = file_name.to_str() else {
            return Err(Error::InvalidArgument(format!(
                "the file name {:?} in '{}' is not UTF-8, so it cannot name a mask",
                entry.file_name(),
                dir.display()
            )));
        };
        if file_name.starts_with('.') {
            continue;
        }
        let path = entry.path();
        let name = format!("{prefix}{file_name}");
        // `file_type` does not follow symbolic links, so a link cannot make a loop.
        if entry.file_type().map_err(io)?.is_dir() {
            list_pngs(&path, &format!("{name}/"), out)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"))
            && path.is_file()
        {
            out.push((name, path));
        }
    }
    Ok(())
}

/// One frame of the description, validated.
struct Frame {
    name: String,
    /// Where the frame's pixels are in the atlas (for a rotated frame `w` and `h` are the
    /// unrotated size: the atlas holds an `h x w` block).
    x: u32,
    y: u32,
    w: u32,
    h: u32,
    rotated: bool,
    /// `(x, y, source_w, source_h)` when trimmed.
    trim: Option<(u32, u32, u32, u32)>,
}

fn parse_frames(doc: &Value) -> std::result::Result<Vec<Frame>, String> {
    let frames = doc
        .get("frames")
        .ok_or("no \"frames\" (expected TexturePacker's JSON hash or array form)")?;
    match frames {
        Value::Object(map) => map.iter().map(|(k, v)| parse_frame(k, v)).collect(),
        Value::Array(list) => list
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let name = v.get("filename").and_then(Value::as_str).ok_or_else(|| {
                    format!("frames[{i}] has no \"filename\" string (array form)")
                })?;
                parse_frame(name, v)
            })
            .collect(),
        _ => Err("\"frames\" is neither an object (hash form) nor an array (array form)".into()),
    }
}

fn parse_frame(name: &str, v: &Value) -> std::result::Result<Frame, String> {
    let at = |field: &str| format!("frame '{name}': {field}");
    let uint = |obj: &Value, path: &str, key: &str| -> std::result::Result<u32, String> {
        let value = obj
            .get(key)
            .ok_or_else(|| at(&format!("no \"{path}.{key}\"")))?;
        value
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| {
                at(&format!(
                    "\"{path}.{key}\" is {value}; expected a whole number from 0 to {}",
                    u32::MAX
                ))
            })
    };
    let flag = |key: &str| -> std::result::Result<bool, String> {
        match v.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(at(&format!("\"{key}\" is {other}; expected true or false"))),
        }
    };
    let frame = v.get("frame").ok_or_else(|| at("no \"frame\""))?;
    let (x, y) = (uint(frame, "frame", "x")?, uint(frame, "frame", "y")?);
    let (w, h) = (uint(frame, "frame", "w")?, uint(frame, "frame", "h")?);
    let rotated = flag("rotated")?;
    let trim = if flag("trimmed")? {
        let sss = v
            .get("spriteSourceSize")
            .ok_or_else(|| at("trimmed but no \"spriteSourceSize\""))?;
        let ss = v
            .get("sourceSize")
            .ok_or_else(|| at("trimmed but no \"sourceSize\""))?;
        let (tx, ty) = (
            uint(sss, "spriteSourceSize", "x")?,
            uint(sss, "spriteSourceSize", "y")?,
        );
        let (sw, sh) = (uint(ss, "sourceSize", "w")?, uint(ss, "sourceSize", "h")?);
        if tx as u64 + w as u64 > sw as u64 || ty as u64 + h as u64 > sh as u64 {
            return Err(at(&format!(
                "the trimmed {w}x{h} pixels at spriteSourceSize ({tx}, {ty}) do not fit in the \
                 {sw}x{sh} sourceSize"
            )));
        }
        Some((tx, ty, sw, sh))
    } else {
        None
    };
    Ok(Frame {
        name: name.to_owned(),
        x,
        y,
        w,
        h,
        rotated,
        trim,
    })
}

impl Frame {
    /// The frame's mask, from the decoded `aw x ah` RGBA8 atlas.
    fn bake(&self, rgba: &[u8], aw: u32, ah: u32, options: &MaskOptions) -> Result<Mask> {
        // The block of atlas pixels the frame occupies.
        let (bw, bh) = if self.rotated {
            (self.h, self.w)
        } else {
            (self.w, self.h)
        };
        let inside =
            self.x as u64 + bw as u64 <= aw as u64 && self.y as u64 + bh as u64 <= ah as u64;
        if !inside {
            return Err(Error::InvalidArgument(format!(
                "its {bw}x{bh} pixels at ({}, {}){} lie outside the {aw}x{ah} atlas image",
                self.x,
                self.y,
                if self.rotated { " (rotated)" } else { "" }
            )));
        }
        let block = Bounds2D::new(self.x as i32, self.y as i32, bw as i32, bh as i32);
        if !self.rotated && self.trim.is_none() {
            // The common case: read the block in place, flipping as asked.
            let opts = MaskOptions {
                region: Some(block),
                ..*options
            };
            return Mask::from_pixels(rgba, PixelFormat::Rgba8, aw, ah, aw as usize * 4, &opts);
        }
        let plain = MaskOptions {
            region: Some(block),
            flip_y: false,
            ..*options
        };
        let block = Mask::from_pixels(rgba, PixelFormat::Rgba8, aw, ah, aw as usize * 4, &plain)?;
        let (tx, ty, sw, sh) = self.trim.unwrap_or((0, 0, self.w, self.h));
        crate::mask::check_size(sw as u64, sh as u64)?;
        let pad = options.is_solid(0, 0, 0, 0);
        let (fw, fh, rotated, flip) = (self.w, self.h, self.rotated, options.flip_y);
        Mask::from_fn(sw, sh, |x, y| {
            let y = if flip { sh - 1 - y } else { y };
            let (Some(fx), Some(fy)) = (x.checked_sub(tx), y.checked_sub(ty)) else {
                return pad;
            };
            if fx >= fw || fy >= fh {
                return pad;
            }
            if rotated {
                // Turned 90° clockwise in the atlas: sprite pixel (fx, fy) is block pixel
                // (fh - 1 - fy, fx).
                block.is_solid(fh - 1 - fy, fx)
            } else {
                block.is_solid(fx, fy)
            }
        })
    }
}
