//! The process-wide mask size limit (`max_mask_pixels` / `set_max_mask_pixels`), and
//! hostile inputs at any limit.
//!
//! One test function changes the limit on purpose: the limit is global to the process,
//! and tests in one binary run in parallel, so every check that changes it in this
//! process lives there, in order. The others leave it alone: the checks that raise it to
//! `u64::MAX` run in child processes with a capped address space (this test binary run
//! again, see [`huge_headers_fail_with_a_status_in_a_capped_child_process`]), so that a
//! regression aborts a child, never the test runner.

#[cfg(feature = "image")]
mod common;

use perpixel::{Error, MAX_MASK_PIXELS, Mask, MaskOptions, PixelFormat};

#[cfg(feature = "image")]
use common::hostile::png_claiming;

#[cfg(feature = "image")]
fn png_of(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(width, height, image::Rgba([1, 2, 3, 255]));
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .unwrap();
    bytes
}

#[test]
fn the_limit_is_configurable_checked_and_applies_to_every_constructor() {
    assert_eq!(perpixel::max_mask_pixels(), MAX_MASK_PIXELS);
    assert_eq!(MAX_MASK_PIXELS, 1 << 26);

    // Default: a 200-megapixel claim in a 73-byte PNG is refused from its header.
    #[cfg(feature = "image")]
    {
        let hostile = png_claiming(20_000, 10_000);
        assert_eq!(hostile.len(), 73);
        let err = Mask::from_image_bytes(&hostile, &MaskOptions::default()).unwrap_err();
        assert_eq!(
            err,
            Error::TooLarge {
                width: 20_000,
                height: 10_000
            }
        );
        assert!(err.to_string().contains("67108864"), "{err}");
    }

    // 0 is refused and leaves the limit alone.
    assert!(matches!(
        perpixel::set_max_mask_pixels(0),
        Err(Error::InvalidArgument(_))
    ));
    assert_eq!(perpixel::max_mask_pixels(), MAX_MASK_PIXELS);

    // A lower limit applies to every constructor, inclusive at the limit.
    let built_before = Mask::full(20, 20).unwrap();
    let c_mask_before = {
        let mut m = std::ptr::null_mut();
        let alpha = [255u8; 400];
        // SAFETY: a 20x20 A8 buffer of 400 bytes, default options, a valid out-pointer.
        let status = unsafe {
            perpixel::ffi::pp_mask_from_pixels(
                alpha.as_ptr(),
                400,
                perpixel::ffi::PP_FORMAT_A8,
                20,
                20,
                20,
                std::ptr::null(),
                &mut m,
            )
        };
        assert_eq!(status, perpixel::ffi::pp_status::PP_OK);
        m
    };
    perpixel::set_max_mask_pixels(100).unwrap();
    assert_eq!(perpixel::max_mask_pixels(), 100);
    assert_eq!(Mask::full(10, 10).unwrap().count(), 100);
    assert_eq!(Mask::empty(100, 1).unwrap().width(), 100);
    for (w, h) in [(11, 10), (101, 1), (1, 101), (u32::MAX, u32::MAX)] {
        let err = Mask::empty(w, h).unwrap_err();
        assert_eq!(
            err,
            Error::TooLarge {
                width: w as u64,
                height: h as u64
            }
        );
        assert!(err.to_string().contains("100 pixels in all"), "{err}");
        assert!(matches!(Mask::full(w, h), Err(Error::TooLarge { .. })));
    }
    assert!(matches!(
        Mask::from_fn(11, 10, |_, _| true),
        Err(Error::TooLarge { .. })
    ));
    let alpha = vec![255u8; 11 * 10];
    assert!(matches!(
        Mask::from_pixels(&alpha, PixelFormat::A8, 11, 10, 11, &MaskOptions::default()),
        Err(Error::TooLarge { .. })
    ));
    // A region inside a larger image is what gets built: a 10x10 frame of an 11x10 atlas.
    let frame = MaskOptions {
        region: Some(perpixel::Bounds2D::new(1, 0, 10, 10)),
        ..MaskOptions::default()
    };
    assert_eq!(
        Mask::from_pixels(&alpha, PixelFormat::A8, 11, 10, 11, &frame)
            .unwrap()
            .count(),
        100
    );
    #[cfg(feature = "image")]
    {
        let err = Mask::from_image_bytes(&png_of(11, 10), &MaskOptions::default()).unwrap_err();
        assert_eq!(
            err,
            Error::TooLarge {
                width: 11,
                height: 10
            }
        );
        assert_eq!(
            Mask::from_image_bytes(&png_of(10, 10), &MaskOptions::default())
                .unwrap()
                .count(),
            100
        );
        // A TexturePacker atlas image is held to the same limit in force, from its header.
        let dir = std::env::temp_dir().join(format!("perpixel-limits-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("atlas.png"), png_of(11, 10)).unwrap();
        let frame = r#"{"frame":{"x":0,"y":0,"w":2,"h":2},"rotated":false,"trimmed":false,
            "spriteSourceSize":{"x":0,"y":0,"w":2,"h":2},"sourceSize":{"w":2,"h":2}}"#;
        let json = format!(r#"{{"frames":{{"a":{frame}}},"meta":{{"image":"atlas.png"}}}}"#);
        std::fs::write(dir.join("atlas.json"), json).unwrap();
        let atlas = perpixel::MaskBundle::from_texturepacker(
            dir.join("atlas.json"),
            &MaskOptions::default(),
        );
        assert!(
            matches!(
                atlas,
                Err(Error::TooLarge {
                    width: 11,
                    height: 10
                })
            ),
            "{atlas:?}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    // But not to the overlap of masks built before it was lowered: an overlap is never
    // larger than its masks (400 pixels here, in Rust and through the C ABI).
    let overlap = built_before.overlap_mask(&built_before, (0, 0)).unwrap();
    assert_eq!((overlap.mask.count(), overlap.bounds.area()), (400, 400));
    {
        use perpixel::ffi::{pp_bounds, pp_mask, pp_mask_count, pp_mask_free};
        use perpixel::ffi::{pp_mask_overlap_mask, pp_status};
        let (mut out, mut bounds, mut count) = (std::ptr::null_mut(), pp_bounds::default(), 0);
        let a: *const pp_mask = c_mask_before;
        // SAFETY: `a` is a live handle from the C ABI; the outs are valid for writes.
        unsafe {
            assert_eq!(
                pp_mask_overlap_mask(a, a, 0, 0, &mut out, &mut bounds),
                pp_status::PP_OK
            );
            assert_eq!(pp_mask_count(out, &mut count), pp_status::PP_OK);
            pp_mask_free(out);
            pp_mask_free(c_mask_before);
        }
        assert_eq!((count, bounds.width, bounds.height), (400, 20, 20));
    }

    // Raising it lets larger masks through.
    perpixel::set_max_mask_pixels(MAX_MASK_PIXELS * 2).unwrap();
    let wide = Mask::empty(1 << 14, 1 << 13).unwrap();
    assert_eq!(
        wide.width() as u64 * wide.height() as u64,
        MAX_MASK_PIXELS * 2
    );
    drop(wide);
    assert!(matches!(
        Mask::empty(1 << 14, (1 << 13) + 1),
        Err(Error::TooLarge { .. })
    ));

    // The C ABI reads and writes the same setting.
    use perpixel::ffi::{pp_max_mask_pixels, pp_set_max_mask_pixels, pp_status};
    assert_eq!(pp_max_mask_pixels(), MAX_MASK_PIXELS * 2);
    assert_eq!(pp_set_max_mask_pixels(7), pp_status::PP_OK);
    assert_eq!(perpixel::max_mask_pixels(), 7);
    assert_eq!(
        pp_set_max_mask_pixels(0),
        pp_status::PP_ERR_INVALID_ARGUMENT
    );
    assert_eq!(perpixel::max_mask_pixels(), 7);

    perpixel::set_max_mask_pixels(MAX_MASK_PIXELS).unwrap();
    assert_eq!(perpixel::max_mask_pixels(), MAX_MASK_PIXELS);
}

/// The environment variable that makes [`capped_child`] run a scenario.
#[cfg(feature = "image")]
const CHILD_SCENARIO: &str = "PERPIXEL_LIMITS_CHILD";

/// The child processes' address-space cap, in KiB (`ulimit -v`): 1 GiB, room for the test
/// binary and far less than any hostile image claims (1 GiB to 40 GB).
#[cfg(feature = "image")]
const CHILD_ADDRESS_SPACE_KIB: u64 = 1 << 20;

/// Runs this test binary's [`capped_child`] under `ulimit -v`, with `scenario` selected.
/// Returns its exit status and output.
#[cfg(feature = "image")]
fn run_capped_child(scenario: &str) -> (std::process::ExitStatus, String) {
    let exe = std::env::current_exe().unwrap();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {CHILD_ADDRESS_SPACE_KIB} && exec \"$0\" \"$@\""
        ))
        .arg(&exe)
        .args(["capped_child", "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_SCENARIO, scenario)
        .output()
        .expect("run sh");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status, text)
}

/// What a decode came to, as one word.
#[cfg(feature = "image")]
fn outcome(r: &perpixel::Result<Mask>) -> String {
    match r {
        Ok(m) => format!("Ok({}x{})", m.width(), m.height()),
        Err(Error::TooLarge { .. }) => "TooLarge".into(),
        Err(Error::OutOfMemory) => "OutOfMemory".into(),
        Err(Error::Decode(why)) => format!("Decode({why})"),
        Err(other) => format!("{other:?}"),
    }
}

/// The child side: runs the scenario named by `PERPIXEL_LIMITS_CHILD` (does nothing when
/// it is unset, as in a normal test run), printing one `CHECK <name>: <outcome>` line
/// per decode and `CHILD OK <n>` at the end. The parent asserts the outcomes.
#[cfg(feature = "image")]
#[test]
fn capped_child() {
    let Ok(scenario) = std::env::var(CHILD_SCENARIO) else {
        return;
    };
    println!(); // after libtest's "test capped_child ... "
    let opts = MaskOptions::default();
    let mut checks = 0;
    let mut check = |name: &str, r: perpixel::Result<Mask>| {
        println!("CHECK {name}: {}", outcome(&r));
        checks += 1;
    };
    match scenario.as_str() {
        // The limit raised to "no limit": every hostile header gets past the size check,
        // so only fallible allocation stands between it and an abort.
        "u64-max" => {
            perpixel::set_max_mask_pixels(u64::MAX).unwrap();
            let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
                .join(format!("limits-child-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            for h in common::hostile::samples() {
                if h.name != "tga" {
                    check(h.name, Mask::from_image_bytes(&h.bytes, &opts));
                }
                // From a file too (TGA is recognised only there, by its extension).
                let path = dir.join(format!("hostile.{}", h.name));
                std::fs::write(&path, &h.bytes).unwrap();
                check(
                    &format!("{}-file", h.name),
                    Mask::from_image_path(&path, &opts),
                );
            }
            std::fs::remove_dir_all(&dir).unwrap();
            // PNG's largest sides, 2^31 - 1: 2^62 pixels. In RGBA8 their bytes fit in
            // 64 bits but not in memory; in 16-bit RGBA they do not even fit in 64 bits.
            let side = i32::MAX as u32;
            let png = common::hostile::png_claiming(side, side);
            check("png-2^31-1", Mask::from_image_bytes(&png, &opts));
            let png = common::hostile::png_claiming_with_depth(side, side, 16);
            check("png16-2^31-1", Mask::from_image_bytes(&png, &opts));
            // The same through the C ABI: a status, and nothing written.
            use perpixel::ffi::{pp_mask, pp_mask_from_image_bytes, pp_status};
            let png = common::hostile::png_claiming(100_000, 100_000);
            let sentinel = std::ptr::NonNull::<pp_mask>::dangling().as_ptr();
            let mut out = sentinel;
            // SAFETY: `png` is valid for its length; NULL options mean the defaults; `out`
            // is a valid place to write a handle.
            let status = unsafe {
                pp_mask_from_image_bytes(png.as_ptr(), png.len(), std::ptr::null(), &mut out)
            };
            println!(
                "CHECK c-abi: {status:?} out_unchanged={}",
                std::ptr::eq(out, sentinel)
            );
            assert!(matches!(
                status,
                pp_status::PP_ERR_OUT_OF_MEMORY | pp_status::PP_ERR_TOO_LARGE
            ));
            checks += 1;
        }
        // A plausible "for huge levels" limit of 2^32 pixels.
        "2^32" => {
            perpixel::set_max_mask_pixels(1 << 32).unwrap();
            let png = common::hostile::png_claiming(100_000, 100_000);
            check("png-100000", Mask::from_image_bytes(&png, &opts));
            let png = common::hostile::png_claiming(65_536, 65_536);
            check("png-65536", Mask::from_image_bytes(&png, &opts));
        }
        other => panic!("unknown scenario {other}"),
    }
    // The process survived and still works: a real image decodes.
    let img = image::RgbaImage::from_pixel(3, 2, image::Rgba([0, 0, 0, 255]));
    let mut png = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let m = Mask::from_image_bytes(&png, &opts).unwrap();
    assert_eq!(m.count(), 6);
    println!("CHILD OK {}", checks + 1);
}

/// The regression test of the abort: after `set_max_mask_pixels(u64::MAX)` (or 2^32), a
/// 73-byte PNG claiming 100000 x 100000 (and the like in every other format) must fail
/// with a status, in a process whose address space cannot hold what the header claims.
#[cfg(feature = "image")]
#[test]
fn huge_headers_fail_with_a_status_in_a_capped_child_process() {
    if !cfg!(unix) {
        println!("NOTICE: no `sh -c ulimit` on this platform: capped child not run");
        return;
    }
    let png = common::hostile::png_claiming(100_000, 100_000);
    assert_eq!(png.len(), 73);

    let mut checked = 0;
    for (scenario, expected) in [
        (
            "u64-max",
            &[
                // The decoded buffer (40 GB, 17 GB, ...) cannot be had: OutOfMemory.
                ("png", "OutOfMemory"),
                ("png-file", "OutOfMemory"),
                ("gif", "OutOfMemory"),
                ("gif-file", "OutOfMemory"),
                ("jpeg", "OutOfMemory"),
                ("jpeg-file", "OutOfMemory"),
                // Its RGBA fits under the cap, its decoder's coefficients do not: the
                // headroom reserved before decoding fails instead of the decoder aborting.
                ("jpeg-progressive", "OutOfMemory"),
                ("jpeg-progressive-file", "OutOfMemory"),
                ("bmp", "OutOfMemory"),
                ("bmp-file", "OutOfMemory"),
                ("qoi", "OutOfMemory"),
                ("qoi-file", "OutOfMemory"),
                ("webp", "OutOfMemory"),
                ("webp-file", "OutOfMemory"),
                ("tga-file", "OutOfMemory"),
                // PNG's own line-buffer limit (set from the mask limit) refuses these
                // before the pixels (the decoder past it would have: OutOfMemory for
                // RGBA8, TooLarge for 16-bit, whose bytes do not fit in 64 bits).
                (
                    "png-2^31-1",
                    "Decode(the image is larger than the mask limit",
                ),
                (
                    "png16-2^31-1",
                    "Decode(the image is larger than the mask limit",
                ),
                ("c-abi", "PP_ERR_OUT_OF_MEMORY out_unchanged=true"),
            ][..],
        ),
        (
            "2^32",
            &[
                // 10^10 pixels > 2^32: refused from the header.
                ("png-100000", "TooLarge"),
                // Exactly 2^32 pixels, allowed: 16 GiB of RGBA cannot be had.
                ("png-65536", "OutOfMemory"),
            ][..],
        ),
    ] {
        let (status, text) = run_capped_child(scenario);
        println!(
            "---- capped child ({scenario}, ulimit -v {CHILD_ADDRESS_SPACE_KIB}): {status} ----\n{text}"
        );
        assert!(
            status.success(),
            "the capped child ({scenario}) did not survive: {status} (see its output above)"
        );
        assert!(
            text.contains(&format!("CHILD OK {}", expected.len() + 1)),
            "the child ({scenario}) did not finish its checks"
        );
        for (name, want) in expected {
            let line = format!("CHECK {name}: {want}");
            assert!(
                text.lines().any(|l| l.starts_with(&line)),
                "{scenario}: expected a line starting `{line}`"
            );
            checked += 1;
        }
    }
    println!("capped children: {checked} outcomes as expected, both processes survived");
}

/// Files that never end, or are huge and empty, are refused from their first bytes (or a
/// bounded number of them), quickly: `/dev/zero` (not a regular file: refused before
/// reading) and a 64 GiB sparse file of zeroes as an image, a baked bundle and an atlas
/// description; and a real 2x2 PNG followed by 64 GiB
/// of zeroes loads, reading only the image. (The bytes read are counted exactly by the
/// unit tests of `src/mask/decode.rs`; here the time is asserted loosely: reading 64 GiB
/// would take minutes.) Leaves the limit alone: every image here is at most 4 pixels.
#[cfg(feature = "image")]
#[test]
fn endless_and_huge_sparse_files_fail_fast_with_a_clear_error() {
    use perpixel::MaskBundle;
    use std::time::{Duration, Instant};
    let opts = MaskOptions::default();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("limits-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let quick = Duration::from_secs(20);
    let mut checks = 0;
    let mut timed = |what: &str, f: &mut dyn FnMut() -> String| {
        let start = Instant::now();
        let result = f();
        let took = start.elapsed();
        println!("{what}: {result} ({took:.2?})");
        assert!(took < quick, "{what} took {took:?}");
        checks += 1;
        result
    };

    let sparse = dir.join("sparse.png");
    let file = std::fs::File::create(&sparse).unwrap();
    let sparse_ok = file.set_len(64 << 30).is_ok();
    drop(file);
    // A device of endless zeroes is not a regular file: every loader refuses it before
    // reading, as an I/O error naming it.
    let zero = std::path::Path::new("/dev/zero");
    if zero.exists() {
        let device = "not a regular file (a character device)";
        let e = Mask::from_image_path(zero, &opts).unwrap_err();
        assert!(
            matches!(&e, perpixel::Error::Io(why) if why.contains(device) && why.contains("/dev/zero")),
            "{e}"
        );
        let e = MaskBundle::from_path(zero).unwrap_err();
        assert!(
            matches!(&e, perpixel::Error::Io(why) if why.contains(device)),
            "{e}"
        );
        let e = MaskBundle::from_texturepacker(zero, &opts).unwrap_err();
        assert!(
            matches!(&e, perpixel::Error::Io(why) if why.contains(device)),
            "{e}"
        );
        println!("/dev/zero: refused by each loader: {e}");
    } else {
        println!(
            "NOTICE: no /dev/zero here: the device refusal is checked in regressions.rs with a FIFO"
        );
    }
    let mut devices = Vec::new();
    if sparse_ok {
        devices.push(sparse.clone());
    } else {
        println!("NOTICE: this file system cannot make a 64 GiB sparse file: not checked");
    }
    for path in devices.iter() {
        let name = path.display().to_string();
        let e = timed(&format!("Mask::from_image_path({name})"), &mut || {
            Mask::from_image_path(path, &opts).unwrap_err().to_string()
        });
        assert!(
            e.contains("unknown image format") && e.contains(&name),
            "{e}"
        );
        let e = timed(&format!("MaskBundle::from_path({name})"), &mut || {
            MaskBundle::from_path(path).unwrap_err().to_string()
        });
        assert!(e.contains("not a perpixel baked mask file"), "{e}");
        let e = timed(
            &format!("MaskBundle::from_texturepacker({name})"),
            &mut || {
                MaskBundle::from_texturepacker(path, &opts)
                    .unwrap_err()
                    .to_string()
            },
        );
        assert!(
            e.contains("a description may take at most 67108864 bytes"),
            "{e}"
        );
        // An atlas description naming it as the atlas image.
        let json = dir.join("atlas.json");
        std::fs::write(
            &json,
            format!(
                r#"{{"frames":{{"a":{{"frame":{{"x":0,"y":0,"w":1,"h":1}}}}}},"meta":{{"image":{}}}}}"#,
                serde_json::Value::from(name.as_str())
            ),
        )
        .unwrap();
        let e = timed(&format!("atlas image {name}"), &mut || {
            MaskBundle::from_texturepacker(&json, &opts)
                .unwrap_err()
                .to_string()
        });
        assert!(e.contains("unknown image format"), "{e}");
    }

    // A real 2x2 PNG, then 64 GiB of zeroes: PNG stops at its end, the rest is not read.
    if sparse_ok {
        let png = png_of(2, 2);
        std::fs::write(&sparse, &png).unwrap();
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(&sparse)
            .unwrap();
        file.set_len(64 << 30).unwrap();
        drop(file);
        let count = timed("a 2x2 PNG + 64 GiB of zeroes", &mut || {
            Mask::from_image_path(&sparse, &opts)
                .unwrap()
                .count()
                .to_string()
        });
        assert_eq!(count, "4");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    println!("{checks} bounded reads checked, each under {quick:?}");
}
