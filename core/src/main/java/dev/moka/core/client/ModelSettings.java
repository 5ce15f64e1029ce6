package dev.moka.core.client;

import dev.moka.core.config.model.ModelInfo;
import dev.moka.protocol.ReasoningEffort;
import dev.moka.protocol.ReasoningSummary;
import dev.moka.protocol.Verbosity;

/** The model and its options for one request. Effort and verbosity may be null (use the model's default). */
public record ModelSettings(ModelInfo model, ReasoningEffort effort, ReasoningSummary summary, Verbosity verbosity) {}
