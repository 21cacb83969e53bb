//! The classic problems' input, token by token: words split by any
//! whitespace (CRLF included), each with the line it starts on, read as
//! they come so that answers can be written before the input ends.

use std::io::BufRead;

use crate::error::{Error, shorten};

/// The longest token any of the classic formats has (a 3×3 row of nine
/// characters, a count): longer words are refused, not held.
const MAX_TOKEN: usize = 64;

/// Tokens read from a buffered reader.
pub(crate) struct Tokens<R> {
    input: R,
    /// The line being read, from 1.
    line: u64,
    /// The number of the case being read, from 1, for messages.
    pub(crate) case: u64,
}

impl<R: BufRead> Tokens<R> {
    pub(crate) fn new(input: R) -> Self {
        Self {
            input,
            line: 1,
            case: 0,
        }
    }

    /// The next word and its line, `None` at the end of the input.
    ///
    /// # Errors
    /// A read error, or a word longer than [`MAX_TOKEN`] bytes.
    pub(crate) fn next_word(&mut self) -> Result<Option<(String, u64)>, Error> {
        let mut word = Vec::new();
        let mut start = self.line;
        loop {
            let buffer = filled(&mut self.input)?;
            if buffer.is_empty() {
                break;
            }
            let mut used = 0;
            let mut done = false;
            for &byte in buffer {
                used += 1;
                if byte.is_ascii_whitespace() {
                    if byte == b'\n' {
                        self.line += 1;
                    }
                    if !word.is_empty() {
                        done = true;
                        // The line count must see this newline once only.
                        break;
                    }
                } else {
                    if word.is_empty() {
                        start = self.line;
                    }
                    if word.len() == MAX_TOKEN {
                        self.input.consume(used);
                        return Err(self.bad_at(
                            start,
                            format!(
                                "'{}…' is too long for this format",
                                shorten(&String::from_utf8_lossy(&word))
                            ),
                        ));
                    }
                    word.push(byte);
                }
            }
            self.input.consume(used);
            if done {
                break;
            }
        }
        if word.is_empty() {
            return Ok(None);
        }
        Ok(Some((String::from_utf8_lossy(&word).into_owned(), start)))
    }

    /// Whether a word follows, consuming only the whitespace before it.
    ///
    /// # Errors
    /// A read error.
    pub(crate) fn peek_word(&mut self) -> Result<bool, Error> {
        loop {
            let buffer = filled(&mut self.input)?;
            if buffer.is_empty() {
                return Ok(false);
            }
            let blanks = buffer
                .iter()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
            self.line += buffer[..blanks].iter().filter(|&&b| b == b'\n').count() as u64;
            let more = blanks < buffer.len();
            self.input.consume(blanks);
            if more {
                return Ok(true);
            }
        }
    }

    /// The next word, which must be there: `what` names it for the error.
    ///
    /// # Errors
    /// As [`next_word`](Self::next_word), and the end of the input.
    pub(crate) fn expect_word(&mut self, what: &str) -> Result<(String, u64), Error> {
        self.next_word()?
            .ok_or_else(|| self.bad_at(self.line, format!("the input ends before {what}")))
    }

    /// The next word as a number of at most `max`.
    ///
    /// # Errors
    /// As [`expect_word`](Self::expect_word), and a word that is not such
    /// a number.
    pub(crate) fn number(&mut self, what: &str, max: u64) -> Result<u64, Error> {
        let (word, line) = self.expect_word(what)?;
        word.parse::<u64>()
            .ok()
            .filter(|&v| v <= max)
            .ok_or_else(|| {
                self.bad_at(
                    line,
                    format!(
                        "{what} '{}' is not a number from 0 to {max}",
                        shorten(&word)
                    ),
                )
            })
    }

    /// An input error about the current case as a whole.
    pub(crate) fn bad_case(&self, problem: String) -> Error {
        Error::Input {
            place: format!("case {}", self.case),
            problem,
        }
    }

    /// An input error at `line` of the current case.
    pub(crate) fn bad_at(&self, line: u64, problem: String) -> Error {
        let place = match self.case {
            0 => format!("line {line}"),
            case => format!("case {case}, line {line}"),
        };
        Error::Input { place, problem }
    }
}

/// The reader's buffer, refilled when empty (empty at the end), a read
/// that was interrupted tried again.
fn filled<R: BufRead>(input: &mut R) -> Result<&[u8], Error> {
    loop {
        match input.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Error::Io(e)),
        }
    }
    input.fill_buf().map_err(Error::Io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_carry_the_line_they_start_on() {
        let mut t = Tokens::new("1 2\r\n\n  x\t3\n".as_bytes());
        let mut got = Vec::new();
        while let Some(w) = t.next_word().unwrap() {
            got.push(w);
        }
        let expect = [("1", 1), ("2", 1), ("x", 3), ("3", 3)];
        assert_eq!(got.len(), expect.len());
        for ((w, l), (ew, el)) in got.iter().zip(expect) {
            assert_eq!((w.as_str(), *l), (ew, el));
        }
    }

    #[test]
    fn endless_words_are_refused() {
        let long = "7".repeat(10_000);
        let mut t = Tokens::new(long.as_bytes());
        let e = t.next_word().unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("too long"), "{e}");
    }

    #[test]
    fn numbers_are_checked_and_named() {
        let mut t = Tokens::new("5 x".as_bytes());
        t.case = 2;
        assert_eq!(t.number("n", 10).unwrap(), 5);
        let e = t.number("n", 10).unwrap_err().to_string();
        assert!(e.contains("case 2, line 1") && e.contains("'x'"), "{e}");
        let e = t.number("n", 10).unwrap_err().to_string();
        assert!(e.contains("ends before n"), "{e}");
    }
}
