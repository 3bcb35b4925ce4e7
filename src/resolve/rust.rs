//! Rust specifics of resolution (not yet written).

use super::lang::LangSupport;

pub struct Rust;

impl LangSupport for Rust {}
