package dev.moka.core.tools.web;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a response body up to a cap, and can hand over what has arrived so far at any moment: a fetch
 * that reaches its deadline in the middle of a slow body keeps the part it has instead of waiting on.
 */
final class BodyCollector implements HttpResponse.BodySubscriber<BodyCollector.Body> {
    /** The bytes read, and whether the body went on past them (cut at the cap or at the deadline). */
    record Body(byte[] bytes, boolean truncated) {}

    private final HttpResponse.ResponseInfo info;
    private final int limit;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<Body> result = new CompletableFuture<>();
    private Flow.Subscription subscription;

    /** Reads at most {@code limit} bytes; with 0, none: the connection is dropped as soon as headers are in. */
    BodyCollector(HttpResponse.ResponseInfo info, int limit) {
        this.info = info;
        this.limit = limit;
    }

    HttpResponse.ResponseInfo info() {
        return info;
    }

    @Override
    public synchronized void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        if (limit == 0) {
            subscription.cancel();
            result.complete(new Body(new byte[0], true));
        } else {
            subscription.request(1);
        }
    }

    @Override
    public synchronized void onNext(List<ByteBuffer> buffers) {
        if (result.isDone()) {
            return;
        }
        for (ByteBuffer buffer : buffers) {
            int take = Math.min(buffer.remaining(), limit - bytes.size());
            byte[] chunk = new byte[take];
            buffer.get(chunk);
            bytes.write(chunk, 0, take);
            if (buffer.hasRemaining()) {
                // One byte past the cap tells a page of exactly the cap from a longer one; the rest is never read.
                subscription.cancel();
                result.complete(new Body(bytes.toByteArray(), true));
                return;
            }
        }
        subscription.request(1);
    }

    @Override
    public void onError(Throwable error) {
        result.completeExceptionally(error);
    }

    @Override
    public synchronized void onComplete() {
        result.complete(new Body(bytes.toByteArray(), false));
    }

    @Override
    public CompletionStage<Body> getBody() {
        return result;
    }

    /** Stops reading and returns what arrived so far, marked as cut. */
    synchronized Body stop() {
        if (subscription != null) {
            subscription.cancel();
        }
        return new Body(bytes.toByteArray(), true);
    }
}
