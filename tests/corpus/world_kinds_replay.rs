//! The Rust replay of the world kinds of `world_kinds.rs` (FORMAT.md, "World sequences:
//! transforms, filters, batches, queries"), through the `World` API.

use super::{Masks, Worlds, int, sprite, text};
use perpixel::{BodyDef, BodyId, BodyKind, Filter, Placement, Sweep, World};

fn filter(t: &mut std::str::SplitWhitespace) -> Filter {
    Filter {
        category: int(t),
        mask: int(t),
        group: int(t),
    }
}

fn status(r: perpixel::Result<()>) -> String {
    match r {
        Ok(()) => "ok".to_string(),
        Err(e) => text::error(&e),
    }
}

impl Worlds {
    fn list(&self, ids: Vec<BodyId>) -> String {
        let mut out = ids.len().to_string();
        for id in ids {
            out += &format!(" {}", self.label(id));
        }
        out
    }
}

fn world<'a>(state: &'a mut Worlds, name: &str) -> &'a mut World {
    state.worlds.get_mut(name).unwrap()
}

/// One case of these kinds; panics on a kind it does not know.
pub(super) fn answer(
    masks: &Masks,
    state: &mut Worlds,
    name: &str,
    kind: &str,
    t: &mut std::str::SplitWhitespace,
) -> String {
    match kind {
        "world_create_transformed" => {
            let label = t.next().unwrap().to_string();
            let m = &masks[t.next().unwrap()];
            let mut def = BodyDef::new(m, 0, 0);
            def.placement = Placement::Transformed(text::parse_transform(t));
            def.pixel_collision = t.next().unwrap() == "1";
            if t.next().unwrap() == "1" {
                def.kind = BodyKind::Static;
            }
            def.filter = filter(t);
            match world(state, name).create_body(def) {
                Ok(id) => {
                    state.labels.push((label, id));
                    "ok".to_string()
                }
                Err(e) => text::error(&e),
            }
        }
        "world_set_transform" => {
            let id = state.id(t.next().unwrap());
            let tr = text::parse_transform(t);
            status(world(state, name).set_transform(id, &tr))
        }
        "world_set_filter" => {
            let id = state.id(t.next().unwrap());
            let f = filter(t);
            status(world(state, name).set_filter(id, f))
        }
        "world_move_bodies" => {
            let n: usize = int(t);
            let mut ids = Vec::new();
            let mut positions = Vec::new();
            for _ in 0..n {
                ids.push(state.id(t.next().unwrap()));
                positions.push((int(t), int(t)));
            }
            status(world(state, name).move_bodies(&ids, &positions))
        }
        "world_at_point" => {
            let (x, y) = (int(t), int(t));
            let f = filter(t);
            let found = state.worlds[name].at_point(x, y, &f);
            state.list(found)
        }
        "world_overlapping" => {
            let probe = sprite(masks, t).expect("a probe mask");
            let f = filter(t);
            let found = state.worlds[name].overlapping(&probe, &f);
            state.list(found)
        }
        "world_raycast" => {
            let (x, y, dx, dy, len) = (int(t), int(t), int(t), int(t), int(t));
            let f = filter(t);
            match state.worlds[name].raycast(x, y, dx, dy, len, &f) {
                Err(e) => text::error(&e),
                Ok(None) => "none".to_string(),
                Ok(Some((id, h))) => format!("{} {}", state.label(id), text::ray_hit(&h)),
            }
        }
        "world_sweep" => {
            let id = state.id(t.next().unwrap());
            match state.worlds[name].sweep(id, int(t), int(t)) {
                Err(e) => text::error(&e),
                Ok(None) => text::sweep(&Sweep::Clear),
                Ok(Some((other, s))) => format!("{} {}", state.label(other), text::sweep(&s)),
            }
        }
        "world_contact" => {
            let a = state.id(t.next().unwrap());
            let b = state.id(t.next().unwrap());
            let pair = perpixel::Pair { a, b };
            match state.worlds[name].contact(&pair, int(t)) {
                Err(e) => text::error(&e),
                Ok(c) => format!(
                    "{} {} {} {}",
                    text::point(c.first_contact),
                    c.area,
                    text::normal(c.normal),
                    c.push_out
                        .map_or("-".to_string(), |p| format!("{} {}", p.dx, p.dy))
                ),
            }
        }
        "world_body" => {
            let id = state.id(t.next().unwrap());
            let w = &state.worlds[name];
            match (w.body(id), w.sprite(id)) {
                (Ok(d), Ok(s)) => format!(
                    "{} {} {} {} {} {} {} {}",
                    s.x,
                    s.y,
                    d.pixel_collision as u8,
                    (d.kind == BodyKind::Static) as u8,
                    d.filter.category,
                    d.filter.mask,
                    d.filter.group,
                    text::mask_text(s.mask)
                ),
                (Err(e), _) | (_, Err(e)) => text::error(&e),
            }
        }
        other => panic!("unknown world case kind {other:?}"),
    }
}
