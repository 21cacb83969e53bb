//! The judges' formats: any bytes give answers and at most one error,
//! never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle_core::formats::judge::{JudgeFormat, run};

fuzz_target!(|input: (u8, Vec<u8>)| {
    let (which, bytes) = input;
    // Every format but the three that search a 15-puzzle or bigger per
    // case (UVa 10181, POJ 3240, SPOJ SOLVING: seconds a case, by design).
    let formats = [
        JudgeFormat::Odd,
        JudgeFormat::Mxn,
        JudgeFormat::Commedia,
        JudgeFormat::Hdu4021,
        JudgeFormat::Poj1077,
        JudgeFormat::Hdu1043,
        JudgeFormat::Uva652,
        JudgeFormat::Hdu3567,
        JudgeFormat::Hdu6620,
        JudgeFormat::Sgu139,
        JudgeFormat::Cf645a,
        JudgeFormat::Abc224d,
        JudgeFormat::Aoj0190,
        JudgeFormat::Hdu3095,
    ];
    let format = formats[which as usize % formats.len()];
    let mut out = Vec::new();
    let _ = run(format, std::io::Cursor::new(bytes), &mut out);
});
