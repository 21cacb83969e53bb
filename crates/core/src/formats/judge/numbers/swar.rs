//! Decoding a short number from one 64-bit word (SIMD within a register):
//! the portable fast path, on every processor, for tokens of up to 7
//! digits.

/// Reads the leading digits of 8 little-endian bytes at once: the value
/// and the digit count, when there are 1 to 7 digits.
#[inline]
pub(super) fn swar_number(word: u64) -> Option<(u32, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let digits = word.wrapping_sub(0x30 * ONES);
    // A byte is not a digit if it is below '0' (borrow sets its top bit),
    // above '9' (adding 0x46 sets it) or has its own top bit set. Carries
    // and borrows only run upwards, past the first non-digit.
    let non_digit = (digits | word.wrapping_add(0x46 * ONES) | word) & (0x80 * ONES);
    let len = (non_digit.trailing_zeros() / 8) as usize;
    if len == 0 || len == 8 {
        return None;
    }
    // Move the digits to the top bytes, then combine pairs, quads, octets.
    let mut v = digits << (64 - 8 * len);
    v = (v.wrapping_mul(10) + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
    v = (v.wrapping_mul(10000) + (v >> 32)) & 0xFFFF_FFFF;
    Some((v as u32, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain reading: the leading digits, when there are 1 to 7.
    fn plain(bytes: [u8; 8]) -> Option<(u32, usize)> {
        let len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        let value = bytes[..len]
            .iter()
            .fold(0u32, |v, &b| v * 10 + (b - b'0') as u32);
        (1..=7).contains(&len).then_some((value, len))
    }

    #[test]
    fn swar_matches_plain_parsing() {
        for text in [
            "0 ",
            "7\n",
            "12 ",
            "123\t",
            "1234567 ",
            "9999999\r",
            "0000012 ",
            "1x      ",
        ] {
            let mut bytes = [b' '; 8];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            let digits = text.bytes().take_while(u8::is_ascii_digit).count();
            let want = text[..digits].parse::<u32>().unwrap();
            assert_eq!(
                swar_number(u64::from_le_bytes(bytes)),
                Some((want, digits)),
                "{text:?}"
            );
        }
        assert_eq!(swar_number(u64::from_le_bytes(*b"12345678")), None);
        assert_eq!(swar_number(u64::from_le_bytes(*b"x1234567")), None);
        assert_eq!(swar_number(u64::from_le_bytes(*b"/1234567")), None);
        assert_eq!(swar_number(u64::from_le_bytes(*b":1234567")), None);
        assert_eq!(
            swar_number(u64::from_le_bytes([0xb0, b'1', 0, 0, 0, 0, 0, 0])),
            None
        );
    }

    #[test]
    fn every_byte_ends_the_digits_where_it_should() {
        // Each byte value after 1 to 7 digits, the bytes after it digits
        // again: a carry or borrow that ran on would show.
        for len in 1..=7 {
            for b in 0..=255u8 {
                let mut bytes = *b"98765432";
                bytes[len] = b;
                assert_eq!(
                    swar_number(u64::from_le_bytes(bytes)),
                    plain(bytes),
                    "{len} digits, then {b:#04x}"
                );
            }
        }
    }

    #[test]
    fn mixed_words_match_plain_parsing() {
        // Words mostly of digits, the rest any byte: every length, every
        // digit value, every kind of stop.
        let mut x = 7u64;
        for _ in 0..200_000 {
            let mut bytes = [0u8; 8];
            for b in &mut bytes {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let r = (x >> 33) as u32;
                *b = if !r.is_multiple_of(8) {
                    b'0' + (r >> 8) as u8 % 10
                } else {
                    (r >> 8) as u8
                };
            }
            assert_eq!(
                swar_number(u64::from_le_bytes(bytes)),
                plain(bytes),
                "{bytes:?}"
            );
        }
    }
}
