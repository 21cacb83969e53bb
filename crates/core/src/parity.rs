//! Permutation parity by cycle counting, the invariant behind every
//! parity verdict (the decision on boxes and bipartite blocks, the judge
//! formats, the matching of repeated tokens by the solvers).

/// Why a sequence is not a permutation of `0..len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NotPermutation {
    /// A value is `len` or more.
    OutOfRange(u32),
    /// A value appears twice.
    Repeated(u32),
}

/// The parity of a permutation of `0..len` (true: odd), by cycle
/// counting: O(N), no sorting. Says why when `p` is not a permutation.
///
/// Following a cycle is a chain of dependent random reads, so several
/// walks are interleaved to keep many reads in flight. Each walk stops
/// on the first cell already seen, which is always the start of another
/// walk (or of itself) when `p` is a permutation; the walks then form a
/// small permutation of their own, whose cycles are those of `p`.
pub(crate) fn permutation_parity(p: &[u32]) -> Result<bool, NotPermutation> {
    const LANES: usize = 8;
    let n = p.len();
    if let Some(v) = out_of_range(p) {
        return Err(NotPermutation::OutOfRange(v));
    }
    if n <= 64 {
        return small_parity(p);
    }
    let mut seen = vec![0u64; n.div_ceil(64)];
    // Walk w starts on starts[w] (increasing) and ends where it meets
    // ends[w], a cell seen before.
    let mut starts: Vec<u32> = Vec::new();
    let mut ends: Vec<u32> = Vec::new();
    let mut scan = 0usize;
    let mut start_walk = |seen: &mut [u64], starts: &mut Vec<u32>, ends: &mut Vec<u32>| {
        while scan < n {
            let word = !seen[scan >> 6] >> (scan & 63);
            if word == 0 {
                scan = (scan | 63) + 1;
                continue;
            }
            let s = scan + word.trailing_zeros() as usize;
            if s >= n {
                break;
            }
            seen[s >> 6] |= 1 << (s & 63);
            starts.push(s as u32);
            ends.push(u32::MAX);
            return Some((s, starts.len() - 1));
        }
        None
    };
    // Each lane: the cell it stands on and its walk; `u32::MAX` when idle.
    // An idle lane stands where its next step is a cell seen (when no walk
    // is left to start, every cell is seen).
    let mut cell = [0u32; LANES];
    let mut walk = [u32::MAX; LANES];
    let mut active = 0;
    for lane in 0..LANES {
        if let Some((s, w)) = start_walk(&mut seen, &mut starts, &mut ends) {
            (cell[lane], walk[lane]) = (s as u32, w as u32);
            active += 1;
        }
    }
    while active > 0 {
        // One step of every lane, the body small enough to be unrolled
        // with the lanes in registers; walks that end are seen to after.
        let mut ended = 0u32;
        for lane in 0..LANES {
            let next = p[cell[lane] as usize] as usize;
            let (word, bit) = (seen[next >> 6], 1u64 << (next & 63));
            if word & bit != 0 {
                ended |= 1 << lane;
            } else {
                seen[next >> 6] = word | bit;
                cell[lane] = next as u32;
            }
        }
        while ended != 0 {
            let lane = ended.trailing_zeros() as usize;
            ended &= ended - 1;
            if walk[lane] == u32::MAX {
                continue;
            }
            ends[walk[lane] as usize] = p[cell[lane] as usize];
            match start_walk(&mut seen, &mut starts, &mut ends) {
                Some((s, w)) => (cell[lane], walk[lane]) = (s as u32, w as u32),
                None => {
                    walk[lane] = u32::MAX;
                    active -= 1;
                }
            }
        }
    }
    let cycles = walk_cycles(&starts, &ends)?;
    Ok((n - cycles) % 2 == 1)
}

/// [`permutation_parity`] of at most 64 values, all in range: one walk
/// at a time with the cells seen in a word, nothing allocated (the
/// judges' many small grids, whose cost was mostly the big path's
/// buffers).
fn small_parity(p: &[u32]) -> Result<bool, NotPermutation> {
    debug_assert!(p.len() <= 64);
    let mut seen = 0u64;
    let mut cycles = 0usize;
    for start in 0..p.len() {
        if seen >> start & 1 == 1 {
            continue;
        }
        cycles += 1;
        let mut cell = start;
        loop {
            seen |= 1 << cell;
            cell = p[cell] as usize;
            if cell == start {
                break;
            }
            // A cell reached twice (not closing its cycle) is a value
            // that appears twice.
            if seen >> cell & 1 == 1 {
                return Err(NotPermutation::Repeated(cell as u32));
            }
        }
    }
    Ok((p.len() - cycles) % 2 == 1)
}

/// A value of `p` that is `p.len()` or more, if any: a max (which
/// vectorizes) first, the offending value only if needed.
fn out_of_range(p: &[u32]) -> Option<u32> {
    let n = p.len();
    if p.iter().fold(0, |m, &v| m.max(v)) as usize >= n.max(1) && !p.is_empty() {
        p.iter().copied().find(|&v| v as usize >= n)
    } else {
        None
    }
}

/// The number of cycles of the permutation the walks make, walk `w`
/// going on to the walk that starts on `ends[w]` (`starts` increasing);
/// the cell where two walks end when they do not make one.
fn walk_cycles(starts: &[u32], ends: &[u32]) -> Result<usize, NotPermutation> {
    let mut successor = vec![0u32; starts.len()];
    let mut has_predecessor = vec![false; starts.len()];
    for (w, &end) in ends.iter().enumerate() {
        match starts.binary_search(&end) {
            Ok(next) if !has_predecessor[next] => {
                successor[w] = next as u32;
                has_predecessor[next] = true;
            }
            _ => return Err(NotPermutation::Repeated(end)),
        }
    }
    let mut cycles = 0usize;
    for w in 0..starts.len() {
        if has_predecessor[w] {
            cycles += 1;
            let mut x = w;
            while has_predecessor[x] {
                has_predecessor[x] = false;
                x = successor[x] as usize;
            }
        }
    }
    Ok(cycles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parity_by_cycles() {
        assert_eq!(permutation_parity(&[]), Ok(false));
        assert_eq!(permutation_parity(&[0, 2, 1, 3]), Ok(true));
        assert_eq!(permutation_parity(&[3, 0, 1, 2]), Ok(true));
        assert_eq!(
            permutation_parity(&[0, 5, 1]),
            Err(NotPermutation::OutOfRange(5))
        );
        assert_eq!(
            permutation_parity(&[2, 2, 1]),
            Err(NotPermutation::Repeated(2))
        );
    }

    /// Parity by counting inversions, the slow and obvious way.
    fn inversion_parity(p: &[u32]) -> bool {
        let mut odd = false;
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                odd ^= p[i] > p[j];
            }
        }
        odd
    }

    proptest::proptest! {
        #[test]
        fn parity_matches_inversions(seed in proptest::collection::vec(0usize..10_000, 0..300)) {
            let n = seed.len();
            let mut p: Vec<u32> = (0..n as u32).collect();
            for i in (1..n).rev() {
                p.swap(i, seed[i] % (i + 1));
            }
            proptest::prop_assert_eq!(permutation_parity(&p), Ok(inversion_parity(&p)));
            // Any non-permutation is refused.
            if n >= 2 {
                let mut q = p.clone();
                q[seed[0] % n] = q[(seed[0] + 1) % n];
                proptest::prop_assert!(permutation_parity(&q).is_err());
            }
        }
    }
}

#[cfg(test)]
mod examples {
    use super::*;

    #[test]
    fn permutation_parity_example() {
        assert_eq!(permutation_parity(&[1, 0, 2]), Ok(true));
        assert_eq!(permutation_parity(&[1, 2, 0]), Ok(false));
        assert!(permutation_parity(&[1, 1, 0]).is_err());
    }
}
