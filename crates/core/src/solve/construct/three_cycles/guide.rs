//! Which product of walks carries any three tokens onto the 3-cycle's
//! cells: one breadth-first search over triples of cells, done once.

use std::collections::VecDeque;

use super::word::Word;

/// For every triple of distinct cells (home left out), the first walk of
/// a shortest product of walks carrying the tokens on them onto the
/// 3-cycle's cells, in order: a breadth-first search backwards from those.
pub(super) struct TripleGuide {
    m: usize,
    /// The first walk's index, `u8::MAX` where none.
    first: Vec<u8>,
    dist: Vec<u16>,
    perms: Vec<Vec<usize>>,
    goal: [usize; 3],
}

impl TripleGuide {
    pub(super) fn new(words: &[Word], goal: &[usize; 3], home: usize, m: usize) -> Self {
        let index = |t: [usize; 3]| (t[0] * m + t[1]) * m + t[2];
        let inverse: Vec<Vec<usize>> = words
            .iter()
            .map(|w| {
                let mut inv = vec![0; m];
                for (c, &to) in w.perm.iter().enumerate() {
                    inv[to] = c;
                }
                inv
            })
            .collect();
        let mut first = vec![u8::MAX; m * m * m];
        let mut dist = vec![u16::MAX; m * m * m];
        dist[index(*goal)] = 0;
        let mut queue = VecDeque::from([*goal]);
        while let Some(s) = queue.pop_front() {
            let d = dist[index(s)];
            for (g, inv) in inverse.iter().enumerate() {
                let t = [inv[s[0]], inv[s[1]], inv[s[2]]];
                if t.contains(&home) || dist[index(t)] != u16::MAX {
                    continue;
                }
                // Depths stay far below 2^16 (about m walks at most).
                dist[index(t)] = d.saturating_add(1);
                first[index(t)] = g as u8;
                queue.push_back(t);
            }
        }
        Self {
            m,
            first,
            dist,
            perms: words.iter().map(|w| w.perm.clone()).collect(),
            goal: *goal,
        }
    }

    pub(super) fn index(&self, x: usize, y: usize, z: usize) -> usize {
        (x * self.m + y) * self.m + z
    }

    pub(super) fn distance(&self, x: usize, y: usize, z: usize) -> u16 {
        self.dist[self.index(x, y, z)]
    }

    /// The walks (indices) carrying the tokens on x, y, z onto the goal.
    pub(super) fn word(&self, x: usize, y: usize, z: usize) -> Option<Vec<usize>> {
        let mut t = [x, y, z];
        let mut word = Vec::new();
        while t != self.goal {
            let g = self.first[self.index(t[0], t[1], t[2])];
            if g == u8::MAX {
                return None;
            }
            let p = &self.perms[g as usize];
            t = [p[t[0]], p[t[1]], p[t[2]]];
            word.push(g as usize);
        }
        Some(word)
    }
}
