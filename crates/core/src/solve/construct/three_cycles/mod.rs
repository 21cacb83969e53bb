//! Sorting the tokens of a small 2-connected region by 3-cycles, for the
//! regions where peeling one cell or ear at a time corners itself (a long
//! cycle with one chord, a θ-graph, is the usual one).
//!
//! The blank stays on a home cell between steps. Its closed walks from
//! home (one round each fundamental cycle, and back) permute the tokens;
//! a commutator of two of them, raised to a suitable power, is a 3-cycle
//! T. Conjugating T by a product A of walks that carries any three tokens
//! onto T's cells (A, then T, then A undone) cycles those three tokens and
//! puts every other token back where it was. So the cells are set one at
//! a time, each by one conjugated 3-cycle, and the cells already set stay
//! set. The word A comes from a breadth-first search over triples of
//! cells, done once. Moves: O(m³) for m cells (a few times m³ in practice).

use crate::arrangement::{BLANK, Token};
use crate::graph::{LocalCell, LocalGraph};
use crate::parity::permutation_parity;
use crate::reach::match_in_order;
use crate::solve::error::Limit;

mod commutator;
mod guide;
#[cfg(test)]
mod tests;
mod word;

use commutator::three_cycle;
use guide::TripleGuide;
use word::{Word, walk_words};

/// Regions larger than this are not sorted (the search over triples of
/// cells holds m³ entries of three bytes: 192 MB at this size; a ring of
/// 400 cells with a short chord then takes 42 M moves, held in memory).
pub(crate) const MAX_SORTED: usize = 400;

/// The blank's walk (the cells it moves to, in order, ending on `home`)
/// that takes `tokens` to `goal` on `graph` (both in local order, with
/// the blank on `home`), or why it cannot be found this way.
pub(crate) fn sort_by_three_cycles(
    graph: &LocalGraph,
    home: LocalCell,
    tokens: &[Token],
    goal: &[Token],
) -> Result<Vec<LocalCell>, Limit> {
    let m = graph.len();
    if m > MAX_SORTED {
        return Err(Limit::RegionTooLarge {
            cells: m,
            max: MAX_SORTED,
        });
    }
    let home = home.index();
    debug_assert!(tokens[home] == BLANK && goal[home] == BLANK);
    let words = walk_words(graph, home);
    let mut sorter = Sorter {
        home,
        target: targets(tokens, goal, home)?,
        walk: Vec::new(),
    };
    sorter.make_even(tokens, &words)?;
    let three = three_cycle(&words, home, m)
        .ok_or(Limit::Cornered("no 3-cycle among the region's walks"))?;
    let guide = TripleGuide::new(&words, &three.cycle, home, m);
    let order: Vec<usize> = (0..m).filter(|&c| c != home).collect();
    let mut fixed = vec![false; m];
    for &c in &order[..order.len().saturating_sub(2)] {
        let x = (0..m)
            .find(|&p| p != home && sorter.target[p] == c)
            .expect("a token bound for c");
        if x != c {
            let y = (0..m)
                .filter(|&y| y != home && y != x && y != c && !fixed[y])
                .min_by_key(|&y| guide.distance(x, c, y))
                .ok_or(Limit::Cornered("too few cells to cycle three tokens"))?;
            let carry = guide
                .word(x, c, y)
                .ok_or(Limit::Cornered("three tokens cannot be carried"))?;
            sorter.conjugate(&three.word, &carry, &words);
            debug_assert_eq!(sorter.target[c], c);
        }
        fixed[c] = true;
    }
    if (0..m).any(|p| sorter.target[p] != p) {
        return Err(Limit::LastTwoSwapped);
    }
    Ok(sorter.walk.into_iter().map(LocalCell::new).collect())
}

/// Where the tokens are bound as they are sorted, and the walk so far.
struct Sorter {
    home: usize,
    /// `target[c]`: the cell the token on `c` is bound for.
    target: Vec<usize>,
    walk: Vec<usize>,
}

impl Sorter {
    fn apply(&mut self, w: &Word) {
        let mut blank = self.home;
        for &c in &w.walk {
            self.target.swap(c, blank);
            blank = c;
        }
        self.walk.extend_from_slice(&w.walk);
        crate::solve::construct::budget::spend(w.walk.len());
    }

    /// Makes the permutation still to be done even, where it is odd: two
    /// equal tokens swap targets, else one odd walk is made first.
    fn make_even(&mut self, tokens: &[Token], words: &[Word]) -> Result<(), Limit> {
        if !odd(&self.target) {
            return Ok(());
        }
        match equal_pair(tokens, self.home) {
            Some((a, b)) => self.target.swap(a, b),
            None => {
                let w = words
                    .iter()
                    .find(|w| odd(&w.perm))
                    .ok_or(Limit::OddPermutation)?;
                self.apply(w);
            }
        }
        Ok(())
    }

    /// `three` conjugated by the product of the walks `carry` (indices
    /// into `words`): the walks, then `three`, then the walks undone.
    fn conjugate(&mut self, three: &Word, carry: &[usize], words: &[Word]) {
        for &g in carry {
            self.apply(&words[g]);
        }
        self.apply(three);
        // Each walk's inverse is half the list further on.
        let half = words.len() / 2;
        for &g in carry.iter().rev() {
            self.apply(&words[(g + half) % words.len()]);
        }
    }
}

/// For each cell, a goal cell of the same token (equal tokens in cell
/// order); the blank's is home.
fn targets(tokens: &[Token], goal: &[Token], home: usize) -> Result<Vec<usize>, Limit> {
    let cells = || (0..tokens.len()).filter(move |&c| c != home);
    let sources = cells().map(|c| (c, tokens[c]));
    let pairs = match_in_order(sources, cells().map(|c| (c, goal[c]))).ok_or(Limit::Cornered(
        "the region holds other tokens than its goal",
    ))?;
    let mut target = vec![home; tokens.len()];
    for (source, goal_cell) in pairs {
        target[source] = goal_cell;
    }
    Ok(target)
}

/// Two cells (not home) holding equal tokens.
fn equal_pair(tokens: &[Token], home: usize) -> Option<(usize, usize)> {
    let mut first = std::collections::HashMap::new();
    for (c, &t) in tokens.iter().enumerate() {
        if c == home {
            continue;
        }
        if let Some(&a) = first.get(&t) {
            return Some((a, c));
        }
        first.insert(t, c);
    }
    None
}

/// Whether a permutation is odd (the decision's cycle count).
fn odd(perm: &[usize]) -> bool {
    let mut perm: Vec<u32> = perm.iter().map(|&c| c as u32).collect();
    permutation_parity(&mut perm).expect("a permutation")
}
