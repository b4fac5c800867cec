//! The bodies: what a body is (definition, kind, placement, filter), the slots that
//! hold them with their generations, and the calls that make, change and remove them.

use super::{BodyId, World};
use crate::geom::Rect;
use crate::{Error, Mask, Result, Sprite, Transform};

/// Which bodies may touch, as Box2D's `b2Filter`: two bodies collide when each one's
/// `mask` has a bit of the other's `category`, unless they share a nonzero `group`:
/// then a positive group always collides and a negative one never does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Filter {
    /// The categories this body is in (bits).
    pub category: u64,
    /// The categories this body collides with (bits).
    pub mask: u64,
    /// 0: no group; bodies sharing a positive group always collide, a negative one never.
    pub group: i32,
}

impl Default for Filter {
    /// Category 1, colliding with everything, no group.
    fn default() -> Self {
        Filter {
            category: 1,
            mask: u64::MAX,
            group: 0,
        }
    }
}

impl Filter {
    /// Whether bodies with filters `self` and `other` may touch.
    pub fn allows(&self, other: &Filter) -> bool {
        if self.group != 0 && self.group == other.group {
            return self.group > 0;
        }
        self.mask & other.category != 0 && other.mask & self.category != 0
    }
}

/// Whether a body moves. Static bodies (terrain) never touch each other in
/// [`World::update`] and are kept out of the per-update broad phase: a large static body
/// costs nothing while nothing moves near it. The queries ([`World::sweep`],
/// [`World::contact`], ...) see them like any other body, a static body's sweep included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BodyKind {
    /// Never moves (it can still be moved by [`World::move_body`], at a cost).
    Static,
    /// Moves from update to update.
    #[default]
    Moving,
}

/// Where a body is: its mask's pixel `(0, 0)` at a world position, or the mask placed by
/// a transform (drawn onto the world grid once, when set: [`Mask::rasterise`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Placement {
    /// Mask pixel `(0, 0)` at world `(x, y)`.
    At(i32, i32),
    /// The mask placed by a transform.
    Transformed(Transform),
}

/// What [`World::create_body`] makes.
#[derive(Debug, Clone)]
pub struct BodyDef {
    /// The body's mask (shared, not copied: a clone of a `Mask` shares its pixels).
    pub mask: Mask,
    /// Where it is.
    pub placement: Placement,
    /// False: it collides as its whole rectangle (bounds-only). For a transformed body
    /// that rectangle is axis-aligned: the raster of [`Mask::rasterise_bounds_only`]
    /// (every pixel whose centre lands in the turned mask rectangle), every pixel of it
    /// counting, so a turned bounds-only body collides as the box around its turned
    /// rectangle, not as the turned rectangle.
    pub pixel_collision: bool,
    /// Static or moving.
    pub kind: BodyKind,
    /// Which bodies it may touch.
    pub filter: Filter,
    /// Anything the caller wants back with the body (an entity index, a pointer).
    pub user_data: u64,
}

impl BodyDef {
    /// A moving pixel body at `(x, y)` with the default filter and user data 0.
    pub fn new(mask: &Mask, x: i32, y: i32) -> BodyDef {
        BodyDef {
            mask: mask.clone(),
            placement: Placement::At(x, y),
            pixel_collision: true,
            kind: BodyKind::Moving,
            filter: Filter::default(),
            user_data: 0,
        }
    }
}

/// A body as the world holds it.
#[derive(Debug, Clone)]
pub(super) struct Body {
    pub(super) def: BodyDef,
    /// A transformed body's raster; `None` when placed at a pixel (the queries then use
    /// the definition's mask itself, so that the body holds one reference to it: an
    /// edit through [`World::edit_mask`] need not copy it).
    pub(super) raster: Option<Mask>,
    /// The position of the mask the queries use (the definition's, or the raster's).
    pub(super) x: i32,
    pub(super) y: i32,
    /// The world box the broad phase uses (solid bounds; the rectangle when bounds-only);
    /// `None` when empty.
    pub(super) aabb: Option<Rect>,
}

impl Body {
    pub(super) fn new(def: BodyDef) -> Result<Body> {
        let mut b = Body {
            raster: None,
            x: 0,
            y: 0,
            aabb: None,
            def,
        };
        b.place()?;
        Ok(b)
    }

    /// Sets the shape and box from the definition's placement.
    pub(super) fn place(&mut self) -> Result<()> {
        match self.def.placement {
            Placement::At(x, y) => {
                self.raster = None;
                (self.x, self.y) = (x, y);
            }
            Placement::Transformed(t) => {
                let r = if self.def.pixel_collision {
                    self.def.mask.rasterise(&t)?
                } else {
                    self.def.mask.rasterise_bounds_only(&t)?
                };
                (self.raster, self.x, self.y) = (Some(r.mask), r.x, r.y);
            }
        }
        self.aabb = sprite_box(&self.sprite());
        Ok(())
    }

    pub(super) fn sprite(&self) -> Sprite<'_> {
        Sprite {
            mask: self.raster.as_ref().unwrap_or(&self.def.mask),
            x: self.x,
            y: self.y,
            pixel_collision: self.def.pixel_collision,
        }
    }
}

/// A slot: its generation, and its body while alive.
#[derive(Debug, Clone)]
pub(super) struct Slot {
    pub(super) generation: u32,
    pub(super) body: Option<Body>,
}

impl World {
    /// Adds a body; fails as [`Mask::rasterise`] does for a bad transform, and with
    /// [`Error::OutOfMemory`].
    pub fn create_body(&mut self, def: BodyDef) -> Result<BodyId> {
        let body = Body::new(def)?;
        self.index.take();
        self.statics_stale |= body.def.kind == BodyKind::Static;
        if let Some(index) = self.free.pop() {
            let slot = &mut self.slots[index as usize];
            slot.body = Some(body);
            return Ok(BodyId {
                index,
                generation: slot.generation,
                world: self.tag.0,
            });
        }
        let index = u32::try_from(self.slots.len())
            .map_err(|_| Error::InvalidArgument("a world holds at most 2^32 bodies".into()))?;
        self.slots.try_reserve(1).map_err(|_| Error::OutOfMemory)?;
        self.slots.push(Slot {
            generation: 0,
            body: Some(body),
        });
        Ok(BodyId {
            index,
            generation: 0,
            world: self.tag.0,
        })
    }

    pub(super) fn slot(&self, id: BodyId) -> Result<&Body> {
        self.ours(id)?;
        self.slots
            .get(id.index as usize)
            .filter(|s| s.generation == id.generation)
            .and_then(|s| s.body.as_ref())
            .ok_or_else(|| stale(id))
    }

    /// A body to change (the queries' index is rebuilt at the next query).
    pub(super) fn slot_mut(&mut self, id: BodyId) -> Result<&mut Body> {
        self.ours(id)?;
        self.index.take();
        let b = self
            .slots
            .get_mut(id.index as usize)
            .filter(|s| s.generation == id.generation)
            .and_then(|s| s.body.as_mut())
            .ok_or_else(|| stale(id))?;
        self.statics_stale |= b.def.kind == BodyKind::Static;
        Ok(b)
    }

    /// Removes a body. Its touching pairs end at the next update (as end events, with its
    /// id). Its slot is reused with a new generation, so the id stays refused.
    pub fn destroy_body(&mut self, id: BodyId) -> Result<()> {
        self.statics_stale |= self.slot(id)?.def.kind == BodyKind::Static;
        self.free.try_reserve(1).map_err(|_| Error::OutOfMemory)?;
        self.index.take();
        let slot = &mut self.slots[id.index as usize];
        slot.body = None;
        slot.generation = slot.generation.wrapping_add(1);
        self.free.push(id.index);
        Ok(())
    }

    /// Whether `id` names a live body.
    pub fn contains(&self, id: BodyId) -> bool {
        self.slot(id).is_ok()
    }

    /// How many bodies are alive.
    pub fn len(&self) -> usize {
        self.slots.len() - self.free.len()
    }

    /// Whether no body is alive.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Moves a body's mask pixel `(0, 0)` to `(x, y)` (a transformed body becomes a plain
    /// one there).
    pub fn move_body(&mut self, id: BodyId, x: i32, y: i32) -> Result<()> {
        let b = self.slot_mut(id)?;
        if let Placement::At(..) = b.def.placement {
            // The shape is the mask itself: only the box moves.
            let (dx, dy) = (x as i64 - b.x as i64, y as i64 - b.y as i64);
            b.def.placement = Placement::At(x, y);
            (b.x, b.y) = (x, y);
            b.aabb = b.aabb.map(|a| a.shifted(dx, dy));
            return Ok(());
        }
        b.def.placement = Placement::At(x, y);
        b.place()
    }

    /// Moves many bodies in one call: `ids[i]` to `positions[i]`. Checks every id first
    /// and moves none when one is stale or the lengths differ.
    pub fn move_bodies(&mut self, ids: &[BodyId], positions: &[(i32, i32)]) -> Result<()> {
        if ids.len() != positions.len() {
            return Err(Error::InvalidArgument(format!(
                "{} ids but {} positions",
                ids.len(),
                positions.len()
            )));
        }
        for &id in ids {
            self.slot(id)?;
        }
        for (&id, &(x, y)) in ids.iter().zip(positions) {
            self.move_body(id, x, y)?;
        }
        Ok(())
    }

    /// Places a body by a transform (rasterised now, once).
    pub fn set_transform(&mut self, id: BodyId, t: &Transform) -> Result<()> {
        let b = self.slot_mut(id)?;
        let before = b.def.placement;
        b.def.placement = Placement::Transformed(*t);
        if let Err(e) = b.place() {
            b.def.placement = before;
            b.place()?;
            return Err(e);
        }
        Ok(())
    }

    /// Gives a body another mask (shared, not copied), at the same placement.
    pub fn set_mask(&mut self, id: BodyId, mask: &Mask) -> Result<()> {
        let b = self.slot_mut(id)?;
        let before = std::mem::replace(&mut b.def.mask, mask.clone());
        if let Err(e) = b.place() {
            b.def.mask = before;
            b.place()?;
            return Err(e);
        }
        Ok(())
    }

    /// Edits a body's mask with `edit` (the [`Mask`] editing methods: a crater blown into
    /// the terrain, a wall dug through), then places the body again, so the queries see
    /// the edit at once and the next update's pairs follow it. For a body placed at a
    /// pixel that costs what the edit costs (the box comes from the mask's cached solid
    /// bounds); a transformed body is rasterised again.
    ///
    /// Masks are values: the body's mask is shared with every clone of it (the one the
    /// `BodyDef` was made from, other bodies made from it), and the first edit of a
    /// shared mask copies it (copy on write), so those keep their pixels and only this
    /// body changes. Drop the other clones (or build the body from the only one) and
    /// every edit is in place, at the cost of the pixels it touches. Returns what `edit`
    /// returns. When a transformed body's new raster cannot be made (out of memory), the
    /// error is returned and the body keeps its old raster until it is placed again
    /// (the mask keeps the edit).
    ///
    /// ```
    /// use perpixel::{BodyDef, BodyKind, Mask, World};
    /// let ground = Mask::full(100, 20)?;
    /// let ball = Mask::full(4, 4)?;
    /// let mut world = World::new();
    /// let floor = world.create_body(BodyDef { kind: BodyKind::Static, ..BodyDef::new(&ground, 0, 50) })?;
    /// drop(ground); // the world's is the only clone now: edits are in place
    /// let b = world.create_body(BodyDef::new(&ball, 10, 48))?;
    /// world.update()?;
    /// assert_eq!(world.touching().len(), 1);
    /// // Blow a crater under the ball (radius 8 around the ground's top pixel (12, 0)).
    /// world.edit_mask(floor, |m| m.fill_circle(12, 0, 8, false))??;
    /// world.update()?;
    /// assert!(world.touching().is_empty());
    /// # let _ = b;
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn edit_mask<R>(&mut self, id: BodyId, edit: impl FnOnce(&mut Mask) -> R) -> Result<R> {
        let b = self.slot_mut(id)?;
        let r = edit(&mut b.def.mask);
        b.place()?;
        Ok(r)
    }

    /// Changes a body's filter (its pairs change at the next update).
    pub fn set_filter(&mut self, id: BodyId, filter: Filter) -> Result<()> {
        self.slot_mut(id)?.def.filter = filter;
        Ok(())
    }

    /// A body's definition as it stands (its placement follows moves).
    pub fn body(&self, id: BodyId) -> Result<&BodyDef> {
        Ok(&self.slot(id)?.def)
    }

    /// A body as a placed sprite (a transformed body's raster, at its corner as
    /// [`Mask::rasterise`] gives it: the smallest x and y of the world pixels whose
    /// centres land in the transformed mask rectangle, solid texels or not; neither the
    /// transform's position nor, in general, the corner of the solid pixels).
    pub fn sprite(&self, id: BodyId) -> Result<Sprite<'_>> {
        Ok(self.slot(id)?.sprite())
    }

    /// Every live body, in index order.
    pub fn bodies(&self) -> impl Iterator<Item = BodyId> + '_ {
        self.slots.iter().enumerate().filter_map(|(i, s)| {
            s.body.as_ref().map(|_| BodyId {
                index: i as u32,
                generation: s.generation,
                world: self.tag.0,
            })
        })
    }
}

/// A sprite's world box (in i64: a position plus a mask size may pass i32): its solid
/// bounds, its rectangle when bounds-only; `None` when it has no pixel that can touch.
pub(super) fn sprite_box(s: &Sprite) -> Option<Rect> {
    let (x, y) = (s.x as i64, s.y as i64);
    let (x0, y0, w, h) = if s.pixel_collision {
        let r = s.mask.solid_bounds()?;
        (r.x as i64, r.y as i64, r.width as i64, r.height as i64)
    } else {
        (0, 0, s.mask.width() as i64, s.mask.height() as i64)
    };
    (w > 0 && h > 0).then_some(Rect::new(x + x0, x + x0 + w, y + y0, y + y0 + h))
}

/// The error of a stale or unknown id.
pub(super) fn stale(id: BodyId) -> Error {
    Error::StaleBody {
        index: id.index,
        generation: id.generation,
    }
}
