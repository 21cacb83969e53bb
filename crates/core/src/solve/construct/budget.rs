//! A length limit and a stop flag for the constructive solvers on boards
//! other than boxes, whose answers can run to hundreds of millions of
//! moves (a long cycle with one chord takes about m³).
//!
//! The solvers are deep loops with no way out but finishing, so rather
//! than thread an error through each of them, every recorded move calls
//! [`spend`], and past the budget (or once the flag is set) [`spend`]
//! unwinds to [`within`], which turns that into an answer; a way of
//! solving with another to fall back on runs as an [`attempt`]. The
//! budget counts every move recorded, those of tries that were dropped
//! included. Unwinding with [`std::panic::resume_unwind`] runs no panic hook
//! and prints nothing; nothing half-done survives it, since the solvers'
//! state lives in the frames it unwinds. (A build with `panic = "abort"`
//! would abort instead: npuzzle's own profiles unwind.)

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::stop::Stop;

/// Why a constructive solution was given up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GaveUp {
    /// It passed this many moves.
    TooLong(usize),
    /// The flag was set.
    Cancelled,
}

/// The flag is looked at once every this many moves.
const CANCEL_EVERY: usize = 1 << 14;

/// The budget of the constructive solution running on this thread.
struct Budget {
    max_moves: usize,
    /// Moves recorded so far (those of attempts that were dropped
    /// included, but for [`attempt`]s that ran past the budget).
    spent: usize,
    /// The count at which the flag is looked at next.
    next_check: usize,
    /// The flag of the solver's [`Stop`], owned: a thread-local cannot
    /// hold a borrow.
    cancel: Option<Arc<AtomicBool>>,
}

thread_local! {
    static BUDGET: RefCell<Option<Budget>> = const { RefCell::new(None) };
}

/// Runs `work` (a constructive solver) with at most `max_moves` moves
/// recorded and `cancel` looked at as it goes.
///
/// # Errors
/// [`GaveUp`] when `work` passed the length or the flag was set.
pub(crate) fn within<T>(
    max_moves: usize,
    cancel: Option<Arc<AtomicBool>>,
    work: impl FnOnce() -> T,
) -> Result<T, GaveUp> {
    let budget = Budget {
        max_moves,
        spent: 0,
        next_check: CANCEL_EVERY,
        cancel,
    };
    let outer = BUDGET.with(|b| b.replace(Some(budget)));
    let result = catch_unwind(AssertUnwindSafe(work));
    BUDGET.with(|b| *b.borrow_mut() = outer);
    match result {
        Ok(answer) => Ok(answer),
        Err(payload) => match payload.downcast::<GaveUp>() {
            Ok(stop) => Err(*stop),
            // A real panic goes on up.
            Err(payload) => resume_unwind(payload),
        },
    }
}

/// Runs `work` (one way of solving, with another to fall back on) under
/// the budget of the [`within`] around it: when it runs past the length,
/// its moves are given back and `Err` says the length; a set flag goes
/// on up to [`within`].
///
/// # Errors
/// The budget's length, when `work` passed it.
pub(crate) fn attempt<T>(work: impl FnOnce() -> T) -> Result<T, usize> {
    let spent = BUDGET.with(|b| b.borrow().as_ref().map(|b| b.spent));
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(answer) => Ok(answer),
        Err(payload) => match payload.downcast::<GaveUp>() {
            Ok(stop) => match *stop {
                GaveUp::TooLong(max) => {
                    BUDGET.with(|b| {
                        if let (Some(budget), Some(spent)) = (b.borrow_mut().as_mut(), spent) {
                            budget.spent = spent;
                        }
                    });
                    Err(max)
                }
                GaveUp::Cancelled => resume_unwind(stop),
            },
            Err(payload) => resume_unwind(payload),
        },
    }
}

/// Counts `moves` more moves recorded: unwinds to [`within`] once past
/// its budget or, looked at every [`CANCEL_EVERY`] moves, once its flag
/// is set; does nothing outside [`within`]. Where the program aborts on
/// panics this is a no-op: the length is then only checked at the end.
pub(crate) fn spend(moves: usize) {
    if cfg!(panic = "abort") {
        return;
    }
    let stop = BUDGET.with(|b| {
        let mut budget = b.borrow_mut();
        let budget = budget.as_mut()?;
        budget.spent = budget.spent.saturating_add(moves);
        if budget.spent > budget.max_moves {
            return Some(GaveUp::TooLong(budget.max_moves));
        }
        if budget.spent < budget.next_check {
            return None;
        }
        budget.next_check = budget.spent.saturating_add(CANCEL_EVERY);
        let stop = Stop::on(budget.cancel.as_deref());
        stop.now().then_some(GaveUp::Cancelled)
    });
    if let Some(stop) = stop {
        resume_unwind(Box::new(stop));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(n: usize) -> usize {
        (0..n).for_each(|_| spend(1));
        n
    }

    #[test]
    fn the_length_stops_the_work_and_outside_nothing_does() {
        assert_eq!(within(10, None, || record(10)), Ok(10));
        assert_eq!(within(10, None, || record(11)), Err(GaveUp::TooLong(10)));
        assert_eq!(record(100), 100, "no budget outside `within`");
    }

    #[test]
    fn the_flag_stops_the_work() {
        let flag = Arc::new(AtomicBool::new(true));
        let stopped = within(usize::MAX, Some(flag), || record(CANCEL_EVERY * 2));
        assert_eq!(stopped, Err(GaveUp::Cancelled));
    }

    #[test]
    fn an_attempt_past_the_length_gives_its_moves_back() {
        let answer = within(10, None, || {
            record(4);
            let first = attempt(|| record(20));
            (first, record(6))
        });
        assert_eq!(answer, Ok((Err(10), 6)));
        let flag = Arc::new(AtomicBool::new(true));
        let stopped = within(usize::MAX, Some(flag), || attempt(|| record(CANCEL_EVERY)));
        assert_eq!(stopped, Err(GaveUp::Cancelled));
    }

    #[test]
    fn budgets_nest_and_real_panics_go_on() {
        let inner = within(100, None, || within(5, None, || record(6)));
        assert_eq!(inner, Ok(Err(GaveUp::TooLong(5))));
        let panicked = catch_unwind(|| within(5, None, || panic!("a bug")));
        assert!(panicked.is_err());
    }
}
