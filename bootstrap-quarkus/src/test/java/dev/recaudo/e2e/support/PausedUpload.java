package dev.recaudo.e2e.support;

import io.restassured.RestAssured;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One POST on its own connection whose body is made as it is written: {@code prefix}, {@code fillerBytes}
 * of {@code filler} repeated, then {@code suffix}. The writer stops after {@code pauseAfterBytes} of
 * filler until released, so a test can measure the service's heap with many bodies in flight; a reader
 * takes the answer whenever it comes. Bodies are never held by the test, so any copy in the heap is the service's.
 */
public final class PausedUpload {

    /** What to send: the body's parts, and whether it goes in chunks or with its length declared. */
    public record Body(byte[] prefix, byte[] filler, long fillerBytes, byte[] suffix, boolean chunked) {

        long length() {
            return prefix.length + fillerBytes + suffix.length;
        }
    }

    public final CountDownLatch paused = new CountDownLatch(1);
    public final CompletableFuture<RawHttp.Reply> reply = new CompletableFuture<>();
    private final Socket socket = new Socket();
    private final Body body;

    public PausedUpload(String path, Map<String, String> headers, Body body, long pauseAfterBytes, CountDownLatch release)
            throws IOException {
        this.body = body;
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), RestAssured.port), 10_000);
        socket.setSoTimeout(120_000);
        StringBuilder head = new StringBuilder("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append(body.chunked() ? "Transfer-Encoding: chunked\r\n" : "Content-Length: " + body.length() + "\r\n")
                .append("\r\n");
        Thread writer = new Thread(() -> write(head.toString(), pauseAfterBytes, release), "paused-upload-writer");
        writer.setDaemon(true);
        writer.start();
        Thread reader = new Thread(this::read, "paused-upload-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Waits until the writer paused (or the connection closed early). */
    public boolean awaitPaused() throws InterruptedException {
        return paused.await(60, TimeUnit.SECONDS);
    }

    public RawHttp.Reply awaitReply() throws Exception {
        return reply.get(60, TimeUnit.SECONDS);
    }

    private void read() {
        try (socket) {
            reply.complete(RawHttp.read(socket.getInputStream()));
        } catch (IOException | RuntimeException e) {
            reply.completeExceptionally(e);
        }
    }

    private void write(String head, long pauseAfterBytes, CountDownLatch release) {
        try {
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            part(out, body.prefix(), body.prefix().length);
            int step = body.filler().length;
            for (long written = 0; written < body.fillerBytes(); written += step) {
                if (written >= pauseAfterBytes && paused.getCount() > 0) {
                    out.flush();
                    paused.countDown();
                    release.await(120, TimeUnit.SECONDS);
                }
                part(out, body.filler(), (int) Math.min(step, body.fillerBytes() - written));
            }
            part(out, body.suffix(), body.suffix().length);
            if (body.chunked()) {
                out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
            out.flush();
        } catch (IOException closedEarly) {
            // The service answered and closed before reading the whole body: the answer is what counts.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            paused.countDown();
        }
    }

    private void part(OutputStream out, byte[] bytes, int length) throws IOException {
        if (body.chunked()) {
            out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        }
        out.write(bytes, 0, length);
        if (body.chunked()) {
            out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
    }
}
