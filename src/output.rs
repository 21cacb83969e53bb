//! How solutions are printed: moves as they come (direction letters on
//! 2-D boards with one blank, `from-to` pairs elsewhere, JSON with
//! `--json`), then the length in single-tile and multi-tile moves.

use std::io::{self, Write};

use anyhow::{Context, Result};
use npuzzle_core::formats::jsonl;
use npuzzle_core::{Arrangement, Board, Directions, Metric, Move, Summary};

/// Prints moves as they come: direction letters on 2-D boards, `from-to`
/// pairs elsewhere, a JSON object with `--json`, only the count with
/// `--count`.
pub(crate) struct MoveWriter<'a> {
    board: &'a Board,
    json: bool,
    count: bool,
    letters: Option<Directions>,
    /// With `--json` on 2-D boards: the direction letters, kept for the
    /// answer's `"directions"` up to [`MAX_KEPT_LETTERS`] bytes.
    kept: Option<(Directions, Vec<u8>)>,
    written: u64,
}

/// The longest `"directions"` string a JSON answer carries (longer
/// solutions have their moves only, so that memory stays bounded).
const MAX_KEPT_LETTERS: usize = 1 << 24;

impl<'a> MoveWriter<'a> {
    pub(crate) fn new(board: &'a Board, from: &Arrangement, json: bool, count: bool) -> Self {
        // Letters name a tile by the blank it slides into: one blank only.
        let two_d = board.row_col(0).is_some() && from.blank_count() == 1;
        MoveWriter {
            board,
            json,
            count,
            letters: (two_d && !json).then(Directions::default),
            kept: (two_d && json && !count).then(|| (Directions::default(), Vec::new())),
            written: 0,
        }
    }

    /// Writes one move; the first write error is returned (and stops
    /// the solve, so that a closed pipe ends the work at once).
    pub(crate) fn push(&mut self, m: Move, out: &mut impl Write) -> io::Result<()> {
        if self.count {
            return Ok(());
        }
        let result = if self.json {
            let sep = if self.written == 0 {
                "{\"moves\":["
            } else {
                ","
            };
            if let Some((letters, bytes)) = &mut self.kept {
                let _ = letters.push(self.board, m, bytes);
                if bytes.len() > MAX_KEPT_LETTERS {
                    self.kept = None;
                }
            }
            write!(out, "{sep}[{},{}]", m.from, m.to)
        } else if let Some(letters) = &mut self.letters {
            letters.push(self.board, m, out).map(|_| ())
        } else {
            let sep = if self.written == 0 { "" } else { " " };
            write!(out, "{sep}{}-{}", m.from, m.to)
        };
        self.written += 1;
        result
    }

    pub(crate) fn finish(&mut self, summary: &Summary, out: &mut impl Write) -> Result<()> {
        let seconds = summary.elapsed.as_secs_f64();
        if self.json {
            let mut fields = jsonl::solved_fields(summary);
            if let Some((mut letters, mut bytes)) = self.kept.take() {
                letters.finish(&mut bytes)?;
                let text = String::from_utf8(bytes).expect("ASCII letters");
                fields.insert("directions".into(), text.into());
            }
            fields.insert("seconds".into(), seconds.into());
            let fields = serde_json::to_string(&fields)?;
            // The moves went out as they came: close their array, then
            // the other fields (the object's opening brace left off).
            let rest = &fields[1..];
            match (self.count, self.written) {
                (true, _) => writeln!(out, "{fields}")?,
                (false, 0) => writeln!(out, "{{\"moves\":[],{rest}")?,
                (false, _) => writeln!(out, "],{rest}")?,
            }
        } else if self.count {
            writeln!(out, "{}", summary.length)?;
        } else {
            if let Some(letters) = &mut self.letters {
                letters.finish(out)?;
            }
            writeln!(out)?;
            eprintln!("{}", summary_line(summary));
        }
        Ok(())
    }
}

/// The line on stderr below a solution: its length in single- and
/// multi-tile moves, how near the shortest, the nodes and the time.
pub(crate) fn summary_line(summary: &Summary) -> String {
    let mtm = summary
        .multi_tile_moves
        .map(|m| format!(" ({m} multi-tile)"))
        .unwrap_or_default();
    format!(
        "{}{mtm}, {}, {}, {:.3} s",
        counted(summary.length, "move"),
        quality(summary),
        counted(summary.nodes, "node"),
        summary.elapsed.as_secs_f64()
    )
}

/// `n` and the word, in the plural but for one.
pub(crate) fn counted(n: u64, word: &str) -> String {
    match n {
        1 => format!("1 {word}"),
        _ => format!("{n} {word}s"),
    }
}

/// Writes an SVG picture to `path`, or to stdout when it is `-`.
///
/// # Errors
/// When the file cannot be written (named in the message).
pub(crate) fn write_svg(path: &str, picture: &str) -> Result<()> {
    if path == "-" {
        let mut out = io::stdout().lock();
        out.write_all(picture.as_bytes())?;
        return Ok(out.flush()?);
    }
    std::fs::write(path, picture).with_context(|| format!("writing the SVG to {path}"))
}

/// What is known of a solution's length against the shortest, in the
/// metric asked for.
fn quality(summary: &Summary) -> String {
    let multi = summary.metric == Metric::MultiTile;
    let (count, best, is) = match summary.multi_tile_moves {
        Some(mtm) if multi => (mtm, "the fewest multi-tile moves", "are"),
        _ => (summary.length, "the shortest", "has"),
    };
    match (summary.optimal, summary.lower_bound) {
        (true, _) if multi => best.into(),
        (true, _) => "shortest".into(),
        (false, 0) if multi => format!("not known to be {best}"),
        (false, 0) => "not known to be shortest".into(),
        (false, bound) => format!(
            "at most {:.2}× {best} (which {is} at least {bound})",
            count as f64 / bound as f64
        ),
    }
}
