//! The library's version, so bindings can check they match the library they load.

use super::error::guard_value;
use std::ffi::{CStr, c_char};

/// Major version of the headers (compare with `pp_version_number() / 10000`).
pub const PP_VERSION_MAJOR: u32 = 0;
/// Minor version of the headers (compare with `pp_version_number() / 100 % 100`).
pub const PP_VERSION_MINOR: u32 = 9;
/// Patch version of the headers (compare with `pp_version_number() % 100`).
pub const PP_VERSION_PATCH: u32 = 0;
/// `PP_VERSION_MAJOR * 10000 + PP_VERSION_MINOR * 100 + PP_VERSION_PATCH`: what
/// `pp_version_number()` returns when the header and the library match.
pub const PP_VERSION_NUMBER: u32 = 900;

/// Parses a decimal version component at compile time.
const fn parse_component(text: &str) -> u32 {
    let bytes = text.as_bytes();
    let mut value = 0u32;
    let mut i = 0;
    while i < bytes.len() {
        assert!(
            bytes[i].is_ascii_digit(),
            "version component is not a number"
        );
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    value
}

// The constants above are literals so that cbindgen can copy them into the header;
// these checks fail the build when Cargo.toml's version moves without them.
const _: () = {
    assert!(PP_VERSION_MAJOR == parse_component(env!("CARGO_PKG_VERSION_MAJOR")));
    assert!(PP_VERSION_MINOR == parse_component(env!("CARGO_PKG_VERSION_MINOR")));
    assert!(PP_VERSION_PATCH == parse_component(env!("CARGO_PKG_VERSION_PATCH")));
    assert!(
        PP_VERSION_NUMBER == PP_VERSION_MAJOR * 10000 + PP_VERSION_MINOR * 100 + PP_VERSION_PATCH
    );
    assert!(PP_VERSION_MINOR < 100 && PP_VERSION_PATCH < 100);
};

/// `crate::VERSION` with a NUL, built at compile time (no allocation, nothing for a
/// leak checker to report).
const VERSION_C: &CStr = {
    let text = concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes();
    let rust = crate::VERSION.as_bytes();
    assert!(text.len() == rust.len() + 1);
    let mut i = 0;
    while i < rust.len() {
        assert!(text[i] == rust[i], "VERSION_C must spell crate::VERSION");
        i += 1;
    }
    match CStr::from_bytes_with_nul(text) {
        Ok(c) => c,
        Err(_) => panic!("the version has a NUL byte"),
    }
};

/// The library's version, `"major.minor.patch"` (e.g. `"0.8.0"`), NUL-terminated and
/// static: never free it. Any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_version() -> *const c_char {
    guard_value(c"".as_ptr(), || VERSION_C.as_ptr())
}

/// The library's version as one number, `major * 10000 + minor * 100 + patch` (0.8.0 is
/// 800); compare it with the header's `PP_VERSION_NUMBER` to detect a mismatched
/// library. Any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_version_number() -> u32 {
    guard_value(0, || {
        PP_VERSION_MAJOR * 10000 + PP_VERSION_MINOR * 100 + PP_VERSION_PATCH
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_matches_the_crate() {
        // SAFETY: `pp_version` returns a static NUL-terminated string.
        let text = unsafe { CStr::from_ptr(pp_version()) }.to_str().unwrap();
        assert_eq!(text, crate::VERSION);
        let parts: Vec<u32> = text.split('.').map(|p| p.parse().unwrap()).collect();
        assert_eq!(
            pp_version_number(),
            parts[0] * 10000 + parts[1] * 100 + parts[2]
        );
        assert_eq!(pp_version_number(), PP_VERSION_NUMBER);
    }
}
