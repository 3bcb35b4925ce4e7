//! Server-sent events, as far as MCP uses them: `event:` and `data:` fields,
//! events ended by a blank line, comments and other fields ignored.

use std::io::BufRead;

#[derive(Debug, PartialEq, Eq)]
pub struct Event {
    /// `message` when the stream names none.
    pub event: String,
    pub data: String,
}

/// The next event, `Ok(None)` at the end of the stream. An event larger
/// than `max` bytes is an error.
pub fn next<R: BufRead>(r: &mut R, max: usize) -> Result<Option<Event>, String> {
    let mut event = String::new();
    let mut data: Option<String> = None;
    let mut line = String::new();
    loop {
        line.clear();
        let n = std::io::Read::take(&mut *r, max as u64 + 2)
            .read_line(&mut line)
            .map_err(|e| format!("event stream: {e}"))?;
        if n == 0 {
            return Ok(data.map(|data| Event { event: take_name(event), data }));
        }
        if !line.ends_with('\n') && n as u64 == max as u64 + 2 {
            return Err(format!("an event line longer than {max} bytes (raise --max-message)"));
        }
        let l = line.strip_suffix('\n').unwrap_or(&line);
        let l = l.strip_suffix('\r').unwrap_or(l);
        if l.is_empty() {
            if let Some(data) = data.take() {
                return Ok(Some(Event { event: take_name(std::mem::take(&mut event)), data }));
            }
            event.clear();
            continue;
        }
        let (field, value) = match l.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (l, ""),
        };
        match field {
            "event" => event = value.to_string(),
            "data" => {
                let d = data.get_or_insert_with(String::new);
                if !d.is_empty() {
                    d.push('\n');
                }
                d.push_str(value);
                if d.len() > max {
                    return Err(format!("an event larger than {max} bytes (raise --max-message)"));
                }
            }
            _ => {}
        }
    }
}

fn take_name(event: String) -> String {
    if event.is_empty() {
        "message".into()
    } else {
        event
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_events() {
        let mut r: &[u8] = b": ping\n\nevent: endpoint\ndata: /m?s=1\n\ndata: {\"a\":\ndata: 1}\r\n\r\nid: 3\n";
        assert_eq!(next(&mut r, 100).unwrap(), Some(Event { event: "endpoint".into(), data: "/m?s=1".into() }));
        assert_eq!(next(&mut r, 100).unwrap(), Some(Event { event: "message".into(), data: "{\"a\":\n1}".into() }));
        assert_eq!(next(&mut r, 100).unwrap(), None);
        let mut big: &[u8] = b"data: 0123456789\n\n";
        assert!(next(&mut big, 5).is_err());
    }
}
