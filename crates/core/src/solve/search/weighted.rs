//! Near-shortest solutions on rectangles where a shortest search is too
//! slow for a default answer (the 24-puzzle, 4×5, 4×6): weighted A*
//! (Pohl 1970), which expands states in the order of g + w·h with the
//! shortest search's admissible heuristic.
//!
//! Why it is near: while the goal is not expanded, some state on an
//! optimal path is open with its optimal g, so the goal's g + 0 when it is
//! expanded is at most that state's g + w·h ≤ w·(shortest length). The
//! bound needs h admissible only (closed states are reopened when a
//! shorter way to them turns up), so every answer is at most w times the
//! shortest, and the shortest is at least the answer's length divided by
//! w. Each weight gets a budget of expanded states; when it is spent the
//! search starts again with the next, larger weight, and the bound that
//! held is the one reported.

use rustc_hash::FxHashMap;

use crate::solve::Found;
use crate::solve::search::rectangle::{BLANK_MARK, Heuristic, PatternValues, path_moves, places};
use crate::stop::Stop;

/// A weight w as a fraction: states are ordered by `den·g + num·h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Weight {
    /// The numerator.
    pub num: u32,
    /// The denominator.
    pub den: u32,
}

/// The weights tried in turn: the first bound worth giving (1.5), then
/// looser ones for boards where it is out of reach in the budget.
pub(crate) const WEIGHTS: [Weight; 6] = [
    Weight { num: 3, den: 2 },
    Weight { num: 2, den: 1 },
    Weight { num: 3, den: 1 },
    Weight { num: 5, den: 1 },
    Weight { num: 10, den: 1 },
    Weight { num: 30, den: 1 },
];

/// States the first weight may expand before the next is tried: about
/// a second on one core with pattern databases (a microsecond a state);
/// each later weight gets a quarter of it.
pub(crate) const BUDGET: usize = 1_000_000;

/// The most bytes one state a search pushes may hold at the peak: its
/// entry in the table of states reached (key, what is kept, a control
/// byte) at the worst moment of the table's growth (the old table full
/// at 7/8, the new one of twice as many buckets beside it: 3 × 8/7
/// buckets an entry), and its entry on an open stack at the worst of a
/// stack's growth (the old and the new vector, 3 entries). Every state
/// reached is pushed, so pushes bound both. An upper bound: a 5×5
/// answer's searches within 512 MB (a server's `--max-memory 1G` for
/// two jobs) left the whole server at 0.29 GB at the peak.
const BYTES_PER_STATE: u64 =
    (3 * 8 * (size_of::<(Key, Reached)>() + 1) / 7 + 3 * size_of::<OpenEntry>()) as u64;

/// What a search may spend: states expanded (the first weight's; each
/// later one a quarter of it), and bytes of states held at once (reached
/// and open, see [`BYTES_PER_STATE`]; `u64::MAX`: no bound).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    /// States expanded.
    pub expanded: usize,
    /// Bytes of the states held.
    pub memory: u64,
}

#[cfg(test)]
impl Budget {
    /// `expanded` states, in as much memory as they take.
    pub(crate) fn expanded(expanded: usize) -> Self {
        Self {
            expanded,
            memory: u64::MAX,
        }
    }
}

/// A near-shortest solution and the bound that holds for it.
pub(crate) struct Near {
    /// The moves, and the states expanded (all weights tried).
    pub found: Found,
    /// A lower bound of the shortest length: the start's heuristic, or
    /// the length divided by the weight, whichever is more.
    pub lower_bound: u64,
}

/// A state packed 6 bits a cell, ten cells a word (boards of at most 40
/// cells), the blank as 63.
type Key = [u64; 4];

/// What is kept per state reached: its fewest moves so far, and the cell
/// the blank came from (`NO_CELL` at the start).
#[derive(Clone, Copy)]
struct Reached {
    g: u32,
    came_from: u8,
}

const NO_CELL: u8 = u8::MAX;
const BLANK_CODE: u64 = 63;

/// The largest board a search packs: 40 cells of 6 bits in a [`Key`].
pub(crate) const MAX_NEAR_CELLS: usize = 40;

fn pack(tiles: &[u8]) -> Key {
    let mut key = [0u64; 4];
    for (cell, &t) in tiles.iter().enumerate() {
        let code = if t == BLANK_MARK {
            BLANK_CODE
        } else {
            t as u64
        };
        key[cell / 10] |= code << (6 * (cell % 10));
    }
    key
}

fn unpack(key: &Key, tiles: &mut [u8]) {
    for (cell, t) in tiles.iter_mut().enumerate() {
        let code = (key[cell / 10] >> (6 * (cell % 10))) & 63;
        *t = if code == BLANK_CODE {
            BLANK_MARK
        } else {
            code as u8
        };
    }
}

/// A near-shortest move sequence from `tiles` (relabelled: goal cells,
/// the blank `BLANK_MARK`) to the goal, trying `weights` in turn (the
/// default's are [`WEIGHTS`]), the first with `budget`'s expansions,
/// each later one with a quarter of them, every one within its memory.
/// `None` when every weight ran out of budget or `stop` ended the search.
pub(crate) fn search(
    heuristic: &Heuristic,
    tiles: &[u8],
    weights: &[Weight],
    budget: Budget,
    stop: Stop,
) -> Option<Near> {
    assert!(tiles.len() <= MAX_NEAR_CELLS, "a board of at most 40 cells");
    let start_h = heuristic.value(tiles);
    let most_pushed = usize::try_from(budget.memory / BYTES_PER_STATE).unwrap_or(usize::MAX);
    let mut nodes = 0;
    for (k, &weight) in weights.iter().enumerate() {
        let expanded = budget.expanded / if k == 0 { 1 } else { 4 };
        let limits = (expanded, most_pushed);
        let (path, expanded) = weighted_a_star(heuristic, tiles, weight, limits, stop);
        nodes += expanded as u64;
        if let Some(path) = path {
            let moves = path_moves(&path);
            let length = moves.len() as u64;
            let lower_bound =
                (start_h as u64).max((length * weight.den as u64).div_ceil(weight.num as u64));
            return Some(Near {
                found: Found {
                    moves,
                    optimal: false,
                    nodes,
                },
                lower_bound,
            });
        }
        if stop.now() {
            return None;
        }
    }
    None
}

/// One weighted A* search: the blank's path (its cells, start first) and
/// the states expanded, or no path when `most_expanded` or `most_pushed`
/// ran out or `stop` ended it (looked at every 256 states expanded).
fn weighted_a_star(
    heuristic: &Heuristic,
    start: &[u8],
    weight: Weight,
    (most_expanded, most_pushed): (usize, usize),
    stop: Stop,
) -> (Option<Vec<u8>>, usize) {
    let neighbours = heuristic.neighbours();
    let goal = goal_key(heuristic, start.len());
    let priority = |g: u32, h: u32| (weight.den * g + weight.num * h) as usize;
    let mut reached: FxHashMap<Key, Reached> = FxHashMap::default();
    // Buckets of open states by priority, each a stack: among equals the
    // newest, usually the deepest, goes first. A state comes with its
    // heuristic's parts, where the heuristic has them.
    let mut open = Open::default();
    let start_key = pack(start);
    reached.insert(
        start_key,
        Reached {
            g: 0,
            came_from: NO_CELL,
        },
    );
    let mut tiles = start.to_vec();
    let mut place = vec![0u8; start.len()];
    let blank_goal = heuristic.blank_goal;
    places(start, blank_goal, &mut place);
    let parts = heuristic.pattern_values(&place, place[blank_goal as usize]);
    let start_h = parts.map_or_else(|| heuristic.value(start), |p| heuristic.total(&p));
    open.push(start_key, 0, parts, priority(0, start_h));
    let mut expanded = 0;
    while let Some((key, g, parts)) = open.pop() {
        let came_from = reached[&key].came_from;
        if reached[&key].g < g {
            continue; // reached again by a shorter way since
        }
        if key == goal {
            return (Some(blank_path(&reached, key, start.len())), expanded);
        }
        expanded += 1;
        let full = open.pushed > most_pushed;
        if full || expanded > most_expanded || (expanded % 256 == 1 && stop.now()) {
            return (None, expanded);
        }
        unpack(&key, &mut tiles);
        places(&tiles, blank_goal, &mut place);
        let blank = place[blank_goal as usize];
        for &from in &neighbours[blank as usize] {
            if from == came_from {
                continue; // the move that undoes the last one
            }
            let t = tiles[from as usize];
            tiles.swap(blank as usize, from as usize);
            let child = pack(&tiles);
            if reached.get(&child).is_none_or(|r| r.g > g + 1) {
                reached.insert(
                    child,
                    Reached {
                        g: g + 1,
                        came_from: blank,
                    },
                );
                let child_parts = parts.map(|p| heuristic.parts_after(&p, &place, t, from, blank));
                let h =
                    child_parts.map_or_else(|| heuristic.value(&tiles), |p| heuristic.total(&p));
                open.push(child, g + 1, child_parts, priority(g + 1, h));
            }
            tiles.swap(blank as usize, from as usize);
        }
    }
    unreachable!("the goal is reachable, so the search ends")
}

/// An open state: its key, its moves so far and its heuristic's parts.
type OpenEntry = (Key, u32, Option<PatternValues>);

/// The open states: a stack of states for each priority, the lowest
/// priority any stack below which is empty, and the states pushed.
#[derive(Default)]
struct Open {
    stacks: Vec<Vec<OpenEntry>>,
    lowest: usize,
    pushed: usize,
}

impl Open {
    fn push(&mut self, key: Key, g: u32, parts: Option<PatternValues>, priority: usize) {
        if self.stacks.len() <= priority {
            self.stacks.resize_with(priority + 1, Vec::new);
        }
        self.stacks[priority].push((key, g, parts));
        self.lowest = self.lowest.min(priority);
        self.pushed += 1;
    }

    /// An open state of the lowest priority, the newest of them.
    fn pop(&mut self) -> Option<OpenEntry> {
        while self.lowest < self.stacks.len() {
            if let Some(top) = self.stacks[self.lowest].pop() {
                return Some(top);
            }
            self.lowest += 1;
        }
        None
    }
}

/// The goal: every tile on its own cell, the blank on its goal.
fn goal_key(heuristic: &Heuristic, cells: usize) -> Key {
    let tiles: Vec<u8> = (0..cells as u8)
        .map(|c| {
            if c == heuristic.blank_goal {
                BLANK_MARK
            } else {
                c
            }
        })
        .collect();
    pack(&tiles)
}

/// The blank's cells from the start to `key`, read back through the cells
/// it came from.
fn blank_path(reached: &FxHashMap<Key, Reached>, key: Key, cells: usize) -> Vec<u8> {
    let mut tiles = vec![0; cells];
    unpack(&key, &mut tiles);
    let mut blank = tiles
        .iter()
        .position(|&t| t == BLANK_MARK)
        .expect("a blank") as u8;
    let mut path = vec![blank];
    let mut at = key;
    loop {
        let came_from = reached[&at].came_from;
        if came_from == NO_CELL {
            break;
        }
        // The last move slid the token now on `came_from` out of `blank`:
        // sliding it back gives the state before.
        tiles.swap(blank as usize, came_from as usize);
        blank = came_from;
        path.push(blank);
        at = pack(&tiles);
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Generator;
    use crate::solve::search::bfs;
    use crate::solve::search::rectangle::{Rectangle, relabel};
    use crate::{Arrangement, Board};

    /// On 3×3, against breadth-first search: every answer within 1.5
    /// times the shortest, every lower bound at most the shortest, and
    /// the moves replay.
    #[test]
    fn answers_are_within_their_bound_of_the_shortest() {
        let board = Board::new_box(&[3, 3]).unwrap();
        let goal = Arrangement::solved(9);
        let heuristic = Heuristic::manhattan(&Rectangle::new(3, 3), 8);
        let mut generator = Generator::new(11);
        for _ in 0..200 {
            let from = generator.reachable(&board, &goal).unwrap();
            let (tiles, blank_goal) = relabel(from.tokens(), goal.tokens());
            assert_eq!(blank_goal, 8);
            let budget = Budget::expanded(BUDGET);
            let near =
                search(&heuristic, &tiles, &WEIGHTS, budget, Stop::default()).expect("found");
            let shortest = bfs::shortest(&board, from.tokens(), goal.tokens())
                .unwrap()
                .moves
                .len() as u64;
            let length = near.found.moves.len() as u64;
            assert!(2 * length <= 3 * shortest, "{length} against {shortest}");
            assert!(near.lower_bound <= shortest);
            crate::replay(&board, from.tokens(), goal.tokens(), &near.found.moves).unwrap();
        }
    }

    /// A budget too small for every weight, in states or in memory,
    /// gives no answer, and a set flag stops the search.
    #[test]
    fn spent_budgets_and_cancels_give_no_answer() {
        let heuristic = Heuristic::manhattan(&Rectangle::new(3, 3), 8);
        let (tiles, _) = relabel(&[8, 6, 7, 2, 5, 4, 3, 0, 1], &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
        let search = |budget, stop| search(&heuristic, &tiles, &WEIGHTS, budget, stop);
        let whole = Budget::expanded(BUDGET);
        assert!(search(Budget::expanded(3), Stop::default()).is_none());
        let cancel = std::sync::atomic::AtomicBool::new(true);
        assert!(search(whole, Stop::on(Some(&cancel))).is_none());
        assert!(search(whole, Stop::default().by(std::time::Instant::now())).is_none());
        let found = search(whole, Stop::default()).expect("found");
        // Room for ten states is too little; room for as many as the
        // whole search pushed at most (four a state expanded, and the
        // start) is enough.
        let ten = Budget {
            memory: 10 * BYTES_PER_STATE,
            ..whole
        };
        assert!(search(ten, Stop::default()).is_none());
        let states = 4 * found.found.nodes + 1;
        let enough = Budget {
            memory: states * BYTES_PER_STATE,
            ..whole
        };
        assert!(search(enough, Stop::default()).is_some());
    }

    #[test]
    fn states_pack_and_unpack_on_40_cells() {
        let tiles: Vec<u8> = (0..39).chain([BLANK_MARK]).rev().collect();
        let mut back = vec![0; 40];
        unpack(&pack(&tiles), &mut back);
        assert_eq!(back, tiles);
    }
}
