pub mod admin;
pub mod glob;
