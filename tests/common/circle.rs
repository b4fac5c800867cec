//! The known rounding difference between `Sprite::contact_normal` and its oracle
//! `reference::motion::contact_normal`: a pixel exactly on the circle that bounds the
//! normal's window, which the fast path includes (as the definition does) and the oracle,
//! measuring `far` with `hypot`, can leave out. Shared by `tests/motion_props.rs` and the
//! fuzz target `queries` (through `#[path]`), which tolerate exactly that case.

use perpixel::reference::motion;
use perpixel::{NORMAL_RADIUS, Sprite};

/// Whether some pixel lies exactly on the circle bounding the window of
/// `mover.contact_normal(obstacle)` (see `Sprite::contact_normal`), in exact integers:
/// with `n` contact pixels summing to `s`, `n^2 |p - c|^2 = |n p - s|^2`; `far` is
/// `sqrt(F) / n` for the largest such `F` over the contact pixels, and `p` is on the
/// circle when `|n p - s| = 6 n + sqrt(F)`, which needs `F` to be a square; and only
/// when `far` measured with `hypot` (the oracle) and with a sum of squares (the fast
/// path) round apart.
pub fn on_window_circle(mover: &Sprite, obstacle: &Sprite) -> bool {
    let overlapping = mover.collides(obstacle);
    let (a, b) = (mover.bounds(), obstacle.bounds());
    let (x0, x1) = (a.x_min().min(b.x_min()) - 1, a.x_max().max(b.x_max()) + 1);
    let (y0, y1) = (a.y_min().min(b.y_min()) - 1, a.y_max().max(b.y_max()) + 1);
    // Sprites apart (not even touching) have no normal; do not walk the space between.
    let near = |lo: i64, hi: i64, lo2: i64, hi2: i64| lo <= hi2 && lo2 <= hi;
    if !near(a.x_min(), a.x_max(), b.x_min(), b.x_max())
        || !near(a.y_min(), a.y_max(), b.y_min(), b.y_max())
        || (x1 - x0) * (y1 - y0) > 1 << 22
    {
        return false;
    }
    let touches = |x: i64, y: i64| {
        (-1..=1).any(|dy| (-1..=1).any(|dx| motion::solid_at(mover, x + dx, y + dy)))
    };
    let mut k = Vec::new();
    for y in y0..y1 {
        for x in x0..x1 {
            if motion::solid_at(obstacle, x, y)
                && if overlapping {
                    motion::solid_at(mover, x, y)
                } else {
                    touches(x, y)
                }
            {
                k.push((x as i128, y as i128));
            }
        }
    }
    let n = k.len() as i128;
    if n == 0 {
        return false;
    }
    let sx: i128 = k.iter().map(|p| p.0).sum();
    let sy: i128 = k.iter().map(|p| p.1).sum();
    let d2 = |x: i128, y: i128| (n * x - sx).pow(2) + (n * y - sy).pow(2);
    let far2 = k.iter().map(|&(x, y)| d2(x, y)).max().unwrap_or(0);
    let f = (far2 as f64).sqrt().round() as i128;
    if f * f != far2 {
        return false;
    }
    // And the two ways of measuring `far` in floats (the centroid split as both split
    // it) must round apart, or both windows are the same.
    let (rx, ry) = (sx - n * x0 as i128, sy - n * y0 as i128);
    let (ox, oy) = (x0 as i128 + rx.div_euclid(n), y0 as i128 + ry.div_euclid(n));
    let (fx, fy) = (
        rx.rem_euclid(n) as f64 / n as f64,
        ry.rem_euclid(n) as f64 / n as f64,
    );
    let offsets = k
        .iter()
        .map(|&(x, y)| ((x - ox) as f64 - fx, (y - oy) as f64 - fy));
    let squares = offsets
        .clone()
        .map(|(dx, dy)| dx * dx + dy * dy)
        .fold(0f64, f64::max);
    let hypots = offsets
        .map(|(dx, dy)| dx.hypot(dy))
        .fold(0f64, |a, b| a.max(b * b));
    if squares.sqrt() == hypots.sqrt() {
        return false;
    }
    let target = (NORMAL_RADIUS as i128 * n + f).pow(2);
    // Pixels within R + 1 of c.
    let reach = NORMAL_RADIUS as i128 + f / n + 2;
    let (cx, cy) = (sx.div_euclid(n), sy.div_euclid(n));
    (cy - reach..=cy + reach).any(|y| (cx - reach..=cx + reach).any(|x| d2(x, y) == target))
}
