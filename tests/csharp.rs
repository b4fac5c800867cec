//! Drives the C# binding's tests: compiles `bindings/unity/Runtime` with `mcs
//! -langversion:7.2` (every public member must carry XML docs), checks that the Unity glue
//! compiles against a stand-in for UnityEngine and the Editor assembly (import-time baking)
//! against one for UnityEditor, and runs `tests/csharp/PerPixelTests.cs` (with the other
//! test files there, the Unity glue, the Editor code and the stand-ins) under Mono against
//! the native library this `cargo test` built; and `tests/csharp/LimitsTests.cs`, its own
//! program, in a Mono process whose address space is capped (`ulimit -v`), on the hostile
//! image headers of `tests/common/hostile.rs`.
//!
//! `csharp_overhead_benchmark` (ignored: a benchmark, not a test) prints the per-call cost
//! of the binding under Mono; run it on a release build:
//! `cargo test --release --test csharp -- --ignored --nocapture csharp_overhead_benchmark`.
//!
//! Without `mcs`/`mono` on a developer machine the test prints a notice and passes; with
//! `CI` set it fails instead (`.ci/run` installs `mono-mcs`).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The folder holding the cdylib `cargo test` built.
fn native_dir() -> PathBuf {
    common::cdylib_dir(false)
}

fn scratch(name: &str) -> PathBuf {
    common::scratch("csharp-tests", name)
}

/// True when mcs and mono are there; on a developer machine without them, a notice.
fn tools_present() -> bool {
    common::tools_present(&["mcs", "mono"], "the C# tests", "apt-get install mono-mcs")
}

fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cs"))
        .collect();
    files.sort();
    files
}

fn mcs(args: &[&str], files: &[PathBuf]) {
    let out = Command::new("mcs")
        .args(["-langversion:7.2", "-unsafe", "-warnaserror", "-nologo"])
        .args(args)
        .args(files)
        .output()
        .expect("run mcs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    println!(
        "mcs {}: {}",
        args.join(" "),
        if text.trim().is_empty() {
            "ok"
        } else {
            text.trim()
        }
    );
    assert!(out.status.success(), "mcs failed:\n{text}");
}

fn runtime() -> PathBuf {
    manifest().join("bindings/unity/Runtime")
}

#[test]
fn binding_compiles_with_full_xml_docs_and_unity_glue_compiles() {
    if !tools_present() {
        return;
    }
    let dir = scratch("compile");
    // The plain binding, with missing XML docs (CS1591) as errors.
    library_with_docs(
        &dir,
        "PerPixel",
        &[],
        &sources(&runtime()),
        &[
            "T:PerPixel.Mask",
            "T:PerPixel.Bounds2D",
            "T:PerPixel.PlacedSprite",
            "T:PerPixel.PerPixelException",
            "T:PerPixel.MaskBundle",
            "M:PerPixel.Mask.FromBaked(System.Byte[])",
            "M:PerPixel.Mask.ToBaked",
            "M:PerPixel.PlacedSprite.PushOut",
            "M:PerPixel.PlacedSprite.MoveAndSlide",
            "M:PerPixel.PlacedSprite.Raycast",
            "M:PerPixel.PlacedSprite.ContactNormal",
            "M:PerPixel.TransformedSprite.SolidAt",
            "T:PerPixel.PushOptions",
            "P:PerPixel.SweepResult.HasNormal",
            "T:PerPixel.World",
            "T:PerPixel.BodyId",
            "T:PerPixel.BodyDef",
            "T:PerPixel.Filter",
            "M:PerPixel.World.Update",
            "P:PerPixel.World.Touching",
            "M:PerPixel.World.MoveBodies(PerPixel.BodyId[],PerPixel.BodyPosition[])",
            "M:PerPixel.World.TryAtPoint",
            "M:PerPixel.World.TryInRect",
            "M:PerPixel.World.TryOverlapping",
            "M:PerPixel.Mask.Polygons(PerPixel.PolygonOptions)",
            "M:PerPixel.Mask.ConvexPieces(PerPixel.PolygonOptions)",
            "M:PerPixel.Mask.Outline(System.Int32)",
            "T:PerPixel.PolygonSet",
        ],
    );
    // The Unity glue, as Unity would compile it, against the UnityEngine stand-in: as Unity
    // before 2020.1 (textures copied through GetPixels32) and from 2020.1 (read in place).
    let mut files = sources(&runtime());
    files.extend(sources(&runtime().join("Unity")));
    files.push(manifest().join("tests/csharp/UnityEngineStub.cs"));
    files.push(manifest().join("tests/csharp/UnityEngineStubAssets.cs"));
    for (name, defines) in [
        ("PerPixel.Unity", "-define:UNITY_5_3_OR_NEWER"),
        (
            "PerPixel.Unity2020",
            "-define:UNITY_5_3_OR_NEWER;UNITY_2020_1_OR_NEWER",
        ),
    ] {
        library_with_docs(
            &dir,
            name,
            &[defines],
            &files,
            &[
                "T:PerPixel.Unity.SpriteCollider",
                "F:PerPixel.Unity.SpriteCollider.bakedMask",
                "M:PerPixel.Unity.UnityMasks.FromBaked",
                "M:PerPixel.Unity.SpriteCollider.Rebuild",
                "M:PerPixel.Unity.SpriteCollider.TryFirstContact",
                "M:PerPixel.Unity.SpriteCollider.OverlapAreaInt",
                "M:PerPixel.Unity.SpriteCollider.OverlapMask",
                "M:PerPixel.Unity.UnityMasks.FromTexture",
                "M:PerPixel.Unity.UnityMasks.PixelPosition",
                "M:PerPixel.Pixels.Round(System.Double)",
                "M:PerPixel.Pixels.Round(System.Single)",
                "M:PerPixel.Unity.SpriteCollider.PushOut",
                "M:PerPixel.Unity.SpriteCollider.Sweep",
                "M:PerPixel.Unity.SpriteCollider.MoveWithSlide",
                "M:PerPixel.Unity.SpriteCollider.Raycast",
                "M:PerPixel.Unity.SpriteCollider.ContactNormal",
                "M:PerPixel.Unity.UnityMasks.PointPixel",
                "M:PerPixel.Unity.UnityMasks.RayDirection",
                "T:PerPixel.Unity.ColliderMove",
                "T:PerPixel.Unity.PixelWorld",
                "M:PerPixel.Unity.PixelWorld.Step",
                "M:PerPixel.Unity.PixelWorld.IgnoreLayerCollision(System.Int32,System.Int32,System.Boolean)",
                "E:PerPixel.Unity.SpriteCollider.OnPixelCollisionEnter",
                "M:PerPixel.Unity.PixelCollision.GetContact(System.UInt32)",
                "T:PerPixel.Unity.PolygonColliders",
                "F:PerPixel.Unity.PixelWorld.usePhysics2DLayerMatrix",
                "T:PerPixel.Unity.IPixelCollisionEnterHandler",
                "T:PerPixel.Unity.IPixelCollisionStayHandler",
                "T:PerPixel.Unity.IPixelCollisionExitHandler",
                "M:PerPixel.Unity.PixelCollision.TryGetContact(PerPixel.Unity.PixelContact@,System.UInt32)",
                "P:PerPixel.Unity.PixelCollision.OtherName",
                "P:PerPixel.Unity.SpriteCollider.Participates",
                "M:PerPixel.Unity.SpriteCollider.MovePixels(UnityEngine.Vector2Int)",
                "M:PerPixel.Unity.SpriteCollider.RefreshMessageHandlers",
                "M:PerPixel.Unity.UnityMasks.PixelToWorld",
                "F:PerPixel.Unity.UnityMasks.SnapTolerance",
                "M:PerPixel.Pixels.RoundPosition(System.Double)",
                "T:PerPixel.Unity.SpriteMaskSet",
                "M:PerPixel.Unity.SpriteMaskSet.TryGetMask(UnityEngine.Sprite,PerPixel.Mask@)",
                "M:PerPixel.Unity.SpriteMaskSet.EditorFind(UnityEngine.Sprite,PerPixel.Unity.SpriteMaskSet)",
                "F:PerPixel.Unity.PixelWorld.drawContacts",
                "T:PerPixel.Unity.PixelRaycastHit",
                "P:PerPixel.Unity.PixelRaycastHit.collider",
                "F:PerPixel.Unity.PixelWorld.pixelsPerUnit",
                "F:PerPixel.Unity.PixelWorld.DefaultRaycastLayers",
                "M:PerPixel.Unity.PixelWorld.OverlapPointNonAlloc",
                "M:PerPixel.Unity.PixelWorld.OverlapBox",
                "M:PerPixel.Unity.PixelWorld.OverlapCollider",
                "M:PerPixel.Unity.PixelWorld.RaycastNonAlloc",
                "M:PerPixel.Unity.PixelWorld.Linecast",
                "M:PerPixel.Unity.PixelWorld.MoveWithSlide",
            ],
        );
    }
    editor_compiles_against_the_runtime(&dir);
}

/// The Editor assembly (`bindings/unity/Editor`, editor only in Unity) as Unity builds it: its own
/// assembly referencing the runtime's (so it reaches only the runtime's public API), against the
/// UnityEditor stand-in, with missing XML docs as errors.
fn editor_compiles_against_the_runtime(dir: &Path) {
    let mut files = sources(&manifest().join("bindings/unity/Editor"));
    files.push(manifest().join("tests/csharp/UnityEditorStub.cs"));
    let runtime = format!("-r:{}", dir.join("PerPixel.Unity2020.dll").display());
    let defines = "-define:UNITY_5_3_OR_NEWER;UNITY_2020_1_OR_NEWER";
    library_with_docs(
        dir,
        "PerPixel.Editor",
        &[defines, &runtime],
        &files,
        &[
            "T:PerPixel.Unity.EditorTools.SpriteMaskBaker",
            "T:PerPixel.Unity.EditorTools.SpriteMaskAssets",
            "T:PerPixel.Unity.EditorTools.SpriteMaskPostprocessor",
            "M:PerPixel.Unity.EditorTools.SpriteMaskMenu.BakeSelected",
            "T:PerPixel.Unity.EditorTools.SpriteMaskSetEditor",
        ],
    );
}

/// Compiles `files` with mcs as the library `name` into `dir`, its XML docs beside it (a public
/// member without docs fails the build), and checks that the docs hold each of `members`.
fn library_with_docs(dir: &Path, name: &str, args: &[&str], files: &[PathBuf], members: &[&str]) {
    let doc = format!("-doc:{}", dir.join(format!("{name}.xml")).display());
    let out = format!("-out:{}", dir.join(format!("{name}.dll")).display());
    let mut all = vec!["-target:library"];
    all.extend_from_slice(args);
    all.extend([doc.as_str(), out.as_str()]);
    mcs(&all, files);
    let xml = std::fs::read_to_string(dir.join(format!("{name}.xml"))).unwrap();
    for member in members {
        assert!(xml.contains(member), "{name}: the XML docs lack {member}");
    }
}

#[test]
fn csharp_tests_pass_under_mono() {
    if !tools_present() {
        return;
    }
    let dir = scratch("run");
    // 70x5, opaque exactly where x == 10 * y.
    let png = image::RgbaImage::from_fn(70, 5, |x, y| {
        image::Rgba([9, 9, 9, if x == 10 * y { 255 } else { 0 }])
    });
    png.save(dir.join("diagonal.png")).unwrap();
    // A FIFO, which the path loaders must refuse without blocking (issue 30).
    common::make_fifo(&dir.join("pipe.png"));
    // Sprites, and what the Rust library bakes from them, for the C# side to load and
    // compare with masks it builds from the same PNGs.
    let fixtures = common::bake_round_trip_files(&dir);
    // One mask recorded as baked at threshold 200, for the Unity glue's warning.
    let w65 = perpixel::Mask::from_image_path(
        fixtures.sprites.join("w65.png"),
        &perpixel::MaskOptions::default(),
    )
    .unwrap();
    let mut single = perpixel::MaskBundle::new();
    let info = perpixel::BakeInfo {
        threshold: Some(200),
        ..Default::default()
    };
    single.insert_with_info("", w65, info).unwrap();
    single.write_to_path(dir.join("single_t200.ppmk")).unwrap();

    // Every header struct's size and field offsets as the C compiler lays them out (issue 31),
    // for the C# side to compare with its blittable structs (LayoutTests.cs).
    let layouts = common::layouts::compiler_layouts("gcc", &dir);
    std::fs::write(dir.join("layouts.txt"), layouts).unwrap();
    // The conformance corpus, for tests/csharp/CorpusTests.cs to replay.
    let corpus = std::fs::read_to_string(manifest().join("tests/corpus/corpus.txt")).unwrap();
    std::fs::write(dir.join("corpus.txt"), &corpus).unwrap();
    let corpus_cases = corpus.lines().filter(|l| l.contains(" -> ")).count();

    // The binding, the Unity glue against the UnityEngine stand-in (as Unity 2020.1 and later
    // compile it), and the tests, in one program: the tests reach internals too. The
    // benchmark and the capped-process limits test are programs of their own.
    let mut files = sources(&runtime());
    files.extend(sources(&runtime().join("Unity")));
    files.extend(sources(&manifest().join("bindings/unity/Editor")));
    files.extend(
        sources(&manifest().join("tests/csharp"))
            .into_iter()
            .filter(|p| !p.ends_with("Bench.cs") && !p.ends_with("LimitsTests.cs")),
    );
    let exe = dir.join("PerPixelTests.exe");
    mcs(
        &[
            "-define:UNITY_5_3_OR_NEWER;UNITY_2020_1_OR_NEWER",
            &format!("-out:{}", exe.display()),
        ],
        &files,
    );

    let native = native_dir();
    let out = Command::new("mono")
        .arg("--debug")
        .arg(&exe)
        .arg(&dir)
        .env("LD_LIBRARY_PATH", &native)
        .output()
        .expect("run mono");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    let last = stdout.lines().last().unwrap_or("");
    assert!(
        out.status.success() && last.ends_with(" passed, 0 failed"),
        "C# tests failed (exit {:?}); last line: {last}",
        out.status.code()
    );
    let passed: u32 = last.split(' ').next().unwrap().parse().unwrap();
    assert!(passed >= 740, "only {passed} C# checks ran");
    let replayed = format!("corpus: {corpus_cases} cases replayed through C#, 0 differ");
    assert!(
        stdout.lines().any(|l| l == replayed),
        "the C# corpus replay did not print \"{replayed}\""
    );

    // Without the native library in reach, the first call explains what is missing.
    let out = Command::new("mono")
        .arg(&exe)
        .arg("--without-native-library")
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .expect("run mono");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success() && stdout.contains("1 passed, 0 failed"),
        "missing-library check failed: {stdout}"
    );
}

/// The binding's per-call cost under Mono (tests/csharp/Bench.cs): a benchmark, so ignored
/// by `cargo test`; it fails only when the program cannot be built or run, never on speed.
#[test]
#[ignore = "benchmark: cargo test --release --test csharp -- --ignored --nocapture csharp_overhead_benchmark"]
fn csharp_overhead_benchmark() {
    if !tools_present() {
        return;
    }
    if cfg!(debug_assertions) {
        println!(
            "NOTICE: a debug build of the native library: run with --release for real figures"
        );
    }
    let dir = scratch("bench");
    let mut files = sources(&runtime());
    files.push(manifest().join("tests/csharp/Bench.cs"));
    let exe = dir.join("Bench.exe");
    mcs(&["-optimize+", &format!("-out:{}", exe.display())], &files);
    let out = Command::new("mono")
        .arg(&exe)
        .env("LD_LIBRARY_PATH", native_dir())
        .output()
        .expect("run mono");
    println!("{}", String::from_utf8_lossy(&out.stdout));
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "the benchmark failed: {:?}",
        out.status
    );
}

/// Unity ignores (and for immutable git/registry packages, refuses) assets without a `.meta`
/// file, so every file and folder of the package ships one.
#[test]
fn every_package_asset_has_a_unity_meta_file() {
    fn walk(dir: &Path, missing: &mut Vec<PathBuf>, seen: &mut usize) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            // Unity skips dot-names and folders ending in `~` (`Samples~`, whose files
            // carry their own .meta for when they are imported).
            if name.starts_with('.') || name.ends_with(".meta") || name.ends_with('~') {
                continue;
            }
            *seen += 1;
            let meta = PathBuf::from(format!("{}.meta", path.display()));
            if !meta.exists() {
                missing.push(path.clone());
            }
            if path.is_dir() {
                walk(&path, missing, seen);
            }
        }
    }
    let (mut missing, mut seen) = (Vec::new(), 0);
    let root = manifest().join("bindings/unity");
    walk(&root, &mut missing, &mut seen);
    println!("{seen} package assets checked for .meta files");
    assert!(seen > 10, "the package looks empty");
    assert!(
        missing.is_empty(),
        "assets without a Unity .meta file: {missing:?}"
    );
}

/// The Mono process's address-space cap for `LimitsTests.cs`, in KiB (`ulimit -v`): 1 GiB.
/// Mono starts in 512 MiB; the hostile headers claim 1 GiB to 40 GB.
const MONO_ADDRESS_SPACE_KIB: u64 = 1 << 20;

/// The report's repro from C#: with `Library.MaxMaskPixels = ulong.MaxValue`, every hostile
/// header (the 73-byte PNG claiming 100000 x 100000, and one per other decoder) must throw
/// a `PerPixelException` with `Status.OutOfMemory` in a capped Mono process, which must
/// survive and go on working.
#[test]
fn csharp_gets_a_status_for_huge_images_in_a_capped_mono_process() {
    if !tools_present() {
        return;
    }
    let dir = scratch("limits");
    let mut listing = String::new();
    for h in common::hostile::samples() {
        let file = match h.name {
            "png" | "tga" => format!("hostile.{}", h.name),
            other => format!("hostile-{other}.img"),
        };
        std::fs::write(dir.join(&file), &h.bytes).unwrap();
        listing += &format!("{} {} {} {file}\n", h.name, h.width, h.height);
    }
    std::fs::write(dir.join("hostile.txt"), listing).unwrap();
    std::fs::write(
        dir.join("png65536.png"),
        common::hostile::png_claiming(65_536, 65_536),
    )
    .unwrap();
    image::RgbaImage::from_pixel(3, 2, image::Rgba([1, 2, 3, 255]))
        .save(dir.join("small.png"))
        .unwrap();

    let mut files = sources(&runtime());
    files.push(manifest().join("tests/csharp/LimitsTests.cs"));
    let exe = dir.join("LimitsTests.exe");
    mcs(&[&format!("-out:{}", exe.display())], &files);

    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {MONO_ADDRESS_SPACE_KIB} && exec mono --debug \"$0\" \"$@\""
        ))
        .arg(&exe)
        .arg(&dir)
        .env("LD_LIBRARY_PATH", native_dir())
        .output()
        .expect("run mono");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!(
        "mono under ulimit -v {MONO_ADDRESS_SPACE_KIB}: {}\n{stdout}",
        out.status
    );
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.code().is_some(),
        "the capped Mono process was killed by a signal ({}): the native library aborted",
        out.status
    );
    assert!(
        stdout.contains("the Mono process survived every hostile header"),
        "the capped Mono process did not get through the hostile headers"
    );
    let last = stdout.lines().last().unwrap_or("");
    assert!(
        out.status.success() && last.ends_with(" passed, 0 failed"),
        "C# limits tests failed (exit {:?}); last line: {last}",
        out.status.code()
    );
    let passed: u32 = last.split(' ').next().unwrap().parse().unwrap();
    assert!(passed >= 20, "only {passed} C# limit checks ran");
}
