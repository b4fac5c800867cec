//! The world queries: bodies overlapping a sprite, at a point, in a rectangle, the first hit
//! of a ray or a sweep, and a pair's contact.

use super::body::sprite_box;
use super::{BodyId, Filter, Pair, World};
use crate::geom::Rect;
use crate::{Bounds2D, Normal, Point, PushOut, RayHit, Result, Sprite, Sweep};

/// The contact data of a pair ([`World::contact`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contact {
    /// Their first pixel solid in both, row by row.
    pub first_contact: Option<Point>,
    /// How many pixels are solid in both.
    pub area: u64,
    /// The contact normal from `a`'s surface towards `b`.
    pub normal: Option<Normal>,
    /// `b`'s shortest translation out of `a` (any direction), when one is in reach.
    pub push_out: Option<PushOut>,
}

impl World {
    /// The live bodies whose filter allows `filter` and that share a solid pixel with
    /// `sprite`, in index order (from the bodies as they are now, not at the last
    /// update).
    pub fn overlapping(&self, sprite: &Sprite, filter: &Filter) -> Vec<BodyId> {
        let Some(q) = sprite_box(sprite) else {
            return Vec::new();
        };
        self.near(q)
            .into_iter()
            .filter(|&id| {
                let b = self.slot(id).expect("a live body");
                b.def.filter.allows(filter) && b.sprite().collides(sprite)
            })
            .collect()
    }

    /// The live bodies whose filter allows `filter` that are solid at world pixel
    /// `(x, y)`, in index order.
    pub fn at_point(&self, x: i64, y: i64, filter: &Filter) -> Vec<BodyId> {
        self.near(Rect::new(x, x.saturating_add(1), y, y.saturating_add(1)))
            .into_iter()
            .filter(|&id| {
                let b = self.slot(id).expect("a live body");
                b.def.filter.allows(filter) && b.sprite().is_solid_at(x, y)
            })
            .collect()
    }

    /// The live bodies whose filter allows `filter` that have a solid pixel (any pixel,
    /// when bounds-only) inside the world rectangle `rect`, in index order (from the
    /// bodies as they are now, not at the last update). An empty rectangle holds none.
    ///
    /// Cost (this, [`World::overlapping`] and [`World::at_point`]): a search of the
    /// world's index (bodies sorted by box, whatever the rectangle's size), then one test
    /// per body whose box meets the rectangle, bounded by that body's mask within it.
    ///
    /// ```
    /// use perpixel::{BodyDef, Bounds2D, Filter, Mask, World};
    ///
    /// let mut world = World::new();
    /// let a = world.create_body(BodyDef::new(&Mask::full(4, 4)?, 0, 0))?;
    /// let b = world.create_body(BodyDef::new(&Mask::full(4, 4)?, 10, 0))?;
    /// let all = Filter::default();
    /// assert_eq!(world.in_rect(Bounds2D::new(2, 2, 10, 1), &all), vec![a, b]);
    /// assert_eq!(world.in_rect(Bounds2D::new(4, 0, 6, 4), &all), vec![]);
    /// assert_eq!(world.in_rect(Bounds2D::new(0, 0, 0, 4), &all), vec![]);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn in_rect(&self, rect: Bounds2D, filter: &Filter) -> Vec<BodyId> {
        if rect.is_empty() {
            return Vec::new();
        }
        let area = Rect::from(rect);
        self.near(area)
            .into_iter()
            .filter(|&id| {
                let b = self.slot(id).expect("a live body");
                b.def.filter.allows(filter) && b.sprite().has_solid_in(area)
            })
            .collect()
    }

    /// The first body hit by a ray ([`Sprite::raycast`]) among those whose filter allows
    /// `filter`: the nearest hit by steps along the ray, ties to the smaller index.
    ///
    /// Cost: a search of the world's index over the ray's reach, then one
    /// [`Sprite::raycast`] (bounded by each box, not by `max_length`) per body whose box
    /// it may reach, nearest first, stopping at the first that cannot beat the best hit.
    pub fn raycast(
        &self,
        x: i32,
        y: i32,
        dx: i32,
        dy: i32,
        max_length: u32,
        filter: &Filter,
    ) -> Result<Option<(BodyId, RayHit)>> {
        crate::query::check_ray_direction(dx, dy)?;
        // The ray's pixels lie within max_length of the start, on the sides its
        // direction points to.
        let reach = |p: i32, d: i32| {
            let (p, l) = (p as i64, max_length as i64);
            (p - l * (d < 0) as i64, p + 1 + l * (d > 0) as i64)
        };
        let ((x0, x1), (y0, y1)) = (reach(x, dx), reach(y, dy));
        // A step moves the ray one pixel across or down, so a body is reached no sooner
        // than its box's distance from the start in those moves: nearest boxes first,
        // and the search ends at the first one that cannot beat the best hit.
        let (x, y) = (x as i64, y as i64);
        let gap = |p: i64, lo: i64, hi: i64| (lo - p).max(p - (hi - 1)).max(0) as u64;
        let order = self.nearest_first(self.near(Rect::new(x0, x1, y0, y1)), |b| {
            gap(x, b.x0, b.x1) + gap(y, b.y0, b.y1)
        });
        let (x, y) = (x as i32, y as i32);
        let mut best: Option<(BodyId, RayHit)> = None;
        for (least, id) in order {
            if best.is_some_and(|(_, h)| least > h.step) {
                break;
            }
            let b = self.slot(id)?;
            if !b.def.filter.allows(filter) {
                continue;
            }
            if let Some(hit) = b.sprite().raycast(x, y, dx, dy, max_length)? {
                // The fewest steps, then the smaller index.
                if best.is_none_or(|(o, h)| (hit.step, id.index) < (h.step, o.index)) {
                    best = Some((id, hit));
                }
            }
        }
        Ok(best)
    }

    /// Sweeps body `id` by `(dx, dy)` ([`Sprite::sweep`]) against every other body its
    /// filter allows: the earliest hit (fewest steps, ties to the smaller index), or
    /// `None` when the path is clear. Bodies it touches at its start are reported as a
    /// hit at step 0 ([`Sweep::StartsTouching`]). Static bodies are met like any other,
    /// also when body `id` is static itself (only [`World::update`] keeps two static
    /// bodies from pairing).
    ///
    /// Cost: a search of the world's index over the box the path spans, then one
    /// [`Sprite::sweep`] (bounded by the boxes, not by the motion) per body whose box
    /// meets it, nearest first, stopping at the first that cannot beat the best hit.
    pub fn sweep(&self, id: BodyId, dx: i32, dy: i32) -> Result<Option<(BodyId, Sweep)>> {
        let mover = self.slot(id)?;
        crate::query::check_sweep_end(mover.x, mover.y, dx, dy)?;
        // The path lies in the box spanning the mover's boxes at its start and its end.
        let Some(m) = mover.aabb else {
            return Ok(None);
        };
        let (dx64, dy64) = (dx as i64, dy as i64);
        let path = Rect::new(
            m.x0 + dx64.min(0),
            m.x1 + dx64.max(0),
            m.y0 + dy64.min(0),
            m.y1 + dy64.max(0),
        );
        // As for rays: a step moves the body one pixel across or down, so it meets a box
        // no sooner than the gaps between the boxes across and down add up to.
        let gap = |lo: i64, hi: i64, at: i64, to: i64| (at - hi + 1).max(lo - to + 1).max(0) as u64;
        let order = self.nearest_first(self.near(path), |b| {
            gap(m.x0, m.x1, b.x0, b.x1) + gap(m.y0, m.y1, b.y0, b.y1)
        });
        let mut best: Option<(BodyId, Sweep, u64)> = None;
        for (least, other) in order {
            if best.as_ref().is_some_and(|&(_, _, k)| least > k) {
                break;
            }
            if other == id {
                continue;
            }
            let b = self.slot(other)?;
            if !mover.def.filter.allows(&b.def.filter) {
                continue;
            }
            let s = mover.sprite().sweep(&b.sprite(), dx, dy)?;
            let step = match s {
                Sweep::Clear => continue,
                Sweep::StartsTouching { .. } => 0,
                Sweep::Hit(h) => h.step,
            };
            if best.is_none_or(|(o, _, k)| (step, other.index) < (k, o.index)) {
                best = Some((other, s, step));
            }
        }
        Ok(best.map(|(o, s, _)| (o, s)))
    }

    /// What a pair's contact looks like, computed when asked (not by [`World::update`]):
    /// their first contact ([`Sprite::first_contact`]), overlap area, the contact normal
    /// from `a` towards `b` ([`Sprite::contact_normal`]) and `b`'s shortest push-out from
    /// `a` in any direction within `push_max` pixels ([`Sprite::push_out`]). For any two
    /// live bodies, touching or not. A body with itself (`pair.a == pair.b`) is the body
    /// against a copy of itself in the same place: touching when it has a solid pixel,
    /// its first solid pixel, its pixel count, the normal [`Sprite::contact_normal`]
    /// gives for the two coinciding sprites (its buried case) and the copy's
    /// shortest push-out.
    ///
    /// Cost: three pair queries and [`Sprite::push_out`] with [`crate::PushDirection::Any`],
    /// which grows with the square of `min(push_max, the bodies' combined size)`: keep
    /// `push_max` to what the game needs.
    pub fn contact(&self, pair: &Pair, push_max: u32) -> Result<Contact> {
        let (a, b) = (self.sprite(pair.a)?, self.sprite(pair.b)?);
        Ok(Contact {
            first_contact: a.first_contact(&b),
            area: a.overlap_area(&b),
            normal: b.contact_normal(&a),
            push_out: b.push_out(&a, crate::PushDirection::Any, push_max)?,
        })
    }
}
