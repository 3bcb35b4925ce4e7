pub mod helpers;
pub mod server;
