package dev.moka.cli.commands;

import dev.moka.cli.Startup;
import dev.moka.cli.text.TerminalText;
import dev.moka.core.MokaVersion;
import dev.moka.core.auth.KeyUnavailableException;
import dev.moka.core.auth.ProviderKey;
import dev.moka.core.client.ClientIdentity;
import dev.moka.core.client.ModelClientException;
import dev.moka.core.client.ModelList;
import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.MokaHome;
import dev.moka.core.config.model.ModelInfo;
import dev.moka.core.config.provider.ModelProviderInfo;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.protocol.Json;
import dev.moka.protocol.ReasoningEffort;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code moka models [--json] [--provider ID]}: what a provider's {@code /models} endpoint serves, next to what
 * Moka's model catalog knows of each (window, shell tools, apply_patch form, reasoning efforts).
 */
public final class ModelsCommand {
    private static final String ORIGINATOR = "moka_cli";

    private final Startup startup;

    public ModelsCommand(Startup startup) {
        this.startup = startup;
    }

    public int run(String providerId, boolean json, List<String> overrides) {
        Config config;
        ModelProviderInfo provider;
        ProviderKey key;
        try {
            config = ConfigLoader.load(MokaHome.resolve(startup.env()), overrides, ConfigOverrides.NONE,
                    startup.env(), startup.processCwd());
            provider = ApiKeyCommands.provider(config, providerId);
            if (provider.baseUrl() == null) {
                throw new UsageException("model provider '" + provider.id() + "' has no base_url; add it to"
                        + " [model_providers." + provider.id() + "] in config.toml");
            }
            key = ProviderKey.of(provider, config, startup.env());
            key.resolve();
        } catch (ConfigException | UsageException | KeyUnavailableException e) {
            startup.err().println("moka: models: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.FAILED;
        }
        try {
            List<String> ids = new ModelList(provider, startup.env(), key, startup.http(),
                    new ClientIdentity(ORIGINATOR, MokaVersion.get())).fetch();
            startup.out().print(json ? json(provider, ids, config) : table(ids, config));
            startup.out().flush();
            return ExitCodes.OK;
        } catch (ModelClientException e) {
            startup.err().println("moka: models: " + e.getMessage());
            return ExitCodes.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            startup.err().println("moka: interrupted");
            return ExitCodes.FAILED;
        }
    }

    private static String table(List<String> ids, Config config) {
        List<String> shown = ids.stream().map(TerminalText::sanitize).toList();
        int width = Math.max(5, shown.stream().mapToInt(String::length).max().orElse(0));
        StringBuilder out = new StringBuilder(String.format("%-" + width + "s  %-8s  %-12s  %-11s  %s%n", "MODEL",
                "CONTEXT", "SHELL", "APPLY_PATCH", "REASONING EFFORTS"));
        for (int i = 0; i < ids.size(); i++) {
            ModelInfo info = config.models().lookup(ids.get(i));
            if (!info.known()) {
                out.append(String.format("%-" + width + "s  %s%n", shown.get(i), "not in catalog"));
                continue;
            }
            out.append(String.format("%-" + width + "s  %-8s  %-12s  %-11s  %s%n", shown.get(i),
                    info.contextWindow() / 1000 + "k", info.shell().wire(), info.applyPatch().wire(), efforts(info)));
        }
        return out.toString();
    }

    private static String efforts(ModelInfo info) {
        if (info.efforts().isEmpty()) {
            return "none";
        }
        String all = info.efforts().stream().map(ReasoningEffort::wire).collect(Collectors.joining(" "));
        return info.defaultEffort() == null ? all : all + " (default " + info.defaultEffort().wire() + ")";
    }

    private static String json(ModelProviderInfo provider, List<String> ids, Config config) {
        ObjectNode root = Json.object().put("provider", provider.id()).put("base_url", provider.baseUrl());
        ArrayNode models = root.putArray("models");
        for (String id : ids) {
            ObjectNode model = models.addObject().put("id", id);
            ModelInfo info = config.models().lookup(id);
            if (!info.known()) {
                model.putNull("catalog");
                continue;
            }
            ObjectNode catalog = model.putObject("catalog").put("context_window", info.contextWindow())
                    .put("max_output_tokens", info.maxOutputTokens()).put("shell", info.shell().wire())
                    .put("apply_patch", info.applyPatch().wire());
            ArrayNode efforts = catalog.putArray("reasoning_efforts");
            info.efforts().forEach(effort -> efforts.add(effort.wire()));
            if (info.defaultEffort() == null) {
                catalog.putNull("default_effort");
            } else {
                catalog.put("default_effort", info.defaultEffort().wire());
            }
        }
        return root.toPrettyString() + "\n";
    }
}
