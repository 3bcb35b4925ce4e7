//! C# specifics of resolution. None yet: every default of
//! [`LangSupport`] holds.

use super::lang::LangSupport;

pub struct CSharp;

impl LangSupport for CSharp {}
