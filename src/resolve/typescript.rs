//! TypeScript specifics of resolution (not yet written).

use super::lang::LangSupport;

pub struct TypeScript;

impl LangSupport for TypeScript {}
