//! Solutions on paths and cycles with several blanks: the tokens keep
//! their (cyclic) order, so each token has one cell to go to, and they go
//! there one step at a time, never crossing.

use crate::arrangement::{BLANK, Token};
use crate::board::Cell;
use crate::moves::Move;
use crate::reach::Line;
use crate::solve::construct::budget;

/// Moves taking `from` to `to` (reachable) on a path or a cycle.
pub(crate) fn solve_line(line: &Line, from: &[Token], to: &[Token]) -> Vec<Move> {
    let cells = line.cells();
    let places = |tokens: &[Token]| -> Vec<usize> {
        (0..cells.len())
            .filter(|&i| tokens[cells[i] as usize] != BLANK)
            .collect()
    };
    let (p, q) = (places(from), places(to));
    let targets: Vec<i64> = match line {
        Line::Path(_) => q.iter().map(|&i| i as i64).collect(),
        Line::Cycle(_) => cycle_targets(cells.len(), &p, &q, &line.word(from), &line.word(to)),
    };
    let mut moves = Vec::new();
    shift(
        cells,
        &p,
        &targets,
        matches!(line, Line::Cycle(_)),
        &mut moves,
    );
    moves
}

/// Targets on the cycle unrolled into a line: token `i` (at `p[i]`) goes
/// to a cell `≡ q[(i - s) mod k]` for a shift `s` that matches the words,
/// the targets in increasing order and within one turn of each other,
/// the shift and the turn chosen to move the tokens least.
fn cycle_targets(n: usize, p: &[usize], q: &[usize], a: &[Token], b: &[Token]) -> Vec<i64> {
    let k = p.len();
    let (n, ki) = (n as i64, k as i64);
    let mut best: Option<(i64, Vec<i64>)> = None;
    // Every shift is tried on short words; long words take the first few
    // that match (any one is right, the others only shorter).
    let mut tried = 0;
    for s in 0..k {
        if (0..k).any(|j| a[(j + s) % k] != b[j]) {
            continue;
        }
        let mut lifted: Vec<i64> = (0..ki)
            .map(|i| {
                let j = i - s as i64;
                q[j.rem_euclid(ki) as usize] as i64 + n * j.div_euclid(ki)
            })
            .collect();
        let mean = lifted
            .iter()
            .zip(p)
            .map(|(&t, &x)| t - x as i64)
            .sum::<i64>()
            / ki.max(1);
        let turn = (mean as f64 / n as f64).round() as i64;
        let cost_of = |turns: i64| -> i64 {
            lifted
                .iter()
                .zip(p)
                .map(|(&t, &x)| (t - turns * n - x as i64).abs())
                .sum()
        };
        let turns = (turn - 1..=turn + 1)
            .min_by_key(|&t| cost_of(t))
            .expect("three");
        let cost = cost_of(turns);
        lifted.iter_mut().for_each(|t| *t -= turns * n);
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((cost, lifted));
        }
        tried += 1;
        if tried * k > 1 << 22 {
            break;
        }
    }
    best.expect("a reachable pair has a matching shift").1
}

/// Slides token `i` from `p[i]` to `targets[i]` along `cells` (a cycle
/// when `wrap`), each step into a free cell: a token whose next cell is
/// taken waits for the one there, which is never waiting on it.
fn shift(cells: &[Cell], p: &[usize], targets: &[i64], wrap: bool, moves: &mut Vec<Move>) {
    let n = cells.len() as i64;
    let at = |x: i64| -> usize {
        if wrap {
            x.rem_euclid(n) as usize
        } else {
            x as usize
        }
    };
    let mut taken = vec![false; cells.len()];
    let mut pos: Vec<i64> = p.iter().map(|&x| x as i64).collect();
    for &x in p {
        taken[x] = true;
    }
    loop {
        let mut moved = false;
        for i in 0..pos.len() {
            let step = (targets[i] - pos[i]).signum();
            while pos[i] != targets[i] && !taken[at(pos[i] + step)] {
                let (from, to) = (at(pos[i]), at(pos[i] + step));
                moves.push(Move {
                    from: cells[from],
                    to: cells[to],
                });
                budget::spend(1);
                taken[from] = false;
                taken[to] = true;
                pos[i] += step;
                moved = true;
            }
        }
        if !moved {
            debug_assert!(
                pos == targets,
                "tokens on a line never block each other for good"
            );
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::moves::replay;

    #[test]
    fn paths_and_cycles() {
        let path = Board::graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]).unwrap();
        let line = Line::of(&path, &[0, 1, 2, 3, 4, 5]).unwrap();
        let (a, b) = ([1, 0, 2, 0, 3, 0], [0, 1, 0, 0, 2, 3]);
        replay(&path, &a, &b, &solve_line(&line, &a, &b)).unwrap();
        let ring = Board::graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]).unwrap();
        let line = Line::of(&ring, &[0, 1, 2, 3, 4, 5]).unwrap();
        for (a, b) in [
            ([1, 2, 3, 0, 0, 4], [0, 3, 4, 0, 1, 2]),
            ([1, 1, 2, 0, 0, 0], [0, 2, 0, 1, 0, 1]),
            ([5, 6, 7, 8, 9, 0], [6, 7, 8, 9, 0, 5]),
        ] {
            let moves = solve_line(&line, &a, &b);
            replay(&ring, &a, &b, &moves).unwrap();
        }
    }
}
