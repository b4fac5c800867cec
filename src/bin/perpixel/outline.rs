//! `perpixel outline SPRITE`: pygame's outline path of a sprite (`Mask::outline`).

use crate::check::parse_count;
use crate::json::{Build, Json, xy_list};
use crate::load::SpriteArgs;
use crate::{CliResult, Failure, print_out};
use std::fmt::Write;

/// Long help of `perpixel outline`.
pub const LONG_ABOUT: &str = "\
The outline of a sprite's first solid region as a path of pixels, exactly as pygame's \
Mask.outline(every) returns it (a pixel is solid when its alpha is at least --threshold).

Only the region holding the first solid pixel (scanning rows from the top, each row from \
the left) is traced, 8-connected (diagonal neighbours join); holes and other regions are \
ignored. The path starts at that pixel and runs clockwise on the y-down image, keeping \
the outside on its left; a pixel is listed each time the path enters it (pixels on \
one-pixel-wide parts come twice), and the first pixel is listed again at the end: a 2x2 \
square gives its four pixels and then the first one again. --every N (at least 1, default \
1) keeps the first pixel and then every N-th pixel the path enters (the closing one \
included). A sprite with no solid pixel has an empty outline; a lone pixel is listed once.

Prints one pixel a line as `x y` (pixel coordinates, y down), nothing for an empty \
outline; with --json one object: sprite, width, height, threshold, solid_pixels, every, \
count (points listed) and points ([[x, y], ...]).

Exit status: 0 when the outline was printed; 1 when the sprite is missing, unreadable or \
corrupt or a value (threshold, every) is malformed; 2 for usage errors.

Example:
  perpixel outline assets/sprites/coin.png --every 2";

/// Arguments of `perpixel outline`.
#[derive(clap::Args, Debug)]
pub struct OutlineArgs {
    /// The sprite and the alpha threshold.
    #[command(flatten)]
    pub sprite: SpriteArgs,
    /// List the first pixel, then every N-th pixel the path enters (N >= 1).
    #[arg(
        long,
        value_name = "N",
        default_value = "1",
        allow_hyphen_values = true
    )]
    pub every: String,
    /// Print one JSON object instead of `x y` lines.
    #[arg(long)]
    pub json: bool,
}

/// Runs `perpixel outline`.
pub fn run(args: &OutlineArgs) -> CliResult<()> {
    let hint = "1 lists every pixel of the path, 2 every other one";
    let every = parse_count(&args.every, "every", 1, hint)?;
    let every = u32::try_from(every)
        .map_err(|_| Failure(format!("bad every '{}': too large ({hint})", args.every)))?;
    let (image, threshold) = args.sprite.open()?;
    let points = image.mask.outline(every).map_err(|e| {
        Failure(format!(
            "cannot trace the outline of '{}': {e}",
            image.path.display()
        ))
    })?;
    let text = if args.json {
        let mut fields = SpriteArgs::json_head(&image, threshold);
        fields.extend([
            ("every", Json::from(every)),
            ("count", Json::count(points.len() as u64)),
            ("points", xy_list(&points, Json::from)),
        ]);
        Json::obj(fields).render() + "\n"
    } else {
        points.iter().fold(String::new(), |mut out, p| {
            let _ = writeln!(out, "{} {}", p[0], p[1]);
            out
        })
    };
    print_out(&text)
}
