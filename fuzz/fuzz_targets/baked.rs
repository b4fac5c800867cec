//! Fuzzes the baked-mask loader (`MaskBundle::from_bytes`, `Mask::from_baked`): no input
//! may panic, hang or allocate without bound, and any input that loads must be canonical:
//! writing the bundle back gives exactly the input bytes.
//!
//! Random bytes almost never carry a valid CRC-32, so each input is also tried with its
//! last four bytes replaced by the right checksum: that lets mutations reach the header
//! and entry validation behind the checksum.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perpixel::{Mask, MaskBundle};

/// CRC-32 (IEEE), as the format uses; bitwise, to need no extra dependency.
fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= b as u32;
        for _ in 0..8 {
            c = (c >> 1) ^ (0xEDB8_8320 & (c & 1).wrapping_neg());
        }
    }
    !c
}

fn load(data: &[u8]) {
    if let Ok(bundle) = MaskBundle::from_bytes(data) {
        assert_eq!(bundle.to_bytes(), data, "a loaded file must write back unchanged");
        for (i, e) in bundle.iter().enumerate() {
            let m = e.mask();
            assert!(m.count() <= m.width() as u64 * m.height() as u64);
            assert_eq!(bundle.get(e.name()), Some(m));
            assert_eq!(bundle.entry_at(i).map(|x| x.name()), Some(e.name()));
        }
        match Mask::from_baked(data) {
            Ok(m) => assert_eq!(bundle.len(), 1, "{}x{}", m.width(), m.height()),
            Err(_) => assert_ne!(bundle.len(), 1),
        }
    } else {
        assert!(Mask::from_baked(data).is_err());
    }
}

fuzz_target!(|data: &[u8]| {
    load(data);
    if data.len() >= 16 {
        let mut fixed = data.to_vec();
        let n = fixed.len() - 4;
        let crc = crc32(&fixed[..n]);
        fixed[n..].copy_from_slice(&crc.to_le_bytes());
        load(&fixed);
    }
});
