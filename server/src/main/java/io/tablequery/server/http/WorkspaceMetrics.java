package io.tablequery.server.http;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.ToDoubleFunction;

/**
 * The workspaces' lifecycle in the server's metrics, read from the registry at each scrape: how many are served and
 * open, the memory they reserve against the budget, and how many were opened, closed when idle, closed to make room,
 * and refused for want of room. An operator sizes a node by them (see the manual's docs/server.md).
 */
final class WorkspaceMetrics implements MeterBinder {
    private final WorkspaceRegistry workspaces;

    WorkspaceMetrics(WorkspaceRegistry workspaces) {
        this.workspaces = workspaces;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        gauge(registry, "tq.workspaces.served", "workspaces served, open or not", a -> a.served());
        gauge(registry, "tq.workspaces.open", "workspaces open now", a -> a.open());
        gauge(registry, "tq.workspaces.reserved.bytes", "memory the open workspaces reserve", a -> a.reservedBytes());
        gauge(registry, "tq.workspaces.budget.bytes", "the memory budget, 0 for none", a -> a.budgetBytes());
        counter(registry, "tq.workspace.opens", "workspaces opened", a -> a.opens());
        counter(registry, "tq.workspace.open.seconds", "time spent opening workspaces", a -> a.openSeconds());
        counter(registry, "tq.workspace.idle.closes", "workspaces closed after being idle", a -> a.idleCloses());
        counter(registry, "tq.workspace.budget.closes", "workspaces closed to make room", a -> a.budgetCloses());
        counter(registry, "tq.workspace.refusals", "requests refused because no room freed in time", a -> a.refusals());
    }

    private void gauge(
            MeterRegistry registry, String name, String description, ToDoubleFunction<WorkspaceRegistry.Activity> f) {
        Gauge.builder(name, workspaces, served -> f.applyAsDouble(served.activity()))
                .description(description)
                .register(registry);
    }

    private void counter(
            MeterRegistry registry, String name, String description, ToDoubleFunction<WorkspaceRegistry.Activity> f) {
        FunctionCounter.builder(name, workspaces, served -> f.applyAsDouble(served.activity()))
                .description(description)
                .register(registry);
    }
}
