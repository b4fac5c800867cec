//! [`Shared`]: a fixed-size header and a run of 64-bit words in one reference-counted
//! allocation: what a [`crate::Mask`] is.
//!
//! A mask is immutable once built, so its clones share one allocation, and the C ABI's
//! `pp_mask *` points into it (at a [`Slot`] in the header, which reads as a `Mask`):
//! making a mask (through Rust or C) is one allocation, freeing it one `free`, and a
//! query reaches the words at a fixed offset from the header it has just read.
//!
//! Layout: `refs` (the reference count), `len` (the words), the header `M`, then the
//! `len` words, 8-byte aligned. Writing (`parts_mut`) needs the only reference, which a
//! mask being built has.

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

impl<M> Shared<M> {
    /// Bytes of the allocation before the words: the counts and the header.
    pub(crate) const HEAD_BYTES: usize = words_at::<M>();

    /// A new allocation holding `head` and `len` zero words, or `None` when the memory
    /// cannot be had (never an abort).
    #[inline]
    pub(crate) fn new_zeroed(head: M, len: usize) -> Option<Shared<M>> {
        let (layout, at) = layout::<M>(len)?;
        // Small blocks come from `malloc` (its per-thread cache) and are zeroed here:
        // glibc's `calloc` skips that cache and costs more than the zeroing. Large ones
        // come from `calloc`, whose fresh pages are zero already.
        let small = layout.size() < CALLOC_FROM;
        // SAFETY: the layout is never zero-sized (it holds at least the two counts).
        let raw = unsafe {
            if small {
                alloc(layout)
            } else {
                alloc_zeroed(layout)
            }
        };
        let raw = raw.cast::<Inner<M>>();
        let ptr = NonNull::new(raw)?;
        // SAFETY: freshly allocated for an `Inner<M>` and the `len` words at `at`; the
        // words are zeroed (or already zero).
        unsafe {
            if small {
                raw.cast::<u8>().add(at).cast::<u64>().write_bytes(0, len);
            }
            Some(Shared::with_head(ptr, head, len))
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
        let (layout, at) = layout::<M>(len)?;
        // SAFETY: the layout is never zero-sized (it holds at least the two counts).
        let raw = unsafe { alloc(layout) }.cast::<Inner<M>>();
        let ptr = NonNull::new(raw)?;
        /// Frees the block if `fill` unwinds.
        struct FreeOnUnwind(*mut u8, Layout);
        impl Drop for FreeOnUnwind {
            fn drop(&mut self) {
                // SAFETY: allocated just above with this layout, and nothing else holds
                // it yet.
                unsafe { dealloc(self.0, self.1) }
            }
        }
        let guard = FreeOnUnwind(raw.cast(), layout);
        // SAFETY: `len` words at `at` bytes into the block, which is ours alone; as
        // `MaybeUninit` they may be uninitialised.
        let words = unsafe {
            std::slice::from_raw_parts_mut(raw.cast::<u8>().add(at).cast::<MaybeUninit<u64>>(), len)
        };
        fill(words);
        std::mem::forget(guard);
        // SAFETY: allocated just above by `layout::<M>(len)`; the words are initialised
        // (the caller's contract).
        Some(unsafe { Shared::with_head(ptr, head, len) })
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
        let (layout, _) = layout::<M>(len).expect("the layout was valid when allocated");
        // SAFETY: the last reference: nothing else can reach the allocation. The header
        // is dropped in place once, then the memory is freed with the layout it was
        // allocated with.
        unsafe {
            std::ptr::drop_in_place(&mut (*self.ptr.as_ptr()).head);
            dealloc(self.ptr.as_ptr().cast(), layout);
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
}
