package dev.moka.cli.tui;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.hooks.HookCatalog;
import dev.moka.core.hooks.HookHandler;
import dev.moka.core.hooks.HookTrustWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code /hooks}: the hooks of the person's files with their trust, and, when some are not trusted, a question
 * that trusts them (the entries {@code moka hooks trust} writes; they run from the next session on).
 */
final class HooksView {
    private HooksView() {}

    static void show(Conversation conversation, Consumer<Picker> openPicker, Path mokaHome) {
        HookCatalog catalog;
        try {
            catalog = HookCatalog.of(ConfigLoader.load(mokaHome, List.of(), ConfigOverrides.NONE, System.getenv(),
                    Path.of(conversation.info().cwd())), System.getenv());
        } catch (ConfigException e) {
            conversation.notice("Cannot read the hooks: " + e.getMessage(), Cell.Notice.Kind.ERROR);
            return;
        }
        if (catalog.hooks().isEmpty()) {
            conversation.notice("No hooks are configured (see docs/hooks.md)", Cell.Notice.Kind.INFO);
            return;
        }
        List<String> lines = new ArrayList<>(List.of("Hooks"));
        catalog.hooks().forEach((hook, trust) -> lines.add("  " + trust.name().toLowerCase() + "  "
                + hook.summary()));
        conversation.add(new Cell.Notice(Clean.text(String.join("\n", lines)), Cell.Notice.Kind.INFO));
        List<HookHandler> waiting = catalog.awaitingTrust();
        if (waiting.isEmpty()) {
            return;
        }
        Path file = mokaHome.resolve(ConfigLoader.CONFIG_FILE);
        openPicker.accept(new Picker("Trust the " + waiting.size() + " hook" + (waiting.size() == 1 ? "" : "s")
                + " not trusted yet?", List.of("Trust them (they run from the next session: /new)", "Leave them"), 1,
                chosen -> {
                    if (chosen != 0) {
                        return;
                    }
                    try {
                        HookTrustWriter.trust(file, waiting);
                        conversation.notice("Trusted " + waiting.size() + " hook" + (waiting.size() == 1 ? "" : "s")
                                + " in " + file + "; /new starts a session that runs them", Cell.Notice.Kind.INFO);
                    } catch (IOException e) {
                        conversation.notice("Cannot write " + file + ": " + e.getMessage(), Cell.Notice.Kind.ERROR);
                    }
                }));
    }
}
