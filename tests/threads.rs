//! Masks shared read-only between threads: several `std::thread::scope` threads query
//! the same masks at once, every query of a table of pairs, offsets and placements, each
//! thread in its own order, and every answer must equal the single-threaded one (which
//! is itself checked against `perpixel::reference` first).

mod common;

use common::Rng;
use perpixel::{Mask, Overlap, Point, Sprite, reference};

const THREADS: usize = 8;
const ROUNDS: usize = 10;

/// Masks around the 64-bit word edges, about two thirds solid.
fn masks() -> Vec<Mask> {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    [(1, 1), (63, 7), (64, 5), (65, 9), (130, 4), (0, 3)]
        .iter()
        .map(|&(w, h)| {
            let bits: Vec<bool> = (0..w * h).map(|_| rng.next_u64() % 3 != 0).collect();
            Mask::from_fn(w, h, |x, y| bits[(y * w + x) as usize]).unwrap()
        })
        .collect()
}

/// One query: mask `a` at `pa`, mask `b` at `pb`, each pixel-perfect or bounds-only.
#[derive(Clone, Copy, Debug)]
struct Query {
    a: usize,
    b: usize,
    pa: (i32, i32),
    pb: (i32, i32),
    pixels: (bool, bool),
}

/// Everything the queries answer.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Answer {
    collides: bool,
    first_contact: Option<Point>,
    overlap_area: u64,
    overlap_mask: Option<Overlap>,
    /// pygame style, B at `pb - pa` from A.
    mask_collides: bool,
    mask_first_contact: Option<Point>,
    mask_overlap_area: u64,
}

fn sprite(mask: &Mask, at: (i32, i32), pixels: bool) -> Sprite<'_> {
    if pixels {
        Sprite::new(mask, at.0, at.1)
    } else {
        Sprite::bounds_only(mask, at.0, at.1)
    }
}

fn ask(masks: &[Mask], q: &Query) -> Answer {
    let a = sprite(&masks[q.a], q.pa, q.pixels.0);
    let b = sprite(&masks[q.b], q.pb, q.pixels.1);
    let offset = (q.pb.0 - q.pa.0, q.pb.1 - q.pa.1);
    Answer {
        collides: a.collides(&b),
        first_contact: a.first_contact(&b),
        overlap_area: a.overlap_area(&b),
        overlap_mask: a.overlap_mask(&b),
        mask_collides: masks[q.a].collides(&masks[q.b], offset),
        mask_first_contact: masks[q.a].first_contact(&masks[q.b], offset),
        mask_overlap_area: masks[q.a].overlap_area(&masks[q.b], offset),
    }
}

fn queries(count: usize) -> Vec<Query> {
    let mut rng = Rng::new(42);
    let offsets = [-131, -65, -64, -63, -9, -1, 0, 1, 5, 63, 64, 65, 129];
    (0..count)
        .map(|i| {
            let pick = |r: u64| offsets[r as usize % offsets.len()];
            let base = (rng.next_u64() % 2000) as i32 - 1000;
            let base_y = (rng.next_u64() % 2000) as i32 - 1000;
            Query {
                a: rng.next_u64() as usize % 6,
                b: rng.next_u64() as usize % 6,
                pa: (base, base_y),
                pb: (
                    base + pick(rng.next_u64()),
                    base_y + pick(rng.next_u64()) % 10,
                ),
                pixels: (i % 7 != 0, i % 5 != 0),
            }
        })
        .collect()
}

#[test]
fn masks_are_send_and_sync() {
    fn shareable<T: Send + Sync>() {}
    shareable::<Mask>();
    shareable::<Sprite<'static>>();
    shareable::<Overlap>();
}

#[test]
fn threads_querying_shared_masks_get_the_single_threaded_answers() {
    let masks = masks();
    let table = queries(600);

    // Single-threaded answers, checked against the reference algorithm.
    let expected: Vec<Answer> = table.iter().map(|q| ask(&masks, q)).collect();
    for (q, e) in table.iter().zip(&expected) {
        let a = sprite(&masks[q.a], q.pa, q.pixels.0);
        let b = sprite(&masks[q.b], q.pb, q.pixels.1);
        assert_eq!(e.collides, reference::collides(&a, &b), "{q:?}");
        assert_eq!(e.first_contact, reference::first_contact(&a, &b), "{q:?}");
        assert_eq!(e.overlap_area, reference::overlap_area(&a, &b), "{q:?}");
        assert_eq!(e.overlap_mask, reference::overlap_mask(&a, &b), "{q:?}");
    }
    let hits = expected.iter().filter(|e| e.collides).count();
    assert!(
        hits > 50 && hits < table.len() - 50,
        "the table should mix hits and misses ({hits} of {})",
        table.len()
    );

    let (wrong, asked) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                let (masks, table, expected) = (&masks, &table, &expected);
                scope.spawn(move || {
                    let (mut wrong, mut asked) = (0usize, 0usize);
                    for round in 0..ROUNDS {
                        for i in 0..table.len() {
                            // Each thread walks the table in its own order.
                            let at = (i * (2 * t + 1) + t * 17 + round) % table.len();
                            if ask(masks, &table[at]) != expected[at] {
                                wrong += 1;
                            }
                            asked += 1;
                        }
                    }
                    (wrong, asked)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a worker panicked"))
            .fold((0, 0), |(w, a), (dw, da)| (w + dw, a + da))
    });
    println!(
        "{THREADS} threads x {ROUNDS} rounds x {} queries = {asked} answers, {wrong} wrong",
        table.len()
    );
    assert_eq!(asked, THREADS * ROUNDS * table.len());
    assert_eq!(wrong, 0);
}

/// The word occupancy level is built by the first query of whole rows that wants it
/// (`Mask::word_level`, a `OnceLock`): threads that ask at the same moment, on masks no
/// query has read yet, must all get the reference answer, whichever builds it.
#[test]
fn threads_building_the_word_level_at_once_agree() {
    let mut rng = Rng::new(0x005E_ED0F_1EE7);
    let (mut checked, mut hits) = (0usize, 0usize);
    for round in 0..12 {
        // Two layers of a level: as many words a row, at the same x, sparse enough that
        // the levels skip words.
        let (w, h) = (130 + 40 * (round % 4), 90 + 7 * round);
        let mut noise = || {
            let bits: Vec<bool> = (0..w * h).map(|_| rng.next_u64() % 200 == 0).collect();
            Mask::from_fn(w, h, |x, y| bits[(y * w + x) as usize]).unwrap()
        };
        let (a, b) = (noise(), noise());
        let dys = [0, 1, 5, 8, 13];
        let want: Vec<Option<Point>> = dys
            .iter()
            .map(|&dy| {
                let (sa, sb) = (Sprite::new(&a, 0, 0), Sprite::new(&b, 0, dy));
                reference::first_contact(&sa, &sb)
            })
            .collect();
        let start = std::sync::Barrier::new(THREADS);
        let answers: Vec<Vec<Option<Point>>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..THREADS)
                .map(|t| {
                    let (a, b, start, dys) = (&a, &b, &start, &dys);
                    scope.spawn(move || {
                        start.wait();
                        // Each thread starts at its own offset of the list.
                        let mut got = vec![None; dys.len()];
                        for i in 0..dys.len() {
                            let k = (i + t) % dys.len();
                            got[k] = Sprite::new(a, 0, 0).first_contact(&Sprite::new(b, 0, dys[k]));
                        }
                        got
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        for got in &answers {
            assert_eq!(got, &want, "round {round}: {w}x{h}");
            checked += got.len();
        }
        hits += want.iter().filter(|p| p.is_some()).count();
        assert_eq!(a.stale_cache(), None, "round {round}");
        assert_eq!(b.stale_cache(), None, "round {round}");
    }
    assert!(
        hits > 0 && hits < 60,
        "the rounds should mix hits and misses ({hits} of 60)"
    );
    println!(
        "ok   {THREADS} threads building the word levels at once: {checked} whole-rows first \
         contacts equal reference::first_contact ({hits} of 60 pairs hit)"
    );
}
