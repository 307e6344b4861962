//! `papermap serve`, the real binary over HTTP: edits show up on the reload channel with exactly
//! the files they change (the truth: `papermap build` before and after the edit), broken edits
//! keep the last good site served, the responses carry the right types and the site's 404 pages,
//! and no request path reaches anything but the built site.

#[path = "../common/mod.rs"]
mod common;

mod server;
mod session;

mod broken;
mod reload;
mod requests;
