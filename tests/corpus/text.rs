//! The corpus's text: how answers and inputs are written (tests/corpus/FORMAT.md), shared
//! by the generator (writing the oracles' answers) and the Rust replayer (writing the
//! public API's answers the same way, and reading inputs back).

use perpixel::{
    ComponentOrder, Connectivity, Error, Mask, MorphOptions, Norm, Normal, Overlap, Point,
    PushDirection, RayHit, Sweep, Transform,
};

/// The first line of a corpus of this format.
pub const VERSION_LINE: &str = "perpixel-corpus 1";

/// A mask's rows: one token a row, `ceil(width / 4)` lowercase hex digits, the first
/// digit's 8 bit being pixel 0 (`-` for a row of width 0); nothing when the height is 0.
pub fn rows(mask: &Mask) -> String {
    let mut out = Vec::with_capacity(mask.height() as usize);
    for y in 0..mask.height() {
        if mask.width() == 0 {
            out.push("-".to_string());
            continue;
        }
        let mut row = String::new();
        for x0 in (0..mask.width()).step_by(4) {
            let mut digit = 0u32;
            for i in 0..4 {
                if x0 + i < mask.width() && mask.is_solid(x0 + i, y) {
                    digit |= 8 >> i;
                }
            }
            row.push(char::from_digit(digit, 16).unwrap());
        }
        out.push(row);
    }
    out.join(" ")
}

/// `width height rows` (no trailing space for an empty mask).
pub fn mask_text(mask: &Mask) -> String {
    let r = rows(mask);
    if r.is_empty() {
        format!("{} {}", mask.width(), mask.height())
    } else {
        format!("{} {} {r}", mask.width(), mask.height())
    }
}

/// Reads a mask from `width height rows...`, taking the tokens it needs.
pub fn parse_mask<'a>(tokens: &mut impl Iterator<Item = &'a str>) -> Mask {
    let w: u32 = tokens.next().unwrap().parse().unwrap();
    let h: u32 = tokens.next().unwrap().parse().unwrap();
    let mut cells = Vec::with_capacity((w * h) as usize);
    for _ in 0..h {
        let row = tokens.next().expect("a mask row");
        if w == 0 {
            assert_eq!(row, "-", "a row of width 0 is written '-'");
            continue;
        }
        assert_eq!(
            row.len() as u32,
            w.div_ceil(4),
            "row {row:?} of a {w}-wide mask"
        );
        for x in 0..w {
            let digit = row.as_bytes()[(x / 4) as usize] as char;
            let digit = digit.to_digit(16).expect("a hex digit");
            cells.push(digit & (8 >> (x % 4)) != 0);
        }
    }
    Mask::from_fn(w, h, |x, y| cells[(y * w + x) as usize]).unwrap()
}

/// A float as the 16 lowercase hex digits of its IEEE-754 bits.
pub fn float(v: f64) -> String {
    format!("{:016x}", v.to_bits())
}

/// A float read back from its 16 hex digits.
pub fn parse_float(token: &str) -> f64 {
    assert_eq!(token.len(), 16, "a float is 16 hex digits: {token:?}");
    f64::from_bits(u64::from_str_radix(token, 16).expect("hex float bits"))
}

/// `0` or `1`.
pub fn bool(v: bool) -> String {
    (v as u8).to_string()
}

/// `none` or `x y`.
pub fn point(p: Option<Point>) -> String {
    p.map_or("none".to_string(), |p| format!("{} {}", p.x, p.y))
}

/// `none` or `x y width height rows`.
pub fn overlap(o: Option<&Overlap>) -> String {
    o.map_or("none".to_string(), |o| {
        format!("{} {} {}", o.bounds.x, o.bounds.y, mask_text(&o.mask))
    })
}

/// A normal inside a longer answer: `nx ny`, or `-` when there is none.
pub fn normal(n: Option<Normal>) -> String {
    n.map_or("-".to_string(), |n| {
        format!("{} {}", float(n.x), float(n.y))
    })
}

/// A normal as a whole answer: `nx ny` or `none`.
pub fn normal_or_none(n: Option<Normal>) -> String {
    n.map_or("none".to_string(), |n| normal(Some(n)))
}

/// A sweep: `clear`, `touching cx cy N` or `hit step steps ax ay lx ly cx cy N`.
pub fn sweep(s: &Sweep) -> String {
    match s {
        Sweep::Clear => "clear".to_string(),
        Sweep::StartsTouching { contact, normal: n } => {
            format!("touching {} {} {}", contact.x, contact.y, normal(*n))
        }
        Sweep::Hit(h) => format!(
            "hit {} {} {} {} {} {} {} {} {}",
            h.step,
            h.steps,
            h.at.x,
            h.at.y,
            h.last_free.x,
            h.last_free.y,
            h.contact.x,
            h.contact.y,
            normal(h.normal)
        ),
    }
}

/// A ray's hit: `px py step distance N`.
pub fn ray_hit(h: &RayHit) -> String {
    format!(
        "{} {} {} {} {}",
        h.pixel.x,
        h.pixel.y,
        h.step,
        float(h.distance),
        normal(h.normal)
    )
}

/// A push direction: `any`, `horizontal`, `vertical` or `along dx dy`; the first two
/// always followed by `0 0` so every push-out case has the same number of tokens.
pub fn direction(d: PushDirection) -> String {
    match d {
        PushDirection::Any => "any 0 0".to_string(),
        PushDirection::Horizontal => "horizontal 0 0".to_string(),
        PushDirection::Vertical => "vertical 0 0".to_string(),
        PushDirection::Along { dx, dy } => format!("along {dx} {dy}"),
    }
}

/// Reads `kind dx dy` back.
pub fn parse_direction(kind: &str, dx: i32, dy: i32) -> PushDirection {
    match kind {
        "any" => PushDirection::Any,
        "horizontal" => PushDirection::Horizontal,
        "vertical" => PushDirection::Vertical,
        "along" => PushDirection::Along { dx, dy },
        other => panic!("unknown push direction {other:?}"),
    }
}

/// A transform's 10 tokens: `x y rotation scale_x scale_y flip_x flip_y has_pivot
/// pivot_x pivot_y`, the floats as hex bits (no pivot: `0` and two zero floats).
pub fn transform(t: &Transform) -> String {
    let (pv, (px, py)) = match t.pivot {
        Some(p) => (1, p),
        None => (0, (0.0, 0.0)),
    };
    format!(
        "{} {} {} {} {} {} {} {pv} {} {}",
        float(t.x),
        float(t.y),
        float(t.rotation_degrees),
        float(t.scale_x),
        float(t.scale_y),
        t.flip_x as u8,
        t.flip_y as u8,
        float(px),
        float(py)
    )
}

/// Reads a transform's 10 tokens.
pub fn parse_transform<'a>(tokens: &mut impl Iterator<Item = &'a str>) -> Transform {
    let mut f = || parse_float(tokens.next().expect("a transform float"));
    let (x, y, rotation_degrees, scale_x, scale_y) = (f(), f(), f(), f(), f());
    let mut flag = || tokens.next().expect("a transform flag") == "1";
    let (flip_x, flip_y, has_pivot) = (flag(), flag(), flag());
    let mut f = || parse_float(tokens.next().expect("a pivot float"));
    let (px, py) = (f(), f());
    Transform {
        x,
        y,
        pivot: has_pivot.then_some((px, py)),
        rotation_degrees,
        scale_x,
        scale_y,
        flip_x,
        flip_y,
    }
}

/// `error <status>`: the C name of the status an error becomes in every door
/// ([`Error::status_name`], checked against the C ABI's statuses by the library's own
/// tests and by every door's replay).
pub fn error(e: &Error) -> String {
    format!("error {}", e.status_name())
}

/// `8` or `4`.
pub fn connectivity(c: Connectivity) -> &'static str {
    match c {
        Connectivity::Eight => "8",
        Connectivity::Four => "4",
    }
}

pub fn parse_connectivity(token: &str) -> Connectivity {
    match token {
        "8" => Connectivity::Eight,
        "4" => Connectivity::Four,
        other => panic!("unknown connectivity {other:?}"),
    }
}

/// `position` or `largest`.
pub fn order(o: ComponentOrder) -> &'static str {
    match o {
        ComponentOrder::Position => "position",
        ComponentOrder::LargestFirst => "largest",
    }
}

pub fn parse_order(token: &str) -> ComponentOrder {
    match token {
        "position" => ComponentOrder::Position,
        "largest" => ComponentOrder::LargestFirst,
        other => panic!("unknown component order {other:?}"),
    }
}

/// `<norm> <shrink from edges>`: `disc`, `square` or `diamond`, then `0` or `1`.
pub fn morph(o: &MorphOptions) -> String {
    let norm = match o.norm {
        Norm::Disc => "disc",
        Norm::Square => "square",
        Norm::Diamond => "diamond",
    };
    format!("{norm} {}", o.shrink_from_edges as u8)
}

pub fn parse_morph(norm: &str, edges: &str) -> MorphOptions {
    MorphOptions {
        norm: match norm {
            "disc" => Norm::Disc,
            "square" => Norm::Square,
            "diamond" => Norm::Diamond,
            other => panic!("unknown norm {other:?}"),
        },
        shrink_from_edges: edges == "1",
    }
}

/// A move-and-slide result: `<x> <y> <blocked x> <blocked y> <started inside> <climbed>`.
pub fn moved(m: &perpixel::Moved) -> String {
    format!(
        "{} {} {} {} {} {}",
        m.x, m.y, m.blocked_x as u8, m.blocked_y as u8, m.started_inside as u8, m.climbed
    )
}

/// Bytes read back from lowercase hex (`-`: none).
pub fn parse_bytes(token: &str) -> Vec<u8> {
    if token == "-" {
        return Vec::new();
    }
    assert!(
        token.len() % 2 == 0,
        "bytes are pairs of hex digits: {token:?}"
    );
    (0..token.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&token[i..i + 2], 16).expect("hex bytes"))
        .collect()
}
