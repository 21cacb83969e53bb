//! The JSON API. Each endpoint takes the fields of a batch line and
//! answers what `npuzzle batch` answers, translating to and from the
//! library and nothing more:
//!
//! | endpoint | takes | answers |
//! |---|---|---|
//! | `POST /api/reach` | `board`, `from`, `to`?, `id`? | `{"reachable", "reason", "kind"?, "cells"}` (`cells`: those the reason names, for highlighting) |
//! | `POST /api/solve` | the same, `optimal`?, `fast`? | as `batch --solve`: `{"reachable", "moves", "length", "mtm"?, "directions"?, "optimal", "lower_bound", "nodes", "seconds"}`, or the verdict |
//! | `POST /api/gen` | `board`, `to`?, `seed`?, `moves`?, `id`? | as `gen --json`: `{"board", "from", "to", "seed"}` (uniform, or `moves` random moves from `to`) |
//! | `POST /api/apply` | `board`, `from`, `moves` (text or `[[from, to], ...]`), `to`?, `id`? | `{"end", "length", "moves", "directions"?, "reached"?}` |
//! | `POST /api/show` | `board`, `from`?, `to`?, `id`? | `{"board", "cells", "kind", "dims"?, "two_d", "positions", "size", "labels", "edges", "from"?, "to"}` |
//! | `POST /api/svg` | `board`, `from`?, `to`?, `moves`? (as for apply), `id`? | `{"svg"}`: the board as an SVG picture, or with `moves` the solution played as an animated SVG |
//! | `GET /api/status` | | `{"searches", "waiting", "memory_free", "time_limit", "version"}` (jobs running and waiting for a slot; bytes of `--max-memory` that neither jobs nor unsent answers hold) |
//!
//! Arrangements are arrays of tokens or strings (`"1 2 3/4 0 5"`); a
//! board is a spec string, never `@FILE` (the library reads no file).
//! Bad input is `{"error": "..."}` with status 400; a body that is not
//! JSON 415; a body over 16 MiB 413; a body slower than `--read-timeout`
//! 408; work past the time limit 503; no job slot free in time 503 with
//! `Retry-After`.
//!
//! At most [`RECEIVING`] bodies are received at once (the rest wait, up
//! to `--read-timeout`), so stalled bodies hold at most 128 MiB.
//!
//! Answers are kept to a size a page can take: solutions and random
//! arrangements on boards of at most [`MAX_SOLVE_CELLS`] and
//! [`MAX_GEN_CELLS`] cells, drawings of at most [`MAX_DRAWN_CELLS`],
//! scrambles and move sequences of at most [`MAX_MOVES`] moves.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::Response;
use npuzzle_core::formats::jsonl::{
    Id, Question, QuestionReader, solution_json, verdict_json, with_id as with_raw_id,
};
use npuzzle_core::spec::spec_cells;
use npuzzle_core::{
    Arrangement, BLANK, Board, Cell, Limit, Metric, Reason, SolveError, Solver, Verdict, reach,
};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::App;
use super::jobs::JobError;
use super::reply::{Failure, Reply, error_response, json_response, json_text_response, with_id};

mod play;
mod show;

pub(super) use play::{MovesValue, post_apply, post_gen, target};
pub(super) use show::{post_show, post_svg};

/// The largest board `/api/solve` solves (100×100: about 1.7 million moves).
pub(super) const MAX_SOLVE_CELLS: usize = 10_000;
/// The largest board `/api/gen` draws arrangements on.
pub(super) const MAX_GEN_CELLS: usize = 1 << 20;
/// The largest board `/api/show` lays out for drawing.
pub(super) const MAX_DRAWN_CELLS: usize = 10_000;
/// The most moves a scramble or an applied sequence may have.
pub(super) const MAX_MOVES: u64 = 10_000_000;

/// Bodies received at once.
pub(super) const RECEIVING: usize = 8;
/// The bytes a move of an answer costs while it is made (its pairs, the
/// JSON value and its text: about 125 measured, with room).
pub(super) const BYTES_PER_MOVE: u64 = 160;
/// The bodies being received, at most [`RECEIVING`] at once, each within
/// the read timeout.
pub(super) struct Bodies {
    receiving: tokio::sync::Semaphore,
    timeout: Duration,
}

impl Bodies {
    /// No bodies yet; each may take `timeout` to arrive.
    pub(super) fn new(timeout: Duration) -> Self {
        Self {
            receiving: tokio::sync::Semaphore::new(RECEIVING),
            timeout,
        }
    }

    /// The whole body, at most [`MAX_BODY`](super::MAX_BODY) bytes,
    /// received within the timeout.
    async fn read(&self, body: Body) -> Result<Bytes, Failure> {
        let slow = |what: &str| {
            Failure(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "{what} within {} s (--read-timeout)",
                    self.timeout.as_secs_f64()
                ),
            )
        };
        let _permit = tokio::time::timeout(self.timeout, self.receiving.acquire())
            .await
            .map_err(|_| Failure::busy("too many requests are being received at once"))?;
        let bytes = tokio::time::timeout(self.timeout, axum::body::to_bytes(body, super::MAX_BODY))
            .await
            .map_err(|_| slow("the request's body did not arrive"))?;
        bytes.map_err(|e| {
            let too_large = std::error::Error::source(&e)
                .is_some_and(|s| s.is::<http_body_util::LengthLimitError>())
                || e.to_string().contains("length limit");
            match too_large {
                true => Failure(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("the request is over {} bytes", super::MAX_BODY),
                ),
                false => Failure::bad(format!("the request's body could not be read: {e}")),
            }
        })
    }
}

/// The most moves an answer may have: what a job's share of
/// `--max-memory` holds.
pub(super) fn max_answer_moves(app: &App) -> usize {
    usize::try_from(app.jobs.memory_per_job() / BYTES_PER_MOVE).unwrap_or(usize::MAX)
}

/// The answer for a job's outcome.
fn respond(outcome: Result<Result<Reply, Failure>, JobError>) -> Response {
    match outcome {
        Ok(Ok(reply)) => json_text_response(
            StatusCode::OK,
            with_raw_id(&reply.value, reply.id.as_deref()),
        ),
        Ok(Err(Failure(status, message))) => error_response(status, message),
        Err(JobError::Busy) => {
            let Failure(status, message) = Failure::busy("every job slot is taken (--max-jobs)");
            error_response(status, message)
        }
        Err(JobError::TimedOut(limit)) => error_response(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "stopped after {} s, the server's time limit (--time-limit); try a \
                 constructive solution, or a board with tables already built",
                limit.as_secs_f64()
            ),
        ),
        Err(JobError::NoRoom) => no_room(),
        Err(JobError::Panicked) => error_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error (please report): the work for this request panicked",
        ),
    }
}

/// The body's text, when it is JSON within the size and time limits.
async fn json_text(bodies: &Bodies, headers: &HeaderMap, body: Body) -> Result<String, Failure> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .eq_ignore_ascii_case("application/json")
        });
    if !json {
        return Err(Failure(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send the request as JSON (Content-Type: application/json)".into(),
        ));
    }
    let body = bodies.read(body).await?;
    String::from_utf8(body.to_vec()).map_err(|_| Failure::bad("json: the body is not UTF-8"))
}

/// Parses a request's JSON into `T`, errors named `json: ...`.
pub(super) fn parse<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, Failure> {
    // serde would take an array of the fields' values, in order.
    if !text.trim_start().starts_with('{') {
        return Err(Failure::bad("json: a request is a JSON object"));
    }
    serde_json::from_str(text).map_err(|e| Failure::bad(format!("json: {e}")))
}

/// A board spec from a request (the library refuses `@FILE`), refused
/// before it is built when it has over `max` cells (`what` says what the
/// page does with boards up to that size).
pub(super) fn parse_board(spec: &str, max: usize, what: &str) -> Result<Board, Failure> {
    if let Some(cells) = spec_cells(spec).filter(|&cells| cells > max) {
        return Err(Failure::bad(format!(
            "the page {what} boards of at most {max} cells (this one has {cells}); the \
             command line takes any size"
        )));
    }
    spec.parse().map_err(Failure::bad)
}

/// A batch question from a request that has fields of its own besides:
/// those are taken out and given back, the rest is read as a batch line
/// (unknown fields refused, sizes checked before the board is built).
/// Fields are kept as written until the question is read, so that an
/// `id` comes back byte for byte.
fn question_with(text: &str, own: &[&str]) -> Result<(Question, Map<String, Value>), Failure> {
    let mut fields = parse::<UniqueFields>(text)?.0;
    let mut taken = Map::new();
    for &name in own {
        if let Some(raw) = fields.remove(name) {
            let value = serde_json::from_str(raw.get())
                .map_err(|e| Failure::bad(format!("json: {name}: {e}")))?;
            taken.insert(name.to_string(), value);
        }
    }
    let rest = serde_json::to_string(&fields).map_err(|e| Failure::bad(format!("json: {e}")))?;
    let question = QuestionReader::default()
        .parse(&rest)
        .map_err(Failure::bad)?;
    Ok((question, taken))
}

/// A request's fields as written, a field given twice refused (as
/// `/api/reach` and batch lines refuse it), where a map would keep the
/// last.
struct UniqueFields(BTreeMap<String, Id>);

impl<'de> Deserialize<'de> for UniqueFields {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = UniqueFields;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<UniqueFields, A::Error> {
                let mut fields = BTreeMap::new();
                while let Some((name, value)) = map.next_entry::<String, Id>()? {
                    if fields.contains_key(&name) {
                        return Err(serde::de::Error::custom(format!(
                            "duplicate field `{name}`"
                        )));
                    }
                    fields.insert(name, value);
                }
                Ok(UniqueFields(fields))
            }
        }
        deserializer.deserialize_map(Fields)
    }
}

/// Runs `work` on the request's body as a job, and answers.
pub(super) async fn answer(
    app: &App,
    headers: &HeaderMap,
    body: Body,
    work: impl FnOnce(&str, Arc<AtomicBool>) -> Result<Reply, Failure> + Send + 'static,
) -> Response {
    let text = match json_text(&app.bodies, headers, body).await {
        Ok(text) => text,
        Err(Failure(status, message)) => return error_response(status, message),
    };
    let (outcome, share) = match app.jobs.run(move |cancel| work(&text, cancel)).await {
        Ok((outcome, share)) => (Ok(outcome), Some(share)),
        Err(why) => (Err(why), None),
    };
    let response = respond(outcome);
    // Error replies are short; an answer holds its size of the budget
    // until it is sent.
    let Some(share) = share else {
        return response;
    };
    match app.jobs.memory().hold_answer(response, share).await {
        Some(response) => response,
        None => no_room(),
    }
}

/// The reply when answers waiting for their readers fill the budget.
fn no_room() -> Response {
    let Failure(status, message) = Failure::busy(
        "answers waiting for their clients to read them fill the memory budget (--max-memory)",
    );
    error_response(status, message)
}

/// `POST /api/reach`: the verdict, with the cells its reason names.
pub(super) async fn post_reach(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    answer(&app, &headers, body, |text, _| {
        let q = QuestionReader::default()
            .parse(text)
            .map_err(Failure::bad)?;
        let verdict = reach(&q.board, &q.from, &q.to).map_err(Failure::bad)?;
        let mut value = verdict_json(&verdict);
        value["cells"] = json!(match verdict.reason() {
            Some(reason) => named_cells(reason, &q.from, &q.to),
            None => Vec::new(),
        });
        Ok(with_id(value, q.id))
    })
    .await
}

/// The cells a reason is about, for the page to highlight.
fn named_cells(reason: &Reason, from: &Arrangement, to: &Arrangement) -> Vec<Cell> {
    let holding = |token: u32| -> Vec<Cell> {
        let cells = from.tokens().iter().enumerate();
        cells
            .filter(|&(_, &t)| t == token)
            .map(|(c, _)| c as Cell)
            .collect()
    };
    let mut cells = match reason {
        // The permutation's parity: every tile not on its target cell
        // takes part, and the blank (whose distance counts too).
        Reason::Parity { .. } => {
            let (a, b) = (from.tokens(), to.tokens());
            (0..a.len())
                .filter(|&c| a[c] != b[c] || a[c] == BLANK)
                .map(|c| c as Cell)
                .chain(to.blank())
                .collect()
        }
        Reason::BlockParity { cells }
        | Reason::LeavesBlock { cells, .. }
        | Reason::CyclicOrder { cells }
        | Reason::Theta0 { cells }
        | Reason::PartTokens { cells, .. }
        | Reason::TokenOrder { cells, .. }
        | Reason::ClassTokens { cells, .. }
        | Reason::Frozen { cells, .. } => cells.clone(),
        Reason::Crossing {
            token,
            from_cells,
            to_cells,
            ..
        } => holding(*token)
            .into_iter()
            .chain(from_cells.iter().chain(to_cells).copied())
            .collect(),
        Reason::PathOrder { from: token, .. } => holding(*token),
        Reason::Locked {
            cell, bridge_from, ..
        } => std::iter::once(*cell).chain(*bridge_from).collect(),
        Reason::BlankSeparated { from, to } => vec![*from, *to],
        Reason::OutOfReach { cell, .. } => vec![*cell],
        _ => Vec::new(),
    };
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The extra fields of a solve request.
#[derive(Deserialize)]
struct SolveOptions {
    /// A shortest solution, whatever it takes (within the time limit).
    #[serde(default)]
    optimal: bool,
    /// The constructive solution even where a shortest one is cheap.
    #[serde(default)]
    fast: bool,
    /// How moves are counted: `"stm"` (the default) or `"mtm"`.
    #[serde(default)]
    metric: Option<String>,
}

/// `POST /api/solve`: a solution (shortest where asked or cheap), or the
/// verdict when there is none.
pub(super) async fn post_solve(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let (cache, pattern_tiles) = (app.cache.clone(), app.pattern_tiles);
    let (max_moves, max_memory) = (max_answer_moves(&app), app.max_memory);
    // A search's own states keep to the job's share, which is reserved
    // for it (see `memory`).
    let share = app.jobs.memory_per_job();
    let report = app.jobs.reporter();
    answer(&app, &headers, body, move |text, cancel| {
        let (q, options) = question_with(text, &["optimal", "fast", "metric"])?;
        let options: SolveOptions = serde_json::from_value(Value::Object(options))
            .map_err(|e| Failure::bad(format!("json: {e}")))?;
        let metric: Metric = match &options.metric {
            Some(name) => name.parse().map_err(|e| Failure::bad(format!("{e}")))?,
            None => Metric::default(),
        };
        if q.board.cell_count() > MAX_SOLVE_CELLS {
            return Err(Failure::bad(format!(
                "the page solves boards of at most {MAX_SOLVE_CELLS} cells (this one has {}); \
                 `npuzzle solve` takes any size",
                q.board.cell_count()
            )));
        }
        let mut solver = Solver::new()
            .optimal(options.optimal)
            .shortest_when_cheap(!options.fast)
            .on_progress(report)
            .cancel_on(cancel)
            .max_moves(max_moves)
            .max_table_memory(max_memory)
            .max_search_memory(share)
            .metric(metric);
        if let Some(cache) = cache {
            solver = solver.cache(cache);
        }
        if let Some(tiles) = pattern_tiles {
            solver = solver.pattern_tiles(tiles);
        }
        solve_with(solver, q.board.as_ref(), &q.from, &q.to).map(|v| with_id(v, q.id))
    })
    .await
}

/// Solves with `solver`: the solution, or the verdict when there is none.
fn solve_with(
    solver: Solver<'_>,
    board: &Board,
    from: &Arrangement,
    to: &Arrangement,
) -> Result<Value, Failure> {
    let started = Instant::now();
    match solver.solve(board, from, to) {
        Ok(solution) => {
            let mut value = solution_json(&solution);
            value["seconds"] = json!(started.elapsed().as_secs_f64());
            Ok(value)
        }
        Err(SolveError::Unreachable(reason)) => Ok(verdict_json(&Verdict::Unreachable(reason))),
        Err(e @ SolveError::Unsupported(Limit::TablesTooBig { .. })) => Err(Failure(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "{e} (--max-memory); build them ahead with `npuzzle pdb build --board \
                 {board}`, or ask for a solution that is not the shortest"
            ),
        )),
        Err(e @ SolveError::Unsupported(Limit::TooManyMoves { .. })) => Err(Failure::bad(format!(
            "{e}: the server keeps each answer to its share of --max-memory"
        ))),
        Err(e @ (SolveError::Input(_) | SolveError::Unsupported(_))) => Err(Failure::bad(e)),
        Err(SolveError::Cancelled) => Err(Failure(
            StatusCode::SERVICE_UNAVAILABLE,
            "the search was stopped".into(),
        )),
        Err(e) => Err(Failure(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())),
    }
}

/// `GET /api/status`: jobs under way and waiting, the memory budget's
/// free bytes, and the time limit.
pub(super) async fn get_status(State(app): State<Arc<App>>) -> Response {
    json_response(
        StatusCode::OK,
        &json!({
            "searches": app.jobs.running(),
            "waiting": app.jobs.waiting(),
            "memory_free": app.jobs.memory().free(),
            "time_limit": app.jobs.time_limit().as_secs_f64(),
            "version": env!("CARGO_PKG_VERSION"),
        }),
    )
}

/// Anything else: 404 with a JSON error.
pub(super) async fn not_found(uri: Uri) -> Response {
    error_response(
        StatusCode::NOT_FOUND,
        format!("no such page or endpoint: {}", uri.path()),
    )
}

#[cfg(test)]
mod tests;
