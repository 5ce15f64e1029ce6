package dev.moka.core;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Which of core's packages may use which. Every arrow points down, from the conversation to the capabilities
 * it wires together to the rooms everything shares, so a change that makes a lower package reach back up (a
 * tool into the model client, config into auth) fails here instead of growing a cycle nobody chose.
 */
@AnalyzeClasses(packages = "dev.moka.core", importOptions = ImportOption.DoNotIncludeTests.class)
class CoreLayeringTest {
    /**
     * Top to bottom. {@code config} may read {@code exec} and {@code sandbox} because a setting's value is
     * their type (the shell environment policy, the Linux sandbox options); {@code client} may read
     * {@code tools} because it renders the tools' neutral specs into request JSON.
     */
    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("session").definedBy("dev.moka.core.session..")
            .layer("client").definedBy("dev.moka.core.client..")
            .layer("tools").definedBy("dev.moka.core.tools..")
            .layer("context").definedBy("dev.moka.core.context..")
            .layer("mcp").definedBy("dev.moka.core.mcp..")
            .layer("policy").definedBy("dev.moka.core.policy..")
            .layer("hooks").definedBy("dev.moka.core.hooks..")
            .layer("auth").definedBy("dev.moka.core.auth..")
            .layer("config").definedBy("dev.moka.core.config..")
            .layer("exec").definedBy("dev.moka.core.exec..")
            .layer("sandbox").definedBy("dev.moka.core.sandbox..")
            .layer("log").definedBy("dev.moka.core.log..")
            .layer("net").definedBy("dev.moka.core.net..")
            .layer("io").definedBy("dev.moka.core.io..")
            .layer("rewind").definedBy("dev.moka.core.rewind..")
            .layer("root").definedBy("dev.moka.core")
            .whereLayer("session").mayNotBeAccessedByAnyLayer()
            .whereLayer("client").mayOnlyAccessLayers("tools", "auth", "config", "log", "net", "io", "root")
            .whereLayer("tools").mayOnlyAccessLayers("mcp", "policy", "hooks", "auth", "config", "exec", "sandbox",
                    "log", "net", "io", "root")
            .whereLayer("context").mayOnlyAccessLayers("config", "log", "io", "root")
            .whereLayer("mcp").mayOnlyAccessLayers("auth", "config", "log", "net", "io", "root")
            .whereLayer("policy").mayOnlyAccessLayers("config", "exec", "sandbox", "log", "io", "root")
            .whereLayer("hooks").mayOnlyAccessLayers("config", "exec", "log", "io", "root")
            .whereLayer("auth").mayOnlyAccessLayers("config", "exec", "log", "net", "io", "root")
            .whereLayer("config").mayOnlyAccessLayers("exec", "sandbox", "log", "io", "root")
            .whereLayer("exec").mayOnlyAccessLayers("sandbox", "log", "io", "root")
            .whereLayer("sandbox").mayOnlyAccessLayers("log", "io", "root")
            .whereLayer("log").mayOnlyAccessLayers("io", "root")
            .whereLayer("net").mayOnlyAccessLayers("root")
            .whereLayer("io").mayOnlyAccessLayers("root")
            .whereLayer("rewind").mayOnlyAccessLayers("exec", "io", "root")
            .whereLayer("root").mayNotAccessAnyLayer();

    /** The layers allow no cycle between them; this also catches one between two sub-packages of a layer. */
    @ArchTest
    static final ArchRule noCycles = slices().matching("dev.moka.core.(**)").should().beFreeOfCycles();
}
