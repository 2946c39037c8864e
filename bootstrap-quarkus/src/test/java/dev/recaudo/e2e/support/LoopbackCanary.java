package dev.recaudo.e2e.support;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A listener on 127.0.0.1 that counts the connections it accepts: the port that hostile outbound
 * URLs aim at, so that a request forged past the target checks shows up as a connection here.
 */
public final class LoopbackCanary implements AutoCloseable {

    private final ServerSocket socket;
    private final AtomicInteger connections = new AtomicInteger();

    public LoopbackCanary() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        Thread acceptor = new Thread(() -> {
            while (!socket.isClosed()) {
                try (Socket connection = socket.accept()) {
                    connections.incrementAndGet();
                } catch (IOException closed) {
                    return;
                }
            }
        }, "canary");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return socket.getLocalPort();
    }

    /** Connections accepted so far. */
    public int connections() {
        return connections.get();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
