//! Just enough JSON to print results: a value tree and a compact writer with correct
//! string escaping. Keys keep the order they were given in, so the output is stable.

use perpixel::{Bounds2D, Point};
use std::fmt::Write;

/// A JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// An integer (every number perpixel reports is a whole number).
    Int(i64),
    /// A string, escaped on output.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object, keys in output order.
    Obj(Vec<(&'static str, Json)>),
}

impl Json {
    /// An object from `(key, value)` pairs.
    pub fn obj(fields: impl IntoIterator<Item = (&'static str, Json)>) -> Json {
        Json::Obj(fields.into_iter().collect())
    }

    /// A string value.
    pub fn str(s: impl Into<String>) -> Json {
        Json::Str(s.into())
    }

    /// An unsigned count (saturates at `i64::MAX`, far beyond any mask).
    pub fn count(n: u64) -> Json {
        Json::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }

    /// `{"x","y","width","height"}`, or `null` for `None`.
    pub fn rect(b: Option<Bounds2D>) -> Json {
        b.map_or(Json::Null, |b| {
            Json::obj([
                ("x", Json::Int(b.x.into())),
                ("y", Json::Int(b.y.into())),
                ("width", Json::Int(b.width.into())),
                ("height", Json::Int(b.height.into())),
            ])
        })
    }

    /// `{"x","y"}`, or `null` for `None`.
    pub fn point(p: Option<Point>) -> Json {
        p.map_or(Json::Null, |p| {
            Json::obj([("x", Json::Int(p.x)), ("y", Json::Int(p.y))])
        })
    }

    /// The value as compact JSON text.
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Json::Str(s) => write_string(out, s),
            Json::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Json::Obj(fields) => {
                out.push('{');
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(out, key);
                    out.push(':');
                    value.write(out);
                }
                out.push('}');
            }
        }
    }
}

/// `s` as a JSON string literal: quotes, backslashes and control characters escaped;
/// other characters (including non-ASCII) written as UTF-8.
fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        let v = Json::str("a\"b\\c\nd\u{1}é");
        assert_eq!(v.render(), r#""a\"b\\c\nd\u0001é""#);
    }

    #[test]
    fn objects_keep_key_order() {
        let v = Json::obj([
            ("z", Json::Int(-3)),
            ("a", Json::Arr(vec![Json::Null, Json::Bool(true)])),
            ("r", Json::rect(None)),
            ("p", Json::point(Some(Point { x: 1, y: -2 }))),
        ]);
        assert_eq!(
            v.render(),
            r#"{"z":-3,"a":[null,true],"r":null,"p":{"x":1,"y":-2}}"#
        );
    }
}
