package dev.moka.cli.mcpserver;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;

/**
 * Standard input, watched for its end: the client closing it is how a stdio MCP server is told to stop, and the
 * SDK's transport only stops reading then, so the server learns it here.
 */
final class EndOfInput extends FilterInputStream {
    private final CountDownLatch ended = new CountDownLatch(1);

    EndOfInput(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        return watched(super::read);
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        return watched(() -> super.read(buffer, offset, length));
    }

    @Override
    public void close() throws IOException {
        ended.countDown();
        super.close();
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
            }
            return n;
        } catch (IOException e) {
            ended.countDown();
            throw e;
        }
    }
}
