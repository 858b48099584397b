#!/usr/bin/env python3
"""A page of a headless Chromium driven over its DevTools protocol, with
the standard library alone (tests/e2e/web.sh): `Page(port, url)` opens a
tab on `url` in the Chromium listening on `port` (--remote-debugging-port)
and `page.eval(expression)` runs JavaScript in it and returns the value;
`page.wait(expression, seconds)` polls until the value is truthy.  The
WebSocket client is the least the protocol needs: text frames, masked
as a client's must be, answers matched to their requests by id."""
import base64
import json
import os
import socket
import struct
import time
import urllib.request


class Page:
    def __init__(self, port, url, timeout=30):
        deadline = time.time() + timeout
        while True:
            try:
                req = urllib.request.Request(
                    "http://127.0.0.1:%d/json/new?%s" % (port, url), method="PUT")
                target = json.load(urllib.request.urlopen(req, timeout=5))
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.2)
        path = target["webSocketDebuggerUrl"].split("/", 3)[3]
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET /%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                           "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n" % (path, port, key)).encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            reply += self.sock.recv(4096)
        if b" 101 " not in reply.split(b"\r\n")[0]:
            raise OSError("no WebSocket: %r" % reply[:100])
        self.buf = reply.split(b"\r\n\r\n", 1)[1]
        self.next_id = 0

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise OSError("the browser closed the connection")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def _send(self, text):
        data = text.encode()
        mask = os.urandom(4)
        head = bytes([0x81])
        if len(data) < 126:
            head += bytes([0x80 | len(data)])
        elif len(data) < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", len(data))
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", len(data))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _message(self):
        text = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            text += self._read(n)
            if b0 & 0x80:
                return json.loads(text)

    def call(self, method, **params):
        self.next_id += 1
        self._send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            m = self._message()
            if m.get("id") == self.next_id:
                return m

    def eval(self, expression):
        m = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return m.get("result", {}).get("result", {}).get("value")

    def wait(self, expression, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            value = self.eval(expression)
            if value:
                return value
            time.sleep(0.2)
        return None
