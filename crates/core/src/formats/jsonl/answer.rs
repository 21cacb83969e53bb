//! What a batch answers: a verdict, a solution (whole, or streamed move
//! by move for big boards), or an error, as JSON.

use std::io::Write;

use serde_json::{Value, json};

use crate::moves::{Metric, Move};
use crate::reach::Verdict;
use crate::solve::{Solution, Summary};

/// A question's `id`, kept as it was written (digits, exponent, escapes
/// and all) to be echoed back byte for byte.
pub type Id = Box<serde_json::value::RawValue>;

/// Reads an `id` as written, `null` included (an `Option` would take
/// `null` for no `id` and drop it from the answer): for
/// `#[serde(default, deserialize_with = "id_as_written")]`.
///
/// # Errors
/// When the value is not JSON.
pub fn id_as_written<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Id>, D::Error> {
    <Id as serde::Deserialize>::deserialize(deserializer).map(Some)
}

/// `answer`, a JSON object, as text with `"id"` added last, written as the
/// question wrote it.
///
/// ```
/// use npuzzle_core::formats::jsonl::{Id, with_id};
/// let id: Id = serde_json::from_str("12345678901234567890123").unwrap();
/// let answer = serde_json::json!({"reachable": true});
/// assert_eq!(with_id(&answer, Some(&id)), r#"{"reachable":true,"id":12345678901234567890123}"#);
/// assert_eq!(with_id(&serde_json::json!({}), Some(&id)), r#"{"id":12345678901234567890123}"#);
/// ```
#[must_use]
pub fn with_id(answer: &Value, id: Option<&serde_json::value::RawValue>) -> String {
    let mut text = answer.to_string();
    if let Some(id) = id {
        debug_assert!(text.ends_with('}'), "an answer is an object");
        text.pop();
        if text.len() > 1 {
            text.push(',');
        }
        text.push_str("\"id\":");
        text.push_str(id.get());
        text.push('}');
    }
    text
}

/// The JSON answer for a solution: `{"reachable": true, "moves": [[from,
/// to], ...], "length", "optimal", "lower_bound", "nodes"}`
/// (`lower_bound`: a proven lower bound of the shortest length, 0 when
/// none is known); with the multi-tile metric, `"metric": "mtm"`, and
/// `optimal` and `lower_bound` count multi-tile moves (`mtm`).
pub fn solution_json(solution: &Solution) -> Value {
    let moves: Vec<[u32; 2]> = solution.moves().iter().map(|m| [m.from, m.to]).collect();
    let mut answer = serde_json::Map::new();
    answer.insert("reachable".into(), true.into());
    answer.insert("reason".into(), Value::Null);
    answer.insert("length".into(), solution.len().into());
    if let Some(mtm) = solution.multi_tile_moves() {
        answer.insert("mtm".into(), mtm.into());
    }
    if solution.metric() == Metric::MultiTile {
        answer.insert("metric".into(), Metric::MultiTile.name().into());
    }
    if let Some(directions) = solution.directions() {
        answer.insert("directions".into(), directions.into());
    }
    answer.insert("optimal".into(), solution.is_optimal().into());
    answer.insert("lower_bound".into(), solution.lower_bound().into());
    answer.insert("nodes".into(), solution.nodes().into());
    answer.insert("moves".into(), json!(moves));
    Value::Object(answer)
}

/// The fields of a solved pair's answer besides its moves: the one list
/// of them, for answers made whole and for moves written as they come.
#[must_use]
pub fn solved_fields(summary: &Summary) -> serde_json::Map<String, Value> {
    let mut fields = serde_json::Map::new();
    fields.insert("reachable".into(), true.into());
    fields.insert("reason".into(), Value::Null);
    fields.insert("length".into(), summary.length.into());
    if let Some(mtm) = summary.multi_tile_moves {
        fields.insert("mtm".into(), mtm.into());
    }
    if summary.metric == Metric::MultiTile {
        fields.insert("metric".into(), Metric::MultiTile.name().into());
    }
    fields.insert("optimal".into(), summary.optimal.into());
    fields.insert("lower_bound".into(), summary.lower_bound.into());
    fields.insert("nodes".into(), summary.nodes.into());
    fields
}

/// The JSON answer for a verdict.
#[must_use]
pub fn verdict_json(verdict: &Verdict) -> Value {
    match verdict.reason() {
        None => json!({"reachable": true, "reason": null}),
        Some(r) => json!({
            "reachable": false,
            "reason": r.to_string(),
            "kind": r.kind(),
            "explain": r.explain(),
        }),
    }
}

/// The JSON answer for a bad line.
pub(crate) fn error_json(line: u64, error: &dyn std::fmt::Display) -> Value {
    json!({"error": format!("line {line}: {error}")})
}

/// The answer for a line whose search reached the solver's limit: what
/// it ruled out (every solution has at least `lower_bound` moves).
pub(crate) fn limit_json(line: u64, lower_bound: u64, nodes: u64) -> Value {
    json!({"error": "limit reached", "line": line, "lower_bound": lower_bound, "nodes": nodes})
}

/// A solution's answer written as its moves come: `{"moves":[[f,t],...`,
/// then the other fields. Memory does not grow with the moves.
#[derive(Debug, Default)]
pub(crate) struct StreamedAnswer {
    written: u64,
}

impl StreamedAnswer {
    /// Writes one move.
    ///
    /// # Errors
    /// When writing to `out` fails.
    pub(crate) fn push(&mut self, m: Move, out: &mut impl Write) -> std::io::Result<()> {
        let sep = if self.written == 0 {
            "{\"moves\":["
        } else {
            ","
        };
        self.written += 1;
        write!(out, "{sep}[{},{}]", m.from, m.to)
    }

    /// Closes the moves and writes `fields`, a JSON object's text (and a
    /// line end).
    ///
    /// # Errors
    /// When writing to `out` fails.
    pub(crate) fn finish(self, fields: &str, out: &mut impl Write) -> std::io::Result<()> {
        // The object's opening brace is the moves' own.
        let rest = &fields[1..];
        match (self.written, rest) {
            (0, "}") => writeln!(out, "{{\"moves\":[]}}"),
            (0, _) => writeln!(out, "{{\"moves\":[],{rest}"),
            (_, "}") => writeln!(out, "]}}"),
            (_, _) => writeln!(out, "],{rest}"),
        }
    }
}
