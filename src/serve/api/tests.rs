//! The API's own helpers: counting moves before expanding them, the
//! cells a reason names.

use super::play::single_moves;
use super::*;

#[test]
fn moves_are_counted_before_they_are_expanded() {
    assert_eq!(single_moves("R3U2LD"), 7);
    assert_eq!(single_moves("r1048576 d"), 1_048_577);
    // Pairs count as moves too, however they are written.
    assert_eq!(single_moves("5-4 8-5"), 2);
    assert_eq!(single_moves("[[7,8],[8,7]]"), 2);
    assert_eq!(single_moves(&"7-8 8-7 ".repeat(500_000)), 1_000_000);
    assert_eq!(single_moves("R2 5-4"), 3);
    assert_eq!(single_moves("R99999999999999999999999"), u64::MAX);
}

#[test]
fn reasons_name_cells() {
    let from: Arrangement = "1 2 0".parse().unwrap();
    let to: Arrangement = "2 1 0".parse().unwrap();
    let cells = named_cells(
        &Reason::Parity {
            permutation_odd: true,
            blank_distance: 0,
        },
        &from,
        &to,
    );
    // Tiles 1 and 2 off their goal cells, and the blank.
    assert_eq!(cells, vec![0, 1, 2]);
    let locked = Reason::Locked {
        token: 1,
        cell: 0,
        bridge_from: Some(1),
    };
    assert_eq!(named_cells(&locked, &from, &to), vec![0, 1]);
}
