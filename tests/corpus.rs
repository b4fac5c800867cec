//! Issue 31.1: the conformance corpus (`tests/corpus/corpus.txt`, format in
//! `tests/corpus/FORMAT.md`).
//!
//! * `corpus_is_fresh`: the generator (`tests/corpus/generate.rs`, answers from the
//!   oracles of `perpixel::reference`) run in memory must write exactly the committed
//!   file; `PERPIXEL_REFRESH_CORPUS=1 cargo test --test corpus` rewrites it.
//! * `rust_replays_the_corpus`: every case replayed through the Rust public API
//!   (`Sprite`, `TransformedSprite`, `Mask::rasterise`...; cases with a NULL mask, a
//!   negative scale factor or pixel coordinate, which Rust cannot express, through the C
//!   ABI's exports in `perpixel::ffi`), its answer
//!   written as the corpus writes it and compared bit for bit (floats as their bits).
//!   It prints how many cases of each kind it ran.
//!
//! The C, C++ and C# replayers are driven from `tests/c_abi.rs` and `tests/csharp.rs`.

mod common;
#[path = "corpus/generate.rs"]
mod generate;
#[path = "corpus/text.rs"]
mod text;
#[path = "corpus/world_kinds_replay.rs"]
mod world_kinds_replay;

use perpixel::ffi::*;
use perpixel::{
    BodyDef, BodyId, BodyKind, Bounds2D, Filter, Mask, Pair, Sprite, TransformedSprite, World,
};
use std::collections::{BTreeMap, HashMap};
use std::ptr::{null, null_mut};

const CORPUS: &str = "tests/corpus/corpus.txt";

fn corpus_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS)
}

#[test]
fn corpus_is_fresh() {
    let fresh = generate::generate();
    common::check_generated(
        CORPUS,
        &fresh,
        "PERPIXEL_REFRESH_CORPUS",
        "PERPIXEL_REFRESH_CORPUS=1 cargo test --test corpus",
    );
    println!("{CORPUS}: fresh, {} bytes", fresh.len());
}

/// The declared masks, by id.
type Masks = HashMap<String, Mask>;

fn sprite<'m>(masks: &'m Masks, t: &mut std::str::SplitWhitespace) -> Option<Sprite<'m>> {
    let id = t.next().unwrap();
    let x: i32 = t.next().unwrap().parse().unwrap();
    let y: i32 = t.next().unwrap().parse().unwrap();
    let pixels = t.next().unwrap() == "1";
    let m = if id == "null" {
        return None;
    } else {
        &masks[id]
    };
    Some(if pixels {
        Sprite::new(m, x, y)
    } else {
        Sprite::bounds_only(m, x, y)
    })
}

fn int<T: std::str::FromStr>(t: &mut std::str::SplitWhitespace) -> T
where
    T::Err: std::fmt::Debug,
{
    t.next().expect("an integer").parse().unwrap()
}

/// The Rust API's answer to one case, written as the corpus writes it; `None` when a
/// mask is NULL (replayed through the C ABI instead).
fn answer(masks: &Masks, kind: &str, inputs: &str) -> Option<String> {
    let t = &mut inputs.split_whitespace();
    Some(match kind {
        "collides" | "first_contact" | "overlap_area" | "overlap_mask" => {
            let a = sprite(masks, t);
            let (a, b) = (a?, sprite(masks, t)?);
            match kind {
                "collides" => text::bool(a.collides(&b)),
                "first_contact" => text::point(a.first_contact(&b)),
                "overlap_area" => a.overlap_area(&b).to_string(),
                _ => text::overlap(a.overlap_mask(&b).as_ref()),
            }
        }
        "mask_collides" | "mask_first_contact" | "mask_overlap_area" | "mask_overlap_mask" => {
            let (a, b) = (&masks[t.next().unwrap()], masks.get(t.next().unwrap())?);
            let offset = (int(t), int(t));
            match kind {
                "mask_collides" => text::bool(a.collides(b, offset)),
                "mask_first_contact" => text::point(a.first_contact(b, offset)),
                "mask_overlap_area" => a.overlap_area(b, offset).to_string(),
                _ => text::overlap(a.overlap_mask(b, offset).as_ref()),
            }
        }
        "sweep" => {
            let a = sprite(masks, t);
            let (a, b) = (a?, sprite(masks, t)?);
            match a.sweep(&b, int(t), int(t)) {
                Ok(s) => text::sweep(&s),
                Err(e) => text::error(&e),
            }
        }
        "contact_normal" => {
            let a = sprite(masks, t);
            let (a, b) = (a?, sprite(masks, t)?);
            text::normal_or_none(a.contact_normal(&b))
        }
        "push_out" => {
            let a = sprite(masks, t);
            let (a, b) = (a?, sprite(masks, t)?);
            let kind = t.next().unwrap();
            let d = text::parse_direction(kind, int(t), int(t));
            match a.push_out(&b, d, int(t)) {
                Ok(None) => "none".to_string(),
                Ok(Some(p)) => format!("{} {}", p.dx, p.dy),
                Err(e) => text::error(&e),
            }
        }
        "move_and_slide" => {
            let mover = sprite(masks, t);
            let n: usize = int(t);
            let obstacles: Vec<Option<Sprite>> = (0..n).map(|_| sprite(masks, t)).collect();
            let (mover, obstacles) = (mover?, obstacles.into_iter().collect::<Option<Vec<_>>>()?);
            let (dx, dy) = (int(t), int(t));
            let options = perpixel::MoveOptions {
                step_up: int(t),
                up: int(t),
            };
            match mover.move_and_slide(&obstacles, dx, dy, &options) {
                Ok(m) => text::moved(&m),
                Err(e) => text::error(&e),
            }
        }
        "raycast" => {
            let s = sprite(masks, t)?;
            match s.raycast(int(t), int(t), int(t), int(t), int(t)) {
                Ok(None) => "none".to_string(),
                Ok(Some(h)) => text::ray_hit(&h),
                Err(e) => text::error(&e),
            }
        }
        "rasterise" => {
            let id = t.next().unwrap();
            let tr = text::parse_transform(t);
            let bounds_only = t.next().unwrap() == "1";
            let m = masks.get(id)?;
            let r = if bounds_only {
                m.rasterise_bounds_only(&tr)
            } else {
                m.rasterise(&tr)
            };
            match r {
                Ok(r) => format!("{} {} {}", r.x, r.y, text::mask_text(&r.mask)),
                Err(e) => text::error(&e),
            }
        }
        "transformed_collides" | "transformed_first_contact" | "transformed_overlap_area" => {
            let ida = t.next().unwrap();
            let ta = text::parse_transform(t);
            let idb = t.next().unwrap();
            let tb = text::parse_transform(t);
            let (ma, mb) = (masks.get(ida)?, masks.get(idb)?);
            let both = TransformedSprite::new(ma, &ta)
                .and_then(|a| Ok((a, TransformedSprite::new(mb, &tb)?)));
            match both {
                Err(e) => text::error(&e),
                Ok((a, b)) => match kind {
                    "transformed_collides" => text::bool(a.collides(&b)),
                    "transformed_first_contact" => text::point(a.first_contact(&b)),
                    _ => a.overlap_area(&b).to_string(),
                },
            }
        }
        "centroid" | "angle" | "component_bounds" | "largest_component" | "grow" | "shrink"
        | "scale" | "convolve" => shape_answer(masks, kind, t),
        "flip" | "rotate_quarter" | "transpose" | "scale_integer" | "set_pixel" | "fill_rect"
        | "fill_circle" | "fill_ellipse" | "draw_line" | "draw" | "erase" | "intersect" | "xor"
        | "invert" | "count" | "solid_bounds" | "mask_hash" | "component_at" => {
            return reshape_edit_answer(masks, kind, t);
        }
        "polygons" => polygons_answer(masks, t),
        "crop" | "component_counts" | "component_labels" => crop_label_answer(masks, kind, t),
        "from_pixels" | "from_color_range" => pixels_answer(kind, t),
        "outline" => {
            let m = &masks[t.next().unwrap()];
            match m.outline(int(t)) {
                Ok(path) => {
                    let mut out = path.len().to_string();
                    for [x, y] in path {
                        out += &format!(" {x} {y}");
                    }
                    out
                }
                Err(e) => text::error(&e),
            }
        }
        "normal_degrees" => {
            let x = text::parse_float(t.next().unwrap());
            let y = text::parse_float(t.next().unwrap());
            text::float(perpixel::Normal { x, y }.degrees())
        }
        other => panic!("unknown case kind {other:?}"),
    })
}

/// A shape tool's answer through the Rust `Mask` methods.
fn shape_answer(masks: &Masks, kind: &str, t: &mut std::str::SplitWhitespace) -> String {
    let m = &masks[t.next().unwrap()];
    let mask = |r: perpixel::Result<Mask>| match r {
        Ok(m) => text::mask_text(&m),
        Err(e) => text::error(&e),
    };
    match kind {
        "centroid" => {
            let (x, y) = m.centroid();
            format!("{x} {y}")
        }
        "angle" => text::float(m.angle()),
        "component_bounds" => {
            let options = perpixel::ComponentOptions {
                connectivity: text::parse_connectivity(t.next().unwrap()),
                order: text::parse_order(t.next().unwrap()),
                min_pixels: int(t),
            };
            match m.component_bounds(&options) {
                Ok(list) => {
                    let mut out = list.len().to_string();
                    for b in list {
                        out += &format!(" {} {} {} {}", b.x, b.y, b.width, b.height);
                    }
                    out
                }
                Err(e) => text::error(&e),
            }
        }
        "largest_component" => {
            mask(m.largest_component(text::parse_connectivity(t.next().unwrap())))
        }
        "grow" | "shrink" => {
            let n: u32 = int(t);
            let options = text::parse_morph(t.next().unwrap(), t.next().unwrap());
            mask(if kind == "grow" {
                m.grow(n, &options)
            } else {
                m.shrink(n, &options)
            })
        }
        "scale" => mask(m.scale(int(t), int(t))),
        _ => mask(m.convolve(&masks[t.next().unwrap()])),
    }
}

/// A reshape, edit (on a clone of the declared mask), count, solid bounds, hash or
/// component through the Rust `Mask` methods; `None` for what Rust cannot express (a
/// NULL mask, a negative factor or coordinate), replayed through the C ABI instead.
fn reshape_edit_answer(
    masks: &Masks,
    kind: &str,
    t: &mut std::str::SplitWhitespace,
) -> Option<String> {
    let m = &masks[t.next().unwrap()];
    let mask = |r: perpixel::Result<Mask>| match r {
        Ok(m) => text::mask_text(&m),
        Err(e) => text::error(&e),
    };
    let rect = |t: &mut std::str::SplitWhitespace| Bounds2D::new(int(t), int(t), int(t), int(t));
    let flag = |t: &mut std::str::SplitWhitespace| t.next().unwrap() == "1";
    let mut e = m.clone();
    let edited = match kind {
        "flip" => {
            let (fx, fy) = (flag(t), flag(t));
            let r = Ok(m.clone());
            let r = if fx { r.and_then(|m| m.flip_x()) } else { r };
            return Some(mask(if fy { r.and_then(|m| m.flip_y()) } else { r }));
        }
        "rotate_quarter" => return Some(mask(m.rotate_quarter(int(t)))),
        "transpose" => return Some(mask(m.transpose())),
        "scale_integer" => {
            let (sx, sy): (i64, i64) = (int(t), int(t));
            let (sx, sy) = (u32::try_from(sx).ok()?, u32::try_from(sy).ok()?);
            return Some(mask(m.scale_integer(sx, sy)));
        }
        "count" => return Some(m.count().to_string()),
        "solid_bounds" => {
            return Some(m.solid_bounds().map_or("none".to_string(), |b| {
                format!("{} {} {} {}", b.x, b.y, b.width, b.height)
            }));
        }
        "mask_hash" => return Some(format!("{:016x}", m.state_hash())),
        "component_at" => {
            let (x, y): (i64, i64) = (int(t), int(t));
            let c = text::parse_connectivity(t.next().unwrap());
            let (x, y) = (u32::try_from(x).ok()?, u32::try_from(y).ok()?);
            return Some(mask(m.component_at(x, y, c)));
        }
        "set_pixel" => e.set_pixel(int(t), int(t), flag(t)),
        "fill_rect" => e.fill_rect(rect(t), flag(t)),
        "fill_circle" => e.fill_circle(int(t), int(t), int(t), flag(t)),
        "fill_ellipse" => e.fill_ellipse(rect(t), flag(t)),
        "draw_line" => e.draw_line(int(t), int(t), int(t), int(t), int(t), flag(t)),
        "invert" => e.invert(),
        _ => {
            let other = masks.get(t.next().unwrap())?;
            let (x, y) = (int(t), int(t));
            match kind {
                "draw" => e.draw(other, x, y),
                "erase" => e.erase(other, x, y),
                "intersect" => e.intersect(other, x, y),
                _ => e.xor(other, x, y),
            }
        }
    };
    Some(match edited {
        Ok(()) => text::mask_text(&e),
        Err(err) => text::error(&err),
    })
}

/// A mask's exact rings through `Mask::polygons`: `<polygons> <rings>`, then each ring
/// `<n> x y ...`, the rings sorted as the corpus sorts them (tests/corpus/FORMAT.md).
fn polygons_answer(masks: &Masks, t: &mut std::str::SplitWhitespace) -> String {
    let m = &masks[t.next().unwrap()];
    let options = perpixel::PolygonOptions {
        epsilon: text::parse_float(t.next().unwrap()),
        ..Default::default()
    };
    let polys = match m.polygons(&options) {
        Ok(p) => p,
        Err(e) => return text::error(&e),
    };
    let mut rings: Vec<&[perpixel::Vertex]> = polys.iter().flat_map(|p| p.rings()).collect();
    rings.sort_by_key(|r| r.iter().map(|v| (v[1], v[0])).collect::<Vec<_>>());
    let mut out = format!("{} {}", polys.len(), rings.len());
    for r in rings {
        out += &format!(" {}", r.len());
        for v in r {
            out += &format!(" {} {}", v[0], v[1]);
        }
    }
    out
}

/// `crop`, `component_counts`, `component_labels` through the Rust `Mask` methods.
fn crop_label_answer(masks: &Masks, kind: &str, t: &mut std::str::SplitWhitespace) -> String {
    let m = &masks[t.next().unwrap()];
    if kind == "crop" {
        let region = Bounds2D::new(int(t), int(t), int(t), int(t));
        return match m.crop(region) {
            Ok(c) => text::mask_text(&c),
            Err(e) => text::error(&e),
        };
    }
    let options = perpixel::ComponentOptions {
        connectivity: text::parse_connectivity(t.next().unwrap()),
        order: text::parse_order(t.next().unwrap()),
        min_pixels: int(t),
    };
    let labels = match m.component_labels(&options) {
        Ok(l) => l,
        Err(e) => return text::error(&e),
    };
    let mut out = labels.counts.len().to_string();
    if kind == "component_counts" {
        for c in &labels.counts {
            out += &format!(" {c}");
        }
    } else {
        for l in &labels.labels {
            out += &format!(" {l}");
        }
    }
    out
}

/// `from_pixels` and `from_color_range` through `Mask::from_pixels` and
/// `Mask::from_color_range`.
fn pixels_answer(kind: &str, t: &mut std::str::SplitWhitespace) -> String {
    let format = match t.next().unwrap() {
        "rgba8" => perpixel::PixelFormat::Rgba8,
        "bgra8" => perpixel::PixelFormat::Bgra8,
        "argb8" => perpixel::PixelFormat::Argb8,
        "abgr8" => perpixel::PixelFormat::Abgr8,
        "a8" => perpixel::PixelFormat::A8,
        other => panic!("unknown pixel format {other:?}"),
    };
    let (width, height, stride): (u32, u32, usize) = (int(t), int(t), int(t));
    let mut byte = || -> u8 { int(t) };
    let result = if kind == "from_pixels" {
        let threshold = byte();
        let (flip_x, flip_y) = (byte() == 1, byte() == 1);
        let has_key = byte() == 1;
        let key = [byte(), byte(), byte()];
        let has_region = t.next().unwrap() == "1";
        let region = Bounds2D::new(int(t), int(t), int(t), int(t));
        let options = perpixel::MaskOptions {
            threshold,
            color_key: has_key.then_some(key),
            flip_x,
            flip_y,
            region: has_region.then_some(region),
        };
        let data = text::parse_bytes(t.next().unwrap());
        Mask::from_pixels(&data, format, width, height, stride, &options)
    } else {
        let min = [byte(), byte(), byte(), byte()];
        let max = [byte(), byte(), byte(), byte()];
        let data = text::parse_bytes(t.next().unwrap());
        let range = perpixel::ColorRange { min, max };
        Mask::from_color_range(&data, format, width, height, stride, range)
    };
    match result {
        Ok(m) => text::mask_text(&m),
        Err(e) => text::error(&e),
    }
}

/// The worlds of the world sequences, by name, and the bodies by label.
#[derive(Default)]
struct Worlds {
    worlds: HashMap<String, World>,
    labels: Vec<(String, BodyId)>,
}

impl Worlds {
    fn id(&self, label: &str) -> BodyId {
        self.labels
            .iter()
            .find(|l| l.0 == label)
            .expect("a created body")
            .1
    }

    fn label(&self, id: BodyId) -> &str {
        &self
            .labels
            .iter()
            .find(|l| l.1 == id)
            .expect("a labelled body")
            .0
    }

    fn pairs(&self, list: &[Pair]) -> String {
        let mut out = list.len().to_string();
        for p in list {
            out += &format!(" {} {}", self.label(p.a), self.label(p.b));
        }
        out
    }
}

/// A world case through the Rust `World`.
fn world_answer(masks: &Masks, state: &mut Worlds, kind: &str, inputs: &str) -> String {
    let t = &mut inputs.split_whitespace();
    let name = t.next().unwrap().to_string();
    if kind == "world_new" {
        state.worlds.insert(name, World::new());
        return "ok".to_string();
    }
    let status = |r: perpixel::Result<()>| match r {
        Ok(()) => "ok".to_string(),
        Err(e) => text::error(&e),
    };
    match kind {
        "world_create" => {
            let label = t.next().unwrap().to_string();
            let m = &masks[t.next().unwrap()];
            let mut def = BodyDef::new(m, int(t), int(t));
            def.pixel_collision = t.next().unwrap() == "1";
            def.kind = if t.next().unwrap() == "1" {
                BodyKind::Static
            } else {
                BodyKind::Moving
            };
            def.filter = Filter {
                category: int(t),
                mask: int(t),
                group: int(t),
            };
            match state.worlds.get_mut(&name).unwrap().create_body(def) {
                Ok(id) => {
                    state.labels.push((label, id));
                    "ok".to_string()
                }
                Err(e) => text::error(&e),
            }
        }
        "world_move" => {
            let id = state.id(t.next().unwrap());
            status(
                state
                    .worlds
                    .get_mut(&name)
                    .unwrap()
                    .move_body(id, int(t), int(t)),
            )
        }
        "world_destroy" => {
            let id = state.id(t.next().unwrap());
            status(state.worlds.get_mut(&name).unwrap().destroy_body(id))
        }
        "world_set_mask" => {
            let id = state.id(t.next().unwrap());
            let m = &masks[t.next().unwrap()];
            status(state.worlds.get_mut(&name).unwrap().set_mask(id, m))
        }
        "world_update" => {
            let w = state.worlds.get_mut(&name).unwrap();
            if let Err(e) = w.update() {
                return text::error(&e);
            }
            let w = &state.worlds[&name];
            format!(
                "pairs {} begins {} ends {}",
                state.pairs(w.touching()),
                state.pairs(w.begin_events()),
                state.pairs(w.end_events())
            )
        }
        "world_in_rect" => {
            let rect = Bounds2D::new(int(t), int(t), int(t), int(t));
            let filter = Filter {
                category: int(t),
                mask: int(t),
                group: int(t),
            };
            let found = state.worlds[&name].in_rect(rect, &filter);
            let mut out = found.len().to_string();
            for id in found {
                out += &format!(" {}", state.label(id));
            }
            out
        }
        "world_hash" => format!("{:016x}", state.worlds[&name].state_hash()),
        other => world_kinds_replay::answer(masks, state, &name, other, t),
    }
}

/// A C ABI handle of every declared mask, for the NULL cases.
struct Handles(HashMap<String, *mut pp_mask>);

impl Handles {
    fn new(masks: &Masks) -> Handles {
        let mut out = HashMap::new();
        for (id, m) in masks {
            let mut h = null_mut();
            // SAFETY: valid out-pointer; the handle is freed in Drop.
            let s = unsafe { pp_mask_new(m.width() as i32, m.height() as i32, 0, &mut h) };
            assert_eq!(s, pp_status::PP_OK);
            for y in 0..m.height() {
                for x in 0..m.width() {
                    if m.is_solid(x, y) {
                        // SAFETY: a live handle we own alone.
                        let s = unsafe { pp_mask_set_pixel(h, x as i32, y as i32, 1) };
                        assert_eq!(s, pp_status::PP_OK);
                    }
                }
            }
            out.insert(id.clone(), h);
        }
        Handles(out)
    }

    fn get(&self, id: &str) -> *const pp_mask {
        if id == "null" { null() } else { self.0[id] }
    }

    fn sprite(&self, t: &mut std::str::SplitWhitespace) -> pp_sprite {
        let mask = self.get(t.next().unwrap());
        pp_sprite {
            mask,
            x: int(t),
            y: int(t),
            pixel_collision: int(t),
        }
    }

    fn transform(&self, t: &mut std::str::SplitWhitespace) -> pp_transform {
        let tr = text::parse_transform(t);
        let mut c = pp_transform_default();
        (c.x, c.y, c.rotation_degrees, c.scale_x, c.scale_y) =
            (tr.x, tr.y, tr.rotation_degrees, tr.scale_x, tr.scale_y);
        (c.flip_x, c.flip_y) = (tr.flip_x as u8, tr.flip_y as u8);
        if let Some((px, py)) = tr.pivot {
            (c.has_pivot, c.pivot_x, c.pivot_y) = (1, px, py);
        }
        c
    }
}

impl Drop for Handles {
    fn drop(&mut self) {
        for &h in self.0.values() {
            // SAFETY: handles made by `new`, freed once.
            unsafe { pp_mask_free(h) };
        }
    }
}

/// A case with a NULL mask through the C ABI: `error <status>` (or what it answered).
fn answer_through_c(handles: &Handles, kind: &str, inputs: &str) -> String {
    let t = &mut inputs.split_whitespace();
    // SAFETY: every pointer below is NULL, a live handle or a local value.
    let status = unsafe {
        match kind {
            "collides" | "first_contact" | "overlap_area" | "overlap_mask" | "sweep"
            | "contact_normal" | "push_out" => {
                let (a, b) = (handles.sprite(t), handles.sprite(t));
                let (mut flag, mut point, mut area) = (0u8, pp_point { x: 0, y: 0 }, 0u64);
                let mut bounds = std::mem::zeroed::<pp_bounds>();
                let mut m = null_mut();
                match kind {
                    "collides" => pp_collides(&a, &b, &mut flag),
                    "first_contact" => pp_first_contact(&a, &b, &mut flag, &mut point),
                    "overlap_area" => pp_overlap_area(&a, &b, &mut area),
                    "overlap_mask" => pp_overlap_mask(&a, &b, &mut m, &mut bounds),
                    "sweep" => {
                        let mut out = std::mem::zeroed();
                        pp_sweep(&a, &b, int(t), int(t), &mut out)
                    }
                    "contact_normal" => {
                        let mut n = std::mem::zeroed();
                        pp_contact_normal(&a, &b, &mut flag, &mut n)
                    }
                    _ => {
                        let mut o = pp_push_options_default();
                        o.direction = match t.next().unwrap() {
                            "any" => PP_PUSH_ANY,
                            "horizontal" => PP_PUSH_HORIZONTAL,
                            "vertical" => PP_PUSH_VERTICAL,
                            _ => PP_PUSH_ALONG,
                        };
                        (o.along_x, o.along_y, o.max_distance) = (int(t), int(t), int(t));
                        let mut off = std::mem::zeroed();
                        pp_push_out(&a, &b, &o, &mut flag, &mut off)
                    }
                }
            }
            "move_and_slide" => {
                let mover = handles.sprite(t);
                let n: usize = int(t);
                let obstacles: Vec<pp_sprite> = (0..n).map(|_| handles.sprite(t)).collect();
                let (dx, dy) = (int(t), int(t));
                let mut o = pp_move_options_default();
                (o.step_up, o.up) = (int(t), int(t));
                let mut out = std::mem::zeroed();
                pp_move_and_slide(&mover, obstacles.as_ptr(), n, dx, dy, &o, &mut out)
            }
            "mask_collides" | "mask_first_contact" | "mask_overlap_area" | "mask_overlap_mask" => {
                let (a, b) = (
                    handles.get(t.next().unwrap()),
                    handles.get(t.next().unwrap()),
                );
                let (dx, dy) = (int(t), int(t));
                let (mut flag, mut point, mut area) = (0u8, pp_point { x: 0, y: 0 }, 0u64);
                let (mut m, mut bounds) = (null_mut(), std::mem::zeroed::<pp_bounds>());
                match kind {
                    "mask_collides" => pp_mask_collides(a, b, dx, dy, &mut flag),
                    "mask_first_contact" => {
                        pp_mask_first_contact(a, b, dx, dy, &mut flag, &mut point)
                    }
                    "mask_overlap_area" => pp_mask_overlap_area(a, b, dx, dy, &mut area),
                    _ => pp_mask_overlap_mask(a, b, dx, dy, &mut m, &mut bounds),
                }
            }
            "raycast" => {
                let s = handles.sprite(t);
                let (mut found, mut hit) = (0u8, std::mem::zeroed());
                pp_raycast(
                    &s,
                    int(t),
                    int(t),
                    int(t),
                    int(t),
                    int(t),
                    &mut found,
                    &mut hit,
                )
            }
            "rasterise" => {
                let m = handles.get(t.next().unwrap());
                let tr = handles.transform(t);
                let (mut out, mut x, mut y) = (null_mut(), 0, 0);
                pp_mask_rasterise(m, &tr, int(t), &mut out, &mut x, &mut y)
            }
            "scale_integer" | "component_at" | "draw" | "erase" | "intersect" | "xor" => {
                let m = handles.get(t.next().unwrap());
                let mut out = null_mut();
                let s = match kind {
                    "scale_integer" => pp_mask_scale_integer(m, int(t), int(t), &mut out),
                    "component_at" => {
                        let (x, y) = (int(t), int(t));
                        let c = match t.next().unwrap() {
                            "4" => PP_CONNECTIVITY_4,
                            _ => PP_CONNECTIVITY_8,
                        };
                        pp_mask_component_at(m, x, y, c, &mut out)
                    }
                    _ => {
                        // The edit on a copy, as every door makes it.
                        let other = handles.get(t.next().unwrap());
                        let (x, y) = (int(t), int(t));
                        let s = pp_mask_copy(m, &mut out);
                        assert_eq!(s, pp_status::PP_OK);
                        let s = match kind {
                            "draw" => pp_mask_draw(out, other, x, y),
                            "erase" => pp_mask_erase(out, other, x, y),
                            "intersect" => pp_mask_intersect(out, other, x, y),
                            _ => pp_mask_xor(out, other, x, y),
                        };
                        pp_mask_free(out);
                        out = null_mut();
                        s
                    }
                };
                pp_mask_free(out);
                s
            }
            _ => {
                let a = handles.get(t.next().unwrap());
                let ta = handles.transform(t);
                let b = handles.get(t.next().unwrap());
                let tb = handles.transform(t);
                let (mut flag, mut point, mut area) = (0u8, pp_point { x: 0, y: 0 }, 0u64);
                match kind {
                    "transformed_collides" => pp_transformed_collides(a, &ta, b, &tb, &mut flag),
                    "transformed_first_contact" => {
                        pp_transformed_first_contact(a, &ta, b, &tb, &mut flag, &mut point)
                    }
                    _ => pp_transformed_overlap_area(a, &ta, b, &tb, &mut area),
                }
            }
        }
    };
    assert_ne!(
        status,
        pp_status::PP_OK,
        "{kind} {inputs}: a NULL mask answered"
    );
    format!("error {status:?}")
}

/// The corpus through the Rust public API on every SIMD path this CPU has (portable,
/// AVX2, AVX-512 on x86-64; the portable path, NEON-vectorised, on aarch64), each path
/// forced for the whole replay: every path must give every answer bit for bit.
#[test]
fn rust_replays_the_corpus() {
    for path in perpixel::kernels::available_paths() {
        println!("-- kernel path {path:?}");
        perpixel::kernels::with_path(path, replay);
    }
}

fn replay() {
    let corpus = std::fs::read_to_string(corpus_path()).expect("the committed corpus");
    let mut lines = corpus.lines();
    assert_eq!(
        lines.next(),
        Some(text::VERSION_LINE),
        "the corpus's version line"
    );
    let mut masks = Masks::new();
    let mut cases: Vec<(&str, &str, &str, usize)> = Vec::new();
    for (n, line) in lines.enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("mask ") {
            let mut t = rest.split_whitespace();
            let id = t.next().unwrap().to_string();
            let m = text::parse_mask(&mut t);
            assert!(t.next().is_none(), "line {}: extra tokens", n + 2);
            masks.insert(id, m);
            continue;
        }
        let (lhs, expected) = line.split_once(" -> ").expect("a case has ' -> '");
        let (kind, inputs) = lhs.split_once(' ').expect("a case has inputs");
        cases.push((kind, inputs, expected, n + 2));
    }
    let handles = Handles::new(&masks);
    let mut worlds = Worlds::default();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for &(kind, inputs, expected, line) in &cases {
        let got = if kind.starts_with("world_") {
            world_answer(&masks, &mut worlds, kind, inputs)
        } else {
            answer(&masks, kind, inputs).unwrap_or_else(|| answer_through_c(&handles, kind, inputs))
        };
        if got != expected {
            failures.push(format!(
                "line {line}: {kind} {inputs}\n  expected: {expected}\n  got:      {got}"
            ));
        }
        *counts.entry(kind).or_default() += 1;
    }
    for (kind, n) in &counts {
        println!("{kind}: {n} cases");
    }
    println!("{} masks, {} cases in all", masks.len(), cases.len());
    assert!(
        failures.is_empty(),
        "{} of {} corpus cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
