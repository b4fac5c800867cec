//! `perpixel polygons SPRITE (--json | --svg)`: the polygons of a sprite's solid pixels
//! (`Mask::polygons`), and with `--max-vertices` their convex pieces.

use crate::check::{finite, parse_count};
use crate::json::{Build, Json, xy_list};
use crate::load::{LoadedImage, SpriteArgs};
use crate::{CliResult, Failure, write_out};
use perpixel::{ConvexPiece, Polygon, PolygonOptions};
use std::fmt::Write;
use std::path::PathBuf;

/// Long help of `perpixel polygons`.
pub const LONG_ABOUT: &str = "\
The polygons of a sprite's solid pixels (a pixel is solid when its alpha is at least \
--threshold), as JSON or as an SVG drawn over the sprite.

One polygon per 4-connected region of solid pixels (pixels sharing an edge; two pixels \
touching only at a corner are two polygons), in the order of each region's first pixel \
scanning rows from the top, each row from the left. Each polygon is an outer ring and its \
holes; a ring is a closed list of vertices (the last joins the first, none repeated). \
Vertices are [x, y] on the pixel-corner grid: pixel (i, j) is the square from [i, j] to \
[i + 1, j + 1], so a W x H sprite's corners run from [0, 0] to [W, H], y down. Outer \
rings have a positive shoelace area (clockwise on a y-down screen), holes a negative one.

--epsilon E (pixels, default 0): 0 gives the exact rings along pixel edges; E > 0 \
simplifies each ring (Douglas-Peucker on its own vertices) to within E of the exact one, \
never letting rings cross. --holes (the default) keeps holes; --no-holes drops them (each \
polygon is its outer ring alone, covering its holes). --y-flip outputs y as H - y for \
y-up engines (outer rings then run counter-clockwise, holes clockwise). --max-vertices N \
(at least 3; Box2D's limit is 8) also cuts each polygon into convex pieces of at most N \
vertices that cover it exactly (Polygon::convex_pieces; the polygons are still given). \
Without --max-vertices there are no pieces.

Exactly one of --json and --svg; the output goes to standard output, or to FILE with \
-o FILE.

--json writes one JSON object: sprite (the path as given), width, height, threshold, \
solid_pixels, options {epsilon, holes, y_flip, max_vertices (null without \
--max-vertices)}, polygon_count, hole_count, vertex_count (every ring's vertices), area \
(square pixels: the polygons' outer areas minus their holes'; for exact polygons with \
holes, the solid pixel count), piece_count (null without --max-vertices) and polygons: \
one object per polygon with outer ([[x, y], ...]), holes ([[[x, y], ...], ...]), area, \
outer_vertices, hole_vertices ([n, ...], one count per hole) and pieces (null without \
--max-vertices, else [[[x, y], ...], ...]: each piece's vertices, positive area, numbers \
that may be fractional).

--svg writes an SVG image of the sprite scaled up (each pixel a visible square, the \
sprite embedded as a PNG with image-rendering: pixelated) with each polygon drawn over it \
as one path (fill-rule evenodd, so holes show as holes; y-flipped polygons are drawn \
flipped back onto the sprite) and, with --max-vertices, every convex piece outlined \
dashed.

Exit status: 0 when the polygons were written; 1 when the sprite is missing, unreadable \
or corrupt, a value (threshold, epsilon, max-vertices) is malformed or the output file \
cannot be written; 2 for usage errors (neither or both of --json and --svg).

Examples:
  perpixel polygons assets/sprites/ring.png --json
  perpixel polygons assets/sprites/terrain.png --epsilon 1 --max-vertices 8 --svg -o terrain.svg";

/// Arguments of `perpixel polygons`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("format").required(true).args(["json", "svg"])))]
pub struct PolygonsArgs {
    /// The sprite and the alpha threshold.
    #[command(flatten)]
    pub sprite: SpriteArgs,
    /// Simplification tolerance in pixels: 0 (exact, along pixel edges) or more.
    #[arg(
        long,
        value_name = "E",
        default_value = "0",
        allow_hyphen_values = true
    )]
    pub epsilon: String,
    /// Also cut each polygon into convex pieces of at most N vertices (N >= 3).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub max_vertices: Option<String>,
    /// Keep the holes of each polygon (the default).
    #[arg(long, overrides_with = "no_holes")]
    pub holes: bool,
    /// Drop the holes: each polygon is its outer ring alone.
    #[arg(long, overrides_with = "holes")]
    pub no_holes: bool,
    /// Output y as HEIGHT - y (y up), outer rings counter-clockwise.
    #[arg(long)]
    pub y_flip: bool,
    /// Write the polygons as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write an SVG of the polygons over the sprite.
    #[arg(long)]
    pub svg: bool,
    /// Write to FILE instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// A polygon and, when asked for, its convex pieces.
struct Shape {
    polygon: Polygon,
    pieces: Option<Vec<ConvexPiece>>,
}

/// Runs `perpixel polygons`.
pub fn run(args: &PolygonsArgs) -> CliResult<()> {
    let hint = "a tolerance in pixels, 0 for exact polygons, e.g. --epsilon 1";
    let epsilon = finite(&args.epsilon, "epsilon", hint)?;
    if epsilon < 0.0 {
        return Err(Failure(format!(
            "bad epsilon '{}': it is negative; expected {hint}",
            args.epsilon
        )));
    }
    let max_vertices =
        match &args.max_vertices {
            Some(text) => {
                let hint = "the most vertices a convex piece may have; Box2D's limit is 8";
                let n = parse_count(text, "max-vertices", 3, hint)?;
                Some(u32::try_from(n).map_err(|_| {
                    Failure(format!("bad max-vertices '{text}': too large ({hint})"))
                })?)
            }
            None => None,
        };
    let options = PolygonOptions {
        epsilon,
        holes: !args.no_holes,
        y_flip: args.y_flip,
        max_vertices: max_vertices.unwrap_or(PolygonOptions::default().max_vertices),
    };
    let (image, threshold) = args.sprite.open()?;
    let shapes = shapes(&image, &options, max_vertices.is_some())?;
    let text = if args.json {
        json(&image, threshold, &options, max_vertices, &shapes)
    } else {
        svg(&image, &options, &shapes)?
    };
    write_out(&text, args.output.as_deref())
}

/// The polygons and their pieces. Pieces are cut from the unflipped polygons and flipped
/// after, as `Mask::convex_pieces` does, so they are the same pieces in the same order.
fn shapes(image: &LoadedImage, options: &PolygonOptions, pieces: bool) -> CliResult<Vec<Shape>> {
    let fail = |e: perpixel::Error| {
        Failure(format!(
            "cannot find the polygons of '{}': {e}",
            image.path.display()
        ))
    };
    let polygons = image.mask.polygons(options).map_err(fail)?;
    // The polygons the pieces are cut from: these, or the same unflipped.
    let unflipped = match (pieces, options.y_flip) {
        (true, true) => {
            let plain = PolygonOptions {
                y_flip: false,
                ..options.clone()
            };
            Some(image.mask.polygons(&plain).map_err(fail)?)
        }
        _ => None,
    };
    let cut_from = unflipped.as_ref().unwrap_or(&polygons);
    let height = f64::from(image.mask.height());
    let mut cuts = Vec::with_capacity(polygons.len());
    for plain in cut_from.iter().filter(|_| pieces) {
        let mut cut = plain.convex_pieces(options.max_vertices).map_err(fail)?;
        if options.y_flip {
            for piece in &mut cut {
                piece.iter_mut().for_each(|v| v[1] = height - v[1]);
                piece[1..].reverse();
            }
        }
        cuts.push(cut);
    }
    let mut cuts = cuts.into_iter();
    Ok(polygons
        .into_iter()
        .map(|polygon| Shape {
            polygon,
            pieces: cuts.next(),
        })
        .collect())
}

/// Counts over all the polygons: (holes, vertices, area).
fn totals(shapes: &[Shape]) -> (usize, usize, f64) {
    let holes = shapes.iter().map(|s| s.polygon.holes.len()).sum();
    let vertices = shapes
        .iter()
        .flat_map(|s| s.polygon.rings())
        .map(|r| r.len())
        .sum();
    let area = shapes.iter().map(|s| s.polygon.area()).sum();
    (holes, vertices, area)
}

/// The polygons as one JSON object (see [`LONG_ABOUT`] for the keys).
fn json(
    image: &LoadedImage,
    threshold: u8,
    options: &PolygonOptions,
    max_vertices: Option<u32>,
    shapes: &[Shape],
) -> String {
    let (holes, vertices, area) = totals(shapes);
    let polygons = shapes
        .iter()
        .map(|s| {
            let p = &s.polygon;
            let pieces = s.pieces.as_ref().map_or(Json::Null, |pieces| {
                Json::Array(pieces.iter().map(|p| xy_list(p, Json::number)).collect())
            });
            Json::obj([
                ("outer", xy_list(&p.outer, Json::from)),
                (
                    "holes",
                    Json::Array(p.holes.iter().map(|h| xy_list(h, Json::from)).collect()),
                ),
                ("area", Json::number(p.area())),
                ("outer_vertices", Json::count(p.outer.len() as u64)),
                (
                    "hole_vertices",
                    Json::Array(
                        p.holes
                            .iter()
                            .map(|h| Json::count(h.len() as u64))
                            .collect(),
                    ),
                ),
                ("pieces", pieces),
            ])
        })
        .collect();
    let piece_count = max_vertices.map(|_| {
        shapes
            .iter()
            .filter_map(|s| s.pieces.as_ref())
            .map(Vec::len)
            .sum::<usize>()
    });
    let mut fields = SpriteArgs::json_head(image, threshold);
    fields.extend([
        (
            "options",
            Json::obj([
                ("epsilon", Json::number(options.epsilon)),
                ("holes", Json::Bool(options.holes)),
                ("y_flip", Json::Bool(options.y_flip)),
                ("max_vertices", max_vertices.map_or(Json::Null, Json::from)),
            ]),
        ),
        ("polygon_count", Json::count(shapes.len() as u64)),
        ("hole_count", Json::count(holes as u64)),
        ("vertex_count", Json::count(vertices as u64)),
        ("area", Json::number(area)),
        (
            "piece_count",
            piece_count.map_or(Json::Null, |n| Json::count(n as u64)),
        ),
        ("polygons", Json::Array(polygons)),
    ]);
    Json::obj(fields).render() + "\n"
}

/// The SVG: the sprite scaled up, each polygon an even-odd path over it, each convex
/// piece outlined dashed.
fn svg(image: &LoadedImage, options: &PolygonOptions, shapes: &[Shape]) -> CliResult<String> {
    let (w, h) = (image.mask.width(), image.mask.height());
    let scale = (512 / w.max(h).max(1)).clamp(1, 32);
    let mut png = std::io::Cursor::new(Vec::new());
    image
        .colours()?
        .write_to(&mut png, image::ImageFormat::Png)
        .map_err(|e| {
            Failure(format!(
                "cannot encode '{}' as PNG: {e}",
                image.path.display()
            ))
        })?;
    let (holes, vertices, _) = totals(shapes);
    let mut out = String::new();
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {w} {h}">"#,
        w * scale,
        h * scale
    );
    let _ = writeln!(
        out,
        "<title>polygons of {}: polygons {}, holes {holes}, vertices {vertices}, epsilon {}</title>",
        escape(&image.path.to_string_lossy()),
        shapes.len(),
        options.epsilon
    );
    let _ = writeln!(out, r##"<rect width="{w}" height="{h}" fill="#1c2030"/>"##);
    let _ = writeln!(
        out,
        r#"<image x="0" y="0" width="{w}" height="{h}" preserveAspectRatio="none" style="image-rendering: pixelated" href="data:image/png;base64,{}"/>"#,
        base64(png.get_ref())
    );
    // Flipped coordinates are drawn flipped back, over the sprite's own pixels.
    let flip = match options.y_flip {
        true => format!(r#" transform="matrix(1 0 0 -1 0 {h})""#),
        false => String::new(),
    };
    let _ = writeln!(out, r#"<g{flip} stroke-linejoin="round">"#);
    // Line widths and dashes in output pixels, whatever the scale (in the sprite's
    // pixels, the SVG's own unit, as every renderer draws them).
    let px = |n: u32| (f64::from(n) / f64::from(scale) * 1e4).round() / 1e4;
    let (line, thin) = (px(2), px(1));
    let dash = format!("{} {}", px(4), px(3));
    for (k, s) in shapes.iter().enumerate() {
        let mut d = String::new();
        for ring in s.polygon.rings() {
            for (i, v) in ring.iter().enumerate() {
                let _ = write!(d, "{}{} {} ", if i == 0 { "M" } else { "L" }, v[0], v[1]);
            }
            d.push('Z');
        }
        let _ = writeln!(
            out,
            r##"<path id="polygon-{k}" d="{d}" fill="#ff3cdc" fill-opacity="0.35" fill-rule="evenodd" stroke="#ffe650" stroke-width="{line}"/>"##
        );
        for piece in s.pieces.iter().flatten() {
            let points: Vec<String> = piece.iter().map(|v| format!("{},{}", v[0], v[1])).collect();
            let _ = writeln!(
                out,
                r##"<polygon class="piece" points="{}" fill="none" stroke="#5affc8" stroke-width="{thin}" stroke-dasharray="{dash}"/>"##,
                points.join(" ")
            );
        }
    }
    let _ = writeln!(out, "</g>\n</svg>");
    Ok(out)
}

/// `text` with the characters XML gives a meaning to escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Standard base64 (RFC 4648, with `=` padding) for the SVG's embedded PNG.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
        assert_eq!(base64(&[255, 254, 253]), "//79");
    }

    #[test]
    fn xml_text_is_escaped() {
        assert_eq!(escape(r#"a<b>&"c""#), "a&lt;b&gt;&amp;&quot;c&quot;");
    }
}
