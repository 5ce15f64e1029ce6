package dev.moka.core.tools.code;

/**
 * The JavaScript engine code mode runs scripts in. Its implementation (GraalJS, in the module moka-engine) is
 * twelve jars of some 15,000 classes, so it stays off Moka's class path and is loaded as a plug-in only when
 * code mode first needs it ({@link ScriptEngines}): the JDK's service lookups at every start (logging, locale
 * providers) read the central directory of every jar on the class path, which cost each {@code moka exec} ~20 ms
 * of CPU while the engine was there. Only strings and core's own types cross this interface, so nothing of the
 * engine leaks into core.
 *
 * <p>An implementation has a public no-argument constructor, which builds the engine (thousands of classes, most of
 * a second: core calls it on a warm-up thread), and is named in
 * {@code META-INF/services/dev.moka.core.tools.code.ScriptEngine}. One instance serves one session.
 */
public interface ScriptEngine {
    /**
     * A fresh realm for one script, reaching nothing of the host (no files, sockets, processes, threads, Java
     * classes) but {@code host}, through code mode's globals ({@code tools}, {@code text}, {@code setTimeout}, ...).
     */
    ScriptRealm open(ScriptHost host);
}
