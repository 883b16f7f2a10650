//! The conformance vectors (conformance/vectors.txt, docs/conformance.md) through the safe crate: every field
//! made from its NAME=TEXT settings, every value, gradient, chunk and binary64 line bit for bit; and the
//! crate's own behaviour (typed options, refusals, threads, graphs).
use gradnoise::{CellularDistance, CellularOutput, Basis, Chunk2d, Chunk3d, Field, FieldOptions, Fractal, Graph, Grid2d};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

struct VectorField {
    head: String,
    settings: Vec<(String, String)>,
    samples: BTreeMap<String, Vec<Vec<String>>>,
}

fn read_vectors() -> Vec<VectorField> {
    let text = std::fs::read_to_string(root().join("conformance/vectors.txt")).expect("conformance/vectors.txt");
    let mut fields: Vec<VectorField> = Vec::new();
    for line in text.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut tokens = line.split(' ');
        let kind = tokens.next().unwrap();
        let rest: Vec<String> = tokens.map(String::from).collect();
        if kind == "field" {
            let settings = rest.iter().map(|t| { let (n, v) = t.split_once('=').unwrap(); (n.to_string(), v.to_string()) }).collect();
            fields.push(VectorField { head: line.to_string(), settings, samples: BTreeMap::new() });
        } else {
            fields.last_mut().unwrap().samples.entry(kind.to_string()).or_default().push(rest);
        }
    }
    fields
}

fn f32s(lines: &[Vec<String>], c: usize) -> Vec<f32> {
    lines.iter().map(|t| f32::from_bits(u32::from_str_radix(&t[c], 16).unwrap())).collect()
}
fn f64s(lines: &[Vec<String>], c: usize) -> Vec<f64> {
    lines.iter().map(|t| f64::from_bits(u64::from_str_radix(&t[c], 16).unwrap())).collect()
}
fn same_bits(expect: &[f32], got: &[f32], what: &str) {
    for (i, (a, b)) in expect.iter().zip(got).enumerate() {
        assert_eq!(a.to_bits(), b.to_bits(), "{}: sample {}", what, i);
    }
}

#[test]
fn every_conformance_vector_bit_for_bit() {
    let fields = read_vectors();
    assert!(fields.len() >= 30);
    let mut samples = 0;
    for f in &fields {
        let field = Field::from_settings(f.settings.iter().map(|(n, v)| (n.as_str(), v.as_str()))).expect(&f.head);
        for (kind, l) in &f.samples {
            let dims = (kind.as_bytes()[kind.len() - 1] - b'0') as usize;
            let what = format!("{}: {}", f.head, kind);
            // (value and gradient lines: the coordinates are binary32 bits)
            let c = || -> Vec<Vec<f32>> { (0..dims).map(|d| f32s(l, d)).collect() };
            if kind.starts_with("value") {
                let c = c();
                let mut out = vec![0.0; l.len()];
                match dims {
                    2 => field.evaluate_2d(&c[0], &c[1], &mut out),
                    3 => field.evaluate_3d(&c[0], &c[1], &c[2], &mut out),
                    _ => field.evaluate_4d(&c[0], &c[1], &c[2], &c[3], &mut out),
                }
                .unwrap();
                same_bits(&f32s(l, dims), &out, &what);
            } else if kind.starts_with("gradient") {
                let c = c();
                let mut planes: Vec<Vec<f32>> = vec![vec![0.0; l.len()]; dims + 1];
                let coordinates: Vec<&[f32]> = c.iter().map(|v| v.as_slice()).collect();
                let mut outs: Vec<&mut [f32]> = planes.iter_mut().map(|p| p.as_mut_slice()).collect();
                field.gradient(&coordinates, &mut outs).unwrap();
                for k in 0..=dims {
                    same_bits(&f32s(l, dims + k), &planes[k], &format!("{} output {}", what, k));
                }
            } else if kind.starts_with("chunk") {
                let spacing = f32s(l, dims);
                for (i, t) in l.iter().enumerate() {
                    let mut one = [0.0f32];
                    let first: Vec<i64> = t[..dims].iter().map(|s| s.parse().unwrap()).collect();
                    let level: i32 = t[dims + 1].parse().unwrap();
                    if dims == 2 {
                        field.chunk_2d(&Chunk2d { first: [first[0], first[1]], size: [1, 1], spacing: spacing[i], level }, &mut one, 1)
                    } else {
                        field.chunk_3d(&Chunk3d { first: [first[0], first[1], first[2]], size: [1, 1, 1], spacing: spacing[i], level }, &mut one, 1)
                    }
                    .unwrap();
                    same_bits(&f32s(&l[i..i + 1], dims + 2), &one, &what);
                }
            } else if kind.starts_with("double") {
                let mut out = vec![0.0f64; l.len()];
                if dims == 2 {
                    field.evaluate_2d_f64(&f64s(l, 0), &f64s(l, 1), &mut out).unwrap();
                } else {
                    field.evaluate_3d_f64(&f64s(l, 0), &f64s(l, 1), &f64s(l, 2), &mut out).unwrap();
                }
                for (a, b) in f64s(l, dims).iter().zip(&out) {
                    assert_eq!(a.to_bits(), b.to_bits(), "{}", what);
                }
            } else {
                panic!("unknown line kind {}", kind);
            }
            samples += l.len();
        }
    }
    assert!(samples > 4000);
    println!("Rust ({}, {}): {} fields, {} samples bit for bit", gradnoise::version(), gradnoise::isa(), fields.len(), samples);
}

#[test]
fn typed_options_are_the_settings_by_name() {
    let typed = Field::new(&FieldOptions {
        basis: Some(Basis::Cellular),
        seed: Some(2),
        cellular_distance: Some(CellularDistance::Manhattan),
        cellular_output: Some(CellularOutput::F2MinusF1),
        jitter: Some(0.5),
        ..Default::default()
    })
    .unwrap();
    let named = Field::from_settings([("basis", "cellular"), ("seed", "2"), ("cellular_distance", "manhattan"),
                                      ("cellular_output", "f2_minus_f1"), ("jitter", "0.5")]).unwrap();
    let grid = Grid2d::new(-3.5, 1.25, 0.173, 37, 21);
    let (mut a, mut b) = (vec![0.0; 37 * 21], vec![0.0; 37 * 21]);
    typed.grid_2d(&grid, &mut a, 1).unwrap();
    named.grid_2d(&grid, &mut b, 0).unwrap();
    same_bits(&a, &b, "FieldOptions and the same settings by name");
    let f = Field::new(&FieldOptions { fractal: Some(Fractal::Fbm), octaves: Some(5), frequency: Some(0.7), ..Default::default() }).unwrap();
    assert_eq!(f.parameter("fractal").unwrap(), "fbm");
    assert_eq!(f.parameter("frequency").unwrap(), "0.7");
    assert_eq!(f.parameter("persistence").unwrap(), "0.5");
    for b in Basis::ALL {
        let f = Field::new(&FieldOptions { basis: Some(b), ..Default::default() }).unwrap();
        assert_eq!(f.parameter("basis").unwrap(), b.name());
    }
}

#[test]
fn the_generated_enumerations_are_the_running_librarys_table() {
    // Each generated enumeration's names in order, and FieldOptions' members, against the table the running
    // library lists (the file is generated from it: this catches a library and a crate of different versions).
    let generated: Vec<(&str, Vec<&str>)> = vec![
        ("basis", Basis::ALL.iter().map(|v| v.name()).collect()),
        ("fade", gradnoise::Fade::ALL.iter().map(|v| v.name()).collect()),
        ("hash", gradnoise::Hash::ALL.iter().map(|v| v.name()).collect()),
        ("fractal", Fractal::ALL.iter().map(|v| v.name()).collect()),
        ("pattern", gradnoise::Pattern::ALL.iter().map(|v| v.name()).collect()),
        ("orientation2", gradnoise::Orientation2::ALL.iter().map(|v| v.name()).collect()),
        ("orientation3", gradnoise::Orientation3::ALL.iter().map(|v| v.name()).collect()),
        ("orientation4", gradnoise::Orientation4::ALL.iter().map(|v| v.name()).collect()),
        ("cellular_distance", CellularDistance::ALL.iter().map(|v| v.name()).collect()),
        ("cellular_output", CellularOutput::ALL.iter().map(|v| v.name()).collect()),
    ];
    let table = gradnoise::parameters();
    let choices: Vec<_> = table.iter().filter(|p| p.kind == "choice").collect();
    assert_eq!(choices.len(), generated.len());
    for (name, names) in &generated {
        let p = choices.iter().find(|p| p.name == *name).expect(name);
        assert_eq!(&p.choices, names, "{}", name);
        for (value, n) in names.iter().enumerate() {
            assert_eq!(p.choices[value], *n);
        }
    }
    // Every parameter is a member of FieldOptions: its Debug form names them all, and its default as text.
    let options = format!("{:?}", FieldOptions::default());
    let defaults = Field::new(&FieldOptions::default()).unwrap();
    for p in &table {
        assert!(options.contains(&format!("{}: None", p.name)), "FieldOptions has no {}", p.name);
        assert_eq!(defaults.parameter(&p.name).unwrap(), p.default, "{}", p.name);
    }
    assert_eq!(options.matches(": None").count(), table.len());
}

#[test]
fn refusals_carry_the_librarys_message() {
    let e = Field::new(&FieldOptions { fractal: Some(Fractal::Fbm), octaves: Some(40), ..Default::default() }).err().unwrap();
    assert!(e.message.contains("octaves=40: octaves must be an integer in 1..32"), "{}", e);
    assert_eq!(e.status, 2);
    let e = Field::from_settings([("octavez", "3")]).err().unwrap();
    assert!(e.message.starts_with("octavez=3: "), "{}", e);
    let f = Field::new(&FieldOptions::default()).unwrap();
    assert!(f.evaluate_2d(&[0.0; 3], &[0.0; 2], &mut [0.0; 3]).is_err());
    assert!(f.grid_2d(&Grid2d::new(0.0, 0.0, 1.0, 8, 8), &mut [0.0; 63], 1).is_err());
    let e = f.grid_2d(&Grid2d::new(0.0, 0.0, f32::NAN, 8, 8), &mut [0.0; 64], 1).err().unwrap();
    assert!(e.message.contains("step"), "{}", e);
    assert!(Graph::from_json("{\"format\": \"gradnoise-graph\"}").is_err());
}

#[test]
fn a_graph_file_round_trips_and_threads_share_a_field() {
    let text = std::fs::read_to_string(root().join("examples/graphs/continent.json")).unwrap();
    let g = Graph::from_json(&text).unwrap();
    assert_eq!(g.dimensions(), 2);
    let again = Graph::from_json(&g.to_json().unwrap()).unwrap();
    let grid = Grid2d::new(-2.0, -1.0, 0.05, 40, 30);
    let (mut a, mut b) = (vec![0.0; 1200], vec![0.0; 1200]);
    g.grid_2d(&grid, &mut a, 1).unwrap();
    again.grid_2d(&grid, &mut b, 1).unwrap();
    same_bits(&a, &b, "a graph and its canonical text");
    // Its gradient call's values are its value call's; two overlapping chunks of its world agree where they
    // overlap, bit for bit.
    let (x, y) = ([0.5f32, -3.25, 7.0], [0.25f32, 9.5, -1.0]);
    let (mut v, mut dx, mut dy, mut p) = ([0.0f32; 3], [0.0f32; 3], [0.0f32; 3], [0.0f32; 3]);
    g.gradient(&[&x, &y], &mut [&mut v, &mut dx, &mut dy]).unwrap();
    g.evaluate_2d(&x, &y, &mut p).unwrap();
    same_bits(&p, &v, "a graph's gradient call's values");
    assert!(dx.iter().chain(dy.iter()).any(|d| *d != 0.0));
    let (mut left, mut right) = (vec![0.0f32; 200], vec![0.0f32; 200]);
    g.chunk_2d(&Chunk2d { first: [1 << 40, -7], size: [20, 10], spacing: 0.05, level: 0 }, &mut left, 1).unwrap();
    g.chunk_2d(&Chunk2d { first: [(1 << 40) + 10, -7], size: [20, 10], spacing: 0.05, level: 0 }, &mut right, 1).unwrap();
    for row in 0..10 {
        same_bits(&left[row * 20 + 10..row * 20 + 20], &right[row * 20..row * 20 + 10], "overlapping graph chunks");
    }

    let field = Arc::new(Field::new(&FieldOptions { basis: Some(Basis::Opensimplex2s), fractal: Some(Fractal::Ridged), seed: Some(9), ..Default::default() }).unwrap());
    let grid = Grid2d::new(10.0, -20.0, 0.031, 64, 48);
    let mut expected = vec![0.0; 64 * 48];
    field.grid_2d(&grid, &mut expected, 1).unwrap();
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let field = Arc::clone(&field);
            std::thread::spawn(move || {
                let mut mine = vec![0.0; 64 * 48];
                for _ in 0..20 {
                    field.grid_2d(&grid, &mut mine, 1).unwrap();
                }
                mine
            })
        })
        .collect();
    for t in threads {
        same_bits(&expected, &t.join().unwrap(), "a thread's grid");
    }
}
