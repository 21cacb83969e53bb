//! Boards from specs, masks and graphs; box adjacency against the
//! adjacency of its edges.

use super::*;

/// Coordinates of a cell in a box, first dimension first.
fn box_coords(dims: &[usize], cell: usize) -> Vec<usize> {
    let mut coords = vec![0; dims.len()];
    let mut rest = cell;
    for (i, &d) in dims.iter().enumerate().rev() {
        coords[i] = rest % d;
        rest /= d;
    }
    coords
}

#[test]
fn box_adjacency_is_the_adjacency_of_its_edges() {
    for dims in [
        &[5][..],
        &[1, 5],
        &[3, 4],
        &[2, 3, 4],
        &[2, 2, 2, 2],
        &[3, 1, 2],
    ] {
        let cells: usize = dims.iter().product();
        let mut edges = Vec::new();
        for a in 0..cells {
            for b in a + 1..cells {
                let (x, y) = (box_coords(dims, a), box_coords(dims, b));
                let apart: usize = x.iter().zip(&y).map(|(p, q)| p.abs_diff(*q)).sum();
                if apart == 1 {
                    edges.push((a as Cell, b as Cell));
                }
            }
        }
        let direct = Adjacency::of_box(dims);
        let built = Adjacency::from_edges(cells, &edges);
        assert_eq!(direct.offsets, built.offsets, "{dims:?}");
        assert_eq!(direct.targets, built.targets, "{dims:?}");
    }
}

#[test]
fn box_adjacency_matches_edges() {
    for dims in [vec![1], vec![4], vec![2, 3], vec![3, 1, 2], vec![2, 2, 2]] {
        let b = Board::new_box(&dims).unwrap();
        for u in 0..b.cell_count() as Cell {
            for v in 0..b.cell_count() as Cell {
                let listed = b.neighbours(u).contains(&v);
                assert_eq!(listed, box_adjacent(&dims, u as usize, v as usize));
                if listed {
                    assert_eq!(box_distance(&dims, u as usize, v as usize), 1);
                }
            }
        }
    }
}

#[test]
fn grid_3x5_is_three_rows_of_five() {
    let b = Board::new_box(&[3, 5]).unwrap();
    assert_eq!(b.neighbours(0), &[1, 5]);
    assert_eq!(b.edge_count(), 3 * 4 + 2 * 5);
    assert_eq!(box_coords(&[3, 5], 7), vec![1, 2]);
    assert_eq!(b.row_col(7), Some((1, 2)));
}

#[test]
fn hostile_sizes_are_refused() {
    assert!(Board::new_box(&[1_000_000_000, 1_000_000_000]).is_err());
    assert!(Board::new_box(&[usize::MAX, 2]).is_err());
    assert!(Board::new_box(&[0, 3]).is_err());
    assert!(Board::graph(3, &[(0, 3)]).is_err());
    assert!(Board::graph(3, &[(1, 1)]).is_err());
    assert!(Board::mask(&["#.", "#"]).is_err());
}

#[test]
fn graph_merges_repeated_edges() {
    let b = Board::graph(3, &[(0, 1), (1, 0), (1, 2)]).unwrap();
    assert_eq!(b.edge_count(), 2);
    assert_eq!(b.edges().collect::<Vec<_>>(), vec![(0, 1), (1, 2)]);
}
