//! The layering rules of ARCHITECTURE.md ("Layering"), checked against the code: which
//! folder of `src/` may name which, that the oracles in `src/reference/` share no code
//! with what they judge, where `unsafe` may appear and where `impl Mask` blocks may
//! stand. A plain scan of the source text: comments, strings and `#[cfg(test)]` items are
//! left out (a unit test may use anything, the oracles included), every `crate::` path
//! (and every `super::` path that climbs to the crate root) is resolved to the folder
//! that defines its first name, through the flat re-exports of `src/lib.rs`.
//!
//! Each test prints what it checked and names the file and line of every violation.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Which folders (or top-level files: `error`, `file`, `lib`) each folder's code may
/// name, besides itself. `reference` is missing from every list: only test code names it.
/// `kernels` and `reference` have item rules of their own (below) on top of these.
const MAY_NAME: &[(&str, &[&str])] = &[
    ("geom", &["error"]),
    // An error's region is a Bounds2D; the size-limit message reads the limit in force.
    ("error", &["geom", "mask"]),
    ("file", &["error"]),
    ("kernels", &["mask"]),
    // baked.rs writes the baked format (bake/); pairs.rs answers pygame-style queries
    // through Sprite, and raster/ hands out a Raster's Sprite (query/).
    (
        "mask",
        &["error", "file", "geom", "kernels", "bake", "query"],
    ),
    ("query", &["error", "geom", "kernels", "mask"]),
    ("shape", &["error", "geom", "mask"]),
    ("world", &["error", "geom", "mask", "query"]),
    ("bake", &["error", "file", "geom", "mask"]),
    (
        "reference",
        &["error", "geom", "mask", "query", "shape", "world"],
    ),
    (
        "ffi",
        &[
            "error", "file", "geom", "kernels", "mask", "query", "shape", "world", "bake", "lib",
        ],
    ),
    (
        "lib",
        &[
            "error",
            "file",
            "geom",
            "kernels",
            "mask",
            "query",
            "shape",
            "world",
            "bake",
            "ffi",
            "reference",
        ],
    ),
];

/// What `kernels/` may name of the crate, item by item: the pixel formats its packers
/// read, and (in drive.rs only) `Mask`, which a `Plane` holds and reads through five
/// accessors (kernels/mod.rs says why a reference and not the slices).
const KERNELS_MAY_NAME: &[(&str, &str)] = &[("PixelFormat", ""), ("Mask", "src/kernels/drive.rs")];

/// The functions of the crate root `reference/` may call: the software sine and cosine
/// (checked against the platform's in geom's tests) and the size limit (a setting).
const REFERENCE_MAY_CALL: &[&str] = &["sin_cos_degrees", "max_mask_pixels"];

/// The files where `unsafe` may appear (a folder ends with `/`).
const UNSAFE_IN: &[&str] = &[
    "src/ffi/",
    "src/kernels/",
    "src/mask/shared.rs",
    "src/mask/mod.rs",
    "src/mask/reshape.rs",
];

/// The folders where `impl Mask` blocks may stand.
const IMPL_MASK_IN: &[&str] = &["src/mask/", "src/shape/"];

/// The files whose methods on masks and sprites `reference/` judges: it may not call
/// them (it may call the accessors of mask/mod.rs and the plain methods of Sprite,
/// Bounds2D, Point and Transform).
const JUDGED: &[&str] = &[
    "src/mask/pairs.rs",
    "src/mask/raster/mod.rs",
    "src/mask/raster/rows.rs",
    "src/mask/raster/sampled.rs",
    "src/mask/edit.rs",
    "src/mask/reshape.rs",
    "src/shape/components.rs",
    "src/shape/morph.rs",
    "src/shape/convert.rs",
    "src/shape/outline.rs",
    "src/shape/polygon/mod.rs",
    "src/shape/polygon/trace.rs",
    "src/shape/polygon/simplify.rs",
    "src/shape/polygon/convex.rs",
    "src/query/mod.rs",
    "src/query/transformed.rs",
    "src/query/contact.rs",
    "src/query/pushout.rs",
    "src/query/mover.rs",
    "src/query/ray.rs",
    "src/query/sweep.rs",
];

/// The types whose methods in JUDGED files are judged.
const JUDGED_TYPES: &[&str] = &["Mask", "Sprite", "TransformedSprite"];

/// A sprite's plain data, which the oracles may read.
const JUDGED_PLAIN: &[&str] = &["new", "bounds_only", "bounds"];

// ---------------------------------------------------------------------------------------
// The scan.

/// One source file: its path from the crate root, its text with comments, strings and
/// character literals blanked (newlines kept, so byte offsets give the same lines), and
/// which byte ranges are `#[cfg(test)]` items.
struct Source {
    path: String,
    folder: String,
    /// How many `super::` reach the crate root from this file.
    depth: usize,
    code: String,
    tests: Vec<(usize, usize)>,
    /// The byte ranges of inline modules (`mod name { ... }`): each adds a `super::`.
    inline_mods: Vec<(usize, usize)>,
}

impl Source {
    fn line(&self, at: usize) -> usize {
        self.code[..at].matches('\n').count() + 1
    }

    fn in_test(&self, at: usize) -> bool {
        self.tests.iter().any(|&(a, b)| a <= at && at < b)
    }

    /// How many `super::` reach the crate root from `at`.
    fn depth_at(&self, at: usize) -> usize {
        self.depth
            + self
                .inline_mods
                .iter()
                .filter(|&&(a, b)| a <= at && at < b)
                .count()
    }
}

/// The byte ranges of the inline modules of `code` (`mod name {`).
fn inline_mods(code: &str) -> Vec<(usize, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    for (at, _) in code.match_indices("mod ") {
        if at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
            continue;
        }
        let rest = &code[at + 4..];
        let name_len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if rest[name_len..].trim_start().starts_with('{') {
            out.push((at, item_end(code, at)));
        }
    }
    out
}

/// `code` with comments, string literals (raw ones too) and character literals replaced
/// by spaces, newlines kept.
fn blank(code: &str) -> String {
    let b = code.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let wipe = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        let ident_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if b[i..].starts_with(b"//") {
            let end = code[i..].find('\n').map_or(b.len(), |e| i + e);
            wipe(&mut out, i, end);
            i = end;
        } else if b[i..].starts_with(b"/*") {
            let (mut depth, mut j) = (0, i);
            while j < b.len() {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            wipe(&mut out, i, j);
            i = j;
        } else if !ident_before && (b[i] == b'r' || b[i..].starts_with(b"br")) && {
            let s = if b[i] == b'r' { i + 1 } else { i + 2 };
            let hashes = b[s..].iter().take_while(|&&c| c == b'#').count();
            b.get(s + hashes) == Some(&b'"')
        } {
            let s = if b[i] == b'r' { i + 1 } else { i + 2 };
            let hashes = b[s..].iter().take_while(|&&c| c == b'#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            let body = s + hashes + 1;
            let end = code[body..]
                .find(&close)
                .map_or(b.len(), |e| body + e + close.len());
            wipe(&mut out, i, end);
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            wipe(&mut out, i, (j + 1).min(b.len()));
            i = j + 1;
        } else if b[i] == b'\'' {
            // A character literal ('x', '\n', '\u{..}'), not a lifetime ('a).
            let end = if b.get(i + 1) == Some(&b'\\') {
                code[i + 2..].find('\'').map(|e| i + 2 + e + 1)
            } else {
                let c = code[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + c) == Some(&b'\'')).then_some(i + 2 + c)
            };
            match end {
                Some(end) => {
                    wipe(&mut out, i, end);
                    i = end;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).expect("blanking keeps UTF-8 (it replaces whole characters)")
}

/// The end of the item that starts at or after `from`: its matching `}` or its `;`,
/// whichever comes first at depth 0.
fn item_end(code: &str, from: usize) -> usize {
    let b = code.as_bytes();
    let mut depth = 0usize;
    for (j, &c) in b.iter().enumerate().skip(from) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            b';' if depth == 0 => return j + 1,
            _ => {}
        }
    }
    b.len()
}

/// The byte ranges of the items under `#[cfg(test)]`, and the names of the modules
/// declared there (`#[cfg(test)] mod name;`: whole files of test code).
fn test_items(code: &str) -> (Vec<(usize, usize)>, Vec<String>) {
    let (mut ranges, mut modules) = (Vec::new(), Vec::new());
    let mut from = 0;
    while let Some(k) = code[from..].find("#[cfg(test)]") {
        let at = from + k;
        let after = at + "#[cfg(test)]".len();
        let end = item_end(code, after);
        let item = code[after..end].trim();
        if let Some(rest) = item
            .strip_prefix("mod ")
            .or(item.strip_prefix("pub(crate) mod "))
        {
            if let Some(name) = rest.strip_suffix(';') {
                modules.push(name.trim().to_string());
            }
        }
        ranges.push((at, end));
        from = end;
    }
    (ranges, modules)
}

/// Every `.rs` file of the library (not `src/bin/`, the CLI's own crate).
fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut stack = vec![root.join("src")];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                if p.file_name().unwrap() != "bin" {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|e| e == "rs") {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut out: Vec<Source> = files
        .iter()
        .map(|p| {
            let rel: PathBuf = p.strip_prefix(root).unwrap().to_path_buf();
            let parts: Vec<String> = rel
                .iter()
                .map(|c| c.to_string_lossy().into_owned())
                .collect();
            // src/lib.rs -> lib; src/error.rs -> error; src/mask/x.rs -> mask.
            let folder = if parts.len() == 2 {
                parts[1].trim_end_matches(".rs").to_string()
            } else {
                parts[1].clone()
            };
            let below = parts.len() - 1; // components below src/
            let depth = if parts.last().unwrap() == "mod.rs" || parts.len() == 2 {
                below - 1
            } else {
                below
            };
            let code = blank(&fs::read_to_string(p).unwrap());
            let (tests, _) = test_items(&code);
            Source {
                path: rel.to_string_lossy().replace('\\', "/"),
                folder,
                depth,
                inline_mods: inline_mods(&code),
                code,
                tests,
            }
        })
        .collect();
    // Files declared `#[cfg(test)] mod name;` are test code from end to end.
    let mut test_files = BTreeSet::new();
    for s in &out {
        let (_, modules) = test_items(&s.code);
        let dir = Path::new(&s.path).parent().unwrap();
        let dir = if s.path.ends_with("mod.rs") || s.path == "src/lib.rs" {
            dir.to_path_buf()
        } else {
            dir.join(Path::new(&s.path).file_stem().unwrap())
        };
        for m in modules {
            test_files.insert(dir.join(format!("{m}.rs")).to_string_lossy().into_owned());
            test_files.insert(dir.join(&m).join("mod.rs").to_string_lossy().into_owned());
        }
    }
    for s in &mut out {
        if test_files.contains(&s.path) {
            s.tests = vec![(0, s.code.len())];
        }
    }
    assert!(out.len() > 50, "only {} source files found", out.len());
    out
}

/// The crate's top-level modules, by name.
const MODULES: &[&str] = &[
    "bake",
    "error",
    "ffi",
    "file",
    "geom",
    "kernels",
    "mask",
    "query",
    "reference",
    "shape",
    "world",
];

/// The crate root's names, each with the folder that defines it: `pub use module::...`
/// in src/lib.rs (a glob, `module::*`, gives the `pub` items of that module's files),
/// and the items lib.rs defines itself.
fn root_names(sources: &[Source]) -> BTreeMap<String, String> {
    let lib = sources.iter().find(|s| s.path == "src/lib.rs").unwrap();
    let mut names = BTreeMap::new();
    let code = &lib.code;
    let mut from = 0;
    while let Some(k) = code[from..].find("pub use ") {
        let at = from + k + "pub use ".len();
        let end = at + code[at..].find(';').unwrap();
        let text: String = code[at..end].split_whitespace().collect();
        let (module, rest) = text.split_once("::").unwrap();
        if rest == "*" {
            for s in sources.iter().filter(|s| s.folder == module) {
                for line in s.code.lines() {
                    let words: Vec<&str> = line.split_whitespace().collect();
                    if words.len() >= 3
                        && words[0] == "pub"
                        && ["fn", "struct", "enum", "type", "const", "trait"].contains(&words[1])
                    {
                        names.insert(ident(words[2]), module.to_string());
                    }
                }
            }
        } else {
            for item in split_group(rest) {
                let name = item.rsplit("::").next().unwrap();
                let name = name.split(" as ").last().unwrap();
                names.insert(name.to_string(), module.to_string());
            }
        }
        from = end;
    }
    for line in code.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() >= 3 && words[0] == "pub" && ["const", "fn"].contains(&words[1]) {
            names.insert(ident(words[2]), "lib".to_string());
        }
    }
    assert!(names.contains_key("Mask") && names.contains_key("Sprite"));
    names
}

/// The elements of a use group `{a, b::{c, d}, e as f}` (or a single path), at the top
/// level only.
fn split_group(text: &str) -> Vec<String> {
    let text = text.trim();
    let inner = match text.strip_prefix('{') {
        Some(t) => t.strip_suffix('}').unwrap_or(t),
        None => return vec![text.to_string()],
    };
    let (mut out, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur);
    out.into_iter()
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|s| !s.is_empty())
        .collect()
}

/// One name a file takes from the crate root: the first name after `crate::` (or after
/// enough `super::` to reach the root), the path's second name when the first is a
/// module, and where it stands.
#[derive(Debug)]
struct Use {
    first: String,
    second: Option<String>,
    at: usize,
}

/// Every name `s` takes from the crate root, outside its `#[cfg(test)]` items.
fn uses(s: &Source) -> Vec<Use> {
    let code = &s.code;
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let ident_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        let start = i;
        let mut j = None;
        if !ident_before && code[i..].starts_with("crate::") {
            j = Some(i + "crate::".len());
        } else if !ident_before && code[i..].starts_with("super::") {
            let mut k = i;
            let mut n = 0;
            while code[k..].starts_with("super::") {
                k += "super::".len();
                n += 1;
            }
            let depth = s.depth_at(i);
            if n >= depth && depth > 0 {
                j = Some(k);
            } else {
                i = k;
                continue;
            }
        }
        let Some(mut j) = j else {
            i += 1;
            continue;
        };
        if s.in_test(start) {
            i = j;
            continue;
        }
        while b[j] == b' ' || b[j] == b'\n' {
            j += 1;
        }
        let (text, end) = if b[j] == b'{' {
            let end = item_end(code, j);
            (code[j..end].to_string(), end)
        } else {
            let end = j + code[j..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(code.len() - j);
            (code[j..end].to_string(), end)
        };
        for item in split_group(&text) {
            let mut parts = item.splitn(2, "::");
            let first = parts.next().unwrap().split(" as ").next().unwrap().trim();
            let second = parts.next().map(|rest| {
                let rest = rest.trim();
                if rest.starts_with('{') {
                    // crate::module::{a, b}: every element.
                    split_group(rest).join(",")
                } else {
                    rest.split("::").next().unwrap().to_string()
                }
            });
            if first.is_empty() || first == "self" {
                continue;
            }
            out.push(Use {
                first: first.to_string(),
                second,
                at: start,
            });
        }
        i = end;
    }
    out
}

/// The folder that defines `name` (a module's name is its own folder).
fn folder_of(name: &str, root: &BTreeMap<String, String>) -> Option<String> {
    if MODULES.contains(&name) {
        return Some(name.to_string());
    }
    root.get(name).cloned()
}

/// The identifier `text` starts with.
fn ident(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Runs `rule` on every name the sources that `which` accepts take from the crate root
/// (with the folder defining it, `None` when none can be found); `rule` returns a
/// violation in words. Returns how many names it saw and the violations, each with its
/// file and line.
fn check_uses(
    which: impl Fn(&Source) -> bool,
    mut rule: impl FnMut(&Source, &Use, Option<String>) -> Option<String>,
) -> (usize, Vec<String>) {
    let sources = sources();
    let root = root_names(&sources);
    let (mut checked, mut bad) = (0, Vec::new());
    for s in sources.iter().filter(|s| which(s)) {
        for u in uses(s) {
            checked += 1;
            if let Some(v) = rule(s, &u, folder_of(&u.first, &root)) {
                bad.push(format!("{}:{}: {v}", s.path, s.line(u.at)));
            }
        }
    }
    (checked, bad)
}

fn report(what: &str, checked: usize, violations: &[String]) {
    println!(
        "{what}: {checked} checked, {} violation(s)",
        violations.len()
    );
    for v in violations {
        println!("  {v}");
    }
    assert!(
        violations.is_empty(),
        "{what}: {} violation(s):\n  {}",
        violations.len(),
        violations.join("\n  ")
    );
}

// ---------------------------------------------------------------------------------------
// The rules.

/// Every folder names only the folders ARCHITECTURE.md's table lets it (test code aside).
#[test]
fn folders_name_only_the_folders_below_them() {
    let may: BTreeMap<&str, &[&str]> = MAY_NAME.iter().copied().collect();
    let mut seen: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let (checked, bad) = check_uses(
        |_| true,
        |s, u, target| {
            let allowed = may.get(s.folder.as_str()).unwrap_or_else(|| {
                panic!("{}: folder `{}` has no row in MAY_NAME", s.path, s.folder)
            });
            let Some(target) = target else {
                return Some(format!(
                    "`crate::{}` names nothing this test can place (add it to root_names)",
                    u.first
                ));
            };
            seen.entry(s.folder.clone())
                .or_default()
                .insert(target.clone());
            (target != s.folder && !allowed.contains(&target.as_str())).then(|| {
                format!(
                    "{} names `{}` from {target}/ (it may name only {allowed:?})",
                    s.folder, u.first
                )
            })
        },
    );
    for (folder, targets) in &seen {
        println!("{folder} names: {targets:?}");
    }
    report("crate paths outside test code", checked, &bad);
}

/// Outside test code, nothing names the oracles but `reference/` itself (and lib.rs,
/// which declares the module).
#[test]
fn only_test_code_names_the_oracles() {
    let (checked, bad) = check_uses(
        |s| s.folder != "reference" && s.folder != "lib",
        |_, _, target| {
            (target.as_deref() == Some("reference"))
                .then(|| "`crate::reference` outside a #[cfg(test)] item".to_string())
        },
    );
    report("names of the oracles outside reference/", checked, &bad);
}

/// `reference/` takes from the crate only what a user of the public API sees as data:
/// types and constants re-exported at the crate root, anything of `geom` (value types
/// and the software trigonometry), and the functions of REFERENCE_MAY_CALL; never a
/// crate-private path into another folder (`crate::shape::Moments` was one), and never
/// a method of the files it judges.
#[test]
fn the_oracles_share_no_code_with_what_they_judge() {
    let (mut checked, mut bad) = check_uses(
        |s| s.folder == "reference",
        |_, u, target| {
            let target = target.unwrap_or_default();
            let ok = if MODULES.contains(&u.first.as_str()) {
                target == "reference" || target == "geom" || target == "error"
            } else {
                let upper = u.first.starts_with(|c: char| c.is_ascii_uppercase());
                target != "kernels" && (upper || REFERENCE_MAY_CALL.contains(&u.first.as_str()))
            };
            (!ok).then(|| {
                let what = match &u.second {
                    Some(second) => format!("{}::{}", u.first, second),
                    None => u.first.clone(),
                };
                format!(
                    "the oracle names `crate::{what}` (from {target}/): an algorithm it may \
                     judge, not plain data"
                )
            })
        },
    );
    let sources = sources();
    // The public methods that masks and sprites get from the judged files (their
    // `impl Mask`, `impl Sprite` and `impl TransformedSprite` blocks), by name, but a
    // sprite's plain data (JUDGED_PLAIN); the oracle may call none of them (unless one
    // of its own types has a method of that name, which is then what it calls).
    let mut judged = BTreeMap::new();
    for s in sources.iter().filter(|s| JUDGED.contains(&s.path.as_str())) {
        for (at, _) in s.code.match_indices("impl") {
            let header_end = at + s.code[at..].find('{').unwrap_or(0);
            let header = &s.code[at..header_end];
            let Some(ty) = header
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .rfind(|w| !w.is_empty())
            else {
                continue;
            };
            let words: Vec<&str> = header.split_whitespace().collect();
            if words.first() != Some(&"impl")
                && !words.first().is_some_and(|w| w.starts_with("impl<"))
                || words.contains(&"for")
                || !JUDGED_TYPES.contains(&ty)
                || s.in_test(at)
            {
                continue;
            }
            let block = &s.code[at..item_end(&s.code, at)];
            for (k, _) in block.match_indices("pub fn ") {
                let name = ident(&block[k + "pub fn ".len()..]);
                if !JUDGED_PLAIN.contains(&name.as_str()) {
                    judged
                        .entry(name)
                        .or_insert_with(|| format!("{ty} in {}", s.path));
                }
            }
        }
    }
    // The methods the oracles define on their own types.
    let mut own = BTreeSet::new();
    for s in sources.iter().filter(|s| s.folder == "reference") {
        for (at, _) in s.code.match_indices("impl") {
            let b = s.code.as_bytes();
            let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
            if (at > 0 && word(b[at - 1])) || b.get(at + 4).is_some_and(|&c| word(c) && c != b'<') {
                continue;
            }
            let block = &s.code[at..item_end(&s.code, at)];
            for (k, _) in block.match_indices("fn ") {
                own.insert(ident(&block[k + 3..]));
            }
        }
    }
    for s in sources.iter().filter(|s| s.folder == "reference") {
        for (name, from) in &judged {
            if own.contains(name) {
                continue;
            }
            let call = format!(".{name}(");
            for (at, _) in s.code.match_indices(&call) {
                checked += 1;
                if !s.in_test(at) {
                    bad.push(format!(
                        "{}:{}: the oracle calls `{name}`, a method of {from}, which it judges",
                        s.path,
                        s.line(at)
                    ));
                }
            }
        }
    }
    println!(
        "{} judged methods the oracles may not call ({} the oracles' own types define too)",
        judged.len(),
        judged.keys().filter(|n| own.contains(*n)).count()
    );
    report("what the oracles take from the crate", checked, &bad);
}

/// `kernels/` sees words and rows: of the crate it names only KERNELS_MAY_NAME's items.
#[test]
fn kernels_name_only_words_rows_and_the_planes_view() {
    let (checked, bad) = check_uses(
        |s| s.folder == "kernels",
        |s, u, _| {
            let ok = u.first == "kernels"
                || KERNELS_MAY_NAME
                    .iter()
                    .any(|&(name, file)| u.first == name && (file.is_empty() || file == s.path));
            (!ok).then(|| {
                format!(
                    "kernels name `crate::{}` (they may name only {KERNELS_MAY_NAME:?})",
                    u.first
                )
            })
        },
    );
    report("what kernels/ names of the crate", checked, &bad);
}

/// Every whole-word occurrence of `needle` in the code (test code included), and those
/// outside the `allowed` files (a folder ends with `/`), each with its file and line.
fn places_outside(needle: &str, allowed: &[&str]) -> (usize, Vec<String>) {
    let (mut checked, mut bad) = (0, Vec::new());
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    for s in &sources() {
        let ok = allowed.iter().any(|a| {
            if a.ends_with('/') {
                s.path.starts_with(a)
            } else {
                s.path == *a
            }
        });
        let b = s.code.as_bytes();
        for (at, _) in s.code.match_indices(needle) {
            if (at > 0 && word(b[at - 1])) || b.get(at + needle.len()).is_some_and(|&c| word(c)) {
                continue; // part of a longer name: MaskOptions, unsafe_op, ...
            }
            checked += 1;
            if !ok {
                bad.push(format!(
                    "{}:{}: `{needle}` outside {allowed:?}",
                    s.path,
                    s.line(at)
                ));
            }
        }
    }
    (checked, bad)
}

/// `unsafe` only where UNSAFE_IN allows it (test code included: a test's `unsafe` is
/// code too).
#[test]
fn unsafe_only_in_the_ffi_the_kernels_and_the_masks_storage() {
    let (checked, bad) = places_outside("unsafe", UNSAFE_IN);
    report("`unsafe` keywords", checked, &bad);
}

/// `impl Mask` blocks stand only in `mask/` (the type: storage, building, editing,
/// reshaping, rasterising, pairs) and `shape/` (the shape tools as methods).
#[test]
fn impl_mask_only_in_mask_and_shape() {
    let (checked, bad) = places_outside("impl Mask", IMPL_MASK_IN);
    assert!(checked >= 10, "only {checked} `impl Mask` blocks found");
    report("`impl Mask` blocks", checked, &bad);
}

/// The scan itself: blanking, test items and use groups on a known snippet.
#[test]
fn the_scan_reads_what_it_should() {
    let code = "use crate::{A, b::{C, D}, E as F};\n// crate::Hidden\nlet s = \"crate::Str\";\n\
                let c = '{'; fn f<'a>() {}\n#[cfg(test)]\nmod tests { use crate::T; }\n\
                let x = crate::mask::tail(1);\n";
    let s = Source {
        path: "src/x/y.rs".into(),
        folder: "x".into(),
        depth: 2,
        code: blank(code),
        tests: test_items(&blank(code)).0,
        inline_mods: inline_mods(&blank(code)),
    };
    let got: Vec<(String, Option<String>, usize)> = uses(&s)
        .into_iter()
        .map(|u| (u.first.clone(), u.second.clone(), s.line(u.at)))
        .collect();
    println!("scan of the snippet: {got:?}");
    assert_eq!(
        got,
        vec![
            ("A".into(), None, 1),
            ("b".into(), Some("C,D".into()), 1),
            ("E".into(), None, 1),
            ("mask".into(), Some("tail".into()), 7),
        ]
    );
}

/// The trigonometry has one home, geom/trig.rs (the software sine, cosine and arc
/// tangent, the same bits everywhere): no other file defines a sine, cosine or arc
/// tangent, and no code outside tests calls the platform's (`f64::atan2`, `hypot`,
/// `powf` and the rest differ between C libraries).
#[test]
fn trigonometry_lives_in_geom_trig() {
    let sources = sources();
    let home = "src/geom/trig.rs";
    let (mut checked, mut bad) = (0, Vec::new());
    let defined = ["fn atan2", "fn atan(", "fn sin_cos", "fn sin(", "fn cos("];
    let platform = [
        ".atan2(",
        ".atan(",
        ".sin(",
        ".cos(",
        ".tan(",
        ".sin_cos(",
        ".asin(",
        ".acos(",
        // The other functions the platform's C library computes (not IEEE basic
        // operations, so their last bits differ between libraries).
        ".hypot(",
        ".powf(",
        ".powi(",
        ".exp(",
        ".exp2(",
        ".ln(",
        ".log2(",
        ".log10(",
        ".cbrt(",
    ];
    let mut homes = 0;
    for s in &sources {
        for d in defined {
            for (at, _) in s.code.match_indices(d) {
                checked += 1;
                if s.path == home {
                    homes += 1;
                } else {
                    bad.push(format!("{}:{}: `{d}` outside {home}", s.path, s.line(at)));
                }
            }
        }
        for p in platform {
            for (at, _) in s.code.match_indices(p) {
                checked += 1;
                if !s.in_test(at) {
                    bad.push(format!(
                        "{}:{}: the platform's `{}` outside test code (use {home})",
                        s.path,
                        s.line(at),
                        &p[1..p.len() - 1]
                    ));
                }
            }
        }
    }
    assert!(homes >= 3, "{home} defines {homes} of {defined:?}");
    report("trigonometry definitions and platform calls", checked, &bad);
}
