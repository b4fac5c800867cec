//! The Windows x64 build under Wine: cross-compiles the C test programs of `tests/c/` with
//! mingw-w64 (`x86_64-w64-mingw32-gcc`) against `perpixel.dll` and its MinGW import library
//! `libperpixel.dll.a`, and runs them under `wine64`, each of them required to pass every
//! check, as `tests/c_abi.rs` requires of the Linux runs.
//!
//! It runs only when `PERPIXEL_WINE_LIB_DIR` names the folder of a Windows build (the
//! release packaging does: `.ci/package`, and `.ci/run` sets it); otherwise each test is
//! listed as ignored with that reason (build.rs sets `cfg(perpixel_wine)` from the
//! variable), so a plain `cargo test` says the Wine runs did not happen. With the
//! variable set, a missing tool fails (never a skip):
//!
//! ```sh
//! cargo build --release --lib --target x86_64-pc-windows-gnu
//! PERPIXEL_WINE_LIB_DIR=target/x86_64-pc-windows-gnu/release cargo test --test wine -- --nocapture
//! ```
//!
//! Wine runs headless in its own prefix under `target/tmp/wine/prefix` (`WINEDEBUG=-all`,
//! no Mono or Gecko installers: `WINEDLLOVERRIDES=mscoree,mshtml=`), each program under a
//! time limit. The programs are linked with `-static` (libgcc and winpthreads inside the
//! executable), so `perpixel.dll` beside them is the only DLL they bring, with one
//! exception for Wine itself: Wine 8.0 (Debian 12) lacks `bcryptprimitives.dll`, whose
//! `ProcessPrng` Rust's standard library imports (Windows 10 and 11 have it), so a
//! stand-in built from `tests/wine/bcryptprimitives.c` goes beside them. `test_limits.c` is
//! left out: it caps its address space with `setrlimit`, which Windows lacks.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");
const MINGW_GCC: &str = "x86_64-w64-mingw32-gcc";
/// Seconds a program (or the prefix's creation) may take under Wine.
const TIME_LIMIT: &str = "900";

/// The Windows build's folder, or `None` (with a notice) when the variable is not set.
fn lib_dir() -> Option<PathBuf> {
    match std::env::var_os("PERPIXEL_WINE_LIB_DIR") {
        Some(dir) => {
            let dir = std::fs::canonicalize(&dir).unwrap_or_else(|e| {
                panic!("PERPIXEL_WINE_LIB_DIR={}: {e}", Path::new(&dir).display())
            });
            for file in ["perpixel.dll", "libperpixel.dll.a"] {
                assert!(
                    dir.join(file).is_file(),
                    "{} lacks {file}: build with `cargo build --release --lib --target \
                     x86_64-pc-windows-gnu`",
                    dir.display()
                );
            }
            Some(dir)
        }
        None => {
            println!(
                "(set PERPIXEL_WINE_LIB_DIR to a x86_64-pc-windows-gnu build folder to run the C \
                 programs under Wine)"
            );
            None
        }
    }
}

/// The `wine64` loader: on the PATH, or where Debian's `wine64` package puts it.
fn wine() -> PathBuf {
    for candidate in ["wine64", "wine"] {
        if common::have(candidate) {
            return PathBuf::from(candidate);
        }
    }
    let debian = PathBuf::from("/usr/lib/wine/wine64");
    assert!(
        debian.is_file(),
        "wine64 not found: apt-get install wine64 (PERPIXEL_WINE_LIB_DIR is set, so this fails)"
    );
    debian
}

/// The environment every Wine process of this run gets.
fn wine_command(program: impl AsRef<std::ffi::OsStr>, prefix: &Path) -> Command {
    let mut cmd = Command::new("timeout");
    cmd.arg(TIME_LIMIT)
        .arg(wine())
        .arg(program)
        .env("WINEPREFIX", prefix)
        .env("WINEDEBUG", "-all")
        .env("WINEDLLOVERRIDES", "mscoree,mshtml=")
        .env_remove("DISPLAY");
    cmd
}

/// A Wine prefix made once for the whole run (`wineboot` takes half a minute the first
/// time).
fn prefix() -> &'static Path {
    static PREFIX: OnceLock<PathBuf> = OnceLock::new();
    PREFIX.get_or_init(|| {
        let prefix = common::scratch("wine", "prefix");
        let out = wine_command("wineboot", &prefix)
            .arg("--init")
            .output()
            .expect("run wineboot");
        print_output("wineboot --init", &out);
        assert!(out.status.success(), "wineboot failed: {}", out.status);
        prefix
    })
}

/// `tests/wine/bcryptprimitives.c` built once: Wine 8.0 lacks that DLL, which Rust's
/// standard library imports `ProcessPrng` from (every Windows 10 and 11 has it).
fn bcryptprimitives_shim() -> &'static Path {
    static SHIM: OnceLock<PathBuf> = OnceLock::new();
    SHIM.get_or_init(|| {
        let dir = common::scratch("wine", "shim");
        let dll = dir.join("bcryptprimitives.dll");
        let out = Command::new(MINGW_GCC)
            .args(["-shared", "-O1", "-Wall", "-Wextra", "-Werror", "-o"])
            .arg(&dll)
            .arg(Path::new(MANIFEST_DIR).join("tests/wine/bcryptprimitives.c"))
            .arg("-ladvapi32")
            .output()
            .expect("run the mingw compiler");
        print_output("bcryptprimitives.dll shim", &out);
        assert!(
            out.status.success(),
            "the bcryptprimitives.dll shim did not build"
        );
        dll
    })
}

fn print_output(what: &str, output: &Output) {
    println!("---- {what}: {} ----", output.status);
    print!("{}", String::from_utf8_lossy(&output.stdout));
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
}

/// `path` as a Windows program under Wine reads it: drive `Z:` is the Unix root.
fn windows_path(path: &Path) -> String {
    format!("Z:{}", path.display())
}

/// Compiles `source` with mingw into `scratch` (beside a copy of the DLL), runs it there
/// under Wine with the scratch folder and `args`, and requires "N passed, 0 failed" with
/// N at least the program's count in `common::c_min_checks` (the native runs' too).
fn run_program(name: &str, source: &str, args: &[&str], prepare: fn(&Path)) {
    let min_checks = common::c_min_checks(source);
    let Some(lib) = lib_dir() else { return };
    assert!(
        common::have(MINGW_GCC),
        "{MINGW_GCC} not found: apt-get install mingw-w64 (PERPIXEL_WINE_LIB_DIR is set)"
    );
    let manifest = Path::new(MANIFEST_DIR);
    let scratch = common::scratch("wine", name);
    prepare(&scratch);
    let exe = scratch.join(format!("{name}.exe"));
    let mut cc = Command::new(MINGW_GCC);
    cc.args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-O1"])
        .arg("-I")
        .arg(manifest.join("include"))
        .arg("-I")
        .arg(manifest.join("tests/c"))
        // The programs' own fopen takes UTF-8 names, as on Linux (see the header).
        .arg("-include")
        .arg(manifest.join("tests/wine/utf8_fopen.h"))
        .arg("-pthread")
        .arg(manifest.join(source))
        .arg("-o")
        .arg(&exe)
        // libgcc and winpthreads linked in: the programs bring no DLL but perpixel.dll.
        .arg("-static")
        .arg(lib.join("libperpixel.dll.a"))
        .arg("-lm");
    println!("$ {cc:?}");
    let out = cc.output().expect("run the mingw compiler");
    print_output(MINGW_GCC, &out);
    assert!(out.status.success(), "{MINGW_GCC} failed on {source}");
    std::fs::copy(lib.join("perpixel.dll"), scratch.join("perpixel.dll")).unwrap();
    std::fs::copy(
        bcryptprimitives_shim(),
        scratch.join("bcryptprimitives.dll"),
    )
    .unwrap();

    let mut run = wine_command(&exe, prefix());
    run.current_dir(&scratch)
        .arg(windows_path(&scratch))
        .args(args);
    println!("$ {run:?}");
    let out = run.output().expect("run wine");
    let what = format!("{source} under Wine");
    print_output(&what, &out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{what} exited with {} (124: the time limit)",
        out.status
    );
    let last = stdout
        .lines()
        .rev()
        .find(|l| l.ends_with(" failed"))
        .unwrap_or("");
    let passed: u32 = last
        .strip_suffix(" passed, 0 failed")
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{what}: no \"N passed, 0 failed\" line (last: {last:?})"));
    assert!(
        passed >= min_checks,
        "{what} ran only {passed} checks (expected at least {min_checks})"
    );
    println!("{what}: {passed} checks passed");
}

fn nothing(_: &Path) {}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_errors_statuses_and_version() {
    let version = env!("CARGO_PKG_VERSION");
    run_program("test_errors", "tests/c/test_errors.c", &[version], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_masks() {
    run_program("test_masks", "tests/c/test_masks.c", &[], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_bounds() {
    run_program("test_bounds", "tests/c/test_bounds.c", &[], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_edits() {
    run_program("test_edit", "tests/c/test_edit.c", &[], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_polygons() {
    run_program("test_polygons", "tests/c/test_polygons.c", &[], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_shapes() {
    run_program("test_shapes", "tests/c/test_shapes.c", &[], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_queries() {
    run_program("test_queries", "tests/c/test_queries.c", &[], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_sweeps() {
    run_program("test_sweep", "tests/c/test_sweep.c", &[], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_motion() {
    run_program("test_motion", "tests/c/test_motion.c", &[], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_transforms() {
    run_program("test_transforms", "tests/c/test_transforms.c", &[], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_hostile_input() {
    run_program("test_hostile", "tests/c/test_hostile.c", &[], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_threads() {
    run_program("test_threads", "tests/c/test_threads.c", &[], nothing);
}

#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_world() {
    run_program("test_world", "tests/c/test_world.c", &[], nothing);
}

/// The files the Rust library bakes (as `tests/c_abi.rs` makes them), loaded by the
/// Windows build: they must equal the masks it builds from the same PNGs.
#[cfg(feature = "image")]
#[test]
#[cfg_attr(
    not(perpixel_wine),
    ignore = "PERPIXEL_WINE_LIB_DIR is not set: the C programs did not run under Wine (see tests/wine.rs)"
)]
fn wine_baked_files() {
    run_program("test_bake", "tests/c/test_bake.c", &[], |dir| {
        common::bake_round_trip_files(dir);
    });
}
