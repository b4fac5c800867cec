//! The world oracle: every pair of live bodies, tested with the plain pair test.

use super::collides;
use crate::{BodyId, BodyKind, Bounds2D, Filter, Pair, World};

/// Reference [`World::update`]'s touching pairs: every pair of live bodies, not both
/// static, whose filters allow it and whose sprites share a solid pixel by the plain
/// test, sorted by `a` then `b`.
pub fn touching(world: &World) -> Vec<Pair> {
    let ids: Vec<_> = world.bodies().collect();
    let mut out = Vec::new();
    for (n, &a) in ids.iter().enumerate() {
        for &b in &ids[n + 1..] {
            let (da, db) = (world.body(a).unwrap(), world.body(b).unwrap());
            if da.kind == BodyKind::Static && db.kind == BodyKind::Static {
                continue;
            }
            if !da.filter.allows(&db.filter) {
                continue;
            }
            if collides(&world.sprite(a).unwrap(), &world.sprite(b).unwrap()) {
                out.push(Pair { a, b });
            }
        }
    }
    out.sort();
    out
}

/// The begin and end events between two updates' touching pairs: those only in `now`,
/// and those only in `before`, each sorted.
pub fn events(before: &[Pair], now: &[Pair]) -> (Vec<Pair>, Vec<Pair>) {
    let begins = now
        .iter()
        .filter(|p| !before.contains(p))
        .copied()
        .collect();
    let ends = before
        .iter()
        .filter(|p| !now.contains(p))
        .copied()
        .collect();
    (begins, ends)
}

/// Reference [`World::in_rect`]: the live bodies, in index order, whose filter allows
/// `filter` and that are solid ([`super::motion::solid_at`]) at some pixel of `rect`
/// inside the body's bounds, tested pixel by pixel.
pub fn in_rect(world: &World, rect: Bounds2D, filter: &Filter) -> Vec<BodyId> {
    world
        .bodies()
        .filter(|&id| {
            let s = world.sprite(id).unwrap();
            if !world.body(id).unwrap().filter.allows(filter) {
                return false;
            }
            let Some(r) = rect.intersection(&s.bounds()) else {
                return false;
            };
            (r.y_min()..r.y_max())
                .any(|y| (r.x_min()..r.x_max()).any(|x| super::motion::solid_at(&s, x, y)))
        })
        .collect()
}
