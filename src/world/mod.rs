//! A world of many sprites: bodies that share masks, a broad phase that finds the pairs
//! whose boxes meet, the pixel test on those, and the touching pairs with begin and end
//! events from one update to the next.
//!
//! Bodies are named by [`BodyId`]s: an index, a generation and the world's tag, so an id
//! whose body was destroyed (even if its slot was reused) is refused with an error, never
//! mistaken for another body, and an id from another world is refused with its own error
//! ([`Error::WrongWorld`]), never taken for this world's body of the same index.

mod body;
mod grid;
mod hash;
mod index;
mod query;
mod snapshot;
mod update;

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

pub use body::{BodyDef, BodyKind, Filter, Placement};
pub use query::Contact;
pub use snapshot::WorldSnapshot;

use crate::{Error, Result};
use body::Slot;
use grid::Scratch;
use index::Index;

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

impl World {
    /// An empty world.
    pub fn new() -> World {
        World::default()
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
}
