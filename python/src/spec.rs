//! The shape keywords (`size=`, `box=`, `variant=`, `regions=`) resolved
//! into the library's values, with the CLI's checks and messages (naming
//! the keyword instead of the option), as a `Spec` the wrapper passes to
//! every call that makes or takes grids.

use pyo3::prelude::*;
use sudogen::grid::{A, Layout, Shape, ShapeError, Size, Variant};

use crate::args::grid_size;
use crate::value_error;

/// What the shape keywords ask for: the size to make or read records as
/// (`None`: from each array or record; 9x9 to make), the variant (`None`:
/// each record's own, none for arrays), and whether the puzzles are killer
/// puzzles (`variant="killer"` or `"x-killer"`, or records read with
/// cages): each then has cages of its own, which travel beside the arrays.
#[pyclass(frozen, from_py_object, module = "sudogen._sudogen")]
#[derive(Clone, Debug, Default)]
pub struct Spec {
    size: Option<Size>,
    variant: Option<Variant>,
    killer: bool,
    /// `variant="jigsaw"` without regions, where a run draws a map for
    /// every grid (`sudogen::runs::GridRun::drawing_layouts`): the side.
    draw: Option<usize>,
}

#[pymethods]
impl Spec {
    /// The side, if known.
    #[getter]
    fn side(&self) -> Option<usize> {
        self.size.map(Size::side)
    }

    /// The boxes as `RxC`, when they are not the side's usual ones.
    #[getter]
    #[pyo3(name = "box")]
    fn boxes(&self) -> Option<String> {
        self.size
            .filter(|s| s.has_boxes() && !s.is_usual())
            .map(Size::box_text)
    }

    /// The variant's name (`x`, `hyper`, `jigsaw`, `killer`, `x-killer`),
    /// if any: killer on a shape without a variant is `killer`, on X
    /// `x-killer`, on the others their own name (the cages say the rest).
    #[getter]
    pub(crate) fn variant(&self) -> Option<&'static str> {
        match (self.variant.as_ref(), self.killer) {
            (None | Some(Variant::None), true) => Some("killer"),
            (Some(Variant::X), true) => Some("x-killer"),
            (v, _) => v.filter(|v| **v != Variant::None).map(Variant::name),
        }
    }

    /// Whether the records are killer puzzles, each with its cages.
    #[getter]
    fn killer(&self) -> bool {
        self.killer
    }

    /// A jigsaw's region map as letters, row by row.
    #[getter]
    fn regions(&self) -> Option<String> {
        match self.variant.clone() {
            Some(Variant::Jigsaw(layout)) => Some(layout.text()),
            _ => None,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Spec(side={:?}, box={:?}, variant={:?}, regions={:?})",
            self.side(),
            self.boxes(),
            self.variant(),
            self.regions()
        )
    }
}

impl Spec {
    /// The spec of records of `shape` (as read from a file).
    pub fn of(shape: Shape) -> Spec {
        Spec {
            size: Some(shape.size()),
            variant: Some(shape.variant().clone()),
            killer: shape.is_killer(),
            draw: None,
        }
    }

    /// The side of a run that draws a jigsaw map for every grid, if it is
    /// one.
    pub fn drawn_side(&self) -> Option<usize> {
        self.draw
    }

    /// Whether killer puzzles are asked for.
    pub fn is_killer(&self) -> bool {
        self.killer
    }

    /// The shape to make grids of: the size asked (9x9 by default) and the
    /// variant (without cages: a killer run cuts each grid's).
    pub fn made(&self) -> PyResult<Shape> {
        shape(
            self.size.unwrap_or(Size::S9),
            self.variant.clone().unwrap_or_default(),
        )
    }

    /// The size to read records as, if given.
    pub fn size(&self) -> Option<Size> {
        self.size
    }

    /// The variant to read records with, if given.
    pub fn forced_variant(&self) -> Option<Variant> {
        self.variant.clone()
    }

    /// The shape of an array of grids of side `side`: the size asked for
    /// (which must have that side) or the side's usual boxes, and the
    /// variant asked for (none by default).
    pub fn for_side(&self, side: usize) -> PyResult<Shape> {
        let size = match self.size {
            Some(s) if s.side() == side => s,
            Some(s) => {
                return Err(value_error(format!(
                    "grids of {side}x{side}, but size=, box= or regions= ask for {s} grids"
                )));
            }
            None => Size::from_side(side).ok_or_else(|| {
                value_error(format!("{} with regions=", ShapeError::NoBoxes { side }))
            })?,
        };
        shape(size, self.variant.clone().unwrap_or_default())
    }
}

/// The shape of `size` and `variant`, or why there is none.
fn shape(size: Size, variant: Variant) -> PyResult<Shape> {
    Shape::new(size, variant.clone())
        .map_err(|e| value_error(format!("variant='{}': {e}", variant.name())))
}

/// The variants the keywords name: the library's, then killer on none
/// and on X (the CLI's `--variant killer` and `x-killer`).
pub const NAMES: [&str; 6] = {
    let [none, x, hyper, jigsaw] = Variant::NAMES;
    [none, x, hyper, jigsaw, "killer", "x-killer"]
};

/// Resolves the shape keywords, as the CLI resolves `--size`, `--box`,
/// `--variant` and `--regions` (the region map is given as letters).
/// With `draw` (a run that makes grids), `variant="jigsaw"` without
/// `regions` draws a map for every grid, as the CLI's does.
#[pyfunction]
#[pyo3(signature = (size=None, boxes=None, variant=None, regions=None, draw=false))]
pub fn spec(
    size: Option<usize>,
    boxes: Option<(usize, usize)>,
    variant: Option<&str>,
    regions: Option<&str>,
    draw: bool,
) -> PyResult<Spec> {
    let kind = match variant {
        None => None,
        Some(name) => Some(
            NAMES
                .into_iter()
                .find(|n| n.eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| {
                    value_error(format!(
                        "'{name}' is not a variant; use 'none', 'x', 'hyper', 'jigsaw' (with regions=), 'killer' or 'x-killer'"
                    ))
                })?,
        ),
    };
    // Killer puzzles: cages on the shape of the variant beside them.
    let asked = kind;
    let (kind, killer) = match kind {
        Some("killer") => (Some("none"), true),
        Some("x-killer") => (Some("x"), true),
        k => (k, false),
    };
    if kind == Some("jigsaw") || regions.is_some() {
        if draw && regions.is_none() {
            if boxes.is_some() {
                return Err(value_error(
                    "box= does not go with jigsaw regions, which take the boxes' place; leave out box=",
                ));
            }
            // The sides the CLI's --size takes.
            let side = size.map(grid_size).transpose()?.map_or(9, Size::side);
            return Ok(Spec {
                draw: Some(side),
                ..Spec::default()
            });
        }
        let Some(letters) = regions else {
            return Err(value_error(
                "variant='jigsaw' needs its regions; give regions= (N·N letters, one per cell row by row, or a 2-D array of region numbers)",
            ));
        };
        if let Some(k) = asked.filter(|k| *k != "jigsaw") {
            return Err(value_error(format!(
                "regions= goes with variant='jigsaw' only, not variant='{k}'; leave out variant= or regions="
            )));
        }
        if boxes.is_some() {
            return Err(value_error(
                "box= does not go with jigsaw regions, which take the boxes' place; leave out box=",
            ));
        }
        let layout = Layout::parse(letters).map_err(|e| value_error(format!("regions: {e}")))?;
        if let Some(side) = size.filter(|&s| s != layout.side()) {
            return Err(value_error(format!(
                "regions= is {} map but size={side}; leave out size (the map gives the side)",
                A(format_args!("{n}x{n}", n = layout.side()))
            )));
        }
        return Ok(Spec::of(Shape::jigsaw(layout)));
    }
    let size = size.map(grid_size).transpose()?;
    let size = match (size, boxes) {
        (size, None) => size,
        (None, Some((r, c))) => {
            Some(Size::boxed(r * c, r, c).map_err(|e| value_error(format!("box={r}x{c}: {e}")))?)
        }
        (Some(size), Some((r, c))) => Some(Size::boxed(size.side(), r, c).map_err(|e| {
            value_error(format!(
                "box={r}x{c} does not fit size={}: {e}",
                size.side()
            ))
        })?),
    };
    let variant = match kind {
        Some("x") => Some(Variant::X),
        Some("hyper") => Some(Variant::Hyper),
        Some(_) => Some(Variant::None),
        None => None,
    };
    if variant == Some(Variant::Hyper) {
        // Hyper makes and reads 9x9 grids only.
        let size = size.unwrap_or(Size::S9);
        Shape::new(size, Variant::Hyper)
            .map_err(|e| value_error(format!("variant='hyper': {e}; use size=9")))?;
        return Ok(Spec {
            size: Some(size),
            variant,
            killer,
            draw: None,
        });
    }
    Ok(Spec {
        size,
        variant,
        killer,
        draw: None,
    })
}
