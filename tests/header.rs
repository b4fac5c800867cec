//! The committed C header must be exactly what build.rs generates from `src/ffi/`.

/// The header cbindgen generated for this build.
const GENERATED: &str = include_str!(concat!(env!("OUT_DIR"), "/perpixel.h"));

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
