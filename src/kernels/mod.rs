//! Word-level inner loops and their run-time dispatch: with `ffi` and the mask's storage
//! and writers (`mask/shared.rs`, `mask/mod.rs`, `mask/reshape.rs`), the only `unsafe` code.
//!
//! Every pair query (bounds-only sprites included: `query::plan` hands the kernels the
//! pixel side's plane twice) and every mask build ends here. Each loop, once per path:
//!
//! * **portable**: plain Rust over 64-bit words, which the compiler vectorises for the
//!   target it builds for (SSE2 on a default x86-64 build, NEON on aarch64);
//! * **avx2** (x86-64 only): AVX2 for the shifted word AND, the AND + popcount (nibble
//!   table popcount over 256-bit vectors, four vectors per popcount through Harley-Seal
//!   carry-save adders), the masked AND stores and the alpha threshold
//!   + bit packing (`vpcmpgtd` + `vmovmskps`), compiled with POPCNT and BMI2 enabled so
//!   the scalar edges use `popcnt`, `shrx` and `shlx`;
//! * **avx512** (x86-64 with F, BW, VL, VPOPCNTDQ and VBMI2; built by Rust 1.89 or later,
//!   see `build.rs`): 512-bit windows by funnel shift (`vpshrdvq`), row tails by masked
//!   loads and stores, `vpopcntq` counts, mask building by compares into mask registers.
//!
//! Beside them, `overlap.rs` writes narrow overlap masks (one word per row) together with
//! the counts and block bands of the result's caches, in one pass, and `reshape.rs` holds
//! the mask reshapes' word loops: rows mirrored word by word (AVX2: `vpshufb` nibble
//! tables; AVX-512 with GFNI and VBMI: whole rows funnel-shifted by `vpshldvq` and
//! reversed by `vpermb` and `vgf2p8affineqb`) and the 64 x 64 tile transpose with the result's
//! block level (AVX-512 with GFNI and VBMI, checked at run time: tiles loaded by rows
//! and transposed in registers by 8 x 8 bit blocks with `vgf2p8affineqb` and `vpermb`;
//! AVX-512 without them, in `avx512.rs`: tiles gathered into eight registers and
//! transposed by word and bit swaps). The mask's storage (one reference-counted
//! allocation, header then words) is not here: it lives with the mask, in
//! `mask/shared.rs`.
//!
//! The path is chosen once per process with `is_x86_feature_detected!` and cached in an
//! atomic (the fastest the CPU has: avx512, then avx2, then portable): a default `x86-64`
//! build (no `target-cpu` flags) still runs the AVX-512 or AVX2 loops on a
//! machine that has them. Tests and benchmarks force a path for the current thread with
//! [`with_path`] (a thread-local override, so parallel test threads do not race), and can
//! switch the early outs off with [`with_early_outs`] to measure what they are worth.
//!
//! **What the kernels see of a mask.** Words and rows, through one read-only view: a
//! `Plane` (one side of a `Region`) holds a `&Mask` and reads exactly five of its
//! crate-private accessors, nothing else (not its size, count or solid bounds: the
//! planner in `query` clips with those before a region reaches here):
//!
//! * `Mask::padded_bits()`: the packed rows followed by `PAD_WORDS` zero words, so a
//!   vector window from any row's last word stays inside the slice;
//! * `Mask::words_per_row()`: the row stride in words;
//! * `Mask::useful_blocks()`: the 8x8 block occupancy (`Blocks`), `None` when it can
//!   skip nothing inside the mask;
//! * `Mask::useful_spans()`: the per-row solid spans and live-row map (`Spans`), `None`
//!   when the mask does not keep them;
//! * `Mask::word_level()`: one bit per word of the rows, set when the word is not zero,
//!   built by the first query that asks (whole rows: `Region::whole_rows`) and kept by
//!   edits; `None` when its memory could not be had.
//!
//! Why a reference rather than those slices copied into the plane: a region is built and
//! passed on every query, and with the slices in it it was 208 bytes instead of 80, which
//! sprite-sized queries felt (32x32 hit 22 -> 16 ns when it shrank). A trait the drivers
//! were generic over would add a type parameter to every driver for one implementor. The
//! mask's levels are written by `summarize` (through `summarize_bits`), which sees only
//! words and the level slices it is handed; building (`pack`) writes words only.
//!
//! This module is `#[doc(hidden)]`: it is public only for the crate's tests, benchmarks
//! and `examples/speed.rs`, not part of the supported API.

use crate::PixelFormat;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

#[cfg(target_arch = "x86_64")]
mod avx2;
// Built only by Rust 1.89 or later (`build.rs` sets the cfg), so the intrinsics newer
// than the crate's MSRV are fine here.
#[cfg(all(target_arch = "x86_64", perpixel_avx512))]
#[allow(clippy::incompatible_msrv)]
mod avx512;
mod drive;
mod narrow;
mod overlap;
mod portable;
mod reshape;
#[cfg(target_arch = "x86_64")]
mod tiles;

pub(crate) use drive::{Blocks, Levels, Plane, Region, Spans, summarize};
pub(crate) use narrow::{NarrowPair, narrow_any, narrow_count, narrow_first};
pub(crate) use overlap::{Written, and_narrow, write_narrow};
pub(crate) use reshape::{
    Mirror, Transpose, as_uninit, assume_init_words, mirror_rows, transpose,
    transpose_writes_every_word,
};

/// Zero words stored after the last row of every mask, so that a 4-word vector window
/// starting at any row's last word (and the word after it, for the shift) stays inside
/// the allocation: unaligned reads need no edge branches.
pub(crate) const PAD_WORDS: usize = 4;

/// Side of the square blocks of the coarse occupancy level, in pixels.
pub(crate) const BLOCK: usize = 8;

/// A kernel implementation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Path {
    /// Plain Rust, vectorised by the compiler for the build target.
    Portable,
    /// x86-64 AVX2 with POPCNT and BMI2, chosen at run time when the CPU has them.
    Avx2,
    /// x86-64 AVX-512 (F, BW, VL, VPOPCNTDQ, VBMI2), chosen at run time when the CPU has
    /// them.
    Avx512,
}

impl Path {
    /// Every path this crate has, available on this machine or not.
    pub const ALL: [Path; 3] = [Path::Portable, Path::Avx2, Path::Avx512];

    /// A short name: `portable`, `avx2`, `avx512`.
    pub fn name(self) -> &'static str {
        match self {
            Path::Portable => "portable",
            Path::Avx2 => "avx2",
            Path::Avx512 => "avx512",
        }
    }

    /// Whether this CPU can run the path.
    pub fn is_available(self) -> bool {
        match self {
            Path::Portable => true,
            Path::Avx2 => avx2_detected(),
            Path::Avx512 => avx512_detected(),
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn avx2_detected() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("bmi2")
}

#[cfg(not(target_arch = "x86_64"))]
fn avx2_detected() -> bool {
    false
}

#[cfg(all(target_arch = "x86_64", perpixel_avx512))]
fn avx512_detected() -> bool {
    avx2_detected()
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512vpopcntdq")
        && is_x86_feature_detected!("avx512vbmi2")
}

#[cfg(not(all(target_arch = "x86_64", perpixel_avx512)))]
fn avx512_detected() -> bool {
    false
}

/// The paths this machine can run, portable first.
pub fn available_paths() -> Vec<Path> {
    Path::ALL.into_iter().filter(|p| p.is_available()).collect()
}

/// 0: not detected yet, else 1 + index in `Path::ALL`.
static DETECTED: AtomicU8 = AtomicU8::new(0);

/// The fastest available path, detected once.
pub fn detected_path() -> Path {
    match DETECTED.load(Ordering::Relaxed) {
        1 => Path::Portable,
        2 => Path::Avx2,
        3 => Path::Avx512,
        _ => {
            // The last available path of `ALL` is the fastest.
            let (i, best) = Path::ALL
                .into_iter()
                .enumerate()
                .rev()
                .find(|(_, p)| p.is_available())
                .unwrap_or((0, Path::Portable));
            DETECTED.store(i as u8 + 1, Ordering::Relaxed);
            best
        }
    }
}

/// Which early outs the pair queries take. All are on by default; benchmarks switch them
/// off to show what each is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EarlyOuts {
    /// Clip the intersection to both masks' tight solid bounds (and answer at once when a
    /// mask has no solid pixel).
    pub clip: bool,
    /// Use the coarse occupancy level (one bit per 8x8 block): skip bands of rows whose
    /// blocks under the other sprite are empty, and narrow each band to its occupied
    /// columns.
    pub blocks: bool,
    /// Use the per-row solid spans, when both masks keep them and the region is wider
    /// than 64 pixels: skip rows empty on either side (64 at a time through a
    /// one-bit-per-row map) and rows whose spans do not meet, and narrow each run of
    /// rows to the columns its spans share (the block level then cuts each run).
    pub spans: bool,
}

impl EarlyOuts {
    /// Every early out on (the default).
    pub const ALL: EarlyOuts = EarlyOuts {
        clip: true,
        blocks: true,
        spans: true,
    };
    /// No early out: the whole intersection is read.
    pub const NONE: EarlyOuts = EarlyOuts {
        clip: false,
        blocks: false,
        spans: false,
    };
}

#[derive(Clone, Copy)]
struct Tuning {
    path: Option<Path>,
    early: EarlyOuts,
}

impl Tuning {
    const DEFAULT: Tuning = Tuning {
        path: None,
        early: EarlyOuts::ALL,
    };
}

thread_local! {
    static TUNING: Cell<Tuning> = const { Cell::new(Tuning::DEFAULT) };
}

/// Set for good once a thread forces a path or early outs. Until then every thread runs
/// the defaults, and the queries learn so from one load of this flag instead of a call
/// into the thread-local's accessor. A thread that tunes itself sets it before its own
/// thread-local, so it always sees its own tuning; a thread that never did has the
/// defaults in its thread-local too, so which value of the flag it sees does not matter.
static TUNED: AtomicBool = AtomicBool::new(false);

/// This thread's tuning.
#[inline(always)]
fn tuning() -> Tuning {
    if TUNED.load(Ordering::Relaxed) {
        TUNING.with(|t| t.get())
    } else {
        Tuning::DEFAULT
    }
}

/// The path this thread's queries use: the forced one inside [`with_path`], else the
/// detected one.
#[inline]
pub fn active_path() -> Path {
    tuning().path.unwrap_or_else(detected_path)
}

/// The early outs this thread's queries take.
#[inline]
pub fn early_outs() -> EarlyOuts {
    tuning().early
}

/// Restores the thread's tuning when dropped, even on panic.
struct Restore(Tuning);
impl Drop for Restore {
    fn drop(&mut self) {
        TUNING.with(|t| t.set(self.0));
    }
}

/// Runs `f` with every query and mask build on this thread using `path`.
///
/// # Panics
/// When this CPU cannot run `path`.
pub fn with_path<R>(path: Path, f: impl FnOnce() -> R) -> R {
    assert!(
        path.is_available(),
        "kernel path {} is not available on this CPU",
        path.name()
    );
    TUNED.store(true, Ordering::Relaxed);
    let old = TUNING.with(|t| t.get());
    let _restore = Restore(old);
    TUNING.with(|t| {
        t.set(Tuning {
            path: Some(path),
            ..old
        })
    });
    f()
}

/// Runs `f` with this thread's pair queries taking only the early outs in `early`.
pub fn with_early_outs<R>(early: EarlyOuts, f: impl FnOnce() -> R) -> R {
    TUNED.store(true, Ordering::Relaxed);
    let old = TUNING.with(|t| t.get());
    let _restore = Restore(old);
    TUNING.with(|t| t.set(Tuning { early, ..old }));
    f()
}

/// Rows of packed bits read as a window: row `r` starts at bit `shift` of word
/// `start + r * stride` of `words`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rows<'a> {
    pub words: &'a [u64],
    pub start: usize,
    pub stride: usize,
    pub shift: u32,
}

/// Where mask building reads its pixels: `rows` rows of `width` pixels, row `j` starting
/// at byte `(y0 + j) * stride + x_byte` (`y0 + rows - 1 - j` when `flip`); mask column `i`
/// is pixel `i` of its row, or pixel `width - 1 - i` when `flip_x`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PackJob<'a> {
    pub data: &'a [u8],
    pub format: PixelFormat,
    pub stride: usize,
    pub x_byte: usize,
    pub y0: usize,
    pub rows: usize,
    pub flip: bool,
    pub flip_x: bool,
    pub width: usize,
    pub threshold: u8,
    pub key: Option<[u8; 3]>,
}

impl PackJob<'_> {
    /// The bytes of region row `j`.
    #[inline(always)]
    pub fn row(&self, j: usize) -> &[u8] {
        let src = self.y0 + if self.flip { self.rows - 1 - j } else { j };
        let start = src * self.stride + self.x_byte;
        &self.data[start..start + self.width * self.format.bytes_per_pixel()]
    }

    /// Whether alpha is the first byte of a 4-byte pixel (`Argb8`, `Abgr8`, and `Argb32`
    /// on big-endian CPUs) rather than the last. The packers read every 4-byte pixel as a
    /// little-endian `u32` and, for alpha-first pixels, rotate it right by 8 bits, so that
    /// alpha is always the top byte and the three colours the low 24 bits, in memory order.
    pub fn alpha_first(&self) -> bool {
        self.format != PixelFormat::A8 && self.format.channel_offsets()[0] == 0
    }

    /// The colour key as the low 24 bits of a pixel read as described in
    /// [`PackJob::alpha_first`], or a value no such pixel's low 24 bits equal.
    pub fn key32(&self) -> u32 {
        match self.key {
            Some(key) if self.format != PixelFormat::A8 => {
                let [_, r, g, b] = self.format.channel_offsets();
                // Byte `o` of the pixel lands in byte `o - 1` of the rotated word when
                // alpha is first (byte 0 goes to the top).
                let skip = self.alpha_first() as usize;
                [r, g, b]
                    .iter()
                    .zip(key)
                    .map(|(&o, c)| (c as u32) << (8 * (o - skip)))
                    .fold(0, |acc, v| acc | v)
            }
            _ => u32::MAX,
        }
    }
}

/// Reverses the first `width` bits of a packed row (`row` holds at least
/// `ceil(width / 64)` words, bits past `width` zero): pixel `i` moves to `width - 1 - i`.
pub(crate) fn mirror_row(row: &mut [u64], width: usize) {
    let n = width.div_ceil(64);
    let row = &mut row[..n];
    row.reverse();
    for w in row.iter_mut() {
        *w = w.reverse_bits();
    }
    // Pixel i now sits at bit 64n - 1 - i: move every bit down by the unused tail.
    shift_row_down(row, n * 64 - width);
}

/// Moves a row of words down by `pad` bits (`pad < 64`; a funnel shift across words,
/// zeroes coming in at the top): after a row of `width` pixels was reversed within its
/// `64 * words` bits, this puts pixel 0 back at bit 0.
pub(crate) fn shift_row_down(row: &mut [u64], pad: usize) {
    if pad == 0 {
        return;
    }
    debug_assert!(pad < 64);
    for k in 0..row.len() {
        let high = row.get(k + 1).map_or(0, |&next| next << (64 - pad));
        row[k] = (row[k] >> pad) | high;
    }
}

/// The word loops one path provides.
///
/// # Safety
/// Every method may only be called when the implementing path is available on this CPU
/// (`Path::is_available`). Bounds are checked inside each method.
pub(crate) trait Kernel {
    /// Index of the first of `rows` rows where the `nbits`-bit windows of `a` and `b`
    /// share a set bit.
    unsafe fn any(a: Rows, b: Rows, nbits: usize, rows: usize) -> Option<usize>;
    /// Set bits in the AND of the windows over `rows` rows.
    unsafe fn count(a: Rows, b: Rows, nbits: usize, rows: usize) -> u64;
    /// Writes the AND of the windows, `ceil(nbits / 64)` words per row, to
    /// `out[out_start + r * out_stride ..]`; bits past `nbits` are written as zero.
    unsafe fn and(
        a: Rows,
        b: Rows,
        nbits: usize,
        rows: usize,
        out: &mut [u64],
        out_start: usize,
        out_stride: usize,
    );
    /// Packs `job`'s pixels into rows of `wpr` words of `out`: bit set where solid.
    unsafe fn pack(job: &PackJob, out: &mut [u64], wpr: usize);
}

/// The first pixel `(row, column)` of `r` solid in both planes.
#[inline(always)]
pub(crate) fn first_hit(r: &Region) -> Option<(usize, usize)> {
    // Sprite-sized regions (one word per row): a plain loop beats any set-up.
    if r.w <= 64 {
        return drive::first_hit_narrow(r);
    }
    // A wide region's first word: a hit there (a sprite landing on noise or on a filled
    // shape) is the first hit, whatever the early outs would skip, and costs two windows
    // instead of the band set-up and a group of vector reads.
    if r.h == 0 {
        return None;
    }
    let m = drive::window_at(&r.a, 0, 0) & drive::window_at(&r.b, 0, 0);
    if m != 0 {
        return Some((0, m.trailing_zeros() as usize));
    }
    first_hit_wide(r)
}

/// [`first_hit`] for regions wider than a word: out of line, so that the small queries
/// it is inlined into stay small.
#[inline(never)]
fn first_hit_wide(r: &Region) -> Option<(usize, usize)> {
    match active_path() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Avx2` is active only when detected or forced through `with_path`,
        // which checks that the CPU has it.
        Path::Avx2 => unsafe { avx2::first_hit(r) },
        #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
        // SAFETY: `Avx512` is active only when detected or forced through `with_path`,
        // which checks that the CPU has it.
        Path::Avx512 => unsafe { avx512::first_hit(r) },
        _ => drive::first_hit::<portable::Portable>(r),
    }
}

/// How many pixels of `r` are solid in both planes.
#[inline]
pub(crate) fn count(r: &Region) -> u64 {
    match active_path() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `first_hit`.
        Path::Avx2 => unsafe { avx2::count(r) },
        #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
        // SAFETY: as in `first_hit`.
        Path::Avx512 => unsafe { avx512::count(r) },
        _ => drive::count::<portable::Portable>(r),
    }
}

/// Writes the AND of `r`'s planes into rows `first_row..` of `out` (`out_wpr` words per
/// row), starting at each row's bit 0.
pub(crate) fn and_into(r: &Region, out: &mut [u64], out_wpr: usize, first_row: usize) {
    match active_path() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `first_hit`.
        Path::Avx2 => unsafe { avx2::and_into(r, out, out_wpr, first_row) },
        #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
        // SAFETY: as in `first_hit`.
        Path::Avx512 => unsafe { avx512::and_into(r, out, out_wpr, first_row) },
        _ => drive::and_into::<portable::Portable>(r, out, out_wpr, first_row),
    }
}

/// Packs `job`'s pixels into `out` (`wpr` words per row); with `flip_x`, every row is
/// packed in buffer order and then mirrored.
pub(crate) fn pack(job: &PackJob, out: &mut [u64], wpr: usize) {
    match active_path() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `first_hit`.
        Path::Avx2 => unsafe { avx2::pack(job, out, wpr) },
        #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
        // SAFETY: as in `first_hit`.
        Path::Avx512 => unsafe { avx512::pack(job, out, wpr) },
        // SAFETY: the portable path runs everywhere.
        _ => unsafe { <portable::Portable as Kernel>::pack(job, out, wpr) },
    }
    if job.flip_x && job.width > 0 {
        for j in 0..job.rows {
            mirror_row(&mut out[j * wpr..(j + 1) * wpr], job.width);
        }
    }
}

/// Count, tight bounds, 8x8 block occupancy and per-row spans of packed rows; see
/// [`drive::Summary`].
pub(crate) fn summarize_bits(
    bits: &[u64],
    wpr: usize,
    height: usize,
    levels: Levels,
) -> drive::Summary {
    match active_path() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `first_hit`.
        Path::Avx2 => unsafe { avx2::summarize(bits, wpr, height, levels) },
        #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
        // SAFETY: as in `first_hit`.
        Path::Avx512 => unsafe { avx512::summarize(bits, wpr, height, levels) },
        _ => summarize(bits, wpr, height, levels),
    }
}

/// The speed floor for `collides`: OR over `a[i] & b[i]` of two pre-aligned word arrays,
/// with no shifting, on the fastest available path. Zero when no pair shares a bit.
#[doc(hidden)]
pub fn floor_and_or(a: &[u64], b: &[u64]) -> u64 {
    match active_path() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `first_hit`.
        Path::Avx2 => unsafe { avx2::floor_and_or(a, b) },
        #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
        // SAFETY: as in `first_hit`.
        Path::Avx512 => unsafe { avx512::floor_and_or(a, b) },
        _ => portable::floor_and_or(a, b),
    }
}

/// The speed floor for `overlap_area`: popcount of `a[i] & b[i]` over two pre-aligned
/// word arrays, on the fastest available path.
#[doc(hidden)]
pub fn floor_and_popcount(a: &[u64], b: &[u64]) -> u64 {
    match active_path() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `first_hit`.
        Path::Avx2 => unsafe { avx2::floor_and_popcount(a, b) },
        #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
        // SAFETY: as in `first_hit`.
        Path::Avx512 => unsafe { avx512::floor_and_popcount(a, b) },
        _ => portable::floor_and_popcount(a, b),
    }
}

/// Bit `i` set when byte `i` of `w` is nonzero.
#[inline(always)]
pub(crate) fn nonzero_bytes(w: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let high = (((w & LOW7) + LOW7) | w) & !LOW7;
    // Gather bits 7, 15, ..., 63 into bits 0..8.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// The valid bits of a row's last word, for a row `width` pixels wide (all 64 when the
/// width is a multiple of 64): the one definition, used by every kernel and by the mask
/// code above them.
#[inline]
pub(crate) fn tail_mask(width: usize) -> u64 {
    match width % 64 {
        0 => !0,
        r => (1u64 << r) - 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonzero_bytes_gathers_one_bit_per_byte() {
        for i in 0..8 {
            for v in [1u64, 0x80, 0xff, 0x10] {
                assert_eq!(nonzero_bytes(v << (8 * i)), 1 << i, "byte {i} value {v:#x}");
            }
        }
        assert_eq!(nonzero_bytes(0), 0);
        assert_eq!(nonzero_bytes(u64::MAX), 0xff);
        assert_eq!(nonzero_bytes(0x0100_0000_0080_0001), 0b1000_0101);
    }

    /// The next xorshift64 value of `state`.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Bit `i` of row `r` of the window `x` (the plain reading the kernels must match).
    fn window_bit(x: &Rows, r: usize, i: usize) -> bool {
        let at = (x.start + r * x.stride) * 64 + x.shift as usize + i;
        x.words[at / 64] >> (at % 64) & 1 != 0
    }

    /// `K`'s scans and AND against the bit-by-bit reading, at every width from 1 to 1100
    /// bits (every vector shape of every path: whole vectors, masked tails of each lane
    /// count, a last window with and without the word after it) and aligned and
    /// unaligned planes: dense random rows, and rows whose windows miss but whose bits
    /// outside the windows all meet, with and without one planted meeting bit.
    fn check_scans<K: Kernel>(path: Path) -> usize {
        let mut rng = 0x5DEE_CE66_D1CE_4E5Bu64;
        let rows = 3;
        let mut checked = 0;
        for nbits in 1..=1100usize {
            let chunks = nbits.div_ceil(64);
            // Room for the shifted window's extra word and the pad the kernels may read.
            let stride = chunks + 2;
            let len = rows * stride + 16;
            let s = (xorshift(&mut rng) % 63 + 1) as u32;
            for (sa, sb) in [(0, 0), (0, s), (s, 0), (s, 64 - s)] {
                for case in 0..3 {
                    let mut wa: Vec<u64> = (0..len).map(|_| xorshift(&mut rng)).collect();
                    let mut wb: Vec<u64> = (0..len).map(|_| xorshift(&mut rng)).collect();
                    let view = |words, shift| Rows {
                        words,
                        start: 1,
                        stride,
                        shift,
                    };
                    if case > 0 {
                        // A all ones; B's window bits cleared, every other bit set.
                        wa.fill(!0);
                        wb.fill(!0);
                        for r in 0..rows {
                            for i in 0..nbits {
                                let at = (1 + r * stride) * 64 + sb as usize + i;
                                wb[at / 64] &= !(1 << (at % 64));
                            }
                        }
                        if case == 2 {
                            let r = (xorshift(&mut rng) % rows as u64) as usize;
                            let i = (xorshift(&mut rng) % nbits as u64) as usize;
                            let at = (1 + r * stride) * 64 + sb as usize + i;
                            wb[at / 64] |= 1 << (at % 64);
                        }
                    }
                    let (a, b) = (view(&wa, sa), view(&wb, sb));
                    let meet: Vec<Vec<bool>> = (0..rows)
                        .map(|r| {
                            let bits = 0..nbits;
                            bits.map(|i| window_bit(&a, r, i) && window_bit(&b, r, i))
                                .collect()
                        })
                        .collect();
                    let both = |r: usize, i: usize| i < nbits && meet[r][i];
                    let want_any = (0..rows).find(|&r| meet[r].contains(&true));
                    let want_count = meet.iter().flatten().filter(|&&m| m).count() as u64;
                    let mut out = vec![0xA5A5_A5A5_A5A5_A5A5u64; rows * stride];
                    // SAFETY: `path` is available (the caller checked); every row has its
                    // `chunks + 1` words and the pad after the last row.
                    let (got_any, got_count) = unsafe {
                        K::and(a, b, nbits, rows, &mut out, 0, stride);
                        (K::any(a, b, nbits, rows), K::count(a, b, nbits, rows))
                    };
                    let at = format!(
                        "{} nbits {nbits} shifts ({sa}, {sb}) case {case}",
                        path.name()
                    );
                    assert_eq!(got_any, want_any, "any: {at}");
                    assert_eq!(got_count, want_count, "count: {at}");
                    for r in 0..rows {
                        for i in 0..chunks * 64 {
                            let bit = out[r * stride + i / 64] >> (i % 64) & 1 != 0;
                            assert_eq!(bit, both(r, i), "and: {at} row {r} bit {i}");
                        }
                        assert_eq!(out[r * stride + chunks], 0xA5A5_A5A5_A5A5_A5A5, "and: {at}");
                    }
                    checked += 1;
                }
            }
        }
        checked
    }

    #[test]
    fn scans_match_the_bit_by_bit_reading_on_every_path() {
        let mut ran = vec![];
        for path in available_paths() {
            let n = match path {
                Path::Portable => check_scans::<portable::Portable>(path),
                #[cfg(target_arch = "x86_64")]
                Path::Avx2 => check_scans::<avx2::Avx2>(path),
                #[cfg(all(target_arch = "x86_64", perpixel_avx512))]
                Path::Avx512 => check_scans::<avx512::Avx512>(path),
                #[allow(unreachable_patterns)]
                other => panic!("path {} is available but not built", other.name()),
            };
            ran.push(format!("{} ({n} cases)", path.name()));
        }
        println!("scans checked on: {}", ran.join(", "));
    }

    #[test]
    fn mirror_row_reverses_the_first_width_bits() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for width in [1usize, 2, 63, 64, 65, 127, 128, 129, 200] {
            let n = width.div_ceil(64);
            for _ in 0..20 {
                let mut row: Vec<u64> = (0..n + 1).map(|_| xorshift(&mut rng)).collect();
                row[n] = 0xDEAD; // a word past the row: untouched
                if width % 64 != 0 {
                    row[n - 1] &= tail_mask(width);
                }
                let bit = |r: &[u64], i: usize| r[i / 64] >> (i % 64) & 1;
                let before = row.clone();
                mirror_row(&mut row, width);
                for i in 0..width {
                    assert_eq!(
                        bit(&row, i),
                        bit(&before, width - 1 - i),
                        "width {width} bit {i}"
                    );
                }
                for i in width..n * 64 {
                    assert_eq!(bit(&row, i), 0, "width {width}: bit {i} past the width");
                }
                assert_eq!(row[n], 0xDEAD);
            }
        }
    }

    #[test]
    fn reverse_words_mirrors_the_row() {
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        for n in 0..=13 {
            let src: Vec<u64> = (0..n).map(|_| xorshift(&mut rng)).collect();
            let want: Vec<u64> = src.iter().rev().map(|w| w.reverse_bits()).collect();
            let mut dst = vec![0xDEAD; n];
            reshape::reverse_words(&src, &mut dst);
            assert_eq!(dst, want, "{n} words");
        }
    }

    #[test]
    fn forcing_a_path_is_per_thread_and_restored() {
        let before = active_path();
        with_path(Path::Portable, || {
            assert_eq!(active_path(), Path::Portable);
            std::thread::spawn(move || assert_eq!(active_path(), detected_path()))
                .join()
                .unwrap();
        });
        assert_eq!(active_path(), before);
        with_early_outs(EarlyOuts::NONE, || {
            assert_eq!(early_outs(), EarlyOuts::NONE)
        });
        assert_eq!(early_outs(), EarlyOuts::ALL);
    }
}
