//! How a rectangle's tiles are cut into patterns for additive pattern
//! databases: Korf & Felner's blocks on the 24-puzzle, rows on 4×4 and
//! 5×5 otherwise, compact blocks elsewhere; and how big the patterns are
//! by default.

use super::Rectangle;

/// How the patterns of a board are chosen. On the 5×5 board with the
/// blank's goal in a corner and 6-tile patterns: Korf & Felner's four
/// compact blocks (theirs for the top left, mirrored to the other
/// corners). On 4×4 and 5×5 otherwise, the goal cells other than the
/// blank's, in reading order, cut into the fewest groups of at most
/// `max_tiles`, as even as can be with the smaller groups first (4×4 with
/// 8: rows 1-2 and rows 3-4, the 7-8 partition); a lone tile left over is
/// kept last and left to Manhattan distance (4×4 with 7: 7-7-1). On other
/// rectangles, compact blocks ([`compact_partition`]): on thin boards such
/// as 2×8, groups along the rows would leave out every interaction that
/// makes the search hard.
pub(crate) fn partition(rect: &Rectangle, blank_goal: u8, max_tiles: usize) -> Vec<Vec<u8>> {
    if !matches!((rect.rows, rect.cols), (4, 4) | (5, 5)) {
        return compact_partition(rect, blank_goal, max_tiles);
    }
    if (rect.rows, rect.cols, max_tiles) == (5, 5, 6) && [0, 4, 20, 24].contains(&blank_goal) {
        // Korf & Felner's blocks for the blank top left, mirrored to the
        // corner of the blank's goal: rows of 6 around the blank's corner
        // left out most of the interactions the blocks keep.
        return mirrored_to_corner(&KORF_FELNER, blank_goal);
    }
    let tiles: Vec<u8> = (0..rect.cell_count() as u8)
        .filter(|&c| c != blank_goal)
        .collect();
    let max = max_tiles.max(1);
    if tiles.len() % max == 1 {
        return tiles[..tiles.len() - 1]
            .chunks(max)
            .filter(|g| g.len() > 1)
            .map(<[u8]>::to_vec)
            .collect();
    }
    let groups = tiles.len().div_ceil(max);
    let mut out = Vec::with_capacity(groups);
    let mut at = 0;
    for g in 0..groups {
        // Sizes differ by at most one, the larger ones last.
        let size = tiles.len() / groups + usize::from(g >= groups - tiles.len() % groups);
        out.push(tiles[at..at + size].to_vec());
        at += size;
    }
    out.retain(|g| g.len() > 1);
    out
}

/// Korf & Felner's 6-6-6-6 blocks of the 24-puzzle, the blank's goal top
/// left.
const KORF_FELNER: [[u8; 6]; 4] = [
    [1, 2, 5, 6, 7, 12],
    [3, 4, 8, 9, 13, 14],
    [10, 11, 15, 16, 20, 21],
    [17, 18, 19, 22, 23, 24],
];

/// Which of a catalogue partition's two lookups (the board as it is,
/// and reflected about its main diagonal) a search makes where the
/// board is looked up reflected at all; elsewhere it makes the plain one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sides {
    Both,
    Plain,
    Reflected,
}

/// The other six partitions of Clausecker & Reinefeld's "small" catalogue
/// of the 24-puzzle (Symposium on Combinatorial Search, 2019: seven
/// 6-6-6-6 partitions, each also looked up reflected; Korf & Felner's
/// blocks are the seventh), the blank's goal top left. Each is written
/// in the one of its two orientations that shares the most tables with
/// the others: ten tables beyond Korf & Felner's four.
///
/// Four of the fourteen lookups are left out: each prunes alone (no
/// other lookup of the catalogue would) fewer than 1% of the nodes the
/// catalogue prunes, counted on instances 25, 32 and 44 of Korf &
/// Felner's; without them a search makes 30% fewer lookups on the five
/// easiest for 1% more nodes, and takes about a fifth less time.
const SMALL_CATALOGUE: [([[u8; 6]; 4], Sides); 6] = [
    (
        [
            [1, 2, 5, 6, 7, 10],
            [17, 18, 19, 22, 23, 24],
            [11, 12, 15, 16, 20, 21],
            [3, 4, 8, 9, 13, 14],
        ],
        Sides::Reflected,
    ),
    (
        [
            [1, 2, 5, 6, 7, 12],
            [10, 11, 15, 16, 20, 21],
            [3, 8, 13, 17, 18, 22],
            [4, 9, 14, 19, 23, 24],
        ],
        Sides::Plain,
    ),
    (
        [
            [1, 2, 5, 6, 7, 10],
            [11, 12, 15, 16, 20, 21],
            [3, 8, 13, 17, 18, 22],
            [4, 9, 14, 19, 23, 24],
        ],
        Sides::Reflected,
    ),
    (
        [
            [1, 2, 3, 4, 5, 6],
            [10, 11, 15, 16, 20, 21],
            [7, 8, 9, 12, 13, 14],
            [17, 18, 19, 22, 23, 24],
        ],
        Sides::Both,
    ),
    (
        [
            [1, 2, 5, 6, 7, 10],
            [15, 20, 21, 22, 23, 24],
            [11, 12, 16, 17, 18, 19],
            [3, 4, 8, 9, 13, 14],
        ],
        Sides::Both,
    ),
    (
        [
            [1, 2, 3, 4, 5, 6],
            [10, 11, 15, 16, 20, 21],
            [7, 8, 12, 13, 17, 18],
            [9, 14, 19, 22, 23, 24],
        ],
        Sides::Plain,
    ),
];

/// The partitions besides [`partition`]'s that a shortest search takes
/// the maximum over where their tables are at hand: on the 5×5 board
/// with the blank's goal in a corner and 6-tile patterns, the rest of
/// the small catalogue (mirrored to that corner), each with the lookups
/// a search makes of it; none elsewhere.
pub(crate) fn catalogue(
    rect: &Rectangle,
    blank_goal: u8,
    max_tiles: usize,
) -> Vec<(Vec<Vec<u8>>, Sides)> {
    if (rect.rows, rect.cols, max_tiles) != (5, 5, 6) || ![0, 4, 20, 24].contains(&blank_goal) {
        return Vec::new();
    }
    // Mirroring to the far corner keeps the sides (the reflection of a
    // state turned half round is the reflected state turned); in the two
    // other corners nothing is looked up reflected.
    SMALL_CATALOGUE
        .iter()
        .map(|(blocks, sides)| (mirrored_to_corner(blocks, blank_goal), *sides))
        .collect()
}

/// `blocks` of the 5×5 board with the blank's goal top left, mirrored so
/// that it is `blank_goal` (a corner).
fn mirrored_to_corner(blocks: &[[u8; 6]; 4], blank_goal: u8) -> Vec<Vec<u8>> {
    let (flip_rows, flip_cols) = (blank_goal >= 20, blank_goal % 5 == 4);
    let mirrored = |cell: u8| {
        let (row, col) = (cell / 5, cell % 5);
        let row = if flip_rows { 4 - row } else { row };
        let col = if flip_cols { 4 - col } else { col };
        row * 5 + col
    };
    blocks
        .iter()
        .map(|block| block.iter().map(|&c| mirrored(c)).collect())
        .collect()
}

/// Compact patterns of at most `max_tiles` goal cells, for searches that
/// build their tables on the spot: the rows are cut into strips of two
/// (three for the last when the rows are odd), or the columns when they
/// are fewer, and each strip, read across it line by line, into the
/// fewest even groups. On 5×5 with 5: blocks of two or three lines
/// across, where rows alone would lose every vertical interaction.
pub(crate) fn compact_partition(
    rect: &Rectangle,
    blank_goal: u8,
    max_tiles: usize,
) -> Vec<Vec<u8>> {
    let by_rows = rect.rows <= rect.cols;
    let (lines, across) = if by_rows {
        (rect.rows, rect.cols)
    } else {
        (rect.cols, rect.rows)
    };
    let cell = |line: usize, k: usize| {
        (if by_rows {
            line * rect.cols + k
        } else {
            k * rect.cols + line
        }) as u8
    };
    let mut out = Vec::new();
    let mut first = 0;
    while first < lines {
        let width = if lines - first == 3 {
            3
        } else {
            2.min(lines - first)
        };
        let strip: Vec<u8> = (0..across)
            .flat_map(|k| (first..first + width).map(move |line| (line, k)))
            .map(|(line, k)| cell(line, k))
            .filter(|&c| c != blank_goal)
            .collect();
        let groups = strip.len().div_ceil(max_tiles.max(1));
        let mut at = 0;
        for g in 0..groups {
            let size = strip.len() / groups + usize::from(g < strip.len() % groups);
            out.push(strip[at..at + size].to_vec());
            at += size;
        }
        first += width;
    }
    out.retain(|g| g.len() > 1);
    out
}

/// The default largest pattern for a board: 7 tiles on 4×4 (two 57.7M
/// entry databases, built in about two minutes; 8 gives the 7-8 partition,
/// a 519M entry database), 6 on 3×4, 5×4 and 5×5 (four 127.5M entry
/// databases on 5×5).
pub(crate) fn default_max_tiles(rect: &Rectangle) -> usize {
    match rect.cell_count() {
        13..=16 => 7,
        _ => 6,
    }
}

/// A stronger set than the default's, used where it is already built:
/// 8 tiles on 4×4 (the 7-8 partition, a 519M entry database, built by
/// `pdb build --pattern-tiles 8` in about ten minutes).
pub(crate) fn stronger_max_tiles(rect: &Rectangle) -> Option<usize> {
    ((rect.rows, rect.cols) == (4, 4)).then_some(8)
}

/// The small tables built in seconds when the strong ones are not at
/// hand: 5 tiles on boards of 13 to 16 cells (5-5-5 on 4×4, three 524k
/// entry databases), the default elsewhere.
pub(crate) fn small_max_tiles(rect: &Rectangle) -> usize {
    match rect.cell_count() {
        13..=16 => 5,
        _ => default_max_tiles(rect),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_24_puzzle_blocks_follow_the_blank_to_every_corner() {
        let rect = Rectangle::new(5, 5);
        assert_eq!(partition(&rect, 0, 6)[0], vec![1, 2, 5, 6, 7, 12]);
        for blank in [0u8, 4, 20, 24] {
            let blocks = partition(&rect, blank, 6);
            let mut cells: Vec<u8> = blocks.concat();
            cells.sort_unstable();
            let others: Vec<u8> = (0..25).filter(|&c| c != blank).collect();
            assert_eq!(cells, others, "blank {blank}");
            assert!(blocks.iter().all(|b| b.len() == 6));
        }
        // Every partition of the catalogue covers the tiles once.
        for blank in [0u8, 4, 20, 24] {
            let others: Vec<u8> = (0..25).filter(|&c| c != blank).collect();
            for (blocks, _) in catalogue(&rect, blank, 6) {
                let mut cells: Vec<u8> = blocks.concat();
                cells.sort_unstable();
                assert_eq!(cells, others, "blank {blank}");
            }
        }
        assert!(catalogue(&rect, 12, 6).is_empty() && catalogue(&rect, 0, 5).is_empty());
        // The block at the far corner from the blank holds that corner.
        assert!(partition(&rect, 24, 6)[3].contains(&0));
        assert!(partition(&rect, 4, 6)[3].contains(&20));
    }
}
