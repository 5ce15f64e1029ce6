package dev.moka.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A terminal for the training run, which has none: it types keys into the interactive UI, each batch once the
 * screen shows what it waits for, so the UI runs what a person's first minute runs and the start-up cache
 * holds those classes. Keys wait for the screen so that each batch finds the UI where a person would type
 * it: the composer up, the last answer done.
 */
final class ScriptedTerminal {
    /** Keys to type once the screen shows {@code waitFor}. */
    record Step(String waitFor, String keys) {}

    /** Long enough for a turn against the local mock server; a step that waits longer types anyway. */
    private static final long STEP_DEADLINE_SECONDS = 20;

    private final List<Step> steps;
    private final Semaphore shown = new Semaphore(0);
    private final StringBuilder recent = new StringBuilder();
    private int watched;

    ScriptedTerminal(List<Step> steps) {
        this.steps = List.copyOf(steps);
    }

    InputStream keys() {
        return new InputStream() {
            private int step = -1;
            private byte[] typing = new byte[0];
            private int next;

            @Override
            public int read() {
                while (next >= typing.length) {
                    if (++step >= steps.size()) {
                        return -1;
                    }
                    try {
                        shown.tryAcquire(STEP_DEADLINE_SECONDS, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return -1;
                    }
                    typing = steps.get(step).keys().getBytes(StandardCharsets.UTF_8);
                    next = 0;
                }
                return typing[next++] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (len == 0) {
                    return 0;
                }
                int c = read();
                if (c < 0) {
                    return -1;
                }
                b[off] = (byte) c;
                return 1;
            }
        };
    }

    PrintStream screen() {
        OutputStream watch = new OutputStream() {
            @Override
            public synchronized void write(int b) {
                if (watched >= steps.size()) {
                    return;
                }
                recent.append((char) b);
                String marker = steps.get(watched).waitFor();
                if (recent.indexOf(marker) >= 0) {
                    recent.setLength(0);
                    watched++;
                    shown.release();
                } else if (recent.length() > 4096) {
                    // Only the newest characters can still complete the marker.
                    recent.delete(0, recent.length() - marker.length());
                }
            }
        };
        return new PrintStream(watch, true, StandardCharsets.UTF_8);
    }
}
