//! Accepting connections, bounded: at most `--max-connections` open at
//! once, each dropped when a request's headers take longer than
//! `--read-timeout` to arrive (a client that opens connections and sends
//! half a request, or keeps an idle one open, holds nothing for long),
//! and when an answer waits longer than `--write-timeout` for the client
//! to take any of it (a client that asks and does not read holds its
//! answer, and the memory it is counted in, for no longer).
//!
//! Past the cap a connection gets a plain 503 with `Retry-After` and is
//! closed within a second: what the client sent is read and dropped
//! first, and after the answer until the client closes, since closing a
//! socket with unread bytes resets it and the client may then never see
//! the 503. Each connection's read
//! buffer is capped at [`READ_BUFFER`] bytes, so open connections cost
//! little memory; bodies are bounded where they are read (see
//! [`api`](super::api)).

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_io_timeout::TimeoutStream;

use super::reply::RETRY_AFTER;

/// The most bytes buffered from one connection before they are handled.
pub(super) const READ_BUFFER: usize = 64 << 10;

/// What a connection past the cap is told before it is closed.
fn busy() -> Vec<u8> {
    let body = r#"{"error":"too many connections are open; try again in a few seconds"}"#;
    format!(
        "HTTP/1.1 503 Service Unavailable\r\nRetry-After: {RETRY_AFTER}\r\nContent-Type: \
         application/json\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Tells a connection past the cap to come back later: reads what it
/// sent (at most [`READ_BUFFER`] bytes, for at most 200 ms), answers
/// 503, and reads on until the client closes (bounded by the caller).
async fn refuse(stream: &mut tokio::net::TcpStream) {
    let mut buffer = vec![0; READ_BUFFER];
    let mut read = 0;
    let request = async {
        while read < buffer.len() {
            let n = match stream.read(&mut buffer[read..]).await {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            // Only the new bytes, and the three before them, can end the
            // head: a client sending a byte at a time costs no rescans.
            let from = read.saturating_sub(3);
            read += n;
            if buffer[from..read].windows(4).any(|w| w == b"\r\n\r\n") {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_millis(200), request).await;
    if stream.write_all(&busy()).await.is_err() {
        return;
    }
    let _ = stream.shutdown().await;
    while let Ok(n) = stream.read(&mut buffer).await {
        if n == 0 {
            break;
        }
    }
}

/// The limits of the connections.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    /// Connections open at once.
    pub max_connections: usize,
    /// How long a request's headers may take to arrive, and an idle
    /// connection may wait for its next request.
    pub read_timeout: Duration,
    /// How long an answer may wait for the client to take more of it.
    pub write_timeout: Duration,
}

/// Serves `router` on `listener` until the process is stopped.
pub(super) async fn serve(listener: TcpListener, router: Router, limits: Limits) {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    loop {
        let (mut stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors, say: wait a little for some to close.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            tokio::spawn(async move {
                let _ = tokio::time::timeout(Duration::from_secs(1), refuse(&mut stream)).await;
            });
            continue;
        };
        let service = TowerToHyperService::new(router.clone());
        let mut stream = TimeoutStream::new(stream);
        stream.set_write_timeout(Some(limits.write_timeout));
        tokio::spawn(async move {
            let _permit = permit;
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.read_timeout)
                .max_buf_size(READ_BUFFER)
                .serve_connection(TokioIo::new(Box::pin(stream)), service);
            // A connection that fails (a timeout, a reset) only ends itself.
            let _ = connection.await;
        });
    }
}
