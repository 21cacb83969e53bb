//! The parsers under arbitrary input, on stable Rust in every test run
//! (the `fuzz/` targets go deeper with cargo-fuzz): board specs,
//! arrangements, the judges' formats and batches never panic, and what
//! parses is consistent.

use npuzzle_core::formats::jsonl::{self, Mode};
use npuzzle_core::formats::judge::{self, JudgeFormat};
use npuzzle_core::{Arrangement, Board};
use proptest::prelude::*;

/// Text made mostly of the characters specs and arrangements use.
fn spec_like() -> impl Strategy<Value = String> {
    prop::string::string_regex("[0-9x×X:#./, \\-\\n@a-z\\u{1b}\\u{0}\\u{feff}]{0,40}").unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn board_specs_parse_or_refuse(text in spec_like()) {
        if let Ok(board) = text.parse::<Board>() {
            let again: Board = board.to_string().parse().unwrap();
            prop_assert_eq!(again.cell_count(), board.cell_count());
        }
    }

    #[test]
    fn arrangements_parse_or_refuse(text in spec_like(), spec in 0usize..4) {
        let board: Board = ["3x3", "mask:.#/##", "2x2x2", "theta0"][spec].parse().unwrap();
        if let Ok(a) = Arrangement::parse_on(&board, &text, "from") {
            let again: Arrangement = a.to_string().parse().unwrap();
            prop_assert_eq!(again, a);
        }
    }

    #[test]
    fn judges_answer_or_stop_cleanly(bytes in prop::collection::vec(any::<u8>(), 0..200), which in 0usize..4) {
        let format = [JudgeFormat::Odd, JudgeFormat::Mxn, JudgeFormat::Commedia, JudgeFormat::Hdu4021][which];
        let mut out = Vec::new();
        let _ = judge::run(format, std::io::Cursor::new(bytes), &mut out);
    }

    #[test]
    fn batches_answer_every_line(lines in prop::collection::vec(spec_like(), 0..6)) {
        let input: String = lines
            .iter()
            .map(|l| format!("{{\"board\":\"3x3\",\"from\":\"{}\"}}\n", l.escape_default()))
            .collect();
        let mut out = Vec::new();
        let input = std::io::Cursor::new(input.into_bytes());
        let tally = jsonl::run(input, &mut out, Mode::Reach).unwrap();
        let answers = out.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count() as u64;
        prop_assert_eq!(answers, tally.answered);
        prop_assert_eq!(tally.answered, lines.len() as u64);
    }
}

/// Found by the `board_spec` fuzz target: a 13-byte spec of a 15.7-million
/// cell box whose adjacency, made from a list of every edge, passed 2 GB in
/// the target (two boards). It is now made cell by cell: right neighbours,
/// about half the memory.
#[test]
fn a_short_spec_of_a_huge_box_gets_its_neighbours() {
    let board: Board = "44X44x45x45X4".parse().unwrap();
    let strides = [44 * 45 * 45 * 4, 45 * 45 * 4, 45 * 4, 4, 1];
    assert_eq!(board.cell_count(), 44 * strides[0]);
    let corner = board.cell_count() as u32 - 1;
    let mut expected: Vec<u32> = strides.iter().map(|&s| corner - s as u32).collect();
    expected.sort_unstable();
    assert_eq!(board.neighbours(corner), expected.as_slice());
    let inner = (strides.iter().sum::<usize>() * 2) as u32;
    assert_eq!(board.neighbours(inner).len(), 10);
}
