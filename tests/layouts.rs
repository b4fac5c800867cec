//! Every struct of the C ABI laid out alike in every language (issue 31): the C
//! compiler's sizes and field offsets of each `typedef struct` in `include/perpixel.h`
//! (tests/common/layouts.rs builds a program that prints them) against the C++
//! compiler's reading of the same header and the Rust `#[repr(C)]` types the header is
//! generated from. C# is checked against the same C program's lines in tests/csharp.rs
//! (`LayoutTests.cs`). A struct added to the header and not to the list below fails here.

mod common;

use common::layouts::{committed_structs, compiler_layouts, keys};
use perpixel::ffi::*;
use std::mem::{offset_of, size_of};

/// `name size` and `name.field offset` lines of the Rust types, in the layout program's
/// format: each struct with every field in the header's order (an array field as
/// `field[N]`, one line per element).
macro_rules! rust_layouts {
    ($($s:ident { $($f:ident $([$n:literal])?),* $(,)? }),* $(,)?) => {{
        let mut out = String::new();
        $(
            out += &format!("{} {}\n", stringify!($s), size_of::<$s>());
            $( rust_layouts!(@field out, $s, $f $([$n])?); )*
        )*
        out
    }};
    (@field $out:ident, $s:ident, $f:ident) => {
        $out += &format!("{}.{} {}\n", stringify!($s), stringify!($f), offset_of!($s, $f));
    };
    (@field $out:ident, $s:ident, $f:ident [$n:literal]) => {
        for i in 0..$n {
            // Element `i` of an array field: the field's offset plus `i` elements.
            let element = {
                let v = std::mem::MaybeUninit::<$s>::uninit();
                // SAFETY: only the field's type is read (for its element size), never
                // its value.
                let field = unsafe { &*std::ptr::addr_of!((*v.as_ptr()).$f) };
                std::mem::size_of_val(&field[0])
            };
            $out += &format!(
                "{}.{}[{}] {}\n",
                stringify!($s),
                stringify!($f),
                i,
                offset_of!($s, $f) + i * element
            );
        }
    };
}

fn rust() -> String {
    rust_layouts! {
        pp_bake_info { has_threshold, threshold, flip_y, flip_x, has_color_key, color_key[3] },
        pp_bounds { x, y, width, height },
        pp_mask_edit { internal_cookie, op, x, y, x1, y1, width, height, radius, solid, other },
        pp_body_id { index, generation, world },
        pp_mask_options {
            internal_cookie, threshold, flip_x, flip_y, has_color_key, color_key[3], has_region,
            region,
        },
        pp_sprite { mask, x, y, pixel_collision },
        pp_point { x, y },
        pp_normal { x, y },
        pp_sweep_result { outcome, step, steps, at, last_free, contact, has_normal, normal },
        pp_push_options { internal_cookie, direction, along_x, along_y, max_distance },
        pp_offset { dx, dy },
        pp_move_options { internal_cookie, step_up, up },
        pp_move_result { x, y, blocked_x, blocked_y, started_inside, climbed },
        pp_ray_hit { pixel, step, distance, has_normal, normal },
        pp_polygon_options { internal_cookie, epsilon, holes, y_flip, max_vertices },
        pp_vertex { x, y },
        pp_vertexf { x, y },
        pp_component_options { internal_cookie, connectivity, order, reserved, min_pixels },
        pp_rgba { r, g, b, a },
        pp_color_range { min, max },
        pp_morph_options { internal_cookie, norm, shrink_from_edges },
        pp_transform {
            internal_cookie, flip_x, flip_y, has_pivot, reserved, x, y, pivot_x, pivot_y,
            rotation_degrees, scale_x, scale_y,
        },
        pp_filter { category, mask, group },
        pp_body_def {
            internal_cookie, mask, x, y, transformed, transform, pixel_collision, is_static,
            filter, user_data,
        },
        pp_position { x, y },
        pp_body_info { sprite, is_static, filter, user_data },
        pp_pair { a, b },
        pp_world_events { touching, touching_count, begins, begin_count, ends, end_count },
        pp_contact { touching, first_contact, area, has_normal, normal, has_push_out, push_out },
    }
}

/// The first line where `got` differs from `want`, for the failure message.
fn first_difference(want: &str, got: &str) -> String {
    let (w, g): (Vec<_>, Vec<_>) = (want.lines().collect(), got.lines().collect());
    for i in 0..w.len().max(g.len()) {
        if w.get(i) != g.get(i) {
            return format!(
                "line {}: the C compiler has {:?}, this has {:?}",
                i + 1,
                w.get(i),
                g.get(i)
            );
        }
    }
    "none".into()
}

#[test]
fn every_struct_has_one_layout_in_c_cpp_and_rust() {
    if !common::tools_present(
        &["gcc", "g++"],
        "the layout test",
        "apt-get install gcc g++",
    ) {
        return;
    }
    let dir = common::scratch("layouts", "compilers");
    let c = compiler_layouts("gcc", &dir);
    let structs = committed_structs();
    let keys = keys(&structs);
    // The program printed what the header holds, each line a number.
    let printed: Vec<&str> = c.lines().map(|l| l.rsplit_once(' ').unwrap().0).collect();
    assert_eq!(printed, keys, "the layout program's lines");
    assert!(
        structs.len() >= 29,
        "the header's value structs were not all found ({})",
        structs.len()
    );
    let cpp = compiler_layouts("g++", &dir);
    assert!(
        c == cpp,
        "g++ lays the header's structs out unlike gcc: {}",
        first_difference(&c, &cpp)
    );
    let r = rust();
    assert!(
        c == r,
        "a Rust type of the C ABI is laid out unlike the header's struct, or the list in \
         tests/layouts.rs lacks a struct or field the header has: {}",
        first_difference(&c, &r)
    );
    println!(
        "layouts: {} structs, {} sizes and offsets: gcc == g++ == Rust",
        structs.len(),
        keys.len()
    );
}
