//! PNG renders: sprites composited over a dark background, bounding boxes outlined,
//! overlapping pixels highlighted, first contacts marked.
//!
//! A [`Canvas`] shows a rectangle of the world at an integer scale (each world pixel is a
//! `scale x scale` block). With y down (the default) output rows go down with world y, as
//! in the PNG itself; with y up the picture is turned over so that world y grows upwards
//! on screen, and sprites loaded with `flip_y` appear upright again.

use crate::{CliResult, Failure, font};
use perpixel::{Bounds2D, Mask, Overlap, Point, Transform};
use std::path::Path;

/// An RGBA colour, alpha 255 = opaque.
pub type Colour = [u8; 4];

/// Largest render allowed, in output pixels (about 64 MB of RGBA).
const MAX_RENDER_PIXELS: u64 = 16 << 20;

/// An image being drawn, mapping world pixels to output pixels.
pub struct Canvas {
    world: Bounds2D,
    scale: u32,
    y_up: bool,
    image: image::RgbaImage,
}

/// An output-space rectangle, half-open: `[x0, x1) x [y0, y1)`.
#[derive(Debug, Clone, Copy)]
struct OutRect {
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
}

impl Canvas {
    /// A canvas showing `world` at `scale` output pixels per world pixel, painted with a
    /// dark background (with a faint 32-pixel grid, and sparse stars when `stars`).
    /// Fails when the image would be empty or unreasonably large.
    pub fn new(world: Bounds2D, scale: u32, y_up: bool, stars: bool) -> CliResult<Canvas> {
        let w = world.width.max(0) as u64 * scale as u64;
        let h = world.height.max(0) as u64 * scale as u64;
        if w == 0 || h == 0 || w.saturating_mul(h) > MAX_RENDER_PIXELS {
            return Err(Failure(format!(
                "cannot render a {w}x{h} pixel image (the limit is {MAX_RENDER_PIXELS} pixels); \
                 the sprites are too far apart or too large to draw"
            )));
        }
        let image = image::RgbaImage::from_fn(w as u32, h as u32, |_, y| {
            let t = y as f32 / h as f32;
            let lerp = |a: f32, b: f32| (a + (b - a) * t) as u8;
            image::Rgba([lerp(12.0, 26.0), lerp(16.0, 30.0), lerp(30.0, 50.0), 255])
        });
        let mut canvas = Canvas {
            world,
            scale,
            y_up,
            image,
        };
        canvas.grid(stars);
        Ok(canvas)
    }

    /// Output size in pixels.
    pub fn size(&self) -> (u32, u32) {
        self.image.dimensions()
    }

    /// The output rectangle covering world rectangle `b`.
    fn rect(&self, b: Bounds2D) -> OutRect {
        let s = self.scale as i64;
        let x0 = (b.x_min() - self.world.x_min()) * s;
        let x1 = (b.x_max() - self.world.x_min()) * s;
        let (y0, y1) = if self.y_up {
            (
                (self.world.y_max() - b.y_max()) * s,
                (self.world.y_max() - b.y_min()) * s,
            )
        } else {
            (
                (b.y_min() - self.world.y_min()) * s,
                (b.y_max() - self.world.y_min()) * s,
            )
        };
        OutRect { x0, y0, x1, y1 }
    }

    /// Blends `c` over output pixel `(x, y)`; pixels outside the image are ignored.
    fn blend(&mut self, x: i64, y: i64, c: Colour) {
        let (w, h) = self.image.dimensions();
        if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 || c[3] == 0 {
            return;
        }
        let dst = self.image.get_pixel_mut(x as u32, y as u32);
        let a = c[3] as u32;
        for k in 0..3 {
            dst[k] = ((c[k] as u32 * a + dst[k] as u32 * (255 - a) + 127) / 255) as u8;
        }
        dst[3] = 255;
    }

    /// Blends `c` over every output pixel of `r`.
    fn fill(&mut self, r: OutRect, c: Colour) {
        for y in r.y0..r.y1 {
            for x in r.x0..r.x1 {
                self.blend(x, y, c);
            }
        }
    }

    /// Blends `c` over world pixel `(x, y)`.
    fn world_pixel(&mut self, x: i32, y: i32, c: Colour) {
        let r = self.rect(Bounds2D::new(x, y, 1, 1));
        self.fill(r, c);
    }

    /// Faint grid lines every 32 world pixels, and optionally a few stars.
    fn grid(&mut self, stars: bool) {
        let w = self.world;
        for y in w.y..(w.y_max() as i32) {
            for x in w.x..(w.x_max() as i32) {
                if stars && star(x, y) {
                    self.world_pixel(x, y, [200, 210, 255, 90]);
                }
            }
        }
        let line = [120, 140, 190, 26];
        for x in (w.x..w.x_max() as i32).filter(|x| x.rem_euclid(32) == 0) {
            let r = self.rect(Bounds2D::new(x, w.y, 1, w.height));
            self.fill(OutRect { x1: r.x0 + 1, ..r }, line);
        }
        for y in (w.y..w.y_max() as i32).filter(|y| y.rem_euclid(32) == 0) {
            let r = self.rect(Bounds2D::new(w.x, y, w.width, 1));
            let y0 = if self.y_up { r.y1 - 1 } else { r.y0 };
            self.fill(
                OutRect {
                    y0,
                    y1: y0 + 1,
                    ..r
                },
                line,
            );
        }
    }

    /// Composites an image's colours with its pixel `(0, 0)` at world `(x, y)`.
    pub fn sprite(&mut self, colours: &image::RgbaImage, x: i32, y: i32) {
        self.sprite_faded(colours, x, y, 1.0);
    }

    /// Like [`sprite`](Self::sprite), with every alpha scaled by `opacity` (a ghost).
    pub fn sprite_faded(&mut self, colours: &image::RgbaImage, x: i32, y: i32, opacity: f32) {
        for (i, j, p) in colours.enumerate_pixels() {
            let a = (p[3] as f32 * opacity).round() as u8;
            if a > 0 {
                self.world_pixel(x + i as i32, y + j as i32, [p[0], p[1], p[2], a]);
            }
        }
    }

    /// Composites an image transformed by `t`: every world pixel of `area` (the sprite's
    /// raster rectangle) whose centre, mapped back into the image, lands inside it takes
    /// the colour of the pixel it lands in, so the solid pixels drawn are exactly the
    /// raster's (the sampling rule of `Mask::rasterise`).
    pub fn sprite_transformed(
        &mut self,
        colours: &image::RgbaImage,
        t: &Transform,
        area: Bounds2D,
    ) -> CliResult<()> {
        let (w, h) = colours.dimensions();
        let map = t
            .fixed_inverse(w, h)
            .map_err(|e| Failure(format!("cannot draw the transformed sprite: {e}")))?;
        for y in area.y_min()..area.y_max() {
            for x in area.x_min()..area.x_max() {
                if let Some((u, v)) = map.texel(x, y, w, h) {
                    let p = colours.get_pixel(u, v);
                    // The area is a raster's rectangle: i32 positions.
                    self.world_pixel(x as i32, y as i32, p.0);
                }
            }
        }
        Ok(())
    }

    /// Outlines world rectangle `b` with a line one output pixel thin just outside it, so
    /// the sprite's own edge pixels stay visible; dashed when `dashed`.
    pub fn outline(&mut self, b: Bounds2D, c: Colour, dashed: bool) {
        let r = self.rect(b);
        let on = |i: i64| !dashed || (i / 4) % 2 == 0;
        for x in (r.x0 - 1)..=r.x1 {
            if on(x - r.x0) {
                self.blend(x, r.y0 - 1, c);
                self.blend(x, r.y1, c);
            }
        }
        for y in r.y0..r.y1 {
            if on(y - r.y0) {
                self.blend(r.x0 - 1, y, c);
                self.blend(r.x1, y, c);
            }
        }
    }

    /// Paints every pixel of an overlap mask (the pixels solid in both sprites).
    pub fn highlight(&mut self, overlap: &Overlap, c: Colour) {
        let (m, b) = (&overlap.mask, overlap.bounds);
        for j in 0..m.height() {
            for i in 0..m.width() {
                if m.is_solid(i, j) {
                    self.world_pixel(b.x + i as i32, b.y + j as i32, c);
                }
            }
        }
    }

    /// Paints the edge of `mask` placed at world `(x, y)`: its solid pixels that have an
    /// empty pixel (or the mask's border) among their four neighbours.
    pub fn mask_outline(&mut self, mask: &Mask, x: i32, y: i32, c: Colour) {
        let (w, h) = (mask.width(), mask.height());
        let solid = |i: i64, j: i64| {
            i >= 0 && j >= 0 && i < w as i64 && j < h as i64 && mask.is_solid(i as u32, j as u32)
        };
        for j in 0..h as i64 {
            for i in 0..w as i64 {
                let edge = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                    .iter()
                    .any(|(di, dj)| !solid(i + di, j + dj));
                if solid(i, j) && edge {
                    self.world_pixel(x + i as i32, y + j as i32, c);
                }
            }
        }
    }

    /// The output position of world point `(x, y)` (a real point: pixel `(X, Y)` spans
    /// `[X, X+1) x [Y, Y+1)`).
    fn out_point(&self, (x, y): (f64, f64)) -> (f64, f64) {
        let s = self.scale as f64;
        let ox = (x - self.world.x_min() as f64) * s;
        let oy = if self.y_up {
            (self.world.y_max() as f64 - y) * s
        } else {
            (y - self.world.y_min() as f64) * s
        };
        (ox, oy)
    }

    /// A line two output pixels thick between world points `from` and `to`.
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), c: Colour) {
        let (a, b) = (self.out_point(from), self.out_point(to));
        let n = (b.0 - a.0).abs().max((b.1 - a.1).abs()).ceil().max(1.0) as i64;
        let mut last = None;
        for k in 0..=n {
            let t = k as f64 / n as f64;
            let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            let (x, y) = (x.round() as i64 - 1, y.round() as i64 - 1);
            if last != Some((x, y)) {
                self.fill(
                    OutRect {
                        x0: x,
                        y0: y,
                        x1: x + 2,
                        y1: y + 2,
                    },
                    c,
                );
                last = Some((x, y));
            }
        }
    }

    /// An arrow from world point `from` along the world vector `(dx, dy)`, with a head
    /// at its tip.
    pub fn arrow(&mut self, from: (f64, f64), (dx, dy): (f64, f64), c: Colour) {
        let tip = (from.0 + dx, from.1 + dy);
        self.line(from, tip, c);
        let len = (dx * dx + dy * dy).sqrt();
        if len == 0.0 {
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        let head = len.min(6.0);
        for side in [-1.0, 1.0] {
            // The tip's direction turned back by 150 degrees either way.
            let (cos, sin) = (-(0.866_f64), 0.5 * side);
            let back = (ux * cos - uy * sin, ux * sin + uy * cos);
            self.line(tip, (tip.0 + back.0 * head, tip.1 + back.1 * head), c);
        }
    }

    /// A small dot (three output pixels square) at world point `p`.
    pub fn dot(&mut self, p: (f64, f64), c: Colour) {
        let (x, y) = self.out_point(p);
        let (x, y) = (x.round() as i64, y.round() as i64);
        self.fill(
            OutRect {
                x0: x - 1,
                y0: y - 1,
                x1: x + 2,
                y1: y + 2,
            },
            c,
        );
    }

    /// Marks world pixel `p` with a square around it and four ticks pointing at it.
    pub fn mark(&mut self, p: Point, c: Colour) {
        // Scene contacts lie inside the canvas's i32 world.
        let r = self.rect(Bounds2D::new(p.x as i32, p.y as i32, 1, 1));
        let ring = OutRect {
            x0: r.x0 - 2,
            y0: r.y0 - 2,
            x1: r.x1 + 2,
            y1: r.y1 + 2,
        };
        for x in ring.x0..ring.x1 {
            self.blend(x, ring.y0, c);
            self.blend(x, ring.y1 - 1, c);
        }
        for y in ring.y0..ring.y1 {
            self.blend(ring.x0, y, c);
            self.blend(ring.x1 - 1, y, c);
        }
        let (cx, cy) = ((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2);
        for d in 1..=5 {
            self.blend(ring.x0 - d, cy, c);
            self.blend(ring.x1 - 1 + d, cy, c);
            self.blend(cx, ring.y0 - d, c);
            self.blend(cx, ring.y1 - 1 + d, c);
        }
    }

    /// Writes `text` just above world rectangle `b` (as seen on screen), left-aligned,
    /// with a dark shadow; below it when there is no room above.
    pub fn label(&mut self, text: &str, b: Bounds2D, c: Colour) {
        let r = self.rect(b);
        let px = self.scale.clamp(1, 2) as i64;
        let h = font::HEIGHT as i64 * px;
        let y = if r.y0 - h - 3 >= 0 {
            r.y0 - h - 3
        } else {
            r.y1 + 3
        };
        self.text(text, r.x0, y, px, c);
    }

    /// Writes `text` with its top-left corner at output pixel `(x, y)`, each font pixel
    /// `px` output pixels wide, with a one-pixel dark shadow.
    pub fn text(&mut self, text: &str, x: i64, y: i64, px: i64, c: Colour) {
        for (k, ch) in text.chars().enumerate() {
            let gx = x + k as i64 * font::ADVANCE as i64 * px;
            for (j, row) in font::glyph(ch).iter().enumerate() {
                for (i, cell) in row.bytes().enumerate() {
                    if cell == b'#' {
                        let (ox, oy) = (gx + i as i64 * px, y + j as i64 * px);
                        let shadow = OutRect {
                            x0: ox + 1,
                            y0: oy + 1,
                            x1: ox + px + 1,
                            y1: oy + px + 1,
                        };
                        self.fill(shadow, [0, 0, 0, 200]);
                        let ink = OutRect {
                            x0: ox,
                            y0: oy,
                            x1: ox + px,
                            y1: oy + px,
                        };
                        self.fill(ink, c);
                    }
                }
            }
        }
    }

    /// Saves the image as PNG at `path`.
    pub fn save(&self, path: &Path) -> CliResult<()> {
        self.image
            .save_with_format(path, image::ImageFormat::Png)
            .map_err(|e| Failure(format!("cannot write render '{}': {e}", path.display())))
    }
}

/// The centre of an overlap's pixels (each taken at its centre), in world coordinates;
/// `None` for an overlap without pixels.
pub fn centre(overlap: &Overlap) -> Option<(f64, f64)> {
    let (m, b) = (&overlap.mask, overlap.bounds);
    let (mut n, mut sx, mut sy) = (0u64, 0f64, 0f64);
    for j in 0..m.height() {
        for i in (0..m.width()).filter(|&i| m.is_solid(i, j)) {
            n += 1;
            sx += f64::from(b.x) + f64::from(i) + 0.5;
            sy += f64::from(b.y) + f64::from(j) + 0.5;
        }
    }
    (n > 0).then(|| (sx / n as f64, sy / n as f64))
}

/// Whether world pixel `(x, y)` holds a background star (sparse, deterministic).
fn star(x: i32, y: i32) -> bool {
    let mut h = (x as u32).wrapping_mul(0x9E37_79B1) ^ (y as u32).wrapping_mul(0x85EB_CA77);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 13;
    h % 331 == 0
}

/// A scale that makes a `width x height` world about `target` output pixels across on
/// its longer side, between 1 and 8.
pub fn auto_scale(world: Bounds2D, target: u32) -> u32 {
    let side = world.width.max(world.height).max(1) as u32;
    (target / side).clamp(1, 8)
}

/// Outline of sprite A in `check` renders.
pub const BOX_A: Colour = [110, 200, 255, 200];
/// Outline of sprite B in `check` renders.
pub const BOX_B: Colour = [255, 200, 90, 200];
/// Outline of a sprite's bounding box in the scene.
pub const BOX: Colour = [140, 170, 220, 150];
/// Outline of a bounds-only sprite (pixel collision off), drawn dashed.
pub const BOUNDS_ONLY: Colour = [255, 170, 60, 230];
/// Dashed outline of an intersection (in the scene: of a false hit, boxes only).
pub const INTERSECTION: Colour = [255, 80, 80, 230];
/// The pixels solid in both sprites.
pub const OVERLAP: Colour = [255, 40, 220, 240];
/// The first-contact marker.
pub const CONTACT: Colour = [255, 255, 255, 255];
/// The outline of a sprite pushed out of what it was sunk into.
pub const PUSHED: Colour = [90, 255, 200, 235];
/// The outline of a sprite pushed straight up instead.
pub const PUSHED_UP: Colour = [90, 200, 255, 150];
/// A contact normal's arrow.
pub const NORMAL: Colour = [255, 235, 80, 255];
/// The dots of a walker's path.
pub const PATH: Colour = [255, 150, 210, 220];
/// The outlines of polygons (the scene's terrain).
pub const POLYGON: Colour = [190, 150, 255, 210];
/// Label text.
pub const LABEL: Colour = [225, 232, 245, 255];
