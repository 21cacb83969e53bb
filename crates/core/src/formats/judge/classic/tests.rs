//! The classic formats on their published samples, on bad input, and
//! the 3×3 ones against a breadth-first search over whole arrangements.

use super::eight::{Grid, LEXICOGRAPHIC, Step, moved};
use super::*;

fn answer(format: JudgeFormat, input: &str) -> String {
    let mut out = Vec::new();
    run(format, input.as_bytes(), &mut out, Solver::new()).unwrap();
    String::from_utf8(out).unwrap()
}

fn error(format: JudgeFormat, input: &str) -> (String, String) {
    let mut out = Vec::new();
    let e = run(format, input.as_bytes(), &mut out, Solver::new()).unwrap_err();
    (String::from_utf8(out).unwrap(), e.to_string())
}

/// The grid after the blank takes the steps written as `u d l r`.
fn played(grid: &Grid, letters: &str) -> Grid {
    letters.chars().fold(*grid, |g, c| {
        let step = match c {
            'u' => Step::Up,
            'd' => Step::Down,
            'l' => Step::Left,
            _ => Step::Right,
        };
        moved(&g, step).expect("a step on the board")
    })
}

/// Every shortest way from `a` to `b`, by breadth-first search over
/// whole arrangements (no table), as letter strings.
fn all_shortest(a: &Grid, b: &Grid) -> Vec<String> {
    let mut layer = vec![(*a, String::new())];
    let mut seen = std::collections::HashSet::from([*a]);
    loop {
        let done: Vec<String> = layer
            .iter()
            .filter(|(g, _)| g == b)
            .map(|(_, p)| p.clone())
            .collect();
        if !done.is_empty() {
            return done;
        }
        let mut next = Vec::new();
        let mut reached = std::collections::HashSet::new();
        for (g, p) in &layer {
            for step in LEXICOGRAPHIC {
                if let Some(h) = moved(g, step)
                    && !seen.contains(&h)
                {
                    reached.insert(h);
                    next.push((h, format!("{p}{}", step_letter(step))));
                }
            }
        }
        seen.extend(reached);
        assert!(!next.is_empty(), "b reachable");
        layer = next;
    }
}

#[test]
fn every_format_is_listed_and_found_by_its_name() {
    let names: Vec<&str> = crate::formats::judge::FORMATS.iter().map(|f| f.1).collect();
    assert_eq!(names.len(), 17, "{names:?}");
    for &(format, name, ..) in crate::formats::judge::FORMATS {
        assert_eq!(JudgeFormat::by_name(name), Some(format), "{name}");
    }
    assert_eq!(JudgeFormat::by_name("POJ1507"), Some(JudgeFormat::Commedia));
    assert_eq!(JudgeFormat::by_name("nope"), None);
}

#[test]
fn eight_ii_answers_its_samples() {
    let input = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";
    assert_eq!(
        answer(JudgeFormat::Hdu3567, input),
        "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n"
    );
    assert_eq!(
        answer(JudgeFormat::Hdu3567, "1\n12345678X\n12345678X\n"),
        "Case 1: 0\n\n"
    );
}

#[test]
fn eight_answers_a_shortest_way_or_unsolvable() {
    let out = answer(JudgeFormat::Poj1077, "2  3  4  1  5  x  7  6  8");
    let line = out.trim_end();
    let start = [2, 3, 4, 1, 5, 0, 7, 6, 8];
    assert_eq!(played(&start, line), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    assert_eq!(
        line.len(),
        all_shortest(&start, &[1, 2, 3, 4, 5, 6, 7, 8, 0])[0].len()
    );
    assert_eq!(
        answer(
            JudgeFormat::Hdu1043,
            "2 1 3 4 5 6 7 8 x\r\n1 2 3 4 5 6 7 8 x\n"
        ),
        "unsolvable\n\n"
    );
}

#[test]
fn uva652_separates_its_answers_by_blank_lines() {
    let out = answer(
        JudgeFormat::Uva652,
        "2\n\n1 2 3 4 5 6 7 8 x\n\n1 2 3 4 5 6 7 x 8\n",
    );
    assert_eq!(out, "\n\nr\n");
}

#[test]
fn fifteen_puzzles_are_solved_within_fifty_or_refused() {
    let input =
        "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n";
    let out = answer(JudgeFormat::Uva10181, input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0].len(), 9, "{out}"); // the sample's LLLDRDRDR is a shortest
    assert_eq!(lines[1], "This puzzle is not solvable.");
    // Far past 50 moves: refused at once, without a search.
    let far = "1\n0 15 14 13\n12 11 10 9\n8 7 6 5\n4 3 2 1\n";
    assert_eq!(
        answer(JudgeFormat::Uva10181, far),
        "This puzzle is not solvable.\n"
    );
}

#[test]
fn deciders_of_the_fifteen_puzzle_say_yes_and_no() {
    let solved = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0";
    let swapped = "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0";
    assert_eq!(
        answer(JudgeFormat::Hdu6620, &format!("2\n{solved}\n{swapped}\n")),
        "Yes\nNo\n"
    );
    assert_eq!(answer(JudgeFormat::Sgu139, swapped), "NO\n");
}

#[test]
fn the_n2_puzzles_print_the_blanks_moves() {
    assert_eq!(
        answer(JudgeFormat::Poj3240, "3\n1 2 3\n4 5 6\n7 0 8\n"),
        "R\n"
    );
    assert_eq!(
        answer(JudgeFormat::Poj3240, "2\n2 1\n3 0\n"),
        "No Answer!\n"
    );
    assert_eq!(
        answer(JudgeFormat::SpojSolving, "1\n3\n1 2 3\n4 5 6\n0 7 8\n"),
        "RR\n"
    );
}

#[test]
fn amity_and_the_graph_puzzle_answer_their_samples() {
    assert_eq!(answer(JudgeFormat::Cf645a, "AB\nXC\nXB\nAC\n"), "YES\n");
    assert_eq!(answer(JudgeFormat::Cf645a, "AB\nXC\nAC\nBX\n"), "NO\n");
    let graph = "5\n1 2\n1 3\n1 9\n2 9\n3 9\n";
    assert_eq!(
        answer(JudgeFormat::Abc224d, &format!("{graph}3 9 2 4 5 6 7 8\n")),
        "5\n"
    );
    assert_eq!(
        answer(JudgeFormat::Abc224d, &format!("{graph}1 2 3 4 5 6 7 8\n")),
        "0\n"
    );
    let third = "12\n8 5\n9 6\n4 5\n4 1\n2 5\n8 9\n2 1\n3 6\n8 7\n6 5\n7 4\n2 3\n1 2 3 4 5 6 8 7\n";
    assert_eq!(answer(JudgeFormat::Abc224d, third), "-1\n");
}

#[test]
fn the_eleven_puzzle_answers_its_samples() {
    let cases =
        "2 1 0 3 4 5 6 7 8 9 0 11 10\n0 1 2 3 4 5 6 7 8 9 10 11 0\n0 11 10 9 8 7 6 5 4 3 2 1 0\n";
    assert_eq!(
        answer(JudgeFormat::Hdu3095, &format!("3\n{cases}")),
        "2\n0\nNo solution!\n"
    );
    assert_eq!(
        answer(JudgeFormat::Aoj0190, &format!("{cases}-1\n")),
        "2\n0\nNA\n"
    );
    let (_, e) = error(JudgeFormat::Aoj0190, "0 0 0 1 2 3 4 5 6 7 8 9 10\n");
    assert!(e.contains("0 appears too often"), "{e}");
}

#[test]
fn bad_input_names_its_case_and_line_after_the_earlier_answers() {
    let (out, e) = error(
        JudgeFormat::Hdu1043,
        "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 7 x\n",
    );
    assert_eq!(out, "\n");
    assert!(
        e.contains("case 2, line 2") && e.contains("7 appears twice"),
        "{e}"
    );
    let (_, e) = error(JudgeFormat::Hdu3567, "1\n12X453786\n12345678Y\n");
    assert!(
        e.contains("case 1, line 3") && e.contains("12345678Y"),
        "{e}"
    );
    let (_, e) = error(JudgeFormat::Uva10181, "1\n1 2 3\n");
    assert!(e.contains("ends before"), "{e}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Eight II on random pairs: the answer is a shortest way, and the
    /// smallest of them all in the order d < l < r < u.
    #[test]
    fn eight_ii_is_the_smallest_shortest_way(
        keys_a in proptest::collection::vec(0u32..1000, 9),
        walk in proptest::collection::vec(0usize..4, 0..40),
    ) {
        let mut a: Grid = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        a.sort_by_key(|&t| keys_a[t as usize]);
        // B: A after a random walk, so that it is reachable.
        let b = walk.iter().fold(a, |g, &k| moved(&g, LEXICOGRAPHIC[k]).unwrap_or(g));
        let word = |g: &Grid| g.iter().map(|&t| if t == 0 { 'X' } else { (b'0' + t) as char }).collect::<String>();
        let out = answer(JudgeFormat::Hdu3567, &format!("1\n{}\n{}\n", word(&a), word(&b)));
        let letters = out.lines().nth(1).unwrap_or("").to_string();
        let mut every = all_shortest(&a, &b);
        every.sort();
        proptest::prop_assert_eq!(&letters, &every[0]);
        proptest::prop_assert_eq!(played(&a, &letters), b);
    }
}

/// The fewest moves on a 9-vertex graph from `from` to the solved
/// arrangement (pieces 1..8 on vertices 1..8), by breadth-first search
/// over whole arrangements; `None` when it is not reached.
fn graph_distance(edges: &[(usize, usize)], from: [u8; 9]) -> Option<usize> {
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let mut seen = std::collections::HashSet::from([from]);
    let mut layer = vec![from];
    for depth in 0.. {
        if layer.contains(&goal) {
            return Some(depth);
        }
        let mut next = Vec::new();
        for g in &layer {
            let blank = g.iter().position(|&t| t == 0).unwrap();
            for &(u, v) in edges {
                let other = if u == blank {
                    v
                } else if v == blank {
                    u
                } else {
                    continue;
                };
                let mut h = *g;
                h.swap(blank, other);
                if seen.insert(h) {
                    next.push(h);
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        layer = next;
    }
    unreachable!()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// HDU 1043 on random grids: `unsolvable` exactly when breadth-first
    /// search finds no way, else a way as short as its.
    #[test]
    fn eight_is_shortest_or_unsolvable(keys in proptest::collection::vec(0u32..1000, 9)) {
        let mut grid: Grid = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        grid.sort_by_key(|&t| keys[t as usize]);
        let text: Vec<String> = grid.iter().map(|&t| if t == 0 { "x".into() } else { t.to_string() }).collect();
        let out = answer(JudgeFormat::Hdu1043, &text.join(" "));
        let line = out.trim_end();
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        // On 3×3 the graph of cells is the grid's: its BFS is the oracle.
        let grid_edges: Vec<(usize, usize)> = (0..9)
            .flat_map(|c| [(c, c + 1), (c, c + 3)])
            .filter(|&(a, b)| b < 9 && (b != a + 1 || a % 3 != 2))
            .collect();
        match graph_distance(&grid_edges, grid) {
            None => proptest::prop_assert_eq!(line, "unsolvable"),
            Some(d) => {
                proptest::prop_assert_eq!(played(&grid, line), goal);
                proptest::prop_assert_eq!(line.len(), d);
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]

    /// ABC 224 D on random graphs (disconnected ones among them): the
    /// fewest moves breadth-first search finds, or -1.
    #[test]
    fn the_graph_puzzle_matches_breadth_first_search(
        picks in proptest::collection::vec(proptest::bool::weighted(0.35), 36),
        keys in proptest::collection::vec(0u32..1000, 9),
    ) {
        let all: Vec<(usize, usize)> = (0..9).flat_map(|u| (u + 1..9).map(move |v| (u, v))).collect();
        let edges: Vec<(usize, usize)> = all.iter().zip(&picks).filter(|(_, p)| **p).map(|(&e, _)| e).collect();
        let mut cells: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        cells.sort_by_key(|&t| keys[t as usize]);
        let mut input = format!("{}\n", edges.len());
        for &(u, v) in &edges {
            input += &format!("{} {}\n", u + 1, v + 1);
        }
        let vertex_of = |piece: u8| cells.iter().position(|&t| t == piece).unwrap() + 1;
        let places: Vec<String> = (1..=8).map(|p| vertex_of(p).to_string()).collect();
        input += &places.join(" ");
        let expected = graph_distance(&edges, cells).map_or("-1".to_string(), |d| d.to_string());
        let out = answer(JudgeFormat::Abc224d, &input);
        proptest::prop_assert_eq!(out.trim_end(), expected);
    }
}
