//! The committed C header must be exactly what build.rs generates from `src/ffi/`.
//!
//! build.rs generates it with the `header` feature (on by default). Without it there is
//! nothing to compare with: the freshness test is listed as ignored with the reason (and
//! a run with `CI` set fails), and the other checks read the committed header.

mod common;

/// The header cbindgen generated for this build.
#[cfg(feature = "header")]
const GENERATED: &str = include_str!(concat!(env!("OUT_DIR"), "/perpixel.h"));
/// Without the `header` feature: the committed header (its freshness is not checked).
#[cfg(not(feature = "header"))]
const GENERATED: &str = include_str!("../include/perpixel.h");

/// Listed as ignored, with the reason, in a run without the `header` feature.
#[cfg(not(feature = "header"))]
#[test]
#[ignore = "the `header` feature is off: include/perpixel.h is not compared with src/ffi/ \
            (run with default features or --features header)"]
fn committed_header_matches_the_generated_one() {
    panic!("without the `header` feature build.rs generates no header to compare with");
}

/// In CI the header is always checked: a run without the feature fails there.
#[cfg(not(feature = "header"))]
#[test]
fn the_header_feature_is_on_in_ci() {
    common::missing_tool(
        "the `header` feature",
        "the check that include/perpixel.h matches src/ffi/",
        "run `cargo test` with default features, or `--features header`",
    );
}

#[cfg(feature = "header")]
#[test]
fn committed_header_matches_the_generated_one() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/include/perpixel.h");
    let committed = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "cannot read {path}: {e}\n\
             generate it with: PERPIXEL_REFRESH_HEADER=1 cargo build"
        )
    });
    if committed != GENERATED {
        let first_difference = committed
            .lines()
            .zip(GENERATED.lines())
            .position(|(a, b)| a != b)
            .map(|i| i + 1)
            .unwrap_or(committed.lines().count().min(GENERATED.lines().count()) + 1);
        panic!(
            "include/perpixel.h is stale: it differs from the header generated from src/ffi/ \
             (first difference at line {first_difference}).\n\
             Refresh it with: PERPIXEL_REFRESH_HEADER=1 cargo build\n\
             and commit include/perpixel.h."
        );
    }
}

#[test]
fn header_holds_only_the_c_abi() {
    assert!(GENERATED.contains("#ifndef PERPIXEL_H"));
    assert!(GENERATED.contains("typedef struct pp_mask pp_mask;"));
    for line in GENERATED.lines() {
        // Type names: `} name;` closing a typedef, and `typedef struct x x;`.
        if let Some(name) = line.strip_prefix("} ").and_then(|l| l.strip_suffix(';')) {
            assert!(name.starts_with("pp_"), "non-pp_ type in header: {line}");
        }
        if let Some(rest) = line.strip_prefix("typedef ") {
            let name = rest.trim_end_matches(';').rsplit(' ').next().unwrap();
            assert!(
                name.starts_with("pp_") || name == "{",
                "non-pp_ typedef: {line}"
            );
        }
        if let Some(rest) = line.strip_prefix("#define ") {
            let name = rest.split(' ').next().unwrap();
            assert!(
                name.starts_with("PP_") || name == "PERPIXEL_H",
                "non-PP_ constant in header: {line}"
            );
        }
    }
    // Every function the header declares is a pp_ function.
    for line in GENERATED.lines() {
        if let Some(open) = line.find('(') {
            let before = &line[..open];
            let is_declaration = !line.starts_with(' ')
                && !line.starts_with('#')
                && !line.starts_with('/')
                && !line.starts_with('*')
                && before.contains(' ');
            if is_declaration {
                let name = before.rsplit([' ', '*']).next().unwrap();
                assert!(
                    name.starts_with("pp_"),
                    "non-pp_ function in header: {line}"
                );
            }
        }
    }
}

/// The functions the header declares: every `pp_name(` that starts a declaration.
fn declared_functions() -> Vec<String> {
    let mut names: Vec<String> = GENERATED
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.starts_with('*') && !l.starts_with('/'))
        .filter_map(|l| {
            let open = l.find('(')?;
            let start = l[..open].rfind(|c: char| !(c.is_alphanumeric() || c == '_'))? + 1;
            let name = &l[start..open];
            name.starts_with("pp_").then(|| name.to_owned())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

fn read(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("cannot read {full}: {e}"))
}

/// Every exported function is called by a C test program, called by the C# binding (its
/// P/Invoke declaration is generated, `tests/csharp_native.rs`), and used by the C++ wrapper: a
/// new export cannot be forgotten in one language.
#[test]
fn every_export_is_tested_in_c_and_bound_in_csharp_and_cpp() {
    let functions = declared_functions();
    assert!(
        functions.len() >= 40,
        "only {} functions parsed",
        functions.len()
    );
    // Every C test program (tests/c/test_*.c), so a new one counts without a list.
    let mut c_files: Vec<_> =
        std::fs::read_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c"))
            .expect("tests/c")
            .map(|e| {
                e.expect("tests/c entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter(|n| n.starts_with("test_") && n.ends_with(".c"))
            .collect();
    c_files.sort();
    assert!(c_files.len() >= 8, "only {c_files:?} in tests/c");
    let c_tests: String = c_files
        .iter()
        .map(|f| read(&format!("tests/c/{f}")))
        .collect();
    // The C# binding's hand-written layer (every .cs but the generated raw layer,
    // Native.g.cs, which declares every function by construction: tests/csharp_native.rs).
    let mut csharp = String::new();
    let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("bindings/unity")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("bindings/unity") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "cs") && !path.ends_with("Native.g.cs")
            {
                csharp.push_str(&std::fs::read_to_string(&path).expect("a .cs file"));
            }
        }
    }
    // The C++ wrapper: the umbrella header and every part header it includes.
    let cpp: String = std::iter::once("perpixel.hpp".to_owned())
        .chain(
            common::cpp_part_headers()
                .iter()
                .map(|f| format!("perpixel/{f}")),
        )
        .map(|f| read(&format!("bindings/cpp/{f}")))
        .collect();
    let mut missing = Vec::new();
    for f in &functions {
        let call = format!("{f}(");
        if !c_tests.contains(&call) {
            missing.push(format!("{f}: not called by any tests/c program"));
        }
        // C# reads the error text through the copying variant (a C string pointer's
        // lifetime is the thread's next call, which a managed caller cannot hold to).
        if !csharp.contains(&format!("Native.{f}(")) && f != "pp_last_error_message" {
            missing.push(format!(
                "{f}: not called by the C# binding's hand-written layer (bindings/unity)"
            ));
        }
        // C++ reads the error text through pp_last_error_message; the copying variant is
        // for bindings that cannot hold a C string pointer.
        if !cpp.contains(&call) && f != "pp_last_error_message_copy" {
            missing.push(format!("{f}: not used by the C++ wrapper (bindings/cpp)"));
        }
    }
    println!(
        "{} exported functions checked in C tests, C# and C++",
        functions.len()
    );
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// The names `src/ffi/mod.rs` re-exports (its `pub use area::{...}` lists): what a Rust
/// caller reaches as `perpixel::ffi::NAME`.
fn reexported() -> Vec<String> {
    let module = read("src/ffi/mod.rs");
    let mut names = Vec::new();
    let mut rest = module.as_str();
    while let Some(at) = rest.find("pub use ") {
        let stmt = &rest[at..];
        let end = stmt.find(';').expect("a pub use ends with ;");
        let list = &stmt["pub use ".len()..end];
        let inner = list
            .split_once('{')
            .map_or(list.rsplit("::").next().unwrap(), |(_, l)| l);
        names.extend(
            inner
                .split([',', '}'])
                .map(|n| n.trim())
                .filter(|n| !n.is_empty())
                .map(str::to_owned),
        );
        rest = &stmt[end..];
    }
    names
}

/// Every function and struct of the header is re-exported by `perpixel::ffi` (cbindgen
/// reads every `#[no_mangle]` function of the crate, re-exported or not, so a function
/// left out of the list is in the header but out of the Rust callers' reach).
#[test]
fn the_ffi_module_reexports_every_function_and_struct_of_the_header() {
    let names = reexported();
    let structs = common::layouts::header_structs(GENERATED);
    let mut wanted = declared_functions();
    wanted.extend(structs.into_iter().map(|s| s.name));
    let missing: Vec<&String> = wanted.iter().filter(|n| !names.contains(n)).collect();
    assert!(
        missing.is_empty(),
        "src/ffi/mod.rs does not re-export {missing:?}: add them to its `pub use` lists"
    );
    println!(
        "perpixel::ffi re-exports all {} functions and structs of the header",
        wanted.len()
    );
}

/// The C++ wrapper's `perpixel::Status` names every status of the header (its values are the
/// header's own enumerators, so only a missing one could drift; C#'s is generated,
/// tests/csharp_native.rs).
#[test]
fn the_cpp_status_enum_names_every_header_status() {
    let header = read("include/perpixel.h");
    let start = header.find("typedef enum {").expect("the pp_status enum");
    let end = start + header[start..].find("} pp_status;").expect("its end");
    let statuses: Vec<&str> = header[start..end]
        .lines()
        .filter_map(|l| {
            l.trim()
                .split(" = ")
                .next()
                .filter(|n| n.starts_with("PP_"))
        })
        .collect();
    assert!(statuses.len() >= 17, "{statuses:?}");
    let cpp = read("bindings/cpp/perpixel/error.hpp");
    let missing: Vec<_> = statuses
        .iter()
        .filter(|s| !cpp.contains(&format!("= {s},")))
        .collect();
    assert!(
        missing.is_empty(),
        "bindings/cpp/perpixel/error.hpp's Status lacks {missing:?}"
    );
    println!("{} statuses in C++'s Status enum", statuses.len());
}
