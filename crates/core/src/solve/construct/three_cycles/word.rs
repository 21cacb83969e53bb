//! Closed walks of the blank from its home cell, as words: the cells
//! walked and the permutation of the tokens they make; one walk round
//! each fundamental cycle, and the walks back.

use std::collections::VecDeque;

use crate::graph::{LocalCell, LocalGraph};

/// A closed walk of the blank from home: the cells it moves to, the last
/// being home; and the permutation it makes (`perm[c]`: where the token on
/// `c` ends).
#[derive(Clone)]
pub(super) struct Word {
    pub(super) walk: Vec<usize>,
    pub(super) perm: Vec<usize>,
}

impl Word {
    pub(super) fn new(walk: Vec<usize>, home: usize, m: usize) -> Self {
        // Follow every token: `on[c]` is the token (named by its first
        // cell) now on `c`.
        let mut on: Vec<usize> = (0..m).collect();
        let mut blank = home;
        for &c in &walk {
            on.swap(c, blank);
            blank = c;
        }
        let mut perm = vec![0; m];
        for (c, &t) in on.iter().enumerate() {
            perm[t] = c;
        }
        Self { walk, perm }
    }

    /// The walk back: the same cells in reverse, ending at home.
    pub(super) fn inverse(&self, home: usize) -> Self {
        let k = self.walk.len();
        let mut walk: Vec<usize> = self.walk[..k.saturating_sub(1)]
            .iter()
            .rev()
            .copied()
            .collect();
        walk.push(home);
        let mut perm = vec![0; self.perm.len()];
        for (c, &to) in self.perm.iter().enumerate() {
            perm[to] = c;
        }
        Self { walk, perm }
    }

    /// This word, then `next`.
    pub(super) fn then(&self, next: &Self) -> Self {
        let mut walk = self.walk.clone();
        walk.extend_from_slice(&next.walk);
        let perm = self.perm.iter().map(|&c| next.perm[c]).collect();
        Self { walk, perm }
    }

    pub(super) fn power(&self, k: usize, home: usize) -> Self {
        let mut w = Self::new(Vec::new(), home, self.perm.len());
        for _ in 0..k {
            w = w.then(self);
        }
        w
    }
}

/// The closed walks from home round each fundamental cycle, then their
/// inverses (walk `g`'s is `g + len / 2`).
pub(super) fn walk_words(graph: &LocalGraph, home: usize) -> Vec<Word> {
    let m = graph.len();
    let mut words: Vec<Word> = fundamental_walks(graph, home)
        .into_iter()
        .map(|walk| Word::new(walk, home, m))
        .collect();
    let inverses: Vec<Word> = words.iter().map(|w| w.inverse(home)).collect();
    words.extend(inverses);
    words
}

/// One closed walk from home per edge off a breadth-first tree: down the
/// tree to one end of the edge, across, and up the tree from the other.
fn fundamental_walks(graph: &LocalGraph, home: usize) -> Vec<Vec<usize>> {
    let m = graph.len();
    let adjacent = |v: usize| {
        graph
            .neighbours(LocalCell::new(v))
            .iter()
            .map(|w| w.index())
    };
    let mut parent = vec![usize::MAX; m];
    parent[home] = home;
    let mut queue = VecDeque::from([home]);
    while let Some(v) = queue.pop_front() {
        for w in adjacent(v) {
            if parent[w] == usize::MAX {
                parent[w] = v;
                queue.push_back(w);
            }
        }
    }
    let up = |mut c: usize| {
        let mut path = vec![c];
        while c != home {
            c = parent[c];
            path.push(c);
        }
        path
    };
    let mut walks = Vec::new();
    for u in 0..m {
        for v in adjacent(u) {
            if u < v && parent[u] != v && parent[v] != u {
                let mut walk: Vec<usize> = up(u).into_iter().rev().skip(1).collect();
                walk.extend(up(v));
                walks.push(walk);
            }
        }
    }
    walks
}
