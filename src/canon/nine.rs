//! The fast 9x9 searches (stub: the general search for now).

use super::general;
use crate::transform::{Shape, Transform};

/// The 9x9 searches' buffers.
pub(crate) struct Engine(general::Engine);

impl Engine {
    pub(crate) fn new() -> Engine {
        Engine(general::Engine::new())
    }

    pub(crate) fn canon(&mut self, cells: &[u8], pattern_first: bool, out: &mut [u8]) -> Transform {
        self.0.run(cells, Shape::boxes(3, 3).unwrap(), pattern_first);
        out[..81].copy_from_slice(&self.0.best[..81]);
        self.0.first_transform(&self.0.branches()[0])
    }

    pub(crate) fn grid_symmetries(&mut self, cells: &[u8], f: &mut impl FnMut(Transform)) {
        self.0.run(cells, Shape::boxes(3, 3).unwrap(), false);
        for b in self.0.branches() {
            self.0.for_each_transform(b, |t| {
                f(t);
                true
            });
        }
    }
}
