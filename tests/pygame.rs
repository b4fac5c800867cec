//! perpixel against pygame-ce itself: `tests/pygame/compare.py` calls this run's
//! `libperpixel` through its C ABI (Python ctypes) and pygame-ce's `pygame.mask` on the
//! same random masks, and stops at the first disagreement: count, centroid, angle,
//! `outline(every)`, connected components, bounding rects, the component at a pixel and
//! the largest, `scale`, `convolve`, `overlap_area`, `overlap`, `overlap_mask`, `draw`,
//! `erase`, `invert`, `to_surface` colours, `from_threshold` and `from_surface`. The
//! script's docstring lists where
//! pygame-ce itself is wrong and what is checked there instead. It also checks the
//! README's two documented differences (a mask drawn onto itself; colour keys on surfaces
//! with per-pixel alpha): their examples exactly, and on the random masks that perpixel
//! gives the documented answer and that pygame-ce still differs (so the README stays true).
//!
//! Needs `python3` with pygame-ce (`python3 -m pip install pygame-ce==2.5.8`; CI installs
//! it). Without it the test says so and passes on a developer machine, and fails in CI.

mod common;

use std::process::Command;

/// Whether `python3` runs and imports pygame (pygame-ce).
fn have_pygame() -> bool {
    Command::new("python3")
        .args(["-c", "import pygame"])
        .env("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn shape_tools_agree_with_pygame_ce() {
    if !have_pygame() {
        common::missing_tool(
            "python3 with pygame-ce",
            "the comparison with pygame-ce",
            "python3 -m pip install pygame-ce==2.5.8",
        );
        return;
    }
    let lib = common::cdylib_dir(false).join(common::lib_name(true));
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pygame/compare.py");
    for seed in ["1", "2"] {
        let out = Command::new("python3")
            .args([
                script,
                lib.to_str().expect("a UTF-8 library path"),
                seed,
                "1500",
            ])
            .env("PYGAME_HIDE_SUPPORT_PROMPT", "1")
            .output()
            .expect("python3 runs");
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert!(
            out.status.success() && stdout.starts_with("perpixel agrees with pygame-ce"),
            "compare.py (seed {seed}) failed:\n{stdout}{stderr}"
        );
        // The README's differences still show with this pygame-ce (else it is stale).
        for difference in [
            "draw onto itself: pygame's own smeared (README): ",
            "erase onto itself: pygame's own smeared (README): ",
            "keyed: non-opaque key-coloured pixels pygame sets and perpixel does not (README): ",
        ] {
            assert!(
                stdout.contains(difference),
                "compare.py (seed {seed}) never saw the README's difference {difference:?}: \
                 update README.md's pygame section\n{stdout}"
            );
        }
        println!("seed {seed}: {}", stdout.trim());
    }
}
