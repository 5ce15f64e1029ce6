package dev.moka.core.tools.code;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * Finds code mode's {@link ScriptEngine}, once per process, when code mode first needs it. Where Moka's own
 * loader sees an implementation (Maven's test class path, where the engine module is a dependency), that one;
 * otherwise the plug-in: a class loader of its own over the jars of {@code lib}, next to the jar (or
 * directory) Moka's classes come from, where the build puts the engine module and its GraalJS jars.
 */
final class ScriptEngines {
    /** The directory beside moka.jar that holds the engine's jars. */
    static final String LIB = "lib";

    private ScriptEngines() {}

    /** What the one look-up of the process found. */
    private sealed interface Found {
        record Engine(ServiceLoader.Provider<ScriptEngine> provider) implements Found {}

        record Missing(String reason) implements Found {}
    }

    /** Looked up by the first {@link #create}, after which the answer stays (a class loader per process). */
    private static final class Once {
        static final Found FOUND = find();
    }

    /** A new engine for one session; an {@link IllegalStateException} says why there is none. */
    static ScriptEngine create() {
        return switch (Once.FOUND) {
            case Found.Engine engine -> engine.provider().get();
            case Found.Missing missing -> throw new IllegalStateException(missing.reason());
        };
    }

    private static Found find() {
        ClassLoader moka = ScriptEngines.class.getClassLoader();
        try {
            var visible = ServiceLoader.load(ScriptEngine.class, moka).stream().findFirst();
            if (visible.isPresent()) {
                return new Found.Engine(visible.get());
            }
            Path lib = mokaLocation().resolveSibling(LIB);
            // The loader lives as long as the process: the engine's classes stay in use once loaded.
            @SuppressWarnings("resource")
            URLClassLoader plugin = new URLClassLoader("moka-engine", jars(lib), moka);
            return ServiceLoader.load(ScriptEngine.class, plugin).stream().findFirst()
                    .<Found>map(Found.Engine::new)
                    .orElseGet(() -> new Found.Missing(missing(lib, "none of its jars holds the engine module "
                            + "(moka-engine)")));
        } catch (ServiceConfigurationError e) {
            return new Found.Missing("code mode's JavaScript engine cannot be loaded: " + e.getMessage());
        } catch (EngineLibMissing e) {
            return new Found.Missing(e.getMessage());
        }
    }

    /** The jar, or class directory, Moka's classes come from. */
    private static Path mokaLocation() throws EngineLibMissing {
        try {
            return Path.of(ScriptEngines.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new EngineLibMissing("code mode's JavaScript engine cannot be found: where Moka's classes come "
                    + "from is unknown (" + e + ")");
        }
    }

    private static URL[] jars(Path lib) throws EngineLibMissing {
        if (!Files.isDirectory(lib)) {
            throw new EngineLibMissing(missing(lib, "it is not a directory"));
        }
        List<URL> urls = new ArrayList<>();
        try (Stream<Path> files = Files.list(lib)) {
            for (Path jar : files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList()) {
                urls.add(jar.toUri().toURL());
            }
        } catch (IOException e) {
            throw new EngineLibMissing(missing(lib, "it cannot be read: " + e));
        }
        if (urls.isEmpty()) {
            throw new EngineLibMissing(missing(lib, "it holds no jar"));
        }
        return urls.toArray(URL[]::new);
    }

    private static String missing(Path lib, String why) {
        return "code mode's JavaScript engine is missing: it is loaded from " + lib + ", but " + why
                + " (build Moka again: bin/moka --rebuild)";
    }

    /** The engine's directory cannot serve; the message names it. */
    private static final class EngineLibMissing extends Exception {
        private static final long serialVersionUID = 1L;

        EngineLibMissing(String message) {
            super(message);
        }
    }
}
