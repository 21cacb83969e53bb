//! The two ways of counting moves: single-tile moves (one tile slides
//! one cell; a sequence's length) and multi-tile moves (tiles of the
//! blank's row or column sliding together count once; the
//! speedsolvers' count, on 2-D boards). A solver is asked for the
//! fewest in one of them.

use std::fmt;
use std::str::FromStr;

/// How the moves of an answer are counted: what "shortest" means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// One tile sliding one cell is one move (`stm`): the default.
    #[default]
    SingleTile,
    /// Tiles of the blank's row or column sliding together, one cell or
    /// more, are one move (`mtm`), on 2-D boards.
    MultiTile,
}

impl Metric {
    /// The short name: `stm` or `mtm`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::SingleTile => "stm",
            Self::MultiTile => "mtm",
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Metric {
    type Err = crate::Error;

    /// `stm` or `mtm` (any case).
    ///
    /// # Errors
    /// [`Error::Input`](crate::Error::Input) naming what was given.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "stm" => Ok(Self::SingleTile),
            "mtm" => Ok(Self::MultiTile),
            _ => Err(crate::Error::Input {
                place: "metric".into(),
                problem: format!(
                    "`{}` is not a metric: `stm` (single-tile moves) or `mtm` (multi-tile moves)",
                    s.chars().take(40).collect::<String>()
                ),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for m in [Metric::SingleTile, Metric::MultiTile] {
            assert_eq!(m.name().parse::<Metric>().unwrap(), m);
        }
        assert_eq!("MTM".parse::<Metric>().unwrap(), Metric::MultiTile);
        assert!("moves".parse::<Metric>().is_err());
    }
}
