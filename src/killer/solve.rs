//! Counting the solutions of a Killer Sudoku (cages with sums, givens
//! optional) on any geometry, up to a limit, within a budget of guesses.
//!
//! Algorithm: constraint propagation and depth-first search, as the fast
//! classic solvers do, with the cages as further constraints. Each cell
//! keeps its candidates as a mask. Propagation repeats, until nothing
//! changes: naked singles (a placed value leaves the cell's unit peers
//! and its cage); hidden singles in the units (rows, columns, boxes or
//! jigsaw regions, X's diagonals, Hyper's windows: whatever the
//! [`Geometry`] lists); and for each cage, its combinations: of the sets
//! of values that make the cage's remaining sum in its remaining cells
//! ([`Combos`]), those that avoid the values placed in the cage, lie
//! within the union of its cells' candidates and meet every cell's
//! candidates; every cell of the cage keeps only values of some such set,
//! and a value in every such set that only one cell can take is placed
//! there (a hidden single of the cage), while one that only cells sharing
//! a unit can take leaves that unit's other cells (cage against unit).
//! Then it branches on the empty cell with the fewest candidates, values
//! in increasing order (a known solution's value first, with
//! [`Solver::search_near`]), so the first solution found is the same
//! every run. Sources: Norvig's and
//! the band solvers' propagate-and-branch; the combination rule is the
//! one killer solvers state first. Cost: a pass is linear in cells,
//! units and cage combinations; 9x9 killers without givens take a few
//! guesses (tens of microseconds). Limits: sides up to 16 (the
//! combination tables); a guess is one branch tried, charged to the
//! budget, and a search cut by it says so. The combination test is a
//! necessary condition (it does not match values to cells), so the
//! search, not propagation, finds the last contradictions.

use crate::budget::{Budget, Search};
use crate::shape::Geometry;

use super::combos::Combos;
use crate::cages::Cages;

/// Why a killer search cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KillerError {
    /// The side has no combination tables (over 16).
    Side {
        /// The side.
        side: usize,
    },
    /// The cages are for another side than the geometry.
    CageSide {
        /// The cages' side.
        cages: usize,
        /// The grid's side.
        grid: usize,
    },
    /// The givens are not one value (or 0) per cell.
    Givens {
        /// The values given.
        found: usize,
        /// The cells.
        cells: usize,
    },
}

impl std::fmt::Display for KillerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            KillerError::Side { side } => write!(
                f,
                "killer puzzles of side {side}: the killer solver takes sides up to 16"
            ),
            KillerError::CageSide { cages, grid } => write!(
                f,
                "cages for side {cages} on a grid of side {grid}: they must be for the same side"
            ),
            KillerError::Givens { found, cells } => {
                write!(f, "{found} givens for a grid of {cells} cells")
            }
        }
    }
}

impl std::error::Error for KillerError {}

/// What a killer search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit.
    pub solutions: u64,
    /// The first solution found (values, row-major).
    pub first: Option<Vec<u8>>,
    /// The second solution found, when the limit allowed one.
    pub second: Option<Vec<u8>>,
    /// Guesses made.
    pub guesses: u64,
    /// Whether the budget cut the search short (then `solutions` is a
    /// lower bound).
    pub cut: bool,
}

impl Outcome {
    /// Whether the puzzle certainly has exactly one solution.
    pub fn is_unique(&self, search: &Search) -> bool {
        self.solutions == 1 && !self.cut && search.limit >= 2
    }
}

/// A killer puzzle's constraints, ready to search (build one per set of
/// cages; it borrows the geometry and the cages).
pub struct Solver<'a> {
    geometry: &'a Geometry,
    combos: &'static Combos,
    side: usize,
    full: u32,
    /// The cage of each cell.
    cage_of: Vec<u16>,
    /// The sets of distinct cells whose sum is known: the cages (group
    /// `k` is cage `k`), then the innies and outies of each unit (the
    /// rule of 45). Group `g`'s cells are `cells[start[g]..start[g + 1]]`.
    cells: Vec<u16>,
    start: Vec<u32>,
    sums: Vec<u32>,
    /// The groups of each cell: `cell_groups[cell_start[c]..cell_start[c + 1]]`.
    cell_groups: Vec<u16>,
    cell_start: Vec<u32>,
    /// Each group's cells as a set (bit `c & 63` of word `c >> 6`).
    group_sets: Vec<[u64; 4]>,
}

/// The search state: candidates, which cells are placed, how many left.
#[derive(Clone)]
struct State {
    cand: Vec<u32>,
    placed: Vec<bool>,
    left: usize,
    /// The units whose cells' candidates changed since they were looked
    /// at (a bit each), and likewise the groups.
    dirty_units: u128,
    dirty_groups: Vec<bool>,
    /// For group `g` and value `v`, at `g * side + v - 1`: how many of
    /// the group's cells held `v` when `v`, needed by every combination,
    /// was last cleared from the units those cells share (0: never).
    /// Candidates only shrink down a branch, so while that count stays
    /// the same the holders are the same cells and the clearing holds.
    cleared: Vec<u8>,
    /// Whether anything changed in the current pass.
    touched: bool,
}

impl State {
    /// Becomes a copy of `from`, reusing its buffers.
    fn copy_from(&mut self, from: &State) {
        self.cand.copy_from_slice(&from.cand);
        self.placed.copy_from_slice(&from.placed);
        self.left = from.left;
        self.dirty_units = from.dirty_units;
        self.dirty_groups.copy_from_slice(&from.dirty_groups);
        self.cleared.copy_from_slice(&from.cleared);
        self.touched = from.touched;
    }
}

/// The search's running tally.
struct Tally<'k> {
    /// A solution to try first at each branch (see [`Solver::search_near`]).
    known: Option<&'k [u8]>,
    limit: u64,
    count: u64,
    first: Option<Vec<u8>>,
    second: Option<Vec<u8>>,
    budget: Budget,
    guesses: u64,
    cut: bool,
}

impl<'a> Solver<'a> {
    /// The solver of `cages` on `geometry`.
    pub fn new(geometry: &'a Geometry, cages: &'a Cages) -> Result<Solver<'a>, KillerError> {
        let side = geometry.places().len().isqrt();
        let combos = Combos::of_side(side).ok_or(KillerError::Side { side })?;
        if cages.side() != side {
            return Err(KillerError::CageSide {
                cages: cages.side(),
                grid: side,
            });
        }
        let cage_of: Vec<u16> = (0..side * side).map(|c| cages.cage_of(c) as u16).collect();
        let members: Vec<&[u16]> = (0..cages.count()).map(|k| cages.cells(k)).collect();
        let sums: Vec<u32> = (0..cages.count()).map(|k| cages.sum(k)).collect();
        Ok(Solver::build(geometry, combos, cage_of, &members, &sums))
    }

    /// The solver of the cages given as each cell's cage (`cage_of`, ids
    /// `0..sums.len()`), each cage's cells (`members`) and sums, which
    /// the caller vouches for (connected or not, they are only sets of
    /// distinct cells with a sum): how the maker counts without building
    /// [`Cages`] each time. `None` past side 16.
    pub(crate) fn of_cut<C: Copy + Into<usize>>(
        geometry: &'a Geometry,
        cage_of: &[u32],
        members: &[Vec<C>],
        sums: &[u32],
    ) -> Option<Solver<'a>> {
        let side = geometry.places().len().isqrt();
        let combos = Combos::of_side(side)?;
        let cage_of = cage_of.iter().map(|&k| k as u16).collect();
        let members: Vec<Vec<u16>> = members
            .iter()
            .map(|m| m.iter().map(|&c| c.into() as u16).collect())
            .collect();
        let members: Vec<&[u16]> = members.iter().map(Vec::as_slice).collect();
        Some(Solver::build(geometry, combos, cage_of, &members, sums))
    }

    fn build(
        geometry: &'a Geometry,
        combos: &'static Combos,
        cage_of: Vec<u16>,
        members: &[&[u16]],
        sums: &[u32],
    ) -> Solver<'a> {
        let side = geometry.places().len().isqrt();
        let cells_n = side * side;
        let mut cells: Vec<u16> = Vec::with_capacity(cells_n * 4);
        let mut start: Vec<u32> = Vec::with_capacity(members.len() + 2 * geometry.unit_count() + 1);
        let mut all_sums: Vec<u32> = Vec::with_capacity(start.capacity());
        start.push(0);
        for (m, &sum) in members.iter().zip(sums) {
            cells.extend_from_slice(m);
            start.push(cells.len() as u32);
            all_sums.push(sum);
        }
        rule_of_45(
            geometry,
            &cage_of,
            members,
            sums,
            side,
            &mut cells,
            &mut start,
            &mut all_sums,
        );
        let mut cell_start = vec![0u32; cells_n + 1];
        for &c in &cells {
            cell_start[usize::from(c) + 1] += 1;
        }
        for c in 0..cells_n {
            cell_start[c + 1] += cell_start[c];
        }
        let mut next: Vec<u32> = cell_start[..cells_n].to_vec();
        let mut cell_groups = vec![0u16; cells.len()];
        for g in 0..all_sums.len() {
            for &c in &cells[start[g] as usize..start[g + 1] as usize] {
                let c = usize::from(c);
                cell_groups[next[c] as usize] = g as u16;
                next[c] += 1;
            }
        }
        let group_sets = (0..all_sums.len())
            .map(|g| {
                let mut set = [0u64; 4];
                for &c in &cells[start[g] as usize..start[g + 1] as usize] {
                    set[usize::from(c) >> 6] |= 1 << (c & 63);
                }
                set
            })
            .collect();
        Solver {
            geometry,
            combos,
            side,
            full: (1u32 << side) - 1,
            cage_of,
            cells,
            start,
            sums: all_sums,
            cell_groups,
            cell_start,
            group_sets,
        }
    }

    /// The cells of group `g`.
    #[inline]
    fn group(&self, g: usize) -> &[u16] {
        &self.cells[self.start[g] as usize..self.start[g + 1] as usize]
    }

    /// Counts the solutions with `givens` (a value per cell, 0 for empty;
    /// an empty slice for none) up to `search.limit`, within
    /// `search.budget` guesses.
    pub fn search(&self, givens: &[u8], search: Search) -> Result<Outcome, KillerError> {
        self.search_excluding(givens, None, search)
    }

    /// [`Solver::search`] with value `v` ruled out of cell `c` when
    /// `exclude` is `Some((c, v))`: the solutions that differ there (how
    /// a uniqueness test asks whether a puzzle has a solution other than
    /// one it knows).
    pub fn search_excluding(
        &self,
        givens: &[u8],
        exclude: Option<(usize, u8)>,
        search: Search,
    ) -> Result<Outcome, KillerError> {
        self.run(givens, exclude, None, search)
    }

    /// [`Solver::search`] trying, at each branch, the value of `known` (a
    /// solution, a value per cell) first: the same count, found sooner
    /// when `known` is a solution (the search walks straight to it, and a
    /// second solution, which differs in few cells, is often near).
    pub fn search_near(
        &self,
        givens: &[u8],
        known: &[u8],
        search: Search,
    ) -> Result<Outcome, KillerError> {
        self.run(givens, None, Some(known), search)
    }

    fn run(
        &self,
        givens: &[u8],
        exclude: Option<(usize, u8)>,
        known: Option<&[u8]>,
        search: Search,
    ) -> Result<Outcome, KillerError> {
        let cells = self.side * self.side;
        if !givens.is_empty() && givens.len() != cells {
            return Err(KillerError::Givens {
                found: givens.len(),
                cells,
            });
        }
        if known.is_some_and(|k| k.len() != cells) {
            return Err(KillerError::Givens {
                found: known.map_or(0, <[u8]>::len),
                cells,
            });
        }
        let mut tally = Tally {
            known,
            limit: search.limit.max(1),
            count: 0,
            first: None,
            second: None,
            budget: search.budget,
            guesses: 0,
            cut: false,
        };
        let mut state = State {
            cand: vec![self.full; cells],
            placed: vec![false; cells],
            left: cells,
            dirty_units: if self.geometry.unit_count() >= 128 {
                u128::MAX
            } else {
                (1u128 << self.geometry.unit_count()) - 1
            },
            dirty_groups: vec![true; self.sums.len()],
            cleared: vec![0; self.sums.len() * self.side],
            touched: true,
        };
        let mut ok = true;
        if let Some((cell, v)) = exclude.filter(|&(c, v)| c < cells && v >= 1) {
            state.cand[cell] &= !(1u32 << (v - 1));
            ok = state.cand[cell] != 0;
        }
        for (cell, &v) in givens.iter().enumerate() {
            if !ok {
                break;
            }
            if v == 0 {
                continue;
            }
            if usize::from(v) > self.side || state.cand[cell] & 1 << (v - 1) == 0 {
                ok = false;
                break;
            }
            if !state.placed[cell] && !self.place(&mut state, cell, 1 << (v - 1)) {
                ok = false;
                break;
            }
        }
        if ok {
            // A state a depth, reused by every branch at that depth.
            let mut pool = vec![state];
            self.explore(&mut pool, 0, &mut tally);
        }
        Ok(Outcome {
            solutions: tally.count,
            first: tally.first,
            second: tally.second,
            guesses: tally.guesses,
            cut: tally.cut,
        })
    }

    /// Places the value of mask `bit` in `cell`: removes it from the
    /// cell's unit peers and cage; `false` on a contradiction.
    /// Marks the units and groups of `cell`, whose candidates changed.
    #[inline]
    fn touch(&self, st: &mut State, cell: usize) {
        st.dirty_units |= self.geometry.unit_bits()[cell];
        let (a, b) = (self.cell_start[cell], self.cell_start[cell + 1]);
        for &g in &self.cell_groups[a as usize..b as usize] {
            st.dirty_groups[usize::from(g)] = true;
        }
        st.touched = true;
    }

    #[inline]
    fn place(&self, st: &mut State, cell: usize, bit: u32) -> bool {
        st.cand[cell] = bit;
        self.touch(st, cell);
        st.placed[cell] = true;
        st.left -= 1;
        for &p in self.geometry.peers(cell) {
            let p = usize::from(p);
            if st.cand[p] & bit != 0 {
                st.cand[p] &= !bit;
                if st.cand[p] == 0 {
                    return false;
                }
                self.touch(st, p);
            }
        }
        for &p in self.group(usize::from(self.cage_of[cell])) {
            let p = usize::from(p);
            if p != cell && st.cand[p] & bit != 0 {
                st.cand[p] &= !bit;
                if st.cand[p] == 0 {
                    return false;
                }
                self.touch(st, p);
            }
        }
        true
    }

    /// Propagates to a fixed point; `false` on a contradiction. Only the
    /// units and groups whose cells changed are looked at again.
    #[inline(never)]
    fn propagate(&self, st: &mut State) -> bool {
        let cells = self.side * self.side;
        loop {
            st.touched = false;
            // Naked singles.
            for cell in 0..cells {
                if !st.placed[cell]
                    && st.cand[cell] & (st.cand[cell] - 1) == 0
                    && !self.place(st, cell, st.cand[cell])
                {
                    return false;
                }
            }
            // Hidden singles in the units.
            let mut units = std::mem::take(&mut st.dirty_units);
            while units != 0 {
                let u = units.trailing_zeros() as usize;
                units &= units - 1;
                let unit = self.geometry.unit(u);
                let (mut once, mut more) = (0u32, 0u32);
                for &c in unit {
                    let m = st.cand[usize::from(c)];
                    more |= once & m;
                    once |= m;
                }
                if once != self.full {
                    return false;
                }
                let hidden = once & !more;
                if hidden == 0 {
                    continue;
                }
                for &c in unit {
                    let c = usize::from(c);
                    let h = st.cand[c] & hidden;
                    if h != 0 && !st.placed[c] {
                        if h & (h - 1) != 0 {
                            return false;
                        }
                        if !self.place(st, c, h) {
                            return false;
                        }
                    }
                }
            }
            // Cage combinations.
            for k in 0..self.sums.len() {
                if st.dirty_groups[k] {
                    st.dirty_groups[k] = false;
                    if self.cage_step(st, k).is_none() {
                        return false;
                    }
                }
            }
            if !st.touched {
                return true;
            }
        }
    }

    /// Narrows the cells of group `k` (a cage, or an innie or outie set)
    /// to its combinations; `None` on a contradiction, else whether
    /// anything changed.
    #[inline(never)]
    fn cage_step(&self, st: &mut State, k: usize) -> Option<bool> {
        let cells = self.group(k);
        let sum = self.sums[k];
        let mut rem = [0u16; 32];
        let mut m = 0;
        let (mut used, mut placed_sum, mut union) = (0u32, 0u32, 0u32);
        for &c in cells {
            if st.placed[usize::from(c)] {
                used |= st.cand[usize::from(c)];
                placed_sum += st.cand[usize::from(c)].trailing_zeros() + 1;
            } else {
                rem[m] = c;
                m += 1;
                union |= st.cand[usize::from(c)];
            }
        }
        if placed_sum > sum {
            return None;
        }
        if m == 0 {
            return (placed_sum == sum).then_some(false);
        }
        let rem = &rem[..m];
        let (mut allowed, mut required) = (0u32, u32::MAX);
        'combo: for &combo in self.combos.get(m, sum - placed_sum) {
            if combo & used != 0 || combo & !union != 0 {
                continue;
            }
            for &c in rem {
                if st.cand[usize::from(c)] & combo == 0 {
                    continue 'combo;
                }
            }
            allowed |= combo;
            required &= combo;
        }
        if allowed == 0 {
            return None;
        }
        let mut changed = false;
        for &c in rem {
            let c = usize::from(c);
            let narrowed = st.cand[c] & allowed;
            if narrowed != st.cand[c] {
                if narrowed == 0 {
                    return None;
                }
                st.cand[c] = narrowed;
                self.touch(st, c);
                changed = true;
            }
        }
        // A value every combination needs: when one cell alone can take
        // it, it is that cell's; when the cells that can take it share a
        // unit, no other cell of that unit has it (cage against unit).
        let unit_bits = self.geometry.unit_bits();
        let inside = &self.group_sets[k];
        let mut need = required;
        while need != 0 {
            let bit = need & need.wrapping_neg();
            need &= need - 1;
            let mut holder = usize::MAX;
            let mut holders = 0;
            let mut common = u128::MAX;
            for &c in rem {
                let c = usize::from(c);
                if st.cand[c] & bit != 0 {
                    holder = c;
                    holders += 1;
                    common &= unit_bits[c];
                }
            }
            match holders {
                0 => return None,
                1 if st.cand[holder] != bit => {
                    st.cand[holder] = bit;
                    self.touch(st, holder);
                    changed = true;
                    continue;
                }
                _ => {}
            }
            let seen = &mut st.cleared[k * self.side + bit.trailing_zeros() as usize];
            if *seen == holders {
                continue;
            }
            *seen = holders;
            while common != 0 {
                let u = common.trailing_zeros() as usize;
                common &= common - 1;
                for &p in self.geometry.unit(u) {
                    let p = usize::from(p);
                    if st.cand[p] & bit == 0 || inside[p >> 6] & 1 << (p & 63) != 0 {
                        continue;
                    }
                    st.cand[p] &= !bit;
                    if st.cand[p] == 0 {
                        return None;
                    }
                    self.touch(st, p);
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// The search from `st`.
    fn explore(&self, pool: &mut Vec<State>, depth: usize, tally: &mut Tally<'_>) {
        if pool.len() == depth + 1 {
            let copy = pool[depth].clone();
            pool.push(copy);
        }
        let st = &mut pool[depth];
        if !self.propagate(st) {
            return;
        }
        if st.left == 0 {
            tally.count += 1;
            let values = || {
                st.cand
                    .iter()
                    .map(|m| m.trailing_zeros() as u8 + 1)
                    .collect()
            };
            if tally.first.is_none() {
                tally.first = Some(values());
            } else if tally.second.is_none() {
                tally.second = Some(values());
            }
            return;
        }
        // The empty cell with the fewest candidates (first in reading order).
        let mut best = usize::MAX;
        let mut fewest = u32::MAX;
        for (c, &m) in st.cand.iter().enumerate() {
            if !st.placed[c] {
                let n = m.count_ones();
                if n < fewest {
                    fewest = n;
                    best = c;
                    if n == 2 {
                        break;
                    }
                }
            }
        }
        let mut values = st.cand[best];
        // The known solution's value first, when it is a candidate.
        let first = tally.known.map_or(0, |k| {
            st.cand[best] & 1u32 << (k[best].wrapping_sub(1) & 31)
        });
        while values != 0 {
            if tally.count >= tally.limit || tally.cut {
                return;
            }
            let bit = if first != 0 && values & first != 0 {
                first
            } else {
                values & values.wrapping_neg()
            };
            values &= !bit;
            if !tally.budget.spend() {
                tally.cut = true;
                return;
            }
            tally.guesses += 1;
            let (done, rest) = pool.split_at_mut(depth + 1);
            rest[0].copy_from(&done[depth]);
            if self.place(&mut rest[0], best, bit) {
                self.explore(pool, depth + 1, tally);
            }
        }
    }
}

/// The rule of 45 on each unit: the cells of the unit in cages that stick
/// out of it (the innies) sum to the unit's total less the sums of the
/// cages inside it; the cells of those cages outside the unit (the
/// outies) sum to their cages' sums less the innies'. Innies are distinct
/// (one unit); outies are kept when they all see each other. Sets of one
/// cell up to `side - 1` cells.
#[allow(clippy::too_many_arguments)]
fn rule_of_45(
    geometry: &Geometry,
    cage_of: &[u16],
    members: &[&[u16]],
    sums: &[u32],
    side: usize,
    cells: &mut Vec<u16>,
    start: &mut Vec<u32>,
    out_sums: &mut Vec<u32>,
) {
    let total = (side * (side + 1) / 2) as u32;
    let mut touched: Vec<usize> = Vec::with_capacity(side);
    let mut outies: Vec<u16> = Vec::with_capacity(4 * side);
    for u in 0..geometry.unit_count() {
        let unit = geometry.unit(u);
        let mut inside = [0u64; 4];
        for &c in unit {
            inside[usize::from(c) >> 6] |= 1 << (c & 63);
        }
        let in_unit = |c: u16| inside[usize::from(c) >> 6] & 1 << (c & 63) != 0;
        touched.clear();
        touched.extend(unit.iter().map(|&c| usize::from(cage_of[usize::from(c)])));
        touched.sort_unstable();
        touched.dedup();
        let (mut inside_sum, mut partial_sum) = (0u32, 0u32);
        outies.clear();
        let innie_start = cells.len();
        for &k in &touched {
            let members = members[k];
            if members.iter().all(|&c| in_unit(c)) {
                inside_sum += sums[k];
            } else {
                partial_sum += sums[k];
                for &c in members {
                    if in_unit(c) {
                        cells.push(c);
                    } else {
                        outies.push(c);
                    }
                }
            }
        }
        let innies = cells.len() - innie_start;
        if innies == 0 || inside_sum > total {
            cells.truncate(innie_start);
            continue;
        }
        let innie_sum = total - inside_sum;
        if innies < side {
            start.push(cells.len() as u32);
            out_sums.push(innie_sum);
        } else {
            cells.truncate(innie_start);
        }
        let all_see = outies.iter().enumerate().all(|(i, &a)| {
            let a = usize::from(a);
            outies[i + 1..].iter().all(|&b| {
                let b = usize::from(b);
                geometry.sees(a, b) || cage_of[a] == cage_of[b]
            })
        });
        if !outies.is_empty() && outies.len() < side && all_see && partial_sum >= innie_sum {
            cells.extend_from_slice(&outies);
            start.push(cells.len() as u32);
            out_sums.push(partial_sum - innie_sum);
        }
    }
}

/// Counts the solutions of the killer puzzle of `cages` with `givens`
/// (empty for none) on `geometry`, up to `search.limit`: see
/// [`Solver::search`].
pub fn search(
    geometry: &Geometry,
    cages: &Cages,
    givens: &[u8],
    search: Search,
) -> Result<Outcome, KillerError> {
    Solver::new(geometry, cages)?.search(givens, search)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;
    use crate::shape::Shape;

    #[test]
    fn a_four_by_four_killer_is_solved() {
        // 1 2 | 3 4
        // 3 4 | 1 2
        // ----+----
        // 2 1 | 4 3
        // 4 3 | 2 1
        let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let map = "AABB CDDB CEFF GEHH";
        let cages = Cages::parse_map(map, "3 9 5 5 4 7 4 3").unwrap();
        cages.check_solution(&solution).unwrap();
        let shape = Shape::plain(Size::S4);
        let geometry = shape.geometry();
        let out = search(geometry, &cages, &[], Search::default()).unwrap();
        // Two solutions: the top right and bottom right boxes' 3 and 4
        // swap columns.
        let other = [1, 2, 4, 3, 3, 4, 1, 2, 2, 1, 3, 4, 4, 3, 2, 1];
        assert_eq!(out.first.as_deref(), Some(&solution[..]));
        assert_eq!(out.second.as_deref(), Some(&other[..]));
        assert_eq!(out.solutions, 2, "{out:?}");
        assert!(!out.cut);
        // Cut F (cells 10, 11) in two: unique.
        let cages = Cages::parse_map("AABB CDDB CEFG HEII", "3 9 5 5 4 4 3 4 3").unwrap();
        let out = search(geometry, &cages, &[], Search::default()).unwrap();
        assert_eq!(out.first.as_deref(), Some(&solution[..]));
        assert_eq!((out.solutions, &out.second), (1, &None), "{out:?}");
        // A given does it too.
        let mut givens = [0u8; 16];
        givens[2] = 3;
        let cages = Cages::parse_map(map, "3 9 5 5 4 7 4 3").unwrap();
        let out = search(geometry, &cages, &givens, Search::default()).unwrap();
        assert_eq!(
            (out.solutions, out.first.as_deref()),
            (1, Some(&solution[..]))
        );
        // A wrong given: none.
        givens[2] = 4;
        givens[3] = 4;
        let out = search(geometry, &cages, &givens, Search::default()).unwrap();
        assert_eq!((out.solutions, out.first), (0, None));
    }

    #[test]
    fn a_budget_cuts_the_search() {
        // One cage of 16 cells... is too big: cages of whole rows instead
        // leave many solutions, and a budget of 1 guess cuts the count.
        let cages = Cages::parse_map("AAAA BBBB CCCC DDDD", "10 10 10 10").unwrap();
        let shape = Shape::plain(Size::S4);
        let geometry = shape.geometry();
        let all = search(
            geometry,
            &cages,
            &[],
            Search {
                limit: 1000,
                budget: Budget::UNLIMITED,
            },
        )
        .unwrap();
        assert_eq!(all.solutions, 288);
        let cut = search(
            geometry,
            &cages,
            &[],
            Search {
                limit: 1000,
                budget: Budget::new(1),
            },
        )
        .unwrap();
        assert!(cut.cut && cut.solutions < 288);
    }

    #[test]
    fn cages_of_another_side_are_refused() {
        let cages = Cages::parse_map("AAAA BBBB CCCC DDDD", "10 10 10 10").unwrap();
        let shape = Shape::plain(Size::S9);
        let geometry = shape.geometry();
        assert_eq!(
            search(geometry, &cages, &[], Search::default()).unwrap_err(),
            KillerError::CageSide { cages: 4, grid: 9 }
        );
    }
}
