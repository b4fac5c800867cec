//! Issue 30.4: a body id belongs to one world. Ids carry their world's tag; every body
//! function of a world refuses another world's id (and a zeroed id) with
//! `Error::WrongWorld`, and leaves the world as it was.

use perpixel::{BodyDef, BodyId, Error, Filter, Mask, Pair, Transform, World};

/// Everything a test can see of a world: each body's definition and placement, its
/// mask's pixels, the touching pairs after an update.
fn snapshot(w: &mut World) -> Vec<String> {
    w.update().unwrap();
    let mut out: Vec<String> = w
        .bodies()
        .map(|id| {
            let def = w.body(id).unwrap();
            let s = w.sprite(id).unwrap();
            format!(
                "{id:?} {:?} {:?} {:?} at ({}, {}) {} px {:?}",
                def.placement,
                def.filter,
                def.kind,
                s.x,
                s.y,
                s.mask.count(),
                s.mask.solid_bounds()
            )
        })
        .collect();
    out.push(format!("touching {:?}", w.touching()));
    out
}

fn is_wrong_world<T: std::fmt::Debug>(r: perpixel::Result<T>, w: &World, id: BodyId) -> bool {
    match r {
        Err(Error::WrongWorld {
            index,
            generation,
            world,
            this_world,
        }) => {
            index == id.index
                && generation == id.generation
                && world == id.world
                && this_world == w.tag()
        }
        other => panic!("expected WrongWorld for {id:?}, got {other:?}"),
    }
}

#[test]
fn another_worlds_id_is_refused_by_every_body_function_and_changes_nothing() {
    let m = Mask::from_fn(6, 6, |x, y| x + y < 9).unwrap();
    let mut w1 = World::new();
    let mut w2 = World::new();
    let a1 = w1.create_body(BodyDef::new(&m, 0, 0)).unwrap();
    let b1 = w1.create_body(BodyDef::new(&m, 3, 0)).unwrap();
    let a2 = w2.create_body(BodyDef::new(&m, 500, 500)).unwrap();
    // The same slot and generation; only the world tells them apart.
    assert_eq!((a1.index, a1.generation), (a2.index, a2.generation));
    assert_ne!(a1.world, a2.world);
    assert_ne!(w1.tag(), w2.tag());
    assert!(w1.tag() != 0 && w2.tag() != 0);
    assert_eq!(
        (a1.world, b1.world, a2.world),
        (w1.tag(), w1.tag(), w2.tag())
    );
    let zeroed = BodyId {
        index: 0,
        generation: 0,
        world: 0,
    };
    let before = snapshot(&mut w1);
    let mut checks = 0;
    for id in [a2, zeroed] {
        let t = Transform::at(100.0, 100.0);
        assert!(!w1.contains(id));
        let w = &w1;
        assert!(is_wrong_world(w.body(id).map(|_| ()), w, id));
        assert!(is_wrong_world(w.sprite(id).map(|_| ()), w, id));
        assert!(is_wrong_world(w.sweep(id, 5, 5), w, id));
        let p = Pair { a: a1, b: id };
        assert!(is_wrong_world(w.contact(&p, 8).map(|_| ()), w, id));
        let p = Pair { a: id, b: b1 };
        assert!(is_wrong_world(w.contact(&p, 8).map(|_| ()), w, id));
        let tag = w1.tag();
        let check = |r: perpixel::Result<()>| match r {
            Err(Error::WrongWorld {
                world, this_world, ..
            }) => world == id.world && this_world == tag,
            other => panic!("expected WrongWorld, got {other:?}"),
        };
        assert!(check(w1.move_body(id, 50, 50)));
        assert!(check(w1.move_bodies(&[a1, id], &[(60, 60), (70, 70)])));
        assert!(check(w1.set_transform(id, &t)));
        assert!(check(w1.set_mask(id, &Mask::full(2, 2).unwrap())));
        assert!(check(w1.set_filter(
            id,
            Filter {
                category: 0,
                mask: 0,
                group: 0
            }
        )));
        assert!(check(
            w1.edit_mask(id, |m| m
                .fill_rect(perpixel::Bounds2D::new(0, 0, 100, 100), false))
                .map(|_| ())
        ));
        assert!(check(w1.destroy_body(id)));
        assert_eq!(snapshot(&mut w1), before, "w1 changed after {id:?}");
        checks += 13;
    }
    // w1's own ids still work, and w2 refuses them in turn.
    assert!(matches!(
        w2.move_body(a1, 1, 1),
        Err(Error::WrongWorld { .. })
    ));
    w1.move_body(a1, 1, 1).unwrap();
    w1.destroy_body(b1).unwrap();
    // This world's destroyed body stays a stale id, not a wrong world.
    assert!(matches!(w1.destroy_body(b1), Err(Error::StaleBody { .. })));
    // The message says what happened.
    let e = w2.body(a1).unwrap_err().to_string();
    assert!(e.contains("another world"), "{e}");
    println!("{checks} refusals of another world's id checked, w1 unchanged");
}

#[test]
fn world_tags_are_distinct_and_ids_keep_them_across_slot_reuse() {
    let m = Mask::full(3, 3).unwrap();
    let worlds: Vec<World> = (0..100).map(|_| World::new()).collect();
    let mut tags: Vec<u32> = worlds.iter().map(World::tag).collect();
    tags.sort_unstable();
    tags.dedup();
    assert_eq!(tags.len(), 100);
    assert!(!tags.contains(&0));
    let mut w = World::new();
    let a = w.create_body(BodyDef::new(&m, 0, 0)).unwrap();
    w.destroy_body(a).unwrap();
    let again = w.create_body(BodyDef::new(&m, 0, 0)).unwrap();
    assert_eq!((again.index, again.world), (a.index, w.tag()));
    let b = w.create_body(BodyDef::new(&m, 1, 1)).unwrap();
    w.update().unwrap();
    let p = w.touching()[0];
    assert_eq!((p.a, p.b), (again, b));
    assert!(w.bodies().all(|id| id.world == w.tag()));
}
