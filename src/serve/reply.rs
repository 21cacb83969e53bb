//! What every answer of the server is made of: a JSON reply with the
//! request's `id`, or a [`Failure`] (status and message) written as
//! `{"error": ...}`, with `Retry-After` when the server is busy. A leaf:
//! the endpoints, the jobs, the guard and the page all use it.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use npuzzle_core::formats::jsonl::Id;
use serde_json::{Value, json};

/// What `Retry-After` says when the server is busy, in seconds.
pub(super) const RETRY_AFTER: &str = "5";

/// An answer that is not a success: its status and message.
pub(super) struct Failure(pub StatusCode, pub String);

impl Failure {
    /// A 400: the request is bad, and why.
    pub(super) fn bad(message: impl std::fmt::Display) -> Self {
        Self(StatusCode::BAD_REQUEST, message.to_string())
    }

    /// A 503: the server is busy. Its answer says `Retry-After`, which
    /// no other answer does (a search past the time limit or tables past
    /// the memory budget would fail again).
    pub(super) fn busy(message: impl std::fmt::Display) -> Self {
        Self(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{message}{TRY_AGAIN}"),
        )
    }
}

/// How [`Failure::busy`] ends its message: the mark of an answer that
/// says `Retry-After`.
const TRY_AGAIN: &str = "; try again in a few seconds";

/// `{"error": message}` with `status` (and `Retry-After` when busy).
pub(super) fn error_response(status: StatusCode, message: impl Into<String>) -> Response {
    let message = message.into();
    let busy = status == StatusCode::SERVICE_UNAVAILABLE && message.ends_with(TRY_AGAIN);
    let mut response = json_response(status, &json!({ "error": message }));
    if busy {
        response.headers_mut().insert(
            header::RETRY_AFTER,
            header::HeaderValue::from_static(RETRY_AFTER),
        );
    }
    response
}

/// A JSON answer, never cached.
pub(super) fn json_response(status: StatusCode, value: &Value) -> Response {
    json_text_response(status, value.to_string())
}

/// A JSON answer's text, never cached.
pub(super) fn json_text_response(status: StatusCode, text: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        text,
    )
        .into_response()
}

/// An answer, and the request's `id` to echo as it was written.
pub(super) struct Reply {
    /// The answer.
    pub value: Value,
    /// The request's `id`, as it was written.
    pub id: Option<Id>,
}

impl From<Value> for Reply {
    fn from(value: Value) -> Self {
        Self { value, id: None }
    }
}

/// An answer with the request's `id`.
pub(super) fn with_id(value: Value, id: Option<Id>) -> Reply {
    Reply { value, id }
}
