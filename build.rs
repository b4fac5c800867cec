//! Generates the C header from `src/ffi/` with cbindgen (the `header` feature, on by
//! default; a Rust user who turns default features off compiles no cbindgen).
//!
//! With `header`, always writes `$OUT_DIR/perpixel.h`; with `PERPIXEL_REFRESH_HEADER=1` it
//! also writes the committed `include/perpixel.h` (tests/header.rs fails when the two
//! differ). A cbindgen failure fails the build with cbindgen's message. Also sets
//! `cfg(perpixel_avx512)` when the compiler is new enough for the AVX-512 kernels, and
//! `cfg(perpixel_wine)` when `PERPIXEL_WINE_LIB_DIR` is set (tests/wine.rs runs then and
//! is listed as ignored otherwise) and `cfg(perpixel_wasm)` when `PERPIXEL_WASM` is
//! (tests/wasm.rs, likewise).
//!
//! It also looks for the tools the tests drive (gcc, g++, cmake, pkg-config, mcs and mono,
//! python3 with pygame-ce) and prints a cargo warning naming each missing one and the
//! tests that will not run, so a plain `cargo test` shows what it skipped (each test
//! also prints a notice, and fails instead when `CI` is set).

use std::env;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let config_path = crate_dir.join("cbindgen.toml");

    for path in ["src/ffi", "src/lib.rs", "cbindgen.toml", "build.rs"] {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=PERPIXEL_REFRESH_HEADER");

    // The AVX-512 kernels need Rust 1.89 (stable AVX-512 intrinsics and target features);
    // older compilers the MSRV allows build the crate without that path.
    println!("cargo::rustc-check-cfg=cfg(perpixel_avx512)");
    if rustc_minor().is_some_and(|minor| minor >= 89) {
        println!("cargo:rustc-cfg=perpixel_avx512");
    }

    println!("cargo::rustc-check-cfg=cfg(perpixel_wine)");
    println!("cargo:rerun-if-env-changed=PERPIXEL_WINE_LIB_DIR");
    if env::var_os("PERPIXEL_WINE_LIB_DIR").is_some() {
        println!("cargo:rustc-cfg=perpixel_wine");
    }
    println!("cargo::rustc-check-cfg=cfg(perpixel_wasm)");
    println!("cargo:rerun-if-env-changed=PERPIXEL_WASM");
    if env::var_os("PERPIXEL_WASM").is_some() {
        println!("cargo:rustc-cfg=perpixel_wasm");
    }
    warn_about_missing_test_tools();

    #[cfg(feature = "header")]
    write_header(&crate_dir, &out_dir, &config_path);
    #[cfg(not(feature = "header"))]
    let _ = (&out_dir, &config_path);
}

/// Writes `$OUT_DIR/perpixel.h`, and `include/perpixel.h` with `PERPIXEL_REFRESH_HEADER=1`.
#[cfg(feature = "header")]
fn write_header(
    crate_dir: &std::path::Path,
    out_dir: &std::path::Path,
    config_path: &std::path::Path,
) {
    let config = cbindgen::Config::from_file(config_path).unwrap_or_else(|e| {
        panic!("cannot read {}: {e}", config_path.display());
    });
    // Parse the ffi module alone (following its `mod` files), never the whole crate:
    // only the pp_ items belong in the header.
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(crate_dir.join("src/ffi/mod.rs"))
        .generate()
        .unwrap_or_else(|e| panic!("cbindgen failed to generate perpixel.h: {e}"));

    let generated = out_dir.join("perpixel.h");
    bindings.write_to_file(&generated);

    if env::var("PERPIXEL_REFRESH_HEADER").as_deref() == Ok("1") {
        let committed = crate_dir.join("include/perpixel.h");
        std::fs::create_dir_all(committed.parent().unwrap())
            .unwrap_or_else(|e| panic!("cannot create include/: {e}"));
        std::fs::copy(&generated, &committed)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", committed.display()));
    }
}

/// The tools the tests drive, how to probe each, and what does not run without it.
const TEST_TOOLS: &[(&str, &[&str], &str, &str)] = &[
    (
        "gcc",
        &["--version"],
        "the C tests (tests/c_abi.rs)",
        "apt-get install gcc",
    ),
    (
        "g++",
        &["--version"],
        "the C++ tests (tests/c_abi.rs)",
        "apt-get install g++",
    ),
    (
        "cmake",
        &["--version"],
        "the CMake package test (tests/cmake_package.rs)",
        "apt-get install cmake",
    ),
    (
        "pkg-config",
        &["--version"],
        "the pkg-config test (tests/cmake_package.rs)",
        "apt-get install pkg-config",
    ),
    (
        "mcs",
        &["--version"],
        "the C# tests (tests/csharp.rs)",
        "apt-get install mono-mcs",
    ),
    (
        "mono",
        &["--version"],
        "the C# tests (tests/csharp.rs)",
        "apt-get install mono-mcs",
    ),
    (
        "python3",
        &["-c", "import pygame"],
        "the comparison with pygame-ce (tests/pygame.rs)",
        "python3 -m pip install pygame-ce==2.5.8",
    ),
];

/// A cargo warning for each tool of [`TEST_TOOLS`] that does not run (checked when this
/// script runs: again when `PATH` changes or after `touch build.rs`).
fn warn_about_missing_test_tools() {
    println!("cargo:rerun-if-env-changed=PATH");
    // Only where perpixel's own tests can run: not for a crate that depends on it from a
    // registry or git (whose builds should not probe for mono or import pygame).
    let here = env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let here = here.replace('\\', "/");
    if here.contains("/registry/src/") || here.contains("/git/checkouts/") {
        return;
    }
    for (tool, args, what, install) in TEST_TOOLS {
        let runs = Command::new(tool)
            .args(*args)
            .env("PYGAME_HIDE_SUPPORT_PROMPT", "1")
            .output()
            .is_ok_and(|o| o.status.success());
        if !runs {
            let tool = if *tool == "python3" {
                "python3 with pygame-ce"
            } else {
                tool
            };
            println!(
                "cargo:warning={tool} not found: {what} will not run: they pass with a notice ({install}; \
                 with CI=true they fail instead)"
            );
        }
    }
}

/// The minor version of the compiler building the crate (`rustc 1.MINOR.x ...`).
fn rustc_minor() -> Option<u32> {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let out = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    text.split_whitespace()
        .nth(1)?
        .split('.')
        .nth(1)?
        .parse()
        .ok()
}
