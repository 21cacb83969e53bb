//! Where the windows come from, parsed: a thread of their own parses
//! each window (on all cores) while the numbers of the window before are
//! used. A regular file is mapped into memory and parsed in place, its
//! pages let go once used; any other reader is read by that thread into
//! recycled buffers, the unfinished token at the end of one window copied
//! to the front of the next.

use std::io::{self, Read};
use std::sync::{Arc, mpsc};

use super::scalar::Chunk;
use super::{BadNumber, chunks};

/// Bytes read at a time: at most, and at first.
const WINDOW: usize = 1 << 20;
const FIRST_WINDOW: usize = 64 << 10;
/// Room kept before each window for the unfinished token carried over
/// from the previous one (longer tokens are refused anyway).
const CARRY: usize = 32;
/// Windows read ahead and not yet used, at most.
const READ_AHEAD: usize = 3;
/// The buffers of a stream: those read ahead, the one being filled, and
/// those the reader of the numbers holds (see `Numbers::previous`).
const BUFFERS: usize = READ_AHEAD + 1 + super::WINDOWS_IN_REACH;
/// Mapped pages are let go in steps of this many bytes (a multiple of
/// every page size in use).
const RELEASE_STEP: usize = 64 << 10;

/// Where the numbers come from.
pub enum Input {
    /// Any reader: a thread reads it ahead, a window at a time.
    Stream(Box<dyn Read + Send>),
    /// A regular file mapped into memory: windows are parsed in place, with
    /// no copy, and their pages let go once parsed. The file must not
    /// shrink while it is read (the process would be stopped by the system).
    Mapped(memmap2::Mmap),
}

impl<R: Read + Send + 'static> From<R> for Input {
    fn from(reader: R) -> Self {
        Self::Stream(Box::new(reader))
    }
}

impl Input {
    /// The input as a plain buffered reader, for formats read word by
    /// word rather than by the parallel parser.
    pub(crate) fn into_reader(self) -> Box<dyn io::BufRead + Send> {
        match self {
            Self::Stream(reader) => Box::new(io::BufReader::with_capacity(1 << 16, reader)),
            Self::Mapped(map) => Box::new(io::Cursor::new(map)),
        }
    }

    /// Standard input, read as a stream: safe whatever happens to the
    /// file meanwhile. A pipe is asked to hold a window (where the system
    /// allows): at its usual 64 KiB, each read of a window waited on the
    /// writer many times.
    #[must_use]
    pub fn stdin() -> Self {
        #[cfg(target_os = "linux")]
        widen_pipe(std::os::fd::AsFd::as_fd(&io::stdin()));
        Self::from(io::stdin())
    }

    /// Standard input mapped from its current offset when it is a
    /// non-empty regular file (a redirect), else read as a stream (a pipe,
    /// a terminal). An explicit opt-in: faster on big files, but a file
    /// truncated while it is read stops the process (the system's bus
    /// error), so only for files nothing else writes.
    #[must_use]
    pub fn stdin_mapped() -> Self {
        #[cfg(unix)]
        if let Some(map) = Self::map_stdin() {
            return Self::Mapped(map);
        }
        Self::stdin()
    }

    #[cfg(unix)]
    fn map_stdin() -> Option<memmap2::Mmap> {
        use std::io::Seek;
        use std::os::fd::AsFd;
        let mut file = std::fs::File::from(io::stdin().as_fd().try_clone_to_owned().ok()?);
        let len = file.metadata().ok().filter(|m| m.is_file())?.len();
        let offset = file.stream_position().ok()?;
        if offset >= len {
            return None;
        }
        // SAFETY: the map is only read. A file changed while it is read
        // gives unspecified numbers (as a stream would), and one that
        // shrinks stops the process, as documented on `Input::Mapped`.
        let map = unsafe { memmap2::MmapOptions::new().offset(offset).map(&file) }.ok()?;
        let _ = map.advise(memmap2::Advice::Sequential);
        Some(map)
    }
}

/// Asks `fd`, if it is a pipe, to hold a window; nothing changes where
/// the system refuses (past its limit for unprivileged processes).
#[cfg(target_os = "linux")]
fn widen_pipe(fd: std::os::fd::BorrowedFd<'_>) {
    use std::os::fd::AsRawFd;
    let fd = fd.as_raw_fd();
    // SAFETY: fstat and fcntl on a descriptor this process has open (it
    // is borrowed), with a buffer fstat fills; neither touches other
    // memory of ours.
    unsafe {
        let mut stat: libc::stat = std::mem::zeroed();
        if libc::fstat(fd, &mut stat) == 0 && stat.st_mode & libc::S_IFMT == libc::S_IFIFO {
            libc::fcntl(fd, libc::F_SETPIPE_SZ, WINDOW as libc::c_int);
        }
    }
}

/// The bytes a window's offsets refer to: a buffer of the reader thread,
/// or the whole mapped file.
pub(super) enum Bytes {
    Buffer(Vec<u8>),
    Mapped(Arc<memmap2::Mmap>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Self::Buffer(bytes) => bytes,
            Self::Mapped(map) => map,
        }
    }
}

/// A window parsed: bytes `start..filled` of `bytes`, of which those up
/// to `cut` (after the last whitespace) are parsed into `chunks`; the
/// rest is an unfinished token that goes on in the next window. `last`
/// when it ends the input.
pub(super) struct Parsed {
    pub(super) bytes: Bytes,
    pub(super) start: usize,
    pub(super) cut: usize,
    pub(super) filled: usize,
    pub(super) last: bool,
    pub(super) chunks: Vec<Chunk>,
    /// The line after the chunks (where the next window starts).
    pub(super) next_line: u64,
}

impl Parsed {
    /// Whether any number was read from the window.
    pub(super) fn has_numbers(&self) -> bool {
        self.chunks.iter().any(|chunk| !chunk.numbers.is_empty())
    }

    /// Before the first window: nothing parsed, line 1 next.
    pub(super) fn before_input() -> Self {
        Self {
            bytes: Bytes::Buffer(Vec::new()),
            start: 0,
            cut: 0,
            filled: 0,
            last: false,
            chunks: Vec::new(),
            next_line: 1,
        }
    }
}

/// What the producer sends: a parsed window, or the error of a failed
/// read (with the line where it happened), after which it stops.
type Sent = Result<Parsed, BadNumber>;

/// The windows of an input, parsed by a thread of their own one window
/// ahead of the one being used: parsing (on all cores) goes on while the
/// numbers of the window before are used, which is what keeps both cores
/// busy (`judge odd` on 20 cases of n = 499: the reader of the numbers
/// spent two thirds of its time waiting for windows parsed in turn).
pub(super) struct Windows {
    parsed: mpsc::Receiver<Sent>,
    /// Windows used up, back to the producer for their buffers.
    used: mpsc::Sender<Parsed>,
    /// A mapped file's pages before this were let go.
    released: usize,
}

impl Windows {
    /// Starts the producer of `input`'s windows. It ends soon after the
    /// receiving side is dropped (at its next read or window), which
    /// closes the channels.
    pub(super) fn open(input: Input) -> Self {
        let (sender, parsed) = mpsc::sync_channel(READ_AHEAD - 1);
        let (used, returned) = mpsc::channel();
        match input {
            Input::Stream(reader) => {
                std::thread::spawn(move || read_ahead(reader, &sender, &returned));
            }
            Input::Mapped(map) => {
                let map = Arc::new(map);
                std::thread::spawn(move || map_ahead(&map, &sender, &returned));
            }
        }
        Self {
            parsed,
            used,
            released: 0,
        }
    }

    /// The next window. `None` at the end of input (and after an error);
    /// the error of a failed read, once.
    pub(super) fn next(&mut self) -> Result<Option<Parsed>, BadNumber> {
        let next = match self.parsed.recv() {
            Ok(Ok(next)) => next,
            Ok(Err(bad)) => return Err(bad),
            Err(_) => return Ok(None),
        };
        if let Bytes::Mapped(map) = &next.bytes {
            // Pages wholly used are let go, so that resident memory stays
            // at about a few windows whatever the file's size.
            let done = next.start / RELEASE_STEP * RELEASE_STEP;
            #[cfg(unix)]
            if done > self.released {
                // SAFETY: the map is read-only and shared: its pages are
                // read again from the file if ever touched.
                let _ = unsafe {
                    map.unchecked_advise_range(
                        memmap2::UncheckedAdvice::DontNeed,
                        self.released,
                        done - self.released,
                    )
                };
            }
            self.released = self.released.max(done);
        }
        Ok(Some(next))
    }

    /// Gives a window whose numbers are used up back to the producer, for
    /// its buffers.
    pub(super) fn give_back(&self, used: Parsed) {
        // The producer is gone only when the input has ended.
        let _ = self.used.send(used);
    }
}

/// Parses the window `bytes[start..filled]` up to its last whitespace
/// (all of it when `last`), its chunks' lines numbered from `line`, which
/// becomes the line after them; number buffers from `spare`.
fn parse(
    bytes: Bytes,
    (start, filled, last): (usize, usize, bool),
    line: &mut u64,
    spare: &mut Vec<Vec<u32>>,
) -> Parsed {
    let window = &bytes[..filled];
    let cut = chunks::parsed_end(window, start, last);
    let chunks = if cut == start {
        Vec::new()
    } else {
        let (chunks, next_line) = chunks::parse_window(window, start, cut, *line, spare);
        *line = next_line;
        chunks
    };
    Parsed {
        bytes,
        start,
        cut,
        filled,
        last,
        chunks,
        next_line: *line,
    }
}

/// Takes back a used window's number buffers into `spare`, and its bytes
/// when they are a buffer.
fn take_back(used: Parsed, spare: &mut Vec<Vec<u32>>) -> Option<Vec<u8>> {
    spare.extend(used.chunks.into_iter().map(|chunk| chunk.numbers));
    match used.bytes {
        Bytes::Buffer(bytes) if !bytes.is_empty() => Some(bytes),
        _ => None,
    }
}

/// The reader thread of a stream: fills buffers (recycled through
/// `returned`), parses them and sends them in order, the unfinished token
/// at the end of one copied to the front of the next. Buffers start small
/// and grow to a full window while the input keeps filling them, so small
/// inputs take little memory.
fn read_ahead<R: Read>(
    mut input: R,
    sender: &mpsc::SyncSender<Sent>,
    returned: &mpsc::Receiver<Parsed>,
) {
    let mut size = FIRST_WINDOW;
    let mut made = 0;
    let mut spare = Vec::new();
    let mut line = 1;
    let mut carry: Vec<u8> = Vec::with_capacity(CARRY);
    // Buffers given back and not yet filled: several may come back between
    // two windows, and every one is kept (a buffer dropped here would
    // never be made again, and too few in circulation would leave this
    // thread waiting for one the reader of the numbers still holds).
    let mut free: Vec<Vec<u8>> = Vec::new();
    loop {
        while let Ok(used) = returned.try_recv() {
            free.extend(take_back(used, &mut spare));
        }
        let mut bytes = match free.pop() {
            Some(bytes) => bytes,
            None if made < BUFFERS => {
                made += 1;
                Vec::new()
            }
            None => loop {
                match returned.recv() {
                    Ok(used) => {
                        if let Some(bytes) = take_back(used, &mut spare) {
                            break bytes;
                        }
                    }
                    Err(_) => return,
                }
            },
        };
        bytes.resize(CARRY + size, 0);
        let buffer = fill(&mut input, bytes);
        if let Some(e) = buffer.error {
            let bad = BadNumber {
                line,
                problem: format!("cannot read input: {e}"),
            };
            let _ = sender.send(Err(bad));
            return;
        }
        if buffer.filled == buffer.bytes.len() {
            size = (2 * size).min(WINDOW);
        }
        let mut bytes = buffer.bytes;
        let start = CARRY - carry.len();
        bytes[start..CARRY].copy_from_slice(&carry);
        let window = (start, buffer.filled, buffer.eof);
        let parsed = parse(Bytes::Buffer(bytes), window, &mut line, &mut spare);
        carry.clear();
        let tail = parsed.filled - parsed.cut;
        carry.extend_from_slice(&parsed.bytes[parsed.cut..parsed.cut + tail.min(CARRY)]);
        let last = parsed.last;
        if sender.send(Ok(parsed)).is_err() || last {
            return;
        }
    }
}

/// The producer of a mapped file: its windows are ranges of the map,
/// parsed in place.
fn map_ahead(
    map: &Arc<memmap2::Mmap>,
    sender: &mpsc::SyncSender<Sent>,
    returned: &mpsc::Receiver<Parsed>,
) {
    let mut spare = Vec::new();
    let mut line = 1;
    let mut cut = 0;
    loop {
        while let Ok(used) = returned.try_recv() {
            take_back(used, &mut spare);
        }
        let filled = (cut + WINDOW).min(map.len());
        let window = (cut, filled, filled == map.len());
        let parsed = parse(
            Bytes::Mapped(Arc::clone(map)),
            window,
            &mut line,
            &mut spare,
        );
        cut = parsed.cut;
        let last = parsed.last;
        if sender.send(Ok(parsed)).is_err() || last {
            return;
        }
    }
}

/// A window's worth of input: bytes `CARRY..filled` of `bytes`.
struct Buffer {
    bytes: Vec<u8>,
    filled: usize,
    eof: bool,
    error: Option<io::Error>,
}

/// Reads `input` into `bytes[CARRY..]` until it is full or the input
/// ends; a read error ends the input too, and is kept to be reported.
fn fill<R: Read>(input: &mut R, bytes: Vec<u8>) -> Buffer {
    let mut buffer = Buffer {
        bytes,
        filled: CARRY,
        eof: false,
        error: None,
    };
    while buffer.filled < buffer.bytes.len() && !buffer.eof {
        match input.read(&mut buffer.bytes[buffer.filled..]) {
            Ok(0) => buffer.eof = true,
            Ok(n) => buffer.filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                buffer.error = Some(e);
                buffer.eof = true;
            }
        }
    }
    buffer
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_pipe_is_widened_to_a_window() {
        use std::os::fd::{AsFd, AsRawFd};
        let (reader, _writer) = io::pipe().expect("a pipe");
        // SAFETY: F_GETPIPE_SZ on a pipe this test holds open.
        let size = || unsafe { libc::fcntl(reader.as_raw_fd(), libc::F_GETPIPE_SZ) };
        assert!(size() < WINDOW as i32);
        widen_pipe(reader.as_fd());
        assert!(size() >= WINDOW as i32, "{}", size());
    }

    /// `bytes` as a mapped file (the file itself is removed at once).
    pub(in crate::formats::judge::numbers) fn mapped(bytes: &[u8]) -> Input {
        static FILES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let k = FILES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("npuzzle-numbers-{}-{k}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        let file = std::fs::File::open(&path).unwrap();
        // SAFETY: the file is this test's own.
        let map = unsafe { memmap2::Mmap::map(&file) }.unwrap();
        std::fs::remove_file(&path).unwrap();
        Input::Mapped(map)
    }

    /// A reader that hands out a few bytes at a time, then perhaps fails.
    pub(in crate::formats::judge::numbers) struct Trickle(pub io::Cursor<Vec<u8>>, pub usize);
    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(buf.len());
            self.0.read(&mut buf[..n])
        }
    }

    /// A reader that gives its bytes, is interrupted once, then fails.
    struct Failing(io::Cursor<Vec<u8>>, bool);
    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.read(buf)? {
                0 if !self.1 => {
                    self.1 = true;
                    Err(io::ErrorKind::Interrupted.into())
                }
                0 => Err(io::Error::other("disk on fire")),
                n => Ok(n),
            }
        }
    }

    /// The windows of `input`: each one's bytes and parsed part, as
    /// (start, cut, filled) of its bytes, each given back once seen.
    fn windows(input: Input) -> Vec<(Vec<u8>, (usize, usize, usize))> {
        let mut windows = Windows::open(input);
        let mut seen = Vec::new();
        while let Some(w) = windows.next().unwrap() {
            seen.push((w.bytes[..w.filled].to_vec(), (w.start, w.cut, w.filled)));
            let last = w.last;
            windows.give_back(w);
            if last {
                break;
            }
        }
        seen
    }

    /// `len` bytes of seven-digit numbers, each followed by a space.
    fn numbers_text(len: usize) -> Vec<u8> {
        (0..len)
            .map(|k| {
                if k % 8 == 7 {
                    b' '
                } else {
                    b'1' + (k % 8) as u8
                }
            })
            .collect()
    }

    #[test]
    fn stream_buffers_grow_to_a_window_and_keep_every_byte() {
        let input = numbers_text(9_000_000);
        let seen = windows(Input::from(Trickle(
            io::Cursor::new(input.clone()),
            100_003,
        )));
        let sizes: Vec<usize> = seen
            .iter()
            .map(|(_, (_, _, filled))| filled - CARRY)
            .collect();
        assert_eq!(
            &sizes[..5],
            [64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20]
        );
        assert!(
            sizes[5..].iter().rev().skip(1).all(|&s| s == WINDOW),
            "{sizes:?}"
        );
        let parsed: Vec<u8> = seen
            .iter()
            .flat_map(|(bytes, (start, cut, _))| bytes[*start..*cut].to_vec())
            .collect();
        assert_eq!(parsed, input);
    }

    #[test]
    fn stream_windows_carry_the_unfinished_token() {
        // The first window ends in the middle of "12345".
        let mut input = vec![b' '; FIRST_WINDOW - 2];
        input.extend_from_slice(b"12345 6");
        let seen = windows(Input::from(io::Cursor::new(input)));
        assert_eq!(seen.len(), 2);
        let (bytes, (start, cut, filled)) = &seen[0];
        assert!(bytes[*start..*cut].ends_with(b"   "));
        assert_eq!(&bytes[*cut..*filled], b"12");
        let (bytes, (start, cut, _)) = &seen[1];
        assert_eq!(&bytes[*start..*cut], b"12345 6");
    }

    #[test]
    fn read_errors_are_reported_once() {
        let input = Input::from(Failing(io::Cursor::new(b"1 2 3".to_vec()), false));
        let mut windows = Windows::open(input);
        let error = windows.next().err().unwrap();
        assert_eq!(error.problem, "cannot read input: disk on fire");
        assert_eq!(error.line, 1);
        assert!(windows.next().unwrap().is_none());
    }

    #[test]
    fn mapped_windows_are_ranges_of_the_file() {
        let len = 2 * WINDOW + 100;
        let mut windows = Windows::open(mapped(&numbers_text(len)));
        let w = windows.next().unwrap().unwrap();
        // Windows end after their last whitespace, the next goes on there.
        assert_eq!((w.start, w.filled, w.last), (0, WINDOW, false));
        assert_eq!(w.cut, WINDOW / 8 * 8);
        let cut = w.cut;
        windows.give_back(w);
        let w = windows.next().unwrap().unwrap();
        assert_eq!((w.start, w.filled, w.last), (cut, cut + WINDOW, false));
        // The pages before the window in use are let go.
        assert_eq!(windows.released, cut / RELEASE_STEP * RELEASE_STEP);
        let cut = w.cut;
        windows.give_back(w);
        let w = windows.next().unwrap().unwrap();
        assert_eq!((w.start, w.filled, w.last), (cut, len, true));
        assert_eq!(w.bytes.len(), len);
        windows.give_back(w);
        assert!(windows.next().unwrap().is_none());
    }
}
