//! [`Shared`]: a fixed-size header and a run of 64-bit words in one reference-counted
//! allocation: what a [`crate::Mask`] is.
//!
//! A mask is immutable once built, so its clones share one allocation, and the C ABI's
//! `pp_mask *` points into it (at a [`Slot`] in the header, which reads as a `Mask`):
//! making a mask (through Rust or C) is one allocation, freeing it one `free`, and a
//! query reaches the words at a fixed offset from the header it has just read.
//!
//! Layout: `refs` (the reference count), `len` (the words), the header `M`, then the
//! `len` words, 8-byte aligned; in blocks of 64 KiB or more, 64-byte aligned (the header
//! placed after a lead, see `ALIGN_FROM`). Writing (`parts_mut`) needs the only
//! reference, which a mask being built has.

use std::alloc::{Layout, alloc, alloc_zeroed, dealloc};
use std::marker::PhantomData;
use std::mem::MaybeUninit;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicUsize, Ordering, fence};

#[repr(C)]
struct Inner<M> {
    refs: AtomicUsize,
    len: usize,
    head: M,
    // `len` words follow, at `words_at::<M>()`.
}

/// One reference to a shared header-and-words allocation.
#[repr(transparent)]
pub(crate) struct Shared<M> {
    ptr: NonNull<Inner<M>>,
    _owns: PhantomData<Inner<M>>,
}

// SAFETY: the header and words are only written through `parts_mut`, which needs the
// only reference (`&mut self` and a count of one); everything else reads. So sharing or
// sending a reference is as safe as sharing `M` and `[u64]` (as `Arc<(M, [u64])>`).
unsafe impl<M: Send + Sync> Send for Shared<M> {}
// SAFETY: as above.
unsafe impl<M: Send + Sync> Sync for Shared<M> {}

/// A reference's address and a copy of `T`, kept inside the allocation: a value with the
/// layout of a `#[repr(C)]` struct whose first field is a [`Shared`] and whose second is
/// `T`, so that a pointer to the slot can be read as a reference to such a struct (what a
/// C handle to a mask is). Written only while the allocation has one reference.
#[repr(C)]
#[derive(Clone, Copy)]
pub(crate) struct Slot<T: Copy> {
    block: *const u8,
    value: T,
}

// SAFETY: the address is only read (to reach the allocation, as `Shared` does), so a slot
// is as shareable as `T`.
unsafe impl<T: Copy + Send> Send for Slot<T> {}
// SAFETY: as above.
unsafe impl<T: Copy + Sync> Sync for Slot<T> {}

impl<T: Copy + Default> Default for Slot<T> {
    fn default() -> Slot<T> {
        Slot {
            block: std::ptr::null(),
            value: T::default(),
        }
    }
}

/// Blocks at least this large (bytes) are allocated zeroed by the allocator.
const CALLOC_FROM: usize = 64 << 10;

/// The allocation's layout for `len` words, and the words' offset in it; `None` when
/// the size overflows.
fn layout<M>(len: usize) -> Option<(Layout, usize)> {
    let (layout, at) = Layout::new::<Inner<M>>()
        .extend(Layout::array::<u64>(len).ok()?)
        .ok()?;
    Some((layout.pad_to_align(), at))
}

/// Blocks at least this large (bytes) put their words on a 64-byte boundary (a cache
/// line, and an AVX-512 vector): the header starts `lead` bytes into the block, with
/// `lead` (8 to 64) stored in the word before it. A row whose words are a multiple of 8
/// then starts every one of its vectors on a line, so a scan or a mirror of a large mask
/// splits no load or store across two lines. Small blocks (sprites) keep their header at
/// the block's start: their words are read a few at a time, and an aligned request would
/// leave the allocator's fast path.
const ALIGN_FROM: usize = 64 << 10;

/// How a block for `len` words is laid out: the allocator's layout, the words' offset
/// from the header, and whether the header sits at a lead (see [`ALIGN_FROM`]).
struct Block {
    layout: Layout,
    at: usize,
    led: bool,
}

/// The block for `len` words; `None` when the size overflows.
#[inline(always)]
fn block<M>(len: usize) -> Option<Block> {
    let (layout, at) = layout::<M>(len)?;
    // A lead is a multiple of 8 bytes: a header that needs more alignment keeps its
    // place (no such header exists in this crate).
    if layout.size() < ALIGN_FROM || layout.align() > 8 {
        return Some(Block {
            layout,
            at,
            led: false,
        });
    }
    let layout = Layout::from_size_align(layout.size().checked_add(64)?, layout.align()).ok()?;
    Some(Block {
        layout,
        at,
        led: true,
    })
}

impl Block {
    /// Where the header goes in the block at `raw` (its lead written before it).
    ///
    /// # Safety
    /// `raw` was allocated with `self.layout`.
    #[inline(always)]
    unsafe fn header<M>(&self, raw: *mut u8) -> *mut Inner<M> {
        if !self.led {
            return raw.cast();
        }
        // The words at `raw + lead + at` on a 64-byte boundary, with room for the lead
        // word: 8 <= lead <= 64 (the block has 64 bytes to spare; `raw` and `at` are
        // multiples of 8).
        let lead = 8 + (64 - (raw as usize + 8 + self.at) % 64) % 64;
        // SAFETY: `lead - 8 + 8 <= 64` bytes into the block, 8-aligned; the header and
        // words after `lead` fit in the `size - 64` bytes left.
        unsafe {
            raw.add(lead - 8).cast::<usize>().write(lead);
            raw.add(lead).cast()
        }
    }

    /// The start of the block whose header is at `inner` (placed by [`Block::header`]).
    ///
    /// # Safety
    /// `inner` was placed by `self.header` in a block of this layout.
    #[inline(always)]
    unsafe fn start<M>(&self, inner: *mut Inner<M>) -> *mut u8 {
        if !self.led {
            return inner.cast();
        }
        // SAFETY: the lead was written in the word before the header.
        unsafe {
            let lead = inner.cast::<usize>().sub(1).read();
            inner.cast::<u8>().sub(lead)
        }
    }
}

impl<M> Shared<M> {
    /// Bytes of a block before the words: the counts and the header (the lead of a
    /// large block not counted; see [`Shared::block_bytes`]).
    #[cfg(test)]
    pub(crate) const HEAD_BYTES: usize = words_at::<M>();

    /// Bytes of the allocation for `len` words: the header, the words and, in large
    /// blocks, the 64 bytes of room for the lead.
    pub(crate) fn block_bytes(len: usize) -> usize {
        block::<M>(len).map_or(usize::MAX, |b| b.layout.size())
    }

    /// A new allocation holding `head` and `len` zero words, or `None` when the memory
    /// cannot be had (never an abort).
    #[inline]
    pub(crate) fn new_zeroed(head: M, len: usize) -> Option<Shared<M>> {
        let b = block::<M>(len)?;
        // Small blocks come from `malloc` (its per-thread cache) and are zeroed here:
        // glibc's `calloc` skips that cache and costs more than the zeroing. Large ones
        // come from `calloc`, whose fresh pages are zero already.
        let small = b.layout.size() < CALLOC_FROM;
        // SAFETY: the layout is never zero-sized (it holds at least the two counts).
        let raw = unsafe {
            if small {
                alloc(b.layout)
            } else {
                alloc_zeroed(b.layout)
            }
        };
        if raw.is_null() {
            return None;
        }
        // SAFETY: freshly allocated with `b.layout`, for an `Inner<M>` and the `len`
        // words `b.at` bytes after it; the words are zeroed (or already zero).
        unsafe {
            let inner = b.header::<M>(raw);
            if small {
                inner
                    .cast::<u8>()
                    .add(b.at)
                    .cast::<u64>()
                    .write_bytes(0, len);
            }
            Some(Shared::with_head(NonNull::new_unchecked(inner), head, len))
        }
    }

    /// The one reference to the fresh block at `ptr`, its header written here.
    ///
    /// # Safety
    /// `ptr` was allocated by `layout::<M>(len)` and nothing else holds it; its `len`
    /// words are initialised.
    #[inline(always)]
    unsafe fn with_head(ptr: NonNull<Inner<M>>, head: M, len: usize) -> Shared<M> {
        // SAFETY: valid for the write of an `Inner<M>` (the caller's contract); the
        // header is written once, here.
        unsafe {
            ptr.as_ptr().write(Inner {
                refs: AtomicUsize::new(1),
                len,
                head,
            })
        };
        Shared {
            ptr,
            _owns: PhantomData,
        }
    }

    /// A new allocation holding `head` and `len` words that `fill` writes, or `None` when
    /// the memory cannot be had (never an abort). The words are not zeroed first: for a
    /// writer that writes every word anyway (a mirror of another mask), zeroing them
    /// would cost as much as a quarter of its time.
    ///
    /// If `fill` panics, the allocation is freed and the panic goes on.
    ///
    /// # Safety
    /// `fill` must initialise every one of the `len` words it is given before it returns
    /// (by `MaybeUninit::write`, or by stores through the slice's pointer).
    #[inline]
    pub(crate) unsafe fn new_written(
        head: M,
        len: usize,
        fill: impl FnOnce(&mut [MaybeUninit<u64>]),
    ) -> Option<Shared<M>> {
        let b = block::<M>(len)?;
        // SAFETY: the layout is never zero-sized (it holds at least the two counts).
        let start = unsafe { alloc(b.layout) };
        if start.is_null() {
            return None;
        }
        // SAFETY: freshly allocated with `b.layout`.
        let raw = unsafe { b.header::<M>(start) };
        /// Frees the block if `fill` unwinds.
        struct FreeOnUnwind(*mut u8, Layout);
        impl Drop for FreeOnUnwind {
            fn drop(&mut self) {
                // SAFETY: allocated just above with this layout, and nothing else holds
                // it yet.
                unsafe { dealloc(self.0, self.1) }
            }
        }
        let guard = FreeOnUnwind(start, b.layout);
        // SAFETY: `len` words `b.at` bytes after the header, in the block, which is ours
        // alone; as `MaybeUninit` they may be uninitialised.
        let words = unsafe {
            let words = raw.cast::<u8>().add(b.at).cast::<MaybeUninit<u64>>();
            std::slice::from_raw_parts_mut(words, len)
        };
        fill(words);
        std::mem::forget(guard);
        // SAFETY: allocated just above by `block::<M>(len)`, the header placed by it; the
        // words are initialised (the caller's contract).
        Some(unsafe { Shared::with_head(NonNull::new_unchecked(raw), head, len) })
    }

    #[inline(always)]
    fn inner(&self) -> &Inner<M> {
        // SAFETY: `ptr` points at a live `Inner<M>` while any reference exists.
        unsafe { self.ptr.as_ref() }
    }

    /// Where the words start.
    #[inline(always)]
    fn words_ptr(&self) -> *mut u64 {
        let at = const { words_at::<M>() };
        // SAFETY: the words start `at` bytes into the allocation (see `layout`).
        unsafe { self.ptr.as_ptr().cast::<u8>().add(at).cast::<u64>() }
    }

    /// The header.
    #[inline(always)]
    pub(crate) fn head(&self) -> &M {
        &self.inner().head
    }

    /// The words.
    #[inline(always)]
    pub(crate) fn words(&self) -> &[u64] {
        // SAFETY: `len` initialised words live at `words_ptr()`, written only through
        // `parts_mut`, which cannot run while this borrow lasts.
        unsafe { std::slice::from_raw_parts(self.words_ptr(), self.inner().len) }
    }

    /// The header and the words, writable; `None` when another reference shares them.
    #[inline]
    pub(crate) fn parts_mut(&mut self) -> Option<(&mut M, &mut [u64])> {
        if self.inner().refs.load(Ordering::Acquire) != 1 {
            return None;
        }
        let len = self.inner().len;
        let words = self.words_ptr();
        // SAFETY: this is the only reference (count 1, and `&mut self` keeps it so), so
        // nothing else reads the header or the words while these borrows last; they are
        // disjoint (the words follow the header).
        unsafe {
            Some((
                &mut (*self.ptr.as_ptr()).head,
                std::slice::from_raw_parts_mut(words, len),
            ))
        }
    }

    /// A [`Slot`] holding this reference's address and `value`.
    pub(crate) fn slot<T: Copy>(&self, value: T) -> Slot<T> {
        Slot {
            block: self.ptr.as_ptr().cast(),
            value,
        }
    }

    /// Whether two references share one allocation.
    #[cfg(test)]
    pub(crate) fn same(a: &Shared<M>, b: &Shared<M>) -> bool {
        a.ptr == b.ptr
    }
}

/// The words' offset from the start of the allocation.
const fn words_at<M>() -> usize {
    let size = std::mem::size_of::<Inner<M>>();
    let align = std::mem::align_of::<u64>();
    // `Layout::extend` pads the header to the words' alignment (and `Inner` is at least
    // as aligned as a `u64`, so its size already is a multiple of 8).
    size.div_ceil(align) * align
}

impl<M> Clone for Shared<M> {
    /// Another reference to the same allocation.
    #[inline]
    fn clone(&self) -> Shared<M> {
        // As `Arc`: a count this large means references are leaked without end.
        if self.inner().refs.fetch_add(1, Ordering::Relaxed) > isize::MAX as usize {
            std::process::abort();
        }
        Shared {
            ptr: self.ptr,
            _owns: PhantomData,
        }
    }
}

impl<M> Drop for Shared<M> {
    #[inline]
    fn drop(&mut self) {
        // The only reference (the common case: a mask made, used and freed) needs no
        // atomic read-modify-write: nothing else can reach the count to change it.
        // The acquiring load sees every write of references dropped before.
        if self.inner().refs.load(Ordering::Acquire) != 1 {
            if self.inner().refs.fetch_sub(1, Ordering::Release) != 1 {
                return;
            }
            // As `Arc`: see every other reference's writes before freeing.
            fence(Ordering::Acquire);
        }
        let len = self.inner().len;
        let b = block::<M>(len).expect("the layout was valid when allocated");
        // SAFETY: the last reference: nothing else can reach the allocation. The header
        // is dropped in place once, then the memory is freed from the block's start with
        // the layout it was allocated with.
        unsafe {
            std::ptr::drop_in_place(&mut (*self.ptr.as_ptr()).head);
            dealloc(b.start(self.ptr.as_ptr()), b.layout);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_follow_the_header_and_clones_share_them() {
        let mut a = Shared::new_zeroed(String::from("head"), 5).unwrap();
        {
            let (head, words) = a.parts_mut().unwrap();
            head.push('!');
            words[4] = 7;
        }
        assert_eq!(a.words(), &[0, 0, 0, 0, 7]);
        assert_eq!(layout::<String>(5).unwrap().1, words_at::<String>());
        let mut b = a.clone();
        assert!(Shared::same(&a, &b));
        assert!(b.parts_mut().is_none(), "shared: not writable");
        drop(a);
        assert!(b.parts_mut().is_some(), "the last reference writes");
        assert_eq!(b.head(), "head!");
        let empty = Shared::new_zeroed((), 0).unwrap();
        assert!(empty.words().is_empty());
        assert!(Shared::new_zeroed((), usize::MAX / 4).is_none());
    }

    #[test]
    fn written_words_are_what_fill_wrote_and_a_panic_frees_the_block() {
        // SAFETY: the closure writes every word.
        let a = unsafe {
            Shared::new_written(7u8, 5, |w| {
                for (i, w) in w.iter_mut().enumerate() {
                    w.write(i as u64 * 3);
                }
            })
        }
        .unwrap();
        assert_eq!((a.head(), a.words()), (&7, &[0, 3, 6, 9, 12][..]));
        // SAFETY: nothing is read: the closure panics before returning.
        let caught = std::panic::catch_unwind(|| unsafe {
            Shared::new_written(String::from("head"), 3, |_| panic!("a writer failed"))
        });
        assert!(caught.is_err());
        // SAFETY: the closure writes nothing, and there is nothing to write.
        let empty = unsafe { Shared::new_written((), 0, |_| {}) }.unwrap();
        assert!(empty.words().is_empty());
    }

    /// Blocks from `ALIGN_FROM` on have their words on a 64-byte boundary, whatever
    /// address the allocator gives (sizes around the threshold, many blocks alive at
    /// once), keep their header and words apart, and free (and unwind) cleanly.
    #[test]
    fn large_blocks_put_their_words_on_a_line() {
        let around = ALIGN_FROM / 8;
        let mut alive = vec![];
        for len in (around - 20..around + 20).chain([around * 2 + 3, around * 9 + 1]) {
            let head = format!("block of {len}");
            let big = block::<String>(len).unwrap().led;
            let z = Shared::new_zeroed(head.clone(), len).unwrap();
            assert!(z.words().iter().all(|&w| w == 0), "{head}");
            // SAFETY: the closure writes every word.
            let w = unsafe {
                Shared::new_written(head.clone(), len, |w| {
                    for (i, w) in w.iter_mut().enumerate() {
                        w.write(i as u64);
                    }
                })
            }
            .unwrap();
            for x in [&z, &w] {
                assert_eq!(x.head(), &head);
                assert_eq!(x.words().len(), len);
                if big {
                    assert_eq!(x.words().as_ptr() as usize % 64, 0, "{head}");
                }
            }
            assert!(w.words().iter().enumerate().all(|(i, &v)| v == i as u64));
            alive.push((z.clone(), w));
        }
        assert!(block::<String>(around * 2).unwrap().led);
        assert!(!block::<String>(16).unwrap().led);
        // SAFETY: nothing is read: the closure panics before returning.
        let caught = std::panic::catch_unwind(|| unsafe {
            Shared::new_written(String::from("big"), around * 3, |_| {
                panic!("a writer failed")
            })
        });
        assert!(caught.is_err());
        drop(alive);
    }
}
