package dev.moka.cli;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Which of cli's packages may use which. The root wires the command line together (Main, CommandLines, the
 * interactive and review runs) and nothing reaches back into it; the faces (the terminal UI, ACP, the MCP
 * server) sit on what is below them and never on each other; the management commands and {@code moka exec}
 * (with {@code moka review}) know no face; the prompts a person sends by name (saved prompts, review requests)
 * serve the faces and exec alike; terminal text is the floor, and so is the terminal device the UI draws on,
 * which {@link Startup} hands on opening. {@link Startup} stays at the root but is what every command is handed,
 * so it is a layer of its own that any command may read.
 */
@AnalyzeClasses(packages = "dev.moka.cli", importOptions = ImportOption.DoNotIncludeTests.class)
class CliLayeringTest {
    /** Top to bottom. */
    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("wiring").definedBy(resideInAPackage("dev.moka.cli").and(not(belongToAnyOf(Startup.class))))
            .layer("acp").definedBy("dev.moka.cli.acp..")
            .layer("mcpserver").definedBy("dev.moka.cli.mcpserver..")
            .layer("tui").definedBy("dev.moka.cli.tui..")
            .layer("completion").definedBy("dev.moka.cli.completion..")
            .layer("exec").definedBy("dev.moka.cli.exec..")
            .layer("commands").definedBy("dev.moka.cli.commands..")
            .layer("startup").definedBy(belongToAnyOf(Startup.class))
            .layer("prompt").definedBy("dev.moka.cli.prompt..")
            .layer("text").definedBy("dev.moka.cli.text..")
            .layer("terminal").definedBy("dev.moka.cli.terminal..")
            .whereLayer("wiring").mayNotBeAccessedByAnyLayer()
            .whereLayer("acp").mayOnlyAccessLayers("prompt", "text")
            .whereLayer("mcpserver").mayOnlyAccessLayers("text")
            .whereLayer("tui").mayOnlyAccessLayers("prompt", "text", "terminal")
            .whereLayer("completion").mayOnlyAccessLayers("text")
            .whereLayer("exec").mayOnlyAccessLayers("commands", "startup", "prompt", "text")
            .whereLayer("commands").mayOnlyAccessLayers("startup", "text")
            .whereLayer("startup").mayOnlyAccessLayers("terminal")
            .whereLayer("prompt").mayNotAccessAnyLayer()
            .whereLayer("text").mayNotAccessAnyLayer()
            .whereLayer("terminal").mayNotAccessAnyLayer();

    /**
     * Code mode's engine is a plug-in that core loads when code mode runs (cli depends on it only so that the
     * tests' class path has it): a class of cli naming it would load it, and GraalJS, at every start.
     */
    @ArchTest
    static final ArchRule theEngineStaysAPlugIn = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("dev.moka.engine..", "org.graalvm..", "com.oracle.truffle..");

    /** No cycle between two of cli's sub-packages, at any depth. */
    @ArchTest
    static final ArchRule noCycles = slices().matching("dev.moka.cli.(**)").should().beFreeOfCycles();
}
