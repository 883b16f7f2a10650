//! Raw declarations of gradnoise's C API (include/gradnoise/gradnoise.h, whose comments are the
//! documentation): opaque handles, `#[repr(C)]` structs and the functions, written by hand from the header.
//! Use the `gradnoise` crate for a safe API. A test checks that every function of the header is declared.
#![allow(non_camel_case_types)]

use std::os::raw::{c_char, c_int, c_void};

/// A status: 0 is success (`GRADNOISE_OK`); see the `STATUS_*` constants.
pub type Status = c_int;
pub const GRADNOISE_OK: Status = 0;
pub const GRADNOISE_NULL_POINTER: Status = 1;
pub const GRADNOISE_INVALID_ARGUMENT: Status = 2;
pub const GRADNOISE_SIZE_OVERFLOW: Status = 3;
pub const GRADNOISE_ISA_UNSUPPORTED: Status = 4;
pub const GRADNOISE_CANCELLED: Status = 5;
pub const GRADNOISE_THREAD_POOL: Status = 6;
pub const GRADNOISE_OUT_OF_MEMORY: Status = 7;

pub const GRADNOISE_PARAMETER_CHOICE: c_int = 0;
pub const GRADNOISE_PARAMETER_INTEGER: c_int = 1;
pub const GRADNOISE_PARAMETER_NUMBER: c_int = 2;
pub const GRADNOISE_PARAMETER_SEED: c_int = 3;
pub const GRADNOISE_ALL_THREADS: u32 = 0xFFFF_FFFF;

#[repr(C)]
pub struct gradnoise_desc {
    _private: [u8; 0],
}
#[repr(C)]
pub struct gradnoise_noise {
    _private: [u8; 0],
}
#[repr(C)]
pub struct gradnoise_graph {
    _private: [u8; 0],
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct gradnoise_grid_2d {
    pub origin_x: f32,
    pub origin_y: f32,
    pub step_x: f32,
    pub step_y: f32,
    pub size_x: usize,
    pub size_y: usize,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct gradnoise_grid_3d {
    pub origin_x: f32,
    pub origin_y: f32,
    pub origin_z: f32,
    pub step_x: f32,
    pub step_y: f32,
    pub step_z: f32,
    pub size_x: usize,
    pub size_y: usize,
    pub size_z: usize,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct gradnoise_chunk_2d {
    pub first_x: i64,
    pub first_y: i64,
    pub size_x: usize,
    pub size_y: usize,
    pub spacing: f32,
    pub level: c_int,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct gradnoise_chunk_3d {
    pub first_x: i64,
    pub first_y: i64,
    pub first_z: i64,
    pub size_x: usize,
    pub size_y: usize,
    pub size_z: usize,
    pub spacing: f32,
    pub level: c_int,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct gradnoise_fill_options {
    pub threads: u32,
    pub progress: Option<unsafe extern "C" fn(user: *mut c_void, rows_done: usize, rows_total: usize) -> c_int>,
    pub user: *mut c_void,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct gradnoise_gradient_out {
    pub value: *mut f32,
    pub dx: *mut f32,
    pub dy: *mut f32,
    pub dz: *mut f32,
    pub dw: *mut f32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct gradnoise_parameter_info {
    pub name: *const c_char,
    pub member: *const c_char,
    pub kind: c_int,
    pub lo: f64,
    pub hi: f64,
    pub lo_open: c_int,
    pub choice_count: usize,
    pub allowed: *const c_char,
    pub expects: *const c_char,
    pub help: *const c_char,
    pub needs: *const c_char,
    pub axis_of: *const c_char,
    pub default_text: *const c_char,
}

extern "C" {
    pub fn gradnoise_status_name(status: Status) -> *const c_char;
    pub fn gradnoise_last_error_message() -> *const c_char;
    pub fn gradnoise_version() -> u32;
    pub fn gradnoise_version_string() -> *const c_char;
    pub fn gradnoise_active_isa() -> c_int;
    pub fn gradnoise_best_isa() -> c_int;
    pub fn gradnoise_isa_supported(isa: c_int) -> c_int;
    pub fn gradnoise_isa_name(isa: c_int) -> *const c_char;
    pub fn gradnoise_parse_isa(name: *const c_char, isa: *mut c_int) -> Status;
    pub fn gradnoise_force_isa(isa: c_int) -> Status;
    pub fn gradnoise_reset_isa();
    pub fn gradnoise_desc_create(out: *mut *mut gradnoise_desc) -> Status;
    pub fn gradnoise_desc_destroy(desc: *mut gradnoise_desc);
    pub fn gradnoise_desc_set_seed(desc: *mut gradnoise_desc, seed: u64) -> Status;
    pub fn gradnoise_desc_clear_seed(desc: *mut gradnoise_desc) -> Status;
    pub fn gradnoise_desc_set_fade(desc: *mut gradnoise_desc, fade: c_int) -> Status;
    pub fn gradnoise_desc_set_hash(desc: *mut gradnoise_desc, hash: c_int) -> Status;
    pub fn gradnoise_desc_set_basis(desc: *mut gradnoise_desc, basis: c_int) -> Status;
    pub fn gradnoise_desc_set_simplex(desc: *mut gradnoise_desc, orientation2: c_int, orientation3: c_int, orientation4: c_int) -> Status;
    pub fn gradnoise_desc_set_cellular(desc: *mut gradnoise_desc, distance: c_int, output: c_int, jitter: f32) -> Status;
    pub fn gradnoise_desc_set_fractal(desc: *mut gradnoise_desc, kind: c_int, octaves: c_int, frequency: f32, lacunarity: f32, persistence: f32) -> Status;
    pub fn gradnoise_desc_set_period(desc: *mut gradnoise_desc, period_x: c_int, period_y: c_int, period_z: c_int, period_w: c_int) -> Status;
    pub fn gradnoise_desc_set_warp(desc: *mut gradnoise_desc, levels: c_int, strength: f32, frequency: f32) -> Status;
    pub fn gradnoise_desc_set_pattern(desc: *mut gradnoise_desc, kind: c_int, frequency: f32, strength: f32) -> Status;
    pub fn gradnoise_desc_set_parameter(desc: *mut gradnoise_desc, name: *const c_char, value: *const c_char) -> Status;
    pub fn gradnoise_desc_get_parameter(desc: *const gradnoise_desc, name: *const c_char, buffer: *mut c_char, capacity: usize, length: *mut usize) -> Status;
    pub fn gradnoise_desc_validate(desc: *const gradnoise_desc) -> Status;
    pub fn gradnoise_parameter_count() -> usize;
    pub fn gradnoise_parameter(index: usize, out: *mut gradnoise_parameter_info) -> Status;
    pub fn gradnoise_parameter_choice(index: usize, choice: usize, name: *mut *const c_char, help: *mut *const c_char) -> Status;
    pub fn gradnoise_noise_create(desc: *const gradnoise_desc, out: *mut *mut gradnoise_noise) -> Status;
    pub fn gradnoise_noise_destroy(noise: *mut gradnoise_noise);
    pub fn gradnoise_noise2(noise: *const gradnoise_noise, x: f32, y: f32, out: *mut f32) -> Status;
    pub fn gradnoise_noise3(noise: *const gradnoise_noise, x: f32, y: f32, z: f32, out: *mut f32) -> Status;
    pub fn gradnoise_noise4(noise: *const gradnoise_noise, x: f32, y: f32, z: f32, w: f32, out: *mut f32) -> Status;
    pub fn gradnoise_evaluate_2d(noise: *const gradnoise_noise, x: *const f32, y: *const f32, out: *mut f32, count: usize) -> Status;
    pub fn gradnoise_evaluate_3d(noise: *const gradnoise_noise, x: *const f32, y: *const f32, z: *const f32, out: *mut f32, count: usize) -> Status;
    pub fn gradnoise_evaluate_4d(noise: *const gradnoise_noise, x: *const f32, y: *const f32, z: *const f32, w: *const f32, out: *mut f32, count: usize) -> Status;
    pub fn gradnoise_evaluate_2d_f64(noise: *const gradnoise_noise, x: *const f64, y: *const f64, out: *mut f64, count: usize) -> Status;
    pub fn gradnoise_evaluate_3d_f64(noise: *const gradnoise_noise, x: *const f64, y: *const f64, z: *const f64, out: *mut f64, count: usize) -> Status;
    pub fn gradnoise_fill_grid_2d(noise: *const gradnoise_noise, grid: *const gradnoise_grid_2d, out: *mut f32, row_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_fill_grid_3d(noise: *const gradnoise_noise, grid: *const gradnoise_grid_3d, out: *mut f32, row_stride: usize, slice_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_fill_chunk_2d(noise: *const gradnoise_noise, chunk: *const gradnoise_chunk_2d, out: *mut f32, row_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_fill_chunk_3d(noise: *const gradnoise_noise, chunk: *const gradnoise_chunk_3d, out: *mut f32, row_stride: usize, slice_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_chunk_sample_2d(noise: *const gradnoise_noise, sx: i64, sy: i64, spacing: f32, out: *mut f32) -> Status;
    pub fn gradnoise_chunk_sample_3d(noise: *const gradnoise_noise, sx: i64, sy: i64, sz: i64, spacing: f32, out: *mut f32) -> Status;
    pub fn gradnoise_gradient2(noise: *const gradnoise_noise, x: f32, y: f32, out: *mut f32) -> Status;
    pub fn gradnoise_gradient3(noise: *const gradnoise_noise, x: f32, y: f32, z: f32, out: *mut f32) -> Status;
    pub fn gradnoise_gradient4(noise: *const gradnoise_noise, x: f32, y: f32, z: f32, w: f32, out: *mut f32) -> Status;
    pub fn gradnoise_evaluate_gradient_2d(noise: *const gradnoise_noise, x: *const f32, y: *const f32, out: *const gradnoise_gradient_out, count: usize) -> Status;
    pub fn gradnoise_evaluate_gradient_3d(noise: *const gradnoise_noise, x: *const f32, y: *const f32, z: *const f32, out: *const gradnoise_gradient_out, count: usize) -> Status;
    pub fn gradnoise_evaluate_gradient_4d(noise: *const gradnoise_noise, x: *const f32, y: *const f32, z: *const f32, w: *const f32, out: *const gradnoise_gradient_out, count: usize) -> Status;
    pub fn gradnoise_fill_grid_gradient_2d(noise: *const gradnoise_noise, grid: *const gradnoise_grid_2d, out: *const gradnoise_gradient_out, row_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_fill_grid_gradient_3d(noise: *const gradnoise_noise, grid: *const gradnoise_grid_3d, out: *const gradnoise_gradient_out, row_stride: usize, slice_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_fill_chunk_gradient_2d(noise: *const gradnoise_noise, chunk: *const gradnoise_chunk_2d, out: *const gradnoise_gradient_out, row_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_fill_chunk_gradient_3d(noise: *const gradnoise_noise, chunk: *const gradnoise_chunk_3d, out: *const gradnoise_gradient_out, row_stride: usize, slice_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_evaluate_curl_2d(noise: *const gradnoise_noise, x: *const f32, y: *const f32, vx: *mut f32, vy: *mut f32, count: usize) -> Status;
    pub fn gradnoise_evaluate_curl_3d(noise: *const gradnoise_noise, x: *const f32, y: *const f32, z: *const f32, vx: *mut f32, vy: *mut f32, vz: *mut f32, count: usize) -> Status;
    pub fn gradnoise_shader_source(desc: *const gradnoise_desc, dimensions: c_int, name: *const c_char, buffer: *mut c_char, capacity: usize, length: *mut usize) -> Status;
    pub fn gradnoise_shader_gradient_source(desc: *const gradnoise_desc, dimensions: c_int, name: *const c_char, buffer: *mut c_char, capacity: usize, length: *mut usize) -> Status;
    pub fn gradnoise_chunk_octave_coordinates(noise: *const gradnoise_noise, axis: c_int, first: i64, count: usize, spacing: f32, out: *mut f32) -> Status;
    pub fn gradnoise_chunk_octave_coordinates_f64(noise: *const gradnoise_noise, axis: c_int, first: i64, count: usize, spacing: f32, out: *mut f64) -> Status;
    pub fn gradnoise_erosion_octave_count(noise: *const gradnoise_noise) -> c_int;
    pub fn gradnoise_chunk_erosion_coordinates(noise: *const gradnoise_noise, first: i64, count: usize, spacing: f32, out: *mut f32) -> Status;
    pub fn gradnoise_graph_create_from_json(json: *const c_char, length: usize, out: *mut *mut gradnoise_graph, error: *mut c_char, error_capacity: usize) -> Status;
    pub fn gradnoise_graph_destroy(graph: *mut gradnoise_graph);
    pub fn gradnoise_graph_dimensions(graph: *const gradnoise_graph) -> c_int;
    pub fn gradnoise_graph_to_json(graph: *const gradnoise_graph, buffer: *mut c_char, capacity: usize, length: *mut usize) -> Status;
    pub fn gradnoise_graph_shader_source(graph: *const gradnoise_graph, gradient: c_int, name: *const c_char, buffer: *mut c_char, capacity: usize, length: *mut usize) -> Status;
    pub fn gradnoise_graph_evaluate_2d(graph: *const gradnoise_graph, x: *const f32, y: *const f32, out: *mut f32, count: usize) -> Status;
    pub fn gradnoise_graph_evaluate_3d(graph: *const gradnoise_graph, x: *const f32, y: *const f32, z: *const f32, out: *mut f32, count: usize) -> Status;
    pub fn gradnoise_graph_evaluate_4d(graph: *const gradnoise_graph, x: *const f32, y: *const f32, z: *const f32, w: *const f32, out: *mut f32, count: usize) -> Status;
    pub fn gradnoise_graph_fill_grid_2d(graph: *const gradnoise_graph, grid: *const gradnoise_grid_2d, out: *mut f32, row_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_graph_fill_grid_3d(graph: *const gradnoise_graph, grid: *const gradnoise_grid_3d, out: *mut f32, row_stride: usize, slice_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_graph_fill_chunk_2d(graph: *const gradnoise_graph, chunk: *const gradnoise_chunk_2d, out: *mut f32, row_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_graph_fill_chunk_3d(graph: *const gradnoise_graph, chunk: *const gradnoise_chunk_3d, out: *mut f32, row_stride: usize, slice_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_graph_evaluate_gradient_2d(graph: *const gradnoise_graph, x: *const f32, y: *const f32, out: *const gradnoise_gradient_out, count: usize) -> Status;
    pub fn gradnoise_graph_evaluate_gradient_3d(graph: *const gradnoise_graph, x: *const f32, y: *const f32, z: *const f32, out: *const gradnoise_gradient_out, count: usize) -> Status;
    pub fn gradnoise_graph_evaluate_gradient_4d(graph: *const gradnoise_graph, x: *const f32, y: *const f32, z: *const f32, w: *const f32, out: *const gradnoise_gradient_out, count: usize) -> Status;
    pub fn gradnoise_graph_fill_grid_gradient_2d(graph: *const gradnoise_graph, grid: *const gradnoise_grid_2d, out: *const gradnoise_gradient_out, row_stride: usize, options: *const gradnoise_fill_options) -> Status;
    pub fn gradnoise_graph_fill_grid_gradient_3d(graph: *const gradnoise_graph, grid: *const gradnoise_grid_3d, out: *const gradnoise_gradient_out, row_stride: usize, slice_stride: usize, options: *const gradnoise_fill_options) -> Status;
}

#[cfg(test)]
mod tests {
    /// Every function include/gradnoise/gradnoise.h declares is declared here (a new C function is added to
    /// this file when it is added to the header).
    #[test]
    fn every_function_of_the_header_is_declared() {
        let header = include_str!("../../../../include/gradnoise/gradnoise.h");
        let here = include_str!("lib.rs");
        let mut count = 0;
        for part in header.split("GRADNOISE_C_API ").skip(2) {
            let name = part.split('(').next().unwrap().rsplit(|c: char| c == ' ' || c == '*').next().unwrap();
            assert!(here.contains(&format!("pub fn {}(", name)), "{} is not declared", name);
            count += 1;
        }
        assert!(count > 70, "read {} functions from the header", count);
    }
}
