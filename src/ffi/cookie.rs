//! Options and def structs that cross the C ABI carry a cookie, so that a zeroed,
//! uninitialised or wrongly typed struct is refused instead of silently meaning something.
//!
//! # The rule (one for every options/def struct, present and future)
//!
//! Every options or def struct crossing the C ABI has a default constructor function
//! (`pp_<thing>_default()`) and a leading `uint32_t internal_cookie`, documented as "set
//! by `pp_<thing>_default()`; do not touch". Callers start from the default function and
//! change the fields they care about. Every function taking the struct checks the cookie
//! first: a zeroed (`= {0}`) or uninitialised struct, or a struct of another type, fails
//! with `PP_ERR_INVALID_ARGUMENT` and a message naming the default function, before any
//! other field is read. A NULL pointer to the struct means the defaults. Each struct type
//! has its own cookie (an FNV-1a hash of its C name), and the cookie leads the struct, so
//! a pointer to the wrong struct type reads that type's different cookie at offset 0. The
//! C++ wrapper's option types start from the default function; the C# binding fills the
//! native struct from it, and its own option structs make `new T()` mean the defaults.
//!
//! # Adding a def struct
//!
//! Put `pub internal_cookie: u32` first in the `#[repr(C)]` struct, implement [`Cookied`]
//! for it (its C name and default function), set the cookie with [`Cookied::COOKIE`] in
//! its default, and call [`check_cookie`] (or [`read_or_default`]) wherever a pointer to it
//! comes in. The unit tests below check that every cookie is distinct.

use super::error::Failure;

/// FNV-1a, 32 bits, of `name`: the cookie of the struct with that C name.
pub(crate) const fn cookie_of(name: &str) -> u32 {
    let bytes = name.as_bytes();
    let mut hash: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u32;
        hash = hash.wrapping_mul(0x0100_0193);
        i += 1;
    }
    hash
}

/// An options or def struct of the C ABI that carries a leading `internal_cookie`.
pub(crate) trait Cookied: Sized {
    /// The struct's C name, e.g. `pp_mask_options`.
    const C_NAME: &'static str;
    /// The function that returns a correctly initialised struct, e.g.
    /// `pp_mask_options_default`.
    const DEFAULT_FN: &'static str;
    /// The value the default function stores in `internal_cookie`.
    const COOKIE: u32 = cookie_of(Self::C_NAME);
    /// The struct's `internal_cookie` field.
    fn cookie(&self) -> u32;
}

/// `Ok` when `value`'s cookie is its type's; else `PP_ERR_INVALID_ARGUMENT` with a message
/// naming the argument, the struct and its default function.
pub(crate) fn check_cookie<T: Cookied>(value: &T, argument: &str) -> Result<(), Failure> {
    let found = value.cookie();
    if found == T::COOKIE {
        return Ok(());
    }
    let what = if found == 0 {
        "is zeroed or was never initialised"
    } else {
        "was not initialised by its default function (or is another struct type)"
    };
    Err(Failure::invalid(format!(
        "`{argument}` {what}: its internal_cookie is 0x{found:08X}. Start from \
         `{name} o = {default}();` and change only the fields you need (a zeroed or \
         uninitialised {name} is refused; pass NULL for the defaults)",
        name = T::C_NAME,
        default = T::DEFAULT_FN,
    )))
}

/// Reads a caller's struct: NULL gives `default`, a struct with the wrong cookie a
/// [`check_cookie`] failure, a good one `convert(&struct)`.
///
/// # Safety
/// `ptr` must be NULL or point to a readable `T` (every bit pattern of its fields valid).
pub(crate) unsafe fn read_or_default<T: Cookied, R>(
    ptr: *const T,
    argument: &str,
    default: impl FnOnce() -> R,
    convert: impl FnOnce(&T) -> R,
) -> Result<R, Failure> {
    if ptr.is_null() {
        return Ok(default());
    }
    // SAFETY: non-NULL, and the caller guarantees it points to a readable `T` whose every
    // bit pattern is a valid value.
    let value = unsafe { &*ptr };
    check_cookie(value, argument)?;
    Ok(convert(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::{
        pp_body_def, pp_component_options, pp_mask_edit, pp_mask_options, pp_morph_options,
        pp_move_options, pp_polygon_options, pp_push_options, pp_transform,
    };

    #[test]
    fn cookies_are_fnv1a_of_the_name_and_distinct() {
        // Published FNV-1a test vectors.
        assert_eq!(cookie_of(""), 0x811c_9dc5);
        assert_eq!(cookie_of("a"), 0xe40c_292c);
        assert_eq!(cookie_of("foobar"), 0xbf9c_f968);
        // Every def struct's cookie: distinct, and neither 0 nor a repeated byte (what
        // memset leaves).
        let all = [
            (pp_mask_options::C_NAME, pp_mask_options::COOKIE),
            (pp_transform::C_NAME, pp_transform::COOKIE),
            (pp_push_options::C_NAME, pp_push_options::COOKIE),
            (pp_move_options::C_NAME, pp_move_options::COOKIE),
            (pp_body_def::C_NAME, pp_body_def::COOKIE),
            (pp_polygon_options::C_NAME, pp_polygon_options::COOKIE),
            (pp_component_options::C_NAME, pp_component_options::COOKIE),
            (pp_morph_options::C_NAME, pp_morph_options::COOKIE),
            (pp_mask_edit::C_NAME, pp_mask_edit::COOKIE),
        ];
        for (i, (name, c)) in all.iter().enumerate() {
            assert_ne!(*c, 0, "{name}");
            assert_ne!(*c, u32::from_ne_bytes([*c as u8; 4]), "{name}");
            for (other, d) in &all[i + 1..] {
                assert_ne!(c, d, "{name} and {other} share a cookie");
            }
        }
        println!("cookies: {all:08X?}");
    }
}
