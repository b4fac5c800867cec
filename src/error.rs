//! The one error type of the crate.

use std::fmt;

/// Everything that can go wrong when building a mask or asking a question that takes
/// caller-supplied sizes. Queries on masks that already exist never fail.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An argument is out of its documented range (a zero stride, a colour key on an
    /// alpha-only image, ...). The text says which one and why.
    InvalidArgument(String),
    /// The pixel buffer holds fewer bytes than the width, height and stride need.
    BufferTooSmall {
        /// Bytes the layout needs.
        needed: u64,
        /// Bytes the caller gave.
        actual: u64,
    },
    /// The row stride is shorter than one row of pixels.
    StrideTooSmall {
        /// Bytes one row of pixels takes.
        row_bytes: u64,
        /// The stride the caller gave.
        stride: u64,
    },
    /// The sub-rectangle does not lie inside the image.
    RegionOutOfBounds {
        /// The region asked for.
        region: crate::Bounds2D,
        /// Image width in pixels.
        width: u32,
        /// Image height in pixels.
        height: u32,
    },
    /// The mask would be larger than [`crate::max_mask_pixels`] or a size does not fit
    /// the arithmetic (`width * height` overflows, a side exceeds `i32::MAX`).
    TooLarge {
        /// Requested width in pixels.
        width: u64,
        /// Requested height in pixels.
        height: u64,
    },
    /// A coordinate result does not fit in `i32`.
    Overflow(String),
    /// Encoded image bytes could not be decoded (corrupt, truncated, unknown format).
    Decode(String),
    /// A file could not be read or written. The text names the file and the reason.
    Io(String),
    /// Baked mask data (see [`crate::bake`]) is not a valid baked file: wrong magic,
    /// an unsupported version, truncated, a failing checksum, a length or size that does
    /// not match the bytes, bits set past a row's width, duplicate names, trailing bytes.
    /// The text says which check failed and where.
    BadBakedData(String),
    /// A transform (or matrix) cannot be applied exactly: a non-finite number, a scale of
    /// 0 or outside `1e-6..=1e6`, a position beyond ±2^31, a singular or nearly singular
    /// matrix, a mask wider or taller than 2^24 pixels. The text says which limit and the
    /// values (see [`crate::Transform`] and [`crate::Affine`]).
    InvalidTransform(String),
    /// A [`crate::BodyId`] of this world names no live body: its body was destroyed (its
    /// slot may hold another body now, with another generation) or its index was never
    /// made. (An id from another world is [`Error::WrongWorld`].)
    StaleBody {
        /// The id's slot.
        index: u32,
        /// The id's generation.
        generation: u32,
    },
    /// A [`crate::BodyId`] was made by another [`crate::World`] (its `world` tag is not
    /// this world's): refused, whatever body of this world has the same index.
    WrongWorld {
        /// The id's slot.
        index: u32,
        /// The id's generation.
        generation: u32,
        /// The tag of the world the id came from (0: a zeroed id, from no world).
        world: u32,
        /// The tag of the world it was given to.
        this_world: u32,
    },
    /// A [`crate::WorldSnapshot`] was given to a world other than the one that took it
    /// ([`crate::World::restore`]): refused, since the ids in it carry the other world's
    /// tag. The C status is `PP_ERR_WRONG_WORLD`, as for an id of another world.
    SnapshotOfAnotherWorld {
        /// The tag of the world the snapshot was taken from.
        world: u32,
        /// The tag of the world it was given to.
        this_world: u32,
    },
    /// Memory for the mask, or for decoding or reading its image or file, could not be
    /// allocated (returned instead of aborting the process).
    OutOfMemory,
}

impl Error {
    /// The name of the status this error is in every door: the C ABI's `pp_status`
    /// enumerator (`"PP_ERR_TOO_LARGE"`, ...), which C# and Python report too (a
    /// `PerPixelException`'s `Status`, a Python exception's `status`).
    ///
    /// ```
    /// let e = perpixel::Mask::empty(1 << 20, 1 << 20).unwrap_err();
    /// assert_eq!(e.status_name(), "PP_ERR_TOO_LARGE");
    /// ```
    pub fn status_name(&self) -> &'static str {
        // No wildcard: a new variant fails to compile here until it has a name (and
        // `ffi::error::status_of` a status; a test checks that the two agree).
        match self {
            Error::InvalidArgument(_) => "PP_ERR_INVALID_ARGUMENT",
            Error::BufferTooSmall { .. } => "PP_ERR_BUFFER_TOO_SMALL",
            Error::StrideTooSmall { .. } => "PP_ERR_STRIDE_TOO_SMALL",
            Error::RegionOutOfBounds { .. } => "PP_ERR_REGION_OUT_OF_BOUNDS",
            Error::TooLarge { .. } => "PP_ERR_TOO_LARGE",
            Error::Overflow(_) => "PP_ERR_OVERFLOW",
            Error::Decode(_) => "PP_ERR_DECODE",
            Error::Io(_) => "PP_ERR_IO",
            Error::BadBakedData(_) => "PP_ERR_BAD_BAKED_DATA",
            Error::InvalidTransform(_) => "PP_ERR_INVALID_TRANSFORM",
            Error::StaleBody { .. } => "PP_ERR_STALE_BODY",
            Error::WrongWorld { .. } | Error::SnapshotOfAnotherWorld { .. } => "PP_ERR_WRONG_WORLD",
            Error::OutOfMemory => "PP_ERR_OUT_OF_MEMORY",
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidArgument(why) => write!(f, "invalid argument: {why}"),
            Error::BufferTooSmall { needed, actual } => write!(
                f,
                "pixel buffer too small: the layout needs {needed} bytes but {actual} were given"
            ),
            Error::StrideTooSmall { row_bytes, stride } => write!(
                f,
                "row stride too small: one row of pixels is {row_bytes} bytes but the stride is {stride}"
            ),
            Error::RegionOutOfBounds {
                region,
                width,
                height,
            } => write!(
                f,
                "sub-rectangle {{x: {}, y: {}, width: {}, height: {}}} is not inside the {width}x{height} image",
                region.x, region.y, region.width, region.height
            ),
            Error::TooLarge { width, height } => write!(
                f,
                "mask too large: {width}x{height} pixels (limit: sides up to {} and {} pixels in all)",
                i32::MAX,
                crate::max_mask_pixels()
            ),
            Error::Overflow(what) => write!(f, "coordinate overflow: {what}"),
            Error::Decode(why) => write!(f, "cannot decode image: {why}"),
            Error::Io(why) => write!(f, "file error: {why}"),
            Error::BadBakedData(why) => write!(f, "bad baked mask data: {why}"),
            Error::InvalidTransform(why) => write!(f, "invalid transform: {why}"),
            Error::StaleBody { index, generation } => write!(
                f,
                "stale body id: body {index} (generation {generation}) does not exist in this \
                 world (destroyed, or never made by it)"
            ),
            Error::WrongWorld {
                index,
                generation,
                world,
                this_world,
            } => write!(
                f,
                "body id from another world: body {index} (generation {generation}) was made by \
                 world {world}, not by this world ({this_world})"
            ),
            Error::SnapshotOfAnotherWorld { world, this_world } => write!(
                f,
                "snapshot from another world: it was taken from world {world}, not from this \
                 world ({this_world})"
            ),
            Error::OutOfMemory => write!(
                f,
                "out of memory: the mask, or the image or file it is built from, could not be \
                 allocated"
            ),
        }
    }
}

impl std::error::Error for Error {}

/// `Result` with this crate's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
