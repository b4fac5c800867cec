//! The C ABI: what `include/perpixel.h` declares, generated from this module by cbindgen.
//!
//! # Conventions
//!
//! Written once, in `ARCHITECTURE.md`, "The C ABI conventions": names and types, status
//! codes and their ranges, out-pointers written only on success, the per-thread last
//! error, NULL checks, `guard` around every export (no panic crosses), fallible
//! allocation, shared handles (`handle.rs`), the buffer convention (`buffer.rs`),
//! absent answers versus errors, options structs with a default function and a cookie
//! (`cookie.rs`), threads.
//!
//! ```c
//! pp_mask *ship = NULL, *rock = NULL;
//! if (pp_mask_from_pixels(rgba, len, PP_FORMAT_RGBA8, 32, 32, 32 * 4, NULL, &ship) != PP_OK)
//!     fprintf(stderr, "perpixel: %s\n", pp_last_error_message());
//! ```
//!
//! The Rust items here exist for the header; Rust code should use the crate's safe API.

#![allow(non_camel_case_types)]

mod bake;
mod bounds;
mod buffer;
mod cookie;
mod edit;
mod error;
mod handle;
mod limits;
mod mask;
mod motion;
#[cfg(test)]
mod no_alloc_tests;
mod polygon;
mod query;
mod shape;
mod snapshot;
mod transform;
mod version;
mod world;

pub use bake::{
    pp_bake_info, pp_bundle, pp_bundle_count, pp_bundle_free, pp_bundle_from_bytes,
    pp_bundle_from_path, pp_bundle_get, pp_bundle_info_at, pp_bundle_name_at, pp_mask_from_baked,
    pp_mask_to_baked,
};
pub use bounds::{
    pp_bounds, pp_bounds_area, pp_bounds_contains, pp_bounds_intersection, pp_bounds_is_empty,
    pp_bounds_overlaps, pp_bounds_to_global, pp_bounds_to_local, pp_bounds_x_max, pp_bounds_x_min,
    pp_bounds_y_max, pp_bounds_y_min, pp_point,
};
pub use edit::{
    PP_EDIT_DRAW, PP_EDIT_DRAW_LINE, PP_EDIT_ERASE, PP_EDIT_FILL_CIRCLE, PP_EDIT_FILL_ELLIPSE,
    PP_EDIT_FILL_RECT, PP_EDIT_INTERSECT, PP_EDIT_INVERT, PP_EDIT_NONE, PP_EDIT_SET_PIXEL,
    PP_EDIT_XOR, pp_mask_copy, pp_mask_draw, pp_mask_draw_line, pp_mask_edit, pp_mask_edit_default,
    pp_mask_erase, pp_mask_fill_circle, pp_mask_fill_ellipse, pp_mask_fill_rect, pp_mask_intersect,
    pp_mask_invert, pp_mask_set_pixel, pp_mask_xor, pp_world_edit_mask,
};
pub use error::{pp_last_error_message, pp_last_error_message_copy, pp_status, pp_status_text};
pub use limits::{pp_max_mask_pixels, pp_set_max_mask_pixels};
pub use mask::pp_mask_from_pixels;
pub use mask::{
    PP_FORMAT_A8, PP_FORMAT_ABGR8, PP_FORMAT_ARGB8, PP_FORMAT_ARGB32, PP_FORMAT_BGRA8,
    PP_FORMAT_RGBA8, PP_MAX_MASK_PIXELS, pp_mask, pp_mask_count, pp_mask_free, pp_mask_is_solid,
    pp_mask_new, pp_mask_options, pp_mask_options_default, pp_mask_size, pp_mask_solid_bounds,
};
#[cfg(feature = "image")]
pub use mask::{pp_mask_from_image_bytes, pp_mask_from_image_path};
pub use motion::{
    PP_NORMAL_RADIUS, PP_PUSH_ALONG, PP_PUSH_ANY, PP_PUSH_HORIZONTAL, PP_PUSH_VERTICAL,
    PP_SWEEP_CLEAR, PP_SWEEP_HIT, PP_SWEEP_STARTS_TOUCHING, pp_contact_normal, pp_move_and_slide,
    pp_move_options, pp_move_options_default, pp_move_result, pp_normal, pp_normal_degrees,
    pp_offset, pp_push_options, pp_push_options_default, pp_push_out, pp_ray_hit, pp_raycast,
    pp_solid_at, pp_sweep, pp_sweep_path_position, pp_sweep_result,
};
pub use polygon::{
    pp_convex_pieces, pp_convex_pieces_counts, pp_convex_pieces_free, pp_convex_pieces_points,
    pp_convex_pieces_starts, pp_mask_convex_pieces, pp_mask_outline, pp_mask_polygons,
    pp_polygon_options, pp_polygon_options_default, pp_polygons, pp_polygons_counts,
    pp_polygons_free, pp_polygons_points, pp_polygons_ring_counts, pp_polygons_ring_starts,
    pp_vertex, pp_vertexf,
};
pub use query::{
    pp_collides, pp_first_contact, pp_mask_collides, pp_mask_first_contact, pp_mask_overlap_area,
    pp_mask_overlap_mask, pp_overlap_area, pp_overlap_mask, pp_sprite,
};
#[cfg(feature = "image")]
pub use shape::pp_mask_to_png;
pub use shape::{
    PP_CONNECTIVITY_4, PP_CONNECTIVITY_8, PP_NORM_DIAMOND, PP_NORM_DISC, PP_NORM_SQUARE,
    PP_ORDER_LARGEST_FIRST, PP_ORDER_POSITION, pp_color_range, pp_color_range_within,
    pp_component_options, pp_component_options_default, pp_mask_angle, pp_mask_centroid,
    pp_mask_component_at, pp_mask_component_bounds, pp_mask_component_counts,
    pp_mask_component_labels, pp_mask_components, pp_mask_convolve, pp_mask_crop,
    pp_mask_from_bytes, pp_mask_from_color_range, pp_mask_grow, pp_mask_largest_component,
    pp_mask_scale, pp_mask_shrink, pp_mask_to_bytes, pp_mask_to_pixels, pp_mask_write_pixels,
    pp_morph_options, pp_morph_options_default, pp_rgba,
};
pub use snapshot::{
    pp_mask_hash, pp_world_hash, pp_world_restore, pp_world_snapshot, pp_world_snapshot_free,
    pp_world_take_snapshot,
};
pub use transform::{
    pp_mask_flip, pp_mask_rasterise, pp_mask_rasterise_matrix, pp_mask_rotate_quarter,
    pp_mask_scale_integer, pp_mask_transpose, pp_transform, pp_transform_default,
    pp_transformed_collides, pp_transformed_first_contact, pp_transformed_overlap_area,
    pp_transformed_solid_at,
};
pub use version::{
    PP_VERSION_MAJOR, PP_VERSION_MINOR, PP_VERSION_NUMBER, PP_VERSION_PATCH, pp_version,
    pp_version_number,
};
pub use world::{
    pp_body_def, pp_body_def_default, pp_body_id, pp_body_info, pp_contact, pp_filter,
    pp_filter_default, pp_pair, pp_position, pp_world, pp_world_at_point, pp_world_body,
    pp_world_body_mask, pp_world_contact, pp_world_create_body, pp_world_destroy_body,
    pp_world_events, pp_world_free, pp_world_get_events, pp_world_in_rect, pp_world_move_bodies,
    pp_world_move_body, pp_world_new, pp_world_overlapping, pp_world_raycast, pp_world_set_filter,
    pp_world_set_mask, pp_world_set_transform, pp_world_sweep, pp_world_update,
};
