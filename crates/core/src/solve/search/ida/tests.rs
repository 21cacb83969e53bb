//! Shortest solutions against breadth-first search: whole-space distances
//! on 3×3 and 2×4, admissibility and consistency of every heuristic on
//! every state, database values against a 0-1 search, and a few of
//! Korf's 15-puzzles with small databases.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use super::{ida_star, ida_star_until, shorter_than};
use crate::board::Board;
use crate::moves::replay;
use crate::solve::search::pdb::{Pattern, PatternDb, Width};
use crate::solve::search::rectangle::{
    Heuristic, Rectangle, SearchState, Sides, partition, relabel,
};

const BLANK: u8 = u8::MAX;

/// Distances to the goal (tile on its own cell, blank on `blank_goal`) of
/// every state of the rectangle, by breadth-first search from the goal.
fn distances(rect: &Rectangle, blank_goal: u8) -> HashMap<Vec<u8>, u32> {
    let n = rect.rows * rect.cols;
    let goal: Vec<u8> = (0..n as u8)
        .map(|c| if c == blank_goal { BLANK } else { c })
        .collect();
    let mut dist = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        let b = s.iter().position(|&t| t == BLANK).unwrap();
        for w in grid_neighbours(rect, b) {
            let mut t = s.clone();
            t.swap(b, w);
            if !dist.contains_key(&t) {
                dist.insert(t.clone(), d + 1);
                queue.push_back(t);
            }
        }
    }
    dist
}

fn grid_neighbours(rect: &Rectangle, c: usize) -> Vec<usize> {
    let (r, col) = (c / rect.cols, c % rect.cols);
    let mut v = Vec::new();
    if r > 0 {
        v.push(c - rect.cols);
    }
    if r + 1 < rect.rows {
        v.push(c + rect.cols);
    }
    if col > 0 {
        v.push(c - 1);
    }
    if col + 1 < rect.cols {
        v.push(c + 1);
    }
    v
}

/// Databases for a partition, built in memory (no cache).
fn databases(rect: &Rectangle, blank_goal: u8, max: usize) -> Vec<Arc<PatternDb>> {
    partition(rect, blank_goal, max)
        .into_iter()
        .map(|cells| {
            let pattern = Pattern {
                rows: rect.rows,
                cols: rect.cols,
                cells,
                blank: blank_goal,
            };
            Arc::new(
                PatternDb::build(&pattern, &|_| {}, crate::stop::Stop::default())
                    .unwrap()
                    .unwrap(),
            )
        })
        .collect()
}

/// Every heuristic worth checking on a board with this blank goal.
fn heuristics(rect: &Rectangle, blank_goal: u8) -> Vec<(String, Heuristic)> {
    let mut out = vec![(
        "manhattan + linear conflicts".to_string(),
        Heuristic::manhattan(rect, blank_goal),
    )];
    for max in [2, 3, 4] {
        out.push((
            format!("databases of {max} tiles"),
            Heuristic::from_databases(rect, blank_goal, databases(rect, blank_goal, max)),
        ));
    }
    out.push((
        "a catalogue of three partitions".to_string(),
        catalogue(rect, blank_goal),
    ));
    out
}

/// The maximum over three partitions (3, 2 and 4 tiles), the way a
/// catalogue is looked up: the 4-tile one on the board as it is only.
fn catalogue(rect: &Rectangle, blank_goal: u8) -> Heuristic {
    let more = vec![
        (databases(rect, blank_goal, 2), Sides::Both),
        (databases(rect, blank_goal, 4), Sides::Plain),
    ];
    Heuristic::from_databases(rect, blank_goal, databases(rect, blank_goal, 3)).with_catalogue(more)
}

/// A catalogue's value is the largest of its partitions' values (each
/// with its reflection where the board has one and the catalogue looks
/// it up), on every state.
#[test]
fn a_catalogue_is_the_maximum_of_its_partitions() {
    for (rect, blank_goal) in [(Rectangle::new(3, 3), 0u8), (Rectangle::new(2, 4), 5)] {
        let whole = catalogue(&rect, blank_goal);
        let alone: Vec<Heuristic> = [3, 2, 4]
            .iter()
            .map(|&max| {
                let h =
                    Heuristic::from_databases(&rect, blank_goal, databases(&rect, blank_goal, max));
                if max == 4 { h.without_reflection() } else { h }
            })
            .collect();
        let mut above_first = 0;
        for state in distances(&rect, blank_goal).keys() {
            let each: Vec<u32> = alone.iter().map(|h| h.value(state)).collect();
            assert_eq!(whole.value(state), *each.iter().max().unwrap(), "{state:?}");
            above_first += usize::from(whole.value(state) > each[0]);
        }
        // The other partitions do raise it somewhere.
        assert!(above_first > 0);
    }
}

/// The state a search keeps move by move (the catalogue's tables shared
/// among its partitions, each with its moves since it was looked up,
/// and what undoing a move gives back) bounds as a state made afresh
/// does: along random walks that go out and come back, with random
/// bounds, `h_within` exceeds the bound exactly when the heuristic
/// does, and `h` is the heuristic.
#[test]
fn a_state_kept_move_by_move_bounds_as_a_fresh_one() {
    for (rect, blank_goal) in [(Rectangle::new(3, 3), 8u8), (Rectangle::new(2, 4), 5)] {
        let h = catalogue(&rect, blank_goal);
        let goal: Vec<u8> = (0..rect.cell_count() as u8)
            .map(|c| if c == blank_goal { BLANK } else { c })
            .collect();
        let mut state = SearchState::new(&h, &goal);
        let mut undos = Vec::new();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for _ in 0..20_000 {
            if undos.is_empty() || next(10) < 6 {
                let cells = &h.neighbours()[state.blank as usize];
                let from = cells[next(cells.len() as u64) as usize];
                undos.push(state.apply(&h, from, u32::MAX));
            } else {
                let undo = undos.pop().unwrap();
                state.undo(&h, &undo);
            }
            let whole = h.value(&state.tiles);
            let limit = next(u64::from(whole) + 4) as u32;
            let within = state.h_within(&h, limit);
            assert!(within <= whole, "{:?}", state.tiles);
            assert_eq!(
                within > limit,
                whole > limit,
                "{:?} within {limit}",
                state.tiles
            );
            if next(8) == 0 {
                assert_eq!(state.h(&h), whole, "{:?}", state.tiles);
            }
        }
    }
}

/// Admissible (never above the true distance) on every state, zero only
/// on the goal, and consistent (changes by at most one per move), for
/// every heuristic. Returns the largest jump seen in one move.
fn check_admissible(rect: &Rectangle, blank_goal: u8) -> Vec<(String, u32)> {
    let dist = distances(rect, blank_goal);
    let mut jumps = Vec::new();
    for (name, h) in heuristics(rect, blank_goal) {
        let mut jump = 0;
        for (state, &d) in &dist {
            let v = h.value(state);
            assert!(v <= d, "{name}: h = {v} > {d} on {state:?}");
            assert_eq!(v == 0, d == 0, "{name}: zero only on the goal");
            let b = state.iter().position(|&t| t == BLANK).unwrap();
            for w in grid_neighbours(rect, b) {
                let mut next = state.clone();
                next.swap(b, w);
                jump = jump.max(v.abs_diff(h.value(&next)));
            }
        }
        // Consistent: one move changes the value by at most one.
        assert_eq!(jump, 1, "{name}: a move changed h by {jump}");
        jumps.push((name, jump));
    }
    jumps
}

#[test]
fn heuristics_are_admissible_on_3x3() {
    // Blank goal on the diagonal (reflection used) and off it.
    check_admissible(&Rectangle::new(3, 3), 8);
    check_admissible(&Rectangle::new(3, 3), 1);
}

#[test]
fn heuristics_are_admissible_on_2x4() {
    check_admissible(&Rectangle::new(2, 4), 0);
    check_admissible(&Rectangle::new(2, 4), 5);
}

/// IDA* lengths equal BFS distances for sampled starts, every solution
/// replayed.
fn check_ida_star(rect: &Rectangle, blank_goal: u8, samples: usize) {
    let dist = distances(rect, blank_goal);
    let board = Board::new_box(&[rect.rows, rect.cols]).unwrap();
    let mut states: Vec<(&Vec<u8>, &u32)> = dist.iter().collect();
    states.sort();
    let step = (states.len() / samples).max(1);
    for (name, h) in heuristics(rect, blank_goal) {
        for &(state, &d) in states.iter().step_by(step) {
            let solution = ida_star(&h, state);
            assert_eq!(solution.moves.len() as u32, d, "{name} on {state:?}");
            // Back to tokens: a tile is named by its goal cell + 1.
            let from: Vec<u32> = state
                .iter()
                .map(|&t| if t == BLANK { 0 } else { t as u32 + 1 })
                .collect();
            let to: Vec<u32> = (0..from.len() as u32)
                .map(|c| if c == blank_goal as u32 { 0 } else { c + 1 })
                .collect();
            replay(&board, &from, &to, &solution.moves).unwrap();
        }
    }
}

/// Past 32 cells, where no search covers the whole space: along random
/// walks from the goal, tables of 3 tiles never exceed the walk's length
/// (an upper bound of the distance), are zero only on the goal, and
/// change by at most one a move.
#[test]
fn databases_past_32_cells_are_admissible_and_consistent_on_walks() {
    use rand::{Rng, SeedableRng};
    for (rect, blank_goal) in [(Rectangle::new(2, 17), 0u8), (Rectangle::new(5, 7), 34)] {
        let h = Heuristic::from_databases(&rect, blank_goal, databases(&rect, blank_goal, 3));
        let n = rect.rows * rect.cols;
        let goal: Vec<u8> = (0..n as u8)
            .map(|c| if c == blank_goal { BLANK } else { c })
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..20 {
            let (mut state, mut blank) = (goal.clone(), blank_goal as usize);
            let mut before = h.value(&state);
            assert_eq!(before, 0);
            for steps in 1..=300u32 {
                let next = grid_neighbours(&rect, blank);
                let to = next[rng.random_range(0..next.len())];
                state.swap(blank, to);
                blank = to;
                let v = h.value(&state);
                assert!(v <= steps, "h = {v} after {steps} moves");
                assert!(v.abs_diff(before) <= 1, "a move changed h by more than one");
                assert_eq!(v == 0, state == goal);
                before = v;
            }
        }
    }
}

/// A search told to stop stops soon, with no answer; one never told
/// finds the same answer as before.
#[test]
fn a_cancelled_search_stops() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    // Korf's 88th 15-puzzle (65 moves, the hardest of the 100): minutes
    // with Manhattan distance alone. The first (57 moves) ended within
    // the 0.2 s on an idle AMD EPYC, so the search was never cancelled.
    let from = [15, 2, 12, 11, 14, 13, 9, 5, 1, 3, 8, 7, 0, 10, 6, 4];
    let to: Vec<u32> = (0..16).collect();
    let (tiles, blank_goal) = relabel(&from, &to);
    let rect = Rectangle::new(4, 4);
    let h = Heuristic::manhattan(&rect, blank_goal);
    let cancel = AtomicBool::new(false);
    let started = Instant::now();
    let found = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(200));
            cancel.store(true, Ordering::Relaxed);
        });
        ida_star_until(&h, &tiles, crate::stop::Stop::on(Some(&cancel)))
    });
    assert!(found.is_none());
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let easy = [1, 2, 3, 0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    let (tiles, blank_goal) = relabel(&easy, &to);
    let h = Heuristic::manhattan(&rect, blank_goal);
    let never = AtomicBool::new(false);
    assert_eq!(
        ida_star_until(&h, &tiles, crate::stop::Stop::on(Some(&never)))
            .unwrap()
            .moves
            .len(),
        3
    );
}

/// A search for fewer than `length` moves, against breadth-first
/// search on every 97th state of 3×3: a shortest solution when the
/// shortest has fewer, none when it has exactly `length`, and none
/// once stopped.
#[test]
fn shorter_than_finds_exactly_the_shorter_solutions() {
    use crate::stop::Stop;
    let rect = Rectangle::new(3, 3);
    let h = Heuristic::manhattan(&rect, 8);
    let dist = distances(&rect, 8);
    let mut states: Vec<(&Vec<u8>, &u32)> = dist.iter().collect();
    states.sort();
    for &(state, &d) in states.iter().step_by(97) {
        let (found, _) = shorter_than(&h, state, d + 2, 1 << 30, Stop::default());
        assert_eq!(found.map(|m| m.len() as u32), Some(d));
        let (found, _) = shorter_than(&h, state, d, 1 << 30, Stop::default());
        assert!(found.is_none(), "{state:?} has {d}");
        if d > 0 {
            let set = std::sync::atomic::AtomicBool::new(true);
            let (found, _) = shorter_than(&h, state, d + 2, 1 << 30, Stop::on(Some(&set)));
            assert!(found.is_none(), "{state:?}");
        }
    }
}

#[test]
fn ida_star_is_optimal_on_3x3() {
    check_ida_star(&Rectangle::new(3, 3), 8, 60);
    check_ida_star(&Rectangle::new(3, 3), 4, 30);
}

#[test]
fn ida_star_is_optimal_on_2x4() {
    check_ida_star(&Rectangle::new(2, 4), 7, 60);
    check_ida_star(&Rectangle::new(2, 4), 2, 30);
}

#[test]
fn relabelling_any_goal() {
    let (tiles, blank_goal) = relabel(&[5, 0, 7], &[7, 5, 0]);
    assert_eq!(tiles, vec![1, BLANK, 0]);
    assert_eq!(blank_goal, 2);
}

/// Three of Korf's 100 (numbers 9, 55 and 16) with their published
/// optimal lengths: among the easiest.
const KORF: &[(usize, &str)] = &[
    (46, "3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0"),
    (41, "13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11"),
    (42, "1 3 2 5 10 9 15 6 8 14 13 11 12 4 7 0"),
];

#[test]
fn korf_instances_with_small_databases() {
    let rect = Rectangle::new(4, 4);
    // Databases of 5 tiles: three 524,160-entry tables, built in a blink.
    let h = Heuristic::from_databases(&rect, 0, databases(&rect, 0, 5));
    let board = Board::new_box(&[4, 4]).unwrap();
    let goal: Vec<u32> = (0..16).collect();
    for &(length, text) in KORF {
        let from: Vec<u32> = text.split(' ').map(|w| w.parse().unwrap()).collect();
        let (tiles, blank_goal) = relabel(&from, &goal);
        assert_eq!(blank_goal, 0);
        let solution = ida_star(&h, &tiles);
        assert_eq!(solution.moves.len(), length);
        replay(&board, &from, &goal, &solution.moves).unwrap();
    }
}

#[test]
fn partitions_cover_every_tile_once() {
    let rows = |g: &[Vec<u8>]| g.iter().map(Vec::len).collect::<Vec<_>>();
    let r44 = Rectangle::new(4, 4);
    // 7-7-1 (the last tile by Manhattan distance) and Korf & Felner's 7-8:
    // rows 1-2, rows 3-4.
    assert_eq!(rows(&partition(&r44, 0, 7)), vec![7, 7]);
    assert_eq!(
        partition(&r44, 0, 8),
        vec![(1..8).collect::<Vec<u8>>(), (8..16).collect()]
    );
    // Korf & Felner's 6-6-6-6 blocks on 5×5.
    let r55 = Rectangle::new(5, 5);
    assert_eq!(partition(&r55, 0, 6)[0], vec![1, 2, 5, 6, 7, 12]);
    for (rect, max) in [
        (&r44, 5),
        (&r44, 8),
        (&r55, 6),
        (&r55, 5),
        (&Rectangle::new(3, 4), 6),
    ] {
        for blank in [0u8, 5] {
            let groups = partition(rect, blank, max);
            let mut cells: Vec<u8> = groups.concat();
            assert!(groups.iter().all(|g| g.len() <= max && g.len() > 1));
            cells.sort();
            cells.dedup();
            assert_eq!(cells.len(), groups.concat().len(), "disjoint");
            assert!(!cells.contains(&blank));
            // At most one tile is left to Manhattan distance.
            assert!(rect.rows * rect.cols - 1 - cells.len() <= 1, "{groups:?}");
        }
    }
}

/// A database's values against brute force: a 0-1 breadth-first search
/// over (placement, blank cell) from the goal (the blank on its goal
/// cell), where a pattern tile's move costs one and any other move
/// nothing; the database keeps the least over blank cells.
#[test]
fn databases_equal_brute_force() {
    // Tiles 1 and 3 wall the blank's goal (0) off, and tiles 5, 7 the
    // corner 8 on the first two; the third has one region.
    // The width of each table's entries and how many it keeps aside.
    for (rect, cells, blank, (width, aside)) in [
        (
            Rectangle::new(3, 3),
            vec![1u8, 2, 3],
            0u8,
            (Width::Narrow, 0),
        ),
        (
            Rectangle::new(3, 3),
            vec![5u8, 7, 6, 4],
            8,
            (Width::Narrow, 0),
        ),
        (Rectangle::new(2, 4), vec![0u8, 6, 3], 7, (Width::Narrow, 0)),
        // Two columns of tiles: six of the blank's regions are worth more
        // than 16-bit entries hold (kept aside); on 2×4, too many to
        // keep aside.
        (
            Rectangle::new(2, 9),
            vec![2u8, 11, 5, 14],
            0,
            (Width::Narrow, 6),
        ),
        (
            Rectangle::new(2, 4),
            vec![1u8, 5, 3, 7],
            0,
            (Width::Wide, 0),
        ),
        // Past 32 cells (64-bit regions, 6-bit positions): tiles 1 and 17
        // wall the blank's goal off on 2×17; the whole of 8×8.
        (
            Rectangle::new(2, 17),
            vec![1u8, 17, 30],
            0,
            (Width::Narrow, 0),
        ),
        (Rectangle::new(8, 8), vec![62u8, 55], 63, (Width::Narrow, 0)),
    ] {
        let pattern = Pattern {
            rows: rect.rows,
            cols: rect.cols,
            cells: cells.clone(),
            blank,
        };
        let db = PatternDb::build(&pattern, &|_| {}, crate::stop::Stop::default())
            .unwrap()
            .unwrap();
        let kept_aside = (db.bytes() as usize).saturating_sub(db.len() * width.bytes()) / 8;
        assert_eq!((db.width(), kept_aside), (width, aside), "{cells:?}");
        let mut dist: HashMap<(Vec<u8>, u8), u32> = HashMap::new();
        let mut queue = VecDeque::new();
        dist.insert((cells.clone(), blank), 0);
        queue.push_back((cells.clone(), blank));
        while let Some((pos, b)) = queue.pop_front() {
            let d = dist[&(pos.clone(), b)];
            for w in grid_neighbours(&rect, b as usize) {
                let w = w as u8;
                let (next, cost) = match pos.iter().position(|&p| p == w) {
                    Some(i) => {
                        let mut next = pos.clone();
                        next[i] = b;
                        (next, 1)
                    }
                    None => (pos.clone(), 0),
                };
                let key = (next, w);
                if dist.get(&key).is_none_or(|&old| old > d + cost) {
                    dist.insert(key.clone(), d + cost);
                    if cost == 0 {
                        queue.push_front(key);
                    } else {
                        queue.push_back(key);
                    }
                }
            }
        }
        let placements: std::collections::HashSet<&Vec<u8>> = dist.keys().map(|(p, _)| p).collect();
        assert_eq!(placements.len(), db.len(), "every placement reached");
        for ((pos, b), d) in &dist {
            assert_eq!(
                db.lookup(pos, *b) as u32,
                *d,
                "{cells:?} at {pos:?}, blank on {b}"
            );
        }
    }
}
