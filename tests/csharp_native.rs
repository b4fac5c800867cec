//! Issue 31.3: one description of the C ABI. The C# raw layer,
//! `bindings/unity/Runtime/Native.g.cs` (every P/Invoke declaration, every struct's fields and
//! layout, the status codes and the `PP_*` enums and constants with their texts), is generated
//! from the header cbindgen writes from `src/ffi` (`include/perpixel.h`) and the small
//! marshalling description next to the Rust C ABI, `src/ffi/csharp.txt`. It is committed; this
//! test regenerates it in memory and fails when the committed file differs:
//!
//! ```text
//! PERPIXEL_REFRESH_CSHARP=1 cargo test --test csharp_native    # rewrite it, then commit it
//! ```
//!
//! A function added to the header is declared in C# by that command with no edit (the
//! description only says how a parameter marshals when the default rule below is not the one
//! wanted). The other tests here hold the hand-written C# to it: no `DllImport` and no
//! `StructLayout` outside the generated file, every description entry names something the
//! header has.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;

const GENERATED: &str = "bindings/unity/Runtime/Native.g.cs";
const DESCRIPTION: &str = "src/ffi/csharp.txt";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("read {path}: {e}"))
}

// ---------------------------------------------------------------------------------------------
// The header.

/// A doc comment's text, its ` * ` prefixes removed, paragraphs kept as blank lines.
fn doc_text(raw: &str) -> String {
    raw.lines()
        .map(|l| {
            let l = l.trim();
            let l = l.strip_prefix("/**").unwrap_or(l);
            let l = l.strip_suffix("*/").unwrap_or(l).trim_end();
            let l = l.strip_prefix('*').unwrap_or(l);
            l.strip_prefix(' ').unwrap_or(l).to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

struct Constant {
    name: String,
    value: String,
    doc: String,
}

struct Field {
    ty: String, // C type, e.g. "const pp_mask *", "uint8_t", "pp_point"
    name: String,
    count: Option<usize>,
    doc: String,
}

struct Struct {
    name: String,
    doc: String,
    fields: Vec<Field>,
}

struct Param {
    ty: String,
    name: String,
}

struct Function {
    name: String,
    ret: String,
    params: Vec<Param>,
    doc: String,
}

struct Header {
    statuses: Vec<Constant>,
    status_doc: String,
    defines: Vec<Constant>,
    handles: Vec<String>,
    structs: Vec<Struct>,
    functions: Vec<Function>,
}

/// Splits `type name` (or `type *name`) into the type, written with one space before any
/// `*`, and the name.
fn split_decl(decl: &str) -> (String, String) {
    let decl = decl.split_whitespace().collect::<Vec<_>>().join(" ");
    let cut = decl
        .rfind([' ', '*'])
        .unwrap_or_else(|| panic!("a declaration: {decl}"));
    let (ty, name) = decl.split_at(cut + 1);
    let ty = ty
        .trim()
        .replace(" *", "*")
        .replace('*', " *")
        .replace("* *", "**");
    (ty.trim().to_string(), name.trim().to_string())
}

fn parse_header(h: &str) -> Header {
    let mut header = Header {
        statuses: Vec::new(),
        status_doc: String::new(),
        defines: Vec::new(),
        handles: Vec::new(),
        structs: Vec::new(),
        functions: Vec::new(),
    };
    let mut rest = h;
    while let Some(start) = rest.find("/**") {
        let end = start + rest[start..].find("*/").expect("a doc comment's end") + 2;
        let doc = doc_text(&rest[start..end]);
        let after = rest[end..].trim_start();
        if let Some(define) = after.strip_prefix("#define ") {
            let line = define.lines().next().unwrap();
            let (name, value) = line.split_once(' ').expect("#define NAME VALUE");
            header.defines.push(Constant {
                name: name.into(),
                value: value.trim().into(),
                doc,
            });
            rest = &rest[end..];
        } else if after.starts_with("typedef enum {") {
            let close = after
                .find("} pp_status;")
                .expect("the only enum is pp_status");
            header.status_doc = doc;
            let body = &after["typedef enum {".len()..close];
            let mut inner = body;
            while let Some(s) = inner.find("/**") {
                let e = s + inner[s..].find("*/").unwrap() + 2;
                let line = inner[e..].trim_start().lines().next().unwrap();
                let (name, value) = line.trim_end_matches(',').split_once(" = ").unwrap();
                header.statuses.push(Constant {
                    name: name.into(),
                    value: value.into(),
                    doc: doc_text(&inner[s..e]),
                });
                inner = &inner[e..];
            }
            rest = &after[close..];
        } else if let Some(t) = after.strip_prefix("typedef struct pp_") {
            let name = t.split_whitespace().next().unwrap();
            header.handles.push(format!("pp_{name}"));
            rest = &rest[end..];
        } else if after.starts_with("typedef struct {") {
            let close = after.find("\n}").expect("a struct's end");
            let name = after[close + 2..]
                .split(';')
                .next()
                .unwrap()
                .trim()
                .to_string();
            let mut fields = Vec::new();
            let mut inner = &after["typedef struct {".len()..close];
            while let Some(s) = inner.find("/**") {
                let e = s + inner[s..].find("*/").unwrap() + 2;
                let line = inner[e..].trim_start().lines().next().unwrap();
                let line = line.trim().trim_end_matches(';');
                let (decl, count) = match line.split_once('[') {
                    Some((d, n)) => (d, Some(n.trim_end_matches(']').parse().unwrap())),
                    None => (line, None),
                };
                let (ty, fname) = split_decl(decl);
                fields.push(Field {
                    ty,
                    name: fname,
                    count,
                    doc: doc_text(&inner[s..e]),
                });
                inner = &inner[e..];
            }
            header.structs.push(Struct { name, doc, fields });
            rest = &after[close..];
        } else if let Some(paren) = after.find('(')
            && !after[..paren].contains(';')
            && !after[..paren].contains('#')
        {
            let close = after.find(");").expect("a declaration's end");
            let (ret, name) = split_decl(&after[..paren]);
            let inside = after[paren + 1..close].trim();
            let params = if inside == "void" {
                Vec::new()
            } else {
                inside
                    .split(',')
                    .map(|p| {
                        let (ty, name) = split_decl(p);
                        Param { ty, name }
                    })
                    .collect()
            };
            header.functions.push(Function {
                name,
                ret,
                params,
                doc,
            });
            rest = &after[close..];
        } else {
            rest = &rest[end..];
        }
    }
    header
}

// ---------------------------------------------------------------------------------------------
// The description (src/ffi/csharp.txt; its own comments say what each line means).

#[derive(Default)]
struct Description {
    handles: BTreeMap<String, String>,
    structs: BTreeMap<String, StructMap>,
    enums: Vec<EnumMap>,
    statuses: Vec<(String, String, String)>,
    functions: BTreeMap<String, FunctionMap>,
    constants: BTreeMap<String, String>,
}

#[derive(Default)]
struct StructMap {
    cs: String,
    public: bool,
    unsafe_: bool,
    pascal: bool,
    fields: BTreeMap<String, FieldMap>,
}

#[derive(Clone, Default)]
struct FieldMap {
    names: Vec<String>,
    ty: Option<String>,
    private: bool,
}

struct EnumMap {
    cs: String,
    base: String,
    prefix: String,
    public: bool,
    renames: BTreeMap<String, String>,
}

#[derive(Default)]
struct FunctionMap {
    params: BTreeMap<String, String>,
    ret: Option<String>,
    fast: bool,
}

fn parse_description(text: &str) -> Description {
    let mut d = Description::default();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let bad = || -> ! { panic!("{DESCRIPTION}:{}: cannot read `{line}`", n + 1) };
        match words[0] {
            "handle" if words.len() == 3 => {
                d.handles.insert(words[1].into(), words[2].into());
            }
            "struct" if words.len() >= 4 => {
                let mut map = StructMap {
                    cs: words[2].into(),
                    public: match words[3] {
                        "public" => true,
                        "internal" => false,
                        _ => bad(),
                    },
                    ..StructMap::default()
                };
                for w in &words[4..] {
                    if *w == "unsafe" || *w == "pascal" {
                        map.unsafe_ |= *w == "unsafe";
                        map.pascal |= *w == "pascal";
                        continue;
                    }
                    let (c, spec) = w.split_once('=').unwrap_or_else(|| bad());
                    let mut field = FieldMap::default();
                    for (i, part) in spec.split(':').enumerate() {
                        match (i, part) {
                            (0, names) => {
                                field.names = names.split(',').map(String::from).collect()
                            }
                            (_, "private") => field.private = true,
                            (_, ty) => field.ty = Some(ty.into()),
                        }
                    }
                    map.fields.insert(c.into(), field);
                }
                d.structs.insert(words[1].into(), map);
            }
            "enum" if words.len() >= 3 => {
                let (cs, base) = words[1].split_once(':').unwrap_or_else(|| bad());
                let mut map = EnumMap {
                    cs: cs.into(),
                    base: base.into(),
                    prefix: words[2].into(),
                    public: true,
                    renames: BTreeMap::new(),
                };
                for w in &words[3..] {
                    if *w == "internal" {
                        map.public = false;
                        continue;
                    }
                    let (c, cs) = w.split_once('=').unwrap_or_else(|| bad());
                    map.renames.insert(c.to_string(), cs.to_string());
                }
                d.enums.push(map);
            }
            "status" if words.len() >= 4 => {
                d.statuses
                    .push((words[1].into(), words[2].into(), words[3..].join(" ")));
            }
            "const" if words.len() == 3 => {
                d.constants.insert(words[1].into(), words[2].into());
            }
            "fn" if words.len() >= 2 => {
                let mut map = FunctionMap::default();
                for w in &words[2..] {
                    if *w == "fast" {
                        map.fast = true;
                        continue;
                    }
                    let (p, ty) = w.split_once('=').unwrap_or_else(|| bad());
                    let ty = ty.replace('_', " ");
                    if p == "return" {
                        map.ret = Some(ty);
                    } else {
                        map.params.insert(p.into(), ty);
                    }
                }
                d.functions.insert(words[1].into(), map);
            }
            _ => bad(),
        }
    }
    d
}

// ---------------------------------------------------------------------------------------------
// The C# text.

/// A header doc comment as C# XML doc text: `code` becomes `<c>code</c>`, and `&`, `<`,
/// `>` are escaped.
fn xml(doc: &str) -> String {
    let escaped = doc
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let mut out = String::new();
    for (i, part) in escaped.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<c>{part}</c>");
        } else {
            out.push_str(part);
        }
    }
    out
}

/// `/// <summary>...</summary>` lines at `indent`, from a header doc (its `# Safety`
/// section left out: it speaks of C pointers the C# layer never hands out).
fn summary(doc: &str, indent: &str) -> String {
    let doc = doc.split("\n# Safety").next().unwrap().trim();
    let text = xml(doc);
    let mut out = String::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let open = if i == 0 { "<summary>" } else { "" };
        let close = if i + 1 == lines.len() {
            "</summary>"
        } else {
            ""
        };
        let line = line.trim_end();
        if line.is_empty() && open.is_empty() && close.is_empty() {
            let _ = writeln!(out, "{indent}/// <para/>");
        } else {
            let _ = writeln!(out, "{indent}/// {open}{line}{close}");
        }
    }
    out
}

fn pascal(upper_snake: &str) -> String {
    upper_snake
        .split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let lower = w.to_ascii_lowercase();
            let mut c = lower.chars();
            let first = c.next().unwrap().to_ascii_uppercase();
            format!("{first}{}", c.as_str())
        })
        .collect()
}

fn camel(snake: &str) -> String {
    let p = pascal(snake);
    let mut c = p.chars();
    let first = c.next().unwrap().to_ascii_lowercase();
    let name = format!("{first}{}", c.as_str());
    match name.as_str() {
        "out" | "in" | "ref" | "params" | "base" | "object" | "string" | "checked" | "fixed"
        | "lock" | "event" | "operator" => format!("@{name}"),
        _ => name,
    }
}

fn scalar(c: &str) -> Option<&'static str> {
    Some(match c {
        "uint8_t" => "byte",
        "int8_t" => "sbyte",
        "uint16_t" => "ushort",
        "int16_t" => "short",
        "uint32_t" => "uint",
        "int32_t" => "int",
        "uint64_t" => "ulong",
        "int64_t" => "long",
        "size_t" => "UIntPtr",
        "double" => "double",
        "float" => "float",
        "char" => "byte",
        "void" => "void",
        _ => return None,
    })
}

struct Gen<'a> {
    desc: &'a Description,
}

impl Gen<'_> {
    /// The C# name of a by-value C type (scalar or struct).
    fn value(&self, c: &str) -> String {
        if let Some(s) = scalar(c) {
            return s.into();
        }
        if c == "pp_status" {
            return "Status".into();
        }
        match self.desc.structs.get(c) {
            Some(m) => m.cs.clone(),
            None => panic!("{c}: no `struct` line in {DESCRIPTION}"),
        }
    }

    fn handle(&self, c: &str) -> Option<&String> {
        self.desc.handles.get(c)
    }

    /// A parameter's C# type by the default rules.
    fn param(&self, f: &Function, p: &Param) -> String {
        let ty = p.ty.as_str();
        let constness = ty.starts_with("const ");
        let base = ty.trim_start_matches("const ").trim_end_matches('*').trim();
        let stars = ty.matches('*').count();
        match stars {
            0 => self.value(base),
            1 if self.handle(base).is_some() => {
                if f.name.ends_with("_free") {
                    "IntPtr".into()
                } else {
                    self.handle(base).unwrap().clone()
                }
            }
            2 if self.handle(base).is_some() => {
                if p.name == "buf" {
                    "IntPtr[]".into()
                } else {
                    format!("out {}", self.handle(base).unwrap())
                }
            }
            1 if base == "char" => "byte[]".into(),
            1 if p.name == "matrix" => format!("{}[]", self.value(base)),
            1 if p.name == "buf" || p.name == "labels" => format!("[Out] {}[]", self.value(base)),
            1 if base == "uint8_t" && constness => "byte*".into(),
            1 if constness => format!("ref {}", self.value(base)),
            1 => format!("out {}", self.value(base)),
            _ => panic!("{}: no rule for `{ty} {}`", f.name, p.name),
        }
    }

    fn struct_fields(&self, s: &Struct, out: &mut String) {
        let map = &self.desc.structs[&s.name];
        for f in &s.fields {
            let fm = map.fields.get(&f.name).cloned().unwrap_or_default();
            let base =
                f.ty.trim_start_matches("const ")
                    .trim_end_matches('*')
                    .trim();
            let ty = match (&fm.ty, f.ty.matches('*').count()) {
                (Some(t), _) => t.clone(),
                (None, 0) => self.value(&f.ty),
                (None, 1) if self.handle(base).is_some() => "IntPtr".into(),
                (None, 1) => format!("{}*", self.value(base)),
                _ => panic!("{}.{}: no rule for `{}`", s.name, f.name, f.ty),
            };
            let names: Vec<String> = match (f.count, fm.names.is_empty()) {
                (Some(n), true) => (0..n).map(|i| format!("{}_{i}", f.name)).collect(),
                (Some(n), false) => {
                    assert_eq!(fm.names.len(), n, "{}.{}: {n} names", s.name, f.name);
                    fm.names.clone()
                }
                (None, true) => vec![if map.pascal {
                    pascal(&f.name)
                } else {
                    f.name.clone()
                }],
                (None, false) => fm.names.clone(),
            };
            let access = if fm.private || !map.public {
                "internal"
            } else {
                "public"
            };
            let access = if fm.private { "private" } else { access };
            out.push_str(&summary(&f.doc, "        "));
            for name in names {
                let _ = writeln!(out, "        {access} {ty} {name};");
            }
        }
    }
}

fn generate(header_text: &str, description: &str) -> String {
    let header = parse_header(header_text);
    let desc = parse_description(description);
    let g = Gen { desc: &desc };
    let mut out = String::new();
    out.push_str(
        "// GENERATED by tests/csharp_native.rs from include/perpixel.h and src/ffi/csharp.txt: do not edit.\n\
         // Refresh: PERPIXEL_REFRESH_CSHARP=1 cargo test --test csharp_native\n\
         //\n\
         // The raw layer of the C# binding: every function of the perpixel C ABI declared for P/Invoke, every\n\
         // struct's fields in the header's order, the status codes and the PP_* enums and constants. The\n\
         // public structs here are partial: their methods are hand-written beside them.\n\
         #pragma warning disable 0649 // fields the native library writes\n\
         using System;\n\
         using System.Runtime.InteropServices;\n\
         using System.Security;\n\
         \n\
         namespace PerPixel\n{\n",
    );

    // The statuses.
    out.push_str(&summary(&header.status_doc, "    "));
    out.push_str("    public enum Status\n    {\n");
    for s in &header.statuses {
        let name = pascal(
            s.name
                .trim_start_matches("PP_ERR_")
                .trim_start_matches("PP_"),
        );
        out.push_str(&summary(&s.doc, "        "));
        let _ = writeln!(out, "        {name} = {},", s.value);
    }
    for (name, value, doc) in &desc.statuses {
        let _ = writeln!(out, "        /// <summary>{doc}</summary>");
        let _ = writeln!(out, "        {name} = {value},");
    }
    out.push_str("    }\n");

    // The enums, from the header's #define groups.
    for e in &desc.enums {
        let members: Vec<&Constant> = header
            .defines
            .iter()
            .filter(|c| c.name.starts_with(&e.prefix))
            .collect();
        assert!(
            !members.is_empty(),
            "enum {}: no #define starts with {}",
            e.cs,
            e.prefix
        );
        let _ = write!(
            out,
            "\n    /// <summary>The header's <c>{}*</c> values.</summary>\n",
            e.prefix
        );
        let access = if e.public { "public" } else { "internal" };
        let _ = writeln!(out, "    {access} enum {} : {}\n    {{", e.cs, e.base);
        for c in members {
            let suffix = &c.name[e.prefix.len()..];
            let name = e
                .renames
                .get(suffix)
                .cloned()
                .unwrap_or_else(|| pascal(suffix));
            out.push_str(&summary(&c.doc, "        "));
            let _ = writeln!(out, "        {name} = {},", c.value);
        }
        out.push_str("    }\n");
    }

    // The structs.
    for s in &header.structs {
        let map = desc
            .structs
            .get(&s.name)
            .unwrap_or_else(|| panic!("{}: no `struct` line in {DESCRIPTION}", s.name));
        out.push('\n');
        if map.public {
            // Documented in its hand-written part, in C# words.
            let _ = writeln!(
                out,
                "    // C's {}: the fields of the public struct.",
                s.name
            );
        } else {
            out.push_str(&summary(&s.doc, "    "));
            let _ = writeln!(out, "    /// <remarks>C's <c>{}</c>.</remarks>", s.name);
        }
        out.push_str("    [StructLayout(LayoutKind.Sequential)]\n");
        let access = if map.public { "public" } else { "internal" };
        let unsafe_ = if map.unsafe_ { "unsafe " } else { "" };
        let _ = writeln!(
            out,
            "    {access} {unsafe_}partial struct {}\n    {{",
            map.cs
        );
        g.struct_fields(s, &mut out);
        out.push_str("    }\n");
    }

    // Constants and functions.
    out.push_str("\n    internal static partial class Native\n    {\n");
    out.push_str(
        "#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR\n        internal const string Library = \"__Internal\";\n\
         #else\n        internal const string Library = \"perpixel\";\n#endif\n",
    );
    for c in &header.defines {
        if let Some(ty) = desc.constants.get(&c.name) {
            out.push('\n');
            out.push_str(&summary(&c.doc, "        "));
            let _ = writeln!(
                out,
                "        internal const {ty} {} = {};",
                pascal(c.name.trim_start_matches("PP_")),
                c.value
            );
        }
    }
    for f in &header.functions {
        let map = desc.functions.get(&f.name);
        let ret = match map.and_then(|m| m.ret.clone()) {
            Some(r) => r,
            None if f.ret.contains('*') => "IntPtr".into(),
            None => g.value(&f.ret),
        };
        let mut params = Vec::new();
        for p in &f.params {
            let ty = match map.and_then(|m| m.params.get(&p.name)) {
                Some(t) => t.clone(),
                None => g.param(f, p),
            };
            params.push(format!("{ty} {}", camel(&p.name)));
        }
        let unsafe_ = if params.iter().any(|p| p.contains('*')) {
            "unsafe "
        } else {
            ""
        };
        let fast = if map.is_some_and(|m| m.fast) {
            ", SuppressUnmanagedCodeSecurity"
        } else {
            ""
        };
        out.push('\n');
        out.push_str(&summary(&f.doc, "        "));
        let _ = writeln!(
            out,
            "        [DllImport(Library, CallingConvention = CallingConvention.Cdecl){fast}]"
        );
        let _ = writeln!(
            out,
            "        internal static extern {unsafe_}{ret} {}({});",
            f.name,
            params.join(", ")
        );
    }
    out.push_str("    }\n}\n");
    out
}

// ---------------------------------------------------------------------------------------------
// The tests.

#[test]
fn native_cs_is_fresh() {
    let fresh = generate(&read("include/perpixel.h"), &read(DESCRIPTION));
    common::check_generated(
        GENERATED,
        &fresh,
        "PERPIXEL_REFRESH_CSHARP",
        "PERPIXEL_REFRESH_CSHARP=1 cargo test --test csharp_native",
    );
    let header = parse_header(&read("include/perpixel.h"));
    println!(
        "{GENERATED} is fresh: {} functions, {} structs, {} statuses, {} enums",
        header.functions.len(),
        header.structs.len(),
        header.statuses.len(),
        parse_description(&read(DESCRIPTION)).enums.len()
    );
}

/// Every function, struct and status of the header is in the generated file (a function the
/// export list of `ffi/mod.rs` misses fails tests/header.rs; one the header has is declared
/// here with no edit).
#[test]
fn every_header_item_is_generated() {
    let header = parse_header(&read("include/perpixel.h"));
    let text = read("include/perpixel.h");
    let generated = read(GENERATED);
    assert!(
        header.functions.len() >= 130,
        "{} functions parsed",
        header.functions.len()
    );
    for f in &header.functions {
        assert!(
            generated.contains(&format!(" {}(", f.name)),
            "{} is not declared in C#",
            f.name
        );
    }
    for s in &header.structs {
        assert!(
            generated.contains(&format!("<c>{}</c>.</remarks>", s.name))
                || generated.contains(&format!("// C's {}: ", s.name)),
            "{} has no C# struct",
            s.name
        );
    }
    let functions_in_text = text
        .lines()
        .filter(|l| {
            l.starts_with(|c: char| c.is_ascii_lowercase()) && l.contains("pp_") && l.contains('(')
        })
        .count();
    assert_eq!(
        functions_in_text,
        header.functions.len(),
        "every declaration line parsed"
    );
    println!(
        "{} functions, {} structs, {} statuses of the header declared in {GENERATED}",
        header.functions.len(),
        header.structs.len(),
        header.statuses.len()
    );
}

/// The hand-written C# declares nothing the generated file owns: no `DllImport`, no struct
/// layout, no `enum Status`, and every description line names a header item.
#[test]
fn hand_written_csharp_declares_no_abi() {
    let mut found = Vec::new();
    let mut seen = 0;
    let mut stack = vec![root().join("bindings/unity")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "cs") && !path.ends_with("Native.g.cs")
            {
                seen += 1;
                let text = std::fs::read_to_string(&path).unwrap();
                for (n, line) in text.lines().enumerate() {
                    let t = line.trim_start();
                    if t.starts_with("//") {
                        continue;
                    }
                    if t.contains("[DllImport") || t.contains("enum Status") {
                        found.push(format!("{}:{}: {t}", path.display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "hand-written ABI declarations (generate them): {found:#?}"
    );

    let header = parse_header(&read("include/perpixel.h"));
    let desc = parse_description(&read(DESCRIPTION));
    let functions: BTreeSet<&str> = header.functions.iter().map(|f| f.name.as_str()).collect();
    let structs: BTreeSet<&str> = header.structs.iter().map(|s| s.name.as_str()).collect();
    for (name, map) in &desc.functions {
        let f = header.functions.iter().find(|f| &f.name == name);
        let f = f.unwrap_or_else(|| panic!("{DESCRIPTION}: fn {name} is not in the header"));
        for p in map.params.keys() {
            assert!(
                f.params.iter().any(|q| &q.name == p),
                "{DESCRIPTION}: {name} has no parameter {p}"
            );
        }
    }
    for (name, map) in &desc.structs {
        assert!(
            structs.contains(name.as_str()),
            "{DESCRIPTION}: struct {name} is not in the header"
        );
        let s = header.structs.iter().find(|s| &s.name == name).unwrap();
        for f in map.fields.keys() {
            assert!(
                s.fields.iter().any(|g| &g.name == f),
                "{DESCRIPTION}: {name} has no field {f}"
            );
        }
    }
    for h in desc.handles.keys() {
        assert!(
            header.handles.contains(h),
            "{DESCRIPTION}: handle {h} is not in the header"
        );
    }
    for c in desc.constants.keys() {
        assert!(
            header.defines.iter().any(|d| &d.name == c),
            "{DESCRIPTION}: const {c} is not in the header"
        );
    }
    println!(
        "{seen} hand-written C# files declare no ABI; {} description entries name header items ({} functions)",
        desc.functions.len() + desc.structs.len() + desc.handles.len() + desc.constants.len(),
        functions.len()
    );
}
