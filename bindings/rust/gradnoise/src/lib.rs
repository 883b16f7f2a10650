//! gradnoise: bit-exact gradient noise -- Perlin, classic, value, OpenSimplex2/2S, cellular, fractals,
//! warps, patterns, tiling, analytic gradients and graphs -- the same bits on every CPU and in every binding
//! (C++, C, Python, JavaScript, C#), checked against the published test vectors (docs/conformance.md).
//!
//! ```no_run
//! use gradnoise::{Field, FieldOptions, Fractal, Grid2d};
//! let field = Field::new(&FieldOptions { fractal: Some(Fractal::Fbm), octaves: Some(6), seed: Some(42),
//!                                        ..Default::default() })?;
//! let mut height = vec![0.0f32; 256 * 256];
//! field.grid_2d(&Grid2d::new(0.0, 0.0, 1.0 / 64.0, 256, 256), &mut height, 1)?;
//! # Ok::<(), gradnoise::Error>(())
//! ```
//!
//! A `Field` or `Graph` is immutable and `Send + Sync`: share one across threads (an `Arc`, a Bevy
//! resource) and fill chunks from any of them. Errors carry the library's message, which names the
//! parameter and its range.
use std::ffi::{CStr, CString};
use std::fmt;
use std::os::raw::c_char;
use std::ptr;

use gradnoise_sys as sys;

mod parameters;
pub use parameters::*;

/// A refusal: the C API's status and the library's message ("octaves must be an integer in 1..32").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub status: i32,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

fn text(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

/// A status as a Result, with the calling thread's last message.
fn check(status: sys::Status) -> Result<(), Error> {
    if status == sys::GRADNOISE_OK {
        Ok(())
    } else {
        Err(Error { status, message: text(unsafe { sys::gradnoise_last_error_message() }) })
    }
}

fn refuse(message: String) -> Error {
    Error { status: sys::GRADNOISE_INVALID_ARGUMENT, message }
}

/// A float as the shortest text that reads back to it (what `FieldOptions::settings` passes the library).
pub fn float_text(v: f32) -> String {
    format!("{}", v)
}

/// The native library's version ("0.16.0").
pub fn version() -> String {
    text(unsafe { sys::gradnoise_version_string() })
}

/// The instruction set calls run on ("avx2", "neon", "scalar", ...): only speed depends on it.
pub fn isa() -> String {
    text(unsafe { sys::gradnoise_isa_name(sys::gradnoise_active_isa()) })
}

/// One parameter of the running library's table (what an editor or a settings panel builds itself from).
#[derive(Clone, Debug, PartialEq)]
pub struct ParameterDescription {
    pub name: String,
    /// "choice", "integer", "number" or "seed".
    pub kind: &'static str,
    /// The range (integer and number); a choice: 0 and choices.len() - 1.
    pub low: f64,
    pub high: f64,
    pub allowed: String,
    pub default: String,
    pub help: String,
    /// What the field needs for it to take effect; None: always.
    pub needs: Option<String>,
    /// A choice's names in their values' order; empty otherwise.
    pub choices: Vec<String>,
}

/// Every parameter of the running library's table, in its order.
pub fn parameters() -> Vec<ParameterDescription> {
    let count = unsafe { sys::gradnoise_parameter_count() };
    let mut list = Vec::with_capacity(count);
    for i in 0..count {
        let mut info = std::mem::MaybeUninit::<sys::gradnoise_parameter_info>::uninit();
        if unsafe { sys::gradnoise_parameter(i, info.as_mut_ptr()) } != sys::GRADNOISE_OK {
            continue;
        }
        let info = unsafe { info.assume_init() };
        let choices = (0..info.choice_count)
            .map(|c| {
                let mut name: *const c_char = ptr::null();
                unsafe { sys::gradnoise_parameter_choice(i, c, &mut name, ptr::null_mut()) };
                text(name)
            })
            .collect();
        list.push(ParameterDescription {
            name: text(info.name),
            kind: ["choice", "integer", "number", "seed"].get(info.kind as usize).copied().unwrap_or("unknown"),
            low: info.lo,
            high: info.hi,
            allowed: text(info.allowed),
            default: text(info.default_text),
            help: text(info.help),
            needs: if info.needs.is_null() { None } else { Some(text(info.needs)) },
            choices,
        });
    }
    list
}

/// A 2D grid: sample (i, j) at (origin_x + i * step_x, origin_y + j * step_y), row-major.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Grid2d {
    pub origin_x: f32,
    pub origin_y: f32,
    pub step_x: f32,
    pub step_y: f32,
    pub width: usize,
    pub height: usize,
}

impl Grid2d {
    pub fn new(origin_x: f32, origin_y: f32, step: f32, width: usize, height: usize) -> Grid2d {
        Grid2d { origin_x, origin_y, step_x: step, step_y: step, width, height }
    }
    fn c(&self) -> sys::gradnoise_grid_2d {
        sys::gradnoise_grid_2d {
            origin_x: self.origin_x,
            origin_y: self.origin_y,
            step_x: self.step_x,
            step_y: self.step_y,
            size_x: self.width,
            size_y: self.height,
        }
    }
    fn count(&self) -> Result<usize, Error> {
        self.width.checked_mul(self.height).ok_or_else(|| refuse("the grid's size overflows".into()))
    }
}

/// A 3D grid: sample (i, j, k) at origin + (i, j, k) * step, x fastest.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Grid3d {
    pub origin: [f32; 3],
    pub step: [f32; 3],
    pub size: [usize; 3],
}

impl Grid3d {
    fn c(&self) -> sys::gradnoise_grid_3d {
        sys::gradnoise_grid_3d {
            origin_x: self.origin[0],
            origin_y: self.origin[1],
            origin_z: self.origin[2],
            step_x: self.step[0],
            step_y: self.step[1],
            step_z: self.step[2],
            size_x: self.size[0],
            size_y: self.size[1],
            size_z: self.size[2],
        }
    }
    fn count(&self) -> Result<usize, Error> {
        self.size.iter().try_fold(1usize, |a, &b| a.checked_mul(b)).ok_or_else(|| refuse("the grid's size overflows".into()))
    }
}

/// A chunk of an unbounded world: world sample (sx, sy) lies at (sx * spacing, sy * spacing), reduced exactly,
/// so chunks of one world join bit for bit however far out; level L takes every 2^L-th sample (LOD).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Chunk2d {
    pub first: [i64; 2],
    pub size: [usize; 2],
    pub spacing: f32,
    pub level: i32,
}

/// A 3D chunk (see `Chunk2d`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Chunk3d {
    pub first: [i64; 3],
    pub size: [usize; 3],
    pub spacing: f32,
    pub level: i32,
}

impl Chunk2d {
    fn c(&self) -> sys::gradnoise_chunk_2d {
        sys::gradnoise_chunk_2d {
            first_x: self.first[0],
            first_y: self.first[1],
            size_x: self.size[0],
            size_y: self.size[1],
            spacing: self.spacing,
            level: self.level,
        }
    }
    fn count(&self) -> usize {
        self.size[0].saturating_mul(self.size[1])
    }
}

impl Chunk3d {
    fn c(&self) -> sys::gradnoise_chunk_3d {
        sys::gradnoise_chunk_3d {
            first_x: self.first[0],
            first_y: self.first[1],
            first_z: self.first[2],
            size_x: self.size[0],
            size_y: self.size[1],
            size_z: self.size[2],
            spacing: self.spacing,
            level: self.level,
        }
    }
    fn count(&self) -> usize {
        self.size.iter().fold(1usize, |a, &b| a.saturating_mul(b))
    }
}

/// The gradient calls' shared checks: 2 to 4 coordinate slices of one length, one output more, each long
/// enough; then `call` with the planes and the count.
fn gradient_call(
    coordinates: &[&[f32]],
    out: &mut [&mut [f32]],
    call: impl FnOnce(&[*const f32], &sys::gradnoise_gradient_out, usize) -> sys::Status,
) -> Result<(), Error> {
    let dims = coordinates.len();
    if !(2..=4).contains(&dims) || out.len() != dims + 1 {
        return Err(refuse(format!("gradient takes 2 to 4 coordinate slices and one output more (got {} and {})", dims, out.len())));
    }
    let lens: Vec<usize> = out.iter().map(|o| o.len()).collect();
    let n = points(coordinates, &lens)?;
    let mut planes = [ptr::null_mut::<f32>(); 5];
    for (k, o) in out.iter_mut().enumerate() {
        planes[k] = o.as_mut_ptr();
    }
    let g = sys::gradnoise_gradient_out { value: planes[0], dx: planes[1], dy: planes[2], dz: planes[3], dw: planes[4] };
    let c: Vec<*const f32> = coordinates.iter().map(|s| s.as_ptr()).collect();
    check(call(&c, &g, n))
}

fn options(threads: u32) -> sys::gradnoise_fill_options {
    sys::gradnoise_fill_options {
        threads: if threads == 0 { sys::GRADNOISE_ALL_THREADS } else { threads },
        progress: None,
        user: ptr::null_mut(),
    }
}

/// Coordinate slices of one length and outputs at least as long: that length.
fn points(coordinates: &[&[f32]], outputs: &[usize]) -> Result<usize, Error> {
    let n = coordinates[0].len();
    for (i, c) in coordinates.iter().enumerate() {
        if c.len() != n {
            return Err(refuse(format!("{} has {} coordinates, x {}: the slices must have one length", "xyzw".as_bytes()[i] as char, c.len(), n)));
        }
    }
    if outputs.iter().any(|&len| len < n) {
        return Err(refuse(format!("an output holds fewer than the {} points' values", n)));
    }
    Ok(n)
}

fn output(len: usize, count: usize) -> Result<(), Error> {
    if len < count {
        return Err(refuse(format!("the output holds {} floats; the call writes {}", len, count)));
    }
    Ok(())
}

/// A noise field: immutable, `Send + Sync`.
pub struct Field {
    desc: *mut sys::gradnoise_desc,
    noise: *mut sys::gradnoise_noise,
}

// The C API's fields are immutable: any number of threads may evaluate one at once.
unsafe impl Send for Field {}
unsafe impl Sync for Field {}

impl Drop for Field {
    fn drop(&mut self) {
        unsafe {
            sys::gradnoise_noise_destroy(self.noise);
            sys::gradnoise_desc_destroy(self.desc);
        }
    }
}

impl Field {
    /// The field the options describe.
    pub fn new(options: &FieldOptions) -> Result<Field, Error> {
        let settings = options.settings();
        Field::from_settings(settings.iter().map(|(n, t)| (*n, t.as_str())))
    }

    /// The field of (name, text) settings, each as the library reads it (("octaves", "6"),
    /// ("basis", "opensimplex2"), ("seed", "reference")); an error names the setting it refuses.
    pub fn from_settings<'a, I: IntoIterator<Item = (&'a str, &'a str)>>(settings: I) -> Result<Field, Error> {
        let mut desc = ptr::null_mut();
        check(unsafe { sys::gradnoise_desc_create(&mut desc) })?;
        let mut field = Field { desc, noise: ptr::null_mut() };
        for (name, value) in settings {
            let (n, v) = match (CString::new(name), CString::new(value)) {
                (Ok(n), Ok(v)) => (n, v),
                _ => return Err(refuse(format!("{}={}: a setting may not hold a NUL", name, value))),
            };
            check(unsafe { sys::gradnoise_desc_set_parameter(field.desc, n.as_ptr(), v.as_ptr()) })
                .map_err(|e| Error { status: e.status, message: format!("{}={}: {}", name, value, e.message) })?;
        }
        check(unsafe { sys::gradnoise_noise_create(field.desc, &mut field.noise) })?;
        Ok(field)
    }

    /// A parameter's value as text ("6", "fbm", "reference"): the default where not set.
    pub fn parameter(&self, name: &str) -> Result<String, Error> {
        let n = CString::new(name).map_err(|_| refuse("a name may not hold a NUL".into()))?;
        let mut length = 0usize;
        check(unsafe { sys::gradnoise_desc_get_parameter(self.desc, n.as_ptr(), ptr::null_mut(), 0, &mut length) })?;
        let mut buffer = vec![0u8; length + 1];
        check(unsafe {
            sys::gradnoise_desc_get_parameter(self.desc, n.as_ptr(), buffer.as_mut_ptr() as *mut c_char, buffer.len(), &mut length)
        })?;
        buffer.truncate(length);
        String::from_utf8(buffer).map_err(|_| refuse("not UTF-8".into()))
    }

    /// The field at one point.
    pub fn noise2(&self, x: f32, y: f32) -> f32 {
        let mut v = 0.0;
        unsafe { sys::gradnoise_noise2(self.noise, x, y, &mut v) };
        v
    }

    pub fn noise3(&self, x: f32, y: f32, z: f32) -> f32 {
        let mut v = 0.0;
        unsafe { sys::gradnoise_noise3(self.noise, x, y, z, &mut v) };
        v
    }

    /// `out[i]` = the field at (x[i], y[i]).
    pub fn evaluate_2d(&self, x: &[f32], y: &[f32], out: &mut [f32]) -> Result<(), Error> {
        let n = points(&[x, y], &[out.len()])?;
        check(unsafe { sys::gradnoise_evaluate_2d(self.noise, x.as_ptr(), y.as_ptr(), out.as_mut_ptr(), n) })
    }

    pub fn evaluate_3d(&self, x: &[f32], y: &[f32], z: &[f32], out: &mut [f32]) -> Result<(), Error> {
        let n = points(&[x, y, z], &[out.len()])?;
        check(unsafe { sys::gradnoise_evaluate_3d(self.noise, x.as_ptr(), y.as_ptr(), z.as_ptr(), out.as_mut_ptr(), n) })
    }

    pub fn evaluate_4d(&self, x: &[f32], y: &[f32], z: &[f32], w: &[f32], out: &mut [f32]) -> Result<(), Error> {
        let n = points(&[x, y, z, w], &[out.len()])?;
        check(unsafe {
            sys::gradnoise_evaluate_4d(self.noise, x.as_ptr(), y.as_ptr(), z.as_ptr(), w.as_ptr(), out.as_mut_ptr(), n)
        })
    }

    /// Binary64: Ken Perlin's reference in double (a perlin basis with the permutation hash and no period,
    /// warp or pattern).
    pub fn evaluate_2d_f64(&self, x: &[f64], y: &[f64], out: &mut [f64]) -> Result<(), Error> {
        if x.len() != y.len() || out.len() < x.len() {
            return Err(refuse("x, y and out must have one length".into()));
        }
        check(unsafe { sys::gradnoise_evaluate_2d_f64(self.noise, x.as_ptr(), y.as_ptr(), out.as_mut_ptr(), x.len()) })
    }

    pub fn evaluate_3d_f64(&self, x: &[f64], y: &[f64], z: &[f64], out: &mut [f64]) -> Result<(), Error> {
        if x.len() != y.len() || x.len() != z.len() || out.len() < x.len() {
            return Err(refuse("x, y, z and out must have one length".into()));
        }
        check(unsafe {
            sys::gradnoise_evaluate_3d_f64(self.noise, x.as_ptr(), y.as_ptr(), z.as_ptr(), out.as_mut_ptr(), x.len())
        })
    }

    /// Values and analytic gradients at points: `out[0]` the values, `out[1..]` d/dx, d/dy (, d/dz, d/dw) --
    /// as many output slices as coordinates plus one.
    pub fn gradient(&self, coordinates: &[&[f32]], out: &mut [&mut [f32]]) -> Result<(), Error> {
        let noise = self.noise;
        gradient_call(coordinates, out, |c, g, n| unsafe {
            match c.len() {
                2 => sys::gradnoise_evaluate_gradient_2d(noise, c[0], c[1], g, n),
                3 => sys::gradnoise_evaluate_gradient_3d(noise, c[0], c[1], c[2], g, n),
                _ => sys::gradnoise_evaluate_gradient_4d(noise, c[0], c[1], c[2], c[3], g, n),
            }
        })
    }

    /// A grid (threads: 1 the calling thread, 0 every core; the bits never change).
    pub fn grid_2d(&self, grid: &Grid2d, out: &mut [f32], threads: u32) -> Result<(), Error> {
        output(out.len(), grid.count()?)?;
        let o = options(threads);
        check(unsafe { sys::gradnoise_fill_grid_2d(self.noise, &grid.c(), out.as_mut_ptr(), 0, &o) })
    }

    pub fn grid_3d(&self, grid: &Grid3d, out: &mut [f32], threads: u32) -> Result<(), Error> {
        output(out.len(), grid.count()?)?;
        let o = options(threads);
        check(unsafe { sys::gradnoise_fill_grid_3d(self.noise, &grid.c(), out.as_mut_ptr(), 0, 0, &o) })
    }

    /// A 2D grid's values and gradients: a normal map or hill shading, analytic.
    pub fn gradient_grid_2d(&self, grid: &Grid2d, value: &mut [f32], dx: &mut [f32], dy: &mut [f32], threads: u32) -> Result<(), Error> {
        let n = grid.count()?;
        output(value.len().min(dx.len()).min(dy.len()), n)?;
        let g = sys::gradnoise_gradient_out {
            value: value.as_mut_ptr(),
            dx: dx.as_mut_ptr(),
            dy: dy.as_mut_ptr(),
            dz: ptr::null_mut(),
            dw: ptr::null_mut(),
        };
        let o = options(threads);
        check(unsafe { sys::gradnoise_fill_grid_gradient_2d(self.noise, &grid.c(), &g, 0, &o) })
    }

    pub fn chunk_2d(&self, chunk: &Chunk2d, out: &mut [f32], threads: u32) -> Result<(), Error> {
        output(out.len(), chunk.count())?;
        let o = options(threads);
        check(unsafe { sys::gradnoise_fill_chunk_2d(self.noise, &chunk.c(), out.as_mut_ptr(), 0, &o) })
    }

    pub fn chunk_3d(&self, chunk: &Chunk3d, out: &mut [f32], threads: u32) -> Result<(), Error> {
        output(out.len(), chunk.count())?;
        let o = options(threads);
        check(unsafe { sys::gradnoise_fill_chunk_3d(self.noise, &chunk.c(), out.as_mut_ptr(), 0, 0, &o) })
    }
}

/// A graph file's field (docs/graphs.md): immutable, `Send + Sync`.
pub struct Graph {
    graph: *mut sys::gradnoise_graph,
}

unsafe impl Send for Graph {}
unsafe impl Sync for Graph {}

impl Drop for Graph {
    fn drop(&mut self) {
        unsafe { sys::gradnoise_graph_destroy(self.graph) };
    }
}

impl Graph {
    /// Reads, validates and compiles a graph file's text; the error is the loader's whole message.
    pub fn from_json(json: &str) -> Result<Graph, Error> {
        let mut graph = ptr::null_mut();
        let mut error = vec![0u8; 1024];
        let status = unsafe {
            sys::gradnoise_graph_create_from_json(json.as_ptr() as *const c_char, json.len(), &mut graph,
                                                  error.as_mut_ptr() as *mut c_char, error.len())
        };
        if status != sys::GRADNOISE_OK {
            let end = error.iter().position(|&b| b == 0).unwrap_or(error.len());
            return Err(Error { status, message: String::from_utf8_lossy(&error[..end]).into_owned() });
        }
        Ok(Graph { graph })
    }

    /// 2, 3 or 4.
    pub fn dimensions(&self) -> i32 {
        unsafe { sys::gradnoise_graph_dimensions(self.graph) }
    }

    /// The canonical JSON text.
    pub fn to_json(&self) -> Result<String, Error> {
        let mut length = 0usize;
        check(unsafe { sys::gradnoise_graph_to_json(self.graph, ptr::null_mut(), 0, &mut length) })?;
        let mut buffer = vec![0u8; length + 1];
        check(unsafe { sys::gradnoise_graph_to_json(self.graph, buffer.as_mut_ptr() as *mut c_char, buffer.len(), &mut length) })?;
        buffer.truncate(length);
        String::from_utf8(buffer).map_err(|_| refuse("not UTF-8".into()))
    }

    pub fn evaluate_2d(&self, x: &[f32], y: &[f32], out: &mut [f32]) -> Result<(), Error> {
        let n = points(&[x, y], &[out.len()])?;
        check(unsafe { sys::gradnoise_graph_evaluate_2d(self.graph, x.as_ptr(), y.as_ptr(), out.as_mut_ptr(), n) })
    }

    pub fn evaluate_3d(&self, x: &[f32], y: &[f32], z: &[f32], out: &mut [f32]) -> Result<(), Error> {
        let n = points(&[x, y, z], &[out.len()])?;
        check(unsafe { sys::gradnoise_graph_evaluate_3d(self.graph, x.as_ptr(), y.as_ptr(), z.as_ptr(), out.as_mut_ptr(), n) })
    }

    pub fn evaluate_4d(&self, x: &[f32], y: &[f32], z: &[f32], w: &[f32], out: &mut [f32]) -> Result<(), Error> {
        let n = points(&[x, y, z, w], &[out.len()])?;
        check(unsafe {
            sys::gradnoise_graph_evaluate_4d(self.graph, x.as_ptr(), y.as_ptr(), z.as_ptr(), w.as_ptr(), out.as_mut_ptr(), n)
        })
    }

    /// Values and gradients, as `Field::gradient` (a graph with a field that has none, a pattern, is refused).
    pub fn gradient(&self, coordinates: &[&[f32]], out: &mut [&mut [f32]]) -> Result<(), Error> {
        let graph = self.graph;
        gradient_call(coordinates, out, |c, g, n| unsafe {
            match c.len() {
                2 => sys::gradnoise_graph_evaluate_gradient_2d(graph, c[0], c[1], g, n),
                3 => sys::gradnoise_graph_evaluate_gradient_3d(graph, c[0], c[1], c[2], g, n),
                _ => sys::gradnoise_graph_evaluate_gradient_4d(graph, c[0], c[1], c[2], c[3], g, n),
            }
        })
    }

    pub fn grid_2d(&self, grid: &Grid2d, out: &mut [f32], threads: u32) -> Result<(), Error> {
        output(out.len(), grid.count()?)?;
        let o = options(threads);
        check(unsafe { sys::gradnoise_graph_fill_grid_2d(self.graph, &grid.c(), out.as_mut_ptr(), 0, &o) })
    }

    pub fn grid_3d(&self, grid: &Grid3d, out: &mut [f32], threads: u32) -> Result<(), Error> {
        output(out.len(), grid.count()?)?;
        let o = options(threads);
        check(unsafe { sys::gradnoise_graph_fill_grid_3d(self.graph, &grid.c(), out.as_mut_ptr(), 0, 0, &o) })
    }

    /// Chunks of a graph's world (sample s at float(double(s) * double(spacing)), docs/spec.md 19.8).
    pub fn chunk_2d(&self, chunk: &Chunk2d, out: &mut [f32], threads: u32) -> Result<(), Error> {
        output(out.len(), chunk.count())?;
        let o = options(threads);
        check(unsafe { sys::gradnoise_graph_fill_chunk_2d(self.graph, &chunk.c(), out.as_mut_ptr(), 0, &o) })
    }

    pub fn chunk_3d(&self, chunk: &Chunk3d, out: &mut [f32], threads: u32) -> Result<(), Error> {
        output(out.len(), chunk.count())?;
        let o = options(threads);
        check(unsafe { sys::gradnoise_graph_fill_chunk_3d(self.graph, &chunk.c(), out.as_mut_ptr(), 0, 0, &o) })
    }
}
