//! JSON Lines batches: one question per input line, one answer per line,
//! in order. A bad line gets `{"error": "..."}` and the batch goes on.

use std::io::{BufRead, Write};

use rayon::prelude::*;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::arrangement::{Arrangement, Token, parse_token, shorten};
use crate::board::Board;
use crate::error::Error;
use crate::formats::spec::parse_board;
use crate::reach::{Verdict, reach};
use crate::solve::{Solution, SolveError, Solver, Summary};

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
    List(Vec<TokenValue>),
}

/// One element of an arrangement array: a token, or what is wrong with it
/// (kept, so that the error can name its place).
#[derive(Debug)]
pub enum TokenValue {
    /// A valid token.
    Token(Token),
    /// The value as written, and why it is not a token.
    Bad(String, &'static str),
}

impl<'de> Deserialize<'de> for TokenValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TokenValue, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = TokenValue;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a token")
            }
            fn visit_u64<E>(self, v: u64) -> Result<TokenValue, E> {
                Ok(match Token::try_from(v) {
                    Ok(t) => TokenValue::Token(t),
                    Err(_) => {
                        TokenValue::Bad(v.to_string(), "is too large: tokens go up to 4294967295")
                    }
                })
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<TokenValue, E> {
                match u64::try_from(v) {
                    Ok(u) => self.visit_u64(u),
                    Err(_) => Ok(TokenValue::Bad(
                        v.to_string(),
                        "is negative: tokens are 0 (the blank) or positive",
                    )),
                }
            }
            fn visit_f64<E>(self, v: f64) -> Result<TokenValue, E> {
                Ok(TokenValue::Bad(v.to_string(), "is not a whole number"))
            }
            fn visit_str<E>(self, v: &str) -> Result<TokenValue, E> {
                Ok(match parse_token(v) {
                    Ok(t) => TokenValue::Token(t),
                    Err(why) => TokenValue::Bad(format!("{v:?}"), why),
                })
            }
            fn visit_bool<E>(self, v: bool) -> Result<TokenValue, E> {
                Ok(TokenValue::Bad(v.to_string(), "is not a number"))
            }
            fn visit_unit<E>(self) -> Result<TokenValue, E> {
                Ok(TokenValue::Bad("null".into(), "is not a number"))
            }
        }
        d.deserialize_any(Visitor)
    }
}

impl ArrangementValue {
    /// Converts to an arrangement, naming it `which` in errors.
    pub fn to_arrangement(&self, which: &str) -> Result<Arrangement, Error> {
        match self {
            ArrangementValue::Text(text) => Arrangement::parse_named(text, which),
            ArrangementValue::List(values) => values
                .iter()
                .enumerate()
                .map(|(i, v)| match v {
                    TokenValue::Token(t) => Ok(*t),
                    TokenValue::Bad(text, why) => Err(Error::arrangement(
                        which,
                        format!("token {} ({}) {why}", i + 1, shorten(text)),
                    )),
                })
                .collect::<Result<Vec<Token>, Error>>()
                .map(Arrangement::new),
        }
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
/// Shared by the threads of a batch.
#[derive(Default)]
pub struct QuestionReader {
    last: std::sync::Mutex<Option<(String, std::sync::Arc<Board>)>>,
}

impl QuestionReader {
    /// Parses one line of JSON into a question.
    pub fn parse(&self, line: &str) -> Result<Question, Error> {
        let request: Request = serde_json::from_str(line).map_err(|e| Error::Input {
            place: "json".into(),
            problem: e.to_string(),
        })?;
        let cached = match &*self.last.lock().expect("never poisoned") {
            Some((spec, board)) if *spec == request.board => Some(board.clone()),
            _ => None,
        };
        let board = match cached {
            Some(board) => board,
            None => {
                let board = std::sync::Arc::new(parse_board(&request.board)?);
                *self.last.lock().expect("never poisoned") =
                    Some((request.board.clone(), board.clone()));
                board
            }
        };
        let from = request.from.to_arrangement("from")?;
        let to = match &request.to {
            Some(to) => to.to_arrangement("to")?,
            None => Arrangement::solved_with_blanks(board.cells(), from.blank_count()),
        };
        Ok(Question {
            board,
            from,
            to,
            id: request.id,
        })
    }
}

/// What a batch answers.
#[derive(Clone, Copy, Debug)]
pub enum Mode<'s> {
    /// Reachability: `{"reachable", "reason"}`.
    Reach,
    /// Solutions by this solver: also `"moves"`, `"length"`, `"optimal"`,
    /// `"nodes"`.
    Solve(&'s Solver<'s>),
}

/// The JSON answer for a solution: `{"reachable": true, "moves": [[from,
/// to], ...], "length", "optimal", "nodes"}`.
pub fn solution_json(solution: &Solution) -> Value {
    let moves: Vec<[u32; 2]> = solution.moves().iter().map(|m| [m.from, m.to]).collect();
    let mut answer = serde_json::Map::new();
    answer.insert("reachable".into(), true.into());
    answer.insert("reason".into(), Value::Null);
    answer.insert("length".into(), solution.len().into());
    if let Some(mtm) = solution.mtm() {
        answer.insert("mtm".into(), mtm.into());
    }
    if let Some(directions) = solution.directions() {
        answer.insert("directions".into(), directions.into());
    }
    answer.insert("optimal".into(), solution.is_optimal().into());
    answer.insert("nodes".into(), solution.nodes().into());
    answer.insert("moves".into(), json!(moves));
    Value::Object(answer)
}

/// The fields of a solved pair's answer besides its moves: the one list
/// of them, for answers made whole and for moves written as they come.
pub fn solved_fields(summary: &Summary) -> serde_json::Map<String, Value> {
    let mut fields = serde_json::Map::new();
    fields.insert("reachable".into(), true.into());
    fields.insert("reason".into(), Value::Null);
    fields.insert("length".into(), summary.length.into());
    if let Some(mtm) = summary.mtm {
        fields.insert("mtm".into(), mtm.into());
    }
    fields.insert("optimal".into(), summary.optimal.into());
    fields.insert("nodes".into(), summary.nodes.into());
    fields
}

/// The JSON answer for a verdict.
pub fn verdict_json(verdict: &Verdict) -> Value {
    match verdict.reason() {
        None => json!({"reachable": true, "reason": null}),
        Some(r) => json!({"reachable": false, "reason": r.to_string(), "kind": r.kind()}),
    }
}

/// The JSON answer for a bad line.
pub fn error_json(line: u64, error: &dyn std::fmt::Display) -> Value {
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

/// Lines answered together, on all cores: at most this many lines, or
/// this many bytes.
const CHUNK_LINES: usize = 256;
const CHUNK_BYTES: usize = 32 << 20;

/// Answers one line: the verdict, or what is wrong with the line.
fn answer_line(
    reader: &QuestionReader,
    line: Option<&[u8]>,
    mode: Mode,
) -> Result<Value, SolveError> {
    let line = line.ok_or_else(|| Error::Input {
        place: "input".into(),
        problem: format!("line longer than {MAX_LINE} bytes"),
    })?;
    let line = std::str::from_utf8(line).map_err(|_| Error::Input {
        place: "input".into(),
        problem: "line is not UTF-8".into(),
    })?;
    let q = reader.parse(line)?;
    let mut answer = match mode {
        Mode::Reach => verdict_json(&reach(&q.board, &q.from, &q.to)?),
        Mode::Solve(solver) => match solver.solve(&q.board, &q.from, &q.to) {
            Ok(solution) => solution_json(&solution),
            Err(SolveError::Unreachable(reason)) => verdict_json(&Verdict::Unreachable(reason)),
            Err(e) => return Err(e),
        },
    };
    if let Some(id) = q.id {
        answer["id"] = id;
    }
    Ok(answer)
}

/// Answers a whole batch: one JSON object per input line, in order.
/// Lines are read a chunk at a time and answered on all cores. Returns
/// (lines, bad lines).
pub fn run<R: BufRead, W: Write>(
    mut input: R,
    output: &mut W,
    mode: Mode,
) -> Result<(u64, u64), Error> {
    let reader = QuestionReader::default();
    let (mut lines, mut bad) = (0u64, 0u64);
    // `None` marks a line that was too long (and was not kept).
    let mut chunk: Vec<Option<Vec<u8>>> = Vec::new();
    let mut spare: Vec<Vec<u8>> = Vec::new();
    loop {
        let (mut bytes, mut ended) = (0, false);
        while chunk.len() < CHUNK_LINES && bytes < CHUNK_BYTES {
            let mut buf = spare.pop().unwrap_or_default();
            match read_line_capped(&mut input, &mut buf, MAX_LINE)? {
                None => {
                    ended = true;
                    break;
                }
                Some(fits) => {
                    bytes += buf.len();
                    chunk.push(fits.then_some(buf));
                }
            }
        }
        let answers: Vec<Result<Value, SolveError>> = chunk
            .par_iter()
            .map(|line| answer_line(&reader, line.as_deref(), mode))
            .collect();
        for answer in answers {
            lines += 1;
            let answer = answer.unwrap_or_else(|e| {
                bad += 1;
                error_json(lines, &e)
            });
            serde_json::to_writer(&mut *output, &answer).map_err(std::io::Error::from)?;
            output.write_all(b"\n")?;
        }
        spare.extend(chunk.drain(..).flatten());
        if ended {
            break;
        }
    }
    output.flush()?;
    Ok((lines, bad))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(input: &str) -> (Vec<Value>, u64) {
        let mut out = Vec::new();
        let (_, bad) = run(input.as_bytes(), &mut out, Mode::Reach).unwrap();
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
