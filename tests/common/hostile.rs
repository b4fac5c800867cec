//! Small image files whose headers claim huge images, one per decoder: the input that
//! once made `pp_mask_from_image_bytes` abort the process ("memory allocation of
//! 40000000000 bytes failed") after the mask limit was raised. Each is a real encoder's
//! output (or a hand-made PNG) with its size fields patched, so the decoder accepts the
//! header and would allocate for the claimed size. Shared by tests/limits.rs, the C#
//! driver (which writes them as files) and `examples/hostile_samples.rs` (which writes
//! them into tests/c/hostile_samples.h for the C program).
#![allow(dead_code)]

use image::{ImageFormat, Rgba, RgbaImage};

/// One hostile file.
pub struct Hostile {
    /// Short name: the format's extension.
    pub name: &'static str,
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// The size its header claims.
    pub width: u32,
    /// See `width`.
    pub height: u32,
}

impl Hostile {
    /// Decoded RGBA8 bytes the header claims.
    pub fn rgba_bytes(&self) -> u64 {
        self.width as u64 * self.height as u64 * 4
    }
}

fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32fast::hash(&body).to_be_bytes());
    out
}

/// A PNG whose header claims `width x height` RGBA pixels, with valid CRCs, followed by a
/// tiny (and far too short) compressed stream: 73 bytes, as in the original report.
pub fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    png_claiming_with_depth(width, height, 8)
}

/// [`png_claiming`] with 8 or 16 bits per channel.
pub fn png_claiming_with_depth(width: u32, height: u32, bits: u8) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[bits, 6, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &ihdr));
    // A zlib stream: one final stored block of 9 zero bytes (the start of the first row).
    let mut idat = vec![0x78, 0x01, 0x01, 0x09, 0x00, 0xf6, 0xff];
    idat.extend_from_slice(&[0; 9]);
    png.extend(chunk(b"IDAT", &idat));
    png.extend(chunk(b"IEND", &[]));
    png
}

fn encoded(format: ImageFormat) -> Vec<u8> {
    let img = RgbaImage::from_fn(4, 3, |x, y| {
        Rgba([200, 0, 0, if (x + y) % 2 == 0 { 255 } else { 0 }])
    });
    let mut out = Vec::new();
    let img = image::DynamicImage::ImageRgba8(img);
    let img = if format == ImageFormat::Jpeg {
        image::DynamicImage::ImageRgb8(img.to_rgb8())
    } else {
        img
    };
    img.write_to(&mut std::io::Cursor::new(&mut out), format)
        .expect("encoding a 4x3 sample");
    out
}

/// The hostile samples: PNG 100000 x 100000 (40 GB of RGBA); GIF, JPEG, BMP and TGA
/// 65535 x 65535 (the largest they, or image's decoders, accept: 17 GB); QOI 20000 x 20000
/// (the most its crate accepts, 400 megapixels: 1.6 GB); WebP 16383 x 16383 (1.07 GB).
/// TGA has no signature: it is recognised only from a `.tga` file name. And a progressive
/// JPEG of 11000 x 11000, whose RGBA fits in 1 GiB but not with its decoder's buffers.
pub fn samples() -> Vec<Hostile> {
    let mut out = vec![Hostile {
        name: "png",
        bytes: png_claiming(100_000, 100_000),
        width: 100_000,
        height: 100_000,
    }];

    // GIF: the logical screen (bytes 6..10, u16 LE); the 4x3 frame stays small.
    let mut gif = encoded(ImageFormat::Gif);
    gif[6..10].copy_from_slice(&[0xff, 0xff, 0xff, 0xff]);
    out.push(Hostile {
        name: "gif",
        bytes: gif,
        width: 65_535,
        height: 65_535,
    });

    // JPEG: the SOF0 frame header (FF C0, length, precision, height and width u16 BE).
    let mut jpeg = encoded(ImageFormat::Jpeg);
    let sof = jpeg
        .windows(2)
        .position(|w| w == [0xff, 0xc0])
        .expect("a baseline JPEG has SOF0");
    jpeg[sof + 5..sof + 9].copy_from_slice(&[0xff, 0xff, 0xff, 0xff]);
    out.push(Hostile {
        name: "jpeg",
        bytes: jpeg,
        width: 65_535,
        height: 65_535,
    });

    // A progressive JPEG (SOF2) of 11000 x 11000: its RGBA (484 MB) fits in a 1 GiB
    // address space, but not with the 726 MB of coefficients its decoder allocates.
    let mut prog = encoded(ImageFormat::Jpeg);
    let sof = prog.windows(2).position(|w| w == [0xff, 0xc0]).unwrap();
    prog[sof + 1] = 0xc2;
    prog[sof + 5..sof + 7].copy_from_slice(&11_000u16.to_be_bytes());
    prog[sof + 7..sof + 9].copy_from_slice(&11_000u16.to_be_bytes());
    out.push(Hostile {
        name: "jpeg-progressive",
        bytes: prog,
        width: 11_000,
        height: 11_000,
    });

    // BMP: BITMAPINFOHEADER width and height (i32 LE at 18 and 22); image's decoder
    // refuses sides over 65535 itself.
    let mut bmp = encoded(ImageFormat::Bmp);
    bmp[18..22].copy_from_slice(&65_535i32.to_le_bytes());
    bmp[22..26].copy_from_slice(&65_535i32.to_le_bytes());
    out.push(Hostile {
        name: "bmp",
        bytes: bmp,
        width: 65_535,
        height: 65_535,
    });

    // QOI: width and height (u32 BE at 4 and 8).
    let mut qoi = encoded(ImageFormat::Qoi);
    qoi[4..8].copy_from_slice(&20_000u32.to_be_bytes());
    qoi[8..12].copy_from_slice(&20_000u32.to_be_bytes());
    out.push(Hostile {
        name: "qoi",
        bytes: qoi,
        width: 20_000,
        height: 20_000,
    });

    // WebP (lossless): the VP8L header after "RIFF....WEBPVP8L" + size + 0x2F signature:
    // 14 bits width - 1, 14 bits height - 1, alpha, version. (image-webp 0.2 reads a
    // side of 16384 as 0, so 16383 is the largest it accepts.)
    let mut webp = encoded(ImageFormat::WebP);
    assert_eq!(&webp[12..16], b"VP8L", "image writes simple lossless WebP");
    assert_eq!(webp[20], 0x2f);
    let old = u32::from_le_bytes([webp[21], webp[22], webp[23], webp[24]]);
    let bits = (old & !((1 << 28) - 1)) | 16_382 | (16_382 << 14);
    webp[21..25].copy_from_slice(&bits.to_le_bytes());
    out.push(Hostile {
        name: "webp",
        bytes: webp,
        width: 16_383,
        height: 16_383,
    });

    // TGA: width and height (u16 LE at 12 and 14).
    let mut tga = encoded(ImageFormat::Tga);
    tga[12..16].copy_from_slice(&[0xff, 0xff, 0xff, 0xff]);
    out.push(Hostile {
        name: "tga",
        bytes: tga,
        width: 65_535,
        height: 65_535,
    });
    out
}
