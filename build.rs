//! Generates the C header from `src/ffi/` with cbindgen.
//!
//! Always writes `$OUT_DIR/perpixel.h`; with `PERPIXEL_REFRESH_HEADER=1` it also writes
//! the committed `include/perpixel.h` (tests/header.rs fails when the two differ).
//! A cbindgen failure fails the build with cbindgen's message. Also sets
//! `cfg(perpixel_avx512)` when the compiler is new enough for the AVX-512 kernels.

use std::env;
use std::path::PathBuf;

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

    let config = cbindgen::Config::from_file(&config_path).unwrap_or_else(|e| {
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
