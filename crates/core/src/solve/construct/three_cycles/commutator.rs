//! Finding one 3-cycle among the walks' products: commutators of powers
//! of two walks, then of a small element and its conjugate.

use std::collections::VecDeque;

use super::word::Word;

/// A 3-cycle and a word making it.
pub(super) struct ThreeCycle {
    pub(super) word: Word,
    /// The cycle: the token on `cycle[0]` goes to `cycle[1]`, and so on.
    pub(super) cycle: [usize; 3],
}

/// A 3-cycle made from the walks. First an element X that moves few
/// tokens: a commutator of powers of two walks (these are mostly two
/// transpositions, or two 3-cycles). Then a conjugate Y of X (the same
/// shape on other cells) whose cells meet X's in one cell: the commutator
/// of X and Y moves only cells near that one, and for two double
/// transpositions meeting in one cell it is a 3-cycle. Conjugates are
/// tried breadth first over products of walks.
pub(super) fn three_cycle(words: &[Word], home: usize, m: usize) -> Option<ThreeCycle> {
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
