package io.tablequery.dialects.testing;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Runs a {@link CorpusSuite} when the corpora are there; leaves it out, or fails it when they are required. */
public final class CorpusCondition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (Corpora.present()) {
            return ConditionEvaluationResult.enabled("the shared corpora are at " + Corpora.configuredRoot());
        }
        if (Corpora.required()) {
            throw new IllegalStateException("the shared corpora are required (" + Corpora.REQUIRED_VARIABLE
                    + ") but missing at " + Corpora.configuredRoot());
        }
        return ConditionEvaluationResult.disabled(reason());
    }

    /** Why a corpus suite is left out. */
    static String reason() {
        return "the shared corpora are not at " + Corpora.configuredRoot() + " (set -Dtq.corpora=DIR to point at them)";
    }
}
