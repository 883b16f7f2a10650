// Links the C API's shared library: GRADNOISE_LIB_DIR names the folder holding libgradnoise.so (Linux),
// gradnoise.dll + its import library (Windows) or libgradnoise.dylib -- a build's plugin/ folder
// (-DGRADNOISE_BUILD_PLUGIN=ON) or an installed shared library. Without it the system's library path is used.
fn main() {
    println!("cargo:rerun-if-env-changed=GRADNOISE_LIB_DIR");
    if let Ok(dir) = std::env::var("GRADNOISE_LIB_DIR") {
        println!("cargo:rustc-link-search=native={}", dir);
    }
    println!("cargo:rustc-link-lib=dylib=gradnoise");
}
