//! A streaming reader of whitespace-separated non-negative integers, for
//! the judge formats.
//!
//! The input is read a window (up to 2 MiB) at a time; each window is cut at
//! whitespace into parts that are parsed on all cores, without allocating
//! per number. Memory stays bounded by a window whatever the input's size,
//! and every error keeps its line number: lines are counted while
//! parsing, and the line of a token is found again only when an error
//! needs it.

use std::io::{self, Read};

use rayon::prelude::*;

/// Bytes read at a time: at most, and at first.
const WINDOW: usize = 2 << 20;
const FIRST_WINDOW: usize = 64 << 10;
/// Tokens longer than this are refused (u32 values have at most 10
/// digits): ten gigabytes of digits are refused after a few bytes.
const MAX_DIGITS: usize = 10;

/// A malformed number, with the line it stands on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadNumber {
    /// The line of the offending token.
    pub line: u64,
    /// What is wrong, quoting the token.
    pub problem: String,
}

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

/// One parsed part of a window.
#[derive(Default)]
struct Part {
    /// Where the part starts in the window.
    start: usize,
    end: usize,
    /// The line of the part's first byte.
    first_line: u64,
    newlines: u64,
    numbers: Vec<u32>,
    /// The offset (in the window) of a malformed token that ended the part.
    bad_at: Option<usize>,
}

/// Parses `bytes[start..end]`: numbers until the end or the first
/// malformed token. `end` is at whitespace or at the end of the input, so
/// no token runs past it.
fn parse_part(bytes: &[u8], start: usize, end: usize, mut numbers: Vec<u32>) -> Part {
    numbers.clear();
    // Every number but the last takes a digit and a separator.
    numbers.reserve((end - start).div_ceil(2));
    let mut newlines = 0u64;
    let mut bad_at = None;
    let mut i = start;
    // Fast path: a number of up to 7 digits and the separator after it,
    // in one step, 8 bytes at a time.
    while i + 8 < end {
        let word = u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
        let Some((value, len)) = swar_number(word) else {
            let b = bytes[i];
            if CLASS[b as usize] != SPACE {
                break; // a long or malformed token: the slow path says which
            }
            newlines += (b == b'\n') as u64;
            i += 1;
            continue;
        };
        let separator = bytes[i + len];
        if CLASS[separator as usize] != SPACE {
            break;
        }
        numbers.push(value);
        newlines += (separator == b'\n') as u64;
        i += len + 1;
    }
    // Slow path: the part's last bytes, long tokens, malformed tokens.
    loop {
        while i < end && CLASS[bytes[i] as usize] == SPACE {
            newlines += (bytes[i] == b'\n') as u64;
            i += 1;
        }
        if i >= end {
            break;
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
        let ends_well = i >= end || CLASS[bytes[i] as usize] == SPACE;
        if i == token || !ends_well || value > u32::MAX as u64 {
            bad_at = Some(token);
            break;
        }
        numbers.push(value as u32);
    }
    Part {
        start,
        end,
        first_line: 0,
        newlines,
        numbers,
        bad_at,
    }
}

/// Reads the leading digits of 8 little-endian bytes at once: the value
/// and the digit count, when there are 1 to 7 digits.
#[inline]
fn swar_number(word: u64) -> Option<(u32, usize)> {
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

/// Says what is wrong with the token at the start of `bytes`.
fn describe(bytes: &[u8]) -> String {
    let len = bytes
        .iter()
        .position(|&b| CLASS[b as usize] == SPACE)
        .unwrap_or(bytes.len());
    let token = &bytes[..len];
    let text = String::from_utf8_lossy(&token[..len.min(24)]);
    let shown = if len > 24 {
        format!("{text}…")
    } else {
        text.into_owned()
    };
    if len > 1 && token[0] == b'-' && token[1..].iter().all(u8::is_ascii_digit) {
        format!("'{shown}' is negative")
    } else if token.iter().all(u8::is_ascii_digit) {
        format!("'{shown}' is too large")
    } else {
        format!("'{shown}' is not a number")
    }
}

/// Room kept before each window for the unfinished token carried over
/// from the previous one (longer tokens are refused anyway).
const CARRY: usize = 32;

/// Windows read ahead and not yet parsed, at most.
const READ_AHEAD: usize = 2;

/// Reads the numbers of `input` with `f`. A thread reads the input ahead,
/// a window at a time, while the windows before are parsed and used; it
/// stops soon after `f` returns (at its next read), and `f`'s result does
/// not wait for it: a bad token on an interactive input is reported at
/// once.
///
/// ```
/// use npuzzle_core::formats::numbers::read_numbers;
/// read_numbers("3\r\n1 2\n 0".as_bytes(), |r| {
///     assert_eq!(r.next_number().unwrap(), Some(3));
///     let mut grid = Vec::new();
///     assert_eq!(r.take_into(3, &mut grid).unwrap(), 3);
///     assert_eq!(grid, vec![1, 2, 0]);
///     assert_eq!(r.line(), 3);
///     assert_eq!(r.next_number().unwrap(), None);
/// });
/// ```
pub fn read_numbers<R: Read + Send + 'static, T>(input: R, f: impl FnOnce(&mut Numbers) -> T) -> T {
    let (full, full_rx) = std::sync::mpsc::sync_channel(READ_AHEAD - 1);
    let (empty_tx, empty) = std::sync::mpsc::channel();
    std::thread::spawn(move || read_ahead(input, full, empty));
    let mut numbers = Numbers {
        full: full_rx,
        empty: empty_tx,
        window: vec![0; CARRY],
        start: CARRY,
        filled: CARRY,
        last: false,
        parts: Vec::new(),
        part: 0,
        index: 0,
        next_line: 1,
        spare: Vec::new(),
    };
    f(&mut numbers)
    // Dropping `numbers` closes the channels, which ends the reader.
}

/// A window's worth of input: bytes `CARRY..filled` of `bytes`.
struct Buffer {
    bytes: Vec<u8>,
    filled: usize,
    eof: bool,
    error: Option<io::Error>,
}

/// The reader thread: fills buffers (recycled through `empty`) and sends
/// them in order. Buffers start small and grow to a full window while the
/// input keeps filling them, so small inputs take little memory.
fn read_ahead<R: Read>(
    mut input: R,
    full: std::sync::mpsc::SyncSender<Buffer>,
    empty: std::sync::mpsc::Receiver<Vec<u8>>,
) {
    let mut size = FIRST_WINDOW;
    let mut made = 0;
    loop {
        let mut bytes = match empty.try_recv() {
            Ok(bytes) => bytes,
            Err(_) if made < READ_AHEAD + 1 => {
                made += 1;
                Vec::new()
            }
            Err(_) => match empty.recv() {
                Ok(bytes) => bytes,
                Err(_) => return,
            },
        };
        bytes.resize(CARRY + size, 0);
        let mut buffer = Buffer {
            bytes,
            filled: CARRY,
            eof: false,
            error: None,
        };
        while buffer.filled < buffer.bytes.len() && !buffer.eof {
            match input.read(&mut buffer.bytes[buffer.filled..]) {
                Ok(0) => buffer.eof = true,
                Ok(n) => buffer.filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    buffer.error = Some(e);
                    buffer.eof = true;
                }
            }
        }
        if buffer.filled == buffer.bytes.len() {
            size = (2 * size).min(WINDOW);
        }
        let eof = buffer.eof;
        if full.send(buffer).is_err() || eof {
            return;
        }
    }
}

/// The numbers of an input, parsed a window at a time on all cores; see
/// [`read_numbers`].
pub struct Numbers {
    full: std::sync::mpsc::Receiver<Buffer>,
    empty: std::sync::mpsc::Sender<Vec<u8>>,
    /// The current window: bytes `start..filled`, of which those up to the
    /// last part's end are parsed into `parts`; the rest is an unfinished
    /// token carried to the next window.
    window: Vec<u8>,
    start: usize,
    filled: usize,
    /// Whether the window ends the input.
    last: bool,
    parts: Vec<Part>,
    /// The part being consumed, and the next number in it.
    part: usize,
    index: usize,
    /// The line where the next window starts.
    next_line: u64,
    /// Spare number buffers.
    spare: Vec<Vec<u32>>,
}

impl Numbers {
    /// Moves to the next window and parses it. False at the end of input.
    fn advance(&mut self) -> Result<bool, BadNumber> {
        if self.last {
            return Ok(false);
        }
        let Ok(mut next) = self.full.recv() else {
            return Ok(false);
        };
        if let Some(e) = next.error.take() {
            return Err(BadNumber {
                line: self.next_line,
                problem: format!("cannot read input: {e}"),
            });
        }
        // The unfinished token goes in front of the next window.
        let cut = self.parts.last().map_or(self.start, |p| p.end);
        let carry = (self.filled - cut).min(CARRY);
        next.bytes[CARRY - carry..CARRY].copy_from_slice(&self.window[cut..cut + carry]);
        let old = std::mem::replace(&mut self.window, next.bytes);
        let _ = self.empty.send(old);
        self.start = CARRY - carry;
        self.filled = next.filled;
        self.last = next.eof;
        for part in self.parts.drain(..) {
            self.spare.push(part.numbers);
        }
        self.part = 0;
        self.index = 0;
        // Cut after the last whitespace; at the end of input, take all. A
        // window with no whitespace at all is one giant token: parse it,
        // it will be refused.
        let bytes = &self.window[..self.filled];
        let cut = if self.last {
            self.filled
        } else {
            match bytes[self.start..]
                .iter()
                .rposition(|&b| CLASS[b as usize] == SPACE)
            {
                Some(i) => self.start + i + 1,
                None => self.filled,
            }
        };
        if cut == self.start {
            return Ok(!self.last);
        }
        // Parts of about 64 KiB, each boundary moved to whitespace: they
        // balance the cores and keep `line_back` cheap.
        let count = ((cut - self.start) >> 16).max(1);
        let mut bounds = vec![self.start];
        for k in 1..count {
            let mut b = (self.start + (cut - self.start) * k / count).max(*bounds.last().unwrap());
            while b < cut && CLASS[bytes[b] as usize] != SPACE {
                b += 1;
            }
            bounds.push(b);
        }
        bounds.push(cut);
        let buffers: Vec<Vec<u32>> = (0..count)
            .map(|_| self.spare.pop().unwrap_or_default())
            .collect();
        let mut parts: Vec<Part> = buffers
            .into_par_iter()
            .enumerate()
            .map(|(k, buf)| parse_part(bytes, bounds[k], bounds[k + 1], buf))
            .collect();
        let mut line = self.next_line;
        for part in &mut parts {
            part.first_line = line;
            line += part.newlines;
            if part.bad_at.is_some() {
                break;
            }
        }
        self.next_line = line;
        self.parts = parts;
        Ok(true)
    }

    /// The error that ends the current part, once its numbers are used up.
    fn part_error(&self) -> Option<BadNumber> {
        let part = self.parts.get(self.part)?;
        let at = part.bad_at?;
        let newlines = self.window[part.start..at]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        Some(BadNumber {
            line: part.first_line + newlines as u64,
            problem: describe(&self.window[at..self.filled]),
        })
    }

    /// Makes sure a number is available in the current part. False at the
    /// end of input.
    fn ready(&mut self) -> Result<bool, BadNumber> {
        loop {
            if let Some(part) = self.parts.get(self.part) {
                if self.index < part.numbers.len() {
                    return Ok(true);
                }
                if let Some(bad) = self.part_error() {
                    return Err(bad);
                }
                self.part += 1;
                self.index = 0;
                continue;
            }
            if !self.advance()? {
                return Ok(false);
            }
        }
    }

    /// The next number, `None` at the end of input.
    pub fn next_number(&mut self) -> Result<Option<u32>, BadNumber> {
        if !self.ready()? {
            return Ok(None);
        }
        let v = self.parts[self.part].numbers[self.index];
        self.index += 1;
        Ok(Some(v))
    }

    /// Appends up to `count` numbers to `out`; fewer only at the end of
    /// input. Returns how many were appended.
    pub fn take_into(&mut self, count: usize, out: &mut Vec<u32>) -> Result<usize, BadNumber> {
        let mut taken = 0;
        while taken < count && self.ready()? {
            let numbers = &self.parts[self.part].numbers;
            let n = (count - taken).min(numbers.len() - self.index);
            out.extend_from_slice(&numbers[self.index..self.index + n]);
            self.index += n;
            taken += n;
        }
        Ok(taken)
    }

    /// The line (1-based) of the number `back` places before the next one
    /// (`back = 1`: the last number read). Found by counting again, so
    /// meant for error messages.
    pub fn line_back(&self, back: usize) -> u64 {
        // Walk back over parts to the one holding that number.
        let (mut part, mut index) = (self.part, self.index);
        let mut back = back;
        loop {
            if back <= index {
                index -= back;
                break;
            }
            back -= index;
            if part == 0 {
                return self.parts.first().map_or(self.next_line, |p| p.first_line);
            }
            part -= 1;
            index = self.parts[part].numbers.len();
        }
        let Some(p) = self.parts.get(part) else {
            return self.next_line;
        };
        // Count lines up to the start of token `index` in part `p`.
        let bytes = &self.window[p.start..p.end];
        let (mut line, mut seen, mut in_token) = (p.first_line, 0usize, false);
        for &b in bytes {
            let space = CLASS[b as usize] == SPACE;
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

    /// The line (1-based) of the last number read.
    pub fn line(&self) -> u64 {
        self.line_back(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Result<Vec<u32>, BadNumber> {
        read_numbers(io::Cursor::new(text.as_bytes().to_vec()), |r| {
            let mut out = Vec::new();
            while let Some(v) = r.next_number()? {
                out.push(v);
            }
            Ok(out)
        })
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
            assert_eq!(r.take_into(3, &mut out).unwrap(), 3);
            assert!(r.next_number().is_err());
        });
    }

    /// A reader that hands out a few bytes at a time.
    struct Trickle(io::Cursor<Vec<u8>>, usize);
    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(buf.len());
            self.0.read(&mut buf[..n])
        }
    }

    #[test]
    fn big_inputs_across_windows_and_parts() {
        // About 20 MB: several windows, many parts, tokens cut by reads.
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
        read_numbers(
            Trickle(io::Cursor::new(text.into_bytes()), 1_000_003),
            |r| {
                let mut out = Vec::new();
                assert_eq!(
                    r.take_into(usize::MAX, &mut out).unwrap_err().line,
                    bad_line
                );
                assert_eq!(out, expected);
                assert_eq!(r.line(), last_line);
                // Seven numbers back is the line before.
                assert_eq!(r.line_back(8), last_line - 1);
            },
        );
    }
}
