//! Large-mask scans beside a plain word loop (the floor), for issue 32's five cases:
//! `cargo run --release --example scan` prints the median ns per call of each case on
//! each kernel path; `scan callgrind CASE N` runs case `CASE` (its row in the table, from 0) N times inside
//! `scan_loop`, for `valgrind --tool=callgrind --toggle-collect=scan_loop`, and `scan
//! floor CASE N` the plain word loop over the same masks inside `floor_loop`.
//!
//! `SCAN_MASKS=DIR` adds the masks of `bindings/python/bench/compare.py`'s no-hit scans,
//! as that script's `--dump-masks DIR` writes them (one byte a pixel, row by row).

use perpixel::{Mask, kernels};
use std::hint::black_box;
use std::time::Instant;

/// A small deterministic generator (splitmix64).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// Random pixels of density `p`, only where `(x + y) % 2 == parity` when given.
fn noise(n: u32, p: f64, seed: u64, parity: Option<u32>) -> Mask {
    let mut rng = Rng(seed);
    let mut bits = vec![false; (n * n) as usize];
    for y in 0..n {
        for x in 0..n {
            let keep = parity.is_none_or(|q| (x + y) % 2 == q);
            bits[(y * n + x) as usize] = rng.chance(p) && keep;
        }
    }
    Mask::from_fn(n, n, |x, y| bits[(y * n + x) as usize]).unwrap()
}

/// Discs of radius 6 in a quarter of the 32x32 cells whose `(i + j) % 2 == parity`.
fn blobs(n: u32, parity: u32, seed: u64) -> Mask {
    let mut rng = Rng(seed);
    let cells = n / 32;
    let mut on = vec![false; (cells * cells) as usize];
    for i in 0..cells {
        for j in 0..cells {
            on[(i * cells + j) as usize] = (i + j) % 2 == parity && rng.chance(0.25);
        }
    }
    Mask::from_fn(n, n, |x, y| {
        let (i, j) = (x / 32, y / 32);
        let (dx, dy) = ((x % 32) as f64 - 15.5, (y % 32) as f64 - 15.5);
        i < cells && j < cells && on[(i * cells + j) as usize] && dx * dx + dy * dy <= 36.0
    })
    .unwrap()
}

pub struct Case {
    name: String,
    a: Mask,
    b: Mask,
    area: bool,
    offset: (i32, i32),
}

/// A first-contact case: `b` at `offset` from `a`.
fn contact(name: impl Into<String>, a: Mask, b: Mask, offset: (i32, i32)) -> Case {
    Case {
        name: name.into(),
        a,
        b,
        area: false,
        offset,
    }
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for n in [256u32, 2048] {
        let (ba, bb) = (blobs(n, 0, 3), blobs(n, 1, 4));
        let (na, nb) = (noise(n, 0.002, 5, Some(0)), noise(n, 0.002, 6, Some(1)));
        out.push(contact(
            format!("{n}x{n} overlap, sparse blobs, no hit"),
            ba.clone(),
            bb.clone(),
            (0, 0),
        ));
        out.push(contact(
            format!("{n}x{n} overlap, scattered noise 0.2%, no hit"),
            na.clone(),
            nb.clone(),
            (0, 0),
        ));
        // The same pairs at an offset that lines up neither columns nor block rows.
        out.push(contact(
            format!("{n}x{n} overlap, sparse blobs, offset (3, 5), no hit"),
            ba.clone(),
            bb.clone(),
            (3, 5),
        ));
        out.push(contact(
            format!("{n}x{n} overlap, scattered noise 0.2%, offset (3, 5), no hit"),
            na,
            nb,
            (3, 5),
        ));
        if n == 256 {
            out.push(Case {
                area: true,
                ..contact(
                    format!("{n}x{n} overlap_area, random 50%"),
                    noise(n, 0.5, 1, None),
                    noise(n, 0.5, 2, None),
                    (3, 5),
                )
            });
        }
    }
    if let Ok(dir) = std::env::var("SCAN_MASKS") {
        for n in [256u32, 2048] {
            for kind in ["blobs", "noise"] {
                let load = |k: &str| {
                    let bytes = std::fs::read(format!("{dir}/{kind}{n}{k}.bin")).unwrap();
                    Mask::from_fn(n, n, |x, y| bytes[(y * n + x) as usize] != 0).unwrap()
                };
                let name = format!("{n}x{n} overlap, {kind} from bench/compare.py, no hit");
                out.push(contact(name, load("a"), load("b"), (0, 0)));
            }
        }
    }
    // Sprite-sized pairs wider than a word at the same x (whole rows): rings whose boxes
    // overlap but pixels miss, and noisy sprites that hit.
    let ring = |n: u32, r0: f64, r1: f64| {
        Mask::from_fn(n, n, |x, y| {
            let c = n as f64 / 2.0 - 0.5;
            let d = ((x as f64 - c).powi(2) + (y as f64 - c).powi(2)).sqrt();
            (r0..=r1).contains(&d)
        })
        .unwrap()
    };
    out.push(contact(
        "128x128 rings at the same x, no hit",
        ring(128, 60.0, 63.0),
        ring(128, 20.0, 24.0),
        (0, 5),
    ));
    out.push(contact(
        "96x96 random 50% at the same x, hit",
        noise(96, 0.5, 9, None),
        noise(96, 0.5, 10, None),
        (0, 7),
    ));
    out.push(contact(
        "32x32 overlap, random 50%",
        noise(32, 0.5, 7, None),
        noise(32, 0.5, 8, None),
        (5, 3),
    ));
    out.push(Case {
        name: "32x32 overlap_area, random 50%".into(),
        a: noise(32, 0.5, 7, None),
        b: noise(32, 0.5, 8, None),
        area: true,
        offset: (5, 3),
    });
    out
}

fn run(c: &Case) -> u64 {
    if c.area {
        black_box(&c.a).overlap_area(black_box(&c.b), c.offset)
    } else {
        black_box(&c.a)
            .first_contact(black_box(&c.b), c.offset)
            .map_or(u64::MAX, |p| (p.y as u64) << 32 | p.x as u64)
    }
}

/// The floor: a plain AND (or AND + popcount) over the two masks' words, aligned, no
/// shifting, no early out.
fn floor(c: &Case) -> u64 {
    let (a, b) = (black_box(c.a.words()), black_box(c.b.words()));
    if c.area {
        a.iter()
            .zip(b)
            .map(|(x, y)| (x & y).count_ones() as u64)
            .sum()
    } else {
        a.iter()
            .zip(b)
            .position(|(x, y)| x & y != 0)
            .map_or(u64::MAX, |i| i as u64)
    }
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn scan_loop(c: &Case, n: u64) -> u64 {
    (0..n).map(|_| run(c)).fold(0, u64::wrapping_add)
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn floor_loop(c: &Case, n: u64) -> u64 {
    (0..n).map(|_| floor(c)).fold(0, u64::wrapping_add)
}

fn median_ns(f: &mut impl FnMut() -> u64) -> f64 {
    let mut n = 1u64;
    loop {
        let t = Instant::now();
        for _ in 0..n {
            black_box(f());
        }
        if t.elapsed().as_micros() > 2_000 {
            break;
        }
        n *= 2;
    }
    let mut samples: Vec<f64> = (0..31)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..n {
                black_box(f());
            }
            t.elapsed().as_nanos() as f64 / n as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let cases = cases();
    if args.len() >= 4 {
        let (i, n): (usize, u64) = (args[2].parse().unwrap(), args[3].parse().unwrap());
        let r = match args[1].as_str() {
            "callgrind" => scan_loop(&cases[i], n),
            _ => floor_loop(&cases[i], n),
        };
        println!("{}: {r} blocks {:?}", cases[i].name, both_blocks(&cases[i]));
        return;
    }
    print!("{:<48} {:>9}", "case", "floor");
    let paths = kernels::available_paths();
    for p in &paths {
        print!(" {:>9}", p.name());
    }
    print!(" {:>9}", "no-early");
    println!();
    for c in &cases {
        print!("{:<48} {:>9.0}", c.name, median_ns(&mut || floor(c)));
        for &p in &paths {
            let ns = kernels::with_path(p, || median_ns(&mut || run(c)));
            print!(" {ns:>9.0}");
        }
        // The fastest path with no early out: the wide AND-and-test over every word.
        let ns = kernels::with_early_outs(kernels::EarlyOuts::NONE, || median_ns(&mut || run(c)));
        print!(" {ns:>9.0}");
        println!(" (answer {})", run(c));
    }
}

/// Blocks of 8x8 occupied in both masks (debug).
#[allow(dead_code)]
pub fn both_blocks(c: &Case) -> (usize, usize, usize) {
    let n = c.a.width() as usize;
    let occ = |m: &Mask, bx: usize, by: usize| {
        (0..8).any(|dy| (0..8).any(|dx| m.is_solid((8 * bx + dx) as u32, (8 * by + dy) as u32)))
    };
    let (mut a, mut b, mut both) = (0, 0, 0);
    for by in 0..n / 8 {
        for bx in 0..n / 8 {
            let (x, y) = (occ(&c.a, bx, by), occ(&c.b, bx, by));
            a += x as usize;
            b += y as usize;
            both += (x && y) as usize;
        }
    }
    (a, b, both)
}
