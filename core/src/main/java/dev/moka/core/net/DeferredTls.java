package dev.moka.core.net;

import dev.moka.core.WarmUp;
import java.security.KeyManagementException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * The HTTP client's TLS context, set up when the first {@code https} connection needs it (or when
 * {@link #prefetch} says one soon will) instead of while the client is built. Setting up the JDK's TLS
 * (its provider, cipher-suite tables, random source: some 500 classes) cost ~40 ms of CPU at every start,
 * which a provider at a plain {@code http://} address, such as a local model server, never uses. Once set up,
 * every engine is the JDK's own, with its defaults and the given trust manager, so TLS behaves as it did.
 */
final class DeferredTls extends SSLContext {
    private final Spi spi;

    private DeferredTls(Spi spi) {
        super(spi, null, "TLS");
        this.spi = spi;
    }

    /** A context whose JDK context is made with {@code trust} on first use. */
    static DeferredTls trusting(TrustManager trust) {
        return new DeferredTls(new Spi(trust));
    }

    /**
     * The parameters the client gives every connection, handed to the client so that building it does not ask
     * the context for its defaults (which would set TLS up at once). Only the protocols are named, because the
     * client reads them (HTTP/2 needs TLS 1.2 or later); everything left unset keeps the engine's defaults.
     */
    static SSLParameters clientParameters() {
        var parameters = new SSLParameters();
        parameters.setProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
        return parameters;
    }

    /** Sets TLS up in the background now, unless it has begun; returns at once. */
    void prefetch() {
        spi.prefetch();
    }

    /** Whether TLS has been set up, or is being set up. */
    boolean started() {
        return spi.started.get();
    }

    /** The JDK context, made once by whichever thread needs it first; the others wait for it. */
    private static final class Spi extends SSLContextSpi {
        private final TrustManager trust;
        private final AtomicBoolean started = new AtomicBoolean();
        private SSLContext context;

        Spi(TrustManager trust) {
            this.trust = trust;
        }

        void prefetch() {
            if (started.compareAndSet(false, true)) {
                WarmUp.start("moka-tls-init", this::context);
            }
        }

        private synchronized SSLContext context() {
            started.set(true);
            if (context == null) {
                context = made();
            }
            return context;
        }

        private SSLContext made() {
            try {
                SSLContext made = SSLContext.getInstance("TLS");
                made.init(null, new TrustManager[] {trust}, null);
                return made;
            } catch (NoSuchAlgorithmException | KeyManagementException e) {
                // A JDK without TLS under that name cannot connect securely by any other either: say so on use.
                throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
            }
        }

        @Override
        protected void engineInit(KeyManager[] keys, TrustManager[] trusts, SecureRandom random) {
            throw new UnsupportedOperationException("a deferred TLS context is made initialised");
        }

        @Override
        protected SSLSocketFactory engineGetSocketFactory() {
            return context().getSocketFactory();
        }

        @Override
        protected SSLServerSocketFactory engineGetServerSocketFactory() {
            return context().getServerSocketFactory();
        }

        @Override
        protected SSLEngine engineCreateSSLEngine() {
            return context().createSSLEngine();
        }

        @Override
        protected SSLEngine engineCreateSSLEngine(String host, int port) {
            return context().createSSLEngine(host, port);
        }

        @Override
        protected SSLSessionContext engineGetServerSessionContext() {
            return context().getServerSessionContext();
        }

        @Override
        protected SSLSessionContext engineGetClientSessionContext() {
            return context().getClientSessionContext();
        }

        @Override
        protected SSLParameters engineGetDefaultSSLParameters() {
            return context().getDefaultSSLParameters();
        }

        @Override
        protected SSLParameters engineGetSupportedSSLParameters() {
            return context().getSupportedSSLParameters();
        }
    }
}
