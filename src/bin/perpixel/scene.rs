//! The sample scene: a few sprites drawn by `examples/draw_sprites.rs`, placed so that
//! bounding boxes and pixels disagree in instructive ways, and a bullet that flies until
//! it first touches something.
//!
//! The scene is played in a y-down world (the PNG convention): world `(0, 0)` is the top
//! left of the render and world y grows downwards, like the rows of the sprite files.

use crate::check::parse_threshold;
use crate::json::{Build, Json};
use crate::load::LoadedImage;
use crate::render::{self, Canvas};
use crate::{CliResult, Failure, print_out};
use perpixel::{Bounds2D, MaskOptions, Overlap, Point, Sprite};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Long help of `perpixel scene`.
pub const LONG_ABOUT: &str = "\
Play the sample scene (also what perpixel does without a command).

Sprites drawn by the project (assets/sprites/*.png: a ship with a semi-transparent engine \
glow, rocks, a ring with a coin in its hole, a bullet, a strip of hilly terrain and a \
bounds-only pickup) are placed in a 512x288 y-down world. The bullet first flies right, \
one pixel per frame, until its pixels touch another sprite. Then every pair of sprites is \
checked: for each pair whose bounding boxes overlap, the table says whether the pixels \
collide, where they first touch (world x, y) and how many pixels overlap, and a summary \
contrasts what bounding boxes alone would report with what the pixels confirm.

The render (perpixel-scene.png in the current directory unless --render says otherwise) \
shows the sprites over a dark background with their bounding boxes outlined (dashed \
orange: bounds-only), the intersections of false hits dashed red, the overlapping pixels \
of colliding pairs in magenta and each first contact marked with a white square.

The sprites are looked for in the project's assets/ directory (known at build time), \
then in ./assets; --assets DIR names another directory holding sprites/.";

/// Arguments of `perpixel scene` (and of `perpixel` without a command).
#[derive(clap::Args, Debug)]
pub struct SceneArgs {
    /// Where to write the PNG render of the scene.
    #[arg(long, value_name = "PATH", default_value = "perpixel-scene.png")]
    pub render: PathBuf,
    /// Directory holding the sample sprites in sprites/ [default: the project's assets/,
    /// else ./assets].
    #[arg(long, value_name = "DIR")]
    pub assets: Option<PathBuf>,
    /// Alpha at or above which a pixel is solid, 0 to 255; at 128 the ship's engine glow
    /// stops counting.
    #[arg(
        long,
        value_name = "N",
        default_value = "1",
        allow_hyphen_values = true
    )]
    pub threshold: String,
    /// Print the scene and its pairs as one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// One sprite of the scene: which image, where, and whether its pixels count.
#[derive(Debug, Clone, Copy)]
pub struct Placement {
    /// Name shown in the table and the render.
    pub name: &'static str,
    /// File name in `assets/sprites/`.
    pub image: &'static str,
    /// World position of the image's top-left pixel.
    pub x: i32,
    /// World position of the image's top-left pixel (y down).
    pub y: i32,
    /// False for a bounds-only sprite, which collides as its whole rectangle.
    pub pixel_collision: bool,
}

/// Shorthand for a [`Placement`] whose pixels count.
const fn pixels(name: &'static str, image: &'static str, x: i32, y: i32) -> Placement {
    Placement {
        name,
        image,
        x,
        y,
        pixel_collision: true,
    }
}

/// The scene, in drawing order (back to front).
pub const SCENE: &[Placement] = &[
    pixels("terrain", "terrain.png", 0, 192),
    // A boulder sunk into a hill: boxes and pixels both collide.
    pixels("boulder", "rock_big.png", 196, 212),
    // The ship's nose passes under a rock's corner: only the boxes overlap.
    pixels("ship", "ship.png", 70, 60),
    pixels("rock", "rock_big.png", 108, 20),
    // A pebble brushing the ship's engine glow: a hit at threshold 1, not at 128.
    pixels("pebble", "rock_small.png", 46, 64),
    // A coin floating in the ring's hole, the ring dipping into a valley's airspace.
    pixels("ring", "ring.png", 330, 160),
    pixels("coin", "coin.png", 348, 178),
    // The bullet's target.
    pixels("target", "rock_small.png", 262, 96),
    pixels("bullet", "bullet.png", 150, 108),
    // A pickup whose pixel collision is off: it collides as its whole rectangle.
    Placement {
        name: "pickup",
        image: "coin.png",
        x: 460,
        y: 201,
        pixel_collision: false,
    },
];

/// The bit of motion: one sprite moving until its pixels first touch another sprite.
pub struct Motion {
    /// Name of the moving sprite.
    pub sprite: &'static str,
    /// World pixels per frame.
    pub step: (i32, i32),
    /// Frames to try before giving up.
    pub max_frames: u32,
}

/// The bullet flies right one pixel per frame.
pub const MOTION: Motion = Motion {
    sprite: "bullet",
    step: (1, 0),
    max_frames: 240,
};

/// World shown in the render: the whole 512x288 play area.
const WORLD: Bounds2D = Bounds2D::new(0, 0, 512, 288);

/// Render scale: output pixels per world pixel.
const SCALE: u32 = 2;

/// The result of the motion.
struct Flight {
    /// Index of the moving sprite in the scene.
    mover: usize,
    /// Where it started.
    from: (i32, i32),
    /// Frames flown until contact (or until giving up).
    frames: u32,
    /// What it touched, if anything: scene index and first contact pixel.
    hit: Option<(usize, Point)>,
}

/// One pair whose bounding boxes overlap.
struct Pair {
    a: usize,
    b: usize,
    intersection: Bounds2D,
    collides: bool,
    first_contact: Option<Point>,
    overlap: Option<Overlap>,
    overlap_area: u64,
}

/// Finds the sprite assets directory: `--assets`, else the project's `assets/` (known at
/// compile time), else `./assets`.
fn assets_dir(explicit: Option<&Path>) -> CliResult<PathBuf> {
    let hint = "run perpixel from the project directory, pass --assets DIR, or redraw \
                the sprites with `cargo run --example draw_sprites`";
    if let Some(dir) = explicit {
        return if dir.join("sprites").is_dir() {
            Ok(dir.to_path_buf())
        } else {
            Err(Failure(format!(
                "cannot find the sample sprites: '{}' does not exist ({hint})",
                dir.join("sprites").display()
            )))
        };
    }
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let here = PathBuf::from("assets");
    [&built, &here]
        .into_iter()
        .find(|d| d.join("sprites").is_dir())
        .cloned()
        .ok_or_else(|| {
            Failure(format!(
                "cannot find the sample sprites: neither '{}' nor '{}' exists ({hint})",
                built.join("sprites").display(),
                here.join("sprites").display()
            ))
        })
}

/// Runs `perpixel scene`.
pub fn run(args: &SceneArgs) -> CliResult<()> {
    let threshold = parse_threshold(&args.threshold)?;
    let dir = assets_dir(args.assets.as_deref())?.join("sprites");
    let options = MaskOptions {
        threshold,
        ..MaskOptions::default()
    };
    let mut images = BTreeMap::new();
    for p in SCENE {
        if !images.contains_key(p.image) {
            images.insert(p.image, LoadedImage::open(&dir.join(p.image), &options)?);
        }
    }
    let mut sprites: Vec<Sprite> = SCENE
        .iter()
        .map(|p| Sprite {
            pixel_collision: p.pixel_collision,
            ..Sprite::new(&images[p.image].mask, p.x, p.y)
        })
        .collect();
    let flight = fly(&mut sprites, &MOTION);
    let pairs = pairs(&sprites);

    let mut canvas = Canvas::new(WORLD, SCALE, false, true)?;
    draw(&mut canvas, &images, &sprites, &pairs, &flight)?;
    canvas.save(&args.render)?;

    let text = if args.json {
        json(
            &dir,
            threshold,
            &sprites,
            &pairs,
            &flight,
            &args.render,
            &canvas,
        )
    } else {
        table(
            threshold,
            &images,
            &sprites,
            &pairs,
            &flight,
            &args.render,
            &canvas,
        )
    };
    print_out(&text)
}

/// Moves the motion's sprite one step per frame until it collides with another sprite;
/// leaves it where it first touched.
fn fly(sprites: &mut [Sprite], motion: &Motion) -> Flight {
    let mover = SCENE
        .iter()
        .position(|p| p.name == motion.sprite)
        .expect("the moving sprite is part of the scene");
    let from = (sprites[mover].x, sprites[mover].y);
    let touching = |sprites: &[Sprite]| {
        (0..sprites.len())
            .filter(|&i| i != mover)
            .find_map(|i| Some((i, sprites[mover].first_contact(&sprites[i])?)))
    };
    let mut frames = 0;
    let mut hit = touching(sprites);
    while hit.is_none() && frames < motion.max_frames {
        sprites[mover].x += motion.step.0;
        sprites[mover].y += motion.step.1;
        frames += 1;
        hit = touching(sprites);
    }
    Flight {
        mover,
        from,
        frames,
        hit,
    }
}

/// Every pair of sprites whose bounding boxes overlap, in scene order.
fn pairs(sprites: &[Sprite]) -> Vec<Pair> {
    let mut out = Vec::new();
    for a in 0..sprites.len() {
        for b in a + 1..sprites.len() {
            let (sa, sb) = (&sprites[a], &sprites[b]);
            let Some(intersection) = sa.bounds().intersection(&sb.bounds()) else {
                continue;
            };
            out.push(Pair {
                a,
                b,
                intersection,
                collides: sa.collides(sb),
                first_contact: sa.first_contact(sb),
                overlap: sa.overlap_mask(sb),
                overlap_area: sa.overlap_area(sb),
            });
        }
    }
    out
}

/// Paints the scene: sprites, the bullet's starting ghost, boxes, false-hit
/// intersections, overlapping pixels, first contacts, names.
fn draw(
    canvas: &mut Canvas,
    images: &BTreeMap<&str, LoadedImage>,
    sprites: &[Sprite],
    pairs: &[Pair],
    flight: &Flight,
) -> CliResult<()> {
    let mut colours = BTreeMap::new();
    for (name, image) in images {
        colours.insert(*name, image.colours()?);
    }
    let ghost = &colours[SCENE[flight.mover].image];
    canvas.sprite_faded(ghost, flight.from.0, flight.from.1, 0.3);
    for (p, s) in SCENE.iter().zip(sprites) {
        canvas.sprite(&colours[p.image], s.x, s.y);
    }
    for s in sprites {
        if s.pixel_collision {
            canvas.outline(s.bounds(), render::BOX, false);
        } else {
            canvas.outline(s.bounds(), render::BOUNDS_ONLY, true);
        }
    }
    for pair in pairs.iter().filter(|p| !p.collides) {
        canvas.outline(pair.intersection, render::INTERSECTION, true);
    }
    for pair in pairs {
        if let Some(overlap) = &pair.overlap {
            canvas.highlight(overlap, render::OVERLAP);
        }
    }
    for p in pairs.iter().filter_map(|p| p.first_contact) {
        canvas.mark(p, render::CONTACT);
    }
    for (p, s) in SCENE.iter().zip(sprites) {
        canvas.label(p.name, s.bounds(), render::LABEL);
    }
    Ok(())
}

/// `n` followed by `word` or `words`.
fn plural(n: usize, word: &str, words: &str) -> String {
    format!("{n} {}", if n == 1 { word } else { words })
}

/// The human-readable report.
fn table(
    threshold: u8,
    images: &BTreeMap<&str, LoadedImage>,
    sprites: &[Sprite],
    pairs: &[Pair],
    flight: &Flight,
    render_path: &Path,
    canvas: &Canvas,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "perpixel scene: {} sprites in a {}x{} world (y down); a pixel is solid when its alpha >= {threshold}\n",
        sprites.len(),
        WORLD.width,
        WORLD.height
    );
    let _ = writeln!(
        out,
        "  {:<8}  {:<14}  {:>10}  {:>7}  {:>6}  collision",
        "sprite", "image", "at", "size", "solid"
    );
    for (p, s) in SCENE.iter().zip(sprites) {
        let m = &images[p.image].mask;
        let _ = writeln!(
            out,
            "  {:<8}  {:<14}  {:>10}  {:>7}  {:>6}  {}",
            p.name,
            p.image,
            format!("({}, {})", s.x, s.y),
            format!("{}x{}", m.width(), m.height()),
            m.count(),
            if s.pixel_collision {
                "pixels"
            } else {
                "bounds only"
            }
        );
    }

    let mover = SCENE[flight.mover].name;
    let _ = write!(
        out,
        "\nmotion: the {mover} flies right from ({}, {}), 1 pixel per frame; ",
        flight.from.0, flight.from.1
    );
    let now = &sprites[flight.mover];
    match flight.hit {
        Some((other, p)) => {
            let _ = writeln!(
                out,
                "after {} its pixels first touch the {} at ({}, {}), with the {mover} at ({}, {}).",
                plural(flight.frames as usize, "frame", "frames"),
                SCENE[other].name,
                p.x,
                p.y,
                now.x,
                now.y
            );
        }
        None => {
            let _ = writeln!(
                out,
                "after {} it has touched nothing and stops at ({}, {}).",
                plural(flight.frames as usize, "frame", "frames"),
                now.x,
                now.y
            );
        }
    }

    let _ = writeln!(out, "\npairs whose bounding boxes overlap:\n");
    let _ = writeln!(
        out,
        "  {:<8}  {:<8}  {:<5}  {:<14}  {:<13}  {:>7}",
        "A", "B", "boxes", "pixels", "first contact", "overlap"
    );
    for pair in pairs {
        let bounds_only = !sprites[pair.a].pixel_collision || !sprites[pair.b].pixel_collision;
        let verdict = match (pair.collides, bounds_only) {
            (true, true) => "yes (as box)*",
            (true, false) => "yes",
            (false, _) => "no",
        };
        let contact = pair
            .first_contact
            .map_or("-".to_string(), |p| format!("({}, {})", p.x, p.y));
        let _ = writeln!(
            out,
            "  {:<8}  {:<8}  {:<5}  {:<14}  {:<13}  {:>7}",
            SCENE[pair.a].name, SCENE[pair.b].name, "yes", verdict, contact, pair.overlap_area
        );
    }
    let total = sprites.len() * (sprites.len() - 1) / 2;
    let boxes = pairs.len();
    let hits = pairs.iter().filter(|p| p.collides).count();
    let _ = writeln!(
        out,
        "\n  overlap = pixels solid in both sprites; the other {} are apart.",
        plural(total - boxes, "pair", "pairs")
    );
    if pairs
        .iter()
        .any(|p| p.collides && (!sprites[p.a].pixel_collision || !sprites[p.b].pixel_collision))
    {
        let _ = writeln!(
            out,
            "  * one sprite is bounds-only (pixel collision off): it collides as its whole rectangle."
        );
    }
    let _ = writeln!(
        out,
        "\nbounding boxes report {}; pixels confirm {}; {} would be {}.",
        plural(boxes, "colliding pair", "colliding pairs"),
        hits,
        boxes - hits,
        if boxes - hits == 1 {
            "a false hit"
        } else {
            "false hits"
        }
    );
    let (w, h) = canvas.size();
    let _ = writeln!(
        out,
        "render: wrote {} ({w}x{h}, {SCALE}x scale)",
        render_path.display()
    );
    let _ = writeln!(
        out,
        "        magenta: overlapping pixels; white squares: first contacts; \
         dashed red: boxes that overlap without pixels; dashed orange: bounds-only sprite"
    );
    out
}

/// The scene as one JSON object: `threshold`, `sprites` (name, image, x, y, width,
/// height, solid_pixels, pixel_collision), `motion`, `pairs` (every pair whose boxes
/// overlap: a, b, boxes_overlap, intersection, collides, first_contact, overlap_area),
/// `summary` (box_pairs, pixel_pairs, false_hits, apart_pairs) and `render`.
fn json(
    dir: &Path,
    threshold: u8,
    sprites: &[Sprite],
    pairs: &[Pair],
    flight: &Flight,
    render_path: &Path,
    canvas: &Canvas,
) -> String {
    let sprite_list = SCENE
        .iter()
        .zip(sprites)
        .map(|(p, s)| {
            Json::obj([
                ("name", Json::str(p.name)),
                ("image", Json::str(dir.join(p.image).to_string_lossy())),
                ("x", Json::from(s.x)),
                ("y", Json::from(s.y)),
                ("width", Json::from(s.mask.width())),
                ("height", Json::from(s.mask.height())),
                ("solid_pixels", Json::count(s.mask.count())),
                ("pixel_collision", Json::Bool(s.pixel_collision)),
            ])
        })
        .collect();
    let pair_list = pairs
        .iter()
        .map(|p| {
            Json::obj([
                ("a", Json::str(SCENE[p.a].name)),
                ("b", Json::str(SCENE[p.b].name)),
                ("boxes_overlap", Json::Bool(true)),
                ("intersection", Json::rect(Some(p.intersection))),
                ("collides", Json::Bool(p.collides)),
                ("first_contact", Json::point(p.first_contact)),
                ("overlap_area", Json::count(p.overlap_area)),
            ])
        })
        .collect();
    let total = sprites.len() * (sprites.len() - 1) / 2;
    let hits = pairs.iter().filter(|p| p.collides).count();
    let (w, h) = canvas.size();
    let motion = Json::obj([
        ("sprite", Json::str(SCENE[flight.mover].name)),
        (
            "from",
            Json::point(Some(Point {
                x: flight.from.0.into(),
                y: flight.from.1.into(),
            })),
        ),
        (
            "step",
            Json::point(Some(Point {
                x: MOTION.step.0.into(),
                y: MOTION.step.1.into(),
            })),
        ),
        ("frames", Json::from(flight.frames)),
        (
            "hit",
            flight
                .hit
                .map_or(Json::Null, |(i, _)| Json::str(SCENE[i].name)),
        ),
        ("first_contact", Json::point(flight.hit.map(|(_, p)| p))),
    ]);
    Json::obj([
        ("threshold", Json::from(threshold)),
        ("sprites", Json::Array(sprite_list)),
        ("motion", motion),
        ("pairs", Json::Array(pair_list)),
        (
            "summary",
            Json::obj([
                ("box_pairs", Json::count(pairs.len() as u64)),
                ("pixel_pairs", Json::count(hits as u64)),
                ("false_hits", Json::count((pairs.len() - hits) as u64)),
                ("apart_pairs", Json::count((total - pairs.len()) as u64)),
            ]),
        ),
        (
            "render",
            Json::obj([
                ("path", Json::str(render_path.to_string_lossy())),
                ("width", Json::from(w)),
                ("height", Json::from(h)),
                ("scale", Json::from(SCALE)),
            ]),
        ),
    ])
    .render()
        + "\n"
}
