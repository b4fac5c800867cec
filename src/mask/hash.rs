//! The mask's stable state hash ([`Mask::state_hash`]) and the FNV-1a writer the world's
//! ([`crate::World::state_hash`]) shares: a canonical byte stream, written out in the
//! docs so that any door (or a peer in another language) can compute the same value. No
//! `std` hasher, no addresses, no map order: the same state gives the same number on
//! every platform and in every build.

use super::Mask;

/// 64-bit FNV-1a (offset basis `0xcbf29ce484222325`, prime `0x100000001b3`), fed the
/// canonical stream little-endian field by field.
pub(crate) struct Fnv(pub(crate) u64);

impl Fnv {
    pub(crate) fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub(crate) fn u8(&mut self, v: u8) {
        self.bytes(&[v]);
    }

    pub(crate) fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }

    pub(crate) fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }

    /// A float as its IEEE-754 bits, `-0.0` as `0.0` (they compare equal).
    pub(crate) fn f64(&mut self, v: f64) {
        self.u64(if v == 0.0 { 0 } else { v.to_bits() });
    }
}

impl Mask {
    /// A stable 64-bit hash of the mask's size and pixels: equal masks (same size, same
    /// solid pixels) give equal hashes, on every platform and in every door
    /// (`pp_mask_hash`, C++ `mask::hash`, C# `Mask.StateHash`), whatever the mask's
    /// history (copies, edits, padding and capacity play no part). For checking that two
    /// peers hold the same terrain, or keying a cache.
    ///
    /// The algorithm: 64-bit FNV-1a (start `h = 0xcbf29ce484222325`; for each byte `b`,
    /// `h = (h ^ b) * 0x100000001b3` modulo 2^64) over the bytes
    ///
    /// * `"PPM1"` (4 ASCII bytes),
    /// * the width and the height, each a little-endian `u32`,
    /// * each row from `y = 0`, as `ceil(width / 8)` bytes: pixel `x` is bit `x % 8`
    ///   (1 = solid) of the row's byte `x / 8`, the bits past the width 0.
    ///
    /// Cost: one pass over the pixel bits (a byte at a time).
    ///
    /// ```
    /// use perpixel::Mask;
    /// let a = Mask::from_fn(3, 2, |x, y| x == y)?;
    /// let mut b = Mask::empty(3, 2)?;
    /// b.set_pixel(0, 0, true)?;
    /// b.set_pixel(1, 1, true)?;
    /// assert_eq!(a.state_hash(), b.state_hash());
    /// assert_ne!(a.state_hash(), Mask::empty(3, 2)?.state_hash());
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv::new();
        self.hash_into(&mut h);
        h.0
    }

    fn hash_into(&self, h: &mut Fnv) {
        let (w, ht) = (self.width(), self.height());
        h.bytes(b"PPM1");
        h.u32(w);
        h.u32(ht);
        let row_bytes = (w as usize).div_ceil(8);
        for y in 0..ht as usize {
            let mut left = row_bytes;
            for (i, &word) in self.row(y).iter().enumerate() {
                if left == 0 {
                    break;
                }
                // The bits past the width, cleared (the format says 0).
                let bits_here = (w as usize - i * 64).min(64);
                let word = if bits_here == 64 {
                    word
                } else {
                    word & ((1u64 << bits_here) - 1)
                };
                let take = left.min(8);
                h.bytes(&word.to_le_bytes()[..take]);
                left -= take;
            }
        }
    }
}
