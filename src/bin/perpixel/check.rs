//! `perpixel check A.png B.png --offset DX,DY`: the pair questions for two image files.

use crate::json::{Build, Json};
use crate::load::LoadedImage;
use crate::render::{self, Canvas};
use crate::{CliResult, Failure, print_out};
use perpixel::{Bounds2D, MaskOptions, Point, Sprite};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Long help of `perpixel check`.
pub const LONG_ABOUT: &str = "\
Check one pair of images: A is placed with its top-left pixel at the origin (0, 0) and B \
at --offset DX,DY (negative values are fine: --offset -5,-3). World y points down, like \
the rows of the image files, unless --flip-y says the world's y points up.

Reports both sizes and solid pixel counts, whether the bounding boxes overlap and their \
intersection, whether the pixels collide (some pixel solid in both), the first contact \
(the first such pixel scanning the intersection from its lowest row, each row from its \
lowest x) and the overlap area (how many pixels are solid in both), in world \
coordinates. A pixel is solid when its alpha is at least --threshold.

With --json the answer is one JSON object with the keys a, b (each with path, width, \
height, solid_pixels), offset {x, y}, threshold, flip_y, boxes_overlap, intersection \
(null or {x, y, width, height}), collides, first_contact (null or {x, y}), overlap_area \
and render (null or {path, width, height}).

Exit status: 0 when the check ran, whether or not the sprites collide; 1 when a file is \
missing, unreadable or corrupt or the offset or threshold is malformed; 2 for usage errors.

Example: perpixel check assets/sprites/ship.png assets/sprites/rock_small.png --offset 30,10";

/// Arguments of `perpixel check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Image A, placed with its top-left pixel at (0, 0).
    #[arg(value_name = "A")]
    pub a: PathBuf,
    /// Image B, placed with its top-left pixel at the offset.
    #[arg(value_name = "B")]
    pub b: PathBuf,
    /// Where B's top-left pixel sits in A's coordinates, e.g. 12,-3.
    #[arg(long, value_name = "DX,DY", allow_hyphen_values = true)]
    pub offset: String,
    /// Alpha at or above which a pixel is solid, 0 to 255 (255: fully opaque only).
    #[arg(
        long,
        value_name = "N",
        default_value = "1",
        allow_hyphen_values = true
    )]
    pub threshold: String,
    /// The world's y points up: take the images' bottom rows as row 0.
    #[arg(long)]
    pub flip_y: bool,
    /// Print one JSON object instead of words.
    #[arg(long)]
    pub json: bool,
    /// Also write a PNG of the pair with the overlapping pixels highlighted.
    #[arg(long, value_name = "PATH")]
    pub render: Option<PathBuf>,
}

/// Parses `DX,DY` (whole numbers, either may be negative; spaces around them allowed).
pub fn parse_offset(text: &str) -> CliResult<(i32, i32)> {
    let bad = |why: &str| {
        Failure(format!(
            "bad offset '{text}': {why}; expected DX,DY with whole numbers, e.g. --offset 12,-3"
        ))
    };
    let (dx, dy) = text.split_once(',').ok_or_else(|| bad("no comma"))?;
    let number = |s: &str, axis: &str| {
        let s = s.trim();
        s.parse::<i32>().map_err(|e| match e.kind() {
            std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                bad(&format!("{axis} = {s} is out of range"))
            }
            _ => bad(&format!("{axis} = '{s}' is not a whole number")),
        })
    };
    Ok((number(dx, "DX")?, number(dy, "DY")?))
}

/// Parses an alpha threshold, 0 to 255.
pub fn parse_threshold(text: &str) -> CliResult<u8> {
    text.trim().parse::<u8>().map_err(|_| {
        Failure(format!(
            "bad threshold '{text}': expected a whole number from 0 to 255 \
             (a pixel is solid when its alpha is at least the threshold)"
        ))
    })
}

/// Everything `check` reports about the pair.
struct Answer {
    boxes_overlap: bool,
    intersection: Option<Bounds2D>,
    collides: bool,
    first_contact: Option<Point>,
    overlap_area: u64,
}

/// Runs `perpixel check`.
pub fn run(args: &CheckArgs) -> CliResult<()> {
    let (dx, dy) = parse_offset(&args.offset)?;
    let threshold = parse_threshold(&args.threshold)?;
    let options = MaskOptions {
        threshold,
        flip_y: args.flip_y,
        ..MaskOptions::default()
    };
    let a = LoadedImage::open(&args.a, &options)?;
    let b = LoadedImage::open(&args.b, &options)?;
    let (sa, sb) = (Sprite::new(&a.mask, 0, 0), Sprite::new(&b.mask, dx, dy));
    let intersection = sa.bounds().intersection(&sb.bounds());
    let answer = Answer {
        boxes_overlap: sa.bounds().overlaps(&sb.bounds()),
        intersection,
        collides: sa.collides(&sb),
        first_contact: sa.first_contact(&sb),
        overlap_area: sa.overlap_area(&sb),
    };
    let rendered = match &args.render {
        Some(path) => Some((path.as_path(), draw(&a, &b, &sa, &sb, args.flip_y, path)?)),
        None => None,
    };
    let text = if args.json {
        json(args, &a, &b, (dx, dy), threshold, &answer, rendered)
    } else {
        words(&a, &b, (dx, dy), &options, &answer, rendered)
    };
    print_out(&text)
}

/// Draws the pair and saves it; returns the image size.
fn draw(
    a: &LoadedImage,
    b: &LoadedImage,
    sa: &Sprite,
    sb: &Sprite,
    y_up: bool,
    path: &Path,
) -> CliResult<(u32, u32)> {
    let (ba, bb) = (sa.bounds(), sb.bounds());
    let x0 = ba.x_min().min(bb.x_min()) - 4;
    let y0 = ba.y_min().min(bb.y_min()) - 4;
    let x1 = ba.x_max().max(bb.x_max()) + 4;
    let y1 = ba.y_max().max(bb.y_max()) + 4;
    let fits = |v: i64| i32::try_from(v).is_ok();
    if ![x0, y0, x1 - x0, y1 - y0].into_iter().all(fits) {
        return Err(Failure(
            "cannot render: the sprites are too far apart to draw".into(),
        ));
    }
    let world = Bounds2D::new(x0 as i32, y0 as i32, (x1 - x0) as i32, (y1 - y0) as i32);
    let mut canvas = Canvas::new(world, render::auto_scale(world, 384), y_up, false)?;
    canvas.sprite(&a.colours()?, sa.x, sa.y);
    canvas.sprite(&b.colours()?, sb.x, sb.y);
    canvas.outline(ba, render::BOX_A, false);
    canvas.outline(bb, render::BOX_B, false);
    if let Some(overlap) = sa.overlap_mask(sb) {
        canvas.outline(overlap.bounds, render::INTERSECTION, true);
        canvas.highlight(&overlap, render::OVERLAP);
    }
    if let Some(p) = sa.first_contact(sb) {
        canvas.mark(p, render::CONTACT);
    }
    canvas.save(path)?;
    Ok(canvas.size())
}

/// `"name" (WxH, N solid pixels)` for the text report.
fn describe(image: &LoadedImage) -> String {
    format!(
        "{} ({}x{} pixels, {} solid)",
        image.path.display(),
        image.mask.width(),
        image.mask.height(),
        image.mask.count()
    )
}

/// The answer in words.
fn words(
    a: &LoadedImage,
    b: &LoadedImage,
    (dx, dy): (i32, i32),
    options: &MaskOptions,
    answer: &Answer,
    rendered: Option<(&Path, (u32, u32))>,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "A: {} at (0, 0)", describe(a));
    let _ = writeln!(out, "B: {} at ({dx}, {dy})", describe(b));
    let _ = writeln!(
        out,
        "solid: alpha >= {}; world y points {}",
        options.threshold,
        if options.flip_y {
            "up (rows flipped)"
        } else {
            "down"
        }
    );
    match answer.intersection {
        Some(i) => {
            let _ = writeln!(
                out,
                "bounding boxes: overlap; intersection x={} y={} width={} height={} ({} pixels)",
                i.x,
                i.y,
                i.width,
                i.height,
                i.area()
            );
        }
        None => {
            let _ = writeln!(out, "bounding boxes: do not overlap");
        }
    }
    match (answer.first_contact, answer.boxes_overlap) {
        (Some(p), _) => {
            let _ = writeln!(
                out,
                "pixels: collide; first contact at ({}, {}); overlap area {} pixels",
                p.x, p.y, answer.overlap_area
            );
        }
        (None, true) => {
            let _ = writeln!(
                out,
                "pixels: do not collide (the boxes overlap, but no pixel is solid in both); overlap area 0 pixels"
            );
        }
        (None, false) => {
            let _ = writeln!(out, "pixels: do not collide; overlap area 0 pixels");
        }
    }
    if let Some((path, (w, h))) = rendered {
        let _ = writeln!(out, "render: wrote {} ({w}x{h})", path.display());
    }
    out
}

/// The answer as one JSON object (see [`LONG_ABOUT`] for the keys).
fn json(
    args: &CheckArgs,
    a: &LoadedImage,
    b: &LoadedImage,
    (dx, dy): (i32, i32),
    threshold: u8,
    answer: &Answer,
    rendered: Option<(&Path, (u32, u32))>,
) -> String {
    let image = |img: &LoadedImage| {
        Json::obj([
            ("path", Json::str(img.path.to_string_lossy())),
            ("width", Json::from(img.mask.width())),
            ("height", Json::from(img.mask.height())),
            ("solid_pixels", Json::count(img.mask.count())),
        ])
    };
    let render = rendered.map_or(Json::Null, |(path, (w, h))| {
        Json::obj([
            ("path", Json::str(path.to_string_lossy())),
            ("width", Json::from(w)),
            ("height", Json::from(h)),
        ])
    });
    let value = Json::obj([
        ("a", image(a)),
        ("b", image(b)),
        (
            "offset",
            Json::obj([("x", Json::from(dx)), ("y", Json::from(dy))]),
        ),
        ("threshold", Json::from(threshold)),
        ("flip_y", Json::Bool(args.flip_y)),
        ("boxes_overlap", Json::Bool(answer.boxes_overlap)),
        ("intersection", Json::rect(answer.intersection)),
        ("collides", Json::Bool(answer.collides)),
        ("first_contact", Json::point(answer.first_contact)),
        ("overlap_area", Json::count(answer.overlap_area)),
        ("render", render),
    ]);
    value.render() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_parse_with_signs_and_spaces() {
        assert_eq!(parse_offset("5,3").unwrap(), (5, 3));
        assert_eq!(parse_offset("-5,-3").unwrap(), (-5, -3));
        assert_eq!(parse_offset(" 7 , -0 ").unwrap(), (7, 0));
        assert_eq!(parse_offset("+2,-2147483648").unwrap(), (2, i32::MIN));
    }

    #[test]
    fn bad_offsets_say_what_is_wrong() {
        assert!(parse_offset("5").unwrap_err().0.contains("no comma"));
        assert!(parse_offset("5,x").unwrap_err().0.contains("DY = 'x'"));
        assert!(parse_offset(",1").unwrap_err().0.contains("DX = ''"));
        assert!(
            parse_offset("9999999999,0")
                .unwrap_err()
                .0
                .contains("out of range")
        );
        assert!(
            parse_offset("1.5,2")
                .unwrap_err()
                .0
                .contains("bad offset '1.5,2'")
        );
    }

    #[test]
    fn thresholds_are_bytes() {
        assert_eq!(parse_threshold("0").unwrap(), 0);
        assert_eq!(parse_threshold("255").unwrap(), 255);
        assert!(parse_threshold("256").is_err());
        assert!(parse_threshold("-1").is_err());
        assert!(parse_threshold("half").unwrap_err().0.contains("'half'"));
    }
}
