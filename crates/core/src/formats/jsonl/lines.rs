//! Reading a batch a line at a time, with a cap on a line's length that
//! holds without keeping the line.

use std::io::BufRead;

/// Reads one line of at most `max` bytes into `buf` (without its line
/// end). `Ok(None)` at the end of input; `Ok(Some(false))` when the line
/// was longer than `max` and was skipped.
pub(crate) fn read_line_capped<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<bool>> {
    buf.clear();
    let mut any = false;
    let mut too_long = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match memchr(chunk) {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > max {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        input.consume(take + done as usize);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(!too_long))
}

fn memchr(chunk: &[u8]) -> Option<usize> {
    chunk.iter().position(|&b| b == b'\n')
}
