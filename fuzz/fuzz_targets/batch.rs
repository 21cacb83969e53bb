//! JSON Lines batches: one answer per non-blank line, whatever the bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_core::formats::jsonl::{Mode, run};

fuzz_target!(|bytes: &[u8]| {
    let mut out = Vec::new();
    let input = std::io::Cursor::new(bytes.to_vec());
    let tally = run(input, &mut out, Mode::Reach).expect("writing to memory never fails");
    let answers = out.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count() as u64;
    assert_eq!(answers, tally.answered);
});
