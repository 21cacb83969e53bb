//! What stands on the cells: one token per cell, `0` the blank.
//!
//! Parsing accepts integers separated by spaces, commas or `/` (the row
//! separator of `8 2 0/4 6 1/3 7 5`). Validation against a board and
//! between the two arrangements of a question lives here too, so that the
//! decision and the solvers can assume well-formed input.

use crate::board::{Board, Cell};
use crate::error::{Error, shorten};

/// A token on a cell. `0` is the blank; equal non-zero tokens are
/// interchangeable ("coloured" tiles).
pub type Token = u32;

/// The blank token.
pub const BLANK: Token = 0;

/// The tokens on a board's cells, in cell order. Any number of blanks
/// (at least one) is allowed; blanks are interchangeable.
///
/// ```
/// use npuzzle_core::Arrangement;
/// let a: Arrangement = "8 2 0/4 6 1/3 7 5".parse().unwrap();
/// assert_eq!(a.tokens().len(), 9);
/// assert_eq!(a.blank(), Some(2));
/// assert_eq!(Arrangement::solved_with_blanks(5, 2).to_string(), "1 2 3 0 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Arrangement {
    tokens: Vec<Token>,
}

impl Arrangement {
    /// Wraps tokens given in cell order.
    #[must_use]
    pub fn new(tokens: Vec<Token>) -> Self {
        Self { tokens }
    }

    /// The solved arrangement of `cells` cells: tiles `1..cells` in cell
    /// order and the blank on the last cell.
    #[must_use]
    pub fn solved(cells: usize) -> Self {
        let mut tokens: Vec<Token> = (1..=cells as Token).collect();
        if let Some(last) = tokens.last_mut() {
            *last = BLANK;
        }
        Self { tokens }
    }

    /// The solved arrangement of `cells` cells with `blanks` blanks: tiles
    /// `1..=cells - blanks` in cell order, then the blanks on the last
    /// cells (at least one blank, at most `cells`).
    #[must_use]
    pub fn solved_with_blanks(cells: usize, blanks: usize) -> Self {
        let blanks = blanks.clamp(1, cells.max(1));
        let tiles = cells.saturating_sub(blanks);
        let mut tokens: Vec<Token> = (1..=tiles as Token).collect();
        tokens.resize(cells, BLANK);
        Self { tokens }
    }

    /// Parses an arrangement, naming it `which` in errors. A byte-order
    /// mark and lines starting with `#` (comments, in files) are skipped.
    pub fn parse_named(text: &str, which: &str) -> Result<Self, Error> {
        let mut tokens = Vec::new();
        for (i, word) in words(text).enumerate() {
            tokens.push(parse_token(word).map_err(|why| {
                Error::arrangement(
                    which,
                    format!("token {} ('{}') {why}", i + 1, shorten(word)),
                )
            })?);
        }
        Ok(Self { tokens })
    }

    /// Parses an arrangement meant for `board`: as
    /// [`parse_named`](Self::parse_named), and where rows are marked with
    /// `/`, each row must hold as many tokens as the board's row has
    /// cells (a 2-D box's or a mask's rows, a box's last side).
    ///
    /// # Errors
    /// [`Error::BadArrangement`] naming the bad token or row.
    ///
    /// # Examples
    /// ```
    /// use npuzzle_core::{Arrangement, Board};
    /// let board: Board = "3x3".parse().unwrap();
    /// assert!(Arrangement::parse_on(&board, "1 2 3/4 5 6/7 8 0", "from").is_ok());
    /// let e = Arrangement::parse_on(&board, "1 2 3/4 5 6 7/8 0", "from").unwrap_err();
    /// assert!(e.to_string().contains("row 2 has 4 tokens"), "{e}");
    /// ```
    pub fn parse_on(board: &Board, text: &str, which: &str) -> Result<Self, Error> {
        let arrangement = Self::parse_named(text, which)?;
        let Some(expected) = row_lengths(board).filter(|_| text.contains('/')) else {
            return Ok(arrangement);
        };
        let body: String = content_lines(text).collect::<Vec<_>>().join("\n");
        let given: Vec<usize> = body.split('/').map(|row| words(row).count()).collect();
        if given.len() != expected.len() {
            return Err(Error::arrangement(
                which,
                format!(
                    "{} rows given; the board has {}",
                    given.len(),
                    expected.len()
                ),
            ));
        }
        for (r, (&g, &e)) in given.iter().zip(&expected).enumerate() {
            if g != e {
                return Err(Error::arrangement(
                    which,
                    format!(
                        "row {} has {g} tokens; the board's row {} has {e} cells",
                        r + 1,
                        r + 1
                    ),
                ));
            }
        }
        Ok(arrangement)
    }

    /// The tokens in cell order.
    #[must_use]
    pub fn tokens(&self) -> &[Token] {
        &self.tokens
    }

    /// Consumes the arrangement, giving its tokens.
    #[must_use]
    pub fn into_tokens(self) -> Vec<Token> {
        self.tokens
    }

    /// The cell of the first blank, if any.
    #[must_use]
    pub fn blank(&self) -> Option<Cell> {
        self.tokens
            .iter()
            .position(|&t| t == BLANK)
            .map(|c| c as Cell)
    }

    /// The number of blanks.
    #[must_use]
    pub fn blank_count(&self) -> usize {
        self.tokens.iter().filter(|&&t| t == BLANK).count()
    }

    /// Checks that the arrangement fits `board`: one token per cell and
    /// at least one blank. Returns the first blank's cell.
    pub fn check(&self, board: &Board, which: &str) -> Result<Cell, Error> {
        if self.tokens.len() != board.cell_count() {
            // One word of as many digits as cells: tokens run together
            // (`820461375`), as some judges write them.
            let digits = self.tokens[..]
                .first()
                .map(|t| t.to_string())
                .filter(|d| self.tokens.len() == 1 && d.len() == board.cell_count());
            let hint = match digits {
                Some(d) => {
                    let apart: Vec<String> = d.chars().map(String::from).collect();
                    format!("; write the tokens apart: {}", apart.join(" "))
                }
                None => String::new(),
            };
            return Err(Error::arrangement(
                which,
                format!(
                    "{} tokens for a board of {} cells{hint}",
                    self.tokens.len(),
                    board.cell_count()
                ),
            ));
        }
        self.blank().ok_or_else(|| {
            // A repeated tile where the blank should be is the usual slip.
            let mut first_cell = std::collections::HashMap::new();
            let repeated =
                self.tokens.iter().enumerate().find_map(|(cell, &t)| {
                    first_cell.insert(t, cell).map(|first| (t, first, cell))
                });
            let problem = match repeated {
                Some((t, a, b)) => format!(
                    "no blank (0, ., _ or x) on the board, and token {t} is on two cells \
                     ({a} and {b}): one of them should be the blank?"
                ),
                None => "no blank (0, ., _ or x) on the board".to_string(),
            };
            Error::arrangement(which, problem)
        })
    }
}

/// Writes the tokens in cell order, separated by spaces: what
/// [`FromStr`](std::str::FromStr) reads back.
///
/// ```
/// use npuzzle_core::Arrangement;
/// let a: Arrangement = "8 2 0/4 6 1/3 7 5".parse().unwrap();
/// assert_eq!(a.to_string(), "8 2 0 4 6 1 3 7 5");
/// assert_eq!(a.to_string().parse::<Arrangement>().unwrap(), a);
/// ```
impl std::fmt::Display for Arrangement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, t) in self.tokens.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Arrangement {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self, Error> {
        Self::parse_named(text, "arrangement")
    }
}

/// The cell of the blank in tokens already checked to hold one: the one
/// place the solvers find it.
///
/// # Panics
/// When there is no blank (the caller skipped [`Arrangement::check`]).
pub(crate) fn blank_cell(tokens: &[Token]) -> usize {
    tokens
        .iter()
        .position(|&t| t == BLANK)
        .expect("an arrangement checked to hold a blank")
}

/// Whether no token, the blank included, is on two cells.
pub(crate) fn all_distinct(tokens: &[Token]) -> bool {
    let mut sorted = tokens.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).all(|w| w[0] != w[1])
}

/// Whether there is more than one blank.
pub(crate) fn several_blanks(tokens: &[Token]) -> bool {
    let mut blanks = tokens.iter().filter(|&&t| t == BLANK);
    blanks.next().is_some() && blanks.next().is_some()
}

/// The sum of the tiles' Manhattan distances from `from` to `to` on a
/// box with sides `dims` (distinct tiles, the blank left out): a lower
/// bound of the moves between them.
pub(crate) fn manhattan(dims: &[usize], from: &[Token], to: &[Token]) -> usize {
    let cell_in_to: std::collections::HashMap<Token, usize> =
        to.iter().enumerate().map(|(c, &t)| (t, c)).collect();
    from.iter()
        .enumerate()
        .filter(|&(_, &t)| t != BLANK)
        .map(|(c, t)| crate::board::box_distance(dims, c, cell_in_to[t]))
        .sum()
}

/// The lines of `text` that are not comments (`#` first), without a
/// byte-order mark.
fn content_lines(text: &str) -> impl Iterator<Item = &str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .filter(|line| !line.trim_start().starts_with('#'))
}

/// The words of an arrangement: integers between spaces, commas and `/`.
fn words(text: &str) -> impl Iterator<Item = &str> {
    content_lines(text)
        .flat_map(|line| line.split(|c: char| c.is_whitespace() || c == ',' || c == '/'))
        .filter(|w| !w.is_empty())
}

/// The number of cells in each row of a board whose cells come in rows:
/// a box's rows along its last side, a mask's rows; `None` for graphs.
fn row_lengths(board: &Board) -> Option<Vec<usize>> {
    use crate::board::Layout;
    match board.layout() {
        Layout::Box { dims } => {
            let last = *dims.last()?;
            Some(vec![last; board.cell_count() / last.max(1)])
        }
        Layout::Mask { cols, cells, rows } => {
            let mut per_row = vec![0; *rows];
            for &p in cells {
                per_row[p as usize / cols] += 1;
            }
            Some(per_row)
        }
        Layout::Graph => None,
    }
}

/// Parses one non-negative token, saying why not in words.
pub(crate) fn parse_token(word: &str) -> Result<Token, &'static str> {
    // The blank as `show` draws it, and as people and judges write it.
    if matches!(word, "." | "_" | "x" | "X") {
        return Ok(BLANK);
    }
    if word.starts_with('-') && word.len() > 1 && word[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err("is negative: tokens are 0 (the blank) or positive");
    }
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err("is not a number");
    }
    word.parse::<Token>()
        .map_err(|_| "is too large: tokens go up to 4294967295")
}

/// Checks that `from` and `to` hold the same multiset of tokens, naming a
/// token that differs. Runs in O(N) for tokens below `4N`, O(N) expected
/// with a hash map otherwise.
pub(crate) fn check_same_tokens(from: &[Token], to: &[Token]) -> Result<(), Error> {
    let ids = TokenIds::new(from);
    let mut count = vec![0i64; ids.len()];
    for &t in from {
        count[ids.id(t).expect("from's own token") as usize] += 1;
    }
    let mut stranger = None;
    for &t in to {
        match ids.id(t) {
            Some(id) => count[id as usize] -= 1,
            None => {
                stranger.get_or_insert(t);
            }
        }
    }
    // What differs, seen from both sides: a token from holds too often
    // (a repeated tile, most often), and one it holds too seldom.
    let excess = count
        .iter()
        .position(|&c| c > 0)
        .map(|id| ids.token(id as u32));
    let short = count
        .iter()
        .position(|&c| c < 0)
        .map(|id| ids.token(id as u32));
    let mut parts = Vec::new();
    if let Some(t) = excess {
        parts.push(more_in("from", from, "to", to, t));
    }
    if let Some(t) = stranger.or(short) {
        parts.push(more_in("to", to, "from", from, t));
    }
    if parts.is_empty() {
        return Ok(());
    }
    Err(Error::DifferentTokens(parts.join("; ")))
}

/// How token `t`, held more often by `many` than by `few`, differs: the
/// cells it is on in `many` (the first few) and how often `few` has it.
fn more_in(many_name: &str, many: &[Token], few_name: &str, few: &[Token], t: Token) -> String {
    let cells: Vec<usize> = (0..many.len()).filter(|&c| many[c] == t).collect();
    let in_few = few.iter().filter(|&&x| x == t).count();
    let name = if t == BLANK {
        "the blank (0)".to_string()
    } else {
        format!("token {t}")
    };
    let shown: Vec<String> = cells.iter().take(4).map(usize::to_string).collect();
    let more = if cells.len() > 4 { ", …" } else { "" };
    let cells_text = match cells.len() {
        1 => format!("cell {}", shown[0]),
        _ => format!("cells {}{more}", shown.join(", ")),
    };
    match in_few {
        0 => format!("{name} is in {many_name} (on {cells_text}) but not in {few_name}"),
        _ => format!(
            "{name} is on {} of {many_name} ({cells_text}) but on {} of {few_name}",
            count_cells(cells.len()),
            count_cells(in_few)
        ),
    }
}

/// "one cell", "two cells", "5 cells".
fn count_cells(n: usize) -> String {
    match n {
        1 => "one cell".into(),
        2 => "two cells".into(),
        3 => "three cells".into(),
        _ => format!("{n} cells"),
    }
}

/// Dense ids `0..K` for the distinct tokens of an arrangement, the blank
/// always id 0, so that per-token tables are arrays. Small tokens map to
/// themselves; large ones go through a hash map.
#[derive(Debug)]
pub(crate) struct TokenIds {
    map: Option<std::collections::HashMap<Token, u32>>,
    tokens: Vec<Token>,
    direct_len: usize,
}

impl TokenIds {
    pub(crate) fn new(tokens: &[Token]) -> Self {
        let max = tokens.iter().copied().max().unwrap_or(0) as usize;
        if max < 4 * tokens.len() + 16 {
            return Self {
                map: None,
                tokens: Vec::new(),
                direct_len: max + 1,
            };
        }
        let mut map = std::collections::HashMap::with_capacity(tokens.len());
        let mut list = vec![BLANK];
        map.insert(BLANK, 0);
        for &t in tokens {
            map.entry(t).or_insert_with(|| {
                list.push(t);
                (list.len() - 1) as u32
            });
        }
        Self {
            map: Some(map),
            tokens: list,
            direct_len: 0,
        }
    }

    /// How many ids there are (an upper bound on distinct tokens).
    pub(crate) fn len(&self) -> usize {
        match &self.map {
            None => self.direct_len,
            Some(_) => self.tokens.len(),
        }
    }

    pub(crate) fn id(&self, t: Token) -> Option<u32> {
        match &self.map {
            None => ((t as usize) < self.direct_len).then_some(t),
            Some(map) => map.get(&t).copied(),
        }
    }

    pub(crate) fn token(&self, id: u32) -> Token {
        match &self.map {
            None => id,
            Some(_) => self.tokens[id as usize],
        }
    }

    /// The ids of a whole arrangement whose tokens are all known.
    pub(crate) fn ids_of(&self, tokens: &[Token]) -> Vec<u32> {
        match &self.map {
            None => tokens.to_vec(),
            Some(_) => tokens
                .iter()
                .map(|&t| self.id(t).expect("known token"))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_marks_and_escapes() {
        let a = Arrangement::parse_named(
            "\u{feff}# a 3x3 start\n8 2 0\n4 6 1 # not a comment\n",
            "from",
        );
        assert!(
            a.is_err(),
            "'#' only starts a comment at the start of a line"
        );
        let a =
            Arrangement::parse_named("\u{feff}# a start\n8 2 0/4 6 1\n  # more\n3 7 5\n", "from")
                .unwrap();
        assert_eq!(a.tokens(), &[8, 2, 0, 4, 6, 1, 3, 7, 5]);
        let e = Arrangement::parse_named("1 \u{1b}[31m 0", "from")
            .unwrap_err()
            .to_string();
        assert!(e.contains("\\u{1b}[31m") && !e.contains('\u{1b}'), "{e}");
        let e = Arrangement::parse_named("1 \0 0", "from")
            .unwrap_err()
            .to_string();
        assert!(!e.contains('\0'), "{e}");
    }

    #[test]
    fn rows_are_checked_against_the_board() {
        let mask: Board = "mask:.#/##".parse().unwrap();
        assert!(Arrangement::parse_on(&mask, "1/2 0", "from").is_ok());
        assert!(Arrangement::parse_on(&mask, "1 2/0", "from").is_err());
        let cube: Board = "2x2x2".parse().unwrap();
        assert!(Arrangement::parse_on(&cube, "1 2/3 4/5 6/7 0", "from").is_ok());
        let e = Arrangement::parse_on(&cube, "1 2 3 4/5 6 7 0", "from").unwrap_err();
        assert!(
            e.to_string().contains("2 rows given; the board has 4"),
            "{e}"
        );
        let graph: Board = "graph:3:0-1,1-2".parse().unwrap();
        assert!(Arrangement::parse_on(&graph, "1/2 0", "from").is_ok());
        // Without '/', rows are not checked.
        assert!(Arrangement::parse_on(&mask, "1 2 0", "from").is_ok());
    }

    #[test]
    fn parses_rows_commas_and_spaces() {
        let a = Arrangement::parse_named("1,2 3/0\t4", "from").unwrap();
        assert_eq!(a.tokens(), &[1, 2, 3, 0, 4]);
    }

    #[test]
    fn names_the_bad_token() {
        let e = Arrangement::parse_named("1 2 x3", "from").unwrap_err();
        assert_eq!(e.to_string(), "from: token 3 ('x3') is not a number");
        let e = Arrangement::parse_named("1 -2", "to").unwrap_err();
        assert!(e.to_string().contains("token 2 ('-2') is negative"), "{e}");
        let e = Arrangement::parse_named("99999999999999999999999", "to").unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");
    }

    #[test]
    fn checks_count_and_blanks() {
        let b = Board::new_box(&[2, 2]).unwrap();
        let e = Arrangement::new(vec![1, 2, 3])
            .check(&b, "from")
            .unwrap_err();
        assert_eq!(e.to_string(), "from: 3 tokens for a board of 4 cells");
        let board: Board = "3x3".parse().unwrap();
        let run_together = Arrangement::new(vec![820_461_375]);
        let e = run_together.check(&board, "from").unwrap_err();
        assert!(
            e.to_string()
                .ends_with("write the tokens apart: 8 2 0 4 6 1 3 7 5"),
            "{e}"
        );
        let x: Arrangement = "1 2 3/4 x 5/6 7 8".parse().unwrap();
        assert_eq!(x.blank_count(), 1);
        let e = Arrangement::new(vec![1, 2, 3, 4])
            .check(&b, "from")
            .unwrap_err();
        assert!(e.to_string().contains("no blank"));
        assert_eq!(
            Arrangement::new(vec![0, 2, 0, 4]).check(&b, "to").unwrap(),
            0
        );
        assert_eq!(
            Arrangement::new(vec![1, 2, 0, 4]).check(&b, "to").unwrap(),
            2
        );
    }

    #[test]
    fn same_tokens_is_a_multiset_check() {
        assert!(check_same_tokens(&[1, 1, 0], &[0, 1, 1]).is_ok());
        let e = check_same_tokens(&[1, 1, 0], &[0, 1, 2]).unwrap_err();
        assert!(
            e.to_string()
                .contains("token 2 is in to (on cell 2) but not in from"),
            "{e}"
        );
        let e = check_same_tokens(&[1, 2, 0], &[0, 1, 1]).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("token 2 is in from (on cell 1) but not in to"),
            "{e}"
        );
        assert!(
            text.contains("token 1 is on two cells of to (cells 1, 2) but on one cell of from"),
            "{e}"
        );
        // A repeated tile is named as such, and the tile it hides too.
        let from = [8, 2, 0, 4, 6, 1, 3, 7, 8];
        let to = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let e = check_same_tokens(&from, &to).unwrap_err().to_string();
        assert!(
            e.contains("token 8 is on two cells of from (cells 0, 8) but on one cell of to"),
            "{e}"
        );
        assert!(
            e.contains("token 5 is in to (on cell 4) but not in from"),
            "{e}"
        );
        assert!(check_same_tokens(&[4_000_000_000, 0], &[0, 4_000_000_000]).is_ok());
    }

    #[test]
    fn arrangements_go_through_json_as_lists() {
        let a: Arrangement = serde_json::from_str("[1, 0, 2]").unwrap();
        assert_eq!(a.tokens(), &[1, 0, 2]);
        assert_eq!(serde_json::to_string(&a).unwrap(), "[1,0,2]");
    }

    #[test]
    fn the_blank_may_be_written_as_a_dot_or_an_underscore() {
        let a: Arrangement = "1 2 3/4 . 5/6 7 8".parse().unwrap();
        assert_eq!(a.blank(), Some(4));
        let b: Arrangement = "1 2 _".parse().unwrap();
        assert_eq!(b.tokens(), &[1, 2, 0]);
    }

    #[test]
    fn a_repeated_tile_without_a_blank_is_named() {
        let board = Board::new_box(&[3, 3]).unwrap();
        let a: Arrangement = "1 2 3/4 5 6/7 8 8".parse().unwrap();
        let e = a.check(&board, "from").unwrap_err().to_string();
        assert!(e.contains("token 8 is on two cells (7 and 8)"), "{e}");
    }
}
