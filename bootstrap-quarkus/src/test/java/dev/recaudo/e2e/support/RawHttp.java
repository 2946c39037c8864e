package dev.recaudo.e2e.support;

import io.restassured.path.json.JsonPath;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written by hand on a socket, for what ordinary clients will not do: send a body in chunks
 * without declaring its length, or connect from a chosen local address (any 127.x.y.z on Linux), so
 * that the service sees a caller other than its trusted proxy. The body is sent while the answer is
 * read, because the service may answer and close before the whole body has arrived.
 */
public final class RawHttp {

    private static final int CHUNK_BYTES = 64 * 1024;
    private static final int TIMEOUT_MILLIS = 20_000;

    private RawHttp() {}

    /** An answer: status, headers by lower-case name, body as text. */
    public record Reply(int status, Map<String, String> headers, String body) {

        public JsonPath json() {
            return new JsonPath(body);
        }
    }

    /** A request with a chunked body (no {@code Content-Length}) from the usual local address. */
    public static Reply chunked(String method, String target, Map<String, String> headers, byte[] body) {
        return send(null, method, target, headers, body, true);
    }

    /** A request with a declared-length body (or none, when {@code body} is null) from {@code localAddress}. */
    public static Reply from(String localAddress, String method, String target, Map<String, String> headers, byte[] body) {
        try {
            return send(InetAddress.getByName(localAddress), method, target, headers, body, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Reply send(InetAddress localAddress, String method, String target, Map<String, String> headers,
            byte[] body, boolean chunked) {
        try (Socket socket = new Socket()) {
            if (localAddress != null) {
                socket.bind(new InetSocketAddress(localAddress, 0));
            }
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), ServiceUnderTest.nextPort()), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            if (body != null) {
                head.append(chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: " + body.length + "\r\n");
            }
            head.append("\r\n");
            Thread writer = new Thread(() -> write(socket, head.toString(), body, chunked), "raw-http-writer");
            writer.start();
            Reply reply = read(socket.getInputStream());
            writer.join(TIMEOUT_MILLIS);
            return reply;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void write(Socket socket, String head, byte[] body, boolean chunked) {
        try {
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            if (body != null && chunked) {
                for (int offset = 0; offset < body.length; offset += CHUNK_BYTES) {
                    int length = Math.min(CHUNK_BYTES, body.length - offset);
                    out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    out.write(body, offset, length);
                    out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                }
                out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            } else if (body != null) {
                out.write(body);
            }
            out.flush();
        } catch (IOException closedEarly) {
            // The service answered and closed before reading the whole body; the answer is what counts.
        }
    }

    /** Reads one answer from a connection whose request the caller wrote itself. */
    public static Reply read(InputStream in) throws IOException {
        String statusLine = line(in);
        while (statusLine.startsWith("HTTP/1.1 100")) {
            line(in); // the blank line that ends an interim answer
            statusLine = line(in);
        }
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            int colon = header.indexOf(':');
            headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
        }
        String declared = headers.get("content-length");
        byte[] body = declared != null ? in.readNBytes(Integer.parseInt(declared)) : in.readAllBytes();
        return new Reply(status, headers, new String(body, StandardCharsets.UTF_8));
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b == -1) {
                throw new IOException("the connection closed in the middle of the answer's head");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }
}
