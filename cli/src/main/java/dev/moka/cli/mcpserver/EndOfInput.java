package dev.moka.cli.mcpserver;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;

/**
 * Standard input, watched for its end: the client closing it is how a stdio MCP server is told to stop, and the
 * SDK's transport only stops reading then, so the server learns it here. The requests read are counted on the
 * way, so the server can answer them all before it stops, and the SDK sees the end only once they are.
 */
final class EndOfInput extends FilterInputStream {
    private final CountDownLatch ended = new CountDownLatch(1);
    /**
     * The end is passed on to the SDK's reader only once this opens: on seeing it, the SDK stops its session,
     * and answers still being written would be lost.
     */
    private final CountDownLatch passOn = new CountDownLatch(1);
    private final RequestsInFlight.Lines lines;

    /** {@code requests} learns of each request read. */
    EndOfInput(InputStream in, RequestsInFlight requests) {
        super(in);
        this.lines = new RequestsInFlight.Lines(requests::read);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = watched(() -> super.read(buffer, offset, length));
        if (n > 0) {
            lines.accept(buffer, offset, n);
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        ended.countDown();
        passOn.countDown();
        super.close();
    }

    /** Lets the SDK's reader see the end of the input (it then stops the session). */
    void passOn() {
        passOn.countDown();
    }

    /** Waits until the input has ended (or failed: a broken pipe ends it as surely). */
    void await() throws InterruptedException {
        ended.await();
    }

    private interface Read {
        int read() throws IOException;
    }

    private int watched(Read read) throws IOException {
        try {
            int n = read.read();
            if (n < 0) {
                ended.countDown();
                passOn.await();
            }
            return n;
        } catch (IOException e) {
            ended.countDown();
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
