//! Builds `tests/c/test_perpixel.c` (and, with the `image` feature, `tests/c/test_bake.c`
//! on files baked here first) with gcc against `include/perpixel.h` and the cdylib this
//! `cargo test` built, runs them, and requires every check to pass. With
//! `PERPIXEL_VALGRIND=1` (CI sets it) it also runs the program under valgrind and requires
//! zero errors and zero leaks; a missing valgrind then fails the test.

#[cfg(feature = "image")]
mod common;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");

/// The cdylib's file name on this platform (`libperpixel.so`, `libperpixel.dylib`,
/// `perpixel.dll`).
fn cdylib_name() -> String {
    format!(
        "{}perpixel{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    )
}

/// The folder holding the cdylib cargo built for this test run: the test binary's own
/// folder (`target/<profile>/deps`), or its parent (`target/<profile>`).
fn cdylib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let deps = exe
        .parent()
        .expect("the test binary's folder")
        .to_path_buf();
    let name = cdylib_name();
    let candidates = [
        deps.clone(),
        deps.parent().map(Path::to_path_buf).unwrap_or_default(),
    ];
    for dir in &candidates {
        if dir.join(&name).is_file() {
            return dir.clone();
        }
    }
    panic!(
        "the cdylib {name} was not built: looked in {} and {}. \
         `cargo test` builds the library's crate types (including cdylib) for integration \
         tests; check that Cargo.toml's [lib] crate-type still lists \"cdylib\".",
        candidates[0].display(),
        candidates[1].display()
    );
}

/// A fresh scratch folder for one test under `target/`; test binaries run in parallel,
/// so each test has its own.
fn scratch_dir(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("c-tests")
        .join(test);
    if dir.exists() {
        std::fs::remove_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot clear {}: {e}", dir.display()));
    }
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}

/// Whether `tool --version` runs.
fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn env_is(name: &str, value: &str) -> bool {
    std::env::var_os(name).is_some_and(|v| v == OsStr::new(value))
}

fn print_output(what: &str, output: &Output) {
    println!("---- {what}: {} ----", output.status);
    print!("{}", String::from_utf8_lossy(&output.stdout));
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
}

/// The "N passed, M failed" summary line's numbers.
fn summary(stdout: &str) -> Option<(u32, u32)> {
    let line = stdout.lines().rev().find(|l| l.ends_with(" failed"))?;
    let (passed, rest) = line.split_once(" passed, ")?;
    let failed = rest.strip_suffix(" failed")?;
    Some((passed.parse().ok()?, failed.parse().ok()?))
}

/// Compiles a C test program into `scratch`, linked against the cdylib in `lib_dir`.
fn compile(source: &str, scratch: &Path, lib_dir: &Path) -> PathBuf {
    let manifest = Path::new(MANIFEST_DIR);
    let exe = scratch.join(Path::new(source).file_stem().unwrap());
    let mut gcc = Command::new("gcc");
    gcc.args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-g"])
        .arg("-I")
        .arg(manifest.join("include"))
        .arg("-I")
        .arg(manifest.join("tests/c"))
        .arg(manifest.join(source))
        .arg("-o")
        .arg(&exe)
        .arg("-L")
        .arg(lib_dir)
        .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
        .arg("-lperpixel");
    if !cfg!(feature = "image") {
        // pp_mask_from_image_* exist only with the `image` feature.
        gcc.arg("-DPERPIXEL_TEST_NO_IMAGE");
    }
    println!("$ {gcc:?}");
    let output = gcc.output().expect("running gcc");
    print_output("gcc", &output);
    assert!(
        output.status.success(),
        "gcc failed to compile {source} (see its output above)"
    );
    exe
}

/// Runs the program (optionally through `wrapper`, e.g. valgrind) with the cdylib's
/// folder on the library path.
fn run(exe: &Path, scratch: &Path, lib_dir: &Path, wrapper: &[&str]) -> Output {
    let mut cmd = match wrapper.split_first() {
        Some((tool, args)) => {
            let mut c = Command::new(tool);
            c.args(args).arg(exe);
            c
        }
        None => Command::new(exe),
    };
    cmd.arg(scratch)
        .arg(env!("CARGO_PKG_VERSION"))
        .env("LD_LIBRARY_PATH", lib_dir)
        .env("DYLD_LIBRARY_PATH", lib_dir);
    println!("$ {cmd:?}");
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()))
}

/// Asserts a run passed all its checks.
fn assert_all_passed(what: &str, output: &Output) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let counts = summary(&stdout);
    assert!(
        output.status.success(),
        "{what} exited with {} (see the FAIL lines above)",
        output.status
    );
    match counts {
        Some((passed, 0)) => assert!(passed > 0, "{what} ran no checks"),
        Some((_, failed)) => panic!("{what}: {failed} checks failed"),
        None => panic!("{what} printed no \"N passed, 0 failed\" line"),
    }
}

/// Whether gcc is there; without it, a notice (and a failure under CI).
fn gcc_present(what: &str) -> bool {
    if have("gcc") {
        return true;
    }
    let notice = format!("NOTICE: gcc was not found, so {what} was not built or run");
    if std::env::var_os("CI").is_some() {
        panic!("{notice} (CI is set: install gcc)");
    }
    eprintln!("{notice}. Install gcc to run it; CI fails here.");
    false
}

/// Compiles `source`, runs it with `scratch` as its folder, requires every check to pass;
/// with `PERPIXEL_VALGRIND=1` also under valgrind, requiring zero errors and leaks.
fn compile_and_run(source: &str, scratch: &Path) {
    let lib_dir = cdylib_dir();
    let exe = compile(source, scratch, &lib_dir);
    let name = exe.file_name().unwrap().to_string_lossy().into_owned();

    let output = run(&exe, scratch, &lib_dir, &[]);
    print_output(&name, &output);
    assert_all_passed(&name, &output);

    if env_is("PERPIXEL_VALGRIND", "1") {
        assert!(
            have("valgrind"),
            "PERPIXEL_VALGRIND=1 but valgrind was not found: install it (never skipped)"
        );
        let output = run(
            &exe,
            scratch,
            &lib_dir,
            &[
                "valgrind",
                "--leak-check=full",
                "--show-leak-kinds=all",
                "--errors-for-leak-kinds=all",
                "--error-exitcode=99",
            ],
        );
        print_output(&format!("valgrind {name}"), &output);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.code() != Some(99),
            "valgrind found memory errors or leaks (see its report above)"
        );
        assert_all_passed(&format!("{name} under valgrind"), &output);
        assert!(
            stderr.contains("ERROR SUMMARY: 0 errors"),
            "valgrind did not report zero errors"
        );
    } else {
        println!("(set PERPIXEL_VALGRIND=1 to also run the C program under valgrind)");
    }
}

#[test]
fn c_program_exercises_every_export() {
    if !gcc_present("the C ABI test program") {
        return;
    }
    compile_and_run("tests/c/test_perpixel.c", &scratch_dir("test_perpixel"));
}

/// Bakes the sprites and atlas of `tests/common` with the Rust library, then runs
/// `tests/c/test_bake.c` on the files: the C side must load masks identical to the ones it
/// builds from the same PNGs.
#[cfg(feature = "image")]
#[test]
fn c_program_loads_baked_masks_identical_to_the_pngs() {
    use perpixel::{Mask, MaskBundle, MaskOptions};
    if !gcc_present("the C baked-mask test program") {
        return;
    }
    let scratch = scratch_dir("test_bake");
    let f = common::make(&scratch);
    let defaults = MaskOptions::default();
    let t128_flip = MaskOptions {
        threshold: 128,
        flip_y: true,
        ..defaults
    };
    MaskBundle::from_folder(&f.sprites, &defaults)
        .unwrap()
        .write_to_path(scratch.join("folder.ppmk"))
        .unwrap();
    MaskBundle::from_texturepacker(&f.atlas_hash, &defaults)
        .unwrap()
        .write_to_path(scratch.join("atlas.ppmk"))
        .unwrap();
    MaskBundle::from_texturepacker(&f.atlas_array, &t128_flip)
        .unwrap()
        .write_to_path(scratch.join("atlas_t128_flip.ppmk"))
        .unwrap();
    let single = Mask::from_image_path(f.sprites.join("w65.png"), &defaults).unwrap();
    std::fs::write(scratch.join("single.ppmk"), single.to_baked()).unwrap();
    compile_and_run("tests/c/test_bake.c", &scratch);
}
