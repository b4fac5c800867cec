//! Builds the C and C++ test programs kept beside this file against `include/perpixel.h`
//! (and `bindings/cpp/perpixel.hpp`) and the cdylib this `cargo test` built, runs them,
//! and requires every check to pass:
//!
//! * One C program per capability, every export in one of them, success and error paths,
//!   one short function per scenario (the shared kit is `tests/c/check.h`):
//!   * `tests/c/test_errors.c`: status texts, the version, the last error and its copy
//!     (the buffer convention);
//!   * `tests/c/test_masks.c`: `pp_mask_new` and the accessors, options (default and
//!     cookie), pixel formats, `pp_mask_from_pixels` layouts, the size limit, images;
//!   * `tests/c/test_bounds.c`: the `pp_bounds_*` rectangle functions;
//!   * `tests/c/test_edit.c`: masks edited in place (`pp_mask_set_pixel` ...
//!     `pp_mask_draw_line`, `pp_mask_copy`; each edit's pixels are the corpus's): shared
//!     masks refused, copies editable, each edit once by hand, a mask drawn into itself,
//!     a world's terrain edited (`pp_world_edit_mask`), bad edit lists, raw bytes;
//!   * `tests/c/test_polygons.c`: polygons, convex pieces and outlines
//!     (`pp_mask_polygons`, `pp_mask_convex_pieces`, `pp_mask_outline`; exact polygons
//!     and outlines are the corpus's) checked in C on random masks (without holes,
//!     flipped, simplified, convex pieces covering the area), documented and
//!     hand-computed cases, threads, errors;
//!   * `tests/c/test_shapes.c`: the shape tools (their answers are the corpus's): values
//!     by hand, the components' buffers and owned masks, pixels and PNG out, colour
//!     ranges over ARGB32, and their errors;
//!   * `tests/c/test_sweep.c`: sweeps (`pp_sweep`) against stepping with `pp_collides`,
//!     walls one pixel thick, corner-touching diagonals, errors.
//!   * `tests/c/test_motion.c`: contact normals, push-out, move-and-slide, raycasts,
//!     point probes and the sweep's normal against plain C oracles (translations tried
//!     in order of length, single-pixel steps, every pixel of a ray, the normal's
//!     definition in exact integers), floors, walls and slopes, errors;
//!   * `tests/c/test_transforms.c`: transformed sprites (`pp_transform`, rasters, exact
//!     quarter turns, flips and integer scales, symmetric queries, bad transforms);
//!   * `tests/c/test_queries.c`: placed sprites, bounds-only sprites, sprite-sized
//!     pairs (the exports' narrow fast path) against a pixel search, pygame-style
//!     queries, extreme coordinates.
//! * `tests/c/test_hostile.c`: hostile input on purpose (NULLs, bad sizes, short buffers,
//!   corrupt and oversized images...).
//! * `tests/c/test_threads.c`: masks shared between pthreads.
//! * `tests/c/test_world.c`: what is the C door's own about worlds (their answers are the
//!   corpus's): stale and wrong-world ids refused with nothing written, events' NULL
//!   arrays, defaults, a mask freed by its caller, errors, and threads reading one world
//!   at once or racing a writer.
//! * `tests/c/test_snapshot.c`: world snapshots and restores (the rollback scenario every
//!   door runs), state hashes of the known mask and world against the shared literals and
//!   the mask hash recomputed in plain C from the documented algorithm.
//! * `tests/c/test_bake.c` (with the `image` feature): baked masks and bundles, on files
//!   the Rust library bakes first; they must equal the masks built from the same PNGs.
//! * `tests/c/test_limits.c` (with the `image` feature): image headers claiming huge
//!   sizes after the mask limit is raised to `UINT64_MAX`: a status, never an abort. Run
//!   with its address space capped (`ulimit -v`: modes `Capped` and `CappedValgrind`)
//!   instead of plain and under plain valgrind; ASan needs terabytes of address space, so
//!   its run is uncapped (the program makes ASan refuse allocations over 256 MiB).
//! * `tests/cpp/test_perpixel.cpp`: the C++ wrapper, every member (C++17, and C++20 for
//!   the `std::span` overloads).
//! * `tests/c/corpus_replay.c` and `tests/cpp/corpus_replay.cpp`: the conformance corpus
//!   (`tests/corpus/corpus.txt`, see `tests/corpus/FORMAT.md`) replayed through the C ABI
//!   and through the C++ wrapper, every answer compared as text (floats as their bits).
//! * Each part header of the C++ wrapper (`bindings/cpp/perpixel/*.hpp`) compiled alone,
//!   as C++17 and C++20, and included by the umbrella `bindings/cpp/perpixel.hpp`.
//!
//! Each program always runs plain. With `PERPIXEL_SANITIZE=1` each is also built with
//! `-fsanitize=address,undefined` and run with leak detection and halt-on-error: any
//! report fails the test. With `PERPIXEL_VALGRIND=1` each also runs under valgrind with
//! zero errors and zero leaks required. With either variable set, a missing tool fails the
//! test (never a skip). Without gcc/g++ a developer machine prints a notice; with `CI` set
//! that fails too.
//!
//! The Rust cdylib itself is not instrumented by ASan (that would need a nightly
//! `-Zsanitizer` build); ASan still checks every byte the test programs touch, and its
//! leak checker sees the library's allocations because they go through the intercepted
//! `malloc`. Valgrind checks the library's own memory accesses as well.

mod common;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");

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

/// The language of a test program, and so its compiler and flags.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lang {
    C,
    Cpp17,
    Cpp20,
}

impl Lang {
    fn compiler(self) -> &'static str {
        match self {
            Lang::C => "gcc",
            Lang::Cpp17 | Lang::Cpp20 => "g++",
        }
    }

    fn std_flag(self) -> &'static str {
        match self {
            Lang::C => "-std=c99",
            Lang::Cpp17 => "-std=c++17",
            Lang::Cpp20 => "-std=c++20",
        }
    }
}

/// One test program: its source, language, and the arguments it takes after the
/// scratch folder.
struct Program {
    source: &'static str,
    lang: Lang,
    args: Vec<String>,
    /// The minimum number of passing checks a full run must report.
    min_checks: u32,
}

/// How a program is built and run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Plain,
    Sanitize,
    Valgrind,
    /// Plain, in a process whose address space is capped at `CAPPED_ADDRESS_SPACE_KIB`.
    #[cfg_attr(not(feature = "image"), allow(dead_code))]
    Capped,
    /// Valgrind, with the same cap (uncapped, valgrind would hand out and zero whatever a
    /// hostile header claims).
    #[cfg_attr(not(feature = "image"), allow(dead_code))]
    CappedValgrind,
}

/// The address-space cap of the capped modes, in KiB (`ulimit -v`): 1 GiB.
const CAPPED_ADDRESS_SPACE_KIB: u64 = 1 << 20;

/// `cmd` run through `sh` with its address space capped; arguments added later go to it.
fn under_ulimit(cmd: Command) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!(
            "ulimit -v {CAPPED_ADDRESS_SPACE_KIB} && exec \"$0\" \"$@\""
        ))
        .arg(cmd.get_program())
        .args(cmd.get_args());
    for (key, value) in cmd.get_envs() {
        if let Some(value) = value {
            c.env(key, value);
        }
    }
    c
}

/// Compiles `program` into `scratch`, linked against the cdylib in `lib_dir`.
fn compile(program: &Program, scratch: &Path, lib_dir: &Path, sanitize: bool) -> PathBuf {
    let manifest = Path::new(MANIFEST_DIR);
    let stem = Path::new(program.source)
        .file_stem()
        .unwrap()
        .to_string_lossy();
    let suffix = match (program.lang, sanitize) {
        (Lang::Cpp20, false) => "-cpp20",
        (Lang::Cpp20, true) => "-cpp20-asan",
        (_, true) => "-asan",
        _ => "",
    };
    let exe = scratch.join(format!("{stem}{suffix}"));
    let mut cc = Command::new(program.lang.compiler());
    cc.args([program.lang.std_flag(), "-Wall", "-Wextra", "-Werror", "-g"]);
    if program.lang != Lang::C {
        cc.arg("-pedantic");
    }
    if sanitize {
        cc.args([
            "-fsanitize=address,undefined",
            "-fno-omit-frame-pointer",
            "-fno-sanitize-recover=all",
        ]);
    }
    cc.arg("-pthread")
        .arg("-I")
        .arg(manifest.join("include"))
        .arg("-I")
        .arg(manifest.join("bindings/cpp"))
        .arg("-I")
        .arg(manifest.join("tests/c"))
        .arg(manifest.join(program.source))
        .arg("-o")
        .arg(&exe)
        .arg("-L")
        .arg(lib_dir)
        .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
        .arg("-lperpixel")
        // The world benchmark draws its terrain with sin/cos, as the Rust scene does.
        .arg("-lm");
    if !cfg!(feature = "image") {
        // pp_mask_from_image_* exist only with the `image` feature.
        cc.arg("-DPERPIXEL_TEST_NO_IMAGE");
    }
    println!("$ {cc:?}");
    let output = cc.output().unwrap_or_else(|e| {
        panic!("cannot run {}: {e}", program.lang.compiler());
    });
    print_output(program.lang.compiler(), &output);
    assert!(
        output.status.success(),
        "{} failed to compile {}{} (see its output above){}",
        program.lang.compiler(),
        program.source,
        if sanitize { " with sanitizers" } else { "" },
        if sanitize {
            "; PERPIXEL_SANITIZE=1 needs gcc's ASan and UBSan runtimes (libasan, libubsan)"
        } else {
            ""
        }
    );
    exe
}

/// Runs the program in `mode` with the cdylib's folder on the library path.
fn run(program: &Program, exe: &Path, scratch: &Path, lib_dir: &Path, mode: Mode) -> Output {
    let mut cmd = match mode {
        Mode::Valgrind | Mode::CappedValgrind => {
            let mut c = Command::new("valgrind");
            c.args([
                "--leak-check=full",
                "--show-leak-kinds=all",
                "--errors-for-leak-kinds=all",
                "--error-exitcode=99",
            ])
            .arg(exe);
            // valgrind runs one thread at a time: fewer rounds, same interleavings.
            c.env("PERPIXEL_THREAD_ROUNDS", "3");
            c
        }
        Mode::Plain | Mode::Sanitize | Mode::Capped => Command::new(exe),
    };
    if matches!(mode, Mode::Capped | Mode::CappedValgrind) {
        cmd = under_ulimit(cmd);
    }
    if mode == Mode::Sanitize {
        cmd.env(
            "ASAN_OPTIONS",
            "detect_leaks=1:halt_on_error=1:abort_on_error=0",
        )
        .env("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1");
    }
    cmd.arg(scratch)
        .args(&program.args)
        .env("LD_LIBRARY_PATH", lib_dir)
        .env("DYLD_LIBRARY_PATH", lib_dir);
    println!("$ {cmd:?}");
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()))
}

/// Asserts a run passed all its checks, and that the tool of `mode` reported nothing.
fn assert_clean(what: &str, program: &Program, mode: Mode, output: &Output) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    match mode {
        Mode::Plain | Mode::Capped => {}
        Mode::Sanitize => {
            for report in [
                "ERROR: AddressSanitizer",
                "ERROR: LeakSanitizer",
                "runtime error:",
                "SUMMARY: AddressSanitizer",
                "SUMMARY: UndefinedBehaviorSanitizer",
            ] {
                assert!(
                    !stderr.contains(report),
                    "{what}: the sanitizers reported \"{report}\" (see above)"
                );
            }
        }
        Mode::Valgrind | Mode::CappedValgrind => {
            assert!(
                output.status.code() != Some(99),
                "{what}: valgrind found memory errors or leaks (see its report above)"
            );
            assert!(
                stderr.contains("ERROR SUMMARY: 0 errors"),
                "{what}: valgrind did not report zero errors"
            );
            assert!(
                stderr.contains("All heap blocks were freed -- no leaks are possible")
                    || stderr.contains("definitely lost: 0 bytes"),
                "{what}: valgrind did not report zero leaks"
            );
        }
    }
    let counts = summary(&stdout);
    assert!(
        output.status.success(),
        "{what} exited with {} (see the FAIL lines and reports above)",
        output.status
    );
    match counts {
        Some((passed, 0)) => assert!(
            passed >= program.min_checks,
            "{what} ran only {passed} checks (expected at least {})",
            program.min_checks
        ),
        Some((_, failed)) => panic!("{what}: {failed} checks failed"),
        None => panic!("{what} printed no \"N passed, 0 failed\" line"),
    }
    println!("{what}: {} checks passed", counts.unwrap().0);
}

/// The modes this run asks for, failing when a tool they need is missing.
fn modes() -> Vec<Mode> {
    let mut modes = vec![Mode::Plain];
    if env_is("PERPIXEL_SANITIZE", "1") {
        modes.push(Mode::Sanitize);
    } else {
        println!("(set PERPIXEL_SANITIZE=1 to also run the programs built with ASan and UBSan)");
    }
    if env_is("PERPIXEL_VALGRIND", "1") {
        assert!(
            common::have("valgrind"),
            "PERPIXEL_VALGRIND=1 but valgrind was not found: install it (never skipped)"
        );
        modes.push(Mode::Valgrind);
    } else {
        println!("(set PERPIXEL_VALGRIND=1 to also run the programs under valgrind)");
    }
    modes
}

/// Whether `compiler` is installed; without it a developer machine prints a notice that
/// `what` was not built (and gets `false`), CI (or a sanitizer or valgrind run) fails.
fn compiler_present(compiler: &str, what: &str) -> bool {
    if common::have(compiler) {
        return true;
    }
    let notice = format!("NOTICE: {compiler} was not found, so {what} was not built or run");
    if std::env::var_os("CI").is_some()
        || env_is("PERPIXEL_SANITIZE", "1")
        || env_is("PERPIXEL_VALGRIND", "1")
    {
        panic!("{notice} (CI, PERPIXEL_SANITIZE or PERPIXEL_VALGRIND is set: install it)");
    }
    eprintln!("{notice}. Install it to run the test; CI fails here.");
    false
}

/// Builds and runs `program` in every requested mode; `false` when its compiler is
/// missing on a developer machine (a notice was printed).
fn build_and_run(test: &str, program: &Program, modes: &[Mode]) -> bool {
    build_and_run_with(test, program, modes, |_| {})
}

/// [`build_and_run`], with `prepare` writing the program's input files into its fresh
/// scratch folder first.
fn build_and_run_with(
    test: &str,
    program: &Program,
    modes: &[Mode],
    prepare: impl FnOnce(&Path),
) -> bool {
    if !compiler_present(program.lang.compiler(), program.source) {
        return false;
    }
    let lib_dir = common::cdylib_dir(false);
    let scratch = common::scratch("c-tests", test);
    prepare(&scratch);
    let plain = compile(program, &scratch, &lib_dir, false);
    for &mode in modes {
        let exe = if mode == Mode::Sanitize {
            compile(program, &scratch, &lib_dir, true)
        } else {
            plain.clone()
        };
        let what = format!("{} ({}, {mode:?})", program.source, program.lang.std_flag());
        let output = run(program, &exe, &scratch, &lib_dir, mode);
        print_output(&what, &output);
        assert_clean(&what, program, mode, &output);
    }
    true
}

/// A corpus replayer (`source`, in `lang`): it takes the path of
/// `tests/corpus/corpus.txt` and passes one check per case, so at least as many as the
/// corpus holds.
fn corpus_replayer(source: &'static str, lang: Lang) -> Program {
    let corpus = Path::new(MANIFEST_DIR).join("tests/corpus/corpus.txt");
    let text = std::fs::read_to_string(&corpus).expect("the committed corpus");
    let cases = text.lines().filter(|l| l.contains(" -> ")).count() as u32;
    assert!(cases > 1000, "only {cases} cases in {}", corpus.display());
    Program {
        source,
        lang,
        args: vec![corpus.display().to_string()],
        min_checks: cases,
    }
}

/// The conformance corpus replayed through the C ABI by `tests/c/corpus_replay.c`.
#[test]
fn c_replays_the_conformance_corpus() {
    let program = corpus_replayer("tests/c/corpus_replay.c", Lang::C);
    build_and_run("corpus_replay", &program, &modes());
}

/// The conformance corpus replayed through the C++ wrapper by
/// `tests/cpp/corpus_replay.cpp` (C++17).
#[test]
fn cpp_replays_the_conformance_corpus() {
    let program = corpus_replayer("tests/cpp/corpus_replay.cpp", Lang::Cpp17);
    build_and_run("corpus_replay_cpp", &program, &modes());
}

#[test]
fn c_errors_statuses_and_version() {
    let program = Program {
        source: "tests/c/test_errors.c",
        lang: Lang::C,
        args: vec![env!("CARGO_PKG_VERSION").to_owned()],
        min_checks: common::c_min_checks("tests/c/test_errors.c"),
    };
    build_and_run("test_errors", &program, &modes());
}

#[test]
fn c_masks_from_every_source() {
    let program = Program {
        source: "tests/c/test_masks.c",
        lang: Lang::C,
        args: vec![],
        // The image scenarios (files in the scratch folder) add about 50.
        min_checks: common::c_min_checks("tests/c/test_masks.c"),
    };
    build_and_run("test_masks", &program, &modes());
}

#[test]
fn c_bounds_arithmetic() {
    let program = Program {
        source: "tests/c/test_bounds.c",
        lang: Lang::C,
        args: vec![],
        min_checks: common::c_min_checks("tests/c/test_bounds.c"),
    };
    build_and_run("test_bounds", &program, &modes());
}

#[test]
fn c_mask_edits() {
    let program = Program {
        source: "tests/c/test_edit.c",
        lang: Lang::C,
        args: vec![],
        // 148: the door's own scenes (shared masks, each edit by hand, self-edits, the world
        // crater, raw bytes); the random edit sequences (about 1,700 checks) gave way to
        // the corpus.
        min_checks: common::c_min_checks("tests/c/test_edit.c"),
    };
    build_and_run("test_edit", &program, &modes());
}

#[test]
fn c_polygons() {
    let program = Program {
        source: "tests/c/test_polygons.c",
        lang: Lang::C,
        args: vec![],
        // 182: the exact polygons' and outlines' random cases (about 80) are the corpus's.
        min_checks: common::c_min_checks("tests/c/test_polygons.c"),
    };
    build_and_run("test_polygons", &program, &modes());
}

#[test]
fn c_shape_tools() {
    let program = Program {
        source: "tests/c/test_shapes.c",
        lang: Lang::C,
        args: vec![],
        // 1,572: the flood fill's, crop's and byte-order colour ranges' random cases (about
        // 2,300 checks) gave way to the corpus.
        min_checks: common::c_min_checks("tests/c/test_shapes.c"),
    };
    build_and_run("test_shapes", &program, &modes());
}

#[test]
fn c_pair_queries() {
    let program = Program {
        source: "tests/c/test_queries.c",
        lang: Lang::C,
        args: vec![],
        min_checks: common::c_min_checks("tests/c/test_queries.c"),
    };
    build_and_run("test_queries", &program, &modes());
}

#[test]
fn c_sweeps() {
    let program = Program {
        source: "tests/c/test_sweep.c",
        lang: Lang::C,
        args: vec![],
        min_checks: common::c_min_checks("tests/c/test_sweep.c"),
    };
    build_and_run("test_sweep", &program, &modes());
}

#[test]
fn c_motion_contacts_push_out_slide_raycasts() {
    let program = Program {
        source: "tests/c/test_motion.c",
        lang: Lang::C,
        args: vec![],
        min_checks: common::c_min_checks("tests/c/test_motion.c"),
    };
    build_and_run("test_motion", &program, &modes());
}

#[test]
fn c_transformed_sprites() {
    let program = Program {
        source: "tests/c/test_transforms.c",
        lang: Lang::C,
        args: vec![],
        min_checks: common::c_min_checks("tests/c/test_transforms.c"),
    };
    build_and_run("test_transforms", &program, &modes());
}

#[test]
fn c_program_survives_hostile_input() {
    let program = Program {
        source: "tests/c/test_hostile.c",
        lang: Lang::C,
        args: vec![],
        // The encoded-image scenarios add about 70.
        min_checks: common::c_min_checks("tests/c/test_hostile.c"),
    };
    build_and_run("test_hostile", &program, &modes());
}

#[test]
fn c_threads_share_masks() {
    let program = Program {
        source: "tests/c/test_threads.c",
        lang: Lang::C,
        args: vec![],
        min_checks: common::c_min_checks("tests/c/test_threads.c"),
    };
    build_and_run("test_threads", &program, &modes());
}

#[test]
fn c_world_ids_errors_and_threads() {
    let program = Program {
        source: "tests/c/test_world.c",
        lang: Lang::C,
        args: vec![],
        min_checks: common::c_min_checks("tests/c/test_world.c"),
    };
    build_and_run("test_world", &program, &modes());
}

#[test]
fn c_world_snapshots_and_hashes() {
    let program = Program {
        source: "tests/c/test_snapshot.c",
        lang: Lang::C,
        args: vec![],
        // 398: random masks' hashes (about 390 checks) are the corpus's `mask_hash` cases.
        min_checks: common::c_min_checks("tests/c/test_snapshot.c"),
    };
    build_and_run("test_snapshot", &program, &modes());
}

#[test]
fn cpp_wrapper_covers_every_member() {
    let modes = modes();
    let program = Program {
        source: "tests/cpp/test_perpixel.cpp",
        lang: Lang::Cpp17,
        args: vec![env!("CARGO_PKG_VERSION").to_owned()],
        // About 350 before the world; its tests add about 270 (its random world, about 330
        // checks against the Sprite functions, gave way to the conformance corpus).
        min_checks: 600,
    };
    if !build_and_run("test_cpp17", &program, &modes) {
        return;
    }
    // C++20 adds the std::span overloads; valgrind adds nothing over the C++17 run.
    let program = Program {
        lang: Lang::Cpp20,
        ..program
    };
    let modes: Vec<Mode> = modes.into_iter().filter(|m| *m != Mode::Valgrind).collect();
    build_and_run("test_cpp20", &program, &modes);
}

/// Bakes the sprites and atlas of `tests/common` with the Rust library, then runs
/// `tests/c/test_bake.c` on the files: the C side must load masks identical to the ones it
/// builds from the same PNGs.
#[cfg(feature = "image")]
#[test]
fn c_program_loads_baked_masks_identical_to_the_pngs() {
    let program = Program {
        source: "tests/c/test_bake.c",
        lang: Lang::C,
        args: vec![],
        min_checks: common::c_min_checks("tests/c/test_bake.c"),
    };
    build_and_run_with("test_bake", &program, &modes(), |scratch| {
        common::bake_round_trip_files(scratch);
    });
}

/// Runs `tests/c/test_limits.c` in a process with a capped address space (in place of the
/// plain run), then under ASan (uncapped) and capped valgrind when asked: the hostile
/// headers of `tests/common/hostile.rs` must each end in a status, and the process must
/// survive.
#[cfg(feature = "image")]
#[test]
fn c_program_gets_a_status_for_huge_images_in_a_capped_process() {
    let program = Program {
        source: "tests/c/test_limits.c",
        lang: Lang::C,
        args: vec![],
        min_checks: common::c_min_checks("tests/c/test_limits.c"),
    };
    let modes: Vec<Mode> = modes()
        .into_iter()
        .map(|m| match m {
            Mode::Plain => Mode::Capped,
            Mode::Valgrind => Mode::CappedValgrind,
            other => other,
        })
        .collect();
    build_and_run("test_limits", &program, &modes);
}

/// Keeps the hand-run C benchmarks building (`tests/c/bench_queries.c`, and
/// `tests/c/bench_world.c` whose C# twin is the world section of `tests/csharp/Bench.cs`;
/// see their headers): compiled only, never run or timed. `cargo test --test c_abi --
/// --ignored`.
#[test]
#[ignore = "compiles the hand-run C benchmarks; they are never run by the tests"]
fn c_benchmark_compiles() {
    for (source, name) in [
        ("tests/c/bench_queries.c", "bench_queries"),
        ("tests/c/bench_world.c", "bench_world"),
    ] {
        let program = Program {
            source,
            lang: Lang::C,
            args: vec![],
            min_checks: 0,
        };
        let scratch = common::scratch("c-tests", name);
        compile(&program, &scratch, &common::cdylib_dir(false), false);
    }
}

/// The C++ wrapper split by concept (issue 31.4): the umbrella `bindings/cpp/perpixel.hpp`
/// includes every part header of `bindings/cpp/perpixel/` (and nothing else) and lists it
/// in its comment, and each part compiles alone in a translation unit that includes only
/// it, as C++17 and as C++20, with `-Wall -Wextra -Werror -pedantic`: a part includes
/// what it uses.
#[test]
fn cpp_part_headers_compile_alone() {
    let manifest = Path::new(MANIFEST_DIR);
    let parts = common::cpp_part_headers();
    let umbrella = std::fs::read_to_string(manifest.join("bindings/cpp/perpixel.hpp"))
        .expect("bindings/cpp/perpixel.hpp");
    let mut included: Vec<&str> = umbrella
        .lines()
        .filter_map(|l| l.strip_prefix("#include \"perpixel/"))
        .map(|l| l.trim_end_matches('"'))
        .collect();
    included.sort_unstable();
    assert_eq!(
        included, parts,
        "perpixel.hpp must include every part header of bindings/cpp/perpixel/, and only those"
    );
    for part in &parts {
        assert!(
            umbrella.contains(&format!(" *   perpixel/{part} ")),
            "perpixel.hpp's comment (\"Parts:\") does not list perpixel/{part}"
        );
    }
    println!(
        "perpixel.hpp includes and lists all {} part headers",
        parts.len()
    );
    if !compiler_present("g++", "the C++ part headers") {
        return;
    }
    let scratch = common::scratch("c-tests", "cpp_part_headers");
    for lang in [Lang::Cpp17, Lang::Cpp20] {
        for part in &parts {
            let tu = scratch.join(format!("{part}.cpp"));
            std::fs::write(&tu, format!("#include <perpixel/{part}>\n")).unwrap();
            let mut cc = Command::new("g++");
            cc.args([
                lang.std_flag(),
                "-Wall",
                "-Wextra",
                "-Werror",
                "-pedantic",
                "-c",
            ])
            .arg("-I")
            .arg(manifest.join("include"))
            .arg("-I")
            .arg(manifest.join("bindings/cpp"))
            .arg(&tu)
            .arg("-o")
            .arg(tu.with_extension(format!("{}.o", &lang.std_flag()[5..])));
            println!("$ {cc:?}");
            let output = cc.output().expect("cannot run g++");
            print_output("g++", &output);
            assert!(
                output.status.success(),
                "perpixel/{part} does not compile alone ({}): it must include what it uses",
                lang.std_flag()
            );
        }
    }
    println!(
        "{} part headers each compiled alone as C++17 and C++20",
        parts.len()
    );
}
