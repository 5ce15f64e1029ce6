package dev.moka.cli.acp;

import dev.moka.core.config.Config;
import dev.moka.core.config.model.ModelInfo;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import dev.moka.protocol.ReasoningEffort;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a person can pick for a session in the editor: its mode and, as config options, the model and its
 * reasoning effort. Immutable: a change makes the next settings and the op that applies them to the session.
 */
record SessionSettings(Config config, Mode mode, ModelInfo model, ReasoningEffort effort) {
    static final String MODEL = "model";
    static final String EFFORT = "reasoning_effort";

    static SessionSettings of(Config config) {
        ReasoningEffort effort = config.reasoningEffort() != null ? config.reasoningEffort()
                : config.modelInfo().defaultEffort();
        return new SessionSettings(config, Mode.of(config.sandboxPolicy().mode()), config.modelInfo(), effort);
    }

    SessionSettings withMode(Mode next) {
        return new SessionSettings(config, next, model, effort);
    }

    Op.OverrideTurnContext modeOp() {
        return new Op.OverrideTurnContext(null, mode.approval(), mode.sandbox(config.sandboxPolicy()), null, null,
                null);
    }

    /** The settings with option {@code id} set to {@code value}; a value the option does not offer is refused. */
    SessionSettings with(String id, String value) throws RpcError {
        return switch (id == null ? "" : id) {
            case MODEL -> {
                ModelInfo next = models().stream().filter(m -> m.slug().equals(value)).findFirst()
                        .orElseThrow(() -> RpcError.invalidParams("no model \"" + value + "\" in Moka's catalog; the"
                                + " models are " + String.join(", ", models().stream().map(ModelInfo::slug).toList())));
                ReasoningEffort kept = next.efforts().contains(effort) ? effort : next.defaultEffort();
                yield new SessionSettings(config, mode, next, kept);
            }
            case EFFORT -> {
                ReasoningEffort next = model.efforts().stream().filter(e -> e.wire().equals(value)).findFirst()
                        .orElseThrow(() -> RpcError.invalidParams(model.slug() + " takes no reasoning effort \""
                                + value + "\"; it takes " + String.join(", ", model.efforts().stream()
                                        .map(ReasoningEffort::wire).toList())));
                yield new SessionSettings(config, mode, model, next);
            }
            default -> throw RpcError.invalidParams("no config option \"" + id + "\"; the options are " + MODEL
                    + " and " + EFFORT);
        };
    }

    Op.OverrideTurnContext modelOp() {
        return new Op.OverrideTurnContext(null, null, null, model.slug(), effort, null);
    }

    /** The models offered: the catalog's listed ones, and the configured one wherever it comes from. */
    private List<ModelInfo> models() {
        List<ModelInfo> models = new ArrayList<>(config.models().entries().stream().filter(ModelInfo::listed)
                .toList());
        if (models.stream().noneMatch(m -> m.slug().equals(config.modelInfo().slug()))) {
            models.addFirst(config.modelInfo());
        }
        return models;
    }

    /** {@code modes} of ACP's session responses. */
    ObjectNode modesJson() {
        ObjectNode modes = Json.object().put("currentModeId", mode.id());
        ArrayNode available = modes.putArray("availableModes");
        for (Mode each : Mode.values()) {
            available.addObject().put("id", each.id()).put("name", each.title()).put("description",
                    each.description());
        }
        return modes;
    }

    /** {@code configOptions} of ACP's session responses. */
    ArrayNode configOptionsJson() {
        ArrayNode options = Json.array();
        ObjectNode models = options.addObject().put("id", MODEL).put("name", "Model").put("category", "model")
                .put("type", "select").put("currentValue", model.slug());
        ArrayNode modelValues = models.putArray("options");
        for (ModelInfo each : models()) {
            modelValues.addObject().put("value", each.slug()).put("name", each.displayName() == null
                    ? each.slug() : each.displayName());
        }
        if (!model.efforts().isEmpty() && effort != null) {
            ObjectNode efforts = options.addObject().put("id", EFFORT).put("name", "Reasoning effort")
                    .put("category", "thought_level").put("type", "select").put("currentValue", effort.wire());
            ArrayNode effortValues = efforts.putArray("options");
            model.efforts().forEach(e -> effortValues.addObject().put("value", e.wire()).put("name", e.wire()));
        }
        return options;
    }
}
