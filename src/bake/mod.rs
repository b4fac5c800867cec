//! Baked masks: collision masks computed once at build time and stored in a small file,
//! so a game loads a few kilobytes instead of decoding and thresholding textures.
//!
//! A file holds one or many named masks (a [`MaskBundle`]): every frame of an atlas, a
//! folder of sprites. A single mask ([`Mask::to_baked`], [`Mask::from_baked`]) is a file
//! holding one mask. `perpixel bake` writes them; [`MaskBundle::from_bytes`] /
//! [`MaskBundle::from_path`], the C ABI (`pp_bundle_*`, `pp_mask_from_baked`) and C#
//! (`Mask.FromBaked`, `MaskBundle`) read them.
//!
//! # The file format, version 1
//!
//! Complete enough for another tool to write files this library loads (the test
//! `a_baked_file_written_by_hand_from_the_spec_loads` in `tests/bake.rs` does exactly
//! that, with its own writer). Every integer is unsigned and little-endian, whatever the
//! machine; offsets and sizes are in bytes; there is no alignment and no padding between
//! fields or entries. A file is the 12-byte header, the entries, then the checksum:
//!
//! | offset | size | field |
//! |-------:|-----:|-------|
//! | 0 | 4 | magic `PPMK` (`50 50 4D 4B`) |
//! | 4 | 2 | format version, `u16` = 1 |
//! | 6 | 2 | file flags, `u16`, reserved: 0 |
//! | 8 | 4 | entry count N, `u32` (0 is a valid, empty bundle) |
//! | 12 | … | N entries, one after the other (below) |
//! | end − 4 | 4 | CRC-32 (IEEE, the one of zlib and PNG) of every byte before it, `u32` |
//!
//! The checksum is the standard CRC-32: reflected polynomial `0xEDB88320`, initial value
//! `0xFFFFFFFF`, final XOR `0xFFFFFFFF` (zlib's `crc32(0, data, len)`, Python's
//! `zlib.crc32(data)`; `crc32(b"123456789") = 0xCBF43926`), over the header and every entry,
//! stored little-endian. The smallest file (no entries) is 16 bytes:
//! `50 50 4D 4B 01 00 00 00 00 00 00 00` and its CRC.
//!
//! Each entry (15 bytes plus its name and bits):
//!
//! | size | field |
//! |-----:|-------|
//! | 2 | name length L in bytes, `u16` |
//! | L | name, UTF-8 (may be empty; unique within the file) |
//! | 4 | width W in pixels, `u32` |
//! | 4 | height H in pixels, `u32` |
//! | 1 | flags: bit 0 (`0x01`) `flip_y`, bit 1 (`0x02`) threshold recorded, bit 2 (`0x04`) colour key recorded, bit 3 (`0x08`) `flip_x`; bits 4-7 must be 0 |
//! | 1 | alpha threshold, 0-255 (must be 0 unless flag bit 1) |
//! | 3 | colour key: red, green, blue bytes in that order (all three must be 0 unless flag bit 2) |
//! | H × ⌈W / 8⌉ | the bits: row 0 first; in each row bit `i % 8` of byte `i / 8` is pixel `i` (least significant bit first); a set bit is a solid pixel; the bits past W in a row's last byte (the padding bits) must be 0 |
//!
//! Row `j` of the bits is mask row `j`: the mask's pixel `(i, j)` sits at world pixel
//! `(x + i, y + j)` when the mask is placed at `(x, y)`, as for any mask. The flips were
//! applied before baking (the bits are the flipped pixels); a loader does not flip again.
//! A mask with W = 0 or H = 0 has no bits. W and H are at most 2^31 − 1 each, and W × H at
//! most the loader's mask limit ([`crate::max_mask_pixels`], 2^26 by default; a larger
//! mask is [`Error::TooLarge`]). Names are at most 65,535 bytes of UTF-8, unique within
//! the file (byte for byte), and may be empty; entries keep their file order
//! ([`MaskBundle::names`], [`MaskBundle::entry_at`] and `pp_bundle_name_at` list them in
//! that order).
//! [`Mask::from_baked`] reads a file of exactly one entry, whatever its name.
//!
//! The flags, threshold and colour key record how the mask was made ([`BakeInfo`]); the
//! loader needs only the bits. A tool that made its mask some other way writes flags 0 and
//! zero bytes for the threshold and colour key (what [`BakeInfo::default`] writes).
//!
//! Bit 3 (`flip_x`) came after the first files of version 1: a file whose masks were not
//! mirrored never sets it and is byte for byte what earlier libraries wrote and read; a
//! library from before bit 3 refuses a file that sets it ("unknown flags") rather than
//! misreading it.
//!
//! **Why rows are byte-aligned** rather than packed into one bit stream: a row in this
//! order is exactly the little-endian bytes of the mask's in-memory 64-bit words, cut to
//! `⌈W / 8⌉` bytes, so loading is a copy per row with no shifting, and each row's padding
//! is checkable. The cost is at most 7 bits per row (none when W is a multiple of 8).
//!
//! **Validation.** Loading checks, before allocating anything sized by the file: the
//! magic, the version, the reserved flags, the checksum, every length against the bytes
//! that remain, every mask's size against [`crate::max_mask_pixels`]; then, per entry,
//! the flags, UTF-8 and unique names and zero padding bits; and that no byte follows the
//! last entry. Any failure is an [`Error::BadBakedData`] (or [`Error::TooLarge`] for a
//! mask past the size limit) saying what and where. The memory a file can make the
//! loader allocate is bounded by a small multiple of the file's own size.
//! [`MaskBundle::from_path`] reads the 12-byte header before the rest, and no more of the
//! file than the masks the header announces can take under the limit, into memory
//! reserved fallibly.

use crate::{Error, Mask, MaskOptions, Result};

#[cfg(feature = "image")]
mod atlas;
#[cfg(feature = "image")]
pub use atlas::{BakeProgress, MAX_ATLAS_DESCRIPTION_BYTES};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

/// The first four bytes of every baked file.
pub const BAKED_MAGIC: [u8; 4] = *b"PPMK";
/// The format version this library writes and reads.
pub const BAKED_VERSION: u16 = 1;

/// Bytes of the file header (magic, version, flags, count).
const HEADER_LEN: usize = 12;
/// Bytes of the trailing checksum.
const CRC_LEN: usize = 4;
/// Bytes of an entry with an empty name and no bits (a 0x0 mask).
const MIN_ENTRY_LEN: usize = 2 + 4 + 4 + 1 + 1 + 3;

const FLAG_FLIP_Y: u8 = 1 << 0;
const FLAG_THRESHOLD: u8 = 1 << 1;
const FLAG_COLOR_KEY: u8 = 1 << 2;
const FLAG_FLIP_X: u8 = 1 << 3;
const KNOWN_FLAGS: u8 = FLAG_FLIP_Y | FLAG_THRESHOLD | FLAG_COLOR_KEY | FLAG_FLIP_X;

/// How a baked mask was made, recorded beside its bits so that tools (`perpixel inspect`)
/// can say so. Loading does not need it. The default records nothing (a mask built from
/// a rule rather than from pixels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BakeInfo {
    /// The alpha threshold the pixels were compared with, when the mask came from pixels.
    pub threshold: Option<u8>,
    /// Whether the image's rows were flipped ([`MaskOptions::flip_y`]).
    pub flip_y: bool,
    /// Whether the image's columns were flipped ([`MaskOptions::flip_x`]).
    pub flip_x: bool,
    /// The colour key, when one was used.
    pub color_key: Option<[u8; 3]>,
}

impl From<&MaskOptions> for BakeInfo {
    fn from(o: &MaskOptions) -> BakeInfo {
        BakeInfo {
            threshold: Some(o.threshold),
            flip_y: o.flip_y,
            flip_x: o.flip_x,
            color_key: o.color_key,
        }
    }
}

/// One named mask of a [`MaskBundle`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleEntry {
    name: String,
    pub(crate) mask: Arc<Mask>,
    info: BakeInfo,
}

impl BundleEntry {
    /// The mask's name (for an atlas, the frame's name; for a folder, the file's path
    /// inside it, with `/` between folders).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The mask.
    pub fn mask(&self) -> &Mask {
        &self.mask
    }

    /// The mask as a shared reference: the same bits, kept alive by whoever holds it
    /// (a world, the C ABI's `pp_bundle_get`) after the bundle is dropped. No copy.
    pub fn shared_mask(&self) -> &Arc<Mask> {
        &self.mask
    }

    /// How it was made.
    pub fn info(&self) -> BakeInfo {
        self.info
    }
}

/// Many named masks, e.g. every frame of an atlas, stored together in one baked file
/// (see [the format](crate::bake)). Names are unique; the order of insertion is kept
/// (and is the order in the file).
///
/// ```
/// use perpixel::{Mask, MaskBundle};
/// let mut bundle = MaskBundle::new();
/// bundle.insert("ball", Mask::from_fn(8, 8, |x, y| (x + y) % 3 == 0)?)?;
/// bundle.insert("wall", Mask::full(4, 32)?)?;
/// let bytes = bundle.to_bytes();
///
/// let loaded = MaskBundle::from_bytes(&bytes)?;
/// assert_eq!(loaded.names().collect::<Vec<_>>(), ["ball", "wall"]);
/// assert_eq!(loaded.get("ball"), bundle.get("ball"));
/// assert!(loaded.get("door").is_none());
/// # Ok::<(), perpixel::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MaskBundle {
    pub(crate) entries: Vec<BundleEntry>,
    index: HashMap<String, usize>,
}

impl MaskBundle {
    /// An empty bundle.
    pub fn new() -> MaskBundle {
        MaskBundle::default()
    }

    /// Number of masks.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the bundle holds no mask.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds a mask under `name`, recording no [`BakeInfo`]. Fails with
    /// [`Error::InvalidArgument`] when the name is taken or longer than 65,535 bytes.
    /// The mask may be shared (`Arc<Mask>`): the bundle keeps a reference, not a copy.
    pub fn insert(&mut self, name: impl Into<String>, mask: impl Into<Arc<Mask>>) -> Result<()> {
        self.insert_with_info(name, mask, BakeInfo::default())
    }

    /// Adds a mask under `name` with how it was made. Fails as [`MaskBundle::insert`].
    pub fn insert_with_info(
        &mut self,
        name: impl Into<String>,
        mask: impl Into<Arc<Mask>>,
        info: BakeInfo,
    ) -> Result<()> {
        let name = name.into();
        let mask = mask.into();
        if name.len() > u16::MAX as usize {
            return Err(Error::InvalidArgument(format!(
                "a mask name is {} bytes long; the limit is {}",
                name.len(),
                u16::MAX
            )));
        }
        if self.index.contains_key(&name) {
            return Err(Error::InvalidArgument(format!(
                "the bundle already holds a mask named '{name}'"
            )));
        }
        self.index.insert(name.clone(), self.entries.len());
        self.entries.push(BundleEntry { name, mask, info });
        Ok(())
    }

    /// The mask named `name`, if any.
    pub fn get(&self, name: &str) -> Option<&Mask> {
        self.entry(name).map(BundleEntry::mask)
    }

    /// The mask named `name` as a shared reference (see [`BundleEntry::shared_mask`]).
    pub fn get_shared(&self, name: &str) -> Option<Arc<Mask>> {
        self.entry(name).map(|e| Arc::clone(&e.mask))
    }

    /// The entry (mask and how it was made) named `name`, if any.
    pub fn entry(&self, name: &str) -> Option<&BundleEntry> {
        self.index.get(name).map(|&i| &self.entries[i])
    }

    /// The names, in order.
    pub fn names(&self) -> impl ExactSizeIterator<Item = &str> {
        self.entries.iter().map(|e| e.name.as_str())
    }

    /// The entries, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &BundleEntry> {
        self.entries.iter()
    }

    /// The entry at `index` in file order, if any.
    pub fn entry_at(&self, index: usize) -> Option<&BundleEntry> {
        self.entries.get(index)
    }

    /// The size of [`MaskBundle::to_bytes`]'s output, without building it.
    pub fn baked_len(&self) -> usize {
        baked_len(self.entries.iter().map(|e| (e.name.as_str(), &*e.mask)))
    }

    /// The bundle as a baked file (see [the format](crate::bake)).
    pub fn to_bytes(&self) -> Vec<u8> {
        to_bytes(
            self.entries
                .iter()
                .map(|e| (e.name.as_str(), &*e.mask, e.info)),
        )
    }

    /// Reads a baked file from memory, validating everything (see
    /// [Validation](crate::bake#the-file-format-version-1)).
    pub fn from_bytes(bytes: &[u8]) -> Result<MaskBundle> {
        let (count, mut reader) = open(bytes)?;
        let mut bundle = MaskBundle::default();
        // `count` was checked against the bytes, so these reservations are bounded (by
        // about 10 times the file's size for a file of empty entries); and fallible.
        bundle
            .entries
            .try_reserve_exact(count)
            .map_err(|_| Error::OutOfMemory)?;
        bundle
            .index
            .try_reserve(count)
            .map_err(|_| Error::OutOfMemory)?;
        for i in 0..count {
            let (name, mask, info) = read_entry(&mut reader, i)?;
            if bundle.index.contains_key(name) {
                return Err(bad(format!(
                    "entry {i}: the name '{name}' is used twice (names must be unique)"
                )));
            }
            bundle.index.insert(name.to_owned(), i);
            bundle.entries.push(BundleEntry {
                name: name.to_owned(),
                mask: Arc::new(mask),
                info,
            });
        }
        reader.finish()?;
        Ok(bundle)
    }

    /// Reads a baked file from disk; see [`MaskBundle::from_bytes`].
    ///
    /// Only a regular file is read: a FIFO (which would block for ever), a directory or a
    /// device such as `/dev/zero` is refused with [`Error::Io`] before reading. The header
    /// is read first: a file that is not a baked file is refused after its first 12 bytes,
    /// whatever its size (a huge sparse file). The rest is read only up to the size the masks the header announces can
    /// take under the mask limit ([`crate::max_mask_pixels`] bytes of bits each, plus
    /// name and fields), into memory allocated fallibly ([`Error::OutOfMemory`] when it
    /// cannot be had).
    pub fn from_path(path: impl AsRef<Path>) -> Result<MaskBundle> {
        use std::io::Read;
        let path = path.as_ref();
        let named = |e: Error| match e {
            Error::BadBakedData(why) => Error::BadBakedData(format!("{}: {why}", path.display())),
            other => other,
        };
        let mut file = crate::file::open_regular(path).map_err(|e| cannot_read(path, e))?;
        let mut head = Vec::with_capacity(HEADER_LEN);
        (&mut file)
            .take(HEADER_LEN as u64)
            .read_to_end(&mut head)
            .map_err(|e| cannot_read(path, e))?;
        if head.len() < HEADER_LEN || head[..4] != BAKED_MAGIC {
            // Too short, or not a baked file: `from_bytes` says which from these bytes.
            return Err(named(MaskBundle::from_bytes(&head).err().unwrap_or_else(
                || bad("truncated: the file ends inside its header".into()),
            )));
        }
        let count = u32::from_le_bytes([head[8], head[9], head[10], head[11]]);
        let cap = max_baked_len(count);
        let bytes = read_rest(file, head, cap, path, |size| {
            bad(format!(
                "the file holds {}, more than the {count} masks its header announces can \
                 take under the mask limit of {} pixels ({cap} bytes)",
                match size {
                    Some(n) => format!("{n} bytes"),
                    None => format!("over {cap} bytes"),
                },
                crate::max_mask_pixels()
            ))
        })
        .map_err(named)?;
        MaskBundle::from_bytes(&bytes).map_err(named)
    }

    /// Writes the bundle to `path` atomically: to a temporary file beside it first, then
    /// renamed over `path`, so a failure never leaves a partial file (and an existing
    /// file is replaced only by a complete one).
    pub fn write_to_path(&self, path: impl AsRef<Path>) -> Result<()> {
        write_atomically(path.as_ref(), &self.to_bytes())
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let fail = |e: std::io::Error| Error::Io(format!("cannot write '{}': {e}", path.display()));
    let file_name = path.file_name().ok_or_else(|| {
        Error::Io(format!(
            "cannot write '{}': the path does not name a file",
            path.display()
        ))
    })?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(file_name);
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let result = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}

/// The size of a baked file holding these `(name, mask)` entries.
pub(crate) fn baked_len<'a>(entries: impl Iterator<Item = (&'a str, &'a Mask)>) -> usize {
    HEADER_LEN
        + CRC_LEN
        + entries
            .map(|(name, mask)| entry_len(name.len(), mask.width(), mask.height()))
            .sum::<usize>()
}

/// A baked file holding these `(name, mask, info)` entries (names already checked).
pub(crate) fn to_bytes<'a>(
    entries: impl ExactSizeIterator<Item = (&'a str, &'a Mask, BakeInfo)> + Clone,
) -> Vec<u8> {
    let len = baked_len(entries.clone().map(|(name, mask, _)| (name, mask)));
    let mut out = Vec::with_capacity(len);
    out.extend_from_slice(&BAKED_MAGIC);
    out.extend_from_slice(&BAKED_VERSION.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    // The count fits: entries are bounded by memory, names make each one >= 15 bytes,
    // and `to_bytes` of more than u32::MAX entries would need > 60 GB.
    out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    for (name, mask, info) in entries {
        write_entry(&mut out, name, mask, info);
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    debug_assert_eq!(out.len(), len);
    out
}

pub(crate) fn bad(why: String) -> Error {
    Error::BadBakedData(why)
}

/// The I/O error of reading `path`, or [`Error::OutOfMemory`] when memory ran out.
pub(crate) fn cannot_read(path: &Path, e: std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::OutOfMemory {
        Error::OutOfMemory
    } else {
        Error::Io(format!("cannot read '{}': {e}", path.display()))
    }
}

/// The largest baked file that can hold `count` masks of at most
/// [`crate::max_mask_pixels`] pixels: each entry's bits take at most one byte per pixel
/// (`ceil(w / 8) * h <= w * h`), its name at most 65,535 bytes.
fn max_baked_len(count: u32) -> u64 {
    let entry = (MIN_ENTRY_LEN as u64 + u16::MAX as u64).saturating_add(crate::max_mask_pixels());
    (count as u64)
        .saturating_mul(entry)
        .saturating_add((HEADER_LEN + CRC_LEN) as u64)
}

/// Reads the rest of `file`, whose first bytes `head` were already read from it, into
/// one buffer that starts with `head`, if the file holds at most `cap` bytes in all. A
/// regular file longer than that is refused from its size, before reading; any other
/// (a pipe, a device) is refused once `cap` is passed. Memory is reserved fallibly: a
/// failure is [`Error::OutOfMemory`]. `too_long` makes the error for a file past the cap
/// (given its size, when known).
pub(crate) fn read_rest(
    file: std::fs::File,
    mut head: Vec<u8>,
    cap: u64,
    path: &Path,
    too_long: impl FnOnce(Option<u64>) -> Error,
) -> Result<Vec<u8>> {
    use std::io::Read;
    let size = file
        .metadata()
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    if let Some(size) = size.filter(|&n| n > cap) {
        return Err(too_long(Some(size)));
    }
    // A regular file: reserve its size at once. Otherwise read_to_end grows the buffer,
    // fallibly (it reports an out-of-memory I/O error).
    if let Some(size) = size {
        let more = usize::try_from(size)
            .map_err(|_| Error::OutOfMemory)?
            .saturating_sub(head.len());
        head.try_reserve_exact(more)
            .map_err(|_| Error::OutOfMemory)?;
    }
    let left = cap.saturating_sub(head.len() as u64);
    file.take(left.saturating_add(1))
        .read_to_end(&mut head)
        .map_err(|e| cannot_read(path, e))?;
    if head.len() as u64 > cap {
        return Err(too_long(None));
    }
    Ok(head)
}

/// Bytes of one row of bits in the file.
fn row_bytes(width: u32) -> usize {
    (width as usize).div_ceil(8)
}

fn entry_len(name_len: usize, width: u32, height: u32) -> usize {
    MIN_ENTRY_LEN + name_len + row_bytes(width) * height as usize
}

fn write_entry(out: &mut Vec<u8>, name: &str, mask: &Mask, info: BakeInfo) {
    // Names are checked to fit a u16 on insertion.
    out.extend_from_slice(&(name.len() as u16).to_le_bytes());
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&mask.width().to_le_bytes());
    out.extend_from_slice(&mask.height().to_le_bytes());
    let mut flags = 0u8;
    if info.flip_y {
        flags |= FLAG_FLIP_Y;
    }
    if info.flip_x {
        flags |= FLAG_FLIP_X;
    }
    if info.threshold.is_some() {
        flags |= FLAG_THRESHOLD;
    }
    if info.color_key.is_some() {
        flags |= FLAG_COLOR_KEY;
    }
    out.push(flags);
    out.push(info.threshold.unwrap_or(0));
    out.extend_from_slice(&info.color_key.unwrap_or([0; 3]));
    let n = row_bytes(mask.width());
    if n == 0 {
        return; // no bits, however many rows
    }
    let mut row_buf = Vec::with_capacity(mask.words_per_row() * 8);
    for y in 0..mask.height() as usize {
        row_buf.clear();
        for w in mask.row(y) {
            row_buf.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&row_buf[..n]);
    }
}

/// A cursor over the bytes between the header and the checksum.
struct Reader<'a> {
    body: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn remaining(&self) -> usize {
        self.body.len() - self.pos
    }

    fn take(&mut self, n: usize, what: impl FnOnce() -> String) -> Result<&'a [u8]> {
        if self.remaining() < n {
            return Err(bad(format!(
                "truncated: {} needs {n} bytes at offset {} but only {} remain before the checksum",
                what(),
                HEADER_LEN + self.pos,
                self.remaining()
            )));
        }
        let s = &self.body[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    fn u8(&mut self, what: impl FnOnce() -> String) -> Result<u8> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: impl FnOnce() -> String) -> Result<u16> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self, what: impl FnOnce() -> String) -> Result<u32> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn finish(&self) -> Result<()> {
        if self.remaining() != 0 {
            return Err(bad(format!(
                "{} unexpected bytes after the last entry (offset {})",
                self.remaining(),
                HEADER_LEN + self.pos
            )));
        }
        Ok(())
    }
}

/// Checks the header and the checksum; returns the entry count (checked to be possible
/// for the file's size) and a reader over the entries.
fn open(bytes: &[u8]) -> Result<(usize, Reader<'_>)> {
    if bytes.len() >= 4 && bytes[..4] != BAKED_MAGIC {
        return Err(bad(format!(
            "not a perpixel baked mask file: it starts with {:02X?}, expected \"PPMK\"",
            &bytes[..4]
        )));
    }
    if bytes.len() < HEADER_LEN + CRC_LEN {
        return Err(bad(format!(
            "truncated: {} bytes, but the header and checksum alone take {}",
            bytes.len(),
            HEADER_LEN + CRC_LEN
        )));
    }
    let version = u16::from_le_bytes([bytes[4], bytes[5]]);
    if version != BAKED_VERSION {
        return Err(bad(format!(
            "format version {version}; this library reads version {BAKED_VERSION}{}",
            if version > BAKED_VERSION {
                " (bake the file again with this version, or update the library)"
            } else {
                ""
            }
        )));
    }
    let flags = u16::from_le_bytes([bytes[6], bytes[7]]);
    if flags != 0 {
        return Err(bad(format!(
            "file flags 0x{flags:04X}: no flag is defined in version {BAKED_VERSION}"
        )));
    }
    let (data, crc) = bytes.split_at(bytes.len() - CRC_LEN);
    let stored = u32::from_le_bytes([crc[0], crc[1], crc[2], crc[3]]);
    let computed = crc32fast::hash(data);
    if stored != computed {
        return Err(bad(format!(
            "checksum mismatch (stored 0x{stored:08X}, computed 0x{computed:08X}): the file is \
             corrupt or truncated"
        )));
    }
    let count = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
    let reader = Reader {
        body: &data[HEADER_LEN..],
        pos: 0,
    };
    let possible = reader.remaining() / MIN_ENTRY_LEN;
    if count > possible {
        return Err(bad(format!(
            "the header announces {count} masks but {} bytes can hold at most {possible}",
            reader.remaining()
        )));
    }
    Ok((count, reader))
}

fn read_entry<'a>(r: &mut Reader<'a>, i: usize) -> Result<(&'a str, Mask, BakeInfo)> {
    let name_len = r.u16(|| format!("entry {i}'s name length"))? as usize;
    let name = r.take(name_len, || format!("entry {i}'s name"))?;
    let name = std::str::from_utf8(name)
        .map_err(|e| bad(format!("entry {i}: the name is not UTF-8 ({e})")))?;
    let at = || format!("entry {i} ('{name}')");
    let width = r.u32(|| format!("{}'s width", at()))?;
    let height = r.u32(|| format!("{}'s height", at()))?;
    let flags = r.u8(|| format!("{}'s flags", at()))?;
    let threshold = r.u8(|| format!("{}'s threshold", at()))?;
    let key = r.take(3, || format!("{}'s colour key", at()))?;
    if flags & !KNOWN_FLAGS != 0 {
        return Err(bad(format!(
            "{}: unknown flags 0x{flags:02X} (version {BAKED_VERSION} defines 0x01, 0x02, 0x04, 0x08)",
            at()
        )));
    }
    if flags & FLAG_THRESHOLD == 0 && threshold != 0 {
        return Err(bad(format!(
            "{}: threshold byte {threshold} without the threshold flag",
            at()
        )));
    }
    if flags & FLAG_COLOR_KEY == 0 && key != [0, 0, 0] {
        return Err(bad(format!(
            "{}: colour key bytes without the colour key flag",
            at()
        )));
    }
    let info = BakeInfo {
        threshold: (flags & FLAG_THRESHOLD != 0).then_some(threshold),
        flip_y: flags & FLAG_FLIP_Y != 0,
        flip_x: flags & FLAG_FLIP_X != 0,
        color_key: (flags & FLAG_COLOR_KEY != 0).then(|| [key[0], key[1], key[2]]),
    };
    // Size limit first, then the bits' length against what remains: only then allocate.
    crate::mask::check_size(width as u64, height as u64)?;
    let per_row = row_bytes(width);
    let needed = per_row as u64 * height as u64;
    if needed > r.remaining() as u64 {
        return Err(bad(format!(
            "truncated: {} is {width}x{height} pixels, which needs {needed} bytes of bits, but \
             only {} remain",
            at(),
            r.remaining()
        )));
    }
    let bits = r.take(needed as usize, at)?;
    if width == 0 || height == 0 {
        // No bits, but possibly billions of empty rows (0 x 2^31 is a valid mask): build
        // it whole rather than row by row, so such a header costs nothing to load.
        return Ok((name, Mask::empty(width, height)?, info));
    }
    let tail_bits = width % 8;
    let mask = Mask::from_row_words(width, height, |y, words| {
        let row = &bits[y * per_row..(y + 1) * per_row];
        if tail_bits != 0 {
            let last = row[per_row - 1];
            if last >> tail_bits != 0 {
                return Err(bad(format!(
                    "{}: row {y} has bits set past the width {width}",
                    at()
                )));
            }
        }
        for (word, chunk) in words.iter_mut().zip(row.chunks(8)) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            *word = u64::from_le_bytes(b);
        }
        Ok(())
    })?;
    Ok((name, mask, info))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(width: u32, height: u32, seed: u32) -> Mask {
        Mask::from_fn(width, height, |x, y| {
            (x.wrapping_mul(7) ^ y.wrapping_mul(13) ^ seed) % 5 < 2
        })
        .unwrap()
    }

    fn fix_crc(bytes: &mut [u8]) {
        let n = bytes.len() - 4;
        let crc = crc32fast::hash(&bytes[..n]);
        bytes[n..].copy_from_slice(&crc.to_le_bytes());
    }

    fn err(bytes: &[u8]) -> String {
        match MaskBundle::from_bytes(bytes) {
            Err(e) => e.to_string(),
            Ok(b) => panic!("loaded {} masks from bad data", b.len()),
        }
    }

    #[test]
    fn every_width_round_trips_bit_for_bit() {
        for width in [0, 1, 7, 8, 9, 63, 64, 65, 127, 128, 130] {
            for height in [0, 1, 3] {
                let m = sample(width, height, width + height);
                let bytes = m.to_baked();
                assert_eq!(
                    bytes.len(),
                    31 + height as usize * (width as usize).div_ceil(8)
                );
                let back = Mask::from_baked(&bytes).unwrap();
                assert_eq!(back, m, "{width}x{height}");
                assert_eq!(back.count(), m.count());
                assert_eq!(back.solid_bounds(), m.solid_bounds());
            }
        }
    }

    #[test]
    fn empty_masks_with_a_huge_side_load_at_once() {
        // Found by fuzzing: a 0 x 2^31-1 mask has no bits, so nothing bounds its rows by
        // the file size; loading it must not walk them.
        for (w, h) in [(0, i32::MAX as u32), (i32::MAX as u32, 0)] {
            let m = Mask::empty(w, h).unwrap();
            let bytes = m.to_baked();
            assert_eq!(bytes.len(), 31);
            assert_eq!(Mask::from_baked(&bytes).unwrap(), m);
        }
    }

    #[test]
    fn the_layout_is_as_documented() {
        // 10x2: row 0 pixels 0 and 9 solid, row 1 pixel 3.
        let m = Mask::from_fn(10, 2, |x, y| {
            (y == 0 && (x == 0 || x == 9)) || (y == 1 && x == 3)
        })
        .unwrap();
        let mut bundle = MaskBundle::new();
        let info = BakeInfo {
            threshold: Some(128),
            flip_y: true,
            flip_x: false,
            color_key: Some([255, 0, 255]),
        };
        bundle.insert_with_info("ab", m, info).unwrap();
        let b = bundle.to_bytes();
        let expected_body: Vec<u8> = [
            &b"PPMK"[..],
            &[1, 0, 0, 0, 1, 0, 0, 0],
            &[2, 0, b'a', b'b'],
            &[10, 0, 0, 0, 2, 0, 0, 0],
            &[0b111, 128, 255, 0, 255],
            &[0b0000_0001, 0b10, 0b1000, 0],
        ]
        .concat();
        assert_eq!(&b[..b.len() - 4], &expected_body[..]);
        assert_eq!(
            &b[b.len() - 4..],
            &crc32fast::hash(&expected_body).to_le_bytes()
        );
        let back = MaskBundle::from_bytes(&b).unwrap();
        assert_eq!(back.entry("ab").unwrap().info(), info);
    }

    #[test]
    fn flip_x_is_flag_bit_3_and_files_without_it_read_as_before() {
        // A version 1 file as written before bit 3 existed: flags 0b111.
        let body: Vec<u8> = [
            &b"PPMK"[..],
            &[1, 0, 0, 0, 1, 0, 0, 0],
            &[1, 0, b'm'],
            &[3, 0, 0, 0, 1, 0, 0, 0],
            &[0b111, 9, 1, 2, 3],
            &[0b101],
        ]
        .concat();
        let old = [&body[..], &crc32fast::hash(&body).to_le_bytes()].concat();
        let bundle = MaskBundle::from_bytes(&old).unwrap();
        let e = bundle.entry("m").unwrap();
        let expected = BakeInfo {
            threshold: Some(9),
            flip_y: true,
            flip_x: false,
            color_key: Some([1, 2, 3]),
        };
        assert_eq!(e.info(), expected);
        assert_eq!(e.mask(), &Mask::from_fn(3, 1, |x, _| x != 1).unwrap());
        // Written again unchanged, it is the same bytes.
        assert_eq!(bundle.to_bytes(), old);

        // flip_x sets bit 3 (0x08) and reads back.
        let mut mirrored = MaskBundle::new();
        let info = BakeInfo {
            flip_x: true,
            ..expected
        };
        mirrored
            .insert_with_info("m", e.mask().clone(), info)
            .unwrap();
        let bytes = mirrored.to_bytes();
        assert_eq!(bytes[23], 0b1111, "flags byte");
        assert_eq!(
            MaskBundle::from_bytes(&bytes)
                .unwrap()
                .entry("m")
                .unwrap()
                .info(),
            info
        );
        let opts = MaskOptions {
            flip_x: true,
            ..MaskOptions::default()
        };
        assert!(BakeInfo::from(&opts).flip_x && !BakeInfo::from(&opts).flip_y);
        println!("version 1 file without bit 3 read unchanged; flip_x round-trips as 0x08");
    }

    #[test]
    fn bundles_keep_names_order_and_refuse_duplicates() {
        let mut bundle = MaskBundle::new();
        for (i, name) in ["b", "a", "", "ünïcode/frame 1.png"].iter().enumerate() {
            bundle
                .insert(*name, sample(i as u32 * 30, 5, i as u32))
                .unwrap();
        }
        let e = bundle.insert("a", sample(1, 1, 0)).unwrap_err();
        assert!(
            e.to_string().contains("already holds a mask named 'a'"),
            "{e}"
        );
        let e = bundle
            .insert("x".repeat(70_000), sample(1, 1, 0))
            .unwrap_err();
        assert!(matches!(e, Error::InvalidArgument(_)), "{e}");
        let back = MaskBundle::from_bytes(&bundle.to_bytes()).unwrap();
        assert_eq!(back, bundle);
        assert_eq!(
            back.names().collect::<Vec<_>>(),
            ["b", "a", "", "ünïcode/frame 1.png"]
        );
        assert_eq!(back.get("a"), Some(&sample(30, 5, 1)));
        assert_eq!(back.entry_at(3).unwrap().name(), "ünïcode/frame 1.png");
        assert!(back.get("c").is_none());
        let e = Mask::from_baked(&bundle.to_bytes()).unwrap_err();
        assert!(e.to_string().contains("holds 4 masks"), "{e}");
        let empty = MaskBundle::new().to_bytes();
        assert_eq!(empty.len(), 16);
        assert!(MaskBundle::from_bytes(&empty).unwrap().is_empty());
        assert!(Mask::from_baked(&empty).is_err());
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let good = sample(20, 4, 1).to_baked();
        assert!(err(&good[..good.len() - 1]).contains("checksum"));
        assert!(err(&good[..10]).contains("truncated: 10 bytes"));
        assert!(err(b"").contains("truncated"));
        assert!(err(b"\x89PNG\r\n\x1a\n........").contains("not a perpixel baked mask file"));

        let mut v2 = good.clone();
        v2[4] = 2;
        fix_crc(&mut v2);
        assert!(err(&v2).contains("format version 2; this library reads version 1"));

        let mut flagged = good.clone();
        flagged[6] = 1;
        fix_crc(&mut flagged);
        assert!(err(&flagged).contains("file flags"));

        let mut flipped = good.clone();
        flipped[30] ^= 0x10;
        assert!(err(&flipped).contains("checksum mismatch"));

        let mut trailing = good[..good.len() - 4].to_vec();
        trailing.extend_from_slice(&[0, 0, 0, 0, 0]);
        trailing.extend_from_slice(&[0; 4]);
        fix_crc(&mut trailing);
        assert!(err(&trailing).contains("5 unexpected bytes"));

        // Header says a huge count.
        let mut many = good.clone();
        many[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
        fix_crc(&mut many);
        assert!(err(&many).contains("at most 1"));

        // Dimensions that would need gigabytes: refused by the size limit.
        let mut huge = good.clone();
        huge[14..18].copy_from_slice(&100_000u32.to_le_bytes());
        huge[18..22].copy_from_slice(&100_000u32.to_le_bytes());
        fix_crc(&mut huge);
        let e = MaskBundle::from_bytes(&huge).unwrap_err();
        assert!(matches!(e, Error::TooLarge { .. }), "{e}");
        // Within the limit but larger than the bytes: truncated.
        let mut lying = good.clone();
        lying[18..22].copy_from_slice(&4000u32.to_le_bytes());
        fix_crc(&mut lying);
        assert!(err(&lying).contains("needs 12000 bytes of bits"));

        // A padding bit set: 20 wide, last byte of row 0 holds pixels 16..20.
        let mut padded = good.clone();
        padded[31 - 4 + 2] |= 0x80;
        fix_crc(&mut padded);
        assert!(err(&padded).contains("row 0 has bits set past the width 20"));

        let mut unknown_flag = good.clone();
        unknown_flag[22] = 0x10;
        fix_crc(&mut unknown_flag);
        assert!(err(&unknown_flag).contains("unknown flags"));
        let mut stray_threshold = good.clone();
        stray_threshold[23] = 5;
        fix_crc(&mut stray_threshold);
        assert!(err(&stray_threshold).contains("without the threshold flag"));

        let mut bundle = MaskBundle::new();
        bundle.insert("aa", sample(3, 3, 0)).unwrap();
        bundle.insert("ab", sample(3, 3, 1)).unwrap();
        let mut dup = bundle.to_bytes();
        let second = 12 + MIN_ENTRY_LEN + 2 + 3;
        assert_eq!(&dup[second..second + 4], &[2, 0, b'a', b'b']);
        dup[second + 3] = b'a';
        fix_crc(&mut dup);
        assert!(err(&dup).contains("'aa' is used twice"));

        let mut not_utf8 = bundle.to_bytes();
        not_utf8[14] = 0xFF;
        fix_crc(&mut not_utf8);
        assert!(err(&not_utf8).contains("not UTF-8"));
    }

    #[test]
    fn every_truncation_and_every_single_byte_change_is_refused_or_harmless() {
        let mut bundle = MaskBundle::new();
        bundle.insert("one", sample(9, 3, 1)).unwrap();
        bundle.insert("two", sample(65, 2, 2)).unwrap();
        let good = bundle.to_bytes();
        for n in 0..good.len() {
            assert!(MaskBundle::from_bytes(&good[..n]).is_err(), "prefix {n}");
        }
        // With the checksum repaired, a change either fails validation or yields a
        // bundle that writes back to exactly the changed bytes (a faithful reading).
        for i in 0..good.len() - 4 {
            for bit in 0..8 {
                let mut b = good.clone();
                b[i] ^= 1 << bit;
                fix_crc(&mut b);
                if let Ok(read) = MaskBundle::from_bytes(&b) {
                    assert_eq!(read.to_bytes(), b, "byte {i} bit {bit}");
                }
            }
        }
    }

    #[test]
    fn from_path_reads_the_header_first_and_no_more_than_the_masks_can_take() {
        // A device of endless zeroes: not a regular file, refused before reading.
        if Path::new("/dev/zero").exists() {
            let e = MaskBundle::from_path("/dev/zero").unwrap_err();
            assert!(
                matches!(&e, Error::Io(why) if why.contains("not a regular file (a character device)")),
                "{e}"
            );
        }
        let dir = std::env::temp_dir().join(format!("perpixel-from-path-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = sample(20, 4, 1).to_baked();
        // A good file loads; the same header at the start of a 64 GiB sparse file is
        // refused from the file's size, before reading past the header.
        let path = dir.join("big.ppmk");
        std::fs::write(&path, &good).unwrap();
        assert_eq!(
            MaskBundle::from_path(&path).unwrap(),
            MaskBundle::from_bytes(&good).unwrap()
        );
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        if file.set_len(64 << 30).is_ok() {
            drop(file);
            let e = MaskBundle::from_path(&path).unwrap_err();
            assert!(
                matches!(&e, Error::BadBakedData(why) if why.contains(
                    "holds 68719476736 bytes, more than the 1 masks its header announces"
                )),
                "{e}"
            );
        }
        // Within the cap but not a valid file: the usual checks, naming the file.
        std::fs::write(&path, &good[..good.len() - 1]).unwrap();
        let e = MaskBundle::from_path(&path).unwrap_err();
        assert!(e.to_string().contains("big.ppmk: checksum mismatch"), "{e}");
        std::fs::write(&path, &good[..7]).unwrap();
        let e = MaskBundle::from_path(&path).unwrap_err();
        assert!(e.to_string().contains("truncated: 7 bytes"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
        // The cap itself: the header, the checksum, and per mask its fields, a name of at
        // most 65,535 bytes and at most one byte of bits per pixel.
        let limit = crate::max_mask_pixels();
        assert_eq!(max_baked_len(0), 16);
        assert_eq!(max_baked_len(2), 16 + 2 * (15 + 65_535 + limit));
        assert_eq!(max_baked_len(u32::MAX), {
            let per = 15 + 65_535 + limit;
            16 + u32::MAX as u64 * per
        });
    }

    #[test]
    fn write_to_path_replaces_atomically_and_leaves_nothing_on_failure() {
        let dir = std::env::temp_dir().join(format!("perpixel-baked-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("b.ppmk");
        let mut bundle = MaskBundle::new();
        bundle.insert("x", sample(5, 5, 3)).unwrap();
        bundle.write_to_path(&path).unwrap();
        assert_eq!(MaskBundle::from_path(&path).unwrap(), bundle);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        let missing = dir.join("no/such/folder/b.ppmk");
        let e = bundle.write_to_path(&missing).unwrap_err();
        assert!(
            matches!(e, Error::Io(_)) && e.to_string().contains("cannot write"),
            "{e}"
        );
        assert!(!missing.exists());
        let e = MaskBundle::from_path(dir.join("absent.ppmk")).unwrap_err();
        assert!(e.to_string().contains("cannot read"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
