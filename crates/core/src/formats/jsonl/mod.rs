//! JSON Lines batches: one question per input line, one answer per line,
//! in order. A bad line gets `{"error": "line N: ..."}` (with the line's
//! `id` when it has one) and the batch goes on; blank lines are skipped.
//!
//! Lines are read on a thread of their own, a few ahead, so that the
//! answers never wait for input that has not come: whenever the batch
//! would wait (for a line, or for a search), every answer written so far
//! is flushed. A program that drives a batch line by line gets each
//! answer as soon as it and every one before it are done.
//!
//! Decisions are answered a chunk of lines at a time on all cores (the
//! lines that have come). Solutions are answered as a pipeline: a few
//! lines in flight at once, and the solutions of big boxes streamed move
//! by move when their turn comes, so that memory is bounded by the lines
//! in flight, never by the number of moves.

mod answer;
mod lines;
mod request;

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, TryRecvError};
use std::time::Duration;

use rayon::prelude::*;
use serde_json::Value;

#[doc(hidden)] // the command line's text output, not an API
pub use answer::solved_fields;
pub use answer::{Id, id_as_written, with_id};
pub(crate) use answer::{StreamedAnswer, error_json, limit_json};
pub use answer::{solution_json, verdict_json};
pub(crate) use lines::read_line_capped;
pub use request::{ArrangementValue, Question, QuestionReader, Request, TokenValue};

use crate::error::Error;
use crate::reach::{Verdict, reach};
use crate::solve::{Limit, SolveError, Solver};

/// The longest input line taken (64 MiB: a 999×999 board written out
/// twice fits); longer lines are answered with an error and skipped
/// without being held in memory.
pub const MAX_LINE: usize = 64 << 20;

/// What a batch answers.
#[derive(Clone, Copy, Debug)]
pub enum Mode<'s> {
    /// Reachability: `{"reachable", "reason"}`.
    Reach,
    /// Solutions by this solver: also `"moves"`, `"length"`, `"optimal"`,
    /// `"nodes"`.
    Solve(&'s Solver<'s>),
}

/// Decisions answered together, on all cores: at most this many lines,
/// or this many bytes.
const CHUNK_LINES: usize = 256;
const CHUNK_BYTES: usize = 32 << 20;

/// Lines read ahead of the answers, at most, and their bytes: past
/// [`READ_AHEAD_BYTES`] the reader waits (one line may pass it alone).
const READ_AHEAD: usize = 256;
const READ_AHEAD_BYTES: usize = 32 << 20;

/// How long a chunk of decisions waits for one more line before it is
/// answered without it (a file's next line comes far sooner; a person's
/// or a driving program's may not come until it has its answer).
const LINE_WAIT: Duration = Duration::from_millis(2);

/// How often a solution pipeline waiting on a search looks for new lines
/// to start beside it.
const SEARCH_POLL: Duration = Duration::from_millis(5);

/// Boxes of at least this many cells have their solutions streamed when
/// their turn comes instead of held (a 50×50 box's moves are 2.6 MB of
/// JSON).
const STREAMED_CELLS: usize = 2500;

/// How a batch went: lines answered (blank ones not counted) and how
/// many of them were bad.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Tally {
    /// Lines answered.
    pub answered: u64,
    /// Lines answered with an error (those past a limit included).
    pub bad: u64,
    /// Lines whose search reached the solver's limit: answered
    /// `{"error": "limit reached", "line", "lower_bound", "nodes"}`.
    pub limited: u64,
    /// Lines whose shortest search needed tables past the solver's
    /// memory for tables (an error answer each).
    pub tables_too_big: u64,
}

/// Answers a whole batch: one JSON object per non-blank input line, in
/// order, each written as soon as it and those before it are done, and
/// flushed whenever the batch waits. `input` is read on a thread of its
/// own (hence `Send + 'static`: a `BufReader` of stdin, a `Cursor` of
/// bytes).
///
/// # Errors
/// [`Error::Io`] when reading the input or writing the answers fails;
/// every answer before is written.
pub fn run<R: BufRead + Send + 'static, W: Write>(
    input: R,
    output: &mut W,
    mode: Mode,
) -> Result<Tally, Error> {
    let (lines_in, lines) = mpsc::sync_channel(READ_AHEAD);
    let queued = Arc::new(AtomicUsize::new(0));
    let read_queued = Arc::clone(&queued);
    // Not a scoped thread: when the answers stop early (a closed output),
    // the batch must not wait for input that may never come. The thread
    // ends at the next line it cannot hand over.
    std::thread::spawn(move || read_lines(input, &lines_in, &read_queued));
    let mut batch = Batch {
        lines,
        queued,
        tally: Tally::default(),
    };
    let reader = QuestionReader::default();
    match mode {
        Mode::Reach => batch.decide_all(&reader, output)?,
        Mode::Solve(solver) => batch.solve_all(&reader, solver, output)?,
    }
    output.flush()?;
    Ok(batch.tally)
}

/// Reads `input`'s non-blank lines into `lines`, numbered, until the
/// input ends, fails (the error handed over) or nobody takes them.
fn read_lines<R: BufRead>(
    mut input: R,
    lines: &mpsc::SyncSender<Result<Line, Error>>,
    queued: &AtomicUsize,
) {
    let mut number = 0;
    loop {
        // Memory: the lines waiting are bounded in bytes too.
        while queued.load(Ordering::Acquire) > READ_AHEAD_BYTES {
            std::thread::sleep(Duration::from_millis(1));
        }
        let mut buf = Vec::new();
        let fits = match read_line_capped(&mut input, &mut buf, MAX_LINE) {
            Ok(Some(fits)) => fits,
            Ok(None) => return,
            Err(e) => {
                let _ = lines.send(Err(e.into()));
                return;
            }
        };
        number += 1;
        if fits && buf.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let line = fits.then_some(buf);
        queued.fetch_add(line.as_ref().map_or(0, Vec::len), Ordering::AcqRel);
        if lines.send(Ok((number, line))).is_err() {
            return;
        }
    }
}

/// One line of input: its number, and its bytes (`None` when it was too
/// long to keep).
type Line = (u64, Option<Vec<u8>>);

/// What [`Batch::next_line`] found.
enum Next {
    /// A line.
    Line(Line),
    /// None yet.
    NotYet,
    /// The input has ended.
    Ended,
}

/// A batch being answered.
struct Batch {
    /// The lines, from the reading thread.
    lines: mpsc::Receiver<Result<Line, Error>>,
    /// The bytes of the lines read but not taken yet.
    queued: Arc<AtomicUsize>,
    tally: Tally,
}

/// An answer, or the work left for its turn.
enum Answer {
    /// Ready.
    Done {
        /// The line's `id`, as written.
        id: Option<Id>,
        /// The answer, or why there is none.
        result: Result<Value, SolveError>,
    },
    /// A big box's solution, to be streamed when its turn comes.
    Stream(Question),
}

impl Batch {
    /// The next line: at once when one has come, else after up to
    /// `wait` (`None`: for as long as it takes), first flushing `output`
    /// when it has to wait at all.
    fn next_line<W: Write>(
        &mut self,
        wait: Option<Duration>,
        output: &mut W,
    ) -> Result<Next, Error> {
        let line = match self.lines.try_recv() {
            Ok(line) => line,
            Err(TryRecvError::Disconnected) => return Ok(Next::Ended),
            Err(TryRecvError::Empty) => {
                output.flush()?;
                let got = match wait {
                    None => self
                        .lines
                        .recv()
                        .map_err(|_| RecvTimeoutError::Disconnected),
                    Some(wait) => self.lines.recv_timeout(wait),
                };
                match got {
                    Ok(line) => line,
                    Err(RecvTimeoutError::Timeout) => return Ok(Next::NotYet),
                    Err(RecvTimeoutError::Disconnected) => return Ok(Next::Ended),
                }
            }
        };
        let line = line?;
        self.queued
            .fetch_sub(line.1.as_ref().map_or(0, Vec::len), Ordering::AcqRel);
        Ok(Next::Line(line))
    }

    /// Decisions: a chunk of lines at a time, on all cores.
    fn decide_all<W: Write>(
        &mut self,
        reader: &QuestionReader,
        output: &mut W,
    ) -> Result<(), Error> {
        loop {
            // The first line as long as it takes; more while they come.
            let Next::Line(first) = self.next_line(None, output)? else {
                return Ok(());
            };
            let (mut bytes, mut chunk) = (first.1.as_ref().map_or(0, Vec::len), vec![first]);
            while chunk.len() < CHUNK_LINES && bytes < CHUNK_BYTES {
                let Next::Line(line) = self.next_line(Some(LINE_WAIT), output)? else {
                    break;
                };
                bytes += line.1.as_ref().map_or(0, Vec::len);
                chunk.push(line);
            }
            let answers: Vec<Answer> = chunk
                .par_iter()
                .map(|(_, bytes)| answer_line(reader, bytes.as_deref(), Mode::Reach))
                .collect();
            for ((number, _), answer) in chunk.iter().zip(answers) {
                self.write(*number, answer, None, output)?;
            }
        }
    }

    /// Solutions: a pipeline of a few lines in flight, answers written in
    /// order as each is done.
    fn solve_all<W: Write>(
        &mut self,
        reader: &QuestionReader,
        solver: &Solver,
        output: &mut W,
    ) -> Result<(), Error> {
        let in_flight = std::thread::available_parallelism().map_or(2, |n| n.get().max(2));
        let mut input_ended = false;
        let mut pending: VecDeque<(u64, mpsc::Receiver<Answer>)> = VecDeque::new();
        std::thread::scope(|scope| -> Result<(), Error> {
            loop {
                while !input_ended && pending.len() < in_flight {
                    // With nothing in flight, wait for a line; else take
                    // only those that have come.
                    let wait = if pending.is_empty() {
                        None
                    } else {
                        Some(Duration::ZERO)
                    };
                    let (number, bytes) = match self.next_line(wait, output)? {
                        Next::Line(line) => line,
                        Next::NotYet => break,
                        Next::Ended => {
                            input_ended = true;
                            break;
                        }
                    };
                    let (done, answer) = mpsc::sync_channel(1);
                    scope.spawn(move || {
                        let _ =
                            done.send(answer_line(reader, bytes.as_deref(), Mode::Solve(solver)));
                    });
                    pending.push_back((number, answer));
                }
                let Some((number, answer)) = pending.front() else {
                    return Ok(());
                };
                let answer = match answer.try_recv() {
                    Ok(answer) => answer,
                    // The first line's search goes on: what is written is
                    // flushed, and new lines may start beside it.
                    Err(_) => {
                        output.flush()?;
                        match answer.recv_timeout(SEARCH_POLL) {
                            Ok(answer) => answer,
                            Err(RecvTimeoutError::Timeout) => continue,
                            Err(RecvTimeoutError::Disconnected) => {
                                unreachable!("every line's thread answers")
                            }
                        }
                    }
                };
                let number = *number;
                pending.pop_front();
                self.write(number, answer, Some(solver), output)?;
            }
        })
    }

    /// Writes one line's answer (streaming a big box's solution).
    fn write<W: Write>(
        &mut self,
        number: u64,
        answer: Answer,
        solver: Option<&Solver>,
        output: &mut W,
    ) -> Result<(), Error> {
        self.tally.answered += 1;
        let (id, result) = match (answer, solver) {
            (Answer::Done { id, result }, _) => (id, result),
            (Answer::Stream(q), Some(solver)) => match stream(solver, &q, output) {
                Ok(()) => return Ok(()),
                Err(SolveError::Io(e)) => return Err(Error::Io(e)),
                Err(e) => (q.id, Err(e)),
            },
            (Answer::Stream(_), None) => unreachable!("only solutions are streamed"),
        };
        let value = result.unwrap_or_else(|e| {
            self.tally.bad += 1;
            match e {
                SolveError::LimitReached { lower_bound, nodes } => {
                    self.tally.limited += 1;
                    limit_json(number, lower_bound, nodes)
                }
                e => {
                    if matches!(e, SolveError::Unsupported(Limit::TablesTooBig { .. })) {
                        self.tally.tables_too_big += 1;
                    }
                    error_json(number, &e)
                }
            }
        });
        writeln!(output, "{}", with_id(&value, id.as_deref()))?;
        Ok(())
    }
}

/// A big box's solution written as its moves come.
fn stream<W: Write>(solver: &Solver, q: &Question, output: &mut W) -> Result<(), SolveError> {
    let mut answer = StreamedAnswer::default();
    let pair = (&q.from, &q.to);
    let summary = match solver.solve_into_in(q.metric, &q.board, pair, |m| answer.push(m, output)) {
        Err(SolveError::Unreachable(reason)) => {
            let value = verdict_json(&Verdict::Unreachable(reason));
            writeln!(output, "{}", with_id(&value, q.id.as_deref()))?;
            return Ok(());
        }
        other => other?,
    };
    let fields = Value::Object(solved_fields(&summary));
    answer.finish(&with_id(&fields, q.id.as_deref()), output)?;
    Ok(())
}

/// Answers one line: the verdict or solution, what is wrong with the
/// line (with its `id` when it has one), or the solution to stream.
fn answer_line(reader: &QuestionReader, line: Option<&[u8]>, mode: Mode) -> Answer {
    let id = || line.and_then(request::id_of);
    let question = line
        .ok_or_else(|| Error::Input {
            place: "input".into(),
            problem: format!("line longer than {MAX_LINE} bytes"),
        })
        .and_then(|line| {
            std::str::from_utf8(line).map_err(|_| Error::Input {
                place: "input".into(),
                problem: "line is not UTF-8".into(),
            })
        })
        .and_then(|line| reader.parse(line));
    let q = match question {
        Ok(q) => q,
        Err(e) => {
            return Answer::Done {
                id: id(),
                result: Err(e.into()),
            };
        }
    };
    let answer = match mode {
        Mode::Reach => reach(&q.board, &q.from, &q.to)
            .map(|v| verdict_json(&v))
            .map_err(SolveError::from),
        Mode::Solve(solver)
            if q.board.box_dims().is_some()
                && q.board.cell_count() >= STREAMED_CELLS
                && solver.streams(&q.board, &q.from) =>
        {
            return Answer::Stream(q);
        }
        Mode::Solve(solver) => match solver.solve_in(q.metric, &q.board, &q.from, &q.to) {
            Ok(solution) => Ok(solution_json(&solution)),
            Err(SolveError::Unreachable(reason)) => Ok(verdict_json(&Verdict::Unreachable(reason))),
            Err(e) => Err(e),
        },
    };
    Answer::Done {
        id: q.id,
        result: answer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(input: &str) -> (Vec<Value>, u64) {
        batch_in(input, Mode::Reach)
    }

    fn batch_in(input: &str, mode: Mode) -> (Vec<Value>, u64) {
        let mut out = Vec::new();
        let input = std::io::Cursor::new(input.as_bytes().to_vec());
        let bad = run(input, &mut out, mode).unwrap().bad;
        let answers = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (answers, bad)
    }

    #[test]
    fn every_line_gets_an_answer() {
        let (answers, bad) = batch(concat!(
            "{\"board\":\"3x3\",\"from\":\"1 2 3/4 5 6/7 0 8\"}\n",
            "{\"board\":\"3x3\",\"from\":[2,1,3,4,5,6,7,8,0],\"to\":[1,2,3,4,5,6,7,8,0],\"id\":7}\n",
            "not json\n",
            "{\"board\":\"3x3\",\"from\":[1,2,3,4,5,6,7,8,-1]}\n",
            "  \n",
            "{\"board\":\"2x2\",\"from\":\"2 1 3 0\"}",
        ));
        // The blank line is skipped.
        assert_eq!(answers.len(), 5);
        assert_eq!(answers[0]["reachable"], true);
        assert_eq!(answers[1]["reachable"], false);
        assert_eq!(answers[1]["id"], 7);
        assert!(
            answers[2]["error"]
                .as_str()
                .unwrap()
                .starts_with("line 3: ")
        );
        assert!(
            answers[3]["error"]
                .as_str()
                .unwrap()
                .contains("token 9 (-1) is negative"),
            "{}",
            answers[3]
        );
        assert_eq!(answers[4]["reachable"], false);
        assert_eq!(bad, 2);
    }

    #[test]
    fn errors_carry_the_id_and_name_the_line_once() {
        let (answers, bad) = batch(concat!(
            "{\"board\":\"3x3\",\"frm\":\"1 2 3/4 5 6/7 0 8\",\"id\":\"a\"}\n",
            "\n",
            "{\"board\":\"3x3\",\"from\":\"1 2 3/4 5 6/7 0\",\"id\":[1,2]}\n",
            "{\"board\":\"graph:67108864\",\"from\":\"0\",\"id\":3}\n",
            "{\"board\":\"@/etc/passwd\",\"from\":\"0\"}\n",
            "{\"board\":\"3x3\",\"from\":\"1 2 3/4 5 6 7/8 0\"}\n",
        ));
        assert_eq!(bad, 5);
        let error = |i: usize| answers[i]["error"].as_str().unwrap().to_string();
        assert!(error(0).starts_with("line 1: ") && error(0).contains("unknown field `frm`"));
        assert_eq!(answers[0]["id"], "a");
        assert!(error(1).starts_with("line 3: "), "{}", error(1));
        assert_eq!(answers[1]["id"], serde_json::json!([1, 2]));
        // Refused by its size before the board is built.
        assert!(
            error(2).contains("1 tokens for a board of 67108864 cells"),
            "{}",
            error(2)
        );
        assert_eq!(answers[2]["id"], 3);
        assert!(error(3).contains("not a board spec") && !error(3).contains("root"));
        assert!(error(4).contains("row 2 has 4 tokens"), "{}", error(4));
        for i in 0..5 {
            assert_eq!(error(i).matches("line").count(), 1, "{}", error(i));
        }
    }

    #[test]
    fn solutions_come_in_order_and_big_boxes_stream() {
        let solver = Solver::new();
        let big: Vec<u32> = (1..3600).chain([0]).collect();
        let mut swapped = big.clone();
        swapped.swap(0, 1);
        swapped.swap(2, 3);
        let input = format!(
            "{}\n{}\n{}\n",
            serde_json::json!({"board": "60x60", "from": swapped, "id": "big"}),
            serde_json::json!({"board": "3x3", "from": "8 2 0/4 6 1/3 7 5", "id": "small"}),
            serde_json::json!({"board": "60x60", "from": big.iter().rev().collect::<Vec<_>>()}),
        );
        let (answers, bad) = batch_in(&input, Mode::Solve(&solver));
        assert_eq!(answers.len(), 3);
        assert_eq!(
            (bad, &answers[0]["id"], &answers[1]["id"]),
            (0, &"big".into(), &"small".into())
        );
        let moves = answers[0]["moves"].as_array().unwrap();
        assert_eq!(moves.len() as u64, answers[0]["length"].as_u64().unwrap());
        assert_eq!(answers[1]["length"], 24);
        // Reversed with the blank first: an answer either way, streamed or not.
        assert!(answers[2]["reachable"].is_boolean(), "{}", answers[2]);
    }

    #[test]
    fn long_lines_are_skipped_not_kept() {
        let mut input = "x".repeat(100).into_bytes();
        input.extend_from_slice(b"\nok\n");
        let mut r = std::io::BufReader::with_capacity(16, &input[..]);
        let mut buf = Vec::new();
        assert_eq!(read_line_capped(&mut r, &mut buf, 10).unwrap(), Some(false));
        assert!(buf.is_empty());
        assert_eq!(read_line_capped(&mut r, &mut buf, 10).unwrap(), Some(true));
        assert_eq!(buf, b"ok");
        assert_eq!(read_line_capped(&mut r, &mut buf, 10).unwrap(), None);
    }
}
