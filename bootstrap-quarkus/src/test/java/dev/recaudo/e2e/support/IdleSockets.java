package dev.recaudo.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.UnixOperatingSystemMXBean;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Connections to an HTTP server that send nothing, for the idle-connection checks of one service
 * (in-process) or of each battery instance. A test on the same machine as the server holds both
 * ends of every connection, two descriptors each; the JVM raises its soft descriptor limit to the
 * hard one at start, so the shell's {@code ulimit -n} (hard) must allow it, which
 * {@link #assertDescriptorsFor(int)} says plainly when it does not.
 */
public final class IdleSockets implements AutoCloseable {

    private final List<Socket> sockets = new ArrayList<>();

    private IdleSockets() {}

    /** Fails unless this JVM may hold {@code connections} idle connections, both ends, and some to spare. */
    public static void assertDescriptorsFor(int connections) {
        long descriptors = ((UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getMaxFileDescriptorCount();
        assertThat(descriptors).as("ulimit -n (hard) must allow two descriptors per idle connection and some")
                .isGreaterThan(2L * connections + 1_000);
    }

    /** Opens {@code count} connections to the server and sends nothing on them. */
    public static IdleSockets open(String host, int port, int count) throws IOException {
        IdleSockets idle = new IdleSockets();
        try {
            for (int i = 0; i < count; i++) {
                Socket socket = new Socket();
                idle.sockets.add(socket);
                socket.connect(new InetSocketAddress(host, port), 5_000);
            }
            return idle;
        } catch (IOException e) {
            idle.close();
            throw e;
        }
    }

    /** How many of the connections the server has not closed by the deadline ({@link System#nanoTime()}). */
    public int stillOpenAt(long deadlineNanos) throws IOException {
        int open = 0;
        for (Socket socket : sockets) {
            if (!closedByServer(socket, deadlineNanos)) {
                open++;
            }
        }
        return open;
    }

    /** Waits until the deadline for the server to close the connection: a read then ends the stream. */
    private static boolean closedByServer(Socket socket, long deadlineNanos) throws IOException {
        InputStream in = socket.getInputStream();
        long left = Duration.ofNanos(deadlineNanos - System.nanoTime()).toMillis();
        socket.setSoTimeout((int) Math.max(1, left));
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
