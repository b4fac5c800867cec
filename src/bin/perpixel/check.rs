//! `perpixel check A.png B.png --offset DX,DY`: the pair questions for two image files.

use crate::json::{Build, Json};
use crate::load::{LoadedImage, ThresholdArg};
use crate::render::{self, Canvas};
use crate::{CliResult, Failure, print_out};
use perpixel::{
    Bounds2D, Mask, MaskOptions, Normal, Point, PushDirection, PushOut, Raster, Sprite, Sweep,
    Transform,
};
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

B can be turned, scaled and mirrored: --rotate DEG, --scale SX[,SY], --flip x|y|xy and \
--pivot X,Y act about the pivot (in B's mask pixels, by default the centre of B's \
rectangle), and --offset (also spelt --at) stays the world position of B's untransformed \
top-left corner, which may then be fractional (--offset 10.5,3). A positive angle turns \
from +x towards +y: clockwise on screen in the default y-down world, counter-clockwise \
with --flip-y. A flip mirrors B within its own rectangle (about the pivot), the same as a \
negative scale on that axis. With any of these options B is drawn onto the world's pixel \
grid first (a world pixel is covered when its centre, mapped back into B, lands in a \
solid pixel of B), and every answer, the bounds included, is about those covered pixels.

--sweep DX,DY also moves B by whole pixels from where it is placed, along its 4-connected \
path (one pixel in x or y a step, |DX| + |DY| steps; every position is tested, so nothing \
tunnels), and reports the first position where B's pixels touch A's: clear (B reaches the \
end without touching), a hit (the step of the path, B's position there, the first contact, \
B's last free position one step before, and the fraction step / steps) or that B already \
touches A where it starts. B's positions are given like --offset (for a transformed B, its \
untransformed top-left corner: B is swept with its transform fixed, its covered pixels \
moving with it). The other answers and the render are about B where it starts. The sweep \
also gives the contact normal where B hits (or where it starts, when it starts touching).

When the pixels collide, the report adds B's push-out: the shortest whole-pixel \
translation of B (any direction; among equally short ones the smallest DY, then the \
smallest DX) after which it no longer overlaps A, searched up to --push-max N pixels \
long (default 64). When B overlaps or touches A, it adds the contact normal: a unit \
vector from A's surface towards B near where they meet (in the world's own y direction: \
(0, -1) is up with y down), and its angle atan2(y, x) in degrees.

With --json the answer is one JSON object with the keys a, b (each with path, width, \
height, solid_pixels), offset {x, y}, threshold, flip_y, boxes_overlap, intersection \
(null or {x, y, width, height}), collides, first_contact (null or {x, y}), overlap_area, \
push_max, push_out (null when the pixels do not collide or no translation up to \
push_max frees B, else {x, y, distance}), contact_normal (null or {x, y, degrees}) and \
render (null or {path, width, height}). When B is transformed, two keys follow \
offset: transform {rotate, scale {x, y}, flip_x, flip_y, pivot {x, y}} (the pivot used, \
in B's mask pixels) and b_raster {x, y, width, height, solid_pixels} (the world pixels B \
covers: their box and count); offset's numbers may then be fractional. With --sweep, a \
key sweep follows overlap_area: {by {x, y}, steps, result (\"clear\", \"hit\" or \
\"starts_touching\"), step (null when clear, 0 when starting touching), fraction (1 when \
clear, 0 when starting touching), at (B's position where it first touches), last_free, \
contact (the first contact there), stops_at (where B stops: the last free position, the \
start, or the end when clear), normal (the contact normal at the hit or the start, null \
when clear or when no direction stands out: {x, y, degrees})}; positions are {x, y} or null.

Exit status: 0 when the check ran, whether or not the sprites collide; 1 when a file is \
missing, unreadable or corrupt or a value (offset, threshold, rotation, scale, flip, \
pivot, sweep) is malformed; 2 for usage errors.

Examples:
  perpixel check assets/sprites/ship.png assets/sprites/rock_small.png --offset 30,10
  perpixel check assets/sprites/ship.png assets/sprites/ship.png --at 20.5,8 --rotate 30 --flip x
  perpixel check assets/sprites/ship.png assets/sprites/rock_small.png --offset -40,4 --sweep 60,0";

/// Arguments of `perpixel check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Image A, placed with its top-left pixel at (0, 0).
    #[arg(value_name = "A")]
    pub a: PathBuf,
    /// Image B, placed with its top-left pixel at the offset.
    #[arg(value_name = "B")]
    pub b: PathBuf,
    /// Where B's top-left pixel sits in A's coordinates, e.g. 12,-3 (B's untransformed
    /// top-left corner when B is transformed; fractional values such as 10.5,3 only then).
    #[arg(
        long,
        visible_alias = "at",
        value_name = "DX,DY",
        allow_hyphen_values = true
    )]
    pub offset: String,
    /// Turn B by DEG degrees about the pivot; positive turns from +x towards +y
    /// (clockwise on screen with y down, the default; counter-clockwise with --flip-y).
    #[arg(long, value_name = "DEG", allow_hyphen_values = true)]
    pub rotate: Option<String>,
    /// Scale B about the pivot: one number for both axes, or SX,SY; a negative scale
    /// mirrors that axis; 0 is an error.
    #[arg(long, value_name = "SX[,SY]", allow_hyphen_values = true)]
    pub scale: Option<String>,
    /// Mirror B within its own rectangle (about the pivot): x (left-right), y (up-down) or
    /// xy (both); may be repeated (--flip x --flip y is --flip xy). Not --flip-y, which
    /// says which way the world's y points.
    #[arg(long, value_name = "x|y|xy")]
    pub flip: Vec<String>,
    /// The point B turns, scales and flips about, in B's mask pixels (from its top-left
    /// corner; from its bottom-left with --flip-y) [default: the centre of B's rectangle].
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub pivot: Option<String>,
    /// The alpha threshold.
    #[command(flatten)]
    pub threshold: ThresholdArg,
    /// The world's y points up: take the images' bottom rows as row 0.
    #[arg(long)]
    pub flip_y: bool,
    /// Also sweep B by DX,DY (whole pixels) from where it is placed, along its
    /// 4-connected path, and report where it first touches A: clear, a hit (the step,
    /// where B touches, its last free position, the first contact, the fraction of the
    /// motion) or that it starts touching. A transformed B is swept as placed (its
    /// covered pixels move with it, the transform unchanged).
    #[arg(long, value_name = "DX,DY", allow_hyphen_values = true)]
    pub sweep: Option<String>,
    /// When the pixels collide, search B's push-out (the shortest whole-pixel translation
    /// that frees it) up to N pixels long.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub push_max: u32,
    /// Print one JSON object instead of words.
    #[arg(long)]
    pub json: bool,
    /// Also write a PNG of the pair with the overlapping pixels highlighted (a transformed
    /// B drawn as it lands on the world's pixels), B pushed out as a green outline and the
    /// contact normal as a yellow arrow from the centre of the overlapping pixels.
    #[arg(long, value_name = "PATH")]
    pub render: Option<PathBuf>,
}

/// Parses `DX,DY` (whole numbers, either may be negative; spaces around them allowed).
pub fn parse_offset(text: &str) -> CliResult<(i32, i32)> {
    parse_whole_pair(text, "offset", "--offset 12,-3")
}

/// Parses `--sweep DX,DY`: B's motion, in whole pixels, as [`parse_offset`] reads it.
pub fn parse_sweep(text: &str) -> CliResult<(i32, i32)> {
    parse_whole_pair(text, "sweep", "--sweep 40,-8")
}

/// Parses `DX,DY` (whole numbers) for `what`; errors name `what` and show `example`.
fn parse_whole_pair(text: &str, what: &str, example: &str) -> CliResult<(i32, i32)> {
    let bad = |why: &str| {
        Failure(format!(
            "bad {what} '{text}': {why}; expected DX,DY with whole numbers, e.g. {example}"
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

/// Parses one finite number for `what`; `hint` says what was expected.
pub fn finite(text: &str, what: &str, hint: &str) -> CliResult<f64> {
    let s = text.trim();
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(_) => Err(Failure(format!(
            "bad {what} '{s}': not a finite number; {hint}"
        ))),
        Err(_) => Err(Failure(format!("bad {what} '{s}': not a number; {hint}"))),
    }
}

/// Parses `X,Y` (two finite numbers, fractions allowed) for `what` (`offset`, `pivot`).
pub fn parse_point(text: &str, what: &str, example: &str) -> CliResult<(f64, f64)> {
    let hint = format!("expected X,Y with two finite numbers, e.g. --{what} {example}");
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| Failure(format!("bad {what} '{text}': no comma; {hint}")))?;
    let number = |s: &str| {
        finite(s, what, &hint).map_err(|_| {
            Failure(format!(
                "bad {what} '{text}': '{}' is not a finite number; {hint}",
                s.trim()
            ))
        })
    };
    Ok((number(x)?, number(y)?))
}

/// Parses `--rotate DEG`: finite degrees.
pub fn parse_rotation(text: &str) -> CliResult<f64> {
    finite(
        text,
        "rotation",
        "expected degrees as a finite number, e.g. --rotate 90 or --rotate -12.5",
    )
}

/// Parses `--scale S` (both axes) or `--scale SX,SY`: finite and not 0 (negative
/// mirrors).
pub fn parse_scale(text: &str) -> CliResult<(f64, f64)> {
    let hint = "expected one number for both axes or SX,SY, e.g. --scale 2 or --scale 1.5,-1 \
                (a negative scale mirrors)";
    let parts: Vec<&str> = text.split(',').collect();
    let number = |s: &str| -> CliResult<f64> {
        let v = finite(s, "scale", hint).map_err(|_| {
            Failure(format!(
                "bad scale '{text}': '{}' is not a finite number; {hint}",
                s.trim()
            ))
        })?;
        if v == 0.0 {
            return Err(Failure(format!(
                "bad scale '{text}': a scale of 0 would make B vanish; {hint}"
            )));
        }
        Ok(v)
    };
    match parts[..] {
        [s] => number(s).map(|v| (v, v)),
        [sx, sy] => Ok((number(sx)?, number(sy)?)),
        _ => Err(Failure(format!(
            "bad scale '{text}': too many commas; {hint}"
        ))),
    }
}

/// Folds the `--flip` values (`x`, `y`, `xy` or `yx`, repeatable) into `(flip_x, flip_y)`.
pub fn parse_flips(values: &[String]) -> CliResult<(bool, bool)> {
    let (mut fx, mut fy) = (false, false);
    for v in values {
        match v.trim().to_ascii_lowercase().as_str() {
            "x" => fx = true,
            "y" => fy = true,
            "xy" | "yx" => (fx, fy) = (true, true),
            _ => {
                return Err(Failure(format!(
                    "bad flip '{v}': expected x (left-right), y (up-down) or xy (both)"
                )));
            }
        }
    }
    Ok((fx, fy))
}

/// B's transform from the options, or `None` when no transform option is given (then B
/// is placed at an integer offset exactly as before).
fn transform_of(args: &CheckArgs) -> CliResult<Option<Transform>> {
    if args.rotate.is_none() && args.scale.is_none() && args.flip.is_empty() && args.pivot.is_none()
    {
        return Ok(None);
    }
    let (x, y) = parse_point(&args.offset, "offset", "10.5,-3")?;
    let mut t = Transform::at(x, y);
    if let Some(r) = &args.rotate {
        t.rotation_degrees = parse_rotation(r)?;
    }
    if let Some(s) = &args.scale {
        (t.scale_x, t.scale_y) = parse_scale(s)?;
    }
    (t.flip_x, t.flip_y) = parse_flips(&args.flip)?;
    if let Some(p) = &args.pivot {
        t.pivot = Some(parse_point(p, "pivot", "8,4")?);
    }
    Ok(Some(t))
}

/// B placed by its transform: the transform with its pivot filled in, and the raster.
struct Transformed {
    transform: Transform,
    raster: Raster,
}

impl Transformed {
    fn new(mask: &Mask, t: Transform) -> CliResult<Transformed> {
        let raster = mask
            .rasterise(&t)
            .map_err(|e| Failure(format!("cannot transform B: {e}")))?;
        let pivot = t.pivot_for(mask.width(), mask.height());
        Ok(Transformed {
            transform: t.with_pivot(pivot.0, pivot.1),
            raster,
        })
    }
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

/// Parses a whole number of at least `min` for `what` (`every`, `max-vertices`, ...);
/// `hint` says what it means.
pub fn parse_count(text: &str, what: &str, min: u64, hint: &str) -> CliResult<u64> {
    match text.trim().parse::<u64>() {
        Ok(n) if n >= min => Ok(n),
        _ => Err(Failure(format!(
            "bad {what} '{text}': expected a whole number of at least {min} ({hint})"
        ))),
    }
}

/// Everything `check` reports about the pair.
struct Answer {
    boxes_overlap: bool,
    intersection: Option<Bounds2D>,
    collides: bool,
    first_contact: Option<Point>,
    overlap_area: u64,
    /// When the pixels collide: B's shortest push-out out of A (any direction, at most
    /// `--push-max` pixels; `None` when none that short frees it).
    push_out: Option<PushOut>,
    /// The contact normal from A's surface towards B, when they overlap or touch.
    normal: Option<Normal>,
    /// The sweep asked for with `--sweep`: the motion, and what it found.
    sweep: Option<((i32, i32), Sweep)>,
}

/// Runs `perpixel check`.
pub fn run(args: &CheckArgs) -> CliResult<()> {
    let transform = transform_of(args)?;
    let (dx, dy) = match transform {
        Some(_) => (0, 0),
        None => parse_offset(&args.offset).map_err(|e| {
            if parse_point(&args.offset, "offset", "").is_ok() {
                Failure(format!(
                    "{e} (a fractional offset needs B transformed: --rotate, --scale, \
                     --flip or --pivot)"
                ))
            } else {
                e
            }
        })?,
    };
    let motion = args.sweep.as_deref().map(parse_sweep).transpose()?;
    let threshold = args.threshold.value()?;
    let options = MaskOptions {
        threshold,
        flip_y: args.flip_y,
        ..MaskOptions::default()
    };
    let a = LoadedImage::open(&args.a, &options)?;
    let b = LoadedImage::open(&args.b, &options)?;
    let moved = match transform {
        Some(t) => Some(Transformed::new(&b.mask, t)?),
        None => None,
    };
    let sa = Sprite::new(&a.mask, 0, 0);
    let sb = match &moved {
        Some(m) => m.raster.sprite(),
        None => Sprite::new(&b.mask, dx, dy),
    };
    let intersection = sa.bounds().intersection(&sb.bounds());
    let collides = sa.collides(&sb);
    let push_out = match collides {
        true => sb
            .push_out(&sa, PushDirection::Any, args.push_max)
            .map_err(|e| Failure(format!("cannot push B out of A: {e}")))?,
        false => None,
    };
    let answer = Answer {
        boxes_overlap: sa.bounds().overlaps(&sb.bounds()),
        intersection,
        collides,
        first_contact: sa.first_contact(&sb),
        overlap_area: sa.overlap_area(&sb),
        push_out,
        normal: sb.contact_normal(&sa),
        sweep: match motion {
            Some((mx, my)) => {
                let found = sb
                    .sweep(&sa, mx, my)
                    .map_err(|e| Failure(format!("cannot sweep B by ({mx}, {my}): {e}")))?;
                Some(((mx, my), found))
            }
            None => None,
        },
    };
    let rendered = match &args.render {
        Some(path) => {
            let t = moved.as_ref().map(|m| &m.transform);
            let size = draw(&a, &b, &sa, &sb, t, &answer, args.flip_y, path)?;
            Some((path.as_path(), size))
        }
        None => None,
    };
    let place = Placement {
        offset: (dx, dy),
        moved: moved.as_ref(),
    };
    let text = if args.json {
        json(args, &a, &b, &place, threshold, &answer, rendered)
    } else {
        words(&a, &b, &place, &options, args.push_max, &answer, rendered)
    };
    print_out(&text)
}

/// Where B is: an integer offset, or a transform and its raster.
struct Placement<'a> {
    offset: (i32, i32),
    moved: Option<&'a Transformed>,
}

impl Placement<'_> {
    /// B's position (what --offset gives: its top-left pixel, or its untransformed
    /// top-left corner when transformed) once its pixels are at world `p`: B's pixels
    /// and its position move together.
    fn b_at(&self, p: Point) -> (Json, Json) {
        match self.moved {
            None => (Json::from(p.x), Json::from(p.y)),
            Some(m) => {
                let (dx, dy) = (p.x - i64::from(m.raster.x), p.y - i64::from(m.raster.y));
                let t = &m.transform;
                (Json::number(t.x + dx as f64), Json::number(t.y + dy as f64))
            }
        }
    }

    /// [`Placement::b_at`] as `{x, y}`.
    fn b_json(&self, p: Point) -> Json {
        let (x, y) = self.b_at(p);
        Json::obj([("x", x), ("y", y)])
    }

    /// [`Placement::b_at`] as `(x, y)`.
    fn b_text(&self, p: Point) -> String {
        let (x, y) = self.b_at(p);
        format!("({x}, {y})")
    }
}

/// Where B's pixels start and where the sweep's motion would take them.
fn sweep_ends(place: &Placement, by: (i32, i32)) -> (Point, Point) {
    let (x, y) = match place.moved {
        None => place.offset,
        Some(m) => (m.raster.x, m.raster.y),
    };
    let start = Point {
        x: x.into(),
        y: y.into(),
    };
    let end = Point {
        x: start.x + i64::from(by.0),
        y: start.y + i64::from(by.1),
    };
    (start, end)
}

/// A number rounded to `places` decimals for the text reports, without a `-0`.
fn rounded(v: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    (v * k).round() / k + 0.0
}

/// A contact normal in words: `(x, y) (D degrees)`, components to 4 decimals.
pub fn normal_words(n: Normal) -> String {
    format!(
        "({}, {}) ({} degrees)",
        rounded(n.x, 4),
        rounded(n.y, 4),
        rounded(n.degrees(), 1)
    )
}

/// A push-out in words: `(dx, dy) (L px)`, the length to 2 decimals.
pub fn push_words(p: PushOut) -> String {
    format!("({}, {}) ({} px)", p.dx, p.dy, rounded(p.distance(), 2))
}

/// `(x, y)` of a world point.
fn xy(p: Point) -> String {
    format!("({}, {})", p.x, p.y)
}

/// The sweep's line of the text report.
fn sweep_words(place: &Placement, by: (i32, i32), found: &Sweep) -> String {
    let (start, end) = sweep_ends(place, by);
    let steps = u64::from(by.0.unsigned_abs()) + u64::from(by.1.unsigned_abs());
    let head = format!(
        "sweep: B moved by ({}, {}) from {}, {steps} steps",
        by.0,
        by.1,
        place.b_text(start)
    );
    match found {
        Sweep::Clear => format!(
            "{head}: clear; B reaches {} without touching A",
            place.b_text(end)
        ),
        Sweep::StartsTouching { contact, .. } => format!(
            "{head}: starts touching A (first contact at {}); no step is free",
            xy(*contact)
        ),
        Sweep::Hit(h) => format!(
            "{head}: hits A at step {} of {} (fraction {}); B at {} first touches A, \
             first contact at {}; last free position {}",
            h.step,
            h.steps,
            (h.fraction() * 1e4).round() / 1e4,
            place.b_text(h.at),
            xy(h.contact),
            place.b_text(h.last_free)
        ),
    }
}

/// The sweep as JSON (see [`LONG_ABOUT`] for the keys).
fn sweep_json(place: &Placement, by: (i32, i32), found: &Sweep) -> Json {
    let (start, end) = sweep_ends(place, by);
    let steps = u64::from(by.0.unsigned_abs()) + u64::from(by.1.unsigned_abs());
    let pos = |p: Point| place.b_json(p);
    // result, step, fraction, at, last_free, contact, stops_at, normal
    let (result, step, fraction, at, last_free, contact, stops_at, normal) = match found {
        Sweep::Clear => (
            "clear",
            Json::Null,
            1.0,
            Json::Null,
            Json::Null,
            None,
            pos(end),
            None,
        ),
        Sweep::StartsTouching { contact, normal } => (
            "starts_touching",
            Json::from(0),
            0.0,
            pos(start),
            Json::Null,
            Some(*contact),
            pos(start),
            *normal,
        ),
        Sweep::Hit(h) => (
            "hit",
            Json::count(h.step),
            h.fraction(),
            pos(h.at),
            pos(h.last_free),
            Some(h.contact),
            pos(h.last_free),
            h.normal,
        ),
    };
    Json::obj([
        (
            "by",
            Json::obj([("x", Json::from(by.0)), ("y", Json::from(by.1))]),
        ),
        ("steps", Json::count(steps)),
        ("result", Json::str(result)),
        ("step", step),
        ("fraction", Json::number(fraction)),
        ("at", at),
        ("last_free", last_free),
        ("contact", Json::point(contact)),
        ("stops_at", stops_at),
        ("normal", Json::normal(normal)),
    ])
}

/// Draws the pair and saves it (B transformed by `tb` when given: the world pixels it
/// covers, in its colours), with B's push-out as an outline and the contact normal as an
/// arrow from the centre of the overlapping pixels; returns the image size.
#[allow(clippy::too_many_arguments)]
fn draw(
    a: &LoadedImage,
    b: &LoadedImage,
    sa: &Sprite,
    sb: &Sprite,
    tb: Option<&Transform>,
    answer: &Answer,
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
    match tb {
        Some(t) => canvas.sprite_transformed(&b.colours()?, t, bb)?,
        None => canvas.sprite(&b.colours()?, sb.x, sb.y),
    }
    canvas.outline(ba, render::BOX_A, false);
    canvas.outline(bb, render::BOX_B, false);
    let overlap = sa.overlap_mask(sb);
    if let Some(overlap) = &overlap {
        canvas.outline(overlap.bounds, render::INTERSECTION, true);
        canvas.highlight(overlap, render::OVERLAP);
    }
    if let Some(p) = sa.first_contact(sb) {
        canvas.mark(p, render::CONTACT);
    }
    if let Some(p) = answer.push_out.filter(|_| answer.collides) {
        // push_out takes no translation that leaves the i32 range.
        canvas.mask_outline(sb.mask, sb.x + p.dx, sb.y + p.dy, render::PUSHED);
    }
    if let (Some(n), Some(at)) = (answer.normal, overlap.as_ref().and_then(render::centre)) {
        let len = (f64::from(bb.width.min(bb.height)) / 2.0).clamp(4.0, 28.0);
        canvas.arrow(at, (n.x * len, n.y * len), render::NORMAL);
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
    place: &Placement,
    options: &MaskOptions,
    push_max: u32,
    answer: &Answer,
    rendered: Option<(&Path, (u32, u32))>,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "A: {} at (0, 0)", describe(a));
    match place.moved {
        None => {
            let (dx, dy) = place.offset;
            let _ = writeln!(out, "B: {} at ({dx}, {dy})", describe(b));
        }
        Some(m) => {
            let t = &m.transform;
            let _ = writeln!(out, "B: {} at ({}, {})", describe(b), t.x, t.y);
            let flips = match (t.flip_x, t.flip_y) {
                (false, false) => "no flip",
                (true, false) => "flipped x",
                (false, true) => "flipped y",
                (true, true) => "flipped x and y",
            };
            let (px, py) = t.pivot.unwrap_or_default();
            let r = m.raster.bounds();
            let _ = writeln!(
                out,
                "B transformed: rotated {} degrees, scaled ({}, {}), {flips}, about pivot ({px}, {py}); \
                 covers {} pixels in x={} y={} width={} height={}",
                t.rotation_degrees,
                t.scale_x,
                t.scale_y,
                m.raster.mask.count(),
                r.x,
                r.y,
                r.width,
                r.height
            );
        }
    }
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
    if answer.collides {
        let _ = match answer.push_out {
            Some(p) => writeln!(
                out,
                "push-out: moving B by {} frees it (the shortest translation, any direction)",
                push_words(p)
            ),
            None => writeln!(
                out,
                "push-out: no translation of B up to {} px long frees it (--push-max)",
                push_max
            ),
        };
    }
    if let Some(n) = answer.normal {
        let _ = writeln!(
            out,
            "contact normal: {} from A's surface towards B",
            normal_words(n)
        );
    }
    if let Some((by, found)) = &answer.sweep {
        let _ = writeln!(out, "{}", sweep_words(place, *by, found));
        let normal = match found {
            Sweep::Clear => None,
            Sweep::StartsTouching { normal, .. } => Some((*normal, "where it starts")),
            Sweep::Hit(h) => Some((h.normal, "where it hits")),
        };
        if let Some((n, at)) = normal {
            let _ = writeln!(
                out,
                "sweep normal {at}: {}",
                n.map_or("none (no direction stands out)".to_string(), normal_words)
            );
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
    place: &Placement,
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
    let xy = |x: Json, y: Json| Json::obj([("x", x), ("y", y)]);
    let mut fields = vec![("a", image(a)), ("b", image(b))];
    match place.moved {
        None => {
            let (dx, dy) = place.offset;
            fields.push(("offset", xy(Json::from(dx), Json::from(dy))));
        }
        Some(m) => {
            let t = &m.transform;
            let (px, py) = t.pivot.unwrap_or_default();
            let r = m.raster.bounds();
            fields.extend([
                ("offset", xy(Json::number(t.x), Json::number(t.y))),
                (
                    "transform",
                    Json::obj([
                        ("rotate", Json::number(t.rotation_degrees)),
                        (
                            "scale",
                            xy(Json::number(t.scale_x), Json::number(t.scale_y)),
                        ),
                        ("flip_x", Json::Bool(t.flip_x)),
                        ("flip_y", Json::Bool(t.flip_y)),
                        ("pivot", xy(Json::number(px), Json::number(py))),
                    ]),
                ),
                (
                    "b_raster",
                    Json::obj([
                        ("x", Json::from(r.x)),
                        ("y", Json::from(r.y)),
                        ("width", Json::from(r.width)),
                        ("height", Json::from(r.height)),
                        ("solid_pixels", Json::count(m.raster.mask.count())),
                    ]),
                ),
            ]);
        }
    }
    fields.extend([
        ("threshold", Json::from(threshold)),
        ("flip_y", Json::Bool(args.flip_y)),
        ("boxes_overlap", Json::Bool(answer.boxes_overlap)),
        ("intersection", Json::rect(answer.intersection)),
        ("collides", Json::Bool(answer.collides)),
        ("first_contact", Json::point(answer.first_contact)),
        ("overlap_area", Json::count(answer.overlap_area)),
        ("push_max", Json::from(args.push_max)),
        ("push_out", Json::push_out(answer.push_out)),
        ("contact_normal", Json::normal(answer.normal)),
    ]);
    if let Some((by, found)) = &answer.sweep {
        fields.push(("sweep", sweep_json(place, *by, found)));
    }
    fields.push(("render", render));
    Json::obj(fields).render() + "\n"
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
    fn sweeps_parse_like_offsets_and_bad_ones_name_the_sweep() {
        assert_eq!(parse_sweep("40,-8").unwrap(), (40, -8));
        assert_eq!(parse_sweep(" -3 , 0 ").unwrap(), (-3, 0));
        let no_comma = parse_sweep("3").unwrap_err().0;
        assert!(no_comma.contains("bad sweep '3': no comma"), "{no_comma}");
        assert!(no_comma.contains("e.g. --sweep 40,-8"), "{no_comma}");
        assert!(parse_sweep("a,b").unwrap_err().0.contains("DX = 'a'"));
        assert!(parse_sweep("1,2.5").unwrap_err().0.contains("DY = '2.5'"));
        assert!(
            parse_sweep("0,-9999999999")
                .unwrap_err()
                .0
                .contains("out of range")
        );
        // The offset's own words are unchanged.
        assert!(
            parse_offset("5")
                .unwrap_err()
                .0
                .contains("e.g. --offset 12,-3")
        );
    }

    #[test]
    fn transform_values_parse_and_bad_ones_say_why() {
        assert_eq!(parse_rotation(" -12.5 ").unwrap(), -12.5);
        assert!(parse_rotation("nan").unwrap_err().0.contains("finite"));
        assert!(parse_rotation("ten").unwrap_err().0.contains("'ten'"));
        assert_eq!(parse_scale("2").unwrap(), (2.0, 2.0));
        assert_eq!(parse_scale("1.5,-1").unwrap(), (1.5, -1.0));
        assert!(parse_scale("0").unwrap_err().0.contains("vanish"));
        assert!(parse_scale("1,-0").unwrap_err().0.contains("vanish"));
        assert!(parse_scale("1,inf").unwrap_err().0.contains("'inf'"));
        assert!(parse_scale("1,2,3").unwrap_err().0.contains("too many"));
        assert_eq!(parse_point("10.5,-3", "offset", "").unwrap(), (10.5, -3.0));
        assert!(
            parse_point("x", "pivot", "")
                .unwrap_err()
                .0
                .contains("no comma")
        );
        assert!(
            parse_point("1,NaN", "pivot", "")
                .unwrap_err()
                .0
                .contains("'NaN'")
        );
        let flips = |v: &[&str]| parse_flips(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(flips(&[]).unwrap(), (false, false));
        assert_eq!(flips(&["x"]).unwrap(), (true, false));
        assert_eq!(flips(&["y", "x"]).unwrap(), (true, true));
        assert_eq!(flips(&["xy"]).unwrap(), (true, true));
        assert!(flips(&["z"]).unwrap_err().0.contains("bad flip 'z'"));
    }

    #[test]
    fn counts_have_a_minimum_and_say_what_they_mean() {
        assert_eq!(parse_count(" 3 ", "every", 1, "").unwrap(), 3);
        assert_eq!(parse_count("0", "min-pixels", 0, "").unwrap(), 0);
        let low = parse_count("2", "max-vertices", 3, "Box2D's limit is 8")
            .unwrap_err()
            .0;
        assert!(low.contains("bad max-vertices '2'"), "{low}");
        assert!(low.contains("at least 3 (Box2D's limit is 8)"), "{low}");
        assert!(parse_count("-1", "every", 1, "").is_err());
        assert!(parse_count("1.5", "every", 1, "").is_err());
        assert!(parse_count("99999999999999999999", "every", 1, "").is_err());
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
