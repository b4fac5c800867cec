//! The editing oracle: every edit pixel by pixel, as a new mask built with
//! [`Mask::from_fn`] from the edited mask and the edit's per-pixel rule. The fast edits
//! (`Mask::set_pixel`, `fill_rect`, `draw`, `erase`, `intersect`, `xor`, `invert`,
//! `fill_circle`, `fill_ellipse`, `draw_line`) must give the same pixels.

use crate::{Bounds2D, Mask};

/// Whether pixel `(x, y)` (any coordinates) is solid in `m`; `false` outside it.
fn at(m: &Mask, x: i64, y: i64) -> bool {
    x >= 0
        && y >= 0
        && x < m.width() as i64
        && y < m.height() as i64
        && m.is_solid(x as u32, y as u32)
}

/// `m` with every pixel for which `inside(i, j)` holds made solid (`solid`) or empty.
fn paint(m: &Mask, solid: bool, inside: impl Fn(i64, i64) -> bool) -> Mask {
    Mask::from_fn(m.width(), m.height(), |i, j| {
        if inside(i as i64, j as i64) {
            solid
        } else {
            m.is_solid(i, j)
        }
    })
    .expect("a mask the size of an existing one")
}

/// `m` with pixel `(x, y)` set or cleared.
pub fn set_pixel(m: &Mask, x: i32, y: i32, solid: bool) -> Mask {
    paint(m, solid, |i, j| i == x as i64 && j == y as i64)
}

/// `m` with the pixels of `rect` set or cleared.
pub fn fill_rect(m: &Mask, rect: Bounds2D, solid: bool) -> Mask {
    paint(m, solid, |i, j| {
        i >= rect.x_min() && i < rect.x_max() && j >= rect.y_min() && j < rect.y_max()
    })
}

/// `m` combined pixel by pixel with `other` placed at `(x, y)` by `op(mine, theirs)`
/// (`theirs` is `false` outside `other`).
fn combine(m: &Mask, other: &Mask, x: i32, y: i32, op: impl Fn(bool, bool) -> bool) -> Mask {
    Mask::from_fn(m.width(), m.height(), |i, j| {
        op(
            m.is_solid(i, j),
            at(other, i as i64 - x as i64, j as i64 - y as i64),
        )
    })
    .expect("a mask the size of an existing one")
}

/// `m` OR `other` at `(x, y)`.
pub fn draw(m: &Mask, other: &Mask, x: i32, y: i32) -> Mask {
    combine(m, other, x, y, |a, b| a || b)
}

/// `m` AND NOT `other` at `(x, y)`.
pub fn erase(m: &Mask, other: &Mask, x: i32, y: i32) -> Mask {
    combine(m, other, x, y, |a, b| a && !b)
}

/// `m` AND `other` at `(x, y)` (pixels outside `other` become empty).
pub fn intersect(m: &Mask, other: &Mask, x: i32, y: i32) -> Mask {
    combine(m, other, x, y, |a, b| a && b)
}

/// `m` XOR `other` at `(x, y)`.
pub fn xor(m: &Mask, other: &Mask, x: i32, y: i32) -> Mask {
    combine(m, other, x, y, |a, b| a != b)
}

/// `m` with every pixel flipped.
pub fn invert(m: &Mask) -> Mask {
    Mask::from_fn(m.width(), m.height(), |i, j| !m.is_solid(i, j))
        .expect("a mask the size of an existing one")
}

/// Whether pixel `(i, j)` lies in the disc of radius `r` around pixel `(cx, cy)`:
/// `(i - cx)^2 + (j - cy)^2 <= r^2 + r` (its centre closer than `r + 1/2`).
pub fn in_circle(i: i64, j: i64, cx: i32, cy: i32, r: u32) -> bool {
    let (dx, dy, r) = (i as i128 - cx as i128, j as i128 - cy as i128, r as i128);
    dx * dx + dy * dy <= r * r + r
}

/// Whether pixel `(i, j)`'s centre lies in the closed ellipse inscribed in `rect`.
pub fn in_ellipse(i: i64, j: i64, rect: Bounds2D) -> bool {
    if rect.is_empty() {
        return false;
    }
    let (x, y, w, h) = (
        rect.x as i128,
        rect.y as i128,
        rect.width as i128,
        rect.height as i128,
    );
    let (u, v) = (2 * i as i128 + 1 - 2 * x - w, 2 * j as i128 + 1 - 2 * y - h);
    u * u * h * h + v * v * w * w <= w * w * h * h
}

/// Whether pixel `(i, j)`'s centre lies closer than `r + 1/2` to the segment between the
/// centres of pixels `(x0, y0)` and `(x1, y1)`: the squared distance to the segment,
/// as an exact fraction, times 4, against `(2r + 1)^2`. Exact (in `i128`) while every
/// coordinate lies within ±2^16 and `r` below 2^16 (the tests' range).
pub fn in_capsule(i: i64, j: i64, (x0, y0): (i32, i32), (x1, y1): (i32, i32), r: u32) -> bool {
    let (px, py) = (i as i128, j as i128);
    let (ax, ay, bx, by) = (x0 as i128, y0 as i128, x1 as i128, y1 as i128);
    let d2 = (2 * r as i128 + 1).pow(2);
    let (dx, dy) = (bx - ax, by - ay);
    let len2 = dx * dx + dy * dy;
    // The closest point is a + t (b - a), t = dot / len2 clamped to [0, 1].
    let dot = (px - ax) * dx + (py - ay) * dy;
    if len2 == 0 || dot <= 0 {
        4 * ((px - ax).pow(2) + (py - ay).pow(2)) < d2
    } else if dot >= len2 {
        4 * ((px - bx).pow(2) + (py - by).pow(2)) < d2
    } else {
        // |p - a - t d|^2 * len2^2 = |(p - a) len2 - dot d|^2.
        let (ex, ey) = ((px - ax) * len2 - dot * dx, (py - ay) * len2 - dot * dy);
        4 * (ex * ex + ey * ey) < d2 * len2 * len2
    }
}

/// `m` with the disc of [`in_circle`] set or cleared.
pub fn fill_circle(m: &Mask, cx: i32, cy: i32, r: u32, solid: bool) -> Mask {
    paint(m, solid, |i, j| in_circle(i, j, cx, cy, r))
}

/// `m` with the ellipse of [`in_ellipse`] set or cleared.
pub fn fill_ellipse(m: &Mask, rect: Bounds2D, solid: bool) -> Mask {
    paint(m, solid, |i, j| in_ellipse(i, j, rect))
}

/// `m` with the capsule of [`in_capsule`] set or cleared.
pub fn draw_line(m: &Mask, x0: i32, y0: i32, x1: i32, y1: i32, r: u32, solid: bool) -> Mask {
    paint(m, solid, |i, j| in_capsule(i, j, (x0, y0), (x1, y1), r))
}
