//! The judges' formats against their samples, and errors with their lines.
use super::*;

fn judge(format: JudgeFormat, input: &str) -> (String, Option<String>) {
    let mut out = Vec::new();
    let input = std::io::Cursor::new(input.as_bytes().to_vec());
    let err = run(format, input, &mut out).err().map(|e| e.to_string());
    (String::from_utf8(out).unwrap(), err)
}

#[test]
fn odd_sample_and_n_equal_one() {
    let (out, err) = judge(
        JudgeFormat::Odd,
        "3\n1 2 3\n4 5 6\n7 8 0\n1 2 3\n4 5 6\n7 0 8\n1\n0\n0\n3\r\n1 2 3 4 5 6 7 8 0 2 1 3 4 5 6 7 8 0\r\n",
    );
    assert_eq!(out, "TAK\nTAK\nNIE\n");
    assert_eq!(err, None);
}

#[test]
fn mxn_until_zero_zero() {
    let (out, err) = judge(
        JudgeFormat::Mxn,
        "3 3\n1 2 3\n4 0 6\n7 5 8\n2 2\n2 1\n3 0\n0 0\n9 9\n",
    );
    assert_eq!(out, "YES\nNO\n");
    assert_eq!(err, None);
}

#[test]
fn earlier_answers_survive_an_error() {
    let (out, err) = judge(JudgeFormat::Odd, "1\n0\n0\n3\n1 2 3\n4 5 x\n");
    assert_eq!(out, "TAK\n");
    assert_eq!(err.unwrap(), "case 2, line 6: 'x' is not a number");
    let (_, err) = judge(JudgeFormat::Odd, "3\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8\n");
    assert_eq!(
        err.unwrap(),
        "case 1, line 3: input ends after 8 of the 9 numbers of the second grid"
    );
    let (_, err) = judge(
        JudgeFormat::Odd,
        "3\n1 1 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 0\n",
    );
    assert!(
        err.unwrap()
            .contains("token 1 appears more than once in the first grid")
    );
    let (_, err) = judge(JudgeFormat::Odd, "1000000000\n");
    assert!(err.unwrap().contains("n = 1000000000 is too large"));
    let (_, err) = judge(JudgeFormat::Odd, "2\n1 2\n3 0\n1 2\n9 0\n");
    assert_eq!(
        err.unwrap(),
        "case 1, line 5: token 9 in the second grid is out of range: a board of 4 cells holds 0..3"
    );
}

/// The first fault in input order is the one reported: a repeated
/// token before a malformed one or the end of input, in the same grid.
#[test]
fn a_repeat_comes_before_a_later_bad_token() {
    let (_, err) = judge(JudgeFormat::Odd, "3\n1 2 3\n4 4 6\n7 x 0\n");
    let repeat = "case 1, line 3: token 4 appears more than once in the first grid";
    assert!(err.unwrap().starts_with(repeat));
    let (_, err) = judge(JudgeFormat::Odd, "3\n1 2 3\n4 5 9\n7\n");
    assert!(
        err.unwrap()
            .starts_with("case 1, line 3: token 9 in the first grid is out of range")
    );
}

/// Grids of 1 × 200,000 spread over lines of one to three tokens span
/// several input windows; a fault put anywhere (a token out of range,
/// a repeat of an earlier token, the blank again) is reported on the
/// line that holds it. The line is found here by counting the text.
#[test]
fn faults_are_reported_on_their_own_line_anywhere_in_a_long_grid() {
    use rand::{Rng, SeedableRng};
    let n = 200_000u32;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for round in 0..12 {
        let mut tokens: Vec<String> = (1..n).map(|t| t.to_string()).chain(["0".into()]).collect();
        let at = rng.random_range(1..tokens.len());
        let fault = match round % 3 {
            0 => (n + rng.random_range(0..1000)).to_string(),
            1 => tokens[rng.random_range(0..at)].clone(),
            _ => "0".to_string(),
        };
        // The blank repeated is found at the later of its two places.
        let (at, fault_line_token) = if round % 3 == 2 {
            (at.min(tokens.len() - 2), tokens.len() - 1)
        } else {
            (at, at)
        };
        tokens[at] = fault.clone();
        let mut text = format!("1 {n}\n");
        let mut line = 2;
        let mut line_of = vec![0; tokens.len()];
        let mut k = 0;
        while k < tokens.len() {
            let per = rng.random_range(1..=3).min(tokens.len() - k);
            for j in 0..per {
                line_of[k + j] = line;
            }
            text.push_str(&tokens[k..k + per].join(" "));
            text.push('\n');
            line += 1;
            k += per;
        }
        text.push_str("0 0\n");
        let (_, err) = judge(JudgeFormat::Mxn, &text);
        let err = err.expect("an error");
        let want = format!("case 1, line {}: token {fault} ", line_of[fault_line_token]);
        let blank = format!("case 1, line {}: several blanks", line_of[fault_line_token]);
        assert!(
            err.starts_with(&want) || err.starts_with(&blank),
            "round {round}: {err} (want {want})"
        );
    }
}

/// A grid of 30,000 tokens a line each spans the first two windows of
/// a stream (64 and 128 KiB), one of 60,000 the first three (and 256
/// KiB): each is checked once whole, and a fault in its first window is
/// still reported on its own line.
#[test]
fn a_fault_in_the_first_of_the_windows_in_reach_keeps_its_line() {
    let faults = [
        (30_000usize, 1_000, 17),
        (30_000, 9_000, 30_000),
        (30_000, 29_000, 5),
        (60_000, 1_000, 60_000),
        (60_000, 12_000, 3),
        (60_000, 40_000, 7),
        (60_000, 59_000, 5),
    ];
    for (n, at, fault) in faults {
        let mut tokens: Vec<usize> = (1..n).chain([0]).collect();
        tokens[at] = fault;
        let mut text = format!("1 {n}\n");
        for t in &tokens {
            text.push_str(&format!("{t}\n"));
        }
        text.push_str("0 0\n");
        // Two windows for 30,000 tokens, three for 60,000.
        assert_eq!(text.len() < 192 << 10, n == 30_000, "{n}");
        assert!(text.len() > 64 << 10 && text.len() < 448 << 10);
        let (_, err) = judge(JudgeFormat::Mxn, &text);
        let want = format!("case 1, line {}: token {fault} ", at + 2);
        let err = err.expect("an error");
        assert!(err.starts_with(&want), "{err} (want {want})");
    }
}
