//! The fixed cost of a pair query through Rust, for callgrind:
//! `fixed_cost N` calls `Sprite::collides` on two 1x1 sprites N times inside
//! `fixed_cost_collides_loop`, so that `valgrind --tool=callgrind
//! --toggle-collect=fixed_cost_collides_loop` counts the loop alone
//! (`bash benches/pygame_side/run.sh callgrind` does, beside the C ABI and pygame).

use perpixel::{Mask, Sprite};
use std::hint::black_box;

/// `n` calls of 1x1 `collides`; how many hit.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn fixed_cost_collides_loop(a: &Sprite, b: &Sprite, n: u64) -> u64 {
    let mut hits = 0;
    for _ in 0..n {
        hits += black_box(a).collides(black_box(b)) as u64;
    }
    hits
}

fn main() -> Result<(), perpixel::Error> {
    let n = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let one = Mask::full(1, 1)?;
    let (a, b) = (Sprite::new(&one, 0, 0), Sprite::new(&one, 0, 0));
    let hits = fixed_cost_collides_loop(&a, &b, n);
    assert_eq!(hits, n, "two 1x1 solid sprites at one place collide");
    println!("{n} calls, {hits} hits");
    Ok(())
}
