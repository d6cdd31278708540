//! The depth-first search the solvers share: deduce, then guess.
//!
//! A solver's state ([`Node`]) deduces what it can, says what to guess on
//! (a choice with up to 32 alternatives, each of which a solution takes
//! exactly one of), and takes or rules out one alternative. [`explore`]
//! tries the alternatives in order, the hint's first: each on a copy of the
//! state but the last, which is tried on the state itself after the others
//! are ruled out. The copies live on a stack in a `Vec`, not in a
//! recursion, so a search hundreds of guesses deep needs no more of the
//! thread's stack than a shallow one.
//!
//! A search also learns from its dead ends: each state that turns out to
//! have no solution adds to the weight of the constraint that failed
//! ([`Node::learn`]), and a solver may prefer to guess where the weights
//! are high ([`Node::choose`]): the *dom/wdeg* idea of Boussemart,
//! Hemery, Lecoutre and Sais ("Boosting systematic search by weighting
//! constraints", ECAI 2004), which steers the search to the part of the
//! puzzle that keeps failing. The weights start at zero for every search,
//! so a search is still a function of its puzzle alone.

use super::{Budget, Found};
use crate::grid::Grid;

/// A solver's search state.
pub(crate) trait Node: Clone {
    /// What a guess branches on.
    type Choice: Copy;

    /// What the search learns from dead ends (see [`Node::learn`]); `()`
    /// for a solver that learns nothing.
    type Weights: Default;

    /// Deduces until nothing more follows; `false` if the state has no
    /// solution.
    fn deduce(&mut self) -> bool;

    /// Whether every cell is fixed (after a successful [`Node::deduce`],
    /// a solution).
    fn solved(&self) -> bool;

    /// Writes the solved state into `grid`.
    fn write(&self, grid: &mut Grid);

    /// Called on a state just found to have no solution: adds to the
    /// `weights` of what failed.
    fn learn(&self, weights: &mut Self::Weights);

    /// What to guess on, and its alternatives, a bit each, given what the
    /// search has learned.
    fn choose(&self, weights: &Self::Weights) -> (Self::Choice, u32);

    /// The alternative a complete grid `hint` takes, if it is among `rest`.
    fn hinted(&self, choice: Self::Choice, hint: &[u8], rest: u32) -> Option<usize>;

    /// Takes alternative `i`; `false` if that contradicts the state.
    fn take(&mut self, choice: Self::Choice, i: usize) -> bool;

    /// Rules alternative `i` out; `false` if that contradicts the state.
    fn rule_out(&mut self, choice: Self::Choice, i: usize) -> bool;
}

/// The dead ends a search has met, counted per constraint (a cell, a
/// value's places, ...; each solver numbers its own `N` constraints): the
/// weights of [`Node::learn`] and [`Node::choose`] for the solvers that
/// learn, and of the 9x9 solver's own search. A constraint numbered
/// [`NO_FAILURE`] or beyond `N` counts nothing.
pub(crate) struct DeadEnds<const N: usize>(pub(crate) [u32; N]);

impl<const N: usize> Default for DeadEnds<N> {
    fn default() -> Self {
        DeadEnds([0; N])
    }
}

impl<const N: usize> DeadEnds<N> {
    /// Counts one more dead end at constraint `failed`.
    pub(crate) fn charge(&mut self, failed: u16) {
        if let Some(w) = self.0.get_mut(usize::from(failed)) {
            *w = w.saturating_add(1);
        }
    }
}

/// The constraint of a state that has not failed.
pub(crate) const NO_FAILURE: u16 = u16::MAX;

/// A guess open in the search.
#[derive(Clone, Copy)]
struct Guess<C> {
    choice: C,
    /// The alternatives not yet tried, a bit each.
    rest: u32,
    /// The alternative being tried on the copy one level deeper.
    tried: Option<usize>,
}

/// Deduces from `root`, then guesses, depth first, recording solutions in
/// `found` until its limit or the budget is reached: at each guess the
/// `hint`'s alternative first (when it is one), then the others from the
/// lowest.
pub(crate) fn explore<N: Node>(
    root: N,
    hint: Option<&[u8]>,
    found: &mut Found,
    budget: &mut Budget,
) {
    // `states[d]`: the state at depth d; `open[d]`: the guess open on it.
    // Room from the start for the depths searches usually reach (up to 64
    // states, within about 64 KiB): a stack that grows copies every state
    // it holds each time.
    let room = (65_536 / std::mem::size_of::<N>().max(1)).clamp(4, 64);
    let mut states = Vec::with_capacity(room);
    states.push(root);
    let mut open: Vec<Guess<N::Choice>> = Vec::with_capacity(room);
    let mut weights = N::Weights::default();
    loop {
        // Deduce on the deepest state; open a guess on it, or drop it.
        let top = states.len() - 1;
        let state = &mut states[top];
        let alive = state.deduce();
        if alive && !state.solved() {
            let (choice, rest) = state.choose(&weights);
            open.push(Guess {
                choice,
                rest,
                tried: None,
            });
        } else {
            if alive {
                found.record(|g| state.write(g));
                if found.done() {
                    return;
                }
            } else {
                state.learn(&mut weights);
            }
            states.pop();
        }
        // Try the next alternative of the deepest open guess.
        loop {
            let Some(&Guess {
                choice,
                mut rest,
                tried,
            }) = open.last()
            else {
                return;
            };
            let d = open.len() - 1;
            // The alternative just tried on a copy is not there.
            if let Some(t) = tried
                && !states[d].rule_out(choice, t)
            {
                states[d].learn(&mut weights);
                open.pop();
                states.pop();
                continue;
            }
            let first = hint.and_then(|h| states[d].hinted(choice, h, rest));
            let i = match first {
                Some(i) => i,
                None if rest != 0 => rest.trailing_zeros() as usize,
                None => {
                    open.pop();
                    states.pop();
                    continue;
                }
            };
            rest &= !(1 << i);
            open[d] = Guess {
                choice,
                rest,
                tried: None,
            };
            if rest == 0 {
                // The last alternative, on the state itself.
                open.pop();
                if !states[d].take(choice, i) {
                    states[d].learn(&mut weights);
                    states.pop();
                    continue;
                }
                break;
            }
            if !budget.spend() {
                return;
            }
            open[d].tried = Some(i);
            // The copy is made in place on the stack of states (a clone
            // pushed would be copied twice).
            states.extend_from_within(d..=d);
            let trial = &mut states[d + 1];
            if trial.take(choice, i) {
                break;
            }
            trial.learn(&mut weights);
            states.pop();
        }
    }
}
