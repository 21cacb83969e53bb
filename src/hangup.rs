//! Noticing that stdout's reader went away (`batch … | head -1`) while a
//! search runs, not only at the next write: a thread waits on stdout for
//! a hang-up and then sets the solver's cancel flag, so that the search
//! stops at once and the next write ends the command as a closed pipe
//! always does.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Sets `flag` when stdout's reader hangs up (a pipe's read end closed,
/// a terminal gone). Stdout as a file never hangs up: the thread then
/// waits, idle, until the process ends.
pub(crate) fn on_stdout_hangup(flag: Arc<AtomicBool>) {
    #[cfg(unix)]
    std::thread::spawn(move || {
        loop {
            // No events asked for: only POLLERR, POLLHUP and POLLNVAL are
            // reported, which is what a reader going away gives.
            let mut fd = libc::pollfd {
                fd: 1,
                events: 0,
                revents: 0,
            };
            // SAFETY: one valid pollfd, for the duration of the call.
            let ready = unsafe { libc::poll(&raw mut fd, 1, -1) };
            if ready > 0 && fd.revents & (libc::POLLERR | libc::POLLHUP) != 0 {
                flag.store(true, Ordering::Relaxed);
                return;
            }
            if ready > 0 {
                // POLLNVAL: no stdout to watch.
                return;
            }
            // Interrupted by a signal: wait again.
        }
    });
    #[cfg(not(unix))]
    let _ = flag;
}
