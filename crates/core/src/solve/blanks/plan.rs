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
//! then made real by carrying blanks (`work`): one to `q`, then from
//! branch to branch of `q` until the split is the one planned.

use std::collections::HashMap;

use super::shape::Shape;
use super::work::{Work, walk_up};
use crate::arrangement::BLANK;
use crate::board::Cell;

/// The most states a plan may look at.
const MAX_STATES: usize = 400_000;

/// The most ways to split the blanks among branches tried per step.
const MAX_SPLITS: usize = 256;

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
/// within its bounds.
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
    let mut states: Vec<(State, usize)> = vec![((start, first.clone()), usize::MAX)];
    let mut seen: HashMap<State, ()> = HashMap::from([((start, first), ())]);
    let mut sizes_of: HashMap<Cell, Vec<usize>> = HashMap::new();
    let mut i = 0;
    while i < states.len() && states.len() < MAX_STATES {
        let ((p, f), _) = states[i].clone();
        if p == target {
            return Some(steps_to(&states, i));
        }
        let here = sizes_of.entry(p).or_insert_with(|| shape.sizes(p)).clone();
        for q in shape.neighbours(p) {
            let b = shape.branch_of(p, q);
            if f[b] == 0 {
                continue;
            }
            let sizes = sizes_of.entry(q).or_insert_with(|| shape.sizes(q));
            let back = shape.branch_of(q, p);
            for split in splits(sizes, back, here[b], f[b] as usize - 1, m) {
                let key = (q, split);
                if !seen.contains_key(&key) {
                    seen.insert(key.clone(), ());
                    states.push((key, i));
                }
            }
        }
        i += 1;
    }
    None
}

/// The steps leading to state `i`.
fn steps_to(states: &[(State, usize)], mut i: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    while states[i].1 != usize::MAX {
        let ((to, split), parent) = &states[i];
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
/// At most [`MAX_SPLITS`].
fn splits(sizes: &[usize], back: usize, side: usize, inner: usize, m: usize) -> Vec<Vec<u16>> {
    let others: Vec<usize> = (0..sizes.len()).filter(|&i| i != back).collect();
    let room: usize = others.iter().map(|&i| sizes[i]).sum();
    let rest = side - 1 - room;
    let mut out = Vec::new();
    for s in inner.saturating_sub(rest)..=inner.min(room) {
        let mut split = vec![0u16; sizes.len()];
        split[back] = (m - s) as u16;
        fill(sizes, &others, 0, s, &mut split, &mut out);
    }
    out
}

fn fill(
    sizes: &[usize],
    others: &[usize],
    k: usize,
    left: usize,
    split: &mut Vec<u16>,
    out: &mut Vec<Vec<u16>>,
) {
    if out.len() >= MAX_SPLITS {
        return;
    }
    let Some(&i) = others.get(k) else {
        if left == 0 {
            out.push(split.clone());
        }
        return;
    };
    let room: usize = others[k + 1..].iter().map(|&j| sizes[j]).sum();
    let lo = left.saturating_sub(room);
    let hi = left.min(sizes[i]);
    for x in lo..=hi {
        split[i] = x as u16;
        fill(sizes, others, k + 1, left - x, split, out);
    }
    split[i] = 0;
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
        // besides q's, 4 live.
        let all = splits(&[5, 1, 2], 0, 5, 2, 4);
        assert_eq!(
            all,
            vec![vec![3, 0, 1], vec![3, 1, 0], vec![2, 0, 2], vec![2, 1, 1]]
        );
    }
}
