//! Time per grid of every strategy at every size it supports.
//!
//! `cargo bench --bench strategies`. The generator of the random numbers is
//! made once and reused, so this measures the strategy itself; the cost of
//! cutting a fresh stream per grid is in the `pipeline` bench.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use sudogen::random::grid_rng;
use sudogen::strategies::Chain;
use sudogen::{Grid, Size, Strategy};

fn strategies(c: &mut Criterion) {
    for &size in &Size::ALL {
        let mut group = c.benchmark_group(format!("generate/{}", size.side()));
        if size >= Size::S16 {
            group.sample_size(10);
        }
        for &strategy in Strategy::ALL {
            if !strategy.supports(size) {
                continue;
            }
            // Criterion calls the closure once per sample: the generator must
            // live outside it, or every sample would time the same grids.
            let mut rng = grid_rng(2026, 0);
            let mut grid = Grid::empty(size);
            group.bench_function(BenchmarkId::from_parameter(strategy.name()), |b| {
                b.iter(|| {
                    strategy.generate(&mut rng, &mut grid);
                    black_box(&grid);
                });
            });
        }
        group.finish();
    }
}

/// `chain` with its portable kernel, which CPUs without AVX2 and other
/// architectures use (and 25x25 everywhere): `generate/N/chain` above takes
/// the vector kernel where it can.
fn chain_portable(c: &mut Criterion) {
    let mut group = c.benchmark_group("chain-portable");
    for &size in &Size::ALL {
        if size >= Size::S16 {
            group.sample_size(10);
        }
        let mut rng = grid_rng(2026, 0);
        let mut grid = Grid::empty(size);
        group.bench_function(BenchmarkId::from_parameter(size.side()), |b| {
            b.iter(|| {
                Chain::default().generate_portable(&mut rng, &mut grid);
                black_box(&grid);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, strategies, chain_portable);
criterion_main!(benches);
