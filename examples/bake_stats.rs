//! What baking buys: sizes of baked masks against their PNGs and against RGBA, and the
//! time to load baked masks against decoding the PNGs, per megapixel.
//!
//! ```text
//! cargo run --release --example bake_stats [FOLDER_OF_PNGS]   # default: assets/sprites
//! ```
//!
//! Times are the best of repeated runs (at least 0.3 s each), so they measure the code,
//! not the disk. Informational only: no test depends on them.

use perpixel::{Mask, MaskBundle, MaskOptions};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The fastest run of `f`, repeated for at least 0.3 s (and at least 5 times).
fn best_of(mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0;
    while runs < 5 || start.elapsed() < Duration::from_millis(300) {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
        runs += 1;
    }
    best
}

fn ms_per_megapixel(d: Duration, pixels: u64) -> f64 {
    d.as_secs_f64() * 1e3 / (pixels as f64 / 1e6)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/sprites"));
    let options = MaskOptions::default();
    let bundle = MaskBundle::from_folder(&dir, &options)?;
    let baked = bundle.to_bytes();

    let mut png_bytes = 0u64;
    let mut pngs = Vec::new();
    let mut pixels = 0u64;
    println!(
        "{:<24} {:>9} {:>9} {:>9} {:>8} {:>8}",
        "sprite", "pixels", "PNG", "RGBA", "baked", "baked/PNG"
    );
    for e in bundle.iter() {
        let bytes = std::fs::read(dir.join(e.name()))?;
        let m = e.mask();
        let px = m.width() as u64 * m.height() as u64;
        let alone = m.to_baked().len() as u64;
        println!(
            "{:<24} {:>9} {:>9} {:>9} {:>8} {:>8.1}%",
            e.name(),
            px,
            bytes.len(),
            px * 4,
            alone,
            alone as f64 * 100.0 / bytes.len() as f64
        );
        png_bytes += bytes.len() as u64;
        pixels += px;
        pngs.push(bytes);
    }
    let rgba = pixels * 4;
    println!(
        "\n{} masks, {pixels} pixels: PNG {png_bytes} bytes, RGBA {rgba} bytes, one baked bundle {} bytes",
        bundle.len(),
        baked.len()
    );
    println!(
        "baked / PNG = {:.3} ({:.1}x smaller); baked / RGBA = {:.4} ({:.1}x smaller)",
        baked.len() as f64 / png_bytes as f64,
        png_bytes as f64 / baked.len() as f64,
        baked.len() as f64 / rgba as f64,
        rgba as f64 / baked.len() as f64
    );

    let load = best_of(|| {
        std::hint::black_box(MaskBundle::from_bytes(std::hint::black_box(&baked)).unwrap());
    });
    let decode = best_of(|| {
        for p in &pngs {
            std::hint::black_box(Mask::from_image_bytes(p, &options).unwrap());
        }
    });
    println!(
        "load the baked bundle: {:.3} ms = {:.3} ms per megapixel; decode + threshold the PNGs: \
         {:.3} ms = {:.3} ms per megapixel ({:.0}x slower)",
        load.as_secs_f64() * 1e3,
        ms_per_megapixel(load, pixels),
        decode.as_secs_f64() * 1e3,
        ms_per_megapixel(decode, pixels),
        decode.as_secs_f64() / load.as_secs_f64()
    );

    // One large mask, where per-file overheads vanish: 4096 x 4096 = 16.8 megapixels.
    let big = Mask::from_fn(4096, 4096, |x, y| (x * 7 + y * 13) % 11 < 6)?;
    let big_baked = big.to_baked();
    let big_px = 4096u64 * 4096;
    let load = best_of(|| {
        std::hint::black_box(Mask::from_baked(std::hint::black_box(&big_baked)).unwrap());
    });
    println!(
        "one 4096x4096 mask: {} bytes baked; loads in {:.2} ms = {:.3} ms per megapixel",
        big_baked.len(),
        load.as_secs_f64() * 1e3,
        ms_per_megapixel(load, big_px)
    );
    Ok(())
}
