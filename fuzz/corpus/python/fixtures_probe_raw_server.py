"""A scriptable MCP server on the standard library only, for probe tests.

    server.py MODE [ARG]

stdio modes: pages N | sleep PIDFILE | exit | garbage | error | odd | huge
http modes:  http PORTFILE (Streamable HTTP) | sse PORTFILE (HTTP+SSE only)

Every JSON-RPC method received is appended to $PROBE_METHOD_LOG, and any
`tools/call` appends to $PROBE_CALL_LOG: the tests assert what was sent.
"""

import json
import os
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODE = sys.argv[1]
ARG = sys.argv[2] if len(sys.argv) > 2 else ""
PAGE = 50


def log(path_var, line):
    path = os.environ.get(path_var)
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(line + "\n")


def tool(name, **extra):
    t = {"name": name, "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}
    t.update(extra)
    return t


def tools_page(cursor):
    if MODE == "odd":
        return {"tools": [
            tool("get_item", annotations={"readOnlyHint": True, "openWorldHint": False}),
            tool("get_item", annotations={"readOnlyHint": False}),
            tool("drop_table", annotations={"readOnlyHint": None, "destructiveHint": "yes",
                                            "idempotentHint": True, "openWorldHint": False}),
            tool("rename_item", destructiveHint=False,
                 annotations={"readOnlyHint": False, "idempotentHint": True, "openWorldHint": False}),
        ]}
    if MODE == "huge":
        return {"tools": [tool("big", description="x" * 200_000)]}
    pages = int(ARG) if MODE == "pages" else 2
    n = int(cursor or 0)
    names = [f"read_record_{n * PAGE + i}" for i in range(PAGE)]
    result = {"tools": [tool(x, annotations={"readOnlyHint": True, "openWorldHint": False}) for x in names]}
    if n + 1 < pages:
        result["nextCursor"] = str(n + 1)
    return result


def answer(msg):
    """The reply to one message, or None."""
    method = msg.get("method")
    log("PROBE_METHOD_LOG", str(method))
    if method == "tools/call":
        log("PROBE_CALL_LOG", json.dumps(msg))
    if "id" not in msg or method is None:
        return None
    if method == "initialize":
        if MODE == "error":
            return {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32603, "message": "database is locked"}}
        return {"jsonrpc": "2.0", "id": msg["id"], "result": {
            "protocolVersion": msg["params"]["protocolVersion"], "capabilities": {"tools": {}},
            "serverInfo": {"name": "raw", "version": "1"}}}
    if method == "tools/list":
        return {"jsonrpc": "2.0", "id": msg["id"], "result": tools_page(msg.get("params", {}).get("cursor"))}
    return {"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "no such method"}}


def stdio():
    if MODE == "sleep":
        # A grandchild too: the probe must kill the whole process group.
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        with open(ARG, "w", encoding="utf-8") as f:
            f.write(str(child.pid))
        time.sleep(600)
    if MODE == "exit":
        print("boom: NOTES_DB is not set", file=sys.stderr, flush=True)
        sys.exit(3)
    if MODE == "garbage":
        sys.stdout.write("Server ready on stdio!\n")
        sys.stdout.flush()
        time.sleep(600)
    for line in sys.stdin:
        reply = answer(json.loads(line))
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()


class Streamable(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, code, body=b"", ctype="application/json", headers=()):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        msg = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if msg.get("method") != "initialize" and self.headers.get("Mcp-Session-Id") != "s-42":
            return self.reply(400, b'{"error": "missing session"}')
        out = answer(msg)
        if out is None:
            return self.reply(202)
        if msg["method"] == "tools/list":
            # Replies may come as an event stream, after a notification.
            note = json.dumps({"jsonrpc": "2.0", "method": "notifications/message", "params": {}})
            body = f"event: message\ndata: {note}\n\nevent: message\ndata: {json.dumps(out)}\n\n".encode()
            return self.reply(200, body, "text/event-stream")
        self.reply(200, json.dumps(out).encode(), headers=[("Mcp-Session-Id", "s-42")])

    def do_DELETE(self):
        log("PROBE_METHOD_LOG", "HTTP DELETE")
        self.reply(200)


class Legacy(BaseHTTPRequestHandler):
    """The 2024-11-05 transport: GET /sse for events, POST /messages."""

    protocol_version = "HTTP/1.0"
    streams = []

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        self.wfile.write(b"event: endpoint\ndata: /messages?session=1\n\n")
        self.wfile.flush()
        Legacy.streams.append(self.wfile)
        time.sleep(60)

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if not self.path.startswith("/messages"):
            self.send_response(405)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        out = answer(json.loads(body))
        self.send_response(202)
        self.send_header("Content-Length", "8")
        self.end_headers()
        self.wfile.write(b"Accepted")
        if out is not None:
            stream = Legacy.streams[-1]
            stream.write(f"event: message\ndata: {json.dumps(out)}\n\n".encode())
            stream.flush()


def http(handler):
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    with open(ARG + ".tmp", "w", encoding="utf-8") as f:
        f.write(str(server.server_address[1]))
    os.replace(ARG + ".tmp", ARG)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    time.sleep(600)


if __name__ == "__main__":
    if MODE == "http":
        http(Streamable)
    elif MODE == "sse":
        http(Legacy)
    else:
        stdio()
