package io.tablequery.server.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class that drives a real Chromium: it runs when Debian's {@code chromium} and {@code chromium-driver}
 * are installed, is left out (and says why) when they are not, and fails when the browser is required
 * ({@code TQ_REQUIRE_BROWSER=1}, as {@code .ci/run} sets) but missing.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("browser")
@ExtendWith(BrowserCondition.class)
public @interface BrowserSuite {}
