//! Tests (compiled only for `cargo test`): the hot paths allocate nothing. `collides`,
//! `first_contact` and `overlap_area`, from Rust and through the C ABI, under a global
//! allocator that counts every allocation on this thread. Regression test for a `format!` that ran on every C query (it named the
//! sprite's mask for an error message that was almost never needed).

use super::{
    pp_collides, pp_first_contact, pp_mask, pp_mask_collides, pp_mask_first_contact, pp_mask_free,
    pp_mask_new, pp_mask_overlap_area, pp_overlap_area, pp_point, pp_sprite, pp_status,
};
use crate::{Mask, Sprite};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is forwarded unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations `f` makes on this thread.
fn allocations(f: impl FnOnce()) -> u64 {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn rust_queries_allocate_nothing() {
    let disc = Mask::from_fn(70, 40, |x, y| {
        (x as i32 - 35).pow(2) + (y as i32 - 20).pow(2) < 300
    })
    .unwrap();
    let wide = Mask::full(300, 9).unwrap();
    let mut answers = 0u64;
    for (dx, dy) in [(0, 0), (13, 7), (-20, 30), (65, -3), (200, 200)] {
        let a = Sprite::new(&disc, 0, 0);
        let b = Sprite::new(&wide, dx, dy);
        let n = allocations(|| {
            answers += a.collides(&b) as u64;
            answers += a.first_contact(&b).map_or(0, |p| p.x as u64);
            answers += a.overlap_area(&b);
            answers += disc.collides(&wide, (dx, dy)) as u64;
            answers += disc.overlap_area(&wide, (dx, dy));
        });
        assert_eq!(n, 0, "a query at offset ({dx}, {dy}) allocated {n} times");
    }
    println!("Rust queries at 5 offsets: 0 allocations ({answers})");
}

#[test]
fn c_queries_allocate_nothing() {
    let mut a: *mut pp_mask = std::ptr::null_mut();
    let mut b: *mut pp_mask = std::ptr::null_mut();
    // SAFETY: valid out-pointers; the masks are freed below.
    unsafe {
        assert_eq!(pp_mask_new(70, 40, 1, &mut a), pp_status::PP_OK);
        assert_eq!(pp_mask_new(300, 9, 1, &mut b), pp_status::PP_OK);
    }
    let sa = pp_sprite {
        mask: a,
        x: 0,
        y: 0,
        pixel_collision: 1,
    };
    let sb = pp_sprite {
        mask: b,
        x: 13,
        y: 7,
        pixel_collision: 1,
    };
    let (mut hit, mut found, mut area) = (0u8, 0u8, 0u64);
    let mut p = pp_point::default();
    let n = allocations(|| {
        // SAFETY: live masks and valid pointers for every argument.
        unsafe {
            assert_eq!(pp_collides(&sa, &sb, &mut hit), pp_status::PP_OK);
            assert_eq!(
                pp_first_contact(&sa, &sb, &mut found, &mut p),
                pp_status::PP_OK
            );
            assert_eq!(pp_overlap_area(&sa, &sb, &mut area), pp_status::PP_OK);
            assert_eq!(pp_mask_collides(a, b, 13, 7, &mut hit), pp_status::PP_OK);
            assert_eq!(
                pp_mask_first_contact(a, b, 13, 7, &mut found, &mut p),
                pp_status::PP_OK
            );
            assert_eq!(
                pp_mask_overlap_area(a, b, 13, 7, &mut area),
                pp_status::PP_OK
            );
        }
    });
    assert_eq!((hit, found, p.x, p.y, area), (1, 1, 13, 7, 57 * 9));
    assert_eq!(n, 0, "the C queries allocated {n} times");
    println!("C ABI queries: 0 allocations");
    // SAFETY: both masks came from pp_mask_new and are freed once.
    unsafe {
        pp_mask_free(a);
        pp_mask_free(b);
    }
}
