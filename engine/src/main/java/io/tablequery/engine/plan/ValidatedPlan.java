package io.tablequery.engine.plan;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A plan whose every step passed the checks; nothing has run yet.
 *
 * @param steps the steps in order
 */
public record ValidatedPlan(List<ValidatedStep> steps) {
    public ValidatedPlan {
        steps = List.copyOf(requireNonNull(steps, "steps is null"));
    }

    /**
     * Returns the final steps, whose tables are the results.
     *
     * @return the final steps in order
     */
    public List<ValidatedStep> finalSteps() {
        return steps.stream().filter(step -> step.step().isFinal()).toList();
    }
}
