//! Default answers on rectangles of 17 to 144 cells: near-shortest, with
//! a lower bound that never exceeds the shortest length.

use npuzzle_core::generate::Generator;
use npuzzle_core::{Arrangement, Board, Solver};

/// The first three of Korf & Felner's 24-puzzles, with their published
/// shortest lengths (goal: the blank top left, then 1 to 24).
const KORF24: &[(u64, &str)] = &[
    (
        95,
        "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13",
    ),
    (
        96,
        "16 5 1 12 6 24 17 9 2 22 4 10 13 18 19 20 0 23 7 21 15 11 8 3 14",
    ),
    (
        97,
        "6 0 24 14 8 5 21 19 9 17 16 20 10 13 2 15 11 22 1 3 7 23 4 18 12",
    ),
];

#[test]
fn the_24_puzzle_by_default_is_within_one_and_a_half_of_the_shortest() {
    let board: Board = "5x5".parse().unwrap();
    let goal = Arrangement::new((0..25).collect());
    let solver = Solver::new().shortest_when_cheap(true);
    for &(shortest, text) in KORF24 {
        let from: Arrangement = text.parse().unwrap();
        let s = solver.solve(&board, &from, &goal).unwrap();
        let length = s.len() as u64;
        assert!(!s.is_optimal());
        // The bound the search proves, and the published length.
        assert!(
            2 * length <= 3 * s.lower_bound(),
            "{length} / {}",
            s.lower_bound()
        );
        assert!(s.lower_bound() <= shortest);
        assert!(2 * length <= 3 * shortest, "{length} against {shortest}");
    }
}

/// Scrambles of known depth on rectangles of every kind the default
/// search handles (searched whole, or reduced line by line to a smaller
/// one): each answer is replayed by the solver, its lower bound is at
/// most the shortest, and where the search proves it, it is within 1.5
/// times the shortest (checked by IDA* with the strongest tables).
#[test]
fn default_answers_on_rectangles_keep_their_bounds() {
    let mut generator = Generator::new(5);
    for (rows, cols, depth) in [(4, 5, 30), (3, 6, 30), (4, 6, 24), (2, 9, 30), (6, 6, 20)] {
        let board = Board::new_box(&[rows, cols]).unwrap();
        let goal = Arrangement::solved(rows * cols);
        let default = Solver::new().shortest_when_cheap(true);
        let exact = Solver::new().optimal(true).pattern_tiles(4);
        let from = generator.scramble(&board, &goal, depth).unwrap();
        let near = default.solve(&board, &from, &goal).unwrap();
        let shortest = exact.solve(&board, &from, &goal).unwrap();
        assert!(shortest.is_optimal());
        let (length, lower) = (near.len() as u64, near.lower_bound());
        assert!(lower <= shortest.len() as u64, "{rows}x{cols}");
        assert!(shortest.len() as u64 <= length);
        if 2 * length <= 3 * lower {
            assert!(2 * length <= 3 * shortest.len() as u64);
        }
        // Far shorter than the constructive answer.
        let constructive = Solver::new().solve(&board, &from, &goal).unwrap();
        assert!(length <= constructive.len() as u64, "{rows}x{cols}");
    }
}

/// On a board searched whole the default searches its answer's end
/// again, shortest, ends longer and longer while each is cheap: on 4×5
/// scrambles that reaches the whole answer, which is then the shortest
/// and says so, its bound its length.
#[test]
fn a_default_answer_searched_whole_again_is_the_shortest() {
    let board = Board::new_box(&[4, 5]).unwrap();
    let goal = Arrangement::solved(20);
    let mut generator = Generator::new(7);
    for depth in [50, 70] {
        let from = generator.scramble(&board, &goal, depth).unwrap();
        let near = Solver::new().shortest_when_cheap(true);
        let near = near.solve(&board, &from, &goal).unwrap();
        let exact = Solver::new().optimal(true).pattern_tiles(4);
        let shortest = exact.solve(&board, &from, &goal).unwrap();
        assert!(
            near.is_optimal(),
            "{} against {}",
            near.len(),
            shortest.len()
        );
        assert_eq!(near.len(), shortest.len());
        assert_eq!(near.lower_bound(), near.len() as u64);
    }
}

/// Past the searches' 64 cells (7×7 and beyond, reduced line by line):
/// random arrangements solved (the solver replays every answer), each
/// with a lower bound below its length, and never longer than the
/// constructive answer on these seeds.
#[test]
fn big_rectangles_are_reduced_line_by_line() {
    let mut generator = Generator::new(11);
    for (rows, cols) in [(7, 7), (5, 13), (9, 10)] {
        let board = Board::new_box(&[rows, cols]).unwrap();
        let goal = Arrangement::solved(rows * cols);
        let from = generator.reachable(&board, &goal).unwrap();
        let near = Solver::new()
            .shortest_when_cheap(true)
            .solve(&board, &from, &goal)
            .unwrap();
        let constructive = Solver::new().solve(&board, &from, &goal).unwrap();
        assert!(!near.is_optimal());
        assert!(near.lower_bound() > 0, "{rows}x{cols}");
        assert!(near.lower_bound() <= near.len() as u64, "{rows}x{cols}");
        assert!(near.len() <= constructive.len(), "{rows}x{cols}");
    }
}

/// Past 144 cells the default stays constructive (and streamed), with
/// the tiles' Manhattan distance as its bound.
#[test]
fn past_twelve_by_twelve_the_default_is_constructive() {
    let board = Board::new_box(&[12, 13]).unwrap();
    let goal = Arrangement::solved(156);
    let from = Generator::new(3).reachable(&board, &goal).unwrap();
    let s = Solver::new()
        .shortest_when_cheap(true)
        .solve(&board, &from, &goal)
        .unwrap();
    let constructed = Solver::new().solve(&board, &from, &goal).unwrap();
    assert_eq!(s.len(), constructed.len());
    assert!(s.lower_bound() > 0 && s.lower_bound() < s.len() as u64);
}

/// The constructive answer stays one flag away.
#[test]
fn the_plain_solver_stays_constructive() {
    let board: Board = "5x5".parse().unwrap();
    let from: Arrangement = KORF24[0].1.parse().unwrap();
    let goal = Arrangement::new((0..25).collect());
    let s = Solver::new().solve(&board, &from, &goal).unwrap();
    assert!(!s.is_optimal());
    assert!(s.lower_bound() > 0 && s.lower_bound() <= KORF24[0].0);
}

/// With a time limit and no `optimal`, the default answer is improved
/// until the limit: never longer than the default's, its bound never
/// lower and still at most the published shortest, every report a
/// length no shorter than the final one, the last report the answer.
#[test]
fn a_time_limit_improves_the_default_answer() {
    use npuzzle_core::Progress;
    use std::sync::Mutex;
    use std::time::Duration;
    let board: Board = "5x5".parse().unwrap();
    let goal = Arrangement::new((0..25).collect());
    let (shortest, text) = KORF24[0];
    let from: Arrangement = text.parse().unwrap();
    let default = Solver::new()
        .shortest_when_cheap(true)
        .solve(&board, &from, &goal)
        .unwrap();
    let told = Mutex::new(Vec::new());
    let anytime = Solver::new()
        .shortest_when_cheap(true)
        .time_limit(Duration::from_secs(3))
        .on_progress(|p| {
            if let Progress::Shorter { moves, lower_bound } = p {
                told.lock().unwrap().push((*moves, *lower_bound));
            }
        })
        .solve(&board, &from, &goal)
        .unwrap();
    assert!(!anytime.is_optimal());
    assert!(anytime.len() <= default.len());
    assert!(anytime.lower_bound() >= default.lower_bound());
    assert!(anytime.lower_bound() <= shortest);
    assert!(shortest <= anytime.len() as u64);
    let told = told.into_inner().unwrap();
    assert!(told.iter().all(|&(moves, _)| moves >= anytime.len() as u64));
    if let Some(&(moves, _)) = told.last() {
        assert_eq!(moves, anytime.len() as u64);
    }
}

/// A time limit shorter than the default's own work still gets an
/// answer (a limit only ever adds time to the default's), on a board
/// reduced line by line with a beam beside it.
#[test]
fn a_tiny_time_limit_still_gets_an_answer() {
    use std::time::Duration;
    let board = Board::new_box(&[6, 6]).unwrap();
    let goal = Arrangement::solved(36);
    let from = Generator::new(3).reachable(&board, &goal).unwrap();
    let near = Solver::new()
        .shortest_when_cheap(true)
        .time_limit(Duration::from_millis(1))
        .solve(&board, &from, &goal)
        .unwrap();
    let constructive = Solver::new().solve(&board, &from, &goal).unwrap();
    assert!(near.lower_bound() <= near.len() as u64);
    assert!(near.len() < constructive.len());
}
