//! Line numbers: counting line feeds fast while parsing, and finding the
//! line of one number again, by counting anew, only when an error message
//! needs it.

use super::scalar::{Chunk, is_space};

/// The line feeds in `bytes`, counted 64 at a time in bytes (which the
/// compiler turns into vector compares).
pub(super) fn count_newlines(bytes: &[u8]) -> u64 {
    let mut chunks = bytes.chunks_exact(64);
    let mut count: u64 = chunks
        .by_ref()
        .map(|c| c.iter().map(|&b| (b == b'\n') as u8).sum::<u8>() as u64)
        .sum();
    count += chunks.remainder().iter().filter(|&&b| b == b'\n').count() as u64;
    count
}

/// The line (1-based) of the number `back` places before number `index`
/// of chunk `chunk` of the window (`back = 1`: the one just before). The
/// window's bytes are `bytes`; `next_line` is the line where the next
/// window starts. A number before the window, whose bytes are gone, is
/// given the window's first line.
pub(super) fn line_back(
    chunks: &[Chunk],
    bytes: &[u8],
    next_line: u64,
    (chunk, index): (usize, usize),
    back: usize,
) -> u64 {
    let Some((chunk, index)) = walk_back(chunks, chunk, index, back) else {
        return chunks.first().map_or(next_line, |p| p.first_line);
    };
    match chunks.get(chunk) {
        Some(p) => token_line(&bytes[p.start..p.end], p.first_line, index),
        None => next_line,
    }
}

/// The chunk and index of the number `back` places before number `index`
/// of chunk `chunk`, walking back over whole chunks; `None` when it is
/// before the first chunk.
fn walk_back(
    chunks: &[Chunk],
    mut chunk: usize,
    mut index: usize,
    mut back: usize,
) -> Option<(usize, usize)> {
    loop {
        if back <= index {
            return Some((chunk, index - back));
        }
        back -= index;
        if chunk == 0 {
            return None;
        }
        chunk -= 1;
        index = chunks[chunk].numbers.len();
    }
}

/// The line of token `index` (0-based) of `bytes`, which start on line
/// `first_line`; past the last token, the line where `bytes` end.
fn token_line(bytes: &[u8], first_line: u64, index: usize) -> u64 {
    let (mut line, mut seen, mut in_token) = (first_line, 0usize, false);
    for &b in bytes {
        let space = is_space(b);
        if !space && !in_token {
            if seen == index {
                return line;
            }
            seen += 1;
        }
        in_token = !space;
        line += (b == b'\n') as u64;
    }
    line
}

#[cfg(test)]
mod tests {
    use super::super::scalar::parse_part_with;
    use super::*;

    #[test]
    fn newlines_are_counted_across_chunks() {
        // Every length around the 64-byte chunks, sparse and dense line
        // feeds (a chunk of only line feeds must not overflow its sum).
        for every in [1, 2, 3, 7, 64, 65] {
            for len in 0..300 {
                let bytes: Vec<u8> = (0..len)
                    .map(|k| if k % every == 0 { b'\n' } else { b'5' })
                    .collect();
                let want = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
                assert_eq!(count_newlines(&bytes), want, "len {len}, every {every}");
            }
        }
        assert_eq!(count_newlines(&[b'\n'; 10_000]), 10_000);
        assert_eq!(count_newlines(b"\r\r \x0b\x0c"), 0);
    }

    #[test]
    fn token_lines_count_from_the_first_line() {
        let bytes = b"  1 2\n\n33\r\n 4\t5\n";
        for (index, line) in [(0, 10), (1, 10), (2, 12), (3, 13), (4, 13), (5, 14)] {
            assert_eq!(token_line(bytes, 10, index), line, "token {index}");
        }
        assert_eq!(token_line(b"", 3, 0), 3);
        assert_eq!(token_line(b"\n\n", 3, 0), 5);
    }

    /// A window of several chunks (one empty), parsed and numbered as the
    /// window does, and the line of each of its numbers.
    fn window() -> (&'static [u8], Vec<Chunk>, Vec<u64>) {
        let text: &[u8] = b"1 2\n3\n4 5 6\n\n7\n8  9\n";
        // Boundaries at whitespace, as the window cuts them.
        let bounds = [0, 3, 5, 5, 12, text.len()];
        let mut chunks = Vec::new();
        let mut line = 5;
        for b in bounds.windows(2) {
            let mut chunk = parse_part_with(text, b[0], b[1], Vec::new(), None);
            chunk.first_line = line;
            line += chunk.newlines;
            chunks.push(chunk);
        }
        (text, chunks, vec![5, 5, 6, 7, 7, 7, 9, 10, 10])
    }

    #[test]
    fn walking_back_crosses_parts() {
        let (_, chunks, _) = window();
        let lens: Vec<usize> = chunks.iter().map(|p| p.numbers.len()).collect();
        assert_eq!(lens, [2, 1, 0, 3, 3]);
        assert_eq!(walk_back(&chunks, 3, 2, 1), Some((3, 1)));
        assert_eq!(walk_back(&chunks, 3, 2, 2), Some((3, 0)));
        // Back over the empty chunk to the end of chunk 1.
        assert_eq!(walk_back(&chunks, 3, 0, 1), Some((1, 0)));
        assert_eq!(walk_back(&chunks, 4, 1, 3), Some((3, 1)));
        assert_eq!(walk_back(&chunks, 4, 1, 5), Some((1, 0)));
        assert_eq!(walk_back(&chunks, 5, 0, 1), Some((4, 2)));
        assert_eq!(walk_back(&chunks, 1, 1, 3), Some((0, 0)));
        assert_eq!(walk_back(&chunks, 1, 1, 4), None);
        assert_eq!(walk_back(&chunks, 0, 0, 0), Some((0, 0)));
    }

    #[test]
    fn line_back_finds_every_number_from_every_position() {
        let (text, chunks, lines) = window();
        let next_line = chunks.last().map(|p| p.first_line + p.newlines).unwrap();
        assert_eq!(next_line, 11);
        // Every state of the reader: chunk p with `index` of its numbers
        // read (all of them too, before it moves on), and past the end.
        let mut read = 0;
        let mut positions = Vec::new();
        for (p, chunk) in chunks.iter().enumerate() {
            for index in 0..=chunk.numbers.len() {
                positions.push(((p, index), read + index));
            }
            read += chunk.numbers.len();
        }
        positions.push(((chunks.len(), 0), read));
        for ((chunk, index), read) in positions {
            for back in 1..=read {
                let got = line_back(&chunks, text, next_line, (chunk, index), back);
                assert_eq!(got, lines[read - back], "at {chunk}/{index}, {back} back");
            }
            // Before the window: its first line.
            let before = line_back(&chunks, text, next_line, (chunk, index), read + 1);
            assert_eq!(before, 5);
        }
        // Nothing read past the end: the next window's line.
        assert_eq!(
            line_back(&chunks, text, next_line, (chunks.len(), 0), 0),
            11
        );
        assert_eq!(line_back(&[], text, 42, (0, 0), 1), 42);
    }
}
