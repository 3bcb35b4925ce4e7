//! mimalloc for Rust's allocations and tree-sitter's. A lint run allocates
//! and frees millions of small nodes (syntax trees, IR, values); glibc's
//! malloc spent about a fifth of a large file's run in `malloc`/`free`.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Points tree-sitter at mimalloc. Call first in `main`, before anything
/// parses: memory tree-sitter took from one allocator must go back to it.
pub fn install() {
    // SAFETY: runs before any tree-sitter object exists, and the functions
    // given follow the C allocation contract.
    unsafe {
        tree_sitter::set_allocator(
            Some(libmimalloc_sys::mi_malloc),
            Some(zeroed),
            Some(libmimalloc_sys::mi_realloc),
            Some(libmimalloc_sys::mi_free),
        );
    }
}

/// `calloc`: `n * size` zeroed bytes, or null when that overflows.
unsafe extern "C" fn zeroed(n: usize, size: usize) -> *mut std::ffi::c_void {
    match n.checked_mul(size) {
        // SAFETY: mi_zalloc has no precondition.
        Some(bytes) => unsafe { libmimalloc_sys::mi_zalloc(bytes) },
        None => std::ptr::null_mut(),
    }
}
