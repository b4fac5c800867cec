//! One version number, `Cargo.toml`'s, and everywhere else it is written agrees with it:
//! bump it there, run `cargo test --test versions`, and this test names each place left
//! behind.
//!
//! * `include/perpixel.h` and `src/ffi/version.rs`: `PP_VERSION_MAJOR/MINOR/PATCH` and
//!   `PP_VERSION_NUMBER` (the build also refuses a `version.rs` that disagrees).
//! * `bindings/unity/package.json` (`"version"`), the C# `Library.BindingVersion` in
//!   `bindings/unity/Runtime/Errors.cs` (what the binding checks the native library
//!   against on load) and the top entry of `bindings/unity/CHANGELOG.md` (below an
//!   `## Unreleased` entry, if any).
//! * CMake and pkg-config: `bindings/cmake/install.cmake` writes the package's version
//!   (`perpixelConfigVersion.cmake`) and the `.pc` files' `Version:` from the header, so the
//!   test checks that they still take it from there (the installed files themselves are
//!   checked by `tests/cmake_package.rs` and `.ci/package --check`); the consumers'
//!   `find_package(perpixel X.Y` in `bindings/cmake-example/CMakeLists.txt` and in
//!   README.md ask for this major.minor.
//! * What a reader copies from README.md: the Rust dependency lines (`perpixel = "X.Y"`,
//!   `perpixel = { version = "X.Y", ... }`) ask for this major.minor (or the full
//!   version), "`<v>` is the crate's version, X.Y.Z" names it, and the prerequisites at
//!   the top name `rust-version` ("Rust 1.85 or newer").
//! * `include/CHANGELOG.md`, the C ABI changelog shipped beside the header, has an entry
//!   (`## X.Y.Z`) for this version.

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
    // An "## Unreleased" entry (merged, not yet released; renamed at release) may stand
    // above the top version's.
    let released = changelog
        .find("## Unreleased")
        .map_or(&changelog[..], |at| &changelog[at + 3..]);
    expect(
        &mut bad,
        "bindings/unity/CHANGELOG.md",
        "the top entry",
        value_after(released, "## "),
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
    bad.extend(readme_copies(&read("README.md"), &major_minor));
    let abi_changelog = read("include/CHANGELOG.md");
    if !abi_changelog
        .lines()
        .any(|l| l.trim_end() == format!("## {VERSION}"))
    {
        bad.push(format!(
            "include/CHANGELOG.md: no \"## {VERSION}\" entry (what a C caller must act on \
             in this version, or that nothing changed)"
        ));
    }
    bad
}

/// The version strings in README.md that a reader copies, where they disagree with
/// `major_minor` (the Rust dependency lines) or `VERSION` (the release file names).
fn readme_copies(readme: &str, major_minor: &str) -> Vec<String> {
    let mut bad = Vec::new();
    let mut deps = 0;
    for line in readme.lines().map(str::trim_start) {
        let Some(rest) = line.strip_prefix("perpixel = ") else {
            continue;
        };
        // `"X.Y"`, or `{ version = "X.Y", ... }`; a `path` or `git` dependency has none.
        let asked = if let Some(quoted) = rest.strip_prefix('"') {
            quoted.split('"').next()
        } else {
            rest.split("version = \"")
                .nth(1)
                .and_then(|v| v.split('"').next())
        };
        if let Some(asked) = asked {
            deps += 1;
            if asked != major_minor && asked != VERSION {
                bad.push(format!(
                    "README.md: `perpixel = ...` asks for {asked:?}, Cargo.toml says {VERSION}"
                ));
            }
        }
    }
    if deps == 0 {
        bad.push("README.md: no `perpixel = \"X.Y\"` dependency line for Rust users".into());
    }
    // The prerequisites under the two commands at the top name the compiler Cargo.toml
    // asks for (`rust-version`).
    let rust = env!("CARGO_PKG_RUST_VERSION");
    let top: String = readme.lines().take(20).collect::<Vec<_>>().join(" ");
    if !top.contains(&format!("Rust {rust} or newer")) {
        bad.push(format!(
            "README.md: its first lines do not say \"Rust {rust} or newer\" (Cargo.toml's rust-version)"
        ));
    }
    if !readme.contains(&format!("`<v>` is the crate's version, {VERSION}.")) {
        bad.push(format!(
            "README.md: \"`<v>` is the crate's version, X.Y.Z.\" does not name {VERSION}"
        ));
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

/// The README checker: a stale dependency line (the 0.5 a user copied while 0.8 was
/// current) is caught in either form; a `path` dependency is not a version.
#[test]
fn a_stale_readme_dependency_is_caught() {
    let good = format!(
        "`cargo run` needs Rust {} or newer.\n\
         perpixel = \"{MAJOR}.{MINOR}\"\nperpixel = {{ path = \"../perpixel\" }}\n\
         `<v>` is the crate's version, {VERSION}.\n",
        env!("CARGO_PKG_RUST_VERSION")
    );
    assert_eq!(
        readme_copies(&good, &format!("{MAJOR}.{MINOR}")),
        Vec::<String>::new()
    );
    let stale = good.replace(&format!("\"{MAJOR}.{MINOR}\""), "\"0.5\"");
    assert_eq!(readme_copies(&stale, &format!("{MAJOR}.{MINOR}")).len(), 1);
    let table = good.replace(
        &format!("perpixel = \"{MAJOR}.{MINOR}\""),
        "perpixel = { version = \"0.5\", default-features = false }",
    );
    assert_eq!(readme_copies(&table, &format!("{MAJOR}.{MINOR}")).len(), 1);
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
