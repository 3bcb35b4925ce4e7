//! A minimal blocking HTTP/1.1 client on `std::net`: one request per
//! connection (`Connection: close`), `Content-Length`, chunked and
//! read-to-close bodies, bounded headers. Plain `http://` only: a probe
//! talks to a server the user started, normally on loopback, and a TLS
//! stack would be the largest dependency of the project for that one use.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

const MAX_HEADERS: usize = 64 * 1024;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Url {
    pub host: String,
    pub port: u16,
    /// Path and query, starting with `/`.
    pub path: String,
}

impl Url {
    pub fn parse(url: &str) -> Result<Url, String> {
        let Some(rest) = url.strip_prefix("http://") else {
            return Err(if url.starts_with("https://") {
                format!("`{url}`: https is not supported; probe the server on a local http:// port instead")
            } else {
                format!("`{url}` is not an http:// URL")
            });
        };
        let (authority, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, "/"),
        };
        let (host, port) = match authority.rsplit_once(':') {
            Some((h, p)) if !h.ends_with(']') || authority.starts_with('[') => {
                (h, p.parse::<u16>().map_err(|_| format!("`{url}`: bad port `{p}`"))?)
            }
            _ => (authority, 80),
        };
        if host.is_empty() || authority.contains('@') {
            return Err(format!("`{url}`: expected http://HOST:PORT/PATH"));
        }
        let path = path.split('#').next().unwrap_or("/").to_string();
        Ok(Url { host: host.trim_start_matches('[').trim_end_matches(']').to_string(), port, path })
    }

    pub fn authority(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }

    /// Resolve a reference the server sent (the legacy `endpoint` event):
    /// only the same origin is accepted, so a server cannot send us elsewhere.
    pub fn join(&self, reference: &str) -> Result<Url, String> {
        let joined = if reference.starts_with("http://") || reference.starts_with("https://") {
            Url::parse(reference)?
        } else if reference.starts_with('/') {
            Url { path: reference.to_string(), ..self.clone() }
        } else {
            let dir = &self.path[..self.path.split('?').next().unwrap_or("").rfind('/').map_or(0, |i| i + 1)];
            Url { path: format!("{dir}{reference}"), ..self.clone() }
        };
        if joined.host != self.host || joined.port != self.port {
            return Err(format!("the server named another origin for its endpoint: `{reference}`"));
        }
        Ok(joined)
    }
}

pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Box<dyn BufRead + Send>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
    /// The body as text, at most `max` bytes.
    pub fn text(mut self, max: usize) -> Result<String, String> {
        let mut buf = Vec::new();
        (&mut self.body)
            .take(max as u64 + 1)
            .read_to_end(&mut buf)
            .map_err(|e| format!("cannot read the body: {e}"))?;
        if buf.len() > max {
            return Err(format!("the response is longer than {max} bytes (raise --max-message)"));
        }
        Ok(String::from_utf8_lossy(&buf).into_owned())
    }
}

/// Send one request. `timeout` bounds connecting and each read or write;
/// the returned socket clone lets another thread cut a read short.
pub fn send(
    method: &str,
    url: &Url,
    headers: &[(String, String)],
    body: &[u8],
    timeout: Duration,
) -> Result<(Response, TcpStream), String> {
    let addr = (url.host.as_str(), url.port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot resolve `{}`: {e}", url.host))?
        .next()
        .ok_or_else(|| format!("cannot resolve `{}`", url.host))?;
    let stream = TcpStream::connect_timeout(&addr, timeout)
        .map_err(|e| format!("cannot connect to {}: {e}", url.authority()))?;
    let _ = stream.set_read_timeout(Some(timeout));
    let _ = stream.set_write_timeout(Some(timeout));
    let handle = stream.try_clone().map_err(|e| e.to_string())?;
    let mut head = format!("{method} {} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n", url.path, url.authority());
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    let mut w = &stream;
    w.write_all(head.as_bytes())
        .and_then(|_| w.write_all(body))
        .and_then(|_| w.flush())
        .map_err(|e| format!("cannot send the request to {}: {e}", url.authority()))?;

    let mut r = BufReader::new(stream);
    let mut line = String::new();
    let mut read = 0usize;
    let mut next = |r: &mut BufReader<TcpStream>, line: &mut String| -> Result<(), String> {
        line.clear();
        let n = r.by_ref().take(MAX_HEADERS as u64).read_line(line).map_err(|e| format!("no HTTP response: {e}"))?;
        read += n;
        if n == 0 || read > MAX_HEADERS {
            return Err("the server closed the connection or sent oversized headers".into());
        }
        Ok(())
    };
    next(&mut r, &mut line)?;
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse::<u16>().ok())
        .filter(|_| line.starts_with("HTTP/1."))
        .ok_or_else(|| format!("not an HTTP response: {}", super::wire::excerpt(line.trim(), 80)))?;
    let mut headers = Vec::new();
    loop {
        next(&mut r, &mut line)?;
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            headers.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    let find = |name: &str| headers.iter().find(|(k, _): &&(String, String)| k.eq_ignore_ascii_case(name));
    let body: Box<dyn BufRead + Send> = if method == "HEAD" || status == 204 || status == 304 {
        Box::new(std::io::empty())
    } else if find("transfer-encoding").is_some_and(|(_, v)| v.to_ascii_lowercase().contains("chunked")) {
        Box::new(BufReader::new(Chunked { inner: r, left: 0, done: false }))
    } else if let Some(len) = find("content-length").and_then(|(_, v)| v.parse::<u64>().ok()) {
        Box::new(r.take(len))
    } else {
        Box::new(r)
    };
    Ok((Response { status, headers, body }, handle))
}

/// A `Transfer-Encoding: chunked` body.
struct Chunked<R> {
    inner: R,
    left: u64,
    done: bool,
}

impl<R: BufRead> Read for Chunked<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.done || buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            let mut size = String::new();
            self.inner.by_ref().take(1024).read_line(&mut size)?;
            let hex = size.trim().split(';').next().unwrap_or("");
            self.left = u64::from_str_radix(hex, 16)
                .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "bad chunk size"))?;
            if self.left == 0 {
                self.done = true;
                return Ok(0);
            }
        }
        let want = buf.len().min(self.left as usize);
        let n = self.inner.read(&mut buf[..want])?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        self.left -= n as u64;
        if self.left == 0 {
            let mut crlf = String::new();
            self.inner.by_ref().take(2).read_line(&mut crlf)?;
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_joins_urls() {
        let u = Url::parse("http://127.0.0.1:8000/mcp").unwrap();
        assert_eq!((u.host.as_str(), u.port, u.path.as_str()), ("127.0.0.1", 8000, "/mcp"));
        assert_eq!(Url::parse("http://localhost").unwrap().path, "/");
        assert_eq!(Url::parse("http://[::1]:9/x").unwrap().host, "::1");
        assert!(Url::parse("https://example.com/").unwrap_err().contains("https is not supported"));
        assert!(Url::parse("http://u:p@h/").is_err());
        let sse = Url::parse("http://127.0.0.1:8000/sse").unwrap();
        assert_eq!(sse.join("/messages/?session_id=1").unwrap().path, "/messages/?session_id=1");
        assert_eq!(sse.join("messages").unwrap().path, "/messages");
        assert!(sse.join("http://evil.example:8000/m").is_err());
    }

    #[test]
    fn decodes_chunked_bodies() {
        let raw: &[u8] = b"5\r\nhello\r\n6;x=1\r\n world\r\n0\r\n\r\n";
        let mut out = String::new();
        Chunked { inner: raw, left: 0, done: false }.read_to_string(&mut out).unwrap();
        assert_eq!(out, "hello world");
    }
}
