//! The motion oracles, each the obvious algorithm over the plain pair test and one
//! pixel at a time: contact normals summed pixel by pixel, push-out by trying every
//! translation in order of length, move-and-slide by single-pixel steps, raycasts by
//! visiting every pixel of the ray.

use super::collides;
use crate::{
    Error, MoveOptions, Moved, NORMAL_RADIUS, Normal, Point, PushDirection, PushOut, RayHit,
    Result, Sprite, SweepPath,
};

/// Whether world pixel `(x, y)` is solid in `s` (its whole rectangle when bounds-only).
pub fn solid_at(s: &Sprite, x: i64, y: i64) -> bool {
    let (lx, ly) = (x.saturating_sub(s.x as i64), y.saturating_sub(s.y as i64));
    lx >= 0
        && ly >= 0
        && lx < s.mask.width() as i64
        && ly < s.mask.height() as i64
        && (!s.pixel_collision || s.mask.is_solid(lx as u32, ly as u32))
}

/// Both sprites' rectangles together, grown by `g`: `(x0, x1, y0, y1)` half-open.
fn both_boxes(a: &Sprite, b: &Sprite, g: i64) -> (i64, i64, i64, i64) {
    let (ba, bb) = (a.bounds(), b.bounds());
    (
        ba.x_min().min(bb.x_min()) - g,
        ba.x_max().max(bb.x_max()) + g,
        ba.y_min().min(bb.y_min()) - g,
        ba.y_max().max(bb.y_max()) + g,
    )
}

/// Reference [`Sprite::contact_normal`]: the definition written there, one pixel at a
/// time (`mover` is the sprite the normal points towards).
pub fn contact_normal(mover: &Sprite, obstacle: &Sprite) -> Option<Normal> {
    let overlapping = collides(mover, obstacle);
    let (x0, x1, y0, y1) = both_boxes(mover, obstacle, 1);
    let in_contact = |x: i64, y: i64| {
        solid_at(obstacle, x, y)
            && if overlapping {
                solid_at(mover, x, y)
            } else {
                (-1..=1).any(|dy| (-1..=1).any(|dx| solid_at(mover, x + dx, y + dy)))
            }
    };
    let mut k = Vec::new();
    for y in y0..y1 {
        for x in x0..x1 {
            if in_contact(x, y) {
                k.push((x, y));
            }
        }
    }
    if k.is_empty() {
        return None;
    }
    // The centroid as a whole part (the floor) and a fraction, as the fast path splits it.
    let n = k.len() as i64;
    let sx: i64 = k.iter().map(|p| p.0 - x0).sum();
    let sy: i64 = k.iter().map(|p| p.1 - y0).sum();
    let (ox, oy) = (x0 + sx.div_euclid(n), y0 + sy.div_euclid(n));
    let (fx, fy) = (
        sx.rem_euclid(n) as f64 / n as f64,
        sy.rem_euclid(n) as f64 / n as f64,
    );
    let far = k
        .iter()
        .map(|&(x, y)| {
            let (dx, dy) = ((x - ox) as f64 - fx, (y - oy) as f64 - fy);
            dx * dx + dy * dy
        })
        .fold(0f64, f64::max)
        .sqrt();
    let r = NORMAL_RADIUS as f64 + far;
    let (mut ma, mut mb, mut na, mut nb, mut window) = ((0.0, 0.0), (0.0, 0.0), 0i64, 0i64, 0i64);
    for ry in (fy - r).ceil() as i64..=(fy + r).floor() as i64 {
        let dy = ry as f64 - fy;
        let half = (r * r - dy * dy).max(0.0).sqrt();
        for rx in (fx - half).ceil() as i64..=(fx + half).floor() as i64 {
            window += 1;
            let (px, py) = (rx as f64, ry as f64);
            if solid_at(obstacle, ox + rx, oy + ry) {
                na += 1;
                ma = (ma.0 + px, ma.1 + py);
            }
            if solid_at(mover, ox + rx, oy + ry) {
                nb += 1;
                mb = (mb.0 + px, mb.1 + py);
            }
        }
    }
    let m = (na as f64 * fx - ma.0, na as f64 * fy - ma.1);
    let m = if (m.0 == 0.0 && m.1 == 0.0) || na == window {
        (mb.0 - nb as f64 * fx, mb.1 - nb as f64 * fy)
    } else {
        m
    };
    let len = (m.0 * m.0 + m.1 * m.1).sqrt();
    (len > 0.0).then(|| Normal {
        x: m.0 / len,
        y: m.1 / len,
    })
}

/// `s` moved by `(dx, dy)`, if that stays in the `i32` range.
fn moved<'m>(s: &Sprite<'m>, dx: i64, dy: i64) -> Option<Sprite<'m>> {
    Some(Sprite {
        x: i32::try_from(s.x as i64 + dx).ok()?,
        y: i32::try_from(s.y as i64 + dy).ok()?,
        ..*s
    })
}

/// Reference [`Sprite::push_out`]: every translation allowed by `direction` within
/// `max_distance`, in order of length (ties as documented), tried with the plain test.
/// Slow by design: it lists every candidate up to `max_distance`.
pub fn push_out(
    mover: &Sprite,
    obstacle: &Sprite,
    direction: PushDirection,
    max_distance: u32,
) -> Result<Option<PushOut>> {
    if direction == (PushDirection::Along { dx: 0, dy: 0 }) {
        return Err(Error::InvalidArgument("(0, 0)".into()));
    }
    if !collides(mover, obstacle) {
        return Ok(Some(PushOut::default()));
    }
    let m = max_distance as i64;
    let mut candidates: Vec<(i64, i64, i64)> = Vec::new();
    match direction {
        PushDirection::Any => {
            for dy in -m..=m {
                for dx in -m..=m {
                    candidates.push((dx * dx + dy * dy, dy, dx));
                }
            }
        }
        PushDirection::Horizontal => {
            for dx in -m..=m {
                // Ties: the negative one first, as (d^2, dx) orders them.
                candidates.push((dx * dx, dx, dx));
            }
        }
        PushDirection::Vertical => {
            for dy in -m..=m {
                candidates.push((dy * dy, dy, 0));
            }
        }
        PushDirection::Along { dx, dy } => {
            // The path towards (dx, dy) scaled until it reaches max_distance.
            let mut s = 1i64;
            while ((dx as i64 * s) as f64).hypot((dy as i64 * s) as f64) < m as f64 {
                s += 1;
            }
            let path = SweepPath::new((dx as i64 * s) as i32, (dy as i64 * s) as i32);
            for (k, (ox, oy)) in path.enumerate() {
                let (ox, oy) = (ox as i64, oy as i64);
                // Keyed by step: the path's own order.
                candidates.push((k as i64, oy, ox));
            }
        }
    }
    candidates.sort();
    for (_, second, third) in candidates {
        let (dx, dy) = match direction {
            PushDirection::Horizontal => (second, 0),
            PushDirection::Vertical => (0, second),
            _ => (third, second),
        };
        if (dx, dy) == (0, 0) || dx * dx + dy * dy > m * m {
            continue;
        }
        if let Some(s) = moved(mover, dx, dy) {
            if !collides(&s, obstacle) {
                return Ok(Some(PushOut {
                    dx: dx as i32,
                    dy: dy as i32,
                }));
            }
        }
    }
    Ok(None)
}

/// Reference [`Sprite::move_and_slide`]: one pixel at a time with the plain test.
pub fn move_and_slide(
    mover: &Sprite,
    obstacles: &[Sprite],
    dx: i32,
    dy: i32,
    options: &MoveOptions,
) -> Result<Moved> {
    if options.up != 1 && options.up != -1 {
        return Err(Error::InvalidArgument("up".into()));
    }
    let hits = |s: &Sprite| obstacles.iter().any(|o| collides(s, o));
    let mut out = Moved {
        x: mover.x,
        y: mover.y,
        ..Moved::default()
    };
    if hits(mover) {
        out.started_inside = true;
        return Ok(out);
    }
    let mut at = *mover;
    for _ in 0..dx.unsigned_abs() {
        let next = Sprite {
            x: at.x + dx.signum(),
            ..at
        };
        if !hits(&next) {
            at = next;
            continue;
        }
        let mut climbed = None;
        for k in 1..=options.step_up as i32 {
            let up = Sprite {
                y: at.y + options.up * k,
                ..at
            };
            if hits(&up) {
                break;
            }
            if !hits(&Sprite {
                x: up.x + dx.signum(),
                ..up
            }) {
                climbed = Some(k);
                break;
            }
        }
        match climbed {
            Some(k) => {
                at.x += dx.signum();
                at.y += options.up * k;
                out.climbed += k as u32;
            }
            None => {
                out.blocked_x = true;
                break;
            }
        }
    }
    for _ in 0..dy.unsigned_abs() {
        let next = Sprite {
            y: at.y + dy.signum(),
            ..at
        };
        if hits(&next) {
            out.blocked_y = true;
            break;
        }
        at = next;
    }
    out.x = at.x;
    out.y = at.y;
    Ok(out)
}

/// Reference [`Sprite::raycast`]: every pixel of the ray in turn.
pub fn raycast(
    s: &Sprite,
    x: i32,
    y: i32,
    dx: i32,
    dy: i32,
    max_length: u32,
) -> Result<Option<RayHit>> {
    if dx == 0 && dy == 0 {
        return Err(Error::InvalidArgument("(0, 0)".into()));
    }
    let (a, b) = (dx.unsigned_abs() as i64, dy.unsigned_abs() as i64);
    let (sx, sy) = (dx.signum() as i64, dy.signum() as i64);
    let (mut i, mut j) = (0i64, 0i64);
    let mut last = (x as i64, y as i64);
    let mut step = 0u64;
    loop {
        let (px, py) = (x as i64 + sx * i, y as i64 + sy * j);
        let d = ((i * i + j * j) as f64).sqrt();
        if (i * i + j * j) as i128 > (max_length as i128).pow(2)
            || i32::try_from(px).is_err()
            || i32::try_from(py).is_err()
        {
            return Ok(None);
        }
        if solid_at(s, px, py) {
            let probe_mask = crate::Mask::full(1, 1)?;
            let from = if step == 0 { (px, py) } else { last };
            let probe = Sprite::new(&probe_mask, from.0 as i32, from.1 as i32);
            return Ok(Some(RayHit {
                pixel: Point { x: px, y: py },
                step,
                distance: d,
                normal: contact_normal(&probe, s),
            }));
        }
        last = (px, py);
        // The path's rule, unbounded: x moves when (2i + 1) b <= (2j + 1) a.
        if (2 * i + 1) as i128 * b as i128 <= (2 * j + 1) as i128 * a as i128 {
            i += 1;
        } else {
            j += 1;
        }
        step += 1;
    }
}
