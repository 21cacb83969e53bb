//! A streaming reader of whitespace-separated non-negative integers, for
//! the judge formats: constant memory whatever the input's size, no
//! allocation per number, and line numbers for every error.

use std::io::{self, Read};

/// Longest token looked at before it is refused (a u64 has 20 digits):
/// ten gigabytes of digits are refused after 32 bytes.
const MAX_TOKEN: usize = 32;
const BUFFER: usize = 1 << 20;

/// A malformed number, with the line it stands on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadNumber {
    /// The line of the offending token.
    pub line: u64,
    /// What is wrong, quoting the token.
    pub problem: String,
}

/// Reads numbers from any `Read`, buffering a megabyte at a time.
///
/// ```
/// use npuzzle_core::formats::numbers::NumberReader;
/// let mut r = NumberReader::new("3\r\n1 2\n 0".as_bytes());
/// assert_eq!(r.next_number().unwrap(), Some(3));
/// assert_eq!(r.next_number().unwrap(), Some(1));
/// assert_eq!(r.line(), 2);
/// r.next_number().unwrap();
/// assert_eq!(r.next_number().unwrap(), Some(0));
/// assert_eq!(r.next_number().unwrap(), None);
/// ```
pub struct NumberReader<R> {
    inner: R,
    buf: Box<[u8]>,
    pos: usize,
    end: usize,
    eof: bool,
    /// The line of the next byte.
    cursor_line: u64,
    /// The line of the last number read.
    line: u64,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c)
}

impl<R: Read> NumberReader<R> {
    /// Wraps a reader.
    pub fn new(inner: R) -> NumberReader<R> {
        NumberReader {
            inner,
            buf: vec![0; BUFFER].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
            cursor_line: 1,
            line: 1,
        }
    }

    /// The line (1-based) of the last number read.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Moves the unread bytes to the front and reads more. False at the
    /// end of input.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        self.buf.copy_within(self.pos..self.end, 0);
        self.end -= self.pos;
        self.pos = 0;
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    fn bad(&self, problem: String) -> BadNumber {
        BadNumber {
            line: self.cursor_line,
            problem,
        }
    }

    /// The next number, `None` at the end of input.
    #[inline]
    pub fn next_number(&mut self) -> Result<Option<u64>, BadNumber> {
        loop {
            while self.pos < self.end {
                let b = self.buf[self.pos];
                if !is_space(b) {
                    break;
                }
                self.cursor_line += (b == b'\n') as u64;
                self.pos += 1;
            }
            if self.pos < self.end {
                break;
            }
            match self.fill() {
                Ok(true) => continue,
                Ok(false) => return Ok(None),
                Err(e) => return Err(self.bad(format!("cannot read input: {e}"))),
            }
        }
        // A token starts at pos. Make sure it is whole in the buffer (or
        // at least MAX_TOKEN bytes of it are).
        loop {
            let avail = &self.buf[self.pos..self.end];
            let len = avail.iter().position(|&b| is_space(b));
            if len.is_some() || self.eof || avail.len() >= MAX_TOKEN {
                let len = len.unwrap_or(avail.len());
                return self.parse_token(len).map(Some);
            }
            if let Err(e) = self.fill() {
                return Err(self.bad(format!("cannot read input: {e}")));
            }
        }
    }

    fn parse_token(&mut self, len: usize) -> Result<u64, BadNumber> {
        let token = &self.buf[self.pos..self.pos + len.min(MAX_TOKEN)];
        let mut value: u64 = 0;
        for &b in token {
            let d = b.wrapping_sub(b'0');
            if d >= 10 {
                return Err(self.bad(self.describe(token)));
            }
            value = match value.checked_mul(10).and_then(|v| v.checked_add(d as u64)) {
                Some(v) => v,
                None => return Err(self.bad(self.describe(token))),
            };
        }
        if len > MAX_TOKEN {
            return Err(self.bad(self.describe(token)));
        }
        self.pos += len;
        self.line = self.cursor_line;
        Ok(value)
    }

    fn describe(&self, token: &[u8]) -> String {
        let text = String::from_utf8_lossy(&token[..token.len().min(24)]);
        let shown = if token.len() > 24 {
            format!("{text}…")
        } else {
            text.into_owned()
        };
        if token.len() > 1 && token[0] == b'-' && token[1..].iter().all(u8::is_ascii_digit) {
            format!("'{shown}' is negative")
        } else if token.iter().all(u8::is_ascii_digit) {
            format!("'{shown}' is too large")
        } else {
            format!("'{shown}' is not a number")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Result<Vec<u64>, BadNumber> {
        let mut r = NumberReader::new(text.as_bytes());
        let mut out = Vec::new();
        while let Some(v) = r.next_number()? {
            out.push(v);
        }
        Ok(out)
    }

    #[test]
    fn reads_across_lines_and_crlf() {
        assert_eq!(all("1 2\r\n3\n\n  4\t5").unwrap(), vec![1, 2, 3, 4, 5]);
        assert_eq!(all("").unwrap(), Vec::<u64>::new());
        assert_eq!(all("18446744073709551615").unwrap(), vec![u64::MAX]);
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
        let e = all("18446744073709551616").unwrap_err();
        assert!(e.problem.contains("too large"));
        let e = all(&"9".repeat(100_000)).unwrap_err();
        assert!(
            e.problem.contains("too large") && e.problem.contains('…'),
            "{e:?}"
        );
    }

    #[test]
    fn tokens_split_across_reads() {
        // A reader that hands out one byte at a time.
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() || buf.is_empty() {
                    return Ok(0);
                }
                buf[0] = self.0[0];
                self.0 = &self.0[1..];
                Ok(1)
            }
        }
        let mut r = NumberReader::new(Trickle(b"123 4567\n89"));
        let mut out = Vec::new();
        while let Some(v) = r.next_number().unwrap() {
            out.push(v);
        }
        assert_eq!(out, vec![123, 4567, 89]);
    }
}
