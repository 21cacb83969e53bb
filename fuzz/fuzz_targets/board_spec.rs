//! Board specs: any text parses to a board or a clear error, and a board
//! written back as a spec parses to the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_core::Board;

fuzz_target!(|text: &str| {
    if let Ok(board) = text.parse::<Board>() {
        let again: Board = board.to_string().parse().expect("a written spec parses");
        assert_eq!(again.cell_count(), board.cell_count());
        assert_eq!(again.box_dims(), board.box_dims());
        // Every edge only on boards of up to a million cells: a box's
        // adjacency is made when first asked for, and on the largest boxes
        // the two of them take gigabytes.
        if board.cell_count() <= 1 << 20 {
            assert!(again.edges().eq(board.edges()));
        }
    }
});
