//! A batch line read as a question: `{"board", "from", "to", "id"}`,
//! arrangements as strings or arrays, unknown fields refused, and the
//! board reused while the spec repeats.

use serde::Deserialize;

use super::answer::Id;

use crate::arrangement::{Arrangement, Token, parse_token};
use crate::board::Board;
use crate::board::spec::{parse_board, spec_cells};
use crate::error::Error;
use crate::error::shorten;
use crate::moves::Metric;

/// One question: `{"board": SPEC, "from": ARR, "to": ARR}`, `to` optional
/// (the solved arrangement), `id` echoed back when present.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The board spec.
    pub board: String,
    /// The start arrangement.
    pub from: ArrangementValue,
    /// The target arrangement; the solved one when absent.
    #[serde(default)]
    pub to: Option<ArrangementValue>,
    /// Anything the caller wants echoed back with the answer, as written
    /// (`null` too).
    #[serde(default, deserialize_with = "super::id_as_written")]
    pub id: Option<Id>,
    /// How this line's moves are counted, `"stm"` or `"mtm"`; the
    /// batch's own when absent.
    #[serde(default)]
    pub metric: Option<String>,
}

/// An arrangement in JSON: an array of tokens or a string such as
/// `"1 2 3/4 0 5"`.
#[derive(Debug)]
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

impl<'de> Deserialize<'de> for ArrangementValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = ArrangementValue;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "an arrangement: a string such as \"1 2 3/4 0 5\" or an array of tokens",
                )
            }
            fn visit_str<E>(self, v: &str) -> Result<ArrangementValue, E> {
                Ok(ArrangementValue::Text(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<ArrangementValue, A::Error> {
                let mut tokens = Vec::new();
                while let Some(token) = seq.next_element()? {
                    tokens.push(token);
                }
                Ok(ArrangementValue::List(tokens))
            }
        }
        d.deserialize_any(Visitor)
    }
}

impl<'de> Deserialize<'de> for TokenValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
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
                // JSON gives a float for a fraction, an exponent, a
                // decimal point, -0 and integers past 64 bits.
                let why = if !v.is_finite() || v.fract() != 0.0 {
                    "is not an integer"
                } else if v == 0.0 && v.is_sign_negative() {
                    "is -0: the blank is written 0"
                } else if v < 0.0 {
                    "is negative: tokens are 0 (the blank) or positive"
                } else if v > f64::from(Token::MAX) {
                    "is too large: tokens go up to 4294967295"
                } else {
                    "is not an integer: write it without a decimal point or exponent"
                };
                Ok(TokenValue::Bad(format!("{v:?}"), why))
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
    /// Converts to an arrangement for `board`, naming it `which` in errors.
    pub fn to_arrangement(&self, board: &Board, which: &str) -> Result<Arrangement, Error> {
        match self {
            Self::Text(text) => Arrangement::parse_on(board, text, which),
            Self::List(values) => values
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
    /// Echoed back, as written.
    pub id: Option<Id>,
    /// The metric this line asks for, if it names one.
    pub metric: Option<Metric>,
}

/// Turns lines into questions, reusing the board while the spec repeats.
/// Shared by the threads of a batch.
#[derive(Default)]
pub struct QuestionReader {
    last: std::sync::Mutex<Option<(String, std::sync::Arc<Board>)>>,
}

impl QuestionReader {
    /// Parses one line of JSON into a question. The boards's size is
    /// compared with the arrangements' before the board is built, so
    /// that a short line cannot ask for a huge board.
    pub fn parse(&self, line: &str) -> Result<Question, Error> {
        // serde would take an array of the fields' values, in order.
        if !line.trim_start().starts_with('{') {
            return Err(Error::Input {
                place: "json".into(),
                problem: "a line is a JSON object: {\"board\", \"from\", \"to\"?, \"id\"?}".into(),
            });
        }
        let request: Request = serde_json::from_str(line).map_err(|e| json_error(&e))?;
        let metric = request.metric.as_deref().map(str::parse).transpose()?;
        // Only a board bigger than its arrangements could cost much to
        // build; a spec over the limit is refused by the board's own check.
        let cells = spec_cells(&request.board).filter(|&c| c <= crate::board::MAX_CELLS);
        if let Some(cells) = cells {
            let given = [
                Some((&request.from, "from")),
                request.to.as_ref().map(|to| (to, "to")),
            ];
            for (value, which) in given.into_iter().flatten() {
                let len = match value {
                    ArrangementValue::List(tokens) => tokens.len(),
                    ArrangementValue::Text(text) => {
                        Arrangement::parse_named(text, which)?.tokens().len()
                    }
                };
                if len < cells {
                    return Err(Error::arrangement(
                        which,
                        format!("{len} tokens for a board of {cells} cells"),
                    ));
                }
            }
        }
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
        let from = request.from.to_arrangement(&board, "from")?;
        let to = match &request.to {
            Some(to) => to.to_arrangement(&board, "to")?,
            None => Arrangement::solved_with_blanks(board.cell_count(), from.blank_count()),
        };
        Ok(Question {
            board,
            from,
            to,
            id: request.id,
            metric,
        })
    }
}

/// What serde says is wrong with a line, its place given as a column
/// only: the line is the batch's, named once by the caller.
fn json_error(e: &serde_json::Error) -> Error {
    let message = e.to_string();
    let message = match message.rfind(" at line ") {
        Some(at) => format!("{} at column {}", &message[..at], e.column()),
        None => message,
    };
    Error::Input {
        place: "json".into(),
        problem: message,
    }
}

/// The `id` of a line that could not be read as a question, if the line
/// is JSON with one, so that even errors can be matched to questions.
pub(super) fn id_of(line: &[u8]) -> Option<Id> {
    #[derive(Deserialize)]
    struct Only {
        #[serde(default, deserialize_with = "super::id_as_written")]
        id: Option<Id>,
    }
    serde_json::from_slice::<Only>(line).ok()?.id
}
