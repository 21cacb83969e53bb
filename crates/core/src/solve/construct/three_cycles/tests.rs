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
