//! Parsing one chunk of a window: the byte classes, the word-at-a-time and
//! byte-at-a-time paths (after the vector path where there is one), and
//! the words that say what is wrong with a malformed token.
//!
//! A chunk is parsed up to its end or its first malformed token; it knows
//! nothing of lines but its own line feeds, which the window machinery
//! turns into line numbers.

use super::Vector;
#[cfg(target_arch = "x86_64")]
use super::simd;
use super::swar::swar_number;

/// Tokens longer than this are refused (u32 values have at most 10
/// digits): ten gigabytes of digits are refused after a few bytes.
const MAX_DIGITS: usize = 10;

const DIGIT: u8 = 0;
const SPACE: u8 = 1;
const OTHER: u8 = 2;

/// Byte classes: digits, the whitespace of text files, anything else.
static CLASS: [u8; 256] = {
    let mut t = [OTHER; 256];
    let mut d = b'0';
    while d <= b'9' {
        t[d as usize] = DIGIT;
        d += 1;
    }
    t[b' ' as usize] = SPACE;
    t[b'\n' as usize] = SPACE;
    t[b'\r' as usize] = SPACE;
    t[b'\t' as usize] = SPACE;
    t[0x0b] = SPACE;
    t[0x0c] = SPACE;
    t
};

/// Whether `b` separates tokens: space, tab, line feed, vertical tab,
/// form feed, carriage return.
#[inline]
pub(super) fn is_space(b: u8) -> bool {
    CLASS[b as usize] == SPACE
}

/// One parsed chunk of a window.
#[derive(Default)]
pub(super) struct Chunk {
    /// Where the chunk starts in the window.
    pub(super) start: usize,
    pub(super) end: usize,
    /// The line of the chunk's first byte (set by the window, which knows
    /// the chunks before).
    pub(super) first_line: u64,
    pub(super) newlines: u64,
    pub(super) numbers: Vec<u32>,
    /// The offset (in the window) of a malformed token that ended the chunk.
    pub(super) bad_at: Option<usize>,
}

/// Parses `bytes[start..end]`: numbers until the end or the first
/// malformed token. `end` is at whitespace or at the end of the input, so
/// no token runs past it. `numbers` is a spare buffer to fill.
pub(super) fn parse_chunk(bytes: &[u8], start: usize, end: usize, numbers: Vec<u32>) -> Chunk {
    parse_part_with(bytes, start, end, numbers, Vector::best())
}

/// [`parse_chunk`], with the vector path `vector` (one the processor
/// has) or none: each path stops at a token boundary, where the next one
/// goes on.
pub(super) fn parse_part_with(
    bytes: &[u8],
    start: usize,
    end: usize,
    mut numbers: Vec<u32>,
    vector: Option<Vector>,
) -> Chunk {
    numbers.clear();
    // Every number but the last takes a digit and a separator; the vector
    // paths write up to eight at a time.
    numbers.reserve((end - start).div_ceil(2) + 8);
    let (i, vector_newlines) = match vector {
        #[cfg(target_arch = "x86_64")]
        Some(vector) => simd::parse(bytes, start, end, &mut numbers, vector),
        #[cfg(not(target_arch = "x86_64"))]
        Some(vector) => match vector {},
        None => (start, 0),
    };
    let (i, words_newlines) = parse_words(bytes, i, end, &mut numbers);
    let (bytes_newlines, bad_at) = parse_bytes(bytes, i, end, &mut numbers);
    Chunk {
        start,
        end,
        first_line: 0,
        newlines: vector_newlines + words_newlines + bytes_newlines,
        numbers,
        bad_at,
    }
}

/// The fast path: a number of up to 7 digits and the separator after it,
/// in one step, 8 bytes at a time. Returns where it stopped (a token
/// boundary: a long or malformed token, or the chunk's last 8 bytes) and
/// the line feeds passed.
fn parse_words(bytes: &[u8], mut i: usize, end: usize, numbers: &mut Vec<u32>) -> (usize, u64) {
    let mut newlines = 0u64;
    while i + 8 < end {
        let word = u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
        let Some((value, len)) = swar_number(word) else {
            let b = bytes[i];
            if !is_space(b) {
                break; // a long or malformed token: the slow path says which
            }
            newlines += (b == b'\n') as u64;
            i += 1;
            continue;
        };
        let separator = bytes[i + len];
        if !is_space(separator) {
            break;
        }
        numbers.push(value);
        newlines += (separator == b'\n') as u64;
        i += len + 1;
    }
    (i, newlines)
}

/// The slow path, a byte at a time: the chunk's last bytes, long tokens,
/// malformed tokens. Returns the line feeds passed and the offset of the
/// malformed token that stopped it, if one did.
fn parse_bytes(
    bytes: &[u8],
    mut i: usize,
    end: usize,
    numbers: &mut Vec<u32>,
) -> (u64, Option<usize>) {
    let mut newlines = 0u64;
    loop {
        while i < end && is_space(bytes[i]) {
            newlines += (bytes[i] == b'\n') as u64;
            i += 1;
        }
        if i >= end {
            return (newlines, None);
        }
        let token = i;
        let mut value: u64 = 0;
        while i < end {
            let d = bytes[i].wrapping_sub(b'0');
            if d >= 10 || i - token == MAX_DIGITS {
                break;
            }
            value = value * 10 + d as u64;
            i += 1;
        }
        let ends_well = i >= end || is_space(bytes[i]);
        if i == token || !ends_well || value > u32::MAX as u64 {
            return (newlines, Some(token));
        }
        numbers.push(value as u32);
    }
}

/// Says what is wrong with the token at the start of `bytes`.
pub(super) fn describe(bytes: &[u8]) -> String {
    let len = bytes
        .iter()
        .position(|&b| is_space(b))
        .unwrap_or(bytes.len());
    let token = &bytes[..len];
    // Escapes, bells and NULs written as escapes (as everywhere else),
    // never sent to the terminal raw.
    // (A hundred bytes hold more than the 24 characters shown.)
    let shown = crate::error::shorten(&String::from_utf8_lossy(&token[..len.min(100)]));
    if len > 1 && token[0] == b'-' && token[1..].iter().all(u8::is_ascii_digit) {
        format!("'{shown}' is negative")
    } else if token.iter().all(u8::is_ascii_digit) {
        format!("'{shown}' is too large")
    } else {
        format!("'{shown}' is not a number")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scalar paths alone on all of `text`.
    fn scalar(text: &str) -> Chunk {
        parse_part_with(text.as_bytes(), 0, text.len(), Vec::new(), None)
    }

    #[test]
    fn classes_are_digits_and_text_whitespace() {
        for b in 0..=255u8 {
            let want = if b.is_ascii_digit() {
                DIGIT
            } else if b" \t\n\x0b\x0c\r".contains(&b) {
                SPACE
            } else {
                OTHER
            };
            assert_eq!(CLASS[b as usize], want, "byte {b:#04x}");
            assert_eq!(is_space(b), want == SPACE);
        }
    }

    #[test]
    fn scalar_parts_read_every_token_length() {
        // Word by word up to the first 8-digit token, byte by byte from
        // there: both paths, every token length they take.
        let text = "0 7\n12 1234567 12345678\r\n123456789\t4294967295 00000042\x0b5\x0c6";
        let chunk = scalar(text);
        assert_eq!(
            chunk.numbers,
            [
                0,
                7,
                12,
                1_234_567,
                12_345_678,
                123_456_789,
                u32::MAX,
                42,
                5,
                6
            ]
        );
        assert_eq!(chunk.newlines, 2);
        assert_eq!(chunk.bad_at, None);
        assert_eq!(
            (chunk.start, chunk.end, chunk.first_line),
            (0, text.len(), 0)
        );
    }

    #[test]
    fn scalar_parts_stop_at_the_first_bad_token() {
        for (text, numbers, bad_at, newlines) in [
            ("1 2\n3 x4 5", &[1, 2, 3][..], 6, 1),
            (
                "1 2 3 4 5 6 7 8 9 12a 10",
                &[1, 2, 3, 4, 5, 6, 7, 8, 9],
                18,
                0,
            ),
            ("\n\n-7 1", &[], 2, 2),
            ("5 4294967296 6", &[5], 2, 0),
            // Eleven digits are refused even when their value is small.
            ("00000000001", &[], 0, 0),
            ("1234567x 8", &[], 0, 0),
        ] {
            let chunk = scalar(text);
            assert_eq!(chunk.numbers, numbers, "{text:?}");
            assert_eq!(chunk.bad_at, Some(bad_at), "{text:?}");
            assert_eq!(chunk.newlines, newlines, "{text:?}");
        }
    }

    #[test]
    fn parts_parse_only_their_range_into_a_reused_buffer() {
        let text = b"99 1 2\n3 4 bad";
        let chunk = parse_part_with(text, 3, 10, vec![7, 7, 7], None);
        assert_eq!(chunk.numbers, [1, 2, 3, 4]);
        assert_eq!(
            (chunk.start, chunk.end, chunk.newlines, chunk.bad_at),
            (3, 10, 1, None)
        );
        // The vector path, where there is one, agrees (too short for it
        // to take any block here, so this also checks the hand-over).
        let with = parse_chunk(text, 3, 10, Vec::new());
        assert_eq!(with.numbers, chunk.numbers);
        assert_eq!(with.newlines, chunk.newlines);
        assert_eq!(
            parse_chunk(b"", 0, 0, Vec::new()).numbers,
            Vec::<u32>::new()
        );
    }

    #[test]
    fn descriptions_quote_and_classify_the_token() {
        assert_eq!(describe(b"x4 5"), "'x4' is not a number");
        assert_eq!(describe(b"-7\n8"), "'-7' is negative");
        assert_eq!(describe(b"-"), "'-' is not a number");
        assert_eq!(describe(b"--7"), "'--7' is not a number");
        assert_eq!(describe(b"4294967296"), "'4294967296' is too large");
        assert_eq!(describe(b"12a\t"), "'12a' is not a number");
        let long = "9".repeat(30);
        assert_eq!(
            describe(long.as_bytes()),
            format!("'{}…' is too large", &long[..24])
        );
        assert_eq!(describe(&[b'1', 0xff, b' ']), "'1\u{fffd}' is not a number");
        assert_eq!(
            describe(b"\x1b[31mX\x07 5"),
            "'\\u{1b}[31mX\\u{7}' is not a number"
        );
        assert_eq!(describe(b"\0"), "'\\u{0}' is not a number");
    }
}
