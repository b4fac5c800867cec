//! Masks from encoded images (PNG and the rest), through the `image` crate.
//!
//! **Bounds.** Input sizes come from the file, so every step is bounded by the mask size
//! limit ([`crate::max_mask_pixels`]) and every large allocation is fallible:
//!
//! 1. The header is read first (from memory, or from the file through a buffered reader:
//!    a file is never read whole before its header is checked). An image whose header
//!    claims more pixels than the limit is refused with [`Error::TooLarge`] before the
//!    decoder allocates anything for its pixels.
//! 2. The pixels are decoded into one buffer allocated here, fallibly and lazily zeroed:
//!    `width * height * max(4, bytes per decoded pixel)` bytes. When it cannot be had,
//!    [`Error::OutOfMemory`].
//! 3. The decoders keep working buffers of their own, which they allocate infallibly (a
//!    JPEG's coefficients, a GIF frame, a WebP frame: at most about twice the decoded
//!    pixels). Before decoding, the headroom they may need is reserved and released, so a
//!    process whose memory or address space cannot hold it gets [`Error::OutOfMemory`]
//!    instead of an abort inside the decoder; and the `image` crate's `max_alloc` is set
//!    to that headroom plus 64 MiB, so a file cannot make them ask for more.
//! 4. The pixels are converted to RGBA8 in place (8-bit grey and RGB expand, 16-bit and
//!    float formats shrink), with no second copy of the image.
//! 5. Only regular files are opened (`crate::file`): a FIFO would block for ever and a
//!    device such as `/dev/zero` never ends, so both are refused before reading. Reading
//!    stops with an error after [`read_cap`] bytes: a huge file (a 64 GiB sparse file) is
//!    refused from its first bytes or, at worst, after as many bytes as an image within
//!    the limit can take.

use super::*;
use image::{ColorType, ImageDecoder, ImageFormat, ImageReader};
use std::cell::Cell;
use std::io::{self, BufRead, BufReader, Cursor, Read, Seek, SeekFrom};
use std::path::Path;
use std::rc::Rc;

/// Bytes allowed for what is not pixels: metadata, palettes, tables, framing.
const SLACK: u64 = 64 << 20;
/// The most bytes one decoded pixel takes in any colour type (RGBA as 32-bit floats).
const MAX_BYTES_PER_PIXEL: u64 = 16;

/// The most bytes read from a file for an image of `pixels` pixels: 16 bytes per pixel
/// (as many as the largest decoded pixel: no encoding the decoders read needs more per
/// pixel) plus 64 MiB for everything else. Before the header is read, `pixels` is the
/// limit; afterwards, the pixels the header claims.
pub(crate) fn read_cap(pixels: u64) -> u64 {
    pixels
        .saturating_mul(MAX_BYTES_PER_PIXEL)
        .saturating_add(SLACK)
}

/// An image decoded to RGBA8 (bytes R, G, B, A), rows top first, `width * 4` bytes each.
pub(crate) struct Rgba8Image {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) pixels: Vec<u8>,
}

impl Rgba8Image {
    /// A mask of this image (or of `options.region` of it).
    pub(crate) fn to_mask(&self, options: &MaskOptions) -> Result<Mask> {
        Mask::from_pixels(
            &self.pixels,
            PixelFormat::Rgba8,
            self.width,
            self.height,
            self.width as usize * 4,
            options,
        )
    }
}

/// How many bytes a file reader may still read, shared between the reader (inside the
/// decoder) and the code driving the decoder, which narrows it once the header is known.
struct ReadBudget {
    read: Cell<u64>,
    cap: Cell<u64>,
    exceeded: Cell<bool>,
    /// The size the header claims, once known.
    size: Cell<Option<(u32, u32)>>,
}

impl ReadBudget {
    fn new(cap: u64) -> Rc<ReadBudget> {
        Rc::new(ReadBudget {
            read: Cell::new(0),
            cap: Cell::new(cap),
            exceeded: Cell::new(false),
            size: Cell::new(None),
        })
    }

    /// Lowers the cap to what a `width x height` image may take (never raises it).
    fn narrow(&self, width: u32, height: u32) {
        let cap = read_cap(width as u64 * height as u64);
        self.cap.set(self.cap.get().min(cap));
        self.size.set(Some((width, height)));
    }
}

/// A reader that fails once more than its budget's cap has been read from it (an end of
/// file exactly at the cap is still an end of file).
struct Capped<R> {
    inner: R,
    budget: Rc<ReadBudget>,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let b = &self.budget;
        let left = b.cap.get().saturating_sub(b.read.get());
        if buf.is_empty() {
            return Ok(0);
        }
        if left == 0 {
            // At the cap: fine if the file ends here, an error if it goes on.
            let mut probe = [0u8; 1];
            if self.inner.read(&mut probe)? == 0 {
                return Ok(0);
            }
            b.exceeded.set(true);
            return Err(io::Error::other(format!(
                "read {} bytes, the most an image within the mask limit may take",
                b.read.get()
            )));
        }
        let n = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let got = self.inner.read(&mut buf[..n])?;
        b.read.set(b.read.get() + got as u64);
        Ok(got)
    }
}

impl<R: Seek> Seek for Capped<R> {
    fn seek(&mut self, pos: SeekFrom) -> io::Result<u64> {
        self.inner.seek(pos)
    }
}

/// Where the encoded bytes come from, for error reports.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Memory,
    File,
}

fn decode_error(e: image::ImageError, source: Source) -> Error {
    match e {
        // A decoder asking for more than the limits derived from the mask limit allow (a
        // refusal, not a failed allocation).
        image::ImageError::Limits(l) => Error::Decode(format!(
            "the image is larger than the mask limit of {} pixels ({l})",
            crate::max_mask_pixels()
        )),
        image::ImageError::IoError(io) => io_error(io, source),
        other => Error::Decode(other.to_string()),
    }
}

fn io_error(io: io::Error, source: Source) -> Error {
    match io.kind() {
        io::ErrorKind::OutOfMemory => Error::OutOfMemory,
        // From memory, an I/O error can only mean the data ended too soon.
        _ if source == Source::Memory => {
            Error::Decode(format!("truncated or corrupt image data ({io})"))
        }
        io::ErrorKind::UnexpectedEof => {
            Error::Decode(format!("truncated or corrupt image data ({io})"))
        }
        _ => Error::Io(io.to_string()),
    }
}

/// Extra bytes a decoder may allocate for itself while decoding an image whose decoded
/// pixels take `decoded` bytes (read from the decoders of `image` 0.25: PNG, BMP and QOI
/// keep a few rows at most; TGA copies the indices of a colour-mapped image; GIF a frame;
/// JPEG its coefficients, 2 bytes per sample; WebP a frame and a canvas).
fn decoder_headroom(format: Option<ImageFormat>, decoded: u64) -> u64 {
    let factor = match format {
        Some(ImageFormat::Png | ImageFormat::Bmp | ImageFormat::Qoi) => 0,
        Some(ImageFormat::Tga | ImageFormat::Gif) => 1,
        _ => 2,
    };
    decoded.saturating_mul(factor)
}

/// The `image` crate's limits while the header is read: sides as large as a mask may
/// have, and memory for a row of the widest image the limit allows (PNG reserves one
/// up front) plus metadata.
fn header_limits() -> image::Limits {
    let mut limits = image::Limits::default();
    let side = i32::MAX as u32;
    limits.max_image_width = Some(side);
    limits.max_image_height = Some(side);
    let widest = crate::max_mask_pixels().min(side as u64);
    limits.max_alloc = Some(
        widest
            .saturating_mul(MAX_BYTES_PER_PIXEL)
            .saturating_add(SLACK),
    );
    limits
}

/// Decodes the image `reader` holds (format from its signature, else `hint`) to RGBA8.
/// `budget` is the read budget of a file reader (`None` for bytes in memory).
fn decode_reader<R: BufRead + Seek>(
    reader: R,
    hint: Option<ImageFormat>,
    budget: Option<&ReadBudget>,
) -> Result<Rgba8Image> {
    let source = if budget.is_some() {
        Source::File
    } else {
        Source::Memory
    };
    let result = decode_inner(reader, hint, budget, source);
    match (result, budget) {
        (Err(_), Some(b)) if b.exceeded.get() => Err(Error::Decode(format!(
            "stopped after reading {} bytes, more than {} needs (the file is corrupt, or \
             not an image)",
            b.read.get(),
            match b.size.get() {
                Some((w, h)) => format!("a {w}x{h} image"),
                None => format!(
                    "an image within the mask limit of {} pixels",
                    crate::max_mask_pixels()
                ),
            }
        ))),
        (result, _) => result,
    }
}

fn decode_inner<R: BufRead + Seek>(
    reader: R,
    hint: Option<ImageFormat>,
    budget: Option<&ReadBudget>,
    source: Source,
) -> Result<Rgba8Image> {
    let mut reader = ImageReader::new(reader)
        .with_guessed_format()
        .map_err(|e| io_error(e, source))?;
    if reader.format().is_none() {
        match hint {
            Some(format) => reader.set_format(format),
            None => {
                return Err(Error::Decode(
                    "unknown image format (supported: PNG, GIF, JPEG, BMP, WebP, QOI; \
                     TGA from a .tga file)"
                        .into(),
                ));
            }
        }
    }
    let format = reader.format();
    reader.limits(header_limits());
    // Reads the header (and for PNG the chunks before the pixels; JPEG reads it all).
    let mut decoder = reader.into_decoder().map_err(|e| decode_error(e, source))?;

    // Refuse oversized images from their header, before anything is allocated for them.
    let (w, h) = decoder.dimensions();
    check_size(w as u64, h as u64)?;
    let pixels = w as u64 * h as u64;
    if let Some(b) = budget {
        b.narrow(w, h);
    }
    let color = decoder.color_type();
    let bpp = color.bytes_per_pixel() as u64;
    // Sides up to 2^31 - 1 make up to 2^62 pixels: bytes may not fit in 64 bits.
    let too_large = Error::TooLarge {
        width: w as u64,
        height: h as u64,
    };
    let bytes = pixels.checked_mul(bpp.max(4)).ok_or(too_large)?;
    let decoded = decoder.total_bytes();
    if decoded != pixels * bpp {
        return Err(Error::Decode(format!(
            "the decoder announces {decoded} bytes for {w}x{h} pixels of {color:?}"
        )));
    }

    // One buffer for the decoded pixels and, in place, their RGBA8 form.
    let len = usize::try_from(bytes).map_err(|_| Error::OutOfMemory)?;
    let mut buf: Vec<u8> =
        bytemuck::allocation::try_zeroed_vec(len).map_err(|()| Error::OutOfMemory)?;
    // The decoder's own buffers: make sure they can be had, then let it have no more.
    let headroom = decoder_headroom(format, decoded);
    if headroom > 0 {
        let n = usize::try_from(headroom).map_err(|_| Error::OutOfMemory)?;
        let mut probe: Vec<u8> = Vec::new();
        probe.try_reserve_exact(n).map_err(|_| Error::OutOfMemory)?;
    }
    let mut limits = header_limits();
    limits.max_alloc = Some(headroom.saturating_add(SLACK));
    decoder
        .set_limits(limits)
        .map_err(|e| decode_error(e, source))?;
    decoder
        .read_image(&mut buf[..decoded as usize])
        .map_err(|e| decode_error(e, source))?;
    to_rgba8_in_place(&mut buf, color, pixels as usize)?;
    buf.truncate(pixels as usize * 4);
    Ok(Rgba8Image {
        width: w,
        height: h,
        pixels: buf,
    })
}

/// Rewrites `pixels` pixels of `color` at the start of `buf` as RGBA8, in place, as the
/// `image` crate's `into_rgba8` would: grey is copied to red, green and blue, a missing
/// alpha is 255, 16-bit channels round to 8 bits (`(v + 128) / 257`), floats clamp to
/// `0..=1` and round (NaN is 1). `buf` holds at least `pixels * max(4, bytes per pixel)`.
fn to_rgba8_in_place(buf: &mut [u8], color: ColorType, pixels: usize) -> Result<()> {
    fn u16_at(p: &[u8], i: usize) -> u8 {
        let v = u16::from_ne_bytes([p[2 * i], p[2 * i + 1]]) as u32;
        ((v + 128) / 257) as u8
    }
    fn f32_at(p: &[u8], i: usize) -> u8 {
        let f = f32::from_ne_bytes([p[4 * i], p[4 * i + 1], p[4 * i + 2], p[4 * i + 3]]);
        #[allow(clippy::neg_cmp_op_on_partial_ord)] // NaN takes the first branch
        let clamped = if !(f < 1.0) { 1.0 } else { f.max(0.0) };
        (clamped * 255.0).round() as u8
    }
    match color {
        ColorType::Rgba8 => {}
        ColorType::L8 => convert::<1>(buf, pixels, |p| [p[0], p[0], p[0], 255]),
        ColorType::La8 => convert::<2>(buf, pixels, |p| [p[0], p[0], p[0], p[1]]),
        ColorType::Rgb8 => convert::<3>(buf, pixels, |p| [p[0], p[1], p[2], 255]),
        ColorType::L16 => convert::<2>(buf, pixels, |p| {
            let l = u16_at(p, 0);
            [l, l, l, 255]
        }),
        ColorType::La16 => convert::<4>(buf, pixels, |p| {
            let l = u16_at(p, 0);
            [l, l, l, u16_at(p, 1)]
        }),
        ColorType::Rgb16 => convert::<6>(buf, pixels, |p| {
            [u16_at(p, 0), u16_at(p, 1), u16_at(p, 2), 255]
        }),
        ColorType::Rgba16 => convert::<8>(buf, pixels, |p| {
            [u16_at(p, 0), u16_at(p, 1), u16_at(p, 2), u16_at(p, 3)]
        }),
        ColorType::Rgb32F => convert::<12>(buf, pixels, |p| {
            [f32_at(p, 0), f32_at(p, 1), f32_at(p, 2), 255]
        }),
        ColorType::Rgba32F => convert::<16>(buf, pixels, |p| {
            [f32_at(p, 0), f32_at(p, 1), f32_at(p, 2), f32_at(p, 3)]
        }),
        other => {
            return Err(Error::Decode(format!(
                "unsupported decoded colour type {other:?}"
            )));
        }
    }
    Ok(())
}

/// Converts `pixels` pixels of `BPP` bytes to 4 bytes each, in place: from the last pixel
/// back when they grow (each write lands at or after the pixel it reads, past every
/// pixel still to read), from the first forward when they shrink or keep their size.
fn convert<const BPP: usize>(buf: &mut [u8], pixels: usize, f: impl Fn(&[u8; BPP]) -> [u8; 4]) {
    let step = |buf: &mut [u8], i: usize| {
        let mut src = [0u8; BPP];
        src.copy_from_slice(&buf[i * BPP..(i + 1) * BPP]);
        buf[i * 4..i * 4 + 4].copy_from_slice(&f(&src));
    };
    if BPP < 4 {
        for i in (0..pixels).rev() {
            step(buf, i);
        }
    } else {
        for i in 0..pixels {
            step(buf, i);
        }
    }
}

/// Decodes `bytes` (format from their signature, else `hint`) to RGBA8, refusing an
/// image larger than the mask limit from its header, before the decoder allocates.
pub(crate) fn decode_bytes(bytes: &[u8], hint: Option<ImageFormat>) -> Result<Rgba8Image> {
    decode_reader(Cursor::new(bytes), hint, None)
}

/// Decodes the image file at `path` (format from its bytes, else from a `.tga`
/// extension), reading its header first and at most [`read_cap`] bytes in all. Returns
/// the image and the file's size (for a device or pipe, the bytes read from it). Errors
/// name the file.
pub(crate) fn decode_file(path: &Path) -> Result<(Rgba8Image, u64)> {
    let file = crate::file::open_regular(path)
        .map_err(|e| Error::Io(format!("{}: {e}", path.display())))?;
    let size = file
        .metadata()
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    let (image, read) =
        decode_file_from(file, format_hint(path), read_cap(crate::max_mask_pixels()))
            .map_err(|e| naming(path, e))?;
    Ok((image, size.unwrap_or(read)))
}

/// [`decode_file`] on any seekable reader, reading at most `cap` bytes.
fn decode_file_from<R: Read + Seek>(
    inner: R,
    hint: Option<ImageFormat>,
    cap: u64,
) -> Result<(Rgba8Image, u64)> {
    let budget = ReadBudget::new(cap);
    let reader = BufReader::new(Capped {
        inner,
        budget: Rc::clone(&budget),
    });
    let image = decode_reader(reader, hint, Some(&budget))?;
    Ok((image, budget.read.get()))
}

/// The format a file's extension names, for the formats whose bytes carry no
/// signature (TGA); the others are known from their bytes or not at all.
pub(crate) fn format_hint(path: &Path) -> Option<ImageFormat> {
    ImageFormat::from_path(path)
        .ok()
        .filter(|f| *f == ImageFormat::Tga)
}

/// Puts the file's name in front of the reason a decoding or reading error gives.
pub(crate) fn naming(path: &Path, e: Error) -> Error {
    match e {
        Error::Decode(why) => Error::Decode(format!("{}: {why}", path.display())),
        Error::Io(why) => Error::Io(format!("{}: {why}", path.display())),
        other => other,
    }
}

impl Mask {
    /// A mask from an encoded image in memory (PNG, GIF, JPEG, BMP, WebP, QOI; the
    /// format is detected from the bytes). Pixels are converted to RGBA8 first, so
    /// `options` work as in [`Mask::from_pixels`]. TGA files carry no signature, so they
    /// are recognised only by [`Mask::from_image_path`], from their `.tga` extension.
    ///
    /// Images larger than [`crate::max_mask_pixels`] are refused from their header with
    /// [`Error::TooLarge`], before decoding. Decoding needs up to `max(4, bytes per
    /// decoded pixel)` bytes per pixel (4 for 8-bit images, 8 for 16-bit PNGs), plus, for
    /// JPEG, GIF, TGA and WebP, up to twice the decoded pixels for the decoder's own
    /// buffers; when that memory cannot be had the result is [`Error::OutOfMemory`], never
    /// an abort.
    ///
    /// Image files store the top row first: in a y-up world set `options.flip_y`.
    pub fn from_image_bytes(bytes: &[u8], options: &MaskOptions) -> Result<Mask> {
        decode_bytes(bytes, None)?.to_mask(options)
    }

    /// A mask from an image file; see [`Mask::from_image_bytes`]. The format comes from
    /// the bytes, or from the extension when the bytes have no signature (TGA).
    ///
    /// The file is read through a buffer, header first: a file that is not an image, or
    /// whose header claims more pixels than the limit, is refused after its first few
    /// bytes, whatever its size. In all, at most 16 bytes per pixel the header claims plus
    /// 64 MiB are read. A path that is not a regular file (a FIFO, which would block for
    /// ever, a directory, a device such as `/dev/zero`) is refused with [`Error::Io`]
    /// before anything is read.
    pub fn from_image_path(path: impl AsRef<Path>, options: &MaskOptions) -> Result<Mask> {
        decode_file(path.as_ref())?.0.to_mask(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader of `prefix` followed by `filler` repeated without end (zero bytes when
    /// it is empty), counting what it gives.
    struct Endless {
        prefix: Vec<u8>,
        filler: Vec<u8>,
        pos: u64,
        given: Rc<Cell<u64>>,
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            for (i, b) in buf.iter_mut().enumerate() {
                let at = self.pos as usize + i;
                *b = match self.prefix.get(at) {
                    Some(&b) => b,
                    None if self.filler.is_empty() => 0,
                    None => self.filler[(at - self.prefix.len()) % self.filler.len()],
                };
            }
            self.pos += buf.len() as u64;
            self.given.set(self.given.get() + buf.len() as u64);
            Ok(buf.len())
        }
    }

    impl Seek for Endless {
        fn seek(&mut self, pos: SeekFrom) -> io::Result<u64> {
            self.pos = match pos {
                SeekFrom::Start(p) => p,
                SeekFrom::Current(d) => self.pos.checked_add_signed(d).unwrap(),
                SeekFrom::End(_) => return Err(io::Error::other("endless")),
            };
            Ok(self.pos)
        }
    }

    fn endless(prefix: Vec<u8>) -> (Endless, Rc<Cell<u64>>) {
        endless_with(prefix, Vec::new())
    }

    fn endless_with(prefix: Vec<u8>, filler: Vec<u8>) -> (Endless, Rc<Cell<u64>>) {
        let given = Rc::new(Cell::new(0));
        let r = Endless {
            prefix,
            filler,
            pos: 0,
            given: Rc::clone(&given),
        };
        (r, given)
    }

    fn chunk(kind: &[u8; 4], data: &[u8], claimed_len: u32) -> Vec<u8> {
        let mut out = claimed_len.to_be_bytes().to_vec();
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        if data.len() as u32 == claimed_len {
            out.extend_from_slice(&crc32fast::hash(&body).to_be_bytes());
        }
        out
    }

    fn png_header(width: u32, height: u32) -> Vec<u8> {
        let mut ihdr = width.to_be_bytes().to_vec();
        ihdr.extend_from_slice(&height.to_be_bytes());
        ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        png.extend(chunk(b"IHDR", &ihdr, 13));
        png
    }

    #[test]
    fn endless_zeroes_are_refused_after_one_buffer() {
        let (r, given) = endless(Vec::new());
        let e = decode_file_from(r, None, 1 << 40).err().unwrap();
        assert!(e.to_string().contains("unknown image format"), "{e}");
        // One BufReader fill: the format is guessed from the first 16 bytes.
        assert!(given.get() <= 8192, "read {} bytes", given.get());
        println!("endless zeroes: refused after {} bytes: {e}", given.get());
        // The same with a `.tga` hint (TGA has no signature): the header is nonsense.
        let (r, given) = endless(Vec::new());
        let e = decode_file_from(r, Some(ImageFormat::Tga), 1 << 40)
            .err()
            .unwrap();
        assert!(given.get() <= 1 << 20, "read {} bytes as TGA", given.get());
        println!(
            "endless zeroes as TGA: refused after {} bytes: {e}",
            given.get()
        );
    }

    #[test]
    fn a_header_claiming_too_much_is_refused_before_the_pixels() {
        // 100000 x 100000, the start of its pixel data, then endless bytes: refused from
        // the header, before the pixels are read.
        let mut png = png_header(100_000, 100_000);
        png.extend(chunk(b"IDAT", &[0x78, 0x01], 2));
        let (r, given) = endless(png);
        let e = decode_file_from(r, None, 1 << 40).err().unwrap();
        assert_eq!(
            e,
            Error::TooLarge {
                width: 100_000,
                height: 100_000
            }
        );
        // Two buffers: the format guess reads the first, then seeks back.
        assert!(given.get() <= 16384, "read {} bytes", given.get());
        println!("100000x100000 header: {e} after {} bytes", given.get());
    }

    #[test]
    fn endless_chunks_stop_at_the_read_cap() {
        // A 16x16 PNG whose next chunk claims 2 GiB: the decoder reads on (and would
        // skip it), so only the read cap stops it.
        let mut png = png_header(16, 16);
        png.extend(chunk(b"zzZz", &[], 0x7fff_ffff));
        let cap = 1 << 20;
        let (r, given) = endless(png.clone());
        let e = decode_file_from(r, None, cap).err().unwrap();
        assert!(
            matches!(&e, Error::Decode(why) if why.contains("stopped after reading")),
            "{e}"
        );
        // The cap, plus at most one probe byte.
        assert!(given.get() <= cap + 1, "read {} bytes", given.get());
        println!("endless chunk: stopped after {} bytes: {e}", given.get());
    }

    #[test]
    fn endless_pixel_data_stops_at_the_cap_the_header_allows() {
        // A 16x16 PNG whose pixel data never ends: a zlib stream of empty stored blocks,
        // in IDAT chunks without end. Once the header is known, the cap narrows from
        // what the limit allows to what a 16x16 image may take: 16 * 256 + 64 MiB.
        let mut png = png_header(16, 16);
        png.extend(chunk(b"IDAT", &[0x78, 0x01], 2));
        let empty_blocks = [0x00, 0x00, 0x00, 0xff, 0xff].repeat(800);
        let filler = chunk(b"IDAT", &empty_blocks, empty_blocks.len() as u32);
        let (r, given) = endless_with(png, filler);
        let e = decode_file_from(r, None, 1 << 40).err().unwrap();
        assert!(e.to_string().contains("stopped after reading"), "{e}");
        let (read, cap) = (given.get(), read_cap(256));
        assert!(read <= cap + 1, "read {read} bytes, cap {cap}");
        assert!(read > cap - 8192, "read {read} bytes, cap {cap}");
        println!("endless pixel data: stopped after {read} bytes (cap {cap}): {e}");
    }

    #[test]
    fn a_file_within_the_cap_is_read_whole_and_one_past_it_is_not() {
        let img = image::RgbaImage::from_fn(5, 3, |x, y| image::Rgba([1, 2, 3, (x * y) as u8]));
        let mut png = Vec::new();
        img.write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
            .unwrap();
        // Guessing the format reads the start twice (it seeks back): bytes read count
        // every read, so the cap must allow the file plus one buffer.
        let cap = 2 * png.len() as u64;
        let (decoded, read) = decode_file_from(Cursor::new(png.clone()), None, cap).unwrap();
        assert_eq!(decoded.pixels, img.into_raw());
        assert!(read <= cap);
        let e = decode_file_from(Cursor::new(png.clone()), None, png.len() as u64 / 2)
            .err()
            .unwrap();
        assert!(e.to_string().contains("stopped after reading"), "{e}");
        // The reader itself: ending exactly at the cap is an end, one byte more is not.
        for (cap, ok) in [(10, true), (11, true), (9, false)] {
            let budget = ReadBudget::new(cap);
            let mut r = Capped {
                inner: Cursor::new([7u8; 10]),
                budget: Rc::clone(&budget),
            };
            let mut out = Vec::new();
            assert_eq!(r.read_to_end(&mut out).is_ok(), ok, "cap {cap}");
            assert_eq!(budget.exceeded.get(), !ok);
            assert_eq!(out.len() as u64, cap.min(10));
        }
    }

    #[test]
    fn in_place_conversion_matches_the_image_crate() {
        use image::DynamicImage as D;
        let (w, h) = (7u32, 5u32);
        let mut seed = 0x1234_5678u32;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let f = |v: u32| match v % 7 {
            0 => f32::NAN,
            1 => -0.5,
            2 => 1.5,
            _ => (v % 1000) as f32 / 999.0,
        };
        let images: Vec<D> = vec![
            D::ImageLuma8(image::ImageBuffer::from_fn(w, h, |_, _| {
                image::Luma([next() as u8])
            })),
            D::ImageLumaA8(image::ImageBuffer::from_fn(w, h, |_, _| {
                image::LumaA([next() as u8, next() as u8])
            })),
            D::ImageRgb8(image::ImageBuffer::from_fn(w, h, |_, _| {
                image::Rgb([next() as u8, next() as u8, next() as u8])
            })),
            D::ImageRgba8(image::ImageBuffer::from_fn(w, h, |_, _| {
                image::Rgba([next() as u8, next() as u8, next() as u8, next() as u8])
            })),
            D::ImageLuma16(image::ImageBuffer::from_fn(w, h, |_, _| {
                image::Luma([next() as u16])
            })),
            D::ImageLumaA16(image::ImageBuffer::from_fn(w, h, |_, _| {
                image::LumaA([next() as u16, next() as u16])
            })),
            D::ImageRgb16(image::ImageBuffer::from_fn(w, h, |_, _| {
                image::Rgb([next() as u16, next() as u16, next() as u16])
            })),
            D::ImageRgba16(image::ImageBuffer::from_fn(w, h, |_, _| {
                image::Rgba([next() as u16, next() as u16, next() as u16, next() as u16])
            })),
            D::ImageRgb32F(image::ImageBuffer::from_fn(w, h, |_, _| {
                image::Rgb([f(next()), f(next()), f(next())])
            })),
            D::ImageRgba32F(image::ImageBuffer::from_fn(w, h, |_, _| {
                image::Rgba([f(next()), f(next()), f(next()), f(next())])
            })),
        ];
        for img in images {
            let color = img.color();
            let pixels = (w * h) as usize;
            let mut buf = img.as_bytes().to_vec();
            buf.resize(pixels * (color.bytes_per_pixel() as usize).max(4), 0xAA);
            to_rgba8_in_place(&mut buf, color, pixels).unwrap();
            buf.truncate(pixels * 4);
            assert_eq!(buf, img.to_rgba8().into_raw(), "{color:?}");
            println!("{color:?}: {pixels} pixels converted in place, as image's into_rgba8");
        }
    }
}
