//! The server's memory budget (`--max-memory`) as one pool, counted in
//! KiB: a job holds its share while it works, and its answer then holds
//! its own size until the client has taken it. Work under way and
//! answers waiting for slow readers therefore stay within the budget
//! together; when waiting answers fill it, new jobs wait for room (and
//! are answered 503 past the queue's wait), rather than memory growing
//! with every client that does not read.
//!
//! An answer is handed to the connection in [`CHUNK`]-byte copies, so
//! that what the connection buffers beyond the count is a few chunks,
//! whatever the answer's size; a client that takes nothing for
//! `--write-timeout` is dropped (see [`connections`](super::connections)).

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::response::Response;
use http_body::{Frame, SizeHint};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The unit the pool counts in.
const UNIT: u64 = 1024;

/// The most bytes of an answer handed to the connection at once.
pub(super) const CHUNK: usize = 64 << 10;

/// The pool: the budget in units, and each job's share.
#[derive(Debug)]
pub(super) struct Memory {
    pool: Arc<Semaphore>,
    share: u32,
}

/// Part of the budget, given back when dropped.
#[derive(Debug)]
pub(super) struct Held(OwnedSemaphorePermit);

/// Units for `bytes`, rounded up (and capped where a pool could not
/// hold them anyway).
fn units(bytes: u64) -> u32 {
    u32::try_from(bytes.div_ceil(UNIT)).unwrap_or(u32::MAX)
}

impl Memory {
    /// A budget of `bytes`, shared by `jobs` jobs at once.
    pub(super) fn new(bytes: u64, jobs: usize) -> Self {
        let total = u32::try_from(bytes / UNIT)
            .unwrap_or(u32::MAX)
            .min(Semaphore::MAX_PERMITS as u32);
        Self {
            pool: Arc::new(Semaphore::new(total as usize)),
            share: total / u32::try_from(jobs.max(1)).unwrap_or(u32::MAX),
        }
    }

    /// What is free now, in bytes.
    pub(super) fn free(&self) -> u64 {
        self.pool.available_permits() as u64 * UNIT
    }

    /// A job's share: at once when it is free, else once answers waiting
    /// to be sent have given back enough, waiting at most `wait`.
    pub(super) async fn share(&self, wait: Duration) -> Option<Held> {
        let pool = self.pool.clone();
        let permit = tokio::time::timeout(wait, pool.acquire_many_owned(self.share)).await;
        Some(Held(permit.ok()?.ok()?))
    }

    /// `response` with its body counted: `held` (the job's share) is cut
    /// down to the body's size, or more is taken from the pool where the
    /// body is bigger; `None` when the pool has no room for it. Bodies of
    /// unknown size (event streams) go out as they are.
    pub(super) async fn hold_answer(&self, response: Response, held: Held) -> Option<Response> {
        use http_body::Body as _;
        let Some(size) = response.body().size_hint().exact() else {
            return Some(response);
        };
        let needed = units(size);
        let Held(mut permit) = held;
        let have = u32::try_from(permit.num_permits()).unwrap_or(u32::MAX);
        if have > needed {
            drop(permit.split((have - needed) as usize));
        } else if have < needed {
            permit.merge(
                self.pool
                    .clone()
                    .try_acquire_many_owned(needed - have)
                    .ok()?,
            );
        }
        let (parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, usize::MAX).await.ok()?;
        let body = Body::new(Sending {
            rest: bytes,
            held: Some(Held(permit)),
        });
        Some(Response::from_parts(parts, body))
    }
}

/// An answer being sent: what is left of it, and its part of the budget
/// (given back when the last chunk has been handed over, or the
/// connection dropped).
struct Sending {
    rest: Bytes,
    held: Option<Held>,
}

impl http_body::Body for Sending {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        if this.rest.is_empty() {
            this.held = None;
            return Poll::Ready(None);
        }
        // A copy, not a slice: a slice would keep the whole answer alive
        // until the connection had sent its last byte.
        let n = CHUNK.min(this.rest.len());
        let chunk = Bytes::copy_from_slice(&this.rest[..n]);
        this.rest = this.rest.slice(n..);
        if this.rest.is_empty() {
            this.rest = Bytes::new();
            this.held = None;
        }
        Poll::Ready(Some(Ok(Frame::data(chunk))))
    }

    fn is_end_stream(&self) -> bool {
        self.rest.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.rest.len() as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::response::IntoResponse;
    use http_body_util::BodyExt;

    #[tokio::test]
    async fn an_answer_holds_its_size_until_it_is_sent() {
        // 1 MiB for two jobs: 512 KiB each.
        let memory = Memory::new(1 << 20, 2);
        let share = memory.share(Duration::ZERO).await.unwrap();
        assert_eq!(memory.free(), 512 << 10);
        let answer = vec![b'x'; 200 << 10].into_response();
        let answer = memory.hold_answer(answer, share).await.unwrap();
        // The share is cut down to the answer's 200 KiB.
        assert_eq!(memory.free(), (1 << 20) - (200 << 10));
        let mut body = answer.into_body();
        let first = body.frame().await.unwrap().unwrap().into_data().unwrap();
        assert_eq!(first.len(), CHUNK);
        assert_eq!(memory.free(), (1 << 20) - (200 << 10));
        let rest = body.collect().await.unwrap().to_bytes();
        assert_eq!(first.len() + rest.len(), 200 << 10);
        assert_eq!(memory.free(), 1 << 20);
    }

    #[tokio::test]
    async fn answers_past_the_room_left_are_refused_and_jobs_wait() {
        let memory = Memory::new(1 << 20, 2);
        let first = memory.share(Duration::ZERO).await.unwrap();
        let big = vec![b'x'; 900 << 10].into_response();
        let held = memory.hold_answer(big, first).await.unwrap();
        // A job's share does not fit beside it.
        assert!(memory.share(Duration::from_millis(20)).await.is_none());
        // A dropped connection gives the answer's room back.
        drop(held);
        let (one, two) = (
            memory.share(Duration::ZERO).await,
            memory.share(Duration::ZERO).await,
        );
        // An answer past its share, with no room left, is refused, and
        // its share given back.
        let past = vec![b'y'; 600 << 10].into_response();
        assert!(memory.hold_answer(past, one.unwrap()).await.is_none());
        assert_eq!(memory.free(), 512 << 10);
        drop(two);
        assert_eq!(memory.free(), 1 << 20);
    }
}
