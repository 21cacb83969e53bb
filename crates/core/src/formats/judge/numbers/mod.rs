//! A streaming reader of whitespace-separated non-negative integers, for
//! the judge formats.
//!
//! The input is read a window (up to 1 MiB) at a time, in place where it
//! is a regular file (mapped into memory, each window's pages let go once
//! used), else by a thread reading ahead. That thread parses each window
//! one ahead, while the numbers of the window before are used: it is cut
//! at whitespace into chunks that are parsed on all cores, without
//! allocating per number: 64 bytes at a time, and four numbers with SSSE3
//! or eight with AVX2 or AVX-512 BW where the processor has them (chosen
//! at run time; with AVX-512 VBMI2 the tokens are gathered eight at a
//! time, not one by one), else 8 bytes at a time, and byte by byte for
//! long or malformed tokens. Memory stays bounded by a few windows whatever the
//! input's size, and every error keeps its line number: lines are
//! counted while parsing, and the line of a token (in the window being
//! used or the last one with numbers before it) is found again only when
//! an error needs it.
//!
//! This file holds the reader itself ([`read_numbers`], [`Numbers`],
//! [`BadNumber`]); the rest is split by idea:
//!
//! - `source.rs`: [`Input`], mapping standard input, the thread that
//!   reads and parses the windows ahead, and its recycled buffers;
//! - `chunks.rs`: where a window is cut, its chunks, their first lines;
//! - `scalar.rs`: byte classes and parsing one chunk, word by word and
//!   byte by byte, and the description of a malformed token;
//! - `swar.rs`: a number of up to 7 digits from one 64-bit word;
//! - `simd.rs`: the SSSE3, AVX2, AVX-512 BW and VBMI2 paths on x86-64,
//!   64 bytes at a time;
//! - `lines.rs`: counting line feeds, and the line of a number read
//!   before ([`Numbers::line_back`]).

mod chunks;
mod lines;
mod scalar;
#[cfg(target_arch = "x86_64")]
mod simd;
mod source;
mod swar;

use std::collections::VecDeque;

pub use source::Input;
use source::{Parsed, Windows};

/// Windows whose numbers' lines can be found again: the one being used
/// and the last ones with numbers before it. A grid whose text spans at
/// most this many windows (1 MiB each) is checked once whole.
pub(crate) const WINDOWS_IN_REACH: usize = 3;

/// A vector path of the parser, named by the instructions it needs;
/// none on processors other than x86-64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Vector {
    /// 16-byte compares, four numbers converted at a time.
    #[cfg(target_arch = "x86_64")]
    Ssse3,
    /// 32-byte compares, eight numbers at a time.
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// 64-byte compares into masks, eight numbers at a time.
    #[cfg(target_arch = "x86_64")]
    Avx512,
    /// As AVX-512 BW, the tokens gathered by compresses and byte
    /// permutations (VBMI and VBMI2) instead of one at a time.
    #[cfg(target_arch = "x86_64")]
    Vbmi2,
}

impl Vector {
    /// Every vector path, narrowest first.
    #[cfg(target_arch = "x86_64")]
    const ALL: [Self; 4] = [Self::Ssse3, Self::Avx2, Self::Avx512, Self::Vbmi2];

    /// The path's name, as `NPUZZLE_VECTOR` gives it.
    #[cfg(target_arch = "x86_64")]
    fn name(self) -> &'static str {
        match self {
            Self::Ssse3 => "ssse3",
            Self::Avx2 => "avx2",
            Self::Avx512 => "avx512",
            Self::Vbmi2 => "avx512vbmi2",
        }
    }

    /// The widest path the processor has.
    fn best() -> Option<Self> {
        #[cfg(target_arch = "x86_64")]
        return simd::best();
        #[cfg(not(target_arch = "x86_64"))]
        None
    }

    /// Every path the processor has, and none (the scalar paths alone).
    #[cfg(test)]
    fn all_here() -> Vec<Option<Self>> {
        let mut paths = vec![None];
        #[cfg(target_arch = "x86_64")]
        paths.extend(Self::ALL.into_iter().filter(|&v| simd::has(v)).map(Some));
        paths
    }
}

/// A malformed number, with the line it stands on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BadNumber {
    /// The line of the offending token.
    pub line: u64,
    /// What is wrong, quoting the token.
    pub problem: String,
}

/// Reads the numbers of `input` with `f`. A stream is read ahead by a
/// thread, a window at a time, while the windows before are parsed and
/// used; it stops soon after `f` returns (at its next read), and `f`'s
/// result does not wait for it: a bad token on an interactive input is
/// reported at once.
///
pub(crate) fn read_numbers<T>(input: impl Into<Input>, f: impl FnOnce(&mut Numbers) -> T) -> T {
    let mut numbers = Numbers {
        windows: Windows::open(input.into()),
        window: Parsed::before_input(),
        previous: VecDeque::new(),
        chunk: 0,
        index: 0,
    };
    f(&mut numbers)
    // Dropping `numbers` closes the channels, which ends the producer.
}

/// The numbers of an input, parsed a window at a time on all cores, one
/// window ahead; see [`read_numbers`].
pub(crate) struct Numbers {
    windows: Windows,
    /// The window whose numbers are being used.
    window: Parsed,
    /// The last windows with numbers before it (at most
    /// `WINDOWS_IN_REACH - 1`, the newest last), kept so that the lines
    /// of their numbers can still be found: a judge checks a grid that
    /// spans up to [`WINDOWS_IN_REACH`] windows once it is whole.
    previous: VecDeque<Parsed>,
    /// The chunk being consumed, and the next number in it.
    chunk: usize,
    index: usize,
}

impl Numbers {
    /// Moves to the next window. False at the end of input.
    fn advance(&mut self) -> Result<bool, BadNumber> {
        if self.window.last {
            return Ok(false);
        }
        let Some(next) = self.windows.next()? else {
            return Ok(false);
        };
        let used = std::mem::replace(&mut self.window, next);
        match used.has_numbers() {
            true => {
                self.previous.push_back(used);
                if self.previous.len() == WINDOWS_IN_REACH {
                    let oldest = self.previous.pop_front().expect("a window");
                    self.windows.give_back(oldest);
                }
            }
            false => self.windows.give_back(used),
        }
        self.chunk = 0;
        self.index = 0;
        Ok(!self.window.chunks.is_empty() || !self.window.last)
    }

    /// The error that ends the current chunk, once its numbers are used up.
    fn chunk_error(&self) -> Option<BadNumber> {
        let chunk = self.window.chunks.get(self.chunk)?;
        let at = chunk.bad_at?;
        let bytes = &self.window.bytes;
        Some(BadNumber {
            line: chunk.first_line + lines::count_newlines(&bytes[chunk.start..at]),
            problem: scalar::describe(&bytes[at..self.window.filled]),
        })
    }

    /// Makes sure a number is available in the current chunk, reading the
    /// next window when this one is used up and `next_window` allows it.
    /// False at the end of input (or of the window).
    fn ready(&mut self, next_window: bool) -> Result<bool, BadNumber> {
        loop {
            if let Some(chunk) = self.window.chunks.get(self.chunk) {
                if self.index < chunk.numbers.len() {
                    return Ok(true);
                }
                if let Some(bad) = self.chunk_error() {
                    return Err(bad);
                }
                self.chunk += 1;
                self.index = 0;
                continue;
            }
            if !next_window || !self.advance()? {
                return Ok(false);
            }
        }
    }

    /// The next number, `None` at the end of input.
    pub(crate) fn next_number(&mut self) -> Result<Option<u32>, BadNumber> {
        if !self.ready(true)? {
            return Ok(None);
        }
        let v = self.window.chunks[self.chunk].numbers[self.index];
        self.index += 1;
        Ok(Some(v))
    }

    /// Appends up to `count` numbers to `out` from the current window only
    /// (moving on to the next window when this one is used up and nothing
    /// was taken yet), so that [`line_back`](Self::line_back) still finds
    /// every number appended; 0 only at the end of input. A malformed
    /// number is an error, the numbers before it appended.
    pub(crate) fn take_window_into(
        &mut self,
        count: usize,
        out: &mut Vec<u32>,
    ) -> Result<usize, BadNumber> {
        let mut taken = 0;
        while taken < count && self.ready(taken == 0)? {
            let numbers = &self.window.chunks[self.chunk].numbers;
            let n = (count - taken).min(numbers.len() - self.index);
            out.extend_from_slice(&numbers[self.index..self.index + n]);
            self.index += n;
            taken += n;
        }
        Ok(taken)
    }

    /// The line (1-based) of the number `back` places before the next one
    /// (`back = 1`: the last number read), in this window or the last ones
    /// with numbers before it (see [`WINDOWS_IN_REACH`]). Found by counting
    /// again, so meant for error messages.
    pub(crate) fn line_back(&self, back: usize) -> u64 {
        let window = &self.window;
        let here = window
            .chunks
            .iter()
            .take(self.chunk)
            .map(|c| c.numbers.len())
            .sum::<usize>()
            + self.index;
        if back <= here || self.previous.is_empty() {
            return lines::line_back(
                &window.chunks,
                &window.bytes,
                window.next_line,
                (self.chunk, self.index),
                back,
            );
        }
        // Back through the windows before, newest first; the oldest kept
        // takes what is left.
        let mut back = back - here;
        let oldest = self.previous.len() - 1;
        for (k, previous) in self.previous.iter().rev().enumerate() {
            let count: usize = previous.chunks.iter().map(|c| c.numbers.len()).sum();
            if back <= count || k == oldest {
                return lines::line_back(
                    &previous.chunks,
                    &previous.bytes,
                    previous.next_line,
                    (previous.chunks.len(), 0),
                    back,
                );
            }
            back -= count;
        }
        unreachable!("the oldest window kept answers")
    }

    /// The line (1-based) of the last number read.
    pub(crate) fn line(&self) -> u64 {
        self.line_back(1)
    }
}

#[cfg(test)]
mod tests {
    use std::io;

    use super::scalar::{parse_chunk, parse_part_with};
    use super::source::tests::{Trickle, mapped};
    use super::*;

    /// Up to `count` numbers, window after window: fewer only at the end
    /// of input.
    fn take_into(r: &mut Numbers, count: usize, out: &mut Vec<u32>) -> Result<usize, BadNumber> {
        let mut taken = 0;
        while taken < count {
            match r.take_window_into(count - taken, out)? {
                0 => break,
                n => taken += n,
            }
        }
        Ok(taken)
    }

    #[test]
    fn a_count_then_a_grid() {
        read_numbers("3\r\n1 2\n 0".as_bytes(), |r| {
            assert_eq!(r.next_number().unwrap(), Some(3));
            let mut grid = Vec::new();
            assert_eq!(take_into(r, 3, &mut grid).unwrap(), 3);
            assert_eq!(grid, vec![1, 2, 0]);
            assert_eq!(r.line(), 3);
            assert_eq!(r.next_number().unwrap(), None);
        });
    }

    fn all(text: &str) -> Result<Vec<u32>, BadNumber> {
        read_numbers(io::Cursor::new(text.as_bytes().to_vec()), |r| {
            let mut out = Vec::new();
            while let Some(v) = r.next_number()? {
                out.push(v);
            }
            Ok(out)
        })
    }

    /// The reference: split at whitespace, each token parsed plainly; the
    /// numbers before the first bad token, and that token's line.
    fn reference(text: &str) -> (Vec<u32>, Option<u64>) {
        let mut out = Vec::new();
        for (l, line) in text.split('\n').enumerate() {
            for token in line.split(|c: char| " \t\r\x0b\x0c".contains(c)) {
                if token.is_empty() {
                    continue;
                }
                match token.parse::<u32>() {
                    Ok(v) if token.bytes().all(|b| b.is_ascii_digit()) && token.len() <= 10 => {
                        out.push(v)
                    }
                    _ => return (out, Some(l as u64 + 1)),
                }
            }
        }
        (out, None)
    }

    proptest::proptest! {
        /// Long texts of short and long tokens, every kind of whitespace,
        /// now and then a bad token: every path of the parser (64-byte
        /// blocks, 8-byte words, one byte at a time) against the reference.
        #[test]
        fn parsing_matches_the_reference(
            tokens in proptest::collection::vec((0u8..200, 0usize..6), 0..600),
            seed in 0u64..1000,
        ) {
            let mut text = String::new();
            let mut x = seed;
            for &(kind, sep) in &tokens {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let token = match kind {
                    0 => "x1".to_string(),
                    1 => "-5".to_string(),
                    2 => "4294967296".to_string(),
                    3 => "4294967295".to_string(),
                    4..=6 => format!("{}", x >> 34), // up to 9 or 10 digits
                    7..=12 => format!("{:08}", (x >> 40) % 100_000_000), // 8 digits
                    _ => format!("{}", (x >> 40) % 10u64.pow(1 + kind as u32 % 7)),
                };
                text.push_str(&token);
                text.push_str([" ", "\n", "  ", "\t", "\r\n", " \x0c "][sep]);
            }
            let (want, bad_line) = reference(&text);
            let read = |r: &mut Numbers| {
                let mut out = Vec::new();
                loop {
                    match r.next_number() {
                        Ok(Some(v)) => out.push(v),
                        Ok(None) => return (out, None),
                        Err(e) => return (out, Some(e.line)),
                    }
                }
            };
            let got = read_numbers(io::Cursor::new(text.clone().into_bytes()), read);
            proptest::prop_assert_eq!(&got, &(want, bad_line));
            if !text.is_empty() {
                proptest::prop_assert_eq!(read_numbers(mapped(text.as_bytes()), read), got);
            }
            // Every path the processor has (AVX-512, AVX2, SSSE3, and the
            // scalar paths alone, as on processors without them) gives the
            // same numbers, line feeds and stop, from any offset.
            let bytes = text.as_bytes();
            let best = parse_chunk(bytes, 0, bytes.len(), Vec::new());
            for vector in Vector::all_here() {
                for from in [0, bytes.len().min(seed as usize % 7)] {
                    let want = parse_part_with(bytes, from, bytes.len(), Vec::new(), None);
                    let got = parse_part_with(bytes, from, bytes.len(), Vec::new(), vector);
                    proptest::prop_assert_eq!(&got.numbers, &want.numbers, "{:?}", vector);
                    proptest::prop_assert_eq!(got.bad_at, want.bad_at);
                    proptest::prop_assert_eq!(got.newlines, want.newlines);
                    if from == 0 {
                        proptest::prop_assert_eq!(&got.numbers, &best.numbers);
                    }
                }
            }
        }
    }

    #[test]
    fn reads_across_lines_and_crlf() {
        assert_eq!(all("1 2\r\n3\n\n  4\t5").unwrap(), vec![1, 2, 3, 4, 5]);
        assert_eq!(all("").unwrap(), Vec::<u32>::new());
        assert_eq!(all("\n\n").unwrap(), Vec::<u32>::new());
        assert_eq!(all("4294967295").unwrap(), vec![u32::MAX]);
    }

    #[test]
    fn errors_name_the_token_and_line() {
        let e = all("1 2\n3 x4 5").unwrap_err();
        assert_eq!(
            e,
            BadNumber {
                line: 2,
                problem: "'x4' is not a number".into()
            }
        );
        let e = all("1\n\n-7").unwrap_err();
        assert_eq!(
            e,
            BadNumber {
                line: 3,
                problem: "'-7' is negative".into()
            }
        );
        assert!(all("4294967296").unwrap_err().problem.contains("too large"));
        assert!(
            all("12a")
                .unwrap_err()
                .problem
                .contains("'12a' is not a number")
        );
        let e = all(&"9".repeat(100_000)).unwrap_err();
        assert!(
            e.problem.contains("too large") && e.problem.contains('…'),
            "{e:?}"
        );
    }

    #[test]
    fn numbers_before_an_error_are_delivered() {
        read_numbers(&b"1 2 3 x"[..], |r| {
            let mut out = Vec::new();
            assert_eq!(take_into(r, 3, &mut out).unwrap(), 3);
            assert!(r.next_number().is_err());
        });
    }

    #[test]
    fn big_inputs_across_windows_and_parts() {
        // About 20 MB: several windows, many chunks, tokens cut by reads.
        let mut text = String::new();
        let mut expected = Vec::new();
        for i in 0..3_000_000u32 {
            let v = i.wrapping_mul(2_654_435_761) % 1_000_000;
            expected.push(v);
            text.push_str(&v.to_string());
            text.push(if i % 7 == 0 { '\n' } else { ' ' });
        }
        let last_line = 1 + text.trim_end().matches('\n').count() as u64;
        text.push_str("bad");
        let bad_line = 1 + text.matches('\n').count() as u64;
        let bytes = text.into_bytes();
        // A stream read in odd pieces, and the file mapped.
        for input in [
            Input::from(Trickle(io::Cursor::new(bytes.clone()), 1_000_003)),
            mapped(&bytes),
        ] {
            read_numbers(input, |r| {
                let mut out = Vec::new();
                assert_eq!(
                    take_into(r, usize::MAX, &mut out).unwrap_err().line,
                    bad_line
                );
                assert_eq!(out, expected);
                assert_eq!(r.line(), last_line);
                // Seven numbers back is the line before.
                assert_eq!(r.line_back(8), last_line - 1);
            });
        }
    }
}
