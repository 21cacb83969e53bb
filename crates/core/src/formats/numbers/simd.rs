//! The vector path on x86-64 with SSSE3: 64 bytes classified at a time,
//! four numbers converted at a time. It takes only plain input (digits
//! and whitespace, tokens of at most 8 digits) and stops at the first
//! block that is not, at a token boundary, for the scalar paths to go on.
//!
//! The `unsafe` here is the intrinsics' loads and stores and the writes
//! into a vector's spare capacity; each says why it holds.

use std::arch::x86_64::*;

/// Bytes classified at a time.
const BLOCK: usize = 64;

/// Whether the processor has SSSE3 (checked once, then cached).
pub(super) fn available() -> bool {
    std::is_x86_feature_detected!("ssse3")
}

/// Appends the numbers of `bytes[i..end]` to `out` while the input is
/// plain: blocks of 64 bytes holding only digits and whitespace, no
/// token longer than 8 digits. Returns where it stopped, a token
/// boundary, for the scalar paths to go on from (`i` is one too).
pub(super) fn parse(bytes: &[u8], i: usize, end: usize, out: &mut Vec<u32>) -> usize {
    assert!(available() && end <= bytes.len() && i <= end);
    let room = out.capacity() - out.len();
    // SAFETY: SSSE3 is there (checked above).
    let (stop, written) = unsafe { parse_blocks(bytes, i, end, out.spare_capacity_mut()) };
    debug_assert!(written <= room);
    // SAFETY: `parse_blocks` initialized the first `written` spare
    // elements.
    unsafe { out.set_len(out.len() + written) };
    stop
}

/// See [`parse`]; returns the stop and the numbers written to `out`.
/// The hot loop, kept in one piece: with the mask logic in a function of
/// its own, mapped input parsed measurably slower (about 3%).
#[target_feature(enable = "ssse3")]
fn parse_blocks(
    bytes: &[u8],
    mut i: usize,
    end: usize,
    out: &mut [std::mem::MaybeUninit<u32>],
) -> (usize, usize) {
    let mut count = 0;
    // A token read at offset s < 64 of a block reads bytes s..s+8;
    // a block writes at most 32 numbers, in fours.
    while i + BLOCK + 8 <= end && count + BLOCK / 2 + 4 <= out.len() {
        let (digits, spaces) = classify(&bytes[i..i + BLOCK]);
        // Nine digits in a row: a token too long for this path.
        let mut run = digits;
        for shift in 1..9 {
            run &= digits >> shift;
        }
        if digits | spaces != u64::MAX || run != 0 {
            break;
        }
        // `i` is a token boundary, so bit 0 starts any token there.
        let mut starts = digits & !(digits << 1);
        // Tokens that end inside the block; one running on past it is
        // read with the next block, which starts where it starts.
        let mut ends = digits & !(digits >> 1) & !(1 << (BLOCK - 1));
        let next = if digits >> (BLOCK - 1) != 0 {
            let last = BLOCK - 1 - starts.leading_zeros() as usize;
            if last == 0 {
                break; // cannot happen: runs are at most 8 digits
            }
            starts &= !(1 << last);
            i + last
        } else {
            i + BLOCK
        };
        while ends != 0 {
            let mut words = [0u64; 4];
            let mut k = 0;
            while k < 4 && ends != 0 {
                let s = starts.trailing_zeros() as usize;
                let len = ends.trailing_zeros() as usize + 1 - s;
                starts &= starts - 1;
                ends &= ends - 1;
                let word = u64::from_le_bytes(bytes[i + s..i + s + 8].try_into().expect("8 bytes"));
                // Digit values, the token's last digit on the top byte,
                // zeros below its first (no borrow reaches the token's
                // own bytes: they are all at least '0').
                words[k] = word.wrapping_sub(0x3030_3030_3030_3030) << (8 * (8 - len));
                k += 1;
            }
            let values = convert4(words);
            for (slot, &v) in out[count..count + 4].iter_mut().zip(&values) {
                slot.write(v);
            }
            count += k;
        }
        i = next;
    }
    (i, count)
}

/// Masks of a 64-byte block: bit k set when byte k is a digit; when
/// it is whitespace (tab, line feed, vertical tab, form feed, carriage
/// return, space).
#[target_feature(enable = "ssse3")]
fn classify(block: &[u8]) -> (u64, u64) {
    assert_eq!(block.len(), BLOCK);
    let (mut digits, mut spaces) = (0u64, 0u64);
    for k in 0..BLOCK / 16 {
        // SAFETY: the block holds bytes 16k..16k+16.
        let v = unsafe { _mm_loadu_si128(block.as_ptr().add(16 * k).cast()) };
        let from_zero = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
        let digit = _mm_cmpeq_epi8(_mm_min_epu8(from_zero, _mm_set1_epi8(9)), from_zero);
        let from_tab = _mm_sub_epi8(v, _mm_set1_epi8(b'\t' as i8));
        let control = _mm_cmpeq_epi8(_mm_min_epu8(from_tab, _mm_set1_epi8(4)), from_tab);
        let space = _mm_or_si128(control, _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8)));
        digits |= (_mm_movemask_epi8(digit) as u16 as u64) << (16 * k);
        spaces |= (_mm_movemask_epi8(space) as u16 as u64) << (16 * k);
    }
    (digits, spaces)
}

/// Four numbers of up to 8 digits, each given as 8 digit values,
/// first digit first, right-aligned: pairs, then quads, then the
/// whole, by multiply-adds.
#[target_feature(enable = "ssse3")]
fn convert4(words: [u64; 4]) -> [u32; 4] {
    let a = _mm_set_epi64x(words[1] as i64, words[0] as i64);
    let b = _mm_set_epi64x(words[3] as i64, words[2] as i64);
    // Each byte pair: 10 × first + second.
    let tens = _mm_set1_epi16(0x010A);
    let (a, b) = (_mm_maddubs_epi16(a, tens), _mm_maddubs_epi16(b, tens));
    // Each pair of pairs: 100 × first + second (below 10,000).
    let hundreds = _mm_set1_epi32(0x0001_0064);
    let (a, b) = (_mm_madd_epi16(a, hundreds), _mm_madd_epi16(b, hundreds));
    // Each pair of quads: 10,000 × first + second.
    let whole = _mm_madd_epi16(_mm_packs_epi32(a, b), _mm_set1_epi32(0x0001_2710));
    let mut values = [0u32; 4];
    // SAFETY: `values` holds the 16 bytes stored.
    unsafe { _mm_storeu_si128(values.as_mut_ptr().cast(), whole) };
    values
}

#[cfg(test)]
mod tests {
    use super::super::scalar::{is_space, parse_part_with};
    use super::*;

    /// The masks of a block, bit by bit, as [`classify`] should give them.
    fn plain_masks(block: &[u8]) -> (u64, u64) {
        let mask = |f: &dyn Fn(u8) -> bool| {
            (block.iter().enumerate()).fold(0u64, |m, (k, &b)| m | (f(b) as u64) << k)
        };
        (mask(&|b| b.is_ascii_digit()), mask(&is_space))
    }

    #[test]
    fn classify_marks_digits_and_whitespace() {
        if !available() {
            return;
        }
        // Every byte value, in four blocks.
        let all: Vec<u8> = (0..=255u8).collect();
        for block in all.chunks(BLOCK) {
            // SAFETY: SSSE3 is there (checked above).
            assert_eq!(unsafe { classify(block) }, plain_masks(block));
        }
    }

    #[test]
    fn convert4_reads_right_aligned_digits() {
        if !available() {
            return;
        }
        let word = |text: &str| {
            let mut bytes = [0u8; 8];
            for (slot, b) in bytes[8 - text.len()..].iter_mut().zip(text.bytes()) {
                *slot = b - b'0';
            }
            u64::from_le_bytes(bytes)
        };
        for texts in [
            ["0", "7", "42", "99999999"],
            ["12345678", "1000", "00000001", "90909090"],
        ] {
            let want = texts.map(|t| t.parse::<u32>().unwrap());
            // SAFETY: SSSE3 is there (checked above).
            assert_eq!(unsafe { convert4(texts.map(word)) }, want, "{texts:?}");
        }
    }

    #[test]
    fn tokens_across_block_edges_are_read_with_the_next_block() {
        if !available() {
            return;
        }
        // Tokens straddling bytes 63/64 and 127/128, ending on the last
        // byte of a block, or starting on its first.
        for shift in 0..10 {
            let mut text = " ".repeat(shift);
            for k in 0..60u32 {
                text.push_str(&format!("{} ", 10_000_000 + k * 1_234_567));
                text.push_str(&"9 ".repeat(k as usize % 3));
            }
            let bytes = text.as_bytes();
            let mut out = Vec::with_capacity(bytes.len());
            let stop = parse(bytes, 0, bytes.len(), &mut out);
            assert!(stop >= 2 * BLOCK, "{stop}");
            assert!(is_space(bytes[stop - 1]), "mid-token at {stop}");
            let scalar = parse_part_with(bytes, 0, stop, Vec::new(), false);
            assert_eq!(out, scalar.numbers, "shift {shift}");
        }
    }

    #[test]
    fn parse_matches_the_scalar_paths_and_stops_at_a_boundary() {
        if !available() {
            return;
        }
        // Plain text, then a token too long for the vector path.
        let mut text = String::new();
        for k in 0..500u32 {
            text.push_str(&(k * 7919 % 100_000_000).to_string());
            text.push_str(["\n", " ", "\t", "\r\n"][k as usize % 4]);
        }
        let plain_len = text.len();
        text.push_str("1234567890 5 ");
        let bytes = text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let stop = parse(bytes, 0, bytes.len(), &mut out);
        assert!(stop <= plain_len && stop > plain_len - 2 * BLOCK, "{stop}");
        assert!(
            stop == 0 || is_space(bytes[stop - 1]),
            "mid-token at {stop}"
        );
        let scalar = parse_part_with(bytes, 0, stop, Vec::new(), false);
        assert_eq!(out, scalar.numbers);
        // The scalar paths go on from there.
        let rest = parse_part_with(bytes, stop, bytes.len(), Vec::new(), false);
        assert_eq!(rest.numbers.last(), Some(&5));
        assert_eq!(out.len() + rest.numbers.len(), 502);
        // Too little room for a block: nothing is taken.
        let mut small = Vec::with_capacity(BLOCK / 2);
        assert_eq!(parse(bytes, 0, bytes.len(), &mut small), 0);
        assert!(small.is_empty());
    }
}
