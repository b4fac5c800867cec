//! `perpixel`: the command-line face of the perpixel crate.
//!
//! * `perpixel` (or `perpixel scene`) plays the sample scene shipped in `assets/`: it
//!   places a handful of sprites (one mirrored, one spinning), compares what bounding
//!   boxes alone would report with
//!   what the pixels say, prints a table and writes a PNG render.
//! * `perpixel check A.png B.png --offset DX,DY` answers the pair questions for two image
//!   files, in words or as one JSON object; `--rotate`, `--scale`, `--flip` and `--pivot`
//!   turn, scale and mirror B (rasterised onto the world grid) first.
//! * `perpixel bake INPUT -o OUTPUT` bakes an image, a folder of PNGs or a TexturePacker
//!   atlas into a baked mask file; `perpixel inspect FILE` says what one holds.
//! * `perpixel polygons`, `perpixel outline` and `perpixel components` give a sprite's
//!   shape: its polygons (JSON or an SVG over the sprite), pygame's outline path, its
//!   connected components.
//!
//! Exit codes: 0 when the command ran (whether or not anything collides), 1 when an input
//! is missing, unreadable or corrupt, or a value such as the offset is malformed (the
//! message on stderr names the file or value and the reason), 2 for usage errors found by
//! the argument parser (unknown flags, missing arguments).

mod bake;
mod check;
mod components;
mod font;
mod json;
mod load;
mod outline;
mod polygons;
mod render;
mod scene;

use clap::{Parser, Subcommand};
use std::fmt;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

const ABOUT: &str = "Pixel-perfect 2D sprite collision: a sample scene, a pair checker, a mask \
                     baker and shape tools.";

const LONG_ABOUT: &str = "\
Pixel-perfect 2D sprite collision: two sprites collide when an opaque pixel of one lands \
on an opaque pixel of the other, not merely when their bounding boxes overlap.

Without a command, perpixel plays the sample scene (the same as `perpixel scene`): a few \
sprites drawn by the project (a ship, rocks, a ring with a coin in its hole, a bullet, \
terrain, a mirrored ship and a spinning one) are placed so that some bounding boxes \
overlap while their pixels do not. It \
prints, for every pair whose boxes overlap, whether the pixels really collide, where they \
first touch and by how many pixels, then how many box hits were false hits; and it writes \
a PNG render with the boxes outlined and the overlapping pixels highlighted.

`perpixel check A.png B.png --offset DX,DY` places image A at the origin and image B at \
the offset (world y points down unless --flip-y) and reports the two sizes, whether the \
boxes overlap, their intersection, whether the pixels collide, the first contact pixel \
and the overlap area, in words or as JSON. --rotate DEG, --scale SX[,SY], --flip x|y|xy \
and --pivot X,Y turn, scale and mirror B about its centre (or the pivot) first; a \
positive angle turns clockwise on screen with y down, counter-clockwise with --flip-y.

`perpixel bake INPUT -o OUTPUT` computes the masks of an image, a folder of PNGs or a \
TexturePacker atlas once and writes them to one small baked file for games to load; \
`perpixel inspect FILE` prints what a baked file holds.

`perpixel polygons SPRITE (--json | --svg)` gives the polygons of a sprite's solid pixels \
(outer rings and holes on pixel corners, exact or simplified by --epsilon, with \
--max-vertices N also cut into convex pieces) as JSON or as an SVG drawn over the sprite; \
`perpixel outline SPRITE` prints pygame's outline path of its first region; `perpixel \
components SPRITE` lists its connected components (pixels and bounds) with its centroid \
and angle.

Exit status: 0 when the command ran, whether or not anything collides; 1 when an input \
file is missing, unreadable or corrupt or a value (offset, threshold) is malformed, with \
a message on stderr naming it; 2 for usage errors (unknown flags, missing arguments).";

/// The command line: a subcommand, or the scene's options for the default action.
#[derive(Parser, Debug)]
#[command(
    name = "perpixel",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    /// What to do; the scene when omitted.
    #[command(subcommand)]
    command: Option<Command>,
    /// Options of the default action (the scene).
    #[command(flatten)]
    scene: scene::SceneArgs,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
enum Command {
    /// Play the sample scene: a collision table and a PNG render (the default action).
    #[command(long_about = scene::LONG_ABOUT)]
    Scene(scene::SceneArgs),
    /// Check one pair of images: A at the origin, B at --offset.
    #[command(long_about = check::LONG_ABOUT)]
    Check(check::CheckArgs),
    /// Bake the masks of an image, a folder of PNGs or a TexturePacker atlas into one file.
    #[command(long_about = bake::BAKE_LONG_ABOUT)]
    Bake(bake::BakeArgs),
    /// Print what a baked mask file holds.
    #[command(long_about = bake::INSPECT_LONG_ABOUT)]
    Inspect(bake::InspectArgs),
    /// The polygons of a sprite's solid pixels, as JSON or an SVG over the sprite.
    #[command(long_about = polygons::LONG_ABOUT)]
    Polygons(polygons::PolygonsArgs),
    /// pygame's outline path of a sprite's first solid region.
    #[command(long_about = outline::LONG_ABOUT)]
    Outline(outline::OutlineArgs),
    /// The connected components of a sprite's solid pixels, with its centroid and angle.
    #[command(long_about = components::LONG_ABOUT)]
    Components(components::ComponentsArgs),
}

/// A failure the user can act on: a missing or corrupt file, a malformed value. Reported
/// on stderr as `perpixel: error: <message>` with exit status 1.
#[derive(Debug)]
pub struct Failure(pub String);

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `Result` with a [`Failure`].
pub type CliResult<T> = Result<T, Failure>;

/// Writes `text` to stdout; a closed pipe (`perpixel | head`) is not an error.
pub fn print_out(text: &str) -> CliResult<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Failure(format!("cannot write to standard output: {e}")))
        }
        _ => Ok(()),
    }
}

/// Writes `text` to `path`, or to stdout (as [`print_out`]) when there is no path.
pub fn write_out(text: &str, path: Option<&Path>) -> CliResult<()> {
    match path {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Failure(format!("cannot write '{}': {e}", path.display()))),
        None => print_out(text),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        None => scene::run(&cli.scene),
        Some(Command::Scene(args)) => scene::run(args),
        Some(Command::Check(args)) => check::run(args),
        Some(Command::Bake(args)) => bake::run_bake(args),
        Some(Command::Inspect(args)) => bake::run_inspect(args),
        Some(Command::Polygons(args)) => polygons::run(args),
        Some(Command::Outline(args)) => outline::run(args),
        Some(Command::Components(args)) => components::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("perpixel: error: {failure}");
            ExitCode::from(1)
        }
    }
}
