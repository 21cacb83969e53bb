//! The page's files, embedded in the binary from `page/` so that it works
//! with no network and no build step: `index.html`, the JavaScript
//! modules (`app.js` the controls, `board.js` the drawing, `mask.js` the
//! mask editor), `style.css` and `icon.svg`.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::reply::error_response;

/// Each file: its name, content type and contents.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("page/index.html"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("page/board.js"),
    ),
    (
        "mask.js",
        "text/javascript; charset=utf-8",
        include_str!("page/mask.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
    ("icon.svg", "image/svg+xml", include_str!("page/icon.svg")),
];

/// `GET /`: the page.
pub(super) async fn index() -> Response {
    serve("index.html")
}

/// `GET /{file}`: one of the page's files.
pub(super) async fn file(Path(name): Path<String>) -> Response {
    serve(&name)
}

fn serve(name: &str) -> Response {
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => error_response(StatusCode::NOT_FOUND, format!("no such file: /{name}")),
    }
}
