"""A minimal WebSocket client (RFC 6455) for the server tests and the load benchmark: text
frames, client masking, ping/close handling; python3 standard library only."""
import base64
import json
import os
import socket
import struct


class HandshakeRefused(Exception):
    def __init__(self, status, body):
        super().__init__(f"handshake refused: {status} {body}")
        self.status = status
        self.body = body


class WebSocket:
    def __init__(self, host, port, path, timeout=10.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                   "Sec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        self.buf = b""
        head = self._until(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        if status != 101:
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = self._exactly(length) if length else b""
            self.sock.close()
            raise HandshakeRefused(status, body.decode(errors="replace"))
        self.closed = False

    def _until(self, marker):
        while marker not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("connection closed during handshake")
            self.buf += chunk
        head, self.buf = self.buf.split(marker, 1)
        return head

    def _exactly(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("connection closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def send_frame(self, opcode, payload):
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload)) if n < 4096 else \
            (int.from_bytes(payload, "big") ^ int.from_bytes((mask * (n // 4 + 1))[:n], "big")).to_bytes(n, "big")
        self.sock.sendall(header + mask + masked)

    def send(self, obj):
        text = obj if isinstance(obj, str) else json.dumps(obj)
        self.send_frame(0x1, text.encode())

    def recv_frame(self):
        """(opcode, payload) of the next complete message; answers pings."""
        message, first_op = b"", None
        while True:
            b0, b1 = self._exactly(2)
            op, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._exactly(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._exactly(8))[0]
            if b1 & 0x80:
                mask = self._exactly(4)
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(self._exactly(n)))
            else:
                payload = self._exactly(n)
            if op == 0x9:
                self.send_frame(0xA, payload)
                continue
            if op == 0xA:
                continue
            if op == 0x8:
                self.closed = True
                return op, payload
            if first_op is None:
                first_op = op
            message += payload
            if b0 & 0x80:
                return first_op, message

    def recv(self):
        """The next message as JSON, or None once the server closes."""
        op, payload = self.recv_frame()
        if op == 0x8:
            return None
        return json.loads(payload)

    def recv_until(self, type_, limit=50):
        for _ in range(limit):
            msg = self.recv()
            if msg is None or msg.get("type") == type_:
                return msg
        raise AssertionError(f"no {type_} message")

    def close(self):
        try:
            self.send_frame(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
        self.sock.close()
