//! `npuzzle serve`: a web page on any board, served by the command line
//! itself, with a JSON API that speaks the batch format.
//!
//! The files of this module, each for one thing:
//! - `mod.rs` (this file): the command's arguments, the routes, and
//!   starting the server;
//! - [`connections`]: accepting connections, at most so many at once,
//!   each dropped when a request is slow to arrive;
//! - [`guard`]: who may call (loopback by default, only this server's own
//!   Host names, no cross-origin callers) and the headers every answer
//!   carries;
//! - [`api`]: the JSON endpoints, each translating a request into calls
//!   of the library and its answer back into JSON;
//! - [`jobs`]: running the library's work on blocking threads, at most
//!   so many at once, raced against the time limit and against the
//!   client going away, and the progress of pattern database builds
//!   (server-sent events);
//!   `api/show.rs` is the drawing endpoints: cells, adjacency and the
//!   positions the library's [`layout`](npuzzle_core::formats::layout)
//!   gives, and SVG pictures;
//! - [`reply`]: what answers are made of (a JSON reply, or a failure
//!   with its status), shared by all of the above;
//! - [`page`]: the page's files (HTML, JavaScript modules, CSS), embedded
//!   in the binary from `page/`.
//!
//! The server only translates: every decision, solution, random
//! arrangement and move check is the library's.

mod api;
mod connections;
mod guard;
mod jobs;
mod memory;
mod page;
mod reply;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use axum::Router;
use axum::routing::{get, post};
use npuzzle_core::PdbCache;

use crate::cli::ServeArgs;

/// The largest request body taken, in bytes (16 MiB); larger ones are
/// answered with 413.
pub(crate) const MAX_BODY: usize = 16 << 20;

/// What every handler shares.
pub(crate) struct App {
    /// Requests' work, its limits and the table builds under way.
    jobs: jobs::Jobs,
    /// Where pattern databases live (the command line's cache).
    cache: Option<PdbCache>,
    /// As `--pattern-tiles`.
    pattern_tiles: Option<usize>,
    /// Bodies being received, and how long each may take.
    bodies: api::Bodies,
    /// As `--max-memory`: tables are not built past it.
    max_memory: u64,
}

/// The routes, behind the guard: the page, the API, and a JSON 404.
fn router(app: Arc<App>, guard: Arc<guard::Guard>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/{file}", get(page::file))
        .route("/api/reach", post(api::post_reach))
        .route("/api/solve", post(api::post_solve))
        .route("/api/gen", post(api::post_gen))
        .route("/api/apply", post(api::post_apply))
        .route("/api/show", post(api::post_show))
        .route("/api/svg", post(api::post_svg))
        .route("/api/progress", get(jobs::progress_events))
        .route("/api/status", get(api::get_status))
        .fallback(api::not_found)
        .with_state(app)
        .layer(axum::middleware::from_fn_with_state(guard, guard::check))
}

/// `npuzzle serve`: listens until the process is stopped (exit code 0
/// then; errors before listening are the caller's exit 2).
pub(crate) fn run(args: ServeArgs) -> Result<u8> {
    for (flag, seconds) in [
        ("--time-limit", args.time_limit),
        ("--read-timeout", args.read_timeout),
        ("--write-timeout", args.write_timeout),
    ] {
        if !(seconds > 0.0 && seconds <= 1e6) {
            bail!("{flag}: give a number of seconds above 0 (and at most 1000000)");
        }
    }
    if args.max_connections == 0 || args.max_jobs == Some(0) {
        bail!("--max-connections and --max-jobs: give at least 1");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("npuzzle-serve")
        .build()
        .context("cannot start the server's threads")?;
    runtime.block_on(serve(args))?;
    Ok(0)
}

async fn serve(args: ServeArgs) -> Result<()> {
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .with_context(|| format!("cannot listen on {}:{}", args.host, args.port))?;
    let addr: SocketAddr = listener.local_addr()?;
    let read_timeout = Duration::from_secs_f64(args.read_timeout);
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    let max_jobs = args.max_jobs.unwrap_or(cores.max(2));
    // A quarter of the memory this process may have; 4 GiB where none
    // can be told.
    let max_memory = args
        .max_memory
        .unwrap_or_else(|| npuzzle_core::usable_memory().map_or(4 << 30, |bytes| bytes / 4));
    let app = Arc::new(App {
        jobs: jobs::Jobs::new(
            Duration::from_secs_f64(args.time_limit),
            max_jobs,
            max_memory,
        ),
        cache: crate::cache::cache_or_warn(),
        pattern_tiles: args.pattern_tiles,
        bodies: api::Bodies::new(read_timeout),
        max_memory,
    });
    let guard = Arc::new(guard::Guard::new(&args.host));
    if !addr.ip().is_loopback() {
        eprintln!(
            "warning: listening on {addr}, not a loopback address: every machine that can \
             reach this one can use the server"
        );
    }
    eprintln!("npuzzle serve: listening on http://{addr}/");
    let limits = connections::Limits {
        max_connections: args.max_connections,
        read_timeout,
        write_timeout: Duration::from_secs_f64(args.write_timeout),
    };
    connections::serve(listener, router(app, guard), limits).await;
    Ok(())
}
