//! Whole state spaces of small boards, for the breadth-first oracles:
//! states packed into a word, and every arrangement of a multiset.

/// A state packed 4 bits per cell (boards of at most 16 cells, tokens < 16).
pub(crate) fn pack(tokens: &[u8]) -> u64 {
    tokens
        .iter()
        .rev()
        .fold(0u64, |acc, &t| (acc << 4) | t as u64)
}

pub(crate) fn unpack(mut code: u64, cells: usize) -> Vec<u8> {
    (0..cells)
        .map(|_| {
            let t = (code & 15) as u8;
            code >>= 4;
            t
        })
        .collect()
}

/// All distinct arrangements of a multiset, by next-permutation.
pub(crate) fn arrangements(tokens: &[u8]) -> Vec<Vec<u8>> {
    let mut a = tokens.to_vec();
    a.sort();
    let mut all = vec![a.clone()];
    loop {
        let Some(i) = (0..a.len().saturating_sub(1))
            .rev()
            .find(|&i| a[i] < a[i + 1])
        else {
            return all;
        };
        let j = (i + 1..a.len()).rev().find(|&j| a[j] > a[i]).unwrap();
        a.swap(i, j);
        a[i + 1..].reverse();
        all.push(a.clone());
    }
}
