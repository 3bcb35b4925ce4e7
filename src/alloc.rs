//! mimalloc for Rust's allocations and tree-sitter's. A lint run allocates
//! and frees millions of small nodes (syntax trees, IR, values); glibc's
//! malloc spent about a fifth of a large file's run in `malloc`/`free`.
//!
//! Transparent huge pages are switched off for the process: mimalloc asks
//! for them (`MADV_HUGEPAGE`), and where the kernel honours that on request
//! only (the common `madvise` setting) every first touch of a 2 MiB region
//! zeroes all of it, and may compact memory synchronously to find one. On a
//! 20,000-file tree that made peak memory 70 MiB instead of 49 MiB, and on
//! one large file a third of the run was the kernel clearing pages.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Points tree-sitter at mimalloc. Call first in `main`, before anything
/// parses: memory tree-sitter took from one allocator must go back to it.
pub fn install() {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    // SAFETY: prctl with PR_SET_THP_DISABLE reads only its integer arguments;
    // a kernel without it returns EINVAL, which changes nothing.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
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
