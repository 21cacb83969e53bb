//! The decision's reasons in words, on named examples: each invariant
//! says which tokens or cells differ (the oracles check the verdicts).

use npuzzle_core::{Arrangement, Board, Token, reach};

#[test]
fn hdu4021_dead_ends() {
    let board = "hdu4021".parse::<Board>().unwrap();
    let solved: Vec<Token> = (0..24).collect();
    let from = Arrangement::new(solved.clone());
    let mut to = solved.clone();
    to.swap(0, 3); // one move: token 3 slides into dead-end cell 0
    assert!(
        reach(&board, &from, &Arrangement::new(to.clone()))
            .unwrap()
            .is_reachable()
    );
    to.swap(0, 2); // now dead-end cell 0 should hold token 2
    let v = reach(&board, &from, &Arrangement::new(to.clone())).unwrap();
    assert_eq!(
        v.reason().unwrap().to_string(),
        "token 3 is locked on dead-end cell 0"
    );
    // With the blank ending on dead-end cell 1, cell 6 must hold token 1.
    let mut to = solved.clone();
    to[..4].copy_from_slice(&[3, 0, 2, 1]);
    let v = reach(&board, &from, &Arrangement::new(to)).unwrap();
    assert_eq!(
        v.reason().unwrap().to_string(),
        "token 1 is locked on cell 6: 1–6 is a bridge and the blank ends on 1's side"
    );
}

#[test]
fn reasons_name_the_invariant() {
    let check = |spec: &str, from: &str, to: &str, want: &str| {
        let board = spec.parse::<Board>().unwrap();
        let v = reach(&board, &from.parse().unwrap(), &to.parse().unwrap()).unwrap();
        assert_eq!(
            v.reason().map(|r| r.to_string()).unwrap_or_default(),
            want,
            "{spec}"
        );
    };
    check(
        "3x3",
        "2 1 3/4 5 6/7 8 0",
        "1 2 3/4 5 6/7 8 0",
        "permutation parity odd, blank distance 0 (even)",
    );
    check(
        "mask:###/#.#/###",
        "0 1 2 3 4 5 6 7",
        "0 2 1 3 4 5 6 7",
        "cyclic order differs on the cycle through cells 0, 3, 5, 6, 7, 4, 2, 1",
    );
    check(
        "graph:4:0-1,2-3",
        "0 1 2 3",
        "1 0 3 2",
        "cell 2 is out of the blank's reach and holds 2 in from but 3 in to",
    );
    check(
        "graph:4:0-1,2-3",
        "0 1 2 3",
        "1 2 0 3",
        "the blank cannot get from cell 0 to cell 2: they are in different parts of the board",
    );
    check(
        "1x4",
        "1 2 0 3",
        "2 1 3 0",
        "on a path the tiles keep their order: tile 1 along it is 1 in from but 2 in to",
    );
    check(
        "graph:5:0-1,1-2,2-0,2-3,3-4",
        "0 1 2 3 4",
        "0 1 2 4 3",
        "token 4 is locked on dead-end cell 4",
    );
    check(
        "graph:6:0-1,1-2,2-0,2-3,3-4,3-5",
        "0 1 2 3 4 5",
        "0 3 2 1 4 5",
        "token 3 is locked on cell 3: 2–3 is a bridge and the blank ends on 2's side",
    );
    check("graph:5:0-1,1-2,2-0,2-3,3-4", "0 1 2 3 4", "0 2 1 3 4", "");
    check(
        "graph:6:0-2,0-3,0-4,1-2,1-3,1-4,0-5",
        "0 1 2 3 4 5",
        "0 1 3 2 4 5",
        "the tokens of the bipartite block of cells {1, 2, 3, 4} would need an odd permutation; with the blank back in place it allows only even ones",
    );
}
