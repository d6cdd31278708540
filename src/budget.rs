//! The search budget: how many guesses a search may make, and what a
//! search asks for (a limit of solutions within a budget). A room of its
//! own, below the solvers (`solve`, `killer::solve`) that all take it.

/// The default search budget of the commands: a million guesses per
/// puzzle.
pub const DEFAULT_BUDGET: Budget = Budget::new(1_000_000);

/// How far to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// Stop after this many solutions (at least 1).
    pub limit: u64,
    /// The guesses the search may make.
    pub budget: Budget,
}

impl Default for Search {
    /// Limit 2 (enough to tell whether the solution is unique), no budget.
    fn default() -> Self {
        Search {
            limit: 2,
            budget: Budget::UNLIMITED,
        }
    }
}

/// The guesses searches may make (a guess is a branch tried beyond
/// deduction), and what they spent: the one budget type, from the
/// `--budget` option of the commands down to the search. A budget is a
/// plain value: copy it to give each puzzle the same bound, or lend one
/// (`&mut`) to several searches to bound them together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub(crate) left: u64,
    pub(crate) spent: u64,
    /// What had been spent when the latest search began.
    pub(crate) began: u64,
    /// Whether the latest search ran out.
    pub(crate) cut: bool,
}

impl std::fmt::Display for Budget {
    /// The bound, as a number of guesses.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.bound())
    }
}

impl Budget {
    /// No bound.
    pub const UNLIMITED: Budget = Budget::new(u64::MAX);

    /// A bound of `guesses` (`u64::MAX`: none).
    pub const fn new(guesses: u64) -> Budget {
        Budget {
            left: guesses,
            spent: 0,
            began: 0,
            cut: false,
        }
    }

    /// The guesses not yet spent.
    pub fn left(&self) -> u64 {
        self.left
    }

    /// The guesses spent so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// The bound it started with.
    pub fn bound(&self) -> u64 {
        self.left.saturating_add(self.spent)
    }

    /// Whether there is no bound.
    pub fn is_unlimited(&self) -> bool {
        self.bound() == u64::MAX
    }

    /// Counts `guesses` that a search made with a copy of this budget spent.
    pub fn charge(&mut self, guesses: u64) {
        self.left = self.left.saturating_sub(guesses);
        self.spent = self.spent.saturating_add(guesses);
    }

    /// Starts a search: whether it runs out, and what it spends, are its
    /// own.
    #[inline]
    pub(crate) fn begin(&mut self) {
        self.cut = false;
        self.began = self.spent;
    }

    /// The guesses the current search has spent.
    #[inline]
    pub(crate) fn spent_here(&self) -> u64 {
        self.spent - self.began
    }

    /// Takes one guess from the budget; `false` (and the search stops) if
    /// none is left.
    #[inline]
    pub(crate) fn spend(&mut self) -> bool {
        // Every 256 guesses, whether the process is stopping (its reader
        // has gone): a long search then ends at once, as if cut.
        if self.left == 0 || (self.spent & 255 == 255 && crate::pipeline::interrupted()) {
            self.left = 0;
            self.cut = true;
            return false;
        }
        self.left -= 1;
        self.spent += 1;
        true
    }

    /// Whether the budget ran out.
    #[inline]
    pub(crate) fn exhausted(&self) -> bool {
        self.cut
    }
}
