package io.tablequery.server.web;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Runs a {@link BrowserSuite} when Chromium and its driver are installed; leaves it out, or fails when required. */
public final class BrowserCondition implements ExecutionCondition {
    /** The environment variable that makes a missing browser a failure. */
    static final String REQUIRED_VARIABLE = "TQ_REQUIRE_BROWSER";

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (Browser.installed()) {
            return ConditionEvaluationResult.enabled("Chromium is at " + Browser.CHROMIUM);
        }
        String reason = "Chromium and ChromeDriver are not at %s and %s (Debian's chromium and chromium-driver)"
                .formatted(Browser.CHROMIUM, Browser.DRIVER);
        if ("1".equals(System.getenv(REQUIRED_VARIABLE))) {
            throw new IllegalStateException("a real browser is required (" + REQUIRED_VARIABLE + "=1): " + reason);
        }
        return ConditionEvaluationResult.disabled(reason);
    }
}
