//! `perpixel components SPRITE`: the connected components of a sprite's solid pixels
//! (`Mask::component_labels`), with the whole mask's centroid and angle.

use crate::check::parse_count;
use crate::json::{Build, Json};
use crate::load::SpriteArgs;
use crate::{CliResult, Failure, print_out};
use perpixel::{ComponentOptions, ComponentOrder, Connectivity};
use std::fmt::Write;

/// Long help of `perpixel components`.
pub const LONG_ABOUT: &str = "\
The connected components of a sprite's solid pixels (a pixel is solid when its alpha is \
at least --threshold): each one's pixel count and bounding box, with the centroid and the \
orientation angle of all the solid pixels together.

Components are 8-connected (pixels touching by a side or a corner join, pygame's rule) \
unless --four (by a side only). They are listed by position (the component whose first \
pixel, scanning rows from the top and each row from the left, comes first is listed \
first; pygame's order), or with --largest-first by pixel count (ties by position). \
--min-pixels N leaves out components of fewer than N pixels (pygame's minimum). Bounds \
are in the sprite's pixels, y down: x, y of the top-left pixel, width, height.

The centroid and angle are pygame's Mask.centroid() and Mask.angle() of every solid pixel \
(whatever --four and --min-pixels say): the centroid is the mean x and y rounded down, the \
angle in degrees from -90 to 90 (a shape leaning like / is positive, y down).

Prints a table (one row per component: number, pixels, x, y, width, height) after a line \
about the sprite and one with the centroid and angle; with --json one object: sprite, \
width, height, threshold, solid_pixels, connectivity (8 or 4), order (\"position\" or \
\"largest_first\"), min_pixels, centroid ({x, y}, null without solid pixels), angle (null \
without solid pixels), count and components ([{pixels, bounds {x, y, width, height}}]).

Exit status: 0 when the components were printed; 1 when the sprite is missing, \
unreadable or corrupt or a value (threshold, min-pixels) is malformed; 2 for usage errors.

Example:
  perpixel components assets/sprites/ring.png --four --largest-first";

/// Arguments of `perpixel components`.
#[derive(clap::Args, Debug)]
pub struct ComponentsArgs {
    /// The sprite and the alpha threshold.
    #[command(flatten)]
    pub sprite: SpriteArgs,
    /// Join pixels by their sides only (4-connected) instead of sides and corners.
    #[arg(long)]
    pub four: bool,
    /// List the largest components first (ties by position).
    #[arg(long)]
    pub largest_first: bool,
    /// Leave out components of fewer than N pixels.
    #[arg(
        long,
        value_name = "N",
        default_value = "0",
        allow_hyphen_values = true
    )]
    pub min_pixels: String,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Runs `perpixel components`.
pub fn run(args: &ComponentsArgs) -> CliResult<()> {
    let hint = "components with fewer pixels are left out";
    let options = ComponentOptions {
        connectivity: match args.four {
            true => Connectivity::Four,
            false => Connectivity::Eight,
        },
        order: match args.largest_first {
            true => ComponentOrder::LargestFirst,
            false => ComponentOrder::Position,
        },
        min_pixels: parse_count(&args.min_pixels, "min-pixels", 0, hint)?,
    };
    let (image, threshold) = args.sprite.open()?;
    let mask = &image.mask;
    let found = mask.component_labels(&options).map_err(|e| {
        Failure(format!(
            "cannot find the components of '{}': {e}",
            image.path.display()
        ))
    })?;
    let connectivity = if args.four { 4 } else { 8 };
    let order = if args.largest_first {
        "largest_first"
    } else {
        "position"
    };
    let solid = mask.count() > 0;
    let (cx, cy) = mask.centroid();
    let parts = found.counts.iter().zip(&found.bounds);
    let text = if args.json {
        let mut fields = SpriteArgs::json_head(&image, threshold);
        fields.extend([
            ("connectivity", Json::from(connectivity)),
            ("order", Json::str(order)),
            ("min_pixels", Json::count(options.min_pixels)),
            (
                "centroid",
                match solid {
                    true => Json::obj([("x", Json::from(cx)), ("y", Json::from(cy))]),
                    false => Json::Null,
                },
            ),
            (
                "angle",
                match solid {
                    true => Json::number(mask.angle()),
                    false => Json::Null,
                },
            ),
            ("count", Json::count(found.len() as u64)),
            (
                "components",
                Json::Array(
                    parts
                        .map(|(&n, &b)| {
                            Json::obj([("pixels", Json::count(n)), ("bounds", Json::rect(Some(b)))])
                        })
                        .collect(),
                ),
            ),
        ]);
        Json::obj(fields).render() + "\n"
    } else {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}: {}x{} pixels, {} solid (alpha >= {threshold}); {connectivity}-connected \
             components by {}{}",
            image.path.display(),
            mask.width(),
            mask.height(),
            mask.count(),
            order.replace('_', " "),
            match options.min_pixels {
                0 | 1 => String::new(),
                n => format!(", at least {n} pixels each"),
            }
        );
        let _ = match solid {
            true => writeln!(
                out,
                "centroid ({cx}, {cy}), angle {} degrees",
                (mask.angle() * 1e4).round() / 1e4 + 0.0
            ),
            false => writeln!(out, "no solid pixel: no centroid or angle"),
        };
        let _ = writeln!(
            out,
            "\n  {:>4}  {:>8}  {:>5}  {:>5}  {:>5}  {:>6}",
            "#", "pixels", "x", "y", "width", "height"
        );
        for (k, (n, b)) in parts.enumerate() {
            let _ = writeln!(
                out,
                "  {:>4}  {n:>8}  {:>5}  {:>5}  {:>5}  {:>6}",
                k + 1,
                b.x,
                b.y,
                b.width,
                b.height
            );
        }
        let _ = writeln!(
            out,
            "\n{} component{}",
            found.len(),
            if found.len() == 1 { "" } else { "s" }
        );
        out
    };
    print_out(&text)
}
