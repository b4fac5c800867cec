//! The shared test kit: one home for what the test drivers and integration tests need
//! more than once.
//!
//! * [`scratch`]: a fresh folder per test under `target/tmp` (tests run in parallel).
//! * [`have`] / [`tools_present`]: probes for external tools, with the project's rule: a
//!   developer machine without a tool prints a notice, CI (`CI` set) fails.
//! * [`cdylib_dir`] / [`lib_name`]: where `cargo test` put the libraries it built.
//! * [`cpp_part_headers`]: the C++ wrapper's part headers (`bindings/cpp/perpixel/`).
//! * [`Rng`]: a small deterministic random generator (xorshift64*).
//! * [`make_fifo`] / [`without_blocking`] (Unix): a named pipe, and a call on it that
//!   fails instead of hanging if it blocks.
//! * [`mask!`] and [`assert_mask_eq`]: masks drawn in ASCII, and an assertion that prints
//!   the pixel diff.
//! * `props`: a proptest property run from a test's own `main` (harness = false),
//!   printing how many cases ran (`props::run`, `props::cases`).
//! * `fixtures` (with the `image` feature): sprite folders and atlases for baking.
//! * `hostile` (with the `image` feature): small files whose headers claim huge images,
//!   one per decoder.
//! * `props`: running proptest properties under a binary's own `main`, printing how
//!   many cases ran.
//! * `circle`: recognises the contact normal's known on-circle rounding difference
//!   between the fast path and its oracle (also used by the fuzz target `queries`).
//!
//! Each test binary includes this module with `mod common;` and uses part of it.
#![allow(dead_code, unused_imports, unused_macros)]

#[cfg(feature = "image")]
mod fixtures;
#[cfg(feature = "image")]
pub use fixtures::*;
/// The contact normal's known on-circle rounding (see circle.rs).
pub mod circle;
#[cfg(feature = "image")]
pub mod hostile;
/// The C compiler's layout of the header's structs (see layouts.rs).
pub mod layouts;
pub mod props;

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh, empty scratch folder `target/tmp/<group>/<name>`.
pub fn scratch(group: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot clear {}: {e}", dir.display()));
    }
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}

/// Whether `tool --version` runs and succeeds.
pub fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// True when every tool is present. Otherwise: with `CI` set, a panic (in CI a missing
/// tool is a failure, never a skip); on a developer machine, a notice naming what did not
/// run and how to install the tools, and false.
pub fn tools_present(tools: &[&str], what: &str, install: &str) -> bool {
    let missing: Vec<&str> = tools.iter().copied().filter(|t| !have(t)).collect();
    if missing.is_empty() {
        return true;
    }
    missing_tool(&missing.join(", "), what, install)
}

/// The missing-tool rule of [`tools_present`] for a tool found another way (a Python
/// module, say): with `CI` set, a panic; otherwise a notice, and false.
pub fn missing_tool(tool: &str, what: &str, install: &str) -> bool {
    let notice = format!("NOTICE: {tool} not found: {what} did not run ({install})");
    if std::env::var_os("CI").is_some() {
        panic!("{notice}; CI is set, so this fails");
    }
    eprintln!("{notice}");
    false
}

/// Makes a FIFO (named pipe) at `path`, mode 0600 (Unix).
#[cfg(unix)]
pub fn make_fifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).expect("a path without NUL");
    // SAFETY: `c` is a NUL-terminated string that outlives the call.
    let made = unsafe { libc::mkfifo(c.as_ptr(), 0o600) };
    assert_eq!(
        made,
        0,
        "mkfifo {}: {}",
        path.display(),
        std::io::Error::last_os_error()
    );
}

/// Runs `load` (which must not block) on its own thread and returns its result. If it has
/// not returned after 60 seconds it is stuck on `fifo`: a writer opens and closes the FIFO
/// so the blocked reader wakes, and the test fails saying the call blocked (a hang
/// becomes a failure, not a test that never ends).
#[cfg(unix)]
pub fn without_blocking<T: Send + 'static>(
    fifo: &Path,
    what: &str,
    load: impl FnOnce() -> T + Send + 'static,
) -> T {
    use std::os::unix::fs::OpenOptionsExt;
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = tx.send(load());
    });
    match rx.recv_timeout(std::time::Duration::from_secs(60)) {
        Ok(result) => {
            worker.join().unwrap();
            result
        }
        Err(_) => {
            let _ = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(fifo);
            panic!("{what} blocked on the FIFO {} for 60 s", fifo.display());
        }
    }
}

/// A library's file name on this platform: `lib_name(true)` is the cdylib
/// (`libperpixel.so`, `.dylib`, `perpixel.dll`), `lib_name(false)` the static library.
pub fn lib_name(shared: bool) -> String {
    if shared {
        format!(
            "{}perpixel{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        )
    } else if cfg!(windows) {
        "perpixel.lib".to_owned()
    } else {
        "libperpixel.a".to_owned()
    }
}

/// The folder holding the libraries `cargo test` built for this run: the test binary's
/// folder (`target/<profile>/deps`) or its parent. With `staticlib`, the static library
/// must be there too.
pub fn cdylib_dir(staticlib: bool) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let deps = exe.parent().expect("the test binary's folder");
    let mut wanted = vec![lib_name(true)];
    if staticlib {
        wanted.push(lib_name(false));
    }
    for dir in [deps, deps.parent().unwrap_or(deps)] {
        if wanted.iter().all(|name| dir.join(name).is_file()) {
            return dir.to_path_buf();
        }
    }
    panic!(
        "{} not found in {} or its parent: `cargo test` builds the library's crate types \
         for integration tests; check that Cargo.toml's [lib] crate-type still lists \
         cdylib and staticlib",
        wanted.join(" and "),
        deps.display()
    );
}

/// The C++ wrapper's part headers, `bindings/cpp/perpixel/*.hpp`, by file name, sorted
/// (found in the folder, so a new part counts without a list). The umbrella
/// `bindings/cpp/perpixel.hpp` includes them all.
pub fn cpp_part_headers() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("bindings/cpp/perpixel");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("a bindings/cpp/perpixel entry").file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".hpp"))
        .collect();
    names.sort();
    assert!(
        names.len() >= 10,
        "only {names:?} in {}: the C++ wrapper is split by concept",
        dir.display()
    );
    names
}

/// A small deterministic generator (xorshift64*): tests draw from a seed, so a failure
/// can be replayed.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from any seed (0 is allowed).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    /// True with probability `percent / 100`.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// A mask drawn in ASCII, one string per row, top row (row 0) first: `#` (or `X`) is
/// solid, `.` is empty; rows must be equally long.
///
/// ```ignore
/// let cross = common::mask!(".#." "###" ".#.");
/// ```
macro_rules! mask {
    ($($row:literal)*) => {
        $crate::common::mask_from_rows(&[$($row),*])
    };
}
pub(crate) use mask;

/// The mask [`mask!`] draws.
#[track_caller]
pub fn mask_from_rows(rows: &[&str]) -> perpixel::Mask {
    let width = rows.first().map_or(0, |r| r.chars().count());
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(
            row.chars().count(),
            width,
            "mask! row {y} is {:?}: every row must be {width} wide",
            row
        );
        assert!(
            row.chars().all(|c| matches!(c, '#' | 'X' | '.')),
            "mask! row {y} is {row:?}: use '#' or 'X' for solid, '.' for empty"
        );
    }
    let cells: Vec<Vec<bool>> = rows
        .iter()
        .map(|r| r.chars().map(|c| c != '.').collect())
        .collect();
    perpixel::Mask::from_fn(width as u32, rows.len() as u32, |x, y| {
        cells[y as usize][x as usize]
    })
    .expect("a small ASCII mask")
}

/// A mask as rows of `#` and `.`, top row first.
pub fn rows(mask: &perpixel::Mask) -> Vec<String> {
    (0..mask.height())
        .map(|y| {
            (0..mask.width())
                .map(|x| if mask.is_solid(x, y) { '#' } else { '.' })
                .collect()
        })
        .collect()
}

/// The pixel diff of two masks, or `None` when they are equal: the picture of the
/// union, `#` solid in both, `+` only in `actual`, `-` only in `expected`, `.` neither,
/// under a line giving both sizes and counts.
pub fn mask_diff(actual: &perpixel::Mask, expected: &perpixel::Mask) -> Option<String> {
    if actual == expected {
        return None;
    }
    let (w, h) = (
        actual.width().max(expected.width()),
        actual.height().max(expected.height()),
    );
    let mut out = format!(
        "actual {}x{} with {} solid, expected {}x{} with {} solid \
         ('+' only actual, '-' only expected, '#' both):\n",
        actual.width(),
        actual.height(),
        actual.count(),
        expected.width(),
        expected.height(),
        expected.count()
    );
    for y in 0..h {
        for x in 0..w {
            out.push(match (actual.is_solid(x, y), expected.is_solid(x, y)) {
                (true, true) => '#',
                (true, false) => '+',
                (false, true) => '-',
                (false, false) => '.',
            });
        }
        out.push('\n');
    }
    Some(out)
}

/// Asserts two masks are equal, printing the pixel diff ([`mask_diff`]) when not.
#[track_caller]
pub fn assert_mask_eq(actual: &perpixel::Mask, expected: &perpixel::Mask, what: &str) {
    if let Some(diff) = mask_diff(actual, expected) {
        panic!("{what}: masks differ\n{diff}");
    }
}

/// A generated file's staleness check: with `refresh_var` set to `1`, writes `fresh` to
/// `path` (relative to the repository) and returns; otherwise fails, naming the first line
/// that differs and `command`, unless the committed file equals `fresh`.
pub fn check_generated(path: &str, fresh: &str, refresh_var: &str, command: &str) {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var_os(refresh_var).is_some_and(|v| v == "1") {
        std::fs::write(&full, fresh).unwrap_or_else(|e| panic!("write {path}: {e}"));
        println!("wrote {path} ({} bytes)", fresh.len());
        return;
    }
    let committed = std::fs::read_to_string(&full).unwrap_or_default();
    if committed != fresh {
        let line = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(committed.lines().count().min(fresh.lines().count()));
        panic!(
            "{path} is stale (first difference at line {}): refresh it with\n{command}\nand commit it",
            line + 1
        );
    }
}

/// The fewest checks each C test program must report ("N passed, 0 failed"): one table for
/// `tests/c_abi.rs`, which runs them natively (and under sanitizers and valgrind), and
/// `tests/wine.rs`, which runs them under Wine, so a program's count changes in one place.
/// The counts are the door's own checks (what the conformance corpus holds is replayed by
/// `tests/c/corpus_replay.c`): test_edit 148, test_polygons 182, test_shapes 1,572,
/// test_snapshot 398 and test_world 314 after their random oracles gave way to the corpus.
pub fn c_min_checks(source: &str) -> u32 {
    match source {
        "tests/c/test_errors.c" => 50,
        "tests/c/test_masks.c" => {
            if cfg!(feature = "image") {
                400
            } else {
                350
            }
        }
        "tests/c/test_bounds.c" => 55,
        "tests/c/test_edit.c" => 140,
        "tests/c/test_polygons.c" => 175,
        "tests/c/test_shapes.c" => 1500,
        "tests/c/test_queries.c" => 100,
        "tests/c/test_sweep.c" => 90,
        "tests/c/test_motion.c" => 8000,
        "tests/c/test_transforms.c" => 60,
        "tests/c/test_hostile.c" => {
            if cfg!(feature = "image") {
                1500
            } else {
                1450
            }
        }
        "tests/c/test_threads.c" => 15,
        "tests/c/test_world.c" => 300,
        "tests/c/test_snapshot.c" => 380,
        "tests/c/test_bake.c" => 470,
        "tests/c/test_limits.c" => 40,
        _ => panic!("{source}: no minimum check count in tests/common/mod.rs"),
    }
}
