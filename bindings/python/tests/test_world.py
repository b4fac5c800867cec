"""perpixel.World from Python, against brute-force oracles written here: every body as
the set of world pixels it covers, pairs by plain loops over those sets (and pygame-ce's
``Mask.overlap`` for the sprite adapter), filters by Box2D's rule written out below.
The conformance corpus (corpus_replay.py) checks the bits of every world query; these
tests check scenes over many frames, events, ids, lifetimes, threads and bad input."""

import gc
import random
import re
import threading
import time
import weakref

import pygame
import pygame.mask
import pygame.sprite
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import perpixel
import perpixel.pygame_compat as pm
from conftest import bits_of, fill_from

ALL = 2**64 - 1


# ---- the oracle ------------------------------------------------------------------------

def allows(f, g):
    """Box2D's filter rule, written out: (category, mask, group) tuples."""
    if f[2] != 0 and f[2] == g[2]:
        return f[2] > 0
    return (f[1] & g[0]) != 0 and (g[1] & f[0]) != 0


class Model:
    """What the World should hold: per body its pixels (mask-relative), position, kind,
    filter; alive or not."""

    def __init__(self):
        self.bodies = {}  # BodyId -> dict

    def pixels(self, b):
        x, y = b["pos"]
        return {(x + i, y + j) for i, j in b["bits"]}

    def touching(self):
        live = sorted(self.bodies.items(), key=lambda kv: kv[0].index)
        out = set()
        for k, (ia, a) in enumerate(live):
            pa = self.pixels(a)
            for ib, b in live[k + 1:]:
                if a["kind"] == "static" and b["kind"] == "static":
                    continue
                if not allows(a["filter"], b["filter"]):
                    continue
                if pa & self.pixels(b):
                    out.add((ia, ib))
        return out


def pairs_of(pairs):
    return {(p.a, p.b) for p in pairs}


def random_bits(rng, w, h, density):
    return {(x, y) for y in range(h) for x in range(w) if rng.random() < density}


def make_mask(w, h, bits):
    return fill_from(perpixel.Mask, (w, h), bits)


def run_scene(seed, frames=12, start=12, field=60):
    """A random scene: bodies made, moved (one by one and in batches), re-masked,
    re-filtered, destroyed, late joiners; after every update the pairs and events are
    the oracle's. Returns how many begin events were seen (the scene must have some)."""
    rng = random.Random(seed)
    world, model = perpixel.World(), Model()
    filters = [(1, ALL, 0), (2, ALL, 0), (1, 1, 0), (2, 2, 0), (4, ALL, 3), (4, ALL, -3)]

    def new_body():
        w, h = rng.randint(0, 14), rng.randint(0, 14)
        bits = random_bits(rng, w, h, rng.choice([0.0, 0.3, 0.7, 1.0]))
        pos = (rng.randint(-5, field), rng.randint(-5, field))
        kind = rng.choice(["moving", "moving", "static"])
        f = rng.choice(filters)
        b = world.create_body(make_mask(w, h, bits), pos, kind=kind,
                              filter=perpixel.Filter(*f))
        model.bodies[b] = {"bits": bits, "pos": pos, "kind": kind, "filter": f}

    for _ in range(start):
        new_body()
    before, begins_seen = set(), 0
    for _ in range(frames):
        ids = list(model.bodies)
        for _ in range(rng.randint(0, 3)):  # late joiners
            new_body()
        if ids and rng.random() < 0.5:  # a body destroyed
            gone = rng.choice(ids)
            world.destroy_body(gone)
            del model.bodies[gone]
            ids.remove(gone)
        batch = rng.sample(ids, min(len(ids), rng.randint(0, 6)))
        moves = [(b, (rng.randint(-5, field), rng.randint(-5, field))) for b in batch]
        if rng.random() < 0.5:
            world.move_bodies(moves)
        else:
            world.move_bodies([b for b, _ in moves], [p for _, p in moves])
        for b, p in moves:
            model.bodies[b]["pos"] = p
        if ids and rng.random() < 0.3:
            b = rng.choice(ids)
            p = (rng.randint(-5, field), rng.randint(-5, field))
            world.move_body(b, p)
            model.bodies[b]["pos"] = p
        if ids and rng.random() < 0.3:
            b = rng.choice(ids)
            w, h = rng.randint(1, 10), rng.randint(1, 10)
            bits = random_bits(rng, w, h, 0.5)
            world.set_mask(b, make_mask(w, h, bits))
            model.bodies[b]["bits"] = bits
        if ids and rng.random() < 0.3:
            b = rng.choice(ids)
            f = rng.choice(filters)
            world.set_filter(b, perpixel.Filter(*f))
            model.bodies[b]["filter"] = f
        ev = world.update()
        now = model.touching()
        assert pairs_of(world.touching()) == now
        assert pairs_of(ev.begins) == now - before
        assert pairs_of(ev.ends) == before - now
        for p in world.touching():
            assert p.a.index < p.b.index
        keys = [(p.a.index, p.b.index) for p in world.touching()]
        assert keys == sorted(keys)
        assert len(world) == len(model.bodies)
        assert sorted(world.bodies()) == sorted(model.bodies)
        begins_seen += len(ev.begins)
        before = now
    return begins_seen


def test_scenes_over_many_frames_match_the_oracle():
    seen = sum(run_scene(seed) for seed in range(30))
    print(f"30 scenes x 12 frames: pairs and events as the oracle's; {seen} begin events")
    assert seen > 100


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_random_scenes_match_the_oracle(seed):
    run_scene(seed, frames=6, start=8, field=30)


# ---- ids -------------------------------------------------------------------------------

def test_destroyed_ids_stay_refused_after_their_slot_is_reused():
    world = perpixel.World()
    m = perpixel.Mask((3, 3), fill=True)
    old = world.create_body(m, (0, 0), user_data="old")
    world.destroy_body(old)
    new = world.create_body(m, (0, 0), user_data="new")
    assert new.index == old.index and new.generation != old.generation
    assert old != new
    assert old not in world and new in world
    calls = [
        lambda: world.move_body(old, (1, 1)),
        lambda: world.destroy_body(old),
        lambda: world.set_mask(old, m),
        lambda: world.set_filter(old, perpixel.Filter()),
        lambda: world.set_transform(old, {"x": 1.0}),
        lambda: world.body(old),
        lambda: world.user_data(old),
        lambda: world.sweep(old, (1, 0)),
        lambda: world.contact(old, new),
        lambda: world.edit_mask(old, lambda mm: None),
        lambda: world.move_bodies([(new, (5, 5)), (old, (1, 1))]),
    ]
    for call in calls:
        with pytest.raises(perpixel.StaleBodyError) as e:
            call()
        assert e.value.status == "PP_ERR_STALE_BODY"
        assert isinstance(e.value, ValueError)
    # The batch with a stale id moved nothing, the new body among them.
    assert world.body(new).position == (0, 0)
    assert world.user_data(new) == "new"
    print(f"{len(calls)} calls with a destroyed id refused; the slot's new body untouched")


def test_ids_of_another_world_are_refused():
    a, b = perpixel.World(), perpixel.World()
    m = perpixel.Mask((2, 2), fill=True)
    ia, ib = a.create_body(m), b.create_body(m)
    assert ia.index == ib.index and ia != ib and ia.world != ib.world
    assert ib not in a
    with pytest.raises(perpixel.WrongWorldError):
        a.move_body(ib, (1, 1))
    with pytest.raises(perpixel.WrongWorldError):
        a.restore(b.snapshot())


def test_ids_are_immutable_hashable_values():
    world = perpixel.World()
    ids = [world.create_body(perpixel.Mask((1, 1), fill=True), (i, 0)) for i in range(5)]
    d = {b: k for k, b in enumerate(ids)}
    assert [d[b] for b in world.bodies()] == list(range(5))
    with pytest.raises(AttributeError):
        ids[0].index = 3
    assert re.fullmatch(r"BodyId\(index=0, generation=0, world=\d+\)", repr(ids[0]))
    world.update()
    assert world.touching() == []  # 1x1 bodies side by side: none touch
    world.move_body(ids[1], (0, 0))
    world.update()
    (p,) = world.touching()
    a, b = p
    assert (a, b) == (ids[0], ids[1]) and ids[1] in p and p.other(ids[0]) == ids[1]
    assert p == world.touching()[0] and hash(p) == hash(world.touching()[0])
    assert p != perpixel.World().touching() and len({p, world.touching()[0]}) == 1


# ---- events are snapshots --------------------------------------------------------------

def test_destroying_bodies_while_going_through_the_events():
    world = perpixel.World()
    ball = perpixel.Mask((4, 4), fill=True)
    ids = [world.create_body(ball, (3 * i, 0), user_data=i) for i in range(10)]
    ev = world.update()
    assert len(ev.begins) == 9
    destroyed = set()
    for p in ev.begins:  # a snapshot: destroying and creating here changes nothing in it
        for b in (p.a, p.b):
            if b in world and world.user_data(b) % 3 == 0:
                world.destroy_body(b)
                destroyed.add(b)
        world.create_body(ball, (100, 100))
    assert len(ev.begins) == 9 and len(ev.ends) == 0
    ev2 = world.update()
    ended = {b for p in ev2.ends for b in (p.a, p.b)}
    assert destroyed <= ended
    assert all(not (destroyed & {p.a, p.b}) for p in world.touching())
    # Every pair that ended has one destroyed body in it (nothing else moved), and the
    # 9 new bodies at (100, 100) all touch each other.
    assert all(destroyed & {p.a, p.b} for p in ev2.ends)
    assert len(ev2.begins) == 9 * 8 // 2
    assert world.events() == ev2
    print(f"{len(destroyed)} bodies destroyed inside the loop; {len(ev2.ends)} pairs ended")
    del ids


# ---- user data lifetimes ---------------------------------------------------------------

class Entity:
    pass


def test_user_data_is_kept_alive_and_released():
    world = perpixel.World()
    m = perpixel.Mask((2, 2), fill=True)
    e1, e2, e3 = Entity(), Entity(), Entity()
    r1, r2, r3 = weakref.ref(e1), weakref.ref(e2), weakref.ref(e3)
    b1 = world.create_body(m, user_data=e1)
    world.create_body(m, user_data=e2)
    b3 = world.create_body(m, user_data=e3)
    del e1, e2, e3
    gc.collect()
    assert r1() is not None and r2() is not None and r3() is not None
    world.destroy_body(b1)
    assert r1() is None  # released with its body
    world.set_user_data(b3, None)
    assert r3() is None  # forgotten
    del world
    assert r2() is None  # released with the World


def test_user_data_released_by_destroy_may_call_back_into_the_world():
    world = perpixel.World()
    m = perpixel.Mask((2, 2), fill=True)
    seen = []

    class Noisy:
        def __del__(self):
            seen.append(len(world))  # the World is free again when this runs
            world.create_body(m)

    b = world.create_body(m, user_data=Noisy())
    world.destroy_body(b)
    assert seen == [0] and len(world) == 1
    world.set_user_data(world.bodies()[0], Noisy())
    world.set_user_data(world.bodies()[0], None)
    assert seen == [0, 1] and len(world) == 2


def test_reference_cycles_through_user_data_are_collected():
    world = perpixel.World()
    e = Entity()
    e.world = world  # entity -> world -> entity
    world.create_body(perpixel.Mask((1, 1), fill=True), user_data=e)
    snap = world.snapshot()
    e.snap = snap  # and through a snapshot too
    r = weakref.ref(e)
    del world, e, snap
    gc.collect()
    assert r() is None


def test_snapshot_and_restore_bring_back_bodies_ids_and_user_data():
    world = perpixel.World()
    m = perpixel.Mask((3, 3), fill=True)
    a = world.create_body(m, (0, 0), user_data="a")
    b = world.create_body(m, (2, 0), user_data="b")
    world.update()
    snap, h = world.snapshot(), world.state_hash()
    assert snap.state_hash() == h and len(snap) == 2 and snap.world == world.tag
    c = world.create_body(m, (50, 50))
    world.destroy_body(a)
    world.move_body(b, (9, 9))
    world.update()
    assert world.state_hash() != h
    world.restore(snap)
    assert world.state_hash() == h
    assert c not in world and a in world and world.user_data(a) == "a"
    assert world.body(b).position == (2, 0)
    assert pairs_of(world.touching()) == {(a, b)}
    with pytest.raises(perpixel.StaleBodyError):
        world.move_body(c, (0, 0))


# ---- masks: shared copy-on-write, edited in place by edit_mask ------------------------

def test_editing_the_callers_mask_leaves_the_body_and_edit_mask_edits_it():
    world = perpixel.World()
    m = perpixel.Mask((4, 4), fill=True)
    probe = perpixel.Mask((1, 1), fill=True)
    b = world.create_body(m, (10, 10))
    m.clear()  # the caller's mask: the body keeps its pixels
    assert world.at_point((11, 11)) == [b]
    assert world.body(b).mask.count() == 16
    world.edit_mask(b, lambda mm: mm.set_at((1, 1), 0))
    assert world.at_point((11, 11)) == [] and world.at_point((12, 11)) == [b]
    assert world.body(b).mask.count() == 15
    # The body's mask copy from body() is a copy too.
    world.body(b).mask.clear()
    assert world.body(b).mask.count() == 15
    assert world.overlapping(probe, (12, 12)) == [b]
    # edit returns what edit returned; an exception in it propagates, body intact.
    assert world.edit_mask(b, lambda mm: mm.count()) == 15
    with pytest.raises(ZeroDivisionError):
        world.edit_mask(b, lambda mm: 1 / 0)
    assert world.body(b).mask.count() == 15
    # Calling back into the World from edit is refused, not a crash.
    with pytest.raises(RuntimeError):
        world.edit_mask(b, lambda mm: world.move_body(b, (0, 0)))
    with pytest.raises(RuntimeError):
        world.edit_mask(b, lambda mm: world.edit_mask(b, lambda m2: None))
    assert world.body(b).position == (10, 10)
    # The mask lent to edit is emptied when the call ends; the body keeps its pixels.
    kept = []
    world.edit_mask(b, kept.append)
    assert kept[0].get_size() == (0, 0) and world.body(b).mask.count() == 15


# ---- queries against the pixel oracle --------------------------------------------------

def query_scene(seed):
    rng = random.Random(seed)
    world, model = perpixel.World(), Model()
    for _ in range(25):
        w, h = rng.randint(1, 12), rng.randint(1, 12)
        bits = random_bits(rng, w, h, 0.5)
        pos = (rng.randint(0, 40), rng.randint(0, 40))
        f = rng.choice([(1, ALL, 0), (2, ALL, 0), (2, 2, 0)])
        b = world.create_body(make_mask(w, h, bits), pos, filter=perpixel.Filter(*f),
                              kind=rng.choice(["moving", "static"]))
        model.bodies[b] = {"bits": bits, "pos": pos, "filter": f, "kind": "moving"}
    return rng, world, model


def in_order(ids):
    return sorted(ids, key=lambda b: b.index)


def test_at_point_in_rect_and_overlapping_match_the_oracle():
    checked = 0
    for seed in range(15):
        rng, world, model = query_scene(seed)
        for _ in range(40):
            qf = rng.choice([(1, ALL, 0), (2, ALL, 0), (1, 1, 0)])
            flt = perpixel.Filter(*qf)
            ok = {b for b, d in model.bodies.items() if allows(d["filter"], qf)}
            x, y = rng.randint(-2, 55), rng.randint(-2, 55)
            want = in_order(b for b in ok if (x, y) in model.pixels(model.bodies[b]))
            assert world.at_point((x, y), filter=flt) == want
            rw, rh = rng.randint(-1, 15), rng.randint(-1, 15)
            area = {(i, j) for i in range(x, x + rw) for j in range(y, y + rh)}
            want = in_order(b for b in ok if area & model.pixels(model.bodies[b]))
            assert world.in_rect((x, y, rw, rh), filter=flt) == want
            assert world.in_rect(pygame.Rect(x, y, max(rw, 0), max(rh, 0)),
                                 filter=flt) == want
            pw, ph = rng.randint(0, 10), rng.randint(0, 10)
            bits = random_bits(rng, pw, ph, 0.4)
            world_bits = {(x + i, y + j) for i, j in bits}
            want = in_order(b for b in ok if world_bits & model.pixels(model.bodies[b]))
            assert world.overlapping(make_mask(pw, ph, bits), (x, y), filter=flt) == want
            whole = {(x + i, y + j) for i in range(pw) for j in range(ph)}
            want = in_order(b for b in ok if whole & model.pixels(model.bodies[b]))
            got = world.overlapping(make_mask(pw, ph, bits), (x, y), filter=flt,
                                    pixel_collision=False)
            assert got == want
            checked += 5
    print(f"{checked} queries as the pixel oracle's")


def test_axis_rays_hit_what_the_oracle_finds():
    hits = 0
    for seed in range(15):
        rng, world, model = query_scene(seed)
        for _ in range(40):
            x, y = rng.randint(-5, 55), rng.randint(-5, 55)
            dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
            length = rng.randint(0, 60)
            best = None
            for b, d in model.bodies.items():
                if not allows(d["filter"], (1, ALL, 0)):
                    continue
                px = model.pixels(d)
                for k in range(length + 1):
                    if (x + k * dx, y + k * dy) in px:
                        if best is None or (k, b.index) < (best[0], best[1].index):
                            best = (k, b)
                        break
            hit = world.raycast((x, y), (dx, dy), length)
            if best is None:
                assert hit is None
            else:
                k, b = best
                assert (hit.body, hit.step, hit.pixel) == (b, k, (x + k * dx, y + k * dy))
                assert hit.distance == float(k)
                hits += 1
    print(f"{hits} axis rays hit the oracle's body at its step")
    assert hits > 50


def test_sweeps_and_contacts_agree_with_the_pixel_oracle():
    checked = 0
    for seed in range(10):
        rng, world, model = query_scene(seed)
        for _ in range(20):
            b = rng.choice(list(model.bodies))
            d = model.bodies[b]
            dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
            n = rng.randint(1, 30)
            s = world.sweep(b, (dx * n, dy * n))
            # The oracle: the first step k (0 = where it starts) at which the mover's
            # pixels meet a body its filter allows.
            want = None
            for k in range(n + 1):
                moved = {(i + k * dx, j + k * dy) for i, j in model.pixels(d)}
                met = [o for o, e in model.bodies.items()
                       if o != b and allows(d["filter"], e["filter"])
                       and moved & model.pixels(e)]
                if met:
                    want = (k, min(met, key=lambda o: o.index))
                    break
            if want is None:
                assert s is None
            else:
                assert (s.step, s.body) == want
                assert s.starts_touching == (want[0] == 0)
                if not s.starts_touching:
                    assert s.steps == n and s.fraction == want[0] / n
                    assert s.at == (d["pos"][0] + dx * want[0], d["pos"][1] + dy * want[0])
            o = rng.choice(list(model.bodies))
            c = world.contact(b, o)
            shared = model.pixels(d) & model.pixels(model.bodies[o])
            assert c.area == len(shared) and c.touching == bool(shared)
            want_first = min(shared, key=lambda p: (p[1], p[0])) if shared else None
            assert c.first_contact == want_first
            if not shared:
                assert c.push_out == perpixel.PushOut(0, 0)
            checked += 2
    print(f"{checked} sweeps and contacts as the oracle's")


def test_transforms_place_bodies():
    world = perpixel.World()
    bits = {(0, 0), (1, 0), (2, 0), (0, 1)}
    m = make_mask(3, 2, bits)

    class Like:  # any object with a transform's attributes (motion's Transform)
        x, y, rotation, scale_x, scale_y, flip_x, flip_y, pivot = (
            20.0, 30.0, 90.0, 1.0, 1.0, False, False, None)

    a = world.create_body(m, transform={"x": 20.0, "y": 30.0, "rotation": 90.0})
    b = world.create_body(m, transform=Like())
    ia, ib = world.body(a), world.body(b)
    assert ia.transformed and ib.transformed
    assert (ia.position, bits_of(ia.mask)) == (ib.position, bits_of(ib.mask))
    # A quarter turn: a 3x2 mask becomes 2x3 with the same number of pixels.
    assert ia.mask.get_size() == (2, 3) and ia.mask.count() == len(bits)
    world.move_body(a, (5, 5))  # back to a plain placement
    ia = world.body(a)
    assert not ia.transformed and ia.position == (5, 5) and bits_of(ia.mask) == bits
    with pytest.raises(ValueError) as e:
        world.set_transform(a, {"scale_x": float("nan")})
    assert e.value.status == "PP_ERR_INVALID_TRANSFORM"
    assert world.body(a).position == (5, 5)  # kept its placement
    with pytest.raises(ValueError):
        world.create_body(m, (1, 1), transform={"x": 1.0})


# ---- bad input -------------------------------------------------------------------------

def test_bad_input_raises_python_exceptions():
    world = perpixel.World()
    m = perpixel.Mask((2, 2), fill=True)
    b = world.create_body(m)
    cases = [
        (TypeError, lambda: world.create_body(None)),
        (TypeError, lambda: world.create_body("mask")),
        (TypeError, lambda: world.create_body(m, "xy")),
        (TypeError, lambda: world.create_body(m, (1, 2, 3))),
        (TypeError, lambda: world.create_body(m, ("a", 1))),
        (ValueError, lambda: world.create_body(m, (2**31, 0))),
        (ValueError, lambda: world.create_body(m, (float("nan"), 0))),
        (ValueError, lambda: world.create_body(m, kind="flying")),
        (TypeError, lambda: world.create_body(m, filter=(1, 2, 3))),
        (TypeError, lambda: world.move_body((0, 0, 1), (1, 1))),
        (TypeError, lambda: world.move_body(b, None)),
        (ValueError, lambda: world.move_bodies([b], [])),
        (TypeError, lambda: world.move_bodies([b])),
        (TypeError, lambda: world.move_bodies(5)),
        (ValueError, lambda: world.raycast((0, 0), (0, 0), 10)),
        (ValueError, lambda: world.raycast((0, 0), (1, 0), -1)),
        (ValueError, lambda: world.raycast((0, 0), (1, 0), 2**32)),
        (ValueError, lambda: world.sweep(b, (2**31, 0))),
        (ValueError, lambda: world.contact(b, b, push_max=-1)),
        (TypeError, lambda: world.in_rect((1, 2, 3))),
        (TypeError, lambda: world.at_point(None)),
        (TypeError, lambda: world.edit_mask(b, 3)),
        (TypeError, lambda: world.set_transform(b, {"x": "left"})),
        (TypeError, lambda: world.set_filter(b, None)),
        (TypeError, lambda: world.restore(None)),
        (OverflowError, lambda: perpixel.Filter(-1)),
    ]
    raised = 0
    for k, (exc, call) in enumerate(cases):
        try:
            call()
        except exc:
            raised += 1
        except Exception as e:  # noqa: BLE001
            pytest.fail(f"case {k}: {type(e).__name__}: {e}, expected {exc.__name__}")
        else:
            pytest.fail(f"case {k} raised nothing")
    print(f"{raised} bad inputs raised their exceptions")
    assert len(world) == 1 and world.body(b).position == (0, 0)


def test_float_positions_round_half_up():
    world = perpixel.World()
    m = perpixel.Mask((1, 1), fill=True)
    for v, want in [(0.5, 1), (-0.5, 0), (1.49, 1), (-1.5, -1), (2.5, 3)]:
        b = world.create_body(m, (v, pygame.Vector2(v, v).y))
        assert world.body(b).position == (want, want), v


# ---- threads ---------------------------------------------------------------------------

def test_threads_sharing_a_world_get_exceptions_or_wait_never_a_torn_world():
    rng = random.Random(5)
    world, model = perpixel.World(), Model()
    masks = []
    for _ in range(400):
        bits = random_bits(rng, 16, 16, 0.5)
        pos = (rng.randint(0, 400), rng.randint(0, 400))
        b = world.create_body(make_mask(16, 16, bits), pos)
        model.bodies[b] = {"bits": bits, "pos": pos, "kind": "moving",
                           "filter": (1, ALL, 0)}
        masks.append(b)
    errors, done = [], threading.Event()

    def updater():
        try:
            while not done.is_set():
                try:
                    world.update()
                except RuntimeError:
                    pass  # borrowed by the other thread: refused, as documented
                time.sleep(0.0001)
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    t = threading.Thread(target=updater)
    t.start()
    refused, moves = 0, 0
    try:
        # Until 100 moves are made and the other thread's update was seen busy at least
        # once: a call refused while the World is borrowed by an update in progress can
        # only happen if that update released the GIL.
        while moves < 100 or (refused == 0 and moves < 20000):
            b = rng.choice(masks)
            p = (rng.randint(0, 400), rng.randint(0, 400))
            while True:
                try:
                    world.move_body(b, p)
                    break
                except RuntimeError:
                    refused += 1
                    time.sleep(0.0001)
            model.bodies[b]["pos"] = p
            moves += 1
            try:
                world.at_point(p)
            except RuntimeError:
                refused += 1
    finally:
        done.set()
        t.join()
    assert errors == []
    assert refused > 0, "never saw the World busy: update() kept the GIL"
    world.update()
    assert pairs_of(world.touching()) == model.touching()
    print(f"two threads on one World: {moves} moves, {refused} calls refused while an "
          "update ran without the GIL; the pairs after as the oracle's")


# ---- the pygame sprite adapter ---------------------------------------------------------

class Thing(pygame.sprite.Sprite):
    def __init__(self, image, pos, mask):
        super().__init__()
        self.image, self.mask = image, mask
        self.rect = image.get_rect(topleft=pos)


def blob(rng):
    w, h = rng.randint(1, 30), rng.randint(1, 30)
    s = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    for _ in range(w * h // 2):
        s.set_at((rng.randrange(w), rng.randrange(h)), (255, 255, 255, 255))
    return s


def test_sprite_world_gives_pygames_spritecollide_answers():
    rng = random.Random(11)
    images = [blob(rng) for _ in range(60)]
    places = [(rng.randint(0, 150), rng.randint(0, 150)) for _ in images]
    theirs = [Thing(i, p, pygame.mask.from_surface(i)) for i, p in zip(images, places)]
    ours = [Thing(i, p, pm.from_surface(i)) for i, p in zip(images, places)]
    group, our_group = pygame.sprite.Group(theirs), pygame.sprite.Group(ours)
    sw = perpixel.SpriteWorld(our_group)
    assert len(sw) == 60 and ours[3] in sw and sw.sprite_of(sw.body_of(ours[3])) is ours[3]
    collide, checked = pygame.sprite.collide_mask, 0
    for frame in range(8):
        for a, b in zip(theirs, ours):
            a.rect.move_ip(rng.randint(-4, 4), rng.randint(-4, 4))
            b.rect.topleft = a.rect.topleft
        sw.update()
        want_pairs = set()
        for k, s in enumerate(theirs):
            want = pygame.sprite.spritecollide(s, group, False, collide)
            got = sw.spritecollide(ours[k], our_group)
            assert [theirs.index(t) for t in want] == [ours.index(t) for t in got]
            want_pairs |= {frozenset((k, theirs.index(t))) for t in want if t is not s}
            checked += 1
        got_pairs = {frozenset((ours.index(a), ours.index(b))) for a, b in sw.collisions()}
        assert got_pairs == want_pairs
    assert want_pairs  # the scene has collisions
    # dokill: the hits leave their groups and the world.
    victim = ours[0]
    hits = sw.spritecollide(victim, None, dokill=True)
    assert hits and all(not s.alive() and s not in sw for s in hits)
    print(f"{checked} spritecollide calls and 8 frames of pairs as pygame-ce's")


def test_readme_world_example_runs():
    """The example of bindings/python/README.md's "The World" section, run as written."""
    import pathlib
    readme = pathlib.Path(__file__).resolve().parents[1] / "README.md"
    text = readme.read_text()
    section = text[text.index("## The World"):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    out = {}
    exec(compile(code, "README.md (The World)", "exec"), out)  # noqa: S102
    assert out["checked"] is True


def test_the_world_frame_benchmark_compares_equal_answers():
    """bench/world_frame.py's scene, small: its own check (the same pairs from pygame-ce's
    spritecollide loops and from the World) holds; the timings are the benchmark's."""
    import importlib.util
    import pathlib
    path = pathlib.Path(__file__).resolve().parents[1] / "bench" / "world_frame.py"
    spec = importlib.util.spec_from_file_location("world_frame", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    scene = bench.Scene(150, seed=2)
    pairs = 0
    for _ in range(4):
        scene.move()
        want = scene.pygame_pairs(scene.pygame_frame())
        assert scene.pygame_pairs(scene.pygame_rect_first_frame()) == want
        assert scene.perpixel_pairs(scene.perpixel_frame()) == want
        pairs += len(want)
    print(f"world_frame's scene, 150 sprites x 4 frames: {pairs} pairs alike")
    assert pairs > 0
