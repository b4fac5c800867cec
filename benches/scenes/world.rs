//! The world scene shared by `benches/world.rs` and `examples/world.rs` (a module of
//! `scenes`): N moving sprites of 16-64 px (discs and random blobs, a fixed seed) over a
//! 4096 x 1024 static hilly terrain, bouncing off the edges each frame.

#![allow(dead_code)]

use super::Rng;
use perpixel::{BodyDef, BodyId, BodyKind, Mask, Sprite, World};

/// The terrain's size.
pub const WIDTH: i32 = 4096;
pub const HEIGHT: i32 = 1024;

/// The surface row at column `x` (y down, solid below): hills between rows ~620 and ~940.
fn surface(x: i32) -> i32 {
    let x = x as f64;
    (780.0 + 110.0 * (x / 211.0).sin() + 50.0 * (x / 47.0).cos()) as i32
}

/// A world of moving sprites over the terrain, and their velocities.
pub struct Scene {
    pub world: World,
    /// The terrain's static bodies (one, or as many column strips).
    pub statics: Vec<BodyId>,
    pub ids: Vec<BodyId>,
    pub pos: Vec<(i32, i32)>,
    pub size: Vec<(i32, i32)>,
    vel: Vec<(i32, i32)>,
}

impl Scene {
    /// `n` sprites from a fixed seed: 32 shared masks (half discs, half blobs of random
    /// noise thinned to about 60 % solid), random positions and velocities up to 4 px.
    pub fn new(n: usize) -> Scene {
        Scene::tiled(n, 1)
    }

    /// The same scene with the terrain cut into `tiles` static column strips.
    pub fn tiled(n: usize, tiles: u32) -> Scene {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let terrain = Mask::from_fn(WIDTH as u32, HEIGHT as u32, |x, y| {
            y as i32 >= surface(x as i32)
        })
        .unwrap();
        let masks: Vec<Mask> = (0..32)
            .map(|k| {
                let w = 16 + rng.below(49) as u32;
                let h = if k % 2 == 0 {
                    w
                } else {
                    16 + rng.below(49) as u32
                };
                if k % 2 == 0 {
                    let c = (w as f64 - 1.0) / 2.0;
                    Mask::from_fn(w, h, |x, y| {
                        (x as f64 - c).powi(2) + (y as f64 - c).powi(2) <= c * c
                    })
                    .unwrap()
                } else {
                    let mut r = Rng(rng.next() | 1);
                    Mask::from_fn(w, h, |_, _| r.below(10) < 6).unwrap()
                }
            })
            .collect();
        let mut world = World::new();
        let strip = (WIDTH as u32).div_ceil(tiles.max(1));
        let statics = (0..WIDTH as u32)
            .step_by(strip as usize)
            .map(|x0| {
                let w = strip.min(WIDTH as u32 - x0);
                let m =
                    Mask::from_fn(w, HEIGHT as u32, |x, y| terrain.is_solid(x0 + x, y)).unwrap();
                world
                    .create_body(BodyDef {
                        kind: BodyKind::Static,
                        ..BodyDef::new(&m, x0 as i32, 0)
                    })
                    .unwrap()
            })
            .collect();
        let (mut ids, mut pos, mut size, mut vel) = (vec![], vec![], vec![], vec![]);
        for _ in 0..n {
            let m = &masks[rng.below(masks.len() as u64) as usize];
            let (w, h) = (m.width() as i32, m.height() as i32);
            let x = rng.below((WIDTH - w) as u64) as i32;
            let y = rng.below((HEIGHT - h) as u64) as i32;
            ids.push(world.create_body(BodyDef::new(m, x, y)).unwrap());
            pos.push((x, y));
            size.push((w, h));
            vel.push((rng.below(9) as i32 - 4, rng.below(9) as i32 - 4));
        }
        Scene {
            world,
            statics,
            ids,
            pos,
            size,
            vel,
        }
    }

    /// Moves every sprite one frame (bouncing off the world's edges) with `move_bodies`.
    pub fn step(&mut self) {
        for ((p, v), s) in self.pos.iter_mut().zip(&mut self.vel).zip(&self.size) {
            let (nx, ny) = (p.0 + v.0, p.1 + v.1);
            if nx < 0 || nx + s.0 > WIDTH {
                v.0 = -v.0;
            }
            if ny < 0 || ny + s.1 > HEIGHT {
                v.1 = -v.1;
            }
            *p = (p.0 + v.0, p.1 + v.1);
        }
        self.world.move_bodies(&self.ids, &self.pos).unwrap();
    }

    /// The world's touching pairs as body indices.
    pub fn touching(&self) -> Vec<(u32, u32)> {
        self.world
            .touching()
            .iter()
            .map(|p| (p.a.index, p.b.index))
            .collect()
    }

    /// The naive all-pairs loop: every pair of bodies (not both static) tested with
    /// `Sprite::collides`, as body indices in order.
    pub fn naive(&self) -> Vec<(u32, u32)> {
        let statics = self.statics.iter().map(|&id| (id, true));
        let all: Vec<(u32, Sprite, bool)> = statics
            .chain(self.ids.iter().map(|&id| (id, false)))
            .map(|(id, fixed)| (id.index, self.world.sprite(id).unwrap(), fixed))
            .collect();
        let mut out = Vec::new();
        for (k, (i, a, sa)) in all.iter().enumerate() {
            for (j, b, sb) in &all[k + 1..] {
                if !(*sa && *sb) && a.collides(b) {
                    out.push((*i.min(j), *i.max(j)));
                }
            }
        }
        out.sort_unstable();
        out
    }
}
