//! `perpixel bake INPUT -o OUTPUT`: masks computed once, written as a baked file, and
//! `perpixel inspect FILE`: what a baked file holds.

use crate::load::ThresholdArg;
use crate::{CliResult, Failure, print_out};
use perpixel::{BakeInfo, BakeProgress, Mask, MaskBundle, MaskOptions};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Long help of `perpixel bake`.
pub const BAKE_LONG_ABOUT: &str = "\
Bake collision masks once, at build time, into one small file that games load instead of \
decoding textures: one bit per pixel plus a small header and a checksum.

INPUT is one of:
  - an image file (PNG, ...): a file holding one mask, named after the file;
  - a folder: every .png in it and its subfolders, each named by its path inside the \
folder (e.g. enemies/bat.png);
  - a TexturePacker JSON description (.json, \"hash\" or \"array\" form): every frame of the \
atlas image it names, each named as in the description. Rotated frames are turned back and \
trimmed frames padded back to their source size, so each mask matches the sprite's own file.

A pixel is solid when its alpha is at least --threshold. --flip-y makes mask row 0 the \
image's bottom row (a y-up world such as Unity's); --flip-x mirrors every mask left to \
right (a sprite sheet drawn facing the other way).

The output is written to a temporary file and renamed into place, so a failure never \
leaves a partial OUTPUT (and an existing OUTPUT is only ever replaced by a complete file). \
Prints a summary: masks written, pixels, bytes in and bytes out. A progress line is drawn \
on stderr when it is a terminal.

Exit status: 0 on success; 1 when an input is missing, unreadable or corrupt, a value is \
malformed or the output cannot be written, with a message naming the file; 2 for usage \
errors.

Example: perpixel bake assets/sprites -o sprites.ppmk";

/// Long help of `perpixel inspect`.
pub const INSPECT_LONG_ABOUT: &str = "\
Print what a baked mask file holds: its format version and size, then one line per mask \
(name, width, height, solid pixels, the threshold and flip it was baked with), and how long \
loading the file takes (best of several loads, and per megapixel of masks).

Exit status: 0 when the file is valid; 1 when it is missing, unreadable or invalid \
(truncated, corrupt, wrong version), with a message saying what is wrong.";

/// Arguments of `perpixel bake`.
#[derive(clap::Args, Debug)]
pub struct BakeArgs {
    /// An image file, a folder of PNGs, or a TexturePacker JSON description.
    #[arg(value_name = "INPUT")]
    pub input: PathBuf,
    /// The baked file to write.
    #[arg(short, long, value_name = "OUTPUT")]
    pub output: PathBuf,
    /// The alpha threshold.
    #[command(flatten)]
    pub threshold: ThresholdArg,
    /// Mask row 0 is the image's bottom row (for a y-up world).
    #[arg(long)]
    pub flip_y: bool,
    /// Mirror every mask left to right.
    #[arg(long)]
    pub flip_x: bool,
}

/// Arguments of `perpixel inspect`.
#[derive(clap::Args, Debug)]
pub struct InspectArgs {
    /// The baked file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// What the input is.
enum Input {
    Folder,
    Atlas,
    Image,
}

fn kind(path: &Path) -> Input {
    if path.is_dir() {
        Input::Folder
    } else if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        Input::Atlas
    } else {
        Input::Image
    }
}

/// A progress line on stderr, redrawn in place; silent when stderr is not a terminal.
struct ProgressLine {
    on: bool,
    drawn: bool,
}

impl ProgressLine {
    fn new() -> ProgressLine {
        ProgressLine {
            on: std::io::stderr().is_terminal(),
            drawn: false,
        }
    }

    fn update(&mut self, p: &BakeProgress) {
        if !self.on {
            return;
        }
        const WIDTH: usize = 30;
        let filled = WIDTH * p.done / p.total.max(1);
        let bar: String = (0..WIDTH)
            .map(|i| if i < filled { '#' } else { '.' })
            .collect();
        let name: String = p.name.chars().take(40).collect();
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K[{bar}] {}/{} {name}", p.done, p.total);
        let _ = err.flush();
        self.drawn = true;
    }

    fn clear(&mut self) {
        if self.drawn {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
            self.drawn = false;
        }
    }
}

/// Runs `perpixel bake`.
pub fn run_bake(args: &BakeArgs) -> CliResult<()> {
    let options = MaskOptions {
        threshold: args.threshold.value()?,
        flip_y: args.flip_y,
        flip_x: args.flip_x,
        ..MaskOptions::default()
    };
    let input = &args.input;
    if !input.exists() {
        return Err(Failure(format!(
            "cannot bake '{}': no such file or folder",
            input.display()
        )));
    }
    let mut line = ProgressLine::new();
    let mut bytes_in = 0u64;
    let mut progress = |p: &BakeProgress| {
        bytes_in = p.bytes_read;
        line.update(p);
    };
    let (what, result) = match kind(input) {
        Input::Folder => (
            "PNG files",
            MaskBundle::from_folder_with_progress(input, &options, &mut progress),
        ),
        Input::Atlas => (
            "atlas image and description",
            MaskBundle::from_texturepacker_with_progress(input, &options, &mut progress),
        ),
        Input::Image => ("image file", bake_one(input, &options, &mut progress)),
    };
    line.clear();
    let bundle = result.map_err(|e| Failure(format!("cannot bake '{}': {e}", input.display())))?;
    bundle
        .write_to_path(&args.output)
        .map_err(|e| Failure(e.to_string()))?;
    let bytes_out = bundle.baked_len() as u64;
    let pixels: u64 = bundle
        .iter()
        .map(|e| e.mask().width() as u64 * e.mask().height() as u64)
        .sum();
    let solid: u64 = bundle.iter().map(|e| e.mask().count()).sum();
    let rgba = pixels * 4;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "baked {} mask{} from '{}' into '{}'",
        bundle.len(),
        if bundle.len() == 1 { "" } else { "s" },
        input.display(),
        args.output.display()
    );
    let _ = writeln!(out, "pixels: {pixels} ({solid} solid)");
    let _ = writeln!(out, "bytes in: {bytes_in} ({what})");
    let _ = writeln!(
        out,
        "bytes out: {bytes_out} ({} of the input; {} of the {rgba} bytes of RGBA)",
        ratio(bytes_out, bytes_in),
        ratio(bytes_out, rgba)
    );
    print_out(&out)
}

/// `a / b` as a percentage, or "n/a" when `b` is 0.
fn ratio(a: u64, b: u64) -> String {
    if b == 0 {
        "n/a".into()
    } else {
        format!("{:.1}%", a as f64 * 100.0 / b as f64)
    }
}

/// One image file as a bundle of one, named after the file.
fn bake_one(
    path: &Path,
    options: &MaskOptions,
    progress: &mut impl FnMut(&BakeProgress),
) -> perpixel::Result<MaskBundle> {
    // By path, so that a TGA file is known by its extension.
    let mask = Mask::from_image_path(path, options)?;
    let bytes_read = std::fs::metadata(path).map_or(0, |m| m.len());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut bundle = MaskBundle::new();
    bundle.insert_with_info(name.clone(), mask, BakeInfo::from(options))?;
    progress(&BakeProgress {
        done: 1,
        total: 1,
        name: &name,
        bytes_read,
    });
    Ok(bundle)
}

/// Runs `perpixel inspect`.
pub fn run_inspect(args: &InspectArgs) -> CliResult<()> {
    let path = &args.file;
    // Loaded from the path first: that reads the header before anything else and no more
    // than the masks it announces can take (no endless read of a huge file; a FIFO or a
    // device such as /dev/zero is refused before reading);
    // only a valid file is then read again, as bytes, to time loading from memory.
    let bundle = MaskBundle::from_path(path)
        .map_err(|e| Failure(format!("cannot load '{}': {e}", path.display())))?;
    let bytes = std::fs::read(path)
        .map_err(|e| Failure(format!("cannot read '{}': {e}", path.display())))?;
    let (best, loads) = time_loads(&bytes);
    let pixels: u64 = bundle
        .iter()
        .map(|e| e.mask().width() as u64 * e.mask().height() as u64)
        .sum();
    let solid: u64 = bundle.iter().map(|e| e.mask().count()).sum();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: perpixel baked masks, format version {}, {} bytes",
        path.display(),
        perpixel::bake::BAKED_VERSION,
        bytes.len()
    );
    let _ = writeln!(
        out,
        "masks: {}; pixels: {pixels} ({solid} solid); as RGBA: {} bytes",
        bundle.len(),
        pixels * 4
    );
    let name_width = bundle
        .names()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let _ = writeln!(
        out,
        "{:<name_width$}  {:>6}  {:>6}  {:>8}  {:>9}  FLIP_Y  FLIP_X",
        "NAME", "WIDTH", "HEIGHT", "SOLID", "THRESHOLD"
    );
    for e in bundle.iter() {
        let info = e.info();
        let name = if e.name().is_empty() {
            "(unnamed)"
        } else {
            e.name()
        };
        let threshold = info.threshold.map_or("-".to_string(), |t| t.to_string());
        let _ = writeln!(
            out,
            "{name:<name_width$}  {:>6}  {:>6}  {:>8}  {threshold:>9}  {:<6}  {}{}",
            e.mask().width(),
            e.mask().height(),
            e.mask().count(),
            if info.flip_y { "yes" } else { "no" },
            if info.flip_x { "yes" } else { "no" },
            info.color_key.map_or(String::new(), |k| format!(
                "  colour key #{:02X}{:02X}{:02X}",
                k[0], k[1], k[2]
            ))
        );
    }
    let megapixels = pixels as f64 / 1e6;
    let _ = writeln!(
        out,
        "load time: {:.3} ms (best of {loads}){}",
        best.as_secs_f64() * 1e3,
        if pixels > 0 {
            format!(
                "; {:.3} ms per megapixel",
                best.as_secs_f64() * 1e3 / megapixels
            )
        } else {
            String::new()
        }
    );
    print_out(&out)
}

/// The fastest of several loads of `bytes` (at least 3, for at most ~0.2 s).
fn time_loads(bytes: &[u8]) -> (Duration, u32) {
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut loads = 0;
    while loads < 3 || (loads < 1000 && start.elapsed() < Duration::from_millis(200)) {
        let t = Instant::now();
        let bundle = MaskBundle::from_bytes(bytes);
        best = best.min(t.elapsed());
        std::hint::black_box(bundle.is_ok());
        loads += 1;
    }
    (best, loads)
}
