//! Where the bytes come from, a window at a time: a regular file mapped
//! into memory and parsed in place, its pages let go once parsed; any
//! other reader read ahead by a thread into recycled buffers, the
//! unfinished token at the end of one window copied to the front of the
//! next.

use std::io::{self, Read};
use std::sync::mpsc;

/// Bytes read at a time: at most, and at first.
const WINDOW: usize = 2 << 20;
const FIRST_WINDOW: usize = 64 << 10;
/// Room kept before each window for the unfinished token carried over
/// from the previous one (longer tokens are refused anyway).
const CARRY: usize = 32;
/// Windows read ahead and not yet parsed, at most.
const READ_AHEAD: usize = 2;
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
    /// file meanwhile.
    #[must_use]
    pub fn stdin() -> Self {
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

/// A window: bytes `start..filled` of [`Source::bytes`]; `last` when it
/// ends the input.
pub(super) struct Window {
    pub(super) start: usize,
    pub(super) filled: usize,
    pub(super) last: bool,
}

/// Where the windows come from.
pub(super) enum Source {
    /// Buffers from the reader thread (the current one is `window`;
    /// `empty` takes it back), an unfinished token copied to the front of
    /// the next.
    Stream {
        full: mpsc::Receiver<Buffer>,
        empty: mpsc::Sender<Vec<u8>>,
        window: Vec<u8>,
    },
    /// A mapped file: windows are its ranges; pages before `released`
    /// were let go.
    Mapped { map: memmap2::Mmap, released: usize },
}

impl Source {
    /// The source of `input`, and where its first window starts: a
    /// stream's windows start after room for a carried token, and its
    /// reader thread starts now. The thread ends soon after the source is
    /// dropped (at its next read), which closes the channels.
    pub(super) fn open(input: Input) -> (Self, usize) {
        match input {
            Input::Stream(reader) => {
                let (full, full_rx) = mpsc::sync_channel(READ_AHEAD - 1);
                let (empty_tx, empty) = mpsc::channel();
                std::thread::spawn(move || read_ahead(reader, full, empty));
                let source = Self::Stream {
                    full: full_rx,
                    empty: empty_tx,
                    window: vec![0; CARRY],
                };
                (source, CARRY)
            }
            Input::Mapped(map) => (Self::Mapped { map, released: 0 }, 0),
        }
    }

    /// The bytes the windows' offsets refer to.
    pub(super) fn bytes(&self) -> &[u8] {
        match self {
            Self::Stream { window, .. } => window,
            Self::Mapped { map, .. } => map,
        }
    }

    /// The window after the one that ends at `filled`, whose bytes from
    /// `cut` on are an unfinished token that goes on in it. `None` when a
    /// stream has ended; the error of a failed read, once.
    pub(super) fn next_window(&mut self, cut: usize, filled: usize) -> io::Result<Option<Window>> {
        match self {
            Self::Stream {
                full,
                empty,
                window,
            } => {
                let Ok(mut next) = full.recv() else {
                    return Ok(None);
                };
                if let Some(e) = next.error.take() {
                    return Err(e);
                }
                // The unfinished token goes in front of the next window.
                let carry = (filled - cut).min(CARRY);
                next.bytes[CARRY - carry..CARRY].copy_from_slice(&window[cut..cut + carry]);
                let old = std::mem::replace(window, next.bytes);
                let _ = empty.send(old);
                Ok(Some(Window {
                    start: CARRY - carry,
                    filled: next.filled,
                    last: next.eof,
                }))
            }
            Self::Mapped { map, released } => {
                // Pages wholly parsed are let go, so that resident memory
                // stays at about a window whatever the file's size.
                let done = cut / RELEASE_STEP * RELEASE_STEP;
                #[cfg(unix)]
                if done > *released {
                    // SAFETY: the map is read-only and shared: its pages
                    // are read again from the file if ever touched.
                    let _ = unsafe {
                        map.unchecked_advise_range(
                            memmap2::UncheckedAdvice::DontNeed,
                            *released,
                            done - *released,
                        )
                    };
                }
                *released = done;
                let filled = (cut + WINDOW).min(map.len());
                Ok(Some(Window {
                    start: cut,
                    filled,
                    last: filled == map.len(),
                }))
            }
        }
    }
}

/// A window's worth of input: bytes `CARRY..filled` of `bytes`.
pub(super) struct Buffer {
    bytes: Vec<u8>,
    filled: usize,
    eof: bool,
    error: Option<io::Error>,
}

/// The reader thread: fills buffers (recycled through `empty`) and sends
/// them in order. Buffers start small and grow to a full window while the
/// input keeps filling them, so small inputs take little memory.
fn read_ahead<R: Read>(
    mut input: R,
    full: mpsc::SyncSender<Buffer>,
    empty: mpsc::Receiver<Vec<u8>>,
) {
    let mut size = FIRST_WINDOW;
    let mut made = 0;
    loop {
        let mut bytes = match empty.try_recv() {
            Ok(bytes) => bytes,
            Err(_) if made < READ_AHEAD + 1 => {
                made += 1;
                Vec::new()
            }
            Err(_) => match empty.recv() {
                Ok(bytes) => bytes,
                Err(_) => return,
            },
        };
        bytes.resize(CARRY + size, 0);
        let buffer = fill(&mut input, bytes);
        if buffer.filled == buffer.bytes.len() {
            size = (2 * size).min(WINDOW);
        }
        let eof = buffer.eof;
        if full.send(buffer).is_err() || eof {
            return;
        }
    }
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

    /// The windows of `source`, each parsed up to `cut(window bytes)`.
    fn windows(mut source: Source, start: usize, cut: impl Fn(&[u8]) -> usize) -> Vec<Vec<u8>> {
        let (mut cut_at, mut filled) = (start, start);
        let mut seen = Vec::new();
        while let Some(w) = source.next_window(cut_at, filled).unwrap() {
            let bytes = &source.bytes()[w.start..w.filled];
            seen.push(bytes.to_vec());
            (cut_at, filled) = (w.start + cut(bytes), w.filled);
            if w.last {
                break;
            }
        }
        seen
    }

    #[test]
    fn stream_buffers_grow_to_a_window_and_keep_every_byte() {
        let input: Vec<u8> = (0..9_000_000u32).map(|k| (k % 251) as u8).collect();
        let (source, start) = Source::open(Input::from(Trickle(
            io::Cursor::new(input.clone()),
            100_003,
        )));
        assert_eq!(start, CARRY);
        let seen = windows(source, start, |bytes| bytes.len());
        let sizes: Vec<usize> = seen.iter().map(Vec::len).collect();
        assert_eq!(
            &sizes[..6],
            [64 << 10, 128 << 10, 256 << 10, 512 << 10, 1 << 20, 2 << 20]
        );
        assert!(
            sizes[6..].iter().rev().skip(1).all(|&s| s == WINDOW),
            "{sizes:?}"
        );
        assert_eq!(seen.concat(), input);
    }

    #[test]
    fn stream_windows_carry_the_unfinished_token() {
        // The first window ends in the middle of "12345".
        let mut input = vec![b' '; FIRST_WINDOW - 2];
        input.extend_from_slice(b"12345 6");
        let (source, start) = Source::open(Input::from(io::Cursor::new(input)));
        let after_space = |bytes: &[u8]| bytes.iter().rposition(|&b| b == b' ').unwrap() + 1;
        let seen = windows(source, start, after_space);
        assert_eq!(seen.len(), 2);
        assert!(seen[0].ends_with(b"  12"));
        assert_eq!(seen[1], b"12345 6");
    }

    #[test]
    fn read_errors_are_reported_once() {
        let input = Input::from(Failing(io::Cursor::new(b"1 2 3".to_vec()), false));
        let (mut source, start) = Source::open(input);
        let error = source.next_window(start, start).err().unwrap();
        assert_eq!(error.to_string(), "disk on fire");
        assert!(source.next_window(start, start).unwrap().is_none());
    }

    #[test]
    fn mapped_windows_are_ranges_of_the_file() {
        let len = 2 * WINDOW + 100;
        let (mut source, start) = Source::open(mapped(&vec![b'5'; len]));
        assert_eq!(start, 0);
        let w = source.next_window(0, 0).unwrap().unwrap();
        assert_eq!((w.start, w.filled, w.last), (0, WINDOW, false));
        // Ten bytes of a token go on in the next window.
        let w = source.next_window(WINDOW - 10, WINDOW).unwrap().unwrap();
        assert_eq!(
            (w.start, w.filled, w.last),
            (WINDOW - 10, 2 * WINDOW - 10, false)
        );
        let Source::Mapped { released, .. } = &source else {
            unreachable!()
        };
        assert_eq!(*released, WINDOW - RELEASE_STEP);
        let w = source
            .next_window(2 * WINDOW - 10, 2 * WINDOW - 10)
            .unwrap()
            .unwrap();
        assert_eq!((w.start, w.filled, w.last), (2 * WINDOW - 10, len, true));
        assert_eq!(source.bytes().len(), len);
    }
}
