#!/usr/bin/env python3
"""Black-box fuzzer of `ply serve`: python3 fuzz/http_fuzz.py PLY_BINARY [SECONDS] [SEED].

Starts the server on a free port and, for SECONDS, throws mutated and hostile
raw HTTP at it over sockets (torn, pipelined, half-closed, trickled, with
conflicting lengths, foreign hosts, control bytes), in batches. Each answer
must be well-formed HTTP whose errors are one-line JSON; after each batch a
normal request must still get its correct answer within a few seconds; at
the end the server must stop cleanly on Ctrl-C. Exits non-zero on the first
failure, printing the inputs of the batch that caused it.
"""
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time

SEEDS = [
    b"GET /api/games HTTP/1.1\r\nHost: {host}\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n",
    b"POST /api/state HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
    b"Content-Length: {len}\r\n\r\n{body}",
    b"POST /api/trace HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
    b"Origin: http://{host}\r\nContent-Length: {len}\r\n\r\n{body}",
    b"POST /api/think HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
    b"Content-Length: {len}\r\n\r\n{body}",
    b"GET /api/games HTTP/1.0\r\n\r\n",
]
BODIES = [
    b'{"game":"chess","moves":["e2e4","e7e5"]}',
    b'{"game":"tree","position":"((3 12 8) (2 4 6) (14 5 2))","algo":"pvs"}',
    b'{"game":"tictactoe","depth":64}',
    b'{"game":"connect4","nodes":18446744073709551615}',
    b'{"game":"go","depth":64}',
    b'{"game":"chess","start":"8/8/8/8/8/8/8/8 w - - 0 1"}',
]
HEADERS = [
    b"Content-Length: 5", b"Content-Length: -1", b"Content-Length: 99999999999999999999",
    b"Transfer-Encoding: chunked", b"Host: evil.example", b"Host: localhost:1", b"Origin: null",
    b"Origin: http://evil.example", b"Connection: close", b"Expect: 100-continue", b"Range: bytes=0-1",
    b" folded", b"X: \x00", b"Content-Length : 3", b"X-Long: " + b"a" * 9000,
]
JUNK = [b"\r", b"\n", b"\r\n", b"\x00", b"\xff", b" ", b":", b"\t", b"%00", b"/../..", b"HTTP/1.1", b"\r\n\r\n"]


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        pos = rng.randint(0, len(data))
        if kind == 0 and data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif kind == 1:
            data[pos:pos] = rng.choice(JUNK)
        elif kind == 2:
            data[pos:pos] = rng.choice(HEADERS) + b"\r\n"
        elif kind == 3:
            del data[pos:pos + rng.randint(1, 16)]
        elif kind == 4:
            data[pos:pos] = data[rng.randint(0, len(data)):][:rng.randint(1, 64)]
        else:
            data = data[:pos]
    return bytes(data)


def request(rng, host):
    body = rng.choice(BODIES)
    text = rng.choice(SEEDS).replace(b"{host}", host).replace(b"{len}", str(len(body)).encode())
    text = text.replace(b"{body}", body)
    if rng.random() < 0.3:  # pipelined
        text += request(rng, host)
    return mutate(rng, text) if rng.random() < 0.8 else text


def send(port, data, rng):
    """Sends `data` as the client chooses (at once, torn, half-closed); returns what came back."""
    s = socket.create_connection(("127.0.0.1", port), timeout=3)
    answer = b""
    try:
        if rng.random() < 0.3:
            for i in range(0, len(data), rng.randint(1, 64)):
                s.sendall(data[i:i + 64])
                time.sleep(rng.random() * 0.002)
        else:
            s.sendall(data)
        if rng.random() < 0.5:
            s.shutdown(socket.SHUT_WR)
        s.settimeout(rng.choice([0.05, 0.2, 0.5]))
        while len(answer) < 1 << 20:
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
    except OSError:
        pass  # refused mid-way, reset, or timed out: only the answers that came are checked
    finally:
        s.close()
    return answer


STATUS = re.compile(rb"HTTP/1\.1 (\d{3}) [^\r\n]*\r\n")


def check_answer(answer):
    """A problem with an answer, or None. Errors are JSON with a one-line message."""
    if not answer:
        return None
    if not STATUS.match(answer):
        return "not an HTTP/1.1 status line: %r" % answer[:80]
    head, sep, body = answer.partition(b"\r\n\r\n")
    status = int(STATUS.match(answer).group(1))
    length = re.search(rb"\r\nContent-Length: (\d+)\r\n", head + b"\r\n")
    if status >= 400 and b"application/json" in head and length and len(body) >= int(length.group(1)):
        try:
            error = json.loads(body[:int(length.group(1))])["error"]
        except (ValueError, KeyError, TypeError):
            return "an error answer without a JSON error: %r" % answer[:200]
        if "\n" in error:
            return "a multi-line error: %r" % error
    return None


def healthy(port, host):
    """None if a normal request gets its correct answer within 5 s, else what went wrong."""
    body = b'{"game":"chess"}'
    req = (b"POST /api/state HTTP/1.1\r\nHost: " + host + b"\r\nContent-Type: application/json\r\n"
           b"Connection: close\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    started = time.monotonic()
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(req)
        answer = b""
        while time.monotonic() - started < 5:
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
        s.close()
    except OSError as e:
        return "normal request failed: %s" % e
    if not answer.startswith(b"HTTP/1.1 200 "):
        return "normal request got %r" % answer[:200]
    if len(json.loads(answer.partition(b"\r\n\r\n")[2])["legal"]) != 20:
        return "normal request got a wrong answer"
    if time.monotonic() - started > 5:
        return "normal request took %.1f s" % (time.monotonic() - started)
    return None


def main():
    binary = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 30
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else int(time.time())
    rng = random.Random(seed)
    server = subprocess.Popen([binary, "serve", "--port", "0", "--max-think-seconds", "2"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    line = server.stdout.readline().decode()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        print("http_fuzz: the server did not start: %r" % line)
        return 1
    port = int(match.group(1))
    host = b"127.0.0.1:%d" % port
    deadline, batches, sent, failure = time.monotonic() + seconds, 0, 0, None
    while time.monotonic() < deadline and not failure:
        batch = [request(rng, host) for _ in range(20)]
        for data in batch:
            failure = check_answer(send(port, data, rng))
            sent += 1
            if failure:
                batch = [data]
                break
        failure = failure or (server.poll() is not None and "the server exited") or healthy(port, host)
        batches += 1
    if failure:
        print("http_fuzz FAILED (seed %d): %s\nthe batch's inputs:" % (seed, failure))
        for data in batch:
            print("  %r" % data)
    server.send_signal(signal.SIGINT)
    try:
        code = server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        code = "hung"
    if code != 0 and not failure:
        failure = "the server did not stop cleanly on Ctrl-C: %s" % code
        print("http_fuzz FAILED (seed %d): %s" % (seed, failure))
    if not failure:
        print("http_fuzz: %d requests in %d batches, seed %d: ok" % (sent, batches, seed))
    return 1 if failure else 0


if __name__ == "__main__":
    sys.exit(main())
