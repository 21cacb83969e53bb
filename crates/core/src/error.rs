//! The library's one error type. Every message says what is wrong and
//! where (which arrangement, which token, which case and line).

use thiserror::Error;

/// What went wrong with the input. The decision itself never fails on
/// well-formed input; an unreachable pair is a [`crate::Verdict`], not an
/// error. Solvers add their own reasons in [`crate::SolveError`].
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The board spec or board construction is invalid.
    #[error("board: {0}")]
    BadBoard(String),
    /// An arrangement is malformed or does not fit the board.
    #[error("{which}: {problem}")]
    BadArrangement {
        /// `from`, `to` or another name for the arrangement.
        which: String,
        /// What is wrong, with the token's position.
        problem: String,
    },
    /// The two arrangements do not hold the same multiset of tokens.
    #[error("from and to do not hold the same tokens: {0}")]
    DifferentTokens(String),
    /// Malformed judge, batch or file input, with its place.
    #[error("{place}: {problem}")]
    Input {
        /// Where: `case 3, line 7` or `line 12`.
        place: String,
        /// What is wrong.
        problem: String,
    },
    /// Reading or writing failed.
    #[error("i/o: {0}")]
    Io(std::io::Error),
    /// The work was stopped by its cancellation flag.
    #[error("stopped before it was done")]
    Cancelled,
}

// The message holds the inner error's: not a source, or a chain of
// causes would say it twice.
impl From<std::io::Error> for Error {
    fn from(error: std::io::Error) -> Self {
        Self::Io(error)
    }
}

impl Error {
    pub(crate) fn arrangement(which: &str, problem: impl Into<String>) -> Self {
        Self::BadArrangement {
            which: which.to_string(),
            problem: problem.into(),
        }
    }
}

/// A word cut to a readable length for an error message, with control
/// characters (escape sequences, NUL) written as escapes, so that no
/// input reaches a terminal raw.
pub(crate) fn shorten(word: &str) -> String {
    const MAX: usize = 24;
    let mut out: String = word
        .chars()
        .take(MAX)
        .flat_map(|c| match c.is_control() {
            true => c.escape_default().collect::<Vec<_>>(),
            false => vec![c],
        })
        .collect();
    if word.chars().nth(MAX).is_some() {
        out.push('…');
    }
    out
}
