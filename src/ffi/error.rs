//! The boundary: status codes, the per-thread last error, and [`guard`], which every
//! exported function runs its body in so that no panic and no `crate::Error` crosses
//! into C as anything but a `pp_status` and a message.

use std::cell::RefCell;
use std::ffi::{CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};

/// The result of every fallible `pp_` call. `PP_OK` (0) is success; anything else is a
/// failure whose details `pp_last_error_message()` gives in words.
///
/// Only ever returned by the library, never passed in: functions that take a status
/// (`pp_status_text`) take it as a plain `uint32_t` so that any integer is safe.
///
/// Numbers are reserved by range, so each area can add codes without renumbering and
/// bindings can add their own without colliding: 1-99 the core (masks, files, pair
/// queries, transforms, contacts and motion), 100-199 the world, 200-299 the shape tools,
/// 1000-1099 codes that only a binding raises and the native library never returns
/// (C#'s `LibraryNotFound` and `VersionMismatch`, for example).
///
/// Every function that returns a `pp_status` lists the statuses it can return in one line
/// of its docs, `Statuses: `PP_OK`, ...` (`tests/statuses.rs` holds each function to
/// it). `PP_ERR_PANIC` is never listed: any call may return it, and only on a bug.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum pp_status {
    /// Success.
    PP_OK = 0,
    /// A pointer argument (or a sprite's mask) was NULL.
    PP_ERR_NULL_POINTER = 1,
    /// An argument is out of its range: a negative size or stride, an unknown pixel
    /// format, a colour key with `PP_FORMAT_A8`, a path that is not UTF-8.
    PP_ERR_INVALID_ARGUMENT = 2,
    /// A buffer is too short: a pixel buffer shorter than width, height and stride need,
    /// or an output buffer shorter than the result (see the buffer convention; the
    /// message gives the size needed).
    PP_ERR_BUFFER_TOO_SMALL = 3,
    /// The row stride is shorter than one row of pixels.
    PP_ERR_STRIDE_TOO_SMALL = 4,
    /// The region (sub-rectangle) does not lie inside the image.
    PP_ERR_REGION_OUT_OF_BOUNDS = 5,
    /// The mask (or the image a header describes) would exceed the size limit:
    /// `pp_max_mask_pixels()` pixels (default `PP_MAX_MASK_PIXELS`), sides up to
    /// `INT32_MAX`, or sizes whose product overflows.
    PP_ERR_TOO_LARGE = 6,
    /// A coordinate result does not fit in `int32_t`.
    PP_ERR_OVERFLOW = 7,
    /// Encoded image bytes could not be decoded (corrupt, truncated, unknown format).
    PP_ERR_DECODE = 8,
    /// A file could not be read (or written).
    PP_ERR_IO = 9,
    /// Memory could not be allocated.
    PP_ERR_OUT_OF_MEMORY = 10,
    /// A bug inside the library panicked; the call was abandoned safely and the
    /// message says where. Please report it.
    PP_ERR_PANIC = 11,
    /// Baked mask data is invalid: not a baked file, an unsupported format version,
    /// truncated, a failing checksum, sizes that do not match the bytes, duplicate
    /// names, trailing bytes. The message says which check failed.
    PP_ERR_BAD_BAKED_DATA = 12,
    /// A transform cannot be applied exactly: a non-finite number, a scale of 0 or
    /// outside 1e-6..1e6, a position beyond ±2^31, a singular or nearly singular matrix,
    /// a mask wider or taller than 2^24 pixels. The message says which limit.
    PP_ERR_INVALID_TRANSFORM = 13,
    /// A body id names no live body of the world (destroyed, its slot reused, or never
    /// made by this world). The world statuses start at 100.
    PP_ERR_STALE_BODY = 100,
    /// A body id was made by another world (every `pp_body_id` carries its world's tag):
    /// refused, whatever body of this world has the same index. A zeroed id belongs to no
    /// world and is refused the same way.
    PP_ERR_WRONG_WORLD = 101,
    /// A mask to edit in place is also held by something else (a world body, a bundle,
    /// another handle), so editing it would change theirs: edit a copy (`pp_mask_copy`),
    /// or a world body's mask with `pp_world_edit_mask`. The shape tools' statuses start
    /// at 200.
    PP_ERR_MASK_SHARED = 200,
}

impl pp_status {
    /// Every status, in numeric order.
    pub(crate) const ALL: [pp_status; 17] = [
        pp_status::PP_OK,
        pp_status::PP_ERR_NULL_POINTER,
        pp_status::PP_ERR_INVALID_ARGUMENT,
        pp_status::PP_ERR_BUFFER_TOO_SMALL,
        pp_status::PP_ERR_STRIDE_TOO_SMALL,
        pp_status::PP_ERR_REGION_OUT_OF_BOUNDS,
        pp_status::PP_ERR_TOO_LARGE,
        pp_status::PP_ERR_OVERFLOW,
        pp_status::PP_ERR_DECODE,
        pp_status::PP_ERR_IO,
        pp_status::PP_ERR_OUT_OF_MEMORY,
        pp_status::PP_ERR_PANIC,
        pp_status::PP_ERR_BAD_BAKED_DATA,
        pp_status::PP_ERR_INVALID_TRANSFORM,
        pp_status::PP_ERR_STALE_BODY,
        pp_status::PP_ERR_WRONG_WORLD,
        pp_status::PP_ERR_MASK_SHARED,
    ];

    /// A short static description, NUL-terminated.
    pub(crate) const fn text(self) -> &'static std::ffi::CStr {
        match self {
            pp_status::PP_OK => c"ok",
            pp_status::PP_ERR_NULL_POINTER => c"null pointer",
            pp_status::PP_ERR_INVALID_ARGUMENT => c"invalid argument",
            pp_status::PP_ERR_BUFFER_TOO_SMALL => c"buffer too small",
            pp_status::PP_ERR_STRIDE_TOO_SMALL => c"row stride too small",
            pp_status::PP_ERR_REGION_OUT_OF_BOUNDS => c"region out of bounds",
            pp_status::PP_ERR_TOO_LARGE => c"mask too large",
            pp_status::PP_ERR_OVERFLOW => c"coordinate overflow",
            pp_status::PP_ERR_DECODE => c"cannot decode image",
            pp_status::PP_ERR_IO => c"cannot read file",
            pp_status::PP_ERR_OUT_OF_MEMORY => c"out of memory",
            pp_status::PP_ERR_PANIC => c"internal panic",
            pp_status::PP_ERR_BAD_BAKED_DATA => c"bad baked mask data",
            pp_status::PP_ERR_INVALID_TRANSFORM => c"invalid transform",
            pp_status::PP_ERR_STALE_BODY => c"stale body id",
            pp_status::PP_ERR_WRONG_WORLD => c"body id from another world",
            pp_status::PP_ERR_MASK_SHARED => c"mask shared",
        }
    }
}

/// A failed call: the status to return and the message for `pp_last_error_message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failure {
    pub(crate) status: pp_status,
    pub(crate) message: String,
}

impl Failure {
    /// A failure with a status and a message.
    pub(crate) fn new(status: pp_status, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
        }
    }

    /// `PP_ERR_NULL_POINTER` naming the argument.
    #[cold]
    #[inline(never)]
    pub(crate) fn null(argument: &str) -> Failure {
        Failure::new(
            pp_status::PP_ERR_NULL_POINTER,
            format!("null pointer: `{argument}` must not be NULL"),
        )
    }

    /// `PP_ERR_INVALID_ARGUMENT` with the words "invalid argument: " before `why`.
    pub(crate) fn invalid(why: impl std::fmt::Display) -> Failure {
        Failure::new(
            pp_status::PP_ERR_INVALID_ARGUMENT,
            format!("invalid argument: {why}"),
        )
    }
}

/// The status a Rust error becomes at the boundary.
pub(crate) fn status_of(e: &crate::Error) -> pp_status {
    use crate::Error as E;
    match e {
        E::InvalidArgument(_) => pp_status::PP_ERR_INVALID_ARGUMENT,
        E::BufferTooSmall { .. } => pp_status::PP_ERR_BUFFER_TOO_SMALL,
        E::StrideTooSmall { .. } => pp_status::PP_ERR_STRIDE_TOO_SMALL,
        E::RegionOutOfBounds { .. } => pp_status::PP_ERR_REGION_OUT_OF_BOUNDS,
        E::TooLarge { .. } => pp_status::PP_ERR_TOO_LARGE,
        E::Overflow(_) => pp_status::PP_ERR_OVERFLOW,
        E::Decode(_) => pp_status::PP_ERR_DECODE,
        E::Io(_) => pp_status::PP_ERR_IO,
        E::BadBakedData(_) => pp_status::PP_ERR_BAD_BAKED_DATA,
        E::InvalidTransform(_) => pp_status::PP_ERR_INVALID_TRANSFORM,
        E::StaleBody { .. } => pp_status::PP_ERR_STALE_BODY,
        E::WrongWorld { .. } => pp_status::PP_ERR_WRONG_WORLD,
        E::SnapshotOfAnotherWorld { .. } => pp_status::PP_ERR_WRONG_WORLD,
        // No wildcard: inside the crate the match is exhaustive, so a new variant
        // fails to compile here until it is given a status.
        E::OutOfMemory => pp_status::PP_ERR_OUT_OF_MEMORY,
    }
}

impl From<crate::Error> for Failure {
    fn from(e: crate::Error) -> Failure {
        Failure::new(status_of(&e), e.to_string())
    }
}

thread_local! {
    /// The calling thread's last failure, NUL-terminated; `None` until the first one.
    static LAST_ERROR: RefCell<Option<CString>> = const { RefCell::new(None) };
}

/// Records `message` as this thread's last error. Interior NULs (which C could not see
/// past) are written as `\0`.
pub(crate) fn set_last_error(message: &str) {
    let text =
        CString::new(message.replace('\0', "\\0")).expect("interior NUL bytes were just replaced");
    // `try_with`: during thread teardown the slot may be gone; the status still tells.
    let _ = LAST_ERROR.try_with(|slot| *slot.borrow_mut() = Some(text));
}

/// This thread's last error message as a C string pointer (`""` when none). The pointer
/// stays valid until the next failing call on this thread replaces the message.
pub(crate) fn last_error_ptr() -> *const c_char {
    LAST_ERROR
        .try_with(|slot| match &*slot.borrow() {
            // The CString's heap buffer does not move until the slot is overwritten.
            Some(text) => text.as_ptr(),
            None => c"".as_ptr(),
        })
        .unwrap_or(c"".as_ptr())
}

/// Runs `f` with `visit` given this thread's last error bytes (without the NUL).
pub(crate) fn with_last_error<R>(visit: impl FnOnce(&[u8]) -> R) -> R {
    let bytes = LAST_ERROR
        .try_with(|slot| {
            slot.borrow()
                .as_ref()
                .map(|t| t.as_bytes().to_vec())
                .unwrap_or_default()
        })
        .unwrap_or_default();
    visit(&bytes)
}

/// The text of a panic payload (`panic!("...")` gives `&str` or `String`).
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with a non-text payload".to_owned()
    }
}

/// Runs the body of an exported fallible function: `Ok` → `PP_OK`; `Err` → its status,
/// with the message stored as the thread's last error; a panic is caught (it must never
/// unwind into C, which would abort the host) and becomes `PP_ERR_PANIC` with the panic
/// message. Successful calls leave the last error untouched.
pub(crate) fn guard(body: impl FnOnce() -> Result<(), Failure>) -> pp_status {
    let failure = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => return pp_status::PP_OK,
        Ok(Err(failure)) => failure,
        Err(payload) => Failure::new(
            pp_status::PP_ERR_PANIC,
            format!(
                "internal panic (a bug in perpixel, please report it): {}",
                panic_text(&*payload)
            ),
        ),
    };
    set_last_error(&failure.message);
    failure.status
}

/// [`guard`] for exports on hot paths (the pair queries, overlap masks, `pp_mask_free`),
/// whose fixed cost is most of what a sprite-sized call costs: inlined into the export, with the success path a
/// `catch_unwind` that costs nothing unless something panics, and every failure (an
/// error or a panic) handed to `guard` out of line, which records it exactly as for
/// every other export (a panic's payload is re-raised inside `guard` without running
/// the panic hook again).
#[inline(always)]
pub(crate) fn guard_hot(body: impl FnOnce() -> Result<(), Failure>) -> pp_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => pp_status::PP_OK,
        Ok(Err(failure)) => failed(failure),
        Err(payload) => panicked(payload),
    }
}

/// [`guard_hot`]'s error path.
#[cold]
#[inline(never)]
fn failed(failure: Failure) -> pp_status {
    guard(|| Err(failure))
}

/// [`guard_hot`]'s panic path.
#[cold]
#[inline(never)]
fn panicked(payload: Box<dyn std::any::Any + Send>) -> pp_status {
    guard(|| resume_unwind(payload))
}

/// [`guard`] for the few exports that cannot fail and return a value rather than a
/// status: a panic (a bug) returns `on_panic` and records the message.
pub(crate) fn guard_value<T>(on_panic: T, body: impl FnOnce() -> T) -> T {
    let mut value = None;
    let status = guard(|| {
        value = Some(body());
        Ok(())
    });
    match (status, value) {
        (pp_status::PP_OK, Some(v)) => v,
        _ => on_panic,
    }
}

/// Fails with `PP_ERR_NULL_POINTER` naming `name` when `ptr` is NULL.
#[inline(always)]
pub(crate) fn non_null<T>(ptr: *const T, name: &str) -> Result<(), Failure> {
    if ptr.is_null() {
        Err(Failure::null(name))
    } else {
        Ok(())
    }
}

/// Writes `value` through a caller's out-pointer already checked non-NULL.
///
/// # Safety
/// `out` must be non-NULL, aligned and valid for a write of `T` (the C caller's
/// contract for every out-pointer).
pub(crate) unsafe fn write_out<T>(out: *mut T, value: T) {
    debug_assert!(!out.is_null());
    // SAFETY: the caller guarantees `out` is non-NULL, aligned and writable; `T` is a
    // plain `Copy`-like C type or a pointer, so overwriting without dropping is right.
    unsafe { out.write(value) }
}

/// A short static description of a status (`"ok"`, `"null pointer"`, ...); values that
/// are not a `pp_status` give `"unknown status"`. Takes the status as `uint32_t` so that
/// any integer is safe to pass. The string is static: never free it. Any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_status_text(status: u32) -> *const c_char {
    guard_value(c"unknown status".as_ptr(), || {
        pp_status::ALL
            .iter()
            .find(|s| **s as u32 == status)
            .map_or(c"unknown status", |s| s.text())
            .as_ptr()
    })
}

/// The calling thread's last failure in words, NUL-terminated UTF-8; `""` when no call
/// on this thread has failed yet. Every failing call sets it; successful calls leave it
/// alone, so read it right after the status says failure. The string belongs to the
/// library: do not free it; it stays valid until the next failing call on the same
/// thread (or the thread's exit). Each thread has its own.
#[unsafe(no_mangle)]
pub extern "C" fn pp_last_error_message() -> *const c_char {
    guard_value(c"".as_ptr(), last_error_ptr)
}

/// Copies the calling thread's last error message (see `pp_last_error_message`) into
/// `buf` by the buffer convention: with `buf` NULL, writes to `*len` the bytes the message
/// takes with its NUL; with `buf_len >= *len`, copies the message and a NUL. Unlike every
/// other call, a failure here (`PP_ERR_NULL_POINTER` for `len`, `PP_ERR_BUFFER_TOO_SMALL`,
/// nothing written) leaves the last error message alone, so it can be retried. Any
/// thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `buf` must be NULL or valid for writes of `buf_len` bytes; `len` NULL or valid for a
/// write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_last_error_message_copy(
    buf: *mut c_char,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        with_last_error(|message| {
            // SAFETY: forwarded caller guarantees for `buf` and `len`.
            unsafe { super::buffer::write_text(message, buf, buf_len, len, "the message") }
        })
    }));
    match outcome {
        Ok(Ok(())) => pp_status::PP_OK,
        Ok(Err(failure)) => failure.status,
        Err(_) => pp_status::PP_ERR_PANIC,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bounds2D, Error};
    use std::ffi::CStr;

    fn last_error() -> String {
        // SAFETY: `last_error_ptr` always returns a valid NUL-terminated string.
        unsafe { CStr::from_ptr(last_error_ptr()) }
            .to_str()
            .unwrap()
            .to_owned()
    }

    #[test]
    fn every_error_names_the_status_it_becomes() {
        let errors = [
            Error::InvalidArgument("a".into()),
            Error::BufferTooSmall {
                needed: 4,
                actual: 3,
            },
            Error::StrideTooSmall {
                row_bytes: 4,
                stride: 3,
            },
            Error::RegionOutOfBounds {
                region: Bounds2D::new(0, 0, 2, 2),
                width: 1,
                height: 1,
            },
            Error::TooLarge {
                width: 1,
                height: 1,
            },
            Error::Overflow("o".into()),
            Error::Decode("d".into()),
            Error::Io("i".into()),
            Error::BadBakedData("b".into()),
            Error::InvalidTransform("t".into()),
            Error::StaleBody {
                index: 1,
                generation: 2,
            },
            Error::WrongWorld {
                index: 1,
                generation: 2,
                world: 3,
                this_world: 4,
            },
            Error::SnapshotOfAnotherWorld {
                world: 1,
                this_world: 2,
            },
            Error::OutOfMemory,
        ];
        for e in &errors {
            // The enumerator's name as cbindgen writes it into the header.
            assert_eq!(e.status_name(), format!("{:?}", status_of(e)), "{e:?}");
        }
        println!("{} errors name the status they become", errors.len());
    }

    #[test]
    fn a_panic_inside_guard_becomes_a_status_and_a_message() {
        let status = guard(|| panic!("boom at {}", 42));
        assert_eq!(status, pp_status::PP_ERR_PANIC);
        let text = last_error();
        assert!(text.contains("boom at 42"), "{text}");
        assert!(text.contains("internal panic"), "{text}");

        let status = guard(|| std::panic::panic_any(7u32));
        assert_eq!(status, pp_status::PP_ERR_PANIC);
        assert!(last_error().contains("non-text payload"));
    }

    #[test]
    fn a_panic_inside_guard_value_returns_the_fallback() {
        let v: u8 = guard_value(0, || panic!("value boom"));
        assert_eq!(v, 0);
        assert!(last_error().contains("value boom"));
        assert_eq!(guard_value(0u8, || 5), 5);
    }

    #[test]
    fn success_leaves_the_last_error_alone() {
        let status = guard(|| Err(Failure::invalid("first")));
        assert_eq!(status, pp_status::PP_ERR_INVALID_ARGUMENT);
        assert_eq!(last_error(), "invalid argument: first");
        assert_eq!(guard(|| Ok(())), pp_status::PP_OK);
        assert_eq!(last_error(), "invalid argument: first");
    }

    #[test]
    fn the_last_error_is_per_thread() {
        let _ = guard(|| Err(Failure::null("here")));
        let other = std::thread::spawn(|| {
            let before = last_error();
            let _ = guard(|| Err(Failure::invalid("there")));
            (before, last_error())
        })
        .join()
        .unwrap();
        assert_eq!(other.0, "");
        assert_eq!(other.1, "invalid argument: there");
        assert_eq!(last_error(), "null pointer: `here` must not be NULL");
    }

    #[test]
    fn interior_nul_bytes_do_not_truncate_or_fail() {
        let _ = guard(|| Err(Failure::invalid("a\0b")));
        assert_eq!(last_error(), "invalid argument: a\\0b");
    }

    #[test]
    fn every_error_variant_maps_to_its_status() {
        let region = Bounds2D::new(1, 2, 3, 4);
        let cases = [
            (
                Error::InvalidArgument("x".into()),
                pp_status::PP_ERR_INVALID_ARGUMENT,
            ),
            (
                Error::BufferTooSmall {
                    needed: 8,
                    actual: 7,
                },
                pp_status::PP_ERR_BUFFER_TOO_SMALL,
            ),
            (
                Error::StrideTooSmall {
                    row_bytes: 8,
                    stride: 4,
                },
                pp_status::PP_ERR_STRIDE_TOO_SMALL,
            ),
            (
                Error::RegionOutOfBounds {
                    region,
                    width: 2,
                    height: 2,
                },
                pp_status::PP_ERR_REGION_OUT_OF_BOUNDS,
            ),
            (
                Error::TooLarge {
                    width: 1 << 20,
                    height: 1 << 20,
                },
                pp_status::PP_ERR_TOO_LARGE,
            ),
            (Error::Overflow("o".into()), pp_status::PP_ERR_OVERFLOW),
            (Error::Decode("d".into()), pp_status::PP_ERR_DECODE),
            (Error::Io("i".into()), pp_status::PP_ERR_IO),
            (Error::OutOfMemory, pp_status::PP_ERR_OUT_OF_MEMORY),
            (
                Error::InvalidTransform("t".into()),
                pp_status::PP_ERR_INVALID_TRANSFORM,
            ),
            (
                Error::BadBakedData("b".into()),
                pp_status::PP_ERR_BAD_BAKED_DATA,
            ),
            (
                Error::StaleBody {
                    index: 1,
                    generation: 2,
                },
                pp_status::PP_ERR_STALE_BODY,
            ),
            (
                Error::WrongWorld {
                    index: 1,
                    generation: 2,
                    world: 3,
                    this_world: 4,
                },
                pp_status::PP_ERR_WRONG_WORLD,
            ),
            (
                Error::SnapshotOfAnotherWorld {
                    world: 3,
                    this_world: 4,
                },
                pp_status::PP_ERR_WRONG_WORLD,
            ),
        ];
        for (error, status) in cases {
            let text = error.to_string();
            let failure = Failure::from(error);
            assert_eq!(failure.status, status);
            assert_eq!(failure.message, text);
            let returned = guard(|| Err(failure.clone()));
            assert_eq!(returned, status);
            assert_eq!(last_error(), text);
        }
    }

    #[test]
    fn statuses_are_numbered_as_documented_and_have_text() {
        // The core's codes are 0..=13 in order; every code sits in a reserved range
        // (1-99 core, 100-199 world, 200-299 shape tools; 1000+ is for bindings only).
        for (i, status) in pp_status::ALL.iter().enumerate().take(14) {
            assert_eq!(*status as u32, i as u32);
        }
        for status in pp_status::ALL {
            let n = status as u32;
            assert!(n < 300, "{status:?} = {n} is outside the native ranges");
            assert!(!status.text().to_bytes().is_empty());
            assert_eq!(
                // SAFETY: pp_status_text returns a static NUL-terminated string.
                unsafe { std::ffi::CStr::from_ptr(pp_status_text(n)) },
                status.text()
            );
        }
        for unknown in [14, 99, 102, 199, 1000, u32::MAX] {
            assert_eq!(
                // SAFETY: as above, for any value.
                unsafe { std::ffi::CStr::from_ptr(pp_status_text(unknown)) },
                c"unknown status"
            );
        }
        assert_eq!(pp_status::PP_ERR_PANIC as u32, 11);
        assert_eq!(pp_status::PP_ERR_BAD_BAKED_DATA as u32, 12);
        assert_eq!(pp_status::PP_ERR_INVALID_TRANSFORM as u32, 13);
        // The world's range starts at 100.
        assert_eq!(pp_status::PP_ERR_STALE_BODY as u32, 100);
        assert_eq!(pp_status::PP_ERR_WRONG_WORLD as u32, 101);
        assert_eq!(pp_status::PP_ERR_MASK_SHARED as u32, 200);
    }
}
