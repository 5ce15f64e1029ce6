package dev.moka.core.net;

import dev.moka.core.WarmUp;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The JDK's default trust manager, loaded when first needed (or when {@link #prefetch} says it soon will be)
 * instead of while the HTTP client is built: reading the system's CA certificates is most of the client's
 * 100-200 ms of TLS set-up, which a plain {@code http://} provider never needs. Every check is the default
 * manager's own, so certificate and host-name validation are unchanged.
 */
final class DeferredTrustManager extends X509ExtendedTrustManager {
    private final CompletableFuture<X509ExtendedTrustManager> delegate = new CompletableFuture<>();
    private final AtomicBoolean started = new AtomicBoolean();

    /** Starts loading in the background, unless already started; returns at once. */
    void prefetch() {
        if (started.compareAndSet(false, true)) {
            WarmUp.start("moka-trust-init", this::load);
        }
    }

    private void load() {
        try {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init((KeyStore) null);
            for (TrustManager candidate : factory.getTrustManagers()) {
                if (candidate instanceof X509ExtendedTrustManager x509) {
                    delegate.complete(x509);
                    return;
                }
            }
            delegate.completeExceptionally(new IllegalStateException("the JDK offers no X.509 trust manager"));
        } catch (GeneralSecurityException | RuntimeException e) {
            delegate.completeExceptionally(e);
        }
    }

    private X509ExtendedTrustManager delegate() throws CertificateException {
        if (started.compareAndSet(false, true)) {
            load();
        }
        try {
            return delegate.join();
        } catch (RuntimeException e) {
            throw new CertificateException("cannot load the system's trusted certificates: " + e.getMessage(), e);
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        delegate().checkClientTrusted(chain, authType, socket);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        delegate().checkServerTrusted(chain, authType, socket);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        delegate().checkClientTrusted(chain, authType, engine);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        delegate().checkServerTrusted(chain, authType, engine);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        delegate().checkClientTrusted(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        delegate().checkServerTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        try {
            return delegate().getAcceptedIssuers();
        } catch (CertificateException e) {
            return new X509Certificate[0];
        }
    }
}
