package dev.recaudo.webhooks.delivery;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A listener on 127.0.0.1 that counts the connections it accepts and closes them at once. It stands
 * for an internal service: a refused target must leave its count at zero.
 */
final class Canary implements AutoCloseable {

    private final ServerSocket socket;
    private final AtomicInteger accepted = new AtomicInteger();
    private final Thread acceptor;

    Canary() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        acceptor = new Thread(this::acceptUntilClosed, "canary");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return socket.getLocalPort();
    }

    int accepted() {
        return accepted.get();
    }

    private void acceptUntilClosed() {
        while (!socket.isClosed()) {
            try (Socket connection = socket.accept()) {
                accepted.incrementAndGet();
            } catch (IOException e) {
                return; // closed by the test
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
