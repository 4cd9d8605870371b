package io.tablequery.dialects.testing;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Says at the end of a module's tests how many corpus suites ran and how many were left out, and why; registered
 * through {@code META-INF/services}, so every module whose tests see this class reports.
 */
public final class CorpusSuiteReport implements TestExecutionListener {
    private final List<String> ran = new ArrayList<>();
    private final List<String> leftOut = new ArrayList<>();
    private String reason;

    @Override
    public void executionStarted(TestIdentifier identifier) {
        suiteName(identifier).ifPresent(ran::add);
    }

    @Override
    public void executionSkipped(TestIdentifier identifier, String why) {
        suiteName(identifier).ifPresent(name -> {
            leftOut.add(name);
            reason = why;
        });
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        if (ran.isEmpty() && leftOut.isEmpty()) {
            return;
        }
        PrintStream out = System.out;
        out.printf(
                "corpus suites: %d ran, %d left out%s%n",
                ran.size(),
                leftOut.size(),
                leftOut.isEmpty() ? "" : " (" + String.join(", ", leftOut) + "): " + reason);
        out.flush();
    }

    private static Optional<String> suiteName(TestIdentifier identifier) {
        return identifier
                .getSource()
                .filter(ClassSource.class::isInstance)
                .map(source -> ((ClassSource) source).getJavaClass())
                .filter(type -> type.isAnnotationPresent(CorpusSuite.class))
                .map(Class::getSimpleName);
    }
}
