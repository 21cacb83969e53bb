//! The vector paths on x86-64, 64 bytes classified at a time: with
//! SSSE3 (four 16-byte compares per block, four numbers converted at a
//! time), AVX2 (two 32-byte compares, eight numbers at a time) or, where
//! the processor has AVX-512 BW, one 64-byte compare per block and eight
//! numbers at a time. All run the same loop, generic
//! over the [`Kernel`] of their width; the line feeds are counted in the
//! same pass. Where the processor also has AVX-512 VBMI and VBMI2, a
//! loop of its own takes each block's tokens eight at a time, by
//! compresses and byte permutations, instead of one by one. They take
//! only plain input (digits and whitespace, tokens of at most 8 digits)
//! and stop at the first block that is not, at a token boundary, for
//! the scalar paths to go on.
//!
//! The `unsafe` here is the intrinsics' loads and stores and the writes
//! into a vector's spare capacity; each says why it holds.

use std::arch::x86_64::*;
use std::mem::MaybeUninit;

use super::Vector;

/// Bytes classified at a time.
const BLOCK: usize = 64;

/// The widest vector path the processor has, if any, or the one that
/// the environment variable `NPUZZLE_VECTOR` asks for (`avx512`, `avx2`,
/// `ssse3`, or `none` for the scalar paths alone: for measuring one
/// against another, and a way round a processor that misbehaves) where
/// the processor has it. Decided once.
pub(super) fn best() -> Option<Vector> {
    static CHOSEN: std::sync::OnceLock<Option<Vector>> = std::sync::OnceLock::new();
    *CHOSEN.get_or_init(|| {
        let widest = Vector::ALL.into_iter().rev().find(|&v| has(v));
        match std::env::var("NPUZZLE_VECTOR").as_deref() {
            Ok("none") => None,
            Ok(name) => Vector::ALL
                .into_iter()
                .find(|v| v.name() == name && has(*v))
                .or(widest),
            Err(_) => widest,
        }
    })
}

/// Whether the processor has the path `vector`.
pub(super) fn has(vector: Vector) -> bool {
    match vector {
        Vector::Ssse3 => std::is_x86_feature_detected!("ssse3"),
        Vector::Avx2 => std::is_x86_feature_detected!("avx2"),
        Vector::Avx512 => std::is_x86_feature_detected!("avx512bw"),
        Vector::Vbmi2 => {
            std::is_x86_feature_detected!("avx512bw")
                && std::is_x86_feature_detected!("avx512vbmi")
                && std::is_x86_feature_detected!("avx512vbmi2")
        }
    }
}

/// Appends the numbers of `bytes[i..end]` to `out` while the input is
/// plain: blocks of 64 bytes holding only digits and whitespace, no
/// token longer than 8 digits. Returns where it stopped, a token
/// boundary, for the scalar paths to go on from (`i` is one too), and
/// the line feeds before it.
///
/// # Panics
/// If the processor lacks `vector` or `i..end` is not within `bytes`.
pub(super) fn parse(
    bytes: &[u8],
    i: usize,
    end: usize,
    out: &mut Vec<u32>,
    vector: Vector,
) -> (usize, u64) {
    assert!(has(vector) && end <= bytes.len() && i <= end);
    let room = out.capacity() - out.len();
    let spare = out.spare_capacity_mut();
    let (stop, written, newlines) = match vector {
        // SAFETY: the processor has the path's features (checked above).
        Vector::Ssse3 => unsafe { parse_ssse3(bytes, i, end, spare) },
        // SAFETY: as above.
        Vector::Avx2 => unsafe { parse_avx2(bytes, i, end, spare) },
        // SAFETY: as above.
        Vector::Avx512 => unsafe { parse_avx512(bytes, i, end, spare) },
        // SAFETY: as above.
        Vector::Vbmi2 => unsafe { parse_vbmi2(bytes, i, end, spare) },
    };
    debug_assert!(written <= room);
    // SAFETY: the loop initialized the first `written` spare elements.
    unsafe { out.set_len(out.len() + written) };
    (stop, newlines)
}

/// One width's two steps: the masks of a block, and numbers converted
/// `LANES` at a time.
trait Kernel {
    /// Numbers converted at a time.
    const LANES: usize;

    /// Masks of a 64-byte block: bit k set when byte k is a digit; when
    /// it is whitespace (tab, line feed, vertical tab, form feed, carriage
    /// return, space); when it is a line feed.
    ///
    /// # Safety
    /// The processor has the kernel's features.
    unsafe fn classify(block: &[u8; BLOCK]) -> (u64, u64, u64);

    /// `LANES` numbers of up to 8 digits (the first `words.len()` of
    /// them used), each given as 8 digit values, first digit first,
    /// right-aligned, written to `out[..LANES]`.
    ///
    /// # Safety
    /// The processor has the kernel's features.
    unsafe fn convert(words: &[u64; 8], out: &mut [MaybeUninit<u32>]);
}

/// 16 bytes at a time: SSE2 compares, SSSE3 multiply-adds.
struct Ssse3;

impl Kernel for Ssse3 {
    const LANES: usize = 4;

    #[inline(always)]
    unsafe fn classify(block: &[u8; BLOCK]) -> (u64, u64, u64) {
        let (mut digits, mut spaces, mut newlines) = (0u64, 0u64, 0u64);
        for k in 0..BLOCK / 16 {
            // SAFETY: the block holds bytes 16k..16k+16; SSE2 is part of
            // x86-64.
            unsafe {
                let v = _mm_loadu_si128(block.as_ptr().add(16 * k).cast());
                let from_zero = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
                let digit = _mm_cmpeq_epi8(_mm_min_epu8(from_zero, _mm_set1_epi8(9)), from_zero);
                let from_tab = _mm_sub_epi8(v, _mm_set1_epi8(b'\t' as i8));
                let control = _mm_cmpeq_epi8(_mm_min_epu8(from_tab, _mm_set1_epi8(4)), from_tab);
                let space = _mm_or_si128(control, _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8)));
                let newline = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8));
                digits |= (_mm_movemask_epi8(digit) as u16 as u64) << (16 * k);
                spaces |= (_mm_movemask_epi8(space) as u16 as u64) << (16 * k);
                newlines |= (_mm_movemask_epi8(newline) as u16 as u64) << (16 * k);
            }
        }
        (digits, spaces, newlines)
    }

    /// Pairs, then quads, then the whole, by multiply-adds.
    #[inline(always)]
    unsafe fn convert(words: &[u64; 8], out: &mut [MaybeUninit<u32>]) {
        assert!(out.len() >= Self::LANES);
        // SAFETY: the caller's processor has SSSE3; `out` holds the 16
        // bytes stored.
        unsafe {
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
            _mm_storeu_si128(out.as_mut_ptr().cast(), whole);
        }
    }
}

/// 32 bytes at a time: AVX2 compares, eight numbers per multiply-add.
struct Avx2;

impl Kernel for Avx2 {
    const LANES: usize = 8;

    #[inline(always)]
    unsafe fn classify(block: &[u8; BLOCK]) -> (u64, u64, u64) {
        let (mut digits, mut spaces, mut newlines) = (0u64, 0u64, 0u64);
        for k in 0..BLOCK / 32 {
            // SAFETY: the block holds bytes 32k..32k+32; the caller's
            // processor has AVX2.
            unsafe {
                let v = _mm256_loadu_si256(block.as_ptr().add(32 * k).cast());
                let below = |from: u8, count: u8| {
                    let from = _mm256_sub_epi8(v, _mm256_set1_epi8(from as i8));
                    let least = _mm256_min_epu8(from, _mm256_set1_epi8(count as i8 - 1));
                    _mm256_cmpeq_epi8(least, from)
                };
                let digit = below(b'0', 10);
                let space = _mm256_or_si256(
                    below(b'\t', 5),
                    _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b' ' as i8)),
                );
                let newline = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\n' as i8));
                digits |= (_mm256_movemask_epi8(digit) as u32 as u64) << (32 * k);
                spaces |= (_mm256_movemask_epi8(space) as u32 as u64) << (32 * k);
                newlines |= (_mm256_movemask_epi8(newline) as u32 as u64) << (32 * k);
            }
        }
        (digits, spaces, newlines)
    }

    /// As SSSE3's, twice as wide: the packing works within each 128-bit
    /// half, so the numbers come out as words 0, 1, 4, 5, 2, 3, 6, 7 and
    /// one permutation of 64-bit lanes puts them in order.
    #[inline(always)]
    unsafe fn convert(words: &[u64; 8], out: &mut [MaybeUninit<u32>]) {
        assert!(out.len() >= Self::LANES);
        // SAFETY: the caller's processor has AVX2; `words` holds the 64
        // bytes loaded, `out` the 32 stored.
        unsafe {
            let a = _mm256_loadu_si256(words.as_ptr().cast());
            let b = _mm256_loadu_si256(words.as_ptr().add(4).cast());
            let tens = _mm256_set1_epi16(0x010A);
            let (a, b) = (_mm256_maddubs_epi16(a, tens), _mm256_maddubs_epi16(b, tens));
            let hundreds = _mm256_set1_epi32(0x0001_0064);
            let (a, b) = (
                _mm256_madd_epi16(a, hundreds),
                _mm256_madd_epi16(b, hundreds),
            );
            let whole = _mm256_madd_epi16(_mm256_packs_epi32(a, b), _mm256_set1_epi32(0x0001_2710));
            let ordered = _mm256_permute4x64_epi64(whole, 0b11_01_10_00);
            _mm256_storeu_si256(out.as_mut_ptr().cast(), ordered);
        }
    }
}

/// 64 bytes at a time: AVX-512 BW compares into masks, eight numbers
/// per multiply-add.
struct Avx512;

impl Kernel for Avx512 {
    const LANES: usize = 8;

    #[inline(always)]
    unsafe fn classify(block: &[u8; BLOCK]) -> (u64, u64, u64) {
        // SAFETY: the block holds the 64 bytes loaded; the caller's
        // processor has AVX-512 BW.
        unsafe {
            let v = _mm512_loadu_si512(block.as_ptr().cast());
            let below = |from: u8, count: u8| {
                _mm512_cmplt_epu8_mask(
                    _mm512_sub_epi8(v, _mm512_set1_epi8(from as i8)),
                    _mm512_set1_epi8(count as i8),
                )
            };
            let digits = below(b'0', 10);
            let spaces = below(b'\t', 5) | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b' ' as i8));
            let newlines = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b'\n' as i8));
            (digits, spaces, newlines)
        }
    }

    /// Pairs and quads by multiply-adds, then each 64-bit lane's two
    /// quads as 10,000 × first + second.
    #[inline(always)]
    unsafe fn convert(words: &[u64; 8], out: &mut [MaybeUninit<u32>]) {
        assert!(out.len() >= Self::LANES);
        // SAFETY: the caller's processor has AVX-512 BW (with F); `words`
        // holds the 64 bytes loaded, `out` the 32 stored.
        unsafe {
            let v = _mm512_loadu_si512(words.as_ptr().cast());
            _mm256_storeu_si256(out.as_mut_ptr().cast(), Self::numbers(v));
        }
    }
}

impl Avx512 {
    /// The numbers of eight 64-bit lanes of digit values, as
    /// [`Kernel::convert`] takes them.
    ///
    /// # Safety
    /// The processor has AVX-512 BW.
    #[inline(always)]
    unsafe fn numbers(digits: __m512i) -> __m256i {
        // SAFETY: the caller's processor has AVX-512 BW (with F).
        unsafe {
            let pairs = _mm512_maddubs_epi16(digits, _mm512_set1_epi16(0x010A));
            let quads = _mm512_madd_epi16(pairs, _mm512_set1_epi32(0x0001_0064));
            let first = _mm512_mul_epu32(quads, _mm512_set1_epi64(10_000));
            let whole = _mm512_add_epi64(first, _mm512_srli_epi64(quads, 32));
            _mm512_cvtepi64_epi32(whole)
        }
    }
}

/// The SSSE3 path.
#[target_feature(enable = "ssse3")]
fn parse_ssse3(
    bytes: &[u8],
    i: usize,
    end: usize,
    out: &mut [MaybeUninit<u32>],
) -> (usize, usize, u64) {
    // SAFETY: SSSE3 is enabled here.
    unsafe { parse_blocks::<Ssse3>(bytes, i, end, out) }
}

/// The AVX2 path.
#[target_feature(enable = "avx2,popcnt")]
fn parse_avx2(
    bytes: &[u8],
    i: usize,
    end: usize,
    out: &mut [MaybeUninit<u32>],
) -> (usize, usize, u64) {
    // SAFETY: AVX2 is enabled here.
    unsafe { parse_blocks::<Avx2>(bytes, i, end, out) }
}

/// The AVX-512 path.
#[target_feature(enable = "avx512f,avx512bw,popcnt")]
fn parse_avx512(
    bytes: &[u8],
    i: usize,
    end: usize,
    out: &mut [MaybeUninit<u32>],
) -> (usize, usize, u64) {
    // SAFETY: AVX-512 BW is enabled here.
    unsafe { parse_blocks::<Avx512>(bytes, i, end, out) }
}

/// The tokens a plain block takes, from its digit and line-feed masks,
/// the block starting at a token boundary (so bit 0 starts any token
/// there): the starts and ends of the tokens that end inside it, the
/// bytes it takes, and the line feeds among them. A token that runs on
/// past the block is left to the next block, which starts where it
/// starts; `None` when one token fills the whole block.
#[inline(always)]
fn block_tokens(digits: u64, line_feeds: u64) -> Option<(u64, u64, usize, u64)> {
    let mut starts = digits & !(digits << 1);
    let ends = digits & !(digits >> 1) & !(1 << (BLOCK - 1));
    let taken = if digits >> (BLOCK - 1) != 0 {
        let last = BLOCK - 1 - starts.leading_zeros() as usize;
        if last == 0 {
            return None;
        }
        starts &= !(1 << last);
        last
    } else {
        BLOCK
    };
    let newlines = (line_feeds & (u64::MAX >> (BLOCK - taken))).count_ones() as u64;
    Some((starts, ends, taken, newlines))
}

/// Byte k of a block-wide table: `k / divisor % modulus`.
const fn byte_table(divisor: usize, modulus: usize) -> [u8; BLOCK] {
    let mut table = [0u8; BLOCK];
    let mut k = 0;
    while k < BLOCK {
        table[k] = (k / divisor % modulus) as u8;
        k += 1;
    }
    table
}

/// The AVX-512 VBMI2 path: a block's token ends and starts compressed
/// into two vectors of positions, then eight tokens at a time gathered
/// into 64-bit lanes by one byte permutation of the block, with no loop
/// over the tokens one by one (which had taken most of the AVX-512 BW
/// path's time). Returns as [`parse_blocks`].
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt")]
fn parse_vbmi2(
    bytes: &[u8],
    mut i: usize,
    end: usize,
    out: &mut [MaybeUninit<u32>],
) -> (usize, usize, u64) {
    /// Byte k: k.
    const POSITIONS: [u8; BLOCK] = byte_table(1, BLOCK);
    /// Byte k: its 64-bit lane (which token of eight it takes).
    const LANE: [u8; BLOCK] = byte_table(8, BLOCK);
    /// Byte k: its place in its lane, 0 to 7.
    const PLACE: [u8; BLOCK] = byte_table(1, 8);
    // SAFETY: the arrays hold the 64 bytes each load reads.
    let (positions, lane, place) = unsafe {
        (
            _mm512_loadu_si512(POSITIONS.as_ptr().cast()),
            _mm512_loadu_si512(LANE.as_ptr().cast()),
            _mm512_loadu_si512(PLACE.as_ptr().cast()),
        )
    };
    let (mut count, mut newlines) = (0, 0u64);
    // A block writes at most 32 numbers, eight at a time.
    while i + BLOCK <= end && count + BLOCK / 2 + 8 <= out.len() {
        let block: &[u8; BLOCK] = bytes[i..i + BLOCK].try_into().expect("a block");
        // SAFETY: AVX-512 BW is enabled here.
        let (digits, spaces, line_feeds) = unsafe { Avx512::classify(block) };
        if digits | spaces != u64::MAX {
            break;
        }
        let Some((starts, ends, taken, block_newlines)) = block_tokens(digits, line_feeds) else {
            break; // a token of 64 digits or more
        };
        let tokens = ends.count_ones() as usize;
        // SAFETY: AVX-512 BW, VBMI and VBMI2 are enabled here; the block
        // holds the 64 bytes loaded, and `out` room for the tokens
        // rounded up to eight (the loop's condition).
        unsafe {
            let v = _mm512_loadu_si512(block.as_ptr().cast());
            let last = _mm512_maskz_compress_epi8(ends, positions);
            // Each token's length less one.
            let span = _mm512_sub_epi8(last, _mm512_maskz_compress_epi8(starts, positions));
            let counted = u64::MAX >> (BLOCK - tokens.max(1));
            if _mm512_mask_cmpgt_epu8_mask(counted, span, _mm512_set1_epi8(7)) != 0 {
                break; // a token of nine digits or more
            }
            let mut first = 0;
            while first < tokens {
                // Lane k takes token `first + k`: its last digit on the
                // lane's top byte, its earlier ones below, zeros before
                // its first (a position below 0 wraps, and is zeroed).
                let pick = _mm512_add_epi8(lane, _mm512_set1_epi8(first as i8));
                let last = _mm512_permutexvar_epi8(pick, last);
                let span = _mm512_permutexvar_epi8(pick, span);
                let from = _mm512_add_epi8(last, _mm512_sub_epi8(place, _mm512_set1_epi8(7)));
                let gathered = _mm512_permutexvar_epi8(from, v);
                let digit =
                    _mm512_cmpge_epu8_mask(_mm512_add_epi8(place, span), _mm512_set1_epi8(7));
                let values = _mm512_maskz_sub_epi8(digit, gathered, _mm512_set1_epi8(b'0' as i8));
                _mm256_storeu_si256(
                    out.as_mut_ptr().add(count + first).cast(),
                    Avx512::numbers(values),
                );
                first += 8;
            }
        }
        count += tokens;
        newlines += block_newlines;
        i += taken;
    }
    (i, count, newlines)
}

/// See [`parse`]; returns the stop, the numbers written to `out` and the
/// line feeds passed. The hot loop, kept in one piece and inlined into
/// each width's function: with the mask logic in a function of its own,
/// mapped input parsed measurably slower (about 3%).
///
/// # Safety
/// The processor has `K`'s features.
#[inline(always)]
unsafe fn parse_blocks<K: Kernel>(
    bytes: &[u8],
    mut i: usize,
    end: usize,
    out: &mut [MaybeUninit<u32>],
) -> (usize, usize, u64) {
    let mut count = 0;
    let mut newlines = 0u64;
    // A token read at offset s < 64 of a block reads bytes s..s+8;
    // a block writes at most 32 numbers, `K::LANES` at a time.
    while i + BLOCK + 8 <= end && count + BLOCK / 2 + K::LANES <= out.len() {
        let block = bytes[i..i + BLOCK].try_into().expect("a block");
        // SAFETY: the caller's processor has the kernel's features.
        let (digits, spaces, line_feeds) = unsafe { K::classify(block) };
        // Nine digits in a row: a token too long for this path.
        let mut run = digits;
        for shift in 1..9 {
            run &= digits >> shift;
        }
        if digits | spaces != u64::MAX || run != 0 {
            break;
        }
        let Some((mut starts, mut ends, taken, block_newlines)) = block_tokens(digits, line_feeds)
        else {
            break; // cannot happen: runs are at most 8 digits
        };
        newlines += block_newlines;
        while ends != 0 {
            let mut words = [0u64; 8];
            let mut k = 0;
            while k < K::LANES && ends != 0 {
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
            // SAFETY: as above; the loop's condition leaves room for
            // `K::LANES` more.
            unsafe { K::convert(&words, &mut out[count..]) };
            count += k;
        }
        i += taken;
    }
    (i, count, newlines)
}

#[cfg(test)]
mod tests {
    use super::super::scalar::{is_space, parse_part_with};
    use super::*;

    /// The paths this processor has.
    fn paths() -> Vec<Vector> {
        let here: Vec<Vector> = Vector::ALL.into_iter().filter(|&v| has(v)).collect();
        for v in Vector::ALL.into_iter().filter(|v| !here.contains(v)) {
            println!("{} not tested: this processor lacks it", v.name());
        }
        here
    }

    /// The masks of a block, bit by bit, as `classify` should give them.
    fn plain_masks(block: &[u8]) -> (u64, u64, u64) {
        let mask = |f: &dyn Fn(u8) -> bool| {
            (block.iter().enumerate()).fold(0u64, |m, (k, &b)| m | (f(b) as u64) << k)
        };
        (
            mask(&|b| b.is_ascii_digit()),
            mask(&is_space),
            mask(&|b| b == b'\n'),
        )
    }

    #[test]
    fn classify_marks_digits_whitespace_and_line_feeds() {
        // Every byte value, in four blocks.
        let all: Vec<u8> = (0..=255u8).collect();
        for block in all.chunks(BLOCK) {
            let block: &[u8; BLOCK] = block.try_into().unwrap();
            if has(Vector::Ssse3) {
                // SAFETY: the processor has SSSE3 (checked).
                assert_eq!(unsafe { Ssse3::classify(block) }, plain_masks(block));
            }
            if has(Vector::Avx2) {
                // SAFETY: the processor has AVX2 (checked).
                assert_eq!(unsafe { Avx2::classify(block) }, plain_masks(block));
            }
            if has(Vector::Avx512) {
                // SAFETY: the processor has AVX-512 BW (checked).
                assert_eq!(unsafe { Avx512::classify(block) }, plain_masks(block));
            }
        }
    }

    #[test]
    fn convert_reads_right_aligned_digits() {
        let word = |text: &str| {
            let mut bytes = [0u8; 8];
            for (slot, b) in bytes[8 - text.len()..].iter_mut().zip(text.bytes()) {
                *slot = b - b'0';
            }
            u64::from_le_bytes(bytes)
        };
        let texts = [
            "0", "7", "42", "99999999", "12345678", "1000", "00000001", "90909090",
        ];
        let want = texts.map(|t| t.parse::<u32>().unwrap());
        let words = texts.map(word);
        let mut out = [MaybeUninit::new(0u32); 8];
        // SAFETY: `out` was initialized when made.
        let read = |out: &[MaybeUninit<u32>]| -> Vec<u32> {
            out.iter().map(|v| unsafe { v.assume_init() }).collect()
        };
        if has(Vector::Ssse3) {
            for half in 0..2 {
                let four: [u64; 8] = std::array::from_fn(|k| words[(4 * half + k) % 8]);
                // SAFETY: the processor has SSSE3 (checked).
                unsafe { Ssse3::convert(&four, &mut out) };
                assert_eq!(read(&out[..4]), want[4 * half..4 * half + 4]);
            }
        }
        if has(Vector::Avx2) {
            // SAFETY: the processor has AVX2 (checked).
            unsafe { Avx2::convert(&words, &mut out) };
            assert_eq!(read(&out), want);
        }
        if has(Vector::Avx512) {
            // SAFETY: the processor has AVX-512 BW (checked).
            unsafe { Avx512::convert(&words, &mut out) };
            assert_eq!(read(&out), want);
        }
    }

    #[test]
    fn tokens_across_block_edges_are_read_with_the_next_block() {
        // Tokens straddling bytes 63/64 and 127/128, ending on the last
        // byte of a block, or starting on its first.
        for vector in paths() {
            for shift in 0..10 {
                let mut text = " ".repeat(shift);
                for k in 0..60u32 {
                    text.push_str(&format!("{} ", 10_000_000 + k * 1_234_567));
                    text.push_str(&"9\n".repeat(k as usize % 3));
                }
                let bytes = text.as_bytes();
                let mut out = Vec::with_capacity(bytes.len());
                let (stop, newlines) = parse(bytes, 0, bytes.len(), &mut out, vector);
                assert!(stop >= 2 * BLOCK, "{stop}");
                assert!(is_space(bytes[stop - 1]), "mid-token at {stop}");
                let scalar = parse_part_with(bytes, 0, stop, Vec::new(), None);
                assert_eq!(out, scalar.numbers, "{vector:?}, shift {shift}");
                assert_eq!(newlines, scalar.newlines, "{vector:?}, shift {shift}");
            }
        }
    }

    #[test]
    fn blocks_full_of_short_tokens_are_read_whole() {
        // Up to 32 tokens a block (four rounds of eight on the VBMI2
        // path), and tokens of every length up to 8 digits.
        for vector in paths() {
            let mut text = String::new();
            for k in 0..2_000u32 {
                let digits = [1, 1, 1, 2, 3, 8, 1, 5, 4, 6, 7][k as usize % 11];
                let v = k.wrapping_mul(2_654_435_761) % 10u32.pow(digits);
                text.push_str(&format!("{v:0digits$}", digits = digits as usize));
                text.push_str(if k % 13 == 12 { "\n" } else { " " });
            }
            let bytes = text.as_bytes();
            let mut out = Vec::with_capacity(bytes.len());
            let (stop, newlines) = parse(bytes, 0, bytes.len(), &mut out, vector);
            assert!(
                stop + 2 * BLOCK > bytes.len(),
                "{vector:?} stopped at {stop}"
            );
            let scalar = parse_part_with(bytes, 0, stop, Vec::new(), None);
            assert_eq!(out, scalar.numbers, "{vector:?}");
            assert_eq!(newlines, scalar.newlines, "{vector:?}");
        }
    }

    #[test]
    fn parse_matches_the_scalar_paths_and_stops_at_a_boundary() {
        for vector in paths() {
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
            let (stop, newlines) = parse(bytes, 0, bytes.len(), &mut out, vector);
            assert!(stop <= plain_len && stop > plain_len - 2 * BLOCK, "{stop}");
            assert!(
                stop == 0 || is_space(bytes[stop - 1]),
                "mid-token at {stop}"
            );
            let scalar = parse_part_with(bytes, 0, stop, Vec::new(), None);
            assert_eq!(out, scalar.numbers);
            assert_eq!(newlines, scalar.newlines);
            // The scalar paths go on from there.
            let rest = parse_part_with(bytes, stop, bytes.len(), Vec::new(), None);
            assert_eq!(rest.numbers.last(), Some(&5));
            assert_eq!(out.len() + rest.numbers.len(), 502);
            // Too little room for a block: nothing is taken.
            let mut small = Vec::with_capacity(BLOCK / 2);
            assert_eq!(parse(bytes, 0, bytes.len(), &mut small, vector).0, 0);
            assert!(small.is_empty());
        }
    }
}
