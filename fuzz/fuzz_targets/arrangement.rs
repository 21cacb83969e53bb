//! Arrangements on a few boards: parsed or refused clearly, and when two
//! fit a board, the decision and (on small boards) the solver agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_core::{Arrangement, Board, SolveError, Solver, reach};

fuzz_target!(|input: (u8, &str, &str)| {
    let (which, from, to) = input;
    let specs = ["2x3", "3x3", "theta0", "mask:##./###/.##", "graph:5:0-1,1-2,2-0,2-3,3-4"];
    let board: Board = specs[which as usize % specs.len()].parse().unwrap();
    let (Ok(from), Ok(to)) = (
        Arrangement::parse_on(&board, from, "from"),
        Arrangement::parse_on(&board, to, "to"),
    ) else {
        return;
    };
    let Ok(verdict) = reach(&board, &from, &to) else {
        return;
    };
    match Solver::new().solve(&board, &from, &to) {
        Ok(solution) => {
            assert!(verdict.is_reachable());
            npuzzle_core::replay(&board, from.tokens(), to.tokens(), solution.moves()).unwrap();
        }
        Err(SolveError::Unreachable(reason)) => assert_eq!(verdict.reason(), Some(&reason)),
        Err(e) => panic!("{e}"),
    }
});
