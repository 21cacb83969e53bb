//! JSON Lines batches: one question per input line, one answer per line,
//! in order. A bad line gets `{"error": "..."}` and the batch goes on.

use std::io::{BufRead, Write};

use serde::Deserialize;
use serde_json::{Value, json};

use crate::arrangement::{Arrangement, Token, parse_token};
use crate::board::Board;
use crate::error::Error;
use crate::formats::spec::parse_board;
use crate::reach::{Verdict, reach};

/// The longest input line taken (64 MiB: a 999×999 board written out
/// twice fits); longer lines are answered with an error and skipped
/// without being held in memory.
pub const MAX_LINE: usize = 64 << 20;

/// One question: `{"board": SPEC, "from": ARR, "to": ARR}`, `to` optional
/// (the solved arrangement), `id` echoed back when present.
#[derive(Debug, Deserialize)]
pub struct Request {
    /// The board spec.
    pub board: String,
    /// The start arrangement.
    pub from: ArrangementValue,
    /// The target arrangement; the solved one when absent.
    #[serde(default)]
    pub to: Option<ArrangementValue>,
    /// Anything the caller wants echoed back with the answer.
    #[serde(default)]
    pub id: Option<Value>,
}

/// An arrangement in JSON: an array of tokens or a string such as
/// `"1 2 3/4 0 5"`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum ArrangementValue {
    /// `"1 2 3/4 0 5"`.
    Text(String),
    /// `[1, 2, 3, 4, 0, 5]`.
    List(Vec<Value>),
}

impl ArrangementValue {
    /// Converts to an arrangement, naming it `which` in errors.
    pub fn to_arrangement(&self, which: &str) -> Result<Arrangement, Error> {
        match self {
            ArrangementValue::Text(text) => Arrangement::parse_named(text, which),
            ArrangementValue::List(values) => values
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    token_of(v).map_err(|why| {
                        Error::arrangement(which, format!("token {} ({v}) {why}", i + 1))
                    })
                })
                .collect::<Result<Vec<Token>, Error>>()
                .map(Arrangement::new),
        }
    }
}

fn token_of(v: &Value) -> Result<Token, &'static str> {
    match v {
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => {
                Token::try_from(u).map_err(|_| "is too large: tokens go up to 4294967295")
            }
            (None, Some(_)) => Err("is negative: tokens are 0 (the blank) or positive"),
            _ => Err("is not a whole number"),
        },
        Value::String(s) => parse_token(s),
        _ => Err("is not a number"),
    }
}

/// A question read from one line, ready to decide.
pub struct Question {
    /// The board (shared with neighbouring lines of the same spec).
    pub board: std::sync::Arc<Board>,
    /// Start.
    pub from: Arrangement,
    /// Target.
    pub to: Arrangement,
    /// Echoed back.
    pub id: Option<Value>,
}

/// Turns lines into questions, reusing the board while the spec repeats.
#[derive(Default)]
pub struct QuestionReader {
    last: Option<(String, std::sync::Arc<Board>)>,
}

impl QuestionReader {
    /// Parses one line of JSON into a question.
    pub fn parse(&mut self, line: &str) -> Result<Question, Error> {
        let request: Request = serde_json::from_str(line).map_err(|e| Error::Input {
            place: "json".into(),
            problem: e.to_string(),
        })?;
        let board = match &self.last {
            Some((spec, board)) if *spec == request.board => board.clone(),
            _ => {
                let board = std::sync::Arc::new(parse_board(&request.board)?);
                self.last = Some((request.board.clone(), board.clone()));
                board
            }
        };
        let from = request.from.to_arrangement("from")?;
        let to = match &request.to {
            Some(to) => to.to_arrangement("to")?,
            None => Arrangement::solved(board.cells()),
        };
        Ok(Question {
            board,
            from,
            to,
            id: request.id,
        })
    }
}

/// The JSON answer for a verdict.
pub fn verdict_json(verdict: &Verdict) -> Value {
    match verdict.reason() {
        None => json!({"reachable": true, "reason": null}),
        Some(r) => json!({"reachable": false, "reason": r.to_string(), "kind": r.kind()}),
    }
}

/// The JSON answer for a bad line.
pub fn error_json(line: u64, error: &Error) -> Value {
    json!({"error": format!("line {line}: {error}")})
}

/// Reads one line of at most `max` bytes into `buf` (without its line
/// end). `Ok(None)` at the end of input; `Ok(Some(false))` when the line
/// was longer than `max` and was skipped.
pub fn read_line_capped<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<bool>> {
    buf.clear();
    let mut any = false;
    let mut too_long = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match memchr(chunk) {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > max {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        input.consume(take + done as usize);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(!too_long))
}

fn memchr(chunk: &[u8]) -> Option<usize> {
    chunk.iter().position(|&b| b == b'\n')
}

/// Answers a whole batch: one JSON object per input line, in order.
/// Returns (lines, bad lines).
pub fn run<R: BufRead, W: Write>(mut input: R, output: &mut W) -> Result<(u64, u64), Error> {
    let mut reader = QuestionReader::default();
    let mut buf = Vec::new();
    let (mut lines, mut bad) = (0u64, 0u64);
    while let Some(fits) = read_line_capped(&mut input, &mut buf, MAX_LINE)? {
        lines += 1;
        let answer = if !fits {
            Err(Error::Input {
                place: "input".into(),
                problem: format!("line longer than {MAX_LINE} bytes"),
            })
        } else {
            std::str::from_utf8(&buf)
                .map_err(|_| Error::Input {
                    place: "input".into(),
                    problem: "line is not UTF-8".into(),
                })
                .and_then(|line| reader.parse(line))
                .and_then(|q| {
                    let verdict = reach(&q.board, &q.from, &q.to)?;
                    let mut answer = verdict_json(&verdict);
                    if let Some(id) = q.id {
                        answer["id"] = id;
                    }
                    Ok(answer)
                })
        };
        let answer = answer.unwrap_or_else(|e| {
            bad += 1;
            error_json(lines, &e)
        });
        serde_json::to_writer(&mut *output, &answer).map_err(std::io::Error::from)?;
        output.write_all(b"\n")?;
    }
    output.flush()?;
    Ok((lines, bad))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(input: &str) -> (Vec<Value>, u64) {
        let mut out = Vec::new();
        let (_, bad) = run(input.as_bytes(), &mut out).unwrap();
        let answers = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (answers, bad)
    }

    #[test]
    fn every_line_gets_an_answer() {
        let (answers, bad) = batch(concat!(
            "{\"board\":\"3x3\",\"from\":\"1 2 3/4 5 6/7 0 8\"}\n",
            "{\"board\":\"3x3\",\"from\":[2,1,3,4,5,6,7,8,0],\"to\":[1,2,3,4,5,6,7,8,0],\"id\":7}\n",
            "not json\n",
            "{\"board\":\"3x3\",\"from\":[1,2,3,4,5,6,7,8,-1]}\n",
            "\n",
            "{\"board\":\"2x2\",\"from\":\"2 1 3 0\"}",
        ));
        assert_eq!(answers.len(), 6);
        assert_eq!(answers[0]["reachable"], true);
        assert_eq!(answers[1]["reachable"], false);
        assert_eq!(answers[1]["id"], 7);
        assert!(
            answers[2]["error"]
                .as_str()
                .unwrap()
                .starts_with("line 3: ")
        );
        assert!(
            answers[3]["error"]
                .as_str()
                .unwrap()
                .contains("token 9 (-1) is negative"),
            "{}",
            answers[3]
        );
        assert!(answers[4]["error"].is_string());
        assert_eq!(answers[5]["reachable"], false);
        assert_eq!(bad, 3);
    }

    #[test]
    fn long_lines_are_skipped_not_kept() {
        let mut input = "x".repeat(100).into_bytes();
        input.extend_from_slice(b"\nok\n");
        let mut r = std::io::BufReader::with_capacity(16, &input[..]);
        let mut buf = Vec::new();
        assert_eq!(read_line_capped(&mut r, &mut buf, 10).unwrap(), Some(false));
        assert!(buf.is_empty());
        assert_eq!(read_line_capped(&mut r, &mut buf, 10).unwrap(), Some(true));
        assert_eq!(buf, b"ok");
        assert_eq!(read_line_capped(&mut r, &mut buf, 10).unwrap(), None);
    }
}
