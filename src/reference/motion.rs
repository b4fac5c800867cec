//! The motion oracles, each the obvious algorithm over the plain pair test and one
//! pixel at a time: contact normals summed pixel by pixel, push-out by trying every
//! translation in order of length, move-and-slide by single-pixel steps, raycasts by
//! visiting every pixel of the ray.

use super::collides;
use crate::{
    Error, FLAT_RUN, MoveOptions, Moved, NORMAL_RADIUS, Normal, Point, PushDirection, PushOut,
    RayHit, Result, Sprite, SweepPath,
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

/// The four axis directions and the four diagonals, as faces look across them.
const AXES: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONALS: [(i64, i64); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
/// The axis steps, marked as a buried mover's faces: the mover solid at `p` itself.
const BURIED: [(i64, i64); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];

/// Reference [`Sprite::contact_normal`]: the definition written there, one pixel at a
/// time (`mover` is the sprite the normal points towards).
pub fn contact_normal(mover: &Sprite, obstacle: &Sprite) -> Option<Normal> {
    if let Some(v) = normal_vector(mover, obstacle, &AXES) {
        return Some(unit(v));
    }
    if let Some(v) = normal_vector(mover, obstacle, &DIAGONALS) {
        return Some(unit(v));
    }
    // Buried: the obstacle's surface faces at the mover's own pixels.
    if let Some(v) = normal_vector(mover, obstacle, &BURIED) {
        return Some(unit(v));
    }
    // Buried: the shortest way out within the radius.
    match push_out(mover, obstacle, PushDirection::Any, NORMAL_RADIUS) {
        Ok(Some(p)) if (p.dx, p.dy) != (0, 0) => Some(unit((p.dx as i128, p.dy as i128))),
        _ => None,
    }
}

/// Reference of a sweep's or ray's hit normal: `last_free` is the mover where it last did
/// not touch, `step` the step of the path that made it touch, `motion` the whole motion.
/// The normal from the faces across `-step` only; `-step` itself when there is none or
/// when it does not point against the motion.
pub fn blocked_normal(
    last_free: &Sprite,
    obstacle: &Sprite,
    step: (i64, i64),
    motion: (i64, i64),
) -> Normal {
    let back = (-step.0, -step.1);
    match normal_vector(last_free, obstacle, &[back]) {
        Some(v) if v.0 * (motion.0 as i128) + v.1 * (motion.1 as i128) < 0 => unit(v),
        _ => unit((back.0 as i128, back.1 as i128)),
    }
}

/// An integer vector made a unit vector in `f64`, the way the definition says.
fn unit((x, y): (i128, i128)) -> Normal {
    let (x, y) = (x as f64, y as f64);
    let len = (x * x + y * y).sqrt();
    Normal {
        x: x / len,
        y: y / len,
    }
}

/// The smallest `t >= 0` with `t * t >= v`, by bisection.
fn ceil_sqrt(v: i128) -> i128 {
    let (mut lo, mut hi) = (0i128, 1i128 << 62);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if mid * mid >= v {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// The unnormalised normal from the faces across `dirs`, or `None` when there are none
/// or no direction stands out.
fn normal_vector(mover: &Sprite, obstacle: &Sprite, dirs: &[(i64, i64)]) -> Option<(i128, i128)> {
    let (x0, x1, y0, y1) = both_boxes(mover, obstacle, 2);
    // 1. Faces: (p, d) with p solid in the obstacle, p + d solid in the mover and not in
    // the obstacle.
    let mut faces = Vec::new();
    for y in y0..y1 {
        for x in x0..x1 {
            for &(dx, dy) in dirs {
                // A buried mover's steps are marked by their length 2.
                let buried = dx.abs() == 2 || dy.abs() == 2;
                let (dx, dy) = if buried { (dx / 2, dy / 2) } else { (dx, dy) };
                let toucher = if buried { (x, y) } else { (x + dx, y + dy) };
                if solid_at(obstacle, x, y)
                    && solid_at(mover, toucher.0, toucher.1)
                    && !solid_at(obstacle, x + dx, y + dy)
                {
                    faces.push(((x, y), (dx, dy)));
                }
            }
        }
    }
    if faces.is_empty() {
        return None;
    }
    let mut k: Vec<(i64, i64)> = faces.iter().map(|f| f.0).collect();
    k.sort();
    k.dedup();
    // 2. The centroid c = S / n and the window.
    let n = k.len() as i128;
    let s = (
        k.iter().map(|p| p.0 as i128).sum::<i128>(),
        k.iter().map(|p| p.1 as i128).sum::<i128>(),
    );
    let dist2 = |(x, y): (i64, i64)| {
        let (ex, ey) = (n * x as i128 - s.0, n * y as i128 - s.1);
        ex * ex + ey * ey
    };
    let far = k.iter().map(|&p| dist2(p)).max().unwrap();
    // The smallest t with (n t)^2 >= far.
    let t = (ceil_sqrt(far) + n - 1) / n;
    let t = if (n * t) * (n * t) >= far { t } else { t + 1 };
    let r = NORMAL_RADIUS as i128 + t;
    let (cx, cy) = ((s.0 / n) as i64, (s.1 / n) as i64);
    let reach = r as i64 + 2;
    let mut window = Vec::new();
    for y in cy - reach..=cy + reach {
        for x in cx - reach..=cx + reach {
            if dist2((x, y)) <= (n * r) * (n * r) {
                window.push((x, y));
            }
        }
    }
    // 3. A flat face.
    let d = faces[0].1;
    let on_line = |p: (i64, i64), q: (i64, i64)| if d.0 != 0 { p.0 == q.0 } else { p.1 == q.1 };
    let axis = d.0 == 0 || d.1 == 0;
    if axis && faces.iter().all(|f| f.1 == d && on_line(f.0, faces[0].0)) {
        // Each face pixel's run along the line: walk both ways while the surface goes on.
        let surface = |p: (i64, i64)| {
            solid_at(obstacle, p.0, p.1) && !solid_at(obstacle, p.0 + d.0, p.1 + d.1)
        };
        let empty = |p: (i64, i64)| !solid_at(obstacle, p.0, p.1);
        let along = (d.1.abs(), d.0.abs());
        let flat_run = |p: (i64, i64)| {
            let mut ends = [p; 2];
            for (end, sign) in ends.iter_mut().zip([-1, 1]) {
                let mut q = p;
                while surface((q.0 + sign * along.0, q.1 + sign * along.1)) {
                    q = (q.0 + sign * along.0, q.1 + sign * along.1);
                }
                *end = (q.0 + sign * along.0, q.1 + sign * along.1);
            }
            let len = (ends[1].0 - ends[0].0) + (ends[1].1 - ends[0].1) - 1;
            // Past each end: rounded when the pixel is empty and the one behind it solid,
            // square when both are empty.
            let rounded = |e: (i64, i64)| empty(e) && !empty((e.0 - d.0, e.1 - d.1));
            let square = |e: (i64, i64)| empty(e) && empty((e.0 - d.0, e.1 - d.1));
            len >= FLAT_RUN as i64
                || (!rounded(ends[0])
                    && !rounded(ends[1])
                    && (len >= 3 || (square(ends[0]) && square(ends[1]))))
        };
        if k.iter().all(|&p| flat_run(p)) {
            return Some((d.0 as i128, d.1 as i128));
        }
    }
    // 4. The moment of the obstacle's pixels in the window about c.
    let solid: Vec<&(i64, i64)> = window
        .iter()
        .filter(|p| solid_at(obstacle, p.0, p.1))
        .collect();
    let a = solid.len() as i128;
    let m = (
        a * s.0 - n * solid.iter().map(|p| p.0 as i128).sum::<i128>(),
        a * s.1 - n * solid.iter().map(|p| p.1 as i128).sum::<i128>(),
    );
    if m != (0, 0) && solid.len() < window.len() {
        return Some(m);
    }
    // 5. The faces' directions summed.
    let v = faces.iter().fold((0i128, 0i128), |v, f| {
        (v.0 + f.1.0 as i128, v.1 + f.1.1 as i128)
    });
    (v != (0, 0)).then_some(v)
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
            // Exactly, in integers: the smallest whole factor whose length reaches m.
            let (x, y) = (dx as i128, dy as i128);
            while (x * s as i128).pow(2) + (y * s as i128).pow(2) < (m as i128).pow(2) {
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
                normal: if step == 0 {
                    contact_normal(&probe, s)
                } else {
                    Some(blocked_normal(
                        &probe,
                        s,
                        (px - last.0, py - last.1),
                        (dx as i64, dy as i64),
                    ))
                },
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
