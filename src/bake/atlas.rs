//! Baking bundles from the inputs artists already have: a folder of PNG sprites, or an
//! atlas PNG with its TexturePacker JSON description ("hash" or "array" form). Behind the
//! `image` feature.

use crate::bake::{BakeInfo, MaskBundle};
use crate::mask::decode;
use crate::{Bounds2D, Error, Mask, MaskOptions, PixelFormat, Result};
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::cell::RefCell;
use std::fmt;
use std::path::{Path, PathBuf};

/// The largest atlas description read: 64 MiB of JSON, some 250,000 frames as
/// TexturePacker writes them.
pub const MAX_ATLAS_DESCRIPTION_BYTES: u64 = 64 << 20;

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
    /// * `options.flip_x` and `options.flip_y` mirror the whole (untrimmed) sprite;
    ///   `options.region` must be `None`.
    ///
    /// The atlas image is decoded once, bounded by [`crate::max_mask_pixels`] like a mask
    /// (see [`Mask::from_image_path`]). The description may take at most
    /// [`MAX_ATLAS_DESCRIPTION_BYTES`]; it is read as a stream that keeps only the frames,
    /// so its memory is a small multiple of the frames' own text. Fails with a message
    /// naming the description, the frame and the field when the JSON is malformed or too
    /// long, a field is missing or negative, a frame lies outside the atlas or its trim
    /// rectangle outside its source size, names repeat (in either form), or the image
    /// cannot be read or decoded.
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
        let text = read_description(json_path)?;
        let (mut frames, image_name) = parse_description(&text).map_err(bad)?;
        if frames.is_empty() {
            return Err(bad("it describes no frame".into()));
        }
        frames.sort_by(|a, b| a.name.cmp(&b.name));
        let image_name = image_name
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

/// The description's bytes: at most [`MAX_ATLAS_DESCRIPTION_BYTES`] (a larger file is
/// refused from its size; only regular files are opened), in memory reserved fallibly.
fn read_description(path: &Path) -> Result<Vec<u8>> {
    let file = crate::file::open_regular(path).map_err(|e| crate::bake::cannot_read(path, e))?;
    crate::bake::read_rest(
        file,
        Vec::new(),
        MAX_ATLAS_DESCRIPTION_BYTES,
        path,
        |size| {
            Error::InvalidArgument(format!(
                "atlas description '{}': {}; a description may take at most \
                 {MAX_ATLAS_DESCRIPTION_BYTES} bytes",
                path.display(),
                match size {
                    Some(n) => format!("the file holds {n} bytes"),
                    None => format!(
                        "more than {MAX_ATLAS_DESCRIPTION_BYTES} bytes came from it (a device \
                         or pipe)"
                    ),
                }
            ))
        },
    )
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
    /// Where the frame's pixels sit in the untrimmed sprite, when trimmed.
    trim: Option<Trim>,
}

/// A trimmed frame's place in its untrimmed sprite: its pixels at `(x, y)`
/// (`spriteSourceSize.x/y`) of a `source_w x source_h` sprite (`sourceSize`). Not a
/// rectangle by edges: an offset and the size around it.
#[derive(Debug, Clone, Copy)]
struct Trim {
    x: u32,
    y: u32,
    source_w: u32,
    source_h: u32,
}

/// Reads a TexturePacker description: its frames (validated one by one as they are read)
/// and `meta.image`. The JSON is read as a stream: nothing but the frames is kept, so
/// memory holds a small multiple of the frames' own text (about 80 bytes per frame,
/// reserved fallibly), never a tree of the whole document. A well-formed description that
/// says something wrong fails with what and where; malformed JSON with "not valid JSON".
fn parse_description(text: &[u8]) -> std::result::Result<(Vec<Frame>, Option<String>), String> {
    let problem = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_slice(text);
    let parsed = DocSeed { problem: &problem }
        .deserialize(&mut de)
        .and_then(|doc| de.end().map(|()| doc));
    match parsed {
        Ok(doc) => {
            let frames = doc.frames.ok_or(NO_FRAMES)?;
            let image = match doc.image {
                Some(Json::Str(name)) => Some(name),
                _ => None,
            };
            Ok((frames, image))
        }
        Err(e) => Err(match problem.into_inner() {
            Some(why) => why,
            // The document is not an object: there is no "frames" in it.
            None if e.classify() == serde_json::error::Category::Data => NO_FRAMES.into(),
            None => format!("not valid JSON ({e})"),
        }),
    }
}

const NO_FRAMES: &str = "no \"frames\" (expected TexturePacker's JSON hash or array form)";

/// A JSON value where a number, a flag or a name is expected: scalars are kept, arrays
/// and objects are skipped and only their kind is kept.
enum Json {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    Str(String),
    Array,
    Object,
}

impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => write!(f, "{b}"),
            Json::Number(n) => write!(f, "{n}"),
            Json::Str(s) => write!(f, "{}", serde_json::Value::from(s.as_str())),
            Json::Array => f.write_str("an array"),
            Json::Object => f.write_str("an object"),
        }
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E>(self) -> std::result::Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E>(self, v: bool) -> std::result::Result<Json, E> {
        Ok(Json::Bool(v))
    }
    fn visit_u64<E>(self, v: u64) -> std::result::Result<Json, E> {
        Ok(Json::Number(v.into()))
    }
    fn visit_i64<E>(self, v: i64) -> std::result::Result<Json, E> {
        Ok(Json::Number(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> std::result::Result<Json, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Json::Null, Json::Number))
    }
    fn visit_str<E>(self, v: &str) -> std::result::Result<Json, E> {
        Ok(Json::Str(v.to_owned()))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Json, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Json::Array)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Json, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Json::Object)
    }
}

impl<'de> de::Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Json, D::Error> {
        d.deserialize_any(JsonVisitor)
    }
}

/// A rectangle's `x`, `y`, `w` and `h` as read (none of them when the value is not an
/// object). A key given twice keeps its last value, as in a JSON object read into a map.
#[derive(Default)]
struct Fields {
    entries: Vec<(String, Json)>,
}

impl Fields {
    fn get(&self, key: &str) -> Option<&Json> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

impl<'de> de::Deserialize<'de> for Fields {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Fields, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Fields;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<Fields, A::Error> {
                // Rectangles: keep x, y, w and h; a few entries, however many keys come.
                let mut fields = Fields::default();
                while let Some(key) = map.next_key::<String>()? {
                    if ["x", "y", "w", "h"].contains(&key.as_str()) {
                        let value = map.next_value::<Json>()?;
                        fields.entries.retain(|(k, _)| *k != key);
                        fields.entries.push((key, value));
                    } else {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                Ok(fields)
            }
            fn visit_seq<A: SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> std::result::Result<Fields, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Fields::default())
            }
            fn visit_unit<E>(self) -> std::result::Result<Fields, E> {
                Ok(Fields::default())
            }
            fn visit_bool<E>(self, _: bool) -> std::result::Result<Fields, E> {
                Ok(Fields::default())
            }
            fn visit_u64<E>(self, _: u64) -> std::result::Result<Fields, E> {
                Ok(Fields::default())
            }
            fn visit_i64<E>(self, _: i64) -> std::result::Result<Fields, E> {
                Ok(Fields::default())
            }
            fn visit_f64<E>(self, _: f64) -> std::result::Result<Fields, E> {
                Ok(Fields::default())
            }
            fn visit_str<E>(self, _: &str) -> std::result::Result<Fields, E> {
                Ok(Fields::default())
            }
        }
        d.deserialize_any(V)
    }
}

/// One frame's object as read: only the fields a frame uses.
#[derive(Default)]
struct RawFrame {
    filename: Option<Json>,
    frame: Option<Fields>,
    rotated: Option<Json>,
    trimmed: Option<Json>,
    sprite_source_size: Option<Fields>,
    source_size: Option<Fields>,
}

impl<'de> de::Deserialize<'de> for RawFrame {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<RawFrame, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawFrame;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a frame object")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<RawFrame, A::Error> {
                let mut raw = RawFrame::default();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "filename" => raw.filename = Some(map.next_value()?),
                        "frame" => raw.frame = Some(map.next_value()?),
                        "rotated" => raw.rotated = Some(map.next_value()?),
                        "trimmed" => raw.trimmed = Some(map.next_value()?),
                        "spriteSourceSize" => raw.sprite_source_size = Some(map.next_value()?),
                        "sourceSize" => raw.source_size = Some(map.next_value()?),
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(raw)
            }
            // Not an object: a frame without fields (the checks then say what is missing).
            fn visit_seq<A: SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> std::result::Result<RawFrame, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(RawFrame::default())
            }
            fn visit_unit<E>(self) -> std::result::Result<RawFrame, E> {
                Ok(RawFrame::default())
            }
            fn visit_bool<E>(self, _: bool) -> std::result::Result<RawFrame, E> {
                Ok(RawFrame::default())
            }
            fn visit_u64<E>(self, _: u64) -> std::result::Result<RawFrame, E> {
                Ok(RawFrame::default())
            }
            fn visit_i64<E>(self, _: i64) -> std::result::Result<RawFrame, E> {
                Ok(RawFrame::default())
            }
            fn visit_f64<E>(self, _: f64) -> std::result::Result<RawFrame, E> {
                Ok(RawFrame::default())
            }
            fn visit_str<E>(self, _: &str) -> std::result::Result<RawFrame, E> {
                Ok(RawFrame::default())
            }
        }
        d.deserialize_any(V)
    }
}

/// The parts of the description that are kept.
struct Doc {
    frames: Option<Vec<Frame>>,
    image: Option<Json>,
}

/// Deserializes the document; a problem found in a well-formed document is left in
/// `problem` (and the parse stops with a placeholder error).
struct DocSeed<'p> {
    problem: &'p RefCell<Option<String>>,
}

impl DocSeed<'_> {
    fn fail<E: de::Error>(&self, why: String) -> E {
        self.problem.borrow_mut().get_or_insert(why);
        E::custom("the atlas description is not as expected")
    }
}

impl<'de> DeserializeSeed<'de> for DocSeed<'_> {
    type Value = Doc;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Doc, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for DocSeed<'_> {
    type Value = Doc;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a TexturePacker description object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Doc, A::Error> {
        let mut doc = Doc {
            frames: None,
            image: None,
        };
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "frames" => {
                    doc.frames = Some(map.next_value_seed(FramesSeed { doc: &self })?);
                }
                "meta" => {
                    let meta = map.next_value_seed(MetaSeed)?;
                    doc.image = meta;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(doc)
    }
}

/// The value of `"frames"`: an object (hash form) or an array (array form) of frames,
/// each checked and kept as a [`Frame`] as soon as it is read.
struct FramesSeed<'a, 'p> {
    doc: &'a DocSeed<'p>,
}

impl FramesSeed<'_, '_> {
    fn keep<E: de::Error>(
        &self,
        frames: &mut Vec<Frame>,
        name: &str,
        raw: &RawFrame,
    ) -> std::result::Result<(), E> {
        let frame = parse_frame(name, raw).map_err(|why| self.doc.fail(why))?;
        frames
            .try_reserve(1)
            .map_err(|_| self.doc.fail("out of memory for the frames".into()))?;
        frames.push(frame);
        Ok(())
    }

    fn not_a_collection<E: de::Error>(&self) -> E {
        self.doc
            .fail("\"frames\" is neither an object (hash form) nor an array (array form)".into())
    }
}

impl<'de> DeserializeSeed<'de> for FramesSeed<'_, '_> {
    type Value = Vec<Frame>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Vec<Frame>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for FramesSeed<'_, '_> {
    type Value = Vec<Frame>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object or an array of frames")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Vec<Frame>, A::Error> {
        let mut frames = Vec::new();
        while let Some(name) = map.next_key::<String>()? {
            let raw: RawFrame = map.next_value()?;
            self.keep(&mut frames, &name, &raw)?;
        }
        Ok(frames)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Vec<Frame>, A::Error> {
        let mut frames = Vec::new();
        let mut i = 0usize;
        while let Some(raw) = seq.next_element::<RawFrame>()? {
            let Some(Json::Str(name)) = &raw.filename else {
                return Err(self.doc.fail(format!(
                    "frames[{i}] has no \"filename\" string (array form)"
                )));
            };
            self.keep(&mut frames, name, &raw)?;
            i += 1;
        }
        Ok(frames)
    }
    fn visit_unit<E: de::Error>(self) -> std::result::Result<Vec<Frame>, E> {
        Err(self.not_a_collection())
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> std::result::Result<Vec<Frame>, E> {
        Err(self.not_a_collection())
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> std::result::Result<Vec<Frame>, E> {
        Err(self.not_a_collection())
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> std::result::Result<Vec<Frame>, E> {
        Err(self.not_a_collection())
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> std::result::Result<Vec<Frame>, E> {
        Err(self.not_a_collection())
    }
    fn visit_str<E: de::Error>(self, _: &str) -> std::result::Result<Vec<Frame>, E> {
        Err(self.not_a_collection())
    }
}

/// The value of `"meta"`: only its `"image"` is kept.
struct MetaSeed;

impl<'de> DeserializeSeed<'de> for MetaSeed {
    type Value = Option<Json>;
    fn deserialize<D: Deserializer<'de>>(
        self,
        d: D,
    ) -> std::result::Result<Option<Json>, D::Error> {
        d.deserialize_any(MetaSeed)
    }
}

impl<'de> Visitor<'de> for MetaSeed {
    type Value = Option<Json>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the meta object")
    }
    fn visit_map<A: MapAccess<'de>>(
        self,
        mut map: A,
    ) -> std::result::Result<Option<Json>, A::Error> {
        let mut image = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "image" {
                image = Some(map.next_value::<Json>()?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(image)
    }
    fn visit_seq<A: SeqAccess<'de>>(
        self,
        mut seq: A,
    ) -> std::result::Result<Option<Json>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }
    fn visit_unit<E>(self) -> std::result::Result<Option<Json>, E> {
        Ok(None)
    }
    fn visit_bool<E>(self, _: bool) -> std::result::Result<Option<Json>, E> {
        Ok(None)
    }
    fn visit_u64<E>(self, _: u64) -> std::result::Result<Option<Json>, E> {
        Ok(None)
    }
    fn visit_i64<E>(self, _: i64) -> std::result::Result<Option<Json>, E> {
        Ok(None)
    }
    fn visit_f64<E>(self, _: f64) -> std::result::Result<Option<Json>, E> {
        Ok(None)
    }
    fn visit_str<E>(self, _: &str) -> std::result::Result<Option<Json>, E> {
        Ok(None)
    }
}

fn parse_frame(name: &str, v: &RawFrame) -> std::result::Result<Frame, String> {
    let at = |field: &str| format!("frame '{name}': {field}");
    let uint = |obj: &Fields, path: &str, key: &str| -> std::result::Result<u32, String> {
        let value = obj
            .get(key)
            .ok_or_else(|| at(&format!("no \"{path}.{key}\"")))?;
        let number = match value {
            Json::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
            _ => None,
        };
        number.ok_or_else(|| {
            at(&format!(
                "\"{path}.{key}\" is {value}; expected a whole number from 0 to {}",
                u32::MAX
            ))
        })
    };
    let flag = |key: &str, value: &Option<Json>| -> std::result::Result<bool, String> {
        match value {
            None | Some(Json::Null) => Ok(false),
            Some(Json::Bool(b)) => Ok(*b),
            Some(other) => Err(at(&format!("\"{key}\" is {other}; expected true or false"))),
        }
    };
    let frame = v.frame.as_ref().ok_or_else(|| at("no \"frame\""))?;
    let (x, y) = (uint(frame, "frame", "x")?, uint(frame, "frame", "y")?);
    let (w, h) = (uint(frame, "frame", "w")?, uint(frame, "frame", "h")?);
    let rotated = flag("rotated", &v.rotated)?;
    let trim = if flag("trimmed", &v.trimmed)? {
        let sss = v
            .sprite_source_size
            .as_ref()
            .ok_or_else(|| at("trimmed but no \"spriteSourceSize\""))?;
        let ss = v
            .source_size
            .as_ref()
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
        Some(Trim {
            x: tx,
            y: ty,
            source_w: sw,
            source_h: sh,
        })
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
            flip_x: false,
            flip_y: false,
            ..*options
        };
        let block = Mask::from_pixels(rgba, PixelFormat::Rgba8, aw, ah, aw as usize * 4, &plain)?;
        let Trim {
            x: tx,
            y: ty,
            source_w: sw,
            source_h: sh,
        } = self.trim.unwrap_or(Trim {
            x: 0,
            y: 0,
            source_w: self.w,
            source_h: self.h,
        });
        crate::mask::check_size(sw as u64, sh as u64)?;
        let pad = options.is_solid(0, 0, 0, 0);
        let (fw, fh, rotated) = (self.w, self.h, self.rotated);
        let (flip_x, flip_y) = (options.flip_x, options.flip_y);
        Mask::from_fn(sw, sh, |x, y| {
            let x = if flip_x { sw - 1 - x } else { x };
            let y = if flip_y { sh - 1 - y } else { y };
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

#[cfg(test)]
mod tests {
    use super::*;

    type Rects = Vec<(String, u32, u32, u32, u32)>;

    fn parse(text: &str) -> std::result::Result<Rects, String> {
        let (frames, _) = parse_description(text.as_bytes())?;
        Ok(frames
            .into_iter()
            .map(|f| (f.name, f.x, f.y, f.w, f.h))
            .collect())
    }

    const RECT: &str = r#"{"x":1,"y":2,"w":3,"h":4}"#;

    #[test]
    fn descriptions_are_read_as_a_stream_keeping_only_the_frames() {
        let hash = format!(
            r#"{{"junk":[[[1,2,{{"a":[]}}]]],"frames":{{"b":{{"frame":{RECT},"extra":[1,2,3]}},
               "a":{{"frame":{{"x":5,"y":0,"w":1,"h":1,"pivot":{{"x":0.5}}}}}}}},
               "meta":{{"app":"x","image":"atlas.png","size":{{"w":9}}}}}}"#
        );
        let (frames, image) = parse_description(hash.as_bytes()).unwrap();
        assert_eq!(image.as_deref(), Some("atlas.png"));
        let got: Vec<_> = frames.iter().map(|f| (f.name.as_str(), f.x, f.w)).collect();
        assert_eq!(got, [("b", 1, 3), ("a", 5, 1)]);
        let array = format!(r#"{{"frames":[{{"filename":"f","frame":{RECT}}}],"meta":{{}}}}"#);
        assert_eq!(parse(&array).unwrap(), [("f".to_string(), 1, 2, 3, 4)]);
        let (_, image) = parse_description(array.as_bytes()).unwrap();
        assert!(image.is_none());

        // What is wrong is said, with the field and its value.
        for (text, expected) in [
            (r#"[1,2]"#.to_string(), "no \"frames\""),
            (r#"{"meta":{}}"#.to_string(), "no \"frames\""),
            (r#"{"frames":7}"#.to_string(), "neither an object"),
            (
                r#"{"frames":[{"frame":{}}]}"#.to_string(),
                "frames[0] has no \"filename\"",
            ),
            (
                r#"{"frames":{"a":[]}}"#.to_string(),
                "frame 'a': no \"frame\"",
            ),
            (
                r#"{"frames":{"a":{"frame":5}}}"#.to_string(),
                "no \"frame.x\"",
            ),
            (
                r#"{"frames":{"a":{"frame":{"x":-3,"y":0,"w":1,"h":1}}}}"#.to_string(),
                "\"frame.x\" is -3; expected a whole number",
            ),
            (
                r#"{"frames":{"a":{"frame":{"x":[1],"y":0,"w":1,"h":1}}}}"#.to_string(),
                "\"frame.x\" is an array; expected",
            ),
            (
                r#"{"frames":{"a":{"frame":{"x":"7","y":0,"w":1,"h":1}}}}"#.to_string(),
                "\"frame.x\" is \"7\"; expected",
            ),
            (
                format!(r#"{{"frames":{{"a":{{"frame":{RECT},"rotated":1}}}}}}"#),
                "\"rotated\" is 1; expected true or false",
            ),
            (
                format!(r#"{{"frames":{{"a":{{"frame":{RECT},"trimmed":true}}}}}}"#),
                "trimmed but no \"spriteSourceSize\"",
            ),
            (r#"{"frames":{"a":"#.to_string(), "not valid JSON"),
            (r#"{"frames":{}} x"#.to_string(), "not valid JSON"),
        ] {
            let e = parse(&text).unwrap_err();
            assert!(e.contains(expected), "{text}: {e}");
        }
        // A name given twice in the hash form is kept twice (the bundle then refuses it).
        let twice = format!(r#"{{"frames":{{"a":{{"frame":{RECT}}},"a":{{"frame":{RECT}}}}}}}"#);
        assert_eq!(parse(&twice).unwrap().len(), 2);
        // A later value of the same coordinate wins.
        let again = r#"{"frames":{"a":{"frame":{"x":1,"y":2,"w":3,"h":4,"x":9}}}}"#;
        assert_eq!(parse(again).unwrap(), [("a".to_string(), 9, 2, 3, 4)]);
    }

    #[test]
    fn values_outside_the_frames_are_skipped_not_kept() {
        // 4 MB of small values outside the frames: nothing is kept of them, and the one
        // frame comes out (a tree of this document would hold ~2 million values).
        let junk = "0,".repeat(2_000_000);
        let text = format!(r#"{{"junk":[{junk}0],"frames":{{"a":{{"frame":{RECT}}}}}}}"#);
        assert_eq!(parse(&text).unwrap().len(), 1);
    }
}
