//! Walking one token to a cell while the others, taken as tokens without
//! names, make room: the planner behind `peel`.
//!
//! With the token on cell `p`, the other tokens can take any places on
//! each branch of the live cells without `p` (unnamed tokens on a
//! connected graph reach every placement), so a state is `p` and the
//! number of blanks on each branch (the state graph of the decision's
//! `classes`). The token steps to a neighbour `q` when `q`'s branch has a
//! blank; the blanks of that branch, but the one moved to `q`, then lie
//! on the branches of `q` inside it, split as the planner chooses. A
//! breadth-first search over these states finds a walk; each step is
//! then made real by carrying blanks (`solving`): one to `q`, then from
//! branch to branch of `q` until the split is the one planned.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::shape::Shape;
use super::solving::{Work, walk_up};
use crate::arrangement::BLANK;
use crate::board::Cell;

/// The most states a plan may look at.
const MAX_PLAN_STATES: usize = 400_000;

/// The most ways to split the blanks among branches tried per step.
const MAX_SPLITS: usize = 16;

/// One step of a plan: the token goes to `to`, and the blanks are split
/// among `to`'s branches (in [`Shape::branches`] order) as in `split`.
#[derive(Clone, Debug)]
pub(super) struct Step {
    pub to: Cell,
    pub split: Vec<u16>,
}

type State = (Cell, Vec<u16>);

/// A walk of the token on `start` to `target`, with `m` blanks live, from
/// the split of blanks `tokens` has; `None` when the search finds none
/// within its bounds. The search is A*, by the token's distance to
/// `target`, and the splits that put the most blanks towards `target`
/// are looked at first.
pub(super) fn plan(
    shape: &Shape,
    work: &Work,
    start: Cell,
    target: Cell,
    m: usize,
) -> Option<Vec<Step>> {
    let first: Vec<u16> = shape
        .blanks(start, &work.tokens)
        .into_iter()
        .map(|b| b as u16)
        .collect();
    let dist = distances(shape, work, target);
    let mut states: Vec<(State, usize, u32)> = vec![((start, first.clone()), usize::MAX, 0)];
    let mut seen: HashMap<State, ()> = HashMap::from([((start, first), ())]);
    let mut open = BinaryHeap::from([Reverse((dist[start as usize], 0usize))]);
    while let Some(Reverse((_, i))) = open.pop() {
        if states.len() >= MAX_PLAN_STATES {
            break;
        }
        let ((p, f), _, g) = states[i].clone();
        if p == target {
            return Some(steps_to(&states, i));
        }
        for q in shape.neighbours(p) {
            let b = shape.branch_of(p, q);
            if f[b] == 0 {
                continue;
            }
            let back = shape.branch_of(q, p);
            let towards = (q != target).then(|| shape.branch_of(q, target));
            let side = shape.sizes(p)[b];
            let options = splits(shape.sizes(q), back, side, f[b] as usize - 1, m, towards);
            for split in options {
                let key = (q, split);
                if !seen.contains_key(&key) {
                    seen.insert(key.clone(), ());
                    states.push((key, i, g + 1));
                    open.push(Reverse((g + 1 + dist[q as usize], states.len() - 1)));
                }
            }
        }
    }
    None
}

/// Breadth-first distances to `target` through live cells.
fn distances(shape: &Shape, work: &Work, target: Cell) -> Vec<u32> {
    let mut dist = vec![u32::MAX; work.tokens.len()];
    dist[target as usize] = 0;
    let mut queue = std::collections::VecDeque::from([target]);
    while let Some(v) = queue.pop_front() {
        for w in shape.neighbours(v) {
            if dist[w as usize] == u32::MAX {
                dist[w as usize] = dist[v as usize] + 1;
                queue.push_back(w);
            }
        }
    }
    dist
}

/// The steps leading to state `i`.
fn steps_to(states: &[(State, usize, u32)], mut i: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    while states[i].1 != usize::MAX {
        let ((to, split), parent, _) = &states[i];
        steps.push(Step {
            to: *to,
            split: split.clone(),
        });
        i = *parent;
    }
    steps.reverse();
    steps
}

/// The splits of the blanks among the branches of `q` after the token
/// stepped from `p` to `q`: `q`'s branches are `sizes` big, `back` the
/// one holding `p`; `p`'s branch that held `q` was `side` cells big and
/// keeps `inner` blanks besides `q`. The branches of `q` other than
/// `back` lie inside that side and share any number of its blanks; the
/// rest of the side belongs to `back`, which holds all the other blanks.
///
/// Not all of them: with many blanks and branches there are too many.
/// The most blanks ahead of the token first, and of those the most in
/// branch `towards` (where the token is going); the others filled up in
/// branch order, in reverse order, and evenly. At most [`MAX_SPLITS`].
fn splits(
    sizes: &[usize],
    back: usize,
    side: usize,
    inner: usize,
    m: usize,
    towards: Option<usize>,
) -> Vec<Vec<u16>> {
    let others: Vec<usize> = (0..sizes.len()).filter(|&i| i != back).collect();
    let room: usize = others.iter().map(|&i| sizes[i]).sum();
    let rest = side - 1 - room;
    let ahead = towards.filter(|&t| t != back);
    let mut out: Vec<Vec<u16>> = Vec::new();
    for s in (inner.saturating_sub(rest)..=inner.min(room)).rev() {
        let (lo, hi) = match ahead {
            Some(t) => (s.saturating_sub(room - sizes[t]), s.min(sizes[t])),
            None => (0, 0),
        };
        for x in (lo..=hi).rev() {
            let mut base = vec![0u16; sizes.len()];
            base[back] = (m - s) as u16;
            let free: Vec<usize> = others
                .iter()
                .copied()
                .filter(|&i| Some(i) != ahead)
                .collect();
            if let Some(t) = ahead {
                base[t] = x as u16;
            }
            for way in [Fill::InOrder, Fill::Reversed, Fill::Evenly] {
                let split = spread(sizes, &free, s - x, base.clone(), way);
                // The same split in another way comes right after it.
                if out.last() != Some(&split) && (out.len() < 2 || out[out.len() - 2] != split) {
                    out.push(split);
                }
            }
            if out.len() >= MAX_SPLITS {
                return out;
            }
        }
    }
    out
}

/// How [`spread`] fills branches.
#[derive(Clone, Copy)]
enum Fill {
    InOrder,
    Reversed,
    Evenly,
}

/// `split` with `count` more blanks put on the branches `free` (each at
/// most its size), in the order `way` says.
fn spread(
    sizes: &[usize],
    free: &[usize],
    mut count: usize,
    mut split: Vec<u16>,
    way: Fill,
) -> Vec<u16> {
    let order: Vec<usize> = match way {
        Fill::Reversed => free.iter().rev().copied().collect(),
        _ => free.to_vec(),
    };
    while count > 0 {
        let before = count;
        for &i in &order {
            let take = match way {
                Fill::Evenly => 1,
                _ => count,
            };
            let take = take.min(count).min(sizes[i] - split[i] as usize);
            split[i] += take as u16;
            count -= take;
        }
        debug_assert!(count < before, "the blanks fit the branches");
        if count == before {
            break;
        }
    }
    split
}

/// Makes the steps of a plan real, from the token on `start`.
pub(super) fn realize(work: &mut Work, shape: &Shape, start: Cell, steps: &[Step]) {
    let mut p = start;
    for step in steps {
        let q = step.to;
        let side = shape.branch_containing(p, q);
        let in_side = |c: Cell| shape.is_live(c) && c != p && shape.branch_containing(p, c) == side;
        let cleared = work.clear(q, in_side);
        debug_assert!(cleared, "the plan puts a blank on q's side");
        share_out(work, shape, p, q, &step.split, &in_side);
        work.slide(p, q);
        p = q;
    }
}

/// Moves blanks between the branches of `q` on `p`'s far side (cells
/// where `in_side` holds; the part of `q`'s branch back to `p` that lies
/// there counts as one more), through the blank on `q`, until each of
/// `q`'s other branches holds as many as `split` says.
fn share_out(
    work: &mut Work,
    shape: &Shape,
    p: Cell,
    q: Cell,
    split: &[u16],
    in_side: &impl Fn(Cell) -> bool,
) {
    let branches = shape.branches(q);
    let back = shape.branch_of(q, p);
    let parent = work.search(q, in_side);
    let side: Vec<Cell> = (0..parent.len() as Cell)
        .filter(|&c| c != q && parent[c as usize] != u32::MAX)
        .collect();
    let bucket = |c: Cell| {
        let b = shape.branch_containing(q, c);
        branches.iter().position(|&x| x == b).expect("a branch")
    };
    let mut have = vec![0usize; branches.len()];
    for &c in &side {
        if work.tokens[c as usize] == BLANK {
            have[bucket(c)] += 1;
        }
    }
    let total: usize = have.iter().sum();
    let mut want: Vec<usize> = split.iter().map(|&x| x as usize).collect();
    want[back] = total
        - (0..want.len())
            .filter(|&i| i != back)
            .map(|i| want[i])
            .sum::<usize>();
    loop {
        let surplus = (0..have.len()).find(|&i| have[i] > want[i]);
        let deficit = (0..have.len()).find(|&i| have[i] < want[i]);
        let (Some(s), Some(d)) = (surplus, deficit) else {
            return;
        };
        let parent = work.search(q, in_side);
        let tokens = &work.tokens;
        let x = work
            .nearest(q, &parent, |c| {
                bucket(c) == s && tokens[c as usize] == BLANK
            })
            .expect("a blank in the branch with too many");
        let y = work
            .nearest(q, &parent, |c| {
                bucket(c) == d && tokens[c as usize] != BLANK
            })
            .expect("a token in the branch with too few");
        let mut path = walk_up(&parent, x);
        let mut down = walk_up(&parent, y);
        down.pop(); // q, already the end of `path`
        down.reverse();
        path.extend(down);
        work.carry(&path);
        have[s] -= 1;
        have[d] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_respect_sizes() {
        // q's branches: back (5 cells), 1 cell, 2 cells; p's side was 5
        // cells (q, those 3 and one more cell back towards p), 2 blanks
        // besides q's, 4 live; the token heads into the 2-cell branch.
        let all = splits(&[5, 1, 2], 0, 5, 2, 4, Some(2));
        assert_eq!(
            all,
            vec![vec![2, 0, 2], vec![2, 1, 1], vec![3, 0, 1], vec![3, 1, 0]]
        );
    }
}
