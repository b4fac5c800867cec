//! One mask to and from a baked file (the format is in [`crate::bake`]).

use crate::bake::bad;
use crate::{BakeInfo, Mask, MaskBundle, Result};

impl Mask {
    /// This mask as a baked file holding it alone (an entry with an empty name; see
    /// [the format](crate::bake)): 1 bit per pixel, rows rounded up to whole bytes, plus
    /// 31 bytes.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let ring = Mask::from_fn(20, 20, |x, y| {
    ///     let d = (x as i32 - 10).pow(2) + (y as i32 - 10).pow(2);
    ///     (36..=81).contains(&d)
    /// })?;
    /// let bytes = ring.to_baked();
    /// assert_eq!(bytes.len(), 31 + 20 * 3);
    /// assert_eq!(Mask::from_baked(&bytes)?, ring);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn to_baked(&self) -> Vec<u8> {
        crate::bake::to_bytes(std::iter::once(("", self, BakeInfo::default())))
    }

    /// The size of [`Mask::to_baked`]'s output, without building it.
    pub fn baked_len(&self) -> usize {
        crate::bake::baked_len(std::iter::once(("", self)))
    }

    /// The mask in a baked file that holds exactly one mask (whatever its name), as
    /// written by [`Mask::to_baked`] or `perpixel bake` on one image. Validates the
    /// whole file; a file with several masks is an [`Error::BadBakedData`](crate::Error::BadBakedData) that says to
    /// use [`MaskBundle`].
    pub fn from_baked(bytes: &[u8]) -> Result<Mask> {
        let bundle = MaskBundle::from_bytes(bytes)?;
        if bundle.len() != 1 {
            return Err(bad(format!(
                "the file holds {} masks, not one: load it as a bundle (MaskBundle) and look \
                 masks up by name",
                bundle.len()
            )));
        }
        let shared = bundle.entries.into_iter().next().expect("one entry").mask;
        // The bundle was just built: nobody else holds this mask.
        Ok(std::sync::Arc::try_unwrap(shared).unwrap_or_else(|shared| (*shared).clone()))
    }
}
