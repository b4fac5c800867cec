//! End-to-end tests of the `perpixel` binary: the sample scene and `check`, with their
//! answers compared against `perpixel::reference` on the same images.
//!
//! Every test works in its own scratch directory (test binaries and tests run in
//! parallel), under cargo's target directory.

mod common;

use perpixel::{Bounds2D, Mask, MaskOptions, Point, Sprite, SweepPath, Transform, reference};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_perpixel");

/// A fresh, empty scratch directory for one test.
fn scratch(test: &str) -> PathBuf {
    common::scratch("cli-tests", test)
}

/// Runs the binary in `dir` with `args`.
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the perpixel binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// Asserts a successful run and returns its stdout.
fn ok(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(o));
    stdout(o)
}

/// Writes an RGBA PNG whose pixel `(x, y)` has alpha `alpha(x, y)` (colour from position).
fn write_png(path: &Path, w: u32, h: u32, alpha: impl Fn(u32, u32) -> u8) {
    let img = image::RgbaImage::from_fn(w, h, |x, y| {
        image::Rgba([(x * 20) as u8, (y * 20) as u8, 200, alpha(x, y)])
    });
    img.save(path).unwrap();
}

fn load(path: &Path, threshold: u8, flip_y: bool) -> Mask {
    let opts = MaskOptions {
        threshold,
        flip_y,
        ..MaskOptions::default()
    };
    Mask::from_image_path(path, &opts).unwrap()
}

// ---------------------------------------------------------------------------------------
// Reading the binary's JSON output (which must be valid JSON) with `serde_json`, keys in
// output order; the accessors panic with the value when it has another shape.

type J = serde_json::Value;

/// Runs the binary in `dir` with `args`, expecting success and one JSON value on stdout.
fn run_json(dir: &Path, args: &[&str]) -> J {
    parse_json(&ok(&run(dir, args)))
}

/// `text` as one JSON value, nothing after it.
fn parse_json(text: &str) -> J {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not one JSON value ({e}): {text}"))
}

trait Read {
    fn field(&self, key: &str) -> &J;
    fn keys(&self) -> Vec<&str>;
    fn int(&self) -> i64;
    fn bool(&self) -> bool;
    fn str(&self) -> &str;
    fn arr(&self) -> &[J];
    fn point(&self) -> Option<Point>;
    fn rect(&self) -> Option<Bounds2D>;
}

impl Read for J {
    fn field(&self, key: &str) -> &J {
        let fields = self
            .as_object()
            .unwrap_or_else(|| panic!("{self} is not an object"));
        fields
            .get(key)
            .unwrap_or_else(|| panic!("no key {key:?} in {self}"))
    }

    fn keys(&self) -> Vec<&str> {
        let fields = self
            .as_object()
            .unwrap_or_else(|| panic!("{self} is not an object"));
        fields.keys().map(String::as_str).collect()
    }

    fn int(&self) -> i64 {
        self.as_i64()
            .unwrap_or_else(|| panic!("{self} is not a whole number"))
    }

    fn bool(&self) -> bool {
        self.as_bool()
            .unwrap_or_else(|| panic!("{self} is not a boolean"))
    }

    fn str(&self) -> &str {
        self.as_str()
            .unwrap_or_else(|| panic!("{self} is not a string"))
    }

    fn arr(&self) -> &[J] {
        self.as_array()
            .unwrap_or_else(|| panic!("{self} is not an array"))
    }

    fn point(&self) -> Option<Point> {
        (!self.is_null()).then(|| Point {
            x: self.field("x").int(),
            y: self.field("y").int(),
        })
    }

    fn rect(&self) -> Option<Bounds2D> {
        (!self.is_null()).then(|| {
            Bounds2D::new(
                self.field("x").int() as i32,
                self.field("y").int() as i32,
                self.field("width").int() as i32,
                self.field("height").int() as i32,
            )
        })
    }
}

#[test]
fn json_reading_keeps_key_order_and_values() {
    let v = parse_json(r#"{"a":[1,-2,null],"b":{"c":"x\"\\\n\u0001é"},"d":true}"#);
    assert_eq!(v.field("a").arr()[1].int(), -2);
    assert_eq!(v.field("b").field("c").str(), "x\"\\\n\u{1}é");
    assert!(v.field("d").bool());
    assert_eq!(v.keys(), ["a", "b", "d"]);
}

// ---------------------------------------------------------------------------------------
// The scene.

/// Parses `W` and `H` out of `(WxH, ` after `render: wrote NAME`.
fn reported_render_size(text: &str, name: &str) -> (u32, u32) {
    let prefix = format!("render: wrote {name} (");
    let line = text
        .lines()
        .find(|l| l.starts_with(&prefix))
        .expect("a render line");
    let dims = line[prefix.len()..].split([',', ')']).next().unwrap();
    let (w, h) = dims.split_once('x').unwrap();
    (w.parse().unwrap(), h.parse().unwrap())
}

#[test]
fn scene_runs_by_default_prints_the_table_and_writes_the_render() {
    let dir = scratch("scene_default");
    let out = ok(&run(&dir, &[]));
    assert!(out.contains("pairs whose bounding boxes overlap"), "{out}");
    for header in ["boxes", "pixels", "first contact", "overlap"] {
        assert!(out.contains(header), "missing column {header}: {out}");
    }
    // The pairs the scene is built around, and the summary sentence.
    assert!(
        out.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>()[..]
                == ["ring", "coin", "yes", "no", "-", "0"]),
        "{out}"
    );
    let summary = out
        .lines()
        .find(|l| l.starts_with("bounding boxes report "))
        .expect("a summary line");
    let numbers: Vec<u64> = summary
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    assert_eq!(numbers.len(), 3, "{summary}");
    assert_eq!(numbers[0], numbers[1] + numbers[2], "{summary}");
    assert!(numbers[1] > 0 && numbers[2] > 0, "{summary}");

    let (w, h) = reported_render_size(&out, "perpixel-scene.png");
    let png = image::open(dir.join("perpixel-scene.png")).expect("a valid PNG");
    assert_eq!((png.width(), png.height()), (w, h));
    assert_eq!((w, h), (1024, 576), "the 512x288 world at 2x");

    // `scene` is the same action, by name, with another render path.
    let named = ok(&run(&dir, &["scene", "--render", "other.png"]));
    assert_eq!(
        named.replace("other.png", "perpixel-scene.png"),
        out,
        "`perpixel scene` and `perpixel` agree"
    );
    assert!(image::open(dir.join("other.png")).is_ok());
}

/// The scene's pair table comes from `World` updates now (a bounds-only world for the
/// rows, the scene's world for the pixel verdicts); its rows must be the ones the plain
/// loop over every pair gave (the values below were printed by that loop and each one is
/// checked against `reference` by `scene_collisions_agree_with_the_reference`), in scene
/// order, with the same summary.
#[test]
fn scene_pairs_from_a_world_update_are_unchanged() {
    let dir = scratch("scene_world_pairs");
    let out = ok(&run(&dir, &[]));
    let lines: Vec<&str> = out.lines().collect();
    let head = lines
        .iter()
        .position(|l| {
            l.split_whitespace().collect::<Vec<_>>()
                == ["A", "B", "boxes", "pixels", "first", "contact", "overlap"]
        })
        .expect("the table's header");
    let rows: Vec<Vec<&str>> = lines[head + 1..]
        .iter()
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let expected: [&[&str]; 9] = [
        &["terrain", "boulder", "yes", "yes", "(204,", "243)", "120"],
        &["terrain", "ring", "yes", "no", "-", "0"],
        &[
            "terrain", "pickup", "yes", "yes", "(as", "box)*", "(470,", "212)", "2",
        ],
        &["ship", "rock", "yes", "no", "-", "0"],
        &["ship", "pebble", "yes", "yes", "(71,", "73)", "27"],
        &["rock", "spinner", "yes", "yes", "(157,", "49)", "29"],
        &["ring", "coin", "yes", "no", "-", "0"],
        &["target", "bullet", "yes", "yes", "(262,", "108)", "2"],
        &["target", "mirror", "yes", "yes", "(291,", "108)", "6"],
    ];
    assert_eq!(rows, expected, "{out}");
    assert!(out.contains("the other 57 pairs are apart"), "{out}");
    assert!(
        out.contains(
            "bounding boxes report 9 colliding pairs; pixels confirm 6; 3 would be false hits."
        ),
        "{out}"
    );
    // The help says where the pairs come from.
    let help = ok(&run(&dir, &["scene", "--help"]));
    assert!(help.contains("world update"), "{help}");
}

/// The masks of the scene's images as the scene plays them, by image path: each loaded
/// from its file at `threshold`, the crater sprite's with the crater the JSON reports
/// cleared by the plain reference edit (pixel by pixel).
fn scene_masks(v: &J, threshold: u8) -> BTreeMap<String, Mask> {
    let mut masks = BTreeMap::new();
    for s in v.field("sprites").arr() {
        let path = s.field("image").str().to_string();
        masks
            .entry(path.clone())
            .or_insert_with(|| load(Path::new(&path), threshold, false));
    }
    let crater = v.field("crater");
    let s = v
        .field("sprites")
        .arr()
        .iter()
        .find(|s| s.field("name").str() == crater.field("sprite").str())
        .expect("the crater's sprite is in the scene");
    let at = crater.field("at").point().unwrap();
    let m = masks.get_mut(s.field("image").str()).unwrap();
    *m = reference::edit::fill_circle(
        m,
        (at.x - s.field("x").int()) as i32,
        (at.y - s.field("y").int()) as i32,
        crater.field("radius").int() as u32,
        false,
    );
    masks
}

/// A scene sprite from its JSON entry, for the plain oracle of transformed sprites: its
/// position, and its `transform` when it has one (a plain sprite is the identity
/// transform at an integer position, which the sampling rule makes exactly the plain
/// sprite), moved back by `back` frames of the motion (`step` per frame for the mover,
/// `spin` degrees per frame for a spinner).
fn scene_transform(s: &J, back: i64, step: Point, spin: f64) -> Transform {
    let mut t = Transform::at(
        (s.field("x").int() - back * step.x) as f64,
        (s.field("y").int() - back * step.y) as f64,
    );
    let tj = s.field("transform");
    if !tj.is_null() {
        let f = |v: &J| v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"));
        t.rotation_degrees = f(tj.field("rotate")) - back as f64 * spin;
        t.scale_x = f(tj.field("scale").field("x"));
        t.scale_y = f(tj.field("scale").field("y"));
        t.flip_x = tj.field("flip_x").bool();
        t.flip_y = tj.field("flip_y").bool();
        t = t.with_pivot(
            f(tj.field("pivot").field("x")),
            f(tj.field("pivot").field("y")),
        );
    }
    t
}

/// Runs `scene --json` at `threshold` and checks every pair against the reference (the
/// per-pixel oracle of transformed sprites, so the turned and mirrored sprites are
/// checked too). Returns the parsed JSON.
fn scene_against_reference(test: &str, threshold: u8) -> J {
    use reference::transformed::{self as oracle, TransformedSprite};
    let dir = scratch(test);
    let t = threshold.to_string();
    let render = dir.join("scene.png");
    let out = ok(&run(
        &dir,
        &[
            "scene",
            "--json",
            "--threshold",
            &t,
            "--render",
            render.to_str().unwrap(),
        ],
    ));
    let v = parse_json(&out);
    assert_eq!(v.field("threshold").int(), threshold as i64);

    let masks = scene_masks(&v, threshold);
    let sprites_json = v.field("sprites").arr();
    let motion = v.field("motion");
    let step = motion.field("step").point().unwrap();
    let frames = motion.field("frames").int();
    // The sprites `back` frames before the end of the motion.
    let at_frame = |back: i64| -> Vec<(String, TransformedSprite)> {
        sprites_json
            .iter()
            .map(|s| {
                let name = s.field("name").str();
                let mover = name == motion.field("sprite").str();
                let spin = motion
                    .field("spin")
                    .arr()
                    .iter()
                    .find(|p| p.field("sprite").str() == name)
                    .map_or(0.0, |p| p.field("degrees_per_frame").as_f64().unwrap());
                let step = if mover { step } else { Point { x: 0, y: 0 } };
                let t = scene_transform(s, back, step, spin);
                let mask = &masks[s.field("image").str()];
                let pixels = s.field("pixel_collision").bool();
                let sprite = TransformedSprite::new(mask, &t, pixels).unwrap();
                (name.to_string(), sprite)
            })
            .collect()
    };
    let sprites = at_frame(0);
    for ((_, sprite), s) in sprites.iter().zip(sprites_json) {
        let mask = sprite.mask;
        assert_eq!(s.field("width").int(), mask.width() as i64);
        assert_eq!(s.field("height").int(), mask.height() as i64);
        assert_eq!(s.field("solid_pixels").int(), mask.count() as i64);
        assert_eq!(s.field("bounds").rect(), sprite.bounds, "{s}");
    }
    assert!(sprites.len() >= 6, "a scene of several sprites");
    assert!(
        sprites.iter().any(|(_, s)| !s.pixel_collision),
        "a bounds-only sprite"
    );

    let pairs = v.field("pairs").arr();
    let mut listed = 0;
    let (mut boxes, mut hits, mut apart) = (0, 0, 0);
    for i in 0..sprites.len() {
        for j in i + 1..sprites.len() {
            let ((na, a), (nb, b)) = (&sprites[i], &sprites[j]);
            let entry = pairs
                .iter()
                .find(|p| p.field("a").str() == na && p.field("b").str() == nb);
            let Some(inter) = a.bounds.and_then(|ba| ba.intersection(&b.bounds?)) else {
                assert!(entry.is_none(), "{na}/{nb} are apart but listed");
                apart += 1;
                continue;
            };
            let p = entry.unwrap_or_else(|| panic!("{na}/{nb} overlap but are not listed"));
            listed += 1;
            boxes += 1;
            assert!(p.field("boxes_overlap").bool());
            assert_eq!(p.field("intersection").rect(), Some(inter), "{na}/{nb}");
            assert_eq!(
                p.field("collides").bool(),
                oracle::collides(a, b),
                "{na}/{nb}"
            );
            assert_eq!(
                p.field("first_contact").point(),
                oracle::first_contact(a, b),
                "{na}/{nb}"
            );
            assert_eq!(
                p.field("overlap_area").int() as u64,
                oracle::overlap_area(a, b),
                "{na}/{nb}"
            );
            hits += oracle::collides(a, b) as i64;
        }
    }
    assert_eq!(listed, pairs.len(), "only overlapping pairs are listed");
    let summary = v.field("summary");
    assert_eq!(summary.field("box_pairs").int(), boxes);
    assert_eq!(summary.field("pixel_pairs").int(), hits);
    assert_eq!(summary.field("false_hits").int(), boxes - hits);
    assert_eq!(summary.field("apart_pairs").int(), apart);

    // The motion stops at the first frame where the mover touches something; one frame
    // earlier (the mover a step back, the spinners turned back) it touched nothing.
    let find = |sprites: &[(String, TransformedSprite)], name: &str| {
        sprites.iter().position(|(n, _)| n == name).unwrap()
    };
    let mover = find(&sprites, motion.field("sprite").str());
    let target = find(&sprites, motion.field("hit").str());
    assert_eq!(
        motion.field("first_contact").point(),
        oracle::first_contact(&sprites[mover].1, &sprites[target].1)
    );
    assert!(frames > 0);
    let before = at_frame(1);
    assert!(
        (0..before.len())
            .filter(|&i| i != mover)
            .all(|i| !oracle::collides(&before[mover].1, &before[i].1)),
        "one frame earlier the mover touched nothing"
    );
    let from = motion.field("from").point().unwrap();
    let end = sprites_json[mover].field("x").int();
    assert_eq!(from.x + frames * step.x, end);
    assert_eq!(
        from.y + frames * step.y,
        sprites_json[mover].field("y").int()
    );
    // A spinner's angle is its starting angle plus its spin for every frame.
    for spin in motion.field("spin").arr() {
        let s = &sprites_json[find(&sprites, spin.field("sprite").str())];
        let rotate = s.field("transform").field("rotate").as_f64().unwrap();
        let expected = spin.field("from_degrees").as_f64().unwrap()
            + frames as f64 * spin.field("degrees_per_frame").as_f64().unwrap();
        assert_eq!(rotate, expected, "{spin}");
    }

    let r = v.field("render");
    let png = image::open(&render).expect("a valid PNG");
    assert_eq!(png.width() as i64, r.field("width").int());
    assert_eq!(png.height() as i64, r.field("height").int());
    v
}

#[test]
fn scene_collisions_agree_with_the_reference() {
    let v = scene_against_reference("scene_reference", 1);
    let s = v.field("summary");
    assert!(s.field("pixel_pairs").int() > 0, "some pixels collide");
    assert!(
        s.field("false_hits").int() > 0,
        "some boxes overlap without pixels"
    );
    assert!(s.field("apart_pairs").int() > 0, "some sprites are apart");
    // A spinning sprite (at an angle that is no multiple of 90) and a mirrored one, each
    // colliding with another sprite through its raster (checked against the oracle above).
    let turned = |pick: &dyn Fn(&J) -> bool| -> Vec<String> {
        v.field("sprites")
            .arr()
            .iter()
            .filter(|s| !s.field("transform").is_null() && pick(s.field("transform")))
            .map(|s| s.field("name").str().to_string())
            .collect()
    };
    let spinning = turned(&|t| t.field("rotate").as_f64().unwrap() % 90.0 != 0.0);
    let mirrored = turned(&|t| t.field("flip_x").bool());
    let spinners: Vec<&str> = v
        .field("motion")
        .field("spin")
        .arr()
        .iter()
        .map(|p| p.field("sprite").str())
        .collect();
    assert!(
        !spinners.is_empty() && spinners.iter().all(|n| spinning.iter().any(|s| s == n)),
        "{spinners:?} {spinning:?}"
    );
    for name in spinning.iter().chain(&mirrored) {
        let hit = v.field("pairs").arr().iter().any(|p| {
            p.field("collides").bool() && (p.field("a").str() == name || p.field("b").str() == name)
        });
        assert!(hit, "the {name} collides with something");
    }
    assert!(!mirrored.is_empty());
    println!(
        "scene: spinning {spinning:?} and mirrored {mirrored:?} sprites collide, every pair = reference::transformed"
    );
}

#[test]
fn scene_threshold_drops_the_engine_glow() {
    let low = scene_against_reference("scene_threshold_1", 1);
    let high = scene_against_reference("scene_threshold_128", 128);
    let hits = |v: &J| v.field("summary").field("pixel_pairs").int();
    assert!(
        hits(&high) < hits(&low),
        "the glow counts at threshold 1 only"
    );
}

/// The scene's sprites at `frame` of the motion, from `scene --json` (whose sprites are
/// at the motion's last frame), placed with the library's rasters: `(name, raster)`.
fn scene_sprites_at(
    v: &J,
    masks: &BTreeMap<String, Mask>,
    frame: i64,
) -> Vec<(String, perpixel::Raster, bool)> {
    let motion = v.field("motion");
    let back = motion.field("frames").int() - frame;
    v.field("sprites")
        .arr()
        .iter()
        .map(|s| {
            let name = s.field("name").str();
            let step = if name == motion.field("sprite").str() {
                motion.field("step").point().unwrap()
            } else {
                Point { x: 0, y: 0 }
            };
            let spin = motion
                .field("spin")
                .arr()
                .iter()
                .find(|p| p.field("sprite").str() == name)
                .map_or(0.0, |p| p.field("degrees_per_frame").as_f64().unwrap());
            let t = scene_transform(s, back, step, spin);
            let raster = masks[s.field("image").str()].rasterise(&t).unwrap();
            (name.to_string(), raster, s.field("pixel_collision").bool())
        })
        .collect()
}

#[test]
fn scene_bullet_stops_where_a_pixel_by_pixel_flight_first_touches() {
    fn sprite((_, r, pixels): &(String, perpixel::Raster, bool)) -> Sprite<'_> {
        Sprite {
            pixel_collision: *pixels,
            ..r.sprite()
        }
    }
    // The scene finds the flight by sweeping; here it is flown the plain way, one frame
    // (one pixel) at a time, every other sprite as posed in that frame, asking
    // `Sprite::collides` of each in scene order.
    let dir = scratch("scene_bullet");
    let v = parse_json(&ok(&run(&dir, &["scene", "--json"])));
    let motion = v.field("motion");
    let step = motion.field("step").point().unwrap();
    assert_eq!(
        step.x.abs() + step.y.abs(),
        1,
        "one pixel per frame: every position"
    );
    let masks = scene_masks(&v, 1);
    let mover = motion.field("sprite").str();
    let mut found = None;
    for frame in 0..=240 {
        let sprites = scene_sprites_at(&v, &masks, frame);
        let m = sprites.iter().position(|(n, _, _)| n == mover).unwrap();
        let bullet = sprite(&sprites[m]);
        let hit = sprites.iter().enumerate().find_map(|(i, s)| {
            let other = sprite(s);
            (i != m && bullet.collides(&other))
                .then(|| (s.0.clone(), bullet.first_contact(&other).unwrap()))
        });
        if let Some((name, contact)) = hit {
            let at = Point {
                x: bullet.x.into(),
                y: bullet.y.into(),
            };
            found = Some((frame, name, contact, at));
            break;
        }
    }
    let (frames, hit, contact, at) = found.expect("the bullet touches something");
    // What the scene is built for: the bullet flies some way and strikes the target.
    assert!(frames > 0);
    assert_eq!(hit, "target");
    assert_eq!(motion.field("frames").int(), frames);
    assert_eq!(motion.field("hit").str(), hit);
    assert_eq!(motion.field("first_contact").point(), Some(contact));
    assert_eq!(motion.field("swept_px").int(), frames);
    let from = motion.field("from").point().unwrap();
    let last_free = Point {
        x: at.x - step.x,
        y: at.y - step.y,
    };
    assert_eq!(from.x + frames * step.x, at.x);
    assert_eq!(motion.field("last_free").point(), Some(last_free));
    let end = v
        .field("sprites")
        .arr()
        .iter()
        .find(|s| s.field("name").str() == mover)
        .unwrap();
    assert_eq!((end.field("x").int(), end.field("y").int()), (at.x, at.y));

    // The same in words, saying that the flight was swept.
    let out = ok(&run(&dir, &["scene"]));
    let line = out
        .lines()
        .find(|l| l.starts_with("motion: "))
        .expect("a motion line");
    let expected = format!(
        "motion: the {mover} flies right from ({}, {}), 1 pixel per frame; swept {frames} px \
         in {frames} frames, its pixels first touch the {hit} at ({}, {}), with the {mover} \
         at ({}, {}) (last free at ({}, {})).",
        from.x, from.y, contact.x, contact.y, at.x, at.y, last_free.x, last_free.y
    );
    assert_eq!(line, expected);
    let sweeps = out
        .lines()
        .find(|l| l.starts_with("sweeps: "))
        .expect("a sweeps line");
    assert!(
        sweeps.contains("one sweep of the whole 240 px flight")
            && sweeps.contains("against the spinner frame by frame"),
        "{sweeps}"
    );
}

#[test]
fn scene_pushes_the_boulder_out_and_walks_the_walker_like_the_reference() {
    use perpixel::{MoveOptions, PushDirection};
    let dir = scratch("scene_push_walk");
    let v = parse_json(&ok(&run(&dir, &["scene", "--json"])));
    let out = ok(&run(&dir, &["scene"]));
    let line = |prefix: &str| {
        out.lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no line {prefix:?} in\n{out}"))
            .to_string()
    };
    let sprites = v.field("sprites").arr();
    let entry = |name: &str| {
        sprites
            .iter()
            .find(|s| s.field("name").str() == name)
            .unwrap_or_else(|| panic!("no sprite {name}"))
    };
    let masks = scene_masks(&v, 1);
    let placed = |name: &str| {
        let s = entry(name);
        assert!(s.field("transform").is_null(), "{name} is a plain sprite");
        Sprite::new(
            &masks[s.field("image").str()],
            s.field("x").int() as i32,
            s.field("y").int() as i32,
        )
    };

    // The boulder sunk into the terrain: pushed out the plain way.
    let p = v.field("push_out");
    assert_eq!(p.field("sprite").str(), "boulder");
    assert_eq!(p.field("obstacle").str(), "terrain");
    let (boulder, terrain) = (placed("boulder"), placed("terrain"));
    assert!(p.field("sunk").bool() && reference::collides(&boulder, &terrain));
    let max = p.field("max").int() as i32;
    assert_eq!(max, 64);
    let any = plain_push_out(&terrain, &boulder, max).expect("the boulder can be pushed out");
    let up = (1..=max)
        .map(|k| (0, -k))
        .find(|&(dx, dy)| {
            !reference::collides(
                &terrain,
                &Sprite {
                    x: boulder.x + dx,
                    y: boulder.y + dy,
                    ..boulder
                },
            )
        })
        .expect("the boulder can be pushed up");
    // The library's own oracle agrees.
    assert_eq!(
        reference::motion::push_out(&boulder, &terrain, PushDirection::Any, 64)
            .unwrap()
            .map(|p| (p.dx, p.dy)),
        Some(any)
    );
    let point = |(x, y): (i32, i32)| {
        Some(Point {
            x: x.into(),
            y: y.into(),
        })
    };
    assert_eq!(p.field("any").point(), point(any));
    assert_eq!(p.field("up").point(), point(up));
    let normal = reference::motion::contact_normal(&boulder, &terrain).expect("a normal");
    assert_normal_json(p.field("normal"), normal);
    // The normal points away from the hill: up (y down) and not into it.
    assert!(normal.y < 0.0, "{normal:?}");
    let length = |(dx, dy): (i32, i32)| rounded(f64::from(dx * dx + dy * dy).sqrt(), 2);
    assert_eq!(
        line("push-out: "),
        format!(
            "push-out: the boulder is sunk into the terrain; the shortest way out is ({}, {}) \
             ({} px), straight up ({}, {}) ({} px) (searched up to 64 px).",
            any.0,
            any.1,
            length(any),
            up.0,
            up.1,
            length(up)
        )
    );
    assert_eq!(
        line("normal: "),
        format!(
            "normal: the contact normal from the terrain's surface towards the boulder is {}.",
            normal_words(normal)
        )
    );

    // The walker, walked frame by frame with the reference mover.
    let w = v.field("walk");
    assert_eq!(w.field("sprite").str(), "walker");
    let image = entry("coin").field("image").str();
    assert!(image.ends_with(w.field("image").str()), "{image}");
    let walker = &masks[image];
    let obstacles: Vec<Sprite> = w
        .field("obstacles")
        .arr()
        .iter()
        .map(|o| placed(o.str()))
        .collect();
    assert_eq!(obstacles.len(), 2, "the terrain and the boulder");
    let from = w.field("from").point().unwrap();
    let step = w.field("step").point().unwrap();
    let frames = w.field("frames").int();
    let options = MoveOptions {
        step_up: w.field("step_up").int() as u32,
        up: w.field("up").int() as i32,
    };
    assert_eq!(options.up, -1, "y down");
    let mut at = Sprite::new(walker, from.x as i32, from.y as i32);
    let mut path = vec![point((at.x, at.y)).unwrap()];
    let (mut grounded, mut blocked, mut climbed) = (0, 0, 0);
    for _ in 0..frames {
        let m = reference::motion::move_and_slide(
            &at,
            &obstacles,
            step.x as i32,
            step.y as i32,
            &options,
        )
        .unwrap();
        assert!(!m.started_inside);
        grounded += i64::from(m.blocked_y);
        blocked += i64::from(m.blocked_x);
        climbed += i64::from(m.climbed);
        (at.x, at.y) = (m.x, m.y);
        path.push(point((m.x, m.y)).unwrap());
    }
    let got: Vec<Option<Point>> = w.field("path").arr().iter().map(|p| p.point()).collect();
    assert_eq!(got, path.iter().map(|&p| Some(p)).collect::<Vec<_>>());
    assert_eq!(w.field("to").point(), point((at.x, at.y)));
    assert_eq!(w.field("grounded_frames").int(), grounded);
    assert_eq!(w.field("blocked_x_frames").int(), blocked);
    assert_eq!(w.field("climbed").int(), climbed);
    assert!(!w.field("started_inside").bool());
    // What the walk is for: it lands, walks up and down the hills and gets far.
    assert!(grounded > frames / 2 && climbed > 0, "{w}");
    assert_eq!(i64::from(at.x), from.x + frames * step.x, "never blocked");
    assert_eq!(
        line("walk: "),
        format!(
            "walk: the walker (coin.png) walks right from ({}, {}), {} px a frame falling {} px \
             a frame, stepping up at most {} px (up is -y), {frames} frames of move-and-slide \
             against the terrain and the boulder: it ends at ({}, {}), on the ground in \
             {grounded} of them, blocked in {blocked}, climbed {climbed} px in all.",
            from.x, from.y, step.x, step.y, options.step_up, at.x, at.y
        )
    );
}

#[test]
fn scene_reports_missing_assets() {
    let dir = scratch("scene_missing_assets");
    let o = run(&dir, &["scene", "--assets", "no-such-dir"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("cannot find the sample sprites") && err.contains("no-such-dir"),
        "{err}"
    );
    // A sprites/ directory without the expected file names that file.
    std::fs::create_dir_all(dir.join("empty/sprites")).unwrap();
    let o = run(&dir, &["scene", "--assets", "empty"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains(".png"), "{}", stderr(&o));
}

/// Issue 30: an input path that is a FIFO made the tool wait for ever; now `check` and
/// `inspect` exit 1 naming the file and saying it is not a regular file.
#[cfg(unix)]
#[test]
fn fifo_inputs_are_refused_without_blocking() {
    let dir = scratch("fifo_inputs");
    let fifo = dir.join("pipe.png");
    common::make_fifo(&fifo);
    write_png(&dir.join("b.png"), 2, 2, |_, _| 255);
    for args in [
        vec!["check", "pipe.png", "b.png", "--offset", "0,0"],
        vec!["check", "b.png", "pipe.png", "--offset", "0,0"],
        vec!["inspect", "pipe.png"],
    ] {
        let d = dir.clone();
        let a: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let o = common::without_blocking(&fifo, &args.join(" "), move || {
            let a: Vec<&str> = a.iter().map(String::as_str).collect();
            run(&d, &a)
        });
        let err = stderr(&o);
        println!("perpixel {}: {}", args.join(" "), err.trim());
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(
            err.contains("pipe.png") && err.contains("not a regular file (a FIFO (named pipe))"),
            "{err}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// check

/// A: 10x8, solid in columns 4..10. B: 6x6, solid on the diagonal x == y.
fn pair_images(dir: &Path) -> (PathBuf, PathBuf) {
    let (a, b) = (dir.join("a.png"), dir.join("b.png"));
    write_png(&a, 10, 8, |x, _| if x >= 4 { 255 } else { 0 });
    write_png(&b, 6, 6, |x, y| if x == y { 255 } else { 0 });
    (a, b)
}

/// Runs `check A B --json EXTRA..` successfully and parses its output.
fn run_check_json(dir: &Path, a: &Path, b: &Path, extra: &[&str]) -> J {
    let mut args = vec!["check", a.to_str().unwrap(), b.to_str().unwrap(), "--json"];
    args.extend_from_slice(extra);
    parse_json(&ok(&run(dir, &args)))
}

/// The keys of `check --json`, in order: `transform` and `b_raster` when B is
/// transformed, `sweep` with --sweep.
fn check_keys(transformed: bool, sweep: bool) -> Vec<&'static str> {
    let mut keys = vec!["a", "b", "offset"];
    if transformed {
        keys.extend(["transform", "b_raster"]);
    }
    keys.extend([
        "threshold",
        "flip_y",
        "boxes_overlap",
        "intersection",
        "collides",
        "first_contact",
        "overlap_area",
        "push_max",
        "push_out",
        "contact_normal",
    ]);
    if sweep {
        keys.push("sweep");
    }
    keys.push("render");
    keys
}

/// Runs `check --json` and cross-checks it against the reference on the same files (the
/// `sweep` key, with --sweep in `extra`, is the caller's to check).
fn check_json(dir: &Path, a: &Path, b: &Path, extra: &[&str]) -> J {
    let v = run_check_json(dir, a, b, extra);
    assert_eq!(v.keys(), check_keys(false, extra.contains(&"--sweep")));
    let t = v.field("threshold").int() as u8;
    let flip = v.field("flip_y").bool();
    let (ma, mb) = (load(a, t, flip), load(b, t, flip));
    let off = v.field("offset").point().unwrap();
    let (sa, sb) = (
        Sprite::new(&ma, 0, 0),
        Sprite::new(&mb, off.x as i32, off.y as i32),
    );
    for (key, m, path) in [("a", &ma, a), ("b", &mb, b)] {
        let side = v.field(key);
        assert_eq!(side.field("path").str(), path.to_str().unwrap());
        assert_eq!(side.field("width").int(), m.width() as i64);
        assert_eq!(side.field("height").int(), m.height() as i64);
        assert_eq!(side.field("solid_pixels").int(), m.count() as i64);
    }
    assert_eq!(
        v.field("boxes_overlap").bool(),
        sa.bounds().overlaps(&sb.bounds())
    );
    assert_eq!(
        v.field("intersection").rect(),
        sa.bounds().intersection(&sb.bounds())
    );
    assert_eq!(v.field("collides").bool(), reference::collides(&sa, &sb));
    assert_eq!(
        v.field("first_contact").point(),
        reference::first_contact(&sa, &sb)
    );
    assert_eq!(
        v.field("overlap_area").int() as u64,
        reference::overlap_area(&sa, &sb)
    );
    v
}

#[test]
fn check_reports_exact_answers_in_words_and_json() {
    let dir = scratch("check_exact");
    let (a, b) = pair_images(&dir);
    let out = ok(&run(&dir, &["check", "a.png", "b.png", "--offset", "2,3"]));
    assert!(
        out.contains("A: a.png (10x8 pixels, 48 solid) at (0, 0)"),
        "{out}"
    );
    assert!(
        out.contains("B: b.png (6x6 pixels, 6 solid) at (2, 3)"),
        "{out}"
    );
    assert!(
        out.contains("bounding boxes: overlap; intersection x=2 y=3 width=6 height=5 (30 pixels)"),
        "{out}"
    );
    assert!(
        out.contains("pixels: collide; first contact at (4, 5); overlap area 3 pixels"),
        "{out}"
    );

    let v = check_json(&dir, &a, &b, &["--offset", "2,3"]);
    assert_eq!(v.field("a").field("solid_pixels").int(), 48);
    assert_eq!(v.field("b").field("solid_pixels").int(), 6);
    assert_eq!(v.field("threshold").int(), 1);
    assert!(v.field("boxes_overlap").bool());
    assert_eq!(
        v.field("intersection").rect(),
        Some(Bounds2D::new(2, 3, 6, 5))
    );
    assert!(v.field("collides").bool());
    assert_eq!(v.field("first_contact").point(), Some(Point { x: 4, y: 5 }));
    assert_eq!(v.field("overlap_area").int(), 3);
    assert_eq!(*v.field("render"), J::Null);

    // Apart: boxes only touch.
    let out = ok(&run(&dir, &["check", "a.png", "b.png", "--offset", "10,0"]));
    assert!(out.contains("bounding boxes: do not overlap"), "{out}");
    assert!(
        out.contains("pixels: do not collide; overlap area 0 pixels"),
        "{out}"
    );
    let v = check_json(&dir, &a, &b, &["--offset", "10,0"]);
    assert!(!v.field("boxes_overlap").bool() && !v.field("collides").bool());
    assert_eq!(*v.field("intersection"), J::Null);
    assert_eq!(*v.field("first_contact"), J::Null);
}

#[test]
fn check_accepts_negative_offsets() {
    let dir = scratch("check_negative");
    let (a, b) = pair_images(&dir);
    // Both negative, as a separate argument: the diagonal's last pixel lands on (4, 4).
    let v = check_json(&dir, &a, &b, &["--offset", "-1,-1"]);
    assert_eq!(v.field("offset").point(), Some(Point { x: -1, y: -1 }));
    assert_eq!(
        v.field("intersection").rect(),
        Some(Bounds2D::new(0, 0, 5, 5))
    );
    assert_eq!(v.field("first_contact").point(), Some(Point { x: 4, y: 4 }));
    assert_eq!(v.field("overlap_area").int(), 1);
    // Only DY negative, `=` form.
    let v = check_json(&dir, &a, &b, &["--offset=2,-1"]);
    assert_eq!(
        v.field("intersection").rect(),
        Some(Bounds2D::new(2, 0, 6, 5))
    );
    assert_eq!(v.field("first_contact").point(), Some(Point { x: 4, y: 1 }));
    assert_eq!(v.field("overlap_area").int(), 4);
    // Boxes overlap in A's transparent columns: no collision.
    let out = ok(&run(
        &dir,
        &["check", "a.png", "b.png", "--offset", "-3,-2"],
    ));
    assert!(
        out.contains("B: b.png (6x6 pixels, 6 solid) at (-3, -2)"),
        "{out}"
    );
    assert!(
        out.contains("intersection x=0 y=0 width=3 height=4"),
        "{out}"
    );
    assert!(
        out.contains("pixels: do not collide (the boxes overlap"),
        "{out}"
    );
    let v = check_json(&dir, &a, &b, &["--offset", "-3,-2"]);
    assert!(v.field("boxes_overlap").bool() && !v.field("collides").bool());
}

#[test]
fn check_threshold_changes_the_answer_on_semi_transparent_pixels() {
    let dir = scratch("check_threshold");
    let (glow, solid) = (dir.join("glow.png"), dir.join("solid.png"));
    // Alpha 100 everywhere except a transparent first column; the other sprite opaque.
    write_png(&glow, 4, 4, |x, _| if x == 0 { 0 } else { 100 });
    write_png(&solid, 4, 4, |_, _| 255);
    for (t, area, contact) in [
        ("1", 9, Some(Point { x: 1, y: 1 })),
        ("100", 9, Some(Point { x: 1, y: 1 })),
        ("101", 0, None),
        ("255", 0, None),
        ("0", 9, Some(Point { x: 1, y: 1 })),
    ] {
        let v = check_json(&dir, &glow, &solid, &["--offset", "1,1", "--threshold", t]);
        assert_eq!(v.field("overlap_area").int(), area, "threshold {t}");
        assert_eq!(v.field("first_contact").point(), contact, "threshold {t}");
        assert_eq!(v.field("collides").bool(), area > 0, "threshold {t}");
    }
    // Threshold 0 makes the transparent column solid too.
    let v = check_json(
        &dir,
        &glow,
        &solid,
        &["--offset", "-1,0", "--threshold", "0"],
    );
    assert_eq!(v.field("a").field("solid_pixels").int(), 16);
    assert_eq!(v.field("first_contact").point(), Some(Point { x: 0, y: 0 }));
    assert_eq!(v.field("overlap_area").int(), 12);
    let out = ok(&run(
        &dir,
        &[
            "check",
            "glow.png",
            "solid.png",
            "--offset",
            "1,1",
            "--threshold",
            "101",
        ],
    ));
    assert!(out.contains("solid: alpha >= 101"), "{out}");
    assert!(out.contains("pixels: do not collide"), "{out}");
}

#[test]
fn check_flip_y_takes_bottom_rows_first() {
    let dir = scratch("check_flip_y");
    let (top, bar) = (dir.join("top.png"), dir.join("bar.png"));
    write_png(&top, 4, 4, |_, y| if y == 0 { 255 } else { 0 }); // only the top image row
    write_png(&bar, 4, 1, |_, _| 255);
    let v = check_json(&dir, &top, &bar, &["--offset", "0,3"]);
    assert!(!v.field("collides").bool() && !v.field("flip_y").bool());
    let v = check_json(&dir, &top, &bar, &["--offset", "0,3", "--flip-y"]);
    assert!(v.field("flip_y").bool());
    assert_eq!(v.field("first_contact").point(), Some(Point { x: 0, y: 3 }));
    assert_eq!(v.field("overlap_area").int(), 4);
}

/// TGA files carry no signature: `check` knows them by their extension, for the mask
/// and for the render's colours, as `Mask::from_image_path` does.
#[test]
fn check_reads_tga_files_by_their_extension() {
    let dir = scratch("check_tga");
    let (a, b) = pair_images(&dir);
    let (ta, tb) = (dir.join("a.tga"), dir.join("b.tga"));
    image::open(&a).unwrap().save(&ta).unwrap();
    image::open(&b).unwrap().save(&tb).unwrap();
    let png = check_json(&dir, &a, &b, &["--offset", "2,3"]);
    let tga = check_json(&dir, &ta, &tb, &["--offset", "2,3", "--render", "tga.png"]);
    for key in ["collides", "first_contact", "overlap_area", "intersection"] {
        assert_eq!(tga.field(key), png.field(key), "{key}");
    }
    assert!(png.field("collides").bool());
    assert!(image::open(dir.join("tga.png")).is_ok());
}

#[test]
fn check_render_writes_a_png() {
    let dir = scratch("check_render");
    let (a, b) = pair_images(&dir);
    let out = ok(&run(
        &dir,
        &[
            "check", "a.png", "b.png", "--offset", "2,3", "--render", "pair.png",
        ],
    ));
    let (w, h) = reported_render_size(&out, "pair.png");
    let png = image::open(dir.join("pair.png")).expect("a valid PNG");
    assert_eq!((png.width(), png.height()), (w, h));
    // The world shown is the union of both boxes plus a 4-pixel margin, scaled evenly.
    let (uw, uh) = (10 + 8, 9 + 8);
    assert_eq!(w % uw, 0, "{w}x{h}");
    assert_eq!(w / uw, h / uh, "{w}x{h}");

    let v = check_json(&dir, &a, &b, &["--offset", "-3,-2", "--render", "json.png"]);
    let r = v.field("render");
    assert_eq!(r.field("path").str(), "json.png");
    let png = image::open(dir.join("json.png")).expect("a valid PNG");
    assert_eq!(png.width() as i64, r.field("width").int());
    assert_eq!(png.height() as i64, r.field("height").int());
}

/// Asserts exit status 1 and a message on stderr holding every one of `needles`.
fn fails(o: &Output, needles: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "stderr: {err}");
    assert!(err.starts_with("perpixel: error: "), "{err}");
    for n in needles {
        assert!(err.contains(n), "{n:?} not in {err:?}");
    }
    assert!(o.stdout.is_empty(), "nothing on stdout after a failure");
}

#[test]
fn check_reports_bad_input_clearly() {
    let dir = scratch("check_bad_input");
    let (_, _) = pair_images(&dir);
    let o = run(&dir, &["check", "a.png", "missing.png", "--offset", "0,0"]);
    fails(&o, &["missing.png", "No such file"]);

    // A PNG cut short, and bytes that are no image at all.
    let bytes = std::fs::read(dir.join("a.png")).unwrap();
    std::fs::write(dir.join("cut.png"), &bytes[..bytes.len() / 2]).unwrap();
    fails(
        &run(&dir, &["check", "cut.png", "a.png", "--offset", "0,0"]),
        &["cut.png", "corrupt"],
    );
    std::fs::write(dir.join("text.png"), b"not an image at all").unwrap();
    fails(
        &run(&dir, &["check", "a.png", "text.png", "--offset", "0,0"]),
        &["text.png", "unknown image format"],
    );

    for bad in ["3;4", "a,b", "1", "1,2,3", "1.5,2", "99999999999,0"] {
        let o = run(&dir, &["check", "a.png", "b.png", "--offset", bad]);
        fails(&o, &["bad offset", bad]);
    }
    for bad in ["256", "-1", "x"] {
        let o = run(
            &dir,
            &[
                "check",
                "a.png",
                "b.png",
                "--offset",
                "0,0",
                "--threshold",
                bad,
            ],
        );
        fails(&o, &["bad threshold", bad]);
    }
    // An unwritable render path.
    fails(
        &run(
            &dir,
            &[
                "check",
                "a.png",
                "b.png",
                "--offset",
                "0,0",
                "--render",
                "no/such/dir/x.png",
            ],
        ),
        &["cannot write render", "no/such/dir/x.png"],
    );
}

#[test]
fn usage_errors_exit_with_2() {
    let dir = scratch("usage_errors");
    for args in [
        &["check", "a.png", "b.png"][..],
        &["check", "a.png"][..],
        &["check", "a.png", "b.png", "--offset", "0,0", "--bogus"][..],
        &["frobnicate"][..],
    ] {
        let o = run(&dir, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("Usage"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn help_explains_both_commands_and_the_exit_status() {
    let dir = scratch("help");
    let out = ok(&run(&dir, &["--help"]));
    for needle in ["scene", "check", "Exit status", "--render"] {
        assert!(out.contains(needle), "{needle:?} not in --help");
    }
    let out = ok(&run(&dir, &["check", "--help"]));
    for needle in [
        "--offset",
        "--at",
        "--rotate",
        "--scale",
        "--flip ",
        "--pivot",
        "clockwise",
        "--threshold",
        "--flip-y",
        "--json",
        "--render",
        "first_contact",
    ] {
        assert!(out.contains(needle), "{needle:?} not in check --help");
    }
}

// ---------------------------------------------------------------------------------------
// check with B transformed: --rotate, --scale, --flip, --pivot (and a fractional --at).

/// A: 12x12, solid where `(3x + 5y) mod 7 < 3` (diagonal stripes). B: 5x3, an asymmetric
/// hook (no flip or turn maps it onto itself):
///
/// ```text
/// ####.
/// #....
/// #..#.
/// ```
fn transform_images(dir: &Path) -> (PathBuf, PathBuf) {
    let (a, b) = (dir.join("stripes.png"), dir.join("hook.png"));
    write_png(
        &a,
        12,
        12,
        |x, y| if (3 * x + 5 * y) % 7 < 3 { 255 } else { 0 },
    );
    write_png(&b, 5, 3, |x, y| {
        let solid = (y == 0 && x < 4) || x == 0 || (x, y) == (3, 2);
        if solid { 255 } else { 0 }
    });
    (a, b)
}

/// A scratch directory for `test` with [`transform_images`] in it: `(dir, a, b)` and the
/// two masks at threshold 1.
fn transform_setup(test: &str) -> (PathBuf, PathBuf, PathBuf, Mask, Mask) {
    let dir = scratch(test);
    let (a, b) = transform_images(&dir);
    let (ma, mb) = (load(&a, 1, false), load(&b, 1, false));
    (dir, a, b, ma, mb)
}

/// Runs `check --json` with B transformed and checks that every answer is the one the
/// library gives for `sa` against `sb` (the transformed B as the test computed it),
/// b_raster included. Returns the parsed JSON.
fn check_transformed_json(
    dir: &Path,
    a: &Path,
    b: &Path,
    extra: &[&str],
    sa: &Sprite,
    sb: &Sprite,
) -> J {
    let v = run_check_json(dir, a, b, extra);
    assert_eq!(v.keys(), check_keys(true, extra.contains(&"--sweep")));
    let raster = v.field("b_raster");
    assert_eq!(raster.rect(), Some(sb.bounds()), "{extra:?}");
    assert_eq!(
        raster.field("solid_pixels").int() as u64,
        sb.mask.count(),
        "{extra:?}"
    );
    assert_eq!(
        v.field("boxes_overlap").bool(),
        sa.bounds().overlaps(&sb.bounds())
    );
    assert_eq!(
        v.field("intersection").rect(),
        sa.bounds().intersection(&sb.bounds())
    );
    assert_eq!(v.field("collides").bool(), sa.collides(sb), "{extra:?}");
    assert_eq!(
        v.field("first_contact").point(),
        sa.first_contact(sb),
        "{extra:?}"
    );
    assert_eq!(
        v.field("overlap_area").int() as u64,
        sa.overlap_area(sb),
        "{extra:?}"
    );
    v
}

#[test]
fn check_rotate_90_is_the_quarter_turned_mask() {
    let (dir, a, b, ma, mb) = transform_setup("check_rotate_90");
    let turned = mb.rotate_quarter(1).unwrap();
    let sa = Sprite::new(&ma, 0, 0);
    let mut hits = 0;
    for (dx, dy) in [(3, 4), (0, 0), (7, 9), (-2, 5), (9, -1)] {
        // A quarter turn about the centre of a 5x3 rectangle at (dx, dy) gives a 3x5
        // rectangle with the same centre: its corner at (dx + 1, dy - 1).
        let sb = Sprite::new(&turned, dx + 1, dy - 1);
        let at = format!("{dx},{dy}");
        let v = check_transformed_json(&dir, &a, &b, &["--at", &at, "--rotate", "90"], &sa, &sb);
        let t = v.field("transform");
        assert_eq!(t.field("rotate").int(), 90);
        assert_eq!(t.field("pivot").field("x").as_f64(), Some(2.5));
        assert_eq!(t.field("pivot").field("y").as_f64(), Some(1.5));
        assert_eq!(
            v.field("offset").point(),
            Some(Point {
                x: dx as i64,
                y: dy as i64
            })
        );
        hits += v.field("collides").bool() as u32;
    }
    assert!(hits > 0, "some placements collide");
    // -270 degrees is the same quarter turn; the words say what was applied.
    let out = ok(&run(
        &dir,
        &[
            "check",
            "stripes.png",
            "hook.png",
            "--offset",
            "3,4",
            "--rotate",
            "-270",
        ],
    ));
    assert!(
        out.contains("B: hook.png (5x3 pixels, 7 solid) at (3, 4)"),
        "{out}"
    );
    assert!(
        out.contains("B transformed: rotated -270 degrees, scaled (1, 1), no flip, about pivot (2.5, 1.5); covers 7 pixels in x=4 y=3 width=3 height=5"),
        "{out}"
    );
    println!(
        "check --rotate 90 (and -270) at 5 offsets = Mask::rotate_quarter(1) at (dx+1, dy-1): bounds, raster, collides, first contact, area; {hits} collide"
    );
}

#[test]
fn check_flip_x_is_the_mirrored_mask() {
    let (dir, a, b, ma, mb) = transform_setup("check_flip_x");
    let sa = Sprite::new(&ma, 0, 0);
    let (fx, fy, fxy) = (
        mb.flip_x().unwrap(),
        mb.flip_y().unwrap(),
        mb.flip_x().unwrap().flip_y().unwrap(),
    );
    for (dx, dy) in [(2, 3), (6, 6), (-1, 0)] {
        let at = format!("{dx},{dy}");
        for (flags, m) in [
            (&["--flip", "x"][..], &fx),
            (&["--flip", "y"][..], &fy),
            (&["--flip", "xy"][..], &fxy),
            (&["--flip", "x", "--flip", "y"][..], &fxy),
        ] {
            let mut extra = vec!["--at", at.as_str()];
            extra.extend_from_slice(flags);
            let sb = Sprite::new(m, dx, dy);
            let v = check_transformed_json(&dir, &a, &b, &extra, &sa, &sb);
            let t = v.field("transform");
            assert_eq!(t.field("flip_x").bool(), !std::ptr::eq(m, &fy), "{flags:?}");
            assert_eq!(t.field("flip_y").bool(), !std::ptr::eq(m, &fx), "{flags:?}");
        }
    }
    let out = ok(&run(
        &dir,
        &[
            "check",
            "stripes.png",
            "hook.png",
            "--offset",
            "2,3",
            "--flip",
            "x",
        ],
    ));
    assert!(out.contains("flipped x, about pivot (2.5, 1.5)"), "{out}");
    assert!(
        out.contains("in x=2 y=3 width=5 height=3"),
        "a flip keeps the rectangle: {out}"
    );
    println!(
        "check --flip x / y / xy / x --flip y at 3 offsets = Mask::flip_x / flip_y / both at the same offset"
    );
}

#[test]
fn check_scale_2_about_the_corner_is_the_integer_scaled_mask() {
    let (dir, a, b, ma, mb) = transform_setup("check_scale_2");
    let sa = Sprite::new(&ma, 0, 0);
    let big = mb.scale_integer(2, 2).unwrap();
    let wide = mb.scale_integer(3, 1).unwrap();
    for (dx, dy) in [(1, 2), (5, 5), (-3, 4)] {
        let at = format!("{dx},{dy}");
        let sb = Sprite::new(&big, dx, dy);
        let v = check_transformed_json(
            &dir,
            &a,
            &b,
            &["--at", &at, "--scale", "2", "--pivot", "0,0"],
            &sa,
            &sb,
        );
        let s = v.field("transform").field("scale");
        assert_eq!((s.field("x").int(), s.field("y").int()), (2, 2));
        let sb = Sprite::new(&wide, dx, dy);
        check_transformed_json(
            &dir,
            &a,
            &b,
            &["--at", &at, "--scale", "3,1", "--pivot", "0,0"],
            &sa,
            &sb,
        );
    }
    println!(
        "check --scale 2 --pivot 0,0 = Mask::scale_integer(2, 2), --scale 3,1 = scale_integer(3, 1), at 3 offsets"
    );
}

#[test]
fn check_fractional_at_with_rotate_30_matches_the_raster_and_the_reference() {
    let (dir, a, b, ma, mb) = transform_setup("check_rotate_30");
    let sa = Sprite::new(&ma, 0, 0);
    let ra = reference::transformed::TransformedSprite::new(&ma, &Transform::at(0.0, 0.0), true)
        .unwrap();
    let mut cases = 0;
    for (x, y) in [(3.5, 2.25), (0.75, -0.5), (6.0, 7.5), (-1.25, 4.0)] {
        for pivot in [None, Some((0.0, 0.0)), Some((4.5, -2.0))] {
            let mut t = Transform::at(x, y).rotated(30.0);
            let at = format!("{x},{y}");
            let mut extra = vec!["--at", at.as_str(), "--rotate", "30"];
            let p;
            if let Some((px, py)) = pivot {
                t = t.with_pivot(px, py);
                p = format!("{px},{py}");
                extra.extend(["--pivot", p.as_str()]);
            }
            let raster = mb.rasterise(&t).unwrap();
            let v = check_transformed_json(&dir, &a, &b, &extra, &sa, &raster.sprite());
            // And the plain per-pixel oracle agrees.
            let rb = reference::transformed::TransformedSprite::new(&mb, &t, true).unwrap();
            assert_eq!(
                v.field("collides").bool(),
                reference::transformed::collides(&ra, &rb)
            );
            assert_eq!(
                v.field("first_contact").point(),
                reference::transformed::first_contact(&ra, &rb)
            );
            assert_eq!(
                v.field("overlap_area").int() as u64,
                reference::transformed::overlap_area(&ra, &rb)
            );
            assert_eq!(v.field("b_raster").rect(), rb.bounds);
            let off = v.field("offset");
            assert_eq!(
                (off.field("x").as_f64(), off.field("y").as_f64()),
                (Some(x), Some(y))
            );
            cases += 1;
        }
    }
    println!(
        "check --at X.f,Y.f --rotate 30 [--pivot]: {cases} placements = Mask::rasterise and reference::transformed"
    );
}

#[test]
fn check_transformed_render_shows_the_raster() {
    let dir = scratch("check_transformed_render");
    let (_, b) = transform_images(&dir);
    let mb = load(&b, 1, false);
    let v = parse_json(&ok(&run(
        &dir,
        &[
            "check",
            "stripes.png",
            "hook.png",
            "--json",
            "--at",
            "20,3",
            "--scale",
            "4",
            "--rotate",
            "90",
            "--render",
            "t.png",
        ],
    )));
    let raster = mb
        .rasterise(&Transform::at(20.0, 3.0).rotated(90.0).scaled(4.0, 4.0))
        .unwrap();
    // The world shown is the union of A's box and B's raster plus a 4-pixel margin.
    let world = Bounds2D::new(0, 0, 12, 12);
    let rb = raster.bounds();
    let (x0, y0) = (world.x.min(rb.x) as i64 - 4, world.y.min(rb.y) as i64 - 4);
    let (x1, y1) = (
        world.x_max().max(rb.x_max()) + 4,
        world.y_max().max(rb.y_max()) + 4,
    );
    let (uw, uh) = ((x1 - x0) as u32, (y1 - y0) as u32);
    let png = image::open(dir.join("t.png"))
        .expect("a valid PNG")
        .into_rgba8();
    let r = v.field("render");
    assert_eq!(
        (png.width() as i64, png.height() as i64),
        (r.field("width").int(), r.field("height").int())
    );
    assert_eq!(png.width() % uw, 0);
    let scale = png.width() / uw;
    assert_eq!(png.height(), uh * scale);
    // B's colour is drawn where the raster is solid, and not where it is empty (the
    // centre of each world pixel, away from outlines).
    let colour = image::open(&b).unwrap().into_rgba8();
    let (mut solid, mut empty) = (0, 0);
    for j in 0..raster.mask.height() {
        for i in 0..raster.mask.width() {
            let (wx, wy) = (raster.x as i64 + i as i64, raster.y as i64 + j as i64);
            if world.contains(wx as i32, wy as i32) {
                continue; // A may be drawn there too
            }
            let px = (
                (wx - x0) as u32 * scale + scale / 2,
                (wy - y0) as u32 * scale + scale / 2,
            );
            let p = png.get_pixel(px.0, px.1).0;
            let is_b = colour.pixels().any(|c| c.0[3] == 255 && c.0[..3] == p[..3]);
            assert_eq!(is_b, raster.mask.is_solid(i, j), "world pixel ({wx}, {wy})");
            if is_b { solid += 1 } else { empty += 1 }
        }
    }
    assert!(solid > 0 && empty > 0);
    println!(
        "check --render with --scale 4 --rotate 90: canvas = A's box and B's raster + margin; {solid} raster pixels in B's colours, {empty} empty ones not"
    );
}

#[test]
fn check_rejects_bad_transform_values() {
    let dir = scratch("check_bad_transform");
    let (_, _) = transform_images(&dir);
    let base = ["check", "stripes.png", "hook.png", "--at", "1,2"];
    for (flag, value, needles) in [
        ("--scale", "0", &["bad scale '0'", "vanish"][..]),
        ("--scale", "1,0", &["bad scale '1,0'", "vanish"][..]),
        (
            "--scale",
            "two",
            &["bad scale 'two'", "not a finite number"][..],
        ),
        ("--scale", "1e9", &["cannot transform B", "scale"][..]),
        ("--rotate", "nan", &["bad rotation 'nan'", "finite"][..]),
        ("--rotate", "inf", &["bad rotation 'inf'", "finite"][..]),
        ("--rotate", "90deg", &["bad rotation '90deg'"][..]),
        ("--pivot", "x", &["bad pivot 'x'", "X,Y"][..]),
        ("--pivot", "1,nan", &["bad pivot '1,nan'", "'nan'"][..]),
        ("--flip", "z", &["bad flip 'z'", "x (left-right)"][..]),
    ] {
        let mut args = base.to_vec();
        args.extend([flag, value]);
        fails(&run(&dir, &args), needles);
    }
    // A bad position with a transform, and a fractional one without.
    fails(
        &run(
            &dir,
            &[
                "check",
                "stripes.png",
                "hook.png",
                "--at",
                "1.5;2",
                "--rotate",
                "10",
            ],
        ),
        &["bad offset '1.5;2'"],
    );
    fails(
        &run(&dir, &["check", "stripes.png", "hook.png", "--at", "1.5,2"]),
        &["bad offset '1.5,2'", "needs B transformed"],
    );
    println!(
        "check: --scale 0 / 1,0 / two / 1e9, --rotate nan / inf / 90deg, --pivot x / 1,nan, --flip z, bad and fractional-without-transform offsets: exit 1 with a message naming the value"
    );
}

/// With --flip-y the images' bottom rows are row 0 and world y points up: --rotate 90
/// still turns from +x towards +y (counter-clockwise on such a screen), so it is the
/// quarter turn of the flipped mask, and --pivot counts from the bottom-left corner.
#[test]
fn check_rotate_with_flip_y_turns_the_flipped_mask() {
    let dir = scratch("check_rotate_flip_y");
    let (a, b) = transform_images(&dir);
    let (ma, mb) = (load(&a, 1, true), load(&b, 1, true));
    let sa = Sprite::new(&ma, 0, 0);
    let turned = mb.rotate_quarter(1).unwrap();
    for (dx, dy) in [(3, 4), (6, 1)] {
        let at = format!("{dx},{dy}");
        let sb = Sprite::new(&turned, dx + 1, dy - 1);
        let extra = ["--flip-y", "--at", &at, "--rotate", "90"];
        let v = check_transformed_json(&dir, &a, &b, &extra, &sa, &sb);
        assert!(v.field("flip_y").bool());
        // About the flipped mask's corner (0, 0): a 3x5 rectangle from (dx - 3, dy).
        let sb = Sprite::new(&turned, dx - 3, dy);
        let extra = ["--flip-y", "--at", &at, "--rotate", "90", "--pivot", "0,0"];
        check_transformed_json(&dir, &a, &b, &extra, &sa, &sb);
    }
    println!(
        "check --flip-y --rotate 90 [--pivot 0,0] at 2 offsets = rotate_quarter(1) of the bottom-up mask"
    );
}

// ---------------------------------------------------------------------------------------
// check --sweep.

/// What sweeping `b` by `by` against `a` finds, stepped one position of the path at a
/// time with the reference queries (no skipping): `None` when clear, else the step (0:
/// touching where it starts), B's position there, its position one step before, and
/// the first contact.
fn stepped_sweep(a: &Sprite, b: &Sprite, by: (i32, i32)) -> Option<(u64, Point, Point, Point)> {
    let path: Vec<(i32, i32)> = SweepPath::new(by.0, by.1).collect();
    let at = |k: usize| Point {
        x: (b.x + path[k].0).into(),
        y: (b.y + path[k].1).into(),
    };
    (0..path.len()).find_map(|k| {
        let moved = Sprite {
            x: b.x + path[k].0,
            y: b.y + path[k].1,
            ..*b
        };
        let contact = reference::first_contact(a, &moved)?;
        Some((k as u64, at(k), at(k.saturating_sub(1)), contact))
    })
}

/// Checks the `sweep` object of `check --json` against [`stepped_sweep`]; `b_at` turns
/// B's pixel position into its position as --offset gives it.
fn assert_sweep_json(
    v: &J,
    by: (i32, i32),
    expected: Option<(u64, Point, Point, Point)>,
    end: Point,
    b_at: impl Fn(Point) -> (f64, f64),
) {
    let sw = v.field("sweep");
    let steps = (by.0.abs() + by.1.abs()) as i64;
    let pos = |j: &J| {
        (!j.is_null()).then(|| {
            (
                j.field("x").as_f64().unwrap(),
                j.field("y").as_f64().unwrap(),
            )
        })
    };
    assert_eq!(
        sw.field("by").point(),
        Some(Point {
            x: by.0.into(),
            y: by.1.into()
        })
    );
    assert_eq!(sw.field("steps").int(), steps);
    let fraction = sw.field("fraction").as_f64().unwrap();
    match expected {
        None => {
            assert_eq!(sw.field("result").str(), "clear", "{sw}");
            assert!(sw.field("step").is_null() && sw.field("at").is_null());
            assert!(sw.field("last_free").is_null() && sw.field("contact").is_null());
            assert_eq!(fraction, 1.0);
            assert_eq!(pos(sw.field("stops_at")), Some(b_at(end)));
        }
        Some((0, at, _, contact)) => {
            assert_eq!(sw.field("result").str(), "starts_touching", "{sw}");
            assert_eq!(sw.field("step").int(), 0);
            assert_eq!(fraction, 0.0);
            assert_eq!(pos(sw.field("at")), Some(b_at(at)));
            assert!(sw.field("last_free").is_null());
            assert_eq!(sw.field("contact").point(), Some(contact));
            assert_eq!(pos(sw.field("stops_at")), Some(b_at(at)));
        }
        Some((k, at, free, contact)) => {
            assert_eq!(sw.field("result").str(), "hit", "{sw}");
            assert_eq!(sw.field("step").int(), k as i64);
            assert_eq!(fraction, k as f64 / steps as f64);
            assert_eq!(pos(sw.field("at")), Some(b_at(at)));
            assert_eq!(pos(sw.field("last_free")), Some(b_at(free)));
            assert_eq!(sw.field("contact").point(), Some(contact));
            assert_eq!(pos(sw.field("stops_at")), Some(b_at(free)));
        }
    }
}

#[test]
fn check_sweep_reports_hits_clear_paths_and_starting_contact_in_words_and_json() {
    let dir = scratch("check_sweep");
    let (a, b) = pair_images(&dir);
    // A dot, and B's diagonal as a wall whose pixels touch only at corners.
    write_png(&dir.join("dot.png"), 1, 1, |_, _| 255);
    let (ma, mb) = (load(&a, 1, false), load(&b, 1, false));
    let dot = load(&dir.join("dot.png"), 1, false);
    let mask = |name: &str| match name {
        "a.png" => &ma,
        "b.png" => &mb,
        _ => &dot,
    };
    let cases = [
        ("a.png", "b.png", (-10, 0), (20, 1), "hit"),
        ("a.png", "b.png", (12, 2), (-15, -3), "hit"),
        ("a.png", "b.png", (-10, 0), (0, -20), "clear"),
        ("a.png", "b.png", (2, 0), (5, 0), "starts"),
        ("b.png", "dot.png", (0, 5), (5, -5), "hit"),
    ];
    for (na, nb, off, by, kind) in cases {
        let sa = Sprite::new(mask(na), 0, 0);
        let sb = Sprite::new(mask(nb), off.0, off.1);
        let expected = stepped_sweep(&sa, &sb, by);
        let what = format!(
            "{na} {nb} --offset {},{} --sweep {},{}",
            off.0, off.1, by.0, by.1
        );
        match (kind, expected) {
            ("clear", None) | ("starts", Some((0, ..))) => {}
            ("hit", Some((k, ..))) if k > 0 => {}
            _ => panic!("{what}: the case is no {kind}: {expected:?}"),
        }
        let steps = by.0.abs() + by.1.abs();
        let end = Point {
            x: (off.0 + by.0).into(),
            y: (off.1 + by.1).into(),
        };
        let p = |q: Point| format!("({}, {})", q.x, q.y);
        let head = format!(
            "sweep: B moved by ({}, {}) from ({}, {}), {steps} steps",
            by.0, by.1, off.0, off.1
        );
        let line = match expected {
            None => format!("{head}: clear; B reaches {} without touching A", p(end)),
            Some((0, _, _, c)) => format!(
                "{head}: starts touching A (first contact at {}); no step is free",
                p(c)
            ),
            Some((k, at, free, c)) => format!(
                "{head}: hits A at step {k} of {steps} (fraction {}); B at {} first touches \
                 A, first contact at {}; last free position {}",
                (k as f64 / steps as f64 * 1e4).round() / 1e4,
                p(at),
                p(c),
                p(free)
            ),
        };
        let (o, s) = (format!("{},{}", off.0, off.1), format!("{},{}", by.0, by.1));
        let out = ok(&run(
            &dir,
            &["check", na, nb, "--offset", &o, "--sweep", &s],
        ));
        assert!(
            out.lines().any(|l| l == line),
            "{what}: expected {line:?} in\n{out}"
        );

        let v = check_json(
            &dir,
            &dir.join(na),
            &dir.join(nb),
            &["--offset", &o, "--sweep", &s],
        );
        assert_sweep_json(&v, by, expected, end, |q| (q.x as f64, q.y as f64));
        // The normal: where B starts touching, the reference's contact normal there; at a
        // hit, the reference sweep's (the blocked step's normal).
        let normal = expected.map(|(k, at, _, _)| {
            if k == 0 {
                let there = Sprite::new(mask(nb), at.x as i32, at.y as i32);
                reference::motion::contact_normal(&there, &sa)
            } else {
                match reference::sweep(&sb, &sa, by.0, by.1).unwrap() {
                    perpixel::Sweep::Hit(h) => h.normal,
                    other => panic!("{what}: the reference sweep gave {other:?}"),
                }
            }
        });
        let got = v.field("sweep").field("normal");
        match normal {
            None | Some(None) => assert!(got.is_null(), "{what}: {got}"),
            Some(Some(n)) => assert_normal_json(got, n),
        }
        let words = normal.map(|n| {
            let at = if kind == "starts" {
                "where it starts"
            } else {
                "where it hits"
            };
            format!(
                "sweep normal {at}: {}",
                n.map_or("none (no direction stands out)".into(), normal_words)
            )
        });
        assert_eq!(
            out.lines()
                .find(|l| l.starts_with("sweep normal"))
                .map(str::to_string),
            words,
            "{what}"
        );
    }
    // The dot crossing the diagonal wall: moved one diagonal step at a time it would
    // pass between two of the wall's pixels; the sweep's path cannot.
    let wall = Sprite::new(&mb, 0, 0);
    assert!((0..=5).all(|k| !Sprite::new(&dot, k, 5 - k).collides(&wall)));
}

#[test]
fn check_sweep_moves_a_transformed_b_with_its_transform_fixed() {
    let (dir, a, b, ma, mb) = transform_setup("check_sweep_transformed");
    let sa = Sprite::new(&ma, 0, 0);
    let mut kinds = BTreeMap::new();
    for (x, y, by) in [
        (20.5, 3.0, (-20, 1)),
        (-9.25, 14.0, (12, -14)),
        (20.5, 3.0, (0, 9)),
    ] {
        let t = Transform::at(x, y).rotated(30.0);
        let raster = mb.rasterise(&t).unwrap();
        let sb = raster.sprite();
        let expected = stepped_sweep(&sa, &sb, by);
        let (at, s) = (format!("{x},{y}"), format!("{},{}", by.0, by.1));
        let v = run_check_json(
            &dir,
            &a,
            &b,
            &["--at", &at, "--rotate", "30", "--sweep", &s],
        );
        assert_eq!(v.keys(), check_keys(true, true));
        let end = Point {
            x: (raster.x + by.0).into(),
            y: (raster.y + by.1).into(),
        };
        // B's untransformed corner moves with its pixels.
        let b_at = |q: Point| {
            (
                x + (q.x - i64::from(raster.x)) as f64,
                y + (q.y - i64::from(raster.y)) as f64,
            )
        };
        assert_sweep_json(&v, by, expected, end, b_at);
        *kinds
            .entry(v.field("sweep").field("result").str().to_string())
            .or_insert(0) += 1;
    }
    assert_eq!(kinds.get("hit"), Some(&2), "{kinds:?}");
    assert_eq!(kinds.get("clear"), Some(&1), "{kinds:?}");
}

#[test]
fn check_sweep_rejects_bad_values_saying_what_it_expects() {
    let dir = scratch("check_sweep_bad");
    let (_, _) = pair_images(&dir);
    for bad in ["3", "a,b", "1.5,0", "1,2,3", "4;5", "99999999999,0"] {
        let o = run(
            &dir,
            &["check", "a.png", "b.png", "--offset", "0,0", "--sweep", bad],
        );
        fails(
            &o,
            &[
                &format!("bad sweep '{bad}'"),
                "expected DX,DY with whole numbers",
                "--sweep",
            ],
        );
    }
    // A motion whose end leaves the i32 range.
    let o = run(
        &dir,
        &[
            "check",
            "a.png",
            "b.png",
            "--offset",
            "1,0",
            "--sweep",
            "2147483647,0",
        ],
    );
    fails(&o, &["cannot sweep B", "i32 range"]);
}

// check: push-out and contact normal.

/// `v` rounded to `places` decimals, as the text reports write numbers (no `-0`).
fn rounded(v: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    (v * k).round() / k + 0.0
}

/// A normal as the text reports write it: `(x, y) (D degrees)`.
fn normal_words(n: perpixel::Normal) -> String {
    let degrees = n.y.atan2(n.x).to_degrees();
    format!(
        "({}, {}) ({} degrees)",
        rounded(n.x, 4),
        rounded(n.y, 4),
        rounded(degrees, 1)
    )
}

/// Checks a `{x, y, degrees}` normal of the JSON output against `n` (the reference's
/// sums may round differently in the last bit).
fn assert_normal_json(j: &J, n: perpixel::Normal) {
    assert!(
        (j.field("x").as_f64().unwrap() - n.x).abs() < 1e-12,
        "{j} {n:?}"
    );
    assert!(
        (j.field("y").as_f64().unwrap() - n.y).abs() < 1e-12,
        "{j} {n:?}"
    );
    let degrees = j.field("degrees").as_f64().unwrap();
    assert!((degrees - n.y.atan2(n.x).to_degrees()).abs() < 1e-9, "{j}");
}

/// B's shortest push-out out of A, found the plain way: every translation up to `max`
/// pixels long, in order of length, then smallest dy, then smallest dx, tried with the
/// reference pair test.
fn plain_push_out(a: &Sprite, b: &Sprite, max: i32) -> Option<(i32, i32)> {
    let mut all: Vec<(i32, i32, i32)> = (-max..=max)
        .flat_map(|dy| (-max..=max).map(move |dx| (dx * dx + dy * dy, dy, dx)))
        .filter(|&(d2, ..)| d2 > 0 && d2 <= max * max)
        .collect();
    all.sort();
    all.into_iter().find_map(|(_, dy, dx)| {
        let moved = Sprite {
            x: b.x + dx,
            y: b.y + dy,
            ..*b
        };
        (!reference::collides(a, &moved)).then_some((dx, dy))
    })
}

#[test]
fn check_reports_the_push_out_and_contact_normal_of_an_overlapping_or_touching_pair() {
    let dir = scratch("check_push_out");
    pair_images(&dir);
    // A solid block, and a 5x5 plus sign.
    write_png(&dir.join("block.png"), 12, 10, |_, _| 255);
    write_png(&dir.join("plus.png"), 5, 5, |x, y| {
        if x == 2 || y == 2 { 255 } else { 0 }
    });
    let cases: [(&str, &str, (i32, i32), u32); 7] = [
        ("a.png", "b.png", (2, 3), 64),
        ("a.png", "b.png", (-1, 0), 64),
        ("block.png", "plus.png", (4, 3), 64),
        ("block.png", "plus.png", (4, 3), 2),
        ("block.png", "plus.png", (-2, 8), 64),
        ("block.png", "plus.png", (12, 4), 64),
        ("block.png", "plus.png", (14, 4), 64),
    ];
    let mut seen = (false, false, false, false);
    for (na, nb, off, max) in cases {
        let (ma, mb) = (load(&dir.join(na), 1, false), load(&dir.join(nb), 1, false));
        let (sa, sb) = (Sprite::new(&ma, 0, 0), Sprite::new(&mb, off.0, off.1));
        let what = format!("{na} {nb} --offset {},{} --push-max {max}", off.0, off.1);
        let collides = reference::collides(&sa, &sb);
        let push = collides
            .then(|| plain_push_out(&sa, &sb, max as i32))
            .flatten();
        let normal = reference::motion::contact_normal(&sb, &sa);
        seen.0 |= push.is_some();
        seen.1 |= collides && push.is_none();
        seen.2 |= !collides && normal.is_some();
        seen.3 |= !collides && normal.is_none();

        let (o, m) = (format!("{},{}", off.0, off.1), max.to_string());
        let out = ok(&run(
            &dir,
            &["check", na, nb, "--offset", &o, "--push-max", &m],
        ));
        let line = |prefix: &str| {
            out.lines()
                .find(|l| l.starts_with(prefix))
                .map(str::to_string)
        };
        let expected_push = collides.then(|| match push {
            Some((dx, dy)) => format!(
                "push-out: moving B by ({dx}, {dy}) ({} px) frees it (the shortest \
                 translation, any direction)",
                rounded(f64::from(dx * dx + dy * dy).sqrt(), 2)
            ),
            None => {
                format!("push-out: no translation of B up to {max} px long frees it (--push-max)")
            }
        });
        assert_eq!(line("push-out:"), expected_push, "{what}\n{out}");
        assert_eq!(
            line("contact normal:"),
            normal.map(|n| format!(
                "contact normal: {} from A's surface towards B",
                normal_words(n)
            )),
            "{what}\n{out}"
        );

        let v = check_json(
            &dir,
            &dir.join(na),
            &dir.join(nb),
            &["--offset", &o, "--push-max", &m],
        );
        assert_eq!(v.field("push_max").int(), i64::from(max));
        let p = v.field("push_out");
        match push {
            None => assert!(p.is_null(), "{what}: {p}"),
            Some((dx, dy)) => {
                assert_eq!(
                    p.point(),
                    Some(Point {
                        x: dx.into(),
                        y: dy.into()
                    }),
                    "{what}"
                );
                let d = p.field("distance").as_f64().unwrap();
                assert_eq!(d, f64::from(dx * dx + dy * dy).sqrt(), "{what}");
            }
        }
        match normal {
            None => assert!(v.field("contact_normal").is_null(), "{what}"),
            Some(n) => assert_normal_json(v.field("contact_normal"), n),
        }
    }
    assert_eq!(seen, (true, true, true, true), "the cases cover every kind");
}

#[test]
fn check_render_outlines_the_pushed_out_b_and_draws_the_normal() {
    let dir = scratch("check_push_render");
    write_png(&dir.join("block.png"), 12, 10, |_, _| 255);
    write_png(&dir.join("plus.png"), 5, 5, |x, y| {
        if x == 2 || y == 2 { 255 } else { 0 }
    });
    let (ma, mb) = (
        load(&dir.join("block.png"), 1, false),
        load(&dir.join("plus.png"), 1, false),
    );
    let off = (9, 6);
    let (sa, sb) = (Sprite::new(&ma, 0, 0), Sprite::new(&mb, off.0, off.1));
    let (dx, dy) = plain_push_out(&sa, &sb, 64).expect("a push-out");
    let out = ok(&run(
        &dir,
        &[
            "check",
            "block.png",
            "plus.png",
            "--offset",
            "9,6",
            "--render",
            "p.png",
        ],
    ));
    let (w, _) = reported_render_size(&out, "p.png");
    let png = image::open(dir.join("p.png")).unwrap().to_rgba8();
    // The world drawn: the union of both boxes plus 4 pixels, at an even scale.
    let (x0, y0) = (-4, -4);
    let scale = w as i32 / (off.0 + 5 + 4 - x0);
    let at = |x: i32, y: i32| {
        let p = png.get_pixel(
            ((x - x0) * scale + scale / 2) as u32,
            ((y - y0) * scale + scale / 2) as u32,
        );
        [p[0] as i32, p[1] as i32, p[2] as i32]
    };
    // The pushed-out plus's pixels (all on its edge) are drawn green-cyan, but for a few
    // the arrow may cross.
    let edge: Vec<(i32, i32)> = (0..5)
        .flat_map(|j| (0..5).map(move |i| (i, j)))
        .filter(|&(i, j)| i == 2 || j == 2)
        .map(|(i, j)| (off.0 + dx + i, off.1 + dy + j))
        .collect();
    let green = edge
        .iter()
        .filter(|&&(x, y)| {
            let [r, g, b] = at(x, y);
            g > r + 60 && b > 150
        })
        .count();
    assert!(green * 2 > edge.len(), "{green} of {}", edge.len());
    let yellow = |png: &image::RgbaImage| png.pixels().any(|p| p.0 == [255, 235, 80, 255]);
    assert!(yellow(&png), "the normal's arrow");
    // Apart: no arrow.
    ok(&run(
        &dir,
        &[
            "check",
            "block.png",
            "plus.png",
            "--offset",
            "20,6",
            "--render",
            "q.png",
        ],
    ));
    let apart = image::open(dir.join("q.png")).unwrap().to_rgba8();
    assert!(!yellow(&apart));
}

// ---------------------------------------------------------------------------------------
// The scene's crater and polygons.

#[test]
fn scene_blows_a_crater_and_reports_the_terrain_polygons_like_the_reference() {
    use perpixel::PolygonOptions;
    let dir = scratch("scene_crater");
    let v = run_json(&dir, &["scene", "--json"]);
    let out = ok(&run(&dir, &["scene"]));
    let c = v.field("crater");
    assert_eq!(c.field("sprite").str(), "terrain");
    let terrain = v
        .field("sprites")
        .arr()
        .iter()
        .find(|s| s.field("name").str() == "terrain")
        .unwrap();
    let path = terrain.field("image").str();
    let (tx, ty) = (
        terrain.field("x").int() as i32,
        terrain.field("y").int() as i32,
    );
    let at = c.field("at").point().unwrap();
    let radius = c.field("radius").int() as u32;
    let before = load(Path::new(path), 1, false);
    let (cx, cy) = (at.x as i32 - tx, at.y as i32 - ty);
    let after = reference::edit::fill_circle(&before, cx, cy, radius, false);
    // The scene plays the edited terrain: its count and the crater's.
    assert_eq!(terrain.field("solid_pixels").int(), after.count() as i64);
    let cleared = before.count() - after.count();
    assert!(cleared > 100, "a real crater: {cleared} pixels");
    assert_eq!(c.field("cleared_pixels").int(), cleared as i64);
    // The render shows the crater: every cleared pixel away from the polygon outlines
    // and the probe is drawn without the terrain's colour.
    let render = image::open(dir.join("perpixel-scene.png"))
        .unwrap()
        .into_rgba8();
    let colours = image::open(path).unwrap().into_rgba8();
    let scale = v.field("render").field("scale").int() as u32;
    let p = c.field("probe_at").point().unwrap();
    let probe_path = Path::new(path).with_file_name(c.field("probe").str());
    let probe = load(&probe_path, 1, false);
    let probe = Sprite::new(&probe, p.x as i32, p.y as i32);
    let solid_after = |i: i64, j: i64| {
        let (w, h) = (after.width() as i64, after.height() as i64);
        i >= 0 && j >= 0 && i < w && j < h && after.is_solid(i as u32, j as u32)
    };
    let mut inside = 0;
    for (i, j) in (0..before.width()).flat_map(|i| (0..before.height()).map(move |j| (i, j))) {
        let (wx, wy) = (i as i64 + tx as i64, j as i64 + ty as i64);
        let near_edge =
            (-1..=1).any(|di| (-1..=1).any(|dj| solid_after(i as i64 + di, j as i64 + dj)));
        let under_probe = probe.bounds().contains(wx as i32, wy as i32);
        if before.is_solid(i, j) && !after.is_solid(i, j) && !near_edge && !under_probe {
            let drawn = render.get_pixel(wx as u32 * scale, wy as u32 * scale);
            assert_ne!(drawn.0, colours.get_pixel(i, j).0, "({wx}, {wy})");
            inside += 1;
        }
    }
    assert!(inside > 100, "{inside} pixels checked");
    // The probe, queried the plain way against the terrain before and after.
    let mut words = Vec::new();
    for (key, mask) in [("before", &before), ("after", &after)] {
        let t = Sprite::new(mask, tx, ty);
        let (area, contact) = (
            reference::overlap_area(&t, &probe),
            reference::first_contact(&t, &probe),
        );
        assert_eq!(
            c.field(key).field("overlap_area").int(),
            area as i64,
            "{key}"
        );
        assert_eq!(
            c.field(key).field("first_contact").point(),
            contact,
            "{key}"
        );
        let contact = contact.map_or("no contact".into(), |q| {
            format!("first contact ({}, {})", q.x, q.y)
        });
        words.push(format!("{area} px ({contact})"));
    }
    // What the crater is for: the probe sinks in, still touching the crater's floor.
    let (was, is) = (
        c.field("before").field("overlap_area").int(),
        c.field("after").field("overlap_area").int(),
    );
    assert!(was > is && is > 0, "{c}");
    assert!(c.field("reference_agrees").bool());
    // The polygons before and after, from the library on the two masks.
    let pj = c.field("polygons");
    let epsilon = pj.field("epsilon").as_f64().unwrap();
    assert_eq!(epsilon, 1.0);
    let options = PolygonOptions {
        epsilon,
        ..PolygonOptions::default()
    };
    let mut counts = Vec::new();
    for (key, mask) in [("before", &before), ("after", &after)] {
        let polys = mask.polygons(&options).unwrap();
        let holes: usize = polys.iter().map(|q| q.holes.len()).sum();
        let vertices: usize = polys.iter().flat_map(|q| q.rings()).map(|r| r.len()).sum();
        let j = pj.field(key);
        assert_eq!(j.field("polygons").int(), polys.len() as i64, "{key}");
        assert_eq!(j.field("holes").int(), holes as i64, "{key}");
        assert_eq!(j.field("vertices").int(), vertices as i64, "{key}");
        let s =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        counts.push(format!(
            "{}, {}, {}",
            s(polys.len(), "polygon", "polygons"),
            s(holes, "hole", "holes"),
            s(vertices, "vertex", "vertices")
        ));
    }
    assert!(
        pj.field("after").field("vertices").int() > pj.field("before").field("vertices").int(),
        "the crater adds vertices: {pj}"
    );
    let line = |prefix: &str| {
        out.lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no line {prefix:?} in\n{out}"))
            .to_string()
    };
    assert_eq!(
        line("crater: "),
        format!(
            "crater: a crater of radius {radius} blown into the terrain at ({}, {}) in place \
             (Mask::fill_circle) cleared {cleared} pixels; the probe (coin.png) at ({}, {}) \
             overlapped the terrain by {} before, {} after; the reference (the edit and the \
             queries redone pixel by pixel) agrees.",
            at.x, at.y, p.x, p.y, words[0], words[1]
        )
    );
    assert_eq!(
        line("polygons: "),
        format!(
            "polygons: the terrain's polygons at epsilon 1 (Mask::polygons): {} before the \
             crater; {} after.",
            counts[0], counts[1]
        )
    );
}

// ---------------------------------------------------------------------------------------
// The shape commands: polygons, outline, components.

/// The keys every shape command's JSON starts with.
const SHAPE_KEYS: [&str; 5] = ["sprite", "width", "height", "threshold", "solid_pixels"];

/// A 6x4 sprite: a 4x4 square with a 2x2 hole (x 0..4), a lone pixel at (5, 0) and a
/// semi-transparent one (alpha 100) at (5, 3).
///
/// ```text
/// ####.#
/// #..#..
/// #..#..
/// ####.+
/// ```
fn holed_square(dir: &Path) -> PathBuf {
    let path = dir.join("holed.png");
    write_png(&path, 6, 4, |x, y| match (x, y) {
        (5, 0) => 255,
        (5, 3) => 100,
        (0..=3, 0 | 3) | (0 | 3, _) => 255,
        _ => 0,
    });
    path
}

/// A ring's `[[x, y], ...]` as integer pairs.
fn ring(j: &J) -> Vec<[i64; 2]> {
    j.arr()
        .iter()
        .map(|v| [v.arr()[0].int(), v.arr()[1].int()])
        .collect()
}

/// A convex piece's `[[x, y], ...]` as numbers.
fn piece(j: &J) -> Vec<[f64; 2]> {
    j.arr()
        .iter()
        .map(|v| [v.arr()[0].as_f64().unwrap(), v.arr()[1].as_f64().unwrap()])
        .collect()
}

/// Asserts that `polygons --json` (run with `args`) gives exactly the library's polygons
/// of `mask` under `options` (and its convex pieces when `pieces`), with the totals.
fn assert_polygons_json(v: &J, mask: &Mask, options: &perpixel::PolygonOptions, pieces: bool) {
    let polys = mask.polygons(options).unwrap();
    let list = v.field("polygons").arr();
    assert_eq!(list.len(), polys.len());
    assert_eq!(v.field("polygon_count").int(), polys.len() as i64);
    let holes: usize = polys.iter().map(|p| p.holes.len()).sum();
    let vertices: usize = polys.iter().flat_map(|p| p.rings()).map(|r| r.len()).sum();
    let area: f64 = polys.iter().map(|p| p.area()).sum();
    assert_eq!(v.field("hole_count").int(), holes as i64);
    assert_eq!(v.field("vertex_count").int(), vertices as i64);
    assert_eq!(v.field("area").as_f64().unwrap(), area);
    let widen = |r: &[[i32; 2]]| -> Vec<[i64; 2]> {
        r.iter().map(|v| [v[0] as i64, v[1] as i64]).collect()
    };
    for (j, p) in list.iter().zip(&polys) {
        assert_eq!(
            j.keys(),
            [
                "outer",
                "holes",
                "area",
                "outer_vertices",
                "hole_vertices",
                "pieces"
            ]
        );
        assert_eq!(ring(j.field("outer")), widen(&p.outer));
        let hj = j.field("holes").arr();
        assert_eq!(hj.len(), p.holes.len());
        for (h, ph) in hj.iter().zip(&p.holes) {
            assert_eq!(ring(h), widen(ph));
        }
        assert_eq!(j.field("area").as_f64().unwrap(), p.area());
        assert_eq!(j.field("outer_vertices").int(), p.outer.len() as i64);
        let counts: Vec<i64> = j.field("hole_vertices").arr().iter().map(J::int).collect();
        assert_eq!(
            counts,
            p.holes.iter().map(|h| h.len() as i64).collect::<Vec<_>>()
        );
        assert_eq!(j.field("pieces").is_null(), !pieces);
    }
    if pieces {
        // Polygon after polygon, they are the library's `Mask::convex_pieces` (to within
        // serde_json's reading of floats, which may miss by a unit in the last place;
        // the numbers written are the shortest that read back exactly).
        let all: Vec<Vec<[f64; 2]>> = list
            .iter()
            .flat_map(|j| j.field("pieces").arr().iter().map(piece))
            .collect();
        let library = mask.convex_pieces(options).unwrap();
        assert_eq!(all.len(), library.len());
        for (a, b) in all.iter().zip(&library) {
            assert_eq!(a.len(), b.len());
            let close = a.iter().zip(b).all(|(p, q)| {
                (p[0] - q[0]).abs() <= 1e-12 * q[0].abs().max(1.0)
                    && (p[1] - q[1]).abs() <= 1e-12 * q[1].abs().max(1.0)
            });
            assert!(close, "{a:?} != {b:?}");
        }
        assert_eq!(v.field("piece_count").int(), all.len() as i64);
        for (j, p) in list.iter().zip(&polys) {
            let sum: f64 = j
                .field("pieces")
                .arr()
                .iter()
                .map(|q| perpixel::convex_piece_area(&piece(q)))
                .sum();
            assert!(
                (sum - p.area()).abs() < 1e-9 * p.area().max(1.0),
                "the pieces cover the polygon: {sum} against {}",
                p.area()
            );
            let most = options.max_vertices as usize;
            assert!(
                j.field("pieces")
                    .arr()
                    .iter()
                    .all(|q| (3..=most).contains(&q.arr().len()))
            );
        }
    } else {
        assert!(v.field("piece_count").is_null());
    }
}

#[test]
fn polygons_json_of_a_square_with_a_hole_is_exact() {
    use perpixel::PolygonOptions;
    let dir = scratch("polygons_json_exact");
    let path = holed_square(&dir);
    let v = run_json(&dir, &["polygons", "holed.png", "--json"]);
    assert_eq!(
        v.keys(),
        [
            &SHAPE_KEYS[..],
            &[
                "options",
                "polygon_count",
                "hole_count",
                "vertex_count",
                "area",
                "piece_count",
                "polygons"
            ]
        ]
        .concat()
    );
    assert_eq!(v.field("sprite").str(), "holed.png");
    assert_eq!((v.field("width").int(), v.field("height").int()), (6, 4));
    assert_eq!(v.field("threshold").int(), 1);
    assert_eq!(v.field("solid_pixels").int(), 14);
    let o = v.field("options");
    assert_eq!(o.keys(), ["epsilon", "holes", "y_flip", "max_vertices"]);
    assert_eq!(o.field("epsilon").int(), 0);
    assert!(o.field("holes").bool() && !o.field("y_flip").bool());
    assert!(o.field("max_vertices").is_null());
    // The numbers, written out: the square with its hole, then the two lone pixels.
    assert_eq!(v.field("polygon_count").int(), 3);
    assert_eq!(v.field("hole_count").int(), 1);
    assert_eq!(v.field("vertex_count").int(), 16);
    assert_eq!(v.field("area").int(), 14, "the solid pixel count");
    let p = v.field("polygons").arr();
    assert_eq!(ring(p[0].field("outer")), [[0, 0], [4, 0], [4, 4], [0, 4]]);
    assert_eq!(p[0].field("holes").arr().len(), 1);
    assert_eq!(
        ring(&p[0].field("holes").arr()[0]),
        [[1, 1], [1, 3], [3, 3], [3, 1]]
    );
    assert_eq!(p[0].field("area").int(), 12);
    assert_eq!(p[0].field("outer_vertices").int(), 4);
    assert_eq!(p[0].field("hole_vertices").arr()[0].int(), 4);
    assert_eq!(ring(p[1].field("outer")), [[5, 0], [6, 0], [6, 1], [5, 1]]);
    assert_eq!(ring(p[2].field("outer")), [[5, 3], [6, 3], [6, 4], [5, 4]]);
    assert!(p[1].field("holes").arr().is_empty() && p[1].field("pieces").is_null());
    let mask = load(&path, 1, false);
    assert_polygons_json(&v, &mask, &PolygonOptions::default(), false);

    // --threshold drops the semi-transparent pixel.
    let v = run_json(
        &dir,
        &["polygons", "holed.png", "--json", "--threshold", "128"],
    );
    assert_eq!(v.field("polygon_count").int(), 2);
    assert_eq!(v.field("area").int(), 13);

    // --no-holes: the outer ring alone covers the hole; --holes after it wins back.
    let v = run_json(&dir, &["polygons", "holed.png", "--json", "--no-holes"]);
    assert!(!v.field("options").field("holes").bool());
    assert_eq!(v.field("hole_count").int(), 0);
    assert_eq!(v.field("area").int(), 18);
    assert_eq!(v.field("polygons").arr()[0].field("area").int(), 16);
    let v = run_json(
        &dir,
        &["polygons", "holed.png", "--json", "--no-holes", "--holes"],
    );
    assert_eq!(v.field("hole_count").int(), 1);

    // --y-flip: y becomes 4 - y, outer rings keep a positive area (order reversed).
    let v = run_json(&dir, &["polygons", "holed.png", "--json", "--y-flip"]);
    let outer = ring(v.field("polygons").arr()[0].field("outer"));
    assert_eq!(outer, [[0, 4], [0, 0], [4, 0], [4, 4]]);
    let flipped = PolygonOptions {
        y_flip: true,
        ..PolygonOptions::default()
    };
    assert_polygons_json(&v, &mask, &flipped, false);

    // --max-vertices: the convex pieces as well (rectangles for exact polygons), with
    // and without the flip, exactly `Mask::convex_pieces`.
    for extra in [&[][..], &["--y-flip"][..]] {
        let mut args = vec!["polygons", "holed.png", "--json", "--max-vertices", "4"];
        args.extend_from_slice(extra);
        let v = run_json(&dir, &args);
        assert_eq!(v.field("options").field("max_vertices").int(), 4);
        let options = PolygonOptions {
            max_vertices: 4,
            y_flip: !extra.is_empty(),
            ..PolygonOptions::default()
        };
        assert_polygons_json(&v, &mask, &options, true);
        assert_eq!(v.field("piece_count").int(), 4 + 1 + 1, "{v}");
    }
}

#[test]
fn polygons_json_of_the_sample_sprites_is_the_librarys() {
    use perpixel::PolygonOptions;
    let dir = scratch("polygons_assets");
    let sprites = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites");
    for name in ["ring.png", "ship.png", "terrain.png", "rock_big.png"] {
        let path = sprites.join(name);
        let mask = load(&path, 1, false);
        let file = path.to_str().unwrap();
        for (epsilon, max) in [("0", None), ("1", Some("8")), ("2.5", Some("3"))] {
            let mut args = vec!["polygons", file, "--json", "--epsilon", epsilon];
            if let Some(m) = max {
                args.extend(["--max-vertices", m]);
            }
            let v = run_json(&dir, &args);
            assert_eq!(v.field("sprite").str(), file);
            assert_eq!(v.field("solid_pixels").int(), mask.count() as i64);
            let options = PolygonOptions {
                epsilon: epsilon.parse().unwrap(),
                max_vertices: max.map_or(8, |m| m.parse().unwrap()),
                ..PolygonOptions::default()
            };
            assert_polygons_json(&v, &mask, &options, max.is_some());
            if epsilon == "0" {
                assert_eq!(v.field("area").int(), mask.count() as i64, "{name}");
            }
        }
    }
    // The ring: one polygon with one hole.
    let ring = sprites.join("ring.png");
    let v = run_json(&dir, &["polygons", ring.to_str().unwrap(), "--json"]);
    assert_eq!(v.field("polygon_count").int(), 1);
    assert_eq!(v.field("hole_count").int(), 1);
}

/// Standard base64 decoding (the SVG's embedded PNG).
fn base64_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for c in text.bytes().filter(|&c| c != b'=') {
        let v = ALPHABET
            .iter()
            .position(|&a| a == c)
            .expect("a base64 digit") as u32;
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// The start tags named `name` in `xml`, each as its text up to `>`.
fn tags<'a>(xml: &'a str, name: &str) -> Vec<&'a str> {
    let open = format!("<{name} ");
    xml.match_indices(&open)
        .map(|(i, _)| &xml[i..i + xml[i..].find('>').unwrap() + 1])
        .collect()
}

/// The value of attribute `name` in a start tag.
fn attr<'a>(tag: &'a str, name: &str) -> &'a str {
    let key = format!(" {name}=\"");
    let start = tag
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + key.len();
    &tag[start..start + tag[start..].find('"').unwrap()]
}

/// Asserts that `xml` is well nested: every element closed in order (a small check, not
/// a parser: no comments or CDATA in our SVGs).
fn assert_well_nested(xml: &str) {
    let body = xml
        .strip_prefix(r#"<?xml version="1.0" encoding="UTF-8"?>"#)
        .expect("an XML declaration");
    let mut open: Vec<&str> = Vec::new();
    let mut rest = body;
    while let Some(i) = rest.find('<') {
        let end = i + rest[i..].find('>').expect("every tag ends");
        let tag = &rest[i + 1..end];
        assert!(!tag.contains('<'), "a '<' inside a tag: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop(), Some(name), "closing {name}");
        } else if !tag.ends_with('/') {
            open.push(tag.split_whitespace().next().unwrap());
        }
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
    assert!(body.trim_end().ends_with("</svg>"));
}

#[test]
fn polygons_svg_overlays_the_polygons_on_the_sprite() {
    let dir = scratch("polygons_svg");
    let path = holed_square(&dir);
    let svg = ok(&run(&dir, &["polygons", "holed.png", "--svg"]));
    assert_well_nested(&svg);
    let root = tags(&svg, "svg")[0];
    assert_eq!(attr(root, "viewBox"), "0 0 6 4");
    let (w, h): (u32, u32) = (
        attr(root, "width").parse().unwrap(),
        attr(root, "height").parse().unwrap(),
    );
    assert_eq!((w % 6, h % 4, w / 6, h / 4), (0, 0, w / 6, w / 6));
    assert!(w / 6 >= 8, "scaled up so pixels show: {root}");
    // The sprite itself, pixelated, as a PNG with the file's pixels.
    let image = tags(&svg, "image");
    assert_eq!(image.len(), 1);
    assert!(attr(image[0], "style").contains("image-rendering: pixelated"));
    assert_eq!(
        (attr(image[0], "width"), attr(image[0], "height")),
        ("6", "4")
    );
    let data = attr(image[0], "href")
        .strip_prefix("data:image/png;base64,")
        .expect("an embedded PNG");
    let embedded = image::load_from_memory(&base64_decode(data))
        .unwrap()
        .into_rgba8();
    assert_eq!(embedded, image::open(&path).unwrap().into_rgba8());
    // One even-odd path per polygon, one subpath per ring; no pieces.
    let paths = tags(&svg, "path");
    assert_eq!(paths.len(), 3);
    assert!(paths.iter().all(|p| attr(p, "fill-rule") == "evenodd"));
    assert_eq!(
        attr(paths[0], "d"),
        "M0 0 L4 0 L4 4 L0 4 ZM1 1 L1 3 L3 3 L3 1 Z"
    );
    assert_eq!(attr(paths[1], "d"), "M5 0 L6 0 L6 1 L5 1 Z");
    // Outlines 2 output pixels wide at any scale (in the sprite's pixels, as every
    // renderer draws them).
    let width: f64 = attr(paths[0], "stroke-width").parse().unwrap();
    assert!(
        (width * f64::from(w / 6) - 2.0).abs() < 1e-3,
        "{}",
        paths[0]
    );
    assert!(tags(&svg, "polygon").is_empty());
    assert!(!svg.contains("transform="));

    // -o FILE: the same SVG in the file, nothing on stdout; pieces outlined; the flip
    // drawn back onto the sprite.
    let o = ok(&run(
        &dir,
        &[
            "polygons",
            "holed.png",
            "--svg",
            "--max-vertices",
            "4",
            "-o",
            "out.svg",
        ],
    ));
    assert!(o.is_empty());
    let file = std::fs::read_to_string(dir.join("out.svg")).unwrap();
    assert_well_nested(&file);
    let pieces = tags(&file, "polygon");
    assert_eq!(pieces.len(), 6);
    assert!(pieces.iter().all(|p| attr(p, "fill") == "none"));
    assert!(
        pieces
            .iter()
            .any(|p| attr(p, "points") == "0,1 0,0 4,0 4,1"),
        "{pieces:?}"
    );
    let flipped = ok(&run(&dir, &["polygons", "holed.png", "--svg", "--y-flip"]));
    assert_well_nested(&flipped);
    assert_eq!(
        attr(tags(&flipped, "g")[0], "transform"),
        "matrix(1 0 0 -1 0 4)"
    );
    assert_eq!(
        attr(tags(&flipped, "path")[1], "d"),
        "M5 4 L5 3 L6 3 L6 4 Z"
    );

    // A sample sprite: the ring's path has its hole.
    let ring = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites/ring.png");
    let svg = ok(&run(
        &dir,
        &[
            "polygons",
            ring.to_str().unwrap(),
            "--svg",
            "--epsilon",
            "1",
        ],
    ));
    assert_well_nested(&svg);
    let paths = tags(&svg, "path");
    assert_eq!(paths.len(), 1);
    assert_eq!(
        attr(paths[0], "d").matches('M').count(),
        2,
        "outer ring and hole"
    );
}

#[test]
fn outline_follows_pygame() {
    let dir = scratch("outline");
    // A 2x2 square in a 4x4 sprite: its four pixels clockwise, the first again at the end.
    write_png(&dir.join("square.png"), 4, 4, |x, y| {
        if (1..3).contains(&x) && (1..3).contains(&y) {
            255
        } else {
            0
        }
    });
    let out = ok(&run(&dir, &["outline", "square.png"]));
    assert_eq!(out, "1 1\n2 1\n2 2\n1 2\n1 1\n");
    let out = ok(&run(&dir, &["outline", "square.png", "--every", "2"]));
    assert_eq!(out, "1 1\n2 2\n1 1\n");
    let v = run_json(&dir, &["outline", "square.png", "--json"]);
    assert_eq!(
        v.keys(),
        [&SHAPE_KEYS[..], &["every", "count", "points"]].concat()
    );
    assert_eq!(v.field("every").int(), 1);
    assert_eq!(v.field("count").int(), 5);
    assert_eq!(
        ring(v.field("points")),
        [[1, 1], [2, 1], [2, 2], [1, 2], [1, 1]]
    );
    // Nothing solid: an empty outline.
    write_png(&dir.join("empty.png"), 3, 3, |_, _| 0);
    assert_eq!(ok(&run(&dir, &["outline", "empty.png"])), "");
    let v = run_json(&dir, &["outline", "empty.png", "--json"]);
    assert_eq!(v.field("count").int(), 0);
    assert!(v.field("points").arr().is_empty());
    // The sample sprites: the library's outline, at two thresholds and two steps.
    let sprites = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites");
    for name in ["ship.png", "ring.png", "coin.png"] {
        let path = sprites.join(name);
        for (threshold, every) in [(1u8, 1u32), (128, 3)] {
            let (t, e) = (threshold.to_string(), every.to_string());
            let out = ok(&run(
                &dir,
                &[
                    "outline",
                    path.to_str().unwrap(),
                    "--threshold",
                    &t,
                    "--every",
                    &e,
                ],
            ));
            let expected: String = load(&path, threshold, false)
                .outline(every)
                .unwrap()
                .iter()
                .map(|p| format!("{} {}\n", p[0], p[1]))
                .collect();
            assert!(!expected.is_empty());
            assert_eq!(out, expected, "{name} at {threshold}, every {every}");
        }
    }
}

#[test]
fn components_list_counts_and_bounds_with_the_centroid_and_angle() {
    use perpixel::{ComponentOptions, ComponentOrder, Connectivity};
    let dir = scratch("components");
    // Two diagonal pixels and a bar: 2 components 8-connected, 3 components 4-connected.
    write_png(&dir.join("parts.png"), 6, 3, |x, y| {
        if (x, y) == (0, 0) || (x, y) == (1, 1) || (y == 2 && x >= 3) {
            255
        } else {
            0
        }
    });
    let v = run_json(&dir, &["components", "parts.png", "--json"]);
    assert_eq!(
        v.keys(),
        [
            &SHAPE_KEYS[..],
            &[
                "connectivity",
                "order",
                "min_pixels",
                "centroid",
                "angle",
                "count",
                "components"
            ]
        ]
        .concat()
    );
    assert_eq!(v.field("connectivity").int(), 8);
    assert_eq!(v.field("order").str(), "position");
    assert_eq!(v.field("min_pixels").int(), 0);
    // x: (0 + 1 + 3 + 4 + 5) / 5 = 2; y: (0 + 1 + 2 + 2 + 2) / 5 = 1, rounded down.
    assert_eq!(v.field("centroid").point(), Some(Point { x: 2, y: 1 }));
    let mask = load(&dir.join("parts.png"), 1, false);
    assert_eq!(v.field("angle").as_f64().unwrap(), mask.angle());
    assert_eq!(v.field("count").int(), 2);
    let parts = |v: &J| -> Vec<(i64, Bounds2D)> {
        v.field("components")
            .arr()
            .iter()
            .map(|c| (c.field("pixels").int(), c.field("bounds").rect().unwrap()))
            .collect()
    };
    assert_eq!(
        parts(&v),
        [
            (2, Bounds2D::new(0, 0, 2, 2)),
            (3, Bounds2D::new(3, 2, 3, 1))
        ]
    );
    let with = |extra: &[&str]| {
        let mut args = vec!["components", "parts.png", "--json"];
        args.extend_from_slice(extra);
        run_json(&dir, &args)
    };
    let v = with(&["--four", "--largest-first"]);
    assert_eq!(v.field("connectivity").int(), 4);
    assert_eq!(v.field("order").str(), "largest_first");
    assert_eq!(
        parts(&v),
        [
            (3, Bounds2D::new(3, 2, 3, 1)),
            (1, Bounds2D::new(0, 0, 1, 1)),
            (1, Bounds2D::new(1, 1, 1, 1))
        ]
    );
    let v = with(&["--four", "--min-pixels", "2"]);
    assert_eq!(parts(&v), [(3, Bounds2D::new(3, 2, 3, 1))]);
    assert_eq!(
        v.field("centroid").point(),
        Some(Point { x: 2, y: 1 }),
        "of every solid pixel"
    );
    // The table.
    let out = ok(&run(&dir, &["components", "parts.png", "--four"]));
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip_while(|l| !l.trim_start().starts_with('#'))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            ["1", "1", "0", "0", "1", "1"],
            ["2", "1", "1", "1", "1", "1"],
            ["3", "3", "3", "2", "3", "1"]
        ]
    );
    assert!(
        out.starts_with("parts.png: 6x3 pixels, 5 solid (alpha >= 1); 4-connected"),
        "{out}"
    );
    assert!(out.contains("\ncentroid (2, 1), angle "), "{out}");
    assert!(out.ends_with("\n3 components\n"), "{out}");
    // Nothing solid: no centroid or angle.
    write_png(&dir.join("empty.png"), 3, 3, |_, _| 0);
    let v = run_json(&dir, &["components", "empty.png", "--json"]);
    assert!(v.field("centroid").is_null() && v.field("angle").is_null());
    assert_eq!(v.field("count").int(), 0);
    assert!(ok(&run(&dir, &["components", "empty.png"])).ends_with("\n0 components\n"));
    // The sample sprites: the library's components.
    let sprites = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites");
    for name in ["terrain.png", "ring.png", "ship.png"] {
        let path = sprites.join(name);
        let mask = load(&path, 1, false);
        let v = run_json(
            &dir,
            &["components", path.to_str().unwrap(), "--json", "--four"],
        );
        let labels = mask
            .component_labels(&ComponentOptions {
                connectivity: Connectivity::Four,
                order: ComponentOrder::Position,
                min_pixels: 0,
            })
            .unwrap();
        let expected: Vec<(i64, Bounds2D)> = labels
            .counts
            .iter()
            .zip(&labels.bounds)
            .map(|(&n, &b)| (n as i64, b))
            .collect();
        assert_eq!(parts(&v), expected, "{name}");
        let (cx, cy) = mask.centroid();
        assert_eq!(
            v.field("centroid").point(),
            Some(Point {
                x: cx.into(),
                y: cy.into()
            })
        );
    }
}

#[test]
fn shape_commands_report_bad_input_and_usage_errors() {
    let dir = scratch("shape_errors");
    holed_square(&dir);
    for args in [
        &["polygons", "missing.png", "--json"][..],
        &["outline", "missing.png"][..],
        &["components", "missing.png"][..],
    ] {
        fails(&run(&dir, args), &["missing.png", "No such file"]);
    }
    for (args, needles) in [
        (
            &["polygons", "holed.png", "--json", "--epsilon", "-1"][..],
            &["bad epsilon '-1'", "negative"][..],
        ),
        (
            &["polygons", "holed.png", "--json", "--epsilon", "nan"],
            &["bad epsilon 'nan'", "finite"],
        ),
        (
            &["polygons", "holed.png", "--svg", "--epsilon", "x"],
            &["bad epsilon 'x'"],
        ),
        (
            &["polygons", "holed.png", "--json", "--max-vertices", "2"],
            &["bad max-vertices '2'", "at least 3"],
        ),
        (
            &["polygons", "holed.png", "--json", "--threshold", "256"],
            &["bad threshold '256'"],
        ),
        (
            &["polygons", "holed.png", "--svg", "-o", "no/such/dir/x.svg"],
            &["cannot write", "no/such/dir/x.svg"],
        ),
        (
            &["outline", "holed.png", "--every", "0"],
            &["bad every '0'", "at least 1"],
        ),
        (
            &["outline", "holed.png", "--every", "-2"],
            &["bad every '-2'"],
        ),
        (
            &["components", "holed.png", "--min-pixels", "lots"],
            &["bad min-pixels 'lots'"],
        ),
        (
            &["components", "holed.png", "--threshold", "-1"],
            &["bad threshold '-1'"],
        ),
    ] {
        fails(&run(&dir, args), needles);
    }
    // Neither or both of --json and --svg, and unknown flags: usage errors.
    for args in [
        &["polygons", "holed.png"][..],
        &["polygons", "holed.png", "--json", "--svg"][..],
        &["polygons", "--json"][..],
        &["outline", "holed.png", "--svg"][..],
        &["components", "holed.png", "--eight"][..],
    ] {
        let o = run(&dir, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("Usage"), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty());
    }
    // The help names the commands and their JSON keys.
    let help = ok(&run(&dir, &["--help"]));
    for needle in ["polygons", "outline", "components"] {
        assert!(help.contains(needle), "{needle:?} not in --help");
    }
    let help = ok(&run(&dir, &["polygons", "--help"]));
    for needle in [
        "--epsilon",
        "--max-vertices",
        "--holes",
        "--no-holes",
        "--y-flip",
        "--threshold",
        "--json",
        "--svg",
        "evenodd",
        "hole_vertices",
        "pixel-corner",
    ] {
        assert!(help.contains(needle), "{needle:?} not in polygons --help");
    }
    let help = ok(&run(&dir, &["outline", "--help"]));
    assert!(
        help.contains("pygame") && help.contains("--every"),
        "{help}"
    );
    let help = ok(&run(&dir, &["components", "--help"]));
    for needle in ["--four", "--largest-first", "--min-pixels", "centroid"] {
        assert!(help.contains(needle), "{needle:?} not in components --help");
    }
}
