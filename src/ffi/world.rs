//! The world: `pp_world *` (many bodies updated together), bodies as generational ids by
//! value, the touching pairs and begin/end events as arrays valid until the next update.
//!
//! A world handle is shared like every handle (reference-counted); its calls take a lock
//! without waiting: a call that changes the world while another call on another thread is
//! using it fails with `PP_ERR_INVALID_ARGUMENT` ("in use") instead of racing. Reading
//! (the event arrays, queries) may happen from many threads at once.

use super::bounds::{pp_bounds, pp_point};
use super::cookie::{Cookied, read_or_default};
use super::error::{Failure, guard, non_null, pp_status, write_out};
use super::handle::{Opaque, borrow, into_handle, release};
use super::mask::{into_handle as mask_handle, mask_ref, pp_mask};
use super::motion::{pp_normal, pp_offset, pp_ray_hit};
use super::query::{pp_sprite, read_sprite};
use super::transform::pp_transform;
use crate::{BodyDef, BodyId, BodyKind, Filter, Pair, Placement, Transform, World};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard, TryLockError};

/// A world of bodies (opaque). Made by `pp_world_new`, released by `pp_world_free`.
pub struct pp_world {
    _opaque: [u8; 0],
}

// SAFETY: zero-sized, never constructed; only the pointee type of world handles.
unsafe impl Opaque for pp_world {
    type Value = RwLock<World>;
}

/// A body of a world, by value (12 bytes): its slot, the slot's generation and the tag of
/// the world that made it. An id whose body was destroyed is refused with
/// `PP_ERR_STALE_BODY` (the slot's generation moved on), never mistaken for another body;
/// an id given to a world that did not make it is refused with `PP_ERR_WRONG_WORLD`,
/// never taken for that world's body of the same index. Treat ids as opaque values from
/// the world; a zeroed id belongs to no world.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct pp_body_id {
    /// The body's slot.
    pub index: u32,
    /// The slot's generation when the body was made.
    pub generation: u32,
    /// The tag of the world that made it: unique in the process, never 0.
    pub world: u32,
}

/// Two touching bodies, `a.index < b.index`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct pp_pair {
    /// The body with the smaller index.
    pub a: pp_body_id,
    /// The other.
    pub b: pp_body_id,
}

// The world hands out its own `Pair` lists as `pp_pair` arrays: the same layout.
const _: () = {
    assert!(size_of::<pp_pair>() == size_of::<Pair>());
    assert!(align_of::<pp_pair>() == align_of::<Pair>());
    assert!(std::mem::offset_of!(pp_pair, b) == std::mem::offset_of!(Pair, b));
    assert!(
        std::mem::offset_of!(pp_body_id, generation) == std::mem::offset_of!(BodyId, generation)
    );
    assert!(std::mem::offset_of!(pp_body_id, world) == std::mem::offset_of!(BodyId, world));
    assert!(size_of::<pp_body_id>() == 12);
};

impl From<pp_body_id> for BodyId {
    fn from(id: pp_body_id) -> BodyId {
        BodyId {
            index: id.index,
            generation: id.generation,
            world: id.world,
        }
    }
}

impl From<BodyId> for pp_body_id {
    fn from(id: BodyId) -> pp_body_id {
        pp_body_id {
            index: id.index,
            generation: id.generation,
            world: id.world,
        }
    }
}

/// Which bodies may touch (Box2D's `b2Filter`): two bodies collide when each one's
/// `mask` has a bit of the other's `category`, unless they share a nonzero `group`: then
/// a positive group always collides and a negative one never. A plain value; start from
/// `pp_filter_default()` (category 1, mask all bits, group 0). A zeroed filter is in no
/// category and collides with nothing.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct pp_filter {
    /// The categories the body is in (bits).
    pub category: u64,
    /// The categories it collides with (bits).
    pub mask: u64,
    /// 0: no group; a shared positive group always collides, a negative one never.
    pub group: i32,
}

impl From<pp_filter> for Filter {
    fn from(f: pp_filter) -> Filter {
        Filter {
            category: f.category,
            mask: f.mask,
            group: f.group,
        }
    }
}

impl From<Filter> for pp_filter {
    fn from(f: Filter) -> pp_filter {
        pp_filter {
            category: f.category,
            mask: f.mask,
            group: f.group,
        }
    }
}

/// The default filter: category 1, colliding with everything, no group.
#[unsafe(no_mangle)]
pub extern "C" fn pp_filter_default() -> pp_filter {
    Filter::default().into()
}

/// What `pp_world_create_body` makes. Start from `pp_body_def_default()`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct pp_body_def {
    /// Set by `pp_body_def_default()`; do not touch.
    pub internal_cookie: u32,
    /// The body's mask (required). The world keeps its own reference: the caller may
    /// `pp_mask_free` its handle right after.
    pub mask: *const pp_mask,
    /// World x of mask pixel (0, 0) (when `transformed` is 0).
    pub x: i32,
    /// World y of mask pixel (0, 0) (when `transformed` is 0).
    pub y: i32,
    /// Nonzero: placed by `transform` (drawn onto the world grid once, as
    /// `pp_mask_rasterise` does) instead of at (x, y). Default 0.
    pub transformed: u8,
    /// The transform when `transformed` is nonzero (from `pp_transform_default()`; the
    /// default def holds a default transform).
    pub transform: pp_transform,
    /// Nonzero (the default): pixel-perfect; 0: collides as its whole rectangle. For a
    /// transformed (turned, scaled) body the whole rectangle is axis-aligned: the
    /// smallest box holding every world pixel whose centre lands in the transformed mask
    /// rectangle (the `bounds_only` raster of `pp_mask_rasterise`, whose every pixel
    /// counts), not the turned rectangle itself.
    pub pixel_collision: u8,
    /// Nonzero: a static body (terrain): never pairs with other static bodies in
    /// `pp_world_update` and stays out of its broad phase. The queries see it like any
    /// other body (`pp_world_sweep` of a static body meets other static bodies). Default
    /// 0 (moving).
    pub is_static: u8,
    /// Which bodies it may touch. Default `pp_filter_default()`.
    pub filter: pp_filter,
    /// Anything the caller wants back with the body. Default 0.
    pub user_data: u64,
}

impl Cookied for pp_body_def {
    const C_NAME: &'static str = "pp_body_def";
    const DEFAULT_FN: &'static str = "pp_body_def_default";
    fn cookie(&self) -> u32 {
        self.internal_cookie
    }
}

impl Default for pp_body_def {
    fn default() -> Self {
        pp_body_def {
            internal_cookie: Self::COOKIE,
            mask: std::ptr::null(),
            x: 0,
            y: 0,
            transformed: 0,
            transform: pp_transform::default(),
            pixel_collision: 1,
            is_static: 0,
            filter: Filter::default().into(),
            user_data: 0,
        }
    }
}

/// A body definition with the defaults: no mask yet (set `mask`), at (0, 0), moving,
/// pixel collision on, the default filter, user data 0.
#[unsafe(no_mangle)]
pub extern "C" fn pp_body_def_default() -> pp_body_def {
    pp_body_def::default()
}

/// The world behind a handle, for reading.
///
/// # Safety
/// `w` NULL or a live world handle.
pub(crate) unsafe fn read_world<'a>(
    w: *const pp_world,
) -> Result<RwLockReadGuard<'a, World>, Failure> {
    // SAFETY: forwarded caller guarantees.
    let lock = unsafe { borrow::<pp_world>(w, "world") }?;
    match lock.try_read() {
        Ok(g) => Ok(g),
        Err(TryLockError::WouldBlock) => Err(in_use()),
        Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
    }
}

/// The world behind a handle, for changing.
///
/// # Safety
/// `w` NULL or a live world handle.
pub(crate) unsafe fn write_world<'a>(
    w: *mut pp_world,
) -> Result<RwLockWriteGuard<'a, World>, Failure> {
    // SAFETY: forwarded caller guarantees.
    let lock = unsafe { borrow::<pp_world>(w, "world") }?;
    match lock.try_write() {
        Ok(g) => Ok(g),
        Err(TryLockError::WouldBlock) => Err(in_use()),
        Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
    }
}

fn in_use() -> Failure {
    Failure::invalid(
        "the world is in use by a call on another thread: a world is not thread-safe for \
         changes (create, move, update, ...); make them from one thread at a time",
    )
}

/// Makes an empty world in `*out` (release it with `pp_world_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `out` is NULL.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_new(out: *mut *mut pp_world) -> pp_status {
    guard(|| {
        non_null(out, "out")?;
        let h = into_handle::<pp_world>(Arc::new(RwLock::new(World::new())));
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, h) };
        Ok(())
    })
}

/// Releases a world (and its references to its bodies' masks). NULL is a no-op.
///
/// # Safety
/// `w` NULL or a live world handle, released once; no call on it may be running.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_free(w: *mut pp_world) {
    let _ = guard(|| {
        // SAFETY: the caller guarantees NULL or a live handle, released only once.
        unsafe { release(w) };
        Ok(())
    });
}

/// Adds a body to the world and writes its id to `*out`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`world`, `def`, `def->mask` or `out`
/// NULL), `PP_ERR_INVALID_ARGUMENT` (a def not from `pp_body_def_default()`, or a world in
/// use on another thread), `PP_ERR_INVALID_TRANSFORM`, `PP_ERR_TOO_LARGE` (a raster past
/// the size limit), `PP_ERR_OVERFLOW` (a transformed body's raster corner past `int32_t`,
/// as `pp_mask_rasterise`), `PP_ERR_OUT_OF_MEMORY`. Not thread-safe for the same world.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OVERFLOW`, `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_INVALID_TRANSFORM`.
///
/// # Safety
/// `world` NULL or a live world handle; `def` NULL or readable, its mask NULL or a live
/// handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_create_body(
    world: *mut pp_world,
    def: *const pp_body_def,
    out: *mut pp_body_id,
) -> pp_status {
    guard(|| {
        non_null(def, "def")?;
        // SAFETY: forwarded caller guarantees; a NULL def was refused above.
        let d = unsafe { read_or_default(def, "def", pp_body_def::default, |d| *d) }?;
        // SAFETY: forwarded caller guarantees.
        let mask = unsafe { mask_ref(&d.mask, "def->mask") }?;
        let placement = if d.transformed != 0 {
            super::cookie::check_cookie(&d.transform, "def->transform")?;
            Placement::Transformed(d.transform.to_transform())
        } else {
            Placement::At(d.x, d.y)
        };
        non_null(out, "out")?;
        // SAFETY: forwarded caller guarantees.
        let mut w = unsafe { write_world(world) }?;
        let id = w.create_body(BodyDef {
            mask: mask.clone(),
            placement,
            pixel_collision: d.pixel_collision != 0,
            kind: if d.is_static != 0 {
                BodyKind::Static
            } else {
                BodyKind::Moving
            },
            filter: d.filter.into(),
            user_data: d.user_data,
        })?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, id.into()) };
        Ok(())
    })
}

/// Removes a body. Its touching pairs end at the next update (reported as end events with
/// its id); the id is refused from now on.
///
/// Errors: `PP_ERR_NULL_POINTER`, `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`,
/// `PP_ERR_INVALID_ARGUMENT` (in use).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_destroy_body(world: *mut pp_world, id: pp_body_id) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        Ok(unsafe { write_world(world) }?.destroy_body(id.into())?)
    })
}

/// Moves a body's mask pixel (0, 0) to (x, y) (a transformed body becomes a plain one).
///
/// Errors: `PP_ERR_NULL_POINTER`, `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`,
/// `PP_ERR_INVALID_ARGUMENT` (in use).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_move_body(
    world: *mut pp_world,
    id: pp_body_id,
    x: i32,
    y: i32,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        Ok(unsafe { write_world(world) }?.move_body(id.into(), x, y)?)
    })
}

/// A whole-pixel position.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct pp_position {
    /// World x.
    pub x: i32,
    /// World y.
    pub y: i32,
}

/// Moves `count` bodies in one call: `ids[i]` to `positions[i]`. Every id is checked
/// first: when one is stale nothing moves.
///
/// Errors: `PP_ERR_NULL_POINTER` (`world`, or `ids`/`positions` with `count` > 0),
/// `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`, `PP_ERR_INVALID_ARGUMENT` (in use),
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle; `ids` and `positions` NULL or `count` readable
/// elements each.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_move_bodies(
    world: *mut pp_world,
    ids: *const pp_body_id,
    positions: *const pp_position,
    count: usize,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let mut w = unsafe { write_world(world) }?;
        if count == 0 {
            return Ok(());
        }
        non_null(ids, "ids")?;
        non_null(positions, "positions")?;
        // SAFETY: both non-NULL with `count` readable elements (the caller's promise);
        // `pp_body_id` has the layout of `BodyId`.
        let (ids, positions) = unsafe {
            (
                std::slice::from_raw_parts(ids.cast::<BodyId>(), count),
                std::slice::from_raw_parts(positions, count),
            )
        };
        let mut xy = Vec::new();
        xy.try_reserve_exact(count)
            .map_err(|_| Failure::from(crate::Error::OutOfMemory))?;
        xy.extend(positions.iter().map(|p| (p.x, p.y)));
        Ok(w.move_bodies(ids, &xy)?)
    })
}

/// Places a body by a transform (rasterised now, once). NULL: the identity at (0, 0).
///
/// Errors: `PP_ERR_NULL_POINTER`, `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`,
/// `PP_ERR_INVALID_ARGUMENT` (a transform not from `pp_transform_default()`, in use),
/// `PP_ERR_INVALID_TRANSFORM`, `PP_ERR_TOO_LARGE`, `PP_ERR_OVERFLOW` (the raster's corner
/// past `int32_t`, as `pp_mask_rasterise`), `PP_ERR_OUT_OF_MEMORY`; on error the body
/// keeps its placement.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OVERFLOW`, `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_INVALID_TRANSFORM`,
/// `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle; `t` NULL or readable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_set_transform(
    world: *mut pp_world,
    id: pp_body_id,
    t: *const pp_transform,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let t = unsafe { read_or_default(t, "t", Transform::default, |t| t.to_transform()) }?;
        // SAFETY: forwarded caller guarantees.
        Ok(unsafe { write_world(world) }?.set_transform(id.into(), &t)?)
    })
}

/// Gives a body another mask (the world keeps a reference), at the same placement.
///
/// Errors: `PP_ERR_NULL_POINTER`, `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`,
/// `PP_ERR_INVALID_ARGUMENT` (in use), `PP_ERR_TOO_LARGE` / `PP_ERR_INVALID_TRANSFORM` /
/// `PP_ERR_OVERFLOW` / `PP_ERR_OUT_OF_MEMORY` for a transformed body's new raster (as
/// `pp_mask_rasterise`); on error the body keeps its mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OVERFLOW`, `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_INVALID_TRANSFORM`,
/// `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle; `mask` NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_set_mask(
    world: *mut pp_world,
    id: pp_body_id,
    mask: *const pp_mask,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        // SAFETY: forwarded caller guarantees.
        Ok(unsafe { write_world(world) }?.set_mask(id.into(), m)?)
    })
}

/// Changes a body's filter (its pairs change at the next update).
///
/// Errors: `PP_ERR_NULL_POINTER`, `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`,
/// `PP_ERR_INVALID_ARGUMENT` (in use).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_set_filter(
    world: *mut pp_world,
    id: pp_body_id,
    filter: pp_filter,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        Ok(unsafe { write_world(world) }?.set_filter(id.into(), filter.into())?)
    })
}

/// A body as the world holds it.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct pp_body_info {
    /// The body as a placed sprite (a transformed body's raster). `sprite.mask` is
    /// borrowed: valid while the body keeps that mask and placement; do not free it. For
    /// a transformed body `sprite.x, sprite.y` is the raster's corner, the one
    /// `pp_mask_rasterise` gives: the smallest x and the smallest y of the world pixels
    /// whose centres land in the transformed mask rectangle (solid texels or not), so
    /// neither the transform's `x, y` nor, in general, the corner of its solid pixels.
    pub sprite: pp_sprite,
    /// 1 for a static body.
    pub is_static: u8,
    /// Its filter.
    pub filter: pp_filter,
    /// Its user data.
    pub user_data: u64,
}

/// Writes what the world holds for a body to `*out`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER`, `PP_ERR_STALE_BODY`,
/// `PP_ERR_WRONG_WORLD`,
/// `PP_ERR_INVALID_ARGUMENT` (in use). Any thread while nothing changes the world.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_body(
    world: *const pp_world,
    id: pp_body_id,
    out: *mut pp_body_info,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let w = unsafe { read_world(world) }?;
        non_null(out, "out")?;
        let id = BodyId::from(id);
        let s = w.sprite(id)?;
        let d = w.body(id)?;
        let info = pp_body_info {
            sprite: pp_sprite {
                mask: s.mask.handle().cast::<pp_mask>(),
                x: s.x,
                y: s.y,
                pixel_collision: s.pixel_collision as u8,
            },
            is_static: (d.kind == BodyKind::Static) as u8,
            filter: d.filter.into(),
            user_data: d.user_data,
        };
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, info) };
        Ok(())
    })
}

/// The lists of the last update: the touching pairs (sorted by `a`, then `b`), the pairs
/// that began touching and those that stopped (destroyed bodies' pairs included), each
/// sorted. The arrays belong to the world and stay valid until the next
/// `pp_world_update` or `pp_world_free`; NULL when empty. The world's lock does not cover
/// them once the call has returned: a thread reading them must not overlap another
/// thread's update of the same world (copy what you keep).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct pp_world_events {
    /// The touching pairs.
    pub touching: *const pp_pair,
    /// How many.
    pub touching_count: usize,
    /// The pairs that began touching.
    pub begins: *const pp_pair,
    /// How many.
    pub begin_count: usize,
    /// The pairs that stopped touching.
    pub ends: *const pp_pair,
    /// How many.
    pub end_count: usize,
}

fn events_of(w: &World) -> pp_world_events {
    let list = |l: &[Pair]| {
        if l.is_empty() {
            std::ptr::null()
        } else {
            l.as_ptr().cast::<pp_pair>()
        }
    };
    pp_world_events {
        touching: list(w.touching()),
        touching_count: w.touching().len(),
        begins: list(w.begin_events()),
        begin_count: w.begin_events().len(),
        ends: list(w.end_events()),
        end_count: w.end_events().len(),
    }
}

/// Finds the touching pairs (bodies whose filters allow it, not both static, sharing a
/// solid world pixel) and the begin/end events against the previous update; writes the
/// lists to `*out` when `out` is not NULL (also `pp_world_get_events` later). The same bodies
/// give the same lists in the same order on every platform.
///
/// Errors: `PP_ERR_NULL_POINTER` (`world`), `PP_ERR_INVALID_ARGUMENT` (in use),
/// `PP_ERR_OUT_OF_MEMORY` (the lists of the previous update are kept).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `world` NULL or a live world handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_update(
    world: *mut pp_world,
    out: *mut pp_world_events,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let mut w = unsafe { write_world(world) }?;
        w.update()?;
        if !out.is_null() {
            // SAFETY: non-NULL; the caller guarantees validity.
            unsafe { write_out(out, events_of(&w)) };
        }
        Ok(())
    })
}

/// Writes the last update's lists to `*out` (see `pp_world_events`).
///
/// Errors: `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT` (in use).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `world` NULL or a live world handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_get_events(
    world: *const pp_world,
    out: *mut pp_world_events,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let w = unsafe { read_world(world) }?;
        non_null(out, "out")?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, events_of(&w)) };
        Ok(())
    })
}

/// A pair's contact data, computed when asked.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct pp_contact {
    /// 1 when they share a solid pixel (`first_contact` and `area` then say where and
    /// how much).
    pub touching: u8,
    /// Their first pixel solid in both, row by row ({0, 0} when not touching).
    pub first_contact: pp_point,
    /// Pixels solid in both.
    pub area: u64,
    /// 1 when `normal` holds the contact normal from `a` towards `b`.
    pub has_normal: u8,
    /// The contact normal from `a`'s surface towards `b` (`pp_contact_normal`).
    pub normal: pp_normal,
    /// 1 when `push_out` holds `b`'s shortest way out of `a`.
    pub has_push_out: u8,
    /// `b`'s shortest translation out of `a`, any direction, within `push_max`.
    pub push_out: pp_offset,
}

/// The contact of two live bodies (touching or not): first contact, area, normal from
/// `pair.a` towards `pair.b`, and `pair.b`'s push-out within `push_max` pixels. A body
/// with itself (`pair.a == pair.b`) is answered as the body against a copy of itself in
/// the same place: touching when it has a solid pixel, `first_contact` its first solid
/// pixel, `area` its pixel count, the normal `pp_contact_normal` gives for the two
/// coinciding sprites (its buried case), and the copy's shortest push-out.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER`, `PP_ERR_STALE_BODY`,
/// `PP_ERR_WRONG_WORLD`,
/// `PP_ERR_INVALID_ARGUMENT` (in use), `PP_ERR_OUT_OF_MEMORY`.
///
/// Cost: three pair queries and a push-out in any direction (as `pp_push_out` with
/// `PP_PUSH_ANY`), which grows with the square of `min(push_max, the bodies' combined
/// size)`: keep `push_max` to what the game needs.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_contact(
    world: *const pp_world,
    pair: pp_pair,
    push_max: u32,
    out: *mut pp_contact,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let w = unsafe { read_world(world) }?;
        non_null(out, "out")?;
        let c = w.contact(
            &Pair {
                a: pair.a.into(),
                b: pair.b.into(),
            },
            push_max,
        )?;
        let value = pp_contact {
            touching: c.first_contact.is_some() as u8,
            first_contact: c.first_contact.map(pp_point::from).unwrap_or_default(),
            area: c.area,
            has_normal: c.normal.is_some() as u8,
            normal: c.normal.into(),
            has_push_out: c.push_out.is_some() as u8,
            push_out: c
                .push_out
                .map_or(pp_offset::default(), |p| pp_offset { dx: p.dx, dy: p.dy }),
        };
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, value) };
        Ok(())
    })
}

/// The bodies (in index order) whose filter allows `*filter` (NULL: the default filter)
/// and that share a solid pixel with `probe`, by the buffer convention.
///
/// Errors: `PP_ERR_NULL_POINTER`, `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_INVALID_ARGUMENT`
/// (in use). Any thread while nothing changes the world.
///
/// Cost: a search of the world's index, then one test per body whose box meets the query,
/// bounded by that body's mask; never by the size of the query's rectangle.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `world` NULL or a live world handle; `probe` as in `pp_collides`; `filter` NULL or
/// readable; the buffer as the convention says.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_overlapping(
    world: *const pp_world,
    probe: *const pp_sprite,
    filter: *const pp_filter,
    buf: *mut pp_body_id,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let w = unsafe { read_world(world) }?;
        // SAFETY: forwarded caller guarantees.
        let s = unsafe { read_sprite(probe, "probe", "probe->mask") }?;
        // SAFETY: forwarded caller guarantees.
        let f = unsafe { read_filter(filter) };
        let ids: Vec<pp_body_id> = w.overlapping(&s, &f).into_iter().map(Into::into).collect();
        // SAFETY: forwarded caller guarantees.
        unsafe { super::buffer::write_list(&ids, buf, buf_len, len, "the overlapping bodies") }
    })
}

/// The bodies (in index order) whose filter allows `*filter` (NULL: the default filter)
/// that are solid at world pixel (x, y), by the buffer convention.
///
/// Errors: as `pp_world_overlapping`.
///
/// Cost: as `pp_world_overlapping`.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`.
///
/// # Safety
/// As `pp_world_overlapping`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_at_point(
    world: *const pp_world,
    x: i64,
    y: i64,
    filter: *const pp_filter,
    buf: *mut pp_body_id,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    let at = |w: &World, f: &Filter| w.at_point(x, y, f);
    // SAFETY: forwarded caller guarantees.
    unsafe {
        write_bodies(
            world,
            filter,
            (buf, buf_len, len),
            "the bodies at the point",
            at,
        )
    }
}

/// The bodies (in index order) whose filter allows `*filter` (NULL: the default filter)
/// that have a solid pixel (any pixel, when bounds-only) inside the world rectangle
/// `rect`, by the buffer convention. An empty rectangle holds none.
///
/// Errors: as `pp_world_overlapping`.
///
/// Cost: as `pp_world_overlapping`: a huge rectangle costs no more than the bodies it
/// holds.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`.
///
/// # Safety
/// As `pp_world_overlapping`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_in_rect(
    world: *const pp_world,
    rect: pp_bounds,
    filter: *const pp_filter,
    buf: *mut pp_body_id,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    let inside = |w: &World, f: &Filter| w.in_rect(rect.into(), f);
    // SAFETY: forwarded caller guarantees.
    unsafe {
        write_bodies(
            world,
            filter,
            (buf, buf_len, len),
            "the bodies in the rectangle",
            inside,
        )
    }
}

/// The bodies `query` picks from the world behind `world` with the filter behind `filter`
/// (NULL: the default), written to `(buf, buf_len, len)` by the buffer convention (`what`
/// names the list).
///
/// # Safety
/// As `pp_world_overlapping`.
unsafe fn write_bodies(
    world: *const pp_world,
    filter: *const pp_filter,
    (buf, buf_len, len): (*mut pp_body_id, usize, *mut usize),
    what: &str,
    query: impl FnOnce(&World, &Filter) -> Vec<BodyId>,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let w = unsafe { read_world(world) }?;
        // SAFETY: forwarded caller guarantees.
        let f = unsafe { read_filter(filter) };
        let ids: Vec<pp_body_id> = query(&w, &f).into_iter().map(Into::into).collect();
        // SAFETY: forwarded caller guarantees.
        unsafe { super::buffer::write_list(&ids, buf, buf_len, len, what) }
    })
}

/// The first body a ray hits (as `pp_raycast` on each body; the nearest by steps, ties to
/// the smaller index) among those whose filter allows `*filter` (NULL: default):
/// `*found` = 1, the body in `*body` and the hit in `*hit`; else `*found` = 0 and zeroes.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT` (a (0, 0)
/// direction, in use), `PP_ERR_OUT_OF_MEMORY`.
///
/// Cost: a search of the world's index over the ray's reach, then one `pp_raycast`
/// (bounded by each box, not by `max_length`) per body it may reach, nearest first,
/// stopping at the first that cannot beat the best hit.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `world` NULL or a live world handle; `filter` NULL or readable; `found`, `body` and
/// `hit` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_raycast(
    world: *const pp_world,
    x: i32,
    y: i32,
    dx: i32,
    dy: i32,
    max_length: u32,
    filter: *const pp_filter,
    found: *mut u8,
    body: *mut pp_body_id,
    hit: *mut pp_ray_hit,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let w = unsafe { read_world(world) }?;
        // SAFETY: forwarded caller guarantees.
        let f = unsafe { read_filter(filter) };
        non_null(found, "found")?;
        non_null(body, "body")?;
        non_null(hit, "hit")?;
        let r = w.raycast(x, y, dx, dy, max_length, &f)?;
        let (id, h) = match r {
            Some((id, h)) => (id.into(), super::motion::ray_hit(&h)),
            None => (pp_body_id::default(), pp_ray_hit::default()),
        };
        // SAFETY: the pointers were checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(found, r.is_some() as u8);
            write_out(body, id);
            write_out(hit, h);
        }
        Ok(())
    })
}

/// Sweeps body `id` by (dx, dy) (as `pp_sweep`) against every other body its filter
/// allows: `*found` = 1 with the earliest hit's body in `*other` and the sweep result in
/// `*out` (fewest steps, ties to the smaller index; a body touched at the start is a hit
/// at step 0, outcome `PP_SWEEP_STARTS_TOUCHING`); else `*found` = 0, `*other` zeroed and
/// `*out` the clear result. Static bodies are met like any other, also when body `id` is
/// static itself (only `pp_world_update` keeps two static bodies from pairing).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER`, `PP_ERR_STALE_BODY`,
/// `PP_ERR_WRONG_WORLD`,
/// `PP_ERR_INVALID_ARGUMENT` (a motion leaving `int32_t`, in use).
///
/// Cost: a search of the world's index over the box the path spans, then one `pp_sweep`
/// (bounded by the boxes, not by the motion) per body whose box it meets, nearest first,
/// stopping at the first that cannot beat the best hit.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle; `found`, `other`, `out` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_sweep(
    world: *const pp_world,
    id: pp_body_id,
    dx: i32,
    dy: i32,
    found: *mut u8,
    other: *mut pp_body_id,
    out: *mut super::motion::pp_sweep_result,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let w = unsafe { read_world(world) }?;
        non_null(found, "found")?;
        non_null(other, "other")?;
        non_null(out, "out")?;
        let id = BodyId::from(id);
        let start = w.sprite(id)?;
        let r = w.sweep(id, dx, dy)?;
        let (o, sweep) = match r {
            Some((o, s)) => (o.into(), s),
            None => (pp_body_id::default(), crate::Sweep::Clear),
        };
        let result = super::motion::sweep_result(start.x, start.y, dx, dy, sweep);
        // SAFETY: the pointers were checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(found, r.is_some() as u8);
            write_out(other, o);
            write_out(out, result);
        }
        Ok(())
    })
}

/// A caller's filter, or the default for NULL.
///
/// # Safety
/// `f` NULL or readable.
unsafe fn read_filter(f: *const pp_filter) -> Filter {
    if f.is_null() {
        Filter::default()
    } else {
        // SAFETY: non-NULL and readable (the caller's promise); every bit pattern is valid.
        Filter::from(unsafe { *f })
    }
}

// Kept for the header's completeness: a body's mask as a new handle.
/// A new handle to the mask a body collides with (a transformed body's raster), released
/// with `pp_mask_free`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER`, `PP_ERR_STALE_BODY`,
/// `PP_ERR_WRONG_WORLD`,
/// `PP_ERR_INVALID_ARGUMENT` (in use).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_body_mask(
    world: *const pp_world,
    id: pp_body_id,
    out: *mut *mut pp_mask,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let w = unsafe { read_world(world) }?;
        non_null(out, "out")?;
        let m = w.sprite(id.into())?.mask.clone();
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, mask_handle(m)) };
        Ok(())
    })
}
