//! Bevy-style chunk streaming (docs/rust.md): one immutable field shared by every task through an `Arc` (in
//! Bevy, a `Resource`), each task filling its chunk of one world; chunks join bit for bit however they are
//! cut and in whatever order the tasks finish. `cargo test` builds this; `cargo run --example world_chunks`
//! runs it.
use gradnoise::{Chunk2d, Field, FieldOptions, Fractal};
use std::sync::Arc;

#[derive(Clone)] // in Bevy: #[derive(Resource, Clone)]
struct World {
    field: Arc<Field>,
}

const CELLS: i64 = 64;
const SIDE: usize = CELLS as usize + 1; // 64 cells and the edge row and column the neighbour shares

fn chunk_heights(world: &World, cx: i64, cy: i64, level: i32) -> Vec<f32> {
    let mut heights = vec![0.0f32; SIDE * SIDE];
    // Sample numbers, not coordinates: chunk (cx, cy) starts at sample 64 * (cx, cy) of its level.
    let chunk = Chunk2d { first: [cx * CELLS, cy * CELLS], size: [SIDE, SIDE], spacing: 0.5, level };
    world.field.chunk_2d(&chunk, &mut heights, 1).expect("a valid chunk");
    heights
}

fn main() {
    let world = World {
        field: Arc::new(
            Field::new(&FieldOptions {
                fractal: Some(Fractal::Damped),
                octaves: Some(8),
                frequency: Some(1.0 / 256.0),
                seed: Some(7),
                ..Default::default()
            })
            .expect("a valid field"),
        ),
    };
    // In Bevy: AsyncComputeTaskPool::get().spawn(async move { chunk_heights(&w, cx, cy, 0) }) per chunk.
    let tasks: Vec<_> = (0..4)
        .map(|cx| {
            let w = world.clone();
            std::thread::spawn(move || (cx, chunk_heights(&w, cx, 0, 0)))
        })
        .collect();
    let chunks: Vec<(i64, Vec<f32>)> = tasks.into_iter().map(|t| t.join().unwrap()).collect();
    // Neighbours share their edge column exactly.
    for pair in chunks.windows(2) {
        let (left, right) = (&pair[0].1, &pair[1].1);
        for row in 0..SIDE {
            assert_eq!(left[row * SIDE + SIDE - 1].to_bits(), right[row * SIDE].to_bits());
        }
    }
    println!("{} chunks of {} x {} samples; neighbours share their edges bit for bit", chunks.len(), SIDE, SIDE);
}
