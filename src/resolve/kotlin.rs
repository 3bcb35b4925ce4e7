//! Kotlin specifics of resolution. None yet: every default of
//! [`LangSupport`] holds.

use super::lang::LangSupport;

pub struct Kotlin;

impl LangSupport for Kotlin {}
