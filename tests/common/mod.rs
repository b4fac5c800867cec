//! Test inputs for baking, made by the tests themselves: a folder of sprite PNGs (one in a
//! subfolder) and a TexturePacker atlas packing the same sprites, some trimmed, some
//! rotated, described in both the JSON "hash" and "array" forms. Shared by tests/bake.rs
//! and the C and C# drivers (which bake these and hand the files to their programs).
//! [`hostile`]: small files whose headers claim huge images, one per decoder.
#![allow(dead_code)]

pub mod hostile;

use image::{Rgba, RgbaImage};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Where the inputs were written.
pub struct Fixtures {
    /// The folder of sprites (`sprites/`), one of them in `sprites/enemies/`.
    pub sprites: PathBuf,
    /// Sprite names: paths relative to `sprites`, in name order.
    pub names: Vec<String>,
    /// The atlas image.
    pub atlas_png: PathBuf,
    /// The TexturePacker description, hash form.
    pub atlas_hash: PathBuf,
    /// The same, array form.
    pub atlas_array: PathBuf,
    /// How many frames are stored rotated / trimmed (so tests can assert both occur).
    pub rotated: usize,
    /// See `rotated`.
    pub trimmed: usize,
}

/// Sprite names and sizes: widths around the 8- and 64-bit word edges, a tall one, a 1x1,
/// a fully transparent and a fully opaque one.
pub const SPRITES: [(&str, u32, u32); 10] = [
    ("dot.png", 1, 1),
    ("small.png", 5, 3),
    ("w63.png", 63, 10),
    ("w64.png", 64, 9),
    ("w65.png", 65, 11),
    ("tall.png", 17, 40),
    ("wide.png", 130, 6),
    ("clear.png", 8, 8),
    ("solid.png", 13, 7),
    ("enemies/bat.png", 23, 14),
];

fn hash(x: u32, y: u32, k: u32) -> u32 {
    let mut h =
        x.wrapping_mul(0x9E37_79B1) ^ y.wrapping_mul(0x85EB_CA77) ^ k.wrapping_mul(0xC2B2_AE3D);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^ (h >> 12)
}

/// Sprite `k`'s pixels: a transparent border of a few pixels on some sides (so trimming
/// has something to cut), mixed alphas inside (so thresholds matter) and some magenta.
pub fn sprite(k: usize) -> RgbaImage {
    let (name, w, h) = SPRITES[k];
    let k = k as u32;
    let margins = w > 4 && h > 4;
    let (l, t, r, b) = if margins {
        (k % 3, (k + 1) % 4, (k + 2) % 3, k % 2)
    } else {
        (0, 0, 0, 0)
    };
    RgbaImage::from_fn(w, h, |x, y| {
        if name == "clear.png" {
            return Rgba([40, 50, 60, 0]);
        }
        if name == "solid.png" {
            return Rgba([200, 10, 10, 255]);
        }
        if x < l || y < t || x + r >= w || y + b >= h {
            return Rgba([0, 0, 0, 0]);
        }
        let v = hash(x, y, k);
        let alpha = [0u8, 40, 128, 200, 255, 255, 255][(v % 7) as usize];
        if v % 11 == 0 {
            Rgba([255, 0, 255, alpha])
        } else {
            Rgba([(v >> 8) as u8, (v >> 16) as u8, (v >> 24) as u8, alpha])
        }
    })
}

/// The smallest rectangle around pixels with alpha > 0: `(x, y, w, h)`, or `None`.
fn opaque_box(img: &RgbaImage) -> Option<(u32, u32, u32, u32)> {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in img.enumerate_pixels() {
        if p[3] > 0 {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x + 1);
            y1 = y1.max(y + 1);
        }
    }
    (x0 != u32::MAX).then(|| (x0, y0, x1 - x0, y1 - y0))
}

/// One packed frame: its block in the atlas and what the description says.
struct Packed {
    name: String,
    /// Block position in the atlas.
    x: u32,
    y: u32,
    /// Unrotated trimmed size.
    w: u32,
    h: u32,
    rotated: bool,
    trimmed: bool,
    trim_x: u32,
    trim_y: u32,
    source_w: u32,
    source_h: u32,
}

impl Packed {
    fn fields(&self) -> String {
        format!(
            "\"frame\": {{\"x\": {}, \"y\": {}, \"w\": {}, \"h\": {}}}, \"rotated\": {}, \
             \"trimmed\": {}, \"spriteSourceSize\": {{\"x\": {}, \"y\": {}, \"w\": {}, \"h\": {}}}, \
             \"sourceSize\": {{\"w\": {}, \"h\": {}}}, \"pivot\": {{\"x\": 0.5, \"y\": 0.5}}",
            self.x,
            self.y,
            self.w,
            self.h,
            self.rotated,
            self.trimmed,
            self.trim_x,
            self.trim_y,
            self.w,
            self.h,
            self.source_w,
            self.source_h
        )
    }
}

/// Writes the sprites, the atlas and both descriptions under `dir`.
pub fn make(dir: &Path) -> Fixtures {
    let sprites = dir.join("sprites");
    std::fs::create_dir_all(sprites.join("enemies")).unwrap();
    let mut packed = Vec::new();
    let atlas_w = 160u32;
    let (mut cx, mut cy, mut shelf) = (0u32, 0u32, 0u32);
    let mut blocks = Vec::new();
    for (k, (name, w, h)) in SPRITES.iter().enumerate() {
        let img = sprite(k);
        img.save(sprites.join(name)).unwrap();
        // Trim to the opaque box when it is smaller than the sprite.
        let (tx, ty, tw, th) = match opaque_box(&img) {
            Some(b) if b != (0, 0, *w, *h) => b,
            _ => (0, 0, *w, *h),
        };
        let trimmed = (tw, th) != (*w, *h);
        let trimmed_img = image::imageops::crop_imm(&img, tx, ty, tw, th).to_image();
        // Rotate every other sprite that is not square, 90° clockwise, as TexturePacker does.
        let rotated = k % 2 == 1 && tw != th;
        let block = if rotated {
            image::imageops::rotate90(&trimmed_img)
        } else {
            trimmed_img
        };
        let (bw, bh) = block.dimensions();
        if cx + bw > atlas_w {
            cx = 0;
            cy += shelf + 1;
            shelf = 0;
        }
        packed.push(Packed {
            name: name.to_string(),
            x: cx,
            y: cy,
            w: tw,
            h: th,
            rotated,
            trimmed,
            trim_x: tx,
            trim_y: ty,
            source_w: *w,
            source_h: *h,
        });
        blocks.push((cx, cy, block));
        cx += bw + 1;
        shelf = shelf.max(bh);
    }
    let atlas_h = cy + shelf;
    // The gaps are a colour that is opaque, so a frame read one pixel off would show.
    let mut atlas = RgbaImage::from_pixel(atlas_w, atlas_h, Rgba([1, 2, 3, 255]));
    for (x, y, block) in &blocks {
        image::imageops::replace(&mut atlas, block, *x as i64, *y as i64);
    }
    let atlas_png = dir.join("atlas.png");
    atlas.save(&atlas_png).unwrap();
    let meta = format!(
        "\"meta\": {{\"app\": \"perpixel tests\", \"version\": \"1.0\", \"image\": \"atlas.png\", \
         \"format\": \"RGBA8888\", \"size\": {{\"w\": {atlas_w}, \"h\": {atlas_h}}}, \"scale\": \"1\"}}"
    );
    let mut hash_form = String::from("{\"frames\": {\n");
    let mut array_form = String::from("{\"frames\": [\n");
    for (i, p) in packed.iter().enumerate() {
        let sep = if i + 1 < packed.len() { "," } else { "" };
        let _ = writeln!(hash_form, "  \"{}\": {{{}}}{sep}", p.name, p.fields());
        let _ = writeln!(
            array_form,
            "  {{\"filename\": \"{}\", {}}}{sep}",
            p.name,
            p.fields()
        );
    }
    let _ = write!(hash_form, "}},\n{meta}}}\n");
    let _ = write!(array_form, "],\n{meta}}}\n");
    let atlas_hash = dir.join("atlas_hash.json");
    let atlas_array = dir.join("atlas_array.json");
    std::fs::write(&atlas_hash, hash_form).unwrap();
    std::fs::write(&atlas_array, array_form).unwrap();
    let mut names: Vec<String> = SPRITES.iter().map(|s| s.0.to_string()).collect();
    names.sort();
    Fixtures {
        sprites,
        names,
        atlas_png,
        atlas_hash,
        atlas_array,
        rotated: packed.iter().filter(|p| p.rotated).count(),
        trimmed: packed.iter().filter(|p| p.trimmed).count(),
    }
}

/// A fresh, empty scratch folder `target/tmp/<group>/<name>`.
pub fn scratch(group: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Makes the fixtures in `dir` and bakes them with the Rust library into the files the
/// C and C# round-trip programs load: `folder.ppmk` (the sprite folder, threshold 1),
/// `atlas.ppmk` (the hash-form atlas, threshold 1), `atlas_t128_flip.ppmk` (the
/// array-form atlas, threshold 128, flipped) and `single.ppmk` (`sprites/w65.png` alone).
pub fn bake_round_trip_files(dir: &Path) -> Fixtures {
    use perpixel::{Mask, MaskBundle, MaskOptions};
    let f = make(dir);
    let defaults = MaskOptions::default();
    let t128_flip = MaskOptions {
        threshold: 128,
        flip_y: true,
        ..defaults
    };
    MaskBundle::from_folder(&f.sprites, &defaults)
        .unwrap()
        .write_to_path(dir.join("folder.ppmk"))
        .unwrap();
    MaskBundle::from_texturepacker(&f.atlas_hash, &defaults)
        .unwrap()
        .write_to_path(dir.join("atlas.ppmk"))
        .unwrap();
    MaskBundle::from_texturepacker(&f.atlas_array, &t128_flip)
        .unwrap()
        .write_to_path(dir.join("atlas_t128_flip.ppmk"))
        .unwrap();
    let single = Mask::from_image_path(f.sprites.join("w65.png"), &defaults).unwrap();
    std::fs::write(dir.join("single.ppmk"), single.to_baked()).unwrap();
    f
}
