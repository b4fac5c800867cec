//! Baked masks end to end: a folder of sprites and a TexturePacker atlas (both JSON forms),
//! made here, bake through the library and through `perpixel bake`, load back, and must
//! equal, bit for bit and in every query, the masks built directly from the sprite files.
//! Plus every way a bake or a load can fail: a clear message, a non-zero exit, no file.

mod common;

use perpixel::{Error, Mask, MaskBundle, MaskOptions, Sprite};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn options(threshold: u8, flip_y: bool) -> MaskOptions {
    MaskOptions {
        threshold,
        flip_y,
        ..MaskOptions::default()
    }
}

/// `options(threshold, flip_y)` mirrored left to right as well.
fn mirrored(threshold: u8, flip_y: bool) -> MaskOptions {
    MaskOptions {
        flip_x: true,
        ..options(threshold, flip_y)
    }
}

/// The masks built directly from the sprite files, by name.
fn direct(f: &common::Fixtures, opts: &MaskOptions) -> Vec<(String, Mask)> {
    f.names
        .iter()
        .map(|n| {
            let m = Mask::from_image_path(f.sprites.join(n), opts).unwrap();
            (n.clone(), m)
        })
        .collect()
}

/// Asserts `bundle` holds exactly the masks of `expected`, in that order, with equal bits
/// and equal answers to every pair query at a spread of offsets.
fn assert_same(bundle: &MaskBundle, expected: &[(String, Mask)]) {
    assert_eq!(
        bundle.names().collect::<Vec<_>>(),
        expected.iter().map(|e| e.0.as_str()).collect::<Vec<_>>()
    );
    for (name, m) in expected {
        let b = bundle.get(name).unwrap();
        assert_eq!((b.width(), b.height()), (m.width(), m.height()), "{name}");
        for y in 0..m.height() {
            for x in 0..m.width() {
                assert_eq!(
                    b.is_solid(x, y),
                    m.is_solid(x, y),
                    "{name} pixel ({x}, {y})"
                );
            }
        }
        assert_eq!(b.count(), m.count(), "{name}");
        assert_eq!(b.solid_bounds(), m.solid_bounds(), "{name}");
        assert_eq!(b, m, "{name}");
    }
    let mut queries = 0;
    for (na, a) in expected {
        for (nb, b) in expected {
            let (ba, bb) = (bundle.get(na).unwrap(), bundle.get(nb).unwrap());
            for (dx, dy) in [(0, 0), (3, -2), (-5, 4), (20, 7), (-1, -1), (60, 1)] {
                let (sa, sb) = (Sprite::new(a, 0, 0), Sprite::new(b, dx, dy));
                let (ka, kb) = (Sprite::new(ba, 0, 0), Sprite::new(bb, dx, dy));
                assert_eq!(ka.collides(&kb), sa.collides(&sb), "{na}/{nb} at {dx},{dy}");
                assert_eq!(ka.first_contact(&kb), sa.first_contact(&sb));
                assert_eq!(ka.overlap_area(&kb), sa.overlap_area(&sb));
                assert_eq!(
                    ka.overlap_mask(&kb).map(|o| (o.bounds, o.mask)),
                    sa.overlap_mask(&sb).map(|o| (o.bounds, o.mask))
                );
                queries += 1;
            }
        }
    }
    assert_eq!(queries, expected.len() * expected.len() * 6);
}

#[test]
fn a_folder_of_sprites_bakes_and_loads_identical_masks() {
    let dir = common::scratch("bake", "folder");
    let f = common::make(&dir);
    for opts in [
        options(1, false),
        options(200, false),
        options(128, true),
        mirrored(1, false),
        mirrored(128, true),
    ] {
        let expected = direct(&f, &opts);
        let baked = MaskBundle::from_folder(&f.sprites, &opts).unwrap();
        assert_same(&baked, &expected);
        let path = dir.join("sprites.ppmk");
        baked.write_to_path(&path).unwrap();
        let loaded = MaskBundle::from_path(&path).unwrap();
        assert_same(&loaded, &expected);
        assert_eq!(loaded, baked);
        for e in loaded.iter() {
            assert_eq!(e.info().threshold, Some(opts.threshold));
            assert_eq!(e.info().flip_y, opts.flip_y);
            assert_eq!(e.info().flip_x, opts.flip_x);
        }
    }
    // A colour key is recorded and applied.
    let keyed = MaskOptions {
        color_key: Some([255, 0, 255]),
        ..MaskOptions::default()
    };
    let baked = MaskBundle::from_folder(&f.sprites, &keyed).unwrap();
    let loaded = MaskBundle::from_bytes(&baked.to_bytes()).unwrap();
    assert_same(&loaded, &direct(&f, &keyed));
    assert_eq!(
        loaded.entry("w64.png").unwrap().info().color_key,
        Some([255, 0, 255])
    );
}

#[test]
fn a_texturepacker_atlas_bakes_to_the_same_masks_as_the_sprite_files() {
    let dir = common::scratch("bake", "atlas");
    let f = common::make(&dir);
    assert!(
        f.rotated >= 3 && f.trimmed >= 5,
        "{} {}",
        f.rotated,
        f.trimmed
    );
    // Mirrored frames (flip_x) of rotated and trimmed sprites equal the mirrored files.
    for opts in [
        options(1, false),
        options(255, false),
        options(40, true),
        mirrored(1, false),
        mirrored(40, true),
    ] {
        let expected = direct(&f, &opts);
        let from_hash = MaskBundle::from_texturepacker(&f.atlas_hash, &opts).unwrap();
        let from_array = MaskBundle::from_texturepacker(&f.atlas_array, &opts).unwrap();
        assert_same(&from_hash, &expected);
        assert_same(&from_array, &expected);
        let folder = MaskBundle::from_folder(&f.sprites, &opts).unwrap();
        assert_eq!(from_hash.to_bytes(), folder.to_bytes());
        assert_eq!(from_array.to_bytes(), folder.to_bytes());
        let loaded = MaskBundle::from_bytes(&from_hash.to_bytes()).unwrap();
        assert_same(&loaded, &expected);
    }
    // Threshold 0: the trimmed-away border counts as transparent black, which is solid
    // at threshold 0, exactly as in the untrimmed files.
    let zero = options(0, false);
    assert_same(
        &MaskBundle::from_texturepacker(&f.atlas_hash, &zero).unwrap(),
        &direct(&f, &zero),
    );
}

#[test]
fn a_single_mask_round_trips_and_empty_and_huge_sizes_behave() {
    let dir = common::scratch("bake", "single");
    let f = common::make(&dir);
    let m = Mask::from_image_path(f.sprites.join("w65.png"), &MaskOptions::default()).unwrap();
    let bytes = m.to_baked();
    assert_eq!(bytes.len(), 31 + 11 * 9);
    assert_eq!(Mask::from_baked(&bytes).unwrap(), m);
    let empty = Mask::empty(0, 0).unwrap();
    assert_eq!(Mask::from_baked(&empty.to_baked()).unwrap(), empty);
    let big = Mask::from_fn(4096, 300, |x, y| (x ^ y) % 7 == 0).unwrap();
    assert_eq!(Mask::from_baked(&big.to_baked()).unwrap(), big);
}

fn fix_crc(bytes: &mut [u8]) {
    let n = bytes.len() - 4;
    let crc = crc32fast::hash(&bytes[..n]);
    bytes[n..].copy_from_slice(&crc.to_le_bytes());
}

fn load_error(bytes: &[u8]) -> Error {
    MaskBundle::from_bytes(bytes).expect_err("bad data must not load")
}

#[test]
fn bad_baked_files_are_refused_with_a_clear_error() {
    let m = Mask::from_fn(40, 30, |x, y| x * y % 5 == 1).unwrap();
    let good = m.to_baked();
    let text = |e: Error| e.to_string();

    let e = load_error(&good[..good.len() - 7]);
    assert!(matches!(e, Error::BadBakedData(_)), "{e}");
    assert!(text(e).contains("checksum mismatch"));
    assert!(text(load_error(&good[..9])).contains("truncated: 9 bytes"));

    let mut magic = good.clone();
    magic[..4].copy_from_slice(b"PNG!");
    assert!(text(load_error(&magic)).contains("not a perpixel baked mask file"));

    let mut version = good.clone();
    version[4..6].copy_from_slice(&7u16.to_le_bytes());
    fix_crc(&mut version);
    assert!(text(load_error(&version)).contains("format version 7; this library reads version 1"));

    let mut corrupt = good.clone();
    corrupt[40] ^= 0x01;
    assert!(text(load_error(&corrupt)).contains("checksum mismatch"));

    // A header claiming 65536 x 65536 pixels (512 MiB of bits): refused by the size
    // limit from the header, before any allocation.
    let mut lying = good.clone();
    lying[14..18].copy_from_slice(&65_536u32.to_le_bytes());
    lying[18..22].copy_from_slice(&65_536u32.to_le_bytes());
    fix_crc(&mut lying);
    assert!(matches!(load_error(&lying), Error::TooLarge { .. }));
    // Allowed dimensions the bytes do not hold: truncated, named.
    let mut short = good.clone();
    short[18..22].copy_from_slice(&8000u32.to_le_bytes());
    fix_crc(&mut short);
    assert!(text(load_error(&short)).contains("8000 pixels, which needs 40000 bytes"));

    let mut bundle = MaskBundle::new();
    bundle.insert("a", m.clone()).unwrap();
    bundle.insert("b", m.clone()).unwrap();
    let mut dup = bundle.to_bytes();
    let second = 12 + 15 + 1 + 30 * 5;
    assert_eq!(&dup[second..second + 3], &[1, 0, b'b']);
    dup[second + 2] = b'a';
    fix_crc(&mut dup);
    assert!(text(load_error(&dup)).contains("the name 'a' is used twice"));

    let mut trailing = good[..good.len() - 4].to_vec();
    trailing.push(0);
    trailing.extend_from_slice(&[0; 4]);
    fix_crc(&mut trailing);
    assert!(text(load_error(&trailing)).contains("1 unexpected bytes"));
}

// ---- the command line ----

fn perpixel(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perpixel"))
        .args(args)
        .output()
        .expect("run perpixel")
}

fn os(s: &str) -> &std::ffi::OsStr {
    std::ffi::OsStr::new(s)
}

fn bake(input: &Path, output: &Path, extra: &[&str]) -> Output {
    let mut args = vec![os("bake"), input.as_os_str(), os("-o"), output.as_os_str()];
    args.extend(extra.iter().map(|s| os(s)));
    perpixel(&args)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The number after `key` in `text` (e.g. "bytes out: 123").
fn number_after(text: &str, key: &str) -> u64 {
    let rest = &text[text
        .find(key)
        .unwrap_or_else(|| panic!("no {key:?} in {text}"))
        + key.len()..];
    rest.trim_start()
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn cli_bakes_a_folder_an_atlas_and_an_image_and_inspect_reports_them() {
    let dir = common::scratch("bake", "cli");
    let f = common::make(&dir);
    let png_bytes: u64 = f
        .names
        .iter()
        .map(|n| std::fs::metadata(f.sprites.join(n)).unwrap().len())
        .sum();

    let folder_out = dir.join("folder.ppmk");
    let o = bake(&f.sprites, &folder_out, &["--threshold", "128", "--flip-y"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let expected = direct(&f, &options(128, true));
    let loaded = MaskBundle::from_path(&folder_out).unwrap();
    assert_same(&loaded, &expected);
    assert!(text.contains("baked 10 masks"), "{text}");
    let pixels: u64 = expected
        .iter()
        .map(|(_, m)| m.width() as u64 * m.height() as u64)
        .sum();
    assert_eq!(number_after(&text, "pixels:"), pixels);
    assert_eq!(number_after(&text, "bytes in:"), png_bytes);
    assert_eq!(
        number_after(&text, "bytes out:"),
        std::fs::metadata(&folder_out).unwrap().len()
    );

    for (json, name) in [(&f.atlas_hash, "hash.ppmk"), (&f.atlas_array, "array.ppmk")] {
        let out = dir.join(name);
        let o = bake(json, &out, &["--threshold", "128", "--flip-y"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(
            std::fs::read(&out).unwrap(),
            std::fs::read(&folder_out).unwrap()
        );
        let json_and_png =
            std::fs::metadata(json).unwrap().len() + std::fs::metadata(&f.atlas_png).unwrap().len();
        assert_eq!(number_after(&stdout(&o), "bytes in:"), json_and_png);
    }

    // --flip-x mirrors every mask, and inspect says so.
    let mirrored_out = dir.join("mirrored.ppmk");
    let o = bake(&f.sprites, &mirrored_out, &["--flip-x"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_same(
        &MaskBundle::from_path(&mirrored_out).unwrap(),
        &direct(&f, &mirrored(1, false)),
    );
    let o = perpixel(&[os("inspect"), mirrored_out.as_os_str()]);
    let text = stdout(&o);
    assert!(text.contains("FLIP_Y  FLIP_X"), "{text}");
    let w64 = text
        .lines()
        .find(|l| l.starts_with("w64.png"))
        .expect("w64.png listed");
    assert!(w64.contains("  no      yes"), "{w64}");

    let one = dir.join("one.ppmk");
    let o = bake(&f.sprites.join("tall.png"), &one, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("baked 1 mask "), "{}", stdout(&o));
    let m = Mask::from_baked(&std::fs::read(&one).unwrap()).unwrap();
    assert_eq!(
        m,
        Mask::from_image_path(f.sprites.join("tall.png"), &MaskOptions::default()).unwrap()
    );

    let o = perpixel(&[os("inspect"), folder_out.as_os_str()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("format version 1"), "{text}");
    assert!(text.contains("masks: 10;"), "{text}");
    for (name, m) in &expected {
        let line = text
            .lines()
            .find(|l| l.starts_with(name.as_str()))
            .unwrap_or_else(|| panic!("no line for {name} in {text}"));
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            cols[1..6],
            [
                m.width().to_string().as_str(),
                &m.height().to_string(),
                &m.count().to_string(),
                "128",
                "yes"
            ],
            "{line}"
        );
    }
    assert!(text.contains("ms per megapixel"), "{text}");
}

/// Runs a bake expected to fail: exit 1, the message contains `words`, and no output
/// file (nor temporary file) is left; an existing output stays as it was.
fn assert_bake_fails(input: &Path, words: &str) {
    let out_dir = input
        .parent()
        .unwrap_or(Path::new("."))
        .join(format!("out-{}", words.len()));
    let _ = std::fs::remove_dir_all(&out_dir);
    std::fs::create_dir_all(&out_dir).unwrap();
    let output = out_dir.join("x.ppmk");
    let o = bake(input, &output, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.starts_with("perpixel: error: "), "{err}");
    assert!(err.contains(words), "expected {words:?} in {err}");
    assert!(
        std::fs::read_dir(&out_dir).unwrap().next().is_none(),
        "files left behind"
    );
    // An existing output is not touched by a failed bake.
    std::fs::write(&output, b"previous").unwrap();
    let o = bake(input, &output, &[]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(std::fs::read(&output).unwrap(), b"previous");
    assert_eq!(std::fs::read_dir(&out_dir).unwrap().count(), 1);
}

fn write(path: &Path, text: &str) -> PathBuf {
    std::fs::write(path, text).unwrap();
    path.to_path_buf()
}

#[test]
fn cli_bad_inputs_exit_1_with_a_message_and_leave_no_file() {
    let dir = common::scratch("bake", "cli-errors");
    let f = common::make(&dir);

    assert_bake_fails(&dir.join("missing"), "no such file or folder");

    let corrupt_dir = dir.join("corrupt");
    std::fs::create_dir_all(&corrupt_dir).unwrap();
    std::fs::copy(f.sprites.join("w64.png"), corrupt_dir.join("a.png")).unwrap();
    let png = std::fs::read(f.sprites.join("w63.png")).unwrap();
    std::fs::write(corrupt_dir.join("b.png"), &png[..png.len() / 2]).unwrap();
    assert_bake_fails(&corrupt_dir, "b.png");

    let empty_dir = dir.join("empty");
    std::fs::create_dir_all(&empty_dir).unwrap();
    assert_bake_fails(&empty_dir, "holds no .png file");

    let hash = std::fs::read_to_string(&f.atlas_hash).unwrap();
    let no_image = write(
        &dir.join("no_image.json"),
        &hash.replace("\"atlas.png\"", "\"gone.png\""),
    );
    assert_bake_fails(&no_image, "gone.png");

    let outside = write(
        &dir.join("outside.json"),
        &hash.replacen("\"x\": 0, \"y\": 0", "\"x\": 200, \"y\": 0", 1),
    );
    assert_bake_fails(&outside, "lie outside the 160x");

    let array = std::fs::read_to_string(&f.atlas_array).unwrap();
    let dup = write(
        &dir.join("dup.json"),
        &array.replace("\"filename\": \"w63.png\"", "\"filename\": \"w64.png\""),
    );
    assert_bake_fails(&dup, "the frame name 'w64.png' appears twice");

    let negative = write(
        &dir.join("negative.json"),
        &hash.replacen("\"w\": ", "\"w\": -", 1),
    );
    assert_bake_fails(&negative, "expected a whole number");

    let broken = write(&dir.join("broken.json"), &hash[..hash.len() / 2]);
    assert_bake_fails(&broken, "not valid JSON");

    let no_frames = write(&dir.join("no_frames.json"), "{\"meta\": {}}");
    assert_bake_fails(&no_frames, "no \"frames\"");

    let not_image = write(&dir.join("notes.txt"), "hello");
    assert_bake_fails(&not_image, "cannot decode image");

    // A bad threshold, and an output folder that does not exist.
    let o = bake(&f.sprites, &dir.join("x.ppmk"), &["--threshold", "300"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("bad threshold '300'"));
    let nowhere = dir.join("no/such/dir/x.ppmk");
    let o = bake(&f.sprites, &nowhere, &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    assert!(!nowhere.exists());

    // inspect on bad files.
    let o = perpixel(&[os("inspect"), dir.join("missing.ppmk").as_os_str()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot read"));
    let o = perpixel(&[os("inspect"), f.atlas_png.as_os_str()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("not a perpixel baked mask file"),
        "{}",
        stderr(&o)
    );
    let good = Mask::full(9, 9).unwrap().to_baked();
    let truncated = dir.join("truncated.ppmk");
    std::fs::write(&truncated, &good[..good.len() - 3]).unwrap();
    let o = perpixel(&[os("inspect"), truncated.as_os_str()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("checksum mismatch"), "{}", stderr(&o));
    // An endless device is refused before it is read: it is not a regular file.
    if Path::new("/dev/zero").exists() {
        let o = perpixel(&[os("inspect"), os("/dev/zero")]);
        assert_eq!(o.status.code(), Some(1));
        assert!(
            stderr(&o).contains("not a regular file (a character device)"),
            "{}",
            stderr(&o)
        );
    }
}

// ---------------------------------------------------------------------------------------
// The format as written down in `src/bake/mod.rs`, by another writer

/// CRC-32 as the format's docs define it (reflected polynomial 0xEDB88320, initial value
/// and final XOR 0xFFFFFFFF), bit by bit: this test's own, sharing nothing with the
/// library's `crc32fast`.
fn spec_crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in data {
        crc ^= byte as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    crc ^ 0xFFFF_FFFF
}

/// One entry as the spec lays it out: name length, name, width, height, flags, threshold,
/// colour key, then rows of ceil(width / 8) bytes, pixel i at bit i % 8 of byte i / 8.
fn spec_entry(
    name: &str,
    width: u32,
    height: u32,
    flags: u8,
    threshold: u8,
    key: [u8; 3],
    solid: &dyn Fn(u32, u32) -> bool,
) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&(name.len() as u16).to_le_bytes());
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&width.to_le_bytes());
    out.extend_from_slice(&height.to_le_bytes());
    out.push(flags);
    out.push(threshold);
    out.extend_from_slice(&key);
    let row_bytes = width.div_ceil(8) as usize;
    for y in 0..height {
        let mut row = vec![0u8; row_bytes];
        for x in 0..width {
            if solid(x, y) {
                row[(x / 8) as usize] |= 1 << (x % 8);
            }
        }
        out.extend_from_slice(&row);
    }
    out
}

/// Header (magic, version 1, file flags 0, count), the entries, the CRC of all before it.
fn spec_file(entries: &[Vec<u8>]) -> Vec<u8> {
    let mut out = b"PPMK".to_vec();
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    for e in entries {
        out.extend_from_slice(e);
    }
    let crc = spec_crc32(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// Issue 30: the baked format is written down completely (byte by byte) in the rustdoc of
/// `src/bake/mod.rs`. A writer made from that text alone (above) writes a bundle with every
/// flag, the threshold and colour-key bytes, an empty name, a multi-byte UTF-8 name, a
/// 0-high mask and widths that leave padding bits; the library loads it with the same
/// pixels, names in file order and how each was made, and writes the very same bytes
/// back. Padding bits, stray threshold or key bytes and unknown flags are refused as the
/// spec says.
#[test]
fn a_baked_file_written_by_hand_from_the_spec_loads() {
    use perpixel::BakeInfo;
    assert_eq!(
        spec_crc32(b"123456789"),
        0xCBF4_3926,
        "the check value the spec quotes"
    );
    let ship = |x: u32, y: u32| (x * 3 + y * 5) % 7 < 3;
    let wide = |x: u32, y: u32| x == 64 || (x + y) % 2 == 0;
    let dot = |x: u32, _: u32| x == 7;
    let none = |_: u32, _: u32| false;
    type Pixels<'a> = &'a dyn Fn(u32, u32) -> bool;
    /// Name, width, height, flags byte, threshold byte, key bytes, pixels, what loads.
    type Case<'a> = (&'a str, u32, u32, u8, u8, [u8; 3], Pixels<'a>, BakeInfo);
    let cases: [Case; 4] = [
        (
            "ship",
            10,
            3,
            0x0F,
            128,
            [255, 0, 255],
            &ship,
            BakeInfo {
                threshold: Some(128),
                flip_y: true,
                flip_x: true,
                color_key: Some([255, 0, 255]),
            },
        ),
        ("", 0, 5, 0x00, 0, [0; 3], &none, BakeInfo::default()),
        (
            "wide",
            65,
            2,
            0x02,
            1,
            [0; 3],
            &wide,
            BakeInfo {
                threshold: Some(1),
                ..BakeInfo::default()
            },
        ),
        (
            "pièce",
            8,
            1,
            0x04,
            0,
            [0, 0, 0],
            &dot,
            BakeInfo {
                color_key: Some([0, 0, 0]),
                ..BakeInfo::default()
            },
        ),
    ];
    let entries: Vec<Vec<u8>> = cases
        .iter()
        .map(|(name, w, h, flags, t, key, solid, _)| {
            spec_entry(name, *w, *h, *flags, *t, *key, *solid)
        })
        .collect();
    let file = spec_file(&entries);
    let bundle = MaskBundle::from_bytes(&file).unwrap();
    assert_eq!(
        bundle.names().collect::<Vec<_>>(),
        cases.iter().map(|c| c.0).collect::<Vec<_>>()
    );
    let mut pixels = 0;
    for (i, (name, w, h, _, _, _, solid, info)) in cases.iter().enumerate() {
        let entry = bundle.entry_at(i).unwrap();
        assert_eq!(entry.name(), *name);
        assert_eq!(entry.info(), *info, "{name:?}");
        let mask = entry.mask();
        assert_eq!((mask.width(), mask.height()), (*w, *h), "{name:?}");
        for y in 0..*h {
            for x in 0..*w {
                assert_eq!(mask.is_solid(x, y), solid(x, y), "{name:?} ({x}, {y})");
                pixels += 1;
            }
        }
    }
    assert_eq!(bundle.to_bytes(), file, "the library writes the same bytes");
    println!(
        "hand-written file: {} bytes, {} masks, {pixels} pixels as written; the library \
         writes it back byte for byte",
        file.len(),
        bundle.len()
    );

    // One entry: Mask::from_baked. No entry: the 16-byte empty bundle.
    let single = spec_file(&entries[2..3]);
    let m = Mask::from_baked(&single).unwrap();
    assert_eq!((m.width(), m.height(), m.is_solid(64, 0)), (65, 2, true));
    let empty = spec_file(&[]);
    assert_eq!(empty.len(), 16);
    assert!(MaskBundle::from_bytes(&empty).unwrap().is_empty());

    // What the spec says must be 0, set: each refused with the check that failed.
    let padding = spec_entry("p", 10, 1, 0, 0, [0; 3], &|x, _| x == 0);
    let mut set_padding = padding.clone();
    *set_padding.last_mut().unwrap() |= 1 << 2; // pixel 10 of a 10-wide row
    let stray_threshold = spec_entry("t", 1, 1, 0x00, 7, [0; 3], &none);
    let stray_key = spec_entry("k", 1, 1, 0x00, 0, [0, 1, 0], &none);
    let unknown_flag = spec_entry("f", 1, 1, 0x10, 0, [0; 3], &none);
    for (bytes, expected) in [
        (set_padding, "bits set past the width 10"),
        (stray_threshold, "without the threshold flag"),
        (stray_key, "without the colour key flag"),
        (unknown_flag, "unknown flags 0x10"),
    ] {
        let e = MaskBundle::from_bytes(&spec_file(&[bytes])).unwrap_err();
        assert!(
            matches!(&e, Error::BadBakedData(why) if why.contains(expected)),
            "{expected}: {e}"
        );
    }
    assert!(MaskBundle::from_bytes(&spec_file(&[padding])).is_ok());
}
