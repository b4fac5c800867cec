//! Draws the sample sprites the `perpixel` scene plays with and writes them to
//! `assets/sprites/` (run `cargo run --example draw_sprites`).
//!
//! Everything is drawn from code, deterministically (no random numbers, no downloaded
//! art), so rerunning the example reproduces the committed PNGs byte for byte:
//!
//! * `ship.png`: a hull pointing right with two rear fins and a semi-transparent engine
//!   glow (alpha 24 to 120), so that `--threshold 128` drops the glow and keeps the hull.
//! * `rock_big.png`, `rock_small.png`: irregular opaque blobs with a little shading.
//! * `ring.png`: an annulus whose hole is fully transparent.
//! * `coin.png`: a small gold disc.
//! * `bullet.png`: a small capsule.
//! * `terrain.png`: a 512x96 strip with a hilly top edge, transparent above.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, Rgba, RgbaImage};
use std::f32::consts::TAU;
use std::path::Path;

/// A colour with full alpha.
fn rgb(r: u8, g: u8, b: u8) -> Rgba<u8> {
    Rgba([r, g, b, 255])
}

/// `c` scaled by `k` (light or shade), channels clamped, alpha kept.
fn shade(c: Rgba<u8>, k: f32) -> Rgba<u8> {
    let f = |v: u8| (v as f32 * k).round().clamp(0.0, 255.0) as u8;
    Rgba([f(c[0]), f(c[1]), f(c[2]), c[3]])
}

/// A small deterministic hash of a pixel position, in `[0, 1)`: texture without a RNG.
fn hash(x: u32, y: u32, seed: u32) -> f32 {
    let mut h = x.wrapping_mul(0x9E37_79B1) ^ y.wrapping_mul(0x85EB_CA77) ^ seed;
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    (h & 0xFFFF) as f32 / 65536.0
}

/// The ship, pointing right: hull, cockpit, two rear fins, semi-transparent engine glow.
fn ship() -> RgbaImage {
    let (w, h) = (48u32, 32u32);
    let hull = rgb(184, 196, 214);
    RgbaImage::from_fn(w, h, |x, y| {
        let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
        let dy = (py - 16.0).abs();
        // Triangle from the rear edge (x = 12, y 2..30) to the nose (x = 47, y = 16).
        let half = 14.0 * (47.0 - px) / 35.0;
        let in_hull = (12.0..47.0).contains(&px) && dy < half;
        // A notch between the two rear fins, where the engine sits.
        let notch = px < 20.0 && dy < 5.0;
        if in_hull && !notch {
            let cockpit = (px - 32.0).powi(2) / 30.0 + (py - 16.0).powi(2) / 6.0 < 1.0;
            if cockpit {
                return if py < 15.5 {
                    rgb(150, 240, 255)
                } else {
                    rgb(60, 170, 210)
                };
            }
            let edge = dy > half - 1.5;
            let stripe = (24.0..27.0).contains(&px) && dy < half - 2.0;
            return match (edge, stripe) {
                (true, _) => shade(hull, 0.55),
                (_, true) => rgb(214, 72, 72),
                _ => shade(hull, 1.08 - dy / 40.0),
            };
        }
        // Engine glow: a cone behind the notch, fading with distance; never opaque.
        if px < 20.0 {
            let t = (20.0 - px) / 19.0; // 0 at the engine, 1 at the far end
            let spread = 4.5 - 2.0 * t;
            if dy < spread && t <= 1.0 {
                let alpha = 120.0 - 96.0 * t - 30.0 * (dy / spread);
                let hot = 1.0 - t;
                let r = 255;
                let g = (150.0 + 90.0 * hot) as u8;
                let b = (40.0 + 120.0 * hot * hot) as u8;
                return Rgba([r, g, b, alpha.clamp(24.0, 120.0) as u8]);
            }
        }
        Rgba([0, 0, 0, 0])
    })
}

/// An irregular rock: a disc whose radius wobbles with the angle, shaded from the top left.
fn rock(w: u32, h: u32, seed: f32, base: Rgba<u8>) -> RgbaImage {
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    let radius = |a: f32| {
        let wobble = 0.13 * (3.0 * a + seed).sin()
            + 0.08 * (5.0 * a + 2.0 * seed).sin()
            + 0.05 * (9.0 * a + 0.5 * seed).cos();
        0.86 + wobble
    };
    RgbaImage::from_fn(w, h, |x, y| {
        let (dx, dy) = ((x as f32 + 0.5 - cx) / cx, (y as f32 + 0.5 - cy) / cy);
        let d = (dx * dx + dy * dy).sqrt();
        let r = radius(dy.atan2(dx).rem_euclid(TAU));
        if d >= r {
            return Rgba([0, 0, 0, 0]);
        }
        // Light from the top left, darker rim, a few darker pits.
        let light = 1.0 - 0.35 * (dx + dy).clamp(-1.0, 1.0) * 0.7 - 0.3 * (d / r).powi(3);
        let pit = hash(x / 3, y / 3, seed as u32) > 0.86;
        let grain = 0.94 + 0.12 * hash(x, y, 7);
        let k = light * grain * if pit { 0.72 } else { 1.0 };
        shade(base, k)
    })
}

/// A ring: an annulus with a transparent hole.
fn ring() -> RgbaImage {
    let (w, c) = (48u32, 24.0f32);
    RgbaImage::from_fn(w, w, |x, y| {
        let (dx, dy) = (x as f32 + 0.5 - c, y as f32 + 0.5 - c);
        let d = (dx * dx + dy * dy).sqrt();
        if !(13.0..23.0).contains(&d) {
            return Rgba([0, 0, 0, 0]);
        }
        let band = (d - 13.0) / 10.0; // 0 inner edge, 1 outer edge
        let glint = 1.0 - 0.25 * ((dx - dy) / d);
        let k = (0.75 + 0.45 * (1.0 - (2.0 * band - 1.0).powi(2))) * glint;
        shade(rgb(150, 110, 230), k)
    })
}

/// A gold coin with a darker rim and a shine.
fn coin() -> RgbaImage {
    RgbaImage::from_fn(12, 12, |x, y| {
        let (dx, dy) = (x as f32 + 0.5 - 6.0, y as f32 + 0.5 - 6.0);
        let d = (dx * dx + dy * dy).sqrt();
        if d >= 5.8 {
            Rgba([0, 0, 0, 0])
        } else if d >= 4.6 {
            rgb(196, 140, 24)
        } else if (dx + 1.5).abs() < 1.0 && dy < 1.0 {
            rgb(255, 250, 200)
        } else {
            rgb(250, 204, 60)
        }
    })
}

/// A bullet: a 10x4 capsule pointing right.
fn bullet() -> RgbaImage {
    RgbaImage::from_fn(10, 4, |x, y| {
        let solid = match x {
            0 | 9 => y == 1 || y == 2,
            _ => true,
        };
        if !solid {
            Rgba([0, 0, 0, 0])
        } else if x >= 7 {
            rgb(255, 255, 230)
        } else {
            rgb(120, 240, 255)
        }
    })
}

/// Height of the terrain's top edge (in rows from the image top) at column `x`.
fn terrain_top(x: u32) -> u32 {
    let x = x as f32;
    let hill =
        44.0 - 20.0 * (x / 61.0).sin() - 9.0 * (x / 23.0 + 1.3).sin() + 4.0 * (x / 9.0).cos();
    hill.round().clamp(4.0, 90.0) as u32
}

/// A 512x96 strip of ground: grass on a hilly top edge, layered soil, transparent sky.
fn terrain() -> RgbaImage {
    RgbaImage::from_fn(512, 96, |x, y| {
        let top = terrain_top(x);
        if y < top {
            return Rgba([0, 0, 0, 0]);
        }
        let depth = y - top;
        if depth < 3 {
            return if depth == 0 {
                rgb(140, 214, 90)
            } else {
                rgb(92, 170, 64)
            };
        }
        // Soil in bands that follow the surface, with a few stones.
        let band = (depth + (x / 40) % 3) / 9;
        let soil = [
            rgb(124, 86, 58),
            rgb(108, 74, 50),
            rgb(94, 64, 46),
            rgb(80, 56, 42),
        ];
        if hash(x / 4, y / 3, 11) > 0.93 {
            return rgb(140, 134, 126);
        }
        soil[(band as usize).min(soil.len() - 1)]
    })
}

/// Writes `img` as a maximally compressed PNG.
fn save(dir: &Path, name: &str, img: &RgbaImage) -> Result<(), Box<dyn std::error::Error>> {
    let path = dir.join(name);
    let file = std::io::BufWriter::new(std::fs::File::create(&path)?);
    PngEncoder::new_with_quality(file, CompressionType::Best, FilterType::Adaptive).write_image(
        img.as_raw(),
        img.width(),
        img.height(),
        image::ExtendedColorType::Rgba8,
    )?;
    println!(
        "wrote {} ({}x{}, {} bytes)",
        path.display(),
        img.width(),
        img.height(),
        std::fs::metadata(&path)?.len()
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join("sprites");
    std::fs::create_dir_all(&dir)?;
    save(&dir, "ship.png", &ship())?;
    save(&dir, "rock_big.png", &rock(56, 48, 1.7, rgb(150, 128, 112)))?;
    save(
        &dir,
        "rock_small.png",
        &rock(32, 28, 4.1, rgb(128, 132, 140)),
    )?;
    save(&dir, "ring.png", &ring())?;
    save(&dir, "coin.png", &coin())?;
    save(&dir, "bullet.png", &bullet())?;
    save(&dir, "terrain.png", &terrain())?;
    Ok(())
}
