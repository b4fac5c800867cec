//! JSON output through `serde_json` (keys in the order they are given, through its
//! `preserve_order` feature, so the output is stable), with constructors for the values
//! perpixel reports.

use perpixel::{Bounds2D, Normal, Point, PushOut};
pub use serde_json::Value as Json;

/// Constructors and output for [`Json`] values.
pub trait Build {
    /// An object from `(key, value)` pairs, keys in output order.
    fn obj(fields: impl IntoIterator<Item = (&'static str, Json)>) -> Json;
    /// A string value.
    fn str(s: impl Into<String>) -> Json;
    /// An unsigned count.
    fn count(n: u64) -> Json;
    /// A real number: written as a whole number when it is one (`10`, not `10.0`).
    fn number(v: f64) -> Json;
    /// `{"x","y","width","height"}`, or `null` for `None`.
    fn rect(b: Option<Bounds2D>) -> Json;
    /// `{"x","y"}`, or `null` for `None`.
    fn point(p: Option<Point>) -> Json;
    /// A contact normal `{"x","y","degrees"}` (full precision), or `null` for `None`.
    fn normal(n: Option<Normal>) -> Json;
    /// A push-out `{"x","y","distance"}`, or `null` for `None`.
    fn push_out(p: Option<PushOut>) -> Json;
    /// The value as compact JSON text.
    fn render(&self) -> String;
}

impl Build for Json {
    fn obj(fields: impl IntoIterator<Item = (&'static str, Json)>) -> Json {
        Json::Object(fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
    }

    fn str(s: impl Into<String>) -> Json {
        Json::String(s.into())
    }

    fn count(n: u64) -> Json {
        Json::from(n)
    }

    fn number(v: f64) -> Json {
        // Whole numbers within ±2^53 convert to i64 exactly; -0 becomes 0.
        if v.fract() == 0.0 && v.abs() <= 9_007_199_254_740_992.0 {
            Json::from(v as i64)
        } else {
            serde_json::Number::from_f64(v).map_or(Json::Null, Json::Number)
        }
    }

    fn rect(b: Option<Bounds2D>) -> Json {
        b.map_or(Json::Null, |b| {
            Json::obj([
                ("x", Json::from(b.x)),
                ("y", Json::from(b.y)),
                ("width", Json::from(b.width)),
                ("height", Json::from(b.height)),
            ])
        })
    }

    fn point(p: Option<Point>) -> Json {
        p.map_or(Json::Null, |p| {
            Json::obj([("x", Json::from(p.x)), ("y", Json::from(p.y))])
        })
    }

    fn normal(n: Option<Normal>) -> Json {
        n.map_or(Json::Null, |n| {
            Json::obj([
                ("x", Json::number(n.x)),
                ("y", Json::number(n.y)),
                ("degrees", Json::number(n.degrees())),
            ])
        })
    }

    fn push_out(p: Option<PushOut>) -> Json {
        p.map_or(Json::Null, |p| {
            Json::obj([
                ("x", Json::from(p.dx)),
                ("y", Json::from(p.dy)),
                ("distance", Json::number(p.distance())),
            ])
        })
    }

    fn render(&self) -> String {
        self.to_string()
    }
}

/// Points as `[[x, y], ...]`, each coordinate through `number`.
pub fn xy_list<T: Copy>(points: &[[T; 2]], number: impl Fn(T) -> Json) -> Json {
    Json::Array(
        points
            .iter()
            .map(|p| Json::Array(vec![number(p[0]), number(p[1])]))
            .collect(),
    )
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
    fn numbers_are_whole_when_they_can_be() {
        assert_eq!(Json::number(10.0).render(), "10");
        assert_eq!(Json::number(-0.0).render(), "0");
        assert_eq!(Json::number(-2.5).render(), "-2.5");
        assert_eq!(Json::number(f64::NAN).render(), "null");
    }

    #[test]
    fn objects_keep_key_order() {
        let v = Json::obj([
            ("z", Json::from(-3)),
            ("a", Json::Array(vec![Json::Null, Json::Bool(true)])),
            ("r", Json::rect(None)),
            ("p", Json::point(Some(Point { x: 1, y: -2 }))),
        ]);
        assert_eq!(
            v.render(),
            r#"{"z":-3,"a":[null,true],"r":null,"p":{"x":1,"y":-2}}"#
        );
    }
}
