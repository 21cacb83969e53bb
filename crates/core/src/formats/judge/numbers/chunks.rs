//! A window's chunks: where a window is cut so that no token is split,
//! how it is divided into chunks parsed on all cores, and the line each
//! chunk starts on.

use rayon::prelude::*;

use super::scalar::{Chunk, is_space, parse_chunk};

/// Chunks are about 2^16 bytes (64 KiB): enough to be worth a task, few
/// enough to balance the cores, and short enough to keep
/// [`line_back`](super::Numbers::line_back) cheap.
const PART_SHIFT: u32 = 16;

/// Where the parsed bytes of the window `bytes[start..]` end: after its
/// last whitespace; the rest is an unfinished token that goes on in the
/// next window. At the end of input (`last`), all of it. A window with no
/// whitespace at all is one giant token: it is parsed, to be refused.
pub(super) fn parsed_end(bytes: &[u8], start: usize, last: bool) -> usize {
    if last {
        return bytes.len();
    }
    match bytes[start..].iter().rposition(|&b| is_space(b)) {
        Some(i) => start + i + 1,
        None => bytes.len(),
    }
}

/// Parses `bytes[start..cut]` in chunks on all cores, their number
/// buffers taken from `spare`, and numbers the chunks' lines from
/// `first_line` up to the first chunk that ends on a malformed token.
/// Returns the chunks and the line after the last one numbered.
pub(super) fn parse_window(
    bytes: &[u8],
    start: usize,
    cut: usize,
    first_line: u64,
    spare: &mut Vec<Vec<u32>>,
) -> (Vec<Chunk>, u64) {
    let bounds = chunk_bounds(bytes, start, cut);
    let buffers: Vec<Vec<u32>> = (1..bounds.len())
        .map(|_| spare.pop().unwrap_or_default())
        .collect();
    let mut chunks: Vec<Chunk> = buffers
        .into_par_iter()
        .enumerate()
        .map(|(k, buf)| parse_chunk(bytes, bounds[k], bounds[k + 1], buf))
        .collect();
    let mut line = first_line;
    for chunk in &mut chunks {
        chunk.first_line = line;
        line += chunk.newlines;
        if chunk.bad_at.is_some() {
            break;
        }
    }
    (chunks, line)
}

/// The boundaries of the chunks of `bytes[start..cut]`, from `start` to
/// `cut`: evenly spaced, each moved on to whitespace so that no token is
/// split (chunks may be empty where a token is longer than a chunk).
fn chunk_bounds(bytes: &[u8], start: usize, cut: usize) -> Vec<usize> {
    let count = ((cut - start) >> PART_SHIFT).max(1);
    let mut bounds = vec![start];
    for k in 1..count {
        let mut b = (start + (cut - start) * k / count).max(*bounds.last().unwrap());
        while b < cut && !is_space(bytes[b]) {
            b += 1;
        }
        bounds.push(b);
    }
    bounds.push(cut);
    bounds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_end_after_their_last_whitespace() {
        assert_eq!(parsed_end(b"12 34\n56", 0, false), 6);
        assert_eq!(parsed_end(b"12 34\n56", 0, true), 8);
        assert_eq!(parsed_end(b"12 34 ", 0, false), 6);
        // Whitespace before `start` does not count.
        assert_eq!(parsed_end(b"1 23456", 2, false), 7);
        assert_eq!(parsed_end(b"123456", 0, false), 6);
        assert_eq!(parsed_end(b"", 0, false), 0);
    }

    /// About `len` bytes of numbers of every length and whitespace.
    fn text(len: usize) -> Vec<u8> {
        let mut text = Vec::new();
        let mut k = 0u64;
        while text.len() < len {
            k += 1;
            text.extend_from_slice((k * k * 7919 % 4_000_000_000).to_string().as_bytes());
            text.push([b' ', b'\n', b'\t'][k as usize % 3]);
        }
        text
    }

    #[test]
    fn parts_are_cut_at_whitespace() {
        let bytes = text(300_000);
        let (start, cut) = (5, parsed_end(&bytes, 5, false));
        let bounds = chunk_bounds(&bytes, start, cut);
        assert_eq!(bounds.len(), ((cut - start) >> PART_SHIFT) + 1);
        assert_eq!((bounds[0], *bounds.last().unwrap()), (start, cut));
        for pair in bounds.windows(2) {
            assert!(pair[0] < pair[1], "{bounds:?}");
        }
        for &b in &bounds[1..bounds.len() - 1] {
            assert!(is_space(bytes[b]), "bound {b} in a token");
        }
        // A small window is one chunk; a giant token leaves empty chunks.
        assert_eq!(chunk_bounds(b"1 2 3", 1, 5), [1, 5]);
        let giant = vec![b'7'; 200_000];
        assert_eq!(
            chunk_bounds(&giant, 0, giant.len()),
            [0, 200_000, 200_000, 200_000]
        );
    }

    #[test]
    fn windows_parse_in_numbered_parts() {
        let mut bytes = text(200_000);
        let want_lines = 1 + bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        let mut spare: Vec<Vec<u32>> = (0..5).map(|_| Vec::with_capacity(10)).collect();
        let (chunks, next_line) = parse_window(&bytes, 0, bytes.len(), 1, &mut spare);
        assert_eq!(chunks.len(), 3);
        assert_eq!(spare.len(), 2, "buffers are reused");
        assert_eq!(next_line, want_lines);
        let numbers: Vec<u32> = chunks.iter().flat_map(|p| p.numbers.clone()).collect();
        let want: Vec<u32> = String::from_utf8(bytes.clone())
            .unwrap()
            .split_ascii_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(numbers, want);
        for pair in chunks.windows(2) {
            assert_eq!(pair[1].first_line, pair[0].first_line + pair[0].newlines);
            assert_eq!(pair[0].end, pair[1].start);
        }
        // A bad token in the middle chunk: lines are numbered up to it.
        let middle = chunks[1].start + 10;
        let at = middle + bytes[middle..].iter().position(|&b| is_space(b)).unwrap() + 1;
        bytes[at] = b'x';
        let (chunks, next_line) = parse_window(&bytes, 0, bytes.len(), 1, &mut spare);
        let bad = chunks.iter().position(|p| p.bad_at.is_some()).unwrap();
        assert_eq!(bad, 1);
        assert_eq!(chunks[1].bad_at, Some(at));
        assert_eq!(next_line, chunks[1].first_line + chunks[1].newlines);
    }
}
