//! The shape tools through the C ABI (issue 16): what a mask says about its shape
//! (`pp_mask_centroid`, `pp_mask_angle`, the connected components as handles, labels,
//! counts and bounds, the one at a pixel, the largest), new masks made from one
//! (`pp_mask_grow` / `_shrink`, `_convolve`, `_scale`, `_crop`), and conversions: a mask
//! to pixels (`pp_mask_to_pixels`, `pp_mask_write_pixels`, `pp_mask_to_png`) and back by
//! colour range (`pp_mask_from_color_range`), and its raw bytes both ways
//! (`pp_mask_to_bytes`, `pp_mask_from_bytes`).
//!
//! Every function here reads its mask and never changes it: any thread, masks may be
//! shared. Every new mask is the caller's (`pp_mask_free`).

mod components;
mod convert;
mod morph;

pub use components::{
    PP_CONNECTIVITY_4, PP_CONNECTIVITY_8, PP_ORDER_LARGEST_FIRST, PP_ORDER_POSITION,
    pp_component_options, pp_component_options_default, pp_mask_angle, pp_mask_centroid,
    pp_mask_component_at, pp_mask_component_bounds, pp_mask_component_counts,
    pp_mask_component_labels, pp_mask_components, pp_mask_largest_component,
};
#[cfg(feature = "image")]
pub use convert::pp_mask_to_png;
pub use convert::{
    pp_color_range, pp_color_range_within, pp_mask_from_bytes, pp_mask_from_color_range,
    pp_mask_to_bytes, pp_mask_to_pixels, pp_mask_write_pixels, pp_rgba,
};
pub use morph::{
    PP_NORM_DIAMOND, PP_NORM_DISC, PP_NORM_SQUARE, pp_mask_convolve, pp_mask_crop, pp_mask_grow,
    pp_mask_scale, pp_mask_shrink, pp_morph_options, pp_morph_options_default,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::{pp_mask_free, pp_mask_new, pp_status};
    use std::mem::{offset_of, size_of};
    use std::ptr;

    #[test]
    fn layouts_match_the_header() {
        assert_eq!(size_of::<pp_component_options>(), 24);
        assert_eq!(offset_of!(pp_component_options, connectivity), 4);
        assert_eq!(offset_of!(pp_component_options, order), 8);
        assert_eq!(offset_of!(pp_component_options, min_pixels), 16);
        assert_eq!(size_of::<pp_morph_options>(), 12);
        assert_eq!(offset_of!(pp_morph_options, shrink_from_edges), 8);
        assert_eq!(size_of::<pp_rgba>(), 4);
        assert_eq!(size_of::<pp_color_range>(), 8);
    }

    #[test]
    fn zeroed_options_are_refused_and_null_means_the_defaults() {
        let mut m = ptr::null_mut();
        // SAFETY: valid out-pointer.
        assert_eq!(unsafe { pp_mask_new(3, 2, 1, &mut m) }, pp_status::PP_OK);
        let (mut n, mut out) = (0usize, ptr::null_mut());
        // SAFETY: every pointer is valid or NULL where allowed; `m` is live.
        unsafe {
            let zeroed: pp_component_options = std::mem::zeroed();
            let status = pp_mask_component_bounds(m, &zeroed, ptr::null_mut(), 0, &mut n);
            assert_eq!(status, pp_status::PP_ERR_INVALID_ARGUMENT);
            let status = pp_mask_component_bounds(m, ptr::null(), ptr::null_mut(), 0, &mut n);
            assert_eq!((status, n), (pp_status::PP_OK, 1));
            let defaults = pp_component_options_default();
            let status = pp_mask_component_bounds(m, &defaults, ptr::null_mut(), 0, &mut n);
            assert_eq!((status, n), (pp_status::PP_OK, 1));
            let zeroed: pp_morph_options = std::mem::zeroed();
            let status = pp_mask_grow(m, 1, &zeroed, &mut out);
            assert_eq!(
                (status, out),
                (pp_status::PP_ERR_INVALID_ARGUMENT, ptr::null_mut())
            );
            assert_eq!(
                pp_mask_shrink(m, 1, ptr::null(), &mut out),
                pp_status::PP_OK
            );
            pp_mask_free(out);
            pp_mask_free(m);
        }
        let d = pp_morph_options_default();
        assert_eq!((d.norm, d.shrink_from_edges), (PP_NORM_DISC, 1));
    }
}
