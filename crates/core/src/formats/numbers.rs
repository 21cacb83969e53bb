//! A streaming reader of whitespace-separated non-negative integers, for
//! the judge formats.
//!
//! The input is read a window (up to 2 MiB) at a time, in place where it
//! is a regular file (mapped into memory, each window's pages let go once
//! parsed), else by a thread reading ahead; each window is cut at
//! whitespace into parts that are parsed on all cores, without allocating
//! per number: 64 bytes and four numbers at a time with SSE2/SSSE3 where
//! the processor has them, else 8 bytes at a time, and byte by byte for
//! long or malformed tokens. Memory stays bounded by a window whatever
//! the input's size, and every error keeps its line number: lines are
//! counted while parsing, and the line of a token is found again only
//! when an error needs it.

use std::io::{self, Read};

use rayon::prelude::*;

/// Bytes read at a time: at most, and at first.
const WINDOW: usize = 2 << 20;
const FIRST_WINDOW: usize = 64 << 10;
/// Tokens longer than this are refused (u32 values have at most 10
/// digits): ten gigabytes of digits are refused after a few bytes.
const MAX_DIGITS: usize = 10;

/// A malformed number, with the line it stands on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadNumber {
    /// The line of the offending token.
    pub line: u64,
    /// What is wrong, quoting the token.
    pub problem: String,
}

const DIGIT: u8 = 0;
const SPACE: u8 = 1;
const OTHER: u8 = 2;

/// Byte classes: digits, the whitespace of text files, anything else.
static CLASS: [u8; 256] = {
    let mut t = [OTHER; 256];
    let mut d = b'0';
    while d <= b'9' {
        t[d as usize] = DIGIT;
        d += 1;
    }
    t[b' ' as usize] = SPACE;
    t[b'\n' as usize] = SPACE;
    t[b'\r' as usize] = SPACE;
    t[b'\t' as usize] = SPACE;
    t[0x0b] = SPACE;
    t[0x0c] = SPACE;
    t
};

/// One parsed part of a window.
#[derive(Default)]
struct Part {
    /// Where the part starts in the window.
    start: usize,
    end: usize,
    /// The line of the part's first byte.
    first_line: u64,
    newlines: u64,
    numbers: Vec<u32>,
    /// The offset (in the window) of a malformed token that ended the part.
    bad_at: Option<usize>,
}

/// Parses `bytes[start..end]`: numbers until the end or the first
/// malformed token. `end` is at whitespace or at the end of the input, so
/// no token runs past it.
fn parse_part(bytes: &[u8], start: usize, end: usize, numbers: Vec<u32>) -> Part {
    #[cfg(target_arch = "x86_64")]
    let vector = simd::available();
    #[cfg(not(target_arch = "x86_64"))]
    let vector = false;
    parse_part_with(bytes, start, end, numbers, vector)
}

/// [`parse_part`], with or without the vector path (which needs x86-64
/// with SSSE3).
fn parse_part_with(
    bytes: &[u8],
    start: usize,
    end: usize,
    mut numbers: Vec<u32>,
    vector: bool,
) -> Part {
    numbers.clear();
    // Every number but the last takes a digit and a separator; the vector
    // path writes four at a time.
    numbers.reserve((end - start).div_ceil(2) + 4);
    let mut newlines = 0u64;
    let mut bad_at = None;
    let mut i = start;
    if vector {
        #[cfg(target_arch = "x86_64")]
        {
            i = simd::parse(bytes, start, end, &mut numbers);
            newlines = count_newlines(&bytes[start..i]);
        }
    }
    // Fast path: a number of up to 7 digits and the separator after it,
    // in one step, 8 bytes at a time.
    while i + 8 < end {
        let word = u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
        let Some((value, len)) = swar_number(word) else {
            let b = bytes[i];
            if CLASS[b as usize] != SPACE {
                break; // a long or malformed token: the slow path says which
            }
            newlines += (b == b'\n') as u64;
            i += 1;
            continue;
        };
        let separator = bytes[i + len];
        if CLASS[separator as usize] != SPACE {
            break;
        }
        numbers.push(value);
        newlines += (separator == b'\n') as u64;
        i += len + 1;
    }
    // Slow path: the part's last bytes, long tokens, malformed tokens.
    loop {
        while i < end && CLASS[bytes[i] as usize] == SPACE {
            newlines += (bytes[i] == b'\n') as u64;
            i += 1;
        }
        if i >= end {
            break;
        }
        let token = i;
        let mut value: u64 = 0;
        while i < end {
            let d = bytes[i].wrapping_sub(b'0');
            if d >= 10 || i - token == MAX_DIGITS {
                break;
            }
            value = value * 10 + d as u64;
            i += 1;
        }
        let ends_well = i >= end || CLASS[bytes[i] as usize] == SPACE;
        if i == token || !ends_well || value > u32::MAX as u64 {
            bad_at = Some(token);
            break;
        }
        numbers.push(value as u32);
    }
    Part {
        start,
        end,
        first_line: 0,
        newlines,
        numbers,
        bad_at,
    }
}

/// The line feeds in `bytes`, counted 64 at a time in bytes (which the
/// compiler turns into vector compares).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn count_newlines(bytes: &[u8]) -> u64 {
    let mut chunks = bytes.chunks_exact(64);
    let mut count: u64 = chunks
        .by_ref()
        .map(|c| c.iter().map(|&b| (b == b'\n') as u8).sum::<u8>() as u64)
        .sum();
    count += chunks.remainder().iter().filter(|&&b| b == b'\n').count() as u64;
    count
}

/// The vector path on x86-64: 64 bytes classified at a time, four numbers
/// converted at a time.
#[cfg(target_arch = "x86_64")]
mod simd {
    use std::arch::x86_64::*;

    /// Bytes classified at a time.
    const BLOCK: usize = 64;

    /// Whether the processor has SSSE3 (checked once, then cached).
    pub fn available() -> bool {
        std::is_x86_feature_detected!("ssse3")
    }

    /// Appends the numbers of `bytes[i..end]` to `out` while the input is
    /// plain: blocks of 64 bytes holding only digits and whitespace, no
    /// token longer than 8 digits. Returns where it stopped, a token
    /// boundary, for the scalar paths to go on from (`i` is one too).
    pub fn parse(bytes: &[u8], i: usize, end: usize, out: &mut Vec<u32>) -> usize {
        assert!(available() && end <= bytes.len() && i <= end);
        let room = out.capacity() - out.len();
        // SAFETY: SSSE3 is there (checked above).
        let (stop, written) = unsafe { parse_blocks(bytes, i, end, out.spare_capacity_mut()) };
        debug_assert!(written <= room);
        // SAFETY: `parse_blocks` initialized the first `written` spare
        // elements.
        unsafe { out.set_len(out.len() + written) };
        stop
    }

    /// See [`parse`]; returns the stop and the numbers written to `out`.
    #[target_feature(enable = "ssse3")]
    fn parse_blocks(
        bytes: &[u8],
        mut i: usize,
        end: usize,
        out: &mut [std::mem::MaybeUninit<u32>],
    ) -> (usize, usize) {
        let mut count = 0;
        // A token read at offset s < 64 of a block reads bytes s..s+8;
        // a block writes at most 32 numbers, in fours.
        while i + BLOCK + 8 <= end && count + BLOCK / 2 + 4 <= out.len() {
            let (digits, spaces) = classify(&bytes[i..i + BLOCK]);
            // Nine digits in a row: a token too long for this path.
            let mut run = digits;
            for shift in 1..9 {
                run &= digits >> shift;
            }
            if digits | spaces != u64::MAX || run != 0 {
                break;
            }
            // `i` is a token boundary, so bit 0 starts any token there.
            let mut starts = digits & !(digits << 1);
            // Tokens that end inside the block; one running on past it is
            // read with the next block, which starts where it starts.
            let mut ends = digits & !(digits >> 1) & !(1 << (BLOCK - 1));
            let next = if digits >> (BLOCK - 1) != 0 {
                let last = BLOCK - 1 - starts.leading_zeros() as usize;
                if last == 0 {
                    break; // cannot happen: runs are at most 8 digits
                }
                starts &= !(1 << last);
                i + last
            } else {
                i + BLOCK
            };
            while ends != 0 {
                let mut words = [0u64; 4];
                let mut k = 0;
                while k < 4 && ends != 0 {
                    let s = starts.trailing_zeros() as usize;
                    let len = ends.trailing_zeros() as usize + 1 - s;
                    starts &= starts - 1;
                    ends &= ends - 1;
                    let word =
                        u64::from_le_bytes(bytes[i + s..i + s + 8].try_into().expect("8 bytes"));
                    // Digit values, the token's last digit on the top
                    // byte, zeros below its first (no borrow reaches the
                    // token's own bytes: they are all at least '0').
                    words[k] = word.wrapping_sub(0x3030_3030_3030_3030) << (8 * (8 - len));
                    k += 1;
                }
                let values = convert4(words);
                for (slot, &v) in out[count..count + 4].iter_mut().zip(&values) {
                    slot.write(v);
                }
                count += k;
            }
            i = next;
        }
        (i, count)
    }

    /// Masks of a 64-byte block: bit k set when byte k is a digit; when
    /// it is whitespace (tab, line feed, vertical tab, form feed, carriage
    /// return, space).
    #[target_feature(enable = "ssse3")]
    fn classify(block: &[u8]) -> (u64, u64) {
        assert_eq!(block.len(), BLOCK);
        let (mut digits, mut spaces) = (0u64, 0u64);
        for k in 0..BLOCK / 16 {
            // SAFETY: the block holds bytes 16k..16k+16.
            let v = unsafe { _mm_loadu_si128(block.as_ptr().add(16 * k).cast()) };
            let from_zero = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
            let digit = _mm_cmpeq_epi8(_mm_min_epu8(from_zero, _mm_set1_epi8(9)), from_zero);
            let from_tab = _mm_sub_epi8(v, _mm_set1_epi8(b'\t' as i8));
            let control = _mm_cmpeq_epi8(_mm_min_epu8(from_tab, _mm_set1_epi8(4)), from_tab);
            let space = _mm_or_si128(control, _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8)));
            digits |= (_mm_movemask_epi8(digit) as u16 as u64) << (16 * k);
            spaces |= (_mm_movemask_epi8(space) as u16 as u64) << (16 * k);
        }
        (digits, spaces)
    }

    /// Four numbers of up to 8 digits, each given as 8 digit values,
    /// first digit first, right-aligned: pairs, then quads, then the
    /// whole, by multiply-adds.
    #[target_feature(enable = "ssse3")]
    fn convert4(words: [u64; 4]) -> [u32; 4] {
        let a = _mm_set_epi64x(words[1] as i64, words[0] as i64);
        let b = _mm_set_epi64x(words[3] as i64, words[2] as i64);
        // Each byte pair: 10 × first + second.
        let tens = _mm_set1_epi16(0x010A);
        let (a, b) = (_mm_maddubs_epi16(a, tens), _mm_maddubs_epi16(b, tens));
        // Each pair of pairs: 100 × first + second (below 10,000).
        let hundreds = _mm_set1_epi32(0x0001_0064);
        let (a, b) = (_mm_madd_epi16(a, hundreds), _mm_madd_epi16(b, hundreds));
        // Each pair of quads: 10,000 × first + second.
        let whole = _mm_madd_epi16(_mm_packs_epi32(a, b), _mm_set1_epi32(0x0001_2710));
        let mut values = [0u32; 4];
        // SAFETY: `values` holds the 16 bytes stored.
        unsafe { _mm_storeu_si128(values.as_mut_ptr().cast(), whole) };
        values
    }
}

/// Reads the leading digits of 8 little-endian bytes at once: the value
/// and the digit count, when there are 1 to 7 digits.
#[inline]
fn swar_number(word: u64) -> Option<(u32, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let digits = word.wrapping_sub(0x30 * ONES);
    // A byte is not a digit if it is below '0' (borrow sets its top bit),
    // above '9' (adding 0x46 sets it) or has its own top bit set. Carries
    // and borrows only run upwards, past the first non-digit.
    let non_digit = (digits | word.wrapping_add(0x46 * ONES) | word) & (0x80 * ONES);
    let len = (non_digit.trailing_zeros() / 8) as usize;
    if len == 0 || len == 8 {
        return None;
    }
    // Move the digits to the top bytes, then combine pairs, quads, octets.
    let mut v = digits << (64 - 8 * len);
    v = (v.wrapping_mul(10) + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
    v = (v.wrapping_mul(10000) + (v >> 32)) & 0xFFFF_FFFF;
    Some((v as u32, len))
}

/// Says what is wrong with the token at the start of `bytes`.
fn describe(bytes: &[u8]) -> String {
    let len = bytes
        .iter()
        .position(|&b| CLASS[b as usize] == SPACE)
        .unwrap_or(bytes.len());
    let token = &bytes[..len];
    let text = String::from_utf8_lossy(&token[..len.min(24)]);
    let shown = if len > 24 {
        format!("{text}…")
    } else {
        text.into_owned()
    };
    if len > 1 && token[0] == b'-' && token[1..].iter().all(u8::is_ascii_digit) {
        format!("'{shown}' is negative")
    } else if token.iter().all(u8::is_ascii_digit) {
        format!("'{shown}' is too large")
    } else {
        format!("'{shown}' is not a number")
    }
}

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
    fn from(reader: R) -> Input {
        Input::Stream(Box::new(reader))
    }
}

impl Input {
    /// Standard input: mapped from its current offset when it is a
    /// non-empty regular file (a redirect), else read as a stream (a pipe,
    /// a terminal).
    pub fn stdin() -> Input {
        #[cfg(unix)]
        if let Some(map) = Input::map_stdin() {
            return Input::Mapped(map);
        }
        Input::from(io::stdin())
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

/// Reads the numbers of `input` with `f`. A stream is read ahead by a
/// thread, a window at a time, while the windows before are parsed and
/// used; it stops soon after `f` returns (at its next read), and `f`'s
/// result does not wait for it: a bad token on an interactive input is
/// reported at once.
///
/// ```
/// use npuzzle_core::formats::numbers::read_numbers;
/// read_numbers("3\r\n1 2\n 0".as_bytes(), |r| {
///     assert_eq!(r.next_number().unwrap(), Some(3));
///     let mut grid = Vec::new();
///     assert_eq!(r.take_into(3, &mut grid).unwrap(), 3);
///     assert_eq!(grid, vec![1, 2, 0]);
///     assert_eq!(r.line(), 3);
///     assert_eq!(r.next_number().unwrap(), None);
/// });
/// ```
pub fn read_numbers<T>(input: impl Into<Input>, f: impl FnOnce(&mut Numbers) -> T) -> T {
    // A stream's windows start after room for a carried token.
    let (source, start) = match input.into() {
        Input::Stream(reader) => {
            let (full, full_rx) = std::sync::mpsc::sync_channel(READ_AHEAD - 1);
            let (empty_tx, empty) = std::sync::mpsc::channel();
            std::thread::spawn(move || read_ahead(reader, full, empty));
            let source = Source::Stream {
                full: full_rx,
                empty: empty_tx,
                window: vec![0; CARRY],
            };
            (source, CARRY)
        }
        Input::Mapped(map) => (Source::Mapped { map, released: 0 }, 0),
    };
    let mut numbers = Numbers {
        source,
        start,
        filled: start,
        last: false,
        parts: Vec::new(),
        part: 0,
        index: 0,
        next_line: 1,
        spare: Vec::new(),
    };
    f(&mut numbers)
    // Dropping `numbers` closes the channels, which ends the reader.
}

/// A window's worth of input: bytes `CARRY..filled` of `bytes`.
struct Buffer {
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
    full: std::sync::mpsc::SyncSender<Buffer>,
    empty: std::sync::mpsc::Receiver<Vec<u8>>,
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
        if buffer.filled == buffer.bytes.len() {
            size = (2 * size).min(WINDOW);
        }
        let eof = buffer.eof;
        if full.send(buffer).is_err() || eof {
            return;
        }
    }
}

/// The numbers of an input, parsed a window at a time on all cores; see
/// [`read_numbers`].
pub struct Numbers {
    source: Source,
    /// The current window: bytes `start..filled` of the source's bytes, of
    /// which those up to the last part's end are parsed into `parts`; the
    /// rest is an unfinished token that goes on in the next window.
    start: usize,
    filled: usize,
    /// Whether the window ends the input.
    last: bool,
    parts: Vec<Part>,
    /// The part being consumed, and the next number in it.
    part: usize,
    index: usize,
    /// The line where the next window starts.
    next_line: u64,
    /// Spare number buffers.
    spare: Vec<Vec<u32>>,
}

/// Where the windows come from.
enum Source {
    /// Buffers from the reader thread (the current one is `window`;
    /// `empty` takes it back), an unfinished token copied to the front of
    /// the next.
    Stream {
        full: std::sync::mpsc::Receiver<Buffer>,
        empty: std::sync::mpsc::Sender<Vec<u8>>,
        window: Vec<u8>,
    },
    /// A mapped file: windows are its ranges; pages before `released`
    /// were let go.
    Mapped { map: memmap2::Mmap, released: usize },
}

impl Source {
    /// The bytes the window's offsets refer to.
    fn bytes(&self) -> &[u8] {
        match self {
            Source::Stream { window, .. } => window,
            Source::Mapped { map, .. } => map,
        }
    }
}

impl Numbers {
    /// Moves to the next window and parses it. False at the end of input.
    fn advance(&mut self) -> Result<bool, BadNumber> {
        if self.last {
            return Ok(false);
        }
        // Where the unfinished token, if any, starts.
        let cut = self.parts.last().map_or(self.start, |p| p.end);
        match &mut self.source {
            Source::Stream {
                full,
                empty,
                window,
            } => {
                let Ok(mut next) = full.recv() else {
                    return Ok(false);
                };
                if let Some(e) = next.error.take() {
                    return Err(BadNumber {
                        line: self.next_line,
                        problem: format!("cannot read input: {e}"),
                    });
                }
                // The unfinished token goes in front of the next window.
                let carry = (self.filled - cut).min(CARRY);
                next.bytes[CARRY - carry..CARRY].copy_from_slice(&window[cut..cut + carry]);
                let old = std::mem::replace(window, next.bytes);
                let _ = empty.send(old);
                self.start = CARRY - carry;
                self.filled = next.filled;
                self.last = next.eof;
            }
            Source::Mapped { map, released } => {
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
                self.start = cut;
                self.filled = (cut + WINDOW).min(map.len());
                self.last = self.filled == map.len();
            }
        }
        for part in self.parts.drain(..) {
            self.spare.push(part.numbers);
        }
        self.part = 0;
        self.index = 0;
        // Cut after the last whitespace; at the end of input, take all. A
        // window with no whitespace at all is one giant token: parse it,
        // it will be refused.
        let bytes = &self.source.bytes()[..self.filled];
        let cut = if self.last {
            self.filled
        } else {
            match bytes[self.start..]
                .iter()
                .rposition(|&b| CLASS[b as usize] == SPACE)
            {
                Some(i) => self.start + i + 1,
                None => self.filled,
            }
        };
        if cut == self.start {
            return Ok(!self.last);
        }
        // Parts of about 64 KiB, each boundary moved to whitespace: they
        // balance the cores and keep `line_back` cheap.
        let count = ((cut - self.start) >> 16).max(1);
        let mut bounds = vec![self.start];
        for k in 1..count {
            let mut b = (self.start + (cut - self.start) * k / count).max(*bounds.last().unwrap());
            while b < cut && CLASS[bytes[b] as usize] != SPACE {
                b += 1;
            }
            bounds.push(b);
        }
        bounds.push(cut);
        let buffers: Vec<Vec<u32>> = (0..count)
            .map(|_| self.spare.pop().unwrap_or_default())
            .collect();
        let mut parts: Vec<Part> = buffers
            .into_par_iter()
            .enumerate()
            .map(|(k, buf)| parse_part(bytes, bounds[k], bounds[k + 1], buf))
            .collect();
        let mut line = self.next_line;
        for part in &mut parts {
            part.first_line = line;
            line += part.newlines;
            if part.bad_at.is_some() {
                break;
            }
        }
        self.next_line = line;
        self.parts = parts;
        Ok(true)
    }

    /// The error that ends the current part, once its numbers are used up.
    fn part_error(&self) -> Option<BadNumber> {
        let part = self.parts.get(self.part)?;
        let at = part.bad_at?;
        let bytes = self.source.bytes();
        let newlines = bytes[part.start..at]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        Some(BadNumber {
            line: part.first_line + newlines as u64,
            problem: describe(&bytes[at..self.filled]),
        })
    }

    /// Makes sure a number is available in the current part. False at the
    /// end of input.
    fn ready(&mut self) -> Result<bool, BadNumber> {
        loop {
            if let Some(part) = self.parts.get(self.part) {
                if self.index < part.numbers.len() {
                    return Ok(true);
                }
                if let Some(bad) = self.part_error() {
                    return Err(bad);
                }
                self.part += 1;
                self.index = 0;
                continue;
            }
            if !self.advance()? {
                return Ok(false);
            }
        }
    }

    /// The next number, `None` at the end of input.
    pub fn next_number(&mut self) -> Result<Option<u32>, BadNumber> {
        if !self.ready()? {
            return Ok(None);
        }
        let v = self.parts[self.part].numbers[self.index];
        self.index += 1;
        Ok(Some(v))
    }

    /// Appends up to `count` numbers to `out`; fewer only at the end of
    /// input. Returns how many were appended.
    pub fn take_into(&mut self, count: usize, out: &mut Vec<u32>) -> Result<usize, BadNumber> {
        let mut taken = 0;
        while taken < count && self.ready()? {
            let numbers = &self.parts[self.part].numbers;
            let n = (count - taken).min(numbers.len() - self.index);
            out.extend_from_slice(&numbers[self.index..self.index + n]);
            self.index += n;
            taken += n;
        }
        Ok(taken)
    }

    /// The line (1-based) of the number `back` places before the next one
    /// (`back = 1`: the last number read). Found by counting again, so
    /// meant for error messages.
    pub fn line_back(&self, back: usize) -> u64 {
        // Walk back over parts to the one holding that number.
        let (mut part, mut index) = (self.part, self.index);
        let mut back = back;
        loop {
            if back <= index {
                index -= back;
                break;
            }
            back -= index;
            if part == 0 {
                return self.parts.first().map_or(self.next_line, |p| p.first_line);
            }
            part -= 1;
            index = self.parts[part].numbers.len();
        }
        let Some(p) = self.parts.get(part) else {
            return self.next_line;
        };
        // Count lines up to the start of token `index` in part `p`.
        let bytes = &self.source.bytes()[p.start..p.end];
        let (mut line, mut seen, mut in_token) = (p.first_line, 0usize, false);
        for &b in bytes {
            let space = CLASS[b as usize] == SPACE;
            if !space && !in_token {
                if seen == index {
                    return line;
                }
                seen += 1;
            }
            in_token = !space;
            line += (b == b'\n') as u64;
        }
        line
    }

    /// The line (1-based) of the last number read.
    pub fn line(&self) -> u64 {
        self.line_back(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bytes` as a mapped file (the file itself is removed at once).
    fn mapped(bytes: &[u8]) -> Input {
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

    fn all(text: &str) -> Result<Vec<u32>, BadNumber> {
        read_numbers(io::Cursor::new(text.as_bytes().to_vec()), |r| {
            let mut out = Vec::new();
            while let Some(v) = r.next_number()? {
                out.push(v);
            }
            Ok(out)
        })
    }

    /// The reference: split at whitespace, each token parsed plainly; the
    /// numbers before the first bad token, and that token's line.
    fn reference(text: &str) -> (Vec<u32>, Option<u64>) {
        let mut out = Vec::new();
        for (l, line) in text.split('\n').enumerate() {
            for token in line.split(|c: char| " \t\r\x0b\x0c".contains(c)) {
                if token.is_empty() {
                    continue;
                }
                match token.parse::<u32>() {
                    Ok(v) if token.bytes().all(|b| b.is_ascii_digit()) && token.len() <= 10 => {
                        out.push(v)
                    }
                    _ => return (out, Some(l as u64 + 1)),
                }
            }
        }
        (out, None)
    }

    proptest::proptest! {
        /// Long texts of short and long tokens, every kind of whitespace,
        /// now and then a bad token: every path of the parser (64-byte
        /// blocks, 8-byte words, one byte at a time) against the reference.
        #[test]
        fn parsing_matches_the_reference(
            tokens in proptest::collection::vec((0u8..200, 0usize..6), 0..600),
            seed in 0u64..1000,
        ) {
            let mut text = String::new();
            let mut x = seed;
            for &(kind, sep) in &tokens {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let token = match kind {
                    0 => "x1".to_string(),
                    1 => "-5".to_string(),
                    2 => "4294967296".to_string(),
                    3 => "4294967295".to_string(),
                    4..=6 => format!("{}", x >> 34), // up to 9 or 10 digits
                    7..=12 => format!("{:08}", (x >> 40) % 100_000_000), // 8 digits
                    _ => format!("{}", (x >> 40) % 10u64.pow(1 + kind as u32 % 7)),
                };
                text.push_str(&token);
                text.push_str([" ", "\n", "  ", "\t", "\r\n", " \x0c "][sep]);
            }
            let (want, bad_line) = reference(&text);
            let read = |r: &mut Numbers| {
                let mut out = Vec::new();
                loop {
                    match r.next_number() {
                        Ok(Some(v)) => out.push(v),
                        Ok(None) => return (out, None),
                        Err(e) => return (out, Some(e.line)),
                    }
                }
            };
            let got = read_numbers(io::Cursor::new(text.clone().into_bytes()), read);
            proptest::prop_assert_eq!(&got, &(want, bad_line));
            if !text.is_empty() {
                proptest::prop_assert_eq!(read_numbers(mapped(text.as_bytes()), read), got);
            }
            // The scalar paths alone (as on processors without SSSE3) give
            // the same numbers and stop on the same token.
            let bytes = text.as_bytes();
            let with = parse_part(bytes, 0, bytes.len(), Vec::new());
            let without = parse_part_with(bytes, 0, bytes.len(), Vec::new(), false);
            proptest::prop_assert_eq!(&with.numbers, &without.numbers);
            proptest::prop_assert_eq!(with.bad_at, without.bad_at);
            proptest::prop_assert_eq!(with.newlines, without.newlines);
        }
    }

    #[test]
    fn swar_matches_plain_parsing() {
        for text in [
            "0 ",
            "7\n",
            "12 ",
            "123\t",
            "1234567 ",
            "9999999\r",
            "0000012 ",
            "1x      ",
        ] {
            let mut bytes = [b' '; 8];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            let digits = text.bytes().take_while(u8::is_ascii_digit).count();
            let want = text[..digits].parse::<u32>().unwrap();
            assert_eq!(
                swar_number(u64::from_le_bytes(bytes)),
                Some((want, digits)),
                "{text:?}"
            );
        }
        assert_eq!(swar_number(u64::from_le_bytes(*b"12345678")), None);
        assert_eq!(swar_number(u64::from_le_bytes(*b"x1234567")), None);
        assert_eq!(swar_number(u64::from_le_bytes(*b"/1234567")), None);
        assert_eq!(swar_number(u64::from_le_bytes(*b":1234567")), None);
        assert_eq!(
            swar_number(u64::from_le_bytes([0xb0, b'1', 0, 0, 0, 0, 0, 0])),
            None
        );
    }

    #[test]
    fn reads_across_lines_and_crlf() {
        assert_eq!(all("1 2\r\n3\n\n  4\t5").unwrap(), vec![1, 2, 3, 4, 5]);
        assert_eq!(all("").unwrap(), Vec::<u32>::new());
        assert_eq!(all("\n\n").unwrap(), Vec::<u32>::new());
        assert_eq!(all("4294967295").unwrap(), vec![u32::MAX]);
    }

    #[test]
    fn errors_name_the_token_and_line() {
        let e = all("1 2\n3 x4 5").unwrap_err();
        assert_eq!(
            e,
            BadNumber {
                line: 2,
                problem: "'x4' is not a number".into()
            }
        );
        let e = all("1\n\n-7").unwrap_err();
        assert_eq!(
            e,
            BadNumber {
                line: 3,
                problem: "'-7' is negative".into()
            }
        );
        assert!(all("4294967296").unwrap_err().problem.contains("too large"));
        assert!(
            all("12a")
                .unwrap_err()
                .problem
                .contains("'12a' is not a number")
        );
        let e = all(&"9".repeat(100_000)).unwrap_err();
        assert!(
            e.problem.contains("too large") && e.problem.contains('…'),
            "{e:?}"
        );
    }

    #[test]
    fn numbers_before_an_error_are_delivered() {
        read_numbers(&b"1 2 3 x"[..], |r| {
            let mut out = Vec::new();
            assert_eq!(r.take_into(3, &mut out).unwrap(), 3);
            assert!(r.next_number().is_err());
        });
    }

    /// A reader that hands out a few bytes at a time.
    struct Trickle(io::Cursor<Vec<u8>>, usize);
    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(buf.len());
            self.0.read(&mut buf[..n])
        }
    }

    #[test]
    fn big_inputs_across_windows_and_parts() {
        // About 20 MB: several windows, many parts, tokens cut by reads.
        let mut text = String::new();
        let mut expected = Vec::new();
        for i in 0..3_000_000u32 {
            let v = i.wrapping_mul(2_654_435_761) % 1_000_000;
            expected.push(v);
            text.push_str(&v.to_string());
            text.push(if i % 7 == 0 { '\n' } else { ' ' });
        }
        let last_line = 1 + text.trim_end().matches('\n').count() as u64;
        text.push_str("bad");
        let bad_line = 1 + text.matches('\n').count() as u64;
        let bytes = text.into_bytes();
        // A stream read in odd pieces, and the file mapped.
        for input in [
            Input::from(Trickle(io::Cursor::new(bytes.clone()), 1_000_003)),
            mapped(&bytes),
        ] {
            read_numbers(input, |r| {
                let mut out = Vec::new();
                assert_eq!(
                    r.take_into(usize::MAX, &mut out).unwrap_err().line,
                    bad_line
                );
                assert_eq!(out, expected);
                assert_eq!(r.line(), last_line);
                // Seven numbers back is the line before.
                assert_eq!(r.line_back(8), last_line - 1);
            });
        }
    }
}
