//! Issue 30.3: every status a function returns is in its docs.
//!
//! The statement is machine-readable: every export of `include/perpixel.h` that returns a
//! `pp_status` carries one line `Statuses: `PP_OK`, `PP_ERR_...`, ....` in its doc
//! comment (written in `src/ffi`, the header is generated from it), listing every status
//! it can return but `PP_ERR_PANIC` (a bug caught at the boundary, possible anywhere).
//! This test
//!
//! * reads those lines from the header: every status-returning function has exactly one,
//!   listing `PP_OK` and only statuses of `pp_status`; no other function has one;
//! * drives every status-returning function with hostile input (NULLs, zeroed option
//!   structs, stale ids and ids of another world, huge sizes, positions at 2^31, NaN,
//!   buffers one element short, the size limit set low, corrupt bytes, missing files) and
//!   with good input, and checks that each status a call returns is in its line, and that
//!   every function was driven;
//! * reads `src/ffi`: every `PP_ERR_*` a function's body names is in its line.

use perpixel::ffi::*;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::ptr::{null, null_mut};

const HEADER: &str = include_str!("../include/perpixel.h");

/// The header's `pp_status` names by number.
fn status_names() -> BTreeMap<u32, String> {
    let start = HEADER.find("typedef enum {").expect("the pp_status enum");
    let end = start + HEADER[start..].find("} pp_status;").expect("its end");
    let mut names = BTreeMap::new();
    for line in HEADER[start..end].lines() {
        let line = line.trim().trim_end_matches(',');
        if let Some((name, value)) = line.split_once(" = ")
            && name.starts_with("PP_")
        {
            names.insert(value.parse().unwrap(), name.to_string());
        }
    }
    names
}

/// Every function declared in the header: name, whether it returns `pp_status`, and its
/// documented statuses (None when its doc has no `Statuses:` line).
fn declared() -> Vec<(String, bool, Option<BTreeSet<String>>)> {
    let mut out = Vec::new();
    for chunk in HEADER.split("/**").skip(1) {
        let Some((doc, code)) = chunk.split_once("*/") else {
            continue;
        };
        let code = code.trim_start();
        let Some(paren) = code.find('(') else {
            continue;
        };
        let head = &code[..paren];
        // A declaration: `ret pp_name(` before any `;` or `{`.
        if head.contains(';') || head.contains('{') || head.contains('#') {
            continue;
        }
        let Some(name) = head.split_whitespace().last() else {
            continue;
        };
        let name = name.trim_start_matches('*');
        if !name.starts_with("pp_") {
            continue;
        }
        let returns_status = head.trim_start().starts_with("pp_status ");
        let text: String = doc
            .lines()
            .map(|l| l.trim().trim_start_matches('*').trim())
            .collect::<Vec<_>>()
            .join(" ");
        let lines: Vec<&str> = text.matches("Statuses:").collect();
        assert!(lines.len() <= 1, "{name}: more than one Statuses: line");
        let listed = text.split_once("Statuses:").map(|(_, rest)| {
            let list = rest
                .split_once('.')
                .expect("a Statuses: line ends with '.'")
                .0;
            list.split(',')
                .map(|s| s.trim().trim_matches('`').to_string())
                .collect::<BTreeSet<String>>()
        });
        out.push((name.to_string(), returns_status, listed));
    }
    out
}

thread_local! {
    static SEEN: RefCell<BTreeMap<&'static str, BTreeMap<u32, usize>>> = RefCell::default();
}

fn record(name: &'static str, s: pp_status) -> pp_status {
    SEEN.with(|seen| {
        *seen
            .borrow_mut()
            .entry(name)
            .or_default()
            .entry(s as u32)
            .or_default() += 1
    });
    s
}

/// Calls an export and records the status it returned.
macro_rules! d {
    ($f:ident ( $($a:expr),* $(,)? )) => {{
        // SAFETY: every pointer passed is NULL, a live handle, or a local valid for the
        // call: the hostile part is the values, never dangling memory.
        #[allow(unused_unsafe)]
        let s = unsafe { $f($($a),*) };
        record(stringify!($f), s)
    }};
}

fn z<T>() -> T {
    // SAFETY: only used for the C ABI's plain structs (integers, floats, pointers), for
    // which all zero bytes is a valid value.
    unsafe { std::mem::zeroed() }
}

fn mask(w: i32, h: i32, solid: bool) -> *mut pp_mask {
    let mut m = null_mut();
    assert_eq!(d!(pp_mask_new(w, h, solid as u8, &mut m)), pp_status::PP_OK);
    m
}

fn sprite(m: *const pp_mask, x: i32, y: i32) -> pp_sprite {
    pp_sprite {
        mask: m,
        x,
        y,
        pixel_collision: 1,
    }
}

fn free(m: *mut pp_mask) {
    // SAFETY: NULL or a live handle owned by the test.
    unsafe { pp_mask_free(m) }
}

/// Size query, then a buffer one element short, then the right size, by the buffer
/// convention.
macro_rules! buffer_dance {
    ($f:ident ( $($a:expr),* ; $t:ty )) => {{
        let mut len = 0usize;
        d!($f($($a,)* null_mut(), 0, &mut len));
        let mut buf: Vec<$t> = (0..len.max(1)).map(|_| z()).collect();
        d!($f($($a,)* buf.as_mut_ptr(), len.saturating_sub(1), &mut len));
        d!($f($($a,)* buf.as_mut_ptr(), buf.len(), &mut len));
        d!($f($($a,)* buf.as_mut_ptr(), buf.len(), null_mut()));
        buf
    }};
}

/// Paths for the file functions: a file holding `good`, one holding `bad`, a missing one
/// and a path that is not UTF-8.
fn files(scratch: &std::path::Path, ext: &str, good: &[u8], bad: &[u8]) -> [std::ffi::CString; 4] {
    let path = |name: &str| scratch.join(format!("{name}.{ext}"));
    std::fs::write(path("good"), good).unwrap();
    std::fs::write(path("bad"), bad).unwrap();
    let c = |p: std::path::PathBuf| std::ffi::CString::new(p.to_str().unwrap()).unwrap();
    [
        c(path("good")),
        c(path("bad")),
        c(path("missing")),
        std::ffi::CString::new(vec![0xff, 0xfe]).unwrap(),
    ]
}

fn drive_masks(a: *mut pp_mask, scratch: &std::path::Path) {
    let mut m = null_mut();
    let opts = pp_mask_options_default();
    let zeroed: pp_mask_options = z();
    d!(pp_mask_new(4, 4, 1, null_mut()));
    d!(pp_mask_new(-1, 4, 1, &mut m));
    d!(pp_mask_new(i32::MAX, i32::MAX, 1, &mut m));
    let px = [255u8; 64];
    for (data, len, fmt, w, h, stride, o) in [
        (px.as_ptr(), 64, PP_FORMAT_A8, 8, 8, 8, &opts as *const _),
        (null(), 64, PP_FORMAT_A8, 8, 8, 8, null()),
        (px.as_ptr(), 64, 999, 8, 8, 8, null()),
        (px.as_ptr(), 64, PP_FORMAT_A8, 8, 8, 4, null()),
        (px.as_ptr(), 63, PP_FORMAT_A8, 8, 8, 8, null()),
        (px.as_ptr(), 64, PP_FORMAT_A8, -8, 8, 8, null()),
        (px.as_ptr(), 64, PP_FORMAT_RGBA8, 4, 4, 16, null()),
        (px.as_ptr(), 64, PP_FORMAT_A8, 8, 8, 8, &zeroed as *const _),
    ] {
        let s = d!(pp_mask_from_pixels(data, len, fmt, w, h, stride, o, &mut m));
        if s == pp_status::PP_OK {
            free(m);
        }
    }
    let mut region = pp_mask_options_default();
    region.has_region = 1;
    region.region = pp_bounds {
        x: 4,
        y: 4,
        width: 8,
        height: 8,
    };
    d!(pp_mask_from_pixels(
        px.as_ptr(),
        64,
        PP_FORMAT_A8,
        8,
        8,
        8,
        &region,
        &mut m
    ));
    d!(pp_mask_from_pixels(
        px.as_ptr(),
        64,
        PP_FORMAT_A8,
        8,
        8,
        8,
        null(),
        null_mut()
    ));
    let (mut w, mut h, mut b, mut n) = (0, 0, 0u8, 0u64);
    let mut bounds: pp_bounds = z();
    d!(pp_mask_size(null(), &mut w, &mut h));
    d!(pp_mask_size(a, &mut w, null_mut()));
    d!(pp_mask_size(a, &mut w, &mut h));
    d!(pp_mask_is_solid(null(), 0, 0, &mut b));
    d!(pp_mask_is_solid(a, i32::MIN, i32::MAX, &mut b));
    d!(pp_mask_is_solid(a, 0, 0, null_mut()));
    d!(pp_mask_count(null(), &mut n));
    d!(pp_mask_count(a, &mut n));
    d!(pp_mask_solid_bounds(null(), &mut b, &mut bounds));
    d!(pp_mask_solid_bounds(a, &mut b, &mut bounds));
    d!(pp_mask_solid_bounds(a, null_mut(), &mut bounds));

    // Images: PNG bytes from the mask, corrupt bytes, files.
    let png = buffer_dance!(pp_mask_to_png(a, pp_rgba { r: 0, g: 0, b: 0, a: 255 }, pp_rgba { r: 0, g: 0, b: 0, a: 0 }; u8));
    d!(pp_mask_to_png(null(), z(), z(), null_mut(), 0, null_mut()));
    for (data, len, o) in [
        (png.as_ptr(), png.len(), null()),
        (png.as_ptr(), png.len(), &region as *const _),
        (png.as_ptr(), png.len(), &zeroed as *const _),
        (png.as_ptr(), 10, null()),
        (null(), 10, null()),
    ] {
        if d!(pp_mask_from_image_bytes(data, len, o, &mut m)) == pp_status::PP_OK {
            free(m);
        }
    }
    d!(pp_mask_from_image_bytes(
        png.as_ptr(),
        png.len(),
        null(),
        null_mut()
    ));
    let [good, bad, missing, not_utf8] = files(scratch, "png", &png, b"not a png at all");
    for (p, o) in [
        (good.as_ptr(), null()),
        (good.as_ptr(), &region as *const _),
        (good.as_ptr(), &zeroed as *const _),
        (bad.as_ptr(), null()),
        (missing.as_ptr(), null()),
        (not_utf8.as_ptr(), null()),
        (null(), null()),
    ] {
        if d!(pp_mask_from_image_path(p, o, &mut m)) == pp_status::PP_OK {
            free(m);
        }
    }
    // The size limit set low: every constructor refuses a mask past it.
    d!(pp_set_max_mask_pixels(0));
    d!(pp_set_max_mask_pixels(16));
    d!(pp_mask_new(8, 8, 1, &mut m));
    d!(pp_mask_from_pixels(
        px.as_ptr(),
        64,
        PP_FORMAT_A8,
        8,
        8,
        8,
        null(),
        &mut m
    ));
    d!(pp_mask_from_image_bytes(
        png.as_ptr(),
        png.len(),
        null(),
        &mut m
    ));
    d!(pp_mask_from_image_path(good.as_ptr(), null(), &mut m));
    d!(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
}

fn drive_bake(a: *mut pp_mask, scratch: &std::path::Path) {
    let mut m = null_mut();
    let baked = buffer_dance!(pp_mask_to_baked(a; u8));
    d!(pp_mask_to_baked(null(), null_mut(), 0, null_mut()));
    d!(pp_mask_from_baked(baked.as_ptr(), baked.len(), &mut m));
    free(m);
    d!(pp_mask_from_baked(baked.as_ptr(), baked.len() - 1, &mut m));
    d!(pp_mask_from_baked(null(), 4, &mut m));
    d!(pp_mask_from_baked(baked.as_ptr(), baked.len(), null_mut()));
    let mut bundle = perpixel::MaskBundle::new();
    bundle
        .insert("ball", perpixel::Mask::full(8, 8).unwrap())
        .unwrap();
    let bytes = bundle.to_bytes();
    let mut b = null_mut();
    d!(pp_bundle_from_bytes(
        bytes.as_ptr(),
        bytes.len(),
        null_mut()
    ));
    d!(pp_bundle_from_bytes(null(), 3, &mut b));
    d!(pp_bundle_from_bytes(baked.as_ptr(), baked.len(), &mut b));
    d!(pp_bundle_from_bytes(
        bytes.as_ptr(),
        bytes.len() - 1,
        &mut b
    ));
    d!(pp_set_max_mask_pixels(16));
    d!(pp_bundle_from_bytes(bytes.as_ptr(), bytes.len(), &mut b));
    d!(pp_mask_from_baked(baked.as_ptr(), baked.len(), &mut m));
    d!(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
    let [file, junk, missing, not_utf8] = files(scratch, "ppmk", &bytes, b"junk");
    for p in [junk.as_ptr(), missing.as_ptr(), not_utf8.as_ptr(), null()] {
        d!(pp_bundle_from_path(p, &mut b));
    }
    assert_eq!(
        d!(pp_bundle_from_path(file.as_ptr(), &mut b)),
        pp_status::PP_OK
    );
    let mut n = 0usize;
    d!(pp_bundle_count(null(), &mut n));
    d!(pp_bundle_count(b, null_mut()));
    d!(pp_bundle_count(b, &mut n));
    let mut info: pp_bake_info = z();
    d!(pp_bundle_info_at(b, 0, &mut info));
    d!(pp_bundle_info_at(b, 1, &mut info));
    d!(pp_bundle_info_at(null(), 0, &mut info));
    buffer_dance!(pp_bundle_name_at(b, 0; std::ffi::c_char));
    d!(pp_bundle_name_at(b, 5, null_mut(), 0, &mut n));
    d!(pp_bundle_name_at(null(), 0, null_mut(), 0, &mut n));
    let mut found = 0u8;
    for name in [
        c"ball".as_ptr(),
        c"none".as_ptr(),
        not_utf8.as_ptr(),
        null(),
    ] {
        if d!(pp_bundle_get(b, name, &mut found, &mut m)) == pp_status::PP_OK && found == 1 {
            free(m);
        }
    }
    d!(pp_bundle_get(b, c"ball".as_ptr(), null_mut(), &mut m));
    d!(pp_bundle_get(null(), c"ball".as_ptr(), &mut found, &mut m));
    // SAFETY: a live bundle handle, released once.
    unsafe { pp_bundle_free(b) };
}

fn drive_bounds() {
    let r = |x, y, width, height| pp_bounds {
        x,
        y,
        width,
        height,
    };
    let mut out: pp_bounds = z();
    let mut has = 0u8;
    d!(pp_bounds_intersection(
        r(0, 0, 4, 4),
        r(2, 2, 4, 4),
        &mut has,
        &mut out
    ));
    d!(pp_bounds_intersection(
        r(0, 0, 4, 4),
        r(2, 2, 4, 4),
        null_mut(),
        &mut out
    ));
    d!(pp_bounds_to_local(r(0, 0, 4, 4), r(2, 2, 4, 4), &mut out));
    d!(pp_bounds_to_local(
        r(i32::MIN, 0, 4, 4),
        r(i32::MAX, 2, 4, 4),
        &mut out
    ));
    d!(pp_bounds_to_local(r(0, 0, 4, 4), r(2, 2, 4, 4), null_mut()));
    d!(pp_bounds_to_global(r(0, 0, 4, 4), r(2, 2, 4, 4), &mut out));
    d!(pp_bounds_to_global(
        r(i32::MAX, 0, 4, 4),
        r(i32::MAX, 2, 4, 4),
        &mut out
    ));
    d!(pp_bounds_to_global(
        r(0, 0, 4, 4),
        r(2, 2, 4, 4),
        null_mut()
    ));
}

fn drive_edits(world: *mut pp_world) {
    let own = mask(16, 16, false);
    let shared = mask(16, 16, false);
    let other = mask(4, 4, true);
    // `shared` is also held by a world body.
    let mut def = pp_body_def_default();
    def.mask = shared;
    let mut id: pp_body_id = z();
    assert_eq!(
        d!(pp_world_create_body(world, &def, &mut id)),
        pp_status::PP_OK
    );
    let mut copy = null_mut();
    d!(pp_mask_copy(own, &mut copy));
    d!(pp_mask_copy(null(), &mut copy));
    d!(pp_mask_copy(own, null_mut()));
    free(copy);
    let rect = pp_bounds {
        x: -5,
        y: 2,
        width: i32::MAX,
        height: 3,
    };
    for m in [own, shared, null_mut()] {
        d!(pp_mask_set_pixel(m, i32::MIN, 3, 1));
        d!(pp_mask_fill_rect(m, rect, 1));
        d!(pp_mask_fill_circle(m, 3, 3, u32::MAX, 1));
        d!(pp_mask_fill_ellipse(m, rect, 0));
        d!(pp_mask_draw_line(m, i32::MIN, 0, i32::MAX, 5, u32::MAX, 1));
        d!(pp_mask_invert(m));
        for o in [other as *const _, own as *const _, null()] {
            d!(pp_mask_draw(m, o, i32::MAX, 1));
            d!(pp_mask_erase(m, o, 1, 1));
            d!(pp_mask_intersect(m, o, -3, i32::MIN));
            d!(pp_mask_xor(m, o, 2, 2));
        }
    }
    // The world's edits.
    let mut e = pp_mask_edit_default();
    e.op = PP_EDIT_FILL_RECT;
    e.width = 4;
    e.height = 4;
    let zeroed: pp_mask_edit = z();
    let mut unknown = pp_mask_edit_default();
    unknown.op = 999;
    let mut no_other = pp_mask_edit_default();
    no_other.op = PP_EDIT_DRAW;
    d!(pp_world_edit_mask(world, id, &e, 1));
    d!(pp_world_edit_mask(world, id, &zeroed, 1));
    d!(pp_world_edit_mask(world, id, &unknown, 1));
    d!(pp_world_edit_mask(world, id, &no_other, 1));
    d!(pp_world_edit_mask(world, id, null(), 1));
    d!(pp_world_edit_mask(world, id, null(), 0));
    d!(pp_world_edit_mask(null_mut(), id, &e, 1));
    free(own);
    free(shared);
    free(other);
}

fn drive_errors_and_limits() {
    let mut len = 0usize;
    // Leave a message to copy.
    d!(pp_mask_count(null(), null_mut()));
    buffer_dance!(pp_last_error_message_copy(; std::ffi::c_char));
    d!(pp_set_max_mask_pixels(0));
    d!(pp_set_max_mask_pixels(u64::MAX));
    d!(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
    d!(pp_last_error_message_copy(null_mut(), 0, &mut len));
}

fn drive_queries(a: *mut pp_mask, b: *mut pp_mask) {
    let (sa, sb) = (sprite(a, 0, 0), sprite(b, 4, 4));
    let far = sprite(b, i32::MAX, i32::MIN);
    let nomask = sprite(null(), 0, 0);
    let (mut hit, mut area) = (0u8, 0u64);
    let mut p: pp_point = z();
    let mut m = null_mut();
    let mut bounds: pp_bounds = z();
    for (x, y) in [
        (&sa as *const _, &sb as *const _),
        (&sa, &far),
        (&sa, &nomask),
        (null(), &sb),
    ] {
        d!(pp_collides(x, y, &mut hit));
        d!(pp_first_contact(x, y, &mut hit, &mut p));
        d!(pp_overlap_area(x, y, &mut area));
        if d!(pp_overlap_mask(x, y, &mut m, &mut bounds)) == pp_status::PP_OK {
            free(m);
        }
    }
    d!(pp_collides(&sa, &sb, null_mut()));
    d!(pp_first_contact(&sa, &sb, null_mut(), &mut p));
    d!(pp_overlap_area(&sa, &sb, null_mut()));
    d!(pp_overlap_mask(&sa, &sb, null_mut(), &mut bounds));
    for (x, y, dx, dy) in [
        (a as *const _, b as *const _, 3, 3),
        (a, b, i32::MIN, i32::MAX),
        (a, null(), 0, 0),
    ] {
        d!(pp_mask_collides(x, y, dx, dy, &mut hit));
        d!(pp_mask_first_contact(x, y, dx, dy, &mut hit, &mut p));
        d!(pp_mask_overlap_area(x, y, dx, dy, &mut area));
        if d!(pp_mask_overlap_mask(x, y, dx, dy, &mut m, &mut bounds)) == pp_status::PP_OK {
            free(m);
        }
    }
    d!(pp_mask_collides(a, b, 0, 0, null_mut()));
    d!(pp_mask_first_contact(a, b, 0, 0, &mut hit, null_mut()));
    d!(pp_mask_overlap_area(a, b, 0, 0, null_mut()));
    d!(pp_mask_overlap_mask(a, b, 0, 0, &mut m, null_mut()));
}

fn drive_motion(a: *mut pp_mask, b: *mut pp_mask) {
    let (sa, sb) = (sprite(a, 0, 0), sprite(b, 4, 4));
    let edge = sprite(a, i32::MAX - 2, i32::MIN);
    let nomask = sprite(null(), 0, 0);
    let mut r: pp_sweep_result = z();
    let mut p: pp_point = z();
    let mut n: pp_normal = z();
    let mut off: pp_offset = z();
    let mut found = 0u8;
    let mut mr: pp_move_result = z();
    let mut hit: pp_ray_hit = z();
    let push = pp_push_options_default();
    let zpush: pp_push_options = z();
    let mut along = pp_push_options_default();
    along.direction = PP_PUSH_ALONG;
    let mut bad_dir = pp_push_options_default();
    bad_dir.direction = 99;
    let mv = pp_move_options_default();
    let zmv: pp_move_options = z();
    for (x, y) in [
        (&sa as *const _, &sb as *const _),
        (&edge, &sb),
        (&sa, &nomask),
        (null(), &sb),
    ] {
        for (dx, dy) in [(5, 3), (i32::MAX, i32::MIN), (0, 0)] {
            d!(pp_sweep(x, y, dx, dy, &mut r));
        }
        d!(pp_contact_normal(x, y, &mut found, &mut n));
        for o in [&push as *const _, &zpush, &along, &bad_dir, null()] {
            d!(pp_push_out(x, y, o, &mut found, &mut off));
        }
        for o in [&mv as *const _, &zmv, null()] {
            d!(pp_move_and_slide(x, y, 1, 7, -3, o, &mut mr));
            d!(pp_move_and_slide(x, y, 1, i32::MAX, i32::MAX, o, &mut mr));
        }
        d!(pp_move_and_slide(x, null(), 3, 1, 1, null(), &mut mr));
        d!(pp_move_and_slide(x, null(), 0, 1, 1, null(), &mut mr));
        for (dx, dy, len) in [(1, 0, 10), (0, 0, 10), (i32::MAX, i32::MIN, u32::MAX)] {
            d!(pp_raycast(x, -2, 3, dx, dy, len, &mut found, &mut hit));
        }
        d!(pp_solid_at(x, i64::MIN, i64::MAX, &mut found));
        d!(pp_solid_at(x, 1, 1, &mut found));
    }
    d!(pp_sweep(&sa, &sb, 1, 1, null_mut()));
    d!(pp_contact_normal(&sa, &sb, null_mut(), &mut n));
    d!(pp_push_out(&sa, &sb, null(), &mut found, null_mut()));
    d!(pp_move_and_slide(&sa, &sb, 1, 1, 1, null(), null_mut()));
    d!(pp_raycast(&sa, 0, 0, 1, 0, 5, null_mut(), &mut hit));
    d!(pp_solid_at(&sa, 0, 0, null_mut()));
    for (dx, dy, step) in [
        (5, 3, 2),
        (5, 3, 9),
        (0, 0, 0),
        (i32::MIN, i32::MAX, u64::MAX),
    ] {
        d!(pp_sweep_path_position(dx, dy, step, &mut p));
    }
    d!(pp_sweep_path_position(1, 1, 0, null_mut()));
}

fn drive_polygons(a: *mut pp_mask) {
    let opts = pp_polygon_options_default();
    let zopts: pp_polygon_options = z();
    let mut nan = pp_polygon_options_default();
    nan.epsilon = f64::NAN;
    let mut few = pp_polygon_options_default();
    few.max_vertices = 2;
    let empty = mask(0, 0, false);
    for m in [a as *const pp_mask, empty, null()] {
        for o in [&opts as *const _, &zopts, &nan, &few, null()] {
            let mut p = null_mut();
            if d!(pp_mask_polygons(m, o, &mut p)) == pp_status::PP_OK {
                let (mut np, mut nr, mut nv) = (0, 0, 0);
                d!(pp_polygons_counts(p, &mut np, &mut nr, &mut nv));
                d!(pp_polygons_counts(p, null_mut(), &mut nr, &mut nv));
                buffer_dance!(pp_polygons_points(p; pp_vertex));
                buffer_dance!(pp_polygons_ring_starts(p; u32));
                buffer_dance!(pp_polygons_ring_counts(p; u32));
                // SAFETY: a live result handle, released once.
                unsafe { pp_polygons_free(p) };
            }
            let mut c = null_mut();
            if d!(pp_mask_convex_pieces(m, o, &mut c)) == pp_status::PP_OK {
                let (mut n, mut nv) = (0, 0);
                d!(pp_convex_pieces_counts(c, &mut n, &mut nv));
                d!(pp_convex_pieces_counts(c, &mut n, null_mut()));
                buffer_dance!(pp_convex_pieces_points(c; pp_vertexf));
                buffer_dance!(pp_convex_pieces_starts(c; u32));
                // SAFETY: a live result handle, released once.
                unsafe { pp_convex_pieces_free(c) };
            }
        }
        d!(pp_mask_polygons(m, null(), null_mut()));
        d!(pp_mask_convex_pieces(m, null(), null_mut()));
        for every in [0, 1, 3, u32::MAX] {
            buffer_dance!(pp_mask_outline(m, every; pp_vertex));
        }
    }
    let mut n = 0usize;
    d!(pp_polygons_counts(null(), &mut n, &mut n, &mut n));
    d!(pp_polygons_points(null(), null_mut(), 0, &mut n));
    d!(pp_polygons_ring_starts(null(), null_mut(), 0, &mut n));
    d!(pp_polygons_ring_counts(null(), null_mut(), 0, &mut n));
    d!(pp_convex_pieces_counts(null(), &mut n, &mut n));
    d!(pp_convex_pieces_points(null(), null_mut(), 0, &mut n));
    d!(pp_convex_pieces_starts(null(), null_mut(), 0, &mut n));
    free(empty);
}

fn drive_shapes(a: *mut pp_mask, b: *mut pp_mask) {
    let empty = mask(0, 0, false);
    let blank = mask(5, 5, false);
    let opts = pp_component_options_default();
    let zopts: pp_component_options = z();
    let mut conn = pp_component_options_default();
    conn.connectivity = 5;
    let mut order = pp_component_options_default();
    order.order = 7;
    let set = pp_rgba {
        r: 1,
        g: 2,
        b: 3,
        a: 255,
    };
    let unset = pp_rgba {
        r: 0,
        g: 0,
        b: 0,
        a: 0,
    };
    let morph = pp_morph_options_default();
    let zmorph: pp_morph_options = z();
    let mut norm = pp_morph_options_default();
    norm.norm = 9;
    for m in [a as *const pp_mask, empty, blank, null()] {
        let (mut x, mut y, mut angle) = (0u32, 0u32, 0f64);
        d!(pp_mask_centroid(m, &mut x, &mut y));
        d!(pp_mask_centroid(m, null_mut(), &mut y));
        d!(pp_mask_angle(m, &mut angle));
        d!(pp_mask_angle(m, null_mut()));
        for o in [&opts as *const _, &zopts, &conn, &order, null()] {
            let comps = buffer_dance!(pp_mask_components(m, o; *mut pp_mask));
            for c in comps {
                free(c);
            }
            buffer_dance!(pp_mask_component_counts(m, o; u64));
            buffer_dance!(pp_mask_component_bounds(m, o; pp_bounds));
            let (mut len, mut k) = (0usize, 0u32);
            d!(pp_mask_component_labels(
                m,
                o,
                null_mut(),
                0,
                &mut len,
                &mut k
            ));
            let mut labels = vec![0u32; len.max(1)];
            d!(pp_mask_component_labels(
                m,
                o,
                labels.as_mut_ptr(),
                len.saturating_sub(1),
                &mut len,
                &mut k
            ));
            d!(pp_mask_component_labels(
                m,
                o,
                labels.as_mut_ptr(),
                labels.len(),
                &mut len,
                &mut k
            ));
            d!(pp_mask_component_labels(
                m,
                o,
                labels.as_mut_ptr(),
                labels.len(),
                &mut len,
                null_mut()
            ));
        }
        let mut out = null_mut();
        for (x, y, c) in [(1, 1, 4), (1, 1, 8), (1, 1, 5), (-1, 99, 8)] {
            if d!(pp_mask_component_at(m, x, y, c, &mut out)) == pp_status::PP_OK {
                free(out);
            }
        }
        d!(pp_mask_component_at(m, 0, 0, 4, null_mut()));
        for c in [4, 8, 0] {
            if d!(pp_mask_largest_component(m, c, &mut out)) == pp_status::PP_OK {
                free(out);
            }
        }
        d!(pp_mask_largest_component(m, 4, null_mut()));
        for fmt in [PP_FORMAT_RGBA8, PP_FORMAT_A8, 12345] {
            buffer_dance!(pp_mask_to_pixels(m, fmt, set, unset; u8));
            let mut px = vec![0u8; 8 * 8 * 4];
            for (len, stride) in [(px.len(), 32), (px.len(), 1), (3, 32), (px.len(), -4)] {
                d!(pp_mask_write_pixels(
                    m,
                    fmt,
                    set,
                    unset,
                    px.as_mut_ptr(),
                    len,
                    stride
                ));
            }
            d!(pp_mask_write_pixels(m, fmt, set, unset, null_mut(), 64, 32));
        }
        buffer_dance!(pp_mask_to_png(m, set, unset; u8));
        buffer_dance!(pp_mask_to_bytes(m; u8));
        for o in [&morph as *const _, &zmorph, &norm, null()] {
            for px in [0, 2, u32::MAX] {
                if d!(pp_mask_grow(m, px, o, &mut out)) == pp_status::PP_OK {
                    free(out);
                }
                if d!(pp_mask_shrink(m, px, o, &mut out)) == pp_status::PP_OK {
                    free(out);
                }
            }
        }
        d!(pp_mask_grow(m, 1, null(), null_mut()));
        d!(pp_mask_shrink(m, 1, null(), null_mut()));
        for o in [b as *const pp_mask, empty, null()] {
            if d!(pp_mask_convolve(m, o, &mut out)) == pp_status::PP_OK {
                free(out);
            }
        }
        d!(pp_mask_convolve(m, b, null_mut()));
        for (w, h) in [(16, 3), (0, 0), (-1, 4), (i32::MAX, i32::MAX)] {
            if d!(pp_mask_scale(m, w, h, &mut out)) == pp_status::PP_OK {
                free(out);
            }
        }
        d!(pp_mask_scale(m, 1, 1, null_mut()));
        for r in [
            pp_bounds {
                x: 1,
                y: 1,
                width: 3,
                height: 3,
            },
            pp_bounds {
                x: 6,
                y: 6,
                width: 5,
                height: 5,
            },
            pp_bounds {
                x: 0,
                y: 0,
                width: -1,
                height: 2,
            },
            pp_bounds {
                x: i32::MAX,
                y: 0,
                width: i32::MAX,
                height: 1,
            },
        ] {
            if d!(pp_mask_crop(m, r, &mut out)) == pp_status::PP_OK {
                free(out);
            }
        }
        d!(pp_mask_crop(m, z(), null_mut()));
    }
    // Pixels and bytes back into masks.
    let px = [7u8; 64];
    let range = pp_color_range {
        min: unset,
        max: set,
    };
    let mut out = null_mut();
    for (data, len, fmt, w, h, stride) in [
        (px.as_ptr(), 64, PP_FORMAT_RGBA8, 4, 4, 16),
        (px.as_ptr(), 64, PP_FORMAT_A8, 8, 8, 8),
        (px.as_ptr(), 64, 777, 4, 4, 16),
        (px.as_ptr(), 64, PP_FORMAT_RGBA8, 4, 4, 3),
        (px.as_ptr(), 63, PP_FORMAT_RGBA8, 4, 4, 16),
        (px.as_ptr(), 64, PP_FORMAT_RGBA8, -4, 4, 16),
        (px.as_ptr(), 64, PP_FORMAT_RGBA8, i32::MAX, i32::MAX, 16),
        (null(), 64, PP_FORMAT_RGBA8, 4, 4, 16),
    ] {
        if d!(pp_mask_from_color_range(
            data, len, fmt, w, h, stride, range, &mut out
        )) == pp_status::PP_OK
        {
            free(out);
        }
    }
    d!(pp_mask_from_color_range(
        px.as_ptr(),
        64,
        PP_FORMAT_A8,
        8,
        8,
        8,
        range,
        null_mut()
    ));
    for (w, h, data, len) in [
        (8, 8, px.as_ptr(), 8),
        (8, 8, px.as_ptr(), 7),
        (8, 8, px.as_ptr(), 64),
        (-8, 8, px.as_ptr(), 8),
        (i32::MAX, i32::MAX, px.as_ptr(), 64),
        (8, 8, null(), 8),
    ] {
        if d!(pp_mask_from_bytes(w, h, data, len, &mut out)) == pp_status::PP_OK {
            free(out);
        }
    }
    d!(pp_mask_from_bytes(8, 8, px.as_ptr(), 8, null_mut()));
    // The limit set low.
    d!(pp_set_max_mask_pixels(16));
    let o = a as *const pp_mask;
    d!(pp_mask_grow(o, 3, null(), &mut out));
    d!(pp_mask_convolve(o, b, &mut out));
    d!(pp_mask_scale(o, 16, 16, &mut out));
    d!(pp_mask_from_bytes(8, 8, px.as_ptr(), 8, &mut out));
    d!(pp_mask_from_color_range(
        px.as_ptr(),
        64,
        PP_FORMAT_A8,
        8,
        8,
        8,
        range,
        &mut out
    ));
    d!(pp_mask_to_pixels(
        o,
        PP_FORMAT_RGBA8,
        set,
        unset,
        null_mut(),
        0,
        &mut 0
    ));
    d!(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
    free(empty);
    free(blank);
}

fn drive_transforms(a: *mut pp_mask, b: *mut pp_mask) {
    let t = pp_transform_default();
    let zt: pp_transform = z();
    let mut nan = pp_transform_default();
    nan.rotation_degrees = f64::NAN;
    let mut huge = pp_transform_default();
    huge.scale_x = 1e5;
    huge.scale_y = 1e5;
    let mut at231 = pp_transform_default();
    at231.x = 2147483648.0;
    let mut past = pp_transform_default();
    past.y = -2147483649.0;
    let mut turned = pp_transform_default();
    turned.rotation_degrees = 30.0;
    turned.x = 0.25;
    let ts = [
        &t as *const pp_transform,
        &zt,
        &nan,
        &huge,
        &at231,
        &past,
        &turned,
        null(),
    ];
    let (mut out, mut x, mut y) = (null_mut(), 0, 0);
    for m in [a as *const pp_mask, null()] {
        for &tr in &ts {
            for bo in [0, 1] {
                if d!(pp_mask_rasterise(m, tr, bo, &mut out, &mut x, &mut y)) == pp_status::PP_OK {
                    free(out);
                }
            }
        }
        for mat in [
            [1.0, 0.0, 0.0, 0.0, 1.0, 0.0],
            [1.0, 2.0, 0.0, 2.0, 4.0, 0.0],
            [1.0, 0.0, 2147483648.0, 0.0, 1.0, 0.0],
            [f64::NAN, 0.0, 0.0, 0.0, 1.0, 0.0],
            [1e7, 0.0, 0.0, 0.0, 1e7, 0.0],
            [1e4, 0.0, 0.0, 0.0, 1e4, 0.0],
        ] {
            if d!(pp_mask_rasterise_matrix(
                m,
                mat.as_ptr(),
                0,
                &mut out,
                &mut x,
                &mut y
            )) == pp_status::PP_OK
            {
                free(out);
            }
        }
        d!(pp_mask_rasterise_matrix(
            m,
            null(),
            0,
            &mut out,
            &mut x,
            &mut y
        ));
        d!(pp_mask_rasterise(m, &t, 0, &mut out, null_mut(), &mut y));
        for (fx, fy) in [(0, 1), (1, 1)] {
            if d!(pp_mask_flip(m, fx, fy, &mut out)) == pp_status::PP_OK {
                free(out);
            }
        }
        d!(pp_mask_flip(m, 1, 0, null_mut()));
        for q in [1, -7, i32::MIN] {
            if d!(pp_mask_rotate_quarter(m, q, &mut out)) == pp_status::PP_OK {
                free(out);
            }
        }
        d!(pp_mask_rotate_quarter(m, 1, null_mut()));
        if d!(pp_mask_transpose(m, &mut out)) == pp_status::PP_OK {
            free(out);
        }
        d!(pp_mask_transpose(m, null_mut()));
        for (sx, sy) in [(2, 3), (0, 1), (-1, 2), (i32::MAX, i32::MAX)] {
            if d!(pp_mask_scale_integer(m, sx, sy, &mut out)) == pp_status::PP_OK {
                free(out);
            }
        }
        d!(pp_mask_scale_integer(m, 1, 1, null_mut()));
        let mut hit = 0u8;
        let mut p: pp_point = z();
        let mut area = 0u64;
        for &ta in &ts {
            for tb in [&t as *const pp_transform, &turned, &at231] {
                d!(pp_transformed_solid_at(m, ta, 2147483648, 0, &mut hit));
                d!(pp_transformed_collides(m, ta, b, tb, &mut hit));
                d!(pp_transformed_first_contact(m, ta, b, tb, &mut hit, &mut p));
                d!(pp_transformed_overlap_area(m, ta, b, tb, &mut area));
            }
        }
        d!(pp_transformed_solid_at(m, &t, 0, 0, null_mut()));
        d!(pp_transformed_collides(m, &t, null(), &t, &mut hit));
        d!(pp_transformed_first_contact(
            m,
            &t,
            b,
            &t,
            null_mut(),
            &mut p
        ));
        d!(pp_transformed_overlap_area(m, &t, b, &t, null_mut()));
    }
    d!(pp_set_max_mask_pixels(16));
    d!(pp_mask_rasterise(a, &turned, 0, &mut out, &mut x, &mut y));
    d!(pp_mask_scale_integer(a, 2, 2, &mut out));
    d!(pp_mask_flip(a, 1, 1, &mut out));
    d!(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
}

fn drive_world(a: *mut pp_mask, b: *mut pp_mask) {
    let mut w = null_mut();
    let mut w2 = null_mut();
    d!(pp_world_new(null_mut()));
    assert_eq!(d!(pp_world_new(&mut w)), pp_status::PP_OK);
    assert_eq!(d!(pp_world_new(&mut w2)), pp_status::PP_OK);
    let mut def = pp_body_def_default();
    def.mask = a;
    let zdef: pp_body_def = z();
    let nomask = pp_body_def_default();
    let mut zt = def;
    zt.transformed = 1;
    zt.transform = z();
    let mut nan = def;
    nan.transformed = 1;
    nan.transform = pp_transform_default();
    nan.transform.scale_x = f64::NAN;
    let mut at231 = nan;
    at231.transform.scale_x = 1.0;
    at231.transform.x = 2147483648.0;
    let mut huge = at231;
    huge.transform.x = 0.0;
    huge.transform.scale_x = 1e5;
    huge.transform.scale_y = 1e5;
    let mut turned = huge;
    turned.transform.scale_x = 1.0;
    turned.transform.scale_y = 1.0;
    turned.transform.rotation_degrees = 45.0;
    let mut id: pp_body_id = z();
    for d in [
        &def as *const pp_body_def,
        &zdef,
        &nomask,
        &zt,
        &nan,
        &at231,
        &huge,
        null(),
    ] {
        d!(pp_world_create_body(w, d, &mut id));
    }
    d!(pp_world_create_body(w, &def, null_mut()));
    d!(pp_world_create_body(null_mut(), &def, &mut id));
    let mut live: pp_body_id = z();
    let mut spun: pp_body_id = z();
    let mut gone: pp_body_id = z();
    let mut foreign: pp_body_id = z();
    d!(pp_world_create_body(w, &def, &mut live));
    d!(pp_world_create_body(w, &turned, &mut spun));
    d!(pp_world_create_body(w, &def, &mut gone));
    d!(pp_world_destroy_body(w, gone));
    d!(pp_world_create_body(w2, &def, &mut foreign));
    let zeroed: pp_body_id = z();
    let ids = [live, spun, gone, foreign, zeroed];
    let t = pp_transform_default();
    let bad_t: pp_transform = z();
    let filter = pp_filter_default();
    let mut info: pp_body_info = z();
    let mut m = null_mut();
    let mut c: pp_contact = z();
    let mut found = 0u8;
    let mut other: pp_body_id = z();
    let mut r: pp_sweep_result = z();
    let mut ev: pp_world_events = z();
    d!(pp_world_update(w, &mut ev));
    d!(pp_world_update(w, null_mut()));
    d!(pp_world_update(null_mut(), &mut ev));
    for &i in &ids {
        d!(pp_world_move_body(w, i, 3, 3));
        d!(pp_world_move_body(w, i, i32::MAX, i32::MIN));
        let pos = [pp_position { x: 1, y: 1 }, pp_position { x: 2, y: 2 }];
        d!(pp_world_move_bodies(w, [live, i].as_ptr(), pos.as_ptr(), 2));
        for tr in [
            &t as *const pp_transform,
            &bad_t,
            &nan.transform,
            &at231.transform,
            &huge.transform,
            &turned.transform,
            null(),
        ] {
            d!(pp_world_set_transform(w, i, tr));
        }
        for mk in [b as *const pp_mask, null()] {
            d!(pp_world_set_mask(w, i, mk));
        }
        d!(pp_world_set_filter(w, i, filter));
        d!(pp_world_body(w, i, &mut info));
        d!(pp_world_body(w, i, null_mut()));
        if d!(pp_world_body_mask(w, i, &mut m)) == pp_status::PP_OK {
            free(m);
        }
        d!(pp_world_body_mask(w, i, null_mut()));
        for (pa, pb) in [(live, i), (i, live), (i, i)] {
            d!(pp_world_contact(w, pp_pair { a: pa, b: pb }, 8, &mut c));
            d!(pp_world_contact(
                w,
                pp_pair { a: pa, b: pb },
                u32::MAX,
                &mut c
            ));
        }
        d!(pp_world_contact(
            w,
            pp_pair { a: live, b: i },
            8,
            null_mut()
        ));
        for (dx, dy) in [(4, 4), (i32::MAX, i32::MIN), (0, 0)] {
            d!(pp_world_sweep(w, i, dx, dy, &mut found, &mut other, &mut r));
        }
        d!(pp_world_sweep(w, i, 1, 1, null_mut(), &mut other, &mut r));
        d!(pp_world_destroy_body(null_mut(), i));
        let mut e = pp_mask_edit_default();
        e.op = PP_EDIT_INVERT;
        d!(pp_world_edit_mask(w, i, &e, 1));
    }
    for &i in &[gone, foreign, zeroed, spun] {
        d!(pp_world_destroy_body(w, i));
    }
    d!(pp_world_move_bodies(w, null(), null(), 0));
    d!(pp_world_move_bodies(w, null(), null(), 2));
    d!(pp_world_set_filter(null_mut(), live, filter));
    d!(pp_world_get_events(w, &mut ev));
    d!(pp_world_get_events(w, null_mut()));
    d!(pp_world_get_events(null(), &mut ev));
    let probe = sprite(a, 0, 0);
    let nomask_probe = sprite(null(), 0, 0);
    let zf: pp_filter = z();
    for f in [&filter as *const pp_filter, &zf, null()] {
        buffer_dance!(pp_world_overlapping(w, &probe, f; pp_body_id));
        buffer_dance!(pp_world_at_point(w, 2, 2, f; pp_body_id));
        buffer_dance!(pp_world_at_point(w, i64::MIN, i64::MAX, f; pp_body_id));
        let rect = pp_bounds {
            x: -10,
            y: -10,
            width: 50,
            height: 50,
        };
        buffer_dance!(pp_world_in_rect(w, rect, f; pp_body_id));
        let mut hit: pp_ray_hit = z();
        for (dx, dy, len) in [(1, 1, 100), (0, 0, 100), (i32::MAX, i32::MIN, u32::MAX)] {
            d!(pp_world_raycast(
                w, -5, -5, dx, dy, len, f, &mut found, &mut other, &mut hit
            ));
        }
        d!(pp_world_raycast(
            w,
            -5,
            -5,
            1,
            1,
            10,
            f,
            null_mut(),
            &mut other,
            &mut hit
        ));
    }
    let mut len = 0usize;
    d!(pp_world_overlapping(
        w,
        &nomask_probe,
        null(),
        null_mut(),
        0,
        &mut len
    ));
    d!(pp_world_overlapping(
        w,
        null(),
        null(),
        null_mut(),
        0,
        &mut len
    ));
    d!(pp_world_overlapping(
        null(),
        &probe,
        null(),
        null_mut(),
        0,
        &mut len
    ));
    d!(pp_world_at_point(
        null(),
        0,
        0,
        null(),
        null_mut(),
        0,
        &mut len
    ));
    d!(pp_world_in_rect(
        null(),
        z(),
        null(),
        null_mut(),
        0,
        &mut len
    ));
    // Snapshots and hashes: NULLs, another world's snapshot.
    let mut snap: *mut pp_world_snapshot = null_mut();
    let mut snap2: *mut pp_world_snapshot = null_mut();
    d!(pp_world_take_snapshot(w, &mut snap));
    d!(pp_world_take_snapshot(w2, &mut snap2));
    d!(pp_world_take_snapshot(w, null_mut()));
    d!(pp_world_take_snapshot(null(), &mut snap));
    d!(pp_world_restore(w, snap));
    d!(pp_world_restore(w, snap2));
    d!(pp_world_restore(w, null()));
    d!(pp_world_restore(null_mut(), snap));
    let mut hash = 0u64;
    d!(pp_world_hash(w, &mut hash));
    d!(pp_world_hash(w, null_mut()));
    d!(pp_world_hash(null(), &mut hash));
    d!(pp_mask_hash(a, &mut hash));
    d!(pp_mask_hash(null(), &mut hash));
    d!(pp_mask_hash(a, null_mut()));
    // SAFETY: live snapshot handles (or NULL), released once.
    unsafe {
        pp_world_snapshot_free(snap);
        pp_world_snapshot_free(snap2);
        pp_world_snapshot_free(null_mut());
    }
    // The limit set low: a transformed body's raster past it.
    d!(pp_set_max_mask_pixels(16));
    d!(pp_world_create_body(w, &turned, &mut id));
    d!(pp_world_set_transform(w, live, &turned.transform));
    d!(pp_world_set_mask(w, spun, b));
    d!(pp_set_max_mask_pixels(PP_MAX_MASK_PIXELS));
    drive_edits(w);
    // SAFETY: live world handles, released once.
    unsafe {
        pp_world_free(w);
        pp_world_free(w2);
    }
}

/// The statuses each export's body (in `src/ffi`) names itself, and its `Failure::null` /
/// `Failure::invalid` / `non_null` calls.
fn named_in_source() -> BTreeMap<String, BTreeSet<String>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ffi");
    let mut files = vec![];
    for entry in std::fs::read_dir(&dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            for e in std::fs::read_dir(&p).unwrap() {
                files.push(e.unwrap().path());
            }
        } else {
            files.push(p);
        }
    }
    let mut out = BTreeMap::new();
    for f in files
        .into_iter()
        .filter(|f| f.extension() == Some("rs".as_ref()))
    {
        let src = std::fs::read_to_string(&f).unwrap();
        let mut rest = src.as_str();
        while let Some(at) = rest.find("extern \"C\" fn pp_") {
            rest = &rest[at + "extern \"C\" fn ".len()..];
            let name = &rest[..rest.find('(').unwrap()];
            // The body: up to the next item at column 0 ending the function.
            let body = &rest[..rest.find("\n}\n").map_or(rest.len(), |e| e + 3)];
            let (sig, body) = body.split_once('{').unwrap_or((body, ""));
            if !sig.contains("-> pp_status") {
                continue;
            }
            let mut named = BTreeSet::new();
            for piece in body.split("pp_status::").skip(1) {
                let id: String = piece
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if id.starts_with("PP_ERR_") && id != "PP_ERR_PANIC" {
                    named.insert(id);
                }
            }
            if body.contains("non_null(") || body.contains("Failure::null(") {
                named.insert("PP_ERR_NULL_POINTER".to_string());
            }
            if body.contains("Failure::invalid(") {
                named.insert("PP_ERR_INVALID_ARGUMENT".to_string());
            }
            out.insert(name.to_string(), named);
        }
    }
    out
}

#[test]
fn every_status_a_function_returns_is_in_its_docs() {
    let names = status_names();
    let known: BTreeSet<&str> = names.values().map(String::as_str).collect();
    assert!(known.contains("PP_ERR_WRONG_WORLD") && known.len() >= 17);
    // (a) Every status-returning function lists its statuses, and only those functions.
    let decl = declared();
    let mut documented = BTreeMap::new();
    for (name, returns_status, listed) in &decl {
        match (returns_status, listed) {
            (true, Some(set)) => {
                assert!(
                    set.contains("PP_OK"),
                    "{name}: its Statuses: line lacks PP_OK"
                );
                for s in set {
                    assert!(known.contains(s.as_str()), "{name}: {s} is not a pp_status");
                }
                assert!(
                    !set.contains("PP_ERR_PANIC"),
                    "{name}: PP_ERR_PANIC is implied"
                );
                documented.insert(name.clone(), set.clone());
            }
            (true, None) => panic!("{name} returns pp_status but has no Statuses: line"),
            (false, Some(_)) => panic!("{name} does not return pp_status but lists statuses"),
            (false, None) => {}
        }
    }
    assert!(documented.len() >= 100, "{} functions", documented.len());
    println!("{} functions list their statuses", documented.len());

    // (b) Drive every one of them.
    let scratch = std::env::temp_dir().join(format!("perpixel-statuses-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let a = mask(8, 8, true);
    let b = mask(5, 7, true);
    d!(pp_mask_set_pixel(a, 3, 3, 0));
    drive_errors_and_limits();
    drive_masks(a, &scratch);
    drive_bake(a, &scratch);
    drive_bounds();
    drive_queries(a, b);
    drive_motion(a, b);
    drive_polygons(a);
    drive_shapes(a, b);
    drive_transforms(a, b);
    drive_world(a, b);
    free(a);
    free(b);
    std::fs::remove_dir_all(&scratch).unwrap();

    let seen = SEEN.with(|s| s.borrow().clone());
    let mut failures = vec![];
    let mut calls = 0;
    for (name, set) in &documented {
        let Some(got) = seen.get(name.as_str()) else {
            failures.push(format!("{name}: never driven"));
            continue;
        };
        for (&status, &count) in got {
            calls += count;
            let s = &names[&status];
            if !set.contains(s) {
                failures.push(format!(
                    "{name} returned {s} ({count}x), not in its Statuses: line"
                ));
            }
        }
        println!(
            "{name}: returned {:?}",
            got.keys().map(|s| names[s].as_str()).collect::<Vec<_>>()
        );
    }
    for name in seen.keys() {
        assert!(
            documented.contains_key(*name),
            "{name} driven but not declared"
        );
    }
    // (c) The statuses each body names itself are listed too.
    let source = named_in_source();
    assert_eq!(
        source.keys().collect::<BTreeSet<_>>(),
        documented.keys().collect::<BTreeSet<_>>(),
        "src/ffi's status-returning exports are the header's"
    );
    for (name, named) in &source {
        for s in named {
            if !documented[name].contains(s) {
                failures.push(format!(
                    "{name} names {s} in its body, not in its Statuses: line"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The drive reaches every status but a panic and running out of memory.
    let reached: BTreeSet<&str> = seen
        .values()
        .flat_map(|m| m.keys().map(|s| names[s].as_str()))
        .collect();
    let unreached: Vec<_> = known.difference(&reached).collect();
    assert_eq!(
        unreached,
        [&"PP_ERR_OUT_OF_MEMORY", &"PP_ERR_PANIC"],
        "statuses the drive never provoked"
    );
    println!(
        "{calls} calls of {} functions: every status returned is listed",
        seen.len()
    );
}
