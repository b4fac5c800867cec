//! A world of many sprites: bodies that share masks, a broad phase that finds the pairs
//! whose boxes meet, the pixel test on those, and the touching pairs with begin and end
//! events from one update to the next.
//!
//! Bodies are named by [`BodyId`]s: an index, a generation and the world's tag, so an id
//! whose body was destroyed (even if its slot was reused) is refused with an error, never
//! mistaken for another body, and an id from another world is refused with its own error
//! ([`Error::WrongWorld`]), never taken for this world's body of the same index.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::{
    Bounds2D, Error, Mask, Normal, Point, PushOut, RayHit, Result, Sprite, Sweep, Transform,
};

/// A body of a [`World`]: an index, the generation of its slot and the tag of the world
/// that made it (as Box2D v3's `b2BodyId` carries its world). Ids of destroyed bodies are
/// refused with [`Error::StaleBody`] (the slot's generation moved on), ids made by another
/// world with [`Error::WrongWorld`]. Laid out as C's `pp_body_id` (12 bytes).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BodyId {
    /// The body's slot.
    pub index: u32,
    /// The slot's generation when the body was made.
    pub generation: u32,
    /// The tag of the world that made it ([`World::tag`]); never 0, so a zeroed id
    /// belongs to no world.
    pub world: u32,
}

/// A world's tag: unique in the process (a counter from 1, skipping 0 when it wraps
/// after 2^32 - 1 worlds), drawn when the world is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct WorldTag(u32);

impl Default for WorldTag {
    fn default() -> Self {
        static NEXT: AtomicU32 = AtomicU32::new(1);
        loop {
            let tag = NEXT.fetch_add(1, Ordering::Relaxed);
            if tag != 0 {
                return WorldTag(tag);
            }
        }
    }
}

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

/// Two touching bodies, `a.index < b.index`. Laid out as C's `pp_pair`, so the C ABI
/// hands out the world's own lists.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair {
    /// The body with the smaller index.
    pub a: BodyId,
    /// The other.
    pub b: BodyId,
}

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

/// A body as the world holds it.
#[derive(Debug, Clone)]
struct Body {
    def: BodyDef,
    /// A transformed body's raster; `None` when placed at a pixel (the queries then use
    /// the definition's mask itself, so that the body holds one reference to it: an
    /// edit through [`World::edit_mask`] need not copy it).
    raster: Option<Mask>,
    /// The position of the mask the queries use (the definition's, or the raster's).
    x: i32,
    y: i32,
    /// The world box the broad phase uses (solid bounds; the rectangle when bounds-only);
    /// `None` when empty.
    aabb: Option<(i64, i64, i64, i64)>,
}

impl Body {
    fn new(def: BodyDef) -> Result<Body> {
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
    fn place(&mut self) -> Result<()> {
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

    fn sprite(&self) -> Sprite<'_> {
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
struct Slot {
    generation: u32,
    body: Option<Body>,
}

/// The side of a broad-phase grid cell, in pixels.
pub const CELL: i64 = 64;

/// Many sprites, updated together.
///
/// ```
/// use perpixel::{BodyDef, BodyKind, Mask, World};
/// let ground = Mask::full(400, 40)?;
/// let ball = Mask::from_fn(10, 10, |x, y| (x as i32 - 5).pow(2) + (y as i32 - 5).pow(2) < 25)?;
/// let mut world = World::new();
/// let floor = world.create_body(BodyDef { kind: BodyKind::Static, ..BodyDef::new(&ground, 0, 100) })?;
/// let a = world.create_body(BodyDef::new(&ball, 20, 80))?;
/// let b = world.create_body(BodyDef::new(&ball, 200, 80))?;
/// world.update()?;
/// assert!(world.touching().is_empty());
/// world.move_body(a, 20, 91)?; // sinks into the ground
/// world.update()?;
/// assert_eq!(world.touching().len(), 1);
/// assert_eq!((world.begin_events()[0].a, world.begin_events()[0].b), (floor, a));
/// world.destroy_body(a)?;
/// assert!(world.move_body(a, 0, 0).is_err()); // a stale id
/// world.update()?;
/// assert_eq!(world.end_events().len(), 1);
/// # let _ = b;
/// # Ok::<(), perpixel::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct World {
    /// This world's tag, carried by every id it makes.
    tag: WorldTag,
    slots: Vec<Slot>,
    free: Vec<u32>,
    touching: Vec<Pair>,
    begins: Vec<Pair>,
    ends: Vec<Pair>,
    /// Scratch of the broad phase, kept between updates (no allocation once warm).
    scratch: Scratch,
    /// The boxes the queries search, built by the first query after a change (reset by
    /// every change to a body).
    index: OnceLock<Option<Index>>,
    /// The static bodies with boxes by left edge then index, for the broad phase; redone
    /// by the first update after a static body changes (`statics_stale`).
    static_order: Vec<u32>,
    statics_stale: bool,
}

/// Bodies wider than this are kept apart from the sorted boxes of [`Index`] (a wide one
/// would widen every search).
const WIDE: i64 = 4 * CELL;

/// The live bodies' boxes for the world queries: those at most [`WIDE`] pixels wide
/// sorted by left edge, so that a query box finds them by a binary search, and the wider
/// ones (terrain) listed. Boxes as `(x0, x1, y0, y1, slot)`.
#[derive(Debug, Default)]
struct Index {
    narrow: Vec<(i64, i64, i64, i64, u32)>,
    /// The widest box in `narrow`.
    widest: i64,
    wide: Vec<(i64, i64, i64, i64, u32)>,
}

impl Index {
    /// The index of `slots`, `None` when its memory cannot be had (the queries then
    /// scan every body).
    fn new(slots: &[Slot]) -> Option<Index> {
        let mut ix = Index::default();
        for (i, s) in slots.iter().enumerate() {
            let Some((x0, x1, y0, y1)) = s.body.as_ref().and_then(|b| b.aabb) else {
                continue;
            };
            let list = if x1 - x0 > WIDE {
                &mut ix.wide
            } else {
                ix.widest = ix.widest.max(x1 - x0);
                &mut ix.narrow
            };
            list.try_reserve(1).ok()?;
            list.push((x0, x1, y0, y1, i as u32));
        }
        ix.narrow.sort_unstable();
        Some(ix)
    }

    /// The slots of the bodies whose boxes meet the box `(x0, x1, y0, y1)`, in index
    /// order; `None` when the list's memory cannot be had.
    fn meeting(&self, (x0, x1, y0, y1): (i64, i64, i64, i64)) -> Option<Vec<u32>> {
        let meets = |b: &&(i64, i64, i64, i64, u32)| b.0 < x1 && x0 < b.1 && b.2 < y1 && y0 < b.3;
        let from = self
            .narrow
            .partition_point(|b| b.0 <= x0.saturating_sub(self.widest));
        let to = self.narrow.partition_point(|b| b.0 < x1).max(from);
        let mut out = Vec::new();
        for b in self.narrow[from..to].iter().chain(&self.wide).filter(meets) {
            out.try_reserve(1).ok()?;
            out.push(b.4);
        }
        out.sort_unstable();
        Some(out)
    }
}

/// The broad phase's buffers, reused from update to update.
#[derive(Debug, Default)]
struct Scratch {
    /// Moving bodies with boxes, in index order (empty between updates: the lifetime is
    /// the update's, see [`recycle`]).
    moving: Vec<Proxy<'static>>,
    /// Static bodies with boxes, sorted by left edge (then index) for the x-range search.
    statics: Vec<Proxy<'static>>,
    /// Per grid cell: counts, then starts, then ends (the counting sort).
    counts: Vec<u32>,
    /// (cell key, dense index) when the grid is too sparse to count.
    keyed: Vec<(u64, u32)>,
    /// The moving bodies grouped by cell, each with its box in that cell.
    order: Vec<Entry>,
    /// Cells holding two or more bodies: (begin, end) into `order`.
    runs: Vec<(u32, u32)>,
    /// The touching pairs as `lo << 32 | hi` slot indices, sorted at the end.
    hits: Vec<u64>,
    /// The radix sort's other buffer.
    tmp: Vec<u64>,
    /// Each slot's generation, by index (dense, for turning keys into ids).
    gens: Vec<u32>,
    /// The touching list of the update before last, kept for its allocation.
    spare: Vec<Pair>,
}

/// A moving body in a cell: its dense index and its box relative to the cell's corner,
/// clamped to `-1..=CELL` (`x0, x1, y0, y1`). Whether two boxes meet with the top-left
/// corner of their intersection in the cell reads the same on the clamped values (the
/// clamp is monotonic and keeps the cell), and they fit in i16, for vector code.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    d: u32,
    b: [i16; 4],
}

impl Entry {
    fn new(d: usize, a: &(i64, i64, i64, i64), cx: i64, cy: i64) -> Entry {
        let rel = |v: i64, o: i64| (v - o).clamp(-1, CELL) as i16;
        let (ox, oy) = (cx * CELL, cy * CELL);
        Entry {
            d: d as u32,
            b: [rel(a.0, ox), rel(a.1, ox), rel(a.2, oy), rel(a.3, oy)],
        }
    }
}

/// A body as the broad phase and the pixel tests see it: its box, filter and sprite in
/// one dense array, so that the pair loops read neither the slots nor the definitions
/// (scattered over memory, they cost a cache miss or three per body and pair).
#[derive(Debug, Clone, Copy)]
struct Proxy<'a> {
    aabb: (i64, i64, i64, i64),
    slot: u32,
    filter: Filter,
    /// A pixel sprite one word wide (at most 64 pixels): [`one_word_collides`] applies.
    narrow: bool,
    sprite: Sprite<'a>,
}

impl Proxy<'_> {
    /// Whether two bodies whose boxes meet share a solid pixel ([`Sprite::collides`]).
    fn touches(&self, q: &Proxy) -> bool {
        if self.narrow && q.narrow {
            one_word_collides(self, q)
        } else {
            self.sprite.collides(&q.sprite)
        }
    }
}

/// [`Sprite::collides`] for two pixel sprites at most 64 pixels wide whose solid boxes
/// (`aabb`) meet: over the rows both boxes span, each row's word of one shifted onto the
/// other's and ANDed (their x offset is under 64, since the boxes meet), eight rows between
/// looks at the answer.
fn one_word_collides(p: &Proxy, q: &Proxy) -> bool {
    let (y0, y1) = (p.aabb.2.max(q.aabb.2), p.aabb.3.min(q.aabb.3));
    fn rows<'s>(s: &Sprite<'s>, y0: i64, y1: i64) -> &'s [u64] {
        let from = (y0 - s.y as i64) as usize;
        &s.mask.padded_bits()[from..from + (y1 - y0) as usize]
    }
    let (ra, rb) = (rows(&p.sprite, y0, y1), rows(&q.sprite, y0, y1));
    // World pixel X is bit X - x of each: q's bit j meets p's bit j + dx.
    let dx = q.sprite.x as i64 - p.sprite.x as i64;
    let (sa, sb) = if dx >= 0 {
        (dx as u32, 0)
    } else {
        (0, (-dx) as u32)
    };
    ra.chunks(8).zip(rb.chunks(8)).any(|(ca, cb)| {
        ca.iter()
            .zip(cb)
            .fold(0, |acc, (&a, &b)| acc | ((a >> sa) & (b >> sb)))
            != 0
    })
}

/// `v` emptied, with another lifetime, keeping its allocation (an in-place collect of
/// nothing): the scratch keeps proxies between updates without borrowing the world.
fn recycle<'b>(mut v: Vec<Proxy<'_>>) -> Vec<Proxy<'b>> {
    v.clear();
    v.into_iter()
        .map(|_| unreachable!("an empty vector"))
        .collect()
}

impl World {
    /// An empty world.
    pub fn new() -> World {
        World::default()
    }

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

    /// This world's tag: unique among the worlds of the process (made one after another
    /// from 1; 0 is never a tag), and carried by every [`BodyId`] the world makes.
    pub fn tag(&self) -> u32 {
        self.tag.0
    }

    /// `Ok` when `id` was made by this world, else [`Error::WrongWorld`].
    fn ours(&self, id: BodyId) -> Result<()> {
        if id.world == self.tag.0 {
            Ok(())
        } else {
            Err(Error::WrongWorld {
                index: id.index,
                generation: id.generation,
                world: id.world,
                this_world: self.tag.0,
            })
        }
    }

    fn slot(&self, id: BodyId) -> Result<&Body> {
        self.ours(id)?;
        self.slots
            .get(id.index as usize)
            .filter(|s| s.generation == id.generation)
            .and_then(|s| s.body.as_ref())
            .ok_or_else(|| stale(id))
    }

    /// A body to change (the queries' index is rebuilt at the next query).
    fn slot_mut(&mut self, id: BodyId) -> Result<&mut Body> {
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
            b.aabb = b
                .aabb
                .map(|(x0, x1, y0, y1)| (x0 + dx, x1 + dx, y0 + dy, y1 + dy));
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

    /// Finds the touching pairs: bodies whose filters allow it, not both static, sharing
    /// a solid world pixel ([`Sprite::collides`]). Then [`World::touching`] lists them in
    /// order (by `a`, then `b`), [`World::begin_events`] those that did not touch at the
    /// previous update and [`World::end_events`] those that touched then and do not now
    /// (destroyed bodies' pairs included). The same bodies give the same lists, in the
    /// same order, on every platform.
    pub fn update(&mut self) -> Result<()> {
        let oom = |_| Error::OutOfMemory;
        if self.statics_stale {
            let mut order = std::mem::take(&mut self.static_order);
            order.clear();
            for (i, s) in self.slots.iter().enumerate() {
                if let Some(b) = s.body.as_ref().filter(|b| b.def.kind == BodyKind::Static) {
                    if b.aabb.is_some() {
                        order.try_reserve(1).map_err(oom)?;
                        order.push(i as u32);
                    }
                }
            }
            let left = |i: &u32| self.slots[*i as usize].body.as_ref().and_then(|b| b.aabb);
            order.sort_unstable_by_key(|i| (left(i).map(|a| a.0), *i));
            self.static_order = order;
            self.statics_stale = false;
        }
        let mut sc = std::mem::take(&mut self.scratch);
        let r = self.broad_and_narrow(&mut sc);
        // The new list in the buffer of the one before last (no allocation once warm).
        let mut now = std::mem::take(&mut sc.spare);
        self.scratch = sc;
        r?;
        now.clear();
        now.try_reserve(self.scratch.hits.len()).map_err(oom)?;
        let (gens, world) = (&self.scratch.gens, self.tag.0);
        now.extend(self.scratch.hits.iter().map(|&k| {
            let (a, b) = ((k >> 32) as u32, k as u32);
            Pair {
                a: BodyId {
                    index: a,
                    generation: gens[a as usize],
                    world,
                },
                b: BodyId {
                    index: b,
                    generation: gens[b as usize],
                    world,
                },
            }
        }));
        // Events: the sorted lists merged, into room reserved first (on failure the
        // last update's lists stay as they were).
        let before = &self.touching;
        let need = |v: &Vec<Pair>, n: usize| n.saturating_sub(v.len());
        self.begins
            .try_reserve(need(&self.begins, now.len()))
            .map_err(oom)?;
        self.ends
            .try_reserve(need(&self.ends, before.len()))
            .map_err(oom)?;
        self.begins.clear();
        self.ends.clear();
        let (mut p, mut q) = (0, 0);
        while p < now.len() && q < before.len() {
            let (x, y) = (now[p], before[q]);
            if x < y {
                self.begins.push(x);
                p += 1;
            } else if y < x {
                self.ends.push(y);
                q += 1;
            } else {
                p += 1;
                q += 1;
            }
        }
        self.begins.extend_from_slice(&now[p..]);
        self.ends.extend_from_slice(&before[q..]);
        self.scratch.spare = std::mem::replace(&mut self.touching, now);
        Ok(())
    }

    /// The broad phase and the pixel tests: `scratch.hits` ends as the touching pairs'
    /// keys (`lo << 32 | hi`, slot indices), sorted.
    fn broad_and_narrow(&self, sc: &mut Scratch) -> Result<()> {
        let mut moving = recycle(std::mem::take(&mut sc.moving));
        let mut statics = recycle(std::mem::take(&mut sc.statics));
        let r = self.pairs(sc, &mut moving, &mut statics);
        sc.moving = recycle(moving);
        sc.statics = recycle(statics);
        r
    }

    /// [`World::broad_and_narrow`] with the proxies' buffers.
    fn pairs<'a>(
        &'a self,
        sc: &mut Scratch,
        moving: &mut Vec<Proxy<'a>>,
        statics: &mut Vec<Proxy<'a>>,
    ) -> Result<()> {
        let oom = |_| Error::OutOfMemory;
        let proxy = |slot: u32, b: &'a Body| {
            let sprite = b.sprite();
            Proxy {
                aabb: b.aabb.expect("a body with a box"),
                slot,
                filter: b.def.filter,
                narrow: sprite.pixel_collision && sprite.mask.words_per_row() == 1,
                sprite,
            }
        };
        sc.hits.clear();
        sc.gens.clear();
        sc.gens.try_reserve(self.slots.len()).map_err(oom)?;
        sc.gens.extend(self.slots.iter().map(|s| s.generation));
        // The moving bodies with boxes, in index order.
        let (mut gx0, mut gx1, mut gy0, mut gy1) = (i64::MAX, i64::MIN, i64::MAX, i64::MIN);
        let mut covered = 0usize;
        for (i, s) in self.slots.iter().enumerate() {
            let Some(b) = &s.body else { continue };
            let Some(a) = b.aabb else { continue };
            if b.def.kind == BodyKind::Static {
                continue;
            }
            let proxy = proxy(i as u32, b);
            let (cx0, cx1) = (a.0.div_euclid(CELL), (a.1 - 1).div_euclid(CELL));
            let (cy0, cy1) = (a.2.div_euclid(CELL), (a.3 - 1).div_euclid(CELL));
            (gx0, gx1, gy0, gy1) = (gx0.min(cx0), gx1.max(cx1), gy0.min(cy0), gy1.max(cy1));
            covered = covered.saturating_add(((cx1 - cx0 + 1) * (cy1 - cy0 + 1)) as usize);
            moving.try_reserve(1).map_err(oom)?;
            moving.push(proxy);
        }
        // Every (cell, body) of the moving bodies, grouped by cell with each cell's bodies
        // in index order: a counting sort over the grid spanned by the boxes when it is
        // small beside the entries, a sort of the cell keys otherwise.
        sc.order.clear();
        sc.runs.clear();
        let grid = if moving.is_empty() {
            None
        } else {
            let (w, h) = ((gx1 - gx0 + 1) as u128, (gy1 - gy0 + 1) as u128);
            (w * h <= (4 * covered as u128).max(4096)).then_some((w as i64, (w * h) as usize))
        };
        sc.order.try_reserve(covered).map_err(oom)?;
        if let Some((gw, cells)) = grid {
            sc.counts.clear();
            sc.counts.try_reserve(cells + 1).map_err(oom)?;
            sc.counts.resize(cells + 1, 0);
            let each = |a: &(i64, i64, i64, i64), f: &mut dyn FnMut(usize, i64, i64)| {
                for cy in a.2.div_euclid(CELL)..=(a.3 - 1).div_euclid(CELL) {
                    let row = (cy - gy0) * gw - gx0;
                    for cx in a.0.div_euclid(CELL)..=(a.1 - 1).div_euclid(CELL) {
                        f((row + cx) as usize, cx, cy);
                    }
                }
            };
            for p in moving.iter() {
                each(&p.aabb, &mut |c, _, _| sc.counts[c + 1] += 1);
            }
            for c in 0..cells {
                sc.counts[c + 1] += sc.counts[c];
            }
            sc.order.resize(covered, Entry::default());
            for (d, p) in moving.iter().enumerate() {
                each(&p.aabb, &mut |c, cx, cy| {
                    sc.order[sc.counts[c] as usize] = Entry::new(d, &p.aabb, cx, cy);
                    sc.counts[c] += 1;
                });
            }
            // counts[c] is now the end of cell c.
            let mut begin = 0u32;
            sc.runs.try_reserve(cells).map_err(oom)?;
            for c in 0..cells {
                let end = sc.counts[c];
                if end - begin >= 2 {
                    sc.runs.push((begin, end));
                }
                begin = end;
            }
        } else {
            sc.keyed.clear();
            sc.keyed.try_reserve(covered).map_err(oom)?;
            for (d, p) in moving.iter().enumerate() {
                let a = p.aabb;
                for cy in a.2.div_euclid(CELL)..=(a.3 - 1).div_euclid(CELL) {
                    for cx in a.0.div_euclid(CELL)..=(a.1 - 1).div_euclid(CELL) {
                        sc.keyed.push((cell_key(cx, cy), d as u32));
                    }
                }
            }
            sc.keyed.sort_unstable();
            let mut run = 0;
            while run < sc.keyed.len() {
                let key = sc.keyed[run].0;
                let mut end = run;
                while end < sc.keyed.len() && sc.keyed[end].0 == key {
                    end += 1;
                }
                if end - run >= 2 {
                    sc.runs.try_reserve(1).map_err(oom)?;
                    sc.runs.push((run as u32, end as u32));
                }
                run = end;
            }
            sc.order.extend(sc.keyed.iter().map(|&(key, d)| {
                let (cx, cy) = key_cell(key);
                Entry::new(d as usize, &moving[d as usize].aabb, cx, cy)
            }));
        }
        // Pairs of moving bodies sharing a cell, each kept in one cell only: the one
        // holding the top-left corner of the intersection of their boxes, then tested
        // there while the cell's proxies are in cache.
        // Branch-free: every pair of a cell writes its key and the count moves on only
        // for the kept ones (the verdicts are too mixed for a predictor).
        for &(begin, end) in &sc.runs {
            let cell = &sc.order[begin as usize..end as usize];
            let k = cell.len();
            for n in 0..k {
                let [ax0, ax1, ay0, ay1] = cell[n].b;
                let mut from = n + 1;
                while from < k {
                    let to = k.min(from + 64);
                    // One bit per later body of the cell: kept (boxes meet, corner here).
                    let mut bits = 0u64;
                    for (t, e) in cell[from..to].iter().enumerate() {
                        let [bx0, bx1, by0, by1] = e.b;
                        let (ix, iy) = (ax0.max(bx0), ay0.max(by0));
                        let keep =
                            (ix >= 0) & (iy >= 0) & (ix < ax1.min(bx1)) & (iy < ay1.min(by1));
                        bits |= (keep as u64) << t;
                    }
                    while bits != 0 {
                        let j = from + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let p = &moving[cell[n].d as usize];
                        let q = &moving[cell[j].d as usize];
                        if p.filter.allows(&q.filter) && p.touches(q) {
                            sc.hits.try_reserve(1).map_err(oom)?;
                            // The smaller dense index has the smaller slot.
                            let (lo, hi) = (p.slot.min(q.slot) as u64, p.slot.max(q.slot) as u64);
                            sc.hits.push((lo << 32) | hi);
                        }
                    }
                    from = to;
                }
            }
        }
        // Moving bodies against static ones, through the statics sorted by left edge: a
        // moving box meets only statics whose left edge lies in (its left - the widest
        // static's width, its right).
        statics.try_reserve(self.static_order.len()).map_err(oom)?;
        for &i in &self.static_order {
            let b = self.slots[i as usize]
                .body
                .as_ref()
                .expect("a live static body");
            statics.push(proxy(i, b));
        }
        let widest = statics
            .iter()
            .map(|o| o.aabb.1 - o.aabb.0)
            .max()
            .unwrap_or(0);
        for p in moving.iter() {
            let a = p.aabb;
            let from = statics.partition_point(|o| o.aabb.0 <= a.0 - widest);
            let to = statics.partition_point(|o| o.aabb.0 < a.1);
            for q in &statics[from..to.max(from)] {
                let o = q.aabb;
                if a.0 < o.1
                    && o.0 < a.1
                    && a.2 < o.3
                    && o.2 < a.3
                    && p.filter.allows(&q.filter)
                    && p.touches(q)
                {
                    let (lo, hi) = (p.slot.min(q.slot) as u64, p.slot.max(q.slot) as u64);
                    sc.hits.try_reserve(1).map_err(oom)?;
                    sc.hits.push((lo << 32) | hi);
                }
            }
        }
        // Sorted by a radix sort of the keys packed to twice the bits of a slot index
        // (the pixel tests' order is the cells', far from sorted); small lists by a sort.
        let bits = u32::BITS - (self.slots.len() as u32).leading_zeros();
        if sc.hits.len() < 2048 || bits > 24 {
            sc.hits.sort_unstable();
        } else {
            for k in sc.hits.iter_mut() {
                *k = ((*k >> 32) << bits) | (*k & 0xFFFF_FFFF);
            }
            radix_sort(&mut sc.hits, &mut sc.tmp, &mut sc.counts, 2 * bits)?;
            let low = (1u64 << bits) - 1;
            for k in sc.hits.iter_mut() {
                *k = ((*k >> bits) << 32) | (*k & low);
            }
        }
        Ok(())
    }

    /// The pairs touching at the last update, sorted by `a` then `b`.
    pub fn touching(&self) -> &[Pair] {
        &self.touching
    }

    /// The pairs that began touching at the last update, sorted.
    pub fn begin_events(&self) -> &[Pair] {
        &self.begins
    }

    /// The pairs that stopped touching at the last update (or lost a body), sorted.
    pub fn end_events(&self) -> &[Pair] {
        &self.ends
    }

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
        self.near((x, x.saturating_add(1), y, y.saturating_add(1)))
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
        let (x0, x1, y0, y1) = (rect.x_min(), rect.x_max(), rect.y_min(), rect.y_max());
        self.near((x0, x1, y0, y1))
            .into_iter()
            .filter(|&id| {
                let b = self.slot(id).expect("a live body");
                b.def.filter.allows(filter) && b.sprite().has_solid_in(x0, x1, y0, y1)
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
        let order = self.nearest_first(self.near((x0, x1, y0, y1)), |b| {
            gap(x, b.0, b.1) + gap(y, b.2, b.3)
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
        let Some((x0, x1, y0, y1)) = mover.aabb else {
            return Ok(None);
        };
        let (dx64, dy64) = (dx as i64, dy as i64);
        let path = (
            x0 + dx64.min(0),
            x1 + dx64.max(0),
            y0 + dy64.min(0),
            y1 + dy64.max(0),
        );
        // As for rays: a step moves the body one pixel across or down, so it meets a box
        // no sooner than the gaps between the boxes across and down add up to.
        let gap = |lo: i64, hi: i64, at: i64, to: i64| (at - hi + 1).max(lo - to + 1).max(0) as u64;
        let order = self.nearest_first(self.near(path), |b| {
            gap(x0, x1, b.0, b.1) + gap(y0, y1, b.2, b.3)
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

    /// The live bodies whose boxes meet the box `q` (`x0, x1, y0, y1`), in index order,
    /// through the index (built now when a change reset it); every live body when the
    /// index's memory cannot be had.
    fn near(&self, q: (i64, i64, i64, i64)) -> Vec<BodyId> {
        let id = |index: u32| BodyId {
            index,
            generation: self.slots[index as usize].generation,
            world: self.tag.0,
        };
        let found = self.index.get_or_init(|| Index::new(&self.slots));
        match found.as_ref().and_then(|ix| ix.meeting(q)) {
            Some(slots) => slots.into_iter().map(id).collect(),
            None => self.bodies().collect(),
        }
    }

    /// `ids` with `least(box)` of each (a lower bound of the steps before a ray or sweep
    /// can reach it), by that bound then index.
    fn nearest_first(
        &self,
        ids: Vec<BodyId>,
        least: impl Fn((i64, i64, i64, i64)) -> u64,
    ) -> Vec<(u64, BodyId)> {
        let mut out: Vec<(u64, BodyId)> = ids
            .into_iter()
            .filter_map(|id| Some((least(self.slot(id).ok()?.aabb?), id)))
            .collect();
        out.sort_unstable_by_key(|&(k, id)| (k, id.index));
        out
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

/// A sprite's world box as `(x0, x1, y0, y1)` (in i64: a position plus a mask size may
/// pass i32): its solid bounds, its rectangle when bounds-only; `None` when it has no
/// pixel that can touch.
fn sprite_box(s: &Sprite) -> Option<(i64, i64, i64, i64)> {
    let (x, y) = (s.x as i64, s.y as i64);
    let (x0, y0, w, h) = if s.pixel_collision {
        let r = s.mask.solid_bounds()?;
        (r.x as i64, r.y as i64, r.width as i64, r.height as i64)
    } else {
        (0, 0, s.mask.width() as i64, s.mask.height() as i64)
    };
    (w > 0 && h > 0).then_some((x + x0, x + x0 + w, y + y0, y + y0 + h))
}

/// The error of a stale or unknown id.
fn stale(id: BodyId) -> Error {
    Error::StaleBody {
        index: id.index,
        generation: id.generation,
    }
}

/// Sorts `keys` (each below `2^bits`) by least significant digits first, 11 bits a pass,
/// through `tmp`, reusing `counts`.
fn radix_sort(
    keys: &mut Vec<u64>,
    tmp: &mut Vec<u64>,
    counts: &mut Vec<u32>,
    bits: u32,
) -> Result<()> {
    const DIGIT: u32 = 11;
    tmp.clear();
    tmp.try_reserve(keys.len())
        .map_err(|_| Error::OutOfMemory)?;
    tmp.resize(keys.len(), 0);
    counts.clear();
    counts
        .try_reserve(1 << DIGIT)
        .map_err(|_| Error::OutOfMemory)?;
    let mut shift = 0;
    while shift < bits {
        counts.clear();
        counts.resize(1 << DIGIT, 0);
        let digit = |k: u64| ((k >> shift) & ((1 << DIGIT) - 1)) as usize;
        for &k in keys.iter() {
            counts[digit(k)] += 1;
        }
        let mut sum = 0;
        for c in counts.iter_mut() {
            (*c, sum) = (sum, sum + *c);
        }
        for &k in keys.iter() {
            let d = digit(k);
            tmp[counts[d] as usize] = k;
            counts[d] += 1;
        }
        std::mem::swap(keys, tmp);
        shift += DIGIT;
    }
    Ok(())
}

/// A grid cell as one sortable key.
fn cell_key(cx: i64, cy: i64) -> u64 {
    ((cy as i32 as u32 as u64) << 32) | cx as i32 as u32 as u64
}

/// The cell of a key.
fn key_cell(key: u64) -> (i64, i64) {
    (
        (key as u32 as i32) as i64,
        ((key >> 32) as u32 as i32) as i64,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-word pair test against the plain per-pixel oracle, at every offset where
    /// the solid boxes meet, for masks 1 to 64 pixels wide (64: shifts up to 63).
    #[test]
    fn one_word_collides_matches_the_oracle() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut masks = vec![Mask::full(64, 3).unwrap(), Mask::full(1, 1).unwrap()];
        for (w, h) in [(64, 9), (63, 5), (33, 17), (7, 12), (1, 6), (64, 1)] {
            let d = 1 + next(8);
            masks.push(Mask::from_fn(w, h, |_, _| next(10) < d).unwrap());
        }
        let (mut checked, mut hits) = (0u64, 0u64);
        for a in &masks {
            for b in &masks {
                fn proxy(m: &Mask, x: i32, y: i32) -> Option<Proxy<'_>> {
                    let s = Sprite::new(m, x, y);
                    m.solid_bounds().map(|r| Proxy {
                        aabb: (
                            (x + r.x) as i64,
                            (x + r.x + r.width) as i64,
                            (y + r.y) as i64,
                            (y + r.y + r.height) as i64,
                        ),
                        slot: 0,
                        filter: Filter::default(),
                        narrow: true,
                        sprite: s,
                    })
                }
                let Some(p) = proxy(a, 3, -2) else { continue };
                for y in -20..20 {
                    for x in -70..70 {
                        let Some(q) = proxy(b, x, y) else { continue };
                        let meet = p.aabb.0 < q.aabb.1
                            && q.aabb.0 < p.aabb.1
                            && p.aabb.2 < q.aabb.3
                            && q.aabb.2 < p.aabb.3;
                        if !meet {
                            continue;
                        }
                        let want = crate::reference::collides(&p.sprite, &q.sprite);
                        assert_eq!(one_word_collides(&p, &q), want, "{x}, {y}");
                        checked += 1;
                        hits += want as u64;
                    }
                }
            }
        }
        assert!(checked > 10_000 && hits > 1_000 && hits < checked);
        println!("one_word_collides: {checked} placements checked, {hits} touching");
    }
}
