//! The C compiler's layout of every struct in `include/perpixel.h`, the truth the other
//! languages' structs are checked against (tests/layouts.rs: Rust and C++;
//! tests/csharp.rs: C#).
//!
//! The header's value structs are cbindgen's `typedef struct { ... } name;`, one field a
//! line (`type name;`, `type *name;` or `type name[N];`). [`header_structs`] reads them;
//! [`c_program`] writes a C (and C++) program that prints, for each, a line `name size`
//! and a line `name.field offset` per field in order, an array field as one line per
//! element (`name.field[i] offset`); [`compiler_layouts`] builds and runs it.

use std::path::Path;
use std::process::Command;

/// One value struct of the header: its name and its fields in order, each with its
/// element count when it is an array.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CStruct {
    pub name: String,
    pub fields: Vec<(String, Option<usize>)>,
}

/// Every `typedef struct { ... } name;` of `header`, in the header's order.
pub fn header_structs(header: &str) -> Vec<CStruct> {
    let mut out = Vec::new();
    let mut fields: Option<Vec<(String, Option<usize>)>> = None;
    for line in header.lines() {
        let t = line.trim();
        if line.starts_with("typedef struct {") {
            fields = Some(Vec::new());
        } else if let (Some(f), Some(rest)) = (fields.as_mut(), line.strip_prefix("} ")) {
            let name = rest.trim_end_matches(';').trim().to_string();
            out.push(CStruct {
                name,
                fields: std::mem::take(f),
            });
            fields = None;
        } else if let Some(f) = fields.as_mut() {
            // Comments and blank lines sit between the fields.
            if t.is_empty() || t.starts_with("/*") || t.starts_with('*') || t.starts_with("//") {
                continue;
            }
            let decl = t
                .strip_suffix(';')
                .unwrap_or_else(|| panic!("a field line: {t}"));
            let last = decl.rsplit([' ', '*']).next().unwrap();
            let (name, count) = match last.split_once('[') {
                Some((n, c)) => (n, Some(c.trim_end_matches(']').parse().unwrap())),
                None => (last, None),
            };
            f.push((name.to_string(), count));
        }
    }
    assert!(fields.is_none(), "the header ends inside a struct");
    out
}

/// The header's value structs, read from the committed `include/perpixel.h`.
pub fn committed_structs() -> Vec<CStruct> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/perpixel.h");
    header_structs(&std::fs::read_to_string(path).unwrap())
}

/// The lines a correct layout of `structs` prints, with the numbers left to the caller:
/// `(line key, field)` in order, a key `name` for a size and `name.field` (or
/// `name.field[i]`) for an offset.
pub fn keys(structs: &[CStruct]) -> Vec<String> {
    let mut out = Vec::new();
    for s in structs {
        out.push(s.name.clone());
        for (f, count) in &s.fields {
            match count {
                None => out.push(format!("{}.{f}", s.name)),
                Some(n) => (0..*n).for_each(|i| out.push(format!("{}.{f}[{i}]", s.name))),
            }
        }
    }
    out
}

/// A program printing the layout of `structs` as this module describes, valid C11 and
/// C++17.
pub fn c_program(structs: &[CStruct]) -> String {
    let mut p = String::from(
        "#include <stddef.h>\n#include <stdio.h>\n#include \"perpixel.h\"\n\nint main(void)\n{\n",
    );
    for s in structs {
        let n = &s.name;
        p += &format!("    printf(\"{n} %zu\\n\", sizeof({n}));\n");
        for (f, count) in &s.fields {
            match count {
                None => p += &format!("    printf(\"{n}.{f} %zu\\n\", offsetof({n}, {f}));\n"),
                Some(c) => {
                    for i in 0..*c {
                        p += &format!(
                            "    printf(\"{n}.{f}[{i}] %zu\\n\", offsetof({n}, {f}) + {i} * sizeof((({n} *)0)->{f}[0]));\n"
                        );
                    }
                }
            }
        }
    }
    p + "    return 0;\n}\n"
}

/// Builds [`c_program`] of the committed header with `compiler` (`gcc` as C11, `g++` as
/// C++17) in `scratch` and runs it: the compiler's layouts, one line each.
pub fn compiler_layouts(compiler: &str, scratch: &Path) -> String {
    let structs = committed_structs();
    let cpp = compiler.ends_with("++");
    let src = scratch.join(if cpp { "layouts.cpp" } else { "layouts.c" });
    std::fs::write(&src, c_program(&structs)).unwrap();
    let exe = scratch.join(format!("layouts-{compiler}"));
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("include");
    let out = Command::new(compiler)
        .arg(if cpp { "-std=c++17" } else { "-std=c11" })
        .args(["-Wall", "-Werror", "-o"])
        .arg(&exe)
        .arg(&src)
        .arg("-I")
        .arg(&include)
        .output()
        .unwrap_or_else(|e| panic!("run {compiler}: {e}"));
    assert!(
        out.status.success(),
        "{compiler} failed on the layout program:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().unwrap();
    assert!(run.status.success(), "the layout program failed");
    String::from_utf8(run.stdout).unwrap()
}
