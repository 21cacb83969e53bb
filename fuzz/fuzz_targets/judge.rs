//! The judges' formats: any bytes give answers and at most one error,
//! never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_core::formats::judge::{JudgeFormat, run};

fuzz_target!(|input: (u8, Vec<u8>)| {
    let (which, bytes) = input;
    let formats = [JudgeFormat::Odd, JudgeFormat::Mxn, JudgeFormat::Commedia, JudgeFormat::Hdu4021];
    let format = formats[which as usize % formats.len()];
    let mut out = Vec::new();
    let _ = run(format, std::io::Cursor::new(bytes), &mut out);
});
