package dev.recaudo.battery;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A receiver on 127.0.0.1 that never answers, in one of the two ways a hostile or broken receiver
 * holds a sender: {@link #connectHangs()} listens with its accept backlog already full, so a new
 * connection is never completed (the sender's connect timeout ends it); {@link #neverAnswers()}
 * accepts every connection and reads the request, but never writes a byte back (the sender's read
 * timeout ends it). The second counts the connections it accepted and the most it held open at once.
 */
public final class Tarpit implements AutoCloseable {

    /** Connections that fill the backlog of a {@link #connectHangs()} listener, at most. */
    private static final int FILLERS_MAX = 16;
    private static final int FILLER_CONNECT_MILLIS = 300;

    private final ServerSocket listener;
    private final List<Socket> held = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger openMax = new AtomicInteger();
    private final ExecutorService readers = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "tarpit-reader");
        thread.setDaemon(true);
        return thread;
    });

    private Tarpit(ServerSocket listener) {
        this.listener = listener;
    }

    /**
     * A listener that never accepts, its backlog of one filled by connections of this test: the
     * kernel then drops every new SYN, so a connection attempt hangs until the sender gives up.
     */
    public static Tarpit connectHangs() throws IOException {
        ServerSocket listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 1);
        Tarpit tarpit = new Tarpit(listener);
        for (int i = 0; i < FILLERS_MAX; i++) {
            Socket filler = new Socket();
            try {
                filler.connect(listener.getLocalSocketAddress(), FILLER_CONNECT_MILLIS);
                tarpit.held.add(filler);
            } catch (SocketTimeoutException full) {
                filler.close();
                return tarpit;
            }
        }
        tarpit.close();
        throw new IllegalStateException("the backlog of " + listener + " did not fill with " + FILLERS_MAX + " connections");
    }

    /** A listener that accepts every connection, reads what is sent and never answers. */
    public static Tarpit neverAnswers() throws IOException {
        Tarpit tarpit = new Tarpit(new ServerSocket(0, 200, InetAddress.getByName("127.0.0.1")));
        Thread acceptor = new Thread(tarpit::acceptForever, "tarpit-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
        return tarpit;
    }

    public String url(String path) {
        return "http://127.0.0.1:" + listener.getLocalPort() + path;
    }

    /** Connections accepted so far ({@link #neverAnswers()} only). */
    public int accepted() {
        return accepted.get();
    }

    /** The most connections held open at once so far ({@link #neverAnswers()} only). */
    public int openMax() {
        return openMax.get();
    }

    private void acceptForever() {
        while (!listener.isClosed()) {
            try {
                Socket connection = listener.accept();
                accepted.incrementAndGet();
                openMax.accumulateAndGet(open.incrementAndGet(), Math::max);
                readers.execute(() -> drainUntilClosed(connection));
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Reads and drops the request until the sender closes or resets the connection. */
    private void drainUntilClosed(Socket connection) {
        byte[] buffer = new byte[4096];
        try (connection; InputStream in = connection.getInputStream()) {
            while (in.read(buffer) >= 0) {
                // Nothing is ever answered.
            }
        } catch (IOException reset) {
            // The sender gave up and reset the connection.
        } finally {
            open.decrementAndGet();
        }
    }

    @Override
    public void close() throws IOException {
        readers.shutdownNow();
        List<IOException> failures = new ArrayList<>();
        for (Socket socket : held) {
            try {
                socket.close();
            } catch (IOException e) {
                failures.add(e);
            }
        }
        listener.close();
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
    }
}
