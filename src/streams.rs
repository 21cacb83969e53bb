//! The standard streams as the process found them. A stream closed at
//! start (`>&-`, `<&-`) must be an error, but the Rust runtime would hide
//! it: before `main` it opens /dev/null on a closed standard descriptor,
//! so that writes vanish and reads see an empty input. On Unix this
//! program therefore starts at its own C `main`, looks at the descriptors
//! first, then does what the runtime would have done (a closed pipe an
//! error on write rather than a signal; /dev/null on closed descriptors,
//! so that no file opened later takes their number).

use anyhow::{Result, bail};

/// Which standard streams were closed when the process started.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Closed {
    stdin: bool,
    stdout: bool,
}

impl Closed {
    /// Refuses a closed stdout, and a closed stdin when it is read.
    pub(crate) fn check(self, reads_stdin: bool) -> Result<()> {
        if self.stdout {
            bail!("stdout is closed");
        }
        if self.stdin && reads_stdin {
            bail!("stdin is closed");
        }
        Ok(())
    }
}

/// Looks at the standard streams, then does what the Rust runtime would
/// have done (see the module's text) and runs `program`: the exit code.
#[cfg(unix)]
pub(crate) fn start(program: fn(Closed) -> u8) -> u8 {
    // SAFETY: F_GETFD only asks whether a descriptor is open.
    let closed_fd = |fd| unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1;
    let closed = Closed {
        stdin: closed_fd(0),
        stdout: closed_fd(1),
    };
    // SAFETY: ignoring SIGPIPE (as the Rust runtime does) makes writes to
    // a pipe without a reader fail with EPIPE instead of killing us.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
    for fd in 0..3 {
        if closed_fd(fd) {
            // The lowest free number: `fd` itself.
            // SAFETY: a plain open of a constant, NUL-terminated path.
            unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
        }
    }
    let code = std::panic::catch_unwind(|| program(closed)).unwrap_or(101);
    let _ = std::io::Write::flush(&mut std::io::stdout());
    code
}
