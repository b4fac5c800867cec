//! One version number, `Cargo.toml`'s, and everywhere else it is written agrees with it:
//! bump it there, run `cargo test --test versions`, and this test names each place left
//! behind.
//!
//! * `include/perpixel.h` and `src/ffi/version.rs`: `PP_VERSION_MAJOR/MINOR/PATCH` and
//!   `PP_VERSION_NUMBER` (the build also refuses a `version.rs` that disagrees).
//! * `bindings/unity/package.json` (`"version"`), the C# `Library.BindingVersion` in
//!   `bindings/unity/Runtime/Errors.cs` (what the binding checks the native library
//!   against on load) and the top entry of `bindings/unity/CHANGELOG.md`.
//! * CMake and pkg-config: `bindings/cmake/install.cmake` writes the package's version
//!   (`perpixelConfigVersion.cmake`) and the `.pc` files' `Version:` from the header, so the
//!   test checks that they still take it from there (the installed files themselves are
//!   checked by `tests/cmake_package.rs` and `.ci/package --check`); the consumers'
//!   `find_package(perpixel X.Y` in `bindings/cmake-example/CMakeLists.txt` and in
//!   README.md ask for this major.minor.

use std::path::Path;

const VERSION: &str = env!("CARGO_PKG_VERSION");
const MAJOR: &str = env!("CARGO_PKG_VERSION_MAJOR");
const MINOR: &str = env!("CARGO_PKG_VERSION_MINOR");
const PATCH: &str = env!("CARGO_PKG_VERSION_PATCH");

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// The first line of `text` starting with `start` (after indentation), with `start`
/// removed and trimmed.
fn value_after<'a>(text: &'a str, start: &str) -> Option<&'a str> {
    text.lines()
        .map(str::trim_start)
        .find_map(|l| l.strip_prefix(start))
        .map(str::trim)
}

/// Adds a line to `bad` unless `found` is `wanted`.
fn expect(bad: &mut Vec<String>, file: &str, what: &str, found: Option<&str>, wanted: &str) {
    if found != Some(wanted) {
        bad.push(format!(
            "{file}: {what} is {found:?}, Cargo.toml says {wanted:?}"
        ));
    }
}

/// The places that disagree, as "file: what it says" lines.
fn disagreements() -> Vec<String> {
    let mut bad = Vec::new();
    let number = (MAJOR.parse::<u32>().unwrap() * 10000
        + MINOR.parse::<u32>().unwrap() * 100
        + PATCH.parse::<u32>().unwrap())
    .to_string();

    // The header's #defines and the Rust constants cbindgen copies them from.
    for (file, before, after) in [
        ("include/perpixel.h", "#define PP_VERSION_{} ", ""),
        ("src/ffi/version.rs", "pub const PP_VERSION_{}: u32 = ", ";"),
    ] {
        let text = read(file);
        for (name, wanted) in [
            ("MAJOR", MAJOR),
            ("MINOR", MINOR),
            ("PATCH", PATCH),
            ("NUMBER", number.as_str()),
        ] {
            let found =
                value_after(&text, &before.replace("{}", name)).and_then(|v| v.strip_suffix(after));
            expect(&mut bad, file, &format!("PP_VERSION_{name}"), found, wanted);
        }
    }

    let package = read("bindings/unity/package.json");
    expect(
        &mut bad,
        "bindings/unity/package.json",
        "\"version\"",
        value_after(&package, "\"version\": \"").and_then(|v| v.strip_suffix("\",")),
        VERSION,
    );
    let errors = read("bindings/unity/Runtime/Errors.cs");
    expect(
        &mut bad,
        "bindings/unity/Runtime/Errors.cs",
        "Library.BindingVersion",
        value_after(&errors, "public const string BindingVersion = \"")
            .and_then(|v| v.strip_suffix("\";")),
        VERSION,
    );
    let changelog = read("bindings/unity/CHANGELOG.md");
    expect(
        &mut bad,
        "bindings/unity/CHANGELOG.md",
        "the top entry",
        value_after(&changelog, "## "),
        VERSION,
    );

    let install = read("bindings/cmake/install.cmake");
    for needle in [
        "include/perpixel.h\" _defines REGEX \"^#define PP_VERSION_",
        "VERSION \"${PERPIXEL_VERSION}\" COMPATIBILITY",
    ] {
        if !install.contains(needle) {
            bad.push(format!(
                "bindings/cmake/install.cmake: no longer takes the CMake package's version from \
                 the header (missing {needle:?})"
            ));
        }
    }
    for pc in [
        "bindings/cmake/perpixel.pc.in",
        "bindings/cmake/perpixel-static.pc.in",
    ] {
        expect(
            &mut bad,
            pc,
            "Version:",
            value_after(&read(pc), "Version:"),
            "@PERPIXEL_VERSION@",
        );
    }
    let major_minor = format!("{MAJOR}.{MINOR}");
    for file in ["bindings/cmake-example/CMakeLists.txt", "README.md"] {
        let text = read(file);
        let asks: Vec<&str> = text
            .match_indices("find_package(perpixel ")
            .map(|(at, m)| {
                text[at + m.len()..]
                    .split(|c: char| c.is_whitespace() || c == ')')
                    .next()
                    .unwrap_or("")
            })
            .collect();
        if asks.is_empty() {
            bad.push(format!("{file}: no find_package(perpixel X.Y ...)"));
        }
        for asked in asks {
            if asked != major_minor && asked != VERSION {
                bad.push(format!(
                    "{file}: find_package(perpixel {asked} ...), Cargo.toml says {VERSION}"
                ));
            }
        }
    }
    bad
}

#[test]
fn every_version_number_matches_cargo_toml() {
    let bad = disagreements();
    assert!(
        bad.is_empty(),
        "version {VERSION} (Cargo.toml) is not everywhere:\n  {}",
        bad.join("\n  ")
    );
}

/// The checker itself: a text with another version is caught.
#[test]
fn a_disagreeing_value_is_caught() {
    let text = "  \"version\": \"9.9.9\",\n";
    assert_eq!(
        value_after(text, "\"version\": \"").and_then(|v| v.strip_suffix("\",")),
        Some("9.9.9")
    );
    assert_eq!(value_after("## 0.5.0\n\n## 0.4.0", "## "), Some("0.5.0"));
}
