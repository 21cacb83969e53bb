//! The player's endpoints: `POST /api/gen` (random arrangements and
//! scrambles) and `POST /api/apply` (play a move sequence, check where
//! it ends).

use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use npuzzle_core::formats::jsonl::{ArrangementValue, Id, id_as_written};
use npuzzle_core::generate::Generator;
use npuzzle_core::moves::play;
use npuzzle_core::{Arrangement, Board, Cell, directions};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::{
    App, Failure, MAX_GEN_CELLS, MAX_MOVES, answer, max_answer_moves, parse, parse_board,
    question_with, with_id,
};

/// A gen request: `board`, and optionally `to`, `seed`, `moves`, `id`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GenRequest {
    board: String,
    #[serde(default)]
    to: Option<ArrangementValue>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    moves: Option<u64>,
    #[serde(default, deserialize_with = "id_as_written")]
    id: Option<Id>,
}

/// The target of a request: the one given, or the solved arrangement.
pub(crate) fn target(board: &Board, to: Option<&ArrangementValue>) -> Result<Arrangement, Failure> {
    match to {
        Some(to) => to.to_arrangement(board, "to").map_err(Failure::bad),
        None => Ok(Arrangement::solved(board.cell_count())),
    }
}

/// `POST /api/gen`: a random arrangement that reaches `to`, drawn
/// uniformly, or `to` scrambled by `moves` random moves; as a batch
/// question (`{"board", "from", "to"}`) with the seed that made it.
pub(crate) async fn post_gen(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    answer(&app, &headers, body, |text, cancel| {
        let request: GenRequest = parse(text)?;
        let board = parse_board(&request.board, MAX_GEN_CELLS, "makes arrangements on")?;
        let to = target(&board, request.to.as_ref())?;
        let seed = request.seed.unwrap_or_else(Generator::clock_seed);
        let mut generator = Generator::new(seed).cancel_on(cancel);
        let from = match request.moves {
            Some(moves) if moves > MAX_MOVES => {
                return Err(Failure::bad(format!(
                    "moves: at most {MAX_MOVES} (asked for {moves})"
                )));
            }
            Some(moves) => generator.scramble(&board, &to, moves),
            None => generator.reachable(&board, &to),
        }
        .map_err(|e| match e {
            npuzzle_core::Error::Cancelled => Failure(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                "the draw was stopped".into(),
            ),
            e => Failure::bad(e),
        })?;
        let value = json!({"board": board, "from": from, "to": to, "seed": seed});
        Ok(with_id(value, request.id))
    })
    .await
}

/// Moves as a request gives them: text (`R3U2LD`, `5-4 8-5`,
/// `[[5,4],[8,5]]`) or an array of `[from, to]` pairs.
#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum MovesValue {
    /// Letters or cell pairs, as `npuzzle apply` reads them.
    Text(String),
    /// `[from, to]` cell pairs, as `/api/solve` answers them.
    Pairs(Vec<[Cell; 2]>),
}

impl MovesValue {
    /// The moves as a text `play` reads, or why they are not moves, or
    /// that they are more than `max` single moves: counted before they
    /// are expanded or copied, however they are written (`why` ends the
    /// message of too many).
    pub(crate) fn into_text(value: Value, max: u64, why: &str) -> Result<String, Failure> {
        let count = match &value {
            Value::String(text) => single_moves(text),
            Value::Array(pairs) => pairs.len() as u64,
            _ => 0,
        };
        if count > max {
            return Err(Failure::bad(format!(
                "moves: at most {max} single moves here (these are {count}){why}"
            )));
        }
        match serde_json::from_value(value) {
            Ok(Self::Text(text)) => Ok(text),
            Ok(Self::Pairs(pairs)) => Ok(json!(pairs).to_string()),
            Err(_) => Err(Failure::bad(
                "moves: give a text (R3U2LD, 5-4 8-5) or an array of [from, to] pairs of cells",
            )),
        }
    }
}

/// `POST /api/apply`: `board`, `from`, `moves`, and optionally `to`,
/// `id`. Plays the moves from `from`, each checked; the
/// arrangement they end on, and whether it is `to` when `to` is given.
pub(crate) async fn post_apply(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let max_moves = (max_answer_moves(&app) as u64).min(MAX_MOVES);
    answer(&app, &headers, body, move |text, _| {
        let given_to = parse::<Map<String, Value>>(text)?.contains_key("to");
        let (q, mut own) = question_with(text, &["moves"])?;
        let moves = own
            .remove("moves")
            .ok_or_else(|| Failure::bad("json: missing field `moves`"))?;
        let why = ": the server keeps each answer to its share of --max-memory";
        let moves = MovesValue::into_text(moves, max_moves, why)?;
        let (board, from) = (q.board.as_ref(), &q.from);
        let (moves, end) = play(board, from, &moves).map_err(Failure::bad)?;
        let pairs: Vec<[Cell; 2]> = moves.iter().map(|m| [m.from, m.to]).collect();
        let mut value = json!({"end": end, "length": moves.len(), "moves": pairs});
        // Letters name the tile by the one blank it slides into.
        let letters = (from.blank_count() == 1).then(|| directions(board, &moves));
        if let Some(letters) = letters.flatten() {
            value["directions"] = json!(letters);
        }
        if given_to {
            value["reached"] = json!(q.to == end);
        }
        Ok(with_id(value, q.id))
    })
    .await
}

/// The number of single moves a move text stands for, at least: a
/// direction letter counts as many moves as the number after it (`R3`
/// is three); cell pairs (`5-4`, `[5,4]`) one each, two numbers not
/// after a letter. Bounds the work before the moves are expanded.
pub(super) fn single_moves(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut total = 0u64;
    let mut cells = 0u64;
    let mut i = 0;
    while i < bytes.len() {
        let letter = b"LRUDlrud".contains(&bytes[i]);
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if letter {
            let count = match digits {
                0 => 1,
                _ => text[i + 1..i + 1 + digits]
                    .parse::<u64>()
                    .unwrap_or(u64::MAX),
            };
            total = total.saturating_add(count);
            i += 1 + digits;
        } else if bytes[i].is_ascii_digit() {
            // A cell of a pair: the whole number.
            cells += 1;
            i += 1 + digits;
        } else {
            i += 1;
        }
    }
    total.saturating_add(cells.div_ceil(2))
}
