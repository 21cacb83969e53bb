//! `POST /api/show`: what the page needs to draw a board: its cells,
//! their adjacency and where each is drawn, with the arrangements to put
//! on it, checked against the board. `POST /api/svg`: the same board as
//! an SVG picture to keep, or a solution as an animated one.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use npuzzle_core::formats::jsonl::{ArrangementValue, Id, id_as_written};
use npuzzle_core::{Board, Cell, Layout};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{MAX_DRAWN_CELLS, MovesValue, answer, parse, parse_board, target};
use crate::serve::App;
use crate::serve::reply::{Failure, with_id};
use npuzzle_core::formats::{layout, svg};
use npuzzle_core::moves::play;

/// A show request: `board`, and optionally `from`, `to` and `id`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShowRequest {
    board: String,
    #[serde(default)]
    from: Option<ArrangementValue>,
    #[serde(default)]
    to: Option<ArrangementValue>,
    #[serde(default, deserialize_with = "id_as_written")]
    id: Option<Id>,
}

/// `POST /api/show`: `{"board" (the spec written out), "cells", "kind"
/// ("box", "mask" or "graph"), "dims" (boxes), "two_d" (whether the
/// board is 2-D, so that moves have directions), "positions" ([x, y] of each cell's
/// centre, in cells), "size", "labels", "edges" ([u, v] with u < v),
/// "from" (when given), "to" (default the solved arrangement), "id" (when
/// given)}`.
pub(crate) async fn post_show(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    answer(&app, &headers, body, |text, _| {
        let request: ShowRequest = parse(text)?;
        let board = parse_board(&request.board, MAX_DRAWN_CELLS, "draws")?;
        // The answer lists every edge: bounded as a picture's are.
        svg::check_size(&board).map_err(Failure::bad)?;
        let from = checked_from(&board, request.from.as_ref())?;
        let to = target(&board, request.to.as_ref())?;
        to.check(&board, "to").map_err(Failure::bad)?;
        let value = drawing(&board, from.as_ref().map(|a| a.tokens()), to.tokens());
        Ok(with_id(value, request.id))
    })
    .await
}

/// An SVG request: `board`, and optionally `from`, `to`, `moves`, `id`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SvgRequest {
    board: String,
    #[serde(default)]
    from: Option<ArrangementValue>,
    #[serde(default)]
    to: Option<ArrangementValue>,
    #[serde(default)]
    moves: Option<Value>,
    #[serde(default, deserialize_with = "id_as_written")]
    id: Option<Id>,
}

/// `POST /api/svg`: `{"svg"}`, the board drawn with `from` on it (tiles
/// on their `to` cell green), or with `moves` those moves played from
/// `from` as an animation; at most [`svg::MAX_ANIMATED_MOVES`] moves.
pub(crate) async fn post_svg(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    answer(&app, &headers, body, |text, _| {
        let request: SvgRequest = parse(text)?;
        let board = parse_board(&request.board, svg::MAX_SVG_CELLS, "draws")?;
        let from = checked_from(&board, request.from.as_ref())?;
        let to = target(&board, request.to.as_ref())?;
        let picture = match (request.moves, &from) {
            (Some(moves), Some(from)) => {
                let most = svg::MAX_ANIMATED_MOVES as u64;
                let moves = MovesValue::into_text(moves, most, ": an animation plays no more")?;
                let (moves, _) = play(&board, from, &moves).map_err(Failure::bad)?;
                svg::animation(&board, from.tokens(), to.tokens(), &moves)
            }
            (Some(_), None) => return Err(Failure::bad("moves: give the `from` they start on")),
            (None, from) => {
                svg::board(&board, from.as_ref().map(|a| a.tokens()), Some(to.tokens()))
            }
        }
        .map_err(Failure::bad)?;
        Ok(with_id(json!({ "svg": picture }), request.id))
    })
    .await
}

/// The `from` of a request, read and checked against `board`.
fn checked_from(
    board: &Board,
    from: Option<&ArrangementValue>,
) -> Result<Option<npuzzle_core::Arrangement>, Failure> {
    let Some(from) = from else { return Ok(None) };
    let from = from.to_arrangement(board, "from").map_err(Failure::bad)?;
    from.check(board, "from").map_err(Failure::bad)?;
    Ok(Some(from))
}

/// The answer for `board` with the tokens given.
fn drawing(board: &Board, from: Option<&[u32]>, to: &[u32]) -> Value {
    let mut value = layout::place(board).to_json();
    let (kind, dims) = match board.layout() {
        Layout::Box { dims } => ("box", Some(dims.clone())),
        Layout::Mask { .. } => ("mask", None),
        // A graph, and any layout added later: drawn from its edges.
        _ => ("graph", None),
    };
    let edges: Vec<[Cell; 2]> = board.edges().map(|(u, v)| [u, v]).collect();
    value["board"] = json!(board);
    value["cells"] = json!(board.cell_count());
    value["kind"] = json!(kind);
    if let Some(dims) = dims {
        value["dims"] = json!(dims);
    }
    value["two_d"] = json!(board.cell_count() > 0 && board.row_col(0).is_some());
    value["edges"] = json!(edges);
    if let Some(from) = from {
        value["from"] = json!(from);
    }
    value["to"] = json!(to);
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mask_with_holes_is_drawn_on_its_rows_and_columns() {
        let board: Board = "mask:.#/##".parse().unwrap();
        let v = drawing(&board, None, &[1, 2, 0]);
        assert_eq!(v["kind"], "mask");
        assert_eq!(v["two_d"], true);
        assert_eq!(v["positions"], json!([[1.5, 0.5], [0.5, 1.5], [1.5, 1.5]]));
        assert_eq!(v["edges"], json!([[0, 2], [1, 2]]));
        assert!(v.get("from").is_none());
    }

    #[test]
    fn graphs_have_no_directions() {
        let board: Board = "theta0".parse().unwrap();
        let v = drawing(&board, Some(&[1, 2, 3, 4, 5, 6, 0]), &[1, 2, 3, 4, 5, 6, 0]);
        assert_eq!(v["kind"], "graph");
        assert_eq!(v["two_d"], false);
        assert_eq!(v["edges"].as_array().unwrap().len(), 8);
        assert_eq!(v["board"], "graph:7:0-2,0-3,0-5,1-2,1-4,1-6,3-4,5-6");
    }
}
