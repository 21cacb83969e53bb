//! How a solver answers a question: the method chosen once, from the
//! board, the start and the solver's options, and every threshold that
//! decides it. [`solve`](Solver::solve), the streaming entry points and
//! the near-shortest search all match on the [`Method`] chosen here, and
//! ask nothing else.
//!
//! The order, first that applies: breadth-first search on small state
//! spaces; IDA* where a shortest answer is asked for or cheap; a
//! near-shortest answer on rectangles of 17 to [`NEAR_UP_TO`] cells (the
//! command line's default); a construction everywhere else.

use crate::arrangement::{Arrangement, Token, all_distinct, several_blanks};
use crate::board::Board;
use crate::moves::Metric;
use crate::solve::error::Limit;
use crate::solve::search::beam::Descent;
use crate::solve::search::{beam_any, bfs};

use super::Solver;
use crate::solve::search::near::Plan;

/// The largest board solved constructively into memory: 160,000 cells, a
/// 400×400 box (about 2×10⁸ moves, 1.7 GB of them). Bigger boxes are
/// streamed by [`Solver::solve_into`].
pub const MAX_CONSTRUCTED: usize = 160_000;

/// The most moves of a constructive solution held in memory on a board
/// other than a box (8 bytes each: 1 GiB).
pub const MAX_MOVES_HELD: usize = 1 << 27;

/// Boards of at most this many cells get shortest answers by default
/// (rectangles with distinct tokens), and small pattern databases,
/// built in seconds, unless the strong ones are at hand.
pub(super) const SMALL_TABLES_UP_TO: usize = 16;

/// Rectangles of at most this many cells get shortest answers searched
/// with pattern databases, and `pdb build`; bigger ones are searched
/// with Manhattan distance and linear conflicts. The databases
/// themselves can be built on up to 64 cells; near-shortest answers use
/// them up to [`NEAR_TABLES_UP_TO`].
pub(crate) const TABLES_UP_TO: usize = 32;

/// Rectangles of at most this many cells get near-shortest answers
/// guided by small compact tables (4 tiles from 27 to 49 cells, 3 past
/// them; at most 8M entries each): the weighted search on 5×5 and
/// smaller, the beam on 6×6 to 8×8 (where they shortened the answers by
/// 5%: on 8×8, 21 tables of 3 tiles, 617.0 → 589.7 moves on three
/// uniformly random states).
pub(crate) const NEAR_TABLES_UP_TO: usize = 64;

/// Rectangles of at most this many cells get near-shortest answers by
/// default (6×6, 7×7, …, 12×12, 4×9, 3×12); bigger ones constructive.
const NEAR_UP_TO: usize = 144;

/// The most cells of a rectangle searched by a beam (the searches'
/// rectangles stop at 64).
const BEAM_UP_TO: usize = 64;

/// The arrangements a beam keeps in a layer, times the board's cells:
/// the width is this over the cells (30,612 on 7×7; 6×6 has more, see
/// [`BEAM_STATES_UP_TO_36`]).
/// The first answer on 7×7 runs two beams of three quarters of it
/// instead (see `SECOND_HALF_CELLS` in `search::near`); the anytime
/// stages widen this one.
/// Measured on twenty shallow and twenty fully mixed scrambles each,
/// after the beam's nodes were made cheap (a quarter of the time):
/// 7×7 312.0 / 353.1 moves at 500,000 (1.2 / 1.4 s), 303.9 / 346.5 at
/// 1,000,000 (2.4 / 2.6 s), 300.7 / 341.7 at 1,500,000 (3.7 / 4.4 s,
/// worst 6.8 s); 6×6 133.1 / 199.4, 130.6 / 196.3, 130.0 / 195.6.
const BEAM_STATES: usize = 1_500_000;

/// [`BEAM_STATES`] on boards of at most 36 cells (6×6): 62,500
/// arrangements a layer, where the answers take half 7×7's time. On the
/// twenty shallow and the first ten fully mixed scrambles, 1,500,000
/// gave 2,582 / 1,868 moves in all (1.9 / 3.3 s an answer), 2,250,000
/// 2,560 / 1,854 (2.8 / 4.1 s, worst 4.9 s), 3,000,000 2,558 / 1,852
/// (4.1 / 5.3 s), 6,000,000 2,546 on the shallow ones (7.8 s, worst
/// 9.3 s).
const BEAM_STATES_UP_TO_36: usize = 2_250_000;

/// [`BEAM_STATES`] past 49 cells (8×8, 7×8, 6×10, …), whose answers are
/// twice as long: 15,625 arrangements a layer on 8×8. On three
/// uniformly random 8×8 states, 4.7 s an answer (worst 6.1 s), where
/// 23,437 took 7.0 s (worst 8.8 s) for 0.8% fewer moves; on ten, 4.1 s
/// (worst 7.0 s). The width of the descents of 9×9 to 12×12 too
/// (12,345 to 6,944): on four uniformly random states each, 750,000 /
/// cells took 3.2 s an answer for 9×9 940.0, 10×10 1,375.5, 11×11
/// 1,750.2, 12×12 2,633.0 moves; 1,000,000 4.2–5.6 s for 904.5,
/// 1,355.5, 1,824.2, 2,639.0; 1,500,000 6.1–6.4 s for 984.0, 1,301.5,
/// 1,798.2, 2,614.5: single answers move by ±10% with the point where
/// the descent ends, more than the width moves the mean.
const BEAM_STATES_PAST_49: usize = 1_000_000;

/// How a solver answers a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Method {
    /// Breadth-first search over every arrangement (at most
    /// [`bfs::MAX_STATES`]): shortest.
    BreadthFirst,
    /// The same in multi-tile moves, on a 2-D board with one blank:
    /// fewest multi-tile moves.
    BreadthFirstMultiTile,
    /// IDA* with pattern databases on a rectangle with one blank:
    /// shortest.
    Ida,
    /// IDA* in multi-tile moves with a colored table, on a rectangle of
    /// at most [`SMALL_TABLES_UP_TO`] cells with one blank and distinct
    /// tiles: fewest multi-tile moves.
    IdaMultiTile,
    /// IDA* with several blanks, on any board of up to 64 cells:
    /// shortest.
    IdaBlanks,
    /// A near-shortest answer on a `rows` × `cols` rectangle.
    Near {
        /// The rows.
        rows: usize,
        /// The columns.
        cols: usize,
        /// How the first answer is found.
        plan: Plan,
    },
    /// A near-shortest answer on a board of up to [`ANY_BEAM_UP_TO`]
    /// cells ([`ANY_BEAM_ONE_BLANK_UP_TO`] with one blank) that the
    /// rectangles' searches do not take (several blanks,
    /// repeated tokens, masks, graphs, boxes of other dimensions): a
    /// beam's, or the construction's where shorter.
    NearAnyBoard,
    /// A near-shortest answer on a rectangle past [`ANY_BEAM_UP_TO`]
    /// cells ([`ANY_BEAM_ONE_BLANK_UP_TO`] with one blank) with several
    /// blanks or repeated tokens: the rectangles' search on the
    /// arrangements relabelled (distinct tokens, one blank), or the
    /// construction's where shorter.
    NearRelabelled,
    /// A constructive answer: not shortest, but fast and in bounded
    /// memory.
    Construct(Construction),
}

/// Which constructive solver answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Construction {
    /// A box of any dimension, one blank, line by line: streamed by
    /// [`Solver::solve_into`] and [`Solver::count`].
    Box,
    /// A box with several blanks: streamed too.
    BoxBlanks,
    /// Any other board with several blanks.
    Blanks,
    /// Any other board with one blank, block by block.
    Blocks,
}

impl Construction {
    /// Whether the moves are found twice and handed out one by one,
    /// never held (boxes).
    pub(crate) fn streams(self) -> bool {
        matches!(self, Self::Box | Self::BoxBlanks)
    }
}

impl Solver<'_> {
    /// How this solver answers `from` on `board`: the one place the
    /// method is chosen.
    pub(crate) fn choose(&self, board: &Board, from: &Arrangement) -> Method {
        self.choose_in(board, from, self.metric)
    }

    /// [`choose`](Self::choose), counting moves in `metric`.
    pub(crate) fn choose_in(&self, board: &Board, from: &Arrangement, metric: Metric) -> Method {
        let a = from.tokens();
        if bfs::small_enough(a) {
            return match metric {
                Metric::SingleTile => Method::BreadthFirst,
                Metric::MultiTile => Method::BreadthFirstMultiTile,
            };
        }
        let cheap = self.shortest_when_cheap && Solver::shortest_is_cheap(board, from);
        if metric == Metric::MultiTile && multi_tile_searched(board, a) && (self.optimal || cheap) {
            return Method::IdaMultiTile;
        }
        if self.optimal || cheap {
            return match several_blanks(a) {
                true => Method::IdaBlanks,
                false => Method::Ida,
            };
        }
        // Boards the rectangles' searches do not take (several blanks,
        // repeated tokens, masks, graphs, boxes of other dimensions).
        let most = match several_blanks(a) {
            true => ANY_BEAM_UP_TO,
            false => ANY_BEAM_ONE_BLANK_UP_TO,
        };
        let other = several_blanks(a) || !all_distinct(a) || near_rectangle(board).is_none();
        if self.shortest_when_cheap && other && board.cell_count() <= most {
            return Method::NearAnyBoard;
        }
        let near = self.shortest_when_cheap && !several_blanks(a) && all_distinct(a);
        if self.shortest_when_cheap && !near && near_rectangle(board).is_some() {
            return Method::NearRelabelled;
        }
        if let Some((rows, cols)) = near_rectangle(board).filter(|_| near) {
            return Method::Near {
                rows,
                cols,
                plan: near_plan(rows, cols),
            };
        }
        Method::Construct(construction(board, a))
    }

    /// Whether a shortest solution from `from` is cheap on `board`: at
    /// most two million arrangements (breadth-first search), or a
    /// rectangle of at most 16 cells with distinct tokens (IDA* with
    /// small tables, built in about a second when none are at hand).
    pub fn shortest_is_cheap(board: &Board, from: &Arrangement) -> bool {
        let a = from.tokens();
        bfs::small_enough(a)
            || (board.cell_count() <= SMALL_TABLES_UP_TO
                && rectangle(board).is_some()
                && all_distinct(a))
    }
}

/// Whether IDA* in multi-tile moves searches `a` on `board`: a
/// rectangle of at most [`SMALL_TABLES_UP_TO`] cells (its colored table
/// at most 151 M entries), one blank, distinct tiles.
pub(super) fn multi_tile_searched(board: &Board, a: &[Token]) -> bool {
    board.cell_count() <= SMALL_TABLES_UP_TO
        && rectangle(board).is_some()
        && !several_blanks(a)
        && all_distinct(a)
}

/// The constructive solver for `a` on `board`.
pub(super) fn construction(board: &Board, a: &[Token]) -> Construction {
    match (board.box_dims().is_some(), several_blanks(a)) {
        (true, false) => Construction::Box,
        (true, true) => Construction::BoxBlanks,
        (false, true) => Construction::Blanks,
        (false, false) => Construction::Blocks,
    }
}

/// Boards of at most this many cells that the rectangles' searches do
/// not take get near-shortest answers by default (a beam beside the
/// construction, see `search::beam_any`). Past them, measured with
/// several blanks on 7×7 and 8×8, the beam stalls near the goal: its
/// estimate does not see that a tile astray needs a blank brought to
/// it, and it seldom ends below the construction.
const ANY_BEAM_UP_TO: usize = 36;

/// [`ANY_BEAM_UP_TO`] with one blank. Three random states each of the
/// HDU 4021 board, 5×5 with its centre a hole, 3×3×3 and 2×3×4: 1,021
/// moves in all against the construction's 2,331 (the bound 747), 0.7
/// to 2.0 s an answer; 6×6 with two holes, beside a build, 1,490 moves
/// (the construction 2,776, the bound 402) in 7.9–10 s, at the 10 s
/// clock: with one blank and the distances alone the beam's answers
/// there are over three times the bound, and its layers as many.
const ANY_BEAM_ONE_BLANK_UP_TO: usize = 30;

/// Whether the beam on any board (on `board`, a board it takes) is
/// given the relabelled rectangles' answer first, which it must then
/// beat: rectangles of 17 cells or more with a side of at most
/// [`THIN_SIDE`]. There, with few blanks, the beam ran into its 10 s
/// clock for answers far longer than that search's, which takes under
/// a second: five random states each, moves in all, relabelled against
/// the beam: 2×16 with two blanks 2,240 / 3,048 (0.3 s / 9.7 s an
/// answer), 2×18 with three 2,843 / 3,527, 3×12 with four 1,618 /
/// 1,694, 3×10 with three 1,231 / 1,231; with many blanks the beam's are
/// shorter (3×12 with eight: 1,408 / 1,070), as on squarer rectangles
/// (4×9 with four 1,287 / 1,165, 6×6 with four 890 / 844), where the
/// relabelled search takes seconds too.
pub(super) fn relabelled_first(board: &Board) -> bool {
    near_rectangle(board)
        .is_some_and(|(rows, cols)| rows * cols >= 17 && rows.min(cols) <= THIN_SIDE)
}

/// The longest short side of a rectangle that [`relabelled_first`].
const THIN_SIDE: usize = 3;

/// The arrangements a beam on any board keeps in a layer at most,
/// times the board's cells (41,666 on 6×6).
const ANY_BEAM_STATES: usize = 1_500_000;

/// The children a beam on any board makes in all, about: its
/// width is this over the children an arrangement has and the layers
/// its answer is expected to take. On three random states each of 4×5
/// with two blanks, 5×5 with three and six, 6×6 with four and nine
/// (1,641 to 1,735 moves in all, 3,251 constructive, at least 1,197):
/// 20 M 1,735 moves (0.9 s an answer), 40 M 1,679 (2.0 s), 80 M 1,641
/// (3.5 s); then the children's slots in the table of arrangements kept
/// were asked for ahead, 80 M 1,639 in 2.1 s an answer.
const ANY_BEAM_CHILDREN: u64 = 80_000_000;

/// The width of the beam on any board from `a` to `b` on `board`:
/// about [`ANY_BEAM_CHILDREN`] children in all, at most
/// [`ANY_BEAM_STATES`] over the cells.
pub(super) fn any_beam_width(board: &Board, (a, b): (&[Token], &[Token])) -> usize {
    let within = beam_any::width_for(board, (a, b), ANY_BEAM_CHILDREN);
    within.min(ANY_BEAM_STATES / board.cell_count())
}

/// The first answer's plan on a `rows` × `cols` rectangle.
fn near_plan(rows: usize, cols: usize) -> Plan {
    if searched_whole(rows, cols) {
        Plan::Weighted
    } else {
        Plan::Reduced {
            descent: descent(rows, cols),
            beam: beam_width(rows, cols),
        }
    }
}

/// The descent before the line reduction, on rectangles past a beam's
/// with both sides at least 9 (9×9 to 12×12): [`BEAM_STATES_PAST_49`]
/// over the cells wide (6,944 on 12×12), down to [`DESCENT_PERCENT`] of
/// the start's estimate, the tiles of the two outer rings (three from
/// 11 wide) weighed more. A beam over the whole board came to no answer
/// past 10×10 (it stalled with a few tiles astray, which the Manhattan
/// distance no longer guides to their cells) and to one on half of the
/// 9×9 and 10×10 states; its first part pays. Weighing the outer rings
/// (those the reduction fills first) leaves fewer of their tiles astray
/// where the reduction starts; on eight uniformly random states each,
/// with the rings weighed 3, 2 (two rings) and 4, 3, 2 (three), against
/// none: 9×9 1.75 times the Manhattan distance (one ring, 2: 1.84;
/// three: 1.85), 10×10 1.87 (three: 1.91; none 2.09 on four), 11×11
/// 1.97 (two: 2.00), 12×12 2.02 (two: 2.06; none 2.28; four, 5 to 2,
/// stalled early on one state of four, 3,051 moves; those capped at 3,
/// 2.20).
fn descent(rows: usize, cols: usize) -> Option<Descent> {
    let cells = rows * cols;
    (rows.min(cols) >= 9 && cells > BEAM_UP_TO).then(|| Descent {
        width: BEAM_STATES_PAST_49 / cells,
        percent: DESCENT_PERCENT,
        outer: (rows.min(cols) - 8).clamp(2, 3),
    })
}

/// Where a descent hands the board to the line reduction: at a fifth of
/// the start's estimate. Measured without weights on four uniformly
/// random 10×10 states (the reduction alone 1,524.5 moves): a descent to
/// 40% 1,396.5, to 20% 1,374.5, to 10% 1,368.5 (single answers from
/// 1,212 to 1,564: the beam's lower part wanders, where the Manhattan
/// distance no longer guides it).
const DESCENT_PERCENT: u32 = 20;

/// Whether one weighted A* search does well on `rows` × `cols`: the
/// 24-puzzle and smaller rectangles with both sides at least 4.
fn searched_whole(rows: usize, cols: usize) -> bool {
    rows * cols <= 25 && rows.min(cols) >= 4
}

/// Where the line reduction of a `board` (rows, columns) stops, with
/// `left` (rows, columns) still to solve: a rectangle solved by search
/// (two-wide ones at 2×7: the shortest search on 2×8 can take seconds);
/// on boards bigger than a beam's, the first rectangle a beam searches
/// (the last 8×8 of 9×9 to 12×12: the beam's answers there are shorter
/// than the lines' and the weighted search's on the 5×5 they leave).
pub(super) fn reduction_stops(board: (usize, usize), (rows, cols): (usize, usize)) -> bool {
    let most = if rows.min(cols) == 2 { 14 } else { 16 };
    let beam_rest = board.0 * board.1 > BEAM_UP_TO && beam_width(rows, cols).is_some();
    rows * cols <= most || searched_whole(rows, cols) || beam_rest
}

/// The width of the beam searched beside the line reduction, on
/// rectangles with both sides at least 6 and at most 64 cells (6×6,
/// 6×7, 7×7, 8×8, and the last of those left by the reduction of
/// bigger boards): 1–7 s on two cores with the tables, where the
/// beam's answers were 10–20% shorter than the reduction's (8×8: 5%
/// shorter than the reduction to 7×7 and a beam there). `None`
/// elsewhere: on 5×6, 4×8 and the like the reduction was not measured
/// against it, and past 64 cells a whole beam on the Manhattan
/// distance stalls near the goal (there a descent comes first, see
/// [`descent`]).
fn beam_width(rows: usize, cols: usize) -> Option<usize> {
    let cells = rows * cols;
    let states = if cells <= 36 {
        BEAM_STATES_UP_TO_36
    } else if cells <= 49 {
        BEAM_STATES
    } else {
        BEAM_STATES_PAST_49
    };
    (rows.min(cols) >= 6 && cells <= BEAM_UP_TO).then(|| states / cells)
}

/// The sides of a rectangle that gets near-shortest answers: both at
/// least 2, at most [`NEAR_UP_TO`] cells.
fn near_rectangle(board: &Board) -> Option<(usize, usize)> {
    sides(board, NEAR_UP_TO, "near-shortest answers").ok()
}

/// The rows and columns of a 2-D box with both sides at least 2, of at
/// most 64 cells.
fn rectangle(board: &Board) -> Option<(usize, usize)> {
    sides(board, 64, "").ok()
}

/// The sides of a 2-D box with both sides at least 2 and at most `max`
/// cells, for `what` (the message's start).
pub(super) fn sides(
    board: &Board,
    max: usize,
    what: &'static str,
) -> Result<(usize, usize), Limit> {
    match board.box_dims() {
        Some(&[rows, cols]) if rows >= 2 && cols >= 2 => match rows * cols <= max {
            true => Ok((rows, cols)),
            false => Err(Limit::RectangleTooBig {
                what,
                rows,
                cols,
                max,
            }),
        },
        _ => Err(Limit::NoShortestSearch),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn method(solver: &Solver, board: &str, from: Arrangement) -> Method {
        solver.choose(&board.parse().unwrap(), &from)
    }

    #[test]
    fn each_board_gets_the_method_its_thresholds_say() {
        let default = Solver::new().shortest_when_cheap(true);
        let plain = Solver::new();
        let solved = Arrangement::solved;
        assert_eq!(method(&default, "3x3", solved(9)), Method::BreadthFirst);
        assert_eq!(method(&default, "4x4", solved(16)), Method::Ida);
        assert_eq!(
            method(&plain, "4x4", solved(16)),
            Method::Construct(Construction::Box)
        );
        let near = |rows, cols, plan| Method::Near { rows, cols, plan };
        assert_eq!(
            method(&default, "5x5", solved(25)),
            near(5, 5, Plan::Weighted)
        );
        let reduced = |beam| Plan::Reduced {
            descent: None,
            beam,
        };
        assert_eq!(
            method(&default, "5x6", solved(30)),
            near(5, 6, reduced(None))
        );
        let beam = Some(BEAM_STATES / 49);
        assert_eq!(
            method(&default, "7x7", solved(49)),
            near(7, 7, reduced(beam))
        );
        let descent = Some(Descent {
            width: BEAM_STATES_PAST_49 / 144,
            percent: DESCENT_PERCENT,
            outer: 3,
        });
        assert_eq!(
            method(&default, "12x12", solved(144)),
            near(
                12,
                12,
                Plan::Reduced {
                    descent,
                    beam: None
                }
            )
        );
        assert_eq!(
            method(&default, "13x12", solved(156)),
            Method::Construct(Construction::Box)
        );
        let optimal = Solver::new().optimal(true);
        assert_eq!(method(&optimal, "5x5", solved(25)), Method::Ida);
        // Several blanks: searched when asked, by a beam beside the
        // construction on boards of up to 36 cells, relabelled for the
        // rectangles' search on rectangles past them, constructed
        // elsewhere and when asked.
        let blanks = Arrangement::solved_with_blanks(25, 2);
        assert_eq!(method(&optimal, "5x5", blanks.clone()), Method::IdaBlanks);
        assert_eq!(
            method(&default, "5x5", blanks.clone()),
            Method::NearAnyBoard
        );
        let mask = "mask:######/##.###/######/###.##/######/######";
        let blanks_34 = Arrangement::solved_with_blanks(34, 3);
        assert_eq!(method(&default, mask, blanks_34), Method::NearAnyBoard);
        assert_eq!(
            method(&Solver::new(), "5x5", blanks),
            Method::Construct(Construction::BoxBlanks)
        );
        assert_eq!(
            method(&default, "7x6", Arrangement::solved_with_blanks(42, 2)),
            Method::NearRelabelled
        );
        // Thin rectangles: the relabelled search first, then the beam.
        let thin = |spec: &str| relabelled_first(&spec.parse().unwrap());
        assert!(thin("3x12") && thin("2x9") && thin("12x3"));
        assert!(!thin("4x9") && !thin("3x5") && !thin("mask:###/###/###/###/###/###"));
        assert_eq!(
            method(&default, "13x12", Arrangement::solved_with_blanks(156, 2)),
            Method::Construct(Construction::BoxBlanks)
        );
        let mask_37 = "mask:#######/##.####/#######/###.###/#######/#######";
        assert_eq!(
            method(&default, mask_37, Arrangement::solved_with_blanks(40, 4)),
            Method::Construct(Construction::Blanks)
        );
        // Other boards of up to 30 cells, one blank: a beam too.
        assert_eq!(
            method(&default, "hdu4021", solved(24)),
            Method::NearAnyBoard
        );
        assert_eq!(method(&default, "3x3x3", solved(27)), Method::NearAnyBoard);
        let repeated = Arrangement::new([1, 1, 2, 2].repeat(5).into_iter().chain([0]).collect());
        assert_eq!(method(&default, "3x7", repeated), Method::NearAnyBoard);
        // Past them, repeated tokens on rectangles: relabelled.
        let repeated = Arrangement::new(
            [1, 1, 2, 2]
                .repeat(9)
                .into_iter()
                .skip(1)
                .chain([0])
                .collect(),
        );
        assert_eq!(method(&default, "6x6", repeated), Method::NearRelabelled);
        assert_eq!(
            method(&default, "3x3x5", solved(45)),
            Method::Construct(Construction::Box)
        );
        assert_eq!(
            method(&default, mask, solved(34)),
            Method::Construct(Construction::Blocks)
        );
        assert_eq!(
            method(&Solver::new(), "hdu4021", solved(24)),
            Method::Construct(Construction::Blocks)
        );
        assert_eq!(
            method(&default, "graph:3:0-1,1-2", solved(3)),
            Method::BreadthFirst
        );
    }

    #[test]
    fn the_reduction_stops_at_a_rectangle_searched_well() {
        let alone = |rows, cols| reduction_stops((rows, cols), (rows, cols));
        assert!(alone(4, 4) && alone(5, 5) && alone(2, 7));
        assert!(!alone(2, 8) && !alone(5, 6) && !alone(3, 6) && !alone(8, 8));
        // 9×9 to 12×12 hand their last 8×8 (or 7×8, 6×10) to the beam.
        assert!(reduction_stops((9, 9), (8, 8)) && reduction_stops((12, 12), (8, 8)));
        assert!(!reduction_stops((9, 9), (8, 9)) && !reduction_stops((8, 8), (7, 8)));
    }
}
