//! The shape oracle: the centroid and angle from per-pixel sums, connected components by
//! flood fill (an explicit stack, pixel by pixel), and grow, shrink, convolve, scale and
//! crop one pixel at a time, each written the plain way from its definition. The tests
//! check the word-level versions in `shape` against these.

use crate::geom::atan2;
use crate::{
    Bounds2D, ComponentLabels, ComponentOptions, ComponentOrder, Connectivity, Mask, MorphOptions,
    Norm,
};

/// pygame's `Mask.centroid()`, from sums over every pixel: the mean x and y, rounded
/// down; `(0, 0)` for an empty mask.
pub fn centroid(mask: &Mask) -> (u32, u32) {
    let s = sums(mask);
    if s.n == 0 {
        return (0, 0);
    }
    ((s.x / s.n) as u32, (s.y / s.n) as u32)
}

/// pygame's `Mask.angle()`, from sums over every pixel, written as pygame's `mask.c`
/// writes it: integer quotients of the sums, then `-90 * atan2(2 (m11 - xc yc), (m20 -
/// xc^2) - (m02 - yc^2)) / pi` in doubles (the arc tangent is the crate's software one,
/// `geom/trig.rs`, checked against the platform's there); 0 for an empty mask.
pub fn angle(mask: &Mask) -> f64 {
    let s = sums(mask);
    if s.n == 0 {
        return 0.0;
    }
    let mean = |v: u128| (v / s.n) as i128;
    let (xc, yc) = (mean(s.x), mean(s.y));
    let b = 2 * (mean(s.xy) - xc * yc);
    let a = (mean(s.xx) - xc * xc) - (mean(s.yy) - yc * yc);
    -90.0 * atan2(b as f64, a as f64) / std::f64::consts::PI
}

/// Sums over the solid pixels: their number, and of x, y, x^2, x y, y^2.
struct Sums {
    n: u128,
    x: u128,
    y: u128,
    xx: u128,
    xy: u128,
    yy: u128,
}

fn sums(mask: &Mask) -> Sums {
    let mut s = Sums {
        n: 0,
        x: 0,
        y: 0,
        xx: 0,
        xy: 0,
        yy: 0,
    };
    for y in 0..mask.height() {
        for x in 0..mask.width() {
            if mask.is_solid(x, y) {
                let (x, y) = (x as u128, y as u128);
                s.n += 1;
                s.x += x;
                s.y += y;
                s.xx += x * x;
                s.xy += x * y;
                s.yy += y * y;
            }
        }
    }
    s
}

/// The neighbours of a pixel under `connectivity`.
fn neighbours(connectivity: Connectivity) -> &'static [(i64, i64)] {
    match connectivity {
        Connectivity::Four => &[(0, -1), (-1, 0), (1, 0), (0, 1)],
        Connectivity::Eight => &[
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ],
    }
}

/// The pixels of the component holding `(x, y)` (solid), by flood fill with a stack,
/// each marked `label` in `labels`.
fn flood(
    mask: &Mask,
    labels: &mut [u32],
    (x, y): (u32, u32),
    label: u32,
    connectivity: Connectivity,
) -> (u64, Bounds2D) {
    let (w, h) = (mask.width() as i64, mask.height() as i64);
    let mut stack = vec![(x as i64, y as i64)];
    labels[(y as i64 * w + x as i64) as usize] = label;
    let (mut count, mut x0, mut y0, mut x1, mut y1) =
        (0u64, x as i64, y as i64, x as i64, y as i64);
    while let Some((px, py)) = stack.pop() {
        count += 1;
        (x0, y0, x1, y1) = (x0.min(px), y0.min(py), x1.max(px), y1.max(py));
        for &(dx, dy) in neighbours(connectivity) {
            let (nx, ny) = (px + dx, py + dy);
            if nx < 0 || ny < 0 || nx >= w || ny >= h {
                continue;
            }
            let i = (ny * w + nx) as usize;
            if labels[i] == 0 && mask.is_solid(nx as u32, ny as u32) {
                labels[i] = label;
                stack.push((nx, ny));
            }
        }
    }
    let b = Bounds2D::new(
        x0 as i32,
        y0 as i32,
        (x1 - x0 + 1) as i32,
        (y1 - y0 + 1) as i32,
    );
    (count, b)
}

/// The label image, counts and bounds of [`Mask::component_labels`]: components found by
/// flood fill from each unlabelled solid pixel in row-major order (so numbered by
/// position), then left out, sorted and renumbered as `options` say.
pub fn component_labels(mask: &Mask, options: &ComponentOptions) -> ComponentLabels {
    let (w, h) = (mask.width(), mask.height());
    let mut labels = vec![0u32; w as usize * h as usize];
    let mut found: Vec<(u64, Bounds2D)> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if mask.is_solid(x, y) && labels[(y * w + x) as usize] == 0 {
                let label = found.len() as u32 + 1;
                found.push(flood(
                    mask,
                    &mut labels,
                    (x, y),
                    label,
                    options.connectivity,
                ));
            }
        }
    }
    let mut order: Vec<usize> = (0..found.len())
        .filter(|&i| found[i].0 >= options.min_pixels)
        .collect();
    if options.order == ComponentOrder::LargestFirst {
        order.sort_by(|&a, &b| found[b].0.cmp(&found[a].0).then(a.cmp(&b)));
    }
    let mut renumber = vec![0u32; found.len() + 1];
    for (new, &old) in order.iter().enumerate() {
        renumber[old + 1] = new as u32 + 1;
    }
    for l in &mut labels {
        *l = renumber[*l as usize];
    }
    ComponentLabels {
        width: w,
        height: h,
        labels,
        counts: order.iter().map(|&i| found[i].0).collect(),
        bounds: order.iter().map(|&i| found[i].1).collect(),
    }
}

/// [`Mask::connected_components`]: one full-size mask per label of [`component_labels`].
pub fn connected_components(mask: &Mask, options: &ComponentOptions) -> Vec<Mask> {
    let c = component_labels(mask, options);
    (1..=c.len() as u32)
        .map(|label| {
            Mask::from_fn(mask.width(), mask.height(), |x, y| {
                c.label_at(x, y) == label
            })
            .expect("a mask the size of an existing one")
        })
        .collect()
}

/// [`Mask::component_bounds`].
pub fn component_bounds(mask: &Mask, options: &ComponentOptions) -> Vec<Bounds2D> {
    component_labels(mask, options).bounds
}

/// [`Mask::component_at`]: `None` when `(x, y)` is outside the mask.
pub fn component_at(mask: &Mask, x: u32, y: u32, connectivity: Connectivity) -> Option<Mask> {
    let (w, h) = (mask.width(), mask.height());
    if x >= w || y >= h {
        return None;
    }
    let mut labels = vec![0u32; w as usize * h as usize];
    if mask.is_solid(x, y) {
        flood(mask, &mut labels, (x, y), 1, connectivity);
    }
    Some(Mask::from_fn(w, h, |x, y| labels[(y * w + x) as usize] == 1).unwrap())
}

/// [`Mask::largest_component`]: the first by position of the largest.
pub fn largest_component(mask: &Mask, connectivity: Connectivity) -> Mask {
    let options = ComponentOptions {
        connectivity,
        ..ComponentOptions::default()
    };
    let c = component_labels(mask, &options);
    let mut best = 0;
    for (i, &n) in c.counts.iter().enumerate() {
        if n > c.counts[best] {
            best = i;
        }
    }
    Mask::from_fn(mask.width(), mask.height(), |x, y| {
        !c.is_empty() && c.label_at(x, y) == best as u32 + 1
    })
    .unwrap()
}

/// Whether a pixel `(dx, dy)` away is within `n` under `norm`.
fn within(norm: Norm, n: u32, dx: i64, dy: i64) -> bool {
    let n = n as i64;
    match norm {
        Norm::Disc => dx * dx + dy * dy <= n * n,
        Norm::Square => dx.abs() <= n && dy.abs() <= n,
        Norm::Diamond => dx.abs() + dy.abs() <= n,
    }
}

/// [`Mask::grow`], Godot's loop: an empty pixel becomes solid when a solid pixel of the
/// mask lies within reach (pixels outside count as empty).
pub fn grow(mask: &Mask, n: u32, options: &MorphOptions) -> Mask {
    let (w, h) = (mask.width() as i64, mask.height() as i64);
    let r = n as i64;
    Mask::from_fn(mask.width(), mask.height(), |x, y| {
        let (x, y) = (x as i64, y as i64);
        for dy in -r..=r {
            for dx in -r..=r {
                let (px, py) = (x + dx, y + dy);
                if px < 0 || py < 0 || px >= w || py >= h || !within(options.norm, n, dx, dy) {
                    continue;
                }
                if mask.is_solid(px as u32, py as u32) {
                    return true;
                }
            }
        }
        false
    })
    .unwrap()
}

/// [`Mask::shrink`], Godot's loop: a solid pixel is cleared when an empty pixel lies within
/// reach, pixels past the edges counting as empty when `shrink_from_edges`.
pub fn shrink(mask: &Mask, n: u32, options: &MorphOptions) -> Mask {
    let (w, h) = (mask.width() as i64, mask.height() as i64);
    let r = n as i64;
    Mask::from_fn(mask.width(), mask.height(), |x, y| {
        if !mask.is_solid(x, y) {
            return false;
        }
        let (x, y) = (x as i64, y as i64);
        for dy in -r..=r {
            for dx in -r..=r {
                if !within(options.norm, n, dx, dy) {
                    continue;
                }
                let (px, py) = (x + dx, y + dy);
                let outside = px < 0 || py < 0 || px >= w || py >= h;
                let empty = if outside {
                    options.shrink_from_edges
                } else {
                    !mask.is_solid(px as u32, py as u32)
                };
                if empty {
                    return false;
                }
            }
        }
        true
    })
    .unwrap()
}

/// [`Mask::convolve`], pygame's way: `a` drawn into the result at
/// `(b.width - 1 - x, b.height - 1 - y)` for every solid pixel `(x, y)` of `b`.
pub fn convolve(a: &Mask, b: &Mask) -> Mask {
    let ow = (a.width() + b.width()).saturating_sub(1);
    let oh = (a.height() + b.height()).saturating_sub(1);
    let mut set = vec![false; ow as usize * oh as usize];
    for by in 0..b.height() {
        for bx in 0..b.width() {
            if !b.is_solid(bx, by) {
                continue;
            }
            for ay in 0..a.height() {
                for ax in 0..a.width() {
                    if a.is_solid(ax, ay) {
                        let (p, q) = (ax + b.width() - 1 - bx, ay + b.height() - 1 - by);
                        set[(q * ow + p) as usize] = true;
                    }
                }
            }
        }
    }
    Mask::from_fn(ow, oh, |x, y| set[(y * ow + x) as usize]).unwrap()
}

/// [`Mask::scale`], pygame's loop: walking the source, each source column `x` covers the
/// result columns whose `nx * src_width` is below `(x + 1) * width` (and rows alike).
pub fn scale(mask: &Mask, width: u32, height: u32) -> Mask {
    let (sw, sh) = (mask.width() as u64, mask.height() as u64);
    let (w, h) = (width as u64, height as u64);
    let mut set = vec![false; width as usize * height as usize];
    let (mut ny, mut dny) = (0u64, 0u64);
    for y in 0..sh {
        let dy = (y + 1) * h;
        while dny < dy {
            let (mut nx, mut dnx) = (0u64, 0u64);
            for x in 0..sw {
                let dx = (x + 1) * w;
                while dnx < dx {
                    if mask.is_solid(x as u32, y as u32) {
                        set[(ny * w + nx) as usize] = true;
                    }
                    nx += 1;
                    dnx += sw;
                }
            }
            ny += 1;
            dny += sh;
        }
    }
    Mask::from_fn(width, height, |x, y| {
        set[(y as u64 * w + x as u64) as usize]
    })
    .unwrap()
}

/// [`Mask::crop`]: `None` when the region does not lie inside the mask.
pub fn crop(mask: &Mask, region: Bounds2D) -> Option<Mask> {
    let inside = region.width >= 0
        && region.height >= 0
        && region.x >= 0
        && region.y >= 0
        && region.x as i64 + region.width as i64 <= mask.width() as i64
        && region.y as i64 + region.height as i64 <= mask.height() as i64;
    inside.then(|| {
        Mask::from_fn(region.width as u32, region.height as u32, |x, y| {
            mask.is_solid(region.x as u32 + x, region.y as u32 + y)
        })
        .unwrap()
    })
}
