//! The process-wide mask size limit: how many pixels one mask (and one decoded image) may
//! hold, so that a hostile image header or a bad size cannot make the library allocate
//! gigabytes.
//!
//! The limit is one setting for the whole process rather than an option on every call:
//! it is a policy of the host (how much memory a sprite may cost), not a property of one
//! sprite; it protects every constructor, including the ones that take no options
//! ([`Mask::empty`](crate::Mask::empty), [`Mask::from_fn`](crate::Mask::from_fn)) and the
//! ones bindings add later, without widening any signature in Rust, C or C#; and an engine
//! sets it once at start-up. It is an atomic, so reading it costs one relaxed load per
//! mask built and nothing per query.

use crate::{Error, MAX_MASK_PIXELS, Result};
use std::sync::atomic::{AtomicU64, Ordering};

static LIMIT: AtomicU64 = AtomicU64::new(MAX_MASK_PIXELS);

/// The largest number of pixels one mask may hold right now: [`MAX_MASK_PIXELS`]
/// (2^26) until [`set_max_mask_pixels`] changes it. Building a larger mask fails with
/// [`Error::TooLarge`] before anything is allocated; decoding an image whose header claims
/// more pixels fails the same way, before the decoder allocates.
///
/// ```
/// assert!(perpixel::max_mask_pixels() >= 1);
/// ```
pub fn max_mask_pixels() -> u64 {
    LIMIT.load(Ordering::Relaxed)
}

/// Sets the process-wide mask size limit (see [`max_mask_pixels`]) to `pixels`, which
/// must be at least 1. Masks already built are unaffected; masks built afterwards on any
/// thread use the new limit (a constructor running on another thread at the same moment
/// uses either the old or the new one). Set it once at start-up, before loading sprites.
///
/// Raising it lets larger images through at the cost of more memory while decoding
/// (4 bytes per pixel of decoded RGBA, 8 for a 16-bit PNG, plus up to twice the decoded
/// pixels for the JPEG, GIF, TGA and WebP decoders' own buffers, plus the mask's 1 bit per
/// pixel) and more bytes read from an image file (at most 16 per pixel plus 64 MiB);
/// lowering it hardens a tool that loads untrusted images. At any limit, even
/// `u64::MAX`, memory that cannot be had is [`Error::OutOfMemory`], never an abort.
///
/// ```
/// use perpixel::{Error, Mask};
/// let before = perpixel::max_mask_pixels();
/// perpixel::set_max_mask_pixels(1 << 20)?;            // 1 megapixel per sprite at most
/// assert!(matches!(Mask::empty(2048, 1024), Err(Error::TooLarge { .. })));
/// assert!(Mask::empty(1024, 1024).is_ok());
/// assert!(perpixel::set_max_mask_pixels(0).is_err());
/// perpixel::set_max_mask_pixels(before)?;
/// # Ok::<(), perpixel::Error>(())
/// ```
pub fn set_max_mask_pixels(pixels: u64) -> Result<()> {
    if pixels == 0 {
        return Err(Error::InvalidArgument(
            "the mask size limit must be at least 1 pixel".into(),
        ));
    }
    LIMIT.store(pixels, Ordering::Relaxed);
    Ok(())
}
