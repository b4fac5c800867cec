//! The sample scene: a few sprites drawn by `examples/draw_sprites.rs`, placed so that
//! bounding boxes and pixels disagree in instructive ways, a bullet that flies until it
//! first touches something while a ship spins, and a mirrored ship.
//!
//! Every sprite is held as a [`Raster`]: a plain sprite is its mask at its position, a
//! turned or mirrored one is its mask drawn onto the world grid by [`Mask::rasterise`],
//! so every pair query treats them alike.
//!
//! The scene is played in a y-down world (the PNG convention): world `(0, 0)` is the top
//! left of the render and world y grows downwards, like the rows of the sprite files.

use crate::check::{normal_words, parse_threshold, push_words};
use crate::json::{Build, Json};
use crate::load::LoadedImage;
use crate::render::{self, Canvas};
use crate::{CliResult, Failure, print_out};
use perpixel::{
    BodyDef, Bounds2D, Mask, MaskOptions, MoveOptions, Normal, Overlap, Point, Polygon,
    PolygonOptions, PushDirection, PushOut, Raster, Sprite, Sweep, Transform, World, reference,
};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Long help of `perpixel scene`.
pub const LONG_ABOUT: &str = "\
Play the sample scene (also what perpixel does without a command).

Sprites drawn by the project (assets/sprites/*.png: a ship with a semi-transparent engine \
glow, rocks, a ring with a coin in its hole, a bullet, a strip of hilly terrain and a \
bounds-only pickup) are placed in a 512x288 y-down world; a second ship is mirrored (it \
faces left) and a third spins about its centre. The bullet first flies right, one pixel \
per frame, until its pixels touch another sprite, while the spinner turns a few degrees \
per frame (positive angles turn clockwise on this y-down screen). The flight is found by \
sweeping (Sprite::sweep): the bullet is swept once over its whole flight against each \
sprite that stays still, and frame by frame against the spinner turned to that frame's \
angle; every pixel of the path is tested, so nothing tunnels at any speed. The first \
touch (earliest frame, then fewest pixels, then scene order) ends the flight, and the \
report says how many pixels were swept in how many frames, what the bullet touched, the \
first contact and the bullet's last free position. Turned and mirrored \
sprites are drawn onto the world's pixel grid (a world pixel is covered when its centre, \
mapped back into the sprite, lands in a solid pixel) and collide through those pixels. \
The boulder sunk into a hill is pushed out (Sprite::push_out): the report gives its \
shortest push-out in any direction (among equally short ones the smallest dy, then the \
smallest dx) and straight up, searched up to 64 pixels, and their contact normal \
(Sprite::contact_normal: a unit vector from the terrain's surface towards the boulder; \
(0, -1) is up on this y-down screen). A walker (the coin's image, apart from the scene's \
sprites and pairs) walks right over the hills with move-and-slide \
(Sprite::move_and_slide against the terrain and the boulder): each frame it moves 3 \
pixels right and falls 4 (gravity), climbing at most 4 pixels to pass a blocked pixel \
(up is -y); the report gives where it ends, in how many frames the ground stopped its \
fall (blocked_y), in how many its walk was stopped short (blocked_x) and how much it \
climbed. Before any of this, a crater is blown into the terrain's mask in place \
(Mask::fill_circle, clearing a disc of radius 14 left of the boulder): the report gives \
the pixels it cleared, how a probe (the coin's image, lying in the crater) overlaps the \
terrain before and after (Sprite::overlap_area and first_contact on the edited mask), \
whether the plain reference (the edit and the queries redone pixel by pixel) agrees, and \
the terrain's polygons (Mask::polygons at epsilon 1: polygons, holes and vertices) before \
and after; the rest of the scene plays on the edited terrain. Then the pairs come from a world update (perpixel's World: a broad phase \
over a grid instead of testing every pair): for each pair whose bounding boxes overlap, the table says whether the pixels \
collide, where they first touch (world x, y) and how many pixels overlap, and a summary \
contrasts what bounding boxes alone would report with what the pixels confirm.

The render (perpixel-scene.png in the current directory unless --render says otherwise) \
shows the sprites over a dark background (turned ones as they land on the world's \
pixels) with their bounding boxes outlined (dashed \
orange: bounds-only), the intersections of false hits dashed red, the overlapping pixels \
of colliding pairs in magenta and each first contact marked with a white square; the \
boulder pushed out as a green outline (straight up: blue), the contact normal as a \
yellow arrow from the centre of the pixels it shares with the terrain, and the walker's \
path as a pink dot under it each frame with a faint ghost every 8 frames; the crater \
cut out of the terrain with the probe in it (its first contact marked) and the terrain's \
polygons after the crater outlined in violet.

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

/// How a scene sprite is turned and mirrored about its centre: its rotation at frame `f`
/// is `rotation + spin * f` degrees.
#[derive(Debug, Clone, Copy)]
pub struct Pose {
    /// Rotation in degrees at frame 0, positive from +x towards +y.
    pub rotation: f64,
    /// Degrees added per frame of the motion (0: still).
    pub spin: f64,
    /// Mirrored left-right within its rectangle.
    pub flip_x: bool,
}

impl Pose {
    /// Neither turned nor mirrored: a plain sprite.
    pub const PLAIN: Pose = Pose {
        rotation: 0.0,
        spin: 0.0,
        flip_x: false,
    };

    /// Whether the sprite needs rasterising (anything but a plain sprite).
    pub fn is_plain(&self) -> bool {
        self.rotation == 0.0 && self.spin == 0.0 && !self.flip_x
    }
}

/// One sprite of the scene: which image, where, how it is turned, and whether its pixels
/// count.
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
    /// Rotation, spin and mirroring about the centre of the image's rectangle.
    pub pose: Pose,
}

impl Placement {
    /// The sprite's transform at `frame` of the motion.
    pub fn transform(&self, frame: u32) -> Transform {
        Transform::at(self.x.into(), self.y.into())
            .rotated(self.pose.rotation + self.pose.spin * f64::from(frame))
            .flipped(self.pose.flip_x, false)
    }

    /// The sprite at `frame` of the motion: its mask at its position when plain, else the
    /// mask rasterised by [`Placement::transform`]. (The scene's turned sprites all have
    /// pixel collision on: a bounds-only one would collide as its raster's rectangle.)
    fn raster(&self, mask: &Mask, frame: u32) -> CliResult<Raster> {
        if self.pose.is_plain() {
            return Ok(Raster {
                mask: mask.clone(),
                x: self.x,
                y: self.y,
            });
        }
        mask.rasterise(&self.transform(frame))
            .map_err(|e| Failure(format!("cannot place the {}: {e}", self.name)))
    }
}

/// Shorthand for a [`Placement`] whose pixels count.
const fn pixels(name: &'static str, image: &'static str, x: i32, y: i32) -> Placement {
    Placement {
        name,
        image,
        x,
        y,
        pixel_collision: true,
        pose: Pose::PLAIN,
    }
}

/// Shorthand for a turned or mirrored [`Placement`] whose pixels count.
const fn posed(name: &'static str, image: &'static str, x: i32, y: i32, pose: Pose) -> Placement {
    Placement {
        pose,
        ..pixels(name, image, x, y)
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
        pose: Pose::PLAIN,
    },
    // A ship facing left (mirrored), its nose in a rock's pixels.
    posed(
        "mirror",
        "ship.png",
        MIRROR_AT.0,
        MIRROR_AT.1,
        Pose {
            flip_x: true,
            ..Pose::PLAIN
        },
    ),
    // A ship spinning about its centre while the bullet flies.
    posed(
        "spinner",
        "ship.png",
        SPINNER_AT.0,
        SPINNER_AT.1,
        Pose {
            rotation: 0.0,
            spin: SPIN_DEGREES_PER_FRAME,
            flip_x: false,
        },
    ),
];

/// Where the mirrored ship is.
const MIRROR_AT: (i32, i32) = (286, 94);
/// Where the spinning ship is (its untransformed top-left corner).
const SPINNER_AT: (i32, i32) = (146, 34);
/// How fast the spinner turns.
const SPIN_DEGREES_PER_FRAME: f64 = 5.0;

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

/// A sprite sunk into another, shown pushed out: `sprite` is pushed out of `obstacle`.
pub struct Sunk {
    /// Name of the sunk sprite.
    pub sprite: &'static str,
    /// Name of what it is sunk into.
    pub obstacle: &'static str,
    /// The longest push-out searched, in pixels.
    pub max: u32,
}

/// The boulder sunk into a hill.
pub const SUNK: Sunk = Sunk {
    sprite: "boulder",
    obstacle: "terrain",
    max: 64,
};

/// A character walking over the hills with move-and-slide, apart from the scene's
/// sprites (it joins neither the table nor the pairs).
pub struct Walk {
    /// Name shown in the report and the render.
    pub name: &'static str,
    /// File name in `assets/sprites/`.
    pub image: &'static str,
    /// Where it starts (its top-left pixel), in the air: it falls onto the ground first.
    pub from: (i32, i32),
    /// Its motion each frame: walking speed in x, gravity (the fall per frame) in y.
    pub step: (i32, i32),
    /// Frames walked.
    pub frames: u32,
    /// The most pixels it may climb to pass a blocked x pixel.
    pub step_up: u32,
    /// What it walks on and bumps into.
    pub obstacles: &'static [&'static str],
}

/// The walker: a coin rolling right over the hills past the boulder.
pub const WALK: Walk = Walk {
    name: "walker",
    image: "coin.png",
    from: (258, 222),
    step: (3, 4),
    frames: 56,
    step_up: 4,
    obstacles: &["terrain", "boulder"],
};

/// Every how many frames the render shows the walker's ghost on its path.
const GHOST_EVERY: usize = 8;

/// A crater blown into a scene sprite's mask, in place, before the scene is played, and
/// a probe sprite sitting in it, queried before and after.
pub struct Crater {
    /// Name of the sprite whose mask is edited.
    pub sprite: &'static str,
    /// World pixel at the crater's centre.
    pub at: (i32, i32),
    /// Radius in pixels ([`Mask::fill_circle`]'s rule: `2 * radius + 1` pixels across).
    pub radius: u32,
    /// File name in `assets/sprites/` of the probe (apart from the scene's sprites and
    /// pairs, like the walker).
    pub probe: &'static str,
    /// Where the probe's top-left pixel is.
    pub probe_at: (i32, i32),
    /// The tolerance of the polygons shown, in pixels.
    pub epsilon: f64,
}

/// A crater in the hills left of the boulder, far from every other sprite and the walk,
/// with a coin lying on its floor.
pub const CRATER: Crater = Crater {
    sprite: "terrain",
    at: (62, 228),
    radius: 14,
    probe: "coin.png",
    probe_at: (52, 233),
    epsilon: 1.0,
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
    /// Pixels swept: steps of its path flown to where it touches (or to where it gave
    /// up).
    swept: u64,
    /// What it touched, if anything.
    hit: Option<Touch>,
}

/// Where the mover first touches another sprite on its flight.
#[derive(Debug, Clone, Copy)]
struct Touch {
    /// Frame of the motion in which it touches (0: where it starts).
    frame: u32,
    /// Steps of its path (one pixel each) flown to the position where it touches.
    step: u64,
    /// Scene index of what it touches.
    other: usize,
    /// Where the mover's top-left pixel is when it touches.
    at: (i32, i32),
    /// Where it was one step before, touching nothing; `None` when it touched at the
    /// start of a frame (at frame 0, or a spinner turned into it).
    last_free: Option<Point>,
    /// Their first contact there ([`Sprite::first_contact`]).
    contact: Point,
}

impl Touch {
    /// The touch a sweep of the mover from `start` against scene sprite `other` found,
    /// if any: `flown` is the steps of the flight taken before the sweep's start, and
    /// `frame` gives the frame of the motion in which a step of the flight is taken.
    fn of(
        sweep: Sweep,
        other: usize,
        frame: impl Fn(u64) -> u32,
        flown: u64,
        start: (i32, i32),
    ) -> Option<Touch> {
        match sweep {
            Sweep::Clear => None,
            Sweep::StartsTouching { contact, .. } => Some(Touch {
                frame: frame(flown),
                step: flown,
                other,
                at: start,
                last_free: None,
                contact,
            }),
            Sweep::Hit(h) => Some(Touch {
                frame: frame(flown + h.step),
                step: flown + h.step,
                other,
                // Positions on the path lie between its start and end, both in `i32`.
                at: (h.at.x as i32, h.at.y as i32),
                last_free: Some(h.last_free),
                contact: h.contact,
            }),
        }
    }

    /// The order of touches: earliest frame, then fewest steps, then scene order.
    fn key(&self) -> (u32, u64, usize) {
        (self.frame, self.step, self.other)
    }
}

/// The sunk sprite pushed out.
struct Pushed {
    /// Scene index of the sunk sprite.
    sprite: usize,
    /// Scene index of what it is sunk into.
    obstacle: usize,
    /// Whether their pixels overlap (else there is nothing to push out of).
    sunk: bool,
    /// The shortest push-out, any direction.
    any: Option<PushOut>,
    /// The shortest push-out straight up (towards smaller y).
    up: Option<PushOut>,
    /// The contact normal from the obstacle's surface towards the sprite.
    normal: Option<Normal>,
    /// The centre of the pixels solid in both (where the normal is drawn from).
    contact: Option<(f64, f64)>,
}

/// The walk: where the walker was after each frame, and what move-and-slide reported.
struct Walked {
    /// Its top-left pixel at the start and after each frame.
    path: Vec<(i32, i32)>,
    /// Frames whose fall was stopped by the ground (`blocked_y`).
    grounded: u32,
    /// Frames whose walk was stopped short (`blocked_x`).
    blocked: u32,
    /// Pixels climbed by stepping up, over the whole walk.
    climbed: u32,
    /// Whether it started inside an obstacle (then it never moved).
    started_inside: bool,
}

/// What a pair query says: the overlap area and the first contact.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Probe {
    overlap_area: u64,
    first_contact: Option<Point>,
}

/// Counts of a mask's polygons: (polygons, holes, vertices).
type PolygonCounts = (usize, usize, usize);

/// The crater: the edited sprite's mask before, the probe's queries before and after,
/// whether the reference agrees, and the polygons before and after.
struct Cratered {
    /// Scene index of the edited sprite.
    sprite: usize,
    /// Its mask before the crater (the scene's mask is the edited one).
    before: Mask,
    /// Solid pixels the crater cleared.
    cleared: u64,
    /// The probe against the sprite before and after the edit.
    probe_before: Probe,
    probe_after: Probe,
    /// Whether the plain reference (the edit redone pixel by pixel on a new mask, the
    /// pair queries redone pixel by pixel) gives the same pixels and the same answers.
    reference_agrees: bool,
    /// Polygon counts before and after.
    polygons_before: PolygonCounts,
    polygons_after: PolygonCounts,
    /// The polygons after the crater, in the sprite's pixels (drawn in the render).
    polygons: Vec<Polygon>,
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
    for image in SCENE
        .iter()
        .map(|p| p.image)
        .chain([WALK.image, CRATER.probe])
    {
        if !images.contains_key(image) {
            images.insert(image, LoadedImage::open(&dir.join(image), &options)?);
        }
    }
    let cratered = blast(&mut images, &CRATER)?;
    let mut rasters = SCENE
        .iter()
        .map(|p| p.raster(&images[p.image].mask, 0))
        .collect::<CliResult<Vec<Raster>>>()?;
    let flight = fly(&mut rasters, &images, &MOTION)?;
    let sprites = sprites_of(&rasters);
    let pairs = pairs(&sprites)?;
    let pushed = push(&sprites, &SUNK)?;
    let walked = walk(&sprites, &images[WALK.image].mask, &WALK)?;
    let extra = Extra {
        pushed: &pushed,
        walked: &walked,
        crater: &cratered,
    };

    let mut canvas = Canvas::new(WORLD, SCALE, false, true)?;
    draw(&mut canvas, &images, &sprites, &pairs, &flight, &extra)?;
    canvas.save(&args.render)?;

    let text = if args.json {
        json(
            &dir,
            &images,
            threshold,
            &sprites,
            &pairs,
            &flight,
            &extra,
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
            &extra,
            &args.render,
            &canvas,
        )
    };
    print_out(&text)
}

/// The scene's sprites placed by their rasters, pixel collision as the scene says.
fn sprites_of(rasters: &[Raster]) -> Vec<Sprite<'_>> {
    SCENE
        .iter()
        .zip(rasters)
        .map(|(p, r)| sprite_of(p, r))
        .collect()
}

/// A scene sprite placed by its raster, pixel collision as its placement says.
fn sprite_of<'a>(p: &Placement, r: &'a Raster) -> Sprite<'a> {
    Sprite {
        pixel_collision: p.pixel_collision,
        ..r.sprite()
    }
}

/// Flies the motion's sprite, found by sweeping: against every sprite that stays still,
/// one sweep over the whole flight; against each spinning sprite, one sweep per frame,
/// from where the mover was at the end of the previous frame by one frame's motion,
/// with the spinner turned to that frame's angle. The first touch (earliest frame, then
/// fewest steps, then scene order) ends the flight; everything is left as it was then.
///
/// The whole flight's path passes through every frame's position (it is the frames'
/// paths one after another), so both kinds of sweep test the same positions: every
/// pixel of the way, at any speed.
fn fly(
    rasters: &mut [Raster],
    images: &BTreeMap<&str, LoadedImage>,
    motion: &Motion,
) -> CliResult<Flight> {
    let mover = SCENE
        .iter()
        .position(|p| p.name == motion.sprite)
        .expect("the moving sprite is part of the scene");
    let from = (rasters[mover].x, rasters[mover].y);
    let (sx, sy) = motion.step;
    let per_frame = u64::from(sx.unsigned_abs()) + u64::from(sy.unsigned_abs());
    let too_far = || {
        Failure(format!(
            "cannot move the {}: {} frames of ({sx}, {sy}) from ({}, {}) leave the i32 range",
            motion.sprite, motion.max_frames, from.0, from.1
        ))
    };
    let frames = i32::try_from(motion.max_frames).map_err(|_| too_far())?;
    let total = (
        sx.checked_mul(frames).ok_or_else(too_far)?,
        sy.checked_mul(frames).ok_or_else(too_far)?,
    );
    // Where the mover is at the end of frame `f` (between `from` and the flight's end,
    // which the sweeps check is in `i32`).
    let at_frame = |f: u32| {
        let f = i64::from(f);
        (
            (i64::from(from.0) + i64::from(sx) * f) as i32,
            (i64::from(from.1) + i64::from(sy) * f) as i32,
        )
    };
    // The frame in which step `k` of the flight is taken.
    let frame_of = |k: u64| match per_frame {
        0 => 0,
        n => k.div_ceil(n) as u32,
    };
    let swept = |e: perpixel::Error| Failure(format!("cannot sweep the {}: {e}", motion.sprite));
    let earlier = |best: &mut Option<Touch>, t: Option<Touch>| {
        if let Some(t) = t
            && best.is_none_or(|b| t.key() < b.key())
        {
            *best = Some(t);
        }
    };
    let spins = |i: usize| i != mover && SCENE[i].pose.spin != 0.0;

    let mut best = None;
    {
        let sprites = sprites_of(rasters);
        for i in (0..SCENE.len()).filter(|&i| i != mover && !spins(i)) {
            let sweep = sprites[mover]
                .sweep(&sprites[i], total.0, total.1)
                .map_err(swept)?;
            earlier(&mut best, Touch::of(sweep, i, frame_of, 0, from));
        }
    }
    let last = best.map_or(motion.max_frames, |t| t.frame);
    let mover_sprite = sprite_of(&SCENE[mover], &rasters[mover]);
    for f in 0..=last {
        let (start, step) = match f {
            0 => (from, (0, 0)),
            _ => (at_frame(f - 1), motion.step),
        };
        let moving = Sprite {
            x: start.0,
            y: start.1,
            ..mover_sprite
        };
        let flown = u64::from(f.saturating_sub(1)) * per_frame;
        for i in (0..SCENE.len()).filter(|&i| spins(i)) {
            let p = &SCENE[i];
            let posed = p.raster(&images[p.image].mask, f)?;
            let sweep = moving
                .sweep(&sprite_of(p, &posed), step.0, step.1)
                .map_err(swept)?;
            earlier(&mut best, Touch::of(sweep, i, |_| f, flown, start));
        }
        if best.is_some_and(|t| t.frame <= f) {
            break;
        }
    }

    let (frames, at, swept) = match best {
        Some(t) => (t.frame, t.at, t.step),
        None => (
            motion.max_frames,
            at_frame(motion.max_frames),
            u64::from(motion.max_frames) * per_frame,
        ),
    };
    rasters[mover].x = at.0;
    rasters[mover].y = at.1;
    for (p, r) in SCENE.iter().zip(rasters.iter_mut()) {
        if p.pose.spin != 0.0 {
            *r = p.raster(&images[p.image].mask, frames)?;
        }
    }
    Ok(Flight {
        mover,
        from,
        frames,
        swept,
        hit: best,
    })
}

/// The push-out and the walk, reported after the flight.
struct Extra<'a> {
    pushed: &'a Pushed,
    walked: &'a Walked,
    crater: &'a Cratered,
}

/// Blows the crater into its sprite's mask in place ([`Mask::fill_circle`], clearing),
/// querying the probe against it before and after, checking the edited mask and the
/// queries against the plain reference, and counting the polygons before and after.
fn blast(images: &mut BTreeMap<&str, LoadedImage>, crater: &Crater) -> CliResult<Cratered> {
    let i = index_of(crater.sprite);
    let p = &SCENE[i];
    let fail = |e: perpixel::Error| Failure(format!("cannot blow the crater: {e}"));
    let probe = images[crater.probe].mask.clone();
    let (px, py) = crater.probe_at;
    let query = |m: &Mask| {
        let (a, b) = (Sprite::new(m, p.x, p.y), Sprite::new(&probe, px, py));
        Probe {
            overlap_area: a.overlap_area(&b),
            first_contact: a.first_contact(&b),
        }
    };
    let options = PolygonOptions {
        epsilon: crater.epsilon,
        ..PolygonOptions::default()
    };
    let counts = |polys: &[Polygon]| -> PolygonCounts {
        (
            polys.len(),
            polys.iter().map(|q| q.holes.len()).sum(),
            polys.iter().flat_map(|q| q.rings()).map(|r| r.len()).sum(),
        )
    };
    let before = images[p.image].mask.clone();
    let (cx, cy) = (crater.at.0 - p.x, crater.at.1 - p.y);
    let mask = &mut images
        .get_mut(p.image)
        .expect("the scene's images are loaded")
        .mask;
    mask.fill_circle(cx, cy, crater.radius, false)
        .map_err(fail)?;
    let after = &*mask;
    let oracle = reference::edit::fill_circle(&before, cx, cy, crater.radius, false);
    let (oa, ob) = (Sprite::new(&oracle, p.x, p.y), Sprite::new(&probe, px, py));
    let probe_after = query(after);
    let polygons = after.polygons(&options).map_err(fail)?;
    Ok(Cratered {
        sprite: i,
        cleared: before.count() - after.count(),
        probe_before: query(&before),
        probe_after,
        reference_agrees: oracle == *after
            && probe_after
                == Probe {
                    overlap_area: reference::overlap_area(&oa, &ob),
                    first_contact: reference::first_contact(&oa, &ob),
                },
        polygons_before: counts(&before.polygons(&options).map_err(fail)?),
        polygons_after: counts(&polygons),
        polygons,
        before,
    })
}

/// The scene index of the sprite called `name`.
fn index_of(name: &str) -> usize {
    SCENE
        .iter()
        .position(|p| p.name == name)
        .expect("the named sprite is part of the scene")
}

/// Pushes the sunk sprite out of what it is sunk into: the shortest way in any
/// direction and straight up, and their contact normal.
fn push(sprites: &[Sprite], sunk: &Sunk) -> CliResult<Pushed> {
    let (i, o) = (index_of(sunk.sprite), index_of(sunk.obstacle));
    let (s, obstacle) = (&sprites[i], &sprites[o]);
    let out = |direction| {
        s.push_out(obstacle, direction, sunk.max)
            .map_err(|e| Failure(format!("cannot push the {} out: {e}", sunk.sprite)))
    };
    let contact = s.overlap_mask(obstacle).as_ref().and_then(render::centre);
    Ok(Pushed {
        sprite: i,
        obstacle: o,
        sunk: s.collides(obstacle),
        any: out(PushDirection::Any)?,
        up: out(PushDirection::Along { dx: 0, dy: -1 })?,
        normal: s.contact_normal(obstacle),
        contact,
    })
}

/// Walks the walker: `walk.frames` calls of [`Sprite::move_and_slide`] by `walk.step`
/// against the obstacles, stepping up at most `walk.step_up` pixels, up being -y.
fn walk(sprites: &[Sprite], mask: &Mask, walk: &Walk) -> CliResult<Walked> {
    let obstacles: Vec<Sprite> = walk
        .obstacles
        .iter()
        .map(|name| sprites[index_of(name)])
        .collect();
    let options = MoveOptions {
        step_up: walk.step_up,
        up: -1,
    };
    let mut at = Sprite::new(mask, walk.from.0, walk.from.1);
    let mut walked = Walked {
        path: vec![walk.from],
        grounded: 0,
        blocked: 0,
        climbed: 0,
        started_inside: false,
    };
    for _ in 0..walk.frames {
        let m = at
            .move_and_slide(&obstacles, walk.step.0, walk.step.1, &options)
            .map_err(|e| Failure(format!("cannot move the {}: {e}", walk.name)))?;
        walked.grounded += u32::from(m.blocked_y);
        walked.blocked += u32::from(m.blocked_x);
        walked.climbed += m.climbed;
        walked.started_inside |= m.started_inside;
        (at.x, at.y) = (m.x, m.y);
        walked.path.push((m.x, m.y));
    }
    Ok(walked)
}

/// Every pair of sprites whose bounding boxes overlap, in scene order, from `World`
/// updates instead of a loop over every pair: one world of the sprites as bounds-only
/// bodies (their touching pairs are exactly the pairs whose boxes overlap: the table's
/// rows, false hits included), one of the sprites as the scene places them (their
/// touching pairs are the pixel verdicts). Every body is moving, so every pair is tested;
/// a body's index is its sprite's place in the scene (the two worlds' pairs are matched
/// by index: ids carry their world, so the same slot has another id in each).
fn pairs(sprites: &[Sprite]) -> CliResult<Vec<Pair>> {
    let touching = |pixel: bool| -> CliResult<World> {
        let mut world = World::new();
        for s in sprites {
            world
                .create_body(BodyDef {
                    pixel_collision: pixel && s.pixel_collision,
                    ..BodyDef::new(s.mask, s.x, s.y)
                })
                .map_err(|e| Failure(format!("cannot build the scene's world: {e}")))?;
        }
        world
            .update()
            .map_err(|e| Failure(format!("cannot update the scene's world: {e}")))?;
        Ok(world)
    };
    let (boxes, pixels) = (touching(false)?, touching(true)?);
    let mut out = Vec::new();
    for p in boxes.touching() {
        let (a, b) = (p.a.index as usize, p.b.index as usize);
        let (sa, sb) = (&sprites[a], &sprites[b]);
        let Some(intersection) = sa.bounds().intersection(&sb.bounds()) else {
            continue;
        };
        out.push(Pair {
            a,
            b,
            intersection,
            // The same slots in the other world (its ids carry that world's tag).
            collides: pixels
                .touching()
                .binary_search_by_key(&(p.a.index, p.b.index), |q| (q.a.index, q.b.index))
                .is_ok(),
            first_contact: sa.first_contact(sb),
            overlap: sa.overlap_mask(sb),
            overlap_area: sa.overlap_area(sb),
        });
    }
    Ok(out)
}

/// Paints the scene: sprites, the bullet's starting ghost, boxes, false-hit
/// intersections, overlapping pixels, first contacts, names.
fn draw(
    canvas: &mut Canvas,
    images: &BTreeMap<&str, LoadedImage>,
    sprites: &[Sprite],
    pairs: &[Pair],
    flight: &Flight,
    extra: &Extra,
) -> CliResult<()> {
    let mut colours = BTreeMap::new();
    for (name, image) in images {
        colours.insert(*name, image.colours()?);
    }
    // The crater's pixels are drawn empty: those it cleared.
    let crater = extra.crater;
    let edited = SCENE[crater.sprite].image;
    let terrain = colours
        .get_mut(edited)
        .expect("the edited sprite's colours");
    for (i, j, c) in terrain.enumerate_pixels_mut() {
        if crater.before.is_solid(i, j) && !images[edited].mask.is_solid(i, j) {
            c.0[3] = 0;
        }
    }
    let ghost = &colours[SCENE[flight.mover].image];
    canvas.sprite_faded(ghost, flight.from.0, flight.from.1, 0.3);
    for (p, s) in SCENE.iter().zip(sprites) {
        if p.pose.is_plain() {
            canvas.sprite(&colours[p.image], s.x, s.y);
        } else {
            let t = p.transform(flight.frames);
            canvas.sprite_transformed(&colours[p.image], &t, s.bounds())?;
        }
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
    draw_push(canvas, sprites, extra.pushed);
    let label = draw_walk(canvas, &colours[WALK.image], images, extra.walked);
    let probe = draw_crater(canvas, &colours[CRATER.probe], images, sprites, crater);
    for (p, s) in SCENE.iter().zip(sprites) {
        canvas.label(p.name, s.bounds(), render::LABEL);
    }
    canvas.label(WALK.name, label, render::LABEL);
    canvas.label("probe", probe, render::LABEL);
    Ok(())
}

/// How long the normal's arrow is drawn, in world pixels.
const NORMAL_ARROW: f64 = 28.0;

/// The sunk sprite's pushed-out ghosts (outlines: any direction, and straight up) and
/// the contact normal as an arrow from the centre of the pixels solid in both.
fn draw_push(canvas: &mut Canvas, sprites: &[Sprite], pushed: &Pushed) {
    let s = &sprites[pushed.sprite];
    if !pushed.sunk {
        return;
    }
    for (p, c) in [(pushed.up, render::PUSHED_UP), (pushed.any, render::PUSHED)] {
        if let Some(p) = p {
            canvas.mask_outline(s.mask, s.x + p.dx, s.y + p.dy, c);
        }
    }
    if let (Some(n), Some(at)) = (pushed.normal, pushed.contact) {
        canvas.arrow(at, (n.x * NORMAL_ARROW, n.y * NORMAL_ARROW), render::NORMAL);
    }
}

/// The walker's path (a dot under it each frame, a faint ghost every few frames) and
/// the walker where it ends; returns its rectangle there, for its label.
fn draw_walk(
    canvas: &mut Canvas,
    colours: &image::RgbaImage,
    images: &BTreeMap<&str, LoadedImage>,
    walked: &Walked,
) -> Bounds2D {
    let m = &images[WALK.image].mask;
    let (w, h) = (m.width() as i32, m.height() as i32);
    for (k, &(x, y)) in walked.path.iter().enumerate() {
        if k % GHOST_EVERY == 0 {
            canvas.sprite_faded(colours, x, y, 0.35);
        }
        canvas.dot(
            (f64::from(x) + f64::from(w) / 2.0, f64::from(y + h)),
            render::PATH,
        );
    }
    let &(x, y) = walked.path.last().expect("the path holds the start");
    canvas.sprite(colours, x, y);
    Bounds2D::new(x, y, w, h)
}

/// The crater's sprite's polygons as outlines, and the probe in the crater with its
/// first contact marked; returns the probe's rectangle, for its label.
fn draw_crater(
    canvas: &mut Canvas,
    colours: &image::RgbaImage,
    images: &BTreeMap<&str, LoadedImage>,
    sprites: &[Sprite],
    crater: &Cratered,
) -> Bounds2D {
    let s = &sprites[crater.sprite];
    let world = |v: perpixel::Vertex| (f64::from(s.x + v[0]), f64::from(s.y + v[1]));
    for ring in crater.polygons.iter().flat_map(|p| p.rings()) {
        for (k, &v) in ring.iter().enumerate() {
            canvas.line(world(v), world(ring[(k + 1) % ring.len()]), render::POLYGON);
        }
    }
    let (x, y) = CRATER.probe_at;
    canvas.sprite(colours, x, y);
    if let Some(p) = crater.probe_after.first_contact {
        canvas.mark(p, render::CONTACT);
    }
    let m = &images[CRATER.probe].mask;
    Bounds2D::new(x, y, m.width() as i32, m.height() as i32)
}

/// Where a sprite is: a plain sprite's position (the mover's where it stopped), a turned
/// one's untransformed top-left corner (its raster's rectangle is elsewhere).
fn position(p: &Placement, s: &Sprite) -> (i32, i32) {
    if p.pose.is_plain() {
        (s.x, s.y)
    } else {
        (p.x, p.y)
    }
}

/// `n` followed by `word` or `words`.
fn plural(n: usize, word: &str, words: &str) -> String {
    format!("{n} {}", if n == 1 { word } else { words })
}

/// The human-readable report.
#[allow(clippy::too_many_arguments)]
fn table(
    threshold: u8,
    images: &BTreeMap<&str, LoadedImage>,
    sprites: &[Sprite],
    pairs: &[Pair],
    flight: &Flight,
    extra: &Extra,
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
        let (x, y) = position(p, s);
        let t = p.transform(flight.frames);
        let pose = match (p.pose.is_plain(), p.pose.flip_x) {
            (true, _) => String::new(),
            (false, true) if t.rotation_degrees == 0.0 => ", mirrored (flip x)".to_string(),
            (false, flip) => format!(
                ", turned {} degrees{}",
                t.rotation_degrees,
                if flip { " and mirrored" } else { "" }
            ),
        };
        let _ = writeln!(
            out,
            "  {:<8}  {:<14}  {:>10}  {:>7}  {:>6}  {}{pose}",
            p.name,
            p.image,
            format!("({x}, {y})"),
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
    let per_frame = MOTION.step.0.unsigned_abs() + MOTION.step.1.unsigned_abs();
    let _ = write!(
        out,
        "\nmotion: the {mover} flies right from ({}, {}), {} per frame; swept {} px in {}, ",
        flight.from.0,
        flight.from.1,
        plural(per_frame as usize, "pixel", "pixels"),
        flight.swept,
        plural(flight.frames as usize, "frame", "frames"),
    );
    let now = &sprites[flight.mover];
    match flight.hit {
        Some(t) => {
            let free = t.last_free.map_or(String::new(), |p| {
                format!(" (last free at ({}, {}))", p.x, p.y)
            });
            let _ = writeln!(
                out,
                "its pixels first touch the {} at ({}, {}), with the {mover} at ({}, {}){free}.",
                SCENE[t.other].name, t.contact.x, t.contact.y, now.x, now.y
            );
        }
        None => {
            let _ = writeln!(
                out,
                "it has touched nothing and stops at ({}, {}).",
                now.x, now.y
            );
        }
    }
    let spinning: Vec<&str> = SCENE
        .iter()
        .enumerate()
        .filter(|&(i, p)| i != flight.mover && p.pose.spin != 0.0)
        .map(|(_, p)| p.name)
        .collect();
    let still = SCENE.len() - 1 - spinning.len();
    let _ = write!(
        out,
        "sweeps: the {mover} is swept against the {} in one sweep of the whole {} px flight each",
        plural(still, "still sprite", "still sprites"),
        u64::from(per_frame) * u64::from(MOTION.max_frames)
    );
    if !spinning.is_empty() {
        let _ = write!(
            out,
            ", and against the {} frame by frame ({} px a sweep, turned to that frame's angle)",
            spinning.join(" and the "),
            per_frame
        );
    }
    let _ = writeln!(
        out,
        "; every pixel of the path is tested, so nothing tunnels."
    );

    for p in SCENE.iter().filter(|p| p.pose.spin != 0.0) {
        let _ = writeln!(
            out,
            "spin: meanwhile the {} turns {} degrees per frame about its centre, from {} to {} degrees.",
            p.name,
            p.pose.spin,
            p.pose.rotation,
            p.transform(flight.frames).rotation_degrees
        );
    }

    push_words_of(&mut out, extra.pushed);
    walk_words(&mut out, extra.walked);
    crater_words(&mut out, extra.crater);

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
        "  turned and mirrored sprites collide through the world pixels they cover (their rasters)."
    );
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
    let _ = writeln!(
        out,
        "        green outline: the {} pushed out (blue: straight up); yellow arrow: the \
         contact normal; pink dots: the {}'s path (a ghost every {GHOST_EVERY} frames)",
        SCENE[extra.pushed.sprite].name, WALK.name
    );
    let _ = writeln!(
        out,
        "        violet: the {}'s polygons after the crater",
        SCENE[extra.crater.sprite].name
    );
    out
}

/// The push-out's lines of the report.
fn push_words_of(out: &mut String, pushed: &Pushed) {
    let (s, o) = (SCENE[pushed.sprite].name, SCENE[pushed.obstacle].name);
    if !pushed.sunk {
        let _ = writeln!(
            out,
            "push-out: the {s} does not overlap the {o}: nothing to push out."
        );
    } else {
        let way = |p: Option<PushOut>| p.map_or(format!("none within {} px", SUNK.max), push_words);
        let _ = writeln!(
            out,
            "push-out: the {s} is sunk into the {o}; the shortest way out is {}, straight up {} \
             (searched up to {} px).",
            way(pushed.any),
            way(pushed.up),
            SUNK.max
        );
    }
    if let Some(n) = pushed.normal {
        let _ = writeln!(
            out,
            "normal: the contact normal from the {o}'s surface towards the {s} is {}.",
            normal_words(n)
        );
    }
}

/// The crater's lines of the report.
fn crater_words(out: &mut String, c: &Cratered) {
    let name = SCENE[c.sprite].name;
    let probe = |p: Probe| {
        let contact = p.first_contact.map_or("no contact".to_string(), |q| {
            format!("first contact ({}, {})", q.x, q.y)
        });
        format!("{} px ({contact})", p.overlap_area)
    };
    let _ = writeln!(
        out,
        "crater: a crater of radius {} blown into the {name} at ({}, {}) in place \
         (Mask::fill_circle) cleared {} pixels; the probe ({}) at ({}, {}) overlapped the {name} \
         by {} before, {} after; the reference (the edit and the queries redone pixel by \
         pixel) {}.",
        CRATER.radius,
        CRATER.at.0,
        CRATER.at.1,
        c.cleared,
        CRATER.probe,
        CRATER.probe_at.0,
        CRATER.probe_at.1,
        probe(c.probe_before),
        probe(c.probe_after),
        if c.reference_agrees {
            "agrees"
        } else {
            "DISAGREES"
        }
    );
    let counts = |(p, h, v): PolygonCounts| {
        format!(
            "{}, {}, {}",
            plural(p, "polygon", "polygons"),
            plural(h, "hole", "holes"),
            plural(v, "vertex", "vertices")
        )
    };
    let _ = writeln!(
        out,
        "polygons: the {name}'s polygons at epsilon {} (Mask::polygons): {} before the crater; \
         {} after.",
        CRATER.epsilon,
        counts(c.polygons_before),
        counts(c.polygons_after)
    );
}

/// The walk's line of the report.
fn walk_words(out: &mut String, walked: &Walked) {
    let &(x, y) = walked.path.last().expect("the path holds the start");
    let obstacles = WALK
        .obstacles
        .iter()
        .map(|n| format!("the {n}"))
        .collect::<Vec<_>>()
        .join(" and ");
    let _ = writeln!(
        out,
        "walk: the {} ({}) walks right from ({}, {}), {} px a frame falling {} px a frame, \
         stepping up at most {} px (up is -y), {} frames of move-and-slide against {obstacles}: \
         it ends at ({x}, {y}), on the ground in {} of them, blocked in {}, climbed {} px in all{}.",
        WALK.name,
        WALK.image,
        WALK.from.0,
        WALK.from.1,
        WALK.step.0,
        WALK.step.1,
        WALK.step_up,
        WALK.frames,
        walked.grounded,
        walked.blocked,
        walked.climbed,
        if walked.started_inside {
            " (it started inside an obstacle and never moved)"
        } else {
            ""
        }
    );
}

/// The crater as JSON (see [`json`]).
fn crater_json(c: &Cratered) -> Json {
    let xy = |(x, y): (i32, i32)| Json::obj([("x", Json::from(x)), ("y", Json::from(y))]);
    let probe = |p: Probe| {
        Json::obj([
            ("overlap_area", Json::count(p.overlap_area)),
            ("first_contact", Json::point(p.first_contact)),
        ])
    };
    let counts = |(p, h, v): PolygonCounts| {
        Json::obj([
            ("polygons", Json::count(p as u64)),
            ("holes", Json::count(h as u64)),
            ("vertices", Json::count(v as u64)),
        ])
    };
    Json::obj([
        ("sprite", Json::str(SCENE[c.sprite].name)),
        ("at", xy(CRATER.at)),
        ("radius", Json::from(CRATER.radius)),
        ("cleared_pixels", Json::count(c.cleared)),
        ("probe", Json::str(CRATER.probe)),
        ("probe_at", xy(CRATER.probe_at)),
        ("before", probe(c.probe_before)),
        ("after", probe(c.probe_after)),
        ("reference_agrees", Json::Bool(c.reference_agrees)),
        (
            "polygons",
            Json::obj([
                ("epsilon", Json::number(CRATER.epsilon)),
                ("before", counts(c.polygons_before)),
                ("after", counts(c.polygons_after)),
            ]),
        ),
    ])
}

/// The push-out as JSON (see [`json`]).
fn push_json(pushed: &Pushed) -> Json {
    Json::obj([
        ("sprite", Json::str(SCENE[pushed.sprite].name)),
        ("obstacle", Json::str(SCENE[pushed.obstacle].name)),
        ("sunk", Json::Bool(pushed.sunk)),
        ("max", Json::from(SUNK.max)),
        ("any", Json::push_out(pushed.any)),
        ("up", Json::push_out(pushed.up)),
        ("normal", Json::normal(pushed.normal)),
        (
            "contact",
            pushed.contact.map_or(Json::Null, |(x, y)| {
                Json::obj([("x", Json::number(x)), ("y", Json::number(y))])
            }),
        ),
    ])
}

/// The walk as JSON (see [`json`]).
fn walk_json(walked: &Walked) -> Json {
    let xy = |(x, y): (i32, i32)| Json::obj([("x", Json::from(x)), ("y", Json::from(y))]);
    Json::obj([
        ("sprite", Json::str(WALK.name)),
        ("image", Json::str(WALK.image)),
        ("from", xy(WALK.from)),
        ("step", xy(WALK.step)),
        ("frames", Json::from(WALK.frames)),
        ("step_up", Json::from(WALK.step_up)),
        ("up", Json::from(-1)),
        (
            "obstacles",
            Json::Array(WALK.obstacles.iter().map(|n| Json::str(*n)).collect()),
        ),
        (
            "to",
            xy(*walked.path.last().expect("the path holds the start")),
        ),
        ("grounded_frames", Json::from(walked.grounded)),
        ("blocked_x_frames", Json::from(walked.blocked)),
        ("climbed", Json::from(walked.climbed)),
        ("started_inside", Json::Bool(walked.started_inside)),
        (
            "path",
            Json::Array(walked.path.iter().map(|&p| xy(p)).collect()),
        ),
    ])
}

/// A scene sprite's transform as JSON at the end of the motion (null when plain).
fn transform_json(p: &Placement, mask: &Mask, flight: &Flight) -> Json {
    if p.pose.is_plain() {
        return Json::Null;
    }
    let t = p.transform(flight.frames);
    let (px, py) = t.pivot_for(mask.width(), mask.height());
    let xy = |x: f64, y: f64| Json::obj([("x", Json::number(x)), ("y", Json::number(y))]);
    Json::obj([
        ("rotate", Json::number(t.rotation_degrees)),
        ("scale", xy(t.scale_x, t.scale_y)),
        ("flip_x", Json::Bool(t.flip_x)),
        ("flip_y", Json::Bool(t.flip_y)),
        ("pivot", xy(px, py)),
    ])
}

/// The scene as one JSON object: `threshold`, `sprites` (name, image, x, y, width,
/// height, solid_pixels, pixel_collision, transform: null for a plain sprite, else
/// {rotate, scale {x, y}, flip_x, flip_y, pivot {x, y}} about which x, y is the
/// untransformed corner, and bounds: the world rectangle it collides in), `motion`
/// (sprite, from, step, frames, hit, first_contact, swept_px: the pixels swept, last_free:
/// the mover's position one step before it touched, and `spin`: the sprites that turn
/// per frame), `push_out` (sprite, obstacle, sunk, max, any and up: {x, y, distance} or
/// null, normal: {x, y, degrees} or null, contact: the centre {x, y} of the pixels solid
/// in both), `walk` (sprite, image, from, step, frames, step_up, up, obstacles, to,
/// grounded_frames, blocked_x_frames, climbed, started_inside, path: the position at the
/// start and after each frame), `crater` (sprite, at, radius, cleared_pixels, probe: its
/// image, probe_at, before and after: {overlap_area, first_contact}, reference_agrees,
/// polygons: {epsilon, before and after: {polygons, holes, vertices}}), `pairs` (every pair whose boxes
/// overlap: a, b, boxes_overlap, intersection, collides, first_contact, overlap_area),
/// `summary` (box_pairs, pixel_pairs, false_hits, apart_pairs) and `render`.
#[allow(clippy::too_many_arguments)]
fn json(
    dir: &Path,
    images: &BTreeMap<&str, LoadedImage>,
    threshold: u8,
    sprites: &[Sprite],
    pairs: &[Pair],
    flight: &Flight,
    extra: &Extra,
    render_path: &Path,
    canvas: &Canvas,
) -> String {
    let sprite_list = SCENE
        .iter()
        .zip(sprites)
        .map(|(p, s)| {
            let (x, y) = position(p, s);
            Json::obj([
                ("name", Json::str(p.name)),
                ("image", Json::str(dir.join(p.image).to_string_lossy())),
                ("x", Json::from(x)),
                ("y", Json::from(y)),
                ("width", Json::from(images[p.image].mask.width())),
                ("height", Json::from(images[p.image].mask.height())),
                ("solid_pixels", Json::count(images[p.image].mask.count())),
                ("pixel_collision", Json::Bool(s.pixel_collision)),
                (
                    "transform",
                    transform_json(p, &images[p.image].mask, flight),
                ),
                ("bounds", Json::rect(Some(s.bounds()))),
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
                .map_or(Json::Null, |t| Json::str(SCENE[t.other].name)),
        ),
        ("first_contact", Json::point(flight.hit.map(|t| t.contact))),
        ("swept_px", Json::count(flight.swept)),
        (
            "last_free",
            Json::point(flight.hit.and_then(|t| t.last_free)),
        ),
        (
            "spin",
            Json::Array(
                SCENE
                    .iter()
                    .filter(|p| p.pose.spin != 0.0)
                    .map(|p| {
                        Json::obj([
                            ("sprite", Json::str(p.name)),
                            ("degrees_per_frame", Json::number(p.pose.spin)),
                            ("from_degrees", Json::number(p.pose.rotation)),
                        ])
                    })
                    .collect(),
            ),
        ),
    ]);
    Json::obj([
        ("threshold", Json::from(threshold)),
        ("sprites", Json::Array(sprite_list)),
        ("motion", motion),
        ("push_out", push_json(extra.pushed)),
        ("walk", walk_json(extra.walked)),
        ("crater", crater_json(extra.crater)),
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
