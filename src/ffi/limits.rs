//! The process-wide mask size limit: `pp_max_mask_pixels`, `pp_set_max_mask_pixels`.

use super::error::{Failure, guard, guard_value, pp_status};

/// The pixel limit a mask may hold right now: `PP_MAX_MASK_PIXELS` (2^26) until
/// `pp_set_max_mask_pixels` changes it. Masks, and images whose header claims, more
/// pixels than this fail with `PP_ERR_TOO_LARGE` before anything is allocated.
/// Never fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_max_mask_pixels() -> u64 {
    guard_value(crate::MAX_MASK_PIXELS, crate::max_mask_pixels)
}

/// Sets the process-wide limit on the pixels one mask (and one decoded image) may hold;
/// `pixels` must be at least 1. It protects the host from hostile image headers and bad
/// sizes: lower it for tools that load untrusted images, raise it for huge levels
/// (decoding costs 4 bytes per pixel while it runs). Masks already built are
/// unaffected; masks built afterwards on every thread use the new limit (a mask being
/// built on another thread at that moment uses the old or the new one). Set it once at
/// start-up, before loading sprites.
///
/// Errors: `PP_ERR_INVALID_ARGUMENT` when `pixels` is 0 (the limit is unchanged).
/// Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_INVALID_ARGUMENT`.
#[unsafe(no_mangle)]
pub extern "C" fn pp_set_max_mask_pixels(pixels: u64) -> pp_status {
    guard(|| crate::set_max_mask_pixels(pixels).map_err(Failure::from))
}

#[cfg(test)]
mod tests {
    use super::*;

    // The only unit test that touches the limit, and it sets it back to the same value,
    // so tests running beside it in this process never see a different limit.
    #[test]
    fn zero_is_refused_and_the_limit_is_kept() {
        let before = pp_max_mask_pixels();
        assert_eq!(
            pp_set_max_mask_pixels(0),
            pp_status::PP_ERR_INVALID_ARGUMENT
        );
        assert_eq!(pp_max_mask_pixels(), before);
        assert_eq!(pp_set_max_mask_pixels(before), pp_status::PP_OK);
        assert_eq!(pp_max_mask_pixels(), before);
    }
}
