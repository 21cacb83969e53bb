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

use std::collections::VecDeque;

use crate::arrangement::{BLANK, Token};
use crate::graph::{LocalCell, LocalGraph};
use crate::parity::permutation_parity;
use crate::solve::error::Limit;

/// Regions larger than this are not sorted (the search over triples of
/// cells holds m³ entries of three bytes: 192 MB at this size; a ring of
/// 400 cells with a short chord then takes 42 M moves, held in memory).
pub const MAX_SORTED: usize = 400;

/// A closed walk of the blank from home: the cells it moves to, the last
/// being home; and the permutation it makes (`perm[c]`: where the token on
/// `c` ends).
#[derive(Clone)]
struct Word {
    walk: Vec<usize>,
    perm: Vec<usize>,
}

impl Word {
    fn new(walk: Vec<usize>, home: usize, m: usize) -> Word {
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
        Word { walk, perm }
    }

    /// The walk back: the same cells in reverse, ending at home.
    fn inverse(&self, home: usize) -> Word {
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
        Word { walk, perm }
    }

    /// This word, then `next`.
    fn then(&self, next: &Word) -> Word {
        let mut walk = self.walk.clone();
        walk.extend_from_slice(&next.walk);
        let perm = self.perm.iter().map(|&c| next.perm[c]).collect();
        Word { walk, perm }
    }

    fn power(&self, k: usize, home: usize) -> Word {
        let mut w = Word::new(Vec::new(), home, self.perm.len());
        for _ in 0..k {
            w = w.then(self);
        }
        w
    }
}

/// The blank's walk (the cells it moves to, in order, ending on `home`)
/// that takes `tokens` to `goal` on `graph` (both in local order, with
/// the blank on `home`), or why it cannot be found this way.
pub fn sort_by_three_cycles(
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

/// The closed walks from home round each fundamental cycle, then their
/// inverses (walk `g`'s is `g + len / 2`).
fn walk_words(graph: &LocalGraph, home: usize) -> Vec<Word> {
    let m = graph.len();
    let mut words: Vec<Word> = fundamental_walks(graph, home)
        .into_iter()
        .map(|walk| Word::new(walk, home, m))
        .collect();
    let inverses: Vec<Word> = words.iter().map(|w| w.inverse(home)).collect();
    words.extend(inverses);
    words
}

/// For each cell, a goal cell of the same token (equal tokens in cell
/// order); the blank's is home.
fn targets(tokens: &[Token], goal: &[Token], home: usize) -> Result<Vec<usize>, Limit> {
    let mut cells_of: std::collections::HashMap<Token, VecDeque<usize>> = Default::default();
    for (c, &t) in goal.iter().enumerate() {
        if c != home {
            cells_of.entry(t).or_default().push_back(c);
        }
    }
    (0..tokens.len())
        .map(|c| {
            if c == home {
                return Ok(home);
            }
            cells_of
                .get_mut(&tokens[c])
                .and_then(VecDeque::pop_front)
                .ok_or(Limit::Cornered(
                    "the region holds other tokens than its goal",
                ))
        })
        .collect()
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
    let perm: Vec<u32> = perm.iter().map(|&c| c as u32).collect();
    permutation_parity(&perm).expect("a permutation")
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

/// A 3-cycle and a word making it.
struct ThreeCycle {
    word: Word,
    /// The cycle: the token on `cycle[0]` goes to `cycle[1]`, and so on.
    cycle: [usize; 3],
}

/// A 3-cycle made from the walks. First an element X that moves few
/// tokens: a commutator of powers of two walks (these are mostly two
/// transpositions, or two 3-cycles). Then a conjugate Y of X (the same
/// shape on other cells) whose cells meet X's in one cell: the commutator
/// of X and Y moves only cells near that one, and for two double
/// transpositions meeting in one cell it is a 3-cycle. Conjugates are
/// tried breadth first over products of walks.
fn three_cycle(words: &[Word], home: usize, m: usize) -> Option<ThreeCycle> {
    let moved = |w: &Word| (0..m).filter(|&c| w.perm[c] != c).count();
    let mut small: Option<Word> = None;
    // The first half are the walks, the second their inverses; a cycle
    // (one walk) has no 3-cycle.
    let half = words.len() / 2;
    if half < 2 {
        return None;
    }
    for a in 0..half {
        for b in (0..words.len()).filter(|&b| b % half != a) {
            for i in 1..=m.min(8) {
                let gi = words[a].power(i, home);
                for j in 1..=m.min(8) {
                    let hj = words[b].power(j, home);
                    let x = gi.then(&hj).then(&gi.inverse(home)).then(&hj.inverse(home));
                    if let Some(t) = purified(&x, home) {
                        return Some(t);
                    }
                    let k = moved(&x);
                    if k > 0 && small.as_ref().is_none_or(|s| k < moved(s)) {
                        small = Some(x);
                    }
                }
            }
        }
    }
    let x = small?;
    let support: Vec<usize> = (0..m).filter(|&c| x.perm[c] != c).collect();
    // Breadth first over the images of X's cells under products of walks.
    let mut seen = std::collections::HashSet::new();
    seen.insert(support.clone());
    let mut queue = VecDeque::from([(support.clone(), Vec::<usize>::new())]);
    while let Some((image, word)) = queue.pop_front() {
        let shared = image.iter().filter(|c| support.contains(c)).count();
        if shared == 1 {
            let carry = word
                .iter()
                .fold(Word::new(Vec::new(), home, m), |w, &g| w.then(&words[g]));
            // Y: carry back, X, carry: X's shape on `image`.
            let y = carry.inverse(home).then(&x).then(&carry);
            let c = x.then(&y).then(&x.inverse(home)).then(&y.inverse(home));
            if let Some(t) = purified(&c, home) {
                return Some(t);
            }
        }
        if seen.len() > 100_000 {
            break;
        }
        for (g, w) in words.iter().enumerate() {
            let mut next: Vec<usize> = image.iter().map(|&c| w.perm[c]).collect();
            next.sort_unstable();
            if seen.insert(next.clone()) {
                let mut longer = word.clone();
                longer.push(g);
                queue.push_back((next, longer));
            }
        }
    }
    None
}

/// `w` raised to the power that leaves one 3-cycle, if its cycles are one
/// 3-cycle and others of lengths prime to 3.
fn purified(w: &Word, home: usize) -> Option<ThreeCycle> {
    let m = w.perm.len();
    let mut seen = vec![false; m];
    let mut three = None;
    let mut power = 1usize;
    for s in 0..m {
        if seen[s] {
            continue;
        }
        let mut cycle = Vec::new();
        let mut c = s;
        while !seen[c] {
            seen[c] = true;
            cycle.push(c);
            c = w.perm[c];
        }
        match cycle.len() {
            1 => {}
            3 if three.is_none() => three = Some([cycle[0], cycle[1], cycle[2]]),
            len if len % 3 == 0 => return None,
            len => power = lcm(power, len),
        }
    }
    let cycle = three?;
    if power > m {
        return None;
    }
    let word = w.power(power, home);
    // A power prime to 3 of a 3-cycle is the cycle or its inverse.
    let cycle = if word.perm[cycle[0]] == cycle[1] {
        cycle
    } else {
        [cycle[0], cycle[2], cycle[1]]
    };
    Some(ThreeCycle { word, cycle })
}

fn lcm(a: usize, b: usize) -> usize {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// For every triple of distinct cells (home left out), the first walk of
/// a shortest product of walks carrying the tokens on them onto the
/// 3-cycle's cells, in order: a breadth-first search backwards from those.
struct TripleGuide {
    m: usize,
    /// The first walk's index, `u8::MAX` where none.
    first: Vec<u8>,
    dist: Vec<u16>,
    perms: Vec<Vec<usize>>,
    goal: [usize; 3],
}

impl TripleGuide {
    fn new(words: &[Word], goal: &[usize; 3], home: usize, m: usize) -> TripleGuide {
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
        TripleGuide {
            m,
            first,
            dist,
            perms: words.iter().map(|w| w.perm.clone()).collect(),
            goal: *goal,
        }
    }

    fn index(&self, x: usize, y: usize, z: usize) -> usize {
        (x * self.m + y) * self.m + z
    }

    fn distance(&self, x: usize, y: usize, z: usize) -> u16 {
        self.dist[self.index(x, y, z)]
    }

    /// The walks (indices) carrying the tokens on x, y, z onto the goal.
    fn word(&self, x: usize, y: usize, z: usize) -> Option<Vec<usize>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// θ(a, b, c): two cells joined by paths with a, b, c cells between.
    fn theta(a: usize, b: usize, c: usize) -> LocalGraph {
        let n = 2 + a + b + c;
        let mut edges = Vec::new();
        let mut next = 2;
        for len in [a, b, c] {
            let mut prev = 0;
            for _ in 0..len {
                edges.push((prev, next));
                prev = next;
                next += 1;
            }
            edges.push((prev, 1));
        }
        LocalGraph::from_edges(n, &edges)
    }

    fn replay(graph: &LocalGraph, tokens: &[Token], walk: &[LocalCell]) -> Vec<Token> {
        let mut t = tokens.to_vec();
        let mut blank = LocalCell::ENTRY;
        for &c in walk {
            assert!(
                graph.neighbours(blank).contains(&c),
                "a move between neighbours"
            );
            t.swap(c.index(), blank.index());
            blank = c;
        }
        assert_eq!(blank, LocalCell::ENTRY);
        t
    }

    #[test]
    fn sorts_theta_graphs_of_both_kinds() {
        // θ(3, 4, 5) has an odd cycle: every arrangement, the odd ones
        // (two tokens swapped) too; θ(3, 5, 7) is bipartite: the even
        // ones (16 tokens turned by two: two cycles of 8).
        for (graph, swap, turn) in [(theta(3, 4, 5), true, 5), (theta(3, 5, 7), false, 2)] {
            let m = graph.len();
            let goal: Vec<Token> = (0..m as Token).collect();
            let mut tokens = goal.clone();
            tokens[1..].rotate_left(turn);
            if swap {
                tokens.swap(1, 2);
            }
            let walk = sort_by_three_cycles(&graph, LocalCell::ENTRY, &tokens, &goal).unwrap();
            assert_eq!(replay(&graph, &tokens, &walk), goal);
        }
    }

    #[test]
    fn the_odd_permutation_on_a_bipartite_graph_is_refused() {
        let graph = theta(3, 5, 7);
        let m = graph.len();
        let goal: Vec<Token> = (0..m as Token).collect();
        let mut tokens = goal.clone();
        tokens.swap(1, 2);
        assert_eq!(
            sort_by_three_cycles(&graph, LocalCell::ENTRY, &tokens, &goal),
            Err(Limit::OddPermutation)
        );
    }

    #[test]
    fn regions_too_large_are_refused() {
        let n = MAX_SORTED + 1;
        let edges: Vec<(u32, u32)> = (0..n as u32).map(|i| (i, (i + 1) % n as u32)).collect();
        let graph = LocalGraph::from_edges(n, &edges);
        let tokens: Vec<Token> = (0..n as Token).collect();
        assert_eq!(
            sort_by_three_cycles(&graph, LocalCell::ENTRY, &tokens, &tokens),
            Err(Limit::RegionTooLarge {
                cells: n,
                max: MAX_SORTED
            })
        );
    }
}
