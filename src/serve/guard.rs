//! Who may call the server, checked before any route, and the headers
//! every answer carries.
//!
//! - Only this server's own names are answered (against DNS rebinding: a
//!   page on `evil.example` whose name is made to point at 127.0.0.1
//!   sends `Host: evil.example`): `localhost`, an IP address written out,
//!   and the name given to `--host`. Others get 403.
//! - No cross-origin callers: a request with an `Origin` header must come
//!   from this very origin (`http://` and the `Host` it was sent to), and
//!   a POST that a browser marks `Sec-Fetch-Site: cross-site` or
//!   `same-site` is refused. No CORS header is ever sent, so browsers keep
//!   other pages from reading any answer. Callers that are not browsers
//!   (curl, scripts) send no `Origin` and are served.
//! - Every answer says `nosniff`, may not be framed, sends no referrer,
//!   and the page may load scripts, styles and data from itself only
//!   (Content-Security-Policy).

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::reply::error_response;

/// The page's content security policy: its own files and API only.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
                   img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
                   form-action 'none'; frame-ancestors 'none'";

/// The names this server answers to.
#[derive(Debug)]
pub(super) struct Guard {
    /// The `--host` name, lower case, when it is a name (not an address).
    name: Option<String>,
}

impl Guard {
    /// The guard of a server started with `--host host` (its port is not
    /// needed: an origin is compared with the `Host` a request names).
    pub(super) fn new(host: &str) -> Self {
        let host = host.trim().trim_start_matches('[').trim_end_matches(']');
        let name = host
            .parse::<IpAddr>()
            .is_err()
            .then(|| host.to_ascii_lowercase());
        Self { name }
    }

    /// Whether `host` (a `Host` header's value, port included or not)
    /// names this server.
    pub(super) fn is_own_host(&self, host: &str) -> bool {
        let Some(name) = host_name(host) else {
            return false;
        };
        name.eq_ignore_ascii_case("localhost")
            || name.parse::<IpAddr>().is_ok()
            || self.name.as_deref() == Some(&name.to_ascii_lowercase())
    }
}

/// The name part of a `Host` value: `[::1]:8080` → `::1`, `localhost:80`
/// → `localhost`, `example` → `example`. `None` when it is malformed
/// (empty, a bad port, characters a host name never has).
fn host_name(host: &str) -> Option<&str> {
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        (inside, after.strip_prefix(':'))
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host, None),
        }
    };
    let port_ok = port.is_none_or(|p| !p.is_empty() && p.parse::<u16>().is_ok());
    let name_ok = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-.:_".contains(&b));
    (port_ok && name_ok).then_some(name)
}

/// Refuses requests that are not for this server or that come from
/// another origin; adds the security headers to every answer.
pub(super) async fn check(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = match (
        twice(request.headers()),
        refusal(&guard, request.method(), request.headers()),
    ) {
        (Some(why), _) => error_response(StatusCode::BAD_REQUEST, why),
        (None, Some(why)) => error_response(StatusCode::FORBIDDEN, why),
        (None, None) => next.run(request).await,
    };
    let headers = response.headers_mut();
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::CONTENT_SECURITY_POLICY, CSP),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response.into_response()
}

/// A header the guard reads, given twice: only one would be checked, so
/// the request is malformed (RFC 9112 asks a 400 for two `Host`s).
fn twice(headers: &HeaderMap) -> Option<String> {
    [header::HOST, header::ORIGIN]
        .into_iter()
        .find(|name| headers.get_all(name).iter().count() > 1)
        .map(|name| format!("the {name} header is given more than once"))
}

/// Why a request is refused, or `None` when it may go on.
fn refusal(guard: &Guard, method: &Method, headers: &HeaderMap) -> Option<String> {
    let text =
        |name: header::HeaderName| headers.get(name).map(|v| v.to_str().unwrap_or("\u{fffd}"));
    let Some(host) = text(header::HOST) else {
        return Some("a request needs a Host header".into());
    };
    if !guard.is_own_host(host) {
        return Some(format!(
            "this server answers only to its own names (localhost, an IP address, or the \
             --host name), not to Host '{}'",
            shorten(host)
        ));
    }
    if let Some(origin) = text(header::ORIGIN) {
        let same = origin
            .strip_prefix("http://")
            .is_some_and(|o| o.eq_ignore_ascii_case(host));
        if !same {
            return Some(format!(
                "cross-origin requests are refused (Origin '{}' is not http://{})",
                shorten(origin),
                shorten(host)
            ));
        }
    }
    if method != Method::GET && method != Method::HEAD {
        let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
        if let Some(site @ ("cross-site" | "same-site")) = site {
            return Some(format!("requests from other sites are refused ({site})"));
        }
    }
    None
}

/// A header value cut for an error message.
fn shorten(text: &str) -> String {
    const MAX: usize = 80;
    match text.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for &(k, v) in pairs {
            map.insert(
                header::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                HeaderValue::from_str(v).unwrap(),
            );
        }
        map
    }

    #[test]
    fn own_names_only() {
        let g = Guard::new("127.0.0.1");
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:80",
            "10.0.0.2",
        ] {
            assert!(g.is_own_host(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "127.0.0.1.nip.io",
            "",
            ":80",
            "localhost:x",
            "[::1",
        ] {
            assert!(!g.is_own_host(bad), "{bad}");
        }
        let named = Guard::new("puzzles.lan");
        assert!(named.is_own_host("Puzzles.LAN:8080"));
        assert!(!named.is_own_host("other.lan:8080"));
    }

    #[test]
    fn origins_must_be_this_one() {
        let g = Guard::new("127.0.0.1");
        let post = Method::POST;
        let h = |pairs: &[(&str, &str)]| refusal(&g, &post, &headers(pairs));
        assert!(h(&[("host", "127.0.0.1:8080")]).is_none());
        assert!(
            h(&[
                ("host", "127.0.0.1:8080"),
                ("origin", "http://127.0.0.1:8080")
            ])
            .is_none()
        );
        assert!(
            h(&[
                ("host", "127.0.0.1:8080"),
                ("origin", "http://127.0.0.1:3000")
            ])
            .is_some()
        );
        assert!(h(&[("host", "127.0.0.1:8080"), ("origin", "null")]).is_some());
        assert!(h(&[("host", "127.0.0.1:8080"), ("sec-fetch-site", "cross-site")]).is_some());
        assert!(h(&[("host", "evil.example:8080")]).is_some());
        assert!(h(&[]).is_some());
        let get = refusal(
            &g,
            &Method::GET,
            &headers(&[("host", "localhost:8080"), ("sec-fetch-site", "cross-site")]),
        );
        assert!(get.is_none(), "a link from another site opens the page");
    }
}
